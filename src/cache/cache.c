/* The compile caches (flyc/cache.h): the compile's side (get, check, put) and
 * maintenance (stats, list, clear) and the fork handlers. Everything fails soft except what the contract makes an error
 * (an unregistered processor name on a hit, an unnamed processor on a write). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "flyc/cache.h"
#include "internal.h"
#include "cache/cache.h"

/* A fork() by the host while another thread holds a cache lock must not
 * leave the child with a lock nobody will release. */
pthread_once_t flyc__cache_atfork_once = PTHREAD_ONCE_INIT;
static void atfork_prepare(void) { pthread_mutex_lock(&flyc__cache_mem_mu); }
static void atfork_parent(void) { pthread_mutex_unlock(&flyc__cache_mem_mu); }
/* The child's only thread is the one that took the locks: it releases them
 * (made anew, they would read as still held to a thread checker). */
static void atfork_child(void) { atfork_parent(); }
void flyc__cache_register_atfork(void) {
  pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
}

/* ---- the compile's side ---- */

int flyc__cache_get(flyc_cache_req_t *r, flyc_artifact_t **out) {
  if (!r->memory)
    return 0;
  if ((*out = flyc__cache_mem_get(r))) {
    flyc__cache_count(&flyc__cache_stats.memory_hits);
    return 1;
  }
  if (r->disk && !r->memory_only && !r->unnamed && flyc__cache_usable_dir(r->dir, 0)) {
    int rc = flyc__cache_disk_get(r, out);
    if (rc) {
      if (rc == 1) {
        flyc__cache_count(&flyc__cache_stats.disk_hits);
        flyc__cache_mem_put(r, *out);
      }
      return rc;
    }
  }
  flyc__cache_count(&flyc__cache_stats.misses);
  return 0;
}

int flyc__cache_check(flyc_cache_req_t *r, const flyc_processor_t *procs, size_t nprocs) {
  if (!r->memory || !r->unnamed || !r->disk || r->memory_only || !flyc__cache_usable_dir(r->dir, 1))
    return FLYC_OK; /* nothing would be written */
  for (size_t i = 0; i < nprocs; i++)
    if (!procs[i].name)
      return flyc__error_set(FLYC_ENOTSERIALIZABLE,
                             "post-load processor %zu has no registered name, so the disk "
                             "cache cannot write this artifact: register it "
                             "(flyc_processor_register) and name it in the link_extern, compile "
                             "with FLYC_COMPILE_MEMORY_ONLY (or FLYC_COMPILE_NO_CACHE), or set "
                             "FLYC_CACHE=0",
                             i);
  return FLYC_OK;
}

/* 1 when every library the compile linked is one the key hashed, byte for
 * byte: a library replaced between the key and the compile (or during it)
 * must not put its code under the other's key. */
static int inputs_match(const flyc_cache_req_t *r, const flyc_artifact_t *a, char *culprit,
                        size_t n) {
  for (const char *p = a->inputs ? a->inputs : ""; *p;) {
    size_t len = strcspn(p, "\n");
    int found = 0;
    for (const char *q = flyc__buf_str(&r->hashed); *q && !found;) {
      size_t ql = strcspn(q, "\n");
      found = ql == len && memcmp(p, q, len) == 0;
      q += ql + (q[ql] == '\n');
    }
    if (!found) {
      const char *tab = memchr(p, '\t', len);
      snprintf(culprit, n, "%.*s", tab ? (int)(len - (size_t)(tab + 1 - p)) : (int)len,
               tab ? tab + 1 : p);
      return 0;
    }
    p += len + (p[len] == '\n');
  }
  return 1;
}

int flyc__cache_put(flyc_cache_req_t *r, flyc_artifact_t *a) {
  if (!r->memory)
    return FLYC_OK;
  char culprit[4200];
  if (!inputs_match(r, a, culprit, sizeof culprit)) {
    flyc__cache_count(&flyc__cache_stats.errors);
    flyc__cache_note(a, "note: not cached: library '%s' changed while it was compiled", culprit);
    return FLYC_OK;
  }
  /* To disk first: its notes belong in the log before the artifact is
   * shared. */
  if (r->disk && !r->memory_only && !r->unnamed) {
    flyc__error_saved_t sv; /* the cache's own failures are counted, not raised */
    flyc__error_save(&sv);
    flyc__cache_disk_put(r, a);
    flyc__error_restore(&sv);
  }
  flyc__cache_mem_put(r, a);
  return FLYC_OK;
}

/* ---- maintenance ---- */

int flyc_cache_stats(flyc_cache_stats_t *out) {
  if (!out)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_stats: out is required");
  flyc_cache_stats_t s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  char dir[4096];
  s.max_bytes = flyc__cache_max_bytes();
  flyc__error_saved_t sv; /* what cannot be read is reported in s.disk */
  flyc__error_save(&sv);
  if (flyc_cache_dir(dir, sizeof dir) != FLYC_OK) {
    s.disk = FLYC_CACHE_DISK_UNUSABLE;
  } else {
    /* What the directory holds, even with the caches off. */
    struct stat st;
    int there = lstat(dir, &st) == 0, ok = there && flyc__cache_usable_dir(dir, 0);
    s.disk = !flyc__cache_enabled()   ? FLYC_CACHE_DISK_OFF
             : !there || ok     ? FLYC_CACHE_DISK_ON
                                : FLYC_CACHE_DISK_UNUSABLE;
    dent_t *v;
    long n = ok ? flyc__cache_scan(dir, &v, 0, 0) : -1;
    for (long i = 0; i < n; i++)
      s.bytes += v[i].bytes;
    s.entries = n > 0 ? (uint64_t)n : 0;
    if (n >= 0)
      flyc__cache_free_dents(v, n);
  }
  flyc__error_restore(&sv);
  pthread_mutex_lock(&flyc__cache_mem_mu);
  s.memory_entries = flyc__cache_nmem;
  pthread_mutex_unlock(&flyc__cache_mem_mu);
  /* Other threads count while this reads: atomically, as they add. */
#define LOAD(f) s.f = __atomic_load_n(&flyc__cache_stats.f, __ATOMIC_RELAXED)
  LOAD(memory_hits);
  LOAD(disk_hits);
  LOAD(misses);
  LOAD(writes);
  LOAD(evictions);
  LOAD(corrupt);
  LOAD(errors);
#undef LOAD
  size_t n = out->size && out->size < sizeof s ? out->size : sizeof s;
  memcpy(out, &s, n);
  out->size = (uint32_t)n;
  return FLYC_OK;
}

static void join_names(flyc_buf_t *b, const flyc_artifact_t *a, int procs) {
  size_t n = procs ? a->processor_count : a->kernel_count;
  for (size_t i = 0; i < n; i++) {
    const char *s = procs ? a->processors[i].name : a->kernels[i].name;
    flyc__buf_printf(b, "%s%s", i ? "," : "", s ? s : "");
  }
  flyc__buf_append(b, "", 0);
}

int flyc_cache_list(flyc_cache_entry_cb cb, void *payload) {
  if (!cb)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_list: a callback is required");
  char dir[4096];
  int rc = flyc_cache_dir(dir, sizeof dir);
  if (rc)
    return rc;
  struct stat st;
  if (lstat(dir, &st) != 0 && errno == ENOENT)
    return FLYC_OK; /* nothing cached yet */
  if (!flyc__cache_usable_dir(dir, 0))
    return flyc__error_set(FLYC_EIO, "cache directory '%s' is not ours or is writable by "
                                     "others; not used",
                           dir);
  dent_t *v;
  long n = flyc__cache_scan(dir, &v, 0, 0);
  if (n < 0)
    return flyc__error_set(FLYC_EIO, "cannot read cache directory '%s': %s", dir,
                           strerror(errno));
  rc = FLYC_OK;
  for (long i = n - 1; i >= 0 && rc == FLYC_OK; i--) { /* most recent first */
    unsigned char *d = NULL;
    size_t size = 0;
    const unsigned char *key, *pl;
    size_t klen, plen;
    flyc_artifact_t *a = NULL;
    flyc__error_saved_t sv; /* an entry that does not read is counted, not raised */
    flyc__error_save(&sv);
    int ok = flyc__cache_read_entry(v[i].path, &d, &size, 0) == 1 &&
             flyc__cache_parse_entry(d, size, &key, &klen, &pl, &plen) == 0 &&
             flyc__artifact_deserialize(pl, plen, &a) == FLYC_OK;
    flyc__error_restore(&sv);
    if (ok) {
      flyc_buf_t kn = {0}, pn = {0};
      join_names(&kn, a, 0);
      join_names(&pn, a, 1);
      flyc_cache_entry_t e = {v[i].path,          v[i].bytes,          v[i].mtime.tv_sec,
                              flyc_artifact_target(a), a->kernel_count, flyc__buf_str(&kn),
                              flyc__buf_str(&pn)};
      rc = cb(&e, payload);
      flyc__buf_free(&kn);
      flyc__buf_free(&pn);
    } else {
      flyc__cache_count(&flyc__cache_stats.corrupt);
    }
    flyc_artifact_destroy(a);
    free(d);
  }
  flyc__cache_free_dents(v, n);
  return rc;
}

int flyc_cache_clear(size_t *removed) {
  if (removed)
    *removed = 0;
  flyc__cache_mem_clear();
  flyc__libcache_forget();
  char dir[4096];
  flyc__error_saved_t sv; /* no directory: nothing on disk to clear */
  flyc__error_save(&sv);
  int have_dir = flyc_cache_dir(dir, sizeof dir) == FLYC_OK;
  flyc__error_restore(&sv);
  if (!have_dir)
    return FLYC_OK;
  struct stat st;
  if (lstat(dir, &st) != 0 && errno == ENOENT)
    return FLYC_OK;
  if (!flyc__cache_usable_dir(dir, 0))
    return flyc__error_set(FLYC_EIO, "cache directory '%s' is not ours or is writable by "
                                     "others; not touched",
                           dir);
  dent_t *v;
  long n = flyc__cache_scan(dir, &v, 1, 1); /* every entry of ours, trusted or not */
  if (n < 0)
    return flyc__error_set(FLYC_EIO, "cannot read cache directory '%s': %s", dir,
                           strerror(errno));
  size_t k = 0;
  for (long i = 0; i < n; i++)
    k += unlink(v[i].path) == 0 && flyc__cache_ends_with(v[i].path, ".flyc");
  flyc__cache_free_dents(v, n);
  /* The library cache's closures (cache/lib.c) in <dir>/lib, the CUDA
   * driver's cubins (runtime/cubin_cache.c) in <dir>/cubin. */
  static const char *const subs[] = {"lib", "cubin"};
  for (size_t s = 0; s < sizeof subs / sizeof *subs; s++) {
    char sub[4200];
    snprintf(sub, sizeof sub, "%s/%s", dir, subs[s]);
    if (flyc__cache_usable_dir(sub, 0) && (n = flyc__cache_scan(sub, &v, 1, 1)) >= 0) {
      for (long i = 0; i < n; i++)
        k += unlink(v[i].path) == 0 && flyc__cache_ends_with(v[i].path, ".flyc");
      flyc__cache_free_dents(v, n);
    }
  }
  if (removed)
    *removed = k;
  return FLYC_OK;
}

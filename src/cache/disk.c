/* The disk cache: the directory, entries (read, checked, written
 * atomically) and the size cap. */
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

/* ---- the directory ---- */

int flyc_cache_dir(char *buf, size_t size) {
  if (!buf || !size)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_dir: a buffer is required");
  const char *d = getenv("FLYC_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"),
             *h = getenv("HOME");
  int n;
  if (d && *d)
    n = snprintf(buf, size, "%s", d);
  else if (x && *x == '/')
    n = snprintf(buf, size, "%s/flyc", x);
  else if (h && *h)
    n = snprintf(buf, size, "%s/.cache/flyc", h);
  else
    return flyc__error_set(FLYC_ENOTFOUND, "no cache directory: FLYC_CACHE_DIR, "
                                           "XDG_CACHE_HOME and HOME are all unset");
  if (n < 0 || (size_t)n >= size)
    return flyc__error_set(FLYC_EINVAL, "flyc_cache_dir: the path needs %d bytes", n + 1);
  /* "dir/" and "dir/." would make lstat() follow a symbolic link. */
  for (size_t len = strlen(buf); len > 1;) {
    if (buf[len - 1] == '/')
      buf[--len] = '\0';
    else if (len > 2 && buf[len - 1] == '.' && buf[len - 2] == '/')
      buf[len -= 2] = '\0';
    else
      break;
  }
  return FLYC_OK;
}

/* FLYC_CACHE=0 (off, false, no) turns both caches off. */
int flyc__cache_enabled(void) {
  const char *e = getenv("FLYC_CACHE");
  return !(e && (strcmp(e, "0") == 0 || strcasecmp(e, "off") == 0 ||
                 strcasecmp(e, "false") == 0 || strcasecmp(e, "no") == 0));
}

/* 1 when `st` is ours and not writable by group or others. */
static int trusted(const struct stat *st) {
  return st->st_uid == geteuid() && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* Makes the directory (and missing parents, 0700) when `create`; 1 when it
 * is there and trusted. */
int flyc__cache_usable_dir(const char *dir, int create) {
  struct stat st;
  if (lstat(dir, &st) != 0) {
    if (!create || errno != ENOENT)
      return 0;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
      if (*p == '/') {
        *p = '\0';
        if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
          return 0;
        *p = '/';
      }
    if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
      return 0;
    if (lstat(dir, &st) != 0)
      return 0;
  }
  return S_ISDIR(st.st_mode) && trusted(&st);
}

uint64_t flyc__cache_max_bytes(void) {
  const char *e = getenv("FLYC_CACHE_MAX_BYTES");
  if (!e || !*e)
    return (uint64_t)1 << 30;
  if (*e < '0' || *e > '9')
    return (uint64_t)1 << 30; /* a sign, a space, a word: not a size */
  char *end;
  errno = 0;
  unsigned long long v = strtoull(e, &end, 10);
  uint64_t unit = 1;
  if (*end == 'k' || *end == 'K')
    unit = 1 << 10, end++;
  else if (*end == 'm' || *end == 'M')
    unit = 1 << 20, end++;
  else if (*end == 'g' || *end == 'G')
    unit = 1 << 30, end++;
  if (errno || *end || end == e || v > UINT64_MAX / unit)
    return (uint64_t)1 << 30; /* not a size: the default */
  return v * unit;
}


/* ---- on disk ---- */

static void put_u64(flyc_buf_t *b, uint64_t v) {
  unsigned char x[8];
  for (int i = 0; i < 8; i++)
    x[i] = (unsigned char)(v >> (8 * i));
  flyc__buf_append(b, (const char *)x, 8);
}

static uint64_t get_u64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Reads a whole entry if it is a trusted regular file; 1 read, 0 absent,
 * -1 there but not trusted, -2 unreadable. */
int flyc__cache_read_entry(const char *path, unsigned char **data, size_t *size, int bump) {
  /* Non-blocking: a FIFO planted here must not hang the compile. */
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return errno == ENOENT ? 0 : -2;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !trusted(&st)) {
    close(fd);
    return -1;
  }
  void *buf = NULL;
  size_t got = 0;
  /* A read error leaves no bytes: a torn entry, as a short read was. */
  if ((uint64_t)st.st_size > MAX_ENTRY ||
      (flyc__read_fd(fd, &buf, &got) != 0 && errno == ENOMEM)) {
    close(fd);
    return -2;
  }
  *data = buf;
  if (bump && got == (size_t)st.st_size)
    (void)futimens(fd, NULL); /* least recently used goes first */
  close(fd);
  *size = got;
  return 1;
}

/* The key and payload of an entry, or -1 when it is not a whole one. */
int flyc__cache_parse_entry(const unsigned char *d, size_t n, const unsigned char **key,
                       size_t *klen, const unsigned char **payload, size_t *plen) {
  if (n < 8 + 4 + 8 + 8 + 8 || memcmp(d, ENTRY_MAGIC, 8) != 0)
    return -1;
  uint32_t ver = (uint32_t)d[8] | (uint32_t)d[9] << 8 | (uint32_t)d[10] << 16 |
                 (uint32_t)d[11] << 24;
  if (ver != ENTRY_VERSION)
    return -1;
  if (XXH64(d, n - 8, 0) != get_u64(d + n - 8))
    return -1;
  size_t off = 12;
  uint64_t kl = get_u64(d + off);
  off += 8;
  if (kl > n - off - 16)
    return -1;
  *key = d + off;
  *klen = (size_t)kl;
  off += (size_t)kl;
  uint64_t pl = get_u64(d + off);
  off += 8;
  if (pl != n - off - 8)
    return -1;
  *payload = d + off;
  *plen = (size_t)pl;
  return 0;
}

static void remove_bad(const char *path) {
  if (unlink(path) == 0)
    flyc__cache_count(&flyc__cache_stats.corrupt);
}

/* An entry whose checksum holds can still be made by hand: its artifact
 * must look like what this key compiles to (code of the target's format,
 * the processors the key names, in order). */
static int plausible(const flyc_cache_req_t *r, const flyc_artifact_t *a) {
  const unsigned char *c = a->code;
  if (!c || !a->code_size || !a->kernel_count)
    return 0;
  if (a->format == FLYC_CODE_AMDGPU_ELF) {
    if (a->code_size < 4 || memcmp(c, "\x7f" "ELF", 4) != 0 || a->code_object_version < 4 ||
        a->code_object_version > 6)
      return 0;
  } else if (a->format != FLYC_CODE_PTX || !strstr((const char *)c, ".entry")) {
    return 0;
  }
  const char *k = flyc__buf_str(&r->key);
  /* The key's target (key.c's "target <len>:<id>" line) is the artifact's:
   * an entry of another target, whatever its checksum, is not this key's. */
  const char *t = strstr(k, "\ntarget "), *tc = t ? strchr(t + 8, ':') : NULL;
  size_t tl = t ? strtoul(t + 8, NULL, 10) : 0;
  if (!tc || !a->target || strlen(a->target) != tl || memcmp(a->target, tc + 1, tl) != 0)
    return 0;
  size_t i = 0;
  for (const char *p = strstr(k, "\nprocessor "); p; p = strstr(p + 1, "\nprocessor "), i++) {
    const char *v = p + 11, *colon = strchr(v, ':');
    if (i >= a->processor_count || !colon || !a->processors[i].name)
      return 0;
    size_t len = strtoul(v, NULL, 10);
    if (strlen(a->processors[i].name) != len || memcmp(colon + 1, a->processors[i].name, len))
      return 0;
  }
  return i == a->processor_count;
}

/* 1 hit, 0 miss, or a negative status. */
int flyc__cache_disk_get(const flyc_cache_req_t *r, flyc_artifact_t **out) {
  uint64_t start = flyc__now_us();
  unsigned char *d = NULL;
  size_t n = 0;
  int st = flyc__cache_read_entry(r->file, &d, &n, 1);
  if (st <= 0) {
    if (st == -2)
      flyc__cache_count(&flyc__cache_stats.errors);
    free(d);
    return 0; /* absent, or another user's: not ours to judge */
  }
  const unsigned char *key, *payload;
  size_t klen, plen;
  flyc_artifact_t *a = NULL;
  flyc__error_saved_t sv; /* an entry that does not read is a miss, not an error */
  flyc__error_save(&sv);
  int ok = flyc__cache_parse_entry(d, n, &key, &klen, &payload, &plen) == 0 &&
           klen == r->key.len && memcmp(key, r->key.data, klen) == 0 &&
           flyc__artifact_deserialize(payload, plen, &a) == FLYC_OK && plausible(r, a);
  flyc__error_restore(&sv);
  if (!ok) {
    /* Corrupt, truncated, or another key's bytes under this name. */
    flyc_artifact_destroy(a);
    free(d);
    remove_bad(r->file);
    return 0;
  }
  free(d);
  int rc = flyc__artifact_resolve_processors(a);
  if (rc) {
    flyc_artifact_destroy(a);
    return rc;
  }
  /* Where it came from, for the log; the compile's own times are not this
   * process's. */
  flyc_buf_t log = {0};
  flyc__buf_printf(&log, "%s%snote: from the disk cache (%s)", a->log ? a->log : "",
                   a->log && *a->log ? "\n" : "", r->file);
  if (!log.oom) {
    free(a->log);
    a->log = flyc__buf_take(&log);
  }
  flyc__buf_free(&log);
  memset(&a->times, 0, sizeof a->times);
  a->times.total_us = flyc__now_us() - start; /* the hit's own time */
  flyc__artifact_set_origin(a, FLYC_ARTIFACT_DISK_CACHE);
  *out = a;
  return 1;
}

static int by_mtime(const void *x, const void *y) {
  const dent_t *a = x, *b = y;
  if (a->mtime.tv_sec != b->mtime.tv_sec)
    return a->mtime.tv_sec < b->mtime.tv_sec ? -1 : 1;
  return a->mtime.tv_nsec < b->mtime.tv_nsec ? -1 : a->mtime.tv_nsec > b->mtime.tv_nsec;
}

int flyc__cache_ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The trusted entries (and, with `tmp`, stale temporary files older than an
 * hour) of `dir`, oldest first. -1 when the directory cannot be read. */
long flyc__cache_scan(const char *dir, dent_t **out, int tmp, int any_mode) {
  *out = NULL;
  DIR *dp = opendir(dir);
  if (!dp)
    return -1;
  size_t n = 0, cap = 0;
  dent_t *v = NULL;
  time_t now = time(NULL);
  for (struct dirent *e; (e = readdir(dp));) {
    int entry = flyc__cache_ends_with(e->d_name, ".flyc") && e->d_name[0] != '.';
    int stale = tmp && strncmp(e->d_name, ".tmp-", 5) == 0;
    if (!entry && !stale)
      continue;
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISDIR(st.st_mode) ||
        !(any_mode ? st.st_uid == geteuid() : S_ISREG(st.st_mode) && trusted(&st)))
      continue; /* clear (any_mode) also takes this user's FIFOs and links */
    if (stale && now - st.st_mtim.tv_sec < 3600)
      continue; /* a writer may still be at it */
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      dent_t *nv = realloc(v, cap * sizeof *nv);
      if (!nv)
        break;
      v = nv;
    }
    if (!(v[n].path = strdup(path)))
      break;
    v[n].bytes = (uint64_t)st.st_size;
    v[n].mtime = stale ? (struct timespec){0, 0} : st.st_mtim; /* stale ones go first */
    n++;
  }
  closedir(dp);
  if (n > 1)
    qsort(v, n, sizeof *v, by_mtime);
  *out = v;
  return (long)n;
}

void flyc__cache_free_dents(dent_t *v, long n) {
  for (long i = 0; i < n; i++)
    free(v[i].path);
  free(v);
}

/* Removes the least recently used entries while the directory holds more
 * than the cap; `keep` (just written) goes last. */
static void evict(const char *dir, const char *keep, uint64_t cap) {
  dent_t *v;
  long n = flyc__cache_scan(dir, &v, 1, 0);
  if (n < 0)
    return;
  uint64_t total = 0;
  for (long i = 0; i < n; i++)
    total += v[i].bytes;
  for (long i = 0; i < n && total > cap; i++) {
    if (strcmp(v[i].path, keep) == 0)
      continue;
    if (unlink(v[i].path) == 0) {
      total -= v[i].bytes;
      if (flyc__cache_ends_with(v[i].path, ".flyc"))
        flyc__cache_count(&flyc__cache_stats.evictions); /* stale temporary files are not entries */
    }
  }
  flyc__cache_free_dents(v, n);
}

/* Appends a note to the artifact's log (before anyone else sees it). */
void flyc__cache_note(flyc_artifact_t *a, const char *fmt, const char *arg) {
  flyc_buf_t log = {0};
  flyc__buf_printf(&log, "%s%s", a->log ? a->log : "", a->log && *a->log ? "\n" : "");
  flyc__buf_printf(&log, fmt, arg);
  if (!log.oom) {
    free(a->log);
    a->log = flyc__buf_take(&log);
  }
  flyc__buf_free(&log);
}

/* Writes entry `key` + `payload` as `file` in `dir` (made if missing),
 * atomically, then holds the directory to `cap` bytes. 0, or -1 with *why
 * the reason for a note. */
int flyc__cache_store(const char *dir, const char *file, const void *key, size_t klen,
                      const void *payload, size_t plen, uint64_t cap, const char **why) {
  *why = "writing an entry failed";
  flyc_buf_t b = {0};
  flyc__buf_append(&b, ENTRY_MAGIC, 8);
  unsigned char ver[4] = {ENTRY_VERSION & 0xff, 0, 0, 0};
  flyc__buf_append(&b, (const char *)ver, 4);
  put_u64(&b, klen);
  flyc__buf_append(&b, key, klen);
  put_u64(&b, plen);
  flyc__buf_append(&b, payload, plen);
  if (!b.oom)
    put_u64(&b, XXH64(b.data, b.len, 0));
  /* A file size limit would end the process with SIGXFSZ mid-write. */
  struct rlimit fl;
  if (!b.oom && getrlimit(RLIMIT_FSIZE, &fl) == 0 && fl.rlim_cur != RLIM_INFINITY &&
      (uint64_t)b.len > (uint64_t)fl.rlim_cur) {
    *why = "the entry is over the process's file size limit (RLIMIT_FSIZE)";
    flyc__buf_free(&b);
    return -1;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s/.tmp-%d-XXXXXX", dir, (int)getpid());
  int fd = b.oom ? -1 : mkstemp(tmp);
  int ok = fd >= 0 && flyc__write_all(fd, b.data, b.len) == 0 && fsync(fd) == 0;
  if (fd >= 0)
    ok = close(fd) == 0 && ok;
  /* Never over a file we do not trust (another user's, or one others may
   * write): it stays as it is, and this result is not stored. */
  struct stat old;
  if (ok && lstat(file, &old) == 0 && (!S_ISREG(old.st_mode) || !trusted(&old)))
    ok = 0;
  /* rename() replaces atomically: a racing writer of the same key leaves
   * its whole entry or ours, never a mix. */
  if (ok && rename(tmp, file) == 0) {
    flyc__buf_free(&b);
    evict(dir, file, cap);
    return 0;
  }
  if (fd >= 0)
    unlink(tmp);
  flyc__buf_free(&b);
  return -1;
}

void flyc__cache_disk_put(const flyc_cache_req_t *r, flyc_artifact_t *a) {
  if (!flyc__cache_usable_dir(r->dir, 1)) {
    flyc__cache_count(&flyc__cache_stats.errors);
    flyc__cache_note(a, "note: not cached on disk: the cache directory '%s' cannot be made, is not "
            "ours, or is writable by others",
         r->dir);
    return;
  }
  flyc_buf_t payload = {0};
  if (flyc__artifact_serialize(a, &payload) != FLYC_OK) {
    flyc__buf_free(&payload);
    flyc__cache_count(&flyc__cache_stats.errors);
    return;
  }
  const char *why;
  if (flyc__cache_store(r->dir, r->file, r->key.data, r->key.len, payload.data, payload.len,
                        flyc__cache_max_bytes(), &why) == 0) {
    flyc__cache_count(&flyc__cache_stats.writes);
  } else {
    flyc__cache_count(&flyc__cache_stats.errors);
    flyc__cache_note(a, "note: not cached on disk: %s", why);
  }
  flyc__buf_free(&payload);
}

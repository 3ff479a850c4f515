/* flyc's disk cache entries: the directory, entries read, checked and
 * written atomically, the size cap, and the caches' process counters. The
 * compile cache (src/cache/disk.c) and the library cache (src/cache/lib.c)
 * keep their entries through these; they live in the runtime's base (moved
 * from src/cache/disk.c and counters.c) so that the runtime, which has no
 * compiler, can keep entries by the same rules. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* Header-only: the runtime links no xxhash library. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "internal.h"

/* ---- the caches' process counters ---- */

struct flyc__cache_counters flyc__cache_stats;

void flyc__cache_count(uint64_t *c) { __atomic_add_fetch(c, 1, __ATOMIC_RELAXED); }

/* ---- the directory ---- */

int flyc__cache_dir(char *buf, size_t size) {
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

int flyc__env_off(const char *name) {
  const char *e = getenv(name);
  return e && (strcmp(e, "0") == 0 || strcasecmp(e, "off") == 0 ||
               strcasecmp(e, "false") == 0 || strcasecmp(e, "no") == 0);
}

/* FLYC_CACHE=0 (off, false, no) turns the caches off. */
int flyc__cache_enabled(void) { return !flyc__env_off("FLYC_CACHE"); }

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


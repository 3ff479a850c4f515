/* Library files by identity, read and hashed once per process (the link
 * library memo, moved from inputs.c, and the cache key's content hashes,
 * moved from cache/key.c). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xxhash.h>

#include "internal.h"

/* ---- bitcode bytes kept for the life of the process ----
 * Library files (ocml.bc is ~1 MB) are read once, not per compile; an entry is
 * reused only while the file's identity, size, mtime and ctime are the same
 * (ctime too: `cp -p` or `touch -r` put an old mtime back, never an old ctime). LLVM's
 * lazy reader points into these bytes, so they are never freed. An entry of
 * caller bitcode is replaced, once, by its checked form (isolate.c); the raw
 * bytes stay allocated because another thread may still be reading them. */
struct flyc__file {
  struct flyc__file *next;
  char *path;
  dev_t dev;
  ino_t ino;
  off_t file_size;
  struct timespec mtime, ctime;
  const void *data;
  size_t size;
  const void *raw; /* the file's bytes, once `data` holds the checked form */
  int checked;     /* data was checked through a child (isolate.c) */
  char digest[33]; /* XXH3-128 of the file's bytes, hex (what the cache key uses) */
};
typedef struct flyc__file file_entry_t;

static pthread_mutex_t files_mu = PTHREAD_MUTEX_INITIALIZER;
static file_entry_t *files;
static size_t files_bytes;
#define FILES_MAX_BYTES (256u << 20)

/* The memo's lock is a participant of flyc's fork (isolate.c): a child
 * inherits the memo, so no other thread may be changing it. */
static void fork_prepare(void) { pthread_mutex_lock(&files_mu); }
static void fork_release(void) { pthread_mutex_unlock(&files_mu); }
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_register(void) { flyc__atfork_add(fork_prepare, fork_release, fork_release); }

static void files_lock(void) {
  (void)pthread_once(&fork_once, fork_register);
  pthread_mutex_lock(&files_mu);
}

static int same_file(const file_entry_t *e, const struct stat *st) {
  return e->dev == st->st_dev && e->ino == st->st_ino && e->file_size == st->st_size &&
         e->mtime.tv_sec == st->st_mtim.tv_sec && e->mtime.tv_nsec == st->st_mtim.tv_nsec &&
         e->ctime.tv_sec == st->st_ctim.tv_sec && e->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

/* Reads all of `fd` (of `size` bytes by fstat) into a malloc'd buffer. */
static int read_fd(int fd, const char *path, size_t size, void **out) {
  char *buf = malloc(size + 1);
  if (!buf)
    return flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s'", path);
  size_t got = 0;
  while (got < size) {
    ssize_t n = read(fd, buf + got, size - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      free(buf);
      return flyc__error_set(FLYC_EIO, "cannot read link library '%s': %s", path,
                             n < 0 ? strerror(errno) : "it got shorter while read");
    }
    got += (size_t)n;
  }
  buf[size] = '\0';
  *out = buf;
  return FLYC_OK;
}

/* The bytes of `path`: cached ones that stay valid for the process (*owned =
 * 0, *entry set, *checked from the entry), or a fresh copy the caller frees
 * (*owned = 1) when the cache is full. The identity and the bytes come from
 * one open file, so a file replaced meanwhile is one or the other, never a
 * mix. `digest` gets the XXH3-128 of the file's bytes. */
int flyc__file_read(const char *path, const void **data, size_t *size, int *owned,
                        flyc__file_t **entry, int *checked, char digest[33]) {
  struct stat st;
  *entry = NULL;
  *checked = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return errno == ENOENT
               ? flyc__error_set(FLYC_ENOTFOUND, "link library '%s' not found", path)
               : flyc__error_set(FLYC_EIO, "cannot open link library '%s': %s", path,
                                 strerror(errno));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return flyc__error_set(FLYC_EIO, "link library '%s' is not a regular file", path);
  }
  files_lock();
  for (file_entry_t *e = files; e; e = e->next)
    if (same_file(e, &st) && strcmp(e->path, path) == 0) {
      *data = e->data;
      *size = e->size;
      *owned = 0;
      *entry = e;
      *checked = e->checked;
      memcpy(digest, e->digest, 33);
      pthread_mutex_unlock(&files_mu);
      close(fd);
      return FLYC_OK;
    }
  pthread_mutex_unlock(&files_mu);
  void *buf = NULL;
  size_t n = (size_t)st.st_size;
  int rc = read_fd(fd, path, n, &buf);
  close(fd);
  if (rc)
    return rc;
  XXH128_hash_t h = XXH3_128bits(buf, n);
  snprintf(digest, 33, "%016llx%016llx", (unsigned long long)h.high64,
           (unsigned long long)h.low64);
  files_lock();
  file_entry_t *e = NULL;
  if (files_bytes + n <= FILES_MAX_BYTES && (e = calloc(1, sizeof *e)) &&
      (e->path = strdup(path))) {
    e->dev = st.st_dev;
    e->ino = st.st_ino;
    e->file_size = st.st_size;
    e->mtime = st.st_mtim;
    e->ctime = st.st_ctim;
    e->data = buf;
    e->size = n;
    memcpy(e->digest, digest, 33);
    e->next = files;
    files = e;
    files_bytes += n;
    *owned = 0;
    *entry = e;
  } else {
    free(e);
    *owned = 1;
  }
  pthread_mutex_unlock(&files_mu);
  *data = buf;
  *size = n;
  return FLYC_OK;
}

/* Makes `clean` the memo entry's checked form; 0 when `entry` is NULL (not
 * in the memo) or was checked meanwhile: the caller keeps `clean`. */
int flyc__file_adopt_checked(flyc__file_t *entry, void *clean, size_t clean_size) {
  int adopted = 0;
  files_lock();
  if (entry && !entry->checked) {
    files_bytes += clean_size;
    entry->raw = entry->data;
    entry->data = clean;
    entry->size = clean_size;
    entry->checked = 1;
    adopted = 1;
  }
  pthread_mutex_unlock(&files_mu);
  return adopted;
}

static pthread_mutex_t memo_mu = PTHREAD_MUTEX_INITIALIZER;

/* ---- content hashes of files, remembered by identity ---- */

typedef struct file_hash {
  char *path;
  dev_t dev;
  ino_t ino;
  off_t size;
  struct timespec mtime, ctime;
  XXH128_hash_t h;
  int refused; /* bitcode flyc_check_producer refuses: nothing to look up */
} file_hash_t;

static file_hash_t *memo;
static size_t nmemo;

static int same_stat(const file_hash_t *m, const struct stat *st) {
  return m->dev == st->st_dev && m->ino == st->st_ino && m->size == st->st_size &&
         m->mtime.tv_sec == st->st_mtim.tv_sec && m->mtime.tv_nsec == st->st_mtim.tv_nsec &&
         m->ctime.tv_sec == st->st_ctim.tv_sec && m->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

/* The XXH3-128 of a file's content, as 32 hex digits; 0, -1 (unreadable) or
 * 1 (bitcode the compile refuses before reading it: newer than this LLVM). */
int flyc__file_hash(const char *path, char hex[33]) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return -1;
  pthread_mutex_lock(&memo_mu);
  for (size_t i = 0; i < nmemo; i++)
    if (strcmp(memo[i].path, path) == 0 && same_stat(&memo[i], &st)) {
      snprintf(hex, 33, "%016llx%016llx", (unsigned long long)memo[i].h.high64,
               (unsigned long long)memo[i].h.low64);
      int refused = memo[i].refused;
      pthread_mutex_unlock(&memo_mu);
      return refused;
    }
  pthread_mutex_unlock(&memo_mu);
  /* Mapped, not copied: device libraries are hundreds of KiB. */
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat fst;
  if (fd < 0 || fstat(fd, &fst) != 0 || !S_ISREG(fst.st_mode)) {
    if (fd >= 0)
      close(fd);
    return -1;
  }
  XXH128_hash_t h = XXH3_128bits("", 0);
  int refused = 0;
  if (fst.st_size > 0) {
    void *data = mmap(NULL, (size_t)fst.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) {
      close(fd);
      return -1;
    }
    h = XXH3_128bits(data, (size_t)fst.st_size);
    refused = flyc__is_bitcode(data, (size_t)fst.st_size) &&
              flyc__check_producer(data, (size_t)fst.st_size, "link library", path,
                                   FLYC_ELINK) != FLYC_OK;
    munmap(data, (size_t)fst.st_size);
  }
  close(fd);
  st = fst; /* what was hashed */
  snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.high64,
           (unsigned long long)h.low64);
  pthread_mutex_lock(&memo_mu);
  size_t i = 0;
  while (i < nmemo && strcmp(memo[i].path, path) != 0)
    i++;
  file_hash_t *m = i < nmemo ? memo : realloc(memo, (nmemo + 1) * sizeof *m);
  char *p = i < nmemo ? memo[i].path : strdup(path);
  if (m && p) {
    memo = m;
    if (i == nmemo)
      nmemo++;
    memo[i] =
        (file_hash_t){p, st.st_dev, st.st_ino, st.st_size, st.st_mtim, st.st_ctim, h, refused};
  } else if (i == nmemo) {
    free(p);
  }
  pthread_mutex_unlock(&memo_mu);
  return refused;
}

/* Library files by identity, read and hashed once per process (the link
 * library memo, moved from inputs.c, and the cache key's content hashes,
 * moved from cache/key.c). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "internal.h"

/* ---- bitcode bytes kept for the life of the process ----
 * Library files (ocml.bc is ~1 MB) are read once, not per compile; an entry is
 * reused only while the file's identity, size, mtime and ctime are the same
 * (ctime too: `cp -p` or `touch -r` put an old mtime back, never an old ctime). LLVM's
 * lazy reader points into these bytes, so they are never freed.
 * The cache key's hashes come from the same entries: a file only hashed has
 * no bytes (data NULL) until a compile reads it. */
struct flyc__file {
  struct flyc__file *next;
  char *path;
  dev_t dev;
  ino_t ino;
  off_t file_size;
  struct timespec mtime, ctime;
  const void *data;
  size_t size;
  char digest[33]; /* XXH3-128 of the file's bytes, hex (what the cache key uses) */
  int refused;     /* -1 not known yet; 1: bitcode refused unread (newer LLVM) */
  int bitcode;     /* the bytes begin as bitcode does (flyc__is_bitcode) */
};
typedef struct flyc__file file_entry_t;

static pthread_mutex_t files_mu = PTHREAD_MUTEX_INITIALIZER;
static int same_file(const file_entry_t *e, const struct stat *st);
static file_entry_t *files;
static size_t files_bytes;
#define FILES_MAX_BYTES (256u << 20)

/* A child inherits the memo, so no other thread may be changing it at a
 * fork, flyc's or the host's: the lock is only ever held for a list walk, so
 * a pthread_atfork handler (not isolate.c's participant list, whose locks a
 * host's fork should not wait on) takes it. */
static void fork_prepare(void) { pthread_mutex_lock(&files_mu); }
static void fork_release(void) { pthread_mutex_unlock(&files_mu); }
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_register(void) { pthread_atfork(fork_prepare, fork_release, fork_release); }

static void files_lock(void) {
  (void)pthread_once(&fork_once, fork_register);
  pthread_mutex_lock(&files_mu);
}

/* The entry of `path` as `st` describes it, or NULL; under files_mu. */
static file_entry_t *find(const char *path, const struct stat *st) {
  for (file_entry_t *e = files; e; e = e->next)
    if (same_file(e, st) && strcmp(e->path, path) == 0)
      return e;
  return NULL;
}

/* A new entry at the head of the list (NULL when out of memory); under
 * files_mu. */
static file_entry_t *add(const char *path, const struct stat *st, const char digest[33]) {
  file_entry_t *e = calloc(1, sizeof *e);
  if (!e || !(e->path = strdup(path))) {
    free(e);
    return NULL;
  }
  e->dev = st->st_dev;
  e->ino = st->st_ino;
  e->file_size = st->st_size;
  e->mtime = st->st_mtim;
  e->ctime = st->st_ctim;
  memcpy(e->digest, digest, 33);
  e->refused = -1;
  e->next = files;
  files = e;
  return e;
}

/* A file's identity vouches for its bytes only once it has settled: a
 * write updates mtime and ctime before its data lands, so bytes read within
 * the timestamps' reach of a change may be older than the identity says
 * (git's "racily clean"). Files changed in the last 2 seconds, or whose
 * identity changed while they were read (`fd` stat again), are used but not
 * memoized. */
static int settled(int fd, const struct stat *st) {
  struct stat again;
  struct timespec now;
  if (fstat(fd, &again) != 0 || again.st_size != st->st_size ||
      again.st_mtim.tv_sec != st->st_mtim.tv_sec || again.st_mtim.tv_nsec != st->st_mtim.tv_nsec ||
      again.st_ctim.tv_sec != st->st_ctim.tv_sec || again.st_ctim.tv_nsec != st->st_ctim.tv_nsec ||
      clock_gettime(CLOCK_REALTIME, &now) != 0)
    return 0;
  return now.tv_sec - st->st_mtim.tv_sec >= 2 && now.tv_sec - st->st_ctim.tv_sec >= 2;
}

static int same_file(const file_entry_t *e, const struct stat *st) {
  return e->dev == st->st_dev && e->ino == st->st_ino && e->file_size == st->st_size &&
         e->mtime.tv_sec == st->st_mtim.tv_sec && e->mtime.tv_nsec == st->st_mtim.tv_nsec &&
         e->ctime.tv_sec == st->st_ctim.tv_sec && e->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

/* Reads all of `fd` (of `size` bytes by fstat) into a malloc'd buffer. */
static int read_fd(int fd, const char *path, size_t size, void **out) {
  size_t got = 0;
  if (flyc__read_fd(fd, out, &got) != 0)
    return errno == ENOMEM ? flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s'", path)
                           : flyc__error_set(FLYC_EIO, "cannot read link library '%s': %s", path,
                                             strerror(errno));
  if (got != size) {
    free(*out);
    return flyc__error_set(FLYC_EIO, "cannot read link library '%s': it changed size while read",
                           path);
  }
  return FLYC_OK;
}

/* The bytes of `path`: cached ones that stay valid for the process (*owned =
 * 0), or a fresh copy the caller frees
 * (*owned = 1) when the cache is full. The identity and the bytes come from
 * one open file, so a file replaced meanwhile is one or the other, never a
 * mix. `digest` gets the XXH3-128 of the file's bytes. */
int flyc__file_read(const char *path, const void **data, size_t *size, int *owned,
                    char digest[33]) {
  struct stat st;
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
  if ((uint64_t)st.st_size > FLYC__MAX_FILE_BYTES) {
    close(fd);
    return flyc__error_set(FLYC_ELINK, "link library '%s' is %lld bytes; flyc reads at most "
                                       "1 GiB of one file",
                           path, (long long)st.st_size);
  }
  files_lock();
  file_entry_t *e = find(path, &st);
  if (e && e->data) {
    *data = e->data;
    *size = e->size;
    *owned = 0;
    memcpy(digest, e->digest, 33);
    pthread_mutex_unlock(&files_mu);
    close(fd);
    return FLYC_OK;
  }
  pthread_mutex_unlock(&files_mu);
  void *buf = NULL;
  size_t n = (size_t)st.st_size;
  int rc = read_fd(fd, path, n, &buf);
  int keep = rc == FLYC_OK && settled(fd, &st);
  close(fd);
  if (rc)
    return rc;
  XXH128_hash_t h = XXH3_128bits(buf, n);
  flyc__hash_hex(h.high64, h.low64, digest);
  files_lock();
  /* The entry a hash made (without bytes), or a new one. */
  if (keep && files_bytes + n <= FILES_MAX_BYTES &&
      ((e = find(path, &st)) || (e = add(path, &st, digest))) &&
      !e->data) {
    /* An entry a hash made for this identity, whose bytes hash otherwise
     * now: the file changed and its timestamps did not (a write through a
     * shared mapping into a page already dirty). The entry takes the hash
     * of the bytes it keeps, so no later compile gets them under the old
     * one (the caller that asked for the old one is told the file changed). */
    if (strcmp(e->digest, digest) != 0) {
      memcpy(e->digest, digest, 33);
      e->refused = -1;
    }
    e->data = buf;
    e->size = n;
    e->bitcode = flyc__is_bitcode(buf, n);
    files_bytes += n;
    *owned = 0;
  } else if (e && e->data) { /* another thread read it meanwhile */
    free(buf);
    buf = (void *)e->data;
    n = e->size;
    *owned = 0;
    memcpy(digest, e->digest, 33);
  } else {
    *owned = 1;
  }
  pthread_mutex_unlock(&files_mu);
  *data = buf;
  *size = n;
  return FLYC_OK;
}

/* 1 when `data` is bitcode the compile refuses unread (newer than this
 * LLVM); the refusal's error is not the caller's. */
static int refused_bitcode(const void *data, size_t size, const char *path) {
  if (!flyc__is_bitcode(data, size))
    return 0;
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  int r = flyc__check_producer(data, size, "link library", path, FLYC_ELINK) != FLYC_OK;
  flyc__error_restore(&sv);
  return r;
}

/* The XXH3-128 of `fd`'s `size` bytes, read in pieces, and whether they
 * begin as bitcode does; -1 when the read fails or the file is not `size`
 * bytes long any more. */
static int hash_fd(int fd, uint64_t size, XXH128_hash_t *h, int *bitcode) {
  enum { PIECE = 1 << 20 };
  XXH3_state_t *st = XXH3_createState();
  unsigned char *buf = malloc(PIECE);
  uint64_t got = 0;
  int rc = st && buf && XXH3_128bits_reset(st) == XXH_OK ? 0 : -1;
  *bitcode = 0;
  while (rc == 0) {
    ssize_t n = read(fd, buf, PIECE);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      rc = -1;
    if (n <= 0)
      break;
    if (got == 0)
      *bitcode = flyc__is_bitcode(buf, (size_t)n);
    got += (uint64_t)n;
    if (XXH3_128bits_update(st, buf, (size_t)n) != XXH_OK)
      rc = -1;
  }
  if (rc == 0 && got != size)
    rc = -1;
  if (rc == 0)
    *h = XXH3_128bits_digest(st);
  XXH3_freeState(st);
  free(buf);
  return rc;
}

int flyc__file_hash(const char *path, char hex[33]) {
  int bitcode;
  return flyc__file_identify(path, hex, &bitcode);
}

int flyc__file_identify(const char *path, char hex[33], int *bitcode) {
  struct stat st;
  *bitcode = 0;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return -1;
  files_lock();
  file_entry_t *e = find(path, &st);
  if (e) {
    memcpy(hex, e->digest, 33);
    /* Read by a compile first: its bytes tell. */
    if (e->refused < 0)
      e->refused = refused_bitcode(e->data, e->file_size, path);
    int refused = e->refused;
    *bitcode = e->bitcode;
    pthread_mutex_unlock(&files_mu);
    return refused;
  }
  pthread_mutex_unlock(&files_mu);
  /* Read in pieces, never mapped: a file truncated while mapped would
   * raise SIGBUS in the caller's process. Only the hash reads every byte;
   * the producer check reads a few blocks' headers. */
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat fst;
  /* Too big a file is left to flyc__file_read to refuse, unhashed. */
  if (fd < 0 || fstat(fd, &fst) != 0 || !S_ISREG(fst.st_mode) ||
      (uint64_t)fst.st_size > FLYC__MAX_FILE_BYTES) {
    if (fd >= 0)
      close(fd);
    return -1;
  }
  XXH128_hash_t h;
  int refused = 0;
  if (hash_fd(fd, (uint64_t)fst.st_size, &h, bitcode) != 0) {
    close(fd);
    return -1;
  }
  if (*bitcode) {
    flyc__error_saved_t sv;
    flyc__error_save(&sv);
    refused = flyc__check_producer_fd(fd, (uint64_t)fst.st_size, "link library", path,
                                      FLYC_ELINK) != FLYC_OK;
    flyc__error_restore(&sv);
  }
  int keep = settled(fd, &fst);
  close(fd);
  flyc__hash_hex(h.high64, h.low64, hex);
  files_lock();
  if (keep && !find(path, &fst) && (e = add(path, &fst, hex))) {
    e->refused = refused;
    e->bitcode = *bitcode;
  }
  pthread_mutex_unlock(&files_mu);
  return refused;
}

int flyc__file_read_as(const char *path, const char *digest, const void **data, size_t *size,
                       int *owned) {
  char got[33];
  int rc = flyc__file_read(path, data, size, owned, got);
  if (rc == FLYC_OK && strcmp(got, digest) != 0) {
    if (*owned)
      free((void *)*data);
    *data = NULL;
    rc = flyc__file_changed(path);
  }
  return rc;
}

int flyc__file_changed(const char *path) {
  return flyc__error_set(FLYC_EIO, "link library '%s' changed while it was being compiled (its "
                                   "content hash is not the one the compile began with)",
                         path);
}

void flyc__hash_hex(uint64_t hi, uint64_t lo, char hex[33]) {
  snprintf(hex, 33, "%016llx%016llx", (unsigned long long)hi, (unsigned long long)lo);
}

/* Reading and writing whole files and descriptors: the one copy of each loop
 * (EINTR and short transfers handled once). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

int flyc__read_fd(int fd, void **data, size_t *size) {
  /* A regular file's size, plus room for the NUL and the read that sees
   * the end: one allocation and two reads when the size holds. */
  struct stat st;
  size_t cap = 4096;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      (uint64_t)st.st_size < SIZE_MAX / 4)
    cap = (size_t)st.st_size + 2;
  char *buf = malloc(cap);
  if (!buf)
    return -1;
  size_t len = 0;
  for (;;) {
    if (cap - len < 2) {
      char *nb = cap < SIZE_MAX / 4 ? realloc(buf, cap * 2) : NULL;
      if (!nb) {
        free(buf);
        errno = cap < SIZE_MAX / 4 ? ENOMEM : EFBIG;
        return -1;
      }
      buf = nb;
      cap *= 2;
    }
    ssize_t n = read(fd, buf + len, cap - len - 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int e = errno;
      free(buf);
      errno = e;
      return -1;
    }
    if (n == 0)
      break;
    len += (size_t)n;
  }
  buf[len] = '\0';
  *data = buf;
  *size = len;
  return 0;
}

int flyc__write_all(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return -1;
    if (n == 0) { /* no progress: would loop for ever */
      errno = EIO;
      return -1;
    }
    p += n;
    size -= (size_t)n;
  }
  return 0;
}


int flyc__read_file(const char *path, void **data, size_t *size) {
  /* O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
   * below as not a regular file. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return flyc__error_set(errno == ENOENT ? FLYC_ENOTFOUND : FLYC_EIO,
                           "cannot open '%s': %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return flyc__error_set(FLYC_EIO, "'%s' is not a regular file", path);
  }
  if ((size_t)st.st_size > FLYC__MAX_FILE_BYTES) {
    close(fd);
    return flyc__error_set(FLYC_EINVAL, "'%s' is %lld bytes; flyc reads at most 1 GiB", path,
                           (long long)st.st_size);
  }
  size_t want = (size_t)st.st_size, got = 0;
  void *buf = NULL;
  int rc = flyc__read_fd(fd, &buf, &got);
  int e = errno;
  close(fd);
  if (rc != 0)
    return e == ENOMEM ? flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s' (%zu bytes)",
                                         path, want)
                       : flyc__error_set(FLYC_EIO, "cannot read '%s': %s", path, strerror(e));
  if (got < want || got > FLYC__MAX_FILE_BYTES) { /* it changed while read */
    free(buf);
    return got < want ? flyc__error_set(FLYC_EIO, "short read of '%s' (%zu of %zu bytes)",
                                        path, got, want)
                      : flyc__error_set(FLYC_EINVAL, "'%s' grew past 1 GiB while read", path);
  }
  *data = buf;
  *size = got;
  return FLYC_OK;
}

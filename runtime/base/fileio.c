/* Reading and writing whole files and descriptors. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define MAX_FILE_SIZE ((size_t)1 << 30)

int flyc__read_file(const char *path, void **out, size_t *size) {
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
  if ((size_t)st.st_size > MAX_FILE_SIZE) {
    close(fd);
    return flyc__error_set(FLYC_EINVAL, "'%s' is %lld bytes; flyc reads at most 1 GiB", path,
                           (long long)st.st_size);
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    return flyc__error_set(FLYC_ENOMEM, "out of memory opening '%s'", path);
  }
  size_t n = (size_t)st.st_size;
  char *data = malloc(n + 1);
  if (!data) {
    fclose(f);
    return flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s' (%zu bytes)",
                           path, n);
  }
  size_t got = n ? fread(data, 1, n, f) : 0;
  int err = ferror(f);
  fclose(f);
  if (got != n || err) {
    free(data);
    return flyc__error_set(FLYC_EIO, "short read of '%s' (%zu of %zu bytes)", path,
                           got, n);
  }
  data[n] = '\0';
  *out = data;
  *size = n;
  return FLYC_OK;
}

/* Dumps (flyc/compile.h: ::flyc_compile_options_t.dump_dir, FLYC_DUMP_DIR):
 * one file per stage of a compile, named after its cache key, written
 * whole or not at all (a temporary file renamed). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

const char *flyc__dump_dir(const flyc_compile_options_t *o) {
  const char *d = o->dump_dir;
  if (!d)
    d = getenv("FLYC_DUMP_DIR");
  return d && *d ? d : NULL;
}

/* `dir` and its missing parents; errno set on failure. */
static int make_dirs(const char *dir) {
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s", dir) >= (int)sizeof tmp) {
    errno = ENAMETOOLONG;
    return -1;
  }
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
        return -1;
      *p = '/';
    }
  if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
    return -1;
  struct stat st;
  if (stat(tmp, &st) != 0)
    return -1;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return -1;
  }
  return 0;
}

int flyc__dump_write(const char *dir, const char *key, const char *suffix, const void *data,
                     size_t size) {
  char path[4400], tmp[4500];
  if (snprintf(path, sizeof path, "%s/%s.%s", dir, key, suffix) >= (int)sizeof path)
    return flyc__error_set(FLYC_EIO, "cannot write the dump '%s/%s.%s': %s", dir, key, suffix,
                           strerror(ENAMETOOLONG));
  snprintf(tmp, sizeof tmp, "%s/.%s.%s.%ld.tmp", dir, key, suffix, (long)getpid());
  if (make_dirs(dir) != 0)
    return flyc__error_set(FLYC_EIO, "cannot write the dump '%s': the directory '%s': %s",
                           path, dir, strerror(errno));
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    return flyc__error_set(FLYC_EIO, "cannot write the dump '%s': %s", path, strerror(errno));
  int ok = flyc__write_all(fd, data, size) == 0;
  int err = errno;
  if (close(fd) != 0 && ok) {
    ok = 0;
    err = errno;
  }
  if (ok && rename(tmp, path) != 0) {
    ok = 0;
    err = errno;
  }
  if (!ok) {
    unlink(tmp);
    return flyc__error_set(FLYC_EIO, "cannot write the dump '%s': %s", path, strerror(err));
  }
  return FLYC_OK;
}

int flyc__dump_module(const char *dir, const char *key, const char *suffix, LLVMModuleRef m) {
  char *text = LLVMPrintModuleToString(m);
  if (!text)
    return flyc__error_set(FLYC_ENOMEM, "out of memory printing the module for a dump");
  int rc = flyc__dump_write(dir, key, suffix, text, strlen(text));
  LLVMDisposeMessage(text);
  return rc;
}

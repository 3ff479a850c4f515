/* The `lld` codegen path: `ld.lld -shared --no-undefined` as a subprocess,
 * with its output captured (the library never lets a child print). */

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm/Config/llvm-config.h>

#include "internal.h"

extern char **environ;

static char *executable(const char *path) {
  struct stat st;
  if (path && *path && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
      access(path, X_OK) == 0)
    return strdup(path);
  return NULL;
}

static char *on_path(const char *name) {
  const char *p = getenv("PATH");
  if (!p)
    p = "/usr/local/bin:/usr/bin:/bin";
  while (*p) {
    size_t n = strcspn(p, ":");
    char buf[4096];
    if (n && n + strlen(name) + 2 < sizeof buf) {
      snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, name);
      char *r = executable(buf);
      if (r)
        return r;
    }
    p += n + (p[n] == ':');
  }
  return NULL;
}

/* FLYC_LLD, then the ld.lld of flyc's own LLVM major, then any ld.lld. */
char *flyc__lld_find(void) {
  char *r = executable(getenv("FLYC_LLD"));
  if (r)
    return r;
  char buf[128];
  snprintf(buf, sizeof buf, "ld.lld-%d", LLVM_VERSION_MAJOR);
  if ((r = on_path(buf)))
    return r;
  snprintf(buf, sizeof buf, "/usr/lib/llvm-%d/bin/ld.lld", LLVM_VERSION_MAJOR);
  if ((r = executable(buf)))
    return r;
  if ((r = on_path("ld.lld")))
    return r;
  return executable("/opt/rocm/llvm/bin/ld.lld");
}

static int write_all(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size) {
    ssize_t n = write(fd, p, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    p += n;
    size -= (size_t)n;
  }
  return 0;
}

int flyc__lld_link(const flyc_target_t *t, const void *obj, size_t obj_size, void **exe,
                   size_t *exe_size) {
  char *lld = flyc__lld_find();
  if (!lld)
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "no ld.lld found for %s (set FLYC_LLD to its path)", t->id);
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp)
    tmp = "/tmp";
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/flyc-lld-XXXXXX", tmp);
  if (!mkdtemp(dir)) {
    int rc = flyc__error_set(FLYC_EIO, "cannot make a temporary directory in %s: %s",
                             tmp, strerror(errno));
    free(lld);
    return rc;
  }
  char in[4200], out[4200], log[4200];
  snprintf(in, sizeof in, "%s/in.o", dir);
  snprintf(out, sizeof out, "%s/out.hsaco", dir);
  snprintf(log, sizeof log, "%s/lld.log", dir);
  int rc = FLYC_OK;
  int fd = open(in, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0 || write_all(fd, obj, obj_size) != 0) {
    rc = flyc__error_set(FLYC_EIO, "cannot write %s: %s", in, strerror(errno));
    if (fd >= 0)
      close(fd);
    goto cleanup;
  }
  close(fd);
  int logfd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (logfd < 0) {
    rc = flyc__error_set(FLYC_EIO, "cannot create %s: %s", log, strerror(errno));
    goto cleanup;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, logfd, 1);
  posix_spawn_file_actions_adddup2(&fa, logfd, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  char *argv[] = {lld, "-shared", "--no-undefined", "-o", out, in, NULL};
  pid_t pid;
  int err = posix_spawn(&pid, lld, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(logfd);
  if (err) {
    rc = flyc__error_set(FLYC_EUNSUPPORTED, "cannot run %s: %s", lld, strerror(err));
    goto cleanup;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    void *text = NULL;
    size_t n = 0;
    (void)flyc__read_file(log, &text, &n);
    rc = flyc__error_set(FLYC_ECOMPILE, "%s -shared --no-undefined failed for %s (%s %d): %s",
                         lld, t->id, WIFEXITED(status) ? "exit" : "signal",
                         WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                         text && n ? (char *)text : "(no output)");
    free(text);
    goto cleanup;
  }
  rc = flyc__read_file(out, exe, exe_size);
cleanup:
  unlink(in);
  unlink(out);
  unlink(log);
  rmdir(dir);
  free(lld);
  return rc;
}

/* The `lld` codegen path: `ld.lld -shared --no-undefined` as a subprocess,
 * with its output captured (the library never lets a child print). */

#include <errno.h>
#include <signal.h>
#include <time.h>
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

#define LLD_TIMEOUT_S 120

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

/* FLYC_LLD, then the ld.lld of flyc's own LLVM major, then any ld.lld. A
 * FLYC_LLD that names no executable finds nothing: the caller says so. */
char *flyc__lld_find(void) {
  const char *env = getenv("FLYC_LLD");
  if (env && *env)
    return executable(env);
  char *r;
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
  const char *env = getenv("FLYC_LLD");
  if (!lld && env && *env)
    return flyc__error_set(FLYC_EUNSUPPORTED, "FLYC_LLD='%s' is not an executable file", env);
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
  /* Wait at most LLD_TIMEOUT_S; a linker that hangs is killed. */
  int status = 0, timed_out = 0;
  uint64_t deadline = flyc__now_us() + (uint64_t)LLD_TIMEOUT_S * 1000000u;
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR) {
      status = 0; /* ECHILD: reaped by the host; the output file tells */
      break;
    }
    if (flyc__now_us() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      timed_out = 1;
      break;
    }
    struct timespec ts = {0, 200000}; /* 0.2 ms */
    nanosleep(&ts, NULL);
  }
  if (timed_out || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    char text[4096] = "";
    int lf = open(log, O_RDONLY | O_CLOEXEC);
    if (lf >= 0) { /* the first 4 KiB of what it said */
      ssize_t n = read(lf, text, sizeof text - 1);
      text[n > 0 ? n : 0] = '\0';
      close(lf);
    }
    if (timed_out)
      rc = flyc__error_set(FLYC_ECOMPILE, "%s did not finish linking for %s within %d s: %s",
                           lld, t->id, LLD_TIMEOUT_S, text[0] ? text : "(no output)");
    else
      rc = flyc__error_set(FLYC_ECOMPILE,
                           "%s -shared --no-undefined failed for %s (%s %d): %s", lld, t->id,
                           WIFEXITED(status) ? "exit" : "signal",
                           WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                           text[0] ? text : "(no output)");
    goto cleanup;
  }
  if (access(out, F_OK) != 0) {
    rc = flyc__error_set(FLYC_ECOMPILE, "%s exited 0 for %s but wrote no output file", lld,
                         t->id);
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

/* The `lld` codegen path: `ld.lld -shared --no-undefined` as a subprocess,
 * with its output captured (the library never lets a child print); and the
 * `lld-lib` path: the same link by liblld's ELF driver in this process
 * (cxx.cpp), where the build has liblld. */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create */
#endif
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


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
  snprintf(buf, sizeof buf, "ld.lld-%d", flyc__llvm_major());
  if ((r = on_path(buf)))
    return r;
  snprintf(buf, sizeof buf, "/usr/lib/llvm-%d/bin/ld.lld", flyc__llvm_major());
  if ((r = executable(buf)))
    return r;
  if ((r = on_path("ld.lld")))
    return r;
  return executable("/opt/rocm/llvm/bin/ld.lld");
}

/* Waits for `pid` at most LLD_TIMEOUT_S; a linker that hangs is killed.
 * 1 when it was. */
static int wait_bounded(pid_t pid, int *status) {
  int timed_out = 0;
  uint64_t deadline = flyc__now_us() + (uint64_t)LLD_TIMEOUT_S * 1000000u;
  for (;;) {
    pid_t w = waitpid(pid, status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR) {
      *status = 0; /* ECHILD: reaped by the host; the output file tells */
      break;
    }
    if (flyc__now_us() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, status, 0);
      timed_out = 1;
      break;
    }
    struct timespec ts = {0, 200000}; /* 0.2 ms */
    nanosleep(&ts, NULL);
  }
  return timed_out;
}

/* Runs `lld -shared --no-undefined -o out in`, its output going to file
 * `log`: FLYC_OK when it exits 0, else why not, with the start of the log. */
static int run_lld(char *lld, char *in, char *out, const char *log, const char *id) {
  int rc = FLYC_OK;
  int logfd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (logfd < 0)
    return flyc__error_set(FLYC_EIO, "cannot create %s: %s", log, strerror(errno));
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
  if (err)
    return flyc__error_set(FLYC_EUNSUPPORTED, "cannot run %s: %s", lld, strerror(err));
  int status = 0, timed_out = wait_bounded(pid, &status);
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
                           lld, id, LLD_TIMEOUT_S, text[0] ? text : "(no output)");
    else
      rc = flyc__error_set(FLYC_ECOMPILE,
                           "%s -shared --no-undefined failed for %s (%s %d): %s", lld, id,
                           WIFEXITED(status) ? "exit" : "signal",
                           WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                           text[0] ? text : "(no output)");
  }
  return rc;
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
  if (fd < 0 || flyc__write_all(fd, obj, obj_size) != 0) {
    rc = flyc__error_set(FLYC_EIO, "cannot write %s: %s", in, strerror(errno));
    if (fd >= 0)
      close(fd);
    goto cleanup;
  }
  close(fd);
  rc = run_lld(lld, in, out, log, t->id);
  if (rc)
    goto cleanup;
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

/* ---- lld-lib: liblld's ELF driver in this process ---- */

#ifdef FLYC_HAVE_LLD_LIB
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/eventfd.h>

#include "cxx.h"

int flyc__lld_lib_available(void) { return 1; }

/* The input and the output as paths lld can open. The input: a memfd seen
 * through /proc/self/fd (else a file in a private temporary directory). The
 * output: always a pipe (/proc/self/fd/N of its write end, else a FIFO in the
 * private directory) that a thread drains into memory. lld's FileOutputBuffer
 * keeps the output of a path that is not a regular file in memory and writes
 * it there on commit: a regular file would go through TempFile, whose
 * RemoveFileOnSignal installs LLVM's signal handlers and an alternate signal
 * stack in the host, and nothing touches a disk (a full one would make lld's
 * fatal() end the process). */
typedef struct lld_files {
  int in_fd, rd, wr, wake; /* wake: an eventfd that ends the drain's poll */
  char dir[4096], in[4200], out[4200];
  /* the drain */
  pthread_t th;
  int th_started;
  atomic_int done;
  char *buf;
  size_t len, cap;
  int oom, err;
} lld_files_t;

static void drain_now(lld_files_t *f) {
  for (;;) {
    if (f->cap - f->len < 65536) {
      size_t ncap = f->cap ? f->cap * 2 : 1 << 20;
      char *nb = realloc(f->buf, ncap);
      if (!nb) {
        f->oom = 1;
        char sink[4096];
        while (read(f->rd, sink, sizeof sink) > 0)
          ;
        return;
      }
      f->buf = nb;
      f->cap = ncap;
    }
    ssize_t n = read(f->rd, f->buf + f->len, f->cap - f->len);
    if (n > 0) {
      f->len += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno != EAGAIN)
      f->err = errno;
    return;
  }
}

static void *drain(void *arg) {
  lld_files_t *f = arg;
  for (;;) {
    /* All of lld's writes are done once `done` is set: a drain after seeing
     * it reads the rest. */
    int finished = atomic_load(&f->done);
    drain_now(f);
    if (finished || f->err)
      return NULL;
    struct pollfd p[2] = {{.fd = f->rd, .events = POLLIN},
                          {.fd = f->wake, .events = POLLIN}};
    (void)poll(p, f->wake >= 0 ? 2 : 1, 20);
  }
}

static int proc_fd_path(char *buf, size_t n, int fd, int mode) {
  snprintf(buf, n, "/proc/self/fd/%d", fd);
  return access(buf, mode) == 0;
}

static int files_open(lld_files_t *f, const char *id, const void *obj, size_t size) {
  memset(f, 0, sizeof *f);
  f->in_fd = f->rd = f->wr = -1;
  f->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); /* without it, polls time out */
  atomic_init(&f->done, 0);
  int p[2];
  if (pipe2(p, O_CLOEXEC) != 0)
    return flyc__error_set(FLYC_EIO, "cannot make a pipe for lld's output: %s",
                           strerror(errno));
  f->rd = p[0];
  f->wr = p[1];
  f->in_fd = memfd_create("flyc-lld-in.o", MFD_CLOEXEC);
  if (f->in_fd >= 0 && proc_fd_path(f->in, sizeof f->in, f->in_fd, R_OK) &&
      proc_fd_path(f->out, sizeof f->out, f->wr, W_OK)) {
    if (flyc__write_all(f->in_fd, obj, size) != 0)
      return flyc__error_set(FLYC_EIO, "cannot write the object for %s to a memfd: %s",
                             id, strerror(errno));
  } else {
    /* No memfd or no /proc: a private directory with the input and a FIFO. */
    if (f->in_fd >= 0)
      close(f->in_fd);
    f->in_fd = -1;
    close(f->rd);
    close(f->wr);
    f->rd = f->wr = -1;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
      tmp = "/tmp";
    snprintf(f->dir, sizeof f->dir, "%s/flyc-lld-XXXXXX", tmp);
    if (!mkdtemp(f->dir)) {
      int rc = flyc__error_set(FLYC_EIO, "cannot make a temporary directory in %s: %s",
                               tmp, strerror(errno));
      f->dir[0] = '\0';
      return rc;
    }
    snprintf(f->in, sizeof f->in, "%s/in.o", f->dir);
    snprintf(f->out, sizeof f->out, "%s/out.hsaco", f->dir);
    int fd = open(f->in, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 || flyc__write_all(fd, obj, size) != 0) {
      int rc = flyc__error_set(FLYC_EIO, "cannot write %s: %s", f->in, strerror(errno));
      if (fd >= 0)
        close(fd);
      return rc;
    }
    close(fd);
    if (mkfifo(f->out, 0600) != 0 ||
        (f->rd = open(f->out, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0 ||
        (f->wr = open(f->out, O_WRONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
      return flyc__error_set(FLYC_EIO, "cannot make the FIFO %s for lld's output: %s",
                             f->out, strerror(errno));
  }
  int fl = fcntl(f->rd, F_GETFL);
  if (fl < 0 || fcntl(f->rd, F_SETFL, fl | O_NONBLOCK) != 0)
    return flyc__error_set(FLYC_EIO, "cannot set up the pipe for lld's output: %s",
                           strerror(errno));
  int e = pthread_create(&f->th, NULL, drain, f);
  if (e)
    return flyc__error_set(FLYC_EIO, "cannot start the thread that reads lld's output: %s",
                           strerror(e));
  f->th_started = 1;
  return FLYC_OK;
}

/* Stops the drain (after lld returned) and hands over what lld wrote. */
static int files_finish(lld_files_t *f, void **exe, size_t *exe_size) {
  if (!f->th_started)
    return FLYC_OK;
  atomic_store(&f->done, 1);
  if (f->wake >= 0) {
    uint64_t one = 1;
    (void)!write(f->wake, &one, sizeof one);
  }
  pthread_join(f->th, NULL);
  f->th_started = 0;
  if (!exe)
    return FLYC_OK;
  if (f->oom)
    return flyc__error_set(FLYC_ENOMEM, "out of memory reading lld's output");
  if (f->err)
    return flyc__error_set(FLYC_EIO, "cannot read lld's output: %s", strerror(f->err));
  if (!f->len)
    return 1;
  *exe = f->buf;
  *exe_size = f->len;
  f->buf = NULL;
  return FLYC_OK;
}

static void files_close(lld_files_t *f) {
  files_finish(f, NULL, NULL);
  free(f->buf);
  if (f->in_fd >= 0)
    close(f->in_fd);
  if (f->rd >= 0)
    close(f->rd);
  if (f->wr >= 0)
    close(f->wr);
  if (f->wake >= 0)
    close(f->wake);
  if (f->dir[0]) {
    unlink(f->in);
    unlink(f->out);
    rmdir(f->dir);
  }
}

/* lld's diagnostics with the input's file name (a /proc/self/fd path) as
 * "flyc.o", at most 4 KiB. */
static void tidy_diag(char *d, const char *in, char *text, size_t size) {
  size_t k = 0, inl = strlen(in);
  for (const char *p = d ? d : ""; *p && k + 8 < size;) {
    if (strncmp(p, in, inl) == 0) {
      memcpy(text + k, "flyc.o", 6);
      k += 6;
      p += inl;
    } else {
      text[k++] = *p++;
    }
  }
  while (k && (text[k - 1] == '\n' || text[k - 1] == ' '))
    k--;
  text[k] = '\0';
}

/* Set once lld says it cannot run again in this process. */
static int lld_lib_broken;

int flyc__lld_lib_link(const flyc_target_t *t, const void *obj, size_t obj_size,
                       void **exe, size_t *exe_size) {
  *exe = NULL;
  lld_files_t f;
  /* lld keeps its context in a process global and resets LLVM's command-line
   * options (cl::ResetAllOptionOccurrences): one link at a time, excluding
   * comgr and COV changes; cov_exclusive_end sets flyc's fixed options again. */
  flyc__global_lock();
  flyc__cov_exclusive_begin();
  int rc = FLYC_OK;
  if (lld_lib_broken) {
    rc = flyc__error_set(FLYC_EUNSUPPORTED,
                         "codegen path 'lld-lib' is off in this process: an earlier "
                         "in-process lld link said lld cannot run again");
    goto out;
  }
  if ((rc = files_open(&f, t->id, obj, obj_size)) == FLYC_OK) {
    /* As the subprocess path: -shared --no-undefined. The output being a
     * pipe is what keeps lld's FileOutputBuffer in memory (its writability
     * probe, tryCreateFile, passes no flags); --no-mmap-output-file says
     * the same for the real output. --threads=1 keeps lld from starting its
     * thread pool (and a detached unlink thread) in the host. */
    const char *argv[] = {"ld.lld",     "-shared",     "--no-undefined",
                          "--no-mmap-output-file", "--threads=1", "-o",
                          f.out,        f.in};
    char *diag = NULL;
    int r = flyc__lld_inproc_run((int)(sizeof argv / sizeof argv[0]), argv, &diag);
    char text[4096];
    tidy_diag(diag, f.in, text, sizeof text);
    free(diag);
    if (r == 2)
      lld_lib_broken = 1;
    if (r != 0) {
      rc = flyc__error_set(FLYC_ECOMPILE,
                           "in-process lld (lld-lib, LLVM %s) -shared --no-undefined failed "
                           "for %s%s: %s",
                           flyc_llvm_version(), t->id,
                           r == 2 ? " and cannot run again in this process" : "",
                           text[0] ? text : "(no output)");
    }
    int fr = files_finish(&f, r == 0 ? exe : NULL, exe_size);
    if (r == 0 && fr == 1) {
      rc = flyc__error_set(FLYC_ECOMPILE,
                           "in-process lld (lld-lib) reported success for %s but wrote no "
                           "output",
                           t->id);
    } else if (r == 0) {
      rc = fr;
    }
  }
  files_close(&f);
out:
  flyc__cov_exclusive_end();
  flyc__global_unlock();
  return rc;
}

#else /* !FLYC_HAVE_LLD_LIB */

int flyc__lld_lib_available(void) { return 0; }

int flyc__lld_lib_link(const flyc_target_t *t, const void *obj, size_t obj_size,
                       void **exe, size_t *exe_size) {
  (void)obj, (void)obj_size, (void)exe, (void)exe_size;
  return flyc__error_set(FLYC_EUNSUPPORTED,
                         "codegen path 'lld-lib' is not in this build (flyc was built "
                         "without liblld; target %s)",
                         t->id);
}
#endif

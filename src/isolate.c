/* Child processes that keep LLVM's crashes out of the caller's process.
 *
 * 1. Caller bitcode. LLVM's bitcode reader is not hardened against corrupt
 *    files: some make it abort ("LLVM ERROR: out of memory"), read out of
 *    bounds, or build malformed constants that crash the linker later; and
 *    those reads are not deterministic, so parsing once in a child as a check
 *    is not enough. A forked child parses and verifies the bytes and prints
 *    the module as text; flyc then parses that text with LLVM's IR parser,
 *    which checks what the bitcode reader does not (constant shapes, types).
 * 2. The isolated compile (FLYC_COMPILE_ISOLATED): the whole pipeline runs in
 *    a forked child and the artifact comes back serialized; a crash or fatal
 *    error of LLVM becomes an error carrying LLVM's last words. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <xxhash.h>

#include "internal.h"

static void write_all(int fd, const void *data, size_t size) {
  if (flyc__write_all(fd, data, size) != 0)
    _exit(3);
}

/* Every child message ends with this, so that a complete answer is known as
 * such even when the wait status is lost (a host that ignores SIGCHLD or
 * reaps every child makes waitpid fail with ECHILD). */
#define TRAILER "\nFLYC-END"
#define TRAILER_LEN 9
#define CHILD_TIMEOUT_MS (300 * 1000)
#define STATUS_TIMEOUT (-2)

static void finish_message(int fd) { write_all(fd, TRAILER, TRAILER_LEN); }

/* Strips the trailer; 1 when it was there. */
static int complete(flyc_buf_t *b) {
  if (b->len < TRAILER_LEN || memcmp(b->data + b->len - TRAILER_LEN, TRAILER, TRAILER_LEN))
    return 0;
  b->len -= TRAILER_LEN;
  b->data[b->len] = '\0';
  return 1;
}

/* Forks the child, which runs fn(res[1], payload) with its stdout and
 * stderr on log[1]: the child's pid, or -1 (the pipes closed). */
static pid_t spawn(void (*fn)(int fd, void *payload), void *payload, int res[2], int log[2]) {
  flyc__fork_prepare();
  pid_t pid = fork();
  if (pid == 0)
    flyc__fork_child();
  else
    flyc__fork_parent();
  if (pid > 0)
    flyc__fork_counted();
  if (pid < 0) {
    close(res[0]);
    close(res[1]);
    close(log[0]);
    close(log[1]);
    return -1;
  }
  if (pid == 0) {
    dup2(log[1], 1);
    dup2(log[1], 2);
    /* The child dies as the system would have it, not through the host's
     * crash handlers (a crash reporter, a fuzzer's, a sanitizer's): its
     * death is a status the parent names, not the host's crash. */
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++)
      (void)sigaction(fatal[i], &dfl, NULL);
    fn(res[1], payload);
    _exit(4);
  }
  close(res[1]);
  close(log[1]);
  return pid;
}

/* Reads the child's result pipe into `out` and its log into `err` (the log
 * kept to its tail) until both close, or kills it at the deadline: 1 when
 * it timed out. Closes both fds. */
static int drain(pid_t pid, int res_fd, int log_fd, flyc_buf_t *out, flyc_buf_t *err) {
  struct pollfd pf[2] = {{res_fd, POLLIN, 0}, {log_fd, POLLIN, 0}};
  int open_fds = 2, timed_out = 0;
  char chunk[65536];
  uint64_t deadline = flyc__now_us() + (uint64_t)CHILD_TIMEOUT_MS * 1000;
  while (open_fds) {
    uint64_t now = flyc__now_us();
    if (now >= deadline) {
      kill(pid, SIGKILL);
      timed_out = 1;
      break;
    }
    int pr = poll(pf, 2, (int)((deadline - now) / 1000) + 1);
    if (pr < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (int i = 0; i < 2; i++) {
      if (pf[i].fd < 0 || !(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t n = read(pf[i].fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        close(pf[i].fd);
        pf[i].fd = -1;
        open_fds--;
      } else {
        flyc_buf_t *b = i == 0 ? out : err;
        /* LLVM's last words are enough: keep the log to its last 64 KiB. */
        if (i == 1 && b->len > (64u << 10)) {
          memmove(b->data, b->data + b->len - (32u << 10), 32u << 10);
          b->len = 32u << 10;
        }
        flyc__buf_append(b, chunk, (size_t)n);
      }
    }
  }
  for (int i = 0; i < 2; i++)
    if (pf[i].fd >= 0)
      close(pf[i].fd);
  return timed_out;
}

/* Forks; the child runs fn(fd, payload) with stdout/stderr into a pipe and
 * must _exit. The parent collects what the child wrote to `fd` into *out and
 * its stdout/stderr into *err, and returns the wait status, -1 when it could
 * not start the child, or STATUS_TIMEOUT when it killed a child that ran past
 * CHILD_TIMEOUT_MS (the parent keeps the time, whatever the child's signal
 * settings). A lost wait status reads as exit 0: the caller checks the
 * trailer. */
static int run_child(void (*fn)(int fd, void *payload), void *payload, flyc_buf_t *out,
                     flyc_buf_t *err) {
  int res[2], log[2];
  if (pipe2(res, O_CLOEXEC) != 0)
    return -1;
  if (pipe2(log, O_CLOEXEC) != 0) {
    close(res[0]);
    close(res[1]);
    return -1;
  }
  pid_t pid = spawn(fn, payload, res, log);
  if (pid < 0)
    return -1;
  int timed_out = drain(pid, res[0], log[0], out, err);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno == EINTR)
      continue;
    status = 0; /* ECHILD: the host reaped it; the trailer tells */
    break;
  }
  return timed_out ? STATUS_TIMEOUT : status;
}

/* The last line LLVM printed before dying ("LLVM ERROR: ..."), trimmed. */
static const char *last_words(flyc_buf_t *err) {
  if (!err->len)
    return "(it printed nothing)";
  while (err->len && (err->data[err->len - 1] == '\n' || err->data[err->len - 1] == ' '))
    err->data[--err->len] = '\0';
  const char *p = err->data + err->len;
  while (p > err->data && p[-1] != '\n')
    p--;
  /* Prefer the "LLVM ERROR:" line when there is one. */
  const char *le = strstr(err->data, "LLVM ERROR:");
  return le ? le : p;
}

static int child_failed(int status, flyc_buf_t *err, int errcode, const char *what,
                        const char *name) {
  if (status == STATUS_TIMEOUT)
    return flyc__error_set(errcode,
                           "LLVM did not finish on %s '%s' within %d s (flyc's child process "
                           "was killed)",
                           what, name, CHILD_TIMEOUT_MS / 1000);
  if (status == -1)
    return flyc__error_set(FLYC_EIO, "cannot start a child process for %s '%s': %s", what,
                           name, strerror(errno));
  if (WIFSIGNALED(status))
    return flyc__error_set(errcode,
                           "LLVM %s on %s '%s' (signal %d, %s, in flyc's child process): "
                           "%s",
                           WTERMSIG(status) == SIGALRM ? "did not finish" : "crashed",
                           what, name, WTERMSIG(status), strsignal(WTERMSIG(status)),
                           last_words(err));
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return flyc__error_set(errcode,
                           "flyc's child process for %s '%s' ended without an answer: %s",
                           what, name, last_words(err));
  return flyc__error_set(errcode,
                         "LLVM stopped on %s '%s' (exit status %d, in flyc's child "
                         "process): %s",
                         what, name, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                         last_words(err));
}

/* ---- 1. caller bitcode to checked text ---- */

typedef struct child_diag {
  char buf[4096];
  size_t len;
} child_diag_t;

static void child_handler(LLVMDiagnosticInfoRef di, void *p) {
  child_diag_t *d = p;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError)
    return;
  char *s = LLVMGetDiagInfoDescription(di);
  size_t n = s ? strlen(s) : 0;
  if (n > sizeof d->buf - 1 - d->len)
    n = sizeof d->buf - 1 - d->len;
  if (n)
    memcpy(d->buf + d->len, s, n);
  d->len += n;
  LLVMDisposeMessage(s);
}

/* 1 when the XXH3-128 of data is it->digest. */
static int still_same(const flyc__bc_item_t *it, const void *data, size_t size) {
  XXH128_hash_t h = XXH3_128bits(data, size);
  char hex[33];
  flyc__hash_hex(h.high64, h.low64, hex);
  return it->digest && strcmp(hex, it->digest) == 0;
}

/* The bytes of it->path, for a child (flyc__bc_item_t): the file mapped
 * (the page cache's pages, not a copy: a copy of NVSHMEM's 31 MB costs the
 * child more than the rest of its work) and hashed against it->digest.
 * A mapping shows what is written to the file later, so the child hashes
 * again after its answer (still_same): a file rewritten meanwhile gives the
 * bytes whose hash the compile began with, or a refusal, never a closure of
 * a mix cached under the first hash; a file truncated meanwhile kills the
 * child with SIGBUS, which died_on reports as the file changing. 0; or -1
 * with the answer in `out`: 'O' and why the file cannot be read, or 'C'
 * when its content changed. The mapping lasts as long as the process. */
static int read_item(const flyc__bc_item_t *it, const void **data, size_t *size,
                     flyc_buf_t *out) {
  static const unsigned char empty[1];
  struct stat st;
  const char *why = NULL;
  const unsigned char *p = empty;
  size_t n = 0;
  int fd = open(it->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0 || fstat(fd, &st) != 0)
    why = strerror(errno);
  else if (!S_ISREG(st.st_mode))
    why = "not a regular file";
  else if ((uint64_t)st.st_size > FLYC__MAX_FILE_BYTES)
    why = "over 1 GiB";
  else if ((n = (size_t)st.st_size) &&
           (p = mmap(NULL, n, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)) == MAP_FAILED)
    why = strerror(errno);
  if (fd >= 0)
    close(fd);
  if (why) {
    flyc__buf_append(out, "O", 1);
    flyc__buf_append(out, why, strlen(why));
    return -1;
  }
  *data = p;
  *size = n;
  if (!still_same(it, p, n)) {
    flyc__buf_append(out, "C", 1);
    return -1;
  }
  return 0;
}

/* Reads one file's bitcode, whole or (with `it->closure`) lazily for a
 * closure (closure.c), and verifies it; the answer, into `out`: 'T' and the
 * module as text, 'E' and the reader's (or linker's) error, or 'V' and the
 * verifier's (or read_item's). `dispose`: free what LLVM built (a child about
 * to exit leaves it). */
static void sanitize_one(const flyc__bc_item_t *it, flyc_buf_t *out, int dispose) {
  static child_diag_t diag;
  diag.len = 0;
  const void *data = it->data;
  size_t size = it->size;
  if (!data && it->path && read_item(it, &data, &size, out) != 0)
    return;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, child_handler, &diag);
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(data, size, "in", 0);
  LLVMModuleRef m = NULL;
  int bad = !mb || (it->closure ? LLVMGetBitcodeModuleInContext2(ctx, mb, &m)
                                : LLVMParseBitcodeInContext2(ctx, mb, &m)) || !m;
  if (!bad && it->closure) {
    LLVMModuleRef lib = m;
    if (flyc__closure_extract(lib, it->closure, &m) != FLYC_OK) {
      bad = 1;
      if (!diag.len) { /* out of memory, or a refusal without LLVM's words */
        const char *msg = flyc_error_last()->message;
        diag.len = strlen(msg) < sizeof diag.buf - 1 ? strlen(msg) : sizeof diag.buf - 1;
        memcpy(diag.buf, msg, diag.len);
      }
    }
  }
  if (bad) {
    flyc__buf_append(out, "E", 1);
    flyc__buf_append(out, diag.buf, diag.len);
  } else {
    char *msg = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
      flyc__buf_append(out, "V", 1);
      flyc__buf_append(out, msg ? msg : "", msg ? strlen(msg) : 0);
    } else {
      char *text = LLVMPrintModuleToString(m);
      flyc__buf_append(out, "T", 1);
      flyc__buf_append(out, text, strlen(text));
      LLVMDisposeMessage(text);
    }
    LLVMDisposeMessage(msg);
    if (dispose)
      LLVMDisposeModule(m);
  }
  if (dispose)
    LLVMContextDispose(ctx);
  if (data != it->data && !still_same(it, data, size)) { /* read_item's mapping */
    out->len = 0;
    flyc__buf_append(out, "C", 1);
  }
  if (data != it->data && dispose && size)
    munmap((void *)data, size);
}

/* What an answer of sanitize_one means for `it`: its text, or its error. */
static int take_answer(flyc__bc_item_t *it, const char *a, size_t n) {
  if (!n)
    return flyc__error_set(it->errcode, "flyc's child process for %s '%s' ended without an "
                                        "answer", it->what, it->name);
  if (a[0] == 'E')
    return flyc__error_set(it->errcode, "%s '%s' is not valid bitcode: %.*s", it->what,
                           it->name, n > 1 ? (int)(n - 1) : 10, n > 1 ? a + 1 : "unreadable");
  if (a[0] == 'V')
    return flyc__error_set(it->errcode, "%s '%s' fails the LLVM verifier: %.*s", it->what,
                           it->name, n > 1 ? (int)(n - 1) : 11, n > 1 ? a + 1 : "(no detail)");
  if (a[0] == 'O')
    return flyc__error_set(FLYC_EIO, "cannot read %s '%s': %.*s", it->what, it->name,
                           n > 1 ? (int)(n - 1) : 13, n > 1 ? a + 1 : "unknown error");
  if (a[0] == 'C')
    return flyc__file_changed(it->name);
  if (!(it->text = malloc(n)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory checking %s '%s'", it->what, it->name);
  memcpy(it->text, a + 1, n - 1);
  it->text[n - 1] = '\0';
  return FLYC_OK;
}

/* The isolated compile's child (2. below) checks in process: it is the
 * child already. Before each file it tells the parent which file it is on,
 * so that a crash there reads as that file's, as from a child of its own. */
static int in_isolated_child;
static int isolated_fd = -1;

typedef struct sanitize_job {
  const flyc__bc_item_t *items;
  size_t n;
} sanitize_job_t;

/* Answers each file in turn (length-prefixed), stopping after a refusal. */
static void sanitize_child(int fd, void *payload) {
  sanitize_job_t *j = payload;
  for (size_t i = 0; i < j->n; i++) {
    flyc_buf_t b = {0};
    sanitize_one(&j->items[i], &b, 0);
    if (b.oom)
      _exit(5);
    uint64_t len = b.len;
    write_all(fd, &len, sizeof len);
    write_all(fd, b.data, b.len);
    if (b.data[0] != 'T')
      break;
    flyc__buf_free(&b);
  }
  finish_message(fd);
  _exit(0);
}

static void mark(char what, const flyc__bc_item_t *it) {
  flyc_buf_t b = {0};
  flyc__buf_append(&b, &what, 1);
  if (it) {
    int32_t code = it->errcode;
    flyc__buf_append(&b, (const char *)&code, sizeof code);
    flyc__buf_append(&b, it->what, strlen(it->what) + 1);
    flyc__buf_append(&b, it->name, strlen(it->name) + 1);
  }
  if (b.oom)
    _exit(5);
  write_all(isolated_fd, b.data, b.len);
  flyc__buf_free(&b);
}

static int check_in_process(flyc__bc_item_t *items, size_t n) {
  for (size_t i = 0; i < n; i++) {
    mark('C', &items[i]);
    flyc_buf_t b = {0};
    sanitize_one(&items[i], &b, 1);
    mark('D', NULL);
    int rc = b.oom ? flyc__error_set(FLYC_ENOMEM, "out of memory checking %s '%s'",
                                     items[i].what, items[i].name)
                   : take_answer(&items[i], b.data, b.len);
    flyc__buf_free(&b);
    if (rc)
      return rc;
  }
  return FLYC_OK;
}

/* A child that died on `it`: the error its own child would have given. */
static int died_on(const flyc__bc_item_t *it, int status, flyc_buf_t *err) {
  if (!it->data && it->path && status >= 0 && WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS)
    return flyc__file_changed(it->name); /* truncated under read_item's mapping */
  int rc = child_failed(status, err, it->errcode, it->what, it->name);
  if (rc == it->errcode && status >= 0 && WIFSIGNALED(status))
    flyc__error_append(" -- the file is corrupt bitcode");
  return rc;
}

int flyc__bitcode_to_text_many(flyc__bc_item_t *items, size_t n) {
  for (size_t i = 0; i < n; i++)
    items[i].text = NULL;
  if (!n)
    return FLYC_OK;
  if (in_isolated_child)
    return check_in_process(items, n);
  sanitize_job_t job = {items, n};
  flyc_buf_t out = {0}, err = {0};
  int status = run_child(sanitize_child, &job, &out, &err);
  int whole = complete(&out), dead = status < 0 || !WIFEXITED(status) ||
                                     WEXITSTATUS(status) != 0 || !whole;
  int rc = out.oom ? flyc__error_set(FLYC_ENOMEM, "out of memory checking %s '%s'",
                                     items[0].what, items[0].name)
                   : FLYC_OK;
  size_t off = 0;
  for (size_t i = 0; i < n && rc == FLYC_OK; i++) {
    uint64_t len = 0;
    if (out.len - off >= sizeof len)
      memcpy(&len, out.data + off, sizeof len);
    if (out.len - off < sizeof len || len > out.len - off - sizeof len || !len)
      rc = dead ? died_on(&items[i], status, &err)
                : take_answer(&items[i], "", 0);
    else
      rc = take_answer(&items[i], out.data + off + sizeof len, (size_t)len);
    off += sizeof len + (size_t)len;
  }
  if (rc)
    for (size_t i = 0; i < n; i++) {
      free(items[i].text);
      items[i].text = NULL;
    }
  flyc__buf_free(&out);
  flyc__buf_free(&err);
  return rc;
}

int flyc__bitcode_to_text(const void *data, size_t size, const char *what, const char *name,
                          int errcode, char **text) {
  flyc__bc_item_t it = {data, size, what, name, errcode, NULL, NULL, NULL, NULL};
  int rc = flyc__bitcode_to_text_many(&it, 1);
  if (rc == FLYC_OK)
    *text = it.text;
  return rc;
}

/* ---- 2. the isolated compile ---- */

typedef struct compile_job {
  flyc__compile_fn fn;
  void *payload;
} compile_job_t;

/* Writes 'R', the status and the artifact or the message, after the marks
 * of the files it checked ('C' errcode what name, then 'D'). */
static void compile_child(int fd, void *payload) {
  compile_job_t *j = payload;
  in_isolated_child = 1;
  isolated_fd = fd;
  flyc_artifact_t *a = NULL;
  int rc = j->fn(&a, j->payload);
  flyc_buf_t b = {0};
  int32_t code = rc;
  flyc__buf_append(&b, "R", 1);
  flyc__buf_append(&b, (const char *)&code, sizeof code);
  if (rc == FLYC_OK) {
    if (flyc__artifact_serialize(a, &b) != FLYC_OK)
      _exit(5);
  } else {
    const char *m = flyc_error_last()->message;
    flyc__buf_append(&b, m, strlen(m));
  }
  if (b.oom)
    _exit(5);
  write_all(fd, b.data, b.len);
  finish_message(fd);
  _exit(0);
}

int flyc__compile_isolated(flyc__compile_fn fn, void *payload, const char *name,
                           flyc_artifact_t **out) {
  compile_job_t job = {fn, payload};
  flyc_buf_t res = {0}, err = {0};
  int status = run_child(compile_child, &job, &res, &err);
  int rc;
  int32_t code = 0;
  int whole = complete(&res);
  /* The marks: the file being checked when the child stopped, if any. */
  flyc__bc_item_t on = {NULL, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  size_t off = 0;
  while (off < res.len && res.data[off] != 'R') {
    if (res.data[off] == 'D') {
      on.what = NULL;
      off++;
      continue;
    }
    const char *w = res.data + off + 1 + sizeof code;
    const char *nm = w < res.data + res.len ? memchr(w, '\0', res.len - (size_t)(w - res.data))
                                            : NULL;
    const char *end = nm ? memchr(nm + 1, '\0', res.len - (size_t)(nm + 1 - res.data)) : NULL;
    if (res.data[off] != 'C' || !end)
      break;
    memcpy(&code, res.data + off + 1, sizeof code);
    on = (flyc__bc_item_t){NULL, 0, w, nm + 1, code, NULL, NULL, NULL, NULL};
    off = (size_t)(end + 1 - res.data);
  }
  const char *r = res.data + off + 1;
  size_t rlen = off < res.len ? res.len - off - 1 : 0;
  if (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || !whole ||
      off >= res.len || res.data[off] != 'R' || rlen < sizeof code) {
    rc = on.what ? died_on(&on, status, &err)
                 : child_failed(status, &err, FLYC_ECOMPILE, "the compile of", name);
  } else {
    memcpy(&code, r, sizeof code);
    if (code != FLYC_OK) {
      /* Names are pinned negative values; anything else is the child's bug. */
      rc = flyc__error_set(code < 0 && flyc__is_status(code) ? code : FLYC_ECOMPILE,
                           "%.*s", (int)(rlen - sizeof code), r + sizeof code);
    } else {
      rc = flyc__artifact_deserialize(r + sizeof code, rlen - sizeof code, out);
      if (rc)
        rc = flyc__error_set(FLYC_ECOMPILE, "the isolated compile of '%s' sent back a "
                                            "malformed artifact", name);
    }
  }
  flyc__buf_free(&res);
  flyc__buf_free(&err);
  return rc;
}

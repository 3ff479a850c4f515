/* Child processes: the isolated compile (FLYC_COMPILE_ISOLATED) and the
 * bitcode check; LLVM fatal errors become statuses. */
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/Support.h>

#include "../runtime/internal.h"
#include "util.h"

/* A test-only LLVM fatal error: with -stop-after naming no pass, LLVM's
 * codegen (TargetPassConfig) calls report_fatal_error, on 15, 19 and 22.
 * The option is set around an isolated compile only (its child inherits it);
 * in process it would end the test. flyc refuses every valid IR input it
 * knows LLVM to abort on, so the trigger is an option, not IR. */
static const char fatal_ir[] =
    "define void @k(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n"
    "  ret void\n}\n!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
#define FATAL_TARGET "sm_80"
#define FATAL_WORDS "\"flyc-test-no-such-pass\" pass is not registered"

static void fatal_on(int on) {
  const char *argv[] = {"flyc-test", on ? "-stop-after=flyc-test-no-such-pass" : "-stop-after="};
  LLVMParseCommandLineOptions(2, argv, NULL);
}

/* Hosts' fatal-error handlers (LLVM's own aborts on 15 and 19 and exits
 * with status 1 on 22 for this error): one that exits, a stop, and one that
 * aborts, a crash (the child dies of SIGABRT). */
static void exit_handler(const char *reason) {
  fprintf(stderr, "LLVM ERROR: %s\n", reason);
  _exit(1);
}

static void abort_handler(const char *reason) {
  fprintf(stderr, "LLVM ERROR: %s\n", reason);
  abort();
}

/* A host's crash handler: it marks that it ran, then dies as a crash
 * reporter would after its report. */
static int host_crash_fd = -1;
static void host_crash_handler(int sig) {
  (void)sig;
  if (write(host_crash_fd, "!", 1) < 0)
    _exit(98);
  _exit(99);
}

static void test_isolate__llvm_fatal_error_is_a_status(void **state) {
  (void)state;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = FATAL_TARGET;
  o.flags = FLYC_COMPILE_ISOLATED | FLYC_COMPILE_NO_CACHE;
  flyc_artifact_t *a = (flyc_artifact_t *)0x1;
  LLVMInstallFatalErrorHandler(exit_handler);
  fatal_on(1);
  int rc = flyc_compile_buffer(&a, fatal_ir, strlen(fatal_ir), "fatal.ll", &o);
  fatal_on(0);
  LLVMResetFatalErrorHandler();
  assert_error(rc, FLYC_ECOMPILE, "LLVM stopped", "fatal.ll", "exit status 1", FATAL_WORDS);
  assert_ptr_equal(a, (flyc_artifact_t *)0x1);
  /* A crash: the child killed by a signal. */
  LLVMInstallFatalErrorHandler(abort_handler);
  fatal_on(1);
  rc = flyc_compile_buffer(&a, fatal_ir, strlen(fatal_ir), "fatal.ll", &o);
  fatal_on(0);
  LLVMResetFatalErrorHandler();
  assert_error(rc, FLYC_ECOMPILE, "LLVM crashed", "fatal.ll", "Aborted", FATAL_WORDS);
  assert_ptr_equal(a, (flyc_artifact_t *)0x1);
  /* The host's own crash handler (a crash reporter, a fuzzer's) is not
   * run in the child: it dies as the system has it, and says so. */
  int marks[2];
  assert_int_equal(pipe(marks), 0);
  host_crash_fd = marks[1];
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = host_crash_handler;
  assert_int_equal(sigaction(SIGABRT, &sa, &old), 0);
  LLVMInstallFatalErrorHandler(abort_handler);
  fatal_on(1);
  rc = flyc_compile_buffer(&a, fatal_ir, strlen(fatal_ir), "fatal.ll", &o);
  fatal_on(0);
  LLVMResetFatalErrorHandler();
  sigaction(SIGABRT, &old, NULL);
  close(marks[1]);
  char mark = 0;
  assert_int_equal(read(marks[0], &mark, 1), 0); /* nothing written: the handler never ran */
  close(marks[0]);
  assert_error(rc, FLYC_ECOMPILE, "LLVM crashed", "Aborted");
  /* Without the option the same compile is fine. */
  assert_ok(flyc_compile_buffer(&a, fatal_ir, strlen(fatal_ir), "fatal.ll", &o));
  flyc_artifact_destroy(a);
}

static void test_isolate__same_artifact_as_in_process(void **state) {
  (void)state;
  const char *libs[] = {LIB_MSTL};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a:xnack-";
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(flyc_compile_file(&a, K_MSTL, &o));
  o.flags = FLYC_COMPILE_ISOLATED;
  assert_ok(flyc_compile_file(&b, K_MSTL, &o));
  size_t na, nb;
  const void *ca = flyc_artifact_code(a, &na), *cb = flyc_artifact_code(b, &nb);
  assert_int_equal(na, nb);
  assert_memory_equal(ca, cb, na);
  assert_string_equal(flyc_artifact_target(a), flyc_artifact_target(b));
  assert_int_equal(flyc_artifact_codegen(a), flyc_artifact_codegen(b));
  assert_int_equal(flyc_artifact_code_object_version(a), flyc_artifact_code_object_version(b));
  assert_string_equal(flyc_artifact_log(a), flyc_artifact_log(b));
  const flyc_kernel_info_t *x = flyc_artifact_kernel(a, 0), *y = flyc_artifact_kernel(b, 0);
  assert_string_equal(x->name, y->name);
  assert_int_equal(x->vgpr_count, y->vgpr_count);
  assert_int_equal(x->arg_count, y->arg_count);
  for (size_t i = 0; i < x->arg_count; i++) {
    assert_string_equal(x->args[i].name, y->args[i].name);
    assert_string_equal(x->args[i].value_kind, y->args[i].value_kind);
    assert_int_equal(x->args[i].offset, y->args[i].offset);
  }
  flyc_compile_times_t t;
  flyc_artifact_compile_times(b, &t);
  assert_true(t.total_us > 0);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(b);
}

static void test_isolate__errors_come_back_exactly(void **state) {
  (void)state;
  const char *libs[] = {FX("mstl_missing_symbol.gfx90a.cov4.bc")};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_ISOLATED;
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_ELINK,
               "undefined function 'mstl_missing_helper'");
  o.target = "gfx9999";
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EUNSUPPORTED, "gfx9999");
  assert_null(a);
}

/* The artifact's byte form: every truncation and many corruptions are
 * refused, never read out of bounds. */
static void test_isolate__serialized_artifact_is_checked(void **state) {
  (void)state;
  const char *libs[] = {LIB_MSTL, NULL};
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(tu_compile(&a, K_MSTL, "gfx90a", libs, 0, 0));
  flyc_buf_t buf = {0};
  assert_ok(flyc__artifact_serialize(a, &buf));
  assert_ok(flyc__artifact_deserialize(buf.data, buf.len, &b));
  assert_string_equal(flyc_artifact_kernel(b, 0)->args[0].name,
                      flyc_artifact_kernel(a, 0)->args[0].name);
  flyc_artifact_destroy(b);
  for (size_t cut = 0; cut < buf.len; cut += 7)
    assert_error(flyc__artifact_deserialize(buf.data, cut, &b), FLYC_EINVAL, "");
  char *copy = malloc(buf.len);
  for (size_t at = 7; at < buf.len; at += 13) {
    memcpy(copy, buf.data, buf.len);
    copy[at] ^= (char)0xff;
    if (flyc__artifact_deserialize(copy, buf.len, &b) == FLYC_OK)
      flyc_artifact_destroy(b);
  }
  free(copy);
  flyc__buf_free(&buf);
  flyc_artifact_destroy(a);
}

/* A host that ignores SIGCHLD (so waitpid cannot report a status) still
 * gets the child's answer: complete answers carry a trailer. */
static void test_isolate__host_ignores_sigchld(void **state) {
  (void)state;
  void (*old)(int) = signal(SIGCHLD, SIG_IGN);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_ISOLATED;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_file(&a, FX("vadd_amdgcn.gfx90a.bc"), &o));
  flyc_artifact_destroy(a);
  o.target = FATAL_TARGET;
  o.flags |= FLYC_COMPILE_NO_CACHE;
  fatal_on(1);
  int rc = flyc_compile_buffer(&a, fatal_ir, strlen(fatal_ir), "fatal.ll", &o);
  fatal_on(0);
  assert_error(rc, FLYC_ECOMPILE, "fatal.ll", FATAL_WORDS);
  signal(SIGCHLD, old);
}

/* Forks of this process and of its children (an isolated compile's child
 * forking again counts too): shared memory, bumped before every fork. */
static unsigned *forks;
static void count_fork(void) { __atomic_add_fetch(forks, 1, __ATOMIC_RELAXED); }

/* A fresh copy of `path` (the library memo has not seen it). */
static char *fresh_copy(const char *path, const char *suffix) {
  size_t n = 0;
  void *bytes = tu_read(path, &n);
  char *copy = tu_temp_file(suffix, bytes, n);
  free(bytes);
  return copy;
}

static unsigned forks_of(const char *in, const char *lib, uint32_t flags) {
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = flags | FLYC_COMPILE_NO_CACHE;
  o.link_libraries = libs;
  o.link_library_count = 1;
  unsigned before = __atomic_load_n(forks, __ATOMIC_RELAXED);
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_file(&a, in, &o));
  flyc_artifact_destroy(a);
  return __atomic_load_n(forks, __ATOMIC_RELAXED) - before;
}

/* A copy of the library with content of its own (a global nothing uses),
 * so that no earlier test's closure of it is in the library cache. */
static char *unique_lib(int i) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb = NULL;
  char *msg = NULL;
  assert_int_equal(LLVMCreateMemoryBufferWithContentsOfFile(LIB_MSTL, &mb, &msg), 0);
  LLVMModuleRef m = NULL;
  assert_int_equal(LLVMParseBitcodeInContext2(ctx, mb, &m), 0);
  LLVMDisposeMemoryBuffer(mb);
  char name[64];
  snprintf(name, sizeof name, "isolate_unique_%d_%d", i, (int)getpid());
  LLVMValueRef g = LLVMAddGlobal(m, LLVMInt32TypeInContext(ctx), name);
  LLVMSetInitializer(g, LLVMConstInt(LLVMInt32TypeInContext(ctx), (unsigned long long)i, 0));
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
  char *path = tu_temp_file(".bc", LLVMGetBufferStart(bc), LLVMGetBufferSize(bc));
  LLVMDisposeMemoryBuffer(bc);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return path;
}

/* Untrusted bitcode is read only in a child: the input in front (one child;
 * none when the compile is isolated, whose one child reads everything), a
 * link library's closure at the link (one child per library content and
 * roots per process: then the library cache's memory has it, whatever the
 * compile cache's settings). Trusted inputs, not isolated, fork none. */
static void test_isolate__forks_per_compile(void **state) {
  (void)state;
  forks = mmap(NULL, sizeof *forks, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  assert_true(forks != MAP_FAILED);
  pthread_atfork(count_fork, NULL, NULL);
  /* The input as bitcode. */
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb = NULL;
  char *msg = NULL;
  assert_int_equal(LLVMCreateMemoryBufferWithContentsOfFile(K_MSTL, &mb, &msg), 0);
  LLVMModuleRef m = NULL;
  assert_int_equal(LLVMParseIRInContext(ctx, mb, &m, &msg), 0);
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
  char *in_bc = tu_temp_file(".bc", LLVMGetBufferStart(bc), LLVMGetBufferSize(bc));
  LLVMDisposeMemoryBuffer(bc);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  char *lib[6];
  for (int i = 0; i < 6; i++)
    lib[i] = unique_lib(i);
  char *same = fresh_copy(lib[2], ".bc");
  assert_int_equal(forks_of(K_MSTL, lib[0], FLYC_COMPILE_TRUSTED_BITCODE), 0);
  assert_int_equal(forks_of(in_bc, lib[1], FLYC_COMPILE_TRUSTED_BITCODE), 0);
  assert_int_equal(forks_of(K_MSTL, lib[2], 0), 1);
  assert_int_equal(forks_of(K_MSTL, lib[2], 0), 0); /* the closure, once per process */
  assert_int_equal(forks_of(K_MSTL, same, 0), 0);   /* by content, not by path */
  assert_int_equal(forks_of(in_bc, same, 0), 1);    /* the input's check only */
  assert_int_equal(forks_of(in_bc, lib[3], 0), 2);  /* the input, then the closure */
  assert_int_equal(forks_of(in_bc, lib[4], FLYC_COMPILE_ISOLATED), 1);
  assert_int_equal(forks_of(in_bc, lib[4], FLYC_COMPILE_ISOLATED), 1);
  assert_int_equal(
      forks_of(K_MSTL, lib[5], FLYC_COMPILE_ISOLATED | FLYC_COMPILE_TRUSTED_BITCODE), 1);
  for (int i = 0; i < 6; i++) {
    unlink(lib[i]);
    free(lib[i]);
  }
  unlink(same);
  free(same);
  unlink(in_bc);
  free(in_bc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_isolate__llvm_fatal_error_is_a_status),
      cmocka_unit_test(test_isolate__same_artifact_as_in_process),
      cmocka_unit_test(test_isolate__errors_come_back_exactly),
      cmocka_unit_test(test_isolate__serialized_artifact_is_checked),
      cmocka_unit_test(test_isolate__host_ignores_sigchld),
      cmocka_unit_test(test_isolate__forks_per_compile),
  };
  return cmocka_run_group_tests_name("isolate", tests, NULL, NULL);
}

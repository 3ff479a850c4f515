/* A compile leaves the calling thread's alternate signal stack as it was.
 *
 * comgr's in-process lld writes its output through LLVM's FileOutputBuffer;
 * the first TempFile in a process registers LLVM's signal handlers
 * (sys::RemoveFileOnSignal -> RegisterHandlers -> CreateSigAltStack), and on
 * the calling thread LLVM replaces an alternate stack smaller than
 * MINSIGSTKSZ + 64 KiB with one it mallocs. The thread's owner then frees a
 * stack it did not make: AddressSanitizer's thread exit died with "failed to
 * deallocate 0x134c0 bytes ... unable to unmap" in UnsetAlternateSignalStack.
 *
 * LLVM does this once per process, so this suite is its own program with one
 * test, and it compiles with the caches off so that comgr does run. The stack
 * installed here is a few KiB over the minimum, smaller than LLVM's on every
 * machine, so without flyc's restore the test fails everywhere. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

typedef struct probe {
  int rc;
  int codegen;
  int restore_failed;
  stack_t mine, after;
} probe_t;

static void *compile_on_small_alt_stack(void *p) {
  probe_t *pr = p;
  stack_t prev; /* the sanitizer's own, if any: put back before this thread ends */
  sigaltstack(NULL, &prev);
  long min = sysconf(_SC_MINSIGSTKSZ);
  size_t size = (size_t)(min > 2048 ? min : 2048) + 4096;
  pr->mine.ss_sp = malloc(size);
  pr->mine.ss_size = size;
  pr->mine.ss_flags = 0;
  if (!pr->mine.ss_sp || sigaltstack(&pr->mine, NULL) != 0) {
    pr->rc = -1000;
    free(pr->mine.ss_sp);
    return NULL;
  }
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.codegen = FLYC_CODEGEN_COMGR_LINK;
  o.flags = FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_TRUSTED_BITCODE;
  flyc_artifact_t *a = NULL;
  pr->rc = flyc_compile_file(&a, FX("vadd_amdgcn.gfx90a.ll"), &o);
  pr->codegen = a ? (int)flyc_artifact_codegen(a) : -1;
  flyc_artifact_destroy(a);
  sigaltstack(NULL, &pr->after);
  pr->restore_failed = sigaltstack(&prev, NULL) != 0;
  free(pr->mine.ss_sp);
  return NULL;
}

static void test_signals__compile_keeps_the_alt_stack(void **state) {
  (void)state;
  if (!flyc_comgr_version()) {
    print_message("skipped: built without comgr (the lld and PTX paths register no "
                  "signal handlers in process)\n");
    skip();
  }
  probe_t pr;
  memset(&pr, 0, sizeof pr);
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, compile_on_small_alt_stack, &pr), 0);
  pthread_join(t, NULL);
  assert_int_not_equal(pr.rc, -1000); /* the test's own sigaltstack */
  assert_ok(pr.rc);
  assert_int_equal(pr.codegen, FLYC_CODEGEN_COMGR_LINK);
  assert_int_equal(pr.restore_failed, 0);
  assert_ptr_equal(pr.after.ss_sp, pr.mine.ss_sp);
  assert_int_equal(pr.after.ss_size, pr.mine.ss_size);
  assert_int_equal(pr.after.ss_flags & SS_DISABLE, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_signals__compile_keeps_the_alt_stack),
  };
  return cmocka_run_group_tests_name("signals", tests, NULL, NULL);
}

/* IR through the compile, in process (flyc_compile_buffer, no isolation, as
 * the C API's default): text is parsed, verified and checked in this
 * process; bitcode goes through the forked pre-check first. The target is
 * sm_80 when the text names nvptx, else gfx90a; O0 (the fuzzer's time goes to
 * the readers and checks, not to the optimizer); no device libraries.
 *
 * LLVM's fatal errors on valid IR that flyc's checks let through end this
 * process, as README says they do in process: the marker FUZZ_LLVM_FATAL
 * says which. tools/fuzz.sh runs this target in libFuzzer's fork mode, so
 * the campaign goes on, and replays each such input with
 * FLYC_FUZZ_ISOLATED=1 (FLYC_COMPILE_ISOLATED, what the CLI does): a status
 * there is flyc's promise kept, and the input a finding to report
 * (fuzz/regressions/ir replays them isolated); a crash there, or any crash
 * without the marker, fails. Seeds: the fixtures' kernels (fuzz/corpus/ir). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  fuzz_no_cache();
  fuzz_mark_llvm_fatal_errors();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = memmem(data, size, "nvptx", 5) ? "sm_80" : "gfx90a";
  o.opt_level = FLYC_OPT_O0;
  o.flags = FLYC_COMPILE_NO_DEVICE_LIBS | FLYC_COMPILE_NO_CACHE;
  const char *iso = getenv("FLYC_FUZZ_ISOLATED");
  if (iso && *iso)
    o.flags |= FLYC_COMPILE_ISOLATED;
  flyc_artifact_t *a = NULL;
  int rc = flyc_compile_buffer(&a, data, size, "fuzz.ll", &o);
  fuzz_check_status(rc, "flyc_compile_buffer");
  if (rc == FLYC_OK) {
    fuzz_touch_artifact(a);
    flyc_artifact_destroy(a);
  }
  return 0;
}

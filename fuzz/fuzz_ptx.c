/* The PTX reader: flyc_artifact_read on text (target, PTX version, the
 * kernels and their parameters). Seeds: PTX flyc and clang wrote
 * (fuzz/corpus/ptx). */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  flyc_artifact_t *a = NULL;
  int rc = flyc_artifact_read(&a, data, size);
  fuzz_check_status(rc, "flyc_artifact_read");
  if (rc == FLYC_OK) {
    fuzz_touch_artifact(a);
    if (flyc_artifact_format(a) == FLYC_CODE_PTX) {
      size_t n = 0;
      const char *code = flyc_artifact_code(a, &n);
      if (code[n] != '\0') /* PTX comes back NUL-terminated */
        __builtin_trap();
    }
    flyc_artifact_destroy(a);
  }
  return 0;
}

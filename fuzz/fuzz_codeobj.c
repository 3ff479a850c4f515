/* The code object reader: flyc_artifact_read on AMDGPU ELF bytes (the ELF
 * checks, then the metadata note through msgpack-c). Seeds: code objects
 * flyc and clang made (fuzz/corpus/codeobj). */
#include <string.h>

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
    /* What came back is what went in. */
    size_t n = 0;
    const void *code = flyc_artifact_code(a, &n);
    if (n != size || memcmp(code, data, size) != 0)
      __builtin_trap();
    flyc_artifact_destroy(a);
  }
  return 0;
}

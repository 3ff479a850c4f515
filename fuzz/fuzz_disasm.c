/* The disassembler on read artifacts: flyc_artifact_read, then
 * flyc_artifact_disassemble of whatever it accepted (LLVM's AMDGPU
 * disassembler in process, the labels and branch targets flyc adds). Seeds:
 * the code objects of fuzz/corpus/codeobj, gfx6 to gfx942. */
#include "fuzz.h"

static int sink(const char *text, size_t len, void *payload) {
  size_t *total = payload;
  if (len)
    *total += (unsigned char)text[0] + (unsigned char)text[len - 1];
  return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  flyc_artifact_t *a = NULL;
  int rc = flyc_artifact_read(&a, data, size);
  fuzz_check_status(rc, "flyc_artifact_read");
  if (rc != FLYC_OK)
    return 0;
  size_t total = 0;
  rc = flyc_artifact_disassemble(a, sink, &total);
  fuzz_check_status(rc, "flyc_artifact_disassemble");
  flyc_artifact_destroy(a);
  return 0;
}

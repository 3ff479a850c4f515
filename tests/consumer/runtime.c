/* A program that links flyc's runtime alone (no LLVM, no compiler): the
 * version, a status name, and the runtime's own refusal of a NULL artifact.
 * tests/consumer/run.sh builds it against an install and checks that no LLVM
 * came with it. */
#include <stdio.h>

#include <flyc/runtime.h>

int main(void) {
  int major, minor, patch;
  flyc_version(&major, &minor, &patch);
  int rc = flyc_gpu_jit_module_load(NULL, NULL, 0, NULL, NULL, 0);
  printf("flyc runtime %d.%d.%d: a NULL load is %s\n", major, minor, patch,
         flyc_status_name(rc));
  return rc == FLYC_EINVAL ? 0 : 1;
}

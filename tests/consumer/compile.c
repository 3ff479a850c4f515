/* A program that uses flyc as an installed package would (tests/consumer/run.sh
 * builds it against an install through CMake's find_package and pkg-config):
 * flyc's version, and a compile of a tiny kernel to PTX, with no link
 * libraries and no device libraries. Prints one line to check. */
#include <stdio.h>

#include <flyc.h>

static const char ir[] = "define void @consumer_kernel(ptr addrspace(1) %p) {\n"
                         "  store float 1.0, ptr addrspace(1) %p\n"
                         "  ret void\n}\n"
                         "!nvvm.annotations = !{!0}\n"
                         "!0 = !{ptr @consumer_kernel, !\"kernel\", i32 1}\n";

int main(void) {
  int major, minor, patch;
  flyc_version(&major, &minor, &patch);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_NO_DEVICE_LIBS;
  flyc_artifact_t *a = NULL;
  if (flyc_compile_buffer(&a, ir, sizeof ir - 1, "consumer.ll", &o) < 0) {
    const flyc_error_t *e = flyc_error_last();
    fprintf(stderr, "consumer: %s: %s\n", flyc_status_name(e->code), e->message);
    return 1;
  }
  printf("flyc %d.%d.%d compiled %s for %s\n", major, minor, patch,
         flyc_artifact_kernel(a, 0)->name, flyc_artifact_target(a));
  flyc_artifact_destroy(a);
  return 0;
}

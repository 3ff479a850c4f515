/* The smallest flyc program: compile an LLVM IR kernel for a target and print
 * its kernel table.
 *
 *   cc examples/compile_file.c $(pkg-config --cflags --libs flyc) -o compile_file
 *   ./compile_file kernel.ll gfx90a [library.bc ...]
 */
#include <stdio.h>

#include <flyc.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s KERNEL.ll TARGET [LIBRARY.bc ...]\n", argv[0]);
    return 2;
  }
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT; /* zero = default */
  o.target = argv[2];
  o.link_libraries = (const char *const *)argv + 3;
  o.link_library_count = (size_t)(argc - 3);
  flyc_artifact_t *a;
  if (flyc_compile_file(&a, argv[1], &o) < 0) {
    const flyc_error_t *e = flyc_error_last();
    fprintf(stderr, "%s: %s\n", flyc_status_name(e->code), e->message);
    return 1;
  }
  size_t size;
  flyc_artifact_code(a, &size);
  printf("%s: %zu bytes for %s\n", argv[1], size, flyc_artifact_target(a));
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    printf("  %s: kernarg %u bytes, %zu args, vgpr %u, sgpr %u, LDS %u\n", k->name,
           k->kernarg_segment_size, k->arg_count, k->vgpr_count, k->sgpr_count,
           k->group_segment_fixed_size);
  }
  flyc_artifact_destroy(a);
  return 0;
}

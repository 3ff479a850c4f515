/* A kernel written in C with the kernel builder: c[i] = a[i] + b[i], built
 * for any target (gfx90a, gfx942, sm_80, sm_90), written to a file that
 * `flyc run` or a GPU runtime loads.
 *
 *   cc examples/vadd_builder.c $(pkg-config --cflags --libs flyc) -o vadd_builder
 *   ./vadd_builder sm_80 vadd.ptx        # or gfx90a vadd.hsaco
 */
#include <stdio.h>

#include <flyc.h>

#include "vadd_kernel.h"

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s TARGET OUT\n", argv[0]);
    return 2;
  }
  flyc_kernel_def_t def = FLYC_KERNEL_DEF_INIT;
  def.name = "vadd";
  def.params = vadd_params;
  def.param_count = 4;
  def.body = vadd_body;
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  flyc_artifact_t *a = NULL;
  if (flyc_kernel_emit(ctx, &def, NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("vadd");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  FILE *f = fopen(argv[2], "wb");
  int ok = f && fwrite(code, 1, size, f) == size;
  ok = f && fclose(f) == 0 && ok;
  if (!ok)
    perror(argv[2]);
  else
    printf("vadd for %s: %zu bytes in %s\n", flyc_artifact_target(a), size, argv[2]);
  flyc_artifact_destroy(a);
  return ok ? 0 : 1;
}

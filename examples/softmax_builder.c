/* A row softmax with warp and block reductions (examples/softmax_kernel.h),
 * one source for every target, built with the kernel builder; with --run it
 * also runs on the GPU the target names (CUDA for sm_*, HIP for gfx*) and
 * checks every element against a host softmax in double precision, or says
 * it skipped when there is no driver or device. Two kernels: softmax (any
 * row length, 3000 here) and softmax_row (the row length a constexpr, 4096
 * here: the row in registers, one pass).
 *
 *   cc examples/softmax_builder.c $(pkg-config --cflags --libs flyc) -lm -o softmax
 *   ./softmax gfx942          # or sm_90; BLOCK 256
 *   ./softmax sm_90 --run     # on an H200: RESULT: ok
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <flyc.h>

#include "softmax_kernel.h"

#define ROWS 1000
#define COLS 3000 /* not a multiple of the block: the loop's tail is tested */
#define ROW_COLS 4096 /* softmax_row: 4 float4s a thread */
#define BLOCK 256

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

/* Runs kernel `kernel` of the artifact on device 0 over ROWS x `ncols` and
 * checks it; 0 ok, -1 skipped, 1 failed (RESULT: FAIL printed). */
static int run(const flyc_artifact_t *a, int cuda, const char *kernel, int ncols) {
  flyc_driver_t *drv = NULL;
  int rc = flyc_driver_open(&drv, cuda ? FLYC_DRIVER_CUDA : FLYC_DRIVER_HIP);
  if (rc == FLYC_ENODRIVER || rc == FLYC_ENODEVICE) {
    printf("skipped: no %s GPU here (%s)\n", cuda ? "CUDA" : "HIP", flyc_error_last()->message);
    return -1;
  }
  if (rc)
    return fail("driver");
  size_t n = (size_t)ROWS * ncols, bytes = n * sizeof(float);
  float *in = malloc(bytes), *out = malloc(bytes);
  if (!in || !out)
    return free(in), free(out), 1;
  uint64_t seed = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; i < n; i++) { /* xorshift64*: values in [-8, 8) */
    seed ^= seed >> 12, seed ^= seed << 25, seed ^= seed >> 27;
    in[i] = -8.0f + 16.0f * (float)((seed * 2685821657736338717ull) >> 40) / (float)(1 << 24);
  }
  flyc_gpu_jit_module_t *mod = NULL;
  uint64_t din = 0, dout = 0;
  int32_t cols = ncols;
  rc = flyc_gpu_jit_module_load(&mod, drv, 0, a, NULL, 0);
  rc = rc ? rc : flyc_device_alloc(drv, 0, bytes, &din);
  rc = rc ? rc : flyc_device_alloc(drv, 0, bytes, &dout);
  rc = rc ? rc : flyc_memcpy_htod(drv, 0, din, in, bytes);
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = ROWS, cfg.block[0] = BLOCK;
  void *args[3] = {&din, &dout, &cols};
  rc = rc ? rc : flyc_launch(mod, kernel, &cfg, args);
  rc = rc ? rc : flyc_device_synchronize(drv, 0);
  rc = rc ? rc : flyc_memcpy_dtoh(drv, 0, out, dout, bytes);
  double worst = 0;
  for (size_t r = 0; !rc && r < ROWS; r++) {
    const float *x = in + r * ncols;
    double m = -INFINITY, s = 0;
    for (int j = 0; j < ncols; j++)
      m = x[j] > m ? x[j] : m;
    for (int j = 0; j < ncols; j++)
      s += exp(x[j] - m);
    for (int j = 0; j < ncols; j++) {
      double want = exp(x[j] - m) / s, err = fabs(out[r * ncols + j] - want) / want;
      worst = err > worst || err != err ? err : worst;
    }
  }
  if (din)
    flyc_device_free(drv, 0, din);
  if (dout)
    flyc_device_free(drv, 0, dout);
  flyc_gpu_jit_module_destroy(mod);
  free(in), free(out);
  if (rc)
    return fail("run");
  /* float sums of 3000 terms and the device exp against double: ~1e-6; a
   * wrong max, sum or lane shows as errors of order 1. */
  int ok = worst <= 1e-4;
  printf("%s %d x %d: worst relative error %.3g\n%s", kernel, ROWS, ncols, worst,
         ok ? "" : "RESULT: FAIL\n");
  return !ok;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "--run") != 0)) {
    fprintf(stderr, "usage: %s TARGET [--run]\n", argv[0]);
    return 2;
  }
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  flyc_artifact_t *a = NULL;
  if (softmax_emit(ctx, BLOCK, NULL) || softmax_row_emit(ctx, BLOCK, ROW_COLS, NULL) ||
      flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("softmax");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("softmax for %s: %zu bytes\n", flyc_artifact_target(a), size);
  int cuda = strncmp(argv[1], "sm_", 3) == 0, rc = 0;
  if (argc == 3) {
    rc = run(a, cuda, "softmax", COLS);
    rc = rc ? rc : run(a, cuda, "softmax_row", ROW_COLS);
    if (!rc)
      printf("RESULT: ok\n");
    rc = rc > 0;
  }
  flyc_artifact_destroy(a);
  return rc;
}

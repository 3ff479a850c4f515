/* A float4 vector add (examples/vadd4_kernel.h), one source for every
 * target, built with the kernel builder's typed loads (float4, streaming)
 * and its for loop (the tail of n % 4 elements); with --run it also runs on
 * the GPU the target names (CUDA for sm_*, HIP for gfx*) and checks every
 * element, or says it skipped when there is no driver or device.
 *
 *   cc examples/vadd4_builder.c $(pkg-config --cflags --libs flyc) -o vadd4
 *   ./vadd4 gfx942            # or sm_90
 *   ./vadd4 sm_90 --run       # on an H200: RESULT: ok
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <flyc.h>
#include <flyc/driver.h>

#include "vadd4_kernel.h"

#define N ((1 << 20) + 3) /* not a multiple of 4: the tail loop runs 3 times */
#define BLOCK 256

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

/* Launches on device 0 and checks out == a + b exactly (one float add). */
static int launch_check(flyc_driver_t *drv, const flyc_artifact_t *a, const float *x,
                        const float *y, float *out) {
  size_t bytes = (size_t)N * sizeof(float);
  flyc_gpu_jit_module_t *mod = NULL;
  uint64_t d[3] = {0, 0, 0};
  int32_t n = N;
  int rc = flyc_gpu_jit_module_load(&mod, drv, 0, a, NULL, 0);
  for (int i = 0; i < 3; i++)
    rc = rc ? rc : flyc_device_alloc(drv, 0, bytes, &d[i]);
  rc = rc ? rc : flyc_memcpy_htod(drv, 0, d[0], x, bytes);
  rc = rc ? rc : flyc_memcpy_htod(drv, 0, d[1], y, bytes);
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = (N / 4 + BLOCK - 1) / BLOCK, cfg.block[0] = BLOCK;
  void *args[4] = {&d[0], &d[1], &d[2], &n};
  rc = rc ? rc : flyc_launch(mod, "vadd4", &cfg, args);
  rc = rc ? rc : flyc_device_synchronize(drv, 0);
  rc = rc ? rc : flyc_memcpy_dtoh(drv, 0, out, d[2], bytes);
  for (int i = 0; i < 3; i++)
    if (d[i])
      flyc_device_free(drv, 0, d[i]);
  flyc_gpu_jit_module_destroy(mod);
  if (rc)
    return fail("run");
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < N; i++)
    if (out[i] != x[i] + y[i] && !bad++)
      first = i;
  if (bad)
    printf("%zu of %d elements wrong, the first at %zu (tail from %d)\n", bad, N, first,
           N / 4 * 4);
  printf("%d elements (%d in the tail): %s\nRESULT: %s\n", N, N % 4, bad ? "wrong" : "all equal",
         bad ? "FAIL" : "ok");
  return bad != 0;
}

/* Runs the artifact on device 0 and checks it; 0 ok or skipped, 1 failed. */
static int run(const flyc_artifact_t *a, int cuda) {
  flyc_driver_t *drv = NULL;
  int rc = flyc_driver_open(&drv, cuda ? FLYC_DRIVER_CUDA : FLYC_DRIVER_HIP);
  if (rc == FLYC_ENODRIVER || rc == FLYC_ENODEVICE) {
    printf("skipped: no %s GPU here (%s)\n", cuda ? "CUDA" : "HIP", flyc_error_last()->message);
    return 0;
  }
  if (rc)
    return fail("driver");
  size_t bytes = (size_t)N * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *out = malloc(bytes);
  if (x && y && out) {
    for (size_t i = 0; i < N; i++)
      x[i] = (float)i * 0.5f, y[i] = 1.0f / (float)(i + 1), out[i] = -1.0f;
    rc = launch_check(drv, a, x, y, out);
  } else {
    rc = 1;
  }
  free(x), free(y), free(out);
  flyc_driver_destroy(drv);
  return rc;
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
  if (vadd4_emit(ctx, NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("vadd4");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("vadd4 for %s: %zu bytes\n", flyc_artifact_target(a), size);
  int rc = argc == 3 ? run(a, strncmp(argv[1], "sm_", 3) == 0) : 0;
  flyc_artifact_destroy(a);
  return rc;
}

/* A byte histogram (examples/histogram_kernel.h), one source for every
 * target, built with the kernel builder's shared memory, block- and
 * device-scope atomics and strided for loops; with --run it also runs on the
 * GPU the target names (CUDA for sm_*, HIP for gfx*) and checks every bin
 * against the host's count, or says it skipped when there is no driver or
 * device.
 *
 *   cc examples/histogram_builder.c $(pkg-config --cflags --libs flyc) -o histogram
 *   ./histogram gfx942             # or sm_90
 *   ./histogram sm_90 --run        # on an H200: RESULT: ok
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <flyc.h>
#include <flyc/driver.h>

#include "histogram_kernel.h"

#define N ((1 << 24) + 13) /* not a multiple of the grid: the last stride is partial */

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

/* One launch of `grid` x `block` threads over the bytes at d_data; the bins
 * (zeroed first) into `out`. */
static int launch(flyc_gpu_jit_module_t *mod, flyc_driver_t *drv, uint64_t d_data, uint64_t d_bins,
                  uint32_t grid, uint32_t block, uint32_t *out) {
  static const uint32_t zero[HIST_BINS];
  int32_t n = N;
  int rc = flyc_memcpy_htod(drv, 0, d_bins, zero, sizeof zero);
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = grid, cfg.block[0] = block;
  void *args[3] = {&d_data, &n, &d_bins};
  rc = rc ? rc : flyc_launch(mod, "histogram", &cfg, args);
  rc = rc ? rc : flyc_device_synchronize(drv, 0);
  return rc ? rc : flyc_memcpy_dtoh(drv, 0, out, d_bins, sizeof zero);
}

/* Runs on device 0 with three shapes (a block of fewer threads than bins, a
 * grid that strides many times, one thread a byte) and checks each bin. */
static int launch_check(flyc_driver_t *drv, const flyc_artifact_t *a, const uint8_t *data,
                        const uint32_t *want) {
  static const uint32_t shapes[3][2] = {{132, 32}, {264, 256}, {(N + 1023) / 1024, 1024}};
  flyc_gpu_jit_module_t *mod = NULL;
  uint64_t d_data = 0, d_bins = 0;
  int rc = flyc_gpu_jit_module_load(&mod, drv, 0, a, NULL, 0), bad = 0;
  rc = rc ? rc : flyc_device_alloc(drv, 0, N, &d_data);
  rc = rc ? rc : flyc_device_alloc(drv, 0, HIST_BINS * sizeof(uint32_t), &d_bins);
  rc = rc ? rc : flyc_memcpy_htod(drv, 0, d_data, data, N);
  for (int s = 0; s < 3 && !rc; s++) {
    uint32_t got[HIST_BINS];
    if ((rc = launch(mod, drv, d_data, d_bins, shapes[s][0], shapes[s][1], got)))
      break;
    int wrong = 0;
    for (int k = 0; k < HIST_BINS; k++)
      if (got[k] != want[k] && !wrong++)
        printf("grid %u x block %u: bin %d is %u, not %u\n", shapes[s][0], shapes[s][1], k, got[k],
               want[k]);
    printf("grid %u x block %u: %d of %d bins wrong\n", shapes[s][0], shapes[s][1], wrong,
           HIST_BINS);
    bad += wrong;
  }
  if (d_data)
    flyc_device_free(drv, 0, d_data);
  if (d_bins)
    flyc_device_free(drv, 0, d_bins);
  flyc_gpu_jit_module_destroy(mod);
  if (rc)
    return fail("run");
  printf("%d bytes into %d bins: %s\nRESULT: %s\n", N, HIST_BINS, bad ? "wrong" : "all equal",
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
  uint8_t *data = malloc(N);
  uint32_t want[HIST_BINS] = {0}, x = 12345;
  if (data) {
    for (size_t i = 0; i < N; i++) { /* skewed: bin 7 gets a quarter of the bytes */
      x = x * 1664525u + 1013904223u;
      data[i] = (x >> 24) < 64 ? 7 : (uint8_t)(x >> 16);
      want[data[i] % HIST_BINS]++;
    }
    rc = launch_check(drv, a, data, want);
  } else {
    rc = 1;
  }
  free(data);
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
  if (histogram_emit(ctx, NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("histogram");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("histogram for %s: %zu bytes\n", flyc_artifact_target(a), size);
  int rc = argc == 3 ? run(a, strncmp(argv[1], "sm_", 3) == 0) : 0;
  flyc_artifact_destroy(a);
  return rc;
}

/* The shared-memory SGEMM (examples/sgemm_kernel.h), one source for every
 * target; with --run it also runs on the GPU the target names (CUDA for
 * sm_*, HIP for gfx*) and compares every element of C with the host's
 * sequential fmaf loop, which it must equal bit for bit, or says it skipped
 * when there is no driver or device.
 *
 *   cc examples/sgemm_builder.c $(pkg-config --cflags --libs flyc) -lm -o sgemm
 *   ./sgemm gfx942                     # or sm_90
 *   ./sgemm sm_90 --run [M N K]        # on an H200: RESULT: ok (default 300 200 77)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <flyc.h>
#include <flyc/driver.h>

#include "sgemm_kernel.h"

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

typedef struct dims {
  int32_t m, n, k;
} dims_t;

/* Uploads A and B, launches one grid over C and downloads it into c. */
static int launch(flyc_driver_t *drv, const flyc_artifact_t *art, dims_t d, const float *a,
                  const float *b, float *c) {
  size_t bytes[3] = {(size_t)d.m * d.k * 4, (size_t)d.k * d.n * 4, (size_t)d.m * d.n * 4};
  const float *host[2] = {a, b};
  flyc_gpu_jit_module_t *mod = NULL;
  uint64_t dev[3] = {0, 0, 0};
  int rc = flyc_gpu_jit_module_load(&mod, drv, 0, art, NULL, 0);
  for (int i = 0; i < 3; i++)
    rc = rc ? rc : flyc_device_alloc(drv, 0, bytes[i] ? bytes[i] : 4, &dev[i]);
  for (int i = 0; i < 2; i++)
    rc = rc || !bytes[i] ? rc : flyc_memcpy_htod(drv, 0, dev[i], host[i], bytes[i]);
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = (uint32_t)(d.n + SGEMM_T - 1) / SGEMM_T;
  cfg.grid[1] = (uint32_t)(d.m + SGEMM_T - 1) / SGEMM_T;
  cfg.block[0] = cfg.block[1] = SGEMM_T;
  void *args[6] = {&dev[0], &dev[1], &dev[2], &d.m, &d.n, &d.k};
  rc = rc || !cfg.grid[0] || !cfg.grid[1] ? rc : flyc_launch(mod, "sgemm", &cfg, args);
  rc = rc ? rc : flyc_device_synchronize(drv, 0);
  rc = rc || !bytes[2] ? rc : flyc_memcpy_dtoh(drv, 0, c, dev[2], bytes[2]);
  for (int i = 0; i < 3; i++)
    if (dev[i])
      flyc_device_free(drv, 0, dev[i]);
  flyc_gpu_jit_module_destroy(mod);
  return rc;
}

/* Runs M x N x K on device 0 and compares C with the sequential fmaf loop. */
static int run_shape(flyc_driver_t *drv, const flyc_artifact_t *art, dims_t d) {
  size_t na = (size_t)d.m * d.k, nb = (size_t)d.k * d.n, nc = (size_t)d.m * d.n;
  float *a = malloc(na * 4 + 4), *b = malloc(nb * 4 + 4), *c = malloc(nc * 4 + 4);
  int rc = 1;
  if (a && b && c) {
    uint32_t x = 777;
    for (size_t i = 0; i < na + nb; i++) { /* in [-1, 1), with every mantissa bit in use */
      x = x * 1664525u + 1013904223u;
      float v = (float)(int32_t)x / 2147483648.0f;
      (i < na ? a : b)[i < na ? i : i - na] = v;
    }
    for (size_t i = 0; i < nc; i++)
      c[i] = NAN;
    if ((rc = launch(drv, art, d, a, b, c)) != 0) {
      rc = fail("run");
    } else {
      size_t bad = 0;
      for (int32_t r = 0; r < d.m; r++)
        for (int32_t col = 0; col < d.n; col++) {
          float acc = 0.0f;
          for (int32_t k = 0; k < d.k; k++)
            acc = fmaf(a[(size_t)r * d.k + k], b[(size_t)k * d.n + col], acc);
          float got = c[(size_t)r * d.n + col];
          if (got != acc && !bad++)
            printf("C[%d][%d] is %.9g, not %.9g\n", r, col, got, acc);
        }
      printf("%d x %d x %d: %zu of %zu elements differ from the fmaf loop\n", d.m, d.n, d.k, bad,
             nc);
      rc = bad != 0;
    }
  }
  free(a), free(b), free(c);
  return rc;
}

/* Runs the artifact on device 0 and checks it; 0 ok or skipped, 1 failed. */
static int run(const flyc_artifact_t *art, int cuda, dims_t d) {
  flyc_driver_t *drv = NULL;
  int rc = flyc_driver_open(&drv, cuda ? FLYC_DRIVER_CUDA : FLYC_DRIVER_HIP);
  if (rc == FLYC_ENODRIVER || rc == FLYC_ENODEVICE) {
    printf("skipped: no %s GPU here (%s)\n", cuda ? "CUDA" : "HIP", flyc_error_last()->message);
    return 0;
  }
  if (rc)
    return fail("driver");
  rc = run_shape(drv, art, d);
  flyc_driver_destroy(drv);
  printf("RESULT: %s\n", rc ? "FAIL" : "ok");
  return rc;
}

static int size_arg(const char *s, int32_t *v) {
  char *end;
  long x = strtol(s, &end, 10);
  if (*s == '\0' || *end != '\0' || x < 0 || x > 16384)
    return fprintf(stderr, "bad size '%s' (0 to 16384)\n", s), -1;
  *v = (int32_t)x;
  return 0;
}

int main(int argc, char **argv) {
  dims_t d = {300, 200, 77}; /* none a multiple of the tile: every guard is taken */
  int runit = argc >= 3 && strcmp(argv[2], "--run") == 0;
  if (argc < 2 || (argc > 2 && !runit) || (argc != 3 && argc != 6 && argc != 2) ||
      (argc == 6 &&
       (size_arg(argv[3], &d.m) || size_arg(argv[4], &d.n) || size_arg(argv[5], &d.k)))) {
    fprintf(stderr, "usage: %s TARGET [--run [M N K]]\n", argv[0]);
    return 2;
  }
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  flyc_artifact_t *a = NULL;
  if (sgemm_emit(ctx, NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("sgemm");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("sgemm for %s: %zu bytes\n", flyc_artifact_target(a), size);
  int rc = runit ? run(a, strncmp(argv[1], "sm_", 3) == 0, d) : 0;
  flyc_artifact_destroy(a);
  return rc;
}

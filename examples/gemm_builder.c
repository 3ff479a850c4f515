/* A tensor-core GEMM (examples/gemm_kernel.h): C = A * B^T, f16 in, f32
 * accumulate, one source for every target with a matrix unit, built with
 * the kernel builder's MMA tiles and asynchronous copies. With --run it
 * runs on the GPU the target names (CUDA for sm_*, HIP for gfx*) and checks
 * C exactly (the inputs are small multiples of 1/4 and 1/2, so every
 * product and sum is exact in f32), or says it skipped when there is no
 * driver or device; --bench also times it (TFLOP/s, median of 7).
 *
 *   cc examples/gemm_builder.c $(pkg-config --cflags --libs flyc) -o gemm
 *   ./gemm gfx942                  # or sm_90
 *   ./gemm sm_90 --run 512 512 512 # on an H200: RESULT: ok
 *   ./gemm sm_90 --bench 4096 4096 4096
 *   ./gemm sm_90a --bench 4096 4096 4096  # wgmma (gemm_wgmma_kernel.h)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <flyc.h>
#include <flyc/driver.h>

#include "gemm_kernel.h"

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

/* IEEE half bits of a float that is exactly a half (the inputs here). */
static uint16_t to_half(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  uint32_t sign = (u >> 16) & 0x8000u, exp = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  if (!exp)
    return (uint16_t)sign;
  return (uint16_t)(sign | ((exp - 112u) << 10) | (man >> 13));
}

static float a_val(size_t i, size_t k) { return (float)((int)((i * 7 + k * 3) % 9) - 4) * 0.25f; }
static float b_val(size_t j, size_t k) { return (float)((int)((j * 5 + k * 11) % 7) - 3) * 0.5f; }

/* Element (i, j) of C, exactly. */
static float expect(size_t i, size_t j, size_t k) {
  double s = 0;
  for (size_t t = 0; t < k; t++)
    s += (double)a_val(i, t) * b_val(j, t);
  return (float)s;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}

/* Rows and columns checked: all for small sizes, else 16 of each spread
 * over the blocks (first, last, and between). */
static size_t check(const float *c, size_t m, size_t n, size_t k) {
  size_t bad = 0, step_i = m <= 1024 ? 1 : m / 16 + 1, step_j = n <= 1024 ? 1 : n / 16 + 1;
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++) {
      if (i % step_i && j % step_j && i != m - 1 && j != n - 1)
        continue;
      float e = expect(i, j, k);
      if (c[i * n + j] != e && bad++ < 5)
        printf("C[%zu][%zu] = %.9g, expected %.9g\n", i, j, c[i * n + j], e);
    }
  return bad;
}

typedef struct run {
  flyc_driver_t *drv;
  flyc_gpu_jit_module_t *mod;
  uint64_t d[3];
  unsigned tile[2]; /* the block tile of C: rows, columns */
} run_t;

static int launch(run_t *r, int32_t m, int32_t n, int32_t k, unsigned threads) {
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = (uint32_t)n / r->tile[1], cfg.grid[1] = (uint32_t)m / r->tile[0];
  cfg.block[0] = threads;
  void *args[6] = {&r->d[0], &r->d[1], &r->d[2], &m, &n, &k};
  return flyc_launch(r->mod, "gemm", &cfg, args);
}

/* Times `reps` launches 7 times; the median TFLOP/s. */
static int bench(run_t *r, int32_t m, int32_t n, int32_t k, unsigned threads) {
  double t[7];
  int reps = 20, rc = 0;
  for (int s = 0; s < 7 && !rc; s++) {
    double t0 = now();
    for (int i = 0; i < reps && !rc; i++)
      rc = launch(r, m, n, k, threads);
    rc = rc ? rc : flyc_device_synchronize(r->drv, 0);
    t[s] = (now() - t0) / reps;
  }
  if (rc)
    return fail("bench");
  qsort(t, 7, sizeof *t, cmp_double);
  printf("gemm %dx%dx%d: median %.3f ms, %.1f TFLOP/s\n", m, n, k, t[3] * 1e3,
         2.0 * m * n * k / t[3] * 1e-12);
  return 0;
}

static int run(const flyc_artifact_t *a, const char *proc, int timed, size_t m, size_t n,
               size_t k, unsigned threads) {
  int cuda = strncmp(proc, "sm_", 3) == 0;
  run_t r = {.tile = {gemm_block_tile(proc, 0), gemm_block_tile(proc, 1)}};
  int rc = flyc_driver_open(&r.drv, cuda ? FLYC_DRIVER_CUDA : FLYC_DRIVER_HIP);
  if (rc == FLYC_ENODRIVER || rc == FLYC_ENODEVICE) {
    printf("skipped: no %s GPU here (%s)\n", cuda ? "CUDA" : "HIP", flyc_error_last()->message);
    return 0;
  }
  if (rc)
    return fail("driver");
  uint16_t *ha = malloc(m * k * 2), *hb = malloc(n * k * 2);
  float *hc = malloc(m * n * 4);
  rc = ha && hb && hc ? FLYC_OK : FLYC_ENOMEM;
  for (size_t i = 0; !rc && i < m * k; i++)
    ha[i] = to_half(a_val(i / k, i % k));
  for (size_t i = 0; !rc && i < n * k; i++)
    hb[i] = to_half(b_val(i / k, i % k));
  rc = rc ? rc : flyc_gpu_jit_module_load(&r.mod, r.drv, 0, a, NULL, 0);
  size_t bytes[3] = {m * k * 2, n * k * 2, m * n * 4};
  for (int i = 0; i < 3; i++)
    rc = rc ? rc : flyc_device_alloc(r.drv, 0, bytes[i], &r.d[i]);
  rc = rc ? rc : flyc_memcpy_htod(r.drv, 0, r.d[0], ha, bytes[0]);
  rc = rc ? rc : flyc_memcpy_htod(r.drv, 0, r.d[1], hb, bytes[1]);
  rc = rc ? rc : flyc_memset_d8(r.drv, 0, r.d[2], 0xff, bytes[2]); /* NaNs until written */
  rc = rc ? rc : launch(&r, (int32_t)m, (int32_t)n, (int32_t)k, threads);
  rc = rc ? rc : flyc_device_synchronize(r.drv, 0);
  rc = rc ? rc : flyc_memcpy_dtoh(r.drv, 0, hc, r.d[2], bytes[2]);
  size_t bad = 0;
  if (!rc) {
    bad = check(hc, m, n, k);
    printf("gemm %zux%zux%zu: %s\n", m, n, k, bad ? "wrong" : "every checked element exact");
    if (!bad && timed)
      bad = bench(&r, (int32_t)m, (int32_t)n, (int32_t)k, threads) != 0;
  }
  for (int i = 0; i < 3; i++)
    if (r.d[i])
      flyc_device_free(r.drv, 0, r.d[i]);
  flyc_gpu_jit_module_destroy(r.mod);
  flyc_driver_destroy(r.drv);
  free(ha), free(hb), free(hc);
  if (rc)
    return fail("run");
  printf("RESULT: %s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}

int main(int argc, char **argv) {
  int timed = argc >= 3 && strcmp(argv[2], "--bench") == 0;
  int running = timed || (argc >= 3 && strcmp(argv[2], "--run") == 0);
  size_t dims[3] = {512, 512, 512};
  if (argc < 2 || (argc >= 3 && !running) || (argc != 3 && argc != 6 && argc != 2)) {
    fprintf(stderr, "usage: %s TARGET [--run|--bench [M N K]]\n", argv[0]);
    return 2;
  }
  for (int i = 0; argc == 6 && i < 3; i++)
    dims[i] = strtoul(argv[3 + i], NULL, 10);
  unsigned tile[2] = {gemm_block_tile(argv[1], 0), gemm_block_tile(argv[1], 1)};
  if (!dims[0] || !dims[1] || !dims[2] || dims[0] % tile[0] ||
      dims[1] % tile[1] || dims[2] % GEMM_K_MULTIPLE || dims[0] > 32768 ||
      dims[1] > 32768 || dims[2] > 32768) {
    fprintf(stderr, "M must be a multiple of %u, N of %u, K of %d, each at most 32768\n",
            tile[0], tile[1], GEMM_K_MULTIPLE);
    return 2;
  }
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  unsigned threads = gemm_threads(argv[1], flyc_ctx_wave_size(ctx));
  flyc_artifact_t *a = NULL;
  if (gemm_emit(ctx, argv[1], NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("gemm");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("gemm for %s: %zu bytes, blocks of %u threads\n", flyc_artifact_target(a), size,
         threads);
  int rc = running ? run(a, argv[1], timed, dims[0], dims[1], dims[2],
                         threads)
                   : 0;
  flyc_artifact_destroy(a);
  return rc;
}

/* Fused attention with FlashAttention's online softmax
 * (examples/attention_kernel.h), one source for every target, built with
 * the kernel builder; with --run it also runs on the GPU the target names
 * (CUDA for sm_*, HIP for gfx*) and checks every output element against
 * softmax(q k^T / sqrt(d)) v computed on the host in double precision, or
 * says it skipped when there is no driver or device.
 *
 *   cc examples/attention_builder.c $(pkg-config --cflags --libs flyc) -lm -o attention
 *   ./attention gfx942            # or sm_90
 *   ./attention sm_90 --run       # on an H200: RESULT: ok
 *   ./attention sm_90 --run NQ NKEYS
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <flyc.h>

#include "attention_kernel.h"

#define HEAD_DIM 64
#define WAVES 4

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

static void fill(float *x, size_t n, uint64_t seed) { /* xorshift64*: [-1, 1) */
  for (size_t i = 0; i < n; i++) {
    seed ^= seed >> 12, seed ^= seed << 25, seed ^= seed >> 27;
    x[i] = -1.0f + 2.0f * (float)((seed * 2685821657736338717ull) >> 40) / (float)(1 << 24);
  }
}

/* The worst absolute error of `o` against the host's attention. */
static double check(const float *q, const float *k, const float *v, const float *o, int nq,
                    int nkeys) {
  double worst = 0, *p = malloc((size_t)nkeys * sizeof *p);
  for (int i = 0; p && i < nq; i++) {
    double m = -INFINITY, l = 0;
    for (int j = 0; j < nkeys; j++) {
      double s = 0;
      for (int c = 0; c < HEAD_DIM; c++)
        s += (double)q[(size_t)i * HEAD_DIM + c] * k[(size_t)j * HEAD_DIM + c];
      p[j] = s / sqrt(HEAD_DIM);
      m = p[j] > m ? p[j] : m;
    }
    for (int j = 0; j < nkeys; j++)
      l += (p[j] = exp(p[j] - m));
    for (int c = 0; c < HEAD_DIM; c++) {
      double want = 0;
      for (int j = 0; j < nkeys; j++)
        want += p[j] * v[(size_t)j * HEAD_DIM + c];
      double err = fabs(o[(size_t)i * HEAD_DIM + c] - want / l);
      worst = err > worst || err != err ? err : worst;
    }
  }
  free(p);
  return p ? worst : INFINITY;
}

/* Runs the kernel on device 0; 0 ok, -1 skipped, 1 failed (RESULT: FAIL). */
static int run(const flyc_artifact_t *a, int cuda, uint32_t wave, int nq, int nkeys) {
  flyc_driver_t *drv = NULL;
  int rc = flyc_driver_open(&drv, cuda ? FLYC_DRIVER_CUDA : FLYC_DRIVER_HIP);
  if (rc == FLYC_ENODRIVER || rc == FLYC_ENODEVICE) {
    printf("skipped: no %s GPU here (%s)\nRESULT: skipped\n", cuda ? "CUDA" : "HIP",
           flyc_error_last()->message);
    return -1;
  }
  if (rc)
    return fail("driver");
  size_t bq = (size_t)nq * HEAD_DIM * sizeof(float), bk = (size_t)nkeys * HEAD_DIM * sizeof(float);
  float *q = malloc(bq), *k = malloc(bk), *v = malloc(bk), *o = malloc(bq);
  flyc_gpu_jit_module_t *mod = NULL;
  uint64_t d[4] = {0, 0, 0, 0};
  size_t bytes[4] = {bq, bk, bk, bq};
  rc = q && k && v && o ? flyc_gpu_jit_module_load(&mod, drv, 0, a, NULL, 0) : FLYC_ENOMEM;
  if (!rc) {
    fill(q, bq / 4, 0x9E3779B97F4A7C15ull), fill(k, bk / 4, 0xD1B54A32D192ED03ull);
    fill(v, bk / 4, 0x8CB92BA72F3D8DD7ull);
    memset(o, 0xff, bq); /* NaN: an element the kernel does not write fails */
  }
  for (int i = 0; i < 4 && !rc; i++)
    rc = flyc_device_alloc(drv, 0, bytes[i], &d[i]);
  const float *host[4] = {q, k, v, o};
  for (int i = 0; i < 4 && !rc; i++)
    rc = flyc_memcpy_htod(drv, 0, d[i], host[i], bytes[i]);
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = (uint32_t)((nq + WAVES - 1) / WAVES), cfg.block[0] = WAVES * wave;
  void *args[6] = {&d[0], &d[1], &d[2], &d[3], &nq, &nkeys};
  rc = rc ? rc : flyc_launch(mod, "attention", &cfg, args);
  rc = rc ? rc : flyc_device_synchronize(drv, 0);
  rc = rc ? rc : flyc_memcpy_dtoh(drv, 0, o, d[3], bq);
  double worst = rc ? 0 : check(q, k, v, o, nq, nkeys);
  for (int i = 0; i < 4; i++)
    if (d[i])
      flyc_device_free(drv, 0, d[i]);
  flyc_gpu_jit_module_destroy(mod);
  free(q), free(k), free(v), free(o);
  if (rc)
    return fail("run");
  /* float sums of nkeys terms and the device exp against double: ~1e-6; a
   * wrong rescale, lane or key shows as errors of order 0.1. */
  int ok = worst <= 1e-4;
  printf("attention %d queries x %d keys, head_dim %d: worst abs error %.3g\n%s", nq, nkeys,
         HEAD_DIM, worst, ok ? "" : "RESULT: FAIL\n");
  return !ok;
}

int main(int argc, char **argv) {
  int nq = 1000, nkeys = 777; /* neither a multiple of WAVES nor of a wave */
  if (argc != 2 && argc != 3 && argc != 5) {
    fprintf(stderr, "usage: %s TARGET [--run [NQ NKEYS]]\n", argv[0]);
    return 2;
  }
  if (argc >= 3 && strcmp(argv[2], "--run") != 0)
    return fprintf(stderr, "usage: %s TARGET [--run [NQ NKEYS]]\n", argv[0]), 2;
  if (argc == 5 && ((nq = atoi(argv[3])) <= 0 || (nkeys = atoi(argv[4])) <= 0))
    return fprintf(stderr, "NQ and NKEYS: positive integers\n"), 2;
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  uint32_t wave = flyc_ctx_wave_size(ctx);
  if (!attention_sizes_ok(wave, HEAD_DIM, WAVES)) {
    fprintf(stderr,
            "head_dim %d and %d waves: not for %s's wave size %u (head_dim a multiple "
            "of it, at most %d of it; at most 1024 threads)\n",
            HEAD_DIM, WAVES, argv[1], wave, ATTENTION_MAX_PER_LANE);
    flyc_ctx_destroy(ctx);
    return 1;
  }
  flyc_artifact_t *a = NULL;
  if (attention_emit(ctx, HEAD_DIM, WAVES, NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("attention");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("attention for %s: %zu bytes\n", flyc_artifact_target(a), size);
  int rc = 0;
  if (argc >= 3) {
    rc = run(a, strncmp(argv[1], "sm_", 3) == 0, wave, nq, nkeys);
    if (!rc)
      printf("RESULT: ok\n");
    rc = rc > 0;
  }
  flyc_artifact_destroy(a);
  return rc;
}

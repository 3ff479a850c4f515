/* GPU check of the kernel builder's examples on an NVIDIA GPU, from the C
 * API alone: build the shared-memory reduction (examples/reduce_kernel.h;
 * BLOCK 256 and 1024 with static shared memory, 512 with dynamic) and the
 * shmem + math kernel (examples/shmem_math_kernel.h, linking the stand-in
 * shmem library through link_extern) into one artifact, load it through the
 * CUDA driver (the artifact's post-load processor writes the library's rank),
 * launch with flyc_launch, and check every element of every output against a
 * host reference; outputs are poisoned and padded, and the padding must stay
 * poisoned.
 *
 *   builder_examples_run MSTL.bc TARGET
 * Exit 0 when every check passes. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <flyc.h>

#include "reduce_kernel.h"
#include "shmem_math_kernel.h"

#define RANK 5
#define POISON 0xFFu /* every float byte: a NaN */
#define PAD 4096     /* poisoned elements past the end of each output */

static int fails;

static void check(int ok, const char *what) {
  printf("%-58s %s\n", what, ok ? "ok" : "FAIL");
  fails += !ok;
}

static int die(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  printf("%s: %s: %s\nRESULT: FAIL\n", what, flyc_status_name(e->code), e->message);
  return 1;
}

/* The processor link_extern names: writes the library's state (rank RANK of
 * 8, the magic the library checks) as mori's shmem init does. */
static int set_rank(const flyc_loaded_module_t *m, void *payload) {
  (void)payload;
  unsigned char state[80];
  memset(state, 0, sizeof state);
  int32_t v[3] = {RANK, 8, 0x5EED};
  memcpy(state, v, sizeof v);
  return flyc_module_global_write(m, SHMEM_MATH_STATE, state, sizeof state);
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static float uniform(float lo, float hi) { /* xorshift64* */
  rng ^= rng >> 12, rng ^= rng << 25, rng ^= rng >> 27;
  return lo + (hi - lo) * (float)((rng * 2685821657736338717ull) >> 40) / (float)(1 << 24);
}

static int poisoned(const float *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n * sizeof *p; i++)
    if (b[i] != POISON)
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s MSTL.bc TARGET\n", argv[0]);
    return 2;
  }
  if (flyc_processor_register(SHMEM_MATH_PROCESSOR, set_rank, NULL))
    return die("register");
  double t0 = now_ms();
  flyc_ctx_t *ctx;
  const char *r256, *r1024, *r512d, *sm;
  flyc_artifact_t *a = NULL;
  if (flyc_ctx_create(&ctx, argv[2]) || reduce_emit(ctx, 256, &r256) ||
      reduce_emit(ctx, 1024, &r1024) || reduce_emit_mode(ctx, 512, 1, &r512d) ||
      shmem_math_emit(ctx, argv[1], &sm) || flyc_ctx_compile(ctx, NULL, &a))
    return die("build");
  char names[3][64];
  snprintf(names[0], 64, "%s", r256);
  snprintf(names[1], 64, "%s", r1024);
  snprintf(names[2], 64, "%s", r512d);
  char smname[64];
  snprintf(smname, 64, "%s", sm);
  flyc_ctx_destroy(ctx);
  printf("built %s, %s, %s, %s for %s in %.2f ms (C API, cold; %zu processor(s))\n", names[0],
         names[1], names[2], smname, argv[2], now_ms() - t0, flyc_artifact_processor_count(a));

  flyc_driver_t *drv;
  flyc_gpu_jit_module_t *mod;
  if (flyc_driver_open(&drv, FLYC_DRIVER_CUDA))
    return die("driver");
  if (flyc_gpu_jit_module_load(&mod, drv, 0, a, NULL, 0))
    return die("load");

  const int n = 1000003;
  float *x = malloc(n * sizeof *x), *y = malloc((n + PAD) * sizeof *y);
  uint64_t dx, dy;
  if (!x || !y || flyc_device_alloc(drv, 0, n * sizeof *x, &dx) ||
      flyc_device_alloc(drv, 0, (n + PAD) * sizeof *y, &dy))
    return die("alloc");

  /* The reductions: out[b] is the sum of block b's elements. */
  const int blocks[3] = {256, 1024, 512};
  for (int k = 0; k < 3; k++) {
    for (int i = 0; i < n; i++)
      x[i] = uniform(-1.0f, 1.0f);
    int grid = (n + blocks[k] - 1) / blocks[k];
    if (flyc_memcpy_htod(drv, 0, dx, x, n * sizeof *x) ||
        flyc_memset_d8(drv, 0, dy, POISON, (grid + PAD) * sizeof *y))
      return die("copy");
    flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
    c.grid[0] = (uint32_t)grid;
    c.block[0] = (uint32_t)blocks[k];
    int nn = n;
    void *args[3] = {&dx, &dy, &nn};
    if (flyc_launch(mod, names[k], &c, args) || flyc_device_synchronize(drv, 0) ||
        flyc_memcpy_dtoh(drv, 0, y, dy, (grid + PAD) * sizeof *y))
      return die(names[k]);
    int wrong = 0;
    double worst = 0;
    for (int b = 0; b < grid; b++) {
      double ref = 0, mag = 0;
      for (int i = b * blocks[k]; i < n && i < (b + 1) * blocks[k]; i++)
        ref += x[i], mag += fabs(x[i]);
      double err = fabs(y[b] - ref);
      if (!(err <= 1e-6 * mag + 1e-6))
        wrong++;
      if (err > worst)
        worst = err;
    }
    char what[160];
    snprintf(what, sizeof what, "%s (block %d, %s shared): %d of %d sums wrong, max err %.2g",
             names[k], blocks[k], k == 2 ? "dynamic" : "static", wrong, grid, worst);
    check(wrong == 0 && poisoned(y + grid, PAD), what);
  }
  /* A dynamic-shared launch asking for less than the allocator took. */
  flyc_launch_config_t small = FLYC_LAUNCH_CONFIG_INIT;
  small.grid[0] = 1;
  small.block[0] = 512;
  small.shared_size = 1024;
  int nn = n;
  void *args[3] = {&dx, &dy, &nn};
  int rc = flyc_launch(mod, names[2], &small, args);
  printf("  %s\n", flyc_error_last()->message);
  check(rc == FLYC_EINVAL, "launch with 1024 < 2048 bytes of shared memory refused");
  /* A launch block other than the specialisation's. */
  small.shared_size = 0;
  small.block[0] = 256;
  rc = flyc_launch(mod, names[1], &small, args);
  printf("  %s\n", flyc_error_last()->message);
  check(rc == FLYC_EINVAL, "block 256 for the BLOCK=1024 kernel refused");

  /* shmem + math: out[i] = sqrt(x) + exp(x) + rank. */
  for (int i = 0; i < n; i++)
    x[i] = uniform(0.0f, 4.0f);
  if (flyc_memcpy_htod(drv, 0, dx, x, n * sizeof *x) ||
      flyc_memset_d8(drv, 0, dy, POISON, (n + PAD) * sizeof *y))
    return die("copy");
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.grid[0] = (uint32_t)((n + 255) / 256);
  c.block[0] = 256;
  if (flyc_launch(mod, smname, &c, args) || flyc_device_synchronize(drv, 0) ||
      flyc_memcpy_dtoh(drv, 0, y, dy, (n + PAD) * sizeof *y))
    return die(smname);
  int wrong = 0;
  double worst = 0;
  for (int i = 0; i < n; i++) {
    double ref = sqrt((double)x[i]) + exp((double)x[i]) + RANK;
    double rel = fabs(y[i] - ref) / ref;
    if (!(rel <= 1e-6))
      wrong++;
    if (rel > worst)
      worst = rel;
  }
  char what[160];
  snprintf(what, sizeof what, "%s (rank %d from the processor): %d of %d wrong, max rel %.2g",
           smname, RANK, wrong, n, worst);
  check(wrong == 0 && poisoned(y + n, PAD), what);

  flyc_device_free(drv, 0, dx);
  flyc_device_free(drv, 0, dy);
  flyc_gpu_jit_module_destroy(mod);
  flyc_artifact_destroy(a);
  free(x);
  free(y);
  printf("RESULT: %s\n", fails ? "FAIL" : "PASS");
  return fails != 0;
}

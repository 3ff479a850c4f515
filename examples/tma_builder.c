/* The TMA tile kernel (examples/tma_kernel.h) for an sm_90 (or newer)
 * target; with --run it also runs on the CUDA GPU, on a ROWS x COLS f32
 * matrix whose rows are padded (the tensor map's row stride must be a
 * multiple of 16 bytes), and checks every element of the output, the
 * padding and a guard after the matrix. The input map is only loaded
 * through (FLYC_TENSOR_MAP_LOADS_ONLY: its rows may end anywhere; TMA reads
 * zeros past them); the output map's rows end on 16 bytes (COLS rounded up
 * to 4 floats: a TMA store writes a row's last 16-byte piece whole), so
 * those few columns past COLS are the output's own and hold b (the zeros
 * times a, plus b), and nothing past them is written; --bench also times it next to the same
 * y = x * a + b written with plain loads and stores (kernel text, one
 * element a thread), in the same run. On a target without TMA it says so
 * (FLYC_EUNSUPPORTED) and exits 1.
 *
 *   cc examples/tma_builder.c $(pkg-config --cflags --libs flyc) -o tma
 *   ./tma sm_90                       # the PTX
 *   ./tma sm_90 --run [ROWS COLS]     # on an H200: RESULT: ok
 *   ./tma sm_90 --bench [ROWS COLS]   # GB/s, TMA and plain
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <flyc.h>
#include <flyc/builder.h>
#include <flyc/driver.h>

#include "tma_kernel.h"

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  printf("RESULT: FAIL\n");
  return 1;
}

/* The peer: y[i] = x[i] * a + b over n floats, one a thread. */
static const flyc_param_t plain_params[5] = {
    {sizeof(flyc_param_t), "x", FLYC_PARAM_PTR, 0, 1, 16, 1, "f32"},
    {sizeof(flyc_param_t), "y", FLYC_PARAM_PTR, 0, 1, 16, 1, "f32"},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 64, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "a", FLYC_PARAM_FLOAT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_FLOAT, 32, 0, 0, 0, NULL},
};

static int plain_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg, void *p) {
  (void)b, (void)arg, (void)p;
  return flyc_kb_do(kb, 0, "i = i64(blockIdx.x) * blockDim.x + threadIdx.x;"
                           "if (i < n) y[i] = x[i] * a + b");
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Median seconds of `reps` launches of `kernel` (each synchronized). */
static double timed(flyc_gpu_jit_module_t *m, flyc_driver_t *drv, const char *kernel,
                    const flyc_launch_config_t *cfg, void **args, int *rc) {
  double t[15];
  for (int r = 0; r < 15 && !*rc; r++) {
    double t0 = now();
    *rc = flyc_launch(m, kernel, cfg, args);
    *rc = *rc ? *rc : flyc_device_synchronize(drv, 0);
    t[r] = now() - t0;
  }
  for (int i = 0; i < 15; i++) /* sort for the median */
    for (int j = i + 1; j < 15; j++)
      if (t[j] < t[i]) {
        double s = t[i];
        t[i] = t[j], t[j] = s;
      }
  return t[7];
}

static int run(const flyc_artifact_t *art, uint32_t rows, uint32_t cols, int bench) {
  flyc_driver_t *drv = NULL;
  int rc = flyc_driver_open(&drv, FLYC_DRIVER_CUDA);
  if (rc == FLYC_ENODRIVER || rc == FLYC_ENODEVICE) {
    printf("skipped: no CUDA GPU here (%s)\n", flyc_error_last()->message);
    return 0;
  }
  if (rc)
    return fail("driver");
  /* floats a row: a 16-byte row stride, and 32 bytes more of padding that
   * no store may touch */
  uint32_t pitch = (cols + 3) / 4 * 4 + 8;
  size_t n = (size_t)rows * pitch, guard = 4096, bytes = (n + guard) * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), a = 2.0f, bb = 0.25f; /* exact: fma or not */
  uint64_t dx = 0, dy = 0;
  flyc_gpu_jit_module_t *m = NULL;
  if (!x || !y)
    return free(x), free(y), flyc_driver_destroy(drv), fail("host memory");
  for (size_t i = 0; i < n + guard; i++)
    x[i] = (float)(i % 9973) * 0.125f - 300.0f, y[i] = -7.0f;
  rc = flyc_gpu_jit_module_load(&m, drv, 0, art, NULL, 0);
  rc = rc ? rc : flyc_device_alloc(drv, 0, bytes, &dx);
  rc = rc ? rc : flyc_device_alloc(drv, 0, bytes, &dy);
  rc = rc ? rc : flyc_memcpy_htod(drv, 0, dx, x, bytes);
  rc = rc ? rc : flyc_memcpy_htod(drv, 0, dy, y, bytes);
  flyc_tensor_map_t in, out;
  uint32_t ocols = (cols + 3) / 4 * 4; /* the output's rows end on 16 bytes */
  flyc_tensor_map_desc_t d = FLYC_TENSOR_MAP_DESC_INIT;
  d.rank = 2, d.elem = FLYC_TENSOR_F32, d.address = dx, d.flags = FLYC_TENSOR_MAP_LOADS_ONLY;
  d.dims[0] = cols, d.dims[1] = rows, d.strides[0] = (uint64_t)pitch * 4;
  d.box[0] = TMA_BOX_X, d.box[1] = TMA_BOX_Y;
  rc = rc ? rc : flyc_tensor_map_encode(drv, &d, &in);
  d.address = dy, d.dims[0] = ocols, d.flags = 0;
  rc = rc ? rc : flyc_tensor_map_encode(drv, &d, &out);
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = (cols + TMA_BOX_X - 1) / TMA_BOX_X,
  cfg.grid[1] = (rows + TMA_BOX_Y - 1) / TMA_BOX_Y;
  cfg.block[0] = TMA_THREADS;
  void *args[4] = {&in, &out, &a, &bb};
  rc = rc ? rc : flyc_launch(m, "tma_axpb", &cfg, args);
  rc = rc ? rc : flyc_device_synchronize(drv, 0);
  rc = rc ? rc : flyc_memcpy_dtoh(drv, 0, y, dy, bytes);
  size_t bad = 0, first = 0, past = 0;
  for (size_t i = 0; !rc && i < n + guard; i++) {
    int inside = i < n && i % pitch < cols, own = i < n && i % pitch < ocols;
    float want = inside ? x[i] * a + bb : own ? bb : -7.0f;
    if (y[i] != want && !bad++)
      first = i;
    if (y[i] != want && i < n && i % pitch >= ocols && i % pitch - ocols + 1 > past)
      past = i % pitch - ocols + 1;
  }
  if (past)
    printf("a store wrote up to %zu floats past the output's rows (%u floats)\n", past, ocols);
  if (!rc) {
    if (bad)
      printf("%zu wrong, the first at row %zu column %zu: %g\n", bad, first / pitch,
             first % pitch, y[first]);
    printf("%u x %u (rows of %u floats, the output's %u, %zu guard floats after): %s\n"
           "RESULT: %s\n", rows, cols, pitch, ocols, guard,
           bad ? "wrong" : "every element right, padding and guard untouched",
           bad ? "FAIL" : "ok");
  }
  if (!rc && !bad && bench) {
    double t = timed(m, drv, "tma_axpb", &cfg, args, &rc);
    int64_t nn = (int64_t)n;
    void *pargs[5] = {&dx, &dy, &nn, &a, &bb};
    flyc_launch_config_t pc = FLYC_LAUNCH_CONFIG_INIT;
    pc.grid[0] = (uint32_t)((n + 255) / 256), pc.block[0] = 256;
    double tp = rc ? 0 : timed(m, drv, "tma_plain", &pc, pargs, &rc);
    if (!rc)
      printf("bench %u x %u: tma %.0f GB/s, plain loads %.0f GB/s, ratio %.3f (medians of 15)\n",
             rows, cols, 2.0 * n * 4 / t / 1e9, 2.0 * n * 4 / tp / 1e9, tp / t);
  }
  if (dx)
    flyc_device_free(drv, 0, dx);
  if (dy)
    flyc_device_free(drv, 0, dy);
  flyc_gpu_jit_module_destroy(m);
  flyc_driver_destroy(drv);
  free(x), free(y);
  return rc ? fail("run") : bad != 0;
}

int main(int argc, char **argv) {
  int runs = argc >= 3 && (strcmp(argv[2], "--run") == 0 || strcmp(argv[2], "--bench") == 0);
  if (argc < 2 || (argc > 2 && !runs) || (argc != 3 && argc != 5 && runs) ||
      (argc == 5 && (atoi(argv[3]) < 1 || atoi(argv[4]) < 1))) {
    fprintf(stderr, "usage: %s TARGET [--run|--bench [ROWS COLS]]\n", argv[0]);
    return 2;
  }
  uint32_t rows = argc == 5 ? (uint32_t)atoi(argv[3]) : 1000;
  uint32_t cols = argc == 5 ? (uint32_t)atoi(argv[4]) : 1030;
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  flyc_kernel_def_t plain = FLYC_KERNEL_DEF_INIT;
  plain.name = "tma_plain", plain.params = plain_params, plain.param_count = 5;
  plain.body = plain_body;
  flyc_artifact_t *a = NULL;
  if (tma_emit(ctx, NULL) || flyc_kernel_emit(ctx, &plain, NULL) ||
      flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("tma");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  flyc_artifact_code(a, &size);
  printf("tma for %s: %zu bytes\n", flyc_artifact_target(a), size);
  int rc = runs ? run(a, rows, cols, strcmp(argv[2], "--bench") == 0) : 0;
  flyc_artifact_destroy(a);
  return rc;
}

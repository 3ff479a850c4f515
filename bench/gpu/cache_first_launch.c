/* First launch of the builder's vector add in a fresh process, as a user
 * sees it (the counterpart of bench/gpu/triton_vadd.py's "first call"): the
 * CUDA context and the buffers exist; timed is the build through the kernel
 * builder and flyc_ctx_compile (a disk-cache hit when the entry is there),
 * the load (flyc_gpu_jit_module_get, the driver's PTX JIT), the launch and
 * the synchronization. Then every element of c = a + b is checked.
 *
 *   cache_first_launch TARGET [LOG2N]   (FLYC_CACHE_DIR / FLYC_CACHE as usual;
 *                                        2^LOG2N floats, default 2^28)
 * Prints one line: first=<ms> compile=<ms> load=<ms> launch+sync=<ms> hit=<0|1>. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <flyc.h>

#include "vadd_kernel.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int die(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  printf("%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: %s TARGET [LOG2N]\n", argv[0]);
    return 2;
  }
  int log2n = argc == 3 ? atoi(argv[2]) : 28;
  if (log2n < 8 || log2n > 29) {
    fprintf(stderr, "LOG2N must be 8..29\n");
    return 2;
  }
  const int n = 1 << log2n;
  flyc_driver_t *drv;
  uint64_t a, b, c;
  if (flyc_driver_open(&drv, FLYC_DRIVER_CUDA) ||
      flyc_device_alloc(drv, 0, (size_t)n * 4, &a) ||
      flyc_device_alloc(drv, 0, (size_t)n * 4, &b) ||
      flyc_device_alloc(drv, 0, (size_t)n * 4, &c))
    return die("setup");
  float *h = malloc((size_t)n * 4);
  for (int i = 0; i < n; i++)
    h[i] = 1.0f;
  if (flyc_memcpy_htod(drv, 0, a, h, (size_t)n * 4))
    return die("copy");
  for (int i = 0; i < n; i++)
    h[i] = 2.0f;
  if (flyc_memcpy_htod(drv, 0, b, h, (size_t)n * 4) || flyc_memset_d8(drv, 0, c, 0xff, (size_t)n * 4) ||
      flyc_device_synchronize(drv, 0))
    return die("copy");

  double t0 = now_ms();
  flyc_ctx_t *ctx;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "vadd";
  d.params = vadd_params;
  d.param_count = 4;
  d.body = vadd_body;
  flyc_artifact_t *art = NULL;
  if (flyc_ctx_create(&ctx, argv[1]) || flyc_kernel_emit(ctx, &d, NULL) ||
      flyc_ctx_compile(ctx, NULL, &art))
    return die("build");
  flyc_ctx_destroy(ctx);
  double t1 = now_ms();
  flyc_gpu_jit_module_t *m;
  if (flyc_gpu_jit_module_get(&m, drv, 0, art))
    return die("load");
  double t2 = now_ms();
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.grid[0] = (uint32_t)(n / 256);
  cfg.block[0] = 256;
  int nn = n;
  void *args[4] = {&a, &b, &c, &nn};
  if (flyc_launch(m, "vadd", &cfg, args) || flyc_device_synchronize(drv, 0))
    return die("launch");
  double t3 = now_ms();
  int hit = strstr(flyc_artifact_log(art), "from the disk cache") != NULL;

  if (flyc_memcpy_dtoh(drv, 0, h, c, (size_t)n * 4))
    return die("copy back");
  long wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += h[i] != 3.0f;
  printf("first=%.3f compile=%.3f load=%.3f launch+sync=%.3f hit=%d wrong=%ld\n", t3 - t0,
         t1 - t0, t2 - t1, t3 - t2, hit, wrong);
  flyc_artifact_destroy(art); /* unloads the module it owns */
  flyc_device_free(drv, 0, a);
  flyc_device_free(drv, 0, b);
  flyc_device_free(drv, 0, c);
  free(h);
  return wrong != 0;
}

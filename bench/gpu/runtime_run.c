/* GPU check of the whole path on an NVIDIA GPU, from the C API: compile the
 * stand-in shmem kernel (.ll + the mstl library + libdevice) to PTX, load it
 * as GpuJitModules with and without the post-load processor that writes the
 * state global, launch, and check every element; then time the host side of
 * flyc_launch against cuLaunchKernel on the same function, and the load with
 * processors against the driver's own load.
 *
 *   runtime_run KERNEL.ll MSTL.bc TARGET
 * Exit 0 when every check passes. Memory is handled with the CUDA driver
 * directly (the runtime's memory helpers are not there yet). */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flyc.h"

static int (*cuMemAlloc)(uint64_t *, size_t);
static int (*cuMemcpyHtoD)(uint64_t, const void *, size_t);
static int (*cuMemcpyDtoH)(void *, uint64_t, size_t);
static int (*cuMemsetD32)(uint64_t, unsigned, size_t);
static int (*cuCtxSynchronize)(void);
static int (*cuLaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, void *, void **, void **);
static int (*cuModuleLoadData)(void **, const void *);
static int (*cuModuleUnload)(void *);
static int (*cuModuleGetFunction)(void **, void *, const char *);

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return v[n / 2];
}

static int fails;
#define CHECK(cond, ...)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      printf("FAIL: " __VA_ARGS__);                                                      \
      printf("\n");                                                                      \
      fails++;                                                                           \
    }                                                                                    \
  } while (0)
#define OK(call)                                                                         \
  do {                                                                                   \
    int rc_ = (call);                                                                    \
    if (rc_) {                                                                           \
      printf("FAIL: %s: %s: %s\n", #call, flyc_status_name(rc_), flyc_error_last()->message); \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)

static int write_state(const flyc_loaded_module_t *m, void *p) {
  int32_t st[20] = {*(int *)p, 8, 0x5EED};
  return flyc_module_global_write(m, "_ZN4mstl11globalStateE", st, 80);
}

static const int n = 1 << 20;
static float *in, *out;
static uint64_t din, dout;

static int run(const flyc_gpu_jit_module_t *m, int want_pe, const char *what) {
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.grid[0] = (unsigned)((n + 255) / 256);
  c.block[0] = 256;
  int nn = n;
  void *args[] = {&dout, &din, &nn};
  cuMemsetD32(dout, 0x7fc00001u, (size_t)n + 4);
  OK(flyc_launch(m, "mstl_kernel", &c, args));
  cuCtxSynchronize();
  cuMemcpyDtoH(out, dout, ((size_t)n + 4) * 4);
  int32_t *h = (int32_t *)out;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float want = sqrtf(in[i]) + expf(in[i]);
    if (!(fabsf(out[4 + i] - want) <= 4e-6f * fabsf(want)))
      bad++;
  }
  printf("%-44s my_pe=%d n_pes=%d magic=0x%X; %d of %d elements wrong\n", what, h[0], h[2],
         h[1], bad, n);
  CHECK(h[0] == want_pe && h[1] == 0x5EED && bad == 0, "%s", what);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s KERNEL.ll MSTL.bc TARGET\n", argv[0]);
    return 2;
  }
  /* 1. Compile through the C API. */
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = argv[3];
  const char *libs[] = {argv[2]};
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  double t0 = now_us();
  OK(flyc_compile_file(&a, argv[1], &o));
  size_t ptx_size;
  flyc_artifact_code(a, &ptx_size);
  printf("compiled %s for %s in %.2f ms (C API, cold, PTX %zu bytes)\n", argv[1], argv[3],
         (now_us() - t0) / 1e3, ptx_size);

  flyc_driver_t *d = NULL;
  OK(flyc_driver_open(&d, FLYC_DRIVER_CUDA));
  void *lib = dlopen("libcuda.so.1", RTLD_NOW);
  *(void **)&cuMemAlloc = dlsym(lib, "cuMemAlloc_v2");
  *(void **)&cuMemcpyHtoD = dlsym(lib, "cuMemcpyHtoD_v2");
  *(void **)&cuMemcpyDtoH = dlsym(lib, "cuMemcpyDtoH_v2");
  *(void **)&cuMemsetD32 = dlsym(lib, "cuMemsetD32_v2");
  *(void **)&cuCtxSynchronize = dlsym(lib, "cuCtxSynchronize");
  *(void **)&cuLaunchKernel = dlsym(lib, "cuLaunchKernel");
  *(void **)&cuModuleLoadData = dlsym(lib, "cuModuleLoadData");
  *(void **)&cuModuleUnload = dlsym(lib, "cuModuleUnload");
  *(void **)&cuModuleGetFunction = dlsym(lib, "cuModuleGetFunction");

  static int rank7 = 7, rank3 = 3;
  OK(flyc_processor_register("mstl.write_state", write_state, &rank7));
  flyc_processor_t p7, p3 = {"mstl.write_state_rank3", write_state, &rank3};
  OK(flyc_processor_lookup("mstl.write_state", &p7));

  /* 2. Modules: with the processor (rank 7), without (sentinel), rank 3. */
  flyc_gpu_jit_module_t *m7 = NULL, *m0 = NULL, *m3 = NULL;
  OK(flyc_gpu_jit_module_load(&m7, d, 0, a, &p7, 1)); /* context and PTX JIT warm-up */
  in = malloc((size_t)n * 4);
  out = malloc(((size_t)n + 4) * 4);
  srand(1);
  for (int i = 0; i < n; i++)
    in[i] = 4.0f * (float)rand() / (float)RAND_MAX;
  cuMemAlloc(&din, (size_t)n * 4);
  cuMemAlloc(&dout, ((size_t)n + 4) * 4);
  cuMemcpyHtoD(din, in, (size_t)n * 4);
  OK(flyc_gpu_jit_module_load(&m0, d, 0, a, NULL, 0));
  OK(flyc_gpu_jit_module_load(&m3, d, 0, a, &p3, 1));
  run(m7, 7, "processor wrote rank 7:");
  run(m0, -1, "no processor (sentinel):");
  run(m3, 3, "second module, processor wrote rank 3:");
  run(m7, 7, "first module again, still rank 7:");

  /* 3. Refused before the driver. */
  flyc_launch_config_t big = FLYC_LAUNCH_CONFIG_INIT;
  big.block[0] = 2048;
  void *noargs[3] = {0};
  int rc = flyc_launch(m7, "mstl_kernel", &big, noargs);
  printf("block 2048: %s: %s\n", flyc_status_name(rc), flyc_error_last()->message);
  CHECK(rc == FLYC_EINVAL, "block 2048 refused");
  rc = flyc_launch(m7, "nope", &big, noargs);
  CHECK(rc == FLYC_ENOTFOUND, "unknown kernel");

  /* 4. Load + processors against the driver's own load (PTX JIT cache warm). */
  size_t size;
  const void *ptx = flyc_artifact_code(a, &size);
  double tl[21], tr[21];
  for (int i = 0; i < 21; i++) {
    void *h;
    double s = now_us();
    cuModuleLoadData(&h, ptx);
    tr[i] = now_us() - s;
    cuModuleUnload(h);
    flyc_gpu_jit_module_t *mm;
    s = now_us();
    OK(flyc_gpu_jit_module_load(&mm, d, 0, a, &p7, 1));
    tl[i] = now_us() - s;
    flyc_gpu_jit_module_destroy(mm);
  }
  double ml = median(tl, 21), mr = median(tr, 21);
  printf("load: flyc_gpu_jit_module_load + processor %.1f us, cuModuleLoadData %.1f us "
         "(median of 21; difference %.1f us)\n",
         ml, mr, ml - mr);

  /* 5. Host launch overhead: 10,000 launches each, medians of per-launch time. */
  void *raw = NULL;
  cuModuleGetFunction(&raw, flyc_gpu_jit_module_loaded(m7)->handle, "mstl_kernel");
  int small = 256;
  void *args[] = {&dout, &din, &small};
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 256;
  enum { L = 10000 };
  static double f[L], g[L];
  for (int round = 0; round < 2; round++) /* round 0 warms up */
    for (int i = 0; i < L; i++) {
      double s = now_us();
      cuLaunchKernel(raw, 1, 1, 1, 256, 1, 1, 0, NULL, args, NULL);
      g[i] = now_us() - s;
      s = now_us();
      flyc_launch(m7, "mstl_kernel", &c, args);
      f[i] = now_us() - s;
      if (i % 256 == 255)
        cuCtxSynchronize();
    }
  cuCtxSynchronize();
  double mf = median(f, L), mg = median(g, L);
  printf("launch: flyc_launch %.3f us, cuLaunchKernel %.3f us (median of %d, interleaved); "
         "overhead %.1f%%\n",
         mf, mg, L, 100.0 * (mf - mg) / mg);

  flyc_gpu_jit_module_destroy(m7);
  flyc_gpu_jit_module_destroy(m0);
  flyc_gpu_jit_module_destroy(m3);
  flyc_artifact_destroy(a);
  printf("%s\n", fails ? "RESULT: FAIL" : "RESULT: PASS");
  return fails ? 1 : 0;
}

/* On a CUDA GPU, next to the peers a user would pick, in one run:
 *  1. compile + load of a vector add: flyc (C API, from .ll, PTX) against
 *     NVRTC (CUDA C++ source to PTX) plus the same driver load, both with the
 *     driver's JIT cache off (CUDA_CACHE_DISABLE=1 is set by the caller);
 *  2. achieved bandwidth of flyc's vadd and copy kernels, with 4- and 16-byte
 *     accesses, against the device-to-device copy bandwidth (cuMemcpyDtoD),
 *     timed with CUDA events.
 *
 *   h200_peers VADD_NVPTX.ll TARGET  (NVRTC from libnvrtc.so on the loader path) */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flyc.h"

#define L(name) static int (*name)()
L(cuMemAlloc_v2); L(cuMemsetD32_v2); L(cuMemcpyDtoD_v2); L(cuCtxSynchronize);
L(cuEventCreate); L(cuEventRecord); L(cuEventSynchronize); L(cuEventElapsedTime);
L(cuModuleLoadData); L(cuModuleUnload);
static int (*nvrtcCreateProgram)(void **, const char *, const char *, int, const char **,
                                 const char **);
static int (*nvrtcCompileProgram)(void *, int, const char **);
static int (*nvrtcGetPTXSize)(void *, size_t *);
static int (*nvrtcGetPTX)(void *, char *);
static int (*nvrtcDestroyProgram)(void **);

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return v[n / 2];
}

static const char *cuda_src =
    "extern \"C\" __global__ void vadd(const float* __restrict__ a, const float* "
    "__restrict__ b, float* __restrict__ c, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) c[i] = a[i] + b[i];\n}\n";

#define DO(x)                                                                            \
  do {                                                                                   \
    int r_ = (x);                                                                        \
    if (r_) {                                                                            \
      printf("FAIL %s: %d %s\n", #x, r_, flyc_error_last()->message);                     \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  flyc_driver_t *d;
  DO(flyc_driver_open(&d, FLYC_DRIVER_CUDA));
  void *cu = dlopen("libcuda.so.1", RTLD_NOW);
#define S(name) *(void **)&name = dlsym(cu, #name)
  S(cuMemAlloc_v2); S(cuMemsetD32_v2); S(cuMemcpyDtoD_v2); S(cuCtxSynchronize);
  S(cuEventCreate); S(cuEventRecord); S(cuEventSynchronize); S(cuEventElapsedTime);
  S(cuModuleLoadData); S(cuModuleUnload);
  void *nv = dlopen("libnvrtc.so", RTLD_NOW);
  if (!nv)
    nv = dlopen("libnvrtc.so.13", RTLD_NOW);
#define N(name) *(void **)&name = dlsym(nv, #name)
  if (nv) {
    N(nvrtcCreateProgram); N(nvrtcCompileProgram); N(nvrtcGetPTXSize); N(nvrtcGetPTX);
    N(nvrtcDestroyProgram);
  }
  enum { R = 11 };
  double fc[R], fl[R], nc[R], nl[R];
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = argv[2];
  /* Cold compiles: flyc's caches off (a memory-cache hit would be 0.09 ms). */
  o.flags = FLYC_COMPILE_NO_CACHE;
  for (int r = -1; r < R; r++) { /* r = -1 warms up */
    flyc_artifact_t *a;
    double t0 = now_ms();
    DO(flyc_compile_file(&a, argv[1], &o));
    double t1 = now_ms();
    flyc_gpu_jit_module_t *m;
    DO(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
    double t2 = now_ms();
    flyc_gpu_jit_module_destroy(m);
    flyc_artifact_destroy(a);
    if (r >= 0) {
      fc[r] = t1 - t0;
      fl[r] = t2 - t1;
    }
    if (!nv)
      continue;
    void *prog;
    const char *opts[] = {"--gpu-architecture=compute_90"};
    t0 = now_ms();
    nvrtcCreateProgram(&prog, cuda_src, "vadd.cu", 0, NULL, NULL);
    int e = nvrtcCompileProgram(prog, 1, opts);
    size_t n = 0;
    nvrtcGetPTXSize(prog, &n);
    char *ptx = malloc(n);
    nvrtcGetPTX(prog, ptx);
    nvrtcDestroyProgram(&prog);
    t1 = now_ms();
    void *mod;
    int le = cuModuleLoadData(&mod, ptx);
    t2 = now_ms();
    if (e || le)
      printf("nvrtc/load failed: %d %d\n", e, le);
    cuModuleUnload(mod);
    free(ptx);
    if (r >= 0) {
      nc[r] = t1 - t0;
      nl[r] = t2 - t1;
    }
  }
  printf("vadd compile + load (ms, median of %d, flyc's caches off, driver JIT cache off):\n", R);
  printf("  flyc  (C API, .ll -> PTX %s): compile %.2f + load %.2f = %.2f\n", argv[2],
         median(fc, R), median(fl, R), median(fc, R) + median(fl, R));
  if (nv)
    printf("  NVRTC (CUDA C++ -> PTX compute_90): compile %.2f + load %.2f = %.2f\n",
           median(nc, R), median(nl, R), median(nc, R) + median(nl, R));

  /* Bandwidth. */
  flyc_artifact_t *a;
  DO(flyc_compile_file(&a, argv[1], &o));
  flyc_gpu_jit_module_t *m;
  DO(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
  const int n = 1 << 28; /* 1 GiB per float array */
  uint64_t A, B, C;
  cuMemAlloc_v2(&A, (size_t)n * 4);
  cuMemAlloc_v2(&B, (size_t)n * 4);
  cuMemAlloc_v2(&C, (size_t)n * 4);
  cuMemsetD32_v2(A, 0x3f800000u, (size_t)n);
  cuMemsetD32_v2(B, 0x40000000u, (size_t)n);
  void *ev0, *ev1;
  cuEventCreate(&ev0, 0);
  cuEventCreate(&ev1, 0);
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 256;
  c.grid[0] = (unsigned)(n / 256);
  int nn = n;
  void *vargs[] = {&A, &B, &C, &nn};
  void *cargs[] = {&A, &C, &nn};
  flyc_launch_config_t c4 = c;
  c4.grid[0] = (unsigned)(n / 4 / 256);
  int n4 = n / 4;
  void *vargs4[] = {&A, &B, &C, &n4};
  void *cargs4[] = {&A, &C, &n4};
  double tv[R], tc[R], td[R], tv4[R], tc4[R];
  for (int r = -1; r < R; r++) {
    float ms;
    cuEventRecord(ev0, NULL);
    DO(flyc_launch(m, "vadd", &c, vargs));
    cuEventRecord(ev1, NULL);
    cuEventSynchronize(ev1);
    cuEventElapsedTime(&ms, ev0, ev1);
    if (r >= 0)
      tv[r] = ms;
    cuEventRecord(ev0, NULL);
    DO(flyc_launch(m, "copy", &c, cargs));
    cuEventRecord(ev1, NULL);
    cuEventSynchronize(ev1);
    cuEventElapsedTime(&ms, ev0, ev1);
    if (r >= 0)
      tc[r] = ms;
    cuEventRecord(ev0, NULL);
    DO(flyc_launch(m, "vadd4", &c4, vargs4));
    cuEventRecord(ev1, NULL);
    cuEventSynchronize(ev1);
    cuEventElapsedTime(&ms, ev0, ev1);
    if (r >= 0)
      tv4[r] = ms;
    cuEventRecord(ev0, NULL);
    DO(flyc_launch(m, "copy4", &c4, cargs4));
    cuEventRecord(ev1, NULL);
    cuEventSynchronize(ev1);
    cuEventElapsedTime(&ms, ev0, ev1);
    if (r >= 0)
      tc4[r] = ms;
    cuEventRecord(ev0, NULL);
    cuMemcpyDtoD_v2(C, A, (size_t)n * 4);
    cuEventRecord(ev1, NULL);
    cuEventSynchronize(ev1);
    cuEventElapsedTime(&ms, ev0, ev1);
    if (r >= 0)
      td[r] = ms;
  }
  double gb = (double)n * 4 / 1e9;
  double bv = 3 * gb / (median(tv, R) / 1e3), bc = 2 * gb / (median(tc, R) / 1e3),
         bd = 2 * gb / (median(td, R) / 1e3);
  double bv4 = 3 * gb / (median(tv4, R) / 1e3), bc4 = 2 * gb / (median(tc4, R) / 1e3);
  printf("bandwidth (GB/s, 2^28 floats, median of %d): cuMemcpyDtoD %.0f; flyc vadd %.0f "
         "(%.0f%%), copy %.0f (%.0f%%); 16-byte accesses: vadd4 %.0f (%.0f%%), copy4 %.0f "
         "(%.0f%%)\n",
         R, bd, bv, 100 * bv / bd, bc, 100 * bc / bd, bv4, 100 * bv4 / bd, bc4,
         100 * bc4 / bd);
  float check[4];
  static int (*cuMemcpyDtoH_v2)(void *, uint64_t, size_t);
  *(void **)&cuMemcpyDtoH_v2 = dlsym(cu, "cuMemcpyDtoH_v2");
  flyc_launch(m, "vadd", &c, vargs);
  cuCtxSynchronize();
  cuMemcpyDtoH_v2(check, C + (uint64_t)(n - 4) * 4, sizeof check);
  printf("check: c[n-1] = %g (want 3)\n", check[3]);
  return check[3] == 3.0f ? 0 : 1;
}

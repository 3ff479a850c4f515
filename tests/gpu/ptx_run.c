/* GPU check of flyc's NVPTX output (run on a machine with an NVIDIA GPU):
 * loads the PTX of k_mstl_nvptx (the stand-in shmem kernel, linked with the
 * mstl library and libdevice), launches it on random inputs with the state
 * global left at its sentinel and then written by the host (rank 7, world 8),
 * and checks every element against sqrtf(x) + expf(x) computed on the host.
 *
 *   cc ptx_run.c -I$CUDA/include -L$CUDA/lib64/stubs -lcuda -lm -o ptx_run
 *   ./ptx_run kernel.ptx            (exit 0 when every check passes)
 */
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(call)                                                                       \
  do {                                                                                 \
    CUresult r_ = (call);                                                              \
    if (r_ != CUDA_SUCCESS) {                                                          \
      const char *n_ = "?";                                                            \
      cuGetErrorName(r_, &n_);                                                         \
      fprintf(stderr, "%s failed: %s (%d)\n", #call, n_, (int)r_);                     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

static char *slurp(const char *p) {
  FILE *f = fopen(p, "rb");
  if (!f) { perror(p); exit(1); }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *d = malloc((size_t)n + 1);
  if (fread(d, 1, (size_t)n, f) != (size_t)n) exit(1);
  d[n] = 0;
  fclose(f);
  return d;
}

static int run(CUfunction fn, CUdeviceptr dout, CUdeviceptr din, int n, float *out) {
  int block = 256, grid = (n + block - 1) / block;
  /* Poison the output so that unwritten elements are caught. */
  CK(cuMemsetD32(dout, 0x7fc00001u, (size_t)n + 4));
  void *args[] = {&dout, &din, &n};
  CK(cuLaunchKernel(fn, (unsigned)grid, 1, 1, (unsigned)block, 1, 1, 0, NULL, args, NULL));
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(out, dout, ((size_t)n + 4) * 4));
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s kernel.ptx\n", argv[0]); return 2; }
  char *ptx = slurp(argv[1]);
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  char name[256];
  cuDeviceGetName(name, sizeof name, dev);
  int maj, min;
  cuDeviceGetAttribute(&maj, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  cuDeviceGetAttribute(&min, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
  CUcontext ctx;
#if CUDA_VERSION >= 13000
  CK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
  CK(cuCtxCreate(&ctx, 0, dev));
#endif
  char log[8192] = "";
  CUjit_option o[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *ov[] = {log, (void *)(uintptr_t)sizeof log};
  CUmodule mod;
  CUresult lr = cuModuleLoadDataEx(&mod, ptx, 2, o, ov);
  if (lr != CUDA_SUCCESS) { fprintf(stderr, "load failed (%d): %s\n", (int)lr, log); return 1; }
  CUfunction fn;
  CK(cuModuleGetFunction(&fn, mod, "mstl_kernel"));
  CUdeviceptr state;
  size_t state_size;
  CK(cuModuleGetGlobal(&state, &state_size, mod, "_ZN4mstl11globalStateE"));
  printf("device: %s (sm_%d%d); %s; state global %zu bytes\n", name, maj, min, argv[1], state_size);
  int fails = 0;
  if (state_size != 80) { printf("FAIL: state global is %zu bytes, expected 80\n", state_size); fails++; }

  const int n = 1 << 20;
  float *in = malloc((size_t)n * 4), *out = malloc(((size_t)n + 4) * 4);
  srand(12345);
  for (int i = 0; i < n; i++) in[i] = 4.0f * (float)rand() / (float)RAND_MAX;
  CUdeviceptr din, dout;
  CK(cuMemAlloc(&din, (size_t)n * 4));
  CK(cuMemAlloc(&dout, ((size_t)n + 4) * 4));
  CK(cuMemcpyHtoD(din, in, (size_t)n * 4));

  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) { /* the host writes the state after load, as a post-load processor would */
      int32_t st[20] = {7, 8, 0x5EED};
      CK(cuMemcpyHtoD(state, st, 80));
    }
    run(fn, dout, din, n, out);
    int32_t *hdr = (int32_t *)out;
    int want_pe = pass ? 7 : -1, want_np = pass ? 8 : -1;
    printf("pass %d (%s): my_pe=%d n_pes=%d magic=0x%X block_dim_x=%d\n", pass,
           pass ? "state written by the host" : "state at its sentinel", hdr[0], hdr[2], hdr[1], hdr[3]);
    if (hdr[0] != want_pe || hdr[2] != want_np || hdr[1] != 0x5EED || hdr[3] != 256) {
      printf("FAIL: header\n");
      fails++;
    }
    int bad = 0;
    double maxrel = 0;
    for (int i = 0; i < n; i++) {
      float want = sqrtf(in[i]) + expf(in[i]), got = out[4 + i];
      double rel = fabs((double)got - want) / fmax(fabs(want), 1e-30);
      if (!(rel <= 4e-6)) bad++;
      if (rel > maxrel) maxrel = rel;
    }
    printf("pass %d: %d elements, %d wrong, max relative error %.3g\n", pass, n, bad, maxrel);
    fails += bad != 0;
  }
  printf("%s\n", fails ? "RESULT: FAIL" : "RESULT: PASS");
  return fails ? 1 : 0;
}

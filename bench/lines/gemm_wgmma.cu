// The sm_90a wgmma GEMM that examples/gemm_wgmma_kernel.h builds with flyc's
// warpgroup helpers, written in CUDA with inline PTX: the twin that checks the
// shared-memory layout and descriptors on the H200, and a peer for the timing.
// C[M][N] (f32) = A[M][K] (f16) * B[N][K]^T; a block of WG warpgroups
// computes (64 WG) x BN of C, each warpgroup 64 x BN with
// wgmma.mma_async.m64n<BN>k16; K in steps of 64 through a ring of S stages
// filled by cp.async into 128-byte-swizzled K-major tiles (PTX ISA,
// "Shared Memory Matrix Layout", 128B swizzle: 16-byte chunk c of row r at
// r * 128 + ((c ^ (r % 8)) * 16), atoms of 8 rows, 1024 bytes apart).
// Also examples/gemm_wgmma_kernel.h's peer in bench/lines.sh: the lines
// between the markers are counted; the inline-PTX wrappers above them stand
// for what CUTLASS's SM90 atoms give a CUDA author, as flyc's helpers do.
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o gemm_wgmma gemm_wgmma.cu
//   ./gemm_wgmma [M N K]     (-DBN=, -DWG=, -DS=, -DOV=: bench/gpu/wgmma_prep.sh)
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cuda_fp16.h>
#include <vector>

#ifndef BN
#define BN 256
#endif
#ifndef WG
#define WG 2
#endif
#ifndef S
#define S 3
#endif
#define BM (64 * WG)
#define BK 64
#define THREADS (128 * WG)
#define STAGE_BYTES ((BM + BN) * BK * 2)

__device__ static inline uint64_t desc(uint32_t addr) {
  return (uint64_t)((addr & 0x3FFFF) >> 4) | (1ull << 16) | ((uint64_t)(1024 >> 4) << 32) |
         (1ull << 62);
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define SM90A 1
#else
#define SM90A 0 /* bench/lines.sh compiles for sm_90: the instructions trap */
#endif

__device__ static inline void wgmma(float *d, uint64_t da, uint64_t db) {
#if !SM90A
  (void)d, (void)da, (void)db;
  __trap();
#elif BN == 256
#define R8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), \
              "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {"
      "%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,"
      "%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,"
      "%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,"
      "%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63,"
      "%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79,"
      "%80,%81,%82,%83,%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95,"
      "%96,%97,%98,%99,%100,%101,%102,%103,%104,%105,%106,%107,%108,%109,%110,%111,"
      "%112,%113,%114,%115,%116,%117,%118,%119,%120,%121,%122,%123,%124,%125,%126,%127},"
      " %128, %129, p, 1, 1, 0, 0;\n}\n"
      : R8(0), R8(8), R8(16), R8(24), R8(32), R8(40), R8(48), R8(56), R8(64), R8(72), R8(80),
        R8(88), R8(96), R8(104), R8(112), R8(120)
      : "l"(da), "l"(db));
#else
#define R8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), \
              "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {"
      "%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,"
      "%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,"
      "%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,"
      "%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63},"
      " %64, %65, p, 1, 1, 0, 0;\n}\n"
      : R8(0), R8(8), R8(16), R8(24), R8(32), R8(40), R8(48), R8(56)
      : "l"(da), "l"(db));
#endif
}

__device__ static inline void wg_fence() {
#if SM90A
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}
__device__ static inline void wg_commit() {
#if SM90A
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}
template <int N> __device__ static inline void wg_wait() {
#if SM90A
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
#endif
}
__device__ static inline void cp_async16(void *dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n"
               ::"r"((uint32_t)__cvta_generic_to_shared(dst)), "l"(src));
}
template <int N> __device__ static inline void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}
__device__ static inline void cp_async_commit() { asm volatile("cp.async.commit_group;\n"); }
__device__ static inline void proxy_fence() {
#if SM90A
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}
#ifndef OV
#define OV 0
#endif

/* lines: gemm_wgmma */
__device__ static inline void copy(char *sm, const half *a, const half *b, int row_a, int row_b,
                                   int k, int kt, int tid) {
  char *st = sm + (kt % S) * STAGE_BYTES;
  for (int p = tid; p < (BM + BN) * 8; p += THREADS) {
    int r = p / 8, c = p % 8;
    const half *src = r < BM ? a + (size_t)(row_a + r) * k + kt * BK + c * 8
                             : b + (size_t)(row_b + r - BM) * k + kt * BK + c * 8;
    cp_async16(st + r * 128 + ((c ^ (r & 7)) * 16), src);
  }
}

__global__ void __launch_bounds__(THREADS) gemm(const half *a, const half *b, float *c, int m,
                                                 int n, int k) {
  extern __shared__ __align__(1024) char sm[];
  int tid = threadIdx.x, wg = tid / 128, row_a = blockIdx.y * BM, row_b = blockIdx.x * BN;
  int steps = k / BK;
  float d[BN / 2];
  for (int i = 0; i < BN / 2; i++) d[i] = 0.f;
  // OV 0: wait for each step's wgmma before the next; S - 1 steps ahead.
  // OV 1: one step's wgmma stays in flight across the next barrier, so a
  // stage is free one step later: S - 2 steps ahead.
  for (int s = 0; s < S - 1 - OV; s++) {
    if (s < steps) copy(sm, a, b, row_a, row_b, k, s, tid);
    cp_async_commit();
  }
  for (int kt = 0; kt < steps; kt++) {
    cp_async_wait<S - 2 - OV>();
    proxy_fence();
    __syncthreads();
    if (kt + S - 1 - OV < steps) copy(sm, a, b, row_a, row_b, k, kt + S - 1 - OV, tid);
    cp_async_commit();
    uint32_t st = (uint32_t)__cvta_generic_to_shared(sm + (kt % S) * STAGE_BYTES);
    wg_fence();
    for (int ks = 0; ks < BK / 16; ks++)
      wgmma(d, desc(st + wg * 64 * 128 + ks * 32), desc(st + BM * 128 + ks * 32));
    wg_commit();
    wg_wait<OV>();
  }
  wg_wait<0>();
  int w = (tid % 128) / 32, l = tid % 32;
  for (int i = 0; i < BN / 2; i += 2) {
    int r = row_a + wg * 64 + w * 16 + l / 4 + 8 * ((i >> 1) & 1);
    int col = row_b + (i >> 2) * 8 + 2 * (l % 4);
    *(float2 *)&c[(size_t)r * n + col] = make_float2(d[i], d[i + 1]);
  }
}
/* lines: end */

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 4096, n = argc > 2 ? atoi(argv[2]) : 4096,
      k = argc > 3 ? atoi(argv[3]) : 4096;
  std::vector<half> ha((size_t)m * k), hb((size_t)n * k);
  // Small multiples of 1/4: exact products and sums in f32.
  for (size_t i = 0; i < ha.size(); i++) ha[i] = __float2half((float)((int)((i * 7 + 3) % 9) - 4) / 4);
  for (size_t i = 0; i < hb.size(); i++) hb[i] = __float2half((float)((int)((i * 5 + 1) % 7) - 3) / 4);
  half *da, *db;
  float *dc;
  cudaMalloc(&da, ha.size() * 2);
  cudaMalloc(&db, hb.size() * 2);
  cudaMalloc(&dc, (size_t)m * n * 4);
  cudaMemcpy(da, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice);
  int smem = S * STAGE_BYTES;
  cudaFuncSetAttribute(gemm, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  dim3 grid(n / BN, m / BM);
  gemm<<<grid, THREADS, smem>>>(da, db, dc, m, n, k);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  std::vector<float> hc((size_t)m * n);
  cudaMemcpy(hc.data(), dc, hc.size() * 4, cudaMemcpyDeviceToHost);
  long bad = 0;
  for (int i = 0; i < m; i += (m > 512 ? 61 : 1))
    for (int j = 0; j < n; j += (n > 512 ? 7 : 1)) {
      float s = 0;
      for (int q = 0; q < k; q++)
        s += __half2float(ha[(size_t)i * k + q]) * __half2float(hb[(size_t)j * k + q]);
      if (s != hc[(size_t)i * n + j] && bad++ < 5)
        printf("c[%d][%d] = %g, want %g\n", i, j, hc[(size_t)i * n + j], s);
    }
  cudaEvent_t t0, t1;
  cudaEventCreate(&t0);
  cudaEventCreate(&t1);
  float best[7];
  for (int r = 0; r < 7; r++) {
    cudaEventRecord(t0);
    for (int q = 0; q < 20; q++) gemm<<<grid, THREADS, smem>>>(da, db, dc, m, n, k);
    cudaEventRecord(t1);
    cudaEventSynchronize(t1);
    cudaEventElapsedTime(&best[r], t0, t1);
  }
  for (int i = 0; i < 7; i++)
    for (int j = i + 1; j < 7; j++)
      if (best[j] < best[i]) { float x = best[i]; best[i] = best[j]; best[j] = x; }
  double sec = best[3] / 1e3 / 20;
  printf("wgmma BN=%d WG=%d S=%d OV=%d %dx%dx%d: %s (%ld wrong), %.1f TFLOP/s\n", BN, WG, S, OV, m, n, k,
         bad ? "WRONG" : "exact", bad, 2.0 * m * n * k / sec / 1e12);
  return bad != 0;
}

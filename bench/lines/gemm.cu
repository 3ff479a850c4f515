// The CUDA that examples/gemm_kernel.h stands for: C = A * B^T, f16 in, f32
// out; a block of 2 x 2 warps computes 128 x 128 of C, each warp 4 x 4 wmma
// fragments of 16 x 16; K in steps of 64 through a ring of three shared
// stages (dynamic shared memory) filled with cp.async, one barrier a step
// (bench/lines.sh counts the lines between markers).
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

/* lines: gemm */
constexpr int BK = 64, LDS = BK + 8, STAGES = 3, STAGE = 2 * 128 * LDS;

__device__ void gemm_prefetch(half *sm, const half *a, const half *b, int row_a, int row_b,
                              int k, int kt, int steps) {
  if (kt < steps) {
    half *st = sm + (kt % STAGES) * STAGE;
    for (int w = 0; w < 2; w++)
      for (int p = threadIdx.x; p < 128 * BK / 8; p += 128) {
        int row = p / (BK / 8), col = p % (BK / 8) * 8;
        const half *src = w ? b + (size_t)(row_b + row) * k : a + (size_t)(row_a + row) * k;
        __pipeline_memcpy_async(&st[(w * 128 + row) * LDS + col], src + kt * BK + col, 16);
      }
  }
  __pipeline_commit();
}

__global__ void __launch_bounds__(128) gemm(const half *a, const half *b, float *c, int m,
                                            int n, int k) {
  extern __shared__ __align__(16) half sm[];
  int wm = (threadIdx.x / 32) / 2 * 64, wn = (threadIdx.x / 32) % 2 * 64;
  int row_a = blockIdx.y * 128, row_b = blockIdx.x * 128, steps = k / BK;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[16];
  for (int i = 0; i < 16; i++) wmma::fill_fragment(acc[i], 0.0f);
  for (int s = 0; s < STAGES - 1; s++) gemm_prefetch(sm, a, b, row_a, row_b, k, s, steps);
  for (int kt = 0; kt < steps; kt++) {
    __pipeline_wait_prior(STAGES - 2);
    __syncthreads();
    gemm_prefetch(sm, a, b, row_a, row_b, k, kt + STAGES - 1, steps);
    const half *st = sm + (kt % STAGES) * STAGE;
    for (int ks = 0; ks < BK; ks += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb[4];
      for (int i = 0; i < 4; i++) {
        wmma::load_matrix_sync(fa[i], st + (wm + i * 16) * LDS + ks, LDS);
        wmma::load_matrix_sync(fb[i], st + (128 + wn + i * 16) * LDS + ks, LDS);
      }
      for (int i = 0; i < 16; i++) wmma::mma_sync(acc[i], fa[i / 4], fb[i % 4], acc[i]);
    }
  }
  for (int i = 0; i < 16; i++)
    wmma::store_matrix_sync(c + (size_t)(row_a + wm + i / 4 * 16) * n + row_b + wn + i % 4 * 16,
                            acc[i], n, wmma::mem_row_major);
}
/* lines: end */

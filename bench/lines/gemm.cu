// The CUDA that examples/gemm_kernel.h stands for: C = A * B^T, f16 in, f32
// out; a block of four warps computes 128 x 128 of C, each warp 4 x 4
// wmma fragments of 16 x 16; K in steps of 32 through two shared buffers
// filled with cp.async (bench/lines.sh counts the lines between markers).
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

/* lines: gemm */
__device__ void gemm_copy(half (*as)[40], half (*bs)[40], const half *a, const half *b,
                          int row_a, int row_b, int k, int k0) {
  for (int p = threadIdx.x; p < 128 * 32 / 8; p += 128) {
    int row = p >> 2, col = (p & 3) * 8;
    __pipeline_memcpy_async(&as[row][col], a + (size_t)(row_a + row) * k + k0 + col, 16);
    __pipeline_memcpy_async(&bs[row][col], b + (size_t)(row_b + row) * k + k0 + col, 16);
  }
  __pipeline_commit();
}

__global__ void __launch_bounds__(128) gemm(const half *a, const half *b, float *c, int m,
                                            int n, int k) {
  __shared__ __align__(16) half as[2][128][40], bs[2][128][40];
  int wm = (threadIdx.x / 32) >> 1, wn = (threadIdx.x / 32) & 1;
  int row_a = blockIdx.y * 128, row_b = blockIdx.x * 128, steps = k / 32;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][4];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) wmma::fill_fragment(acc[i][j], 0.0f);
  gemm_copy(as[0], bs[0], a, b, row_a, row_b, k, 0);
  for (int kt = 0; kt < steps; kt++) {
    int pre = min(kt + 1, steps - 1), buf = kt & 1;
    gemm_copy(as[(kt + 1) & 1], bs[(kt + 1) & 1], a, b, row_a, row_b, k, pre * 32);
    __pipeline_wait_prior(1);
    __syncthreads();
    for (int ks = 0; ks < 32; ks += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb[4];
      for (int i = 0; i < 4; i++) {
        wmma::load_matrix_sync(fa[i], &as[buf][wm * 64 + i * 16][ks], 40);
        wmma::load_matrix_sync(fb[i], &bs[buf][wn * 64 + i * 16][ks], 40);
      }
      for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      wmma::store_matrix_sync(c + (size_t)(row_a + wm * 64 + i * 16) * n + row_b + wn * 64 +
                                  j * 16, acc[i][j], n, wmma::mem_row_major);
}
/* lines: end */

// Tensor-core GEMM through <mma.h> (wmma, sm_70+; here sm_80 and sm_90):
// one warp computes a 16x16 tile of C = A * B, f16 in, f32 accumulate. A is
// MxK row-major, B is KxN column-major, C is MxN row-major; M, N, K multiples
// of 16. Launch with 32 threads a block and a (N/16, M/16) grid.
#include <mma.h>
using namespace nvcuda;

extern "C" __global__ void __launch_bounds__(32)
wmma_gemm(const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C,
          int M, int N, int K) {
  int row0 = blockIdx.y * 16, col0 = blockIdx.x * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a, A + (size_t)row0 * K + k, K);
    wmma::load_matrix_sync(b, B + (size_t)col0 * K + k, K);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + (size_t)row0 * N + col0, acc, N, wmma::mem_row_major);
  (void)M;
}

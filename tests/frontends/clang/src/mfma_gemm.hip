// Tensor-core GEMM on the matrix cores: one wavefront (64 lanes) computes a
// 32x32 tile of C = A * B (f16 in, f32 accumulate) with
// v_mfma_f32_32x32x8f16, K in steps of 8. A is MxK row-major, B is KxN
// column-major, C is MxN row-major; M, N multiples of 32, K of 8. Launch
// with 64 threads a block and a (N/32, M/32) grid.
#include <hip/hip_runtime.h>

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float16v __attribute__((ext_vector_type(16)));

extern "C" __global__ void __launch_bounds__(64)
mfma_gemm(const _Float16* __restrict__ A, const _Float16* __restrict__ B, float* __restrict__ C,
          int M, int N, int K) {
  int lane = threadIdx.x;
  int row0 = blockIdx.y * 32, col0 = blockIdx.x * 32;
  // 32x32x8: lane l holds A[row0 + l%32][k + 4*(l/32) .. +3] and
  // B[k + 4*(l/32) .. +3][col0 + l%32].
  int r = lane % 32, kq = 4 * (lane / 32);
  float16v acc = {};
  for (int k = 0; k < K; k += 8) {
    half4 a, b;
    for (int j = 0; j < 4; j++) {
      a[j] = A[(size_t)(row0 + r) * K + k + kq + j];
      b[j] = B[(size_t)(col0 + r) * K + k + kq + j];
    }
    acc = __builtin_amdgcn_mfma_f32_32x32x8f16(a, b, acc, 0, 0, 0);
  }
  // acc[j]: row 8*(j/4) + 4*(l/32) + j%4, column l%32.
  for (int j = 0; j < 16; j++) {
    int row = row0 + 8 * (j / 4) + kq + j % 4;
    C[(size_t)row * N + col0 + r] = acc[j];
  }
  (void)M;
}

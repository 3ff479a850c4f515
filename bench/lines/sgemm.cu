// The CUDA that examples/sgemm_kernel.h stands for (bench/lines.sh counts
// the lines between the markers): the shared-memory tiled SGEMM of the CUDA
// programming guide's matrix-multiply example, with bounds checks.
/* lines: sgemm */
template <int T>
__global__ void sgemm(const float *__restrict__ A, const float *__restrict__ B,
                      float *__restrict__ C, int M, int N, int K) {
  __shared__ float As[T][T], Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = row < M && k0 + tx < K ? A[(size_t)row * K + k0 + tx] : 0.0f;
    Bs[ty][tx] = k0 + ty < K && col < N ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; k++) acc = fmaf(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
/* lines: end */

template __global__ void sgemm<32>(const float *, const float *, float *, int, int, int);

// flyc compile-speed benchmark kernel 2: shared-memory block sum reduction (256 threads/block).
// out[blockIdx.x] = sum of in[blockIdx.x*256 .. +255] (elements >= n count as 0).
#include <hip/hip_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK) block_sum(const float* in, float* out, int n) {
  __shared__ float smem[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;
  smem[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) smem[tid] += smem[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = smem[0];
}

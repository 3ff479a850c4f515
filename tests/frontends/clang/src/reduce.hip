// Block reduction: one partial sum per block, through 256 floats of LDS and
// __syncthreads(). Launch with 256 threads a block.
#include <hip/hip_runtime.h>

extern "C" __global__ void __launch_bounds__(256) block_reduce(const float* __restrict__ x,
                                                               float* __restrict__ partial, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int step = blockDim.x / 2; step > 0; step >>= 1) {
    if (t < step) s[t] += s[t + step];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

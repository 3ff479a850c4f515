// Atomic histogram: 64 bins counted in shared memory with atomicAdd, then
// merged into the global bins with atomicAdd.
#define NBINS 64

extern "C" __global__ void histogram(const unsigned char* __restrict__ data, int n,
                                     unsigned int* __restrict__ bins) {
  __shared__ unsigned int local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i] % NBINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

// The CUDA that examples/histogram_kernel.h stands for (bench/lines.sh counts
// the lines between the markers).
#define HIST_BINS 64
/* lines: histogram */
__global__ void histogram(const unsigned char *__restrict__ data, int n,
                          unsigned *__restrict__ bins) {
  __shared__ unsigned local[HIST_BINS];
  for (int b = threadIdx.x; b < HIST_BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    atomicAdd_block(&local[data[i] % HIST_BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < HIST_BINS; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
/* lines: end */

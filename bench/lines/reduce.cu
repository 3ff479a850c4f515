// The CUDA that examples/reduce_kernel.h stands for (bench/lines.sh counts
// the lines between the markers).
/* lines: reduce */
template <int BLOCK>
__global__ void reduce_sum(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
#pragma unroll
  for (int k = BLOCK / 2; k > 0; k /= 2) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
/* lines: end */

template __global__ void reduce_sum<256>(const float *, float *, int);

// The CUDA that examples/softmax_kernel.h's two kernels stand for, with
// cub's block reduction (bench/lines.sh counts the lines between markers).
#include <cub/block/block_reduce.cuh>
#include <cuda/functional>

/* lines: softmax */
template <int BLOCK>
__global__ void softmax(const float *__restrict__ in, float *__restrict__ out, int n) {
  using Reduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  __shared__ float bm, bs;
  in += (size_t)blockIdx.x * n, out += (size_t)blockIdx.x * n;
  float m = -INFINITY, s = 0.0f;
  for (int j = threadIdx.x; j < n; j += BLOCK) { // the online max and sum
    float x = in[j], e = expf(-fabsf(x - m));
    s = x == -INFINITY ? s : x > m ? fmaf(s, e, 1.0f) : s + e;
    m = fmaxf(m, x);
  }
  float M = Reduce(tmp).Reduce(m, cuda::maximum<float>());
  if (threadIdx.x == 0) bm = M;
  __syncthreads();
  M = bm;
  s = Reduce(tmp).Sum(s == 0.0f ? 0.0f : s * expf(m - M));
  if (threadIdx.x == 0) bs = s;
  __syncthreads();
  s = bs;
  for (int j = threadIdx.x; j < n; j += BLOCK) out[j] = expf(in[j] - M) / s;
}
/* lines: end */

/* lines: softmax_row */
template <int BLOCK, int COLS>
__global__ void softmax_row(const float4 *__restrict__ in, float4 *__restrict__ out) {
  constexpr int V = COLS / (4 * BLOCK);
  using Reduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  __shared__ float bm, bs;
  in += blockIdx.x * (COLS / 4), out += blockIdx.x * (COLS / 4);
  float4 x[V];
  float m = -INFINITY, s = 0.0f;
  for (int k = 0; k < V; k++) {
    x[k] = in[threadIdx.x + k * BLOCK];
    m = fmaxf(fmaxf(fmaxf(m, x[k].x), fmaxf(x[k].y, x[k].z)), x[k].w);
  }
  m = Reduce(tmp).Reduce(m, cuda::maximum<float>());
  if (threadIdx.x == 0) bm = m;
  __syncthreads();
  m = bm;
  for (int k = 0; k < V; k++) {
    x[k] = make_float4(expf(x[k].x - m), expf(x[k].y - m), expf(x[k].z - m), expf(x[k].w - m));
    s += x[k].x + x[k].y + x[k].z + x[k].w;
  }
  __syncthreads();
  s = Reduce(tmp).Sum(s);
  if (threadIdx.x == 0) bs = s;
  __syncthreads();
  s = bs;
  for (int k = 0; k < V; k++)
    out[threadIdx.x + k * BLOCK] = make_float4(x[k].x / s, x[k].y / s, x[k].z / s, x[k].w / s);
}
/* lines: end */

template __global__ void softmax<256>(const float *, float *, int);
template __global__ void softmax_row<256, 4096>(const float4 *, float4 *);

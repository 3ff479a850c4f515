// The CUDA that examples/attention_kernel.h stands for (bench/lines.sh counts
// the lines between the markers): FlashAttention's online softmax, one warp
// a query, HEAD_DIM / 32 elements a lane.
/* lines: attention */
template <int HEAD_DIM, int WAVES>
__global__ void attention(const float *__restrict__ q, const float *__restrict__ k,
                          const float *__restrict__ v, float *__restrict__ o, int nq, int nkeys) {
  constexpr int NK = HEAD_DIM / 32;
  int lane = threadIdx.x % 32, qi = blockIdx.x * WAVES + threadIdx.x / 32;
  if (qi >= nq) return;
  float qr[NK], acc[NK] = {}, m = -1e30f, l = 0.0f;
#pragma unroll
  for (int c = 0; c < NK; c++) qr[c] = q[qi * HEAD_DIM + lane + c * 32];
  for (int j = 0; j < nkeys; j++) {
    float s = 0.0f;
#pragma unroll
    for (int c = 0; c < NK; c++) s += qr[c] * k[j * HEAD_DIM + lane + c * 32];
#pragma unroll
    for (int off = 16; off > 0; off /= 2) s += __shfl_xor_sync(0xffffffffu, s, off);
    s *= rsqrtf((float)HEAD_DIM);
    float m2 = fmaxf(m, s), c = expf(m - m2), p = expf(s - m2);
#pragma unroll
    for (int e = 0; e < NK; e++) acc[e] = acc[e] * c + p * v[j * HEAD_DIM + lane + e * 32];
    l = l * c + p, m = m2;
  }
#pragma unroll
  for (int c = 0; c < NK; c++) o[qi * HEAD_DIM + lane + c * 32] = acc[c] / l;
}
/* lines: end */

template __global__ void attention<64, 4>(const float *, const float *, const float *, float *,
                                          int, int);

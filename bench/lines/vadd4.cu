// The CUDA that examples/vadd4_kernel.h stands for (bench/lines.sh counts
// the lines between the markers; nvcc -arch=sm_90 -c checks it builds).
/* lines: vadd4 */
__global__ void vadd4(const float4 *__restrict__ a, const float4 *__restrict__ b,
                      float4 *__restrict__ out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int n4 = n >> 2;
  if (i < n4) {
    float4 x = __ldcs(a + i), y = __ldcs(b + i);
    __stcs(out + i, make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w));
  }
  if (i == 0)
    for (int j = n4 * 4; j < n; j++)
      ((float *)out)[j] = ((const float *)a)[j] + ((const float *)b)[j];
}
/* lines: end */

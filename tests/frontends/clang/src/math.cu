// Device math: expf, sqrtf, tanhf, erff, which clang's CUDA headers turn into
// calls of libdevice's __nv_* functions.
extern "C" __global__ void math(const float* __restrict__ x, float* __restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = expf(v) + sqrtf(fabsf(v)) + tanhf(v) + erff(v);
  }
}

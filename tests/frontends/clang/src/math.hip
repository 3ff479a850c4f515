// Device math: expf, sqrtf, tanhf, erff from the HIP headers, which call
// ROCm's ocml (__ocml_*) for what the backend does not lower itself.
#include <hip/hip_runtime.h>

extern "C" __global__ void math(const float* __restrict__ x, float* __restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = expf(v) + sqrtf(fabsf(v)) + tanhf(v) + erff(v);
  }
}

// flyc compile-speed benchmark kernel 3: "mori-style" device state + ocml math.
// A kernel reads an 80-byte __device__ state struct (mstl::globalState, normally written by a
// post-load processor on the host), calls an extern "C" device function mstl_my_pe() defined
// here, and calls sqrtf/expf, which lower to __ocml_sqrt_f32/__ocml_exp_f32.
#include <hip/hip_runtime.h>

namespace mstl {
struct State {               // 80 bytes
  int my_pe;                 //  0
  int n_pes;                 //  4
  unsigned long long heap;   //  8
  unsigned long long heap_size; // 16
  void* peer_bases[6];       // 24 .. 72
  float scale;               // 72
  int flags;                 // 76
};
static_assert(sizeof(State) == 80, "mstl::State must be 80 bytes");

__device__ State globalState;
}  // namespace mstl

extern "C" __device__ __attribute__((noinline)) int mstl_my_pe() {
  return mstl::globalState.my_pe;
}

extern "C" __global__ void mstl_kernel(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float s = mstl::globalState.scale;
  int pe = mstl_my_pe();
  float y = sqrtf(fabsf(x) + 1.0f) * expf(-x * s);
  out[i] = y + (float)(pe * mstl::globalState.n_pes);
}

// Hopper warpgroup MMA (sm_90a only) through inline PTX, as CUTLASS writes
// it: one warpgroup (128 threads) stages a 64x16 f16 tile of A and a 16x8
// tile of B in shared memory and runs wgmma.mma_async m64n8k16 (f32
// accumulate) with both operands given by shared-memory descriptors (no
// swizzle). A corpus entry for compile and metadata checks: the operand
// layout is the simple interleaved one, not a tuned kernel.
#include <cuda_fp16.h>

__device__ static unsigned long long smem_desc(const void* p, unsigned lead, unsigned stride) {
  unsigned addr = (unsigned)__cvta_generic_to_shared(p);
  unsigned long long d = 0;
  d |= (unsigned long long)((addr & 0x3FFFF) >> 4);
  d |= (unsigned long long)((lead & 0x3FFFF) >> 4) << 16;
  d |= (unsigned long long)((stride & 0x3FFFF) >> 4) << 32;
  return d; // swizzle mode 0 (bits 62-63)
}

extern "C" __global__ void __launch_bounds__(128)
wgmma_gemm(const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C) {
  __shared__ alignas(128) __half sa[64 * 16];
  __shared__ alignas(128) __half sb[16 * 8];
  int t = threadIdx.x;
  for (int i = t; i < 64 * 16; i += 128) sa[i] = A[i];
  if (t < 16 * 8) sb[t] = B[t];
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  unsigned long long da = smem_desc(sa, 128, 256), db = smem_desc(sb, 128, 256);
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  asm volatile("{\n"
               ".reg .pred p;\n"
               "setp.ne.b32 p, %6, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
               "{%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n"
               "}\n"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "l"(da), "l"(db), "r"(0));
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  // Accumulator fragment of m64n8: thread t holds rows 16*(t/32) + (t%32)/4
  // and +8, columns 2*(t%4) and +1.
  int row = 16 * (t / 32) + (t % 32) / 4, col = 2 * (t % 4);
  C[row * 8 + col] = d0;
  C[row * 8 + col + 1] = d1;
  C[(row + 8) * 8 + col] = d2;
  C[(row + 8) * 8 + col + 1] = d3;
}

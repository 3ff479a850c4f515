/* A byte histogram written once with the kernel builder (flyc/builder.h),
 * for every target (gfx942 and sm_90 alike): each block counts its share of
 * the bytes into HIST_BINS bins in shared memory (LDS) with block-scope
 * atomics, then adds its bins to the global ones with device-scope atomics.
 * The CUDA it stands for (bench/lines/histogram.cu):
 *
 *   __shared__ unsigned local[HIST_BINS];
 *   for (b = threadIdx.x; b < HIST_BINS; b += blockDim.x) local[b] = 0;
 *   __syncthreads();
 *   for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
 *        i += (size_t)gridDim.x * blockDim.x)
 *     atomicAdd_block(&local[data[i] % HIST_BINS], 1u);
 *   __syncthreads();
 *   for (b = threadIdx.x; b < HIST_BINS; b += blockDim.x) atomicAdd(&bins[b], local[b]);
 *
 * Parameters: data (bytes, global, noalias), n (i32, bytes, >= 0), bins
 * (HIST_BINS u32 counters, global, added to: zero them before the first
 * launch). Any grid and block size: the loops stride by them, the one over
 * the bytes in 64 bits (an i32 index would wrap once n + the grid's threads
 * passed 2^31, and read before data). Counts wrap
 * at 2^32, as CUDA's unsigned atomicAdd. Lowering of the atomics:
 * flyc_kb_atomic_rmw() (AMDGPU `ds_add_u32` and `global_atomic_add_u32`,
 * NVPTX `atom.shared.add.u32` and `red.global.add.u32`). */
#ifndef FLYC_EXAMPLE_HISTOGRAM_KERNEL_H
#define FLYC_EXAMPLE_HISTOGRAM_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define HIST_BINS 64

static const flyc_param_t histogram_params[3] = {
    {sizeof(flyc_param_t), "data", FLYC_PARAM_PTR, 0, 1, 0, 1},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0},
    {sizeof(flyc_param_t), "bins", FLYC_PARAM_PTR, 0, 1, 4, 1},
};

/* lines: histogram */
static int histogram_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                          void *payload) {
  (void)payload;
  LLVMContextRef c = flyc_kb_llvm_context(kb);
  LLVMTypeRef u8 = LLVMInt8TypeInContext(c), u32 = LLVMInt32TypeInContext(c);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), nt = flyc_kb_block_dim(kb, 0);
  LLVMValueRef bins = flyc_kb_i32(kb, HIST_BINS), one = flyc_kb_i32(kb, 1);
  LLVMValueRef local =
      flyc_kb_shared_alloc(flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 16), HIST_BINS * 4, 16);
  LLVMValueRef j = flyc_kb_for_begin(kb, t, bins, nt, 0, NULL, NULL); /* local[j] = 0 */
  flyc_kb_store(kb, flyc_kb_i32(kb, 0), local, j, 0, 0);
  flyc_kb_for_end(kb, NULL, NULL);
  flyc_kb_barrier(kb);
  LLVMValueRef i =
      flyc_kb_for_begin(kb, flyc_kb_global_id64(kb, 0), FLYC_UEXPR(kb, "i64(n)", arg[1]),
                        FLYC_UEXPR(kb, "i64(g) * nt", flyc_kb_grid_dim(kb, 0), nt), 0, NULL,
                        NULL); /* in 64 bits: i + stride never wraps */
  LLVMValueRef bin = FLYC_UEXPR(kb, "i32(d) % nb", flyc_kb_load(kb, u8, 1, arg[0], i, 0, 0), bins);
  flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, LLVMBuildGEP2(b, u32, local, &bin, 1, ""), one,
                     FLYC_ORDER_RELAXED, FLYC_SCOPE_WORKGROUP);
  flyc_kb_for_end(kb, NULL, NULL);
  flyc_kb_barrier(kb);
  j = flyc_kb_for_begin(kb, t, bins, nt, 0, NULL, NULL); /* bins[j] += local[j] */
  flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, LLVMBuildGEP2(b, u32, arg[2], &j, 1, ""),
                     flyc_kb_load(kb, u32, 1, local, j, 0, 0), FLYC_ORDER_RELAXED,
                     FLYC_SCOPE_AGENT);
  return flyc_kb_for_end(kb, NULL, NULL);
}
/* lines: end */

static int histogram_emit(flyc_ctx_t *ctx, const char **name_out) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "histogram";
  d.params = histogram_params;
  d.param_count = 3;
  d.body = histogram_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

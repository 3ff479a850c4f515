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
    {sizeof(flyc_param_t), "data", FLYC_PARAM_PTR, 0, 1, 0, 1, "i8"},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "bins", FLYC_PARAM_PTR, 0, 1, 4, 1, "i32"},
};

/* lines: histogram */
static int histogram_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                          void *payload) {
  (void)b, (void)arg, (void)payload;
  flyc_kb_shared_array(kb, "local", "i32", HIST_BINS);
  flyc_kb_let_int(kb, "BINS", HIST_BINS);
  flyc_kb_do(kb, 0, "for (j = threadIdx.x; j < BINS; j += blockDim.x) local[j] = 0; barrier()");
  flyc_kb_do(kb, FLYC_EXPR_UNSIGNED, /* in 64 bits: i + the stride never wraps */
             "for (i = i64(blockIdx.x) * blockDim.x + threadIdx.x; i < n;"
             "     i += i64(gridDim.x) * blockDim.x)"
             "  atomic_add_block(&local[data[i] % BINS], 1)");
  return flyc_kb_do(kb, 0, "barrier();"
                           "for (j = threadIdx.x; j < BINS; j += blockDim.x)"
                           "  atomic_add(&bins[j], local[j])");
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

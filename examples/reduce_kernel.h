/* A block-wide sum with shared memory and barriers, written with the kernel
 * builder; shared by examples/builder_examples.c, the tests, the benchmark and
 * the GPU check:
 *
 *   __shared__ float s[BLOCK];              // the kernel's static allocator
 *   s[t] = i < n ? in[i] : 0;  __syncthreads();
 *   for (k = BLOCK / 2; k > 0; k /= 2) { if (t < k) s[t] += s[t + k]; __syncthreads(); }
 *   if (t == 0) out[block_idx.x] = s[0];
 *
 * with t = thread_idx.x and i = block_idx.x * BLOCK + t. BLOCK is a constexpr
 * (a power of two from 2 to 1024): each value is its own specialisation,
 * and the launch block {BLOCK, 1, 1} is the kernel's known_block_size.
 * A second constexpr DYNAMIC (0 or 1) picks the allocator's mode: with 1,
 * s[] lives in the dynamic region and the launch's shared size defaults to
 * BLOCK * 4 bytes.
 * Parameters: in, out (float, global, 4-byte aligned, noalias), n (i32). */
#ifndef FLYC_EXAMPLE_REDUCE_KERNEL_H
#define FLYC_EXAMPLE_REDUCE_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static const flyc_param_t reduce_params[3] = {
    {sizeof(flyc_param_t), "in", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0},
};

/* lines: reduce */
static int reduce_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                       void *payload) {
  (void)payload;
  int64_t block = flyc_kb_known_block_size(kb, 0); /* the launch block: BLOCK */
  const flyc_constexpr_t *dynamic = flyc_kb_constexpr(kb, "DYNAMIC");
  if (block < 2 || (block & (block - 1)) || !dynamic)
    return FLYC_EINVAL;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef s = flyc_kb_shared_alloc(
      flyc_kb_shared_allocator(kb, dynamic->i ? FLYC_SHARED_DYNAMIC : FLYC_SHARED_STATIC, 16),
      (uint64_t)block * 4, 16);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), bid = flyc_kb_block_idx(kb, 0);
  LLVMValueRef i = LLVMBuildAdd(b, LLVMBuildMul(b, bid, flyc_kb_block_dim(kb, 0), ""), t, "i");
  LLVMValueRef in_range = LLVMBuildICmp(b, LLVMIntSLT, i, arg[2], "");
  flyc_kb_store(kb, flyc_kb_load_if(kb, in_range, f32, 1, arg[0], i, flyc_kb_f32(kb, 0), 0, 0),
                s, t, 0, 0); /* s[t] = i < n ? in[i] : 0 */
  flyc_kb_barrier(kb);
  for (int64_t k = block / 2; k > 0; k /= 2) { /* the tree, unrolled: BLOCK is known */
    LLVMValueRef kk = flyc_kb_i32(kb, (int32_t)k);
    LLVMValueRef tk = LLVMBuildAdd(b, t, kk, "");
    LLVMValueRef x = LLVMBuildFAdd(b, flyc_kb_load(kb, f32, 1, s, t, 0, 0),
                                   flyc_kb_load(kb, f32, 1, s, tk, 0, 0), "");
    flyc_kb_store_if(kb, LLVMBuildICmp(b, LLVMIntULT, t, kk, ""), x, s, t, 0, 0);
    flyc_kb_barrier(kb);
  }
  LLVMValueRef first = LLVMBuildICmp(b, LLVMIntEQ, t, flyc_kb_i32(kb, 0), "");
  return flyc_kb_store_if(kb, first, flyc_kb_load(kb, f32, 1, s, flyc_kb_i32(kb, 0), 0, 0),
                          arg[1], bid, 0, 0); /* if (t == 0) out[block_idx.x] = s[0] */
}
/* lines: end */

/* Emits the reduction for one BLOCK and allocator mode; `*name` gets the
 * kernel's name. */
static int reduce_emit_mode(flyc_ctx_t *ctx, int64_t block, int dynamic, const char **name) {
  flyc_constexpr_t cx[2] = {{"BLOCK", FLYC_CONSTEXPR_INT, block, 0},
                            {"DYNAMIC", FLYC_CONSTEXPR_INT, dynamic, 0}};
  uint32_t launch[3] = {(uint32_t)block, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "reduce_sum";
  d.params = reduce_params;
  d.param_count = 3;
  d.body = reduce_body;
  d.constexprs = cx;
  d.constexpr_count = 2;
  d.launch_block = launch;
  return flyc_kernel_emit(ctx, &d, name);
}

/* The reduction with static shared memory. */
static int reduce_emit(flyc_ctx_t *ctx, int64_t block, const char **name) {
  return reduce_emit_mode(ctx, block, 0, name);
}

#endif

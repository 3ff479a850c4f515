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

static int reduce_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                       void *payload) {
  (void)payload;
  const flyc_constexpr_t *block = flyc_kb_constexpr(kb, "BLOCK");
  const flyc_constexpr_t *dynamic = flyc_kb_constexpr(kb, "DYNAMIC");
  if (!block || block->i < 2 || block->i > 1024 || (block->i & (block->i - 1)) || !dynamic)
    return FLYC_EINVAL;
  LLVMValueRef fn = flyc_kb_function(kb);
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(lc), i32 = LLVMInt32TypeInContext(lc);
  flyc_shared_allocator_t *alloc = flyc_kb_shared_allocator(
      kb, dynamic->i ? FLYC_SHARED_DYNAMIC : FLYC_SHARED_STATIC, 16);
  LLVMValueRef s = flyc_kb_shared_alloc(alloc, (uint64_t)block->i * 4, 16);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), bid = flyc_kb_block_idx(kb, 0);
  if (!s || !t || !bid)
    return FLYC_EINVAL; /* the helper's error is the emit's */
  LLVMValueRef i =
      LLVMBuildAdd(b, LLVMBuildMul(b, bid, LLVMConstInt(i32, (unsigned long long)block->i, 0), ""),
                   t, "i");
  /* s[t] = i < n ? in[i] : 0 */
  LLVMBasicBlockRef entry = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef load = LLVMAppendBasicBlockInContext(lc, fn, "load");
  LLVMBasicBlockRef fill = LLVMAppendBasicBlockInContext(lc, fn, "fill");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, i, arg[2], ""), load, fill);
  LLVMPositionBuilderAtEnd(b, load);
  LLVMValueRef x = LLVMBuildLoad2(b, f32, LLVMBuildGEP2(b, f32, arg[0], &i, 1, ""), "x");
  LLVMBuildBr(b, fill);
  LLVMPositionBuilderAtEnd(b, fill);
  LLVMValueRef v = LLVMBuildPhi(b, f32, "v");
  LLVMValueRef in_v[2] = {LLVMConstReal(f32, 0.0), x};
  LLVMBasicBlockRef in_b[2] = {entry, load};
  LLVMAddIncoming(v, in_v, in_b, 2);
  LLVMBuildStore(b, v, LLVMBuildGEP2(b, f32, s, &t, 1, ""));
  if (flyc_kb_barrier(kb))
    return FLYC_EINVAL;
  /* The tree, unrolled at build time: BLOCK is known. */
  for (int64_t k = block->i / 2; k > 0; k /= 2) {
    LLVMBasicBlockRef add = LLVMAppendBasicBlockInContext(lc, fn, "add");
    LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(lc, fn, "next");
    LLVMValueRef kk = LLVMConstInt(i32, (unsigned long long)k, 0);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, t, kk, ""), add, next);
    LLVMPositionBuilderAtEnd(b, add);
    LLVMValueRef tk = LLVMBuildAdd(b, t, kk, "");
    LLVMValueRef p = LLVMBuildGEP2(b, f32, s, &t, 1, "");
    LLVMValueRef q = LLVMBuildGEP2(b, f32, s, &tk, 1, "");
    LLVMBuildStore(b, LLVMBuildFAdd(b, LLVMBuildLoad2(b, f32, p, ""), LLVMBuildLoad2(b, f32, q, ""), ""),
                   p);
    LLVMBuildBr(b, next);
    LLVMPositionBuilderAtEnd(b, next);
    if (flyc_kb_barrier(kb))
      return FLYC_EINVAL;
  }
  /* if (t == 0) out[block_idx.x] = s[0] */
  LLVMBasicBlockRef store = LLVMAppendBasicBlockInContext(lc, fn, "store");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(lc, fn, "done");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, t, LLVMConstInt(i32, 0, 0), ""), store, done);
  LLVMPositionBuilderAtEnd(b, store);
  LLVMBuildStore(b, LLVMBuildLoad2(b, f32, s, "sum"), LLVMBuildGEP2(b, f32, arg[1], &bid, 1, ""));
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
  return 0;
}

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

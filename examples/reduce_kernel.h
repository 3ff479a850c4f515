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
    {sizeof(flyc_param_t), "in", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* lines: reduce */
static int reduce_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                       void *payload) {
  (void)b, (void)arg, (void)payload; /* BLOCK and DYNAMIC: reduce_emit_mode() checks them */
  flyc_kb_shared_allocator(kb, flyc_kb_constexpr(kb, "DYNAMIC")->i ? FLYC_SHARED_DYNAMIC
                                                                   : FLYC_SHARED_STATIC, 16);
  flyc_kb_shared_array(kb, "s", "f32", flyc_kb_known_block_size(kb, 0));
  flyc_kb_do(kb, 0, "t = threadIdx.x; i = blockIdx.x * BLOCK + t;"
                    "s[t] = i < n ? in[i] : 0.0f; barrier()");
  for (int64_t k = flyc_kb_constexpr(kb, "BLOCK")->i / 2; k > 0; k /= 2) { /* unrolled */
    flyc_kb_let_int(kb, "k", k);
    flyc_kb_do(kb, 0, "if (t < k) s[t] += s[t + k]; barrier()");
  }
  return flyc_kb_do(kb, 0, "if (t == 0) out[blockIdx.x] = s[0]");
}
/* lines: end */
#undef I32
#undef LOAD

/* Emits the reduction for one BLOCK and allocator mode; `*name` gets the
 * kernel's name. */
static int reduce_emit_mode(flyc_ctx_t *ctx, int64_t block, int dynamic, const char **name) {
  if (block < 2 || block > 1024 || (block & (block - 1)) || (dynamic != 0 && dynamic != 1))
    return FLYC_EINVAL; /* the tree needs a power of two */
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

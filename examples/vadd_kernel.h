/* The vector add written with the kernel builder, shared by
 * examples/vadd_builder.c, the tests and the benchmark:
 *   i = block_idx.x * block_dim.x + thread_idx.x; if (i < n) c[i] = a[i] + b[i]
 * Parameters: a, b, c (float, global memory: address space 1 on AMDGPU and
 * NVPTX, 4-byte aligned, noalias), n (i32). */
#ifndef FLYC_EXAMPLE_VADD_KERNEL_H
#define FLYC_EXAMPLE_VADD_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static const flyc_param_t vadd_params[4] = {
    {sizeof(flyc_param_t), "a", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "c", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* i = block_idx.x * block_dim.x + thread_idx.x; if (i < n) c[i] = a[i] + b[i] */
static int vadd_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                     void *payload) {
  (void)payload;
  LLVMValueRef fn = flyc_kb_function(kb);
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(lc);
  LLVMValueRef i = LLVMBuildAdd(
      b, LLVMBuildMul(b, flyc_kb_block_idx(kb, 0), flyc_kb_block_dim(kb, 0), ""),
      flyc_kb_thread_idx(kb, 0), "i");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(lc, fn, "body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(lc, fn, "done");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, i, arg[3], ""), body, done);
  LLVMPositionBuilderAtEnd(b, body);
  LLVMValueRef x = LLVMBuildLoad2(b, f32, LLVMBuildGEP2(b, f32, arg[0], &i, 1, ""), "x");
  LLVMValueRef y = LLVMBuildLoad2(b, f32, LLVMBuildGEP2(b, f32, arg[1], &i, 1, ""), "y");
  LLVMBuildStore(b, LLVMBuildFAdd(b, x, y, ""), LLVMBuildGEP2(b, f32, arg[2], &i, 1, ""));
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
  return 0;
}

#endif

/* A kernel that calls an external device library through link_extern (the
 * stand-in for mori's shmem bitcode, tests/fixtures/mstl_*.ll.in) and the
 * device-library math helpers; shared by examples/builder_examples.c, the
 * tests and the GPU check:
 *
 *   i = block_idx.x * block_dim.x + thread_idx.x
 *   if (i < n) out[i] = sqrt(x[i]) + exp(x[i]) + (float)mstl_my_pe()
 *
 * `mstl_my_pe` reads the library's state global, which the post-load
 * processor registered as SHMEM_MATH_PROCESSOR writes after each load (as
 * mori's shmem init does); the link_extern puts the library on the compile
 * and the processor on the artifact only because the kernel calls it. sqrt
 * and exp come from ocml (AMDGPU) or libdevice (NVPTX).
 * Parameters: x, out (float, global, 4-byte aligned, noalias), n (i32). The
 * payload is the path of the library's bitcode for the target. */
#ifndef FLYC_EXAMPLE_SHMEM_MATH_KERNEL_H
#define FLYC_EXAMPLE_SHMEM_MATH_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define SHMEM_MATH_PROCESSOR "mstl.set_rank"
/* The state global the processor writes: 80 bytes, rank at 0, world at 4,
 * a magic 0x5EED at 8. */
#define SHMEM_MATH_STATE "_ZN4mstl11globalStateE"

static const flyc_param_t shmem_math_params[3] = {
    {sizeof(flyc_param_t), "x", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

static const flyc_ffi_t shmem_math_my_pe = {sizeof(flyc_ffi_t), "mstl_my_pe", {FLYC_TYPE_I32, 0}, NULL, 0, 0};

static int shmem_math_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                           void *payload) {
  const flyc_extern_t my_pe = {sizeof(flyc_extern_t), &shmem_math_my_pe, (const char *)payload,
                               {SHMEM_MATH_PROCESSOR, NULL, NULL}};
  LLVMValueRef fn = flyc_kb_function(kb);
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(lc);
  LLVMValueRef i = LLVMBuildAdd(
      b, LLVMBuildMul(b, flyc_kb_block_idx(kb, 0), flyc_kb_block_dim(kb, 0), ""),
      flyc_kb_thread_idx(kb, 0), "i");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(lc, fn, "body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(lc, fn, "done");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, i, arg[2], ""), body, done);
  LLVMPositionBuilderAtEnd(b, body);
  LLVMValueRef x = LLVMBuildLoad2(b, f32, LLVMBuildGEP2(b, f32, arg[0], &i, 1, ""), "x");
  LLVMValueRef sq = flyc_kb_math(kb, FLYC_MATH_SQRT, x, NULL);
  LLVMValueRef ex = flyc_kb_math(kb, FLYC_MATH_EXP, x, NULL);
  LLVMValueRef pe = flyc_kb_call_extern(kb, &my_pe, NULL, 0);
  if (!sq || !ex || !pe)
    return FLYC_EINVAL; /* the helper's error is the emit's */
  LLVMValueRef r = LLVMBuildFAdd(b, LLVMBuildFAdd(b, sq, ex, ""), LLVMBuildSIToFP(b, pe, f32, ""),
                                 "r");
  LLVMBuildStore(b, r, LLVMBuildGEP2(b, f32, arg[1], &i, 1, ""));
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
  return 0;
}

/* Emits the kernel; `mstl_bc` is the library's bitcode for the target. */
static int shmem_math_emit(flyc_ctx_t *ctx, const char *mstl_bc, const char **name) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "shmem_math";
  d.params = shmem_math_params;
  d.param_count = 3;
  d.body = shmem_math_body;
  d.payload = (void *)mstl_bc;
  return flyc_kernel_emit(ctx, &d, name);
}

#endif

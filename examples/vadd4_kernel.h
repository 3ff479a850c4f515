/* A float4 vector add written once with the kernel builder's typed loads
 * and structured control flow (flyc/builder.h), for every target (gfx942
 * and sm_90 alike). The CUDA it stands for:
 *
 *   i = blockIdx.x * blockDim.x + threadIdx.x;  n4 = n / 4;
 *   if (i < n4)                                  // one 128-bit access each
 *     ((float4 *)out)[i] = __ldcs((float4 *)a + i) + __ldcs((float4 *)b + i);
 *   if (i == 0)                                  // the tail: n % 4 elements
 *     for (j = n4 * 4; j < n; j++) out[j] = a[j] + b[j];
 *
 * The float4 loads are streaming (FLYC_MEM_NONTEMPORAL: AMDGPU `nt`,
 * NVPTX `ld.global.cs`): each element is read once. Parameters: a, b, out
 * (float, global, 16-byte aligned, noalias), n (i32, elements, >= 0); the
 * grid covers n / 4 threads, at least one. */
#ifndef FLYC_EXAMPLE_VADD4_KERNEL_H
#define FLYC_EXAMPLE_VADD4_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static const flyc_param_t vadd4_params[4] = {
    {sizeof(flyc_param_t), "a", FLYC_PARAM_PTR, 0, 1, 16, 1},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_PTR, 0, 1, 16, 1},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 16, 1},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0},
};

/* The tail loop's body: out[j] = a[j] + b[j] (scalars; nothing carried). */
static int vadd4_tail(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef j,
                      const LLVMValueRef *carried, LLVMValueRef *next, void *payload) {
  (void)carried, (void)next;
  LLVMValueRef *arg = payload;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef x = flyc_kb_load(kb, f32, 1, arg[0], j, 0, 0);
  LLVMValueRef y = flyc_kb_load(kb, f32, 1, arg[1], j, 0, 0);
  if (!x || !y)
    return FLYC_EINVAL; /* the helper's error is the emit's */
  return flyc_kb_store(kb, LLVMBuildFAdd(b, x, y, ""), arg[2], j, 0, 0);
}

/* The vector part: out4[i] = a4[i] + b4[i]. */
static int vadd4_vec(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *yield,
                     void *payload) {
  (void)yield;
  LLVMValueRef *arg = payload, i = arg[4];
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef x = flyc_kb_load(kb, f32, 4, arg[0], i, 16, FLYC_MEM_NONTEMPORAL);
  LLVMValueRef y = flyc_kb_load(kb, f32, 4, arg[1], i, 16, FLYC_MEM_NONTEMPORAL);
  if (!x || !y)
    return FLYC_EINVAL;
  return flyc_kb_store(kb, LLVMBuildFAdd(b, x, y, ""), arg[2], i, 16, FLYC_MEM_NONTEMPORAL);
}

/* Thread 0 runs the tail: for (j = n4 * 4; j < n; j++). */
static int vadd4_tail_arm(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *yield,
                          void *payload) {
  (void)yield;
  LLVMValueRef *arg = payload;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef start = LLVMBuildShl(b, arg[5], LLVMConstInt(i32, 2, 0), "tail");
  return flyc_kb_for(kb, start, arg[3], LLVMConstInt(i32, 1, 0), 0, NULL, vadd4_tail, arg,
                     NULL);
}

static int vadd4_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  (void)payload;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef i = flyc_kb_global_id(kb, 0);
  if (!i)
    return FLYC_EINVAL;
  LLVMValueRef n4 = LLVMBuildAShr(b, args[3], LLVMConstInt(i32, 2, 0), "n4");
  LLVMValueRef arg[6] = {args[0], args[1], args[2], args[3], i, n4};
  /* i is unsigned in CUDA's sense (it wraps at 2^32): compare unsigned. */
  int rc = flyc_kb_if(kb, LLVMBuildICmp(b, LLVMIntULT, i, n4, ""), vadd4_vec, NULL, arg, 0, NULL);
  if (!rc)
    rc = flyc_kb_if(kb, LLVMBuildICmp(b, LLVMIntEQ, i, LLVMConstInt(i32, 0, 0), ""),
                    vadd4_tail_arm, NULL, arg, 0, NULL);
  if (!rc)
    LLVMBuildRetVoid(b);
  return rc;
}

/* Emits `vadd4` into `ctx`; its name in *name_out (may be NULL). */
static int vadd4_emit(flyc_ctx_t *ctx, const char **name_out) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "vadd4";
  d.params = vadd4_params;
  d.param_count = 4;
  d.body = vadd4_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

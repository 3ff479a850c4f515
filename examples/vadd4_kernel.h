/* A float4 vector add written once with the kernel builder's typed loads
 * and inline if / for regions (flyc/builder.h), for every target (gfx942
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
    {sizeof(flyc_param_t), "a", FLYC_PARAM_PTR, 0, 1, 16, 1, NULL},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_PTR, 0, 1, 16, 1, NULL},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 16, 1, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* The tail loop's body: out[j] = a[j] + b[j] (scalars; nothing carried). */
/* lines: vadd4 */
static int vadd4_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  (void)payload;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef i = flyc_kb_global_id(kb, 0), n = args[3], x, y;
  LLVMValueRef n4 = LLVMBuildAShr(b, n, flyc_kb_i32(kb, 2), "n4");
  /* i is unsigned in CUDA's sense (it wraps at 2^32): compare unsigned. */
  flyc_kb_if_begin(kb, LLVMBuildICmp(b, LLVMIntULT, i, n4, ""));
  x = flyc_kb_load(kb, f32, 4, args[0], i, 16, FLYC_MEM_NONTEMPORAL);
  y = flyc_kb_load(kb, f32, 4, args[1], i, 16, FLYC_MEM_NONTEMPORAL);
  flyc_kb_store(kb, LLVMBuildFAdd(b, x, y, ""), args[2], i, 16, FLYC_MEM_NONTEMPORAL);
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_exit_if(kb, LLVMBuildICmp(b, LLVMIntNE, i, flyc_kb_i32(kb, 0), "")); /* thread 0: */
  LLVMValueRef j = flyc_kb_for_begin(kb, LLVMBuildShl(b, n4, flyc_kb_i32(kb, 2), ""), n,
                                     flyc_kb_i32(kb, 1), 0, NULL, NULL); /* the tail */
  x = flyc_kb_load(kb, f32, 1, args[0], j, 0, 0), y = flyc_kb_load(kb, f32, 1, args[1], j, 0, 0);
  flyc_kb_store(kb, LLVMBuildFAdd(b, x, y, ""), args[2], j, 0, 0);
  return flyc_kb_for_end(kb, NULL, NULL);
}
/* lines: end */

static int vadd4_emit(flyc_ctx_t *ctx, const char **name_out) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "vadd4";
  d.params = vadd4_params;
  d.param_count = 4;
  d.body = vadd4_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

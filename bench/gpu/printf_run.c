/* Device printf through the kernel builder (flyc_kb_printf) on a GPU: four
 * threads print their index, the block size, a float and a 64-bit value;
 * bench/gpu/builder_run.sh compares the lines with what they must be.
 *   printf_run TARGET        (sm_90 on the H200) */
#include <stdio.h>

#include <flyc.h>
#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static int body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args, void *p) {
  (void)args, (void)p;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), n = flyc_kb_block_dim(kb, 0);
  LLVMValueRef f = LLVMBuildFMul(b, LLVMBuildSIToFP(b, t, LLVMFloatTypeInContext(lc), ""),
                                 LLVMConstReal(LLVMFloatTypeInContext(lc), 0.5), "");
  LLVMValueRef l = LLVMBuildShl(b, LLVMBuildZExt(b, t, LLVMInt64TypeInContext(lc), ""),
                                LLVMConstInt(LLVMInt64TypeInContext(lc), 33, 0), "");
  LLVMValueRef v[4] = {t, n, f, l};
  if (flyc_kb_printf(kb, "thread %d of %d: %.2f %lld\n", v, 4))
    return -1;
  LLVMBuildRetVoid(b);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return fprintf(stderr, "usage: %s TARGET\n", argv[0]), 2;
  flyc_ctx_t *ctx;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "say";
  d.body = body;
  flyc_artifact_t *a = NULL;
  flyc_driver_t *drv;
  flyc_gpu_jit_module_t *m;
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.grid[0] = 1;
  c.block[0] = 4;
  if (flyc_ctx_create(&ctx, argv[1]) || flyc_kernel_emit(ctx, &d, NULL) ||
      flyc_ctx_compile(ctx, NULL, &a) || flyc_driver_open(&drv, FLYC_DRIVER_CUDA) ||
      flyc_gpu_jit_module_get(&m, drv, 0, a) || flyc_launch(m, "say", &c, NULL) ||
      flyc_device_synchronize(drv, 0)) {
    fprintf(stderr, "printf_run: %s: %s\n", flyc_status_name(flyc_error_last()->code),
            flyc_error_last()->message);
    return 1;
  }
  fflush(stdout);
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
  return 0;
}

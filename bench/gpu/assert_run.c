/* Device assert through the kernel builder (flyc_kb_assert) on a GPU: a
 * kernel asserts `out[i] == i` after writing it (holds), then one asserts
 * `i != bad` for a thread BAD; the first launch must synchronize cleanly,
 * the second must fail with CUDA's assert error. Each in its own process
 * (a failed assert leaves the CUDA context unusable).
 *   assert_run TARGET pass|fail     (sm_90 on the H200)
 * Prints "RESULT: ok" when the launch behaved as asked. */
#include <stdio.h>
#include <string.h>

#include <flyc.h>
#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static const flyc_param_t params[2] = {
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, "i32"},
    {sizeof(flyc_param_t), "bad", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

static int body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args, void *p) {
  (void)b, (void)p;
  LLVMValueRef i = flyc_kb_eval(kb, 0, "blockIdx.x * blockDim.x + threadIdx.x");
  flyc_kb_let(kb, "i", i, NULL);
  flyc_kb_do(kb, 0, "out[i] = i");
  flyc_kb_assert(kb, flyc_kb_eval(kb, 0, "out[i] == i"), "out[i] == i");
  return flyc_kb_assert(kb, LLVMBuildICmp(b, LLVMIntNE, i, args[1], ""), "i != bad");
}

int assert_main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[2], "pass") && strcmp(argv[2], "fail")))
    return fprintf(stderr, "usage: %s TARGET pass|fail\n", argv[0]), 2;
  int fails = strcmp(argv[2], "fail") == 0;
  flyc_ctx_t *ctx;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "checked", d.params = params, d.param_count = 2, d.body = body;
  flyc_artifact_t *a = NULL;
  flyc_driver_t *drv;
  flyc_gpu_jit_module_t *m;
  uint64_t out;
  int32_t bad = fails ? 300 : -1; /* block 1, thread 44 */
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.grid[0] = 4, c.block[0] = 256;
  void *args[2] = {&out, &bad};
  if (flyc_ctx_create(&ctx, argv[1]) || flyc_kernel_emit(ctx, &d, NULL) ||
      flyc_ctx_compile(ctx, NULL, &a) || flyc_driver_open(&drv, FLYC_DRIVER_CUDA) ||
      flyc_gpu_jit_module_load(&m, drv, 0, a, NULL, 0) ||
      flyc_device_alloc(drv, 0, 1024 * 4, &out)) {
    printf("setup: %s\nRESULT: FAIL\n", flyc_error_last()->message);
    return 1;
  }
  int rc = flyc_launch(m, "checked", &c, args);
  if (rc == FLYC_OK)
    rc = flyc_device_synchronize(drv, 0);
  const char *msg = rc ? flyc_error_last()->message : "";
  int ok = fails ? rc != FLYC_OK && strstr(msg, "ASSERT") != NULL : rc == FLYC_OK;
  printf("%s: rc %s%s%s\nRESULT: %s\n", argv[2], flyc_status_name(rc), rc ? ": " : "", msg,
         ok ? "ok" : "FAIL");
  return !ok;
}

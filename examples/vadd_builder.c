/* A kernel written in C with the kernel builder: c[i] = a[i] + b[i], built
 * for any target (gfx90a, gfx942, sm_80, sm_90), written to a file that
 * `flyc run` or a GPU runtime loads.
 *
 *   cc examples/vadd_builder.c $(pkg-config --cflags --libs flyc) -o vadd_builder
 *   ./vadd_builder sm_80 vadd.ptx        # or gfx90a vadd.hsaco
 */
#include <stdio.h>

#include <flyc.h>
#include <flyc/kernel.h>
#include <llvm-c/Core.h>

/* i = block_idx.x * block_dim.x + thread_idx.x; if (i < n) c[i] = a[i] + b[i] */
static int vadd(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg, void *payload) {
  (void)payload;
  LLVMValueRef fn = flyc_kb_function(kb);
  LLVMContextRef lc = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
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

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s TARGET OUT\n", argv[0]);
    return 2;
  }
  /* Global memory is address space 1 on both families. */
  const flyc_param_t params[] = {
      {"a", FLYC_PARAM_PTR, 0, 1, 4, 1},
      {"b", FLYC_PARAM_PTR, 0, 1, 4, 1},
      {"c", FLYC_PARAM_PTR, 0, 1, 4, 1},
      {"n", FLYC_PARAM_INT, 32, 0, 0, 0},
  };
  flyc_kernel_def_t def = {0};
  def.name = "vadd";
  def.params = params;
  def.param_count = 4;
  def.body = vadd;
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  flyc_artifact_t *a = NULL;
  if (flyc_kernel_emit(ctx, &def, NULL) || flyc_ctx_compile(ctx, NULL, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("vadd");
  }
  flyc_ctx_destroy(ctx);
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  FILE *f = fopen(argv[2], "wb");
  int ok = f && fwrite(code, 1, size, f) == size;
  ok = f && fclose(f) == 0 && ok;
  if (!ok)
    perror(argv[2]);
  else
    printf("vadd for %s: %zu bytes in %s\n", flyc_artifact_target(a), size, argv[2]);
  flyc_artifact_destroy(a);
  return ok ? 0 : 1;
}

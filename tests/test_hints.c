/* Compile hints: thread-local scopes that shallow-merge, their validation,
 * and how each is lowered on AMDGPU and NVPTX. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

static const flyc_param_t out_param = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};

/* out[0] = exp(out[0]); the body records the kernel's fast-math flags. */
static int exp_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                    void *payload) {
  if (payload)
    *(unsigned *)payload = flyc_kb_fast_math_flags(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef x = LLVMBuildLoad2(b, f32, args[0], "");
  LLVMValueRef y = flyc_kb_math(kb, FLYC_MATH_EXP, x, NULL);
  if (!y)
    return -1;
  LLVMBuildStore(b, y, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static flyc_kernel_def_t exp_def(unsigned *fmf) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "k";
  d.params = &out_param;
  d.param_count = 1;
  d.body = exp_body;
  d.payload = fmf;
  return d;
}

static const char *fn_attr(flyc_ctx_t *ctx, const char *fn, const char *kind) {
  static char buf[64];
  LLVMValueRef f = LLVMGetNamedFunction(flyc_ctx_module(ctx), fn);
  assert_non_null(f);
  LLVMAttributeRef a =
      LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind, (unsigned)strlen(kind));
  if (!a)
    return NULL;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(a, &len);
  snprintf(buf, sizeof buf, "%.*s", (int)len, v);
  return buf;
}

static void *other_thread(void *p) {
  flyc_hints_current(p);
  return NULL;
}

static void test_hints__scopes_merge(void **state) {
  (void)state;
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT, cur = FLYC_COMPILE_HINTS_INIT;
  flyc_hints_current(&cur);
  assert_int_equal(cur.waves_per_eu, FLYC_HINT_UNSET);
  assert_int_equal(cur.fast_fp_math, FLYC_HINT_UNSET);
  h.waves_per_eu = 2;
  assert_ok(flyc_hints_push(&h));
  flyc_compile_hints_t inner = FLYC_COMPILE_HINTS_INIT;
  inner.maxnreg = 64;
  assert_ok(flyc_hints_push(&inner));
  flyc_hints_current(&cur);
  assert_int_equal(cur.waves_per_eu, 2); /* inherited */
  assert_int_equal(cur.maxnreg, 64);
  flyc_compile_hints_t innermost = FLYC_COMPILE_HINTS_INIT;
  innermost.waves_per_eu = 4;
  innermost.fastmath = 0; /* explicitly none */
  assert_ok(flyc_hints_push(&innermost));
  flyc_hints_current(&cur);
  assert_int_equal(cur.waves_per_eu, 4); /* the inner value wins */
  assert_int_equal(cur.maxnreg, 64);
  assert_int_equal(cur.fastmath, 0);
  /* Another thread has its own (empty) scopes. */
  flyc_compile_hints_t theirs = FLYC_COMPILE_HINTS_INIT;
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, other_thread, &theirs), 0);
  pthread_join(th, NULL);
  assert_int_equal(theirs.waves_per_eu, FLYC_HINT_UNSET);
  assert_int_equal(theirs.maxnreg, FLYC_HINT_UNSET);
  assert_ok(flyc_hints_pop());
  flyc_hints_current(&cur);
  assert_int_equal(cur.waves_per_eu, 2);
  assert_int_equal(cur.fastmath, FLYC_HINT_UNSET);
  assert_ok(flyc_hints_pop());
  assert_ok(flyc_hints_pop());
  assert_error(flyc_hints_pop(), FLYC_EINVAL, "no hint scope is open");
  flyc_hints_current(&cur);
  assert_int_equal(cur.waves_per_eu, FLYC_HINT_UNSET);
}

/* A hint wins over what the kernel body set itself (FlyDSL's hints test;
 * issue 13, item 9). */
static int sets_waves_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                           void *payload) {
  (void)args, (void)payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMAddAttributeAtIndex(flyc_kb_function(kb), LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(lc, "amdgpu-waves-per-eu", 19, "1", 1));
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_hints__hint_beats_the_body(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT;
  h.waves_per_eu = 2;
  assert_ok(flyc_hints_push(&h));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "w";
  d.body = sets_waves_body;
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  assert_ok(flyc_hints_pop());
  LLVMValueRef fn = LLVMGetNamedFunction(flyc_ctx_module(ctx), "w");
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                                     "amdgpu-waves-per-eu", 19);
  assert_non_null(a);
  unsigned n;
  const char *v = LLVMGetStringAttributeValue(a, &n);
  assert_int_equal(n, 1);
  assert_memory_equal(v, "2", 1);
  flyc_ctx_destroy(ctx);
}

static void test_hints__validation(void **state) {
  (void)state;
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT;
  h.waves_per_eu = -2;
  assert_error(flyc_hints_push(&h), FLYC_EINVAL, "waves_per_eu = -2");
  h = (flyc_compile_hints_t)FLYC_COMPILE_HINTS_INIT;
  h.maxnreg = 0;
  assert_error(flyc_hints_push(&h), FLYC_EINVAL, "maxnreg = 0");
  h = (flyc_compile_hints_t)FLYC_COMPILE_HINTS_INIT;
  h.fast_fp_math = 2;
  assert_error(flyc_hints_push(&h), FLYC_EINVAL, "fast_fp_math = 2");
  h = (flyc_compile_hints_t)FLYC_COMPILE_HINTS_INIT;
  h.fastmath = 128;
  assert_error(flyc_hints_push(&h), FLYC_EINVAL, "fastmath = 128", "0 to 127");
  assert_error(flyc_hints_push(NULL), FLYC_EINVAL, "hints are required");
  /* Nothing was pushed by the failures. */
  assert_error(flyc_hints_pop(), FLYC_EINVAL, "no hint scope");
  /* 64 scopes deep, then no more. */
  h = (flyc_compile_hints_t)FLYC_COMPILE_HINTS_INIT;
  int i = 0;
  while (flyc_hints_push(&h) == FLYC_OK)
    i++;
  assert_int_equal(i, 64);
  assert_error(flyc_hints_push(&h), FLYC_EINVAL, "64 hint scopes");
  while (i--)
    assert_ok(flyc_hints_pop());

  /* Target limits are checked at the emit, naming the target. */
  struct {
    const char *target;
    int32_t waves, regs;
    const char *what;
  } bad[] = {{"gfx90a", 9, FLYC_HINT_UNSET, "gfx90a runs at most 8 waves per EU"},
             {"gfx906", 11, FLYC_HINT_UNSET, "gfx906 runs at most 10"},
             {"gfx90a", FLYC_HINT_UNSET, 513, "gfx90a has at most 512 VGPRs"},
             {"gfx906", FLYC_HINT_UNSET, 257, "gfx906 has at most 256 VGPRs"},
             {"sm_80", FLYC_HINT_UNSET, 256, "sm_80 has at most 255 registers"},
             {"gfx90a", FLYC_HINT_UNSET, 23, "need at least 24 VGPRs"}};
  for (size_t j = 0; j < sizeof bad / sizeof *bad; j++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, bad[j].target));
    h = (flyc_compile_hints_t)FLYC_COMPILE_HINTS_INIT;
    h.waves_per_eu = bad[j].waves;
    h.maxnreg = bad[j].regs;
    assert_ok(flyc_hints_push(&h));
    flyc_kernel_def_t d = exp_def(NULL);
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, bad[j].what);
    assert_ok(flyc_hints_pop());
    flyc_ctx_destroy(ctx);
  }
}

static void test_hints__lowered(void **state) {
  (void)state;
  /* AMDGPU: attributes on the kernel, and the code object honours them. */
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT;
  h.waves_per_eu = 3;
  h.maxnreg = 64;
  assert_ok(flyc_hints_push(&h));
  flyc_kernel_def_t d = exp_def(NULL);
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  assert_ok(flyc_hints_pop());
  assert_string_equal(fn_attr(ctx, "k", "amdgpu-waves-per-eu"), "3");
  assert_string_equal(fn_attr(ctx, "k", "amdgpu-num-vgpr"), "64");
  assert_null(fn_attr(ctx, "k", "unsafe-fp-math"));
  /* Outside the scope: a plain kernel. */
  const char *plain;
  assert_ok(flyc_kernel_emit(ctx, &d, &plain));
  assert_string_equal(plain, "k_1"); /* other hints, another specialisation */
  assert_null(fn_attr(ctx, "k_1", "amdgpu-waves-per-eu"));
  flyc_artifact_t *a = NULL;
  int rc = flyc_ctx_compile(ctx, NULL, &a);
  if (rc == FLYC_ENOTFOUND || rc == FLYC_EIO) {
    print_message("skipped compile: no ROCm device libraries (%s)\n", flyc_error_last()->message);
  } else {
    assert_ok(rc);
    assert_true(flyc_artifact_kernel_lookup(a, "k")->vgpr_count <= 64);
  }
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);

  /* NVPTX: .maxnreg; waves per EU has no meaning there and is dropped. */
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  h.maxnreg = 40;
  assert_ok(flyc_hints_push(&h));
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  assert_ok(flyc_hints_pop());
  assert_null(fn_attr(ctx, "k", "amdgpu-waves-per-eu"));
  if (tu_have_libdevice()) {
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    assert_non_null(strstr(flyc_artifact_code(a, NULL), ".maxnreg 40"));
    flyc_artifact_destroy(a);
  }
  flyc_ctx_destroy(ctx);
}

/* FlyDSL's effective fastmath: explicit flags, else fast under
 * fast_fp_math, else none. */
static void test_hints__fastmath(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  unsigned fmf = 99;
  flyc_kernel_def_t d = exp_def(&fmf);
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  assert_int_equal(fmf, 0);
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT;
  h.fast_fp_math = 1;
  assert_ok(flyc_hints_push(&h));
  const char *fast;
  assert_ok(flyc_kernel_emit(ctx, &d, &fast));
  assert_int_equal(fmf, FLYC_FMF_FAST);
  assert_string_equal(fn_attr(ctx, fast, "unsafe-fp-math"), "true");
  assert_string_equal(fn_attr(ctx, fast, "no-nans-fp-math"), "true");
  flyc_compile_hints_t only = FLYC_COMPILE_HINTS_INIT;
  only.fastmath = FLYC_FMF_NNAN | FLYC_FMF_NSZ;
  assert_ok(flyc_hints_push(&only));
  const char *some;
  assert_ok(flyc_kernel_emit(ctx, &d, &some));
  assert_int_equal(fmf, FLYC_FMF_NNAN | FLYC_FMF_NSZ);
  assert_string_equal(fn_attr(ctx, some, "no-nans-fp-math"), "true");
  assert_string_equal(fn_attr(ctx, some, "no-signed-zeros-fp-math"), "true");
  assert_null(fn_attr(ctx, some, "unsafe-fp-math"));
  assert_null(fn_attr(ctx, some, "no-infs-fp-math"));
  assert_ok(flyc_hints_pop());
  assert_ok(flyc_hints_pop());
  assert_null(fn_attr(ctx, "k", "unsafe-fp-math"));
  flyc_ctx_destroy(ctx);

  /* fast_fp_math at compile time builds ocml as -ffast-math does: its exp
   * loses the denormal and overflow handling, so the code is shorter. */
  size_t size[2] = {0, 0};
  for (int fast_lib = 0; fast_lib < 2; fast_lib++) {
    assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
    flyc_kernel_def_t e = exp_def(NULL);
    assert_ok(flyc_kernel_emit(ctx, &e, NULL));
    if (fast_lib)
      assert_ok(flyc_hints_push(&h));
    flyc_artifact_t *a = NULL;
    int rc = flyc_ctx_compile(ctx, NULL, &a);
    if (fast_lib)
      assert_ok(flyc_hints_pop());
    flyc_ctx_destroy(ctx);
    if (rc == FLYC_ENOTFOUND || rc == FLYC_EIO) {
      print_message("skipped: no ROCm device libraries (%s)\n", flyc_error_last()->message);
      return;
    }
    assert_ok(rc);
    tu_text_t txt = {NULL, 0, 0};
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &txt));
    for (const char *p = txt.s; (p = strchr(p, '\n')); p++)
      size[fast_lib]++;
    free(txt.s);
    flyc_artifact_destroy(a);
  }
  assert_true(size[1] < size[0]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hints__scopes_merge),
      cmocka_unit_test(test_hints__hint_beats_the_body),
      cmocka_unit_test(test_hints__validation),
      cmocka_unit_test(test_hints__lowered),
      cmocka_unit_test(test_hints__fastmath),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

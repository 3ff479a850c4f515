/* ffi, link_extern and the device-library math helpers of the kernel
 * builder: declarations, signature rules, argument coercion, the pure
 * attributes, first-use registration of bitcode and post-load processors,
 * and the processors the artifact carries to the loader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Core.h>

#include "flyc/driver.h"
#include "flyc/kernel.h"
#include "util.h"

static const flyc_type_t T_I32 = {FLYC_TYPE_I32, 0}, T_U32 = {FLYC_TYPE_U32, 0},
                         T_I64 = {FLYC_TYPE_I64, 0}, T_U64 = {FLYC_TYPE_U64, 0},
                         T_I16 = {FLYC_TYPE_I16, 0}, T_F32 = {FLYC_TYPE_F32, 0},
                         T_F64 = {FLYC_TYPE_F64, 0}, T_VOID = {FLYC_TYPE_VOID, 0},
                         T_GPTR = {FLYC_TYPE_PTR, 1};

/* The stand-in shmem library's `i32 mstl_my_pe()`. */
static const flyc_ffi_t my_pe = {sizeof(flyc_ffi_t), "mstl_my_pe", {FLYC_TYPE_I32, 0}, NULL, 0, 0};

static int processor_a(const flyc_loaded_module_t *m, void *payload) {
  (void)m;
  strcat(payload, "a");
  return 0;
}
static int processor_b(const flyc_loaded_module_t *m, void *payload) {
  (void)m;
  strcat(payload, "b");
  return 0;
}
static int processor_c(const flyc_loaded_module_t *m, void *payload) {
  (void)m;
  strcat(payload, "c");
  return 0;
}

static char order[64]; /* the processors' trace */


/* A body that calls the externs in `payload` (NULL-terminated) once each,
 * storing the last i32 result to out[0]; `fail_after` makes it fail. */
typedef struct calls {
  const flyc_extern_t *ext[5];
  int fail_after;
} calls_t;

static int extern_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  calls_t *c = payload;
  LLVMValueRef v = NULL;
  for (int i = 0; c->ext[i]; i++)
    if (!(v = flyc_kb_call_extern(kb, c->ext[i], NULL, 0)))
      return -1;
  if (c->fail_after)
    return FLYC_EINVAL;
  if (v)
    LLVMBuildStore(b, v, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static const flyc_param_t out_param = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};

static int emit_calls(flyc_ctx_t *ctx, calls_t *c, const char **name) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.base = "ext";
  d.params = &out_param;
  d.param_count = 1;
  d.body = extern_body;
  d.payload = c;
  return flyc_kernel_emit(ctx, &d, name);
}

/* FlyDSL's link_extern: libraries and processors register when a kernel
 * calls the extern, in first-use order, once each; the artifact carries the
 * processors and the loader runs them before the caller's. */
static void test_ffi__link_extern_registers_on_use(void **state) {
  (void)state;
  order[0] = '\0';
  assert_ok(flyc_processor_register("test.ffi.a", processor_a, order));
  /* The same library by two spellings is one library. */
  char *dotted = malloc(strlen(LIB_MSTL) + 8);
  const char *slash = strrchr(LIB_MSTL, '/');
  sprintf(dotted, "%.*s/./%s", (int)(slash - LIB_MSTL), LIB_MSTL, slash + 1);
  flyc_extern_t by_name = {sizeof(flyc_extern_t), &my_pe, LIB_MSTL, {"test.ffi.a", NULL, NULL}};
  flyc_extern_t by_fn = {sizeof(flyc_extern_t), &my_pe, dotted, {NULL, processor_b, order}};
  flyc_extern_t again = {sizeof(flyc_extern_t), &my_pe, NULL, {"test.ffi.a", NULL, NULL}};
  flyc_extern_t no_proc = {sizeof(flyc_extern_t), &my_pe, NULL, {NULL, NULL, NULL}};

  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  /* No call, no registration. */
  calls_t none = {{NULL}, 0};
  assert_ok(emit_calls(ctx, &none, NULL));
  assert_int_equal(flyc_ctx_link_library_count(ctx), 0);
  /* A body that fails after calling registers nothing either. */
  calls_t failing = {{&by_fn, NULL}, 1};
  assert_error(emit_calls(ctx, &failing, NULL), FLYC_EINVAL, "");
  assert_int_equal(flyc_ctx_link_library_count(ctx), 0);
  calls_t first = {{&by_fn, &by_name, &again, &no_proc}, 0};
  assert_ok(emit_calls(ctx, &first, NULL));
  calls_t second = {{&by_name, &by_fn, NULL}, 0};
  assert_ok(emit_calls(ctx, &second, NULL));
  assert_int_equal(flyc_ctx_link_library_count(ctx), 1);
  char *canon = realpath(LIB_MSTL, NULL);
  assert_string_equal(flyc_ctx_link_library(ctx, 0), canon);
  assert_null(flyc_ctx_link_library(ctx, 1));
  free(canon);
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a)); /* the library was linked */
  assert_int_equal(flyc_artifact_processor_count(a), 2);
  flyc_processor_t p;
  assert_ok(flyc_artifact_processor(a, 0, &p)); /* first use: by_fn */
  assert_null(p.name);
  assert_ptr_equal(p.fn, processor_b);
  assert_ok(flyc_artifact_processor(a, 1, &p));
  assert_string_equal(p.name, "test.ffi.a");
  assert_ptr_equal(p.fn, processor_a);
  assert_error(flyc_artifact_processor(a, 2, &p), FLYC_EINVAL, "below 2");
  flyc_ctx_destroy(ctx);

  /* The loader runs the artifact's processors, then the caller's. */
  flyc_driver_t *drv = tu_fake_driver(NULL);
  flyc_processor_t mine = {NULL, processor_c, order};
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, drv, 0, a, &mine, 1));
  assert_string_equal(order, "bac");
  flyc_gpu_jit_module_destroy(m);
  flyc_driver_destroy(drv);
  flyc_artifact_destroy(a);
  free(dotted);
}

static void test_ffi__errors_name_the_culprit(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_extern_t missing = {sizeof(flyc_extern_t), &my_pe, "/nonexistent/shmem.bc", {NULL, NULL, NULL}};
  calls_t c1 = {{&missing, NULL}, 0};
  assert_error(emit_calls(ctx, &c1, NULL), FLYC_EIO, "mstl_my_pe", "/nonexistent/shmem.bc");
  flyc_extern_t unknown = {sizeof(flyc_extern_t), &my_pe, NULL, {"test.ffi.nobody", NULL, NULL}};
  calls_t c2 = {{&unknown, NULL}, 0};
  assert_error(emit_calls(ctx, &c2, NULL), FLYC_ENOTFOUND, "test.ffi.nobody",
               "link_extern 'mstl_my_pe'");
  flyc_ffi_t bad_sym = {sizeof(flyc_ffi_t), "9lives", T_I32, NULL, 0, 0};
  flyc_extern_t bad = {sizeof(flyc_extern_t), &bad_sym, NULL, {NULL, NULL, NULL}};
  calls_t c3 = {{&bad, NULL}, 0};
  assert_error(emit_calls(ctx, &c3, NULL), FLYC_EINVAL, "valid symbol");
  flyc_ctx_destroy(ctx);
}

/* Bodies that call one ffi with given arguments. */
typedef struct one_call {
  const flyc_ffi_t *ffi;
  int nargs;
  int kinds[4]; /* 32: i32 value, 64: i64, 16: i16, -32: float, -64: double, 1: pointer */
  LLVMValueRef call; /* out */
} one_call_t;

static int call_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  one_call_t *oc = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef v[4];
  for (int i = 0; i < oc->nargs; i++) {
    int k = oc->kinds[i];
    v[i] = k == 1     ? args[0]
           : k == -32 ? LLVMBuildLoad2(b, LLVMFloatTypeInContext(lc), args[0], "")
           : k == -64 ? LLVMBuildLoad2(b, LLVMDoubleTypeInContext(lc), args[0], "")
                      : LLVMBuildLoad2(b, LLVMIntTypeInContext(lc, (unsigned)k), args[0], "");
  }
  oc->call = flyc_kb_call(kb, oc->ffi, v, (size_t)oc->nargs);
  if (!oc->call)
    return -1;
  LLVMBuildRetVoid(b);
  return 0;
}

static int emit_call(flyc_ctx_t *ctx, one_call_t *oc) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.base = "call";
  d.params = &out_param;
  d.param_count = 1;
  d.body = call_body;
  d.payload = oc;
  return flyc_kernel_emit(ctx, &d, NULL);
}

static void test_ffi__signatures_and_coercion(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  /* Integers by the declared signedness: i32 -> i64 sign-extended, i32 ->
   * u64 zero-extended, i64 -> i16 truncated, i32 -> u32 as is. */
  flyc_type_t ta[4] = {T_I64, T_U64, T_I16, T_U32};
  flyc_ffi_t f = {sizeof(flyc_ffi_t), "dev_f", T_VOID, ta, 4, 0};
  one_call_t oc = {&f, 4, {32, 32, 64, 32}, NULL};
  assert_ok(emit_call(ctx, &oc));
  LLVMOpcode ops[4] = {LLVMSExt, LLVMZExt, LLVMTrunc, LLVMLoad};
  for (unsigned i = 0; i < 4; i++)
    assert_int_equal(LLVMGetInstructionOpcode(LLVMGetOperand(oc.call, i)), ops[i]);
  LLVMValueRef decl = LLVMGetNamedFunction(flyc_ctx_module(ctx), "dev_f");
  assert_non_null(decl);
  assert_int_equal(LLVMCountParams(decl), 4);
  assert_int_equal(LLVMGetFunctionCallConv(decl), 0);

  /* The same symbol, another signature: both are in the message. */
  flyc_type_t tb[4] = {T_I64, T_U64, T_I16, T_I32};
  flyc_ffi_t f2 = {sizeof(flyc_ffi_t), "dev_f", T_VOID, tb, 4, 0};
  one_call_t oc2 = {&f2, 4, {32, 32, 32, 32}, NULL};
  assert_error(emit_call(ctx, &oc2), FLYC_EINVAL, "ffi 'dev_f'",
               "void (i64, u64, i16, i32)", "declared before as void (i64, u64, i16, u32)");
  flyc_ffi_t f3 = {sizeof(flyc_ffi_t), "dev_f", T_VOID, ta, 4, 1};
  one_call_t oc3 = {&f3, 4, {32, 32, 32, 32}, NULL};
  assert_error(emit_call(ctx, &oc3), FLYC_EINVAL, "u32) pure", "before as");
  /* Arity. */
  one_call_t few = {&f, 3, {32, 32, 32}, NULL};
  assert_error(emit_call(ctx, &few), FLYC_EINVAL, "'dev_f' expects 4 arguments, got 3");
  /* Floats are not converted; ints and floats do not mix. */
  flyc_type_t tf[2] = {T_F32, T_GPTR};
  flyc_ffi_t g = {sizeof(flyc_ffi_t), "dev_g", T_F64, tf, 2, 0};
  one_call_t dbl = {&g, 2, {-64, 1}, NULL};
  assert_error(emit_call(ctx, &dbl), FLYC_EINVAL, "argument 0 is double", "declares f32");
  one_call_t i_for_f = {&g, 2, {32, 1}, NULL};
  assert_error(emit_call(ctx, &i_for_f), FLYC_EINVAL, "argument 0 is i32", "declares f32");
  flyc_type_t tp[1] = {{FLYC_TYPE_PTR, 3}};
  flyc_ffi_t shared_ptr = {sizeof(flyc_ffi_t), "dev_h", T_VOID, tp, 1, 0};
  one_call_t wrong_as = {&shared_ptr, 1, {1}, NULL};
  assert_error(emit_call(ctx, &wrong_as), FLYC_EINVAL, "argument 0 is ptr addrspace(1)",
               "ptr addrspace(3)");
  one_call_t f_for_i = {&f, 4, {-32, 32, 32, 32}, NULL};
  assert_error(emit_call(ctx, &f_for_i), FLYC_EINVAL, "argument 0 is float", "declares i64");
  one_call_t good = {&g, 2, {-32, 1}, NULL};
  assert_ok(emit_call(ctx, &good));
  assert_int_equal(LLVMGetTypeKind(LLVMTypeOf(good.call)), LLVMDoubleTypeKind);
  /* Bad types. */
  flyc_type_t tv[1] = {T_VOID};
  flyc_ffi_t void_arg = {sizeof(flyc_ffi_t), "dev_v", T_VOID, tv, 1, 0};
  one_call_t ov = {&void_arg, 1, {32}, NULL};
  assert_error(emit_call(ctx, &ov), FLYC_EINVAL, "argument 0 has type void");
  flyc_type_t t2[1] = {{FLYC_TYPE_PTR, 2}};
  flyc_ffi_t as2 = {sizeof(flyc_ffi_t), "dev_w", T_VOID, t2, 1, 0};
  one_call_t ow = {&as2, 1, {1}, NULL};
  assert_error(emit_call(ctx, &ow), FLYC_EINVAL, "addrspace 2");
  flyc_ffi_t bad_ret = {sizeof(flyc_ffi_t), "dev_x", {(flyc_type_kind_t)99, 0}, NULL, 0, 0};
  one_call_t ox = {&bad_ret, 0, {0}, NULL};
  assert_error(emit_call(ctx, &ox), FLYC_EINVAL, "result type 99");
  flyc_ffi_t intrinsic = {sizeof(flyc_ffi_t), "llvm.trap", T_VOID, NULL, 0, 0};
  one_call_t oi = {&intrinsic, 0, {0}, NULL};
  assert_error(emit_call(ctx, &oi), FLYC_EINVAL, "'llvm.trap'");
  /* A kernel's name is not an ffi. */
  flyc_ffi_t kern = {sizeof(flyc_ffi_t), "call_0", T_VOID, NULL, 0, 0};
  one_call_t ok = {&kern, 0, {0}, NULL};
  assert_error(emit_call(ctx, &ok), FLYC_EINVAL, "'call_0' has the name of a kernel");
  flyc_ctx_destroy(ctx);
}

static int has_fn_attr(LLVMValueRef fn, const char *kind) {
  unsigned k = LLVMGetEnumAttributeKindForName(kind, strlen(kind));
  return k && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k) != NULL;
}

/* pure is lowered: no memory access, no unwinding, returns. */
static void test_ffi__pure_is_lowered(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  flyc_type_t ta[1] = {T_F32};
  flyc_ffi_t pure = {sizeof(flyc_ffi_t), "dev_pure", T_F32, ta, 1, 1}, impure = {sizeof(flyc_ffi_t), "dev_impure", T_F32, ta, 1, 0};
  one_call_t a = {&pure, 1, {-32}, NULL}, b = {&impure, 1, {-32}, NULL};
  assert_ok(emit_call(ctx, &a));
  assert_ok(emit_call(ctx, &b));
  LLVMValueRef p = LLVMGetNamedFunction(flyc_ctx_module(ctx), "dev_pure");
  LLVMValueRef q = LLVMGetNamedFunction(flyc_ctx_module(ctx), "dev_impure");
  if (FLYC_TEST_LLVM_MAJOR >= 16) {
    unsigned k = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAttributeRef m = LLVMGetEnumAttributeAtIndex(p, LLVMAttributeFunctionIndex, k);
    assert_non_null(m);
    assert_int_equal(LLVMGetEnumAttributeValue(m), 0); /* memory(none) */
  } else {
    assert_true(has_fn_attr(p, "readnone"));
  }
  assert_true(has_fn_attr(p, "nounwind"));
  assert_true(has_fn_attr(p, "willreturn"));
  assert_false(has_fn_attr(q, "willreturn"));
  assert_false(has_fn_attr(q, "readnone"));
  flyc_ctx_destroy(ctx);
}

/* out[0] = fn(out[0]) (or pow(out[0], out[0])) for f32 or f64. */
typedef struct math_call {
  flyc_math_fn_t fn;
  int f64, give_y, int_x;
} math_call_t;

static int math_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  math_call_t *m = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef t = m->int_x ? LLVMInt32TypeInContext(lc)
                  : m->f64 ? LLVMDoubleTypeInContext(lc)
                           : LLVMFloatTypeInContext(lc);
  LLVMValueRef x = LLVMBuildLoad2(b, t, args[0], "");
  LLVMValueRef y = flyc_kb_math(kb, m->fn, x, m->give_y ? x : NULL);
  if (!y)
    return -1;
  LLVMBuildStore(b, y, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static int emit_math(flyc_ctx_t *ctx, math_call_t *m) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.base = "math";
  d.params = &out_param;
  d.param_count = 1;
  d.body = math_body;
  d.payload = m;
  return flyc_kernel_emit(ctx, &d, NULL);
}

/* By flyc_math_fn_t, as flyc_kb_math documents them. */
static const char *const math_names[] = {
    "",      "exp",   "log",   "sqrt", "sin",  "cos",  "rsqrt", "pow",   "erf",
    "exp2",  "log2",  "exp10", "log10", "expm1", "log1p", "tanh", "sinh", "cosh",
    "tan",   "asin",  "acos",  "atan", "cbrt", "fabs", "floor", "ceil",  "trunc",
    "round", "atan2", "fmin",  "fmax", "hypot", "fmod"};

static int math_two(int fn) { return fn == FLYC_MATH_POW || fn >= FLYC_MATH_ATAN2; }

static void test_ffi__math_helpers(void **state) {
  (void)state;
  assert_int_equal(sizeof math_names / sizeof *math_names, FLYC_MATH_FMOD + 1);
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    for (int fn = FLYC_MATH_EXP; fn <= FLYC_MATH_FMOD; fn++) {
      for (int f64 = 0; f64 < 2; f64++) {
        math_call_t m = {(flyc_math_fn_t)fn, f64, math_two(fn), 0};
        assert_ok(emit_math(ctx, &m));
        char sym[48];
        if (t == 0)
          snprintf(sym, sizeof sym, "__ocml_%s_f%d", math_names[fn], f64 ? 64 : 32);
        else
          snprintf(sym, sizeof sym, "__nv_%s%s", math_names[fn], f64 ? "" : "f");
        LLVMValueRef decl = LLVMGetNamedFunction(flyc_ctx_module(ctx), sym);
        if (!decl)
          fail_msg("no declaration of %s", sym);
        assert_true(has_fn_attr(decl, "willreturn")); /* pure */
        assert_int_equal(LLVMCountParams(decl), math_two(fn) ? 2 : 1);
      }
    }
    math_call_t no_y = {FLYC_MATH_POW, 0, 0, 0};
    assert_error(emit_math(ctx, &no_y), FLYC_EINVAL, "flyc_kb_math(pow)", "y must be given");
    math_call_t no_y2 = {FLYC_MATH_FMIN, 0, 0, 0};
    assert_error(emit_math(ctx, &no_y2), FLYC_EINVAL, "flyc_kb_math(fmin)", "y must be given");
    math_call_t extra_y = {FLYC_MATH_ERF, 0, 1, 0};
    assert_error(emit_math(ctx, &extra_y), FLYC_EINVAL, "flyc_kb_math(erf)", "takes no y");
    math_call_t int_x = {FLYC_MATH_EXP, 0, 0, 1};
    assert_error(emit_math(ctx, &int_x), FLYC_EINVAL, "f32 or f64");
    math_call_t bad = {(flyc_math_fn_t)42, 0, 0, 0};
    assert_error(emit_math(ctx, &bad), FLYC_EINVAL, "42 is not a flyc_math_fn_t");
    /* The device library is linked like any link library: every symbol
     * above must be one it defines. */
    flyc_artifact_t *a = NULL;
    int rc = flyc_ctx_compile(ctx, NULL, &a);
    if (t == 1 && !tu_have_libdevice()) {
      assert_int_not_equal(rc, FLYC_OK);
      print_message("skipped: CUDA's libdevice.10.bc is not installed\n");
    } else {
      assert_ok(rc);
      assert_int_equal(flyc_artifact_kernel_count(a), 2 * FLYC_MATH_FMOD);
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

/* out[0] = fma(out[0], out[1], out[2]) in f32 or f64: one fused instruction. */
static int fma_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                    void *payload) {
  int *f64 = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef t = *f64 ? LLVMDoubleTypeInContext(lc) : LLVMFloatTypeInContext(lc);
  LLVMValueRef v[3];
  for (unsigned i = 0; i < 3; i++) {
    LLVMValueRef ix = LLVMConstInt(LLVMInt32TypeInContext(lc), i, 0);
    v[i] = LLVMBuildLoad2(b, t, LLVMBuildGEP2(b, t, args[0], &ix, 1, ""), "");
  }
  LLVMValueRef r = flyc_kb_fma(kb, v[0], v[1], *f64 == 2 ? args[0] : v[2]);
  if (!r)
    return -1;
  LLVMBuildStore(b, r, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_ffi__fma(void **state) {
  (void)state;
  static const char *const targets[] = {"gfx90a", "sm_80"};
  /* AMDGPU: v_fma_* or its accumulating form v_fmac_* (gfx90a's v_fmac_f32). */
  static const char *const want[2][2][2] = {{{"v_fma_f32", "v_fmac_f32"},
                                             {"v_fma_f64", "v_fmac_f64"}},
                                            {{"fma.rn.f32", "fma.rn.f32"},
                                             {"fma.rn.f64", "fma.rn.f64"}}};
  static const char *const unfused[2][2] = {{"v_mul_f32", "v_mul_f64"},
                                            {"mul.rn.f32", "mul.rn.f64"}};
  for (int t = 0; t < 2; t++) {
    for (int f64 = 0; f64 < 2; f64++) {
      flyc_ctx_t *ctx = NULL;
      assert_ok(flyc_ctx_create(&ctx, targets[t]));
      flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
      d.name = "fma_k";
      d.params = &out_param;
      d.param_count = 1;
      d.body = fma_body;
      d.payload = &f64;
      assert_ok(flyc_kernel_emit(ctx, &d, NULL));
      assert_non_null(
          LLVMGetNamedFunction(flyc_ctx_module(ctx), f64 ? "llvm.fma.f64" : "llvm.fma.f32"));
      int bad = 2; /* z is the pointer: not a float */
      flyc_kernel_def_t db = d;
      db.name = "fma_bad";
      db.payload = &bad;
      assert_error(flyc_kernel_emit(ctx, &db, NULL), FLYC_EINVAL, "flyc_kb_fma: z must be");
      flyc_artifact_t *a = NULL;
      flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
      o.flags = FLYC_COMPILE_NO_CACHE;
      assert_ok(flyc_ctx_compile(ctx, &o, &a));
      tu_text_t txt = {NULL, 0, 0};
      assert_ok(flyc_artifact_disassemble(a, tu_collect, &txt)); /* PTX as it is */
      if (!txt.s || (!strstr(txt.s, want[t][f64][0]) && !strstr(txt.s, want[t][f64][1])))
        fail_msg("no %s in the %s code", want[t][f64][0], targets[t]);
      assert_null(strstr(txt.s, unfused[t][f64])); /* one rounding: no separate multiply */
      free(txt.s);
      flyc_artifact_destroy(a);
      flyc_ctx_destroy(ctx);
    }
  }
}

/* out[0] = ctpop(out[0]) through flyc_kb_intrinsic, then the case's misuse. */
typedef struct intr_case {
  int misuse;
} intr_case_t;

static int intr_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  intr_case_t *c = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), i64 = LLVMInt64TypeInContext(lc);
  LLVMValueRef x = LLVMBuildLoad2(b, i32, args[0], "");
  LLVMValueRef x64 = LLVMConstInt(i64, 5, 0);
  LLVMValueRef r = NULL;
  switch (c->misuse) {
  case 0: r = flyc_kb_intrinsic(kb, "llvm.ctpop", &i32, 1, &x, 1); break;
  case 1: r = flyc_kb_intrinsic(kb, "llvm.no.such.thing", NULL, 0, &x, 1); break;
  case 2: r = flyc_kb_intrinsic(kb, "llvm.ctpop", NULL, 0, &x, 1); break;
  case 3: r = flyc_kb_intrinsic(kb, "llvm.amdgcn.s.sleep", &i32, 1, &x, 1); break;
  case 4: r = flyc_kb_intrinsic(kb, "llvm.ctpop", &i32, 1, &x, 0); break;
  case 5: r = flyc_kb_intrinsic(kb, "llvm.ctpop", &i32, 1, &x64, 1); break;
  case 6: r = flyc_kb_intrinsic(kb, NULL, NULL, 0, NULL, 0); break;
  }
  if (!r)
    return -1;
  LLVMBuildStore(b, r, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_ffi__intrinsic_by_name(void **state) {
  (void)state;
  static const char *const targets[] = {"gfx90a", "sm_80"};
  static const char *const popcount[] = {"bcnt1", "popc.b32"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.base = "intr";
    d.params = &out_param;
    d.param_count = 1;
    d.body = intr_body;
    intr_case_t c = {1};
    d.payload = &c;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "knows no intrinsic",
                 "llvm.no.such.thing");
    c.misuse = 2;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'llvm.ctpop' is overloaded");
    c.misuse = 3;
    if (t == 0)
      assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'llvm.amdgcn.s.sleep' is not "
                                                                "overloaded");
    else
      assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EUNSUPPORTED,
                   "'llvm.amdgcn.s.sleep' is another target's", "sm_80");
    c.misuse = 4;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "takes 1 argument(s), 0 given");
    c.misuse = 5;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "argument 0 is i64",
                 "takes i32");
    c.misuse = 6;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "name", "required");
    c.misuse = 0;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    flyc_artifact_t *a = NULL;
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.flags = FLYC_COMPILE_NO_CACHE;
    assert_ok(flyc_ctx_compile(ctx, &o, &a));
    tu_text_t txt = {NULL, 0, 0};
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &txt));
    if (!txt.s || !strstr(txt.s, popcount[t]))
      fail_msg("no %s in the %s code", popcount[t], targets[t]);
    free(txt.s);
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

/* printf("x=%d f=%5.2f l=%lld c=%c p=%p %%\n", ...) and the case's misuse. */
static int printf_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  int *misuse = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef v[5] = {
      LLVMBuildLoad2(b, LLVMInt32TypeInContext(lc), args[0], ""),
      LLVMConstReal(LLVMFloatTypeInContext(lc), 1.5),
      LLVMConstInt(LLVMInt64TypeInContext(lc), 1ull << 40, 0),
      LLVMConstInt(LLVMInt8TypeInContext(lc), 'A', 0),
      args[0],
  };
  int rc = 0;
  switch (*misuse) {
  case 0: rc = flyc_kb_printf(kb, "x=%d f=%5.2f l=%lld c=%c p=%p %%\n", v, 5); break;
  case 1: rc = flyc_kb_printf(kb, "name %s\n", v + 4, 1); break;
  case 2: rc = flyc_kb_printf(kb, "%d %*d\n", v, 2); break;
  case 3: {
    LLVMValueRef vec = LLVMConstVector(v + 2, 1);
    rc = flyc_kb_printf(kb, "%d\n", &vec, 1);
    break;
  }
  case 4: rc = flyc_kb_printf(kb, "no arguments\n", NULL, 0); break;
  }
  if (rc)
    return -1;
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_ffi__printf(void **state) {
  (void)state;
  static const char *const targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.base = "pr";
    d.params = &out_param;
    d.param_count = 1;
    d.body = printf_body;
    int misuse = 1;
    d.payload = &misuse;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EUNSUPPORTED, "conversion '%s'");
    misuse = 2;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "takes 3 argument(s), 2 given");
    misuse = 3;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "argument 0 is not");
    misuse = 0;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    misuse = 4;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    LLVMModuleRef m = flyc_ctx_module(ctx);
    if (t == 0) {
      assert_non_null(LLVMGetNamedFunction(m, "__ockl_printf_begin"));
      assert_non_null(LLVMGetNamedFunction(m, "__ockl_printf_append_string_n"));
      assert_non_null(LLVMGetNamedFunction(m, "__ockl_printf_append_args"));
    } else {
      assert_non_null(LLVMGetNamedFunction(m, "vprintf"));
    }
    flyc_artifact_t *a = NULL;
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.flags = FLYC_COMPILE_NO_CACHE;
    assert_ok(flyc_ctx_compile(ctx, &o, &a));
    if (t == 1) {
      size_t n;
      const char *ptx = flyc_artifact_code(a, &n);
      assert_non_null(strstr(ptx, ".extern .func  (.param .b32 func_retval0) vprintf"));
      assert_non_null(strstr(ptx, "vprintf,"));
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

/* assert(out[0] != 7) and the case's misuse. */
static int assert_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  int *misuse = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef x = LLVMBuildLoad2(b, LLVMInt32TypeInContext(lc), args[0], "");
  LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntNE, x, flyc_kb_i32(kb, 7), "");
  switch (*misuse) {
  case 0: return flyc_kb_assert(kb, ok, "out[0] != 7 (100%)");
  case 1: return flyc_kb_assert(kb, x, "x");
  case 2: return flyc_kb_assert(kb, ok, NULL);
  case 4: { /* the longest message, all '%' (doubled for HIP's printf) */
    static char all[1025];
    memset(all, '%', 1024);
    return flyc_kb_assert(kb, ok, all);
  }
  case 5: {
    static char over[1026];
    memset(over, 'a', 1025);
    return flyc_kb_assert(kb, ok, over);
  }
  default: { /* a constant true emits nothing: no trap after it */
    LLVMBasicBlockRef before = LLVMGetInsertBlock(b);
    LLVMValueRef last = LLVMGetLastInstruction(before);
    int rc = flyc_kb_assert(kb, LLVMConstInt(LLVMInt1TypeInContext(lc), 1, 0), "true");
    return rc ? rc : LLVMGetInsertBlock(b) != before || LLVMGetLastInstruction(before) != last;
  }
  }
}

static void test_ffi__assert(void **state) {
  (void)state;
  static const char *const targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "checked";
    d.params = &out_param;
    d.param_count = 1;
    d.body = assert_body;
    int misuse = 1;
    d.payload = &misuse;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL,
                 "flyc_kb_assert(\"x\"): cond is i32, not an i1");
    misuse = 2;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "the message is NULL; a message of at most 1024 bytes");
    misuse = 5;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "the message is too long");
    misuse = 4;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    misuse = 3; /* a constant true: nothing emitted */
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    LLVMModuleRef m = flyc_ctx_module(ctx);
    misuse = 0;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    assert_non_null(LLVMGetNamedFunction(m, "llvm.trap"));
    if (t == 0) /* HIP's: printf, then the trap */
      assert_non_null(LLVMGetNamedFunction(m, "__ockl_printf_begin"));
    else
      assert_non_null(LLVMGetNamedFunction(m, "__assertfail"));
    char *ir = LLVMPrintModuleToString(m);
    /* the message kept whole ('%' doubled only where printf reads it) */
    assert_non_null(strstr(ir, t == 0 ? "Assertion `out[0] != 7 (100%%)` failed." :
                                        "c\"out[0] != 7 (100%)\\00\""));
    LLVMDisposeMessage(ir);
    flyc_artifact_t *a = NULL;
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.flags = FLYC_COMPILE_NO_CACHE;
    assert_ok(flyc_ctx_compile(ctx, &o, &a));
    size_t n;
    const char *code = flyc_artifact_code(a, &n);
    if (t == 1) {
      assert_non_null(strstr(code, ".extern .func __assertfail"));
      assert_non_null(strstr(code, "call.uni"));
      assert_non_null(strstr(code, "trap;"));
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
  assert_int_equal(flyc_kb_assert(NULL, NULL, "x"), FLYC_EINVAL);
}

/* out[0] = ext(2, 2) with constant arguments. */
typedef struct calls2 {
  const flyc_extern_t *ext;
} calls2_t;

static int const_call_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                           void *payload) {
  calls2_t *c = payload;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef v[2] = {LLVMConstInt(i32, 2, 0), LLVMConstInt(i32, 2, 0)};
  LLVMValueRef r = flyc_kb_call_extern(kb, c->ext, v, 2);
  if (!r)
    return -1;
  LLVMBuildStore(b, r, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

/* What the adversarial trial found: reserved symbols, the kernel's own
 * name, the ffi records of a failed body, values of another context, NULL
 * args, processor names that do not match the registry. */
typedef struct misuse {
  int what;
  LLVMContextRef other;
} misuse_t;

static int misuse_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  misuse_t *m = payload;
  static const flyc_type_t t1[1] = {{FLYC_TYPE_I32, 0}};
  flyc_ffi_t barrier = {sizeof(flyc_ffi_t), "__flyc_barrier", T_VOID, NULL, 0, 1};
  flyc_ffi_t reflect = {sizeof(flyc_ffi_t), "__nvvm_reflect", T_I32, NULL, 0, 0};
  flyc_ffi_t self = {sizeof(flyc_ffi_t), "misuse", T_VOID, NULL, 0, 0};
  flyc_ffi_t one = {sizeof(flyc_ffi_t), "dev_one", T_I32, t1, 1, 0};
  LLVMValueRef v = NULL, x;
  switch (m->what) {
  case 0: v = flyc_kb_call(kb, &barrier, NULL, 0); break;
  case 1: v = flyc_kb_call(kb, &reflect, NULL, 0); break;
  case 2: v = flyc_kb_call(kb, &self, NULL, 0); break;
  case 3: v = flyc_kb_call(kb, &one, NULL, 1); break;
  case 4:
    x = LLVMConstInt(LLVMInt32TypeInContext(m->other), 7, 0);
    v = flyc_kb_call(kb, &one, &x, 1);
    break;
  case 5: /* declares dev_one as i32 (i32), then fails */
    x = LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), 7, 0);
    flyc_kb_call(kb, &one, &x, 1);
    return FLYC_EINVAL;
  case 6: { /* dev_one again, as i64 (): the failed body's i32 (i32) is forgotten */
    flyc_ffi_t other = {sizeof(flyc_ffi_t), "dev_one", T_I64, NULL, 0, 0};
    if (!(v = flyc_kb_call(kb, &other, NULL, 0)))
      return -1;
    LLVMBuildStore(b, v, args[0]);
    break;
  }
  }
  if (!v)
    return -1;
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_ffi__misuse_is_refused(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  misuse_t m = {0, LLVMContextCreate()};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "misuse";
  d.params = &out_param;
  d.param_count = 1;
  d.body = misuse_body;
  d.payload = &m;
  const char *want[][2] = {{"'__flyc_barrier'", "'__flyc'"},
                           {"'__nvvm_reflect'", "'__nvvm_'"},
                           {"ffi 'misuse' has the name of a kernel", ""},
                           {"1 arguments but args is NULL", ""},
                           {"argument 0 belongs to another LLVM context", ""},
                           {"the body of kernel", ""}};
  for (m.what = 0; m.what < 6; m.what++)
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, want[m.what][0],
                 want[m.what][1]);
  m.what = 6;
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  LLVMValueRef decl = LLVMGetNamedFunction(flyc_ctx_module(ctx), "dev_one");
  assert_non_null(decl);
  assert_int_equal(LLVMCountParams(decl), 0);
  flyc_ctx_destroy(ctx);
  LLVMContextDispose(m.other);

  /* Processor names are the registry's. */
  assert_ok(flyc_processor_register("test.ffi.named", processor_a, order));
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_extern_t empty = {sizeof(flyc_extern_t), &my_pe, NULL, {"", processor_a, order}};
  flyc_extern_t other_fn = {sizeof(flyc_extern_t), &my_pe, NULL, {"test.ffi.named", processor_b, order}};
  flyc_extern_t same_fn = {sizeof(flyc_extern_t), &my_pe, LIB_MSTL, {"test.ffi.named", processor_a, order}};
  calls_t c1 = {{&empty, NULL}, 0}, c2 = {{&other_fn, NULL}, 0}, c3 = {{&same_fn, NULL}, 0};
  assert_error(emit_calls(ctx, &c1, NULL), FLYC_EINVAL, "processor's name is empty");
  assert_error(emit_calls(ctx, &c2, NULL), FLYC_EINVAL, "'test.ffi.named'",
               "another function or payload");
  assert_ok(emit_calls(ctx, &c3, NULL));
  flyc_ctx_destroy(ctx);
}

/* AMDGPU's library-call simplification is off: a link library that defines
 * an OpenCL-mangled builtin with other types used to abort the process. */
static void test_ffi__opencl_named_library(void **state) {
  (void)state;
  static const char lib[] =
      "target triple = \"amdgcn-amd-amdhsa\"\n"
      "define i32 @_Z3powff(i32 %a, i32 %b) #0 { ret i32 %a }\n"
      "define i32 @_Z4pownfi(i32 %a, i32 %b) #0 { ret i32 %a }\n"
      "attributes #0 = { noinline nounwind }\n";
  char *path = tu_temp_file(".ll", lib, sizeof lib - 1);
  flyc_type_t t2[2] = {T_I32, T_I32};
  flyc_ffi_t pw = {sizeof(flyc_ffi_t), "_Z3powff", T_I32, t2, 2, 0}, pn = {sizeof(flyc_ffi_t), "_Z4pownfi", T_I32, t2, 2, 0};
  flyc_extern_t e1 = {sizeof(flyc_extern_t), &pw, path, {NULL, NULL, NULL}}, e2 = {sizeof(flyc_extern_t), &pn, path, {NULL, NULL, NULL}};
  for (int i = 0; i < 2; i++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
    one_call_t oc = {NULL, 0, {0}, NULL};
    (void)oc;
    calls2_t c = {i ? &e2 : &e1};
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "lc";
    d.params = &out_param;
    d.param_count = 1;
    d.body = const_call_body;
    d.payload = &c;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
  unlink(path);
  free(path);
}

/* char and short arguments are passed as C promotes them (signext for
 * signed, zeroext for unsigned, as clang declares them): a clang-built library
 * with such parameters links (issue 13, item 7). */
static int narrow_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  const flyc_extern_t *e = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef v[4] = {LLVMConstInt(LLVMInt8TypeInContext(lc), 200, 0),
                       LLVMConstInt(LLVMInt16TypeInContext(lc), 40000, 0),
                       LLVMConstInt(LLVMInt8TypeInContext(lc), 200, 0),
                       LLVMConstInt(LLVMInt16TypeInContext(lc), 40000, 0)};
  LLVMValueRef r = flyc_kb_call_extern(kb, e, v, 4);
  if (!r)
    return -1;
  LLVMBuildStore(b, r, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_ffi__narrow_ints_extend_as_c(void **state) {
  (void)state;
  static const char lib[] =
      "define i32 @narrow(i8 signext %c, i16 signext %s, i8 zeroext %uc, i16 zeroext %us) {\n"
      "  %a = sext i8 %c to i32\n  %b = sext i16 %s to i32\n  %x = zext i8 %uc to i32\n"
      "  %y = zext i16 %us to i32\n  %t = add i32 %a, %b\n  %u = add i32 %x, %y\n"
      "  %r = add i32 %t, %u\n  ret i32 %r\n}\n";
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    char src[1024];
    snprintf(src, sizeof src, "target triple = \"%s\"\n%s",
             t == 0 ? "amdgcn-amd-amdhsa" : "nvptx64-nvidia-cuda", lib);
    char *path = tu_temp_file(".ll", src, strlen(src));
    static const flyc_type_t ts[4] = {{FLYC_TYPE_I8, 0}, {FLYC_TYPE_I16, 0},
                                      {FLYC_TYPE_U8, 0}, {FLYC_TYPE_U16, 0}};
    flyc_ffi_t f = {sizeof(flyc_ffi_t), "narrow", {FLYC_TYPE_I32, 0}, ts, 4, 1};
    flyc_extern_t e = {sizeof(flyc_extern_t), &f, path, {0}};
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "k";
    d.params = &out_param;
    d.param_count = 1;
    d.body = narrow_body;
    d.payload = &e;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
    assert_non_null(strstr(ir, "declare i32 @narrow(i8 signext, i16 signext, i8 zeroext, "
                               "i16 zeroext)"));
    assert_non_null(strstr(ir, "@narrow(i8 signext -56, i16 signext -25536, i8 zeroext -56, "
                               "i16 zeroext -25536)"));
    LLVMDisposeMessage(ir);
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.flags = FLYC_COMPILE_NO_CACHE;
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, &o, &a));
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
    unlink(path);
    free(path);
  }
}

/* Outside a kernel body a helper returns NULL and says why (issue 13). */
static void test_ffi__call_outside_a_body(void **state) {
  (void)state;
  flyc_type_t i32 = {FLYC_TYPE_I32, 0};
  flyc_ffi_t f = {sizeof(flyc_ffi_t), "ext_fn", i32, NULL, 0, 0};
  flyc_error_clear();
  assert_null(flyc_kb_call(NULL, &f, NULL, 0));
  assert_int_equal(flyc_error_last()->code, FLYC_EINVAL);
  assert_non_null(strstr(flyc_error_last()->message, "flyc_kb_call"));
  assert_non_null(strstr(flyc_error_last()->message, "outside a kernel body"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ffi__call_outside_a_body),
      cmocka_unit_test(test_ffi__narrow_ints_extend_as_c),
      cmocka_unit_test(test_ffi__link_extern_registers_on_use),
      cmocka_unit_test(test_ffi__errors_name_the_culprit),
      cmocka_unit_test(test_ffi__signatures_and_coercion),
      cmocka_unit_test(test_ffi__pure_is_lowered),
      cmocka_unit_test(test_ffi__math_helpers),
      cmocka_unit_test(test_ffi__fma),
      cmocka_unit_test(test_ffi__intrinsic_by_name),
      cmocka_unit_test(test_ffi__printf),
      cmocka_unit_test(test_ffi__assert),
      cmocka_unit_test(test_ffi__misuse_is_refused),
      cmocka_unit_test(test_ffi__opencl_named_library),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

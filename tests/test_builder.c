/* The kernel builder (flyc/kernel.h): contexts, kernel definitions, unique
 * names, known_block_size, the body helpers, and compiling a context. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"
#include "vadd_kernel.h" /* examples/: the vector add */

static flyc_kernel_def_t vadd_def(void) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "vadd";
  d.params = vadd_params;
  d.param_count = 4;
  d.body = vadd_body;
  return d;
}

static int ret_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                    void *payload) {
  (void)kb, (void)args, (void)payload;
  LLVMBuildRetVoid(b);
  return 0;
}

/* The builder's vadd for gfx90a has clang's kernarg segment, `.args` and
 * max flat workgroup size (the HIP golden, COV4). */
static void test_builder__vadd_gfx90a_matches_clang(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_kernel_def_t d = vadd_def();
  const char *name = NULL;
  assert_ok(flyc_kernel_emit(ctx, &d, &name));
  assert_string_equal(name, "vadd");
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.code_object_version = 4;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, &o, &a));
  const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "vadd");
  assert_non_null(k);
  assert_int_equal(k->kernarg_segment_size, 28);
  assert_int_equal(k->max_flat_workgroup_size, 1024);
  assert_int_equal(k->arg_count, 4);
  assert_string_equal(k->args[0].name, "a"); /* clang's golden has no names */
  assert_string_equal(k->args[3].name, "n");
  assert_int_equal(k->args[3].offset, 24);
#ifdef FLYC_TEST_HAVE_HIP_GOLDEN
  size_t n;
  void *bytes = tu_read(FX("vadd_clang.gfx90a.hsaco"), &n);
  flyc_artifact_t *clang = NULL;
  assert_ok(flyc_artifact_read(&clang, bytes, n));
  free(bytes);
  tu_assert_same_kernargs(k, flyc_artifact_kernel_lookup(clang, "vadd"));
  flyc_artifact_destroy(clang);
#else
  print_message("note: no HIP golden (clang-15 with HIP not found); layout checked alone\n");
#endif
  flyc_artifact_destroy(a);
  /* Compiled once: the module is gone. */
  assert_error(flyc_ctx_compile(ctx, NULL, &a), FLYC_EINVAL, "already compiled");
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "already compiled");
  assert_null(flyc_ctx_module(ctx));
  flyc_ctx_destroy(ctx);
}

/* known_block_size becomes the target's attributes, and the block size a
 * constant; the code object and the PTX report it. */
static void test_builder__known_block_size_lowered(void **state) {
  (void)state;
  const uint32_t kbs[3] = {64, 2, 1};
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_kernel_def_t d = vadd_def();
    d.known_block_size = kbs;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    LLVMValueRef fn = LLVMGetNamedFunction(flyc_ctx_module(ctx), "vadd");
    assert_non_null(fn);
    if (t == 0) {
      LLVMAttributeRef at = LLVMGetStringAttributeAtIndex(
          fn, LLVMAttributeFunctionIndex, "amdgpu-flat-work-group-size", 27);
      unsigned len;
      const char *v = LLVMGetStringAttributeValue(at, &len);
      assert_int_equal(len, 7);
      assert_memory_equal(v, "128,128", 7);
      assert_int_equal(LLVMGetFunctionCallConv(fn), 91);
    }
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "vadd");
    assert_non_null(k);
    assert_int_equal(k->reqd_workgroup_size[0], 64);
    assert_int_equal(k->reqd_workgroup_size[1], 2);
    assert_int_equal(k->reqd_workgroup_size[2], 1);
    if (t == 0) {
      assert_int_equal(k->max_flat_workgroup_size, 128);
    } else {
      size_t n;
      const char *ptx = flyc_artifact_code(a, &n);
      assert_non_null(strstr(ptx, ".entry vadd"));
      assert_non_null(strstr(ptx, ".reqntid 64, 2, 1"));
      assert_null(strstr(ptx, "%ntid.x")); /* block_dim folded to 64 */
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

static void test_builder__known_block_size_errors(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.body = ret_body;
  const uint32_t zero_y[3] = {64, 0, 1}, huge_z[3] = {1, 1, 4096}, big[3] = {64, 32, 1};
  d.known_block_size = zero_y;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "known_block_size[1] = 0",
               "(y)", "positive");
  d.known_block_size = huge_z;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "known_block_size[2] = 4096",
               "at most 1024");
  d.known_block_size = big;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "64 x 32 x 1 = 2048", "1024");
  d.known_block_size = NULL;
  /* Nothing was emitted by the failures; no counter consumed either. */
  const char *name;
  assert_ok(flyc_kernel_emit(ctx, &d, &name));
  assert_string_equal(name, "kernel_0");
  flyc_ctx_destroy(ctx);
}

/* FlyDSL's naming: explicit verbatim then suffixed from the counter; unnamed
 * `<base>_<id>`; and (past FlyDSL) no clash with other module symbols. */
static void test_builder__names(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.body = ret_body;
  const char *n0, *n1, *n2, *n3, *n4;
  d.name = "k";
  assert_ok(flyc_kernel_emit(ctx, &d, &n0));
  assert_ok(flyc_kernel_emit(ctx, &d, &n1));
  d.name = NULL;
  d.base = "gemm";
  assert_ok(flyc_kernel_emit(ctx, &d, &n2));
  d.base = NULL;
  assert_ok(flyc_kernel_emit(ctx, &d, &n3));
  LLVMAddGlobal(flyc_ctx_module(ctx), LLVMInt32TypeInContext(flyc_ctx_llvm_context(ctx)),
                "user_4");
  d.base = "user";
  assert_ok(flyc_kernel_emit(ctx, &d, &n4));
  assert_string_equal(n0, "k");
  assert_string_equal(n1, "k_1");
  assert_string_equal(n2, "gemm_2");
  assert_string_equal(n3, "kernel_3");
  assert_string_equal(n4, "user_4_4"); /* user_4 is a module symbol */
  /* FlyDSL's rule (issue 13, item 8): explicit kernel_1, then three unnamed
   * kernels: kernel_1, kernel_1_1, kernel_2, kernel_3 (ids counted per ctx). */
  {
    flyc_ctx_t *c2 = NULL;
    assert_ok(flyc_ctx_create(&c2, "sm_80"));
    flyc_kernel_def_t e = FLYC_KERNEL_DEF_INIT;
    e.body = ret_body;
    const char *m[4];
    e.name = "kernel_1";
    assert_ok(flyc_kernel_emit(c2, &e, &m[0]));
    e.name = NULL;
    for (int i = 1; i < 4; i++)
      assert_ok(flyc_kernel_emit(c2, &e, &m[i]));
    assert_string_equal(m[0], "kernel_1");
    assert_string_equal(m[1], "kernel_1_1");
    assert_string_equal(m[2], "kernel_2");
    assert_string_equal(m[3], "kernel_3");
    flyc_ctx_destroy(c2);
  }
  d.name = "9lives";
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'9lives'", "not a valid");
  d.name = "a b";
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'a b'");
  d.name = "";
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "kernel name ''");
  d.name = "llvm.trap";
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'llvm.trap'");
  d.name = "__flyc_barrier";
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'__flyc_barrier'");
  d.name = "__ockl_get_local_size";
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'__ockl_get_local_size'");
  d.name = "a.b"; /* no '.' in PTX identifiers */
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'a.b'", "sm_80");
  /* Every kernel is marked for NVPTX (the ptx_kernel convention). */
  int marked = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(flyc_ctx_module(ctx)); f; f = LLVMGetNextFunction(f))
    marked += LLVMGetFunctionCallConv(f) == 71;
  assert_int_equal(marked, 5);
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  assert_int_equal(flyc_artifact_kernel_count(a), 5);
  assert_non_null(flyc_artifact_kernel_lookup(a, "k_1"));
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
}

static int fail_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)kb, (void)args;
  int mode = *(int *)payload; /* payload: {int mode; flyc_ctx_t *ctx} */
  if (mode == 0)
    return 7; /* not a flyc status */
  if (mode == 1)
    return FLYC_ENOTFOUND;
  if (mode == 2) {
    flyc_kb_thread_idx(kb, 3);
    LLVMBuildRetVoid(b);
    return 0;
  }
  if (mode == 4) {
    flyc_ctx_t *ctx = *((flyc_ctx_t **)payload + 1);
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.body = ret_body;
    flyc_artifact_t *a = NULL;
    if (flyc_kernel_emit(ctx, &d, NULL) != FLYC_EINVAL ||
        !strstr(flyc_error_last()->message, "from a kernel body"))
      return 100;
    if (flyc_ctx_compile(ctx, NULL, &a) != FLYC_EINVAL ||
        !strstr(flyc_error_last()->message, "from a kernel body"))
      return 101;
    LLVMBuildRetVoid(b);
    return 0;
  }
  /* mode 3: an unterminated block the builder is not in (the one it is in
   * gets flyc's `ret void`) */
  flyc_kb_thread_idx(kb, 0);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(b));
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMBasicBlockRef dangling = LLVMAppendBasicBlockInContext(lc, fn, "dangling");
  LLVMBuildBr(b, dangling);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(lc, fn, "end"));
  return 0;
}

/* A failing body loses nothing: the kernel is gone, the name and counter
 * unused, the context still compiles. */
static void test_builder__body_errors(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "bad";
  d.body = fail_body;
  struct {
    int mode;
    flyc_ctx_t *ctx;
  } pl = {0, ctx};
  d.payload = &pl;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "kernel 'bad'", "returned 7");
  pl.mode = 1;
  assert_int_equal(flyc_kernel_emit(ctx, &d, NULL), FLYC_ENOTFOUND);
  pl.mode = 2;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "flyc_kb_thread_idx", "axis 3");
  pl.mode = 3;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EIR, "kernel 'bad'", "terminator");
  assert_null(LLVMGetNamedFunction(flyc_ctx_module(ctx), "bad"));
  flyc_artifact_t *a = NULL;
  assert_error(flyc_ctx_compile(ctx, NULL, &a), FLYC_EINVAL, "no kernel");
  d.body = ret_body;
  const char *name;
  assert_ok(flyc_kernel_emit(ctx, &d, &name));
  assert_string_equal(name, "bad");
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx908";
  assert_error(flyc_ctx_compile(ctx, &o, &a), FLYC_EINVAL, "gfx908", "gfx90a");
  o.target = NULL;
  assert_ok(flyc_ctx_compile(ctx, &o, &a));
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
}

static int trap_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)args;
  int mode = *(int *)payload;
  LLVMModuleRef m = LLVMGetGlobalParent(flyc_kb_function(kb));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  if (mode == 0) { /* the kernel's address escapes, then the body fails */
    LLVMValueRef fn = flyc_kb_function(kb);
    LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(fn), "fnptr");
    LLVMSetInitializer(g, fn);
    return FLYC_ENODEVICE; /* no message set */
  }
  if (mode == 1) { /* a global in the barrier's way */
    LLVMValueRef g = LLVMAddGlobal(m, i32, "__flyc_barrier");
    LLVMSetInitializer(g, LLVMConstInt(i32, 0, 0));
    if (flyc_kb_barrier(kb) != FLYC_EINVAL)
      return 100;
    LLVMDeleteGlobal(g);
  }
  if (mode == 2) { /* a definition in the way of block_dim's ockl call */
    LLVMAddFunction(m, "__ockl_get_local_size", LLVMFunctionType(i32, NULL, 0, 0));
    if (flyc_kb_block_dim(kb, 0))
      return 101;
  }
  LLVMBuildRetVoid(b);
  return 0;
}

/* Traps a body can set: nothing crashes, prints or miscompiles. */
static void test_builder__body_traps(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "trap";
  d.body = trap_body;
  int mode = 0;
  d.payload = &mode;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_ENODEVICE, "kernel 'trap'",
               "FLYC_ENODEVICE");
  mode = 1;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'__flyc_barrier'", "reserves");
  mode = 2;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'__ockl_get_local_size'");
  LLVMDeleteFunction(LLVMGetNamedFunction(flyc_ctx_module(ctx), "__ockl_get_local_size"));
  LLVMDeleteGlobal(LLVMGetNamedGlobal(flyc_ctx_module(ctx), "fnptr"));
  mode = 3;
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  assert_non_null(flyc_artifact_kernel_lookup(a, "trap"));
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
}

/* A body cannot emit into or compile its own context. */
static void test_builder__reentry_refused(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  struct {
    int mode;
    flyc_ctx_t *ctx;
  } pl = {4, ctx};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "outer";
  d.body = fail_body;
  d.payload = &pl;
  const char *name;
  assert_ok(flyc_kernel_emit(ctx, &d, &name));
  assert_string_equal(name, "outer");
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  assert_int_equal(flyc_artifact_kernel_count(a), 1);
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
}

static void test_builder__bad_arguments(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_error(flyc_ctx_create(&ctx, "gfx9999"), FLYC_EUNSUPPORTED, "'gfx9999'", "gfx90a");
  assert_error(flyc_ctx_create(&ctx, "gfx90a:bogus+"), FLYC_EUNSUPPORTED, "'bogus'");
  assert_error(flyc_ctx_create(&ctx, ""), FLYC_EINVAL, "target");
  assert_null(ctx);
  assert_error(flyc_ctx_create(NULL, "gfx90a"), FLYC_EINVAL, "required");
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  assert_error(flyc_kernel_emit(ctx, NULL, NULL), FLYC_EINVAL, "required");
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "body");
  d.body = ret_body;
  flyc_param_t p = {sizeof(flyc_param_t), "x", FLYC_PARAM_INT, 12, 0, 0, 0, NULL};
  d.params = &p;
  d.param_count = 1;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "parameter 0", "'x'", "12 bits");
  p = (flyc_param_t){sizeof(flyc_param_t), "f", FLYC_PARAM_FLOAT, 8, 0, 0, 0, NULL};
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'f'", "8 bits", "float");
  p = (flyc_param_t){sizeof(flyc_param_t), "p", FLYC_PARAM_PTR, 0, 1, 12, 0, NULL};
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "align 12");
  p = (flyc_param_t){sizeof(flyc_param_t), "priv", FLYC_PARAM_PTR, 0, 5, 4, 0, NULL};
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'priv'", "address space 5");
  p = (flyc_param_t){sizeof(flyc_param_t), "huge", FLYC_PARAM_PTR, 0, 1u << 24, 4, 0, NULL};
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "address space 16777216");
  p = (flyc_param_t){sizeof(flyc_param_t), "q", (flyc_param_kind_t)9, 0, 0, 0, 0, NULL};
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'q'", "unknown kind 9");
  d.params = NULL;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "params is NULL");
  d.param_count = 0;
  d.name = "k.kd"; /* the descriptor symbol of kernel k */
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "'k.kd'", "'.kd'");
  assert_error(flyc_ctx_compile(NULL, NULL, NULL), FLYC_EINVAL, "required");
  flyc_ctx_destroy(ctx);
  flyc_ctx_destroy(NULL);
}

/* A shared-memory-free barrier kernel: the barrier is the target's. */
static int barrier_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                        void *payload) {
  if (flyc_kb_barrier(kb) || flyc_kb_barrier(kb))
    return -1;
  LLVMValueRef ws = flyc_kb_wave_size(kb), gd = flyc_kb_grid_dim(kb, 1);
  *(unsigned long long *)payload = LLVMConstIntGetZExtValue(ws);
  LLVMBuildStore(b, LLVMBuildAdd(b, ws, gd, ""), args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_builder__barrier_and_sizes(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_param_t p = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "sync";
    d.params = &p;
    d.param_count = 1;
    d.body = barrier_body;
    unsigned long long wave = 0;
    d.payload = &wave;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    assert_int_equal(wave, t == 0 ? 64 : 32);
    /* The barrier may not be moved or duplicated across control flow. */
    LLVMValueRef bar = LLVMGetNamedFunction(flyc_ctx_module(ctx), "__flyc_barrier");
    assert_non_null(bar);
    unsigned conv = LLVMGetEnumAttributeKindForName("convergent", 10);
    assert_non_null(LLVMGetEnumAttributeAtIndex(bar, LLVMAttributeFunctionIndex, conv));
    assert_int_equal(LLVMGetLinkage(bar), LLVMInternalLinkage);
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    if (t == 0) {
      tu_text_t txt = {NULL, 0, 0};
      assert_ok(flyc_artifact_disassemble(a, tu_collect, &txt));
      assert_non_null(strstr(txt.s, "s_barrier"));
      free(txt.s);
    } else {
      size_t n;
      const char *ptx = flyc_artifact_code(a, &n);
      assert_non_null(strstr(ptx, "bar.sync"));
      assert_non_null(strstr(ptx, "%nctaid.y"));
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

/* out[thread_idx.x] = lane_id */
static int lane_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)payload;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef i = flyc_kb_thread_idx(kb, 0);
  LLVMBuildStore(b, flyc_kb_lane_id(kb), LLVMBuildGEP2(b, i32, args[0], &i, 1, ""));
  LLVMBuildRetVoid(b);
  return 0;
}

/* lane_id: mbcnt lo and hi on wave64, lo alone on wave32, %laneid on PTX. */
static void test_builder__lane_id(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "gfx1030", "sm_80"};
  for (int t = 0; t < 3; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    flyc_param_t p = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "lane";
    d.params = &p;
    d.param_count = 1;
    d.body = lane_body;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    tu_text_t txt = {NULL, 0, 0};
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &txt));
    if (t == 2) {
      assert_non_null(strstr(txt.s, "%laneid"));
    } else {
      assert_non_null(strstr(txt.s, "v_mbcnt_lo_u32_b32"));
      if (t == 0)
        assert_non_null(strstr(txt.s, "v_mbcnt_hi_u32_b32"));
      else
        assert_null(strstr(txt.s, "v_mbcnt_hi_u32_b32"));
    }
    free(txt.s);
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

/* Separate contexts build and compile at once on separate threads; each gets
 * its own, right, artifact. */
static void *thread_compile(void *p) {
  const char *target = p;
  for (int r = 0; r < 3; r++) {
    flyc_ctx_t *ctx = NULL;
    if (flyc_ctx_create(&ctx, target))
      return strdup(flyc_error_last()->message);
    flyc_kernel_def_t d = vadd_def();
    const uint32_t kbs[3] = {128, 1, 1};
    d.known_block_size = kbs;
    flyc_artifact_t *a = NULL;
    int rc = flyc_kernel_emit(ctx, &d, NULL);
    if (rc == 0)
      rc = flyc_ctx_compile(ctx, NULL, &a);
    flyc_ctx_destroy(ctx);
    if (rc) /* the thread's error state goes with the thread: copy */
      return strdup(flyc_error_last()->message);
    const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "vadd");
    int ok = k && k->reqd_workgroup_size[0] == 128 &&
             strcmp(flyc_artifact_target(a), target) == 0;
    flyc_artifact_destroy(a);
    if (!ok)
      return strdup("wrong artifact");
  }
  return NULL;
}

static void test_builder__threads(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "sm_80", "gfx908", "sm_86"};
  pthread_t th[4];
  for (int i = 0; i < 4; i++)
    assert_int_equal(pthread_create(&th[i], NULL, thread_compile, (void *)targets[i]), 0);
  for (int i = 0; i < 4; i++) {
    void *err = NULL;
    pthread_join(th[i], &err);
    if (err) {
      print_error("thread %d (%s): %s\n", i, targets[i], (const char *)err);
      free(err);
      fail();
    }
  }
}


/* out[0] = N (an int constexpr) + (int)SCALE (a float one); counts runs. */
typedef struct spec_run {
  int runs;
  const char *ask; /* the constexpr the body reads besides N */
} spec_run_t;

static int spec_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  spec_run_t *r = payload;
  r->runs++;
  const flyc_constexpr_t *n = flyc_kb_constexpr(kb, "N");
  const flyc_constexpr_t *x = flyc_kb_constexpr(kb, r->ask);
  if (!n || !x)
    return -1;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef v = LLVMConstInt(i32, (unsigned long long)(n->i + (int64_t)x->f), 0);
  LLVMBuildStore(b, v, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static const char *reqd_flat(flyc_ctx_t *ctx, const char *kernel) {
  static char buf[32];
  LLVMValueRef fn = LLVMGetNamedFunction(flyc_ctx_module(ctx), kernel);
  LLVMAttributeRef at =
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "amdgpu-flat-work-group-size", 27);
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(at, &len);
  snprintf(buf, sizeof buf, "%.*s", (int)len, v);
  return buf;
}

/* One kernel per distinct specialisation (constexpr values, block size);
 * the same one again is the kernel it gave before, body not run. */
static void test_builder__specialisation(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  flyc_param_t p = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};
  flyc_constexpr_t cx[2] = {{"N", FLYC_CONSTEXPR_INT, 4, 0}, {"SCALE", FLYC_CONSTEXPR_FLOAT, 0, 2.5}};
  spec_run_t run = {0, "SCALE"};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "spec";
  d.params = &p;
  d.param_count = 1;
  d.body = spec_body;
  d.payload = &run;
  d.constexprs = cx;
  d.constexpr_count = 2;
  const char *a, *b, *c, *e, *f, *g;
  assert_ok(flyc_kernel_emit(ctx, &d, &a));
  assert_ok(flyc_kernel_emit(ctx, &d, &b));
  assert_string_equal(a, "spec");
  assert_ptr_equal(a, b);
  assert_int_equal(run.runs, 1);
  cx[0].i = 8;
  assert_ok(flyc_kernel_emit(ctx, &d, &c));
  assert_string_equal(c, "spec_1");
  cx[1].f = -0.0; /* bits, not equality: another specialisation than 0.0 */
  assert_ok(flyc_kernel_emit(ctx, &d, &e));
  cx[1].f = 0.0;
  assert_ok(flyc_kernel_emit(ctx, &d, &f));
  assert_string_not_equal(e, f);
  assert_int_equal(run.runs, 4);
  /* FlyDSL's inference: a static launch block is the known block size. */
  const uint32_t blk128[3] = {128, 0, 0}, blk64[3] = {64, 1, 1};
  d.launch_block = blk128;
  assert_ok(flyc_kernel_emit(ctx, &d, &g));
  assert_string_equal(reqd_flat(ctx, g), "128,128");
  const char *g2, *h;
  assert_ok(flyc_kernel_emit(ctx, &d, &g2));
  assert_ptr_equal(g, g2);
  d.launch_block = blk64;
  assert_ok(flyc_kernel_emit(ctx, &d, &h));
  assert_string_equal(reqd_flat(ctx, h), "64,64");
  assert_int_equal(run.runs, 6);
  /* A declared size and a launch block that differ. */
  const uint32_t kbs[3] = {64, 1, 1};
  d.known_block_size = kbs;
  d.launch_block = blk128;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "launch block x is 128",
               "known_block_size x is 64");
  d.launch_block = blk64; /* agrees: the kernel h already is */
  const char *h2;
  assert_ok(flyc_kernel_emit(ctx, &d, &h2));
  assert_ptr_equal(h, h2);
  const uint32_t wide[3] = {64, 32, 1};
  d.known_block_size = NULL;
  d.launch_block = wide;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "the launch block 64 x 32 x 1",
               "2048");
  d.launch_block = NULL;
  /* constexpr rules. */
  run.ask = "M";
  cx[0].i = 99; /* a new specialisation, so the body runs */
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "kernel 'spec_", "no constexpr 'M'");
  run.ask = "SCALE";
  flyc_constexpr_t dup[2] = {{"N", FLYC_CONSTEXPR_INT, 1, 0}, {"N", FLYC_CONSTEXPR_INT, 2, 0}};
  d.constexprs = dup;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "constexpr 'N' is given twice");
  flyc_constexpr_t bad_name[1] = {{"1x", FLYC_CONSTEXPR_INT, 1, 0}};
  d.constexprs = bad_name;
  d.constexpr_count = 1;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "constexpr 0", "'1x'");
  flyc_constexpr_t bad_kind[1] = {{"K", (flyc_constexpr_kind_t)9, 1, 0}};
  d.constexprs = bad_kind;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "constexpr 'K'", "kind 9");
  d.constexprs = NULL;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "constexprs is NULL");
  flyc_artifact_t *art = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &art));
  assert_int_equal(flyc_artifact_kernel_count(art), 6);
  assert_int_equal(flyc_artifact_kernel_lookup(art, "spec_5")->reqd_workgroup_size[0], 64);
  flyc_artifact_destroy(art);
  flyc_ctx_destroy(ctx);
}

/* Fences by scope and order: syncscope fences on AMDGPU, membar on NVPTX. */
static int fence_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  (void)args;
  int *bad = payload;
  if (*bad)
    return flyc_kb_fence(kb, (flyc_memory_order_t)*bad, FLYC_SCOPE_AGENT);
  for (int scope = FLYC_SCOPE_WORKGROUP; scope <= FLYC_SCOPE_SYSTEM; scope++)
    for (int order = FLYC_ORDER_ACQUIRE; order <= FLYC_ORDER_SEQ_CST; order++)
      if (flyc_kb_fence(kb, (flyc_memory_order_t)order, (flyc_memory_scope_t)scope))
        return -1;
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_builder__fences(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    int bad = 0;
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "fences";
    d.body = fence_body;
    d.payload = &bad;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    LLVMModuleRef m = flyc_ctx_module(ctx);
    if (t == 0) {
      /* One inlinable helper per (scope, order), each one fence. */
      char *ir = LLVMPrintModuleToString(m);
      assert_non_null(strstr(ir, "fence syncscope(\"workgroup\") acquire"));
      assert_non_null(strstr(ir, "fence syncscope(\"agent\") acq_rel"));
      assert_non_null(strstr(ir, "fence seq_cst"));
      assert_null(strstr(ir, "syncscope(\"system\")"));
      LLVMDisposeMessage(ir);
      /* llvm-c builds syncscope fences from LLVM 20 on; before, each is an
       * inlinable helper parsed from IR. */
      if (FLYC_TEST_LLVM_MAJOR >= 20)
        assert_null(LLVMGetNamedFunction(m, "__flyc_fence_agent_release"));
      else
        assert_non_null(LLVMGetNamedFunction(m, "__flyc_fence_agent_release"));
    } else {
      assert_non_null(LLVMGetNamedFunction(m, "llvm.nvvm.membar.cta"));
      assert_non_null(LLVMGetNamedFunction(m, "llvm.nvvm.membar.gl"));
      assert_non_null(LLVMGetNamedFunction(m, "llvm.nvvm.membar.sys"));
    }
    bad = 9;
    assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "order 9");
    bad = 0;
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    if (t == 0) {
      tu_text_t txt = {NULL, 0, 0};
      assert_ok(flyc_artifact_disassemble(a, tu_collect, &txt));
      assert_non_null(strstr(txt.s, "buffer_wbl2")); /* agent/system release on gfx90a */
      free(txt.s);
    } else {
      const char *ptx = flyc_artifact_code(a, NULL);
      assert_non_null(strstr(ptx, "membar.cta"));
      assert_non_null(strstr(ptx, "membar.gl"));
      assert_non_null(strstr(ptx, "membar.sys"));
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

/* Sized structs (kernel.h, "Struct sizes"): a definition and parameters of
 * the first version's size and of sizeof + 8 (zero tail) emit and compile;
 * a nonzero tail, a size below the first version's, or parameters of
 * differing sizes are FLYC_EINVAL naming the struct. So are ffi, extern and
 * hint structs. */
typedef struct big_def {
  flyc_kernel_def_t d;
  uint64_t newer;
} big_def_t;
typedef struct big_param {
  flyc_param_t p;
  uint64_t newer;
} big_param_t;
typedef struct big_ffi {
  flyc_ffi_t f;
  uint64_t newer;
} big_ffi_t;
typedef struct big_extern {
  flyc_extern_t e;
  uint64_t newer;
} big_extern_t;

static int call_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)args;
  const big_extern_t *e = payload;
  if (!flyc_kb_call(kb, e->e.ffi, NULL, 0) || !flyc_kb_call_extern(kb, &e->e, NULL, 0))
    return FLYC_EINVAL;
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_builder__struct_sizes(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  const char *name = NULL;
  flyc_kernel_def_t d = vadd_def();
  d.name = "first";
  d.size = offsetof(flyc_kernel_def_t, launch_block) + sizeof d.launch_block;
  assert_ok(flyc_kernel_emit(ctx, &d, &name));
  big_param_t bp[4];
  memset(bp, 0, sizeof bp);
  for (int i = 0; i < 4; i++) {
    bp[i].p = vadd_params[i];
    bp[i].p.size = sizeof bp[i];
  }
  big_def_t bd;
  memset(&bd, 0, sizeof bd);
  bd.d = vadd_def();
  bd.d.size = sizeof bd;
  bd.d.name = "bigger";
  bd.d.params = &bp[0].p;
  assert_ok(flyc_kernel_emit(ctx, &bd.d, &name));
  assert_string_equal(name, "bigger");
  bd.d.name = "refused";
  bd.newer = 1;
  assert_error(flyc_kernel_emit(ctx, &bd.d, &name), FLYC_EINVAL, "flyc_kernel_def_t", "size 96",
               "past the 88 bytes");
  bd.newer = 0;
  bp[2].newer = 7;
  assert_error(flyc_kernel_emit(ctx, &bd.d, &name), FLYC_EINVAL, "flyc_param_t");
  bp[2].newer = 0;
  bp[1].p.size = sizeof(flyc_param_t);
  assert_error(flyc_kernel_emit(ctx, &bd.d, &name), FLYC_EINVAL, "flyc_param_t", "params[1]");
  d.size = 8;
  assert_error(flyc_kernel_emit(ctx, &d, &name), FLYC_EINVAL, "flyc_kernel_def_t", "first");
  d.size = 0;
  assert_error(flyc_kernel_emit(ctx, &d, &name), FLYC_EINVAL, "flyc_kernel_def_t");
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  /* The same kernel either way: 28 bytes of arguments (plus COV 5's hidden
   * ones where the default COV is 5, as without comgr). */
  uint32_t first = flyc_artifact_kernel_lookup(a, "first")->kernarg_segment_size;
  assert_true(first == 28 || first == 288);
  assert_int_equal(flyc_artifact_kernel_lookup(a, "bigger")->kernarg_segment_size, first);
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);

  /* ffi and extern, bigger with a zero tail, then with a set one. */
  big_ffi_t bf;
  memset(&bf, 0, sizeof bf);
  bf.f = (flyc_ffi_t)FLYC_FFI_INIT;
  bf.f.size = sizeof bf;
  bf.f.symbol = "dev_nothing";
  bf.f.result.kind = FLYC_TYPE_VOID;
  big_extern_t be;
  memset(&be, 0, sizeof be);
  be.e = (flyc_extern_t)FLYC_EXTERN_INIT;
  be.e.size = sizeof be;
  be.e.ffi = &bf.f;
  flyc_kernel_def_t c = FLYC_KERNEL_DEF_INIT;
  c.name = "calls";
  c.body = call_body;
  c.payload = &be;
  for (int i = 0; i < 3; i++) {
    assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
    bf.newer = i == 1;
    be.newer = i == 2;
    if (i == 0)
      assert_ok(flyc_kernel_emit(ctx, &c, &name));
    else
      assert_error(flyc_kernel_emit(ctx, &c, &name), FLYC_EINVAL,
                   i == 1 ? "flyc_ffi_t" : "flyc_extern_t");
    flyc_ctx_destroy(ctx);
  }

  /* Hints: bigger with a zero tail pushes; a set tail or a small size does
   * not; flyc_hints_current leaves a bigger caller's newer bytes alone. */
  struct {
    flyc_compile_hints_t h;
    uint64_t newer;
  } bh;
  memset(&bh, 0, sizeof bh); /* the padding after h too: the tail must be zero */
  bh.h = (flyc_compile_hints_t)FLYC_COMPILE_HINTS_INIT;
  bh.h.size = sizeof bh;
  bh.h.maxnreg = 64;
  assert_ok(flyc_hints_push(&bh.h));
  bh.newer = 0x55;
  bh.h.maxnreg = FLYC_HINT_UNSET;
  assert_ok(flyc_hints_current(&bh.h));
  assert_int_equal(bh.h.maxnreg, 64);
  assert_int_equal(bh.h.size, sizeof bh);
  assert_int_equal(bh.newer, 0x55);
  assert_ok(flyc_hints_pop());
  assert_error(flyc_hints_push(&bh.h), FLYC_EINVAL, "flyc_compile_hints_t");
  flyc_compile_hints_t small = FLYC_COMPILE_HINTS_INIT;
  small.size = 4;
  assert_error(flyc_hints_push(&small), FLYC_EINVAL, "flyc_compile_hints_t");
  assert_error(flyc_hints_current(&small), FLYC_EINVAL, "flyc_compile_hints_t");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builder__vadd_gfx90a_matches_clang),
      cmocka_unit_test(test_builder__struct_sizes),
      cmocka_unit_test(test_builder__specialisation),
      cmocka_unit_test(test_builder__fences),
      cmocka_unit_test(test_builder__known_block_size_lowered),
      cmocka_unit_test(test_builder__known_block_size_errors),
      cmocka_unit_test(test_builder__names),
      cmocka_unit_test(test_builder__body_errors),
      cmocka_unit_test(test_builder__reentry_refused),
      cmocka_unit_test(test_builder__body_traps),
      cmocka_unit_test(test_builder__bad_arguments),
      cmocka_unit_test(test_builder__barrier_and_sizes),
      cmocka_unit_test(test_builder__threads),
      cmocka_unit_test(test_builder__lane_id),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

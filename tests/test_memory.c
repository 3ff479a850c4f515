/* Typed loads and stores of flyc/builder.h: flyc_kb_load / flyc_kb_store,
 * and flyc_kb_at's 2-D addresses.
 * Every error (exact codes, the culprit named), and the instructions they
 * select: a float4 access is one 128-bit load / store on gfx942 (gfx90a on
 * LLVM 15) and sm_90, the non-temporal one the target's streaming form,
 * as clang-22's HIP / CUDA goldens (fixtures/memory/gen.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

#define MEM_FX(name) FLYC_MEMORY_DIR "/" name

typedef void (*probe_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args);

static int probe_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  ((probe_fn *)payload)[0](kb, b, args);
  LLVMBuildRetVoid(b);
  return 0;
}

/* Params: global f32 pointers out and in, an i32, a shared f32 pointer. */
static int emit_probe(const char *target, probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, target));
  static probe_fn slot;
  slot = fn;
  flyc_param_t ps[4];
  static const unsigned as[4] = {1, 1, 0, 3};
  for (int i = 0; i < 4; i++) {
    flyc_param_t p = FLYC_PARAM_INIT;
    p.kind = i == 2 ? FLYC_PARAM_INT : FLYC_PARAM_PTR;
    p.bits = 32;
    p.addrspace = as[i];
    ps[i] = p;
  }
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "probe";
  d.params = ps;
  d.param_count = 4;
  d.body = probe_body;
  d.payload = &slot;
  int rc = flyc_kernel_emit(ctx, &d, NULL);
  if (ctx_out)
    *ctx_out = ctx;
  else
    flyc_ctx_destroy(ctx);
  return rc;
}

static const char *amd(void) { return FLYC_TEST_LLVM_MAJOR >= 19 ? "gfx942" : "gfx90a"; }
/* sm_90 from LLVM 16 on, sm_80 on LLVM 15. */
static const char *nv(void) { return FLYC_TEST_LLVM_MAJOR >= 16 ? "sm_90" : "sm_80"; }

static LLVMTypeRef f32(flyc_kernel_builder_t *kb) {
  return LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
}

/* A thread's index: the global id (not uniform, so a vector load). */
static LLVMValueRef gid(flyc_kernel_builder_t *kb) { return flyc_kb_global_id(kb, 0); }

static void assert_has(const char *text, const char *what, const char *target) {
  if (!strstr(text, what)) {
    print_message("%s:\n%s\n", target, text);
    fail_msg("%s: no '%s'", target, what);
  }
}

/* ---- errors ---- */

static void errors(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMValueRef i = gid(kb);
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  assert_poison(flyc_kb_load(kb, f32(kb), 3, args[1], i, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_load",
               "vector width 3 is not 1, 2 or 4");
  assert_poison(flyc_kb_load(kb, f32(kb), 4, args[1], i, 8, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL,
               "alignment 8 is below the 16 bytes a 4-wide vector of 4-byte elements needs");
  assert_poison(flyc_kb_load(kb, f32(kb), 1, args[1], i, 3, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "alignment 3 is not a power of two");
  assert_poison(flyc_kb_load(kb, f32(kb), 1, args[1], i, 0, 2));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flags 0x2");
  LLVMValueRef i16 = LLVMConstInt(LLVMInt16TypeInContext(lc), 1, 0);
  assert_poison(flyc_kb_load(kb, f32(kb), 1, args[1], i16, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "index must be an i32 or i64, not i16");
  assert_poison(flyc_kb_load(kb, f32(kb), 1, args[2], i, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "base must be a pointer", "a non-pointer");
  assert_null(flyc_kb_load(kb, NULL, 1, args[1], i, 0, 0)); /* no type to stand in with */
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "elem is NULL");
  assert_poison(flyc_kb_load(kb, LLVMVectorType(f32(kb), 4), 1, args[1], i, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "the element type must be");
  assert_poison(flyc_kb_load(kb, f32(kb), 1, NULL, i, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "base is NULL");
  assert_error(flyc_kb_store(kb, NULL, args[0], i, 0, 0), FLYC_EINVAL, "flyc_kb_store",
               "value is NULL");
  LLVMValueRef v3 = LLVMGetUndef(LLVMVectorType(f32(kb), 3));
  assert_error(flyc_kb_store(kb, v3, args[0], i, 0, 0), FLYC_EINVAL, "vector width 3");
  LLVMValueRef v2 = LLVMGetUndef(LLVMVectorType(f32(kb), 2));
  assert_error(flyc_kb_store(kb, v2, args[0], i, 4, 0), FLYC_EINVAL,
               "alignment 4 is below the 8 bytes");
}

static void test_memory__errors_name_the_culprit(void **state) {
  (void)state;
  /* The emit's status and message are the first error's (the body's later
   * errors do not overwrite it). */
  assert_error(emit_probe("gfx90a", errors, NULL), FLYC_EINVAL, "vector width 3 is not 1, 2 or 4");
  assert_error(emit_probe(nv(), errors, NULL), FLYC_EINVAL, "vector width 3 is not 1, 2 or 4");
  assert_null(flyc_kb_load(NULL, NULL, 1, NULL, NULL, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_load", "outside a kernel body");
  assert_error(flyc_kb_store(NULL, NULL, NULL, NULL, 0, 0), FLYC_EINVAL, "flyc_kb_store",
               "outside a kernel body");
}

/* ---- a failed helper's result, built on ---- */

/* What a body does with helpers' results without checking them, as the
 * README allows ("a body may check only the emit's status"): each result
 * handed straight to llvm-c. A NULL there crashed the process. */
static int use_failed(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  int which = *(int *)payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  if (which == 0) { /* no matrix unit (sm_70): the header's zero accumulator */
    LLVMValueRef acc = LLVMConstNull(flyc_kb_mma_type(kb, FLYC_MMA_ACC));
    flyc_kb_mma_store(kb, acc, args[0], flyc_kb_i32(kb, 16), FLYC_MMA_ROW_MAJOR, 0);
  } else if (which == 1) { /* 96 KiB of shared memory on gfx90a (64 KiB of LDS) */
    flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_DYNAMIC, 16);
    LLVMValueRef p = flyc_kb_shared_alloc(sa, 98304, 16), i = flyc_kb_i32(kb, 1);
    LLVMBuildStore(b, flyc_kb_f32(kb, 1), LLVMBuildGEP2(b, LLVMFloatTypeInContext(lc), p, &i, 1,
                                                        ""));
  } else { /* a block reduction in a block of 96 threads on gfx90a (wave64) */
    LLVMValueRef r = flyc_kb_block_reduce(kb, FLYC_REDUCE_SUM, flyc_kb_i32(kb, 1));
    LLVMBuildStore(b, LLVMBuildSIToFP(b, r, LLVMFloatTypeInContext(lc), ""), args[0]);
  }
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_memory__failed_helpers_return_poison_a_body_can_use(void **state) {
  (void)state;
  static const char *const target[3] = {"sm_70", "gfx90a", "gfx90a"};
  static const char *const want[3] = {"sm_70", "exceeds the 65536 bytes gfx90a allows",
                                      "not a multiple of the wave size 64"};
  for (int which = 0; which < 3; which++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, target[which]));
    flyc_param_t p = FLYC_PARAM_INIT;
    p.kind = FLYC_PARAM_PTR;
    p.addrspace = 1;
    uint32_t block[3] = {96, 1, 1};
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "k";
    d.params = &p;
    d.param_count = 1;
    d.known_block_size = block;
    d.body = use_failed;
    d.payload = &which;
    static const int code[3] = {FLYC_EUNSUPPORTED, FLYC_ECOMPILE, FLYC_EINVAL};
    assert_error(flyc_kernel_emit(ctx, &d, NULL), code[which],
                 want[which]);
    flyc_ctx_destroy(ctx);
  }
}

static void nt_bytes(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef v = flyc_kb_load(kb, i8, 1, args[1], gid(kb), 0, FLYC_MEM_NONTEMPORAL);
  if (flyc_kb_target_family(kb) == FLYC_TARGET_NVPTX)
    assert_poison(v); /* refused: the emit fails */
  else /* AMDGPU's !nontemporal takes any width */
    assert_true(v && !LLVMIsPoison(v));
}

static void test_memory__nvptx_has_no_byte_streaming(void **state) {
  (void)state;
  char on[64];
  snprintf(on, sizeof on, "FLYC_MEM_NONTEMPORAL on %s", nv());
  assert_error(emit_probe(nv(), nt_bytes, NULL), FLYC_EUNSUPPORTED, "flyc_kb_load", on,
               "32- and 64-bit elements");
  assert_ok(emit_probe(amd(), nt_bytes, NULL));

}

/* ---- selected instructions ---- */

static unsigned mem_flags;

/* out[i] = in[i] as float4; shared[i] = out4 as float4 too. */
static void copy4(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMValueRef i = gid(kb);
  LLVMValueRef v = flyc_kb_load(kb, f32(kb), 4, args[1], i, 0, mem_flags);
  assert_non_null(v);
  assert_ok(flyc_kb_store(kb, v, args[0], i, 16, mem_flags));
}

static void test_memory__float4_is_one_128_bit_access(void **state) {
  (void)state;
  mem_flags = 0;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(amd(), copy4, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_has(s, "global_load_dwordx4", amd());
  assert_has(s, "global_store_dwordx4", amd());
  assert_null(strstr(s, "global_load_dword "));
  free(s);
  assert_ok(emit_probe(nv(), copy4, &ctx));
  s = tu_ctx_text(ctx);
  const char *ld = FLYC_TEST_LLVM_MAJOR >= 20 ? "ld.global.v4.b32" : "ld.global.v4.f32";
  const char *st = FLYC_TEST_LLVM_MAJOR >= 20 ? "st.global.v4.b32" : "st.global.v4.f32";
  assert_has(s, ld, nv());
  assert_has(s, st, nv());
  free(s);
  /* clang-22's float4 copy selects the same forms. */
  size_t gsize = 0;
  char *g = tu_read(MEM_FX("mem.sm_90.ptx"), &gsize);
  assert_non_null(g);
  assert_has(g, "ld.global.v4.b32", "clang-22 sm_90");
  free(g);
  g = tu_read(MEM_FX("mem.gfx942.s"), &gsize);
  assert_non_null(g);
  assert_has(g, "global_store_dwordx4", "clang-22 gfx942");
  free(g);
}

static void test_memory__nontemporal_streams(void **state) {
  (void)state;
  mem_flags = FLYC_MEM_NONTEMPORAL;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(amd(), copy4, &ctx));
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_non_null(strstr(ir, "!nontemporal"));
  LLVMDisposeMessage(ir);
  char *s = tu_ctx_text(ctx);
  /* LLVM 19 and 22 on gfx942: `nt`; LLVM 15 on gfx90a: `glc slc`. */
  const char *suffix = FLYC_TEST_LLVM_MAJOR >= 19 ? " nt" : " glc slc";
  char want[64];
  snprintf(want, sizeof want, "global_load_dwordx4");
  const char *at = strstr(s, want);
  assert_non_null(at);
  const char *eol = strchr(at, '\n');
  const char *suf = strstr(at, suffix);
  assert_true(suf && (!eol || suf < eol));
  at = strstr(s, "global_store_dwordx4");
  assert_non_null(at);
  eol = strchr(at, '\n');
  suf = strstr(at, suffix);
  assert_true(suf && (!eol || suf < eol));
  free(s);
  assert_ok(emit_probe(nv(), copy4, &ctx));
  s = tu_ctx_text(ctx);
  assert_has(s, "ld.global.cs.v4.f32", nv());
  assert_has(s, "st.global.cs.v4.f32", nv());
  free(s);
  /* As clang-22's: `nt` on its gfx942 store, CUDA's __ldcs / __stcs PTX. */
  size_t gsize = 0;
  char *g = tu_read(MEM_FX("mem.gfx942.s"), &gsize);
  assert_non_null(strstr(g, "global_store_dwordx4 v0, v[2:5], s[4:5] nt"));
  free(g);
  g = tu_read(MEM_FX("mem.sm_90.ptx"), &gsize);
  assert_non_null(strstr(g, "ld.global.cs.v4.f32"));
  assert_non_null(strstr(g, "st.global.cs.v4.f32"));
  free(g);
  mem_flags = 0;
}

/* A float2 and a scalar through shared memory. */
static void shared2(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMValueRef i = flyc_kb_thread_idx(kb, 0);
  LLVMValueRef v = flyc_kb_load(kb, f32(kb), 2, args[1], i, 0, 0);
  assert_ok(flyc_kb_store(kb, v, args[3], i, 0, FLYC_MEM_NONTEMPORAL));
  flyc_kb_barrier(kb);
  LLVMValueRef w = flyc_kb_load(kb, f32(kb), 2, args[3], i, 8, FLYC_MEM_NONTEMPORAL);
  LLVMValueRef i64 = LLVMBuildZExt(b, i, LLVMInt64TypeInContext(flyc_kb_llvm_context(kb)), "");
  assert_ok(flyc_kb_store(kb, w, args[0], i64, 0, 0));
}

static void test_memory__shared_float2(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(amd(), shared2, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_has(s, "ds_write_b64", amd());
  assert_has(s, "ds_read_b64", amd());
  assert_has(s, "global_load_dwordx2", amd());
  free(s);
  assert_ok(emit_probe(nv(), shared2, &ctx));
  s = tu_ctx_text(ctx);
  assert_has(s, "st.shared.v2", nv());
  assert_has(s, "ld.shared.v2", nv());
  assert_null(strstr(s, ".cs")); /* shared: no streaming form */
  free(s);
}

/* ---- 2-D addresses ---- */

static long long at_offset(LLVMValueRef p) {
  assert_non_null(LLVMIsAGetElementPtrInst(p));
  LLVMValueRef idx = LLVMGetOperand(p, 1);
  assert_non_null(LLVMIsAConstantInt(idx));
  assert_int_equal(LLVMGetIntTypeWidth(LLVMTypeOf(idx)), 64);
  return LLVMConstIntGetSExtValue(idx);
}

static void at(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i16 = LLVMInt16TypeInContext(lc);
  LLVMValueRef p = flyc_kb_at(kb, f32(kb), args[0], flyc_kb_i32(kb, 3), flyc_kb_i32(kb, 100),
                              flyc_kb_i32(kb, 7));
  assert_int_equal(at_offset(p), 307);
  assert_true(LLVMGetGEPSourceElementType(p) == f32(kb));
  assert_true(LLVMIsInBounds(p));
  /* An i32 is unsigned: row 2^32 - 1 of ld 2 is element 2^33 - 2. */
  p = flyc_kb_at(kb, f32(kb), args[0], flyc_kb_i32(kb, -1), flyc_kb_i32(kb, 2), flyc_kb_i32(kb, 0));
  assert_int_equal(at_offset(p), 8589934590LL);
  /* i64 and i32 mixed; the base's address space kept. */
  p = flyc_kb_at(kb, f32(kb), args[3], flyc_kb_i64(kb, 1LL << 33), flyc_kb_i32(kb, 4),
                 flyc_kb_i32(kb, 5));
  assert_int_equal(at_offset(p), (1LL << 35) + 5);
  assert_int_equal(LLVMGetPointerAddressSpace(LLVMTypeOf(p)), 3);
  /* A run-time row: the multiply is in 64 bits. */
  p = flyc_kb_at(kb, f32(kb), args[0], args[2], flyc_kb_i32(kb, 4096), flyc_kb_i32(kb, 1));
  assert_non_null(LLVMIsAGetElementPtrInst(p));
  assert_int_equal(LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(p, 1))), 64);
  /* Errors, each named; poison of the base's type. */
  p = flyc_kb_at(kb, f32(kb), args[3], LLVMConstInt(i16, 1, 0), args[2], args[2]);
  assert_poison(p);
  assert_int_equal(LLVMGetPointerAddressSpace(LLVMTypeOf(p)), 3);
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_at: row must be an i32 or i64, not i16");
  assert_poison(flyc_kb_at(kb, f32(kb), args[0], args[2], args[2], NULL));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_at: col is NULL");
  assert_poison(flyc_kb_at(kb, NULL, args[0], args[2], args[2], args[2]));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_at: elem is NULL");
  assert_poison(flyc_kb_at(kb, LLVMVoidTypeInContext(lc), args[0], args[2], args[2], args[2]));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "elem is a type without a size");
  assert_poison(flyc_kb_at(kb, f32(kb), args[2], args[2], args[2], args[2]));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "base must be a pointer");
}

static void test_memory__at_is_row_times_ld_plus_col(void **state) {
  (void)state;
  assert_error(emit_probe(nv(), at, NULL), FLYC_EINVAL, "flyc_kb_at: row must be");
  assert_null(flyc_kb_at(NULL, NULL, NULL, NULL, NULL, NULL));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_at", "outside a kernel");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memory__errors_name_the_culprit),
      cmocka_unit_test(test_memory__nvptx_has_no_byte_streaming),
      cmocka_unit_test(test_memory__failed_helpers_return_poison_a_body_can_use),
      cmocka_unit_test(test_memory__float4_is_one_128_bit_access),
      cmocka_unit_test(test_memory__nontemporal_streams),
      cmocka_unit_test(test_memory__shared_float2),
      cmocka_unit_test(test_memory__at_is_row_times_ld_plus_col),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

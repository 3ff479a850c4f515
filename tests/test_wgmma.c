/* sm_90a's warpgroup matrix unit in flyc/builder.h (flyc_kb_wgmma*()):
 * every error (exact codes, the culprit named), the swizzled tile layout
 * against the PTX ISA's formula, the accumulator layout thread by thread,
 * and the instructions and descriptors emitted (LLVM 17+, where sm_90a is a
 * target), assembled by ptxas where there is one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "flyc/kernel.h"
#include "util.h"

static int have_sm90a(void) { return FLYC_TEST_LLVM_MAJOR >= 17; }

/* Params: a global f32 tile, an i32, a shared buffer. */
static int emit(const char *target, tu_probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_param_t ps[3];
  static const unsigned as[3] = {1, 0, 3};
  for (int i = 0; i < 3; i++) {
    flyc_param_t p = FLYC_PARAM_INIT;
    p.kind = i == 1 ? FLYC_PARAM_INT : FLYC_PARAM_PTR;
    p.bits = 32;
    p.addrspace = as[i];
    p.align = i == 1 ? 0 : 16;
    ps[i] = p;
  }
  return tu_emit_probe(target, ps, 3, fn, ctx_out);
}

static LLVMValueRef i32c(flyc_kernel_builder_t *kb, unsigned v) {
  return LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), v, 0);
}

/* ---- errors ---- */

static int unsupported(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)args;
  LLVMTypeRef t = flyc_kb_wgmma_type(kb, 64);
  /* A stand-in (eight floats), so that a body building on it goes on. */
  assert_true(t && LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 8);
  assert_poison(flyc_kb_wgmma(kb, args[2], args[2], LLVMConstNull(t)));
  /* The layout is arithmetic, on every target. */
  assert_non_null(flyc_kb_wgmma_offset(kb, i32c(kb, 9), i32c(kb, 8)));
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_wgmma__other_processors_are_refused_by_name(void **state) {
  (void)state;
  const char *nv = FLYC_TEST_LLVM_MAJOR >= 16 ? "sm_90" : "sm_80";
  assert_error(emit(nv, unsupported, NULL), FLYC_EUNSUPPORTED, "flyc_kb_wgmma_type", nv,
               "sm_90a's alone");
  assert_error(emit(FLYC_TEST_LLVM_MAJOR >= 19 ? "gfx942" : "gfx90a", unsupported, NULL),
               FLYC_EUNSUPPORTED, "flyc_kb_wgmma_type", "no warpgroup matrix unit");
  assert_null(flyc_kb_wgmma_type(NULL, 64));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_wgmma_type", "outside a kernel");
  assert_null(flyc_kb_wgmma(NULL, NULL, NULL, NULL));
  assert_error(flyc_kb_wgmma_fence(NULL, NULL, 0), FLYC_EINVAL, "outside a kernel");
  assert_error(flyc_kb_wgmma_commit(NULL), FLYC_EINVAL, "outside a kernel");
  assert_error(flyc_kb_wgmma_wait(NULL, 0, NULL, 0), FLYC_EINVAL, "outside a kernel");
  assert_error(flyc_kb_wgmma_store(NULL, NULL, NULL, NULL), FLYC_EINVAL, "outside a kernel");
}

static int errors(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(lc);
  assert_non_null(flyc_kb_wgmma_type(kb, 12));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_wgmma_type", "n 12 is not 8 to 256");
  assert_non_null(flyc_kb_wgmma_type(kb, 264));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "n 264");
  LLVMValueRef acc = LLVMConstNull(flyc_kb_wgmma_type(kb, 64));
  assert_int_equal(LLVMGetVectorSize(LLVMTypeOf(acc)), 32);
  assert_poison(flyc_kb_wgmma(kb, args[0], args[2], acc));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_wgmma: a must be a pointer to "
                                                     "shared memory");
  assert_poison(flyc_kb_wgmma(kb, args[2], NULL, acc));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_wgmma: b is NULL");
  LLVMValueRef odd = LLVMConstNull(LLVMVectorType(f32, 6)); /* n = 12 */
  LLVMValueRef poison = flyc_kb_wgmma(kb, args[2], args[2], odd);
  assert_poison(poison);
  assert_true(LLVMTypeOf(poison) == LLVMTypeOf(odd)); /* poison of the type given */
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "acc is <6 x float>",
               "not an accumulator <n/2 x float>");
  assert_error(flyc_kb_wgmma_fence(kb, NULL, 1), FLYC_EINVAL, "acc is NULL for 1");
  LLVMValueRef two[2] = {acc, odd};
  assert_error(flyc_kb_wgmma_wait(kb, 0, two, 2), FLYC_EINVAL, "flyc_kb_wgmma_wait",
               "acc[1] is <6 x float>");
  assert_error(flyc_kb_wgmma_wait(kb, 8, &acc, 1), FLYC_EINVAL, "pending 8 is above 7");
  assert_error(flyc_kb_wgmma_store(kb, acc, args[0], i32c(kb, 65)), FLYC_EINVAL,
               "flyc_kb_wgmma_store", "ld 65 is odd");
  assert_error(flyc_kb_wgmma_store(kb, acc, args[0], i32c(kb, 32)), FLYC_EINVAL,
               "ld 32 is below the tile's n columns");
  assert_error(flyc_kb_wgmma_store(kb, acc, args[1], i32c(kb, 64)), FLYC_EINVAL,
               "base must be a pointer");
  LLVMValueRef r, c;
  assert_error(flyc_kb_wgmma_coord(kb, 64, 32, &r, &c), FLYC_EINVAL,
               "element 32 is past the 32 of a thread's 64 x 64 accumulator");
  assert_null(r);
  assert_error(flyc_kb_wgmma_coord(kb, 64, 0, NULL, &c), FLYC_EINVAL, "row and col are required");
  /* More floats than one inline asm takes (LLVM crashed at 16384; a
   * thread has 255 registers): refused, and no array is walked past. */
  static LLVMValueRef many[9];
  for (int i = 0; i < 9; i++)
    many[i] = LLVMConstNull(flyc_kb_wgmma_type(kb, 256));
  assert_error(flyc_kb_wgmma_fence(kb, many, 9), FLYC_EINVAL, "flyc_kb_wgmma_fence",
               "more than 1024 floats");
  assert_error(flyc_kb_wgmma_wait(kb, 0, many, 9), FLYC_EINVAL, "more than 1024 floats");
  assert_ok(flyc_kb_wgmma_fence(kb, many, 8)); /* 1024 floats: the limit itself */
  assert_null(flyc_kb_wgmma_offset(kb, i32c(kb, 0), i32c(kb, 64)));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "col 64 is past a row's 64 halves");
  LLVMValueRef i64v = LLVMConstInt(LLVMInt64TypeInContext(lc), 1, 0);
  assert_null(flyc_kb_wgmma_offset(kb, i32c(kb, 1), i64v));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_wgmma_offset: col must be an i32");
  LLVMBuildRetVoid(b);
  return 0;
}

/* A known block of 64 threads has half a warpgroup. */
static int half_group(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)args;
  assert_non_null(flyc_kb_wgmma_type(kb, 64));
  LLVMBuildRetVoid(b);
  return 0;
}

static int half_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args, void *p) {
  (void)p;
  return half_group(kb, b, args);
}

static void test_wgmma__errors_name_the_culprit(void **state) {
  (void)state;
  if (!have_sm90a()) {
    print_message("skipped: sm_90a needs LLVM 17 or newer (this is %d)\n", FLYC_TEST_LLVM_MAJOR);
    return;
  }
  /* The emit's status and message are the first error's. */
  assert_error(emit("sm_90a", errors, NULL), FLYC_EINVAL, "n 12 is not 8 to 256");
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "sm_90a"));
  uint32_t block[3] = {64, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "half";
  d.known_block_size = block;
  d.body = half_body;
  assert_error(flyc_kernel_emit(ctx, &d, NULL), FLYC_EINVAL, "flyc_kb_wgmma_type",
               "kernel 'half' has 64 threads a block, not a multiple of a warpgroup's 128");
  flyc_ctx_destroy(ctx);
}

/* ---- the tile layout ---- */

static int offsets(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)args;
  /* Constant rows and columns: the builder folds the offset. */
  for (unsigned r = 0; r < 64; r++)
    for (unsigned c = 0; c < 64; c++) {
      LLVMValueRef v = flyc_kb_wgmma_offset(kb, i32c(kb, r), i32c(kb, c));
      assert_non_null(LLVMIsAConstantInt(v));
      unsigned got = (unsigned)LLVMConstIntGetZExtValue(v);
      /* The PTX ISA's 128-byte swizzle: 16-byte piece c / 8 of row r at
       * piece (c / 8) ^ (r % 8) of the row's 128 bytes. */
      unsigned want = r * 128 + (((c / 8) ^ (r % 8)) * 16) + (c % 8) * 2;
      if (got != want)
        fail_msg("offset (%u, %u) = %u, the swizzle says %u", r, c, got, want);
    }
  /* Every 16-byte piece of a 64-row tile at its own place, and the eight
   * pieces of one row (what eight threads copy at once) in eight distinct
   * 16-byte bank groups. */
  static unsigned char seen[64 * 8];
  memset(seen, 0, sizeof seen);
  for (unsigned r = 0; r < 64; r++) {
    unsigned groups = 0;
    for (unsigned p = 0; p < 8; p++) {
      unsigned o = (unsigned)LLVMConstIntGetZExtValue(
          flyc_kb_wgmma_offset(kb, i32c(kb, r), i32c(kb, p * 8)));
      assert_int_equal(o % 16, 0);
      seen[o / 16]++;
      groups |= 1u << (o / 16 % 8);
    }
    assert_int_equal(groups, 0xff);
  }
  for (unsigned i = 0; i < 64 * 8; i++)
    assert_int_equal(seen[i], 1);
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_wgmma__offsets_are_the_ptx_128_byte_swizzle(void **state) {
  (void)state;
  assert_ok(emit(FLYC_TEST_LLVM_MAJOR >= 16 ? "sm_90" : "sm_80", offsets, NULL));
}

/* ---- the accumulator layout ---- */

static unsigned cov_n;

static int coords(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  for (unsigned i = 0; i < cov_n / 2; i++) {
    LLVMValueRef r, c, off = i32c(kb, i);
    assert_ok(flyc_kb_wgmma_coord(kb, cov_n, i, &r, &c));
    LLVMValueRef rc = LLVMBuildAdd(b, LLVMBuildMul(b, r, i32c(kb, 1024), ""), c, "");
    LLVMBuildStore(b, rc, LLVMBuildGEP2(b, i32, args[0], &off, 1, ""));
  }
  LLVMBuildRetVoid(b);
  return 0;
}

/* Puts thread `t` (of a block of 128 along x) in for the thread index and
 * lane id reads of `fn`. */
static void set_thread(LLVMValueRef fn, unsigned t) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!LLVMIsACallInst(in))
        continue;
      size_t len;
      const char *n = LLVMGetValueName2(LLVMGetCalledValue(in), &len);
      long v = strstr(n, "sreg.laneid") ? (long)(t % 32)
               : strstr(n, "sreg.tid.x") ? (long)t
               : strstr(n, "sreg.tid.") ? 0
               : strstr(n, "sreg.ntid.x") ? 128
               : strstr(n, "sreg.ntid.") ? 1 : -1;
      if (v >= 0)
        LLVMReplaceAllUsesWith(in, LLVMConstInt(LLVMTypeOf(in), (unsigned long long)v, 0));
    }
}

/* Each of the 128 threads' (row, col) of every element, by putting the
 * thread in as a constant and folding: the documented ones, and together
 * the 64 x n tile once. */
static void check_acc(unsigned n) {
  static unsigned char seen[64 * 256];
  memset(seen, 0, sizeof seen);
  cov_n = n;
  for (unsigned t = 0; t < 128; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit("sm_90a", coords, &ctx));
    LLVMModuleRef m = flyc_ctx_module(ctx);
    LLVMValueRef fn = LLVMGetFirstFunction(m);
    while (fn && !LLVMGetFirstBasicBlock(fn))
      fn = LLVMGetNextFunction(fn);
    set_thread(fn, t);
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    assert_null(LLVMRunPasses(m, "instsimplify", NULL, o));
    LLVMDisposePassBuilderOptions(o);
    unsigned i = 0, w = t / 32, l = t % 32;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (!LLVMIsAStoreInst(in))
          continue;
        LLVMValueRef v = LLVMGetOperand(in, 0);
        assert_non_null(LLVMIsAConstantInt(v));
        unsigned got = (unsigned)LLVMConstIntGetZExtValue(v);
        /* PTX ISA, wgmma .m64nNk16 D fragments. */
        unsigned r = 16 * w + l / 4 + 8 * ((i >> 1) & 1), c = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
        if (got != r * 1024 + c)
          fail_msg("n %u thread %u element %u: (%u, %u), documented (%u, %u)", n, t, i,
                   got / 1024, got % 1024, r, c);
        seen[r * 256 + c]++;
        i++;
      }
    assert_int_equal(i, n / 2);
    flyc_ctx_destroy(ctx);
  }
  for (unsigned r = 0; r < 64; r++)
    for (unsigned c = 0; c < 256; c++)
      if (seen[r * 256 + c] != (c < n))
        fail_msg("n %u: (%u, %u) held %d times", n, r, c, seen[r * 256 + c]);
}

static void test_wgmma__accumulators_are_the_documented_layout(void **state) {
  (void)state;
  if (!have_sm90a()) {
    print_message("skipped: sm_90a needs LLVM 17 or newer\n");
    return;
  }
  check_acc(24);
  check_acc(256);
}

/* ---- the instructions ---- */

/* The pattern of examples/gemm_wgmma_kernel.h, one step: two products of
 * k 16 from the shared buffer (A at 0, B at 8192), then the store. */
static int step(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef acc = LLVMConstNull(flyc_kb_wgmma_type(kb, 64));
  assert_ok(flyc_kb_async_wait(kb, 0));
  assert_ok(flyc_kb_wgmma_shared_fence(kb));
  assert_ok(flyc_kb_barrier(kb));
  assert_ok(flyc_kb_wgmma_fence(kb, &acc, 1));
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef ao = i32c(kb, 32 * k), bo = i32c(kb, 8192 + 32 * k);
    acc = flyc_kb_wgmma(kb, LLVMBuildInBoundsGEP2(b, i8, args[2], &ao, 1, ""),
                        LLVMBuildInBoundsGEP2(b, i8, args[2], &bo, 1, ""), acc);
    assert_false(LLVMIsPoison(acc));
  }
  assert_ok(flyc_kb_wgmma_commit(kb));
  assert_ok(flyc_kb_wgmma_wait(kb, 0, &acc, 1));
  assert_ok(flyc_kb_wgmma_store(kb, acc, args[0], args[1]));
  LLVMBuildRetVoid(b);
  return 0;
}

/* The accumulator read (one element stored) before the wait: refused at
 * the end of the body, naming the kernel. */
static int early_read(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef acc = LLVMConstNull(flyc_kb_wgmma_type(kb, 64));
  assert_ok(flyc_kb_wgmma_fence(kb, &acc, 1));
  acc = flyc_kb_wgmma(kb, args[2], args[2], acc);
  assert_ok(flyc_kb_wgmma_commit(kb));
  LLVMValueRef x = LLVMBuildExtractElement(b, acc, i32c(kb, 0), "");
  LLVMBuildStore(b, x, args[0]);
  assert_ok(flyc_kb_wgmma_wait(kb, 0, &acc, 1));
  LLVMBuildRetVoid(b);
  return 0;
}

/* Carried through a loop before its wait (a phi), then waited for: fine. */
static int carried(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef acc = LLVMConstNull(flyc_kb_wgmma_type(kb, 64)), in, out;
  flyc_kb_for_begin(kb, i32c(kb, 0), args[1], i32c(kb, 1), 1, &acc, &in);
  assert_ok(flyc_kb_wgmma_fence(kb, &in, 1));
  in = flyc_kb_wgmma(kb, args[2], args[2], in);
  assert_ok(flyc_kb_wgmma_commit(kb));
  flyc_kb_for_end(kb, &in, &out);
  assert_ok(flyc_kb_wgmma_wait(kb, 0, &out, 1));
  assert_ok(flyc_kb_wgmma_store(kb, out, args[0], i32c(kb, 64)));
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_wgmma__accumulators_read_before_the_wait_are_refused(void **state) {
  (void)state;
  if (!have_sm90a()) {
    print_message("skipped: sm_90a needs LLVM 17 or newer\n");
    return;
  }
  assert_error(emit("sm_90a", early_read, NULL), FLYC_EINVAL, "kernel 'probe'",
               "read before a flyc_kb_wgmma_wait() has seen it land");
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit("sm_90a", carried, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_int_equal(tu_count(s, "wgmma.mma_async"), 1);
  free(s);
}

static void test_wgmma__emits_the_warpgroup_instructions(void **state) {
  (void)state;
  if (!have_sm90a()) {
    print_message("skipped: sm_90a needs LLVM 17 or newer\n");
    return;
  }
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit("sm_90a", step, &ctx));
  /* Every instruction a convergent call (none may move into divergent
   * code), and the descriptors' fixed bits: stride 1024 >> 4 at bit 32,
   * leading offset 1 at 16, the 128-byte swizzle at 62. */
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  size_t asm_calls = tu_count(ir, "call void asm sideeffect") + tu_count(ir, "asm sideeffect \"{");
  assert_true(asm_calls >= 3);
  unsigned long long fixed = (1ull << 62) | (64ull << 32) | (1ull << 16);
  char bits[32];
  snprintf(bits, sizeof bits, "%llu", fixed);
  assert_int_equal(tu_count(ir, bits), 4);
  LLVMDisposeMessage(ir);
  for (LLVMValueRef fn = LLVMGetFirstFunction(flyc_ctx_module(ctx)); fn;
       fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (LLVMIsACallInst(in) && LLVMIsAInlineAsm(LLVMGetCalledValue(in)))
          assert_non_null(LLVMGetCallSiteEnumAttribute(
              in, LLVMAttributeFunctionIndex, LLVMGetEnumAttributeKindForName("convergent", 10)));
  char *s = tu_ctx_text(ctx);
  assert_int_equal(tu_count(s, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"), 2);
  assert_int_equal(tu_count(s, "wgmma.fence.sync.aligned;"), 1);
  assert_int_equal(tu_count(s, "wgmma.commit_group.sync.aligned;"), 1);
  assert_int_equal(tu_count(s, "wgmma.wait_group.sync.aligned 0;"), 1);
  assert_int_equal(tu_count(s, "fence.proxy.async.shared::cta;"), 1);
  /* The order the PTX ISA asks for. */
  assert_true(strstr(s, "fence.proxy.async") < strstr(s, "bar.sync") &&
              strstr(s, "bar.sync") < strstr(s, "wgmma.fence") &&
              strstr(s, "wgmma.fence") < strstr(s, "wgmma.mma_async") &&
              strstr(s, "wgmma.commit_group") < strstr(s, "wgmma.wait_group"));
  /* The accumulator's float pairs: 16 64-bit stores. */
  assert_int_equal(tu_count(s, "st.global.v2.f32") + tu_count(s, "st.global.v2.b32"), 16);
  const char *as = tu_ptxas();
  if (!as) {
    print_message("no ptxas here: the wgmma PTX is not assembled\n");
  } else {
    char *path = tu_temp_file(".ptx", s, strlen(s)), *out = NULL;
    char *argv[] = {(char *)as, (char *)"-arch=sm_90a", path, (char *)"-o", (char *)"/dev/null",
                    NULL};
    int rc = tu_run(argv, &out);
    if (rc != 0 || (out && strstr(out, "serialized")))
      print_error("ptxas: %s\n%s\n", out ? out : "", s);
    assert_int_equal(rc, 0);
    assert_null(out && strstr(out, "serialized") ? out : NULL);
    free(out);
    unlink(path);
    free(path);
  }
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_wgmma__other_processors_are_refused_by_name),
      cmocka_unit_test(test_wgmma__errors_name_the_culprit),
      cmocka_unit_test(test_wgmma__offsets_are_the_ptx_128_byte_swizzle),
      cmocka_unit_test(test_wgmma__accumulators_are_the_documented_layout),
      cmocka_unit_test(test_wgmma__emits_the_warpgroup_instructions),
      cmocka_unit_test(test_wgmma__accumulators_read_before_the_wait_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Matrix-unit tiles and asynchronous copies of flyc/builder.h: every error
 * (exact codes, the culprit named), the fragment types and layouts of each
 * matrix unit, and the instructions selected: mma.sync m16n8k16 on sm_90
 * (sm_80 on LLVM 15), v_mfma_f32_16x16x16_f16 on gfx942 (gfx90a on LLVM
 * 15), v_wmma_f32_16x16x16_f16 on gfx1100 (LLVM 16+), cp.async on sm_80+
 * and a copy through registers elsewhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "flyc/kernel.h"
#include "util.h"

typedef void (*probe_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args);

static int probe_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  ((probe_fn *)payload)[0](kb, b, args);
  LLVMBuildRetVoid(b);
  return 0;
}

/* Params: a global f16 tile, a global f32 tile, an i32, a shared tile. */
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
    p.align = i == 2 ? 0 : 16;
    ps[i] = p;
  }
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "probe";
  d.params = ps;
  d.param_count = 4;
  d.body = probe_body;
  d.payload = &slot;
  int rc = flyc_kernel_emit(ctx, &d, NULL);
  if (ctx_out && rc == FLYC_OK)
    *ctx_out = ctx;
  else
    flyc_ctx_destroy(ctx);
  return rc;
}

static const char *amd(void) { return FLYC_TEST_LLVM_MAJOR >= 19 ? "gfx942" : "gfx90a"; }
static const char *nv(void) { return FLYC_TEST_LLVM_MAJOR >= 16 ? "sm_90" : "sm_80"; }

static LLVMValueRef i32c(flyc_kernel_builder_t *kb, unsigned v) {
  return LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), v, 0);
}

static void assert_has(const char *text, const char *what, const char *target) {
  if (!strstr(text, what)) {
    print_message("%s:\n%s\n", target, text);
    fail_msg("%s: no '%s'", target, what);
  }
}

/* ---- errors ---- */

static void unsupported(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  /* A stand-in type (eight halves), so that a body building on it goes on;
   * the emit fails with this error. */
  LLVMTypeRef t = flyc_kb_mma_type(kb, FLYC_MMA_A);
  assert_true(t && LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 8);
}

static void test_matrix__unsupported_processors_are_named(void **state) {
  (void)state;
  assert_error(emit_probe("sm_75", unsupported, NULL), FLYC_EUNSUPPORTED, "flyc_kb_mma_type",
               "sm_75", "needs sm_80 or newer");
  assert_error(emit_probe("gfx1030", unsupported, NULL), FLYC_EUNSUPPORTED, "gfx1030",
               "no matrix unit");
  assert_error(emit_probe("gfx906", unsupported, NULL), FLYC_EUNSUPPORTED, "gfx906",
               "no matrix unit");
  if (FLYC_TEST_LLVM_MAJOR >= 19)
    assert_error(emit_probe("gfx1200", unsupported, NULL), FLYC_EUNSUPPORTED, "gfx1200",
                 "gfx12's WMMA");
  else
    assert_error(emit_probe("gfx1100", unsupported, NULL), FLYC_EUNSUPPORTED, "gfx1100",
                 "LLVM 16 or newer");
  assert_null(flyc_kb_mma_type(NULL, FLYC_MMA_A));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_mma_type", "outside a kernel");
}

static void errors(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef ld = i32c(kb, 64);
  assert_non_null(flyc_kb_mma_type(kb, (flyc_mma_operand_t)7)); /* a stand-in */
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "operand 7 is not FLYC_MMA_A");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_A, args[0], i32c(kb, 8), FLYC_MMA_ROW_MAJOR, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_mma_load", "ld 8 is below");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_A, args[0], i32c(kb, 20), FLYC_MMA_ROW_MAJOR, 16));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "ld 20 elements (40 bytes)",
               "alignment 16");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_A, args[0], ld, FLYC_MMA_ROW_MAJOR, 3));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "alignment 3 is not a power of two");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_ACC, args[1], ld, FLYC_MMA_ROW_MAJOR, 2));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "alignment 2", "element's 4 bytes");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_A, args[0], ld, (flyc_mma_layout_t)0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "layout 0 is not FLYC_MMA_ROW_MAJOR");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_A, args[2], ld, FLYC_MMA_ROW_MAJOR, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "base must be a pointer");
  LLVMValueRef l16 = LLVMConstInt(LLVMInt16TypeInContext(lc), 64, 0);
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_A, args[0], l16, FLYC_MMA_ROW_MAJOR, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "ld must be an i32 or i64");
  assert_poison(flyc_kb_mma_load(kb, FLYC_MMA_B, NULL, ld, FLYC_MMA_ROW_MAJOR, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "base is NULL");
  /* An A fragment where B's is due, and where the accumulator is. */
  LLVMValueRef a = flyc_kb_mma_load(kb, FLYC_MMA_A, args[0], ld, FLYC_MMA_ROW_MAJOR, 0);
  LLVMValueRef acc = LLVMConstNull(flyc_kb_mma_type(kb, FLYC_MMA_ACC));
  assert_non_null(a);
  if (flyc_kb_target_family(kb) == FLYC_TARGET_NVPTX) {
    /* On NVPTX A and B are both <8 x half>: the accumulator is not. */
    assert_poison(flyc_kb_mma(kb, a, a, a));
    assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_mma: acc is <8 x half>",
                 "accumulator fragment type <8 x float>", "sm_");
  } else {
    assert_poison(flyc_kb_mma(kb, acc, a, acc));
    assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_mma: a is <4 x float>",
                 "A fragment type <4 x half>");
  }
  assert_error(flyc_kb_mma_store(kb, a, args[1], ld, FLYC_MMA_ROW_MAJOR, 0), FLYC_EINVAL,
               "flyc_kb_mma_store: acc is", "accumulator fragment type");
  LLVMValueRef r, c;
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(acc));
  char past[64];
  snprintf(past, sizeof past, "element %u is past the %u", n, n);
  assert_error(flyc_kb_mma_coord(kb, FLYC_MMA_ACC, n, &r, &c), FLYC_EINVAL, past);
  assert_null(r);
  assert_error(flyc_kb_async_copy(kb, args[0], args[1], 16), FLYC_EINVAL, "flyc_kb_async_copy",
               "dst must be a pointer to shared memory");
  assert_error(flyc_kb_async_copy(kb, args[3], args[3], 16), FLYC_EINVAL, "src must be");
  assert_error(flyc_kb_async_copy(kb, args[3], args[0], 12), FLYC_EINVAL,
               "bytes must be 4, 8 or 16");
}

static void test_matrix__errors_name_the_culprit(void **state) {
  (void)state;
  /* The emit's status and message are the first error's. */
  assert_error(emit_probe(amd(), errors, NULL), FLYC_EINVAL, "operand 7 is not FLYC_MMA_A");
  assert_error(emit_probe(nv(), errors, NULL), FLYC_EINVAL, "operand 7 is not FLYC_MMA_A");
  assert_error(flyc_kb_async_copy(NULL, NULL, NULL, 4), FLYC_EINVAL, "outside a kernel");
  assert_error(flyc_kb_mma_store(NULL, NULL, NULL, NULL, FLYC_MMA_ROW_MAJOR, 0), FLYC_EINVAL,
               "outside a kernel");
}

/* ---- fragment layouts ---- */

/* The layouts as builder.h documents them (the PTX ISA's mma.m16n8k16
 * fragments; AMD's matrix instruction calculator for the MFMA; GPUOpen's
 * gfx11 WMMA guide), written as formulas: the tables flyc lowers from must
 * give the same (row, col) for every lane and element. */
static void documented(int unit, flyc_mma_operand_t op, unsigned lane, unsigned i, unsigned *r,
                       unsigned *c) {
  unsigned g = lane >> 2, t = lane & 3;
  switch (unit) {
  case 0: /* MFMA, wave64 */
    if (op == FLYC_MMA_A)
      *r = lane % 16, *c = 4 * (lane / 16) + i;
    else
      *r = 4 * (lane / 16) + i, *c = lane % 16; /* B[k][n], D[m][n] */
    return;
  case 1: /* NVPTX */
    if (op == FLYC_MMA_B)
      *r = 2 * t + (i & 1) + 8 * ((i >> 1) & 1), *c = g + 8 * (i >> 2);
    else
      *r = g + 8 * ((i >> 1) & 1), *c = 2 * t + (i & 1) + 8 * (i >> 2);
    return;
  default: /* gfx11 WMMA, wave32 */
    if (op == FLYC_MMA_A)
      *r = lane % 16, *c = i;
    else if (op == FLYC_MMA_B)
      *r = i, *c = lane % 16;
    else
      *r = 2 * i + lane / 16, *c = lane % 16;
  }
}

static flyc_mma_operand_t cov_op;
static unsigned cov_n, cov_wave;

/* Stores row * 16 + col of element i to args[1][i]. */
static void coords(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMTypeRef t = flyc_kb_mma_type(kb, cov_op);
  assert_non_null(t);
  cov_n = LLVMGetVectorSize(t);
  cov_wave = flyc_kb_target_wave_size(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  for (unsigned i = 0; i < cov_n; i++) {
    LLVMValueRef r, c, off = i32c(kb, i);
    assert_ok(flyc_kb_mma_coord(kb, cov_op, i, &r, &c));
    LLVMValueRef rc = LLVMBuildAdd(b, LLVMBuildMul(b, r, i32c(kb, 16), ""), c, "");
    LLVMBuildStore(b, rc, LLVMBuildGEP2(b, i32, args[1], &off, 1, ""));
  }
}

/* Puts `lane` in for every lane-id call in `fn` (NVPTX's laneid; AMDGPU's
 * mbcnt.hi on a wave64, else mbcnt.lo). */
static void set_lane(LLVMValueRef fn, unsigned lane) {
  for (int pass = 0; pass < 2; pass++) {
    int found = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (!LLVMIsACallInst(in))
          continue;
        size_t len;
        const char *n = LLVMGetValueName2(LLVMGetCalledValue(in), &len);
        if (strstr(n, pass ? "sreg.laneid" : "mbcnt.hi") ||
            (pass && strstr(n, "mbcnt.lo") && LLVMGetFirstUse(in))) {
          LLVMReplaceAllUsesWith(in, LLVMConstInt(LLVMTypeOf(in), lane, 0));
          found = 1;
        }
      }
    if (found)
      return;
  }
  fail_msg("no lane id call");
}

/* Every lane's (row, col) of every element, by putting the lane in as a
 * constant and folding: each must be the documented one, and together they
 * cover the 16 x 16 tile once (gfx11's A and B twice: lanes 16-31 repeat). */
static void check_unit(int unit, const char *target, flyc_mma_operand_t op) {
  int seen[256] = {0};
  for (unsigned lane = 0; lane < 64; lane++) {
    cov_op = op;
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(target, coords, &ctx));
    if (lane >= cov_wave) {
      flyc_ctx_destroy(ctx);
      break;
    }
    LLVMModuleRef m = flyc_ctx_module(ctx);
    LLVMValueRef fn = LLVMGetFirstFunction(m);
    while (fn && !LLVMGetFirstBasicBlock(fn))
      fn = LLVMGetNextFunction(fn);
    set_lane(fn, lane);
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    assert_null(LLVMRunPasses(m, "instsimplify", NULL, o));
    LLVMDisposePassBuilderOptions(o);
    unsigned i = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (!LLVMIsAStoreInst(in))
          continue;
        LLVMValueRef v = LLVMGetOperand(in, 0);
        if (!LLVMIsAConstantInt(v)) {
          char *txt = LLVMPrintValueToString(fn);
          print_message("%s\n", txt);
          LLVMDisposeMessage(txt);
        }
        assert_non_null(LLVMIsAConstantInt(v));
        unsigned got = (unsigned)LLVMConstIntGetZExtValue(v), r, c;
        documented(unit, op, lane, i, &r, &c);
        if (got != r * 16 + c)
          fail_msg("%s operand %d lane %u element %u: (%u, %u), documented (%u, %u)", target,
                   (int)op, lane, i, got / 16, got % 16, r, c);
        seen[got]++;
        i++;
      }
    assert_int_equal(i, cov_n);
    flyc_ctx_destroy(ctx);
  }
  int twice = unit == 2 && op != FLYC_MMA_ACC;
  for (int k = 0; k < 256; k++)
    if (seen[k] != 1 + twice)
      fail_msg("%s operand %d: (%d, %d) held %d times", target, (int)op, k / 16, k % 16,
               seen[k]);
}

static void test_matrix__fragments_are_the_documented_layouts(void **state) {
  (void)state;
  for (int op = FLYC_MMA_A; op <= FLYC_MMA_ACC; op++) {
    check_unit(0, amd(), (flyc_mma_operand_t)op);
    check_unit(1, nv(), (flyc_mma_operand_t)op);
    if (FLYC_TEST_LLVM_MAJOR >= 16)
      check_unit(2, "gfx1100", (flyc_mma_operand_t)op);
  }
}

/* ---- loads from shared memory by ldmatrix (NVPTX) ---- */

static flyc_mma_operand_t rows_op;
static flyc_mma_layout_t rows_layout;

/* A or B from the shared tile (ld 64, 16-byte rows), into the f16 tile. */
static void rows_load(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef f = flyc_kb_mma_load(kb, rows_op, args[3], i32c(kb, 64), rows_layout, 16);
  assert_non_null(f);
  LLVMSetAlignment(LLVMBuildStore(b, f, args[0]), 16);
}

/* The ldmatrix call's element offset from the shared tile, with `lane` put
 * in; *trans from the intrinsic's name. */
static unsigned rows_address(unsigned lane, int *trans) {
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(nv(), rows_load, &ctx));
  LLVMModuleRef m = flyc_ctx_module(ctx);
  LLVMValueRef fn = LLVMGetNamedFunction(m, "probe");
  assert_non_null(fn);
  set_lane(fn, lane);
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  assert_null(LLVMRunPasses(m, "instsimplify", NULL, o));
  LLVMDisposePassBuilderOptions(o);
  LLVMValueRef call = NULL;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      size_t len;
      if (LLVMIsACallInst(in) &&
          strstr(LLVMGetValueName2(LLVMGetCalledValue(in), &len), "ldmatrix")) {
        assert_null(call); /* one load the fragment */
        call = in;
      }
    }
  assert_non_null(call);
  size_t len;
  *trans = strstr(LLVMGetValueName2(LLVMGetCalledValue(call), &len), ".trans.") != NULL;
  LLVMValueRef p = LLVMGetOperand(call, 0), idx;
  unsigned off = 0;
  if (p != LLVMGetParam(fn, 3)) { /* lane 0's is the tile itself */
    assert_int_equal(LLVMGetNumOperands(p), 2);
    assert_ptr_equal(LLVMGetOperand(p, 0), LLVMGetParam(fn, 3));
    idx = LLVMGetOperand(p, 1);
    assert_non_null(LLVMIsAConstantInt(idx));
    off = (unsigned)LLVMConstIntGetZExtValue(idx);
  }
  flyc_ctx_destroy(ctx);
  return off;
}

/* Every lane's address, then ldmatrix's rule (PTX ISA, "Warp-level matrix
 * load instruction: ldmatrix"): lanes 8j..8j+7 give matrix j's rows; lane L
 * gets register j = the pair at row L >> 2, columns 2 (L & 3) and + 1, or
 * with .trans rows 2 (L & 3) and + 1 at column L >> 2. Each element so got
 * must sit where the mma fragment's documented layout puts it. */
static void check_rows(flyc_mma_operand_t op, flyc_mma_layout_t layout) {
  rows_op = op;
  rows_layout = layout;
  unsigned addr[32];
  int trans = -1, seen[256] = {0};
  for (unsigned lane = 0; lane < 32; lane++) {
    int t;
    addr[lane] = rows_address(lane, &t);
    assert_true(trans < 0 || t == trans);
    trans = t;
    assert_int_equal(addr[lane] % 8, 0); /* 16-byte rows */
  }
  assert_int_equal(trans, (op == FLYC_MMA_A) == (layout == FLYC_MMA_COL_MAJOR));
  for (unsigned lane = 0; lane < 32; lane++)
    for (unsigned i = 0; i < 8; i++) {
      unsigned j = i / 2, p = i % 2, r, c;
      unsigned e = trans ? addr[8 * j + 2 * (lane & 3) + p] + (lane >> 2)
                         : addr[8 * j + (lane >> 2)] + 2 * (lane & 3) + p;
      unsigned major = e / 64, minor = e % 64;
      unsigned row = layout == FLYC_MMA_ROW_MAJOR ? major : minor;
      unsigned col = layout == FLYC_MMA_ROW_MAJOR ? minor : major;
      documented(1, op, lane, i, &r, &c);
      if (row != r || col != c)
        fail_msg("operand %d layout %d lane %u element %u: ldmatrix gives (%u, %u), the "
                 "fragment is (%u, %u)", (int)op, (int)layout, lane, i, row, col, r, c);
      seen[row * 16 + col]++;
    }
  for (int k = 0; k < 256; k++)
    assert_int_equal(seen[k], 1);
}

static void test_matrix__shared_loads_are_ldmatrix_in_the_fragment_layout(void **state) {
  (void)state;
  for (int op = FLYC_MMA_A; op <= FLYC_MMA_B; op++)
    for (int layout = FLYC_MMA_ROW_MAJOR; layout <= FLYC_MMA_COL_MAJOR; layout++)
      check_rows((flyc_mma_operand_t)op, (flyc_mma_layout_t)layout);
}

/* ---- selected instructions ---- */

/* A from the shared tile (row-major, ld 64, 16-byte rows), B from the
 * global f16 tile (column-major), acc from the f32 tile; D back there. */
static void tile(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMValueRef ld = i32c(kb, 64);
  LLVMValueRef a = flyc_kb_mma_load(kb, FLYC_MMA_A, args[3], ld, FLYC_MMA_ROW_MAJOR, 16);
  LLVMValueRef bf = flyc_kb_mma_load(kb, FLYC_MMA_B, args[0], ld, FLYC_MMA_COL_MAJOR, 16);
  LLVMValueRef acc = flyc_kb_mma_load(kb, FLYC_MMA_ACC, args[1], ld, FLYC_MMA_ROW_MAJOR, 16);
  assert_non_null(a);
  assert_non_null(bf);
  assert_non_null(acc);
  LLVMValueRef d = flyc_kb_mma(kb, a, bf, acc);
  assert_non_null(d);
  assert_ok(flyc_kb_mma_store(kb, d, args[1], ld, FLYC_MMA_ROW_MAJOR, 16));
}

static void test_matrix__mma_selects_the_matrix_unit(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(nv(), tile, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_int_equal(tu_count(s, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"), 2);
  /* A from shared memory, rows 16-byte aligned: one ldmatrix, no other
   * shared load. */
  assert_int_equal(tu_count(s, "ldmatrix.sync.aligned.m8n8.x4.shared.b16"), 1);
  assert_int_equal(tu_count(s, "ld.shared."), 0);
  /* The accumulator's float pairs: 64-bit stores. */
  assert_int_equal(tu_count(s, "st.global.v2.f32") + tu_count(s, "st.global.v2.b32"), 4);
  free(s);
  assert_ok(emit_probe(amd(), tile, &ctx));
  s = tu_ctx_text(ctx);
  assert_int_equal(tu_count(s, "v_mfma_f32_16x16x16"), 1);
  assert_has(s, "ds_read_b64", amd()); /* A's four halves: one 8-byte LDS read */
  free(s);
  if (FLYC_TEST_LLVM_MAJOR >= 16) {
    assert_ok(emit_probe("gfx1100", tile, &ctx));
    s = tu_ctx_text(ctx);
    assert_int_equal(tu_count(s, "v_wmma_f32_16x16x16_f16"), 1);
    free(s);
  }
}

/* A from the shared tile with rows only 4-byte aligned: no ldmatrix. */
static void tile_align4(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef a = flyc_kb_mma_load(kb, FLYC_MMA_A, args[3], i32c(kb, 66), FLYC_MMA_ROW_MAJOR, 4);
  assert_non_null(a);
  LLVMSetAlignment(LLVMBuildStore(b, a, args[0]), 16);
}

static void test_matrix__shared_loads_below_16_byte_rows_are_pairs(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(nv(), tile_align4, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_int_equal(tu_count(s, "ldmatrix"), 0);
  assert_int_equal(tu_count(s, "ld.shared.b32") + tu_count(s, "ld.shared.u32"), 4);
  assert_int_equal(tu_count(s, "ld.shared.b16") + tu_count(s, "ld.shared.u16"), 0);
  free(s);
}

static void copies(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  assert_ok(flyc_kb_async_copy(kb, args[3], args[0], 16));
  assert_ok(flyc_kb_async_copy(kb, args[3], args[0], 4));
  assert_ok(flyc_kb_async_commit(kb));
  assert_ok(flyc_kb_async_wait(kb, 1));
  assert_ok(flyc_kb_barrier(kb));
  /* Read back what landed, so nothing is dead. */
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMBuildStore(b, LLVMBuildLoad2(b, i32, args[3], ""), args[1]);
}

static void test_matrix__async_copies(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(nv(), copies, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_has(s, "cp.async.cg.shared.global", nv());
  assert_has(s, "cp.async.ca.shared.global", nv());
  assert_has(s, "cp.async.commit_group", nv());
  assert_has(s, "cp.async.wait_group", nv());
  free(s);
  /* Before sm_80 (and on AMDGPU) the copy goes through registers. */
  assert_ok(emit_probe("sm_75", copies, &ctx));
  s = tu_ctx_text(ctx);
  assert_null(strstr(s, "cp.async"));
  assert_has(s, "ld.global", "sm_75");
  assert_has(s, "st.shared", "sm_75");
  free(s);
  assert_ok(emit_probe(amd(), copies, &ctx));
  s = tu_ctx_text(ctx);
  /* A uniform address: one 128-bit scalar load; then a 128-bit LDS write. */
  assert_true(strstr(s, "s_load_dwordx4") || strstr(s, "global_load_dwordx4"));
  assert_has(s, "ds_write_b128", amd());
  free(s);
}

/* ---- another processor's matrix intrinsic, by name ---- */

static int which_intr; /* 0 MFMA, 1 WMMA */

static void raw_mma(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef h = LLVMHalfTypeInContext(lc), f = LLVMFloatTypeInContext(lc);
  LLVMValueRef r;
  if (!which_intr) {
    LLVMValueRef z = i32c(kb, 0), x[6] = {LLVMConstNull(LLVMVectorType(h, 4)),
                                         LLVMConstNull(LLVMVectorType(h, 4)),
                                         LLVMConstNull(LLVMVectorType(f, 4)), z, z, z};
    r = flyc_kb_intrinsic(kb, "llvm.amdgcn.mfma.f32.16x16x16f16", NULL, 0, x, 6);
  } else {
    LLVMTypeRef ts[2] = {LLVMVectorType(f, 8), LLVMVectorType(h, 16)};
    LLVMValueRef x[3] = {LLVMConstNull(ts[1]), LLVMConstNull(ts[1]), LLVMConstNull(ts[0])};
    r = flyc_kb_intrinsic(kb, "llvm.amdgcn.wmma.f32.16x16x16.f16", ts, 2, x, 3);
  }
  assert_non_null(r);
  LLVMBuildStore(b, r, args[1]);
}

/* LLVM aborts ("Cannot select") on a matrix intrinsic the processor lacks:
 * the compile refuses it by name, in process, instead. */
static void test_matrix__foreign_matrix_intrinsics_are_refused(void **state) {
  (void)state;
  for (which_intr = 0; which_intr < (FLYC_TEST_LLVM_MAJOR >= 18 ? 2 : 1); which_intr++) {
    const char *target = which_intr ? amd() : "gfx1030";
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(target, raw_mma, &ctx));
    flyc_artifact_t *a = NULL;
    assert_error(flyc_ctx_compile(ctx, NULL, &a), FLYC_EIR,
                 which_intr ? "llvm.amdgcn.wmma" : "llvm.amdgcn.mfma", "function 'probe'",
                 which_intr ? "WMMA" : "MFMA", target);
    assert_null(a);
    flyc_ctx_destroy(ctx);
  }
  /* The processors that have it compile it. */
  which_intr = 0;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit_probe(amd(), raw_mma, &ctx));
  char *s = tu_ctx_text(ctx);
  assert_int_equal(tu_count(s, "v_mfma_f32_16x16x16"), 1);
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_matrix__unsupported_processors_are_named),
      cmocka_unit_test(test_matrix__errors_name_the_culprit),
      cmocka_unit_test(test_matrix__fragments_are_the_documented_layouts),
      cmocka_unit_test(test_matrix__shared_loads_are_ldmatrix_in_the_fragment_layout),
      cmocka_unit_test(test_matrix__mma_selects_the_matrix_unit),
      cmocka_unit_test(test_matrix__shared_loads_below_16_byte_rows_are_pairs),
      cmocka_unit_test(test_matrix__async_copies),
      cmocka_unit_test(test_matrix__foreign_matrix_intrinsics_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

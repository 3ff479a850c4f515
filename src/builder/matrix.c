/* Matrix-unit tiles and asynchronous copies of flyc/builder.h: the
 * fragments' loads and stores, made here from the target's fragment table
 * (target/builder_ops.h), the operation and the copies the target's own. */
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

/* The processor's unit, or NULL with FLYC_EUNSUPPORTED recorded. */
static const flyc__mma_unit_t *unit_of(flyc_kernel_builder_t *kb, const char *what) {
  const char *why = "the target has no matrix-unit lowering";
  const flyc__mma_unit_t *u =
      kb->ctx->bops->mma_unit ? kb->ctx->bops->mma_unit(&kb->ctx->target, &why) : NULL;
  if (!u)
    fail(kb, flyc__error_set(FLYC_EUNSUPPORTED, "%s: %s: %s", what, kb->ctx->target.id, why));
  return u;
}

/* The fragment table of `operand`, or NULL for a bad one. */
static const flyc__mma_frag_t *frag_for(const flyc__mma_unit_t *u, flyc_mma_operand_t operand) {
  switch (operand) {
  case FLYC_MMA_A: return &u->a;
  case FLYC_MMA_B: return &u->b;
  case FLYC_MMA_ACC: return &u->acc;
  }
  return NULL;
}

/* The fragment table of `operand`, or NULL with FLYC_EINVAL recorded. */
static const flyc__mma_frag_t *frag_of(flyc_kernel_builder_t *kb, const flyc__mma_unit_t *u,
                                       flyc_mma_operand_t operand, const char *what) {
  const flyc__mma_frag_t *f = frag_for(u, operand);
  if (f)
    return f;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: operand %d is not FLYC_MMA_A, FLYC_MMA_B or "
                                        "FLYC_MMA_ACC", what, (int)operand));
  return NULL;
}

static LLVMTypeRef frag_type(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand,
                             const flyc__mma_frag_t *f) {
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef et = operand == FLYC_MMA_ACC ? LLVMFloatTypeInContext(lc) : LLVMHalfTypeInContext(lc);
  return LLVMVectorType(et, f->n);
}

/* The type a failed matrix helper stands in with: eight halves (A, B) or
 * floats (the accumulator, and a bad operand), NVPTX's fragments; NULL
 * outside a body. */
static LLVMTypeRef placeholder(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand) {
  if (!kb || !kb->b)
    return NULL;
  LLVMContextRef lc = kb->ctx->llctx;
  int half = operand == FLYC_MMA_A || operand == FLYC_MMA_B;
  return LLVMVectorType(half ? LLVMHalfTypeInContext(lc) : LLVMFloatTypeInContext(lc), 8);
}

/* The fragment type a matrix helper of `operand` returns, looked up
 * without recording an error: the unit's, or the placeholder. */
static LLVMTypeRef expected_frag(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand) {
  if (!kb || !kb->b)
    return NULL;
  const char *why = "";
  const flyc__mma_unit_t *u =
      kb->ctx->bops->mma_unit ? kb->ctx->bops->mma_unit(&kb->ctx->target, &why) : NULL;
  const flyc__mma_frag_t *f = u ? frag_for(u, operand) : NULL;
  return f ? frag_type(kb, operand, f) : placeholder(kb, operand);
}

LLVMTypeRef flyc_kb_mma_type(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand) {
  const char *what = "flyc_kb_mma_type";
  if (!helper_ok(kb, 0, what))
    return NULL;
  const flyc__mma_unit_t *u = unit_of(kb, what);
  const flyc__mma_frag_t *f = u ? frag_of(kb, u, operand, what) : NULL;
  return f ? frag_type(kb, operand, f) : placeholder(kb, operand);
}

/* The lane's own row and column terms, as i32 values. */
static void lane_terms(flyc_kernel_builder_t *kb, const flyc__mma_frag_t *f, LLVMValueRef lane,
                       LLVMValueRef *row, LLVMValueRef *col) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  unsigned sh[2] = {f->row_shift, f->col_shift}, mask[2] = {f->row_mask, f->col_mask};
  unsigned mul[2] = {f->row_mul, f->col_mul};
  LLVMValueRef *out[2] = {row, col};
  for (int d = 0; d < 2; d++) {
    if (!mask[d] || !mul[d]) {
      *out[d] = LLVMConstInt(i32, 0, 0);
      continue;
    }
    LLVMValueRef v = sh[d] ? LLVMBuildLShr(kb->b, lane, LLVMConstInt(i32, sh[d], 0), "") : lane;
    v = LLVMBuildAnd(kb->b, v, LLVMConstInt(i32, mask[d], 0), "");
    *out[d] = mul[d] > 1 ? LLVMBuildNUWMul(kb->b, v, LLVMConstInt(i32, mul[d], 0), "") : v;
  }
}

int flyc_kb_mma_coord(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand, unsigned i,
                      LLVMValueRef *row, LLVMValueRef *col) {
  const char *what = "flyc_kb_mma_coord";
  if (row)
    *row = NULL;
  if (col)
    *col = NULL;
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  const flyc__mma_unit_t *u = unit_of(kb, what);
  const flyc__mma_frag_t *f = u ? frag_of(kb, u, operand, what) : NULL;
  if (!f)
    return kb->rc;
  if (!row || !col || i >= f->n) {
    fail(kb, flyc__error_set(FLYC_EINVAL, !row || !col ? "%s: row and col are required"
                                                       : "%s: element %u is past the %u of a "
                                                         "lane's fragment on %s", what, i, f->n,
                             kb->ctx->target.id));
    return kb->rc;
  }
  LLVMValueRef lane = flyc_kb_lane_id(kb), r, c;
  if (!lane)
    return kb->rc ? kb->rc : FLYC_EINVAL;
  lane_terms(kb, f, lane, &r, &c);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  *row = LLVMBuildNUWAdd(kb->b, r, LLVMConstInt(i32, f->row[i], 0), "mma.row");
  *col = LLVMBuildNUWAdd(kb->b, c, LLVMConstInt(i32, f->col[i], 0), "mma.col");
  return FLYC_OK;
}

/* A tile access's arguments, checked: the fragment, types and alignment. */
typedef struct tile {
  const flyc__mma_unit_t *u;
  const flyc__mma_frag_t *f;
  LLVMTypeRef et, it; /* element type, ld's (index) type */
  unsigned esize, align;
  int colmajor;
} tile_t;

static int tile_check(flyc_kernel_builder_t *kb, const char *what, flyc_mma_operand_t operand,
                      LLVMValueRef base, LLVMValueRef ld, flyc_mma_layout_t layout,
                      unsigned align, tile_t *t) {
  const flyc__mma_unit_t *u = unit_of(kb, what);
  t->u = u;
  t->f = u ? frag_of(kb, u, operand, what) : NULL;
  if (!t->f || !value_ok(kb, base, what, "base") || !value_ok(kb, ld, what, "ld"))
    return 0;
  LLVMContextRef lc = kb->ctx->llctx;
  t->et = operand == FLYC_MMA_ACC ? LLVMFloatTypeInContext(lc) : LLVMHalfTypeInContext(lc);
  t->esize = operand == FLYC_MMA_ACC ? 4 : 2;
  t->it = LLVMTypeOf(ld);
  LLVMTypeRef pt = LLVMTypeOf(base);
  unsigned as = LLVMGetTypeKind(pt) == LLVMPointerTypeKind ? LLVMGetPointerAddressSpace(pt) : 99;
  unsigned iw = LLVMGetTypeKind(t->it) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t->it) : 0;
  char why[200] = "";
  if (as != 0 && as != 1 && as != 3)
    snprintf(why, sizeof why, "base must be a pointer in address space 0, 1 or 3 (generic, "
                              "global, shared)");
  else if (iw != 32 && iw != 64)
    snprintf(why, sizeof why, "ld must be an i32 or i64 (elements from one row, or column, to "
                              "the next)");
  else if (layout != FLYC_MMA_ROW_MAJOR && layout != FLYC_MMA_COL_MAJOR)
    snprintf(why, sizeof why, "layout %d is not FLYC_MMA_ROW_MAJOR or FLYC_MMA_COL_MAJOR",
             (int)layout);
  else if (align & (align - 1) || align > 65536 || (align && align < t->esize))
    snprintf(why, sizeof why, "alignment %u is not a power of two from the element's %u bytes "
                              "to 65536, or 0", align, t->esize);
  else if (LLVMIsAConstantInt(ld)) {
    long long v = LLVMConstIntGetSExtValue(ld);
    if (v < 16)
      snprintf(why, sizeof why, "ld %lld is below the tile's 16 elements", v);
    else if (align && (unsigned long long)v * t->esize % align)
      snprintf(why, sizeof why, "ld %lld elements (%llu bytes) is not a multiple of the "
                                "alignment %u that every row or column start is promised",
               v, (unsigned long long)v * t->esize, align);
  }
  if (*why) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, why));
    return 0;
  }
  t->align = align ? align : t->esize;
  t->colmajor = layout == FLYC_MMA_COL_MAJOR;
  return 1;
}

/* Elements from `i` that sit side by side in memory and one access may
 * take: a power of two up to 16 bytes and the alignment, starting at an
 * offset that many elements aligned in the lane's own term too. */
static unsigned group_at(const tile_t *t, unsigned i) {
  const flyc__mma_frag_t *f = t->f;
  const uint8_t *run = t->colmajor ? f->row : f->col, *other = t->colmajor ? f->col : f->row;
  unsigned lane_mul = t->colmajor ? (f->row_mask ? f->row_mul : 0)
                                  : (f->col_mask ? f->col_mul : 0);
  unsigned g = 1;
  while (2 * g * t->esize <= 16 && 2 * g * t->esize <= t->align && i + 2 * g <= f->n &&
         run[i] % (2 * g) == 0 && lane_mul % (2 * g) == 0) {
    unsigned k = i + 1;
    while (k < i + 2 * g && run[k] == run[i] + (k - i) && other[k] == other[i])
      k++;
    if (k < i + 2 * g)
      break;
    g *= 2;
  }
  return g;
}

/* The address of element `i`: base + lane term + the element's offset. */
static LLVMValueRef elem_ptr(flyc_kernel_builder_t *kb, const tile_t *t, LLVMValueRef base,
                             LLVMValueRef ld, LLVMValueRef lane_off, unsigned i) {
  unsigned major = t->colmajor ? t->f->col[i] : t->f->row[i];
  unsigned minor = t->colmajor ? t->f->row[i] : t->f->col[i];
  LLVMValueRef off = LLVMBuildNSWAdd(kb->b, LLVMBuildNSWMul(kb->b, ld, LLVMConstInt(t->it, major,
                                                                                      0), ""),
                                     LLVMConstInt(t->it, minor, 0), "");
  off = LLVMBuildNSWAdd(kb->b, lane_off, off, "");
  return LLVMBuildInBoundsGEP2(kb->b, t->et, base, &off, 1, "");
}

/* The lane's offset in elements: major term * ld + minor term. */
static LLVMValueRef lane_offset(flyc_kernel_builder_t *kb, const tile_t *t, LLVMValueRef ld) {
  LLVMValueRef lane = flyc_kb_lane_id(kb), r, c;
  if (!lane)
    return NULL;
  lane_terms(kb, t->f, lane, &r, &c);
  LLVMValueRef major = LLVMBuildZExt(kb->b, t->colmajor ? c : r, t->it, "");
  LLVMValueRef minor = LLVMBuildZExt(kb->b, t->colmajor ? r : c, t->it, "");
  return LLVMBuildNSWAdd(kb->b, LLVMBuildNSWMul(kb->b, major, ld, ""), minor, "mma.lane");
}

/* Loads (`frag` NULL) or stores a lane's fragment, a group at a time. */
static LLVMValueRef tile_access(flyc_kernel_builder_t *kb, const tile_t *t, LLVMValueRef base,
                                LLVMValueRef ld, LLVMValueRef frag) {
  LLVMValueRef lane_off = lane_offset(kb, t, ld);
  if (!lane_off)
    return fail(kb, kb->rc ? kb->rc : FLYC_EINVAL);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx), vt = LLVMVectorType(t->et, t->f->n);
  LLVMValueRef out = frag ? frag : LLVMGetPoison(vt);
  for (unsigned i = 0; i < t->f->n;) {
    unsigned g = group_at(t, i);
    LLVMTypeRef at = g > 1 ? LLVMVectorType(t->et, g) : t->et;
    LLVMValueRef p = elem_ptr(kb, t, base, ld, lane_off, i), inst;
    if (frag) {
      LLVMValueRef v = LLVMGetPoison(at);
      for (unsigned k = 0; k < g; k++) {
        LLVMValueRef x = LLVMBuildExtractElement(kb->b, frag, LLVMConstInt(i32, i + k, 0), "");
        v = g > 1 ? LLVMBuildInsertElement(kb->b, v, x, LLVMConstInt(i32, k, 0), "") : x;
      }
      inst = LLVMBuildStore(kb->b, v, p);
    } else {
      inst = LLVMBuildLoad2(kb->b, at, p, "");
      for (unsigned k = 0; k < g; k++) {
        LLVMValueRef x = g > 1 ? LLVMBuildExtractElement(kb->b, inst, LLVMConstInt(i32, k, 0), "")
                               : inst;
        out = LLVMBuildInsertElement(kb->b, out, x, LLVMConstInt(i32, i + k, 0), "");
      }
    }
    LLVMSetAlignment(inst, g * t->esize < t->align ? g * t->esize : t->align);
    i += g;
  }
  return out;
}

/* An A or B fragment by the unit's one-instruction load from shared memory
 * (builder_ops.h, load_rows): this lane's pointer to the eight halves the
 * unit's lane pattern names. */
static LLVMValueRef tile_load_rows(flyc_kernel_builder_t *kb, const tile_t *t,
                                   flyc_mma_operand_t operand, LLVMValueRef base,
                                   LLVMValueRef ld) {
  LLVMValueRef lane = flyc_kb_lane_id(kb);
  if (!lane)
    return fail(kb, kb->rc ? kb->rc : FLYC_EINVAL);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  LLVMValueRef r = LLVMBuildAnd(kb->b, lane, LLVMConstInt(i32, 7, 0), "");
  LLVMValueRef j = LLVMBuildLShr(kb->b, lane, LLVMConstInt(i32, 3, 0), "");
  /* major: r + 8 * (j & 1) for row-major, r + 8 * (j >> 1) column-major;
   * minor the other half of j, times 8 (builder_ops.h). */
  LLVMValueRef jm = t->colmajor ? LLVMBuildLShr(kb->b, j, LLVMConstInt(i32, 1, 0), "")
                                : LLVMBuildAnd(kb->b, j, LLVMConstInt(i32, 1, 0), "");
  LLVMValueRef jn = t->colmajor ? LLVMBuildAnd(kb->b, j, LLVMConstInt(i32, 1, 0), "")
                                : LLVMBuildLShr(kb->b, j, LLVMConstInt(i32, 1, 0), "");
  LLVMValueRef major = LLVMBuildNUWAdd(kb->b, r, LLVMBuildShl(kb->b, jm, LLVMConstInt(i32, 3, 0),
                                                               ""), "");
  LLVMValueRef minor = LLVMBuildShl(kb->b, jn, LLVMConstInt(i32, 3, 0), "");
  LLVMValueRef off = LLVMBuildNSWAdd(kb->b, LLVMBuildNSWMul(kb->b, LLVMBuildZExt(kb->b, major,
                                                                               t->it, ""),
                                                          ld, ""),
                                     LLVMBuildZExt(kb->b, minor, t->it, ""), "mma.row");
  LLVMValueRef p = LLVMBuildInBoundsGEP2(kb->b, t->et, base, &off, 1, "");
  int trans = (operand == FLYC_MMA_A) == t->colmajor;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  LLVMValueRef v = t->u->load_rows(&e, p, trans);
  return v ? v : fail_lowering(kb);
}

static LLVMValueRef mma_load_impl(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand,
                                  LLVMValueRef base, LLVMValueRef ld, flyc_mma_layout_t layout,
                                  unsigned align) {
  const char *what = "flyc_kb_mma_load";
  tile_t t;
  if (!helper_ok(kb, 0, what) || !tile_check(kb, what, operand, base, ld, layout, align, &t))
    return NULL;
  /* From shared memory with every row start 16-byte aligned: one load the
   * wave where the unit has it (NVPTX: ldmatrix). */
  if (operand != FLYC_MMA_ACC && t.u->load_rows && t.align >= 16 &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(base)) == 3)
    return tile_load_rows(kb, &t, operand, base, ld);
  return tile_access(kb, &t, base, ld, NULL);
}

LLVMValueRef flyc_kb_mma_load(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand,
                              LLVMValueRef base, LLVMValueRef ld, flyc_mma_layout_t layout,
                              unsigned align) {
  return or_poison(kb, mma_load_impl(kb, operand, base, ld, layout, align),
                   expected_frag(kb, operand));
}

/* `v` is a fragment of `operand`'s type; else FLYC_EINVAL recorded. */
static int is_frag(flyc_kernel_builder_t *kb, const char *what, const char *arg, LLVMValueRef v,
                   flyc_mma_operand_t operand, const flyc__mma_frag_t *f) {
  if (!value_ok(kb, v, what, arg))
    return 0;
  LLVMTypeRef want = frag_type(kb, operand, f);
  if (LLVMTypeOf(v) == want)
    return 1;
  char *have = LLVMPrintTypeToString(LLVMTypeOf(v)), *w = LLVMPrintTypeToString(want);
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s is %s, not the %s fragment type %s on %s", what,
                           arg, have, operand == FLYC_MMA_A ? "A" : operand == FLYC_MMA_B ? "B"
                                                                                          : "accumulator",
                           w, kb->ctx->target.id));
  LLVMDisposeMessage(have);
  LLVMDisposeMessage(w);
  return 0;
}

int flyc_kb_mma_store(flyc_kernel_builder_t *kb, LLVMValueRef acc, LLVMValueRef base,
                      LLVMValueRef ld, flyc_mma_layout_t layout, unsigned align) {
  const char *what = "flyc_kb_mma_store";
  tile_t t;
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (!tile_check(kb, what, FLYC_MMA_ACC, base, ld, layout, align, &t) ||
      !is_frag(kb, what, "acc", acc, FLYC_MMA_ACC, t.f) || !tile_access(kb, &t, base, ld, acc))
    return kb->rc;
  return FLYC_OK;
}

static LLVMValueRef mma_impl(flyc_kernel_builder_t *kb, LLVMValueRef a, LLVMValueRef b,
                             LLVMValueRef acc) {
  const char *what = "flyc_kb_mma";
  if (!helper_ok(kb, 0, what))
    return NULL;
  const flyc__mma_unit_t *u = unit_of(kb, what);
  if (!u || !is_frag(kb, what, "a", a, FLYC_MMA_A, &u->a) ||
      !is_frag(kb, what, "b", b, FLYC_MMA_B, &u->b) ||
      !is_frag(kb, what, "acc", acc, FLYC_MMA_ACC, &u->acc))
    return NULL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  LLVMValueRef d = u->mma(&e, a, b, acc);
  return d ? d : fail_lowering(kb);
}

LLVMValueRef flyc_kb_mma(flyc_kernel_builder_t *kb, LLVMValueRef a, LLVMValueRef b,
                         LLVMValueRef acc) {
  return or_poison(kb, mma_impl(kb, a, b, acc), expected_frag(kb, FLYC_MMA_ACC));
}

/* ---- asynchronous copies ---- */

int flyc_kb_async_copy(flyc_kernel_builder_t *kb, LLVMValueRef dst, LLVMValueRef src,
                       unsigned bytes) {
  const char *what = "flyc_kb_async_copy";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (!value_ok(kb, dst, what, "dst") || !value_ok(kb, src, what, "src"))
    return kb->rc;
  LLVMTypeRef dt = LLVMTypeOf(dst), st = LLVMTypeOf(src);
  int dp = LLVMGetTypeKind(dt) == LLVMPointerTypeKind, sp = LLVMGetTypeKind(st) == LLVMPointerTypeKind;
  unsigned das = dp ? LLVMGetPointerAddressSpace(dt) : 99, sas = sp ? LLVMGetPointerAddressSpace(st) : 99;
  const char *why = das != 3 ? "dst must be a pointer to shared memory (address space 3)"
                    : sas != 0 && sas != 1 ? "src must be a pointer to global memory (address "
                                             "space 1, or 0 pointing there)"
                    : bytes != 4 && bytes != 8 && bytes != 16 ? "bytes must be 4, 8 or 16"
                                                              : NULL;
  if (why) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, why));
    return kb->rc;
  }
  if (sas == 0)
    src = LLVMBuildAddrSpaceCast(kb->b, src, LLVMPointerTypeInContext(kb->ctx->llctx, 1), "");
  const flyc__builder_ops_t *ops = kb->ctx->bops;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  int how = ops->async_copy ? ops->async_copy(&e, dst, src, bytes) : -1;
  if (how == 0)
    return kb->rc ? kb->rc : FLYC_EINVAL;
  if (how < 0) {
    /* Through registers: done when the copy returns, as a wait would see. */
    LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
    LLVMTypeRef vt = bytes == 4 ? i32 : LLVMVectorType(i32, bytes / 4);
    LLVMValueRef v = LLVMBuildLoad2(kb->b, vt, src, "");
    LLVMSetAlignment(v, bytes);
    LLVMSetAlignment(LLVMBuildStore(kb->b, v, dst), bytes);
  }
  return FLYC_OK;
}

int flyc_kb_async_commit(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_async_commit"))
    return FLYC_EINVAL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  if (kb->ctx->bops->async_commit && !kb->ctx->bops->async_commit(&e))
    return kb->rc ? kb->rc : FLYC_EINVAL;
  return FLYC_OK;
}

int flyc_kb_async_wait(flyc_kernel_builder_t *kb, unsigned pending) {
  if (!helper_ok(kb, 0, "flyc_kb_async_wait"))
    return FLYC_EINVAL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  if (kb->ctx->bops->async_wait && !kb->ctx->bops->async_wait(&e, pending))
    return kb->rc ? kb->rc : FLYC_EINVAL;
  return FLYC_OK;
}

/* The warpgroup matrix unit of flyc/builder.h (sm_90a's wgmma): the
 * arguments checked here, the layout arithmetic, the accumulator's
 * coordinates and store; the instructions the target's
 * (flyc__builder_ops_t.wgmma_unit, target/nvptx_wgmma.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

#define I32(v) LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), (v), 0)

/* Floats one fence or wait passes through: one inline asm operand each
 * (LLVM's encoding breaks past 16383), and far more than a thread's 255
 * registers hold. */
#define FLYC__WGMMA_MAX_FLOATS 1024

/* The processor's unit, or NULL with FLYC_EUNSUPPORTED recorded. */
static const flyc__wgmma_unit_t *unit_of(flyc_kernel_builder_t *kb, const char *what) {
  const char *why = "the target has no warpgroup matrix unit (wgmma is sm_90a's alone)";
  const flyc__wgmma_unit_t *u =
      kb->ctx->bops->wgmma_unit ? kb->ctx->bops->wgmma_unit(&kb->ctx->target, &why) : NULL;
  if (!u) {
    fail(kb, flyc__error_set(FLYC_EUNSUPPORTED, "%s: %s: %s", what, kb->ctx->target.id, why));
    return NULL;
  }
  /* A warpgroup is 128 threads: a known block of another multiple has a
   * partial one, whose wgmma hangs or reads lanes that do not exist. */
  uint64_t threads = (uint64_t)kb->block[0] * kb->block[1] * kb->block[2];
  if (threads % 128) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: kernel '%s' has %llu threads a block, not a "
                                          "multiple of a warpgroup's 128", what, kb->name,
                             (unsigned long long)threads));
    return NULL;
  }
  return u;
}

static int n_ok(unsigned n) { return n >= 8 && n <= 256 && n % 8 == 0; }

static LLVMTypeRef acc_type(flyc_kernel_builder_t *kb, unsigned n) {
  return LLVMVectorType(LLVMFloatTypeInContext(kb->ctx->llctx), n / 2);
}

/* `n` checked: FLYC_EINVAL recorded for a bad one. */
static int n_check(flyc_kernel_builder_t *kb, unsigned n, const char *what) {
  if (n_ok(n))
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: n %u is not 8 to 256, a multiple of 8 (wgmma's "
                                        "m64nNk16 with f16 inputs)", what, n));
  return 0;
}

LLVMTypeRef flyc_kb_wgmma_type(flyc_kernel_builder_t *kb, unsigned n) {
  const char *what = "flyc_kb_wgmma_type";
  if (!helper_ok(kb, 0, what))
    return NULL;
  if (!unit_of(kb, what) || !n_check(kb, n, what))
    return acc_type(kb, 16);
  return acc_type(kb, n);
}

LLVMValueRef flyc_kb_wgmma_offset(flyc_kernel_builder_t *kb, LLVMValueRef row, LLVMValueRef col) {
  const char *what = "flyc_kb_wgmma_offset";
  if (!helper_ok(kb, 0, what) || !value_ok(kb, row, what, "row") ||
      !value_ok(kb, col, what, "col"))
    return NULL;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  if (LLVMTypeOf(row) != i32 || LLVMTypeOf(col) != i32)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s must be an i32", what,
                                    LLVMTypeOf(row) != i32 ? "row" : "col"));
  if (LLVMIsAConstantInt(col) && LLVMConstIntGetZExtValue(col) > 63)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: col %llu is past a row's 64 halves (a "
                                                 "tile's K is one column of atoms; a wider K "
                                                 "is more tiles)",
                                    what, (unsigned long long)LLVMConstIntGetZExtValue(col)));
  LLVMBuilderRef b = kb->b;
  /* r * 128 + ((col / 8) ^ (r % 8)) * 16 + (col % 8) * 2 */
  LLVMValueRef piece = LLVMBuildXor(b, LLVMBuildLShr(b, col, I32(3), ""),
                                    LLVMBuildAnd(b, row, I32(7), ""), "");
  LLVMValueRef in = LLVMBuildOr(b, LLVMBuildShl(b, piece, I32(4), ""),
                                LLVMBuildShl(b, LLVMBuildAnd(b, col, I32(7), ""), I32(1), ""), "");
  return LLVMBuildAdd(b, LLVMBuildShl(b, row, I32(7), ""), in, "wgmma.off");
}

/* `v` an accumulator: `<n/2 x float>` for a valid n; else FLYC_EINVAL. */
static int is_acc(flyc_kernel_builder_t *kb, LLVMValueRef v, const char *what, const char *arg) {
  if (!value_ok(kb, v, what, arg))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
      LLVMGetElementType(t) == LLVMFloatTypeInContext(kb->ctx->llctx) &&
      n_ok(2 * LLVMGetVectorSize(t)))
    return 1;
  char *have = LLVMPrintTypeToString(t);
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s is %s, not an accumulator <n/2 x float> for an n "
                                        "of 8 to 256 (flyc_kb_wgmma_type())", what, arg, have));
  LLVMDisposeMessage(have);
  return 0;
}

static int shared_ptr(flyc_kernel_builder_t *kb, LLVMValueRef p, const char *what,
                      const char *arg) {
  return shared_ptr_ok(kb, p, what, arg, " into a tile of flyc_kb_wgmma_offset()'s layout");
}

static LLVMValueRef wgmma_impl(flyc_kernel_builder_t *kb, LLVMValueRef a, LLVMValueRef b,
                               LLVMValueRef acc) {
  const char *what = "flyc_kb_wgmma";
  if (!helper_ok(kb, 0, what))
    return NULL;
  const flyc__wgmma_unit_t *u = unit_of(kb, what);
  if (!u || !shared_ptr(kb, a, what, "a") || !shared_ptr(kb, b, what, "b") ||
      !is_acc(kb, acc, what, "acc"))
    return NULL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  LLVMValueRef d = u->mma(&e, a, b, acc);
  if (d && kb->nwg == kb->capwg) { /* remembered for flyc__kb_wgmma_closed() */
    unsigned cap = kb->capwg ? 2 * kb->capwg : 16;
    LLVMValueRef *grown = realloc(kb->wg, cap * sizeof *grown);
    d = grown ? d : NULL;
    if (grown)
      kb->wg = grown, kb->capwg = cap;
  }
  if (d)
    kb->wg[kb->nwg++] = d;
  return d ? d : fail(kb, flyc__error_set(FLYC_ENOMEM, "%s: out of memory", what));
}

/* `v`'s use is the warpgroup helpers' own: an element taken into an
 * inline asm (a wgmma, fence or wait), or a phi carrying it on. */
static int helpers_use(LLVMValueRef user) {
  if (LLVMIsAPHINode(user))
    return 1;
  if (!LLVMIsAExtractElementInst(user))
    return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(user); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (!LLVMIsACallInst(call) || !LLVMIsAInlineAsm(LLVMGetCalledValue(call)))
      return 0;
  }
  return 1;
}

int flyc__kb_wgmma_closed(flyc_kernel_builder_t *kb, int body_ok) {
  int rc = FLYC_OK;
  for (unsigned i = 0; body_ok && !rc && i < kb->nwg; i++)
    for (LLVMUseRef u = LLVMGetFirstUse(kb->wg[i]); u && !rc; u = LLVMGetNextUse(u))
      if (!helpers_use(LLVMGetUser(u)))
        rc = flyc__error_set(FLYC_EINVAL, "kernel '%s': the accumulator of a flyc_kb_wgmma() "
                                          "is read before a flyc_kb_wgmma_wait() has seen it "
                                          "land (the PTX ISA makes that undefined): pass it to "
                                          "the wait and read what the wait gives back",
                             kb->name);
  free(kb->wg);
  kb->wg = NULL;
  kb->nwg = kb->capwg = 0;
  return rc;
}

LLVMValueRef flyc_kb_wgmma(flyc_kernel_builder_t *kb, LLVMValueRef a, LLVMValueRef b,
                           LLVMValueRef acc) {
  LLVMTypeRef t = type_of(kb, acc);
  if (!t && kb && kb->b)
    t = acc_type(kb, 16);
  return or_poison(kb, wgmma_impl(kb, a, b, acc), t);
}

/* The accumulators of a fence or wait checked, and the unit; NULL with the
 * error recorded. */
static const flyc__wgmma_unit_t *sync_check(flyc_kernel_builder_t *kb, LLVMValueRef *acc,
                                            unsigned nacc, const char *what) {
  if (!helper_ok(kb, 0, what))
    return NULL;
  const flyc__wgmma_unit_t *u = unit_of(kb, what);
  if (!u)
    return NULL;
  if (nacc && !acc) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: acc is NULL for %u accumulators", what, nacc));
    return NULL;
  }
  size_t floats = 0;
  for (unsigned i = 0; i < nacc; i++) {
    char arg[32];
    snprintf(arg, sizeof arg, "acc[%u]", i);
    if (!is_acc(kb, acc[i], what, arg))
      return NULL;
    floats += LLVMGetVectorSize(LLVMTypeOf(acc[i]));
    if (floats > FLYC__WGMMA_MAX_FLOATS) {
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: the %u accumulators hold more than %d floats "
                                            "(a thread has at most 255 registers)", what, nacc,
                               FLYC__WGMMA_MAX_FLOATS));
      return NULL;
    }
  }
  return u;
}

static int oom(flyc_kernel_builder_t *kb, const char *what) {
  fail(kb, flyc__error_set(FLYC_ENOMEM, "%s: out of memory", what));
  return kb->rc;
}

int flyc_kb_wgmma_fence(flyc_kernel_builder_t *kb, LLVMValueRef *acc, unsigned nacc) {
  const char *what = "flyc_kb_wgmma_fence";
  const flyc__wgmma_unit_t *u = sync_check(kb, acc, nacc, what);
  if (!u)
    return kb && kb->rc ? kb->rc : FLYC_EINVAL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return u->fence(&e, acc, nacc) ? FLYC_OK : oom(kb, what);
}

int flyc_kb_wgmma_wait(flyc_kernel_builder_t *kb, unsigned pending, LLVMValueRef *acc,
                       unsigned nacc) {
  const char *what = "flyc_kb_wgmma_wait";
  const flyc__wgmma_unit_t *u = sync_check(kb, acc, nacc, what);
  if (!u)
    return kb && kb->rc ? kb->rc : FLYC_EINVAL;
  if (pending > 7) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: pending %u is above 7 (wgmma.wait_group's "
                                          "immediate)", what, pending));
    return kb->rc;
  }
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return u->wait(&e, pending, acc, nacc) ? FLYC_OK : oom(kb, what);
}

int flyc_kb_wgmma_commit(flyc_kernel_builder_t *kb) {
  const flyc__wgmma_unit_t *u = sync_check(kb, NULL, 0, "flyc_kb_wgmma_commit");
  if (!u)
    return kb && kb->rc ? kb->rc : FLYC_EINVAL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  u->commit(&e);
  return FLYC_OK;
}

int flyc_kb_wgmma_shared_fence(flyc_kernel_builder_t *kb) {
  const flyc__wgmma_unit_t *u = sync_check(kb, NULL, 0, "flyc_kb_wgmma_shared_fence");
  if (!u)
    return kb && kb->rc ? kb->rc : FLYC_EINVAL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  u->shared_fence(&e);
  return FLYC_OK;
}

/* The thread's row and column terms: 16 (warp % 4) + lane / 4, 2 (lane % 4). */
static int lane_terms(flyc_kernel_builder_t *kb, LLVMValueRef *row, LLVMValueRef *col) {
  LLVMValueRef lane = flyc_kb_lane_id(kb), warp = flyc_kb_warp_id(kb);
  if (!lane || !warp)
    return 0;
  LLVMBuilderRef b = kb->b;
  LLVMValueRef w = LLVMBuildShl(b, LLVMBuildAnd(b, warp, I32(3), ""), I32(4), "");
  *row = LLVMBuildOr(b, w, LLVMBuildLShr(b, lane, I32(2), ""), "wgmma.row");
  *col = LLVMBuildShl(b, LLVMBuildAnd(b, lane, I32(3), ""), I32(1), "wgmma.col");
  return 1;
}

int flyc_kb_wgmma_coord(flyc_kernel_builder_t *kb, unsigned n, unsigned i, LLVMValueRef *row,
                        LLVMValueRef *col) {
  const char *what = "flyc_kb_wgmma_coord";
  if (row)
    *row = NULL;
  if (col)
    *col = NULL;
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (!unit_of(kb, what) || !n_check(kb, n, what))
    return kb->rc;
  if (!row || !col || i >= n / 2) {
    fail(kb, flyc__error_set(FLYC_EINVAL, !row || !col ? "%s: row and col are required"
                                                       : "%s: element %u is past the %u of a "
                                                         "thread's 64 x %u accumulator",
                             what, i, n / 2, n));
    return kb->rc;
  }
  LLVMValueRef r, c;
  if (!lane_terms(kb, &r, &c))
    return kb->rc ? kb->rc : FLYC_EINVAL;
  *row = LLVMBuildNUWAdd(kb->b, r, I32(8 * ((i >> 1) & 1)), "wgmma.row");
  *col = LLVMBuildNUWAdd(kb->b, c, I32(8 * (i >> 2) + (i & 1)), "wgmma.col");
  return FLYC_OK;
}

/* base and ld of a store checked; else FLYC_EINVAL recorded. */
static int store_args(flyc_kernel_builder_t *kb, LLVMValueRef base, LLVMValueRef ld, unsigned n,
                      const char *what) {
  if (!value_ok(kb, base, what, "base") || !value_ok(kb, ld, what, "ld"))
    return 0;
  LLVMTypeRef pt = LLVMTypeOf(base), it = LLVMTypeOf(ld);
  unsigned as = LLVMGetTypeKind(pt) == LLVMPointerTypeKind ? LLVMGetPointerAddressSpace(pt) : 99;
  unsigned iw = LLVMGetTypeKind(it) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(it) : 0;
  char why[160] = "";
  if (as != 0 && as != 1 && as != 3)
    snprintf(why, sizeof why, "base must be a pointer in address space 0, 1 or 3");
  else if (iw != 32 && iw != 64)
    snprintf(why, sizeof why, "ld must be an i32 or i64 (floats from one row to the next)");
  else if (LLVMIsAConstantInt(ld)) {
    long long v = LLVMConstIntGetSExtValue(ld);
    if (v < (long long)n || v % 2)
      snprintf(why, sizeof why, "ld %lld is %s", v, v % 2 ? "odd (the stores are of two floats)"
                                                          : "below the tile's n columns");
  }
  if (!*why)
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, why));
  return 0;
}

int flyc_kb_wgmma_store(flyc_kernel_builder_t *kb, LLVMValueRef acc, LLVMValueRef base,
                        LLVMValueRef ld) {
  const char *what = "flyc_kb_wgmma_store";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (!unit_of(kb, what) || !is_acc(kb, acc, what, "acc"))
    return kb->rc;
  unsigned c = LLVMGetVectorSize(LLVMTypeOf(acc));
  LLVMValueRef r0, c0;
  if (!store_args(kb, base, ld, 2 * c, what) || !lane_terms(kb, &r0, &c0))
    return kb->rc ? kb->rc : FLYC_EINVAL;
  LLVMBuilderRef b = kb->b;
  LLVMTypeRef it = LLVMTypeOf(ld), f32 = LLVMFloatTypeInContext(kb->ctx->llctx);
  for (unsigned i = 0; i < c; i += 2) {
    LLVMValueRef r = LLVMBuildZExt(b, LLVMBuildNUWAdd(b, r0, I32(8 * ((i >> 1) & 1)), ""), it, "");
    LLVMValueRef col = LLVMBuildZExt(b, LLVMBuildNUWAdd(b, c0, I32(8 * (i >> 2)), ""), it, "");
    LLVMValueRef off = LLVMBuildNSWAdd(b, LLVMBuildNSWMul(b, r, ld, ""), col, "");
    LLVMValueRef p = LLVMBuildInBoundsGEP2(b, f32, base, &off, 1, "");
    LLVMValueRef idx[2] = {I32(i), I32(i + 1)};
    LLVMValueRef pair = LLVMBuildShuffleVector(b, acc, LLVMGetPoison(LLVMTypeOf(acc)),
                                               LLVMConstVector(idx, 2), "");
    LLVMSetAlignment(LLVMBuildStore(b, pair, p), 8);
  }
  return FLYC_OK;
}
#undef I32

/* Warp collectives (shuffles, ballot, votes, reductions), global and warp
 * ids and the target queries of flyc/builder.h; the per-target lowering is
 * the ops table's (target/builder_ops.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

/* ---- the target a body is built for ---- */

flyc_target_family_t flyc_kb_target_family(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->target.family : (flyc_target_family_t)0;
}

const char *flyc_kb_target_processor(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->target.proc->name : NULL;
}

uint32_t flyc_kb_target_wave_size(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->target.wave : 0;
}

uint32_t flyc_ctx_wave_size(const flyc_ctx_t *ctx) { return ctx ? ctx->target.wave : 0; }

uint32_t flyc_kb_known_block_size(const flyc_kernel_builder_t *kb, unsigned axis) {
  return kb && axis < 3 ? kb->block[axis] : 0;
}

/* ---- global thread id, warp id ---- */

static LLVMValueRef global_id(flyc_kernel_builder_t *kb, unsigned axis, int wide,
                              const char *what) {
  if (!helper_ok(kb, axis, what))
    return NULL;
  LLVMValueRef bid = flyc_kb_block_idx(kb, axis), dim = flyc_kb_block_dim(kb, axis);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, axis);
  if (!bid || !dim || !tid)
    return NULL;
  if (wide) {
    LLVMTypeRef i64 = LLVMInt64TypeInContext(kb->ctx->llctx);
    bid = LLVMBuildZExt(kb->b, bid, i64, "");
    dim = LLVMBuildZExt(kb->b, dim, i64, "");
    tid = LLVMBuildZExt(kb->b, tid, i64, "");
  }
  /* No wrap flags on the i32 form: it wraps as CUDA's unsigned math. */
  LLVMValueRef m = wide ? LLVMBuildNUWMul(kb->b, bid, dim, "") : LLVMBuildMul(kb->b, bid, dim, "");
  return wide ? LLVMBuildNUWAdd(kb->b, m, tid, "gid") : LLVMBuildAdd(kb->b, m, tid, "gid");
}

LLVMValueRef flyc_kb_global_id(flyc_kernel_builder_t *kb, unsigned axis) {
  return global_id(kb, axis, 0, "flyc_kb_global_id");
}

LLVMValueRef flyc_kb_global_id64(flyc_kernel_builder_t *kb, unsigned axis) {
  return global_id(kb, axis, 1, "flyc_kb_global_id64");
}

LLVMValueRef flyc_kb_warp_id(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_warp_id"))
    return NULL;
  LLVMBuilderRef b = kb->b;
  LLVMValueRef lin = flyc_kb_thread_idx(kb, 0);
  /* A known 1-D block needs no y or z term. */
  int only_x = kb->block[0] && kb->block[1] == 1 && kb->block[2] == 1;
  if (lin && !only_x) {
    LLVMValueRef dx = flyc_kb_block_dim(kb, 0), dy = flyc_kb_block_dim(kb, 1);
    LLVMValueRef ty = flyc_kb_thread_idx(kb, 1), tz = flyc_kb_thread_idx(kb, 2);
    if (!dx || !dy || !ty || !tz)
      return NULL;
    LLVMValueRef yz = LLVMBuildAdd(b, ty, LLVMBuildMul(b, tz, dy, ""), "");
    lin = LLVMBuildAdd(b, lin, LLVMBuildMul(b, yz, dx, ""), "");
  }
  if (!lin)
    return NULL;
  unsigned shift = 0;
  while ((1u << shift) < kb->ctx->target.wave)
    shift++;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  return LLVMBuildLShr(b, lin, LLVMConstInt(i32, shift, 0), "warp");
}

/* ---- shuffles ---- */

/* 1 for an i32, f32, i64 or f64; 2 for the 64-bit ones. 0 otherwise. */
static int shuffle_words(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMFloatTypeKind)
    return 1;
  if (k == LLVMDoubleTypeKind)
    return 2;
  if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32)
    return 1;
  if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64)
    return 2;
  return 0;
}

/* The width a segment, 0 meaning the wave; 0 and the error when bad. */
static unsigned check_width(flyc_kernel_builder_t *kb, unsigned width, const char *what) {
  unsigned wave = kb->ctx->target.wave;
  if (!width)
    return wave;
  if (width <= wave && (width & (width - 1)) == 0)
    return width;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: width %u is not a power of two from 1 to %u "
                                        "(the wave size of %s), nor 0",
                           what, width, wave, kb->ctx->target.id));
  return 0;
}

/* One 32-bit word's shuffle; a reduction's step (`step`: lane ^ the
 * constant `lane`) in the target's cheaper form where it has one. */
static LLVMValueRef shuffle_word(flyc_kernel_builder_t *kb, unsigned kind, LLVMValueRef w,
                                 LLVMValueRef lane, unsigned width, int step) {
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  const flyc__builder_ops_t *ops = kb->ctx->bops;
  if (step && ops->xor_step) {
    /* NULL without a new error: no cheaper form here (an earlier, unrelated
     * error of the body must not read as this lowering's). */
    int before = kb->rc;
    LLVMValueRef r =
        ops->xor_step(&e, w, (unsigned)LLVMConstIntGetZExtValue(lane), width);
    if (r || kb->rc != before)
      return r ? r : fail_lowering(kb);
  }
  LLVMValueRef r = ops->shuffle(&e, kind, w, lane, width);
  return r ? r : fail_lowering(kb);
}

/* The checked shuffle: 32-bit values in one ops call, 64-bit ones as two
 * halves (HIP's __shfl of a double); `step` as shuffle_word(). */
static LLVMValueRef shuffle(flyc_kernel_builder_t *kb, unsigned kind, LLVMValueRef v,
                            LLVMValueRef lane, unsigned width, int step) {
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef t = LLVMTypeOf(v), i32 = LLVMInt32TypeInContext(lc);
  if (shuffle_words(t) == 1) {
    LLVMValueRef w = t == i32 ? v : LLVMBuildBitCast(kb->b, v, i32, "");
    LLVMValueRef r = shuffle_word(kb, kind, w, lane, width, step);
    if (!r)
      return NULL;
    return t == i32 ? r : LLVMBuildBitCast(kb->b, r, t, "");
  }
  LLVMTypeRef v2 = LLVMVectorType(i32, 2);
  LLVMValueRef w = LLVMBuildBitCast(kb->b, v, v2, ""), out = LLVMGetUndef(v2);
  for (unsigned h = 0; h < 2; h++) {
    LLVMValueRef idx = LLVMConstInt(i32, h, 0);
    LLVMValueRef r =
        shuffle_word(kb, kind, LLVMBuildExtractElement(kb->b, w, idx, ""), lane, width, step);
    if (!r)
      return NULL;
    out = LLVMBuildInsertElement(kb->b, out, r, idx, "");
  }
  return LLVMBuildBitCast(kb->b, out, t, "");
}

static LLVMValueRef shuffle_impl(flyc_kernel_builder_t *kb, flyc_shuffle_kind_t kind,
                                 LLVMValueRef value, LLVMValueRef b, unsigned width) {
  const char *what = "flyc_kb_shuffle";
  if (!helper_ok(kb, 0, what))
    return NULL;
  if (kind < FLYC_SHUFFLE_IDX || kind > FLYC_SHUFFLE_XOR)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: kind %d is not a flyc_shuffle_kind_t",
                                    what, (int)kind));
  if (!value_ok(kb, value, what, "value") || !value_ok(kb, b, what, "b"))
    return NULL;
  if (!shuffle_words(LLVMTypeOf(value)))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: value must be an i32, f32, i64 or f64",
                                    what));
  if (LLVMTypeOf(b) != LLVMInt32TypeInContext(kb->ctx->llctx))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: b (the lane, delta or mask) must be an "
                                                 "i32",
                                    what));
  width = check_width(kb, width, what);
  return width ? shuffle(kb, (unsigned)kind, value, b, width, 0) : NULL;
}

LLVMValueRef flyc_kb_shuffle(flyc_kernel_builder_t *kb, flyc_shuffle_kind_t kind,
                             LLVMValueRef value, LLVMValueRef b, unsigned width) {
  return or_poison(kb, shuffle_impl(kb, kind, value, b, width), type_of(kb, value));
}

/* ---- votes ---- */

static int pred_ok(flyc_kernel_builder_t *kb, LLVMValueRef pred, const char *what) {
  if (!helper_ok(kb, 0, what) || !value_ok(kb, pred, what, "pred"))
    return 0;
  if (LLVMTypeOf(pred) == LLVMInt1TypeInContext(kb->ctx->llctx))
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: pred must be an i1 (compare with 0 first)", what));
  return 0;
}

static LLVMValueRef ballot_impl(flyc_kernel_builder_t *kb, LLVMValueRef pred) {
  if (!pred_ok(kb, pred, "flyc_kb_ballot"))
    return NULL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  LLVMValueRef r = kb->ctx->bops->ballot(&e, pred);
  return r ? r : fail_lowering(kb);
}

LLVMValueRef flyc_kb_ballot(flyc_kernel_builder_t *kb, LLVMValueRef pred) {
  return or_poison(kb, ballot_impl(kb, pred), kb_type(kb, 64));
}

static LLVMValueRef vote(flyc_kernel_builder_t *kb, LLVMValueRef pred, int all, const char *what) {
  if (!pred_ok(kb, pred, what))
    return NULL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  LLVMValueRef r = kb->ctx->bops->vote(&e, all, pred);
  return r ? r : fail_lowering(kb);
}

static LLVMValueRef vote_any_impl(flyc_kernel_builder_t *kb, LLVMValueRef pred) {
  return vote(kb, pred, 0, "flyc_kb_vote_any");
}

LLVMValueRef flyc_kb_vote_any(flyc_kernel_builder_t *kb, LLVMValueRef pred) {
  return or_poison(kb, vote_any_impl(kb, pred), kb_type(kb, 1));
}

static LLVMValueRef vote_all_impl(flyc_kernel_builder_t *kb, LLVMValueRef pred) {
  return vote(kb, pred, 1, "flyc_kb_vote_all");
}

LLVMValueRef flyc_kb_vote_all(flyc_kernel_builder_t *kb, LLVMValueRef pred) {
  return or_poison(kb, vote_all_impl(kb, pred), kb_type(kb, 1));
}

/* ---- reductions ---- */

/* One step of the reduction: `a op b`. */
static LLVMValueRef combine(flyc_kernel_builder_t *kb, unsigned op, LLVMValueRef a,
                            LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a);
  int fp = LLVMGetTypeKind(t) != LLVMIntegerTypeKind;
  if (op == FLYC_REDUCE_SUM) {
    LLVMValueRef s = fp ? LLVMBuildFAdd(kb->b, a, b, "") : LLVMBuildAdd(kb->b, a, b, "");
    if (fp && kb->fmf)
      flyc__set_fast_math_flags(s, kb->fmf);
    return s;
  }
  if (fp) {
    char name[32];
    snprintf(name, sizeof name, "llvm.%s.f%d", op == FLYC_REDUCE_MIN ? "minnum" : "maxnum",
             LLVMGetTypeKind(t) == LLVMDoubleTypeKind ? 64 : 32);
    LLVMTypeRef ps[2] = {t, t};
    LLVMValueRef args[2] = {a, b};
    return flyc__kb_call(kb, name, LLVMFunctionType(t, ps, 2, 0), args, 2);
  }
  static const LLVMIntPredicate pred[] = {LLVMIntEQ, LLVMIntEQ, LLVMIntSLT, LLVMIntSGT,
                                          LLVMIntULT, LLVMIntUGT};
  LLVMValueRef c = LLVMBuildICmp(kb->b, pred[op], a, b, "");
  return LLVMBuildSelect(kb->b, c, a, b, "");
}

/* The reductions' arguments: a body, an op, and a value of a type it
 * takes; else the error recorded (0). */
static int reduce_ok(flyc_kernel_builder_t *kb, flyc_reduce_op_t op, LLVMValueRef value,
                     const char *what) {
  if (!helper_ok(kb, 0, what))
    return 0;
  const char *why = NULL;
  if (op < FLYC_REDUCE_SUM || op > FLYC_REDUCE_UMAX) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: op %d is not a flyc_reduce_op_t", what, (int)op));
    return 0;
  }
  if (!value_ok(kb, value, what, "value"))
    return 0;
  if (!shuffle_words(LLVMTypeOf(value)))
    why = "value must be an i32, i64, f32 or f64";
  else if (op >= FLYC_REDUCE_UMIN && LLVMGetTypeKind(LLVMTypeOf(value)) != LLVMIntegerTypeKind)
    why = op == FLYC_REDUCE_UMIN ? "UMIN takes integers, not floats"
                                 : "UMAX takes integers, not floats";
  if (why)
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, why));
  return !why;
}

static LLVMValueRef warp_reduce_impl(flyc_kernel_builder_t *kb, flyc_reduce_op_t op,
                                     LLVMValueRef value, unsigned width) {
  const char *what = "flyc_kb_warp_reduce";
  if (!reduce_ok(kb, op, value, what))
    return NULL;
  width = check_width(kb, width, what);
  if (width && kb->ctx->bops->warp_reduce) { /* one instruction, where the target has it */
    flyc__kb_emit_t e = flyc__kb_emitter(kb);
    int before = kb->rc; /* as in shuffle_word: only a new error is this one's */
    LLVMValueRef r = kb->ctx->bops->warp_reduce(&e, (unsigned)op, value, width);
    if (r || kb->rc != before)
      return r;
  }
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  LLVMValueRef acc = width ? value : NULL;
  for (unsigned m = width / 2; acc && m >= 1; m /= 2) {
    LLVMValueRef other = shuffle(kb, FLYC_SHUFFLE_XOR, acc, LLVMConstInt(i32, m, 0), width, 1);
    acc = other ? combine(kb, (unsigned)op, acc, other) : NULL;
  }
  return acc;
}

LLVMValueRef flyc_kb_warp_reduce(flyc_kernel_builder_t *kb, flyc_reduce_op_t op, LLVMValueRef value,
                                 unsigned width) {
  return or_poison(kb, warp_reduce_impl(kb, op, value, width), type_of(kb, value));
}

/* ---- block reductions ---- */

/* The identity of `op` for type `t`: what a lane without a value adds. */
static LLVMValueRef identity(unsigned op, LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return op == FLYC_REDUCE_SUM ? LLVMConstReal(t, 0.0)
                                 : LLVMConstReal(t, op == FLYC_REDUCE_MIN ? INFINITY : -INFINITY);
  unsigned w = LLVMGetIntTypeWidth(t);
  unsigned long long min = 1ull << (w - 1), all = w == 64 ? ~0ull : (1ull << w) - 1;
  unsigned long long v = op == FLYC_REDUCE_MIN    ? min - 1 /* signed max */
                         : op == FLYC_REDUCE_MAX  ? min
                         : op == FLYC_REDUCE_UMIN ? all
                                                  : 0;
  return LLVMConstInt(t, v, 0);
}

/* The kernel's scratch for `t`'s block reductions: [32 x t] in shared
 * memory (a slot a wave, 1024 threads / 32 lanes), made once a kernel and
 * type, as clang's `__shared__ T red[32]`. */
static LLVMValueRef reduce_scratch(flyc_kernel_builder_t *kb, LLVMTypeRef t) {
  for (unsigned i = 0; i < kb->nred; i++)
    if (LLVMGlobalGetValueType(kb->red[i]) == LLVMArrayType(t, 32))
      return kb->red[i];
  LLVMTypeRef at = LLVMArrayType(t, 32);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(kb->ctx->mod, at, "__flyc_block_reduce", 3);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetInitializer(g, LLVMGetUndef(at));
  LLVMSetAlignment(g, 8);
  if (kb->nred < sizeof kb->red / sizeof kb->red[0])
    kb->red[kb->nred++] = g;
  return g;
}

static LLVMValueRef block_reduce_impl(flyc_kernel_builder_t *kb, flyc_reduce_op_t op,
                                      LLVMValueRef value) {
  const char *what = "flyc_kb_block_reduce";
  if (!reduce_ok(kb, op, value, what))
    return NULL;
  unsigned wave = kb->ctx->target.wave;
  uint64_t threads = (uint64_t)kb->block[0] * kb->block[1] * kb->block[2];
  if (!threads || threads % wave)
    return fail(kb, flyc__error_set(FLYC_EINVAL,
                                    !threads ? "%s: kernel '%s' has no known_block_size or "
                                               "launch_block: the number of waves a block has "
                                               "must be known"
                                             : "%s: kernel '%s' has %llu threads a block, not a "
                                               "multiple of the wave size %u",
                                    what, kb->name, (unsigned long long)threads, wave));
  LLVMValueRef w = warp_reduce_impl(kb, op, value, 0);
  if (!w || threads == wave)
    return w;
  LLVMTypeRef t = LLVMTypeOf(value), i32 = LLVMInt32TypeInContext(kb->ctx->llctx);
  LLVMValueRef red = reduce_scratch(kb, t);
  LLVMValueRef lane = flyc_kb_lane_id(kb), warp = flyc_kb_warp_id(kb), zero = LLVMConstNull(i32);
  if (!lane || !warp)
    return NULL;
  /* if (lane == 0) red[warp] = w; barrier */
  LLVMBasicBlockRef wr = LLVMAppendBasicBlockInContext(kb->ctx->llctx, kb->fn, "reduce.write");
  LLVMBasicBlockRef go = LLVMAppendBasicBlockInContext(kb->ctx->llctx, kb->fn, "reduce.written");
  LLVMBuildCondBr(kb->b, LLVMBuildICmp(kb->b, LLVMIntEQ, lane, zero, ""), wr, go);
  LLVMPositionBuilderAtEnd(kb->b, wr);
  LLVMValueRef at[2] = {zero, warp};
  LLVMBuildStore(kb->b, w, LLVMBuildInBoundsGEP2(kb->b, LLVMArrayType(t, 32), red, at, 2, ""));
  LLVMBuildBr(kb->b, go);
  LLVMPositionBuilderAtEnd(kb->b, go);
  if (flyc_kb_barrier(kb))
    return NULL;
  /* every wave reduces red[0 .. waves) again (lane < waves ? red[lane] :
   * the identity), so that every thread has the result; a barrier before
   * red[] is written again */
  LLVMValueRef have = LLVMBuildICmp(kb->b, LLVMIntULT, lane,
                                    LLVMConstInt(i32, threads / wave, 0), "");
  at[1] = LLVMBuildSelect(kb->b, have, lane, zero, "");
  LLVMValueRef part = LLVMBuildLoad2(
      kb->b, t, LLVMBuildInBoundsGEP2(kb->b, LLVMArrayType(t, 32), red, at, 2, ""), "");
  LLVMValueRef r = warp_reduce_impl(
      kb, op, LLVMBuildSelect(kb->b, have, part, identity((unsigned)op, t), ""), 0);
  return r && !flyc_kb_barrier(kb) ? r : NULL;
}

LLVMValueRef flyc_kb_block_reduce(flyc_kernel_builder_t *kb, flyc_reduce_op_t op,
                                  LLVMValueRef value) {
  return or_poison(kb, block_reduce_impl(kb, op, value), type_of(kb, value));
}

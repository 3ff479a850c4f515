/* Structured control flow of flyc/builder.h: if / if-else whose arms yield
 * values, and a counted for loop carrying values, built from callbacks
 * (the phis made here). Generic IR, no target lowering. */
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

/* The builder's block may take more instructions (it has no terminator). */
static int open_block(flyc_kernel_builder_t *kb, const char *what) {
  LLVMBasicBlockRef bb = LLVMGetInsertBlock(kb->b);
  if (bb && !LLVMGetBasicBlockTerminator(bb))
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: the builder's block already ends in a terminator "
                                        "(a return or branch): nothing can follow it", what));
  return 0;
}

/* A callback's status: OK, or the error recorded (its own message kept).
 * `before` is kb->rc before the callback ran. */
static int arm_status(flyc_kernel_builder_t *kb, int before, int rc, const char *what,
                      const char *arm) {
  if (kb->rc != before)
    return kb->rc; /* a helper inside failed: its message stays */
  if (rc == FLYC_OK)
    return open_block(kb, what) ? FLYC_OK : FLYC_EINVAL;
  int code = flyc__is_status(rc) ? rc : FLYC_EINVAL;
  if (code != rc || flyc_error_last()->code != rc)
    flyc__error_set(code, "%s: the %s callback failed (it returned %d)", what, arm, rc);
  fail(kb, code);
  return code;
}

/* `vals[0..n)` are values of this context whose types are `types` (or
 * fill `types` when NULL entries; `ref` names where those came from); else
 * the error naming the culprit. */
static int yields_ok(flyc_kernel_builder_t *kb, const LLVMValueRef *vals, LLVMTypeRef *types,
                     unsigned n, const char *what, const char *arm, const char *ref) {
  for (unsigned i = 0; i < n; i++) {
    char name[64];
    snprintf(name, sizeof name, "value %u of the %s", i, arm);
    if (!value_ok(kb, vals[i], what, name))
      return 0;
    if (!types[i]) {
      types[i] = LLVMTypeOf(vals[i]);
      continue;
    }
    if (LLVMTypeOf(vals[i]) == types[i])
      continue;
    char *got = LLVMPrintTypeToString(LLVMTypeOf(vals[i])), *want = LLVMPrintTypeToString(types[i]);
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s is %s, not %s as %s", what, name, got, want,
                             ref));
    LLVMDisposeMessage(got);
    LLVMDisposeMessage(want);
    return 0;
  }
  return 1;
}

/* Runs one arm into `bb`; its yields into `out`, its last block into
 * `*end`. */
static int run_arm(flyc_kernel_builder_t *kb, LLVMBasicBlockRef bb, flyc_kb_arm_fn fn,
                   void *payload, unsigned n, LLVMValueRef *out, LLVMTypeRef *types,
                   LLVMBasicBlockRef *end, const char *arm) {
  const char *what = "flyc_kb_if";
  LLVMPositionBuilderAtEnd(kb->b, bb);
  for (unsigned i = 0; i < n; i++)
    out[i] = NULL;
  int before = kb->rc;
  int rc = fn ? arm_status(kb, before, fn(kb, kb->b, out, payload), what, arm) : FLYC_OK;
  if (rc == FLYC_OK && !yields_ok(kb, out, types, n, what, arm, "the then arm's"))
    rc = FLYC_EINVAL;
  *end = LLVMGetInsertBlock(kb->b);
  return rc;
}

int flyc_kb_if(flyc_kernel_builder_t *kb, LLVMValueRef cond, flyc_kb_arm_fn then_arm,
               flyc_kb_arm_fn else_arm, void *payload, unsigned nresults, LLVMValueRef *results) {
  const char *what = "flyc_kb_if";
  if (!helper_ok(kb, 0, what))
    return flyc__error_set(FLYC_EINVAL, "%s: called outside a kernel body", what);
  if (!then_arm || (nresults && (!else_arm || !results)) || nresults > FLYC_KB_MAX_CARRIED)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what,
                                    !then_arm ? "then_arm is NULL"
                                    : nresults > FLYC_KB_MAX_CARRIED
                                        ? "nresults is over FLYC_KB_MAX_CARRIED (16)"
                                    : !else_arm ? "an if that yields values needs an else_arm"
                                                : "results is NULL while nresults is not 0")),
           FLYC_EINVAL;
  for (unsigned i = 0; i < nresults; i++)
    results[i] = NULL;
  if (!value_ok(kb, cond, what, "cond") || !open_block(kb, what))
    return FLYC_EINVAL;
  if (LLVMTypeOf(cond) != LLVMInt1TypeInContext(kb->ctx->llctx))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: cond must be an i1", what)), FLYC_EINVAL;
  LLVMValueRef fn = kb->fn;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMBasicBlockRef tb = LLVMAppendBasicBlockInContext(lc, fn, "if.then");
  LLVMBasicBlockRef eb = else_arm ? LLVMAppendBasicBlockInContext(lc, fn, "if.else") : NULL;
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(lc, fn, "if.end");
  LLVMBuildCondBr(kb->b, cond, tb, eb ? eb : join);
  LLVMBasicBlockRef tend = NULL, eend = LLVMGetInsertBlock(kb->b);
  LLVMValueRef ty[FLYC_KB_MAX_CARRIED], ey[FLYC_KB_MAX_CARRIED];
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED] = {0};
  int rc = run_arm(kb, tb, then_arm, payload, nresults, ty, types, &tend, "then arm");
  if (rc == FLYC_OK)
    LLVMBuildBr(kb->b, join);
  if (rc == FLYC_OK && eb) {
    rc = run_arm(kb, eb, else_arm, payload, nresults, ey, types, &eend, "else arm");
    if (rc == FLYC_OK)
      LLVMBuildBr(kb->b, join);
  }
  /* A failure leaves the builder at the join (the emit fails and the
   * kernel is deleted whole: rollback in emit.c). */
  LLVMPositionBuilderAtEnd(kb->b, join);
  if (rc)
    return rc;
  for (unsigned i = 0; i < nresults; i++) {
    LLVMValueRef phi = LLVMBuildPhi(kb->b, types[i], "if.val");
    LLVMValueRef vals[2] = {ty[i], ey[i]};
    LLVMBasicBlockRef bbs[2] = {tend, eend};
    LLVMAddIncoming(phi, vals, bbs, 2);
    results[i] = phi;
  }
  return FLYC_OK;
}

/* start, end and step: one integer type, i32 or i64, of this context, and
 * a step that is not the constant 0. */
static int bounds_ok(flyc_kernel_builder_t *kb, LLVMValueRef start, LLVMValueRef end,
                     LLVMValueRef step) {
  const char *what = "flyc_kb_for";
  if (!value_ok(kb, start, what, "start") || !value_ok(kb, end, what, "end") ||
      !value_ok(kb, step, what, "step"))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(start);
  int iw = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? (int)LLVMGetIntTypeWidth(t) : 0;
  const char *bad = iw != 32 && iw != 64 ? "start is not an i32 or i64"
                    : LLVMTypeOf(end) != t ? "end is not of start's type"
                    : LLVMTypeOf(step) != t ? "step is not of start's type"
                    : LLVMIsAConstantInt(step) && LLVMConstIntGetSExtValue(step) == 0
                        ? "step is 0 (the loop would never end)"
                        : NULL;
  if (bad) {
    /* Name the types: "(end is i64, start is i32)". */
    int okw = iw == 32 || iw == 64;
    LLVMValueRef other = !okw ? start : LLVMTypeOf(end) != t ? end : step;
    char *ts = LLVMPrintTypeToString(t), *to = LLVMPrintTypeToString(LLVMTypeOf(other));
    if (okw && LLVMTypeOf(other) != t)
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s (%s is %s, start is %s)", what, bad,
                               other == end ? "end" : "step", to, ts));
    else if (!okw)
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s (it is %s)", what, bad, ts));
    else
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, bad));
    LLVMDisposeMessage(ts);
    LLVMDisposeMessage(to);
  }
  return !bad;
}

/* iv stays in the loop: iv < end for a positive step, iv > end for a
 * negative one (signed); a step known only at run time tests both, so a
 * step of 0 there runs no iteration. */
static LLVMValueRef loop_test(LLVMBuilderRef b, LLVMValueRef iv, LLVMValueRef end,
                              LLVMValueRef step) {
  if (LLVMIsAConstantInt(step))
    return LLVMBuildICmp(b, LLVMConstIntGetSExtValue(step) > 0 ? LLVMIntSLT : LLVMIntSGT, iv,
                         end, "for.test");
  LLVMValueRef zero = LLVMConstNull(LLVMTypeOf(step));
  LLVMValueRef up = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntSGT, step, zero, ""),
                                 LLVMBuildICmp(b, LLVMIntSLT, iv, end, ""), "");
  LLVMValueRef down = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntSLT, step, zero, ""),
                                   LLVMBuildICmp(b, LLVMIntSGT, iv, end, ""), "");
  return LLVMBuildOr(b, up, down, "for.test");
}

/* The header's phis: the induction variable, then the carried values. */
static void header_phis(flyc_kernel_builder_t *kb, LLVMValueRef start, unsigned n,
                        const LLVMValueRef *init, LLVMBasicBlockRef pre, LLVMValueRef *phis) {
  for (unsigned i = 0; i <= n; i++) {
    LLVMValueRef v = i ? init[i - 1] : start;
    phis[i] = LLVMBuildPhi(kb->b, LLVMTypeOf(v), i ? "for.carry" : "for.iv");
    LLVMAddIncoming(phis[i], &v, &pre, 1);
  }
}

int flyc_kb_for(flyc_kernel_builder_t *kb, LLVMValueRef start, LLVMValueRef end,
                LLVMValueRef step, unsigned ncarried, const LLVMValueRef *init,
                flyc_kb_loop_fn body, void *payload, LLVMValueRef *results) {
  const char *what = "flyc_kb_for";
  if (!helper_ok(kb, 0, what))
    return flyc__error_set(FLYC_EINVAL, "%s: called outside a kernel body", what);
  if (!body || ncarried > FLYC_KB_MAX_CARRIED || (ncarried && (!init || !results)))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what,
                                    !body ? "body is NULL"
                                    : ncarried > FLYC_KB_MAX_CARRIED
                                        ? "ncarried is over FLYC_KB_MAX_CARRIED (16)"
                                    : !init ? "init is NULL while ncarried is not 0"
                                            : "results is NULL while ncarried is not 0")),
           FLYC_EINVAL;
  for (unsigned i = 0; i < ncarried; i++)
    results[i] = NULL;
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED] = {0};
  if (!bounds_ok(kb, start, end, step) || !yields_ok(kb, init, types, ncarried, what, "init", "") ||
      !open_block(kb, what))
    return FLYC_EINVAL;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(kb->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(lc, kb->fn, "for.head");
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(lc, kb->fn, "for.body");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(lc, kb->fn, "for.exit");
  LLVMBuildBr(kb->b, head);
  LLVMPositionBuilderAtEnd(kb->b, head);
  LLVMValueRef phis[FLYC_KB_MAX_CARRIED + 1], next[FLYC_KB_MAX_CARRIED];
  header_phis(kb, start, ncarried, init, pre, phis);
  LLVMBuildCondBr(kb->b, loop_test(kb->b, phis[0], end, step), bb, exit);
  LLVMPositionBuilderAtEnd(kb->b, bb);
  memcpy(next, phis + 1, ncarried * sizeof *next); /* unchanged unless the body says */
  int before = kb->rc;
  int rc = arm_status(kb, before, body(kb, kb->b, phis[0], phis + 1, next, payload), what, "body");
  if (rc == FLYC_OK && !yields_ok(kb, next, types, ncarried, what, "next values", "its init"))
    rc = FLYC_EINVAL;
  if (rc == FLYC_OK) {
    /* nsw, as clang's `i += step` on a signed int: end + step must not
     * overflow the type, as in C. */
    LLVMValueRef iv = LLVMBuildNSWAdd(kb->b, phis[0], step, "for.next");
    LLVMBasicBlockRef latch = LLVMGetInsertBlock(kb->b);
    LLVMAddIncoming(phis[0], &iv, &latch, 1);
    for (unsigned i = 0; i < ncarried; i++)
      LLVMAddIncoming(phis[i + 1], &next[i], &latch, 1);
    LLVMBuildBr(kb->b, head);
  }
  /* A failure leaves the builder at the exit, the header's phis short of
   * an incoming value: the emit fails and rollback deletes the kernel. */
  LLVMPositionBuilderAtEnd(kb->b, exit);
  for (unsigned i = 0; rc == FLYC_OK && i < ncarried; i++)
    results[i] = phis[i + 1];
  return rc;
}

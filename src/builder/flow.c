/* Structured control flow of flyc/builder.h: if / if-else whose arms yield
 * values, and a counted for loop carrying values, built from callbacks or
 * inline as begin / end regions (the phis made here), and the early exit.
 * Generic IR, no target lowering. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
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

static const char *region_name(char kind) {
  return kind == 'f' ? "flyc_kb_for_begin" : "flyc_kb_if_begin";
}

/* Enters a callback: the regions open so far are not its to close. */
static unsigned callback_enter(flyc_kernel_builder_t *kb) {
  unsigned floor = kb->floor;
  kb->floor = kb->depth;
  return floor;
}

/* Leaves it: a region it left open is an error naming it (recorded). */
static void callback_leave(flyc_kernel_builder_t *kb, unsigned floor, int rc, const char *what,
                           const char *arm) {
  if (kb->depth > kb->floor) {
    /* A callback that failed by itself keeps its own status. */
    if (rc == FLYC_OK)
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: the %s left a %s region open (each begin "
                                            "needs its end inside the same callback)", what, arm,
                               region_name(kb->regions[kb->depth - 1].kind)));
    kb->depth = kb->floor;
  }
  kb->floor = floor;
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
    if (!flyc__kb_reaches(kb, vals[i])) {
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s is not defined on every path to here: it "
                                            "comes from inside an if arm or a loop body that "
                                            "has ended, another arm, or another kernel (yield "
                                            "it out of its own region first)", what, name));
      return 0;
    }
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
  unsigned floor = callback_enter(kb);
  int arm_rc = fn ? fn(kb, kb->b, out, payload) : FLYC_OK;
  callback_leave(kb, floor, arm_rc, what, arm);
  int rc = fn ? arm_status(kb, before, arm_rc, what, arm) : FLYC_OK;
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
  for (unsigned i = 0; rc && i < nresults; i++) /* poison where a type is known */
    results[i] = types[i] ? LLVMGetPoison(types[i]) : NULL;
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
                     LLVMValueRef step, const char *what) {
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

/* `src`'s n values in `buf` (FLYC_KB_MAX_CARRIED of them), so that the
 * caller's output array may overlap them; `src` itself when it is NULL or
 * n is over the limit (a refusal reads no further). */
static const LLVMValueRef *copy_in(LLVMValueRef *buf, const LLVMValueRef *src, unsigned n) {
  if (!src || n > FLYC_KB_MAX_CARRIED)
    return src;
  memcpy(buf, src, n * sizeof *buf);
  return buf;
}

/* The most outputs a failed region writes: what a caller's array for an n
 * over FLYC_KB_MAX_CARRIED may hold, short of an n no array could. */
#define FLYC__KB_MAX_OUT 4096
static LLVMValueRef for_failed(flyc_kernel_builder_t *kb, LLVMValueRef start, unsigned n,
                               const LLVMValueRef *init, LLVMValueRef *carried);

int flyc_kb_for(flyc_kernel_builder_t *kb, LLVMValueRef start, LLVMValueRef end,
                LLVMValueRef step, unsigned ncarried, const LLVMValueRef *init,
                flyc_kb_loop_fn body, void *payload, LLVMValueRef *results) {
  const char *what = "flyc_kb_for";
  if (!helper_ok(kb, 0, what))
    return flyc__error_set(FLYC_EINVAL, "%s: called outside a kernel body", what);
  if (!body || ncarried > FLYC_KB_MAX_CARRIED || (ncarried && (!init || !results))) {
    for_failed(kb, start, ncarried, init, results); /* poison results to build on */
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what,
                                    !body ? "body is NULL"
                                    : ncarried > FLYC_KB_MAX_CARRIED
                                        ? "ncarried is over FLYC_KB_MAX_CARRIED (16)"
                                    : !init ? "init is NULL while ncarried is not 0"
                                            : "results is NULL while ncarried is not 0")),
           FLYC_EINVAL;
  }
  LLVMValueRef in[FLYC_KB_MAX_CARRIED];
  init = copy_in(in, init, ncarried);
  for (unsigned i = 0; i < ncarried; i++)
    results[i] = NULL;
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED] = {0};
  if (!bounds_ok(kb, start, end, step, what) ||
      !yields_ok(kb, init, types, ncarried, what, "init", "") ||
      !open_block(kb, what)) {
    for_failed(kb, start, ncarried, init, results); /* poison results to build on */
    return FLYC_EINVAL;
  }
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
  unsigned floor = callback_enter(kb);
  int body_rc = body(kb, kb->b, phis[0], phis + 1, next, payload);
  callback_leave(kb, floor, body_rc, what, "body");
  int rc = arm_status(kb, before, body_rc, what, "body");
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
  for (unsigned i = 0; i < ncarried; i++) /* poison on failure, to build on */
    results[i] = rc == FLYC_OK ? phis[i + 1] : LLVMGetPoison(types[i]);
  return rc;
}

/* ---- inline regions: begin / end ---- */

/* `cond` is an i1 of this body and the builder's block is open. */
static int cond_ok(flyc_kernel_builder_t *kb, LLVMValueRef cond, const char *what) {
  if (!value_ok(kb, cond, what, "cond"))
    return 0;
  if (LLVMTypeOf(cond) != LLVMInt1TypeInContext(kb->ctx->llctx)) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: cond must be an i1", what));
    return 0;
  }
  return open_block(kb, what);
}

/* A new innermost region of `kind`, or NULL (recorded). */
static kb_region_t *push(flyc_kernel_builder_t *kb, char kind, const char *what) {
  if (!kb->regions && !(kb->regions = calloc(FLYC_KB_MAX_DEPTH, sizeof *kb->regions))) {
    fail(kb, flyc__error_set(FLYC_ENOMEM, "%s: out of memory", what));
    return NULL;
  }
  if (kb->depth == FLYC_KB_MAX_DEPTH) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %d regions are already open "
                                          "(FLYC_KB_MAX_DEPTH)", what, FLYC_KB_MAX_DEPTH));
    return NULL;
  }
  kb_region_t *r = &kb->regions[kb->depth++];
  memset(r, 0, sizeof *r);
  r->kind = kind;
  return r;
}

/* The innermost region when it is one of `kinds` and this callback's; else
 * NULL (recorded, naming what is there instead). */
static kb_region_t *top(flyc_kernel_builder_t *kb, const char *kinds, const char *what) {
  const char *bad = NULL;
  char got = 0;
  if (kb->depth == 0)
    bad = "no region is open";
  else if (kb->depth <= kb->floor)
    bad = "the innermost region was opened outside the running callback";
  else if (!strchr(kinds, got = kb->regions[kb->depth - 1].kind))
    bad = got == 'e' && strchr(kinds, 'i') ? "the innermost if is already in its else arm"
                                           : "the innermost region is a";
  if (!bad)
    return &kb->regions[kb->depth - 1];
  if (bad[strlen(bad) - 1] == 'a')
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s %s", what, bad, region_name(got)));
  else
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, bad));
  return NULL;
}

int flyc_kb_if_begin(flyc_kernel_builder_t *kb, LLVMValueRef cond) {
  const char *what = "flyc_kb_if_begin";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  kb_region_t *r;
  if (!cond_ok(kb, cond, what) || !(r = push(kb, 'i', what)))
    return kb->rc;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMBasicBlockRef tb = LLVMAppendBasicBlockInContext(lc, kb->fn, "if.then");
  r->a = LLVMAppendBasicBlockInContext(lc, kb->fn, "if.else");
  r->b = LLVMAppendBasicBlockInContext(lc, kb->fn, "if.end");
  LLVMBuildCondBr(kb->b, cond, tb, r->a);
  LLVMPositionBuilderAtEnd(kb->b, tb);
  return FLYC_OK;
}

/* Ends an arm: its `n` yields checked against `types` (filled when NULL)
 * and the branch to the join unless the arm returned; its last block, or
 * NULL when it returned, into *end. */
static int close_arm(flyc_kernel_builder_t *kb, kb_region_t *r, unsigned n,
                     const LLVMValueRef *yield, LLVMTypeRef *types, const char *arm,
                     LLVMBasicBlockRef *end, const char *what) {
  LLVMBasicBlockRef bb = LLVMGetInsertBlock(kb->b);
  int returned = !bb || LLVMGetBasicBlockTerminator(bb) != NULL;
  const char *bad = n > FLYC_KB_MAX_CARRIED ? "nyield is over FLYC_KB_MAX_CARRIED (16)"
                    : n && !yield ? "yield is NULL while nyield is not 0"
                    : n && returned ? "an arm that yields values must fall through, but this "
                                      "one ends in a terminator"
                                    : NULL;
  if (bad)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s (the %s)", what, bad, arm)), FLYC_EINVAL;
  if (!yields_ok(kb, yield, types, n, what, arm, "the then arm's"))
    return FLYC_EINVAL;
  if (!returned)
    LLVMBuildBr(kb->b, r->b);
  *end = returned ? NULL : bb;
  return FLYC_OK;
}

int flyc_kb_else(flyc_kernel_builder_t *kb, unsigned nyield, const LLVMValueRef *then_yield) {
  const char *what = "flyc_kb_else";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  kb_region_t *r = top(kb, "i", what);
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED] = {0};
  if (!r || close_arm(kb, r, nyield, then_yield, types, "then arm", &r->then_end, what))
    return kb->rc;
  r->kind = 'e';
  r->n = nyield;
  if (nyield)
    memcpy(r->v, then_yield, nyield * sizeof *r->v);
  LLVMPositionBuilderAtEnd(kb->b, r->a);
  return FLYC_OK;
}

int flyc_kb_if_end(flyc_kernel_builder_t *kb, unsigned nyield, const LLVMValueRef *yield,
                   LLVMValueRef *results) {
  const char *what = "flyc_kb_if_end";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  LLVMValueRef yv[FLYC_KB_MAX_CARRIED];
  yield = copy_in(yv, yield, nyield);
  for (unsigned i = 0; results && i < nyield && i < FLYC__KB_MAX_OUT; i++)
    results[i] = NULL;
  kb_region_t *r = top(kb, "ie", what);
  if (!r)
    return kb->rc;
  const char *bad = r->kind == 'i' && nyield ? "an if without flyc_kb_else yields no values"
                    : r->kind == 'e' && nyield != r->n ? "the else arm yields another number "
                                                         "of values than the then arm"
                    : nyield && !results ? "results is NULL while nyield is not 0"
                                         : NULL;
  if (bad)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, bad)), FLYC_EINVAL;
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED] = {0};
  for (unsigned i = 0; i < r->n; i++)
    types[i] = LLVMTypeOf(r->v[i]);
  LLVMBasicBlockRef end = NULL, then_end = r->then_end;
  const char *arm = r->kind == 'e' ? "else arm" : "then arm";
  if (close_arm(kb, r, nyield, yield, types, arm, &end, what))
    return kb->rc;
  if (r->kind == 'i') { /* no else: the false edge goes straight on */
    then_end = end;
    LLVMPositionBuilderAtEnd(kb->b, r->a);
    LLVMBuildBr(kb->b, r->b);
    end = r->a;
  }
  LLVMPositionBuilderAtEnd(kb->b, r->b);
  kb->depth--;
  for (unsigned i = 0; i < nyield; i++) {
    LLVMValueRef phi = LLVMBuildPhi(kb->b, types[i], "if.val");
    LLVMValueRef vals[2] = {r->v[i], yield[i]};
    LLVMBasicBlockRef bbs[2] = {then_end, end};
    /* An arm that returned does not reach the join (then it has no yields:
     * close_arm refuses those), so both arms are here. */
    LLVMAddIncoming(phi, vals, bbs, 2);
    results[i] = phi;
  }
  return FLYC_OK;
}

/* Poison for the iv and carried values of a for_begin that failed, so that
 * building on does not crash (the emit fails). */
static LLVMValueRef for_failed(flyc_kernel_builder_t *kb, LLVMValueRef start, unsigned n,
                               const LLVMValueRef *init, LLVMValueRef *carried) {
  /* All n the caller sized its arrays for (an n over the limit too, so that
   * none is left unset), short of an n no array could hold. carried[i]
   * depends on init[i] alone; where the arrays overlap, the order (as
   * memmove's) reads each init before a write lands on it. */
  unsigned m = n < FLYC__KB_MAX_OUT ? n : FLYC__KB_MAX_OUT;
  int down = init && carried && (uintptr_t)carried > (uintptr_t)init;
  for (unsigned k = 0; carried && k < m; k++) {
    unsigned i = down ? m - 1 - k : k;
    carried[i] = init && init[i] && LLVMGetTypeContext(LLVMTypeOf(init[i])) == kb->ctx->llctx
                     ? LLVMGetPoison(LLVMTypeOf(init[i]))
                     : NULL;
  }
  return start && LLVMGetTypeContext(LLVMTypeOf(start)) == kb->ctx->llctx
             ? LLVMGetPoison(LLVMTypeOf(start))
             : NULL;
}

LLVMValueRef flyc_kb_for_begin(flyc_kernel_builder_t *kb, LLVMValueRef start, LLVMValueRef end,
                               LLVMValueRef step, unsigned ncarried, const LLVMValueRef *init,
                               LLVMValueRef *carried) {
  const char *what = "flyc_kb_for_begin";
  if (!helper_ok(kb, 0, what))
    return NULL;
  const char *bad = ncarried > FLYC_KB_MAX_CARRIED ? "ncarried is over FLYC_KB_MAX_CARRIED (16)"
                    : ncarried && !init            ? "init is NULL while ncarried is not 0"
                    : ncarried && !carried ? "carried is NULL while ncarried is not 0"
                                           : NULL;
  if (bad) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, bad));
    return for_failed(kb, start, ncarried, init, carried);
  }
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED] = {0};
  kb_region_t *r;
  if (!bounds_ok(kb, start, end, step, what) ||
      !yields_ok(kb, init, types, ncarried, what, "init", "") ||
      !open_block(kb, what) || !(r = push(kb, 'f', what)))
    return for_failed(kb, start, ncarried, init, carried);
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(kb->b);
  r->a = LLVMAppendBasicBlockInContext(lc, kb->fn, "for.head");
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(lc, kb->fn, "for.body");
  r->b = LLVMAppendBasicBlockInContext(lc, kb->fn, "for.exit");
  r->n = ncarried;
  r->step = step;
  LLVMBuildBr(kb->b, r->a);
  LLVMPositionBuilderAtEnd(kb->b, r->a);
  header_phis(kb, start, ncarried, init, pre, r->v);
  LLVMBuildCondBr(kb->b, loop_test(kb->b, r->v[0], end, step), bb, r->b);
  LLVMPositionBuilderAtEnd(kb->b, bb);
  for (unsigned i = 0; i < ncarried; i++)
    carried[i] = r->v[i + 1];
  return r->v[0];
}

int flyc_kb_for_end(flyc_kernel_builder_t *kb, const LLVMValueRef *next, LLVMValueRef *results) {
  const char *what = "flyc_kb_for_end";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  kb_region_t *r = top(kb, "f", what);
  if (!r)
    return kb->rc;
  unsigned n = r->n;
  LLVMValueRef nv[FLYC_KB_MAX_CARRIED];
  const LLVMValueRef *nx = next ? copy_in(nv, next, n) : r->v + 1;
  for (unsigned i = 0; results && i < n; i++)
    results[i] = NULL;
  LLVMTypeRef types[FLYC_KB_MAX_CARRIED];
  for (unsigned i = 0; i < n; i++)
    types[i] = LLVMTypeOf(r->v[i + 1]);
  if (!open_block(kb, what) || !yields_ok(kb, nx, types, n, what, "next values", "its init"))
    return kb->rc;
  LLVMValueRef iv = LLVMBuildNSWAdd(kb->b, r->v[0], r->step, "for.next");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(kb->b);
  LLVMAddIncoming(r->v[0], &iv, &latch, 1);
  for (unsigned i = 0; i < n; i++)
    LLVMAddIncoming(r->v[i + 1], (LLVMValueRef *)&nx[i], &latch, 1);
  LLVMValueRef br = LLVMBuildBr(kb->b, r->a);
  if (r->unroll)
    flyc__kb_loop_unroll_md(kb, br, r->unroll - 1);
  LLVMPositionBuilderAtEnd(kb->b, r->b);
  kb->depth--;
  for (unsigned i = 0; results && i < n; i++)
    results[i] = r->v[i + 1];
  return FLYC_OK;
}

int flyc_kb_for_unroll(flyc_kernel_builder_t *kb, unsigned count) {
  const char *what = "flyc_kb_for_unroll";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (count > 1024)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: count %u is over 1024", what, count)),
           FLYC_EINVAL;
  kb_region_t *r = top(kb, "f", what);
  if (!r)
    return kb->rc;
  r->unroll = count + 1;
  return FLYC_OK;
}

int flyc_kb_exit_if(flyc_kernel_builder_t *kb, LLVMValueRef cond) {
  const char *what = "flyc_kb_exit_if";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (!cond_ok(kb, cond, what))
    return kb->rc;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(lc, kb->fn, "exit");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(lc, kb->fn, "cont");
  LLVMBuildCondBr(kb->b, cond, out, cont);
  LLVMPositionBuilderAtEnd(kb->b, out);
  LLVMBuildRetVoid(kb->b);
  LLVMPositionBuilderAtEnd(kb->b, cont);
  return FLYC_OK;
}

int flyc__kb_regions_closed(flyc_kernel_builder_t *kb, int body_ok) {
  int rc = FLYC_OK;
  if (kb->depth && !kb->rc && body_ok)
    rc = flyc__error_set(FLYC_EINVAL, "kernel '%s': a %s region is still open at the end of "
                                      "the body (%u open; each begin needs its end)", kb->name,
                         region_name(kb->regions[kb->depth - 1].kind), kb->depth);
  free(kb->regions);
  kb->regions = NULL;
  kb->depth = 0;
  return rc;
}

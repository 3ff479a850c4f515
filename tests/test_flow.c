/* Structured control flow of flyc/builder.h: flyc_kb_if and flyc_kb_for.
 * Every error they return (exact codes, the culprit named), the IR they
 * leave (LLVMVerifyModule), and what it compiles to on gfx942 (gfx90a on
 * LLVM 15) and sm_90: loops with constant bounds whose carried values the
 * optimizer folds to the value they must have, and a run-time loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

typedef int (*probe_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args);

static int probe_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  int rc = ((probe_fn *)payload)[0](kb, b, args);
  if (rc)
    return rc;
  LLVMBuildRetVoid(b);
  return 0;
}

/* Params: a global i32 pointer, an i32 n. */
static int emit_probe(const char *target, probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, target));
  static probe_fn slot;
  slot = fn;
  flyc_param_t ps[2] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT};
  ps[0].kind = FLYC_PARAM_PTR, ps[0].bits = 32, ps[0].addrspace = 1;
  ps[1].kind = FLYC_PARAM_INT, ps[1].bits = 32;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "probe";
  d.params = ps;
  d.param_count = 2;
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

static LLVMValueRef i32c(flyc_kernel_builder_t *kb, long long v) {
  return LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), (unsigned long long)v, 1);
}
static LLVMValueRef i64c(flyc_kernel_builder_t *kb, long long v) {
  return LLVMConstInt(LLVMInt64TypeInContext(flyc_kb_llvm_context(kb)), (unsigned long long)v, 1);
}

/* ---- bodies ---- */

/* sum += iv */
static int sum_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef iv,
                    const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)kb, (void)p;
  next[0] = LLVMBuildAdd(b, c[0], iv, "");
  return 0;
}

typedef struct arms {
  LLVMValueRef a, b;
} arms_t;
static int arm_a(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y, void *p) {
  (void)kb, (void)b;
  y[0] = ((arms_t *)p)->a;
  return 0;
}
static int arm_b(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y, void *p) {
  (void)kb, (void)b;
  y[0] = ((arms_t *)p)->b;
  return 0;
}

/* sum += iv even ? iv : -iv, through a nested if yielding the term. */
static int alt_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef iv,
                    const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)p;
  LLVMValueRef even = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, iv, i32c(kb, 1), ""),
                                    i32c(kb, 0), "");
  arms_t t = {iv, LLVMBuildNeg(b, iv, "")};
  LLVMValueRef term = NULL;
  int rc = flyc_kb_if(kb, even, arm_a, arm_b, &t, 1, &term);
  if (rc)
    return rc;
  next[0] = LLVMBuildAdd(b, c[0], term, "");
  return 0;
}

static void store0(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                   LLVMValueRef v) {
  (void)kb;
  LLVMBuildStore(b, v, args[0]);
}

/* ---- errors ---- */

static int zero_step(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  LLVMValueRef init = i32c(kb, 0), out = NULL;
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 8), i32c(kb, 0), 1, &init, sum_body, NULL,
                           &out),
               FLYC_EINVAL, "flyc_kb_for", "step is 0");
  assert_poison(out); /* of init's type, to build on */
  assert_true(LLVMTypeOf(out) == LLVMTypeOf(init));
  return 0;
}

static void test_flow__for_refuses_a_zero_step(void **state) {
  (void)state;
  assert_error(emit_probe("gfx90a", zero_step, NULL), FLYC_EINVAL, "step is 0");
}

static int bad_bounds(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef i16 = LLVMConstInt(LLVMInt16TypeInContext(lc), 0, 0);
  assert_error(flyc_kb_for(kb, i16, i16, i16, 0, NULL, sum_body, NULL, NULL), FLYC_EINVAL,
               "start is not an i32 or i64 (it is i16)");
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i64c(kb, 4), i32c(kb, 1), 0, NULL, sum_body, NULL,
                           NULL),
               FLYC_EINVAL, "end is not of start's type (end is i64, start is i32)");
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 4), i64c(kb, 1), 0, NULL, sum_body, NULL,
                           NULL),
               FLYC_EINVAL, "step is not of start's type (step is i64, start is i32)");
  assert_error(flyc_kb_for(kb, NULL, i32c(kb, 4), i32c(kb, 1), 0, NULL, sum_body, NULL, NULL),
               FLYC_EINVAL, "start is NULL");
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 0, NULL, NULL, NULL, NULL),
               FLYC_EINVAL, "body is NULL");
  LLVMValueRef out[17];
  for (int i = 0; i < 17; i++)
    out[i] = i32c(kb, i);
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 1, NULL, sum_body, NULL,
                           out),
               FLYC_EINVAL, "init is NULL");
  assert_null(out[0]); /* no init to take a type from */
  for (int i = 0; i < 17; i++)
    out[i] = i32c(kb, i);
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 17, out, sum_body, NULL,
                           out),
               FLYC_EINVAL, "FLYC_KB_MAX_CARRIED");
  for (int i = 0; i < 17; i++) /* every one of the caller's 17 results: poison of init's type */
    assert_poison(out[i]);
  /* Results overlapping init (results = init + 1): each result has its own
   * init's type, read before the write that lands on it. */
  LLVMValueRef v[4] = {i32c(kb, 1), i64c(kb, 2), i32c(kb, 3), i64c(kb, 4)};
  assert_error(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 0), 3, v, sum_body, NULL,
                           v + 1),
               FLYC_EINVAL, "step is 0");
  assert_true(LLVMTypeOf(v[1]) == LLVMTypeOf(i32c(kb, 0)) && LLVMIsPoison(v[1]));
  assert_true(LLVMTypeOf(v[2]) == LLVMTypeOf(i64c(kb, 0)) && LLVMIsPoison(v[2]));
  assert_true(LLVMTypeOf(v[3]) == LLVMTypeOf(i32c(kb, 0)) && LLVMIsPoison(v[3]));
  return 0;
}

static void test_flow__for_checks_its_bounds(void **state) {
  (void)state;
  /* The emit's status is the first error's. */
  assert_int_equal(emit_probe(nv(), bad_bounds, NULL), FLYC_EINVAL);
  assert_error(flyc_kb_for(NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL), FLYC_EINVAL,
               "flyc_kb_for", "outside a kernel body");
  assert_error(flyc_kb_if(NULL, NULL, NULL, NULL, NULL, 0, NULL), FLYC_EINVAL, "flyc_kb_if",
               "outside a kernel body");
}

static int widen_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef iv,
                      const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)p, (void)c;
  next[0] = LLVMBuildSExt(b, iv, LLVMInt64TypeInContext(flyc_kb_llvm_context(kb)), "");
  return 0;
}

static int carried_mismatch(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef init = i32c(kb, 0), out = NULL;
  int rc = flyc_kb_for(kb, i32c(kb, 0), args[1], i32c(kb, 1), 1, &init, widen_body, NULL, &out);
  assert_error(rc, FLYC_EINVAL, "flyc_kb_for", "value 0 of the next values is i64, not i32 as its init");
  assert_poison(out);
  /* The builder is left at the loop's exit, open: the body may go on. */
  assert_null(LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(b)));
  return rc;
}

static void test_flow__for_carried_types_must_match(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_error(emit_probe("gfx90a", carried_mismatch, &ctx), FLYC_EINVAL, "next values is i64");
  /* Rolled back: no kernel left, and the module still verifies. */
  assert_null(LLVMGetNamedFunction(flyc_ctx_module(ctx), "probe"));
  assert_int_equal(LLVMVerifyModule(flyc_ctx_module(ctx), LLVMReturnStatusAction, NULL), 0);
  flyc_ctx_destroy(ctx);
}

static int ret_arm(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y, void *p) {
  (void)kb, (void)y, (void)p;
  LLVMBuildRetVoid(b);
  return 0;
}
static int unsup_arm(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y, void *p) {
  (void)kb, (void)b, (void)y, (void)p;
  return FLYC_EUNSUPPORTED;
}
static int null_arm(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y, void *p) {
  (void)kb, (void)b, (void)y, (void)p;
  return 0;
}

static int if_errors(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMValueRef t = LLVMConstInt(LLVMInt1TypeInContext(flyc_kb_llvm_context(kb)), 1, 0), r[2];
  assert_error(flyc_kb_if(kb, args[1], arm_a, NULL, NULL, 0, NULL), FLYC_EINVAL,
               "cond must be an i1");
  assert_error(flyc_kb_if(kb, NULL, arm_a, NULL, NULL, 0, NULL), FLYC_EINVAL, "cond is NULL");
  assert_error(flyc_kb_if(kb, t, NULL, NULL, NULL, 0, NULL), FLYC_EINVAL, "then_arm is NULL");
  assert_error(flyc_kb_if(kb, t, arm_a, NULL, NULL, 1, r), FLYC_EINVAL, "needs an else_arm");
  assert_error(flyc_kb_if(kb, t, arm_a, arm_b, NULL, 1, NULL), FLYC_EINVAL, "results is NULL");
  arms_t mixed = {i32c(kb, 1), i64c(kb, 2)};
  assert_error(flyc_kb_if(kb, t, arm_a, arm_b, &mixed, 1, r), FLYC_EINVAL,
               "value 0 of the else arm is i64, not i32 as the then arm's");
  assert_poison(r[0]); /* of the then arm's type */
  assert_error(flyc_kb_if(kb, t, arm_a, null_arm, &mixed, 1, r), FLYC_EINVAL,
               "value 0 of the else arm is NULL");
  assert_error(flyc_kb_if(kb, t, ret_arm, NULL, NULL, 0, NULL), FLYC_EINVAL,
               "already ends in a terminator");
  assert_error(flyc_kb_if(kb, t, unsup_arm, NULL, NULL, 0, NULL), FLYC_EUNSUPPORTED,
               "the then arm callback failed");
  return 0;
}

static void test_flow__if_errors_name_the_culprit(void **state) {
  (void)state;
  assert_int_equal(emit_probe(nv(), if_errors, NULL), FLYC_EINVAL);
}

static int arm_fails(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  LLVMValueRef t = LLVMConstInt(LLVMInt1TypeInContext(flyc_kb_llvm_context(kb)), 1, 0);
  return flyc_kb_if(kb, t, unsup_arm, NULL, NULL, 0, NULL);
}

static void test_flow__an_arm_status_fails_the_emit(void **state) {
  (void)state;
  assert_error(emit_probe("gfx90a", arm_fails, NULL), FLYC_EUNSUPPORTED, "flyc_kb_if",
               "the then arm callback failed (it returned");
}

/* ---- what the loops compute and compile to ---- */

static int const_loops(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef init = i32c(kb, 0), s1 = NULL, s2 = NULL, s3 = NULL;
  assert_ok(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 10), i32c(kb, 1), 1, &init, sum_body, NULL,
                        &s1));
  assert_ok(flyc_kb_for(kb, i32c(kb, 10), i32c(kb, 0), i32c(kb, -2), 1, &init, sum_body, NULL,
                        &s2));
  assert_ok(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 10), i32c(kb, 1), 1, &init, alt_body, NULL,
                        &s3));
  /* 45 (0 + ... + 9), 30 (10 + 8 + ... + 2), -5 (evens minus odds of 0..9),
   * combined so each must be right: 45 * 1000000 + 30 * 1000 - 5 = 45029995. */
  LLVMValueRef v = LLVMBuildAdd(b, LLVMBuildMul(b, s1, i32c(kb, 1000000), ""),
                                LLVMBuildMul(b, s2, i32c(kb, 1000), ""), "");
  store0(kb, b, args, LLVMBuildAdd(b, v, s3, ""));
  return 0;
}

static void test_flow__constant_loops_fold_to_their_sums(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int i = 0; i < 2; i++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(targets[i], const_loops, &ctx));
    char *text = tu_ctx_text(ctx);
    /* 45029995 = 0x2af1a6b */
    if (!strstr(text, "45029995") && !strstr(text, "0x2af1a6b")) {
      print_message("%s:\n%s\n", targets[i], text);
      fail_msg("%s: the loops' carried sums did not fold to 45029995", targets[i]);
    }
    free(text);
  }
}

/* sum += i * j over an inner loop (nested: the outer body runs a for). */
static int inner_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef j,
                      const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)kb;
  next[0] = LLVMBuildAdd(b, c[0], LLVMBuildMul(b, *(LLVMValueRef *)p, j, ""), "");
  return 0;
}
static int outer_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef i,
                      const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)b, (void)p;
  return flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 3), i32c(kb, 1), 1, c, inner_body, &i, next);
}

static int nested(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef init = i32c(kb, 1234567), s = NULL;
  assert_ok(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 1, &init, outer_body, NULL,
                        &s));
  store0(kb, b, args, s);
  return 0;
}

static void test_flow__nested_loops_fold(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int i = 0; i < 2; i++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(targets[i], nested, &ctx));
    char *text = tu_ctx_text(ctx);
    /* 1234567 + (0+1+2+3) * (0+1+2) = 1234585 = 0x12d699 */
    if (!strstr(text, "1234585") && !strstr(text, "0x12d699"))
      fail_msg("%s: the nested loops did not fold to 1234585:\n%s", targets[i], text);
    free(text);
  }
}

/* A next value made inside a nested arm does not reach the latch: refused
 * where it is yielded (it used to reach the verifier, whose text was all
 * the user got). */
static int escape_arm(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y, void *p) {
  (void)y;
  LLVMValueRef *next = p;
  next[0] = LLVMBuildAdd(b, next[0], i32c(kb, 1), "inside");
  return 0;
}

static int escape_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef iv,
                       const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)b, (void)c, (void)p;
  LLVMValueRef t = LLVMConstInt(LLVMInt1TypeInContext(flyc_kb_llvm_context(kb)), 1, 0);
  return flyc_kb_if(kb, t, escape_arm, NULL, next, 0, NULL) == FLYC_OK && iv ? 0 : 1;
}

static int escape(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef init = i32c(kb, 0), s = NULL;
  assert_error(flyc_kb_for(kb, i32c(kb, 0), args[1], i32c(kb, 1), 1, &init, escape_body, NULL,
                           &s), FLYC_EINVAL, "flyc_kb_for: value 0 of the next values",
               "not defined on every path to here");
  assert_non_null(s); /* poison: building on goes on */
  store0(kb, b, args, s);
  return 0;
}

static void test_flow__a_value_escaping_its_arm_is_refused(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_error(emit_probe(amd(), escape, &ctx), FLYC_EINVAL, "value 0 of the next values",
               "inside an if arm or a loop body that has ended");
  assert_null(LLVMGetNamedFunction(flyc_ctx_module(ctx), "probe"));
  flyc_ctx_destroy(ctx);
}

/* out[0]: the alternating sum over [0, n) step 3; out[1]: an i64 loop
 * with a run-time step. */
static int rt_loops(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef init = i32c(kb, 0), s = NULL;
  assert_ok(flyc_kb_for(kb, i32c(kb, 0), args[1], i32c(kb, 3), 1, &init, alt_body, NULL, &s));
  store0(kb, b, args, s);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef n64 = LLVMBuildSExt(b, args[1], i64, ""), init64 = i64c(kb, 7), s64 = NULL;
  assert_ok(flyc_kb_for(kb, i64c(kb, 0), n64, n64, 1, &init64, sum_body, NULL, &s64));
  /* out[1]: one iteration (iv 0) for n > 0, none otherwise: 7 either way. */
  LLVMValueRef s32 = LLVMBuildTrunc(b, s64, LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), "");
  assert_ok(flyc_kb_store(kb, s32, args[0], i32c(kb, 1), 0, 0));
  return 0;
}

static void test_flow__runtime_loops_stay_loops(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  const char *branch[2] = {"s_cbranch", "bra"};
  for (int i = 0; i < 2; i++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(targets[i], rt_loops, &ctx));
    char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
    assert_non_null(strstr(ir, "for.head"));
    assert_non_null(strstr(ir, "icmp slt i32"));
    assert_non_null(strstr(ir, "add nsw i32"));
    assert_non_null(strstr(ir, "icmp sgt i64")); /* the run-time step's sign */
    LLVMDisposeMessage(ir);
    char *text = tu_ctx_text(ctx);
    if (!strstr(text, branch[i]))
      fail_msg("%s: no '%s' (a loop's back edge) in:\n%s", targets[i], branch[i], text);
    free(text);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_flow__for_refuses_a_zero_step),
      cmocka_unit_test(test_flow__for_checks_its_bounds),
      cmocka_unit_test(test_flow__for_carried_types_must_match),
      cmocka_unit_test(test_flow__if_errors_name_the_culprit),
      cmocka_unit_test(test_flow__an_arm_status_fails_the_emit),
      cmocka_unit_test(test_flow__constant_loops_fold_to_their_sums),
      cmocka_unit_test(test_flow__runtime_loops_stay_loops),
      cmocka_unit_test(test_flow__nested_loops_fold),
      cmocka_unit_test(test_flow__a_value_escaping_its_arm_is_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

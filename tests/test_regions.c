/* The inline regions of flyc/builder.h (flyc_kb_if_begin / _else / _if_end,
 * flyc_kb_for_begin / _end), flyc_kb_exit_if and the body's implicit
 * `ret void`: every error (exact codes, the culprit named), that a failed
 * call leaves values one can build on, and what the regions compute once
 * optimized on gfx942 (gfx90a on LLVM 15) and sm_90 (sm_80 on LLVM 15). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

static const char *amd(void) { return FLYC_TEST_LLVM_MAJOR >= 19 ? "gfx942" : "gfx90a"; }
static const char *nv(void) { return FLYC_TEST_LLVM_MAJOR >= 16 ? "sm_90" : "sm_80"; }

/* Params: a global i32 pointer `out`, an i32 `n`. */
static int emit(const char *target, tu_probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_param_t ps[2] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT};
  ps[0].name = "out", ps[0].kind = FLYC_PARAM_PTR, ps[0].bits = 32, ps[0].addrspace = 1;
  ps[1].name = "n", ps[1].kind = FLYC_PARAM_INT, ps[1].bits = 32;
  return tu_emit_probe(target, ps, 2, fn, ctx_out);
}

static LLVMValueRef i32c(flyc_kernel_builder_t *kb, long long v) {
  return LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), (unsigned long long)v, 1);
}
static LLVMValueRef i64c(flyc_kernel_builder_t *kb, long long v) {
  return LLVMConstInt(LLVMInt64TypeInContext(flyc_kb_llvm_context(kb)), (unsigned long long)v, 1);
}
static LLVMValueRef i1c(flyc_kernel_builder_t *kb, int v) {
  return LLVMConstInt(LLVMInt1TypeInContext(flyc_kb_llvm_context(kb)), (unsigned)v, 0);
}

/* ---- what they compute ---- */

/* s1 = sum over i in [0, 10) of (i even ? i : -i)            = -5
 * s2 = 1234567 + sum over i < 4, j < 3 of i * j               = 1234585
 * s3 = sum over i in [10, 0) step -2 of i, through an if
 *      without else that adds 100 when i == 4                 = 130
 * out[0] = s1 * 1000000 + s2 * 10 + s3: each must be right.   = 7345980 */
static int computes(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef zero = i32c(kb, 0), s1, s2, s3, acc, term;
  LLVMValueRef i = flyc_kb_for_begin(kb, zero, i32c(kb, 10), i32c(kb, 1), 1, &zero, &acc);
  LLVMValueRef even = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, i, i32c(kb, 1), ""), zero, "");
  assert_ok(flyc_kb_if_begin(kb, even));
  assert_ok(flyc_kb_else(kb, 1, &i));
  LLVMValueRef neg = LLVMBuildNeg(b, i, "");
  assert_ok(flyc_kb_if_end(kb, 1, &neg, &term));
  LLVMValueRef next = LLVMBuildAdd(b, acc, term, "");
  assert_ok(flyc_kb_for_end(kb, &next, &s1));

  LLVMValueRef init = i32c(kb, 1234567), outer, inner;
  LLVMValueRef oi = flyc_kb_for_begin(kb, zero, i32c(kb, 4), i32c(kb, 1), 1, &init, &outer);
  LLVMValueRef j = flyc_kb_for_begin(kb, zero, i32c(kb, 3), i32c(kb, 1), 1, &outer, &inner);
  next = LLVMBuildAdd(b, inner, LLVMBuildMul(b, oi, j, ""), "");
  assert_ok(flyc_kb_for_end(kb, &next, &inner));
  assert_ok(flyc_kb_for_end(kb, &inner, &s2));

  LLVMValueRef k = flyc_kb_for_begin(kb, i32c(kb, 10), zero, i32c(kb, -2), 1, &zero, &acc);
  LLVMValueRef slot = LLVMBuildGEP2(b, LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), args[0],
                                    (LLVMValueRef[]){i32c(kb, 1)}, 1, "");
  LLVMBuildStore(b, acc, slot); /* a side effect in the loop: not an if's yield */
  assert_ok(flyc_kb_if_begin(kb, LLVMBuildICmp(b, LLVMIntEQ, k, i32c(kb, 4), "")));
  assert_ok(flyc_kb_if_end(kb, 0, NULL, NULL));
  LLVMValueRef bonus = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, k, i32c(kb, 4), ""),
                                       i32c(kb, 100), zero, "");
  next = LLVMBuildAdd(b, LLVMBuildAdd(b, acc, k, ""), bonus, "");
  assert_ok(flyc_kb_for_end(kb, &next, &s3));

  LLVMValueRef v = LLVMBuildAdd(b, LLVMBuildMul(b, s1, i32c(kb, 1000000), ""),
                                LLVMBuildMul(b, s2, i32c(kb, 10), ""), "");
  LLVMBuildStore(b, LLVMBuildAdd(b, v, s3, ""), args[0]);
  return 0; /* no ret void: flyc's */
}

static void test_regions__compute_what_they_say(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit(targets[t], computes, &ctx));
    char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
    assert_non_null(strstr(ir, "for.head"));
    assert_non_null(strstr(ir, "if.val"));
    LLVMDisposeMessage(ir);
    char *text = tu_ctx_text(ctx);
    /* 7345980 = 0x70173c: -5 * 1000000 + 12345850 + 130 */
    if (!strstr(text, "7345980") && !strstr(text, "0x70173c")) {
      print_message("%s:\n%s\n", targets[t], text);
      fail_msg("%s: the regions did not fold to 7345980", targets[t]);
    }
    free(text);
  }
}

/* One array as a region's input and its output, as a C author writes
 * `acc = f(acc)`: flyc_kb_for_end(kb, &acc, &acc), flyc_kb_if_end(kb, 1,
 * &t, &t), flyc_kb_for(..., &acc, body, p, &acc). acc = 500000 plus, over
 * i < 6, (i odd ? 2 i : i) = 24, then plus the i < 10 of a callback loop
 * (45): 500069; then a callback loop whose results overlap its init
 * shifted by one (w + 1 for w): out[0] = (500069 + 45) * 1000 + 7 + 90. */
static int add_iv(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef iv,
                  const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)kb, (void)p;
  next[0] = LLVMBuildAdd(b, c[0], iv, "");
  return 0;
}
static int add_iv2(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef iv,
                   const LLVMValueRef *c, LLVMValueRef *next, void *p) {
  (void)p;
  next[0] = LLVMBuildAdd(b, c[0], iv, "");
  next[1] = LLVMBuildAdd(b, c[1], LLVMBuildMul(b, iv, i32c(kb, 2), ""), "");
  return 0;
}
static int aliased(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef acc = i32c(kb, 500000), t;
  LLVMValueRef i = flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 6), i32c(kb, 1), 1, &acc, &acc);
  assert_ok(flyc_kb_if_begin(kb, LLVMBuildTrunc(b, i, LLVMInt1TypeInContext(
                                                          flyc_kb_llvm_context(kb)), "")));
  t = LLVMBuildShl(b, i, i32c(kb, 1), "");
  assert_ok(flyc_kb_else(kb, 1, &t));
  t = i;
  assert_ok(flyc_kb_if_end(kb, 1, &t, &t));
  acc = LLVMBuildAdd(b, acc, t, "");
  assert_ok(flyc_kb_for_end(kb, &acc, &acc));
  assert_ok(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 10), i32c(kb, 1), 1, &acc, add_iv, NULL, &acc));
  /* results overlapping init shifted by one: w[1], w[2] = acc + 45, 7 + 90 */
  LLVMValueRef w[3] = {acc, i32c(kb, 7), i32c(kb, -1)};
  assert_ok(flyc_kb_for(kb, i32c(kb, 0), i32c(kb, 10), i32c(kb, 1), 2, w, add_iv2, NULL, w + 1));
  LLVMBuildStore(b, LLVMBuildAdd(b, LLVMBuildMul(b, w[1], i32c(kb, 1000), ""), w[2], ""),
                 args[0]);
  return 0;
}

static void test_regions__inputs_may_be_the_outputs(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit(targets[t], aliased, &ctx));
    char *text = tu_ctx_text(ctx);
    /* (500069 + 45) * 1000 + 97 = 500114097 = 0x1dcf22b1 */
    if (!strstr(text, "500114097") && !strstr(text, "0x1dcf22b1")) {
      print_message("%s:\n%s\n", targets[t], text);
      fail_msg("%s: the aliased regions did not fold to 500114097", targets[t]);
    }
    free(text);
  }
}

/* flyc_kb_for_unroll: out[j] = j over j < n, unrolled by 4 (a run-time
 * trip count); a constant loop of 8 unrolled fully; a loop never unrolled;
 * and the errors. */
static int unrolled(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef j = flyc_kb_for_begin(kb, i32c(kb, 0), args[1], i32c(kb, 1), 0, NULL, NULL);
  assert_ok(flyc_kb_for_unroll(kb, 2));
  assert_ok(flyc_kb_for_unroll(kb, 4)); /* the last count holds */
  LLVMBuildStore(b, j, LLVMBuildGEP2(b, i32, args[0], &j, 1, ""));
  assert_ok(flyc_kb_for_end(kb, NULL, NULL));
  LLVMValueRef zero = i32c(kb, 0), acc, next;
  LLVMValueRef k = flyc_kb_for_begin(kb, zero, i32c(kb, 8), i32c(kb, 1), 1, &zero, &acc);
  assert_ok(flyc_kb_for_unroll(kb, 0));
  next = LLVMBuildAdd(b, acc, LLVMBuildLoad2(b, i32, LLVMBuildGEP2(b, i32, args[0], &k, 1, ""),
                                             ""), "");
  assert_ok(flyc_kb_for_end(kb, &next, &acc));
  LLVMValueRef m = flyc_kb_for_begin(kb, zero, args[1], i32c(kb, 1), 0, NULL, NULL);
  assert_ok(flyc_kb_for_unroll(kb, 1));
  LLVMBuildStore(b, acc, LLVMBuildGEP2(b, i32, args[0], &m, 1, ""));
  assert_ok(flyc_kb_for_end(kb, NULL, NULL));
  return 0;
}
static int unroll_errors(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  assert_error(flyc_kb_for_unroll(kb, 4), FLYC_EINVAL, "flyc_kb_for_unroll", "no region");
  flyc_kb_for_begin(kb, i32c(kb, 0), args[1], i32c(kb, 1), 0, NULL, NULL);
  assert_error(flyc_kb_for_unroll(kb, 1025), FLYC_EINVAL, "flyc_kb_for_unroll", "1025",
               "over 1024");
  flyc_kb_if_begin(kb, i1c(kb, 1));
  assert_error(flyc_kb_for_unroll(kb, 4), FLYC_EINVAL, "flyc_kb_for_unroll", "if");
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_for_end(kb, NULL, NULL);
  return 0;
}

static void test_regions__unroll_hints_reach_llvm(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit(targets[t], unrolled, &ctx));
    char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
    assert_non_null(strstr(ir, "!{!\"llvm.loop.unroll.count\", i32 4}"));
    assert_non_null(strstr(ir, "!{!\"llvm.loop.unroll.full\"}"));
    assert_non_null(strstr(ir, "!{!\"llvm.loop.unroll.disable\"}"));
    assert_non_null(strstr(ir, "= distinct !{!"));
    LLVMDisposeMessage(ir);
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
  /* The NVPTX code: the first loop's four stores an iteration, and one in
   * the remainder loop that takes the last n % 4; the last loop's one. */
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit(nv(), unrolled, &ctx));
  char *text = tu_ctx_text(ctx);
  int stores = 0; /* 4 in the unrolled body, 1 in its remainder, 1 the last loop's */
  for (char *p = strstr(text, "st.global"); p; p = strstr(p + 1, "st.global"))
    stores++;
  if (stores < 6) {
    print_message("%s\n", text);
    fail_msg("%d stores: the loop unrolled by 4 should have 4 and a remainder's", stores);
  }
  free(text);
  assert_error(emit(amd(), unroll_errors, NULL), FLYC_EINVAL, "flyc_kb_for_unroll");
}

/* out[0] = 1 for threads with tid < n: the guard either exits every
 * thread (a constant true) or none (a constant false). */
static int guard_true(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  assert_ok(flyc_kb_exit_if(kb, i1c(kb, 1)));
  LLVMBuildStore(b, i32c(kb, 424242), args[0]);
  return 0;
}
static int guard_false(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  assert_ok(flyc_kb_exit_if(kb, i1c(kb, 0)));
  LLVMBuildStore(b, i32c(kb, 424242), args[0]);
  return 0;
}
/* A run-time guard and an if arm with a return of its own. */
static int guard_rt(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0);
  assert_ok(flyc_kb_exit_if(kb, LLVMBuildICmp(b, LLVMIntUGE, tid, args[1], "")));
  assert_ok(flyc_kb_if_begin(kb, LLVMBuildICmp(b, LLVMIntEQ, tid, i32c(kb, 7), "")));
  LLVMBuildStore(b, i32c(kb, 77), args[0]);
  LLVMBuildRetVoid(b);
  assert_ok(flyc_kb_if_end(kb, 0, NULL, NULL));
  LLVMBuildStore(b, i32c(kb, 424242), args[0]);
  return 0;
}

static void test_regions__exit_if_guards(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit(targets[t], guard_true, &ctx));
    char *text = tu_ctx_text(ctx); /* 424242 = 0x67932 */
    if (strstr(text, "424242") || strstr(text, "0x67932"))
      fail_msg("%s: a store after a guard that always exits is still there:\n%s", targets[t],
               text);
    free(text);
    assert_ok(emit(targets[t], guard_false, &ctx));
    text = tu_ctx_text(ctx);
    if (!strstr(text, "424242") && !strstr(text, "0x67932"))
      fail_msg("%s: the store after a guard that never exits is gone:\n%s", targets[t], text);
    free(text);
    assert_ok(emit(targets[t], guard_rt, &ctx));
    char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
    assert_non_null(strstr(ir, "icmp uge i32"));
    assert_non_null(strstr(ir, "exit:"));
    LLVMDisposeMessage(ir);
    text = tu_ctx_text(ctx);
    if (!strstr(text, "424242") && !strstr(text, "0x67932"))
      fail_msg("%s: the guarded store is gone:\n%s", targets[t], text);
    free(text);
  }
}

/* out[0] = n < 5 ? out[n] : 31337 (a load only where the guard holds);
 * out[1] = 7 where n == 0. Constant guards fold. */
static int guarded(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef lt = LLVMBuildICmp(b, LLVMIntSLT, args[1], i32c(kb, 5), "");
  LLVMValueRef v = flyc_kb_load_if(kb, lt, i32, 1, args[0], args[1], i32c(kb, 31337), 0, 0);
  assert_non_null(v);
  assert_ok(flyc_kb_store(kb, v, args[0], i32c(kb, 0), 0, 0));
  LLVMValueRef z = LLVMBuildICmp(b, LLVMIntEQ, args[1], i32c(kb, 0), "");
  assert_ok(flyc_kb_store_if(kb, z, i32c(kb, 7), args[0], i32c(kb, 1), 0, 0));
  LLVMValueRef never = flyc_kb_load_if(kb, i1c(kb, 0), i32, 1, args[0], args[1],
                                       i32c(kb, 4242), 0, 0);
  assert_ok(flyc_kb_store(kb, never, args[0], i32c(kb, 2), 0, 0));
  return 0;
}

static int guard_errors(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  assert_poison(flyc_kb_load_if(kb, i1c(kb, 1), f32, 1, args[0], args[1], i32c(kb, 0), 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL,
               "flyc_kb_load_if: other is i32, not float as the load");
  assert_poison(flyc_kb_load_if(kb, args[1], f32, 1, args[0], args[1], i32c(kb, 0), 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_load_if: cond must be an i1");
  assert_poison(flyc_kb_load_if(kb, i1c(kb, 1), f32, 1, args[0], args[1], NULL, 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_load_if: other is NULL");
  assert_poison(flyc_kb_load_if(kb, i1c(kb, 1), f32, 3, args[0], args[1],
                              LLVMConstReal(f32, 0.0), 0, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_load_if: ", "vector width 3");
  assert_error(flyc_kb_store_if(kb, NULL, i32c(kb, 1), args[0], args[1], 0, 0), FLYC_EINVAL,
               "flyc_kb_store_if: cond is NULL");
  assert_error(flyc_kb_store_if(kb, i1c(kb, 1), NULL, args[0], args[1], 0, 0), FLYC_EINVAL,
               "flyc_kb_store_if: value is NULL");
  return 0;
}

/* The first error fails the emit under the guarded access's own name. */
static int guard_first_error(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  assert_error(flyc_kb_store_if(kb, i1c(kb, 1), i32c(kb, 1), args[0], args[1], 3, 0),
               FLYC_EINVAL, "flyc_kb_store_if: ");
  return 0;
}

static void test_regions__guarded_accesses(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit(targets[t], guarded, &ctx));
    char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
    /* the load sits in the guarded arm, not before the branch */
    char *then = strstr(ir, "if.then:"), *load = strstr(ir, "load i32");
    assert_true(then && load && load > then);
    LLVMDisposeMessage(ir);
    char *text = tu_ctx_text(ctx);
    /* 31337 = 0x7a69; 4242 = 0x1092 folds in (a load that never happens) */
    if ((!strstr(text, "31337") && !strstr(text, "0x7a69")) ||
        (!strstr(text, "4242") && !strstr(text, "0x1092")))
      fail_msg("%s: the guards' other values are not in:\n%s", targets[t], text);
    free(text);
  }
  assert_error(emit(nv(), guard_errors, NULL), FLYC_EINVAL, "other is i32, not float");
  assert_error(emit(nv(), guard_first_error, NULL), FLYC_EINVAL,
               "flyc_kb_store_if: alignment 3 is not a power of two");
}

/* ---- errors ---- */

static int misuse(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  LLVMValueRef t = i1c(kb, 1), r[2] = {NULL, NULL};
  assert_error(flyc_kb_if_end(kb, 0, NULL, NULL), FLYC_EINVAL, "flyc_kb_if_end",
               "no region is open");
  assert_error(flyc_kb_for_end(kb, NULL, NULL), FLYC_EINVAL, "flyc_kb_for_end",
               "no region is open");
  assert_error(flyc_kb_else(kb, 0, NULL), FLYC_EINVAL, "flyc_kb_else", "no region is open");
  assert_error(flyc_kb_if_begin(kb, args[1]), FLYC_EINVAL, "cond must be an i1");
  assert_error(flyc_kb_if_begin(kb, NULL), FLYC_EINVAL, "flyc_kb_if_begin: cond is NULL");
  assert_error(flyc_kb_exit_if(kb, args[1]), FLYC_EINVAL, "flyc_kb_exit_if: cond must be an i1");

  assert_ok(flyc_kb_if_begin(kb, t));
  assert_error(flyc_kb_for_end(kb, NULL, NULL), FLYC_EINVAL,
               "flyc_kb_for_end: the innermost region is a flyc_kb_if_begin");
  assert_error(flyc_kb_if_end(kb, 1, &t, r), FLYC_EINVAL,
               "an if without flyc_kb_else yields no values");
  LLVMValueRef y32 = i32c(kb, 1), y64 = i64c(kb, 2);
  assert_error(flyc_kb_else(kb, 17, &y32), FLYC_EINVAL, "nyield is over FLYC_KB_MAX_CARRIED");
  assert_error(flyc_kb_else(kb, 1, NULL), FLYC_EINVAL, "yield is NULL while nyield is not 0");
  assert_ok(flyc_kb_else(kb, 1, &y32));
  assert_error(flyc_kb_else(kb, 0, NULL), FLYC_EINVAL, "already in its else arm");
  assert_error(flyc_kb_if_end(kb, 0, NULL, NULL), FLYC_EINVAL,
               "the else arm yields another number of values than the then arm");
  assert_error(flyc_kb_if_end(kb, 1, &y32, NULL), FLYC_EINVAL, "results is NULL");
  assert_error(flyc_kb_if_end(kb, 1, &y64, r), FLYC_EINVAL,
               "value 0 of the else arm is i64, not i32 as the then arm's");
  assert_null(r[0]);
  assert_ok(flyc_kb_if_end(kb, 1, &y32, r));
  assert_non_null(r[0]);

  /* A then arm that returned cannot yield. */
  assert_ok(flyc_kb_if_begin(kb, t));
  LLVMBuildRetVoid(b);
  assert_error(flyc_kb_else(kb, 1, &y32), FLYC_EINVAL, "must fall through");
  assert_ok(flyc_kb_else(kb, 0, NULL));
  assert_ok(flyc_kb_if_end(kb, 0, NULL, NULL));

  LLVMValueRef c[1] = {NULL};
  LLVMValueRef iv = flyc_kb_for_begin(kb, i32c(kb, 0), i64c(kb, 4), i32c(kb, 1), 1, &y32, c);
  assert_error(flyc_error_last()->code, FLYC_EINVAL,
               "end is not of start's type (end is i64, start is i32)");
  assert_true(iv && LLVMIsPoison(iv) && c[0] && LLVMIsPoison(c[0])); /* one can build on */
  assert_null(flyc_kb_for_begin(kb, NULL, i32c(kb, 4), i32c(kb, 1), 0, NULL, NULL));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "start is NULL");
  iv = flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 1, &y32, NULL);
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "carried is NULL while ncarried is not 0");
  iv = flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 0), 0, NULL, NULL);
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "step is 0");
  /* Over the limit: every one of the caller's 17 carried values is set. */
  LLVMValueRef init17[17], c17[17];
  for (int i = 0; i < 17; i++)
    init17[i] = y32, c17[i] = NULL;
  iv = flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 17, init17, c17);
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "ncarried is over FLYC_KB_MAX_CARRIED");
  for (int i = 0; i < 17; i++)
    assert_true(c17[i] && LLVMIsPoison(c17[i]));

  iv = flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 1, &y32, c);
  assert_true(iv && !LLVMIsPoison(iv) && LLVMIsAPHINode(c[0]));
  assert_error(flyc_kb_else(kb, 0, NULL), FLYC_EINVAL,
               "flyc_kb_else: the innermost region is a flyc_kb_for_begin");
  assert_error(flyc_kb_if_end(kb, 0, NULL, NULL), FLYC_EINVAL,
               "flyc_kb_if_end: the innermost region is a flyc_kb_for_begin");
  assert_error(flyc_kb_for_end(kb, &y64, NULL), FLYC_EINVAL,
               "value 0 of the next values is i64, not i32 as its init");
  assert_ok(flyc_kb_for_end(kb, NULL, r)); /* unchanged: the init */
  assert_ptr_equal(r[0], c[0]);
  return 0;
}

static void test_regions__misuse_names_the_culprit(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  /* The first error fails the emit; the kernel is rolled back whole. */
  assert_error(emit(nv(), misuse, &ctx), FLYC_EINVAL, "flyc_kb_if_end", "no region is open");
  assert_null(LLVMGetNamedFunction(flyc_ctx_module(ctx), "probe"));
  assert_int_equal(LLVMVerifyModule(flyc_ctx_module(ctx), LLVMReturnStatusAction, NULL), 0);
  flyc_ctx_destroy(ctx);
}

static int left_open(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  assert_ok(flyc_kb_if_begin(kb, i1c(kb, 1)));
  flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 0, NULL, NULL);
  return 0;
}

static int too_deep(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  for (int i = 0; i < FLYC_KB_MAX_DEPTH; i++)
    assert_ok(flyc_kb_if_begin(kb, i1c(kb, 1)));
  assert_error(flyc_kb_if_begin(kb, i1c(kb, 1)), FLYC_EINVAL, "32 regions are already open");
  for (int i = 0; i < FLYC_KB_MAX_DEPTH; i++)
    flyc_kb_if_end(kb, 0, NULL, NULL);
  return 0;
}

static int arm_closes_outer(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y,
                            void *p) {
  (void)b, (void)y, (void)p;
  assert_error(flyc_kb_if_end(kb, 0, NULL, NULL), FLYC_EINVAL,
               "the innermost region was opened outside the running callback");
  return 0;
}
static int arm_leaves_open(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y,
                           void *p) {
  (void)b, (void)y, (void)p;
  return flyc_kb_if_begin(kb, i1c(kb, 1));
}
static int closes_outer(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  assert_ok(flyc_kb_if_begin(kb, i1c(kb, 1)));
  flyc_kb_if(kb, i1c(kb, 0), arm_closes_outer, NULL, NULL, 0, NULL);
  return flyc_kb_if_end(kb, 0, NULL, NULL);
}
static int leaves_open(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  return flyc_kb_if(kb, i1c(kb, 0), arm_leaves_open, NULL, NULL, 0, NULL);
}

static void test_regions__nesting_is_checked(void **state) {
  (void)state;
  assert_error(emit(amd(), left_open, NULL), FLYC_EINVAL, "kernel 'probe'",
               "a flyc_kb_for_begin region is still open at the end of the body (2 open");
  assert_error(emit(amd(), too_deep, NULL), FLYC_EINVAL, "FLYC_KB_MAX_DEPTH");
  assert_error(emit(amd(), closes_outer, NULL), FLYC_EINVAL, "opened outside the running callback");
  assert_error(emit(amd(), leaves_open, NULL), FLYC_EINVAL,
               "flyc_kb_if: the then arm left a flyc_kb_if_begin region open");
  /* Outside a body: an error, no crash. */
  assert_error(flyc_kb_if_begin(NULL, NULL), FLYC_EINVAL, "outside a kernel body");
  assert_error(flyc_kb_for_end(NULL, NULL, NULL), FLYC_EINVAL, "outside a kernel body");
  assert_null(flyc_kb_for_begin(NULL, NULL, NULL, NULL, 0, NULL, NULL));
  assert_error(flyc_kb_exit_if(NULL, NULL), FLYC_EINVAL, "outside a kernel body");
}

/* ---- what helper-39 found ---- */

/* A collective after an earlier, unrelated error still builds (no NULL to
 * crash LLVMBuild*); the emit fails with the first error. */
static int reduce_after_error(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  assert_null(flyc_kb_thread_idx(kb, 7));
  LLVMValueRef f = LLVMBuildUIToFP(b, args[1], LLVMFloatTypeInContext(flyc_kb_llvm_context(kb)),
                                   "");
  assert_non_null(flyc_kb_warp_reduce(kb, FLYC_REDUCE_SUM, f, 0));
  assert_non_null(flyc_kb_warp_reduce(kb, FLYC_REDUCE_MAX, args[1], 0));
  assert_non_null(flyc_kb_shuffle(kb, FLYC_SHUFFLE_XOR, f, i32c(kb, 1), 0));
  return 0;
}

static int open_and_fail(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  flyc_kb_for_begin(kb, i32c(kb, 0), i32c(kb, 4), i32c(kb, 1), 0, NULL, NULL);
  flyc_error_clear();
  return FLYC_EUNSUPPORTED;
}

static int arm_opens_and_fails(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *y,
                               void *p) {
  (void)b, (void)y, (void)p;
  flyc_kb_if_begin(kb, i1c(kb, 1));
  return FLYC_EUNSUPPORTED;
}
static int arm_fails(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  return flyc_kb_if(kb, i1c(kb, 1), arm_opens_and_fails, NULL, NULL, 0, NULL);
}

static int snan(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  uint32_t bits = 0x7fa00001u, back = 0;
  float v;
  memcpy(&v, &bits, sizeof v);
  LLVMValueRef c = LLVMConstBitCast(flyc_kb_f32(kb, v), LLVMInt32TypeInContext(
                                                             flyc_kb_llvm_context(kb)));
  back = (uint32_t)LLVMConstIntGetZExtValue(c);
  assert_int_equal(back, bits);
  return 0;
}

static int rolled_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  (void)b, (void)payload;
  assert_non_null(flyc_kb_block_reduce(kb, FLYC_REDUCE_SUM, args[1]));
  return FLYC_EUNSUPPORTED;
}

static void test_regions__errors_keep_their_own_status(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++)
    assert_error(emit(targets[t], reduce_after_error, NULL), FLYC_EINVAL, "axis 7");
  /* The body's own status wins over the region it left open. */
  assert_int_equal(emit(amd(), open_and_fail, NULL), FLYC_EUNSUPPORTED);
  assert_null(strstr(flyc_error_last()->message, "still open"));
  assert_error(emit(amd(), arm_fails, NULL), FLYC_EUNSUPPORTED, "then arm callback failed");
  assert_ok(emit(amd(), snan, NULL));
  /* A rolled-back kernel's helper globals go with it. */
  flyc_param_t ps[2] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT};
  ps[0].kind = FLYC_PARAM_PTR, ps[0].bits = 32, ps[0].addrspace = 1;
  ps[1].kind = FLYC_PARAM_INT, ps[1].bits = 32;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  uint32_t launch[3] = {256, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "rolled";
  d.params = ps;
  d.param_count = 2;
  d.launch_block = launch;
  d.body = rolled_body;
  assert_int_equal(flyc_kernel_emit(ctx, &d, NULL), FLYC_EUNSUPPORTED);
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_null(strstr(ir, "__flyc_block_reduce"));
  LLVMDisposeMessage(ir);
  flyc_ctx_destroy(ctx);
}

/* ---- values used where they are not defined ---- */

static int which_escape;

/* A value made inside a region that has ended, yielded from outside it:
 * 0 from an inner if's arm out of the outer arm; 1 from a loop body after
 * the loop; 2 the then arm's value from the else arm. The verifier would
 * refuse each at compile time, with its own text; the builder names it. */
static int escapes(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef c = LLVMBuildICmp(b, LLVMIntSGT, args[1], i32c(kb, 0), ""), inner = NULL, r;
  if (which_escape == 1) {
    LLVMValueRef init = i32c(kb, 0), carried;
    flyc_kb_for_begin(kb, i32c(kb, 0), args[1], i32c(kb, 1), 1, &init, &carried);
    inner = LLVMBuildAdd(b, carried, args[1], "inner");
    flyc_kb_for_end(kb, &inner, &r);
    flyc_kb_if_begin(kb, c);
    flyc_kb_else(kb, 1, &inner); /* inner is the body's, not the exit's */
    return flyc_kb_if_end(kb, 1, &r, &r);
  }
  flyc_kb_if_begin(kb, c);
  if (which_escape == 0) {
    flyc_kb_if_begin(kb, c);
    inner = LLVMBuildAdd(b, args[1], i32c(kb, 7), "inner");
    flyc_kb_if_end(kb, 0, NULL, NULL);
  } else {
    inner = LLVMBuildAdd(b, args[1], i32c(kb, 7), "inner");
  }
  flyc_kb_else(kb, 1, which_escape == 0 ? &inner : &args[1]);
  return flyc_kb_if_end(kb, 1, which_escape == 2 ? &inner : &args[1], &r);
}

/* The same shapes, each value yielded where it is defined: they emit. */
static int in_scope(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef c = LLVMBuildICmp(b, LLVMIntSGT, args[1], i32c(kb, 0), ""), v, r, w;
  flyc_kb_if_begin(kb, c);
  flyc_kb_if_begin(kb, c);
  v = LLVMBuildAdd(b, args[1], i32c(kb, 7), "");
  flyc_kb_else(kb, 1, &v);
  flyc_kb_if_end(kb, 1, &args[1], &w); /* carried out of the inner if */
  flyc_kb_else(kb, 1, &w);
  flyc_kb_if_end(kb, 1, &args[1], &r);
  flyc_kb_store(kb, r, args[0], i32c(kb, 0), 0, 0);
  LLVMBuildRetVoid(b);
  return 0;
}

/* A value of the loop's body stored after the loop: no helper sees that
 * use, LLVM's verifier does; the message says what the builder's cause is. */
static int used_after_loop(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef i = flyc_kb_for_begin(kb, i32c(kb, 0), args[1], i32c(kb, 1), 0, NULL, NULL);
  LLVMValueRef x = LLVMBuildAdd(b, i, i32c(kb, 1), "x");
  assert_ok(flyc_kb_for_end(kb, NULL, NULL));
  LLVMBuildStore(b, x, args[0]);
  return 0;
}

static void test_regions__values_from_ended_regions_are_refused(void **state) {
  (void)state;
  assert_error(emit(amd(), used_after_loop, NULL), FLYC_EIR, "kernel 'probe'",
               "a value made inside an if arm or a loop body is used after that region ended",
               "does not dominate all uses");
  static const char *const where[] = {"flyc_kb_else: value 0 of the then arm",
                                      "flyc_kb_else: value 0 of the then arm",
                                      "flyc_kb_if_end: value 0 of the else arm"};
  for (which_escape = 0; which_escape < 3; which_escape++)
    assert_error(emit(amd(), escapes, NULL), FLYC_EINVAL, where[which_escape],
                 "not defined on every path to here", "yield it out of its own region");
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit(nv(), in_scope, &ctx));
  free(tu_ctx_text(ctx));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_regions__compute_what_they_say),
      cmocka_unit_test(test_regions__inputs_may_be_the_outputs),
      cmocka_unit_test(test_regions__unroll_hints_reach_llvm),
      cmocka_unit_test(test_regions__exit_if_guards),
      cmocka_unit_test(test_regions__guarded_accesses),
      cmocka_unit_test(test_regions__misuse_names_the_culprit),
      cmocka_unit_test(test_regions__nesting_is_checked),
      cmocka_unit_test(test_regions__errors_keep_their_own_status),
      cmocka_unit_test(test_regions__values_from_ended_regions_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

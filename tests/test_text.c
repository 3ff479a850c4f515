/* Kernel text (flyc/builder.h: flyc_kb_let, flyc_kb_let_int,
 * flyc_kb_shared_array, flyc_kb_eval, flyc_kb_do, flyc_kb_loop): what it
 * computes once optimized (the constants it folds to, on gfx942 and
 * sm_90; gfx90a and sm_80 on LLVM 15), that C's unevaluated operands load
 * nothing, the atomics it lowers to, and every error (exact codes, the
 * culprit named). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/builder.h"
#include "flyc/kernel.h"
#include "util.h"

static const char *amd(void) { return FLYC_TEST_LLVM_MAJOR >= 19 ? "gfx942" : "gfx90a"; }
static const char *nv(void) { return FLYC_TEST_LLVM_MAJOR >= 16 ? "sm_90" : "sm_80"; }

/* Params: `out` (global i32, elem i32), `n` (i32), `src` (global f32, elem
 * f32), `ro` (constant i32, elem i32), `raw` (global, no elem). */
static int emit(const char *target, tu_probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_param_t ps[5] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT, FLYC_PARAM_INIT, FLYC_PARAM_INIT,
                        FLYC_PARAM_INIT};
  ps[0].name = "out", ps[0].kind = FLYC_PARAM_PTR, ps[0].addrspace = 1, ps[0].elem = "i32";
  ps[1].name = "n", ps[1].kind = FLYC_PARAM_INT, ps[1].bits = 32;
  ps[2].name = "src", ps[2].kind = FLYC_PARAM_PTR, ps[2].addrspace = 1, ps[2].elem = "f32";
  ps[3].name = "ro", ps[3].kind = FLYC_PARAM_PTR, ps[3].addrspace = 4, ps[3].elem = "i32";
  ps[4].name = "raw", ps[4].kind = FLYC_PARAM_PTR, ps[4].addrspace = 1;
  return tu_emit_probe(target, ps, 5, fn, ctx_out);
}

/* Fails unless the compiled text holds `v` (decimal, as PTX prints it, or
 * hex, as the AMDGPU disassembly does). */
static void assert_folded(const char *text, const char *target, long v) {
  char dec[32], hex[32];
  snprintf(dec, sizeof dec, "%ld", v);
  snprintf(hex, sizeof hex, "0x%lx", v);
  if (!strstr(text, dec) && !strstr(text, hex)) {
    print_message("%s:\n%s\n", target, text);
    fail_msg("%s: the text did not fold to %ld", target, v);
  }
}

/* ---- what it computes ---- */

/* out[0] = s * 1000000 + t * 10 + u, with
 *   s = sum over i < 10 of (i even ? i : -i)                     = -5
 *   t = 1234567 + sum over i < 4, j < 3 of i * j                 = 1234585
 *   u = sum over k = 0, 3, ... 18 of k, plus 100 where k == 9    = 163
 * = 7346013; out[1] = g * 1000 + h = 13060 (a float variable, compound
 * assignments and shifts); out[2] = an i8 that wraps, + 100000 = 99944;
 * out[3] = 0xffffffff / 2 unsigned = 2147483647 - the constexpr-like
 * BASE (flyc_kb_let_int) 5000 and a flyc_kb_let value; out[4] = a
 * variable declared in an if arm is not the one after it: 424242. */
static int computes(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  assert_ok(flyc_kb_let_int(kb, "BASE", 5000));
  assert_ok(flyc_kb_let(kb, "seven", flyc_kb_i32(kb, 7), NULL));
  assert_ok(flyc_kb_do(kb, 0,
                       "s = 0; for (i = 0; i < 10; i++) s += i % 2 == 0 ? i : -i;"
                       "t = 1234567;"
                       "for (i = 0; i < 4; i++) for (j = 0; j < 3; j += 1) t += i * j;"
                       "u = 0;"
                       "for (k = 0; k < 20; k += 3) { if (k == 9) u += 100; u = u + k; }"
                       "out[0] = s * 1000000 + t * 10 + u;"));
  assert_ok(flyc_kb_do(kb, 0,
                       "f = 1.5f; f *= 4; g = i32(f) + seven; h = 7; h <<= 3; h |= 5; h--;"
                       "out[1] = g * 1000 + h; c = i8(100); c += 100; out[2] = c + 100000"));
  assert_ok(flyc_kb_do(kb, FLYC_EXPR_UNSIGNED, "x = 0xffffffff; x /= 2; out[3] = x - BASE"));
  /* a variable of an if's arm is gone after it: `w = ...` then declares a new one */
  assert_ok(flyc_kb_do(kb, 0, "if (n > 0) { w = 1; w++ } w = 424242; out[4] = w"));
  /* else, after the then arm's ';' as C writes it; warpSize a literal */
  assert_ok(flyc_kb_do(kb, 0,
                       "e = 0; if (BASE > 9) e = 31000; else e = 1; if (BASE < 9) e += 7;"
                       "else if (BASE == 5000) e += 300; else e += 5;"
                       "out[7] = e + warpSize"));
  LLVMValueRef v = flyc_kb_eval(kb, 0, "s * -2 + BASE");
  assert_non_null(v);
  assert_ok(flyc_kb_let(kb, "v", v, NULL));
  assert_ok(flyc_kb_do(kb, 0, "out[5] = v"));
  /* an unsigned loop to 3 << 30 runs 4 times (signed i32, it would run none) */
  assert_ok(flyc_kb_let(
      kb, "big", LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), 0xC0000000u, 0),
      NULL));
  assert_ok(
      flyc_kb_do(kb, FLYC_EXPR_UNSIGNED,
                 "cnt = 0; for (i = 0; i < big; i += 1000000000) cnt++; out[6] = cnt + 777000"));
  /* ... and its variable is C's unsigned i32 all the same: i * 4 wraps at 2^32
   * before the division (4e9, 3705032704, 3410065408: 11115097 in all, where
   * 64-bit products would give 24000000) */
  assert_ok(flyc_kb_do(kb, FLYC_EXPR_UNSIGNED,
                       "acc = 0; for (i = 0; i < big; i += 1000000000) acc += i * 4 / 1000;"
                       "out[8] = acc + 5000000"));
  return 0;
}

static void test_text__computes_what_c_would(void **state) {
  (void)state;
  const char *targets[2] = {amd(), nv()};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit(targets[t], computes, &ctx));
    char *text = tu_ctx_text(ctx);
    assert_folded(text, targets[t], 7346013);
    assert_folded(text, targets[t], 13060);
    assert_folded(text, targets[t], 99944);
    assert_folded(text, targets[t], 2147483647L - 5000);
    assert_folded(text, targets[t], 424242);
    assert_folded(text, targets[t], 5010);
    assert_folded(text, targets[t], 777004);
    assert_folded(text, targets[t], t == 0 ? 31364 : 31332); /* warpSize 64, 32 */
    assert_folded(text, targets[t], 16115097);
    free(text);
  }
}

/* ---- C's evaluation: what is not evaluated does not load ---- */

static int guarded(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  return flyc_kb_do(kb, 0,
                    "i = threadIdx.x;"
                    "if (i < n && out[i] > 0) out[0] = 1;"
                    "a = i < n ? src[i] : 0.0f;"
                    "z = i >= n || out[i] == 7;"
                    "out[1] = i32(a) + z;"
                    "out[2] = i < n & i > 2 ? 3 : 4");
}

/* The instructions of the block named `name` (up to the next label). */
static char *block_text(const char *ir, const char *name) {
  char label[64];
  snprintf(label, sizeof label, "\n%s:", name);
  const char *s = strstr(ir, label);
  if (!s)
    return NULL;
  s += strlen(label);
  const char *e = strstr(s, "\n\n"); /* blocks are apart by a blank line */
  const char *nl = e ? e : s + strlen(s);
  size_t len = (size_t)(nl - s);
  char *r = malloc(len + 1);
  memcpy(r, s, len);
  r[len] = 0;
  return r;
}

static void test_text__unevaluated_operands_do_not_load(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit(amd(), guarded, &ctx));
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  /* each load sits in the block that runs only when C evaluates it */
  const char *blocks[3] = {"sc.rhs", "sel.true", "sc.rhs1"};
  for (int i = 0; i < 3; i++) {
    char *bt = block_text(ir, blocks[i]);
    if (!bt || !strstr(bt, "load ")) {
      print_message("%s\n", ir);
      fail_msg("block %s has no load", blocks[i]);
    }
    free(bt);
  }
  char *entry = block_text(ir, "entry");
  assert_non_null(entry);
  if (strstr(entry, "load float"))
    print_message("%s\n", ir);
  assert_null(strstr(entry, "load float")); /* src[i] only in sel.true */
  assert_null(strstr(entry, "load i32, ptr addrspace(1)"));
  free(entry);
  /* without an index, && and ?: select, as flyc_kb_expr does */
  assert_null(strstr(ir, "sel.true1"));
  LLVMDisposeMessage(ir);
  free(tu_ctx_text(ctx));
}

/* ---- the atomics and shared arrays ---- */

static int atomics(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  LLVMValueRef p = flyc_kb_shared_array(kb, "bins", "i32", 64);
  assert_non_null(p);
  assert_int_equal(LLVMGetPointerAddressSpace(LLVMTypeOf(p)), 3);
  assert_non_null(flyc_kb_shared_array(kb, "acc", "f32", 8));
  return flyc_kb_do(kb, FLYC_EXPR_UNSIGNED,
                    "bins[threadIdx.x] = 0; barrier();"
                    "atomic_add_block(&bins[threadIdx.x % 64], 1);"
                    "atomic_add(&out[1], bins[0]);"
                    "atomic_max_system(&out[2], n);"
                    "old = atomic_exch(&out[3], 5); out[4] = old; old += atomic_or(&out[5], 1);"
                    "atomic_add(&acc[0], 1.5f);"
                    "atomic_add(src, acc[0])"); /* src: &src[0], as in CUDA */
}

static void test_text__atomics_lower_as_cuda_names_them(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit(amd(), atomics, &ctx));
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_non_null(strstr(ir, "atomicrmw add ptr addrspace(3)"));
  assert_non_null(strstr(ir, "syncscope(\"workgroup\")"));
  assert_non_null(strstr(ir, "syncscope(\"agent\")"));
  assert_non_null(strstr(ir, "atomicrmw umax ptr addrspace(1)")); /* unsigned text */
  assert_non_null(strstr(ir, "atomicrmw xchg"));
  assert_int_equal(tu_count(ir, "atomicrmw or"), 1); /* `old += atomic_or(...)`: once */
  assert_non_null(strstr(ir, "atomicrmw fadd ptr addrspace(3)"));
  assert_non_null(strstr(ir, "atomicrmw fadd ptr addrspace(1)"));
  LLVMDisposeMessage(ir);
  char *text = tu_ctx_text(ctx);
  assert_non_null(strstr(text, "ds_add"));
  assert_non_null(strstr(text, "s_barrier"));
  free(text);
  assert_ok(emit(nv(), atomics, &ctx));
  text = tu_ctx_text(ctx);
  assert_non_null(strstr(text, "atom.shared.add.u32"));
  assert_non_null(strstr(text, "bar.sync"));
  free(text);
}

/* ---- asynchronous copies ---- */

static int copies(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  assert_non_null(flyc_kb_shared_array(kb, "tile", "f32", 256));
  return flyc_kb_do(
      kb, FLYC_EXPR_UNSIGNED,
      "#pragma unroll\n for (p = 0; p < 2; p++)"
      "  async_copy(&tile[(threadIdx.x + p * 128) * 4], &src[(threadIdx.x + p * 128) * "
      "4 + n], 16);"
      "async_commit(); async_wait(0); barrier(); out[threadIdx.x] = i32(tile[7])");
}

static void test_text__async_copies_are_cp_async(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(emit(nv(), copies, &ctx));
  char *text = tu_ctx_text(ctx);
  assert_int_equal(tu_count(text, "cp.async.cg.shared.global"), 2); /* unrolled: two 16-byte */
  assert_int_equal(tu_count(text, "cp.async.commit_group"), 1);
  const char *w = strstr(text, "cp.async.wait_group");
  assert_non_null(w); /* then blanks, then 0 (LLVM 15 prints a space, 22 a tab) */
  w += strlen("cp.async.wait_group");
  while (*w == ' ' || *w == '\t')
    w++;
  assert_true(*w == '0');
  free(text);
}

/* ---- errors ---- */

static const char *bad_text;
static unsigned bad_flags;
static int runs_bad_do(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  return flyc_kb_do(kb, bad_flags, bad_text);
}

/* flyc_kb_do(text) fails the emit with FLYC_EINVAL and every `want`. */
#define assert_do_error(flags, text, ...)                                                          \
  do {                                                                                             \
    bad_text = (text), bad_flags = (flags);                                                        \
    assert_error(emit(nv(), runs_bad_do, NULL), FLYC_EINVAL, __VA_ARGS__);                         \
  } while (0)

static void test_text__statement_errors_name_the_culprit(void **state) {
  (void)state;
  assert_do_error(0, "out[0] = zz", "flyc_kb_do", "'zz' is not bound", "column 10");
  assert_do_error(0, "n = 1", "'n' is read-only");
  assert_do_error(0, "for (i = 0; i < 4; i++) i = 2", "'i' is read-only");
  assert_do_error(0, "q += 1", "'q' is not a variable yet");
  assert_do_error(0, "for (i = 0; i < 4; i++) x = i; out[0] = x + 1",
                  "'x' was bound inside an if arm or a loop body that has ended");
  assert_do_error(0, "out[0] = raw[0]", "has no element type");
  assert_do_error(0, "out[0] = out + 1", "a pointer is not a number");
  assert_do_error(0, "ro[0] = 1", "'ro' points to constant memory");
  assert_do_error(0, "n[0] = 1", "only a pointer can be indexed");
  assert_do_error(0, "out[1.5] = 1", "an index is an integer");
  assert_do_error(0, "out[0] = 1 out[1] = 2", "expected ';' between statements, not 'o'");
  assert_do_error(0, "{ out[0] = 1", "expected '}'");
  assert_do_error(0, "for (i = 0; i <= 4; i++) out[i] = 0", "expected '<'");
  assert_do_error(0, "for (i = 0; j < 4; i++) out[i] = 0", "expected the loop variable 'i'");
  assert_do_error(0, "for (i = 0; i < 4; i--) out[i] = 0", "expected '++' or '+='");
  assert_do_error(0, "for (i = 0.5; i < 4; i++) out[0] = 0", "i32 or i64 integers");
  assert_do_error(0, "for (i = 9; i < 4; i += -1) out[0] = 0",
                  "the step of 'i < end' must be "
                  "positive");
  assert_do_error(0, "for (i = 0; i < 4; i += 0) out[0] = 0", "must be positive");
  assert_do_error(FLYC_EXPR_UNSIGNED, "for (i = 0; i < n; i += -1) out[0] = 0", "must be positive");
  assert_do_error(0, "#pragma unroll 2000\nfor (i = 0; i < 4; i++) out[i] = 0", "1024");
  assert_do_error(0, "#pragma once", "the one pragma is '#pragma unroll [N]'");
  assert_do_error(0, "#p", "the one pragma is '#pragma unroll [N]'", "column 1"); /* fuzz_text */
  assert_do_error(0, "out[0] = threadIdx.w", "write threadIdx.x, threadIdx.y or threadIdx.z");
  assert_do_error(0, "atomic_sub(&src[0], 1)", "a float element takes only atomic_add");
  assert_do_error(0, "atomic_add(n, 1)", "an atomic's first argument is an element's address");
  assert_do_error(0, "atomic_add(raw, 1)", "an atomic's first argument is an element's address");
  assert_do_error(0, "x = &out[0]; x = 1", "a pointer variable cannot be given a number");
  assert_do_error(0, "x = 1; x = &out[0]", "a number cannot be given a pointer");
  assert_do_error(0, "barrier(1)", "expected ')': barrier()");
  assert_do_error(0, "async_wait(n)", "expected a build-time count");
  assert_do_error(0, "async_copy(&out[0], 1, 16)", "takes two addresses");
  assert_do_error(0, "async_copy(&out[0], &src[0], 16)", "flyc_kb_async_copy", "space 3");
  assert_do_error(0, "out[0] == 1", "expected an assignment ('=', '+=' ...)");
  assert_do_error(0, "3", "expected a statement, not '3'");
  assert_do_error(0, "x = (float)n", "a C cast: write it as a conversion function, f32(x)");
  assert_do_error(0, "warpSize = 1", "'warpSize' is not a name kernel text can bind");
  assert_do_error(0, "else x = 1", "an else without its if", "column 1");
  assert_do_error(0, "if = 3", "'if' is not a name kernel text can bind", "keyword");
  assert_do_error(0, "while = 3", "'while' is not a name kernel text can bind");
  /* a long text is quoted from 60 bytes before the column */
  assert_do_error(0,
                  "a0 = 1; a1 = 2; a2 = 3; a3 = 4; a4 = 5; a5 = 6; a6 = 7; a7 = 8; a8 = 9; "
                  "a9 = 10; b0 = 1; b1 = 2; b2 = 3; b3 = 4; b4 = 5; b5 = 6; b6 = 7; b7 = 8; "
                  "b8 = 9; b9 = 10; c0 = zz",
                  "\"... = 4; b4 = 5;", "c0 = zz\" at column 168", "'zz' is not bound");
  assert_do_error(4, "x = 1", "flags 0x4 has bits that are not FLYC_EXPR_*");
  /* statements nested past the limit are refused, not recursed into until the stack ends */
  {
    static char deep[200001];
    memset(deep, '{', sizeof deep - 1);
    assert_do_error(0, deep, "statements nested more than 64 deep");
    char *ifs = malloc(70 * 12 + 16);
    size_t at = 0;
    for (int i = 0; i < 70; i++)
      at += (size_t)sprintf(ifs + at, "if (n > %d) ", i);
    strcpy(ifs + at, "out[0] = 1");
    assert_do_error(0, ifs, "nested more than 64 deep");
    free(ifs);
  }
  bad_text = NULL;
  assert_error(emit(nv(), runs_bad_do, NULL), FLYC_EINVAL, "flyc_kb_do: the text is NULL");
  /* outside a body: only returned */
  assert_int_equal(flyc_kb_do(NULL, 0, "x = 1"), FLYC_EINVAL);
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_do: called outside a kernel body");
  assert_null(flyc_kb_eval(NULL, 0, "1"));
  assert_int_equal(flyc_kb_loop(NULL, 0, "i = 0; i < 1; i++"), FLYC_EINVAL);
}

static int bad_lets(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  static int which;
  LLVMTypeRef f = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  switch (which++) {
  case 0:
    return flyc_kb_let(kb, "1x", args[1], NULL);
  case 1:
    return flyc_kb_let(kb, "threadIdx", args[1], NULL);
  case 2:
    return flyc_kb_let(kb, "x", NULL, NULL);
  case 3:
    return flyc_kb_let(kb, "x", args[1], f);
  case 4:
    return flyc_kb_let(kb, "x", args[0], LLVMVectorType(f, 4));
  case 5:
    return flyc_kb_let(kb, NULL, args[1], NULL);
  case 6:
    flyc_kb_shared_array(kb, "s", "u8", 4);
    return 0;
  case 7:
    flyc_kb_shared_array(kb, "s", "i32", 0);
    return 0;
  case 8:
    flyc_kb_loop(kb, 0, "i = 0; i < n; i++ x");
    return 0;
  default:
    flyc_kb_expr(kb, 0, "a[0]", &args[1], 1);
    return 0;
  }
}

static void test_text__binding_errors(void **state) {
  (void)state;
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "'1x' is not a name kernel text can bind");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "'threadIdx' is not a name", "builtin");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "flyc_kb_let: value is NULL");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "elem of 'x' is given for a value that");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "elem of 'x' is not i8, i16");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "flyc_kb_let: name is NULL");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "flyc_kb_shared_array: elem is not");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "flyc_kb_shared_array: count is 0");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL, "flyc_kb_loop", "unexpected 'x'");
  assert_error(emit(nv(), bad_lets, NULL), FLYC_EINVAL,
               "an index is kernel text's (flyc_kb_eval), not flyc_kb_expr's");
}

static int nothing(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)kb, (void)b, (void)args;
  return 0;
}

static void test_text__param_elem_is_checked(void **state) {
  (void)state;
  flyc_param_t ps[2] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT};
  ps[0].name = "p", ps[0].kind = FLYC_PARAM_PTR, ps[0].addrspace = 1, ps[0].elem = "u8";
  ps[1].name = "n", ps[1].kind = FLYC_PARAM_INT, ps[1].bits = 32;
  assert_error(tu_emit_probe(nv(), ps, 2, nothing, NULL), FLYC_EINVAL,
               "parameter 0 ('p'): elem \"u8\" is not i8, i16, i32, i64, f16, f32 or f64");
  ps[0].elem = NULL, ps[1].elem = "i32";
  assert_error(tu_emit_probe(nv(), ps, 2, nothing, NULL), FLYC_EINVAL,
               "parameter 1 ('n'): elem is for a pointer");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_text__computes_what_c_would),
      cmocka_unit_test(test_text__unevaluated_operands_do_not_load),
      cmocka_unit_test(test_text__atomics_lower_as_cuda_names_them),
      cmocka_unit_test(test_text__async_copies_are_cp_async),
      cmocka_unit_test(test_text__statement_errors_name_the_culprit),
      cmocka_unit_test(test_text__binding_errors),
      cmocka_unit_test(test_text__param_elem_is_checked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

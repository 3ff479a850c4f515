/* flyc_kb_expr of flyc/builder.h: C expressions over a body's values.
 * The oracle is C itself: each case is one C expression, stringized for
 * flyc and evaluated by the compiler over the same numbers; with constant
 * operands LLVM's builder folds every instruction, so the result is a
 * constant to compare. Then the instructions chosen for non-constant
 * operands, every error with its column, and random input that must give
 * a value or an error, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

/* The cases are C as written, precedence and all. */
#pragma GCC diagnostic ignored "-Wparentheses"
#pragma GCC diagnostic ignored "-Wint-in-bool-context"

typedef struct icase {
  const char *s;
  int64_t v;
} icase_t;

typedef struct fcase {
  const char *s;
  double v;
} fcase_t;

/* The operands named a, b, c (x, y, z) in `s`, in the order of their first
 * appearance: what flyc_kb_expr binds them to. */
static size_t bind(const char *s, const char *names, LLVMValueRef *pool, LLVMValueRef *vals) {
  size_t n = 0;
  int seen[3] = {0, 0, 0};
  for (const char *p = s; *p;) {
    if (!(*p >= 'a' && *p <= 'z') && *p != '_') {
      p++;
      continue;
    }
    const char *q = p;
    while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_')
      q++;
    const char *at = q - p == 1 ? strchr(names, *p) : NULL;
    if (at && !seen[at - names]) {
      seen[at - names] = 1;
      vals[n++] = pool[at - names];
    }
    p = q;
  }
  return n;
}

static int64_t int_of(LLVMValueRef v, int uns) {
  assert_non_null(v);
  if (!LLVMIsAConstantInt(v)) {
    char *t = LLVMPrintValueToString(v);
    fail_msg("not folded to a constant int: %s", t);
  }
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  return w == 1 || uns ? (int64_t)LLVMConstIntGetZExtValue(v) : LLVMConstIntGetSExtValue(v);
}

static void check_ints(flyc_kernel_builder_t *kb, unsigned flags, const icase_t *cs, size_t n,
                       LLVMValueRef *pool, const char *what) {
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef vals[3];
    size_t k = bind(cs[i].s, "abc", pool, vals);
    LLVMValueRef r = flyc_kb_expr(kb, flags, cs[i].s, vals, k);
    int64_t got = int_of(r, flags != 0);
    if (got != cs[i].v)
      fail_msg("%s: \"%s\" gave %lld, C gives %lld", what, cs[i].s, (long long)got,
               (long long)cs[i].v);
  }
}

#define IC(e)                                                                                      \
  { #e, (int64_t)(e) }
#define FC(e)                                                                                      \
  { #e, (double)(e) }

/* Signed int32 operands, C's int: precedence, associativity, folding of
 * literals, bools in arithmetic, conversions. b and c are never 0. */
static void signed_cases(flyc_kernel_builder_t *kb, int32_t a, int32_t b, int32_t c) {
  const icase_t cs[] = {
      IC(a + b * c),
      IC(a - b - c),
      IC(a * b % c),
      IC(a / b / c),
      IC(a % b - c / 3),
      IC((a & 15) << 2 + 1),
      IC(b >> 2),
      IC(a >> 1 >> 1),
      IC(a < b == b < c),
      IC(a & b | c ^ a),
      IC(a ^ b & c),
      IC(a || b && !c),
      IC(!a + 3),
      IC((a < b) * 4 + c),
      IC(-a + ~b),
      IC(a > b ? a - b
         : c   ? b
               : a),
      IC(a / -3),
      IC(-(a + 1) * -2),
      IC(0x10 + a),
      IC(a >= -5 && b <= 5),
      IC(a != b),
      IC(c == 3),
      IC(a + 2 * 3 - 6 / 4),
      IC((1 << 20) + a),
      IC(a % 7 * (b + c) - (a | 1)),
      IC(a < b ? 1 : 0),
      IC(!(a < b)),
      IC(~a & 0xff),
      IC(a + b + c > 10 || a == 0),
      IC((a < b) + (b < c) + (a < c)),
      IC(a * 1000 / b),
      IC(+a - -b),
      IC(a - -5 % 3),
      IC(10 - 2 - 3 + a),
      IC((a & 0xff) << 3),
      IC((a & 7) << 28),
      IC(a + (0 && 0)),
      IC(a + (1 && 0)),
      IC(a + (0 || 0)),
      IC(a + (0 || 1)),
      IC((0 && 0) ? a : 7),
      IC(a - b < 3000000000),
      IC(a + 3000000000),
      IC(a * 100000l),
      IC(a - 2147483648),
      IC(-2147483647 - 1 < a),
      IC(a + (0x7fffffff >> 30)),
      IC(a < 5l ? -1 : 1),
  };
  check_ints(kb, 0, cs, sizeof cs / sizeof cs[0],
             (LLVMValueRef[]){flyc_kb_i32(kb, a), flyc_kb_i32(kb, b), flyc_kb_i32(kb, c)},
             "signed");
  /* Functions, and i64: C's casts and long arithmetic. */
  LLVMValueRef pool[3] = {flyc_kb_i32(kb, a), flyc_kb_i32(kb, b), flyc_kb_i32(kb, c)};
  const icase_t fs[] = {
      {"min(a, b) + max(b, c)", (a < b ? a : b) + (b > c ? b : c)},
      {"abs(a - b)", llabs((int64_t)a - b)},
      {"i64(a) * 100000 * b", (int64_t)a * 100000 * b},
      {"i64(a) + b", (int64_t)a + b},
      {"i8(a)", (int8_t)a},
      {"i32(i16(a) * 2)", (int16_t)a * 2},
      {"max(a, 7)", a > 7 ? a : 7},
  };
  check_ints(kb, 0, fs, sizeof fs / sizeof fs[0], pool, "signed functions");
}

/* The same with C's unsigned: division, shifts, compares and wrap. */
static void unsigned_cases(flyc_kernel_builder_t *kb, uint32_t a, uint32_t b, uint32_t c) {
  const icase_t cs[] = {
      IC(a / b),    IC(a % c),           IC(a >> 3),           IC(a < b),
      IC(a - b),    IC((a - b) / 7),     IC(a * 2654435761u),  IC(a > b ? a : b),
      IC(~a >> 28), IC((a - b) % c + 1), IC(a >= b && b >= c), IC(a / 3 * 3 + a % 3 == a),
      IC(a < 0xffffffff), IC(a / 0xffffffffu), IC((0u - 1u) / 2u + a), IC(a + 5000000000u),
      IC(-1 + a), IC(a + -1 > b), IC(a * 100000ul), IC((1u << 31) + a),
  };
  check_ints(kb, FLYC_EXPR_UNSIGNED, cs, sizeof cs / sizeof cs[0],
             (LLVMValueRef[]){flyc_kb_i32(kb, (int32_t)a), flyc_kb_i32(kb, (int32_t)b),
                              flyc_kb_i32(kb, (int32_t)c)},
             "unsigned");
}

static void check_floats(flyc_kernel_builder_t *kb, const fcase_t *cs, size_t n,
                         LLVMValueRef *pool) {
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef vals[3];
    size_t k = bind(cs[i].s, "xya", pool, vals);
    LLVMValueRef r = flyc_kb_expr(kb, 0, cs[i].s, vals, k);
    assert_non_null(r);
    double got;
    if (LLVMIsAConstantInt(r)) {
      got = (double)int_of(r, 0);
    } else {
      assert_true(LLVMIsAConstantFP(r));
      LLVMBool lost;
      got = LLVMConstRealGetDouble(r, &lost);
    }
    if (got != cs[i].v)
      fail_msg("float: \"%s\" gave %.9g, C gives %.9g", cs[i].s, got, cs[i].v);
  }
}

/* Floats with an int a: C's conversions, with f32 literals (CUDA's 0.5f). */
static void float_cases(flyc_kernel_builder_t *kb, float x, float y, int32_t a) {
  LLVMTypeRef f = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  const fcase_t cs[] = {
      FC(x * y + 1.5f),  FC(x / y - a),         FC(x < y),  FC(x != y),
      FC(-x * 2.0f),     FC(x > 0.0f ? x : -x), FC(a + x),  FC((x < y) + (y < x)),
      FC(a * 0.25f + 1), FC(x - y * y / 4.0f),  FC(x && y), FC(!x),
      FC(a / 2 * x),
  };
  const fcase_t ps[] = {{"f64(x) * 3.0", (double)x * 3.0},
                        {"i32(x * 10.0f)", (int)(x * 10.0f)},
                        {"f32(a) / 4", (float)a / 4},
                        {"1e-3f * x", 1e-3f * x},
                        {".5 + x", .5f + x},
                        {"f64(0.1)", 0.1},
                        {"i64(1e18) + a", 1e18 + a},
                        {"16777216.0f + 1.0f + 1.0f + x", 16777216.0f + 1.0f + 1.0f + x},
                        {"f64(x) == 0.1f", (double)x == (double)0.1f},
                        {"a + 0.1", a + 0.1},
                        {"1.0 / 0.0 > x", 1}};
  LLVMValueRef pool[3] = {LLVMConstReal(f, x), LLVMConstReal(f, y), flyc_kb_i32(kb, a)};
  check_floats(kb, cs, sizeof cs / sizeof cs[0], pool);
  check_floats(kb, ps, sizeof ps / sizeof ps[0], pool);
}

static int semantics_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)args;
  static const int32_t v[][3] = {{7, 3, 5},       {-7, 3, -5}, {0, -1, 1},     {100, -9, 2},
                                 {-1000, 17, -3}, {5, 5, 5},   {123456, 7, 11}};
  static const uint32_t u[][3] = {{7, 3, 5}, {3, 7, 5}, {0xfffffff0u, 9, 4}, {40, 40, 1}};
  static const float f[][2] = {{1.5f, 2.25f}, {-3.0f, 0.5f}, {0.0f, -7.75f}};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    signed_cases(kb, v[i][0], v[i][1], v[i][2]);
  for (size_t i = 0; i < sizeof u / sizeof u[0]; i++)
    unsigned_cases(kb, u[i][0], u[i][1], u[i][2]);
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    float_cases(kb, f[i][0], f[i][1], v[i][0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static const flyc_param_t params[2] = {
    {sizeof(flyc_param_t), "p", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

static void test_expr__results_are_c_results(void **state) {
  (void)state;
  assert_ok(tu_emit_probe("gfx90a", params, 2, semantics_body, NULL));
}

/* ---- the instructions, for operands that are not constants ---- */

static char *ir_text;

static int ir_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), n = args[1];
  LLVMValueRef x = LLVMBuildSIToFP(b, t, LLVMFloatTypeInContext(lc), "x");
  LLVMValueRef h = LLVMBuildFPTrunc(b, x, LLVMHalfTypeInContext(lc), "h");
  LLVMValueRef r[] = {
      FLYC_EXPR(kb, "t / 8 + t % 8", t),
      FLYC_UEXPR(kb, "t / 8 + t % 8 + (t >> 1)", t),
      FLYC_EXPR(kb, "t < n ? t : n", t, n),
      FLYC_UEXPR(kb, "t < n", t, n),
      FLYC_EXPR(kb, "x != 0.5f", x),
      FLYC_EXPR(kb, "min(x, 2.0f) + max(t, n)", x, t, n),
      FLYC_EXPR(kb, "fma(x, x, 1) + exp(x)", x),
      FLYC_EXPR(kb, "i64(t) * n", t, n),
      FLYC_UEXPR(kb, "i64(t) * n", t, n),
      FLYC_EXPR(kb, "h * 2 + x", h, x),
      FLYC_EXPR(kb, "abs(x) + abs(t)", x, t),
      FLYC_EXPR(kb, "t && n", t, n),
  };
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc);
  for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
    LLVMValueRef v = r[i];
    LLVMTypeRef vt = LLVMTypeOf(v);
    if (LLVMGetTypeKind(vt) != LLVMIntegerTypeKind)
      v = LLVMBuildBitCast(b, LLVMBuildFPExt(b, v, LLVMDoubleTypeInContext(lc), ""),
                           LLVMInt64TypeInContext(lc), "");
    flyc_kb_store(kb, LLVMBuildIntCast2(b, v, i32, 0, ""), args[0], flyc_kb_i32(kb, (int32_t)i), 0,
                  0);
  }
  ir_text = LLVMPrintValueToString(flyc_kb_function(kb));
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_expr__instructions_follow_c(void **state) {
  (void)state;
  assert_ok(tu_emit_probe("gfx90a", params, 2, ir_body, NULL));
  const char *want[] = {"sdiv i32",         "srem i32",     "udiv i32",      "urem i32",
                        "lshr i32",         "icmp slt i32", "icmp ult i32",  "fcmp une float",
                        "@llvm.minnum.f32", "select i1",    "@llvm.fma.f32", "@__ocml_exp_f32",
                        "sext i32",         "zext i32",     "fpext half",    "@llvm.fabs.f32",
                        "icmp ne i32",      "mul i64"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    if (!strstr(ir_text, want[i]))
      fail_msg("no '%s' in:\n%s", want[i], ir_text);
  /* min / max of integers are C's compare and select (LLVM folds them to
   * smin / smax): no call. */
  assert_null(strstr(ir_text, "llvm.smax"));
  LLVMDisposeMessage(ir_text);
}

/* ---- the types of results, as C's ---- */

typedef struct tcase {
  unsigned flags;
  const char *s, *vals; /* a i32 5, s i8 10, T i1 1, F i1 0, x float 1.5 */
  const char *type;     /* LLVM's name of the result's type */
  double v;
} tcase_t;

static const tcase_t tcases[] = {
    {0, "a + 3000000000", "a", "i64", 3000000005.0},
    {0, "a * 5l", "a", "i64", 25},
    {0, "a + 0.5", "a", "double", 5.5},  /* C's double literal */
    {0, "a + 0.5f", "a", "float", 5.5},  /* and its float one */
    {0, "x + 0.5", "x", "float", 2.0},   /* a float value keeps its type */
    {0, "s > 200", "s", "i1", 0},        /* C compares 10 > 200 as ints */
    {0, "s + 200", "s", "i32", 210},     /* 200 is not an i8: C's int */
    {FLYC_EXPR_UNSIGNED, "s + 200", "s", "i8", 210},
    {0, "1 << s", "s", "i32", 1024},     /* a literal's own type, not the count's */
    {0, "4 > 3", "", "i1", 1},
    {0, "max(3000000000, 1)", "", "i64", 3000000000.0},
    {0, "a ? 1 : 3000000000", "a", "i64", 1},
    {0, "1 ? s : a", "sa", "i32", 10},   /* the arms' common type */
    {0, "min(T, F) + max(T, F)", "TF", "i32", 1}, /* bools are ints, not i1's -1 */
    {0, "abs(-5) + a", "a", "i32", 10},
    {FLYC_EXPR_UNSIGNED, "(0 - 1) / 2 + a", "a", "i32", 2147483652.0}, /* as 0u - 1u */
    {FLYC_EXPR_UNSIGNED, "a + 4294967296", "a", "i64", 4294967301.0},
    {0, "(1 ? -1 : 0u) > 0", "", "i1", 1},     /* a literal arm keeps its C type */
    {FLYC_EXPR_UNSIGNED, "a + -(1 < 2)", "a", "i32", 4},
    {0, "+(a < 6) + a", "a", "i32", 6},
    /* 2^60 + 2^36 + 1 rounds once to float (C's), not through a double */
    {0, "x + 1152921573326323713", "x", "float", 1152921642045800448.0},
    {0, "f32(1152921573326323713)", "", "float", 1152921642045800448.0},
    /* an f literal rounds once, to float (as strtof): 0x1.000002p+0, not 1 */
    {0, "f64(1.00000005960464477539062501f)", "", "double", 1.00000011920928955078125},
    {0, "x * 1e-40", "x", "float", (double)(1.5f * 1e-40f)}, /* a subnormal float holds it */
};

static LLVMValueRef tval(flyc_kernel_builder_t *kb, char c) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  return c == 'a'   ? flyc_kb_i32(kb, 5)
         : c == 's' ? LLVMConstInt(LLVMInt8TypeInContext(lc), 10, 0)
         : c == 'T' ? LLVMConstInt(LLVMInt1TypeInContext(lc), 1, 0)
         : c == 'F' ? LLVMConstInt(LLVMInt1TypeInContext(lc), 0, 0)
                    : LLVMConstReal(LLVMFloatTypeInContext(lc), 1.5);
}

static int types_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)args;
  for (size_t i = 0; i < sizeof tcases / sizeof tcases[0]; i++) {
    const tcase_t *c = &tcases[i];
    LLVMValueRef vals[2];
    size_t n = strlen(c->vals);
    for (size_t k = 0; k < n; k++)
      vals[k] = tval(kb, c->vals[k]);
    LLVMValueRef r = flyc_kb_expr(kb, c->flags, c->s, vals, n);
    char *t = LLVMPrintTypeToString(LLVMTypeOf(r));
    double got = LLVMIsAConstantInt(r) ? (double)(c->flags || !strcmp(t, "i1")
                                                      ? (double)LLVMConstIntGetZExtValue(r)
                                                      : (double)LLVMConstIntGetSExtValue(r))
                 : LLVMIsAConstantFP(r) ? LLVMConstRealGetDouble(r, &(LLVMBool){0})
                                        : -12345;
    if (strcmp(t, c->type) || got != c->v)
      fail_msg("\"%s\": %s %.17g, wanted %s %.17g", c->s, t, got, c->type, c->v);
    LLVMDisposeMessage(t);
  }
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_expr__results_have_c_types(void **state) {
  (void)state;
  assert_ok(tu_emit_probe("gfx90a", params, 2, types_body, NULL));
}

/* ---- errors ---- */

typedef struct ecase {
  const char *s;
  unsigned nvals; /* of t (i32), x (float), p (ptr), h (half), bf (bfloat), NULL */
  const char *vals;
  const char *msg[2];
} ecase_t;

static const ecase_t ecases[] = {
    {"t +", 1, "t", {"at column 4", "expected an operand, not the end"}},
    {"t + (t", 1, "t", {"column 7", "expected ')', not the end"}},
    {"t ? t", 1, "t", {"expected the ':' of the '?' at column 3", NULL}},
    {"t = t", 1, "t", {"column 3", "unexpected '='"}},
    {"t + q", 1, "t", {"'q' is name 2, but 1 operand is given", NULL}},
    {"t", 2, "tt", {"2 operands given, but the expression names 1", NULL}},
    {"4 > 3", 1, "t", {"1 operand given, but the expression names 0", NULL}},
    {"foo(t)", 1, "t", {"no function 'foo'", NULL}},
    {"min(t)", 1, "t", {"min takes 2 arguments, not 1", NULL}},
    {"abs(t, t)", 1, "t", {"abs takes 1 argument", "column 6"}},
    {"min(t; t)", 1, "t", {"expected ',' or ')', not ';'", NULL}},
    {"x % x", 1, "x", {"% (use fmod) needs integers, not floats", "column 3"}},
    {"~x", 1, "x", {"~ needs an integer, not float", "column 1"}},
    {"x << 1", 1, "x", {"a shift needs integers, not float", NULL}},
    {"t < 0xffffffff", 1, "t", {"the literal 4294967295 is C's unsigned int", "FLYC_UEXPR"}},
    {"t + 5u", 1, "t", {"the literal 5 is C's unsigned int", "column 3"}},
    {"(1u << 3) + t", 1, "t", {"the literal 8 is C's unsigned int", NULL}},
    {"t + 0xffffffffffffffff", 1, "t", {"C's unsigned long", NULL}},
    {"t + 18446744073709551615", 1, "t", {"does not fit a long", NULL}},
    {"(1 << 31) + t", 1, "t", {"overflows int, C's type for it", "write a long"}},
    {"2147483647 + 1 + t", 1, "t", {"overflows int", "column 12"}},
    {"-(-2147483647 - 1) + t", 1, "t", {"overflows int", NULL}},
    {"i32(1e10) + t", 1, "t", {"i32(1e+10): the value is outside i32's range", NULL}},
    {"i8(-129.0) + t", 1, "t", {"outside i8's range", NULL}},
    {"t + 1e39f", 1, "t", {"out of float's range", NULL}},
    {"t + 1e400", 1, "t", {"out of double's range", NULL}},
    {"t + 0x1.8", 1, "t", {"needs its exponent", NULL}},
    {"t + 0x1E+5", 1, "t", {"as one token", NULL}},
    {"t + 1.0l", 1, "t", {"a malformed number", NULL}},
    {"(t ? 0xffffffff : 0) / 2", 1, "t", {"the literal 4294967295 is C's unsigned int", NULL}},
    {"min(-1, 0u) + t", 1, "t", {"C's unsigned int", NULL}},
    {"abs(0xffffffff) + t", 1, "t", {"C's unsigned int", NULL}},
    {"x + 1e39", 1, "x", {"the literal 1e+39 is out of float's range", NULL}},
    {"h * 100000", 1, "h", {"out of half's range", NULL}},
    {"x * 1e-46", 1, "x", {"the literal 1e-46 is below float's range", NULL}},
    {"h * 1e-8", 1, "h", {"below half's range", NULL}},
    {"f16(70000.0) + x", 1, "x", {"f16(70000): the value is outside f16's range", NULL}},
    {"(-2147483647 - 1) % -1 + t", 1, "t", {"overflows int", NULL}},
    {"t / (2 - 2)", 1, "t", {"division by zero", "column 3"}},
    {"t << 32", 1, "t", {"shift by 32, not 0 to 31", NULL}},
    {"1 << 32", 1, "t", {"shift by 32, not 0 to 31", NULL}},
    {"1l << 64", 1, "t", {"shift by 64, not 0 to 63", NULL}},
    {"h + b", 2, "hb", {"mixes half and bfloat", NULL}},
    {"t + p", 2, "tp", {"operand 'p' (number 2) is a pointer, not an integer (i1 to i64) or float", NULL}},
    {"t + k", 2, "t0", {"operand 'k' (number 2) is NULL", NULL}},
    {"t + 99999999999999999999", 1, "t", {"the literal does not fit 64 bits", NULL}},
    {"t + 1.5.3", 1, "t", {"a malformed number", "column 5"}},
    {"t + 12abc", 1, "t", {"a malformed number", NULL}},
    {"t * (9223372036854775807 * 2)", 1, "t", {"overflows long", NULL}},
    {"exp(h)", 1, "h", {"exp() failed: flyc_kb_math", NULL}},
    {"t # 2", 1, "t", {"unexpected '#'", NULL}},
    {"", 1, "t", {"expected an operand, not the end", NULL}},
    {"t + x", 2, "tx", {NULL, NULL}}, /* fine: the controls */
    {"min(1, 2.5) + t", 1, "t", {NULL, NULL}}, /* literals of a call: f32 when one is a float */
};

static LLVMValueRef eval(flyc_kernel_builder_t *kb, LLVMValueRef *args, char c) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  switch (c) {
  case 't': return flyc_kb_thread_idx(kb, 0);
  case 'x': return LLVMConstReal(LLVMFloatTypeInContext(lc), 1.0);
  case 'p': return args[0];
  case 'h': return LLVMConstReal(LLVMHalfTypeInContext(lc), 1.0);
  case 'b': return LLVMConstReal(LLVMBFloatTypeInContext(lc), 1.0);
  default: return NULL;
  }
}

static size_t ecase_at;

static int error_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  const ecase_t *e = &ecases[ecase_at];
  LLVMValueRef vals[2] = {eval(kb, args, e->vals[0]),
                          e->nvals > 1 ? eval(kb, args, e->vals[1]) : NULL};
  LLVMValueRef r = flyc_kb_expr(kb, 0, e->s, vals, e->nvals);
  assert_non_null(r);
  if (e->msg[0]) {
    assert_true(LLVMIsPoison(r));
    assert_true(LLVMTypeOf(r) == LLVMTypeOf(vals[0])); /* poison of the first's type */
  }
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_expr__errors_give_the_column_and_culprit(void **state) {
  (void)state;
  for (ecase_at = 0; ecase_at < sizeof ecases / sizeof ecases[0]; ecase_at++) {
    const ecase_t *e = &ecases[ecase_at];
    int rc = tu_emit_probe("gfx90a", params, 2, error_body, NULL);
    if (!e->msg[0]) {
      assert_ok(rc);
      continue;
    }
    if (rc != FLYC_EINVAL || !strstr(flyc_error_last()->message, e->msg[0]) ||
        (e->msg[1] && !strstr(flyc_error_last()->message, e->msg[1])))
      fail_msg("\"%s\": rc %d, message '%s'; wanted '%s' '%s'", e->s, rc,
               flyc_error_last()->message, e->msg[0], e->msg[1] ? e->msg[1] : "");
    assert_non_null(strstr(flyc_error_last()->message, "flyc_kb_expr: \""));
  }
}

static int args_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), many[17];
  for (int i = 0; i < 17; i++)
    many[i] = t;
  assert_poison(flyc_kb_expr(kb, 0, NULL, &t, 1));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_expr: expr is NULL");
  assert_poison(flyc_kb_expr(kb, 4, "t", &t, 1));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flags 0x4 has bits that are not FLYC_EXPR_*");
  assert_poison(flyc_kb_expr(kb, 0, "t", NULL, 2));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "2 operands and vals NULL");
  assert_poison(flyc_kb_expr(kb, 0, "t", many, 17));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "17 operands, more than 16");
  char deep[300];
  memset(deep, '(', 100);
  strcpy(deep + 100, "t");
  memset(deep + 101, ')', 100);
  deep[201] = 0;
  assert_poison(flyc_kb_expr(kb, 0, deep, &t, 1));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "nested more than 64 deep");
  (void)args;
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_expr__arguments_are_checked(void **state) {
  (void)state;
  assert_error(tu_emit_probe("sm_80", params, 2, args_body, NULL), FLYC_EINVAL, "expr is NULL");
  LLVMValueRef v = NULL;
  assert_null(flyc_kb_expr(NULL, 0, "t", &v, 1));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_expr", "outside a kernel body");
}

/* Random text over the expression alphabet: a value or an error, never a
 * crash (run under ASan and UBSan by tools/test-all.sh). */
static int fuzz_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  static const char *tok[] = {
      "t",  "x",  "h",    "(",    ")",  "+",    "-",    "*",    "/",          "%",
      "<<", ">>", "<",    "<=",   "==", "!=",   "&",    "|",    "^",          "&&",
      "||", "!",  "~",    "?",    ":",  "0",    "1",    "7",    "-1",         "0.5",
      "63", "64", "min(", "exp(", ",",  "i64(", "f16(", "abs(", "2147483648", " ",
      "u",  "l",  "1.0f", "f64(", "1e39", "0xffffffff", "i8(", "3000000000"};
  LLVMValueRef vals[3] = {flyc_kb_thread_idx(kb, 0), eval(kb, args, 'x'), eval(kb, args, 'h')};
  unsigned seed = 12345;
  for (int i = 0; i < 4000; i++) {
    char s[200] = "";
    int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 14;
    for (int k = 0; k < n; k++)
      strcat(s, tok[((seed = seed * 1103515245u + 12345u) >> 16) % (sizeof tok / sizeof tok[0])]);
    size_t nv = 1 + ((seed = seed * 1103515245u + 12345u) >> 16) % 3;
    assert_non_null(flyc_kb_expr(kb, i & 1, s, vals, nv));
  }
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_expr__random_text_never_crashes(void **state) {
  (void)state;
  int rc = tu_emit_probe("gfx90a", params, 2, fuzz_body, NULL);
  assert_true(rc == FLYC_OK || rc == FLYC_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_expr__results_are_c_results),
      cmocka_unit_test(test_expr__instructions_follow_c),
      cmocka_unit_test(test_expr__results_have_c_types),
      cmocka_unit_test(test_expr__errors_give_the_column_and_culprit),
      cmocka_unit_test(test_expr__arguments_are_checked),
      cmocka_unit_test(test_expr__random_text_never_crashes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/* flyc_kb_expr's types and arithmetic (expr.h): C's usual conversions,
 * literals folded exactly at build time, one LLVM instruction per operator,
 * and the functions an expression may call. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "expr.h"

int flyc__xp_xfail(xp_t *x, const char *fmt, ...) {
  char why[240];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  fail(x->kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_expr: \"%.160s%s\" at column %d: %s", x->src,
                              strlen(x->src) > 160 ? "..." : "", (int)(x->p - x->src) + 1, why));
  return 0;
}

int flyc__xp_is_fp(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind || k == LLVMFloatTypeKind ||
         k == LLVMDoubleTypeKind;
}

int flyc__xp_is_int(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMIntegerTypeKind; }

/* Bits of an integer or floating-point type. */
static unsigned bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  default: return 16;
  }
}

const char *flyc__xp_type_name(LLVMTypeRef t, char *buf, size_t n) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: snprintf(buf, n, "i%u", LLVMGetIntTypeWidth(t)); return buf;
  case LLVMHalfTypeKind: return "half";
  case LLVMBFloatTypeKind: return "bfloat";
  case LLVMFloatTypeKind: return "float";
  case LLVMDoubleTypeKind: return "double";
  case LLVMPointerTypeKind: return "a pointer";
  case LLVMVectorTypeKind: return "a vector";
  default: return "not a number";
  }
}

static LLVMTypeRef f32_type(xp_t *x) { return LLVMFloatTypeInContext(x->kb->ctx->llctx); }

/* `v` converted to `to` as C converts (the integers signed, or unsigned
 * under FLYC_EXPR_UNSIGNED; an i1 is a bool, 0 or 1). */
static LLVMValueRef convert(xp_t *x, LLVMValueRef v, LLVMTypeRef to) {
  LLVMBuilderRef b = x->kb->b;
  LLVMTypeRef from = LLVMTypeOf(v);
  unsigned fw = bits(from), tw = bits(to);
  int u = x->uns || (flyc__xp_is_int(from) && fw == 1);
  if (from == to)
    return v;
  if (flyc__xp_is_int(from) && flyc__xp_is_int(to))
    return tw < fw ? LLVMBuildTrunc(b, v, to, "")
           : u     ? LLVMBuildZExt(b, v, to, "")
                   : LLVMBuildSExt(b, v, to, "");
  if (flyc__xp_is_int(from))
    return u ? LLVMBuildUIToFP(b, v, to, "") : LLVMBuildSIToFP(b, v, to, "");
  if (flyc__xp_is_int(to))
    return x->uns ? LLVMBuildFPToUI(b, v, to, "") : LLVMBuildFPToSI(b, v, to, "");
  if (fw == tw) /* half and bfloat: through float */
    return LLVMBuildFPTrunc(b, LLVMBuildFPExt(b, v, f32_type(x), ""), to, "");
  return tw > fw ? LLVMBuildFPExt(b, v, to, "") : LLVMBuildFPTrunc(b, v, to, "");
}

/* A literal given type `t` (an integer one must fit t, as signed or as
 * unsigned); a value stays. */
static int lit_to(xp_t *x, term_t *a, LLVMTypeRef t) {
  if (a->v)
    return 1;
  if (flyc__xp_is_fp(t)) {
    a->v = LLVMConstReal(t, a->fl ? a->f : (double)a->i);
    return 1;
  }
  unsigned w = LLVMGetIntTypeWidth(t);
  int64_t lo = w == 1 ? 0 : w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1));
  int64_t hi = w >= 64 ? INT64_MAX : (INT64_C(1) << w) - 1;
  if (a->fl)
    return flyc__xp_xfail(x, "a float literal (%g) where an i%u is needed", a->f, w);
  if (a->i < lo || a->i > hi)
    return flyc__xp_xfail(x, "the literal %lld does not fit an i%u", (long long)a->i, w);
  a->v = LLVMConstInt(t, (unsigned long long)a->i, a->i < 0);
  return 1;
}

/* A literal that no operand types: an i32 (an i64 past i32's range), or,
 * with a point or exponent, a float: as C's int, and as CUDA's `1.0f`. */
int flyc__xp_lit_default(xp_t *x, term_t *a) {
  if (a->v)
    return 1;
  LLVMContextRef lc = x->kb->ctx->llctx;
  return lit_to(x, a,
                a->fl                                    ? LLVMFloatTypeInContext(lc)
                : a->i >= INT32_MIN && a->i <= INT32_MAX ? LLVMInt32TypeInContext(lc)
                                                         : LLVMInt64TypeInContext(lc));
}

/* Gives `a` and `b` one type, as C's usual arithmetic conversions do: a
 * literal takes the other's type; an integer meeting a float becomes that
 * float; the narrower of two integers or of two floats is widened. Two
 * literals stay literals. */
int flyc__xp_unify(xp_t *x, term_t *a, term_t *b) {
  if (!a->v && !b->v)
    return 1;
  if (!a->v || !b->v) {
    term_t *l = a->v ? b : a, *v = a->v ? a : b;
    if (l->fl && flyc__xp_is_int(LLVMTypeOf(v->v)))
      v->v = convert(x, v->v, f32_type(x));
    return lit_to(x, l, LLVMTypeOf(v->v));
  }
  LLVMTypeRef ta = LLVMTypeOf(a->v), tb = LLVMTypeOf(b->v);
  if (ta == tb)
    return 1;
  char na[16], nb[16];
  int fa = flyc__xp_is_fp(ta), fb = flyc__xp_is_fp(tb);
  if (fa && fb && bits(ta) == bits(tb))
    return flyc__xp_xfail(x, "mixes %s and %s; convert one (f32(...))",
                          flyc__xp_type_name(ta, na, sizeof na),
                          flyc__xp_type_name(tb, nb, sizeof nb));
  LLVMTypeRef t = fa != fb ? (fa ? ta : tb) : bits(ta) >= bits(tb) ? ta : tb;
  a->v = convert(x, a->v, t);
  b->v = convert(x, b->v, t);
  return 1;
}

/* C's truth of a term: an i1 value (a literal stays a literal, 0 or 1). */
void flyc__xp_to_bool(xp_t *x, term_t *a) {
  if (!a->v) {
    a->i = a->fl ? a->f != 0 : a->i != 0;
    a->fl = 0;
    return;
  }
  LLVMTypeRef t = LLVMTypeOf(a->v);
  if (flyc__xp_is_int(t) && LLVMGetIntTypeWidth(t) == 1)
    return;
  a->v = flyc__xp_is_int(t) ? LLVMBuildICmp(x->kb->b, LLVMIntNE, a->v, LLVMConstNull(t), "")
                            : LLVMBuildFCmp(x->kb->b, LLVMRealUNE, a->v, LLVMConstNull(t), "");
}

/* Two literals combined at build time, exactly: an overflow of 64 bits,
 * a division by zero or a shift past 63 is an error. */
static int fold(xp_t *x, int op, term_t *a, const term_t *b) {
  if (a->fl || b->fl) {
    double p = a->fl ? a->f : (double)a->i, q = b->fl ? b->f : (double)b->i;
    int c = op == EQ   ? p == q
            : op == NE ? p != q
            : op == LT ? p < q
            : op == LE ? p <= q
            : op == GT ? p > q
                       : p >= q;
    if (op >= EQ && op <= GE)
      *a = (term_t){NULL, 0, c, 0};
    else if (op == ADD || op == SUB || op == MUL || (op == DIV && q != 0))
      *a = (term_t){NULL, 1, 0, op == ADD ? p + q : op == SUB ? p - q : op == MUL ? p * q : p / q};
    else
      return flyc__xp_xfail(x, op == DIV ? "division by zero" : "this operator needs integers");
    return 1;
  }
  int64_t p = a->i, q = b->i, r = 0;
  int bad = 0;
  switch (op) {
  case ADD: bad = __builtin_add_overflow(p, q, &r); break;
  case SUB: bad = __builtin_sub_overflow(p, q, &r); break;
  case MUL: bad = __builtin_mul_overflow(p, q, &r); break;
  case DIV:
  case REM:
    if (!q || (p == INT64_MIN && q == -1))
      return flyc__xp_xfail(x, q ? "the literal quotient overflows 64 bits" : "division by zero");
    r = op == DIV ? p / q : p % q;
    break;
  case SHL:
  case SHR:
    if (q < 0 || q > 63)
      return flyc__xp_xfail(x, "shift by %lld, not 0 to 63", (long long)q);
    r = op == SHR ? p >> q : (int64_t)((uint64_t)p << q);
    bad = op == SHL && r >> q != p;
    break;
  case BAND: r = p & q; break;
  case BOR: r = p | q; break;
  case BXOR: r = p ^ q; break;
  default:
    r = op == EQ   ? p == q
        : op == NE ? p != q
        : op == LT ? p < q
        : op == LE ? p <= q
        : op == GT ? p > q
                   : p >= q;
  }
  if (bad)
    return flyc__xp_xfail(x, "the literal result overflows 64 bits");
  a->i = r;
  return 1;
}

static LLVMValueRef fp_bin(xp_t *x, int op, LLVMValueRef a, LLVMValueRef b) {
  LLVMBuilderRef bd = x->kb->b;
  static const LLVMRealPredicate pred[] = {
      [EQ] = LLVMRealOEQ, [NE] = LLVMRealUNE, [LT] = LLVMRealOLT,
      [LE] = LLVMRealOLE, [GT] = LLVMRealOGT, [GE] = LLVMRealOGE};
  LLVMValueRef r = op == ADD              ? LLVMBuildFAdd(bd, a, b, "")
                   : op == SUB            ? LLVMBuildFSub(bd, a, b, "")
                   : op == MUL            ? LLVMBuildFMul(bd, a, b, "")
                   : op == DIV            ? LLVMBuildFDiv(bd, a, b, "")
                   : op >= EQ && op <= GE ? LLVMBuildFCmp(bd, pred[op], a, b, "")
                                          : NULL;
  if (!r) {
    flyc__xp_xfail(x, "%s needs integers, not floats",
                   op == REM ? "% (use fmod)" : "this operator");
    return NULL;
  }
  flyc__set_fast_math_flags(r, x->kb->fmf);
  return r;
}

static LLVMValueRef int_bin(xp_t *x, int op, LLVMValueRef a, LLVMValueRef b) {
  LLVMBuilderRef bd = x->kb->b;
  int u = x->uns;
  static const LLVMIntPredicate spred[] = {[EQ] = LLVMIntEQ,  [NE] = LLVMIntNE,  [LT] = LLVMIntSLT,
                                           [LE] = LLVMIntSLE, [GT] = LLVMIntSGT, [GE] = LLVMIntSGE};
  static const LLVMIntPredicate upred[] = {[EQ] = LLVMIntEQ,  [NE] = LLVMIntNE,  [LT] = LLVMIntULT,
                                           [LE] = LLVMIntULE, [GT] = LLVMIntUGT, [GE] = LLVMIntUGE};
  switch (op) {
  case ADD: return LLVMBuildAdd(bd, a, b, "");
  case SUB: return LLVMBuildSub(bd, a, b, "");
  case MUL: return LLVMBuildMul(bd, a, b, "");
  case DIV: return u ? LLVMBuildUDiv(bd, a, b, "") : LLVMBuildSDiv(bd, a, b, "");
  case REM: return u ? LLVMBuildURem(bd, a, b, "") : LLVMBuildSRem(bd, a, b, "");
  case SHL: return LLVMBuildShl(bd, a, b, "");
  case SHR: return u ? LLVMBuildLShr(bd, a, b, "") : LLVMBuildAShr(bd, a, b, "");
  case BAND:
  case AND: return LLVMBuildAnd(bd, a, b, "");
  case BOR:
  case OR: return LLVMBuildOr(bd, a, b, "");
  case BXOR: return LLVMBuildXor(bd, a, b, "");
  default: return LLVMBuildICmp(bd, u ? upred[op] : spred[op], a, b, "");
  }
}

/* An i1 value as an i32 (0 or 1), as C promotes a bool. */
void flyc__xp_promote_bool(xp_t *x, term_t *a) {
  if (a->v && flyc__xp_is_int(LLVMTypeOf(a->v)) && LLVMGetIntTypeWidth(LLVMTypeOf(a->v)) == 1)
    a->v = convert(x, a->v, LLVMInt32TypeInContext(x->kb->ctx->llctx));
}

/* A shift: C's result has the left operand's type; the count is converted
 * to it, and a literal count must be below its width. */
static int shift(xp_t *x, int op, term_t *a, term_t *b) {
  flyc__xp_promote_bool(x, a);
  flyc__xp_promote_bool(x, b);
  if (!a->v && !lit_to(x, a, LLVMTypeOf(b->v)))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(a->v);
  char n[16];
  if (!flyc__xp_is_int(t) || (b->v && !flyc__xp_is_int(LLVMTypeOf(b->v))) || (!b->v && b->fl))
    return flyc__xp_xfail(
        x, "a shift needs integers, not %s",
        flyc__xp_type_name(flyc__xp_is_int(t) ? (b->v ? LLVMTypeOf(b->v) : f32_type(x)) : t, n,
                           sizeof n));
  if (!b->v && (b->i < 0 || (uint64_t)b->i >= LLVMGetIntTypeWidth(t)))
    return flyc__xp_xfail(x, "shift by %lld, not 0 to %u", (long long)b->i,
                          LLVMGetIntTypeWidth(t) - 1);
  if (!b->v ? !lit_to(x, b, t) : !(b->v = convert(x, b->v, t)))
    return 0;
  a->v = int_bin(x, op, a->v, b->v);
  return 1;
}

/* `a = a op b`, C's semantics: see flyc__xp_unify() and shift(). */
int flyc__xp_binary(xp_t *x, int op, term_t *a, term_t *b) {
  if (op == AND || op == OR) {
    flyc__xp_to_bool(x, a);
    flyc__xp_to_bool(x, b);
  }
  if (!a->v && !b->v)
    return fold(x, op, a, b);
  if (op == SHL || op == SHR)
    return shift(x, op, a, b);
  if ((op == DIV || op == REM) && !b->v && !b->fl && !b->i)
    return flyc__xp_xfail(x, "division by zero");
  if (op != AND && op != OR) { /* a bool meets other operators as C's int */
    flyc__xp_promote_bool(x, a);
    flyc__xp_promote_bool(x, b);
  }
  if (!flyc__xp_unify(x, a, b))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(a->v);
  char n[16];
  if (!flyc__xp_is_int(t) && !flyc__xp_is_fp(t))
    return flyc__xp_xfail(x, "an operand is %s", flyc__xp_type_name(t, n, sizeof n));
  a->v = flyc__xp_is_fp(t) ? fp_bin(x, op, a->v, b->v) : int_bin(x, op, a->v, b->v);
  return a->v != NULL;
}

/* Functions an expression may call: kind, and the function or type. */
enum { F_MIN, F_MAX, F_ABS, F_FMA, F_CONV, F_MATH };
static const struct {
  const char *name;
  int kind, fn, arity;
} fns[] = {
    {"min", F_MIN, 0, 2},
    {"max", F_MAX, 0, 2},
    {"abs", F_ABS, 0, 1},
    {"fma", F_FMA, 0, 3},
    {"i8", F_CONV, 8, 1},
    {"i16", F_CONV, 16, 1},
    {"i32", F_CONV, 32, 1},
    {"i64", F_CONV, 64, 1},
    {"f16", F_CONV, -1, 1},
    {"bf16", F_CONV, -2, 1},
    {"f32", F_CONV, -3, 1},
    {"f64", F_CONV, -4, 1},
    {"exp", F_MATH, FLYC_MATH_EXP, 1},
    {"log", F_MATH, FLYC_MATH_LOG, 1},
    {"sqrt", F_MATH, FLYC_MATH_SQRT, 1},
    {"sin", F_MATH, FLYC_MATH_SIN, 1},
    {"cos", F_MATH, FLYC_MATH_COS, 1},
    {"rsqrt", F_MATH, FLYC_MATH_RSQRT, 1},
    {"pow", F_MATH, FLYC_MATH_POW, 2},
    {"erf", F_MATH, FLYC_MATH_ERF, 1},
    {"exp2", F_MATH, FLYC_MATH_EXP2, 1},
    {"log2", F_MATH, FLYC_MATH_LOG2, 1},
    {"exp10", F_MATH, FLYC_MATH_EXP10, 1},
    {"log10", F_MATH, FLYC_MATH_LOG10, 1},
    {"expm1", F_MATH, FLYC_MATH_EXPM1, 1},
    {"log1p", F_MATH, FLYC_MATH_LOG1P, 1},
    {"tanh", F_MATH, FLYC_MATH_TANH, 1},
    {"sinh", F_MATH, FLYC_MATH_SINH, 1},
    {"cosh", F_MATH, FLYC_MATH_COSH, 1},
    {"tan", F_MATH, FLYC_MATH_TAN, 1},
    {"asin", F_MATH, FLYC_MATH_ASIN, 1},
    {"acos", F_MATH, FLYC_MATH_ACOS, 1},
    {"atan", F_MATH, FLYC_MATH_ATAN, 1},
    {"cbrt", F_MATH, FLYC_MATH_CBRT, 1},
    {"fabs", F_MATH, FLYC_MATH_FABS, 1},
    {"floor", F_MATH, FLYC_MATH_FLOOR, 1},
    {"ceil", F_MATH, FLYC_MATH_CEIL, 1},
    {"trunc", F_MATH, FLYC_MATH_TRUNC, 1},
    {"round", F_MATH, FLYC_MATH_ROUND, 1},
    {"atan2", F_MATH, FLYC_MATH_ATAN2, 2},
    {"fmin", F_MATH, FLYC_MATH_FMIN, 2},
    {"fmax", F_MATH, FLYC_MATH_FMAX, 2},
    {"hypot", F_MATH, FLYC_MATH_HYPOT, 2},
    {"fmod", F_MATH, FLYC_MATH_FMOD, 2},
};

int flyc__xp_function(const char *s, size_t len, int *arity, const char **name) {
  for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++)
    if (strlen(fns[f].name) == len && !memcmp(fns[f].name, s, len)) {
      *arity = fns[f].arity;
      *name = fns[f].name;
      return (int)f;
    }
  return -1;
}

static LLVMTypeRef conv_type(xp_t *x, int code) {
  LLVMContextRef lc = x->kb->ctx->llctx;
  return code > 0     ? LLVMIntTypeInContext(lc, (unsigned)code)
         : code == -1 ? LLVMHalfTypeInContext(lc)
         : code == -2 ? LLVMBFloatTypeInContext(lc)
         : code == -3 ? LLVMFloatTypeInContext(lc)
                      : LLVMDoubleTypeInContext(lc);
}

/* min, max, abs of one type: C's comparisons and select for integers (which
 * LLVM folds into smin / umin / abs), llvm.minnum / maxnum / fabs (C's
 * fmin, fmax, fabs) for floats. */
static LLVMValueRef min_max_abs(xp_t *x, int kind, term_t *a) {
  LLVMBuilderRef b = x->kb->b;
  LLVMValueRef v = a[0].v;
  LLVMTypeRef t = LLVMTypeOf(v);
  if (flyc__xp_is_fp(t)) {
    const char *n = kind == F_MIN ? "llvm.minnum" : kind == F_MAX ? "llvm.maxnum" : "llvm.fabs";
    LLVMValueRef args[2] = {v, kind == F_ABS ? NULL : a[1].v};
    unsigned id = LLVMLookupIntrinsicID(n, strlen(n));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(x->kb->ctx->mod, id, &t, 1);
    LLVMValueRef r =
        LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, kind == F_ABS ? 1 : 2, "");
    flyc__set_fast_math_flags(r, x->kb->fmf);
    return r;
  }
  if (kind == F_ABS) {
    LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, v, LLVMConstNull(t), "");
    return x->uns ? v : LLVMBuildSelect(b, neg, LLVMBuildNeg(b, v, ""), v, "");
  }
  LLVMValueRef lt = int_bin(x, LT, v, a[1].v);
  return kind == F_MIN ? LLVMBuildSelect(b, lt, v, a[1].v, "")
                       : LLVMBuildSelect(b, lt, a[1].v, v, "");
}

/* A call `name(args)` of the table above, the arguments already parsed. */
int flyc__xp_apply_call(xp_t *x, int f, term_t *a, int n, term_t *out) {
  int kind = fns[f].kind, rc0 = x->kb->rc;
  for (int i = 1; i < n && kind != F_CONV; i++)
    for (int j = 0; j < i; j++)
      if (!flyc__xp_unify(x, &a[j], &a[i]))
        return 0;
  if (kind == F_CONV) {
    if (!flyc__xp_lit_default(x, &a[0]))
      return 0;
    *out = (term_t){convert(x, a[0].v, conv_type(x, fns[f].fn)), 0, 0, 0};
    return 1;
  }
  int fl = kind >= F_FMA; /* all literals: an i32, or an f32 (CUDA's 2.0f) if one is a float */
  for (int i = 0; i < n; i++)
    fl |= a[i].fl;
  for (int i = 0; i < n; i++)
    if (!lit_to(x, &a[i], a[0].v ? LLVMTypeOf(a[0].v) : fl ? f32_type(x) : conv_type(x, 32)))
      return 0;
  LLVMTypeRef t = LLVMTypeOf(a[0].v);
  if ((kind == F_MATH || kind == F_FMA) && flyc__xp_is_int(t)) /* C converts an int argument */
    for (int i = 0; i < n; i++)
      a[i].v = convert(x, a[i].v, f32_type(x));
  LLVMValueRef r = kind == F_FMA    ? flyc_kb_fma(x->kb, a[0].v, a[1].v, a[2].v)
                   : kind == F_MATH ? flyc_kb_math(x->kb, (flyc_math_fn_t)fns[f].fn, a[0].v,
                                                   n > 1 ? a[1].v : NULL)
                                    : min_max_abs(x, kind, a);
  if (!r || x->kb->rc != rc0) {
    if (rc0) /* an earlier error stands */
      return 0;
    char *inner = x->kb->first; /* the helper's own: said again with the expression */
    x->kb->first = NULL;
    x->kb->rc = 0;
    flyc__xp_xfail(x, "%s() failed: %s", fns[f].name, inner ? inner : "");
    free(inner);
    return 0;
  }
  *out = (term_t){r, 0, 0, 0};
  return 1;
}

int flyc__xp_apply_unary(xp_t *x, char c, term_t *a) {
  char n[16];
  if (c == '!') {
    flyc__xp_to_bool(x, a);
    if (a->v)
      a->v = LLVMBuildNot(x->kb->b, a->v, "");
    else
      a->i = !a->i;
    return 1;
  }
  if (!a->v) {
    if (c == '~' && a->fl)
      return flyc__xp_xfail(x, "~ needs an integer");
    if (c == '-' && !a->fl && a->i == INT64_MIN)
      return flyc__xp_xfail(x, "the literal result overflows 64 bits");
    a->f = c == '-' ? -a->f : a->f;
    a->i = c == '-' ? -a->i : c == '~' ? ~a->i : a->i;
    return 1;
  }
  LLVMTypeRef t = LLVMTypeOf(a->v);
  if (c == '+')
    return 1;
  if (flyc__xp_is_fp(t)) {
    if (c == '~')
      return flyc__xp_xfail(x, "~ needs an integer, not %s", flyc__xp_type_name(t, n, sizeof n));
    a->v = LLVMBuildFNeg(x->kb->b, a->v, "");
    flyc__set_fast_math_flags(a->v, x->kb->fmf);
    return 1;
  }
  flyc__xp_promote_bool(x, a);
  a->v = c == '-' ? LLVMBuildNeg(x->kb->b, a->v, "") : LLVMBuildNot(x->kb->b, a->v, "");
  return 1;
}

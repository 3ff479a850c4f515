/* flyc_kb_expr's functions (expr.h): min, max, abs, fma, the casts, and
 * flyc_kb_math's functions by their C names, with C's conversions of the
 * arguments; a cast of a literal is done at build time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "expr.h"

/* Functions an expression may call: kind, and the function or type. */
enum { F_MIN, F_MAX, F_ABS, F_FMA, F_CONV, F_MATH };
static const struct {
  const char *name;
  int kind, fn, arity;
} fns[] = {
    {"min", F_MIN, 0, 2},   {"max", F_MAX, 0, 2},    {"abs", F_ABS, 0, 1},   {"fma", F_FMA, 0, 3},
    {"i8", F_CONV, 8, 1},   {"i16", F_CONV, 16, 1},  {"i32", F_CONV, 32, 1}, {"i64", F_CONV, 64, 1},
    {"f16", F_CONV, -1, 1}, {"bf16", F_CONV, -2, 1}, {"f32", F_CONV, -3, 1}, {"f64", F_CONV, -4, 1},
};

#define NFNS ((int)(sizeof fns / sizeof fns[0])) /* then flyc_kb_math's, NFNS + fn */

static int fn_kind(int f) { return f < NFNS ? fns[f].kind : F_MATH; }
static int fn_code(int f) { return f < NFNS ? fns[f].fn : f - NFNS; }
static const char *fn_name(int f) { return f < NFNS ? fns[f].name : flyc__math_names[f - NFNS]; }

int flyc__xp_function(const char *s, size_t len, int *arity, const char **name) {
  for (int f = 0; f <= NFNS + FLYC_MATH_FMOD; f++) {
    const char *n = fn_name(f);
    if (f != NFNS && strlen(n) == len && !memcmp(n, s, len)) { /* NFNS: math's "" */
      int fn = fn_code(f);
      *arity = f < NFNS ? fns[f].arity : fn == FLYC_MATH_POW || fn >= FLYC_MATH_ATAN2 ? 2 : 1;
      *name = n;
      return f;
    }
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
  LLVMValueRef lt = flyc__xp_int_bin(x, LT, v, a[1].v);
  return kind == F_MIN ? LLVMBuildSelect(b, lt, v, a[1].v, "")
                       : LLVMBuildSelect(b, lt, a[1].v, v, "");
}

/* A cast of a literal at build time, as C converts: an integer to an
 * integer type modulo its width, a float to one truncated and in its range
 * (undefined in C otherwise), to a float type rounded. */
static int conv_literal(xp_t *x, term_t *a, LLVMTypeRef t, const char *name) {
  if (flyc__xp_is_fp(t)) { /* rounded; out of the type's range is undefined in C */
    a->v = flyc__xp_lit_real(x, a, t);
    LLVMBool lost;
    if (isinf(LLVMConstRealGetDouble(a->v, &lost)) && !isinf(flyc__xp_lit_double(a)))
      return flyc__xp_xfail(x, "%s(%g): the value is outside %s's range (undefined in C)", name,
                            flyc__xp_lit_double(a), name);
    return 1;
  }
  unsigned w = LLVMGetIntTypeWidth(t);
  uint64_t mask = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
  if (!XP_FLOAT_KIND(a->k)) {
    a->v = LLVMConstInt(t, (uint64_t)a->i & mask, 0);
    return 1;
  }
  double f = a->f, half = (double)(UINT64_C(1) << (w - 1));
  double lo = x->uns ? 0 : -half, hi = x->uns ? 2 * half : half;
  if (!((f > lo - 1 || f == lo) && f < hi)) /* NaN too */
    return flyc__xp_xfail(x, "%s(%g): the value is outside %s's %srange (undefined in C)", name, f,
                          name, x->uns ? "unsigned " : "");
  a->v = LLVMConstInt(t, (x->uns ? (uint64_t)f : (uint64_t)(int64_t)f) & mask, 0);
  return 1;
}

/* A call's arguments given one type (C's conversions, a bool as an int;
 * literals alone keep their C type, a math function's integers an f32). */
static int call_args(xp_t *x, int kind, term_t *a, int n) {
  for (int i = 0; i < n; i++)
    flyc__xp_promote_bool(x, &a[i]);
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      if (!flyc__xp_unify(x, &a[j], &a[i]))
        return 0;
  int k = flyc__xp_common_kind(a[0].k, a[0].k);
  if (kind >= F_FMA && !XP_FLOAT_KIND(k))
    k = K_FLT;
  for (int i = 0; i < n; i++) {
    if (!a[i].v)
      flyc__xp_lit_kind(&a[i], k);
    if (!flyc__xp_lit_value(x, &a[i]))
      return 0;
    if (LLVMTypeOf(a[i].v) != LLVMTypeOf(a[0].v))
      return flyc__xp_xfail(x, "the arguments did not get one type");
  }
  return 1;
}

/* A call `name(args)` of the table above, the arguments already parsed. */
int flyc__xp_apply_call(xp_t *x, int f, term_t *a, int n, term_t *out) {
  int kind = fn_kind(f), rc0 = x->kb->rc;
  if (kind == F_CONV) {
    LLVMTypeRef t = conv_type(x, fn_code(f));
    if (!a[0].v)
      return conv_literal(x, &a[0], t, fn_name(f)) ? (*out = a[0], 1) : 0;
    *out = (term_t){flyc__xp_convert(x, a[0].v, t), 0, 0, 0, NULL};
    return 1;
  }
  if (!call_args(x, kind, a, n))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(a[0].v);
  if ((kind == F_MATH || kind == F_FMA) && flyc__xp_is_int(t)) /* C converts an int argument */
    for (int i = 0; i < n; i++)
      a[i].v = flyc__xp_convert(x, a[i].v, flyc__xp_f32(x));
  LLVMValueRef r = kind == F_FMA    ? flyc_kb_fma(x->kb, a[0].v, a[1].v, a[2].v)
                   : kind == F_MATH ? flyc_kb_math(x->kb, (flyc_math_fn_t)fn_code(f), a[0].v,
                                                   n > 1 ? a[1].v : NULL)
                                    : min_max_abs(x, kind, a);
  if (!r || x->kb->rc != rc0) {
    if (rc0) /* an earlier error stands */
      return 0;
    char *inner = x->kb->first; /* the helper's own: said again with the expression */
    x->kb->first = NULL;
    x->kb->rc = 0;
    flyc__xp_xfail(x, "%s() failed: %s", fn_name(f), inner ? inner : "");
    free(inner);
    return 0;
  }
  *out = (term_t){r, 0, 0, 0, NULL};
  return 1;
}

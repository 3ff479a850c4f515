/* flyc_kb_expr's types and arithmetic (expr.h): C's usual conversions,
 * literals with C's types folded at build time as C's constant arithmetic,
 * one LLVM instruction per operator (the functions: expr_calls.c). */
#include <math.h>
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
  /* A long text is quoted around the column: from 60 bytes before it. */
  size_t col = (size_t)(x->p - x->src), from = strlen(x->src) > 160 && col > 60 ? col - 60 : 0;
  const char *s = x->src + from;
  fail(x->kb, flyc__error_set(FLYC_EINVAL, "%s: \"%s%.160s%s\" at column %zu: %s",
                              x->what ? x->what : "flyc_kb_expr", from ? "..." : "", s,
                              strlen(s) > 160 ? "..." : "", col + 1, why));
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

LLVMTypeRef flyc__xp_f32(xp_t *x) { return LLVMFloatTypeInContext(x->kb->ctx->llctx); }

/* `v` converted to `to` as C converts (the integers signed, or unsigned
 * under FLYC_EXPR_UNSIGNED; an i1 is a bool, 0 or 1). */
LLVMValueRef flyc__xp_convert(xp_t *x, LLVMValueRef v, LLVMTypeRef to) {
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
    return LLVMBuildFPTrunc(b, LLVMBuildFPExt(b, v, flyc__xp_f32(x), ""), to, "");
  return tw > fw ? LLVMBuildFPExt(b, v, to, "") : LLVMBuildFPTrunc(b, v, to, "");
}

static LLVMTypeRef int_type(xp_t *x, unsigned w) {
  return LLVMIntTypeInContext(x->kb->ctx->llctx, w);
}

static int k_unsigned(int k) { return k == K_UINT || k == K_ULONG; }
static unsigned k_bits(int k) { return k == K_LONG || k == K_ULONG || k == K_DBL ? 64 : 32; }

double flyc__xp_lit_double(const term_t *a) {
  return XP_FLOAT_KIND(a->k) ? a->f : a->k == K_ULONG ? (double)(uint64_t)a->i : (double)a->i;
}

/* Whether integer literal `a` holds a value of an i`w`, signed or not. */
static int lit_fits(const term_t *a, unsigned w, int uns) {
  uint64_t u = (uint64_t)a->i;
  if (k_unsigned(a->k) || (uns && a->i >= 0))
    return w >= 64 ? (uns || u <= INT64_MAX) : u >> (w - !uns) == 0;
  if (uns)
    return 0;
  return w >= 64 || (a->i >= -(INT64_C(1) << (w - 1)) && a->i < (INT64_C(1) << (w - 1)));
}

/* A literal given type `t`: a float one any float type (rounded as C
 * converts), an integer one an integer type that holds its value (an i1
 * takes a bool); a value stays. */
static int lit_to(xp_t *x, term_t *a, LLVMTypeRef t) {
  if (a->v)
    return 1;
  if (flyc__xp_is_fp(t)) {
    a->v = flyc__xp_lit_real(x, a, t);
    LLVMBool lost;
    double got = LLVMConstRealGetDouble(a->v, &lost), want = flyc__xp_lit_double(a);
    if ((isinf(got) && !isinf(want)) || (got == 0 && want != 0)) { /* inf, or flushed to 0 */
      char n[16];
      a->v = NULL;
      return flyc__xp_xfail(x, "the literal %g is %s %s's range", want,
                            got == 0 ? "below" : "out of", flyc__xp_type_name(t, n, sizeof n));
    }
    return 1;
  }
  unsigned w = LLVMGetIntTypeWidth(t);
  if (XP_FLOAT_KIND(a->k))
    return flyc__xp_xfail(x, "a float literal (%g) where an i%u is needed", a->f, w);
  if (!lit_fits(a, w, x->uns || k_unsigned(a->k) || w == 1))
    return flyc__xp_xfail(x, "the literal %lld does not fit an i%u", (long long)a->i, w);
  uint64_t mask = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
  a->v = LLVMConstInt(t, (uint64_t)a->i & mask, 0);
  return 1;
}

static int refuse_unsigned(xp_t *x, const term_t *l) {
  return flyc__xp_xfail(x,
                        "the literal %llu is C's unsigned %s, which makes C's operation "
                        "unsigned: use FLYC_EXPR_UNSIGNED (FLYC_UEXPR), or a signed literal",
                        (unsigned long long)l->i, l->k == K_ULONG ? "long" : "int");
}

/* Literal `a` as a constant of float type `t`, rounded once as C converts
 * (an integer through LLVM's sitofp / uitofp, not through a double). */
LLVMValueRef flyc__xp_lit_real(xp_t *x, const term_t *a, LLVMTypeRef t) {
  if (XP_FLOAT_KIND(a->k))
    return LLVMConstReal(t, a->f);
  LLVMValueRef i = LLVMConstInt(int_type(x, 64), (uint64_t)a->i, 0);
  return a->k == K_ULONG ? LLVMBuildUIToFP(x->kb->b, i, t, "") : LLVMBuildSIToFP(x->kb->b, i, t, "");
}

/* A literal as a value that C's operations will take as signed or not as
 * the expression's flag says: an unsigned one in a signed expression is
 * refused (refuse_unsigned()), where lit_default() would keep its bits. */
int flyc__xp_lit_value(xp_t *x, term_t *a) {
  if (!a->v && !x->uns && k_unsigned(a->k))
    return refuse_unsigned(x, a);
  return flyc__xp_lit_default(x, a);
}

/* A literal that no operand types, in its own C type: an i32 (int or
 * unsigned), an i64 (long), an i1 (a comparison's), a float or a double. */
int flyc__xp_lit_default(xp_t *x, term_t *a) {
  if (a->v)
    return 1;
  LLVMContextRef lc = x->kb->ctx->llctx;
  return lit_to(x, a,
                a->k == K_FLT   ? LLVMFloatTypeInContext(lc)
                : a->k == K_DBL ? LLVMDoubleTypeInContext(lc)
                                : int_type(x, a->k == K_BOOL ? 1 : k_bits(a->k)));
}

/* C's usual arithmetic conversions of two literals' types (a bool is an
 * int; long holds every unsigned int). */
int flyc__xp_common_kind(int a, int b) {
  return a == K_DBL || b == K_DBL       ? K_DBL
         : a == K_FLT || b == K_FLT     ? K_FLT
         : a == K_ULONG || b == K_ULONG ? K_ULONG
         : a == K_LONG || b == K_LONG   ? K_LONG
         : a == K_UINT || b == K_UINT   ? K_UINT
                                        : K_INT;
}

/* Literal `a` converted to kind `k`, as C converts (to unsigned: modulo). */
void flyc__xp_lit_kind(term_t *a, int k) {
  if (k == K_FLT && !XP_FLOAT_KIND(a->k)) /* one rounding, as C's (float)n */
    a->f = a->k == K_ULONG ? (double)(float)(uint64_t)a->i : (double)(float)a->i;
  else if (XP_FLOAT_KIND(k) && !XP_FLOAT_KIND(a->k))
    a->f = flyc__xp_lit_double(a);
  else if (k == K_FLT)
    a->f = (double)(float)a->f;
  if (k == K_UINT)
    a->i = (int64_t)((uint64_t)a->i & UINT32_MAX);
  a->k = k;
}

/* Literal `l` meets value `v` (C's conversions, with the literal taking
 * the value's type where it holds the literal): a float value takes any
 * literal; an integer value meeting a float literal becomes its float or
 * double; an integer literal of a wider C type (a long), or one that an
 * i8 or i16 does not hold, widens the value, as C's promotions do. An
 * unsigned literal would make C's operation unsigned: a signed expression
 * refuses it, unless the value is an i64 (C's long holds it). */
static int lit_meets(xp_t *x, term_t *l, term_t *v) {
  LLVMTypeRef t = LLVMTypeOf(v->v);
  if (!flyc__xp_is_int(t) || (l->k == K_BOOL && LLVMGetIntTypeWidth(t) == 1))
    return lit_to(x, l, t);
  if (XP_FLOAT_KIND(l->k)) {
    LLVMContextRef lc = x->kb->ctx->llctx;
    v->v = flyc__xp_convert(x, v->v,
                   l->k == K_FLT ? LLVMFloatTypeInContext(lc) : LLVMDoubleTypeInContext(lc));
    return lit_to(x, l, LLVMTypeOf(v->v));
  }
  unsigned w = LLVMGetIntTypeWidth(t), lw = k_bits(l->k), pw = w < 32 ? 32 : w;
  if (!x->uns && k_unsigned(l->k) && !(w == 64 && lw == 32))
    return refuse_unsigned(x, l);
  if (lw > pw || !lit_fits(l, w, x->uns))
    v->v = flyc__xp_convert(x, v->v, int_type(x, lw > pw ? lw : pw));
  return lit_to(x, l, LLVMTypeOf(v->v));
}

/* Gives `a` and `b` one type, as C's usual arithmetic conversions do: see
 * lit_meets(); of two values, an integer meeting a float becomes that
 * float, the narrower of two integers or of two floats is widened. Two
 * literals stay literals, of their common C type. */
int flyc__xp_unify(xp_t *x, term_t *a, term_t *b) {
  if (!a->v && !b->v) {
    int k = flyc__xp_common_kind(a->k, b->k);
    flyc__xp_lit_kind(a, k);
    flyc__xp_lit_kind(b, k);
    return 1;
  }
  if (!a->v || !b->v)
    return a->v ? lit_meets(x, b, a) : lit_meets(x, a, b);
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
  a->v = flyc__xp_convert(x, a->v, t);
  b->v = flyc__xp_convert(x, b->v, t);
  return 1;
}

/* C's truth of a term: an i1 value, or a bool literal (0 or 1). */
void flyc__xp_to_bool(xp_t *x, term_t *a) {
  if (!a->v) {
    a->i = XP_FLOAT_KIND(a->k) ? a->f != 0 : a->i != 0;
    a->k = K_BOOL;
    return;
  }
  LLVMTypeRef t = LLVMTypeOf(a->v);
  if (flyc__xp_is_int(t) && LLVMGetIntTypeWidth(t) == 1)
    return;
  a->v = flyc__xp_is_int(t) ? LLVMBuildICmp(x->kb->b, LLVMIntNE, a->v, LLVMConstNull(t), "")
                            : LLVMBuildFCmp(x->kb->b, LLVMRealUNE, a->v, LLVMConstNull(t), "");
}

static int compare(int op, int c) { /* c: -1, 0 or 1; op EQ ... GE */
  return op == EQ   ? c == 0
         : op == NE ? c != 0
         : op == LT ? c < 0
         : op == LE ? c <= 0
         : op == GT ? c > 0
                    : c >= 0;
}

/* Two float literals (or one and an integer) combined as C does: in
 * double, or in float when neither is a double. */
static int fold_float(xp_t *x, int op, term_t *a, term_t *b) {
  int k = flyc__xp_common_kind(a->k, b->k);
  flyc__xp_lit_kind(a, k);
  flyc__xp_lit_kind(b, k);
  double p = a->f, q = b->f;
  if (op >= EQ && op <= GE) { /* NaN: only != holds */
    int c = p != p || q != q ? op == NE : compare(op, (p > q) - (p < q));
    *a = (term_t){NULL, K_BOOL, c, 0, NULL};
    return 1;
  }
  if (op != ADD && op != SUB && op != MUL && op != DIV)
    return flyc__xp_xfail(x, op == REM ? "%% needs integers (use fmod)" : "this operator needs integers");
  a->f = op == ADD ? p + q : op == SUB ? p - q : op == MUL ? p * q : p / q;
  flyc__xp_lit_kind(a, k);
  return 1;
}

/* Whether `r` is a value of integer kind `k` (unsigned ones are wrapped). */
static int k_holds(int k, int64_t r) {
  return k == K_INT ? r >= INT32_MIN && r <= INT32_MAX : 1;
}

/* Two integer literals combined as C does, in their common C type (a
 * shift: the left one's): unsigned ones wrap; a signed result that its
 * type does not hold (undefined in C), a division by zero or a shift
 * count outside the type is an error. */
static int fold(xp_t *x, int op, term_t *a, term_t *b) {
  if (XP_FLOAT_KIND(a->k) || XP_FLOAT_KIND(b->k))
    return fold_float(x, op, a, b);
  int sh = op == SHL || op == SHR;
  int k = sh ? flyc__xp_common_kind(a->k, a->k) : flyc__xp_common_kind(a->k, b->k);
  if (x->uns) /* two bools' int: unsigned too */
    k = k == K_INT ? K_UINT : k == K_LONG ? K_ULONG : k;
  flyc__xp_lit_kind(a, k);
  if (!sh)
    flyc__xp_lit_kind(b, k);
  int u = k_unsigned(k);
  unsigned w = k_bits(k);
  uint64_t P = (uint64_t)a->i, Q = (uint64_t)b->i, mask = w == 64 ? UINT64_MAX : UINT32_MAX;
  int64_t p = a->i, q = b->i, r = 0;
  int bad = 0;
  if ((op == DIV || op == REM) && !q)
    return flyc__xp_xfail(x, "division by zero");
  if (sh && (q < 0 || q >= (int64_t)w || (k_unsigned(b->k) && (uint64_t)q >= w)))
    return flyc__xp_xfail(x, "shift by %lld, not 0 to %u", (long long)q, w - 1);
  switch (op) {
  case ADD: bad = __builtin_add_overflow(p, q, &r), r = u ? (int64_t)(P + Q) : r; break;
  case SUB: bad = __builtin_sub_overflow(p, q, &r), r = u ? (int64_t)(P - Q) : r; break;
  case MUL: bad = __builtin_mul_overflow(p, q, &r), r = u ? (int64_t)(P * Q) : r; break;
  case DIV:
  case REM:
    bad = !u && q == -1 && p == (k == K_INT ? INT32_MIN : INT64_MIN); /* undefined in C */
    r = u ? (int64_t)(op == DIV ? P / Q : P % Q) : bad ? 0 : op == DIV ? p / q : p % q;
    break;
  case SHL:
    r = (int64_t)(P << q);
    bad = !u && (r >> q != p);
    break;
  case SHR: r = u ? (int64_t)(P >> q) : p >> q; break;
  case BAND: r = p & q; break;
  case BOR: r = p | q; break;
  case BXOR: r = p ^ q; break;
  case AND:
  case OR: *a = (term_t){NULL, K_BOOL, op == AND ? p && q : p || q, 0, NULL}; return 1;
  default:
    *a = (term_t){NULL, K_BOOL,
                  compare(op, u ? (P > Q) - (P < Q) : (p > q) - (p < q)), 0, NULL};
    return 1;
  }
  if (u)
    r = (int64_t)((uint64_t)r & mask);
  else if (bad || !k_holds(k, r))
    return flyc__xp_xfail(x, "the literal result overflows %s, C's type for it (undefined in C)%s",
                          k == K_INT ? "int" : "long", k == K_INT ? ": write a long (1l)" : "");
  a->i = r;
  a->k = k;
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

LLVMValueRef flyc__xp_int_bin(xp_t *x, int op, LLVMValueRef a, LLVMValueRef b) {
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
    a->v = flyc__xp_convert(x, a->v, LLVMInt32TypeInContext(x->kb->ctx->llctx));
}

/* A shift: C's result has the left operand's type (a literal's own: `1 <<
 * s` is an int); the count is converted to it, and a literal count must be
 * below its width. */
static int shift(xp_t *x, int op, term_t *a, term_t *b) {
  flyc__xp_promote_bool(x, a);
  flyc__xp_promote_bool(x, b);
  if (!a->v) {
    if (!x->uns && k_unsigned(a->k))
      return refuse_unsigned(x, a);
    a->k = a->k == K_BOOL ? K_INT : a->k;
    if (!flyc__xp_lit_default(x, a))
      return 0;
  }
  LLVMTypeRef t = LLVMTypeOf(a->v);
  char n[16];
  if (!flyc__xp_is_int(t) || (b->v && !flyc__xp_is_int(LLVMTypeOf(b->v))) ||
      (!b->v && XP_FLOAT_KIND(b->k)))
    return flyc__xp_xfail(
        x, "a shift needs integers, not %s",
        flyc__xp_type_name(flyc__xp_is_int(t) ? (b->v ? LLVMTypeOf(b->v) : flyc__xp_f32(x)) : t, n,
                           sizeof n));
  if (!b->v && (b->i < 0 || (uint64_t)b->i >= LLVMGetIntTypeWidth(t)))
    return flyc__xp_xfail(x, "shift by %lld, not 0 to %u", (long long)b->i,
                          LLVMGetIntTypeWidth(t) - 1);
  if (!b->v ? !lit_to(x, b, t) : !(b->v = flyc__xp_convert(x, b->v, t)))
    return 0;
  a->v = flyc__xp_int_bin(x, op, a->v, b->v);
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
  if ((op == DIV || op == REM) && !b->v && !XP_FLOAT_KIND(b->k) && !b->i)
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
  a->v = flyc__xp_is_fp(t) ? fp_bin(x, op, a->v, b->v) : flyc__xp_int_bin(x, op, a->v, b->v);
  return a->v != NULL;
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
  if (!a->v && XP_FLOAT_KIND(a->k)) {
    if (c == '~')
      return flyc__xp_xfail(x, "~ needs an integer");
    a->f = c == '-' ? -a->f : a->f;
    return 1;
  }
  if (!a->v) { /* C's int arithmetic: unsigned wraps, a signed overflow is an error */
    a->k = a->k == K_BOOL ? (x->uns ? K_UINT : K_INT) : a->k;
    uint64_t mask = k_bits(a->k) == 64 ? UINT64_MAX : UINT32_MAX, u = (uint64_t)a->i;
    if (k_unsigned(a->k))
      a->i = (int64_t)((c == '-' ? 0 - u : c == '~' ? ~u : u) & mask);
    else if (c == '-' && (a->i == INT64_MIN || !k_holds(a->k, -a->i)))
      return flyc__xp_xfail(x, "the literal result overflows %s, C's type for it",
                            a->k == K_INT ? "int" : "long");
    else
      a->i = c == '-' ? -a->i : c == '~' ? ~a->i : a->i;
    return 1;
  }
  flyc__xp_promote_bool(x, a); /* +b, -b, ~b of a bool: C's int */
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
  a->v = c == '-' ? LLVMBuildNeg(x->kb->b, a->v, "") : LLVMBuildNot(x->kb->b, a->v, "");
  return 1;
}

/* flyc_kb_expr of flyc/builder.h: an arithmetic expression in C's syntax
 * and precedence over a body's values, parsed at build time by recursive
 * descent and emitted as it is parsed (expr_types.c: the types and the
 * arithmetic). Literals stay build-time numbers until an operand gives
 * them a type. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strtod_l */
#endif
#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "expr.h"

/* The binary operators by C's precedence level (0 binds loosest). */
static const struct {
  const char *s;
  int level, op;
} ops[] = {{"||", 0, OR},  {"&&", 1, AND}, {"|", 2, BOR}, {"^", 3, BXOR}, {"&", 4, BAND},
           {"==", 5, EQ},  {"!=", 5, NE},  {"<=", 6, LE}, {">=", 6, GE},  {"<<", 7, SHL},
           {">>", 7, SHR}, {"<", 6, LT},   {">", 6, GT},  {"+", 8, ADD},  {"-", 8, SUB},
           {"*", 9, MUL},  {"/", 9, DIV},  {"%", 9, REM}};
#define XP_LEVELS 10

static int parse_ternary(xp_t *x, term_t *out);

static void ws(xp_t *x) {
  while (isspace((unsigned char)*x->p))
    x->p++;
}

/* An operand's name: bound to the next value at its first appearance. */
static int operand(xp_t *x, const char *s, size_t n, term_t *out) {
  size_t k = 0;
  while (k < x->bound && !(x->len[k] == n && !memcmp(x->name[k], s, n)))
    k++;
  if (k == x->bound) {
    if (k == x->count || k == XP_OPERANDS)
      return flyc__xp_xfail(x, "'%.*s' is name %zu, but %zu operand%s given", (int)n, s, k + 1,
                            x->count, x->count == 1 ? " is" : "s are");
    char tn[16], arg[48];
    snprintf(arg, sizeof arg, "operand '%.*s' (number %zu)", (int)(n > 24 ? 24 : n), s, k + 1);
    if (!type_of(x->kb, x->vals[k]))
      return flyc__xp_xfail(x, "%s is %s", arg,
                            x->vals[k] ? "a value of another LLVM context" : "NULL");
    LLVMTypeRef t = LLVMTypeOf(x->vals[k]);
    if ((!flyc__xp_is_int(t) && !flyc__xp_is_fp(t)) ||
        (flyc__xp_is_int(t) && LLVMGetIntTypeWidth(t) > 64))
      return flyc__xp_xfail(x, "%s is %s, not an integer (i1 to i64) or float scalar", arg,
                            flyc__xp_type_name(t, tn, sizeof tn));
    x->name[k] = s;
    x->len[k] = n;
    x->bound++;
  }
  *out = (term_t){x->vals[k], 0, 0, 0, NULL};
  return 1;
}

/* A float literal, as strtod reads it in the C locale ('.', whatever the
 * program's): a double, or with an f a float; out of range is an error. */
static int float_literal(xp_t *x, int hex, term_t *out, char **end) {
  locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
  if (!c)
    return flyc__xp_xfail(x, "out of memory reading a float literal");
  double f = strtod_l(x->p, end, c);
  int flt = **end == 'f' || **end == 'F';
  if (flt) /* C's float literal: rounded once, to float */
    f = strtof_l(x->p, NULL, c);
  freelocale(c);
  if (hex && !memchr(x->p, 'p', (size_t)(*end - x->p)) && !memchr(x->p, 'P', (size_t)(*end - x->p)))
    return flyc__xp_xfail(x, "a hex float literal needs its exponent (0x1.8p3)");
  *end += flt;
  out->k = flt ? K_FLT : K_DBL;
  out->f = f;
  if (isinf(out->f))
    return flyc__xp_xfail(x, "the literal is out of %s's range",
                          out->k == K_FLT ? "float" : "double");
  return 1;
}

/* A literal, lexed as C lexes it: a float (a point or an exponent), or an
 * integer whose type is C's first of int, unsigned int (hex and octal
 * only, or with a u), long, unsigned long that holds it, as its suffix
 * (u, l, ll, in either case and order) allows. Under FLYC_EXPR_UNSIGNED
 * every integer literal is unsigned, as if it had a u. */
static int number(xp_t *x, term_t *out) {
  const char *s = x->p, *q = s;
  int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  for (q += hex ? 2 : 0; hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q);)
    q++;
  char *end;
  *out = (term_t){NULL, K_INT, 0, 0, NULL};
  if (hex ? *q == '.' || *q == 'p' || *q == 'P' : *q == '.' || *q == 'e' || *q == 'E') {
    if (!float_literal(x, hex, out, &end))
      return 0;
  } else {
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno)
      return flyc__xp_xfail(x, "the literal does not fit 64 bits");
    int u = x->uns, l = 0, dec = !hex && !(s[0] == '0' && q - s > 1);
    for (int uu = 0;;) {
      if ((*end == 'u' || *end == 'U') && !uu)
        uu = u = 1, end++;
      else if ((*end == 'l' || *end == 'L') && !l)
        l = 1, end += end[1] == end[0] ? 2 : 1;
      else
        break;
    }
    out->i = (int64_t)v;
    out->k = !l && !u && v <= INT32_MAX              ? K_INT
             : !l && (u || !dec) && v <= UINT32_MAX ? K_UINT
             : !u && v <= INT64_MAX                 ? K_LONG
             : u || !dec                            ? K_ULONG
                                                    : -1;
    if (out->k < 0)
      return flyc__xp_xfail(x, "the literal %llu does not fit a long (C's unsigned long: %lluu)",
                            v, v);
    if (hex && (end[-1] == 'e' || end[-1] == 'E') && (*end == '+' || *end == '-'))
      return flyc__xp_xfail(x, "a malformed number (C reads '%.*s%c' as one token)",
                            (int)(end - s), s, *end);
  }
  if (isalnum((unsigned char)*end) || *end == '_' || *end == '.')
    return flyc__xp_xfail(x, "a malformed number");
  x->p = end;
  return 1;
}

static int nest(xp_t *x) {
  return ++x->depth <= XP_DEPTH ? 1 : flyc__xp_xfail(x, "nested more than %d deep", XP_DEPTH);
}

static int call(xp_t *x, const char *s, size_t len, term_t *out) {
  int arity, aop = 0, ascope = 0, tk = 0;
  const char *name;
  char tname[24];
  snprintf(tname, sizeof tname, "%.*s", (int)len, s);
  int f = flyc__xp_function(s, len, &arity, &name);
  if (f < 0 && x->scope && (tk = flyc__xp_text_fn(s, len, &aop, &ascope, &arity)))
    f = -2, name = tname;
  if (f == -1)
    return flyc__xp_xfail(x, "no function '%.*s' (min max abs fma, i8 ... f64, and flyc_kb_math's)",
                          (int)(len > 24 ? 24 : len), s);
  term_t a[3];
  int n = 0;
  x->p++; /* '(' */
  if (!nest(x))
    return 0;
  for (;;) {
    if (!parse_ternary(x, &a[n++]))
      return 0;
    ws(x);
    if (*x->p == ')')
      break;
    if (*x->p != ',')
      return flyc__xp_xfail(
          x, *x->p ? "expected ',' or ')', not '%c'" : "expected ')', not the end", *x->p);
    if (n == arity)
      return flyc__xp_xfail(x, "%s takes %d argument%s", name, arity, arity > 1 ? "s" : "");
    x->p++;
  }
  if (n < arity)
    return flyc__xp_xfail(x, "%s takes %d arguments, not %d", name, arity, n);
  x->p++;
  x->depth--;
  if (f == -2)
    return flyc__xp_apply_text_fn(x, tk, aop, ascope, a, out);
  for (int i = 0; i < n; i++)
    if (!flyc__xp_scalar(x, &a[i]))
      return 0;
  return flyc__xp_apply_call(x, f, a, n, out);
}

int flyc__xp_index(xp_t *x, term_t *base, term_t *out) {
  if (!base->v || LLVMGetTypeKind(LLVMTypeOf(base->v)) != LLVMPointerTypeKind)
    return flyc__xp_xfail(x, "only a pointer can be indexed");
  if (!base->elem)
    return flyc__xp_xfail(x, "the pointer has no element type to index it by (flyc_param_t's "
                             "elem, or flyc_kb_let's)");
  const char *at = x->p++; /* '[' */
  term_t i;
  if (!parse_ternary(x, &i))
    return 0;
  ws(x);
  if (*x->p != ']')
    return flyc__xp_xfail(x, *x->p ? "expected ']', not '%c'" : "expected ']', not the end",
                          *x->p);
  const char *end = x->p + 1;
  x->p = at;
  if (!flyc__xp_gep(x, base, &i, out))
    return 0;
  x->p = end;
  return 1;
}

/* 1 when the cursor (after a '(') starts a C cast: `(float)x`. */
static int c_cast(const xp_t *x) {
  static const char *const types[] = {"float", "double", "int",   "unsigned", "long",
                                      "short", "char",   "half",  "signed",   "bool",
                                      "size_t", "int32_t", "int64_t", "uint32_t", "uint64_t"};
  const char *p = x->p;
  while (isspace((unsigned char)*p))
    p++;
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
    size_t n = strlen(types[i]);
    if (strncmp(p, types[i], n) || isalnum((unsigned char)p[n]) || p[n] == '_')
      continue;
    for (p += n; isspace((unsigned char)*p);)
      p++;
    return *p == ')' || *p == '*'; /* `(half + 1)` names an operand half */
  }
  return 0;
}

/* `&p[i]`: the element's address (kernel text). */
static int address(xp_t *x, term_t *out) {
  x->p++;
  ws(x);
  const char *s = x->p;
  size_t n = 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_')
    n++;
  if (!n || isdigit((unsigned char)s[0]))
    return flyc__xp_xfail(x, "'&' takes an element, &p[i]");
  if (!flyc__xp_scope_name(x, s, n, out))
    return 0;
  x->p = s + n;
  ws(x);
  if (*x->p != '[')
    return flyc__xp_xfail(x, "'&' takes an element, &p[i]");
  return flyc__xp_index(x, out, out);
}

static int unary(xp_t *x, term_t *out) {
  ws(x);
  char c = *x->p;
  if (c == '&' && x->scope)
    return address(x, out);
  if (c == '-' || c == '+' || c == '!' || c == '~') {
    const char *at = x->p++;
    if (!nest(x) || !unary(x, out))
      return 0;
    x->depth--;
    const char *end = x->p;
    x->p = at;
    if (!flyc__xp_scalar(x, out) || !flyc__xp_apply_unary(x, c, out))
      return 0;
    x->p = end;
    return 1;
  }
  const char *s = x->p;
  if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)s[1])))
    return number(x, out);
  if (isalpha((unsigned char)c) || c == '_') {
    size_t n = 1;
    while (isalnum((unsigned char)s[n]) || s[n] == '_')
      n++;
    int bi = x->scope ? flyc__xp_builtin(x, s, n, out) : 0;
    if (bi)
      return bi > 0;
    x->p += n;
    ws(x);
    if (*x->p == '(')
      return call(x, s, n, out);
    x->p = s;
    if (!(x->scope ? flyc__xp_scope_name(x, s, n, out) : operand(x, s, n, out)))
      return 0;
    x->p = s + n;
    ws(x);
    if (*x->p != '[') {
      x->p = s + n;
      return 1;
    }
    if (!x->scope)
      return flyc__xp_xfail(x, "an index is kernel text's (flyc_kb_eval), not flyc_kb_expr's");
    return flyc__xp_index(x, out, out) && flyc__xp_load(x, out);
  }
  if (c != '(')
    return flyc__xp_xfail(
        x, c ? "expected an operand, not '%c'" : "expected an operand, not the end", c);
  x->p++;
  if (c_cast(x))
    return flyc__xp_xfail(x, "a C cast: write it as a conversion function, f32(x), i32(x), "
                             "i64(x) ... (f16 bf16 f32 f64 i8 i16 i32 i64)");
  if (!nest(x) || !parse_ternary(x, out))
    return 0;
  ws(x);
  if (*x->p != ')')
    return flyc__xp_xfail(x, *x->p ? "expected ')', not '%c'" : "expected ')', not the end", *x->p);
  x->p++;
  x->depth--;
  return 1;
}

/* The operator of `level` at the cursor, or -1: "|", "&", "<" and ">" only
 * where they do not begin "||", "&&", "<<", "<=" ... */
static int match(const xp_t *x, int level) {
  const char *p = x->p;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t n = strlen(ops[i].s);
    if (ops[i].level != level || strncmp(p, ops[i].s, n))
      continue;
    if (n == 1 && strchr("|&<>", *p) && (p[1] == *p || p[1] == '='))
      continue;
    return (int)i;
  }
  return -1;
}

static int parse_level(xp_t *x, int level, term_t *out);

static LLVMValueRef truth(xp_t *x, term_t *a) {
  flyc__xp_to_bool(x, a);
  return a->v ? a->v : LLVMConstInt(LLVMInt1TypeInContext(x->kb->ctx->llctx), (uint64_t)a->i, 0);
}

/* flyc__xp_scalar() of `a`, an error naming the operator at `at`; the
 * cursor stays where it is. */
static int scalar_at(xp_t *x, const char *at, const term_t *a) {
  const char *here = x->p;
  x->p = at;
  int ok = flyc__xp_scalar(x, a);
  x->p = ok ? here : x->p;
  return ok;
}

static LLVMBasicBlockRef new_block(xp_t *x, const char *name) {
  return LLVMAppendBasicBlockInContext(x->kb->ctx->llctx, x->kb->fn, name);
}

/* `out && rhs` (level 1) or `out || rhs` (level 0) as C evaluates it: the
 * right side only where the left does not decide (kernel text whose right
 * side may load). The result is an i1, as the operators' always is. */
static int logic_branch(xp_t *x, int level, const char *at, term_t *out) {
  if (!scalar_at(x, at, out))
    return 0;
  LLVMBuilderRef b = x->kb->b;
  LLVMValueRef l = truth(x, out);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b), rhs_bb = new_block(x, "sc.rhs"),
                    join = new_block(x, "sc.join");
  if (level == 1)
    LLVMBuildCondBr(b, l, rhs_bb, join);
  else
    LLVMBuildCondBr(b, l, join, rhs_bb);
  LLVMPositionBuilderAtEnd(b, rhs_bb);
  term_t rhs;
  if (!parse_level(x, level + 1, &rhs))
    return 0;
  if (!scalar_at(x, at, &rhs))
    return 0;
  LLVMValueRef r = truth(x, &rhs);
  LLVMBasicBlockRef rhs_end = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, join);
  LLVMPositionBuilderAtEnd(b, join);
  LLVMValueRef phi = LLVMBuildPhi(b, LLVMTypeOf(r), "");
  LLVMValueRef vals[2] = {LLVMConstInt(LLVMTypeOf(r), level == 0, 0), r};
  LLVMBasicBlockRef from_bbs[2] = {from, rhs_end};
  LLVMAddIncoming(phi, vals, from_bbs, 2);
  *out = (term_t){phi, 0, 0, 0, NULL};
  return 1;
}

static int parse_level(xp_t *x, int level, term_t *out) {
  if (level == XP_LEVELS)
    return unary(x, out);
  if (!parse_level(x, level + 1, out))
    return 0;
  for (;;) {
    ws(x);
    int i = match(x, level);
    if (i < 0)
      return 1;
    const char *at = x->p;
    x->p += strlen(ops[i].s);
    if (level <= 1 && flyc__xp_indexes_ahead(x)) {
      if (!logic_branch(x, level, at, out))
        return 0;
      continue;
    }
    term_t rhs;
    if (!parse_level(x, level + 1, &rhs))
      return 0;
    const char *end = x->p;
    x->p = at; /* an error names the operator's column */
    if (!flyc__xp_scalar(x, out) || !flyc__xp_scalar(x, &rhs) ||
        !flyc__xp_binary(x, ops[i].op, out, &rhs))
      return 0;
    x->p = end;
  }
}

/* Gives arms a (ending in block ab) and b (in bb) one type, each
 * converted in its own block, as parse_ternary()'s select does. */
static int unify_arms(xp_t *x, term_t *a, LLVMBasicBlockRef ab, term_t *b, LLVMBasicBlockRef bb) {
  LLVMBuilderRef bld = x->kb->b;
  if (!(a->v && b->v && LLVMTypeOf(a->v) == LLVMTypeOf(b->v))) {
    LLVMPositionBuilderAtEnd(bld, ab);
    flyc__xp_promote_bool(x, a);
    LLVMPositionBuilderAtEnd(bld, bb);
    flyc__xp_promote_bool(x, b);
  }
  if (a->v && b->v && LLVMTypeOf(a->v) != LLVMTypeOf(b->v)) {
    term_t ua = {LLVMGetUndef(LLVMTypeOf(a->v)), 0, 0, 0, NULL};
    term_t ub = {LLVMGetUndef(LLVMTypeOf(b->v)), 0, 0, 0, NULL};
    if (!flyc__xp_unify(x, &ua, &ub)) /* the common type, from constants */
      return 0;
    LLVMPositionBuilderAtEnd(bld, ab);
    a->v = flyc__xp_convert(x, a->v, LLVMTypeOf(ua.v));
    LLVMPositionBuilderAtEnd(bld, bb);
    b->v = flyc__xp_convert(x, b->v, LLVMTypeOf(ua.v));
  } else {
    LLVMPositionBuilderAtEnd(bld, a->v ? ab : bb); /* where the value is */
    if (!flyc__xp_unify(x, a, b))
      return 0;
  }
  LLVMPositionBuilderAtEnd(bld, ab);
  if (!flyc__xp_lit_value(x, a))
    return 0;
  LLVMPositionBuilderAtEnd(bld, bb);
  return flyc__xp_lit_value(x, b);
}

/* `out ? a : b` as C evaluates it: only the arm the condition picks, in a
 * branch of its own (kernel text whose arms may load). */
static int ternary_branch(xp_t *x, const char *at, term_t *out) {
  if (!scalar_at(x, at, out))
    return 0;
  LLVMBuilderRef bld = x->kb->b;
  LLVMValueRef c = truth(x, out);
  LLVMBasicBlockRef ta = new_block(x, "sel.true"), fa = new_block(x, "sel.false"),
                    join = new_block(x, "sel.join");
  LLVMBuildCondBr(bld, c, ta, fa);
  LLVMPositionBuilderAtEnd(bld, ta);
  term_t a, b;
  if (!parse_ternary(x, &a))
    return 0;
  LLVMBasicBlockRef ab = LLVMGetInsertBlock(bld);
  ws(x);
  if (*x->p != ':')
    return flyc__xp_xfail(x, "expected the ':' of the '?' at column %d", (int)(at - x->src) + 1);
  x->p++;
  LLVMPositionBuilderAtEnd(bld, fa);
  if (!parse_ternary(x, &b))
    return 0;
  LLVMBasicBlockRef bb = LLVMGetInsertBlock(bld);
  const char *end = x->p;
  x->p = at;
  if (!flyc__xp_scalar(x, &a) || !flyc__xp_scalar(x, &b) || !unify_arms(x, &a, ab, &b, bb))
    return 0;
  LLVMPositionBuilderAtEnd(bld, ab);
  LLVMBuildBr(bld, join);
  LLVMPositionBuilderAtEnd(bld, bb);
  LLVMBuildBr(bld, join);
  LLVMPositionBuilderAtEnd(bld, join);
  LLVMValueRef phi = LLVMBuildPhi(bld, LLVMTypeOf(a.v), "");
  LLVMValueRef vals[2] = {a.v, b.v};
  LLVMBasicBlockRef from[2] = {ab, bb};
  LLVMAddIncoming(phi, vals, from, 2);
  *out = (term_t){phi, 0, 0, 0, NULL};
  x->p = end;
  return 1;
}

static int parse_ternary(xp_t *x, term_t *out) {
  if (!parse_level(x, 0, out))
    return 0;
  ws(x);
  if (*x->p != '?')
    return 1;
  const char *at = x->p++;
  term_t a, b;
  if (flyc__xp_indexes_ahead(x)) {
    if (!nest(x) || !ternary_branch(x, at, out))
      return 0;
    x->depth--;
    return 1;
  }
  if (!nest(x) || !parse_ternary(x, &a))
    return 0;
  ws(x);
  if (*x->p != ':')
    return flyc__xp_xfail(x, "expected the ':' of the '?' at column %d", (int)(at - x->src) + 1);
  x->p++;
  if (!parse_ternary(x, &b))
    return 0;
  x->depth--;
  const char *end = x->p;
  x->p = at;
  if (!flyc__xp_scalar(x, out) || !flyc__xp_scalar(x, &a) || !flyc__xp_scalar(x, &b))
    return 0;
  flyc__xp_to_bool(x, out);
  if (!(a.v && b.v && LLVMTypeOf(a.v) == LLVMTypeOf(b.v))) { /* an i1 arm beside another: int */
    flyc__xp_promote_bool(x, &a);
    flyc__xp_promote_bool(x, &b);
  }
  if (!flyc__xp_unify(x, &a, &b)) /* the arms' common type, as C's ?: has */
    return 0;
  if (!out->v) { /* a literal condition picks an arm */
    *out = out->i ? a : b;
  } else {
    if (!flyc__xp_lit_value(x, &a) || !flyc__xp_lit_value(x, &b))
      return 0;
    out->v = LLVMBuildSelect(x->kb->b, out->v, a.v, b.v, "");
  }
  x->p = end;
  return 1;
}

static LLVMValueRef expr_impl(flyc_kernel_builder_t *kb, unsigned flags, const char *expr,
                              const LLVMValueRef *vals, size_t count) {
  const char *what = "flyc_kb_expr";
  if (!helper_ok(kb, 0, what))
    return NULL;
  if (!expr)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: expr is NULL", what));
  if (flags & ~(unsigned)FLYC_EXPR_UNSIGNED)
    return fail(kb, flyc__error_set(FLYC_EINVAL,
                                    "%s: flags 0x%x has bits that are not "
                                    "FLYC_EXPR_*",
                                    what, flags));
  if ((count && !vals) || count > XP_OPERANDS)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %zu operands%s", what, count,
                                    count > XP_OPERANDS ? ", more than 16" : " and vals NULL"));
  xp_t x = {.kb = kb,
            .src = expr,
            .p = expr,
            .vals = vals,
            .count = count,
            .uns = (flags & FLYC_EXPR_UNSIGNED) != 0};
  term_t r;
  if (!parse_ternary(&x, &r))
    return NULL;
  ws(&x);
  if (*x.p)
    return flyc__xp_xfail(&x, "unexpected '%c'", *x.p), NULL;
  if (x.bound < count)
    return flyc__xp_xfail(&x, "%zu operand%s given, but the expression names %zu", count,
                          count == 1 ? "" : "s", x.bound),
           NULL;
  return flyc__xp_lit_default(&x, &r) ? r.v : NULL;
}

LLVMValueRef flyc_kb_expr(flyc_kernel_builder_t *kb, unsigned flags, const char *expr,
                          const LLVMValueRef *vals, size_t count) {
  LLVMTypeRef t = count && vals ? type_of(kb, vals[0]) : NULL;
  if (!t || !(flyc__xp_is_int(t) || flyc__xp_is_fp(t)))
    t = kb_type(kb, 32);
  return or_poison(kb, expr_impl(kb, flags, expr, vals, count), t);
}

int flyc__xp_parse(xp_t *x, term_t *out) { return parse_ternary(x, out); }

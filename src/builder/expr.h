/* flyc_kb_expr's internals (expr.c parses, expr_types.c types, folds and
 * emits): a parsed term, the parser's state, the binary operators. */
#ifndef FLYC_BUILDER_EXPR_H
#define FLYC_BUILDER_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "builder.h"

#define XP_OPERANDS 16 /* the names one expression may bind */
#define XP_DEPTH 64    /* parentheses, unary operators and calls, nested */

/* A literal's C type: int, unsigned int, long (64 bits, as LP64's), unsigned
 * long, the int 0 or 1 of a comparison (which alone is an i1), float, double. */
enum { K_INT, K_UINT, K_LONG, K_ULONG, K_BOOL, K_FLT, K_DBL };
#define XP_FLOAT_KIND(k) ((k) >= K_FLT)

/* A parsed term: a value, or (v NULL) a literal of kind k: an integer in i
 * (an unsigned one's bits, below 2^32 or 2^64) or a float in f (a K_FLT one
 * already rounded to float). */
typedef struct term {
  LLVMValueRef v;
  int k;
  int64_t i;
  double f;
  LLVMTypeRef elem; /* a pointer's element type (kernel text), or NULL */
} term_t;

typedef struct xp {
  flyc_kernel_builder_t *kb;
  const char *src, *p; /* the expression, the cursor */
  const LLVMValueRef *vals;
  size_t count, bound; /* operands given; names bound so far */
  const char *name[XP_OPERANDS];
  size_t len[XP_OPERANDS];
  int uns, depth;
  int scope; /* kernel text: names are the body's scope (scope.c), not vals */
  const char *what; /* the API function, for messages (NULL: flyc_kb_expr) */
} xp_t;

/* Binary operators; expr.c's table gives their text and C's levels. */
enum { OR, AND, BOR, BXOR, BAND, EQ, NE, LT, LE, GT, GE, SHL, SHR, ADD, SUB, MUL, DIV, REM };

/* Records the error, quoting the expression with the cursor's column: 0. */
int flyc__xp_xfail(xp_t *x, const char *fmt, ...);
int flyc__xp_is_int(LLVMTypeRef t);
int flyc__xp_is_fp(LLVMTypeRef t);
/* "i32", "half", "a pointer" ... (buf holds an integer's) */
const char *flyc__xp_type_name(LLVMTypeRef t, char *buf, size_t n);
/* A literal that no operand types takes its own C type: an i32 (int or
 * unsigned), an i64 (long), an i1 (a comparison), a float or a double. */
int flyc__xp_lit_default(xp_t *x, term_t *a);
/* A literal as a constant of float type t, rounded once. */
LLVMValueRef flyc__xp_lit_real(xp_t *x, const term_t *a, LLVMTypeRef t);
/* lit_default(), refusing an unsigned literal in a signed expression
 * (which would become a signed value). */
int flyc__xp_lit_value(xp_t *x, term_t *a);
/* C's usual arithmetic conversions: `a` and `b` get one type. */
int flyc__xp_unify(xp_t *x, term_t *a, term_t *b);
/* C's truth: an i1 (a literal 0 or 1). */
void flyc__xp_to_bool(xp_t *x, term_t *a);
/* An i1 value as an i32, as C promotes a bool. */
void flyc__xp_promote_bool(xp_t *x, term_t *a);
/* `a = a op b`; `a = c a` for unary `c` (- + ! ~). 0 on error. */
int flyc__xp_binary(xp_t *x, int op, term_t *a, term_t *b);
int flyc__xp_apply_unary(xp_t *x, char c, term_t *a);
/* Helpers of expr_calls.c: float, C's conversion of a value, a literal's
 * value as a double, two literal kinds' common one, a literal converted to
 * kind k, an integer operator's instruction. */
LLVMTypeRef flyc__xp_f32(xp_t *x);
LLVMValueRef flyc__xp_convert(xp_t *x, LLVMValueRef v, LLVMTypeRef to);
double flyc__xp_lit_double(const term_t *a);
int flyc__xp_common_kind(int a, int b);
void flyc__xp_lit_kind(term_t *a, int k);
LLVMValueRef flyc__xp_int_bin(xp_t *x, int op, LLVMValueRef a, LLVMValueRef b);
/* The function `s` (len bytes): its index, arity and name, or -1. */
int flyc__xp_function(const char *s, size_t len, int *arity, const char **name);
/* `*out` = function `f` of the `n` parsed arguments `a`. */
int flyc__xp_apply_call(xp_t *x, int f, term_t *a, int n, term_t *out);

/* ---- kernel text (expr_mem.c, stmt.c) ---- */

/* The expression at the cursor (C's assignment-expression less the
 * assignment: a conditional expression). */
int flyc__xp_parse(xp_t *x, term_t *out);
void flyc__xp_ws(xp_t *x);
/* 0 (recorded) when `a` is a pointer: numbers only. */
int flyc__xp_scalar(xp_t *x, const term_t *a);
/* `name` (n bytes) looked up in the scope: its value (a variable's loaded)
 * and element type, or 0 recorded. */
int flyc__xp_scope_name(xp_t *x, const char *s, size_t n, term_t *out);
/* A builtin at s (`threadIdx.x` ...): 1 with the value and the cursor past
 * it, 0 when s is none (nothing recorded), -1 on error (recorded). */
int flyc__xp_builtin(xp_t *x, const char *s, size_t n, term_t *out);
/* At '[' after pointer term `base`: `*out` = &base[index] (elem kept). */
int flyc__xp_index(xp_t *x, term_t *base, term_t *out);
/* `*out` = &base[i] for the parsed index i (expr_mem.c). */
int flyc__xp_gep(xp_t *x, term_t *base, term_t *i, term_t *out);
/* `*a` = the element loaded from pointer term `*a`. */
int flyc__xp_load(xp_t *x, term_t *a);
/* `*a` converted to `to` (for a store or an assignment, as C's assignment
 * converts); a pointer term must have element type `elem`. */
int flyc__xp_assign_to(xp_t *x, term_t *a, LLVMTypeRef to, LLVMTypeRef elem);
/* 1 when the text after the cursor holds an index ('['): &&, || and ?:
 * then branch, so that C's unevaluated operand loads nothing. */
int flyc__xp_indexes_ahead(const xp_t *x);
/* Kernel text's function `s` (expr_mem.c): its kind ('a' an atomic, 's' a
 * shuffle, 'w' a warp and 'b' a block reduction), op, scope and arity; 0
 * for none. */
int flyc__xp_text_fn(const char *s, size_t n, int *op, int *scope, int *arity);
/* `*out` = text function (kind, op, scope) of the parsed arguments `a`. */
int flyc__xp_apply_text_fn(xp_t *x, int kind, int op, int scope, term_t *a, term_t *out);

#endif

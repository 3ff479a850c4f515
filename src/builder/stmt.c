/* Kernel text's statements and loop headers (flyc/builder.h: flyc_kb_eval,
 * flyc_kb_do, flyc_kb_loop), parsed at build time and emitted as parsed,
 * over the scope of scope.c; expressions are expr.c's. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "expr.h"
#include "flyc/builder.h"

/* The compound assignments and the binary operator each applies. */
static const struct {
  const char *s;
  int op;
} compound[] = {{"<<=", SHL}, {">>=", SHR}, {"+=", ADD},  {"-=", SUB}, {"*=", MUL},
                {"/=", DIV},  {"%=", REM},  {"&=", BAND}, {"|=", BOR}, {"^=", BXOR}};

static int start(xp_t *x, flyc_kernel_builder_t *kb, unsigned flags, const char *text,
                 const char *what) {
  if (!helper_ok(kb, 0, what))
    return 0;
  if (!text)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: the text is NULL", what)), 0;
  if (flags & ~(unsigned)FLYC_EXPR_UNSIGNED)
    return fail(kb, flyc__error_set(FLYC_EINVAL,
                                    "%s: flags 0x%x has bits that are not "
                                    "FLYC_EXPR_*",
                                    what, flags)),
           0;
  *x = (xp_t){.kb = kb,
              .src = text,
              .p = text,
              .uns = (flags & FLYC_EXPR_UNSIGNED) != 0,
              .scope = 1,
              .what = what};
  return 1;
}

/* A name at the cursor: its length (0 when there is none). */
static size_t name_at(const xp_t *x) {
  const char *s = x->p;
  size_t n = 0;
  if (!isalpha((unsigned char)*s) && *s != '_')
    return 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_')
    n++;
  return n;
}

/* The assignment operator at the cursor: 1 for '=', 2 for a compound one
 * (*op set), 3 for ++ or -- (*op ADD or SUB); 0 for none. */
static int assign_op(xp_t *x, int *op) {
  const char *p = x->p;
  if (p[0] == '=' && p[1] != '=')
    return x->p++, 1;
  if ((p[0] == '+' || p[0] == '-') && p[1] == p[0])
    return *op = p[0] == '+' ? ADD : SUB, x->p += 2, 3;
  for (size_t i = 0; i < sizeof compound / sizeof compound[0]; i++)
    if (!strncmp(p, compound[i].s, strlen(compound[i].s)))
      return *op = compound[i].op, x->p += strlen(compound[i].s), 2;
  return 0;
}

/* The value an assignment stores: e, or for a compound one `cur op e`
 * (C's `x op= e`: x = (T)(x op e)), converted to type t. */
static int assigned(xp_t *x, int kind, int op, const term_t *cur, LLVMTypeRef t, LLVMTypeRef elem,
                    term_t *v) {
  const char *at = x->p;
  if (kind == 3)
    *v = (term_t){NULL, K_INT, 1, 0, NULL};
  else if (!flyc__xp_parse(x, v))
    return 0;
  if (kind >= 2) {
    term_t l = *cur;
    const char *end = x->p;
    x->p = at;
    if (!flyc__xp_scalar(x, &l) || !flyc__xp_scalar(x, v) || !flyc__xp_binary(x, op, &l, v))
      return 0;
    *v = l;
    x->p = end;
  }
  const char *end = x->p;
  x->p = at;
  if (!flyc__xp_assign_to(x, v, t, elem))
    return 0;
  x->p = end;
  return 1;
}

/* `p[i] op= e` with the cursor at '[' after name s. */
static int store(xp_t *x, const char *s, size_t n) {
  term_t base, elt, v;
  if (!flyc__xp_scope_name(x, s, n, &base))
    return 0;
  if (!flyc__xp_index(x, &base, &elt))
    return 0;
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(elt.v)) == 4)
    return flyc__xp_xfail(x, "'%.*s' points to constant memory (address space 4): no stores",
                          (int)n, s);
  flyc__xp_ws(x);
  int op = 0, kind = assign_op(x, &op);
  if (!kind)
    return flyc__xp_xfail(x, "expected an assignment ('=', '+=' ...) after the element");
  flyc__xp_ws(x);
  term_t cur = elt;
  if (kind >= 2 && !flyc__xp_load(x, &cur))
    return 0;
  if (!assigned(x, kind, op, &cur, elt.elem, NULL, &v))
    return 0;
  LLVMValueRef st = LLVMBuildStore(x->kb->b, v.v, elt.v);
  LLVMSetAlignment(st, LLVMABIAlignmentOfType(LLVMGetModuleDataLayout(x->kb->ctx->mod), elt.elem));
  return 1;
}

/* `x op= e` to a variable, or the declaration `x = e`. */
static int assign(xp_t *x, const char *s, size_t n) {
  int op = 0, kind = assign_op(x, &op), stale;
  flyc__xp_ws(x);
  kb_name_t *e = flyc__kb_scope_find(x->kb, s, n, &stale);
  if (e && !e->ty)
    return x->p = s, flyc__xp_xfail(x,
                                    "'%.*s' is read-only (a kernel parameter, a flyc_kb_let "
                                    "name or a loop variable)",
                                    (int)n, s);
  if (!e) {
    if (kind != 1)
      return x->p = s,
             flyc__xp_xfail(x, "'%.*s' is not a variable yet: declare it with '='", (int)n, s);
    term_t v;
    if (!flyc__xp_parse(x, &v) || !flyc__xp_lit_default(x, &v))
      return 0;
    LLVMTypeRef t = LLVMTypeOf(v.v);
    if (!(e = flyc__kb_scope_var(x->kb, s, n, t, v.elem)))
      return 0;
    e->decl = LLVMBuildStore(x->kb->b, v.v, e->v);
    return 1;
  }
  term_t cur = {NULL, 0, 0, 0, NULL}, v;
  if (kind >= 2) {
    cur.v = LLVMBuildLoad2(x->kb->b, e->ty, e->v, "");
    cur.elem = e->elem;
  }
  if (!assigned(x, kind, op, &cur, e->ty, e->elem, &v))
    return 0;
  LLVMBuildStore(x->kb->b, v.v, e->v);
  return 1;
}

static int statement(xp_t *x);
static int loop_open(xp_t *x, char close);

/* `if (c) statement`, the cursor after "if". */
static int if_statement(xp_t *x) {
  flyc__xp_ws(x);
  if (*x->p != '(')
    return flyc__xp_xfail(x, "expected '(' after if");
  x->p++;
  term_t c;
  if (!flyc__xp_parse(x, &c))
    return 0;
  flyc__xp_ws(x);
  if (*x->p != ')')
    return flyc__xp_xfail(x, *x->p ? "expected ')', not '%c'" : "expected ')', not the end", *x->p);
  x->p++;
  if (!flyc__xp_scalar(x, &c))
    return 0;
  flyc__xp_to_bool(x, &c);
  LLVMBuilderRef b = x->kb->b;
  LLVMContextRef lc = x->kb->ctx->llctx;
  LLVMValueRef cv = c.v ? c.v : LLVMConstInt(LLVMInt1TypeInContext(lc), (uint64_t)c.i, 0);
  LLVMBasicBlockRef then = LLVMAppendBasicBlockInContext(lc, x->kb->fn, "if.text"),
                    els = LLVMAppendBasicBlockInContext(lc, x->kb->fn, "if.text.else"),
                    join = LLVMAppendBasicBlockInContext(lc, x->kb->fn, "if.text.end");
  LLVMBuildCondBr(b, cv, then, els);
  LLVMPositionBuilderAtEnd(b, then);
  if (!statement(x))
    return 0;
  LLVMBuildBr(b, join);
  LLVMPositionBuilderAtEnd(b, els);
  /* C's `if (c) s; else s`: the ';' before else belongs to the then arm */
  const char *after = x->p;
  flyc__xp_ws(x);
  if (*x->p == ';')
    x->p++;
  flyc__xp_ws(x);
  if (!strncmp(x->p, "else", 4) && !isalnum((unsigned char)x->p[4]) && x->p[4] != '_') {
    x->p += 4;
    if (!statement(x))
      return 0;
  } else {
    x->p = after;
  }
  LLVMBuildBr(b, join);
  LLVMPositionBuilderAtEnd(b, join);
  return 1;
}

/* `for (header) statement`, the cursor after "for" (`unroll`: a
 * `#pragma unroll`'s count + 1, or 0). */
static int for_statement(xp_t *x, unsigned unroll) {
  flyc__xp_ws(x);
  if (*x->p != '(')
    return flyc__xp_xfail(x, "expected '(' after for");
  x->p++;
  if (!loop_open(x, ')'))
    return 0;
  if (unroll && flyc_kb_for_unroll(x->kb, unroll - 1))
    return 0;
  return statement(x) && flyc_kb_for_end(x->kb, NULL, NULL) == FLYC_OK;
}

/* `#pragma unroll [N]` before a for statement (CUDA's): 1 with
 * *count = N + 1 (0 + 1 for none: full), the cursor after it. */
static int pragma(xp_t *x, unsigned *count) {
  static const char p[] = "#pragma";
  if (strncmp(x->p, p, sizeof p - 1))
    return flyc__xp_xfail(x, "the one pragma is '#pragma unroll [N]'");
  x->p += sizeof p - 1;
  flyc__xp_ws(x);
  if (strncmp(x->p, "unroll", 6) || isalnum((unsigned char)x->p[6]) || x->p[6] == '_')
    return flyc__xp_xfail(x, "the one pragma is '#pragma unroll [N]'");
  x->p += 6;
  while (*x->p == ' ' || *x->p == '\t')
    x->p++;
  *count = 1;
  if (isdigit((unsigned char)*x->p)) {
    unsigned long v = strtoul(x->p, (char **)&x->p, 10);
    *count = v > 4096 ? 4097 : (unsigned)v + 1;
  }
  flyc__xp_ws(x);
  if (strncmp(x->p, "for", 3) || isalnum((unsigned char)x->p[3]) || x->p[3] == '_')
    return flyc__xp_xfail(x, "'#pragma unroll' is followed by a for statement");
  x->p += 3;
  return 1;
}

/* `{ statements }`, the cursor after '{'. */
static int block(xp_t *x) {
  for (;;) {
    flyc__xp_ws(x);
    if (*x->p == '}')
      return x->p++, 1;
    if (!*x->p)
      return flyc__xp_xfail(x, "expected '}', not the end");
    if (!statement(x))
      return 0;
    int braced = x->p[-1] == '}'; /* C needs no ';' after a block */
    flyc__xp_ws(x);
    if (*x->p == ';')
      x->p++;
    else if (*x->p != '}' && !braced)
      return flyc__xp_xfail(x,
                            *x->p ? "expected ';' or '}', not '%c'"
                                  : "expected '}', not "
                                    "the end",
                            *x->p);
  }
}

/* `return`: `ret void` (as flyc_kb_exit_if()'s exit), then a block that
 * nothing reaches, for the statements after it. */
static int return_statement(xp_t *x) {
  LLVMBuildRetVoid(x->kb->b);
  LLVMPositionBuilderAtEnd(
      x->kb->b, LLVMAppendBasicBlockInContext(x->kb->ctx->llctx, x->kb->fn, "after.return"));
  return 1;
}

/* A build-time count at the cursor: a literal integer expression. */
static int count_arg(xp_t *x, unsigned *out) {
  term_t t;
  const char *at = x->p;
  if (!flyc__xp_parse(x, &t))
    return 0;
  if (t.v || t.k == K_FLT || t.k == K_DBL || t.i < 0 || t.i > 65536)
    return x->p = at, flyc__xp_xfail(x, "expected a build-time count (a literal, 0 to 65536)");
  *out = (unsigned)t.i;
  return 1;
}

/* `barrier()`, `async_commit()`, `async_wait(n)`, `async_copy(&d[i], &s[j],
 * bytes)` (kind b, c, w, a), the cursor at '('. */
static int procedure(xp_t *x, int kind) {
  flyc_kernel_builder_t *kb = x->kb;
  static const char *const names[] = {"barrier()", "async_commit()", "async_wait(pending)",
                                      "async_copy(&dst[i], &src[j], bytes)"};
  const char *name = names[kind == 'b' ? 0 : kind == 'c' ? 1 : kind == 'w' ? 2 : 3];
  unsigned cnt = 0;
  term_t d, s;
  x->p++;
  flyc__xp_ws(x);
  if (kind == 'w' && !count_arg(x, &cnt))
    return 0;
  if (kind == 'a') {
    if (!flyc__xp_parse(x, &d))
      return 0;
    flyc__xp_ws(x);
    if (*x->p != ',')
      return flyc__xp_xfail(x, "expected ',': %s", name);
    x->p++;
    if (!flyc__xp_parse(x, &s))
      return 0;
    flyc__xp_ws(x);
    if (*x->p != ',')
      return flyc__xp_xfail(x, "expected ',': %s", name);
    x->p++;
    if (!count_arg(x, &cnt))
      return 0;
    if (!d.v || !s.v || LLVMGetTypeKind(LLVMTypeOf(d.v)) != LLVMPointerTypeKind ||
        LLVMGetTypeKind(LLVMTypeOf(s.v)) != LLVMPointerTypeKind)
      return flyc__xp_xfail(x, "%s takes two addresses", name);
  }
  flyc__xp_ws(x);
  if (*x->p != ')')
    return flyc__xp_xfail(x, "expected ')': %s", name);
  x->p++;
  int rc = kind == 'b'   ? flyc_kb_barrier(kb)
           : kind == 'c' ? flyc_kb_async_commit(kb)
           : kind == 'w' ? flyc_kb_async_wait(kb, cnt)
                         : flyc_kb_async_copy(kb, d.v, s.v, cnt);
  return rc == FLYC_OK;
}

static int statement_at(xp_t *x);

/* A statement, nested at most XP_DEPTH deep (blocks, ifs, fors). */
static int statement(xp_t *x) {
  if (++x->depth > XP_DEPTH)
    return flyc__xp_xfail(x, "statements nested more than %d deep", XP_DEPTH);
  int ok = statement_at(x);
  x->depth--;
  return ok;
}

static int statement_at(xp_t *x) {
  flyc__xp_ws(x);
  if (*x->p == '{')
    return x->p++, block(x);
  if (*x->p == '#') {
    unsigned count = 0;
    return pragma(x, &count) && for_statement(x, count);
  }
  const char *s = x->p;
  size_t n = name_at(x);
  if (!n)
    return flyc__xp_xfail(x, *s ? "expected a statement, not '%c'" : "expected a statement", *s);
  x->p += n;
  flyc__xp_ws(x);
  if (n == 2 && !memcmp(s, "if", 2) && *x->p == '(')
    return if_statement(x);
  if (n == 3 && !memcmp(s, "for", 3) && *x->p == '(')
    return for_statement(x, 0);
  if (n == 4 && !memcmp(s, "else", 4))
    return x->p = s, flyc__xp_xfail(x, "an else without its if");
  if (n == 6 && !memcmp(s, "return", 6)) /* C's return from a kernel: the thread ends */
    return return_statement(x);
  if (*x->p == '(') {
    int k = (n == 7 && !memcmp(s, "barrier", 7))          ? 'b'
            : (n == 12 && !memcmp(s, "async_commit", 12)) ? 'c'
            : (n == 10 && !memcmp(s, "async_wait", 10))   ? 'w'
            : (n == 10 && !memcmp(s, "async_copy", 10))   ? 'a'
                                                          : 0;
    if (k)
      return procedure(x, k);
  }
  if (*x->p == '[')
    return store(x, s, n);
  int op;
  const char *after = x->p;
  if (assign_op(x, &op)) {
    x->p = after;
    return assign(x, s, n);
  }
  if (*x->p == '(') { /* a call, its value dropped */
    term_t v;
    x->p = s;
    return flyc__xp_parse(x, &v);
  }
  x->p = after;
  return flyc__xp_xfail(x,
                        "expected an assignment, a call, if, for, return or barrier() after "
                        "'%.*s'",
                        (int)(n > 32 ? 32 : n), s);
}

int flyc_kb_do(flyc_kernel_builder_t *kb, unsigned flags, const char *stmts) {
  xp_t x;
  if (!start(&x, kb, flags, stmts, "flyc_kb_do"))
    return kb && kb->rc ? kb->rc : FLYC_EINVAL;
  for (;;) {
    flyc__xp_ws(&x);
    if (!*x.p)
      break;
    if (!statement(&x))
      return kb->rc ? kb->rc : FLYC_EINVAL;
    int braced = x.p[-1] == '}'; /* C needs no ';' after a block */
    flyc__xp_ws(&x);
    if (*x.p == ';')
      x.p++;
    else if (*x.p && !braced)
      return flyc__xp_xfail(&x, "expected ';' between statements, not '%c'", *x.p), kb->rc;
  }
  return kb->rc ? kb->rc : FLYC_OK;
}

LLVMValueRef flyc_kb_eval(flyc_kernel_builder_t *kb, unsigned flags, const char *expr) {
  xp_t x;
  term_t r;
  LLVMValueRef v = NULL;
  if (start(&x, kb, flags, expr, "flyc_kb_eval") && flyc__xp_parse(&x, &r)) {
    flyc__xp_ws(&x);
    if (*x.p)
      flyc__xp_xfail(&x, "unexpected '%c'", *x.p);
    else if (flyc__xp_lit_default(&x, &r))
      v = r.v;
  }
  return or_poison(kb, v, kb_type(kb, 32));
}

/* `tok` at the cursor (after blanks), or the error. */
static int expect(xp_t *x, const char *tok) {
  flyc__xp_ws(x);
  if (strncmp(x->p, tok, strlen(tok)) || (tok[0] == '<' && x->p[1] == '=') ||
      (tok[0] == '=' && x->p[1] == '='))
    return flyc__xp_xfail(x,
                          "expected '%s' (a loop header is \"i = start; i < end; i += "
                          "step\")",
                          tok);
  x->p += strlen(tok);
  return 1;
}

/* The loop variable `s` (n bytes) at the cursor, after blanks. */
static int loop_var(xp_t *x, const char *s, size_t n) {
  flyc__xp_ws(x);
  if (strncmp(x->p, s, n) || isalnum((unsigned char)x->p[n]) || x->p[n] == '_')
    return flyc__xp_xfail(x, "expected the loop variable '%.*s'", (int)n, s);
  x->p += n;
  return 1;
}

/* Integer terms a and b of one type (C's conversions). */
static int one_int_type(xp_t *x, term_t *a, term_t *b) {
  if (!flyc__xp_scalar(x, a) || !flyc__xp_scalar(x, b) || !flyc__xp_unify(x, a, b))
    return 0;
  if (!a->v && !b->v)
    return 1;
  LLVMTypeRef t = LLVMTypeOf(a->v ? a->v : b->v);
  if (!flyc__xp_is_int(t) || (LLVMGetIntTypeWidth(t) != 32 && LLVMGetIntTypeWidth(t) != 64))
    return flyc__xp_xfail(x, "a loop's start, end and step are i32 or i64 integers");
  return 1;
}

/* A loop header at the cursor, ending at `close` (')' in a for
 * statement, the end of the text for flyc_kb_loop): the loop opened, its
 * variable bound; 0 recorded. */
static int loop_open(xp_t *x, char close) {
  flyc_kernel_builder_t *kb = x->kb;
  flyc__xp_ws(x);
  const char *s = x->p;
  size_t n = name_at(x);
  if (!n)
    return flyc__xp_xfail(x, "expected the loop variable's name");
  term_t t[3];
  x->p += n;
  if (!expect(x, "=") || !flyc__xp_parse(x, &t[0]) || !expect(x, ";") || !loop_var(x, s, n) ||
      !expect(x, "<") || !flyc__xp_parse(x, &t[1]) || !expect(x, ";") || !loop_var(x, s, n))
    return 0;
  flyc__xp_ws(x);
  const char *at = x->p;
  if (!strncmp(x->p, "++", 2)) {
    x->p += 2, t[2] = (term_t){NULL, K_INT, 1, 0, NULL};
  } else if (!strncmp(x->p, "+=", 2)) {
    x->p += 2;
    if (!flyc__xp_parse(x, &t[2]))
      return 0;
  } else {
    return flyc__xp_xfail(x, "expected '++' or '+=' after '%.*s'", (int)n, s);
  }
  flyc__xp_ws(x);
  if (*x->p != close)
    return close ? flyc__xp_xfail(x, "expected '%c' after the step", close)
                 : flyc__xp_xfail(x, "unexpected '%c' after the step", *x->p);
  const char *end = x->p + (close != 0);
  x->p = at;
  if (!one_int_type(x, &t[0], &t[1]) || !one_int_type(x, &t[0], &t[2]) ||
      !one_int_type(x, &t[1], &t[0]))
    return 0;
  /* Unsigned i32 bounds: the loop runs in i64, where the signed test of
   * flyc_kb_for_begin is C's unsigned one (values below 2^32), unless all
   * three are literals that a signed test takes as C does. */
  int lits = !t[0].v && !t[1].v && !t[2].v && t[0].i >= 0 && t[1].i >= 0 && t[0].i <= INT32_MAX &&
             t[1].i <= INT32_MAX && t[2].i <= INT32_MAX;
  int widen = x->uns && !lits, widened = 0;
  for (int i = 0; i < 3; i++) {
    if (!flyc__xp_lit_value(x, &t[i]))
      return 0;
    if (i == 2 && LLVMIsAConstantInt(t[i].v) && LLVMConstIntGetSExtValue(t[i].v) <= 0)
      return flyc__xp_xfail(x, "the step of 'i < end' must be positive (with a step below 0 "
                               "flyc_kb_for_begin would count down)");
    if (widen && flyc__xp_is_int(LLVMTypeOf(t[i].v)) &&
        LLVMGetIntTypeWidth(LLVMTypeOf(t[i].v)) < 64)
      t[i].v = flyc__xp_convert(x, t[i].v, LLVMInt64TypeInContext(kb->ctx->llctx)), widened = 1;
    LLVMTypeRef ty = LLVMTypeOf(t[i].v);
    if (!flyc__xp_is_int(ty) || (LLVMGetIntTypeWidth(ty) != 32 && LLVMGetIntTypeWidth(ty) != 64))
      return flyc__xp_xfail(x, "a loop's start, end and step are i32 or i64 integers");
  }
  LLVMValueRef iv = flyc_kb_for_begin(kb, t[0].v, t[1].v, t[2].v, 0, NULL, NULL);
  if (kb->rc)
    return 0;
  kb_name_t *e = flyc__kb_scope_add(kb, s, n, x->what);
  if (!e)
    return 0;
  /* a widened loop's variable is the i32 C's unsigned arithmetic uses */
  e->v = widened ? LLVMBuildTrunc(kb->b, iv, LLVMInt32TypeInContext(kb->ctx->llctx), s)
                        : iv;
  x->p = end;
  return 1;
}

int flyc_kb_loop(flyc_kernel_builder_t *kb, unsigned flags, const char *header) {
  xp_t x;
  if (!start(&x, kb, flags, header, "flyc_kb_loop"))
    return kb && kb->rc ? kb->rc : FLYC_EINVAL;
  return loop_open(&x, 0) ? FLYC_OK : kb->rc;
}

/* Kernel text's memory (flyc/builder.h, flyc_kb_eval()): names from the
 * body's scope, CUDA's builtins, `p[i]` loads, `&p[i]` addresses and the
 * atomics. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "expr.h"

void flyc__xp_ws(xp_t *x) {
  while (*x->p == ' ' || (*x->p >= '\t' && *x->p <= '\r'))
    x->p++;
}

int flyc__xp_scalar(xp_t *x, const term_t *a) {
  if (!a->v || LLVMGetTypeKind(LLVMTypeOf(a->v)) != LLVMPointerTypeKind)
    return 1;
  return flyc__xp_xfail(x, "a pointer is not a number: index it (p[i]), or give &p[i] to an "
                           "atomic");
}

int flyc__xp_scope_name(xp_t *x, const char *s, size_t n, term_t *out) {
  int stale;
  kb_name_t *e = flyc__kb_scope_find(x->kb, s, n, &stale);
  if (!e)
    return flyc__xp_xfail(x,
                          stale ? "'%.*s' was bound inside an if arm or a loop body that has ended"
                                : "'%.*s' is not bound (flyc_kb_let, a parameter's name, or a "
                                  "variable flyc_kb_do assigned)",
                          (int)(n > 32 ? 32 : n), s);
  if (e->lit) {
    *out = (term_t){NULL, e->k, e->i, e->f, NULL};
    return 1;
  }
  LLVMValueRef v = e->v;
  if (e->ty) {
    v = LLVMBuildLoad2(x->kb->b, e->ty, e->v, "");
    LLVMSetAlignment(v, LLVMABIAlignmentOfType(LLVMGetModuleDataLayout(x->kb->ctx->mod), e->ty));
  }
  *out = (term_t){v, 0, 0, 0, e->elem};
  return 1;
}

int flyc__xp_builtin(xp_t *x, const char *s, size_t n, term_t *out) {
  if (n == 8 && !memcmp(s, "warpSize", 8)) { /* CUDA's: the wavefront's lanes, a literal */
    *out = (term_t){NULL, K_INT, flyc_kb_target_wave_size(x->kb), 0, NULL};
    x->p = s + n;
    return 1;
  }
  static const struct {
    const char *name;
    LLVMValueRef (*fn)(flyc_kernel_builder_t *, unsigned);
  } b[] = {{"threadIdx", flyc_kb_thread_idx},
           {"blockIdx", flyc_kb_block_idx},
           {"blockDim", flyc_kb_block_dim},
           {"gridDim", flyc_kb_grid_dim}};
  for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
    if (strlen(b[i].name) != n || memcmp(b[i].name, s, n))
      continue;
    const char *q = s + n;
    if (q[0] != '.' || !q[1] || !strchr("xyz", q[1]) || isalnum((unsigned char)q[2]) || q[2] == '_')
      return flyc__xp_xfail(x, "%s is CUDA's: write %s.x, %s.y or %s.z", b[i].name, b[i].name,
                            b[i].name, b[i].name) -
             1;
    *out = (term_t){b[i].fn(x->kb, (unsigned)(q[1] - 'x')), 0, 0, 0, NULL};
    x->p = q + 2;
    return x->kb->rc ? -1 : 1;
  }
  return 0;
}

int flyc__xp_gep(xp_t *x, term_t *base, term_t *i, term_t *out) {
  if (!flyc__xp_scalar(x, i) || !flyc__xp_lit_value(x, i))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(i->v);
  if (!flyc__xp_is_int(t))
    return flyc__xp_xfail(x, "an index is an integer, not a float");
  unsigned w = LLVMGetIntTypeWidth(t);
  LLVMContextRef lc = x->kb->ctx->llctx;
  /* getelementptr sign-extends its index: an unsigned one is widened first. */
  if (w < 32 || (w == 32 && x->uns))
    i->v = flyc__xp_convert(x, i->v, LLVMIntTypeInContext(lc, x->uns ? 64 : 32));
  LLVMValueRef p = LLVMBuildInBoundsGEP2(x->kb->b, base->elem, base->v, &i->v, 1, "");
  *out = (term_t){p, 0, 0, 0, base->elem};
  return 1;
}

static unsigned natural(xp_t *x, LLVMTypeRef t) {
  return LLVMABIAlignmentOfType(LLVMGetModuleDataLayout(x->kb->ctx->mod), t);
}

int flyc__xp_load(xp_t *x, term_t *a) {
  LLVMValueRef v = LLVMBuildLoad2(x->kb->b, a->elem, a->v, "");
  LLVMSetAlignment(v, natural(x, a->elem));
  *a = (term_t){v, 0, 0, 0, NULL};
  return 1;
}

int flyc__xp_assign_to(xp_t *x, term_t *a, LLVMTypeRef to, LLVMTypeRef elem) {
  int ptr = LLVMGetTypeKind(to) == LLVMPointerTypeKind;
  int aptr = a->v && LLVMGetTypeKind(LLVMTypeOf(a->v)) == LLVMPointerTypeKind;
  if (ptr || aptr) {
    if (ptr && aptr && LLVMTypeOf(a->v) == to && a->elem == elem)
      return 1;
    return flyc__xp_xfail(x, "%s cannot be given %s", ptr ? "a pointer variable" : "a number",
                          aptr  ? "a pointer of another element type or address space"
                          : ptr ? "a number"
                                : "a pointer");
  }
  if (!a->v && !flyc__xp_lit_default(x, a)) /* a literal: in its C type, converted as C */
    return 0;
  a->v = flyc__xp_convert(x, a->v, to);
  return 1;
}

int flyc__xp_indexes_ahead(const xp_t *x) { return x->scope && strchr(x->p, '[') != NULL; }

/* The atomics, CUDA's names: atomic_<op>[_block|_system]. */
static const struct {
  const char *name;
  int op;
} atomics[] = {{"add", FLYC_ATOMIC_ADD}, {"sub", FLYC_ATOMIC_SUB},  {"min", FLYC_ATOMIC_MIN},
               {"max", FLYC_ATOMIC_MAX}, {"and", FLYC_ATOMIC_AND},  {"or", FLYC_ATOMIC_OR},
               {"xor", FLYC_ATOMIC_XOR}, {"exch", FLYC_ATOMIC_XCHG}};

/* Kernel text's collectives: CUDA's shuffles (full wave) and flyc's warp
 * and block reductions. */
static const struct {
  const char *name;
  int kind, op, arity;
} collectives[] = {
    {"shfl", 's', FLYC_SHUFFLE_IDX, 2},       {"shfl_up", 's', FLYC_SHUFFLE_UP, 2},
    {"shfl_down", 's', FLYC_SHUFFLE_DOWN, 2}, {"shfl_xor", 's', FLYC_SHUFFLE_XOR, 2},
    {"warp_sum", 'w', FLYC_REDUCE_SUM, 1},    {"warp_min", 'w', FLYC_REDUCE_MIN, 1},
    {"warp_max", 'w', FLYC_REDUCE_MAX, 1},    {"block_sum", 'b', FLYC_REDUCE_SUM, 1},
    {"block_min", 'b', FLYC_REDUCE_MIN, 1},   {"block_max", 'b', FLYC_REDUCE_MAX, 1},
};

int flyc__xp_text_fn(const char *s, size_t n, int *op, int *scope, int *arity) {
  for (size_t i = 0; i < sizeof collectives / sizeof collectives[0]; i++)
    if (strlen(collectives[i].name) == n && !memcmp(collectives[i].name, s, n))
      return *op = collectives[i].op, *scope = 0, *arity = collectives[i].arity,
             collectives[i].kind;
  if (n < 8 || memcmp(s, "atomic_", 7))
    return 0;
  s += 7, n -= 7;
  for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++) {
    size_t k = strlen(atomics[i].name);
    if (n < k || memcmp(s, atomics[i].name, k))
      continue;
    const char *rest = s + k;
    size_t r = n - k;
    *op = atomics[i].op, *arity = 2;
    *scope = !r                                      ? FLYC_SCOPE_AGENT
             : r == 6 && !memcmp(rest, "_block", 6)  ? FLYC_SCOPE_WORKGROUP
             : r == 7 && !memcmp(rest, "_system", 7) ? FLYC_SCOPE_SYSTEM
                                                     : -1;
    if (*scope >= 0)
      return 'a';
  }
  return 0;
}

/* A shuffle or a reduction of a[0] (and the lane operand a[1]). */
static int collective(xp_t *x, int kind, int op, term_t *a, term_t *out) {
  if (!flyc__xp_scalar(x, &a[0]) || !flyc__xp_lit_value(x, &a[0]))
    return 0;
  LLVMValueRef v = a[0].v, r;
  int intv = flyc__xp_is_int(LLVMTypeOf(v));
  if (kind == 's') {
    if (!flyc__xp_scalar(x, &a[1]) || !flyc__xp_lit_value(x, &a[1]))
      return 0;
    if (!flyc__xp_is_int(LLVMTypeOf(a[1].v)))
      return flyc__xp_xfail(x, "a shuffle's lane is an integer");
    LLVMValueRef lane = flyc__xp_convert(x, a[1].v, LLVMInt32TypeInContext(x->kb->ctx->llctx));
    r = flyc_kb_shuffle(x->kb, (flyc_shuffle_kind_t)op, v, lane, 0);
  } else {
    if (intv && x->uns && op != FLYC_REDUCE_SUM)
      op = op == FLYC_REDUCE_MIN ? FLYC_REDUCE_UMIN : FLYC_REDUCE_UMAX;
    r = kind == 'w' ? flyc_kb_warp_reduce(x->kb, (flyc_reduce_op_t)op, v, 0)
                    : flyc_kb_block_reduce(x->kb, (flyc_reduce_op_t)op, v);
  }
  if (x->kb->rc)
    return 0;
  *out = (term_t){r, 0, 0, 0, NULL};
  return 1;
}

int flyc__xp_apply_text_fn(xp_t *x, int kind, int op, int scope, term_t *a, term_t *out) {
  if (kind != 'a')
    return collective(x, kind, op, a, out);
  if (!a[0].v || LLVMGetTypeKind(LLVMTypeOf(a[0].v)) != LLVMPointerTypeKind || !a[0].elem)
    return flyc__xp_xfail(
        x, "an atomic's first argument is an element's address (&p[i], or p for &p[0]) "
           "of a pointer with an element type");
  if (!flyc__xp_scalar(x, &a[1]))
    return 0;
  LLVMTypeRef t = a[0].elem;
  int fp = flyc__xp_is_fp(t);
  if (fp && op != FLYC_ATOMIC_ADD)
    return flyc__xp_xfail(x, "a float element takes only atomic_add");
  if (op == FLYC_ATOMIC_ADD && fp)
    op = FLYC_ATOMIC_FADD;
  if (x->uns && (op == FLYC_ATOMIC_MIN || op == FLYC_ATOMIC_MAX))
    op = op == FLYC_ATOMIC_MIN ? FLYC_ATOMIC_UMIN : FLYC_ATOMIC_UMAX;
  if (!flyc__xp_assign_to(x, &a[1], t, NULL))
    return 0;
  LLVMValueRef r = flyc_kb_atomic_rmw(x->kb, (flyc_atomic_op_t)op, a[0].v, a[1].v,
                                      FLYC_ORDER_RELAXED, (flyc_memory_scope_t)scope);
  if (x->kb->rc)
    return 0;
  *out = (term_t){r, 0, 0, 0, NULL};
  return 1;
}

/* Kernel text's scope (flyc/builder.h, "kernel text"): the names that
 * flyc_kb_eval(), flyc_kb_do() and flyc_kb_loop() read and assign. A
 * binding is a value, seen where it reaches (flyc__kb_reaches()); a
 * variable is an alloca in the entry block, seen where its first store
 * reaches, so that it can be assigned in a region and read after it. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "expr.h"

#define NAME_MAX_LEN 64

/* C's statement keywords, which text reads as statements (or refuses). */
static const char *const keywords[] = {"if",    "else",     "for",    "while", "do",   "return",
                                       "break", "continue", "switch", "case",  "goto", "sizeof"};
static const char *const builtins[] = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"};

LLVMTypeRef flyc__kb_elem_type(LLVMContextRef lc, const char *name) {
  static const char *const names[] = {"i8", "i16", "i32", "i64", "f16", "f32", "f64"};
  int k = -1;
  for (int i = 0; name && i < 7; i++)
    if (!strcmp(name, names[i]))
      k = i;
  switch (k) {
  case 0:
  case 1:
  case 2:
  case 3:
    return LLVMIntTypeInContext(lc, 8u << k);
  case 4:
    return LLVMHalfTypeInContext(lc);
  case 5:
    return LLVMFloatTypeInContext(lc);
  case 6:
    return LLVMDoubleTypeInContext(lc);
  default:
    return NULL;
  }
}

/* An element type text can load and store: i8 to i64, half, float, double. */
static int elem_ok(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w == 8 || w == 16 || w == 32 || w == 64;
  }
  case LLVMHalfTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
    return 1;
  default:
    return 0;
  }
}

static int is_ident(const char *s, size_t n) {
  if (!n || n > NAME_MAX_LEN || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
    return 0;
  for (size_t i = 1; i < n; i++)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
      return 0;
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (strlen(builtins[i]) == n && !memcmp(builtins[i], s, n))
      return 0;
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (strlen(keywords[i]) == n && !memcmp(keywords[i], s, n))
      return 0;
  return 1;
}

kb_name_t *flyc__kb_scope_find(flyc_kernel_builder_t *kb, const char *s, size_t n, int *stale) {
  *stale = 0;
  for (size_t i = kb->nscope; i-- > 0;) {
    kb_name_t *e = &kb->scope[i];
    if (strlen(e->name) != n || memcmp(e->name, s, n))
      continue;
    if (e->lit || flyc__kb_reaches(kb, e->ty ? e->decl : e->v))
      return e;
    *stale = 1;
  }
  return NULL;
}

kb_name_t *flyc__kb_scope_add(flyc_kernel_builder_t *kb, const char *s, size_t n,
                              const char *what) {
  if (!is_ident(s, n)) {
    fail(kb, flyc__error_set(FLYC_EINVAL,
                             "%s: '%.*s' is not a name kernel text can bind (a C "
                             "identifier of at most %d bytes, not a builtin or a keyword)",
                             what, (int)(n > 64 ? 64 : n), s, NAME_MAX_LEN));
    return NULL;
  }
  if (kb->nscope == kb->capscope) {
    size_t cap = kb->capscope ? 2 * kb->capscope : 16;
    kb_name_t *grown = realloc(kb->scope, cap * sizeof *grown);
    if (!grown) {
      fail(kb, flyc__error_set(FLYC_ENOMEM, "%s: out of memory", what));
      return NULL;
    }
    kb->scope = grown, kb->capscope = cap;
  }
  char *copy = malloc(n + 1);
  if (!copy) {
    fail(kb, flyc__error_set(FLYC_ENOMEM, "%s: out of memory", what));
    return NULL;
  }
  memcpy(copy, s, n);
  copy[n] = 0;
  kb_name_t *e = &kb->scope[kb->nscope++];
  memset(e, 0, sizeof *e);
  e->name = copy;
  return e;
}

/* An alloca of `t` in the entry block, before its first instruction, as
 * clang puts a function's locals: in the layout's alloca address space
 * (AMDGPU 5, private; NVPTX's generic, made local by its backend). */
static LLVMValueRef entry_alloca(flyc_kernel_builder_t *kb, LLVMTypeRef t, const char *name) {
  LLVMBuilderRef at = LLVMCreateBuilderInContext(kb->ctx->llctx);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(kb->fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first)
    LLVMPositionBuilderBefore(at, first);
  else
    LLVMPositionBuilderAtEnd(at, entry);
  LLVMValueRef p = LLVMBuildAlloca(at, t, name);
  LLVMDisposeBuilder(at);
  return p;
}

kb_name_t *flyc__kb_scope_var(flyc_kernel_builder_t *kb, const char *s, size_t n, LLVMTypeRef t,
                              LLVMTypeRef elem) {
  kb_name_t *e = flyc__kb_scope_add(kb, s, n, "flyc_kb_do");
  if (!e)
    return NULL;
  e->v = entry_alloca(kb, t, e->name);
  e->ty = t, e->elem = elem;
  return e;
}

/* An integer literal entry of C's type: int when it fits, else long. */
static void int_literal(kb_name_t *e, int64_t v) {
  e->lit = 1;
  e->k = v >= INT32_MIN && v <= INT32_MAX ? K_INT : K_LONG;
  e->i = v;
}

int flyc__kb_scope_def(flyc_kernel_builder_t *kb, const flyc_kernel_def_t *d) {
  for (size_t i = 0; i < d->param_count; i++) {
    const char *s = d->params[i].name;
    if (!s || !is_ident(s, strlen(s)))
      continue;
    kb_name_t *e = flyc__kb_scope_add(kb, s, strlen(s), "kernel text");
    if (!e)
      return kb->rc;
    e->v = LLVMGetParam(kb->fn, (unsigned)i);
    e->elem = d->params[i].kind == FLYC_PARAM_PTR
                  ? flyc__kb_elem_type(kb->ctx->llctx, d->params[i].elem)
                  : NULL;
  }
  for (size_t i = 0; i < d->constexpr_count; i++) {
    const flyc_constexpr_t *c = &d->constexprs[i];
    if (!c->name || !is_ident(c->name, strlen(c->name)))
      continue;
    kb_name_t *e = flyc__kb_scope_add(kb, c->name, strlen(c->name), "kernel text");
    if (!e)
      return kb->rc;
    if (c->kind == FLYC_CONSTEXPR_INT) {
      int_literal(e, c->i);
    } else {
      e->lit = 1, e->k = K_DBL, e->f = c->f;
    }
  }
  return FLYC_OK;
}

int flyc_kb_let_int(flyc_kernel_builder_t *kb, const char *name, int64_t value) {
  if (!helper_ok(kb, 0, "flyc_kb_let_int"))
    return FLYC_EINVAL;
  if (!name)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_let_int: name is NULL")), kb->rc;
  kb_name_t *e = flyc__kb_scope_add(kb, name, strlen(name), "flyc_kb_let_int");
  if (!e)
    return kb->rc;
  int_literal(e, value);
  return FLYC_OK;
}

void flyc__kb_scope_free(flyc_kernel_builder_t *kb) {
  for (size_t i = 0; i < kb->nscope; i++)
    free(kb->scope[i].name);
  free(kb->scope);
  kb->scope = NULL;
  kb->nscope = kb->capscope = 0;
}

int flyc_kb_let(flyc_kernel_builder_t *kb, const char *name, LLVMValueRef value, LLVMTypeRef elem) {
  const char *what = "flyc_kb_let";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  if (!name)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: name is NULL", what)), kb->rc;
  if (!value_ok(kb, value, what, "value"))
    return kb->rc;
  LLVMTypeRef t = LLVMTypeOf(value);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  int ptr = k == LLVMPointerTypeKind;
  unsigned as = ptr ? LLVMGetPointerAddressSpace(t) : 0;
  const char *bad =
      ptr ? (as == 2 || as > 5 ? "a pointer in an address space other than 0, 1, 3, 4 or 5" : NULL)
      : k == LLVMIntegerTypeKind
          ? (LLVMGetIntTypeWidth(t) > 64 ? "an integer wider than 64 bits" : NULL)
      : k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind || k == LLVMFloatTypeKind ||
              k == LLVMDoubleTypeKind
          ? NULL
          : "not an integer, float or pointer scalar";
  if (bad)
    return fail(kb,
                flyc__error_set(FLYC_EINVAL, "%s: the value of '%.64s' is %s", what, name, bad)),
           kb->rc;
  if (elem && (!ptr || LLVMGetTypeContext(elem) != kb->ctx->llctx || !elem_ok(elem)))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: elem of '%.64s' %s", what, name,
                                    !ptr ? "is given for a value that is not a pointer"
                                    : LLVMGetTypeContext(elem) != kb->ctx->llctx
                                        ? "is a type of another LLVM context"
                                        : "is not i8, i16, i32, i64, half, float or double")),
           kb->rc;
  kb_name_t *e = flyc__kb_scope_add(kb, name, strlen(name), what);
  if (!e)
    return kb->rc;
  e->v = value, e->elem = elem;
  return FLYC_OK;
}

LLVMValueRef flyc_kb_local_array(flyc_kernel_builder_t *kb, const char *name, const char *elem,
                                 uint32_t count) {
  const char *what = "flyc_kb_local_array";
  if (!helper_ok(kb, 0, what))
    return NULL;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef t = flyc__kb_elem_type(lc, elem);
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(kb->ctx->mod);
  LLVMTypeRef pt =
      LLVMPointerTypeInContext(lc, flyc_kb_target_family(kb) == FLYC_TARGET_AMDGPU ? 5 : 0);
  if (!t || !count || count > 65536)
    return or_poison(kb,
                     fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what,
                                              !t ? "elem is not i8, i16, i32, i64, f16, f32 or f64"
                                              : count ? "count is over 65536"
                                                      : "count is 0")),
                     pt);
  LLVMValueRef p = entry_alloca(kb, LLVMArrayType(t, count), name ? name : "");
  LLVMSetAlignment(p, LLVMABIAlignmentOfType(dl, t) < 16 ? 16 : LLVMABIAlignmentOfType(dl, t));
  return flyc_kb_let(kb, name, p, t) ? or_poison(kb, NULL, pt) : p;
}

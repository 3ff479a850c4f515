/* A link library's closure: what a module needs of it, and nothing else.
 *
 * The roots are the names the module declares (and the globals the options
 * export); the closure is every definition of the library they reach,
 * transitively, plus the library's appending globals (llvm.used,
 * llvm.compiler.used) and the globals a host writes after load
 * (externally_initialized), which a module that calls nothing of the
 * library still needs when a post-load processor writes them. The library
 * is read lazily: only what the closure holds is materialized. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "cxx.h"
#include "internal.h"

static int is_local(LLVMValueRef g) {
  LLVMLinkage l = LLVMGetLinkage(g);
  return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

/* The library's definition of `name`, declared in `dst` with the library's
 * own type (the module's may differ: the signature check says so later). */
static void declare_root(LLVMModuleRef dst, LLVMModuleRef lib, const char *name) {
  if (LLVMGetNamedFunction(dst, name) || LLVMGetNamedGlobal(dst, name))
    return;
  LLVMValueRef f = LLVMGetNamedFunction(lib, name);
  if (f && !LLVMIsDeclaration(f) && !is_local(f)) {
    LLVMAddFunction(dst, name, LLVMGlobalGetValueType(f));
    return;
  }
  LLVMValueRef g = LLVMGetNamedGlobal(lib, name);
  if (g && !LLVMIsDeclaration(g) && !is_local(g)) {
    LLVMAddGlobalInAddressSpace(dst, LLVMGlobalGetValueType(g), name,
                                LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
    return;
  }
  /* An ifunc: declared as the function it stands for, so that the linker
   * brings it and the check of the linked module refuses it by name (GPU
   * code has none), rather than calling it undefined. */
  LLVMValueRef x = LLVMGetNamedGlobalIFunc(lib, name, strlen(name));
  if (x && !is_local(x)) {
    LLVMAddFunction(dst, name, LLVMGlobalGetValueType(x));
    return;
  }
  /* An alias: declared as what it aliases is (the linker brings the alias
   * and its aliasee). */
  LLVMValueRef a = LLVMGetNamedGlobalAlias(lib, name, strlen(name));
  if (!a || is_local(a))
    return;
  LLVMTypeRef vt = LLVMGlobalGetValueType(a);
  if (LLVMGetTypeKind(vt) == LLVMFunctionTypeKind)
    LLVMAddFunction(dst, name, vt);
  else
    LLVMAddGlobalInAddressSpace(dst, vt, name, LLVMGetPointerAddressSpace(LLVMTypeOf(a)));
}

int flyc__closure_extract(LLVMModuleRef lib, const flyc__closure_names_t *n,
                          LLVMModuleRef *out) {
  *out = NULL;
  size_t len;
  const char *id = LLVMGetModuleIdentifier(lib, &len);
  LLVMModuleRef dst =
      LLVMModuleCreateWithNameInContext(id ? id : "closure", LLVMGetModuleContext(lib));
  if (!dst) {
    LLVMDisposeModule(lib);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  LLVMSetTarget(dst, LLVMGetTarget(lib));
  LLVMSetDataLayout(dst, LLVMGetDataLayoutStr(lib));
  for (size_t i = 0; i < n->nroots; i++)
    declare_root(dst, lib, n->roots[i]);
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g && !n->later; g = LLVMGetNextGlobal(g))
    if (LLVMIsExternallyInitialized(g) && !LLVMIsDeclaration(g) && !is_local(g))
      declare_root(dst, lib, LLVMGetValueName2(g, &len));
  int r = flyc__link_only_needed(dst, lib, n->skip, n->nskip, n->later); /* consumes lib */
  if (r) {
    LLVMDisposeModule(dst);
    return flyc__error_set(r == 3 ? FLYC_ENOMEM : FLYC_ELINK,
                           r == 3 ? "out of memory linking what the module needs"
                                  : "LLVM's linker refused the library's closure");
  }
  /* What the closure's roots left declared and the library never defined
   * stays declared: the next library, or the check of unresolved symbols,
   * answers for it. */
  *out = dst;
  return FLYC_OK;
}

/* strcmp for qsort over char *. */
static int by_name(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int add_name(flyc__names_t *n, const char *s) {
  if (n->count == n->cap) {
    size_t cap = n->cap ? n->cap * 2 : 32;
    const char **v = realloc(n->names, cap * sizeof *v);
    if (!v)
      return -1;
    n->names = v;
    n->cap = cap;
  }
  n->names[n->count++] = s;
  return 0;
}

/* A definition a library's may replace (weak, linkonce, common: the
 * linker takes a strong one over it), or one a library brought (`from`
 * says so): a library that defines it too must be asked, so that a strong
 * definition wins and two strong ones are refused, as the linker does. */
static int offered_definition(LLVMValueRef g, int (*from)(void *, const char *), void *p,
                              const char *name) {
  LLVMLinkage l = LLVMGetLinkage(g);
  return l == LLVMWeakAnyLinkage || l == LLVMLinkOnceAnyLinkage || l == LLVMCommonLinkage ||
         (from && from(p, name));
}

int flyc__closure_roots(LLVMModuleRef m, const char *const *extra, size_t nextra,
                        int (*from)(void *, const char *), void *p, flyc__names_t *out) {
  *out = (flyc__names_t){0};
  size_t len;
  int bad = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !bad; f = LLVMGetNextFunction(f)) {
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMGetIntrinsicID(f) && !is_local(f) &&
        (LLVMIsDeclaration(f) || offered_definition(f, from, p, name)))
      bad = add_name(out, name);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g && !bad; g = LLVMGetNextGlobal(g)) {
    const char *name = LLVMGetValueName2(g, &len);
    if (!is_local(g) && LLVMGetLinkage(g) != LLVMAppendingLinkage &&
        (LLVMIsDeclaration(g) || offered_definition(g, from, p, name)))
      bad = add_name(out, name);
  }
  /* A weak alias the module has is replaceable as a weak function is. */
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(m); a && !bad; a = LLVMGetNextGlobalAlias(a)) {
    const char *name = LLVMGetValueName2(a, &len);
    if (!is_local(a) && offered_definition(a, from, p, name))
      bad = add_name(out, name);
  }
  for (size_t i = 0; i < nextra && !bad; i++)
    if (extra[i])
      bad = add_name(out, extra[i]);
  if (bad) {
    free(out->names);
    *out = (flyc__names_t){0};
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  if (out->count > 1)
    qsort(out->names, out->count, sizeof *out->names, by_name);
  size_t k = 0;
  for (size_t i = 0; i < out->count; i++)
    if (!k || strcmp(out->names[k - 1], out->names[i]) != 0)
      out->names[k++] = out->names[i];
  out->count = k;
  return FLYC_OK;
}

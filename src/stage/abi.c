/* Pointers declared as 64-bit integers. mori's own ABI table and FlyDSL's
 * ffi declare a library's `ptr` parameters as i64; both AMDGPU and NVPTX
 * pass an i64 and a 64-bit pointer the same way (the same registers), so
 * where every difference between the module's declaration and the library's
 * definition is that (an i64 for a pointer of 64 bits in the target's data
 * layout), the declaration takes the library's type and every call converts
 * (inttoptr for arguments, ptrtoint for a returned pointer), before the
 * link. Other integer-for-pointer differences are refused here with the
 * declaration to use; the rest is link.c's signature check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include "internal.h"
#include "stage/stage.h"

enum { SAME, CONVERT, NEAR, OTHER };


/* One parameter (or the result): the module's type `h` against the
 * library's `l`. */
static int pair_kind(flyc_compile_t *c, LLVMTypeRef h, LLVMTypeRef l) {
  if (h == l)
    return SAME;
  int h_int = LLVMGetTypeKind(h) == LLVMIntegerTypeKind,
      l_int = LLVMGetTypeKind(l) == LLVMIntegerTypeKind,
      h_ptr = LLVMGetTypeKind(h) == LLVMPointerTypeKind,
      l_ptr = LLVMGetTypeKind(l) == LLVMPointerTypeKind;
  if (h_int && l_ptr && LLVMGetIntTypeWidth(h) == 64 &&
      LLVMPointerSizeForAS(LLVMGetModuleDataLayout(c->mod), LLVMGetPointerAddressSpace(l)) == 8)
    return CONVERT;
  return (h_int && l_ptr) || (h_ptr && l_int) ? NEAR : OTHER;
}

/* kinds[0] the result, kinds[1 + i] parameter i; the kinds found, as bits
 * (1 << kind), or 1 << OTHER when the shapes differ (another count,
 * varargs). */
static unsigned compare(flyc_compile_t *c, LLVMTypeRef ht, LLVMTypeRef lt,
                        unsigned char *kinds) {
  unsigned n = LLVMCountParamTypes(lt);
  if (n != LLVMCountParamTypes(ht) || LLVMIsFunctionVarArg(ht) != LLVMIsFunctionVarArg(lt))
    return 1u << OTHER;
  LLVMTypeRef *hp = malloc((n + 1) * sizeof *hp), *lp = malloc((n + 1) * sizeof *lp);
  unsigned found = 1u << OTHER;
  if (hp && lp) {
    LLVMGetParamTypes(ht, hp);
    LLVMGetParamTypes(lt, lp);
    kinds[0] = (unsigned char)pair_kind(c, LLVMGetReturnType(ht), LLVMGetReturnType(lt));
    found = 1u << kinds[0];
    for (unsigned i = 0; i < n; i++) {
      kinds[i + 1] = (unsigned char)pair_kind(c, hp[i], lp[i]);
      found |= 1u << kinds[i + 1];
    }
  }
  free(hp);
  free(lp);
  return found;
}

static const char *ext_attr(LLVMValueRef fn, unsigned idx) {
  unsigned sext = LLVMGetEnumAttributeKindForName("signext", 7),
           zext = LLVMGetEnumAttributeKindForName("zeroext", 7);
  return LLVMGetEnumAttributeAtIndex(fn, idx, sext)   ? "signext"
         : LLVMGetEnumAttributeAtIndex(fn, idx, zext) ? "zeroext"
                                                      : "";
}

/* The library's declaration as IR text (with the extension attributes the
 * link checks): `declare i32 @f(ptr, i8 signext)`. */
static void decl_text(flyc_buf_t *b, LLVMValueRef lib_fn, const char *name) {
  LLVMTypeRef lt = LLVMGlobalGetValueType(lib_fn);
  unsigned n = LLVMCountParamTypes(lt);
  LLVMTypeRef *p = malloc((n + 1) * sizeof *p);
  char *rt = LLVMPrintTypeToString(LLVMGetReturnType(lt));
  const char *re = ext_attr(lib_fn, LLVMAttributeReturnIndex);
  int plain = strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "0123456789._$-") == strlen(name) &&
              !(name[0] >= '0' && name[0] <= '9');
  const char *q = plain ? "" : "\"";
  flyc__buf_printf(b, "declare %s%s%s @%s%s%s(", re, *re ? " " : "", rt, q, name, q);
  LLVMDisposeMessage(rt);
  if (p)
    LLVMGetParamTypes(lt, p);
  for (unsigned i = 0; p && i < n; i++) {
    char *t = LLVMPrintTypeToString(p[i]);
    const char *e = ext_attr(lib_fn, i + 1);
    flyc__buf_printf(b, "%s%s%s%s", i ? ", " : "", t, *e ? " " : "", e);
    LLVMDisposeMessage(t);
  }
  flyc__buf_printf(b, "%s)", LLVMIsFunctionVarArg(lt) ? (n ? ", ..." : "...") : "");
  free(p);
}

/* Refuses `have` (the module's `name`) against `lib_fn`, saying `why` and
 * the declaration to use. */
static int refuse(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef lib_fn, const char *name,
                  const char *path, const char *why) {
  flyc_buf_t d = {0};
  decl_text(&d, lib_fn, name);
  char *a = LLVMPrintTypeToString(LLVMGlobalGetValueType(have));
  char *b = LLVMPrintTypeToString(LLVMGlobalGetValueType(lib_fn));
  const char *o = flyc__origin_of(c, name);
  int rc = flyc__error_set(FLYC_ELINK,
                           "signature mismatch for '%s': %s %s it as '%s', link library '%s' "
                           "defines it as '%s'; %s: declare it as the library does, '%s'",
                           name, o ? o : "the module",
                           LLVMIsDeclaration(have) ? "declares" : "defines", a, path, b, why,
                           d.data ? d.data : "(out of memory)");
  LLVMDisposeMessage(a);
  LLVMDisposeMessage(b);
  flyc__buf_free(&d);
  return rc;
}

/* NULL when every use of `fn` is a direct call of its own type; else a
 * description of the first other use (static text). */
static const char *other_use(LLVMValueRef fn) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsACallInst(user))
      return LLVMIsAInstruction(user) ? "an instruction other than a call uses it"
                                      : "a constant (an initializer, llvm.used) refers to it";
    if (LLVMGetCalledValue(user) != fn || LLVMGetCalledFunctionType(user) != ft)
      return "a call passes it as an argument or calls it with another type";
    for (unsigned i = 0, n = LLVMGetNumArgOperands(user); i < n; i++)
      if (LLVMGetOperand(user, i) == fn)
        return "a call passes it as an argument";
  }
  return NULL;
}

/* The attributes at `idx` of `from` (a function, or a call when `call`),
 * onto `to`. */
static void copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned idx, int call) {
  unsigned n = call ? LLVMGetCallSiteAttributeCount(from, idx)
                    : LLVMGetAttributeCountAtIndex(from, idx);
  LLVMAttributeRef *a = n ? malloc(n * sizeof *a) : NULL;
  if (!a)
    return;
  if (call)
    LLVMGetCallSiteAttributes(from, idx, a);
  else
    LLVMGetAttributesAtIndex(from, idx, a);
  for (unsigned i = 0; i < n; i++) {
    if (call)
      LLVMAddCallSiteAttribute(to, idx, a[i]);
    else
      LLVMAddAttributeAtIndex(to, idx, a[i]);
  }
  free(a);
}

/* Attributes of the unchanged positions (kinds SAME) and the function's. */
static void copy_kept_attrs(LLVMValueRef from, LLVMValueRef to, const unsigned char *kinds,
                            unsigned n, int call) {
  copy_attrs(from, to, (unsigned)LLVMAttributeFunctionIndex, call);
  for (unsigned i = 0; i <= n; i++)
    if (kinds[i] == SAME)
      copy_attrs(from, to, i == 0 ? (unsigned)LLVMAttributeReturnIndex : i, call);
}

/* One call of the old declaration, remade as a call of `nf` (and erased). */
static int convert_call(LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef nf,
                        const unsigned char *kinds) {
  LLVMTypeRef lt = LLVMGlobalGetValueType(nf);
  unsigned n = LLVMCountParamTypes(lt);
  LLVMTypeRef *pt = malloc((n + 1) * sizeof *pt);
  LLVMValueRef *args = malloc((n + 1) * sizeof *args);
  if (!pt || !args) {
    free(pt);
    free(args);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  LLVMGetParamTypes(lt, pt);
  LLVMPositionBuilderBefore(b, call);
  for (unsigned i = 0; i < n; i++) {
    args[i] = LLVMGetOperand(call, i);
    if (kinds[i + 1] == CONVERT)
      args[i] = LLVMBuildIntToPtr(b, args[i], pt[i], "");
  }
  LLVMValueRef nc = LLVMBuildCall2(b, lt, nf, args, n, "");
  LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call));
  LLVMSetTailCall(nc, LLVMIsTailCall(call));
  copy_kept_attrs(call, nc, kinds, n, 1);
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(call);
  if (loc)
    LLVMInstructionSetDebugLoc(nc, loc);
  LLVMTypeRef rt = LLVMTypeOf(call);
  if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind)
    LLVMReplaceAllUsesWith(call, kinds[0] == CONVERT ? LLVMBuildPtrToInt(b, nc, rt, "") : nc);
  LLVMInstructionEraseFromParent(call);
  free(pt);
  free(args);
  return FLYC_OK;
}

/* The declaration `have` replaced by one of the library's type, its calls
 * converted (other_use found none that is not a direct call). */
static int rewrite(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef lib_fn,
                   const unsigned char *kinds, const char *path) {
  size_t len;
  char *name = strdup(LLVMGetValueName2(have, &len));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  if (!name || !b) {
    free(name);
    if (b)
      LLVMDisposeBuilder(b);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  LLVMTypeRef lt = LLVMGlobalGetValueType(lib_fn);
  LLVMValueRef nf = LLVMAddFunction(c->mod, "", lt);
  LLVMSetFunctionCallConv(nf, LLVMGetFunctionCallConv(have));
  LLVMSetLinkage(nf, LLVMGetLinkage(have));
  LLVMSetVisibility(nf, LLVMGetVisibility(have));
  copy_kept_attrs(have, nf, kinds, LLVMCountParamTypes(lt), 0);
  unsigned calls = 0;
  int rc = FLYC_OK;
  LLVMUseRef u;
  /* Each conversion erases the call, and with it one use. */
  while (rc == FLYC_OK && (u = LLVMGetFirstUse(have))) {
    rc = convert_call(b, LLVMGetUser(u), nf, kinds);
    calls++;
  }
  LLVMDisposeBuilder(b);
  if (rc == FLYC_OK) {
    LLVMDeleteFunction(have);
    LLVMSetValueName2(nf, name, len);
    flyc__buf_printf(&c->log,
                     "%snote: '%s' is declared with i64 where link library '%s' has a 64-bit "
                     "pointer: the declaration takes the library's type, %u call%s converted",
                     c->log.len ? "\n" : "", name, path, calls, calls == 1 ? "" : "s");
  }
  free(name);
  return rc;
}

/* What flyc does with the module's `have` against the library's `f`:
 * FLYC_OK (nothing, or converted) or the refusal. */
static int adapt_one(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef f, const char *name,
                     const char *path) {
  LLVMTypeRef lt = LLVMGlobalGetValueType(f);
  unsigned char *kinds = malloc(LLVMCountParamTypes(lt) + 1);
  if (!kinds)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  unsigned found = compare(c, LLVMGlobalGetValueType(have), lt, kinds);
  const char *use = NULL;
  char why[200] = "";
  if (found & (1u << NEAR))
    snprintf(why, sizeof why,
             "flyc converts only an i64 where the library has a 64-bit pointer");
  else if (found & (1u << OTHER))
    ; /* link.c's signature check says what differs */
  else if (!LLVMIsDeclaration(have))
    snprintf(why, sizeof why,
             "flyc converts an i64 for a pointer in a declaration only, not in a "
             "definition");
  else if ((use = other_use(have)))
    snprintf(why, sizeof why,
             "flyc converts an i64 for a pointer at direct calls only, and %s", use);
  int rc = FLYC_OK;
  if (*why)
    rc = refuse(c, have, f, name, path, why);
  else if (!(found & (1u << OTHER)))
    rc = rewrite(c, have, f, kinds, path);
  free(kinds);
  return rc;
}

int flyc__abi_adapt(flyc_compile_t *c, LLVMModuleRef lib, const char *path) {
  LLVMValueRef next;
  for (LLVMValueRef have = LLVMGetFirstFunction(c->mod); have; have = next) {
    next = LLVMGetNextFunction(have); /* `have` may be replaced */
    size_t len;
    const char *name = LLVMGetValueName2(have, &len);
    LLVMLinkage hl = LLVMGetLinkage(have);
    if (!len || LLVMGetIntrinsicID(have) || hl == LLVMInternalLinkage ||
        hl == LLVMPrivateLinkage)
      continue;
    LLVMValueRef f = LLVMGetNamedFunction(lib, name);
    if (!f || LLVMIsDeclaration(f) || LLVMGetLinkage(f) == LLVMInternalLinkage ||
        LLVMGetLinkage(f) == LLVMPrivateLinkage ||
        LLVMGlobalGetValueType(have) == LLVMGlobalGetValueType(f))
      continue;
    int rc = adapt_one(c, have, f, name, path);
    if (rc)
      return rc;
  }
  return FLYC_OK;
}

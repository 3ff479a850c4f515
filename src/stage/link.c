/* Linking link libraries: module flags and signatures checked against the
 * module, then LLVMLinkModules2. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <xxhash.h>

#include "internal.h"
#include "target/checks.h"
#include "stage/stage.h"

static int check_flags(flyc_compile_t *c, LLVMModuleRef lib, const char *path) {
  unsigned nl, nd;
  int rc = flyc__check_flag_shapes(lib, "link library", path, FLYC_ELINK);
  if (rc)
    return rc;
  flyc__module_flag_t *lf = flyc__module_flags(lib, &nl);
  flyc__module_flag_t *df = flyc__module_flags(c->mod, &nd);
  for (unsigned i = 0; i < nl && rc == FLYC_OK; i++) {
    /* The target's own flags (the COV) whatever their merge behaviour: the
     * backend reads the merged value. */
    const flyc__target_checks_t *ck = c->target.ops->checks;
    if (ck->library_flag && ck->library_flag(c, &lf[i], path, &rc))
      continue;
    if (lf[i].behavior != 1 /* Error */)
      continue;
    for (unsigned j = 0; j < nd; j++) {
      if (df[j].key_len != lf[i].key_len || memcmp(df[j].key, lf[i].key, lf[i].key_len))
        continue;
      if (df[j].is_int != lf[i].is_int || (lf[i].is_int && df[j].value != lf[i].value))
        rc = flyc__error_set(FLYC_ELINK,
                             "module flag '%.*s' conflicts: link library '%s' has %lld, "
                             "the module being linked into has %lld (the flag's merge "
                             "behaviour is Error)",
                             (int)lf[i].key_len, lf[i].key, path, (long long)lf[i].value,
                             (long long)df[j].value);
      break;
    }
  }
  free(lf);
  free(df);
  return rc;
}

/* ---- signatures ---- */

static char *type_str(LLVMTypeRef t) { return LLVMPrintTypeToString(t); }

/* Structural type equality: a library loaded into the context gets its own
 * copies of named struct types (%struct.P becomes %struct.P.0), which the
 * linker maps onto the module's; only a difference in shape is a mismatch. */
static int same_type(LLVMTypeRef a, LLVMTypeRef b, int depth) {
  if (a == b)
    return 1;
  if (depth > 32 || LLVMGetTypeKind(a) != LLVMGetTypeKind(b))
    return 0;
  switch (LLVMGetTypeKind(a)) {
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(a) == LLVMGetIntTypeWidth(b);
  case LLVMPointerTypeKind:
    return LLVMGetPointerAddressSpace(a) == LLVMGetPointerAddressSpace(b);
  case LLVMArrayTypeKind:
    return flyc__array_length(a) == flyc__array_length(b) &&
           same_type(LLVMGetElementType(a), LLVMGetElementType(b), depth + 1);
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(a) == LLVMGetVectorSize(b) &&
           same_type(LLVMGetElementType(a), LLVMGetElementType(b), depth + 1);
  case LLVMStructTypeKind: {
    if (LLVMIsOpaqueStruct(a) || LLVMIsOpaqueStruct(b))
      return 1; /* an opaque declaration matches any body */
    unsigned n = LLVMCountStructElementTypes(a);
    if (n != LLVMCountStructElementTypes(b) || LLVMIsPackedStruct(a) != LLVMIsPackedStruct(b))
      return 0;
    for (unsigned i = 0; i < n; i++)
      if (!same_type(LLVMStructGetTypeAtIndex(a, i), LLVMStructGetTypeAtIndex(b, i), depth + 1))
        return 0;
    return 1;
  }
  case LLVMFunctionTypeKind: {
    unsigned n = LLVMCountParamTypes(a);
    if (n != LLVMCountParamTypes(b) || LLVMIsFunctionVarArg(a) != LLVMIsFunctionVarArg(b) ||
        !same_type(LLVMGetReturnType(a), LLVMGetReturnType(b), depth + 1))
      return 0;
    LLVMTypeRef pa[64], pb[64];
    if (n > 64)
      return 0;
    LLVMGetParamTypes(a, pa);
    LLVMGetParamTypes(b, pb);
    for (unsigned i = 0; i < n; i++)
      if (!same_type(pa[i], pb[i], depth + 1))
        return 0;
    return 1;
  }
  default:
    return 1; /* same kind of float, label, metadata, token, void */
  }
}

static int ext_kind(LLVMValueRef fn, unsigned idx) {
  /* Looked up each time: a static filled lazily would be a race. */
  unsigned sext = LLVMGetEnumAttributeKindForName("signext", 7),
           zext = LLVMGetEnumAttributeKindForName("zeroext", 7);
  if (LLVMGetEnumAttributeAtIndex(fn, idx, sext))
    return 1;
  if (LLVMGetEnumAttributeAtIndex(fn, idx, zext))
    return 2;
  return 0;
}

static const char *ext_name(int k) {
  return k == 1 ? "signext" : k == 2 ? "zeroext" : "no extension attribute";
}

static int narrow_int(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) < 32;
}

static const char *who(flyc_compile_t *c, const char *name, const char *dflt) {
  const char *o = flyc__origin_of(c, name);
  return o ? o : dflt;
}

/* Who declared `name`: "link library 'P'" whose closure brought the
 * declaration, or "the module". Thread-local: one message at a time. */
static const char *declarer(flyc_compile_t *c, const char *name) {
  static _Thread_local char buf[4200];
  const char *d = flyc__declarer_of(c, name);
  if (!d)
    return "the module";
  snprintf(buf, sizeof buf, "link library '%s'", d);
  return buf;
}

/* Who holds the module's symbol `have` named `name`: where its definition
 * came from, or who declared it. */
static const char *holder(flyc_compile_t *c, LLVMValueRef have, const char *name) {
  return LLVMIsDeclaration(have) ? declarer(c, name) : who(c, name, "the module");
}

static int sig_mismatch(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef lib_fn,
                        const char *name, const char *path) {
  char *a = type_str(LLVMGlobalGetValueType(have));
  char *b = type_str(LLVMGlobalGetValueType(lib_fn));
  int have_def = !LLVMIsDeclaration(have), lib_def = !LLVMIsDeclaration(lib_fn);
  int rc = flyc__error_set(
      FLYC_ELINK,
      "signature mismatch for '%s': %s %s it as '%s', link library '%s' %s it as '%s'",
      name, holder(c, have, name), have_def ? "defines" : "declares", a, path,
      lib_def ? "defines" : "declares", b);
  LLVMDisposeMessage(a);
  LLVMDisposeMessage(b);
  return rc;
}

/* Same types: arguments must also be passed alike. An attribute that
 * changes where an argument goes (AMDGPU's inreg: an SGPR, not a VGPR) or
 * what is passed (byval, byref, sret: a pointer to a copy) on one side only
 * reads garbage on the other. */
static int check_passing(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef f, const char *name,
                         const char *path) {
  static const char *const attrs[] = {"inreg", "byval", "byref", "sret", "inalloca",
                                      "preallocated"};
  unsigned np = LLVMCountParams(f);
  for (unsigned i = 0; i <= np; i++) {
    unsigned idx = i == 0 ? LLVMAttributeReturnIndex : i;
    for (size_t a = 0; a < sizeof attrs / sizeof *attrs; a++) {
      unsigned kind = LLVMGetEnumAttributeKindForName(attrs[a], strlen(attrs[a]));
      int h = LLVMGetEnumAttributeAtIndex(have, idx, kind) != NULL;
      int l = LLVMGetEnumAttributeAtIndex(f, idx, kind) != NULL;
      if (h == l)
        continue;
      char what[32];
      if (i == 0)
        snprintf(what, sizeof what, "the return value");
      else
        snprintf(what, sizeof what, "parameter %u", i - 1);
      return flyc__error_set(FLYC_ELINK,
                             "signature mismatch for '%s': %s is %s%s in %s, %s%s in link "
                             "library '%s' (the two sides would pass it differently)",
                             name, what, h ? "" : "not ", attrs[a], holder(c, have, name),
                             l ? "" : "not ", attrs[a], path);
    }
  }
  return FLYC_OK;
}

/* Same types: narrow integers must also agree on extension (clang's
 * AMDGPU/NVPTX ABI passes i8/i16 with signext/zeroext). */
static int check_extensions(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef f,
                            const char *name, const char *path) {
  LLVMTypeRef lt = LLVMGlobalGetValueType(f);
  unsigned np = LLVMCountParamTypes(lt);
  LLVMTypeRef *pt = np ? malloc(np * sizeof *pt) : NULL;
  if (np && !pt)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (np)
    LLVMGetParamTypes(lt, pt);
  int bad = -2;
  for (unsigned i = 0; i <= np && bad == -2; i++) {
    LLVMTypeRef t = i == 0 ? LLVMGetReturnType(lt) : pt[i - 1];
    unsigned idx = i == 0 ? LLVMAttributeReturnIndex : i;
    if (narrow_int(t) && ext_kind(have, idx) != ext_kind(f, idx))
      bad = (int)i - 1;
  }
  free(pt);
  if (bad == -2)
    return FLYC_OK;
  unsigned idx = bad < 0 ? LLVMAttributeReturnIndex : (unsigned)bad + 1;
  char what[32];
  if (bad < 0)
    snprintf(what, sizeof what, "the return value");
  else
    snprintf(what, sizeof what, "parameter %d", bad);
  return flyc__error_set(FLYC_ELINK,
                         "signature mismatch for '%s': %s of %s has %s, in link "
                         "library '%s' it has %s (a narrow-integer ABI trap)",
                         name, what, holder(c, have, name),
                         ext_name(ext_kind(have, idx)), path, ext_name(ext_kind(f, idx)));
}

/* Library function `f`, or function alias `f` whose aliasee is `fn` (NULL
 * when it is no function: no convention or attributes to compare), against
 * the module's symbol of its name. */
static int check_function_sig(flyc_compile_t *c, LLVMValueRef f, LLVMValueRef fn,
                              const char *path) {
  LLVMLinkage l = LLVMGetLinkage(f);
  if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage || (fn == f && LLVMGetIntrinsicID(f)))
    return FLYC_OK;
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  LLVMValueRef have = LLVMGetNamedFunction(c->mod, name);
  if (!have) {
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, name);
    if (g && LLVMGetLinkage(g) != LLVMInternalLinkage &&
        LLVMGetLinkage(g) != LLVMPrivateLinkage)
      return flyc__error_set(FLYC_ELINK,
                             "'%s' is a global variable in %s but a function in link "
                             "library '%s'",
                             name, who(c, name, "the module"), path);
    return FLYC_OK;
  }
  LLVMLinkage hl = LLVMGetLinkage(have);
  if (hl == LLVMInternalLinkage || hl == LLVMPrivateLinkage)
    return FLYC_OK;
  LLVMTypeRef ht = LLVMGlobalGetValueType(have), lt = LLVMGlobalGetValueType(f);
  if (!same_type(ht, lt, 0))
    return sig_mismatch(c, have, f, name, path);
  if (!fn || !same_type(LLVMGlobalGetValueType(fn), lt, 0))
    return FLYC_OK; /* an alias of another shape: its aliasee has no say */
  unsigned hc = LLVMGetFunctionCallConv(have), lc = LLVMGetFunctionCallConv(fn);
  if (hc != lc) {
    char a[32], b[32];
    return flyc__error_set(FLYC_ELINK,
                           "calling convention mismatch for '%s': %s %s it with %s, link "
                           "library '%s' %s it with %s",
                           name, holder(c, have, name),
                           LLVMIsDeclaration(have) ? "declares" : "defines",
                           flyc__cc_name(hc, a, sizeof a), path,
                           LLVMIsDeclaration(f) ? "declares" : "defines",
                           flyc__cc_name(lc, b, sizeof b));
  }
  int rc = check_extensions(c, have, fn, name, path);
  return rc ? rc : check_passing(c, have, fn, name, path);
}

/* Library global `g` against the module's symbol of its name. */
static int check_global_sig(flyc_compile_t *c, LLVMValueRef g, const char *path) {
  LLVMLinkage l = LLVMGetLinkage(g);
  if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage || l == LLVMAppendingLinkage)
    return FLYC_OK;
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  LLVMValueRef fn = LLVMGetNamedFunction(c->mod, name);
  if (fn && LLVMGetLinkage(fn) != LLVMInternalLinkage &&
      LLVMGetLinkage(fn) != LLVMPrivateLinkage)
    return flyc__error_set(FLYC_ELINK,
                           "'%s' is a function in %s but a global variable in link "
                           "library '%s'",
                           name, who(c, name, "the module"), path);
  LLVMValueRef have = LLVMGetNamedGlobal(c->mod, name);
  if (!have || LLVMGetLinkage(have) == LLVMInternalLinkage ||
      LLVMGetLinkage(have) == LLVMPrivateLinkage)
    return FLYC_OK;
  /* The linker would cast one address space to the other: UB, which the
   * optimizer then deletes (a global read as LDS, say). */
  unsigned has = LLVMGetPointerAddressSpace(LLVMTypeOf(have)),
           las = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  if (has != las)
    return flyc__error_set(FLYC_ELINK,
                           "address space mismatch for global '%s': %s has it in address "
                           "space %u, link library '%s' in address space %u",
                           name, holder(c, have, name), has, path, las);
  if (same_type(LLVMGlobalGetValueType(have), LLVMGlobalGetValueType(g), 0))
    return FLYC_OK;
  char *a = type_str(LLVMGlobalGetValueType(have));
  char *b = type_str(LLVMGlobalGetValueType(g));
  int rc = flyc__error_set(FLYC_ELINK,
                           "type mismatch for global '%s': %s has '%s', link library "
                           "'%s' has '%s'",
                           name, holder(c, have, name), a, path, b);
  LLVMDisposeMessage(a);
  LLVMDisposeMessage(b);
  return rc;
}

/* Library alias `a`: a weak one is refused (a closure is what the module
 * declares, so a strong definition elsewhere would not replace it as the
 * linker's rules say: which one wins would depend on the libraries' order);
 * the others are checked as the function or global they stand for. */
static int check_alias_sig(flyc_compile_t *c, LLVMValueRef a, const char *path) {
  LLVMLinkage l = LLVMGetLinkage(a);
  size_t len;
  const char *name = LLVMGetValueName2(a, &len);
  if (l == LLVMWeakAnyLinkage || l == LLVMLinkOnceAnyLinkage)
    return flyc__error_set(FLYC_ELINK,
                           "link library '%s' has a weak alias '%s': flyc links what the "
                           "module needs of each library, so a strong definition of '%s' "
                           "elsewhere would not reliably replace it; make the alias strong "
                           "(or weak_odr), or '%s' a weak function",
                           path, name, name, name);
  if (LLVMGetTypeKind(LLVMGlobalGetValueType(a)) != LLVMFunctionTypeKind)
    return check_global_sig(c, a, path);
  /* A function alias is called as its own type but runs its aliasee: the
   * two must agree, or a call passes arguments as one and the callee reads
   * them as the other (an alias of `i64 (i64)` declared `i32 (i32)`), or
   * jumps into data. Through alias chains; a cast or offset is no function. */
  LLVMValueRef fn = LLVMAliasGetAliasee(a);
  for (int depth = 0; fn && LLVMIsAGlobalAlias(fn) && depth < 16; depth++)
    fn = LLVMAliasGetAliasee(fn);
  if (!fn || !LLVMIsAFunction(fn) ||
      !same_type(LLVMGlobalGetValueType(fn), LLVMGlobalGetValueType(a), 0)) {
    char *at = type_str(LLVMGlobalGetValueType(a));
    char *ft = fn && LLVMIsAFunction(fn) ? type_str(LLVMGlobalGetValueType(fn)) : NULL;
    size_t flen = 0;
    const char *fname = fn && LLVMIsAGlobalValue(fn) ? LLVMGetValueName2(fn, &flen) : "";
    int rc = ft ? flyc__error_set(FLYC_ELINK,
                                  "link library '%s' has function alias '%s' of type '%s' for "
                                  "'%s' of type '%s': a call through it would not match what "
                                  "runs",
                                  path, name, at, flen ? fname : "?", ft)
                : flyc__error_set(FLYC_ELINK,
                                  "link library '%s' has function alias '%s' of type '%s' for "
                                  "%s%s%s, which is no function: a call through it would not "
                                  "run code",
                                  path, name, at, flen ? "'" : "", flen ? fname : "an expression",
                                  flen ? "'" : "");
    LLVMDisposeMessage(at);
    LLVMDisposeMessage(ft);
    return rc;
  }
  return check_function_sig(c, a, fn, path);
}

/* Every external function, global and alias of `lib` against the module:
 * the first mismatch is the error. */
static int check_signatures(flyc_compile_t *c, LLVMModuleRef lib, const char *path) {
  int rc = FLYC_OK;
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f && rc == FLYC_OK; f = LLVMGetNextFunction(f))
    rc = check_function_sig(c, f, f, path);
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g && rc == FLYC_OK; g = LLVMGetNextGlobal(g))
    rc = check_global_sig(c, g, path);
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(lib); a && rc == FLYC_OK;
       a = LLVMGetNextGlobalAlias(a))
    rc = check_alias_sig(c, a, path);
  return rc;
}

/* What closure `lib` brings that messages later name it for: its ifuncs and aliases
 * (which the check of the linked module refuses by name), and the names it
 * declares first (a mismatch with a later library's definition names it). */
static void record_declarers(flyc_compile_t *c, LLVMModuleRef lib, const char *path) {
  for (LLVMValueRef x = LLVMGetFirstGlobalIFunc(lib); x; x = LLVMGetNextGlobalIFunc(x)) {
    size_t len;
    flyc__origin_add(c, LLVMGetValueName2(x, &len), path);
  }
  for (LLVMValueRef x = LLVMGetFirstGlobalAlias(lib); x; x = LLVMGetNextGlobalAlias(x)) {
    size_t len;
    flyc__origin_add(c, LLVMGetValueName2(x, &len), path);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && !LLVMGetIntrinsicID(f) && !LLVMGetNamedFunction(c->mod, name))
      flyc__declarer_add(c, name, path);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (LLVMIsDeclaration(g) && !LLVMGetNamedGlobal(c->mod, name))
      flyc__declarer_add(c, name, path);
  }
}

int flyc__link_library(flyc_compile_t *c, LLVMModuleRef lib, const char *path,
                       int check) {
  int rc = FLYC_OK;
  if (check) {
    rc = flyc__check_triple_layout(c, lib, path, 0);
  } else {
    /* Device libraries are target-generic bitcode: adopt ours. */
    LLVMSetTarget(lib, c->target.ops->triple);
    LLVMSetDataLayout(lib, c->datalayout);
    /* LLVMLinkModules2 has no LinkOnlyNeeded: it would materialize and link
     * every external definition (all ~580 of libdevice's, 19 ms). As
     * linkonce_odr, only what the module references is pulled in. */
    for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == LLVMExternalLinkage)
        LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
  }
  if (rc == FLYC_OK)
    rc = check_flags(c, lib, path);
  if (rc == FLYC_OK)
    rc = flyc__abi_adapt(c, lib, path); /* i64 declared for a pointer (abi.c) */
  if (rc == FLYC_OK)
    rc = check_signatures(c, lib, path);
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f && rc == FLYC_OK;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    LLVMLinkage l = LLVMGetLinkage(f);
    LLVMValueRef have = LLVMGetNamedFunction(c->mod, name);
    LLVMLinkage hl = have && !LLVMIsDeclaration(have) ? LLVMGetLinkage(have) : l;
    if (l == LLVMExternalLinkage && (hl == LLVMWeakAnyLinkage || hl == LLVMLinkOnceAnyLinkage))
      flyc__origin_replace(c, name, path); /* the strong one wins: it is the library's now */
    else if (l != LLVMInternalLinkage && l != LLVMPrivateLinkage)
      flyc__origin_add(c, name, path);
    if (check)
      rc = c->target.ops->check_function(c, f, path);
  }
  /* Globals a library defines are remembered too: messages about them (a
   * library's own __oclc_* constants) name the library. */
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g && rc == FLYC_OK; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    LLVMValueRef have = LLVMGetNamedGlobal(c->mod, name);
    LLVMLinkage hl = have && !LLVMIsDeclaration(have) ? LLVMGetLinkage(have) : l;
    if (LLVMIsDeclaration(g) || l == LLVMInternalLinkage || l == LLVMPrivateLinkage)
      continue;
    if (l == LLVMExternalLinkage && (hl == LLVMWeakAnyLinkage || hl == LLVMCommonLinkage))
      flyc__origin_replace(c, name, path); /* the strong one wins */
    else
      flyc__origin_add(c, name, path);
  }
  if (rc != FLYC_OK) {
    LLVMDisposeModule(lib);
    return rc;
  }
  record_declarers(c, lib, path);
  size_t before = c->diag.len;
  if (LLVMLinkModules2(c->mod, lib)) /* destroys lib */
    return flyc__error_set(FLYC_ELINK, "linking '%s' failed: %s", path,
                           c->diag.len > before ? c->diag.data + before : "(no detail)");
  return FLYC_OK;
}


/* Library bytes (resolved in front by inputs.c, or read by the devlibs
 * stage) into the compile's context. */
int flyc__load_bytes(flyc_compile_t *c, const char *path, const void *data, size_t size,
                     int copy, const char *digest, LLVMModuleRef *out) {
  /* What was linked, for the cache to check against its key. */
  flyc__buf_printf(&c->inputs, "%s\t%s\n", digest, path);
  size_t pl = strlen(path);
  if (!flyc__is_bitcode(data, size) || (pl >= 3 && strcmp(path + pl - 3, ".ll") == 0))
    return flyc__parse_ir(c, data, size, NULL, path, out, FLYC_ELINK);
  /* Lazy: only the functions the link needs are materialized. */
  LLVMMemoryBufferRef mb =
      copy ? LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, path)
           : LLVMCreateMemoryBufferWithMemoryRange(data, size, path, 0);
  if (!mb)
    return flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s'", path);
  size_t before = c->diag.len;
  LLVMModuleRef m = NULL;
  /* On success the module owns mb; on failure LLVM 15-19 release it without
   * freeing it, so it is still ours to dispose. */
  if (LLVMGetBitcodeModuleInContext2(c->ctx, mb, &m) || !m) {
    LLVMDisposeMemoryBuffer(mb);
    return flyc__error_set(FLYC_ELINK, "link library '%s' is not valid bitcode: %s",
                           path,
                           c->diag.len > before ? c->diag.data + before
                                                : "unknown reader error");
  }
  *out = m;
  return FLYC_OK;
}


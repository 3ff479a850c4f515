/* ffi and link_extern: external device functions, their declarations and
 * what they register on the context (flyc/kernel.h). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "builder.h"

/* ---- ffi and link_extern ---- */

static const char *type_name(flyc_type_kind_t k) {
  static const char *const n[] = {"?",   "void", "i8",  "i16", "i32",  "i64", "u8", "u16",
                                  "u32", "u64",  "f16", "bf16", "f32", "f64", "ptr"};
  return k >= FLYC_TYPE_VOID && k <= FLYC_TYPE_PTR ? n[k] : n[0];
}

static int is_int_kind(flyc_type_kind_t k) { return k >= FLYC_TYPE_I8 && k <= FLYC_TYPE_U64; }

/* The LLVM type of an ffi type, or NULL for a bad one. */
static LLVMTypeRef ffi_type(LLVMContextRef lc, flyc_type_t t, int result) {
  static const unsigned bits[] = {0, 0, 8, 16, 32, 64, 8, 16, 32, 64};
  if (is_int_kind(t.kind))
    return LLVMIntTypeInContext(lc, bits[t.kind]);
  switch (t.kind) {
  case FLYC_TYPE_VOID: return result ? LLVMVoidTypeInContext(lc) : NULL;
  case FLYC_TYPE_F16: return LLVMHalfTypeInContext(lc);
  case FLYC_TYPE_BF16: return LLVMBFloatTypeInContext(lc);
  case FLYC_TYPE_F32: return LLVMFloatTypeInContext(lc);
  case FLYC_TYPE_F64: return LLVMDoubleTypeInContext(lc);
  case FLYC_TYPE_PTR:
    return t.addrspace <= 5 && t.addrspace != 2 ? LLVMPointerTypeInContext(lc, t.addrspace)
                                                 : NULL;
  default: return NULL;
  }
}

static void sig_type(flyc_buf_t *b, flyc_type_t t) {
  flyc__buf_printf(b, "%s", type_name(t.kind));
  if (t.kind == FLYC_TYPE_PTR)
    flyc__buf_printf(b, " addrspace(%u)", t.addrspace);
}

/* "ret (a, b)[ pure]", for messages and the same-signature rule. */
static void ffi_sig(flyc_buf_t *b, const flyc_ffi_t *f) {
  sig_type(b, f->result);
  flyc__buf_append(b, " (", 2);
  for (size_t i = 0; i < f->arg_count; i++) {
    if (i)
      flyc__buf_append(b, ", ", 2);
    sig_type(b, f->args[i]);
  }
  flyc__buf_printf(b, ")%s", f->pure ? " pure" : "");
}

/* A symbol an ffi may name: not LLVM's intrinsics, flyc's own helpers
 * (`__flyc*`), or the NVVM reflection hook LLVM's passes rewrite. */
static int valid_symbol(const char *s) {
  size_t n = s ? strlen(s) : 0;
  if (!n || n > 200 || (*s >= '0' && *s <= '9') || starts(s, "llvm.") || starts(s, "__flyc") ||
      starts(s, "__nvvm_"))
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_' || *s == '.' || *s == '$'))
      return 0;
  return 1;
}

/* The pure attributes: memory(none) from LLVM 16 (`memory` is an int
 * attribute, 0 = no access), readnone before; nounwind, willreturn. */
static void add_pure(LLVMContextRef lc, LLVMValueRef fn) {
  if (LLVMGetEnumAttributeKindForName("memory", 6))
    add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "memory", 0);
  else
    add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "readnone", 0);
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "willreturn", 0);
}

/* The declaration of `f` in the module, made on first use. */
static LLVMValueRef ffi_declare(flyc_kernel_builder_t *kb, const flyc_ffi_t *f, LLVMTypeRef fty) {
  flyc_ctx_t *c = kb->ctx;
  flyc_buf_t sig = {0};
  ffi_sig(&sig, f);
  if (sig.oom)
    return fail(kb, flyc__error_set(FLYC_ENOMEM, "out of memory"));
  for (size_t i = 0; i < c->nffis; i++) {
    if (strcmp(c->ffis[i].symbol, f->symbol) != 0)
      continue;
    int same = strcmp(c->ffis[i].sig, flyc__buf_str(&sig)) == 0;
    if (!same)
      fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s' is declared as %s but was declared "
                                            "before as %s",
                               f->symbol, flyc__buf_str(&sig), c->ffis[i].sig));
    flyc__buf_free(&sig);
    LLVMValueRef fn = same ? LLVMGetNamedFunction(c->mod, f->symbol) : NULL;
    if (same && !fn) /* never: a declaration lives as long as its record */
      fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': its declaration is gone", f->symbol));
    return fn;
  }
  for (size_t i = 0; i < c->nnames + 1; i++)
    if (strcmp(i < c->nnames ? c->names[i] : kb->name, f->symbol) == 0) {
      flyc__buf_free(&sig);
      return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s' has the name of a kernel",
                                      f->symbol));
    }
  LLVMValueRef fn = LLVMGetNamedFunction(c->mod, f->symbol);
  if ((!fn && LLVMGetNamedGlobal(c->mod, f->symbol)) ||
      (fn && (LLVMGlobalGetValueType(fn) != fty || LLVMGetFunctionCallConv(fn) != 0))) {
    flyc__buf_free(&sig);
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': the module already has a '%s' "
                                                 "that is not a function of that signature",
                                    f->symbol, f->symbol));
  }
  ffi_decl_t *d = realloc(c->ffis, (c->nffis + 1) * sizeof *d);
  char *sym = strdup(f->symbol), *s = flyc__buf_take(&sig);
  if (d)
    c->ffis = d;
  if (!d || !sym || !s) {
    free(sym);
    free(s);
    return fail(kb, flyc__error_set(FLYC_ENOMEM, "out of memory"));
  }
  c->ffis[c->nffis].symbol = sym;
  c->ffis[c->nffis].sig = s;
  c->ffis[c->nffis++].created = !fn;
  if (!fn) /* a function the module defines already (the caller's) is used as is */
    fn = LLVMAddFunction(c->mod, f->symbol, fty);
  if (f->pure)
    add_pure(c->llctx, fn);
  return fn;
}

/* Argument `i` of a call to `f` as the ffi declares it (`want`), or NULL and
 * a failed emit. */
static LLVMValueRef coerce_arg(flyc_kernel_builder_t *kb, const flyc_ffi_t *f, size_t i,
                               LLVMValueRef v, LLVMTypeRef want) {
  LLVMTypeRef have = v ? LLVMTypeOf(v) : NULL;
  if (!v)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu is NULL", f->symbol,
                                    i));
  if (LLVMGetTypeContext(have) != kb->ctx->llctx)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu belongs to another "
                                                 "LLVM context (use flyc_kb_llvm_context())",
                                    f->symbol, i));
  if (is_int_kind(f->args[i].kind) && LLVMGetTypeKind(have) == LLVMIntegerTypeKind) {
    /* FlyDSL's coercion: narrower is extended by the declared signedness,
     * wider truncated. */
    unsigned hw = LLVMGetIntTypeWidth(have), ww = LLVMGetIntTypeWidth(want);
    if (hw > ww)
      v = LLVMBuildTrunc(kb->b, v, want, "");
    else if (hw < ww)
      v = f->args[i].kind >= FLYC_TYPE_U8 ? LLVMBuildZExt(kb->b, v, want, "")
                                          : LLVMBuildSExt(kb->b, v, want, "");
  } else if (have != want) {
    char *h = LLVMPrintTypeToString(have);
    flyc_buf_t w = {0};
    sig_type(&w, f->args[i]);
    fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu is %s but the ffi declares %s",
                             f->symbol, i, h, flyc__buf_str(&w)));
    LLVMDisposeMessage(h);
    flyc__buf_free(&w);
    return NULL;
  }
  return v;
}

static void add_promotions(flyc_kernel_builder_t *kb, const flyc_ffi_t *f, LLVMValueRef fn,
                           LLVMValueRef call, size_t n);

LLVMValueRef flyc_kb_call(flyc_kernel_builder_t *kb, const flyc_ffi_t *ffi, LLVMValueRef *args,
                          size_t n) {
  if (!helper_ok(kb, 0, "flyc_kb_call"))
    return NULL;
  flyc_ffi_t copy; /* the caller's, at this flyc's size */
  int rc = ffi ? flyc__struct_in(&copy, sizeof copy, ffi, FLYC__FFI_V1, "flyc_ffi_t") : FLYC_OK;
  if (rc)
    return fail(kb, rc);
  const flyc_ffi_t *f = ffi ? &copy : NULL;
  if (!f || !valid_symbol(f->symbol))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_call: an ffi with a symbol of 1 to "
                                                 "200 letters, digits, '_', '.', '$' (not "
                                                 "starting with a digit, 'llvm.', '__flyc' or "
                                                 "'__nvvm_') is required, not '%.200s'",
                                    f && f->symbol ? f->symbol : "(null)"));
  if ((f->arg_count && !f->args) || f->arg_count > 64)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': %zu argument types (at most 64) "
                                                 "and args %s",
                                    f->symbol, f->arg_count, f->args ? "set" : "NULL"));
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef ts[64], rt = ffi_type(lc, f->result, 1);
  if (!rt)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': result type %d (addrspace %u) is "
                                                 "not an ffi type",
                                    f->symbol, (int)f->result.kind, f->result.addrspace));
  for (size_t i = 0; i < f->arg_count; i++)
    if (!(ts[i] = ffi_type(lc, f->args[i], 0)))
      return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu has type %s%d "
                                                   "(addrspace %u), not an argument type",
                                      f->symbol, i,
                                      f->args[i].kind == FLYC_TYPE_VOID ? "void, " : "",
                                      (int)f->args[i].kind, f->args[i].addrspace));
  if (n != f->arg_count)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s' expects %zu argument%s, got %zu",
                                    f->symbol, f->arg_count, f->arg_count == 1 ? "" : "s", n));
  if (n && !args)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': %zu arguments but args is NULL",
                                    f->symbol, n));
  LLVMValueRef vs[64];
  for (size_t i = 0; i < n; i++)
    if (!(vs[i] = coerce_arg(kb, f, i, args[i], ts[i])))
      return NULL;
  LLVMTypeRef fty = LLVMFunctionType(rt, ts, (unsigned)n, 0);
  LLVMValueRef fn = ffi_declare(kb, f, fty);
  if (!fn)
    return NULL;
  LLVMValueRef call = LLVMBuildCall2(kb->b, fty, fn, vs, (unsigned)n, "");
  add_promotions(kb, f, fn, call, n);
  return call;
}

/* C's promotion of char and short, as clang writes it for both targets:
 * signed 8/16-bit values signext, unsigned zeroext, on the declaration and
 * the call (the link check compares them with the library's). */
static void add_promotions(flyc_kernel_builder_t *kb, const flyc_ffi_t *f, LLVMValueRef fn,
                           LLVMValueRef call, size_t n) {
  for (size_t i = 0; i <= n; i++) {
    flyc_type_kind_t k = i < n ? f->args[i].kind : f->result.kind;
    const char *ext = k == FLYC_TYPE_I8 || k == FLYC_TYPE_I16   ? "signext"
                      : k == FLYC_TYPE_U8 || k == FLYC_TYPE_U16 ? "zeroext"
                                                                : NULL;
    if (!ext)
      continue;
    unsigned idx = i < n ? (unsigned)i + 1 : (unsigned)LLVMAttributeReturnIndex;
    unsigned kind = LLVMGetEnumAttributeKindForName(ext, strlen(ext));
    LLVMAddAttributeAtIndex(fn, idx, LLVMCreateEnumAttribute(kb->ctx->llctx, kind, 0));
    LLVMAddCallSiteAttribute(call, idx, LLVMCreateEnumAttribute(kb->ctx->llctx, kind, 0));
  }
}

/* Registers a link_extern's bitcode and processor on the context, once each. */
static int register_extern(flyc_kernel_builder_t *kb, const flyc_extern_t *e) {
  flyc_ctx_t *c = kb->ctx;
  if (e->bitcode_path) {
    char *canon = realpath(e->bitcode_path, NULL);
    if (!canon)
      return flyc__error_set(errno == ENOMEM ? FLYC_ENOMEM : FLYC_EIO,
                             "link_extern '%s': bitcode '%s': %s", e->ffi->symbol,
                             e->bitcode_path, strerror(errno));
    size_t i = 0;
    while (i < c->nlibs && strcmp(c->libs[i], canon) != 0)
      i++;
    char **libs = i < c->nlibs ? NULL : realloc(c->libs, (c->nlibs + 1) * sizeof *libs);
    if (i < c->nlibs) {
      free(canon);
    } else if (!libs) {
      free(canon);
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    } else {
      c->libs = libs;
      c->libs[c->nlibs++] = canon;
    }
  }
  flyc_processor_t p = e->processor;
  if (!p.fn && !p.name)
    return FLYC_OK;
  if (p.name && !*p.name)
    return flyc__error_set(FLYC_EINVAL, "link_extern '%s': the processor's name is empty (NULL "
                                        "for an unnamed one)",
                           e->ffi->symbol);
  if (p.name) {
    /* A name is what the disk cache keeps: it must be the registry's, with
     * the registry's function. */
    flyc_processor_t reg;
    if (flyc_processor_lookup(p.name, &reg))
      return flyc__error_append(" (the post-load processor of link_extern '%s')",
                                e->ffi->symbol);
    if (p.fn && (p.fn != reg.fn || p.payload != reg.payload))
      return flyc__error_set(FLYC_EINVAL, "link_extern '%s': processor '%s' is given another "
                                          "function or payload than the one registered under "
                                          "that name",
                             e->ffi->symbol, p.name);
    p = reg;
  }
  for (size_t i = 0; i < c->nprocs; i++)
    if (p.name ? c->procs[i].name && strcmp(c->procs[i].name, p.name) == 0
               : !c->procs[i].name && c->procs[i].fn == p.fn &&
                     c->procs[i].payload == p.payload)
      return FLYC_OK;
  flyc_processor_t *ps = realloc(c->procs, (c->nprocs + 1) * sizeof *ps);
  if (!ps)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  c->procs = ps;
  if (p.name && !(p.name = strdup(p.name)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  c->procs[c->nprocs++] = p;
  return FLYC_OK;
}

LLVMValueRef flyc_kb_call_extern(flyc_kernel_builder_t *kb, const flyc_extern_t *e,
                                 LLVMValueRef *args, size_t n) {
  if (!helper_ok(kb, 0, "flyc_kb_call_extern"))
    return NULL;
  flyc_extern_t ext; /* the caller's, at this flyc's size */
  flyc_ffi_t ffi;
  int rc = e ? flyc__struct_in(&ext, sizeof ext, e, FLYC__EXTERN_V1, "flyc_extern_t") : FLYC_OK;
  if (rc == FLYC_OK && e && ext.ffi)
    rc = flyc__struct_in(&ffi, sizeof ffi, ext.ffi, FLYC__FFI_V1, "flyc_ffi_t");
  if (rc)
    return fail(kb, rc);
  if (!e || !ext.ffi || !valid_symbol(ffi.symbol))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_call_extern: a link_extern with an "
                                                 "ffi that has a valid symbol is required"));
  e = &ext;
  rc = register_extern(kb, e);
  return rc ? fail(kb, rc) : flyc_kb_call(kb, e->ffi, args, n);
}

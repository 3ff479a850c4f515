/* Typed loads and stores of flyc/builder.h: base pointer plus an element
 * index (the getelementptr made here), alignment, float2 / float4 vectors
 * and the non-temporal (streaming) hint: LLVM's !nontemporal, or the
 * target's own form where its backend ignores that (builder_ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"
#include "expr.h"

/* Bytes of a scalar type flyc loads, or 0 for a type it does not. */
static unsigned scalar_bytes(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w == 8 || w == 16 || w == 32 || w == 64 ? w / 8 : 0;
  }
  case LLVMHalfTypeKind: return 2;
  case LLVMFloatTypeKind: return 4;
  case LLVMDoubleTypeKind: return 8;
  default: return 0;
  }
}

/* Checks an access and makes its address; NULL with the error recorded.
 * `*align` becomes the alignment used (0: the natural one). */
static LLVMValueRef address(flyc_kernel_builder_t *kb, const char *what, LLVMTypeRef elem,
                            unsigned width, LLVMValueRef base, LLVMValueRef index,
                            unsigned *align, unsigned flags) {
  if (!value_ok(kb, base, what, "base") || !value_ok(kb, index, what, "index"))
    return NULL;
  LLVMTypeRef pt = LLVMTypeOf(base), it = LLVMTypeOf(index);
  unsigned as = LLVMGetTypeKind(pt) == LLVMPointerTypeKind ? LLVMGetPointerAddressSpace(pt) : 99;
  unsigned iw = LLVMGetTypeKind(it) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(it) : 0;
  unsigned eb = scalar_bytes(elem), bytes = eb * width;
  char why[160] = "";
  if (as != 0 && as != 1 && as != 3)
    snprintf(why, sizeof why, "base must be a pointer in address space 0, 1 or 3 (generic, "
                              "global, shared), not %s",
             as == 99 ? "a non-pointer" : "another space");
  else if (iw != 32 && iw != 64) {
    char tn[32];
    snprintf(why, sizeof why, "index must be an i32 or i64, not %s",
             flyc__xp_type_name(it, tn, sizeof tn));
  }
  else if (!eb)
    snprintf(why, sizeof why, "the element type must be i8, i16, i32, i64, half, float or double");
  else if (width != 1 && width != 2 && width != 4)
    snprintf(why, sizeof why, "vector width %u is not 1, 2 or 4", width);
  else if (flags & ~(unsigned)FLYC_MEM_NONTEMPORAL)
    snprintf(why, sizeof why, "flags 0x%x has bits that are not FLYC_MEM_*", flags);
  else if (*align & (*align - 1) || *align > 65536)
    snprintf(why, sizeof why, "alignment %u is not a power of two up to 65536", *align);
  else if (width > 1 && *align && *align < bytes)
    snprintf(why, sizeof why, "alignment %u is below the %u bytes a %u-wide vector of %u-byte "
                              "elements needs (one %u-bit access)",
             *align, bytes, width, eb, bytes * 8);
  if (*why)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what, why));
  if (!*align)
    *align = width > 1 ? bytes : eb;
  LLVMTypeRef at = width > 1 ? LLVMVectorType(elem, width) : elem;
  return LLVMBuildInBoundsGEP2(kb->b, at, base, &index, 1, "");
}

/* Marks a load or store !nontemporal (LLVM's {i32 1}). */
static void mark_nontemporal(flyc_kernel_builder_t *kb, LLVMValueRef inst) {
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMMetadataRef one = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(lc), 1, 0));
  unsigned kind = LLVMGetMDKindIDInContext(lc, "nontemporal", 11);
  LLVMSetMetadata(inst, kind, LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, &one, 1)));
}

/* The access itself: the target's streaming form, or a load / store with
 * `align` (and !nontemporal when asked). `val` NULL: a load of `type`. */
static LLVMValueRef access(flyc_kernel_builder_t *kb, const char *what, LLVMValueRef ptr,
                           LLVMTypeRef type, LLVMValueRef val, unsigned align, unsigned flags) {
  int nt = (flags & FLYC_MEM_NONTEMPORAL) != 0;
  const flyc__builder_ops_t *ops = kb->ctx->bops;
  if (nt && ops->nontemporal) {
    flyc__kb_emit_t e = flyc__kb_emitter(kb);
    LLVMValueRef out = NULL;
    const char *why = "";
    int how = ops->nontemporal(&e, ptr, type, val, &out, &why);
    if (how < 0)
      return fail(kb, flyc__error_set(FLYC_EUNSUPPORTED, "%s: FLYC_MEM_NONTEMPORAL on %s: %s",
                                      what, flyc_kb_target_processor(kb), why));
    if (how > 0)
      return out;
  }
  LLVMValueRef inst = val ? LLVMBuildStore(kb->b, val, ptr) : LLVMBuildLoad2(kb->b, type, ptr, "");
  LLVMSetAlignment(inst, align);
  if (nt)
    mark_nontemporal(kb, inst);
  return inst;
}

/* The type a load of `width` `elem`s gives (for a failed load's poison). */
static LLVMTypeRef access_type(flyc_kernel_builder_t *kb, LLVMTypeRef elem, unsigned width) {
  if (!kb || !kb->b || !elem || LLVMGetTypeContext(elem) != kb->ctx->llctx)
    return NULL;
  return width == 2 || width == 4 ? LLVMVectorType(elem, width) : elem;
}

static LLVMValueRef load_impl(flyc_kernel_builder_t *kb, LLVMTypeRef elem, unsigned width,
                              LLVMValueRef base, LLVMValueRef index, unsigned align,
                              unsigned flags) {
  const char *what = "flyc_kb_load";
  if (!helper_ok(kb, 0, what))
    return NULL;
  if (!elem || LLVMGetTypeContext(elem) != kb->ctx->llctx)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: elem is %s", what,
                                    elem ? "a type of another LLVM context" : "NULL"));
  LLVMValueRef ptr = address(kb, what, elem, width, base, index, &align, flags);
  if (!ptr)
    return NULL;
  LLVMTypeRef t = width > 1 ? LLVMVectorType(elem, width) : elem;
  return access(kb, what, ptr, t, NULL, align, flags);
}

LLVMValueRef flyc_kb_load(flyc_kernel_builder_t *kb, LLVMTypeRef elem, unsigned width,
                          LLVMValueRef base, LLVMValueRef index, unsigned align, unsigned flags) {
  LLVMValueRef v = load_impl(kb, elem, width, base, index, align, flags);
  return or_poison(kb, v, access_type(kb, elem, width));
}

int flyc_kb_store(flyc_kernel_builder_t *kb, LLVMValueRef value, LLVMValueRef base,
                  LLVMValueRef index, unsigned align, unsigned flags) {
  const char *what = "flyc_kb_store";
  if (!helper_ok(kb, 0, what))
    return flyc__error_set(FLYC_EINVAL, "%s: called outside a kernel body", what);
  if (!value_ok(kb, value, what, "value"))
    return kb->rc;
  LLVMTypeRef t = LLVMTypeOf(value), elem = t;
  unsigned width = 1;
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    elem = LLVMGetElementType(t);
    width = LLVMGetVectorSize(t);
  }
  LLVMValueRef ptr = address(kb, what, elem, width, base, index, &align, flags);
  if (!ptr || !access(kb, what, ptr, t, value, align, flags))
    return kb->rc;
  return FLYC_OK;
}

/* ---- guarded accesses ---- */

/* `cond` is an i1 of this body; else the error, named for `what`. */
static int guard_ok(flyc_kernel_builder_t *kb, LLVMValueRef cond, const char *what) {
  if (!value_ok(kb, cond, what, "cond"))
    return 0;
  if (LLVMTypeOf(cond) == LLVMInt1TypeInContext(kb->ctx->llctx))
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: cond must be an i1", what));
  return 0;
}

/* The error of a failed guarded access, which the helpers it is made of
 * set: named for the guarded access ("flyc_kb_load: ..." becomes
 * "flyc_kb_load_if: ..."), in the thread's error and, when this access
 * failed the emit first (kb->rc was `before`), in the emit's first. */
static void name_as(flyc_kernel_builder_t *kb, int before, const char *outer) {
  static const char *const inner[] = {"flyc_kb_load: ", "flyc_kb_store: ", "flyc_kb_if_begin: ",
                                      "flyc_kb_else: ", "flyc_kb_if_end: "};
  const flyc_error_t *e = flyc_error_last();
  for (size_t i = 0; i < sizeof inner / sizeof *inner; i++) {
    size_t n = strlen(inner[i]);
    if (strncmp(e->message, inner[i], n) != 0)
      continue;
    char *msg = strdup(e->message + n);
    if (!msg)
      return;
    flyc__error_set(e->code, "%s: %s", outer, msg);
    free(msg);
    char *renamed = !before && kb->rc ? strdup(flyc_error_last()->message) : NULL;
    if (renamed) {
      free(kb->first);
      kb->first = renamed;
    }
    return;
  }
}

static LLVMValueRef load_if_impl(flyc_kernel_builder_t *kb, LLVMValueRef cond, LLVMTypeRef elem,
                                 unsigned width, LLVMValueRef base, LLVMValueRef index,
                                 LLVMValueRef other, unsigned align, unsigned flags) {
  const char *what = "flyc_kb_load_if";
  if (!helper_ok(kb, 0, what))
    return NULL;
  if (!guard_ok(kb, cond, what) || !value_ok(kb, other, what, "other"))
    return NULL;
  if (elem && LLVMGetTypeContext(elem) == kb->ctx->llctx && (width == 1 || width == 2 ||
                                                              width == 4)) {
    LLVMTypeRef t = width > 1 ? LLVMVectorType(elem, width) : elem;
    if (LLVMTypeOf(other) != t) {
      char *got = LLVMPrintTypeToString(LLVMTypeOf(other)), *want = LLVMPrintTypeToString(t);
      fail(kb, flyc__error_set(FLYC_EINVAL, "%s: other is %s, not %s as the load", what, got,
                               want));
      LLVMDisposeMessage(got);
      LLVMDisposeMessage(want);
      return NULL;
    }
  }
  LLVMValueRef v = NULL;
  int before = kb->rc;
  if (flyc_kb_if_begin(kb, cond) == FLYC_OK) {
    v = load_impl(kb, elem, width, base, index, align, flags);
    if (!v || flyc_kb_else(kb, 1, &v) || flyc_kb_if_end(kb, 1, &other, &v))
      v = NULL; /* recorded; the emit fails (and the open if with it) */
  }
  if (!v)
    name_as(kb, before, what);
  return v;
}

LLVMValueRef flyc_kb_load_if(flyc_kernel_builder_t *kb, LLVMValueRef cond, LLVMTypeRef elem,
                             unsigned width, LLVMValueRef base, LLVMValueRef index,
                             LLVMValueRef other, unsigned align, unsigned flags) {
  LLVMValueRef v = load_if_impl(kb, cond, elem, width, base, index, other, align, flags);
  return or_poison(kb, v, access_type(kb, elem, width));
}

int flyc_kb_store_if(flyc_kernel_builder_t *kb, LLVMValueRef cond, LLVMValueRef value,
                     LLVMValueRef base, LLVMValueRef index, unsigned align, unsigned flags) {
  if (!helper_ok(kb, 0, "flyc_kb_store_if"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_store_if: called outside a kernel body");
  if (!guard_ok(kb, cond, "flyc_kb_store_if"))
    return kb->rc;
  int before = kb->rc;
  int rc = flyc_kb_if_begin(kb, cond);
  if (rc == FLYC_OK)
    rc = flyc_kb_store(kb, value, base, index, align, flags);
  if (rc == FLYC_OK)
    rc = flyc_kb_if_end(kb, 0, NULL, NULL);
  if (rc)
    name_as(kb, before, "flyc_kb_store_if");
  return rc;
}

/* ---- 2-D addresses ---- */

/* An i32 or i64 index as an i64 (an i32 zero-extended); NULL with the
 * error recorded. `*wide` is set when it was an i64. */
static LLVMValueRef index64(flyc_kernel_builder_t *kb, LLVMValueRef v, const char *what,
                            const char *arg, int *wide) {
  if (!value_ok(kb, v, what, arg))
    return NULL;
  LLVMTypeRef t = LLVMTypeOf(v);
  unsigned w = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
  if (w != 32 && w != 64) {
    char tn[32];
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s must be an i32 or i64, not %s", what, arg,
                                    flyc__xp_type_name(t, tn, sizeof tn)));
  }
  *wide |= w == 64;
  return w == 64 ? v : LLVMBuildZExt(kb->b, v, LLVMInt64TypeInContext(kb->ctx->llctx), "");
}

static LLVMValueRef at_impl(flyc_kernel_builder_t *kb, LLVMTypeRef elem, LLVMValueRef base,
                            LLVMValueRef row, LLVMValueRef ld, LLVMValueRef col) {
  const char *what = "flyc_kb_at";
  if (!helper_ok(kb, 0, what) || !value_ok(kb, base, what, "base"))
    return NULL;
  if (!elem || LLVMGetTypeContext(elem) != kb->ctx->llctx || !LLVMTypeIsSized(elem))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: elem is %s", what,
                                    !elem ? "NULL"
                                    : LLVMGetTypeContext(elem) != kb->ctx->llctx
                                        ? "a type of another LLVM context"
                                        : "a type without a size"));
  if (LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: base must be a pointer", what));
  int wide = 0;
  LLVMValueRef r = index64(kb, row, what, "row", &wide), l = r ? index64(kb, ld, what, "ld", &wide)
                                                               : NULL;
  LLVMValueRef c = l ? index64(kb, col, what, "col", &wide) : NULL;
  if (!c)
    return NULL;
  /* From i32s, row * ld + col is below 2^64: no wrap. */
  LLVMValueRef off = wide ? LLVMBuildAdd(kb->b, LLVMBuildMul(kb->b, r, l, ""), c, "")
                          : LLVMBuildNUWAdd(kb->b, LLVMBuildNUWMul(kb->b, r, l, ""), c, "");
  return LLVMBuildInBoundsGEP2(kb->b, elem, base, &off, 1, "at");
}

LLVMValueRef flyc_kb_at(flyc_kernel_builder_t *kb, LLVMTypeRef elem, LLVMValueRef base,
                        LLVMValueRef row, LLVMValueRef ld, LLVMValueRef col) {
  LLVMTypeRef t = type_of(kb, base);
  if (t && LLVMGetTypeKind(t) != LLVMPointerTypeKind)
    t = NULL;
  if (!t && kb && kb->b)
    t = LLVMPointerTypeInContext(kb->ctx->llctx, 0);
  return or_poison(kb, at_impl(kb, elem, base, row, ld, col), t);
}

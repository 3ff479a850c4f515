/* Device printf of the kernel builder (flyc/kernel.h, flyc_kb_printf): the
 * format checked and kept as a private constant, the arguments promoted as
 * C's varargs are; the call itself is the target's (target/builder_ops.h:
 * CUDA's vprintf, HIP's ockl hostcall printf). */
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

#define MAX_ARGS 32
#define MAX_FORMAT 4096

/* The number of arguments `f`'s conversions take ('*' widths count), or -1
 * with *bad the conversion flyc does not pass (%s, %n: they need memory the
 * host's printf reads, %c is an int like the others). */
static int conversions(const char *f, char *bad) {
  int n = 0;
  for (const char *p = f; *p; p++) {
    if (*p != '%')
      continue;
    if (*++p == '%')
      continue;
    for (; *p && strchr("-+ #0", *p); p++)
      ;
    for (; *p && (*p == '*' || (*p >= '0' && *p <= '9') || *p == '.'); p++)
      n += *p == '*';
    for (; *p && strchr("hljztL", *p); p++)
      ;
    if (!*p || !strchr("diouxXcfFeEgGaAp", *p)) {
      *bad = *p ? *p : '?';
      return -1;
    }
    n++;
  }
  return n;
}

/* `v` as a C vararg: small integers to i32 (signed), float and half to
 * double; i32, i64, double and pointers as they are. NULL: not passable. */
static LLVMValueRef promote(flyc_kernel_builder_t *kb, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMContextRef lc = kb->ctx->llctx;
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w == 32 || w == 64)
      return v;
    return w < 32 ? LLVMBuildSExt(kb->b, v, LLVMInt32TypeInContext(lc), "") : NULL;
  }
  case LLVMHalfTypeKind:
  case LLVMFloatTypeKind: return LLVMBuildFPExt(kb->b, v, LLVMDoubleTypeInContext(lc), "");
  case LLVMDoubleTypeKind:
  case LLVMPointerTypeKind: return v;
  default: return NULL;
  }
}

/* `str` with its NUL as a private constant in the address space device
 * printf reads formats from, as a generic pointer. */
static LLVMValueRef cstring(flyc_kernel_builder_t *kb, const char *str) {
  LLVMContextRef lc = kb->ctx->llctx;
  unsigned as = kb->ctx->bops->printf_format_as;
  LLVMValueRef s = LLVMConstStringInContext(lc, str, (unsigned)strlen(str), 0);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(kb->ctx->mod, LLVMTypeOf(s), ".str.flyc", as);
  LLVMSetInitializer(g, s);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  LLVMSetAlignment(g, 1);
  return as ? LLVMConstAddrSpaceCast(g, LLVMPointerTypeInContext(lc, 0)) : g;
}

int flyc_kb_printf(flyc_kernel_builder_t *kb, const char *format, LLVMValueRef *args,
                   unsigned n) {
  if (!helper_ok(kb, 0, "flyc_kb_printf"))
    return FLYC_EINVAL;
  if (!format || (n && !args) || n > MAX_ARGS || strlen(format) > MAX_FORMAT)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_printf: a format of at most %d "
                                                 "bytes and at most %d arguments are "
                                                 "required",
                                    MAX_FORMAT, MAX_ARGS)),
           kb->rc;
  char bad = 0;
  int want = conversions(format, &bad);
  if (want < 0)
    return fail(kb, flyc__error_set(FLYC_EUNSUPPORTED, "flyc_kb_printf(\"%.64s\"): conversion "
                                                       "'%%%c' is not supported (numbers, "
                                                       "characters and pointers are)",
                                    format, bad)),
           kb->rc;
  if ((unsigned)want != n)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_printf(\"%.64s\"): the format takes "
                                                 "%d argument(s), %u given",
                                    format, want, n)),
           kb->rc;
  LLVMValueRef v[MAX_ARGS];
  for (unsigned i = 0; i < n; i++) {
    if (!value_ok(kb, args[i], "flyc_kb_printf", "an argument"))
      return kb->rc;
    if (!(v[i] = promote(kb, args[i])))
      return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_printf: argument %u is not an "
                                                   "integer of at most 64 bits, a float or a "
                                                   "pointer",
                                      i)),
             kb->rc;
  }
  size_t len = strlen(format);
  LLVMValueRef fmt = cstring(kb, format);
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  if (!kb->ctx->bops->printf(&e, fmt, len + 1, v, n)) {
    fail(kb, FLYC_EINVAL); /* e->call recorded why */
    return kb->rc;
  }
  return FLYC_OK;
}

/* `s` into `out` (`size` bytes) with each '%' doubled, for a format. */
static void escape(char *out, size_t size, const char *s) {
  size_t at = 0;
  for (; *s && at + 2 < size; s++) {
    if (*s == '%')
      out[at++] = '%';
    out[at++] = *s;
  }
  out[at] = 0;
}

int flyc_kb_assert(flyc_kernel_builder_t *kb, LLVMValueRef cond, const char *message) {
  const char *what = "flyc_kb_assert";
  if (!helper_ok(kb, 0, what))
    return FLYC_EINVAL;
  /* at most MAX_FORMAT / 4: doubled '%'s, the kernel's name (200 bytes at
   * most, doubled) and the words around them stay within printf's format */
  if (!message || strlen(message) > MAX_FORMAT / 4)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: the message is %s; a message of at most "
                                                 "%d bytes is required",
                                    what, message ? "too long" : "NULL", MAX_FORMAT / 4)),
           FLYC_EINVAL;
  if (!value_ok(kb, cond, what, "cond"))
    return FLYC_EINVAL;
  LLVMContextRef lc = kb->ctx->llctx;
  if (LLVMTypeOf(cond) != LLVMInt1TypeInContext(lc)) {
    char *have = LLVMPrintTypeToString(LLVMTypeOf(cond));
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s(\"%.64s\"): cond is %s, not an i1 (a comparison)",
                             what, message, have));
    LLVMDisposeMessage(have);
    return FLYC_EINVAL;
  }
  if (LLVMIsAConstantInt(cond) && LLVMConstIntGetZExtValue(cond))
    return FLYC_OK; /* holds: nothing to check */
  int rc = flyc_kb_if_begin(kb, LLVMBuildNot(kb->b, cond, "assert.failed"));
  if (rc)
    return rc;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  if (kb->ctx->bops->assert_fail) {
    if (!kb->ctx->bops->assert_fail(&e, cstring(kb, message), cstring(kb, "flyc"),
                                    cstring(kb, kb->name)))
      return fail(kb, FLYC_EINVAL), FLYC_EINVAL; /* e->call recorded why */
  } else {
    /* HIP's __assert_fail: the message through printf, then the trap */
    char m[MAX_FORMAT / 2 + 1], k[512], f[MAX_FORMAT + 1];
    escape(m, sizeof m, message), escape(k, sizeof k, kb->name);
    snprintf(f, sizeof f, "%s: block: [%%d,%%d,%%d], thread: [%%d,%%d,%%d] Assertion `%s` "
                          "failed.\n", k, m);
    LLVMValueRef v[6];
    for (unsigned i = 0; i < 3; i++)
      v[i] = flyc_kb_block_idx(kb, i), v[3 + i] = flyc_kb_thread_idx(kb, i);
    if ((rc = flyc_kb_printf(kb, f, v, 6)) != FLYC_OK)
      return rc;
  }
  LLVMTypeRef vt = LLVMFunctionType(LLVMVoidTypeInContext(lc), NULL, 0, 0);
  if (!flyc__kb_call(kb, "llvm.trap", vt, NULL, 0))
    return kb->rc;
  return flyc_kb_if_end(kb, 0, NULL, NULL);
}

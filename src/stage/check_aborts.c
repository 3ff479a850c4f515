/* Valid IR that a GPU backend aborts on (LLVM ERROR in process: the host
 * program goes with it), refused by name before codegen; which a target
 * lowers, its checks table says (`lowers`, target/checks.h).
 * Seen on LLVM 15, 19 and 22 (tests/test_unsupported.c). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "stage/stage.h"
#include "target/checks.h"

static int is_mem_intrinsic(LLVMValueRef callee) {
  size_t len;
  const char *n = callee && LLVMGetIntrinsicID(callee) ? LLVMGetValueName2(callee, &len) : NULL;
  return n && (strncmp(n, "llvm.memcpy", 11) == 0 || strncmp(n, "llvm.memmove", 12) == 0 ||
               strncmp(n, "llvm.memset", 11) == 0);
}

/* A conversion between floating point and an integer wider than 64 bits:
 * the backends call compiler-rt (__fixdfti, __floattisf), which GPUs lack. */
static int wide_fp_int(LLVMValueRef i, LLVMOpcode op) {
  if (op != LLVMFPToSI && op != LLVMFPToUI && op != LLVMSIToFP && op != LLVMUIToFP)
    return 0;
  LLVMTypeRef t = op == LLVMFPToSI || op == LLVMFPToUI ? LLVMTypeOf(i)
                                                       : LLVMTypeOf(LLVMGetOperand(i, 0));
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
    t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64;
}

static int sets_rounding(LLVMValueRef i, LLVMOpcode op) {
  LLVMValueRef f = op == LLVMCall ? LLVMGetCalledValue(i) : NULL;
  size_t len;
  const char *n = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
  return n && strcmp(n, "llvm.set.rounding") == 0;
}

static int narrow_rmw(LLVMValueRef i, LLVMOpcode op) {
  LLVMTypeRef t = op == LLVMAtomicRMW ? LLVMTypeOf(LLVMGetOperand(i, 1)) : NULL;
  return t && LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) < 32;
}

/* What the target's backend does not lower: FLYC_EIR naming it. */
static int target_lowers(flyc_compile_t *c, LLVMValueRef i, LLVMOpcode op, const char *name,
                         const char *when) {
  int (*lowers)(int) = c->target.ops->checks->lowers;
  const char *what = NULL;
  if (wide_fp_int(i, op) && lowers && !lowers(FLYC__LOWERS_WIDE_FP_INT))
    what = "converts between floating point and an integer wider than 64 bits (a library "
           "call GPUs do not have)";
  else if (sets_rounding(i, op) && lowers && !lowers(FLYC__LOWERS_SET_ROUNDING))
    what = "calls llvm.set.rounding";
  else if (narrow_rmw(i, op) && lowers && !lowers(FLYC__LOWERS_NARROW_RMW))
    what = "has an 8- or 16-bit atomicrmw";
  if (!what)
    return FLYC_OK;
  return flyc__error_set(FLYC_EIR,
                         "function '%s' in %s %s, which LLVM %s's backend for %s cannot "
                         "select",
                         name, when, what, flyc_llvm_version(), c->target.id);
}

/* What in inline-asm template `t` LLVM's asm printer would abort on
 * (report_fatal_error in EmitInlineAsmStr and PrintSpecial,
 * AsmPrinterInlineAsm.cpp, LLVM 15-22), for a call of `nops` operands (the
 * constraints that are not clobbers); NULL when nothing. Checked in every
 * variant ($( | $)), whichever the target prints. */
static const char *asm_template_fault(const char *t, unsigned nops) {
  int in_variant = 0;
  for (const char *p = t; *p; p++) {
    if (*p != '$')
      continue;
    char ch = *++p;
    if (ch == '$' || ch == '|' || ch == ')') {
      in_variant &= ch != ')';
      continue;
    }
    if (ch == '(') {
      if (in_variant)
        return "nests variants ($( inside $( ... $))";
      in_variant = 1;
      continue;
    }
    int braces = ch == '{';
    p += braces;
    if (braces && *p == ':') {
      const char *end = strchr(p, '}');
      size_t n = end ? (size_t)(end - p - 1) : 0;
      if (!end)
        return "has an unterminated ${:...}";
      if (!((n == 7 && !strncmp(p + 1, "private", 7)) ||
            (n == 7 && !strncmp(p + 1, "comment", 7)) || (n == 3 && !strncmp(p + 1, "uid", 3))))
        return "names a special formatter ${:...} other than private, comment and uid";
      p = end;
      continue;
    }
    unsigned long long v = 0;
    const char *d = p;
    while (*p >= '0' && *p <= '9' && v <= 0xffffffffu)
      v = v * 10 + (unsigned)(*p++ - '0');
    if (p == d || (*p >= '0' && *p <= '9') || v > 0xffffffffu)
      return "has a '$' followed by no operand number";
    if (v >= nops)
      return "names an operand the call does not have";
    if (braces && *p == ':' && (!p[1] || p[1] == '}'))
      return "has a ${N:} with no modifier";
    /* GCC's %aN: AsmPrinter prints a register operand as a memory one,
     * and NVPTX's printMemOperand reads the operand after it. */
    if (braces && *p == ':' && p[1] == 'a')
      return "has ${N:a} (an operand printed as a memory address)";
    if (braces && *p == ':')
      p += 2;
    if (braces && *p != '}')
      return "has a ${N...} that is not ${N} or ${N:x} (one modifier letter)";
    if (!braces)
      p--;
  }
  return NULL;
}

/* The operands a template may name: the constraints that are not clobbers. */
static unsigned asm_operands(const char *k) {
  unsigned n = 0;
  for (const char *p = k; *p;) {
    n += *p != '~';
    const char *comma = strchr(p, ',');
    p = comma ? comma + 1 : p + strlen(p);
  }
  return n;
}

static int check_asm(LLVMValueRef i, const char *name, const char *when) {
  char *t, *k;
  if (flyc__inline_asm_parts(i, &t, &k) != 0)
    return flyc__error_set(FLYC_ENOMEM, "out of memory reading inline asm in '%s'", name);
  const char *fault = asm_template_fault(t, asm_operands(k));
  int rc = fault ? flyc__error_set(FLYC_EIR,
                                   "function '%s' in %s has inline asm whose template \"%s\" "
                                   "%s (%u operands), which LLVM's asm printer fails or aborts on",
                                   name, when, t, fault, asm_operands(k))
                 : FLYC_OK;
  free(t);
  free(k);
  return rc;
}

int flyc__check_aborts(flyc_compile_t *c, LLVMValueRef i, const char *name, const char *when) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  int rc = target_lowers(c, i, op, name, when);
  if (!rc && (op == LLVMCall || op == LLVMCallBr) && LLVMIsAInlineAsm(LLVMGetCalledValue(i)))
    rc = check_asm(i, name, when);
  /* asm goto: the StructurizeCFG of LLVM 15 and 19, which AMDGPU runs,
   * crashes on the callbr's edges (amdgpu_check.c). */
  int (*lowers)(int) = c->target.ops->checks->lowers;
  if (!rc && op == LLVMCallBr && lowers && !lowers(FLYC__LOWERS_CALLBR))
    rc = flyc__error_set(FLYC_EIR, "function '%s' in %s has asm goto (callbr), which LLVM %s's "
                                   "backend for %s crashes on",
                         name, when, flyc_llvm_version(), c->target.id);
  /* llvm.clear_cache becomes a call of __clear_cache, which neither backend
   * has ("unsupported library call operation"). */
  LLVMValueRef f = op == LLVMCall ? LLVMGetCalledValue(i) : NULL;
  size_t len;
  if (!rc && f && LLVMIsAFunction(f) && LLVMGetIntrinsicID(f) &&
      strcmp(LLVMGetValueName2(f, &len), "llvm.clear_cache") == 0)
    rc = flyc__error_set(FLYC_EIR, "function '%s' in %s calls llvm.clear_cache, a library call "
                                   "that LLVM %s's backend for %s does not have",
                         name, when, flyc_llvm_version(), c->target.id);
  if (rc)
    return rc;
  if ((op == LLVMSDiv || op == LLVMUDiv || op == LLVMSRem || op == LLVMURem) &&
      !flyc__llvm_gpu_wide_divrem()) {
    LLVMTypeRef t = LLVMTypeOf(i);
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64)
      return flyc__error_set(FLYC_EIR,
                             "function '%s' in %s divides i%u values, which LLVM %s's GPU "
                             "backends turn into a library call GPUs do not have (LLVM 19 "
                             "and later expand it)",
                             name, when, LLVMGetIntTypeWidth(t), flyc_llvm_version());
  }
  /* memcpy/memmove/memset through an address space the target does not
   * have: the backends fail to select the expanded loads. */
  if (op == LLVMCall && is_mem_intrinsic(LLVMGetCalledValue(i)))
    for (unsigned k = 0; k < 2; k++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(i, k));
      if (LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
          !c->target.ops->checks->address_space_ok(LLVMGetPointerAddressSpace(t)))
        return flyc__error_set(FLYC_EIR,
                               "function '%s' in %s copies or sets memory in address space "
                               "%u, which target %s does not have",
                               name, when, LLVMGetPointerAddressSpace(t), c->target.id);
    }
  return FLYC_OK;
}

/* The IR validator: what flyc refuses before LLVM would abort on it
 * (foreign intrinsics, unsupported types and instructions, address spaces,
 * fence scopes), and the verifier. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "flyc/llvm.h"
#include "internal.h"
#include "target/checks.h"
#include "stage/stage.h"

/* Intrinsics of another target make LLVM's instruction selection abort the
 * process ("Cannot select"); refuse them before codegen. */
/* The name of a function that calls `f` ("?" when none is found). */
static const char *caller_name(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user))
      return LLVMGetValueName(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
  }
  return "?";
}

int flyc__intrinsic_is_foreign(const flyc_target_t *t, const char *name, size_t len) {
  static const char *const foreign[] = {
      "llvm.amdgcn.", "llvm.r600.",   "llvm.nvvm.",  "llvm.x86.",   "llvm.aarch64.",
      "llvm.arm.",    "llvm.ppc.",    "llvm.wasm.",  "llvm.riscv.", "llvm.hexagon.",
      "llvm.mips.",   "llvm.s390.",   "llvm.spv.",   "llvm.dx.",    "llvm.loongarch.",
      "llvm.bpf.",    "llvm.ve.",     "llvm.xcore."};
  const char *mine = t->ops->checks->intrinsic_prefix;
  for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++) {
    size_t pl = strlen(foreign[i]);
    if (len > pl && strncmp(name, foreign[i], pl) == 0 && strcmp(foreign[i], mine) != 0)
      return 1;
  }
  return 0;
}

int flyc__check_intrinsics(flyc_compile_t *c, LLVMModuleRef m, const char *what) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (len < 5 || strncmp(name, "llvm.", 5) != 0)
      continue;
    if (flyc__intrinsic_is_foreign(&c->target, name, len))
      return flyc__error_set(FLYC_EIR,
                             "%s uses intrinsic '%s', which target %s (%s) does not have",
                             what, name, c->target.id, c->target.ops->triple);
    const char *use = NULL, *feature = c->target.ops->missing_feature
                                          ? c->target.ops->missing_feature(&c->target, name,
                                                                           len, &use)
                                          : NULL;
    if (feature && LLVMGetFirstUse(f))
      return flyc__error_set(FLYC_EIR,
                             "%s uses intrinsic '%s' (in function '%s'): %s is an "
                             "arch-specific feature that target %s does not have; compile "
                             "for %s",
                             what, name, caller_name(f), feature, c->target.id, use);
  }
  return FLYC_OK;
}

int flyc__verify(flyc_compile_t *c, const char *what, int errcode) {
  char *msg = NULL;
  if (LLVMVerifyModule(c->mod, LLVMReturnStatusAction, &msg)) {
    int rc = flyc__error_set(errcode, "%s fails the LLVM verifier: %s", what,
                             msg && *msg ? msg : "(no detail)");
    LLVMDisposeMessage(msg);
    return rc;
  }
  LLVMDisposeMessage(msg);
  return FLYC_OK;
}

static const char *type_name_of(LLVMTypeRef t, char *buf, size_t n) {
  char *s = LLVMPrintTypeToString(t);
  snprintf(buf, n, "%s", s ? s : "?");
  LLVMDisposeMessage(s);
  return buf;
}

/* 1 when constant `k` computes something of two symbols that no relocation
 * can express (the AsmPrinter aborts on it: "Unsupported expression in
 * static initializer"). */
static int unrelocatable(LLVMValueRef k, int depth) {
  if (!k || depth > 64)
    return depth > 64;
  if (LLVMIsAConstantExpr(k)) {
    LLVMOpcode op = LLVMGetConstOpcode(k);
    int n = LLVMGetNumOperands(k);
    if (n == 2 && op != LLVMGetElementPtr && op != LLVMSub &&
        op != LLVMICmp && op != LLVMFCmp &&
        !LLVMIsAConstantInt(LLVMGetOperand(k, 0)) && !LLVMIsAConstantInt(LLVMGetOperand(k, 1)))
      return 1;
    for (int i = 0; i < n; i++)
      if (unrelocatable(LLVMGetOperand(k, i), depth + 1))
        return 1;
    return 0;
  }
  if (LLVMIsAConstantStruct(k) || LLVMIsAConstantArray(k) || LLVMIsAConstantVector(k)) {
    int n = LLVMGetNumOperands(k);
    for (int i = 0; i < n; i++)
      if (unrelocatable(LLVMGetOperand(k, i), depth + 1))
        return 1;
  }
  return 0;
}

static int check_instruction(flyc_compile_t *c, LLVMValueRef i, const char *name,
                             const char *when);

/* !reqd_work_group_size must be three sizes the launch limits allow; LLVM
 * copies anything into the metadata, which comgr then cannot read. */
static int check_reqd_size(flyc_compile_t *c, LLVMValueRef f, const char *name) {
  unsigned kind = LLVMGetMDKindIDInContext(c->ctx, "reqd_work_group_size", 20);
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(f, &n);
  int rc = FLYC_OK;
  for (size_t i = 0; i < n && rc == FLYC_OK; i++) {
    if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != kind)
      continue;
    LLVMValueRef node = LLVMMetadataAsValue(c->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
    unsigned long long prod = 1;
    int ok = LLVMGetMDNodeNumOperands(node) == 3;
    LLVMValueRef ops[3];
    if (ok)
      LLVMGetMDNodeOperands(node, ops);
    for (int d = 0; ok && d < 3; d++) {
      ok = ops[d] && LLVMIsAConstantInt(ops[d]);
      long long v = ok ? LLVMConstIntGetSExtValue(ops[d]) : 0;
      ok = ok && v >= 1 && v <= 1024;
      prod *= ok ? (unsigned long long)v : 1;
    }
    if (!ok || prod > 1024)
      rc = flyc__error_set(FLYC_EIR,
                           "kernel '%s' has a !reqd_work_group_size that is not three sizes "
                           "from 1 to 1024 with a product of at most 1024",
                           name);
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  return rc;
}
static int check_type(flyc_compile_t *c, LLVMTypeRef t, const char *name, const char *when);

/* A global's explicit section the family refuses, or NULL. */
static const char *linker_section(const flyc_compile_t *c, LLVMValueRef g) {
  const flyc__target_checks_t *ck = c->target.ops->checks;
  return ck->refused_section ? ck->refused_section(g) : NULL;
}

/* The address space of locals in the target's data layout ("A<n>"; 0 when
 * it names none). */
static unsigned alloca_as(const flyc_compile_t *c) {
  for (const char *p = c->datalayout; p && *p;) {
    if (p[0] == 'A' && p[1] >= '0' && p[1] <= '9')
      return (unsigned)strtoul(p + 1, NULL, 10);
    p = strchr(p, '-');
    p = p ? p + 1 : NULL;
  }
  return 0;
}

/* Valid IR that the target's backend would abort on, or hang on, instead of
 * returning an error: refused here with the reason, so that an in-process
 * compile does not take the caller down. FLYC_COMPILE_ISOLATED covers what
 * this list does not. */
/* The module's globals: no ifuncs, thread-locals, unrelocatable initializers
 * or sections the linker makes. */
static int check_globals(flyc_compile_t *c, const char *when) {
  size_t len;
  LLVMValueRef x = LLVMGetFirstGlobalIFunc(c->mod);
  if (x) {
    const char *name = LLVMGetValueName2(x, &len), *o = flyc__origin_of(c, name);
    return flyc__error_set(FLYC_EIR, "%s has an ifunc ('%s'%s%s%s); %s has no ifuncs (a "
                           "resolver the host's dynamic loader runs)", when, name,
                           o ? ", from '" : "", o ? o : "", o ? "'" : "", c->target.id);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsThreadLocal(g))
      return flyc__error_set(FLYC_EIR, "%s has a thread_local global ('%s'); GPUs have no "
                             "thread-local storage",
                             when, LLVMGetValueName2(g, &len));
    if (!LLVMIsDeclaration(g) && unrelocatable(LLVMGetInitializer(g), 0))
      return flyc__error_set(FLYC_EIR,
                             "the initializer of global '%s' in %s combines two addresses in "
                             "a way no relocation can express",
                             LLVMGetValueName2(g, &len), when);
    const char *sec = linker_section(c, g);
    if (sec)
      return flyc__error_set(FLYC_EIR, "global '%s' in %s is placed in section '%s', which the "
                             "linker makes itself (lld would stop the process)",
                             LLVMGetValueName2(g, &len), when, sec);
  }
  return FLYC_OK;
}

/* A kernel's launch size attributes and its argument block's size. */
static int check_kernel(flyc_compile_t *c, LLVMValueRef f, const char *name) {
  const flyc_target_ops_t *ops = c->target.ops;
  int rr = check_reqd_size(c, f, name);
  if (rr)
    return rr;
  /* The argument block as laid out: a struct passed by value (byval, or
   * byref: clang's HIP kernels take one in the kernarg segment) is its
   * bytes, at its alignment. */
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(c->tm);
  unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned byref_kind = LLVMGetEnumAttributeKindForName("byref", 5);
  unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
  unsigned long long total = 0;
  unsigned idx = 1;
  for (LLVMValueRef p = LLVMGetFirstParam(f); p; p = LLVMGetNextParam(p), idx++) {
    LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(f, idx, byval_kind);
    if (!bv)
      bv = LLVMGetEnumAttributeAtIndex(f, idx, byref_kind);
    LLVMTypeRef t = bv ? LLVMGetTypeAttributeValue(bv) : LLVMTypeOf(p);
    unsigned long long size = LLVMABISizeOfType(td, t), align = LLVMABIAlignmentOfType(td, t);
    LLVMAttributeRef al = bv ? LLVMGetEnumAttributeAtIndex(f, idx, align_kind) : NULL;
    if (al && LLVMGetEnumAttributeValue(al) > align)
      align = LLVMGetEnumAttributeValue(al);
    if (bv && size == 0) {
      LLVMDisposeTargetData(td);
      return flyc__error_set(FLYC_EIR, "kernel '%s' takes argument %u by value with a type "
                             "of no bytes, which %s kernels cannot take",
                             name, idx - 1, c->target.id);
    }
    total = (total + align - 1) / align * align + size;
  }
  LLVMDisposeTargetData(td);
  unsigned large = total > ops->max_kernarg_size && ops->large_kernarg_size
                       ? ops->large_kernarg_size(c, name, total)
                       : 0;
  if (total > ops->max_kernarg_size && total > large)
    return flyc__error_set(FLYC_EIR,
                           "kernel '%s' takes %llu bytes of arguments; %s kernels take "
                           "at most %u (pass large data through a pointer)",
                           name, total, c->target.id, large ? large : ops->max_kernarg_size);
  return FLYC_OK;
}

/* Each instruction of defined function `f`. */
static int check_body(flyc_compile_t *c, LLVMValueRef f, const char *name, const char *when) {
  const flyc__target_checks_t *ck = c->target.ops->checks;
  char tb[64];
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      LLVMTypeRef t = LLVMTypeOf(op == LLVMStore ? LLVMGetOperand(i, 0) : i);
      LLVMTypeRef e = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
      LLVMTypeKind k = LLVMGetTypeKind(e);
      if (k == LLVMFP128TypeKind || k == LLVMX86_FP80TypeKind || k == LLVMPPC_FP128TypeKind)
        return flyc__error_set(FLYC_EIR, "function '%s' in %s computes with %s, which GPU "
                               "backends do not support",
                               name, when, type_name_of(e, tb, sizeof tb));
      if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(e) > 128 &&
          (op == LLVMMul || op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem ||
           op == LLVMSRem || op == LLVMShl || op == LLVMLShr || op == LLVMAShr))
        return flyc__error_set(FLYC_EIR,
                               "function '%s' in %s multiplies, divides or shifts an i%u; "
                               "GPU backends do this only up to i128",
                               name, when, LLVMGetIntTypeWidth(e));
      int rc = check_instruction(c, i, name, when);
      if (rc == FLYC_OK)
        rc = check_type(c, t, name, when);
      if (rc)
        return rc;
      if (op == LLVMAlloca && LLVMGetPointerAddressSpace(LLVMTypeOf(i)) != alloca_as(c))
        return flyc__error_set(FLYC_EIR,
                               "function '%s' in %s has an alloca in address space %u, but "
                               "%s keeps locals in address space %u (IR made without the "
                               "target's data layout?)",
                               name, when, LLVMGetPointerAddressSpace(LLVMTypeOf(i)),
                               c->target.id, alloca_as(c));
      if (ck->check_instruction && (rc = ck->check_instruction(c, i, name, when)))
        return rc;
    }
  return FLYC_OK;
}

/* The error `rc` about function `name`, naming the link library it came
 * from when it is a library's ("in the linked module" alone does not say
 * whose code it is). */
static int from_library(const flyc_compile_t *c, const char *name, int rc) {
  const char *lib = flyc__origin_of(c, name);
  const char *msg = flyc_error_last()->message;
  if (!lib || strstr(msg, lib))
    return rc;
  char *copy = strdup(msg);
  if (copy)
    flyc__error_set(rc, "%s ('%s' comes from link library '%s')", copy, name, lib);
  free(copy);
  return rc;
}

int flyc__check_supported(flyc_compile_t *c, const char *when) {
  const flyc_target_ops_t *ops = c->target.ops;
  const flyc__target_checks_t *ck = ops->checks;
  if (ck->check_module) {
    int rc = ck->check_module(c, when);
    if (rc)
      return rc;
  }
  int rc = check_globals(c, when);
  if (rc)
    return rc;
  size_t len;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    const char *name = LLVMGetValueName2(f, &len);
    const char *sec = linker_section(c, f);
    if (sec)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s is placed in section '%s', which "
                             "the linker makes itself (lld would stop the process)",
                             name, when, sec);
    if (!LLVMIsDeclaration(f) || LLVMGetFirstUse(f)) {
      unsigned cc = LLVMGetFunctionCallConv(f);
      int ok = cc == LLVMCCallConv;
      for (const unsigned *p = ops->calling_conventions; *p && !ok; p++)
        ok = *p == cc;
      if (!ok)
        return flyc__error_set(FLYC_EIR,
                               "function '%s' in %s has calling convention %u, which target "
                               "%s does not have",
                               name, when, cc, c->target.id);
    }
    if (LLVMGetIntrinsicID(f) && LLVMGetFirstUse(f)) {
      LLVMTypeRef r = LLVMGetReturnType(LLVMGlobalGetValueType(f));
      if (LLVMGetTypeKind(r) == LLVMVectorTypeKind)
        r = LLVMGetElementType(r);
      const char *why = ops->unlowerable(name, len, r);
      if (why) {
        /* Name a function that calls it, and its library if it has one. */
        LLVMValueRef u = LLVMGetUser(LLVMGetFirstUse(f));
        LLVMValueRef uf = u && LLVMIsAInstruction(u)
                              ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(u))
                              : NULL;
        size_t ul;
        const char *un = uf ? LLVMGetValueName2(uf, &ul) : NULL;
        if (!un || !*un)
          return flyc__error_set(FLYC_EIR, "intrinsic '%s' (used in %s) %s", name, when, why);
        flyc__error_set(FLYC_EIR, "intrinsic '%s' (used by function '%s' in %s) %s", name, un,
                        when, why);
        return from_library(c, un, FLYC_EIR);
      }
    }
    if (LLVMIsDeclaration(f))
      continue;
    if (!flyc__llvm_gpu_varargs() && LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)))
      return flyc__error_set(FLYC_EIR, "function '%s' in %s is variadic; GPU backends of LLVM "
                             "%s have no variadic functions",
                             name, when, flyc_llvm_version());
    if (c->target.ops->is_kernel(c->mod, f) && (rc = check_kernel(c, f, name)))
      return rc;
    if ((rc = check_body(c, f, name, when)))
      return from_library(c, name, rc);
  }
  return FLYC_OK;
}

/* 1 when `as` is an address space the target's backend selects. */
static int known_address_space(const flyc_compile_t *c, unsigned as) {
  return c->target.ops->checks->address_space_ok(as);
}

/* The syncscope of a fence, from its printed form ("" for system). */
static int fence_scope_ok(const flyc_compile_t *c, LLVMValueRef fence) {
  char *s = LLVMPrintValueToString(fence);
  const char *p = s ? strstr(s, "syncscope(\"") : NULL;
  int ok = 1;
  if (p) {
    p += 11;
    size_t n = strcspn(p, "\"");
    const char *const *list = c->target.ops->checks->fence_scopes;
    ok = 0;
    for (int i = 0; list[i] && !ok; i++)
      ok = strlen(list[i]) == n && memcmp(list[i], p, n) == 0;
  }
  LLVMDisposeMessage(s);
  return ok;
}

/* An unroll count that would make the optimizer run for minutes. */
static long long loop_unroll_count(LLVMContextRef ctx, LLVMValueRef term) {
  /* Kind IDs belong to a context: not cached across compiles. */
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  LLVMValueRef md = LLVMGetMetadata(term, kind);
  if (!md)
    return 0;
  unsigned n = LLVMGetMDNodeNumOperands(md);
  if (n > 64)
    return 0;
  LLVMValueRef ops[64];
  LLVMGetMDNodeOperands(md, ops);
  for (unsigned i = 0; i < n; i++) {
    if (!ops[i] || ops[i] == md || !LLVMIsAMDNode(ops[i]) || LLVMGetMDNodeNumOperands(ops[i]) != 2)
      continue;
    LLVMValueRef kv[2];
    LLVMGetMDNodeOperands(ops[i], kv);
    unsigned kl = 0;
    const char *key = kv[0] ? LLVMGetMDString(kv[0], &kl) : NULL;
    if (key && kl == 22 && memcmp(key, "llvm.loop.unroll.count", 22) == 0 && kv[1] &&
        LLVMIsAConstantInt(kv[1]))
      return LLVMConstIntGetSExtValue(kv[1]);
  }
  return 0;
}

static int check_instruction(flyc_compile_t *c, LLVMValueRef i, const char *name,
                             const char *when) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  char tb[64];
  if (op == LLVMFence && !fence_scope_ok(c, i))
    return flyc__error_set(FLYC_EIR, "function '%s' in %s has a fence with a syncscope target "
                           "%s does not have",
                           name, when, c->target.id);
  if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(i, op == LLVMAtomicRMW ? 1 : 2));
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if ((k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64) || k == LLVMHalfTypeKind ||
        k == LLVMBFloatTypeKind)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s has an atomic operation on %s; "
                             "GPU backends do atomics on 32- and 64-bit values",
                             name, when, type_name_of(t, tb, sizeof tb));
  }
  if (op == LLVMVAArg && !flyc__llvm_gpu_varargs())
    return flyc__error_set(FLYC_EIR, "function '%s' in %s uses va_arg; GPU backends of LLVM "
                           "%s have no variadic calls",
                           name, when, flyc_llvm_version());
  LLVMValueRef ptr = op == LLVMLoad || op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg
                         ? LLVMGetOperand(i, 0)
                         : op == LLVMStore ? LLVMGetOperand(i, 1) : NULL;
  if (ptr && LLVMGetTypeKind(LLVMTypeOf(ptr)) == LLVMPointerTypeKind &&
      !known_address_space(c, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr))))
    return flyc__error_set(FLYC_EIR, "function '%s' in %s accesses memory in address space "
                           "%u, which target %s does not have",
                           name, when, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)),
                           c->target.id);
  if (op == LLVMCall && LLVMIsAInlineAsm(LLVMGetCalledValue(i))) {
    LLVMTypeRef t = LLVMTypeOf(i);
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s has inline asm returning i%u; "
                             "flyc accepts at most i64",
                             name, when, LLVMGetIntTypeWidth(t));
    if (c->target.ops->missing_feature) {
      char *text = NULL, *cons = NULL;
      const char *use = NULL, *feature = NULL;
      if (flyc__inline_asm_parts(i, &text, &cons) == 0)
        feature = c->target.ops->missing_feature(&c->target, text, strlen(text), &use);
      free(text);
      free(cons);
      if (feature)
        return flyc__error_set(FLYC_EIR, "function '%s' in %s has inline asm using %s, an "
                               "arch-specific feature that target %s does not have; "
                               "compile for %s",
                               name, when, feature, c->target.id, use);
    }
  }
  if (op == LLVMCall || op == LLVMInvoke) {
    /* A call in another convention than its callee's is undefined
     * behaviour, which the optimizer deletes with the path to it (a
     * kernel compiled to nothing). */
    LLVMValueRef callee = LLVMGetCalledValue(i);
    if (callee && LLVMIsAFunction(callee) &&
        LLVMGetInstructionCallConv(i) != LLVMGetFunctionCallConv(callee)) {
      size_t cl;
      const char *cn = LLVMGetValueName2(callee, &cl);
      char a[32], b[32];
      return flyc__error_set(FLYC_EIR, "function '%s' in %s calls '%s' with calling convention "
                             "%s, but '%s' has %s (undefined behaviour: the call would be "
                             "deleted)",
                             name, when, cn, flyc__cc_name(LLVMGetInstructionCallConv(i), a, 32),
                             cn, flyc__cc_name(LLVMGetFunctionCallConv(callee), b, 32));
    }
  }
  int rc = flyc__check_aborts(c, i, name, when); /* check_aborts.c */
  if (rc)
    return rc;
  if (LLVMIsATerminatorInst(i)) {
    long long u = loop_unroll_count(c->ctx, i);
    if (u < 0 || u > 4096)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s asks to unroll a loop %lld times; "
                             "flyc accepts up to 4096",
                             name, when, u);
  }
  return FLYC_OK;
}

static int check_type(flyc_compile_t *c, LLVMTypeRef t, const char *name, const char *when) {
  char tb[64];
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMScalableVectorTypeKind)
    return flyc__error_set(FLYC_EIR, "function '%s' in %s uses scalable vector %s",
                           name, when, type_name_of(t, tb, sizeof tb));
  if (k == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 1024)
    return flyc__error_set(FLYC_EIR, "function '%s' in %s uses a %u-element vector; flyc "
                           "accepts up to 1024",
                           name, when, LLVMGetVectorSize(t));
  LLVMTypeRef e = k == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
  if (LLVMGetTypeKind(e) == LLVMBFloatTypeKind && !flyc__llvm_gpu_bfloat())
    return flyc__error_set(FLYC_EIR, "function '%s' in %s computes with bfloat, which the "
                           "GPU backends of LLVM %s do not select",
                           name, when, flyc_llvm_version());
  (void)c;
  return FLYC_OK;
}

const char *flyc__cc_name(unsigned cc, char *buf, size_t n) {
  static const struct {
    unsigned cc;
    const char *name;
  } known[] = {{LLVMCCallConv, "ccc (C's)"}, {LLVMFastCallConv, "fastcc"},
               {LLVMColdCallConv, "coldcc"},  {LLVMPTXKernelCallConv, "ptx_kernel"},
               {LLVMPTXDeviceCallConv, "ptx_device"}, {LLVMAMDGPUKERNELCallConv, "amdgpu_kernel"}};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (known[i].cc == cc)
      return known[i].name;
  snprintf(buf, n, "cc %u", cc);
  return buf;
}

/* Module constructors and destructors the optimizer could not fold away:
 * neither HIP's nor CUDA's module load runs them for flyc's code objects
 * and PTX (the backends turn them into an `amdgcn.device.init` kernel or
 * `__init_array` that no loader here calls), so the state they set would
 * silently stay unset. The first entry's function is named, and where it
 * came from. */
static int check_no_constructors(flyc_compile_t *c) {
  static const char *const lists[2] = {"llvm.global_ctors", "llvm.global_dtors"};
  for (int i = 0; i < 2; i++) {
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, lists[i]), init;
    if (!g || LLVMIsDeclaration(g) || !(init = LLVMGetInitializer(g)) ||
        LLVMGetTypeKind(LLVMTypeOf(init)) != LLVMArrayTypeKind ||
        flyc__array_length(LLVMTypeOf(init)) == 0)
      continue;
    LLVMValueRef e = LLVMGetAggregateElement(init, 0);
    LLVMValueRef fn = e && LLVMGetNumOperands(e) >= 2 ? LLVMGetOperand(e, 1) : NULL;
    size_t len = 0;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : "?";
    const char *o = flyc__origin_of(c, name);
    return flyc__error_set(FLYC_EIR,
                           "the module has %s ('%s'%s%s%s) that the optimizer could not fold "
                           "away: nothing runs a device %s when flyc's code object or PTX is "
                           "loaded, so what it sets would stay unset; initialize the state "
                           "from the host (a post-load processor) instead",
                           i ? "a destructor" : "a constructor", name, o ? ", from '" : "",
                           o ? o : "", o ? "'" : "", i ? "destructor" : "constructor");
  }
  return FLYC_OK;
}

int flyc__check_kernels_reachable(flyc_compile_t *c) {
  int rc = check_no_constructors(c);
  if (rc)
    return rc;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !c->target.ops->is_kernel(c->mod, f))
      continue;
    LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
    if (first && LLVMGetInstructionOpcode(first) == LLVMUnreachable) {
      size_t len;
      return flyc__error_set(FLYC_EIR, "kernel '%s' was optimized to nothing but "
                             "'unreachable': every path through it has undefined behaviour "
                             "(a call in the wrong calling convention or to a mismatched "
                             "declaration, a store to a constant, an infinite loop without "
                             "side effects, ...); refusing rather than making an empty kernel",
                             LLVMGetValueName2(f, &len));
    }
  }
  return FLYC_OK;
}

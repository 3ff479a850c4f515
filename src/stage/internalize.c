/* Internalize what is not an entry point or exported, and refuse what stays
 * undefined. */
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

/* The options' exported globals: externally initialized and protected,
 * or refused (a function, undefined, LDS or private). */
static int export_globals(flyc_compile_t *c) {
  for (size_t i = 0; i < c->opts.exported_global_count; i++) {
    const char *name = c->opts.exported_globals[i];
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, name);
    if (!g && LLVMGetNamedFunction(c->mod, name))
      return flyc__error_set(FLYC_EINVAL,
                             "exported global '%s' is a function; only global variables "
                             "are exported for the host to write",
                             name);
    if (!g || LLVMIsDeclaration(g))
      return flyc__error_set(FLYC_ENOTFOUND,
                             "exported global '%s' is not defined by the module or its "
                             "link libraries",
                             name);
    /* Workgroup-shared (LDS, .shared) and per-thread (private, .local)
     * memory, address spaces 3 and 5 on both families, exist only while a
     * kernel runs: no symbol a host looks up reaches them. */
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    if (as == 3 || as == 5)
      return flyc__error_set(FLYC_EINVAL,
                             "exported global '%s' is in address space %u (%s memory, which "
                             "exists only while a kernel runs): a host cannot reach it after "
                             "load; put it in global memory (address space 1)",
                             name, as, as == 3 ? "workgroup-shared" : "per-thread");
    /* The host writes it after load: never fold its loads, and keep it in
     * the dynamic symbol table. */
    LLVMSetExternallyInitialized(g, 1);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    /* Protected whatever it was: in .dynsym for the host, and not
     * preemptible, so the code's PC-relative references stay valid (an
     * internal global made default-visible makes lld refuse R_AMDGPU_REL32). */
    LLVMSetVisibility(g, LLVMProtectedVisibility);
  }
  return FLYC_OK;
}

/* Internalizes every definition that is not a kernel, an exported global or an
 * externally initialized global, then drops what is dead. */
int flyc__internalize(flyc_compile_t *c) {
  int rc = export_globals(c);
  if (rc)
    return rc;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || c->target.ops->is_kernel(c->mod, f))
      continue;
    LLVMLinkage l = LLVMGetLinkage(f);
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage)
      continue;
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMSetVisibility(f, LLVMDefaultVisibility);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (LLVMIsDeclaration(g) || (len > 5 && strncmp(name, "llvm.", 5) == 0))
      continue;
    LLVMLinkage l = LLVMGetLinkage(g);
    if ((l == LLVMInternalLinkage || l == LLVMPrivateLinkage) && LLVMIsExternallyInitialized(g)) {
      /* Meant for the host, but local: it never reaches .dynsym. */
      const char *o = flyc__origin_of(c, name);
      flyc__buf_printf(&c->log, "%swarning: global '%s'%s%s%s is externally_initialized but "
                                "%s, so a host cannot find it after load; export it "
                                "(exported_globals / --export) to make it visible\n",
                       c->log.len && c->log.data[c->log.len - 1] != '\n' ? "\n" : "", name,
                       o ? " (from '" : "", o ? o : "", o ? "')" : "",
                       l == LLVMInternalLinkage ? "internal" : "private");
      continue;
    }
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage || l == LLVMAppendingLinkage)
      continue;
    if (LLVMIsExternallyInitialized(g)) {
      /* A hidden symbol would not reach .dynsym, where the host looks. */
      if (LLVMGetVisibility(g) == LLVMHiddenVisibility)
        LLVMSetVisibility(g, LLVMProtectedVisibility);
      continue;
    }
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetVisibility(g, LLVMDefaultVisibility);
  }
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  flyc__llvm_options_read_begin();
  char *err = flyc__llvm_error_take(LLVMRunPasses(c->mod, "globaldce", c->tm, po));
  flyc__llvm_options_read_end();
  LLVMDisposePassBuilderOptions(po);
  if (err) {
    rc = flyc__error_set(FLYC_ELINK, "dead-code elimination after linking failed: %s", err);
    free(err);
    return rc;
  }
  return FLYC_OK;
}

/* The function that holds instruction `user`, or NULL. */
static LLVMValueRef user_function(LLVMValueRef user) {
  if (!user || !LLVMIsAInstruction(user))
    return NULL;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
  return bb ? LLVMGetBasicBlockParent(bb) : NULL;
}

static void describe_user(flyc_compile_t *c, flyc_buf_t *b, LLVMValueRef sym) {
  LLVMUseRef u = LLVMGetFirstUse(sym);
  LLVMValueRef fn = u ? user_function(LLVMGetUser(u)) : NULL;
  if (!fn) {
    flyc__buf_printf(b, " (referenced from a constant)");
    return;
  }
  size_t len;
  const char *fname = LLVMGetValueName2(fn, &len);
  const char *origin = flyc__origin_of(c, fname);
  flyc__buf_printf(b, " referenced by '%s'", fname);
  if (origin)
    flyc__buf_printf(b, " from %s", origin);
}

/* Every undefined, used, non-intrinsic symbol is an error before codegen.
 * An `llvm.*` declaration this LLVM has no intrinsic for comes first: that is
 * IR from a newer LLVM (clang-22's llvm.nvvm.barrier.cta.* read by LLVM 19),
 * which no library can define and the backend would emit as a call. */
#define MAX_NAMED 20
int flyc__check_undefined(flyc_compile_t *c) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) || !LLVMGetFirstUse(f) ||
        len < 5 || memcmp(name, "llvm.", 5) != 0)
      continue;
    flyc_buf_t u = {0};
    describe_user(c, &u, f);
    int rc = flyc__error_set(FLYC_EIR,
                             "'%s' is not an intrinsic LLVM %s knows (IR written by a newer "
                             "LLVM?)%s",
                             name, flyc_llvm_version(), flyc__buf_str(&u));
    flyc__buf_free(&u);
    return rc;
  }
  flyc_buf_t b = {0};
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) || !LLVMGetFirstUse(f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (c->target.ops->allowed_undefined && c->target.ops->allowed_undefined(name))
      continue;
    if (n++ < MAX_NAMED) { /* the first few, so the message stays readable */
      flyc__buf_printf(&b, "%sundefined function '%s'", n > 1 ? "; " : "", name);
      describe_user(c, &b, f);
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    if (!LLVMIsDeclaration(g) || !LLVMGetFirstUse(g))
      continue;
    /* Dynamic shared memory (`extern __shared__ T x[]`): a zero-length
     * array in address space 3, placed by the loader after the static part. */
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3 &&
        LLVMGetTypeKind(vt) == LLVMArrayTypeKind &&
        flyc__array_length(vt) == 0)
      continue;
    /* What the backend defines itself (NVPTX: clang's CUDA builtins). */
    const flyc__target_checks_t *ck = c->target.ops->checks;
    if (ck->backend_defines && ck->backend_defines(g))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (n++ < MAX_NAMED) {
      flyc__buf_printf(&b, "%sundefined global '%s'", n > 1 ? "; " : "", name);
      describe_user(c, &b, g);
    }
  }
  if (n > MAX_NAMED)
    flyc__buf_printf(&b, "; and %zu more", n - MAX_NAMED);
  int rc = FLYC_OK;
  if (n)
    rc = flyc__error_set(FLYC_ELINK,
                         "%zu undefined symbol%s after linking (no link library or "
                         "device library defines %s): %s",
                         n, n > 1 ? "s" : "", n > 1 ? "them" : "it", flyc__buf_str(&b));
  flyc__buf_free(&b);
  return rc;
}

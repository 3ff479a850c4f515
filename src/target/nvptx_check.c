/* NVPTX's rules for the target-generic IR checks (target/checks.h). */
#include <string.h>

#include "internal.h"
#include "target/checks.h"

/* nvvm.annotations checked and put in the form this LLVM's backend reads;
 * the backend has no aliases. */
static int check_module(flyc_compile_t *c, const char *when) {
  int rc = flyc__nvptx_annotations_walk(c->mod, "nvvm.annotations", when, NULL, NULL, NULL);
  if (rc == FLYC_OK)
    rc = flyc__nvptx_normalize_kernels(c->mod, when);
  if (rc)
    return rc;
  LLVMValueRef x = LLVMGetFirstGlobalAlias(c->mod);
  size_t len;
  if (!x)
    return FLYC_OK;
  const char *name = LLVMGetValueName2(x, &len), *o = flyc__origin_of(c, name);
  return flyc__error_set(FLYC_EIR, "%s has an alias ('%s'%s%s%s); the NVPTX backend has none",
                         when, name, o ? ", from '" : "", o ? o : "", o ? "'" : "");
}

static int address_space_ok(unsigned as) { return as <= 1 || (as >= 3 && as <= 5) || as == 101; }

static const char *const fence_scopes[] = {"singlethread", NULL};

static int check_instruction(const flyc_compile_t *c, LLVMValueRef i, const char *name,
                             const char *when) {
  if (LLVMGetInstructionOpcode(i) == LLVMAlloca && !LLVMIsAConstant(LLVMGetOperand(i, 0)) &&
      c->target.ptx_version < 73)
    return flyc__error_set(FLYC_EIR,
                           "function '%s' in %s has an alloca of run-time size, which "
                           "needs PTX 7.3; %s uses PTX %u.%u",
                           name, when, c->target.id, c->target.ptx_version / 10,
                           c->target.ptx_version % 10);
  return FLYC_OK;
}

/* clang's CUDA builtin variables (threadIdx, blockDim, ...) at -O0: empty
 * structs, extern_weak, whose address only reaches their accessors; the
 * NVPTX backend defines them (a byte each), as llc does. */
static int backend_defines(LLVMValueRef g) {
  LLVMTypeRef vt = LLVMGlobalGetValueType(g);
  const char *sn = LLVMGetTypeKind(vt) == LLVMStructTypeKind ? LLVMGetStructName(vt) : NULL;
  return LLVMGetLinkage(g) == LLVMExternalWeakLinkage && sn &&
         strncmp(sn, "struct.__cuda_builtin_", 22) == 0;
}

static int check_codegen(const flyc_target_t *t, uint32_t codegen) {
  if (codegen != FLYC_CODEGEN_AUTO && codegen != FLYC_CODEGEN_PTX)
    return flyc__error_set(FLYC_EINVAL,
                           "codegen path '%s' is for AMDGPU; NVPTX target %s emits PTX",
                           flyc_codegen_name(codegen), t->id);
  return FLYC_OK;
}

/* What the backend lowers of check_aborts.c's list (checks.h). */
static int lowers(int what) {
  /* fp<->i128 and set.rounding: no LLVM yet */
  return what == FLYC__LOWERS_NARROW_RMW || what == FLYC__LOWERS_CALLBR;
}

const flyc__target_checks_t flyc__nvptx_checks = {
    .intrinsic_prefix = "llvm.nvvm.",
    .check_module = check_module,
    .address_space_ok = address_space_ok,
    .fence_scopes = fence_scopes,
    .check_instruction = check_instruction,
    .lowers = lowers,
    .backend_defines = backend_defines,
    .check_codegen = check_codegen,
    .short_pointers = 1,
};

/* Valid IR that a GPU backend aborts on (LLVM ERROR in process: the host
 * program goes with it), refused by name before codegen; the target-specific
 * ones are the targets' check_instruction (amdgpu_check.c, nvptx_check.c).
 * Seen on LLVM 15, 19 and 22 (tests/test_unsupported.c). Not here yet: a
 * malformed `$` operand in an inline-asm template (the isolated compile's
 * tests use it as their LLVM fatal error). */
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

int flyc__check_aborts(flyc_compile_t *c, LLVMValueRef i, const char *name, const char *when) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
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

/* NVPTX grid constants (CUDA's __grid_constant__: a byval kernel parameter
 * whose address is the parameter's own, cvta.param, not a local copy) as
 * each LLVM marks them: clang 18-20's nvvm.annotations entries {fn,
 * !"grid_constant", !{i32 index, ...}}, clang 21+'s "nvvm.grid_constant"
 * parameter attribute. flyc__nvptx_normalize_kernels (llvm_compat.c)
 * converts between them; the builder marks FLYC_PARAM_TENSOR_MAP. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "internal.h"

int flyc__nvptx_grid_constant(LLVMModuleRef mod, LLVMValueRef fn, unsigned index) {
  LLVMContextRef lc = LLVMGetModuleContext(mod);
  if (flyc__llvm_major() >= 21) { /* clang 22's `"nvvm.grid_constant"` on the parameter */
    const char *k = "nvvm.grid_constant";
    LLVMAddAttributeAtIndex(fn, index + 1, LLVMCreateStringAttribute(lc, k, (unsigned)strlen(k),
                                                                     "", 0));
    return 1;
  }
  if (flyc__llvm_major() < 18)
    return 0;
  /* !{ptr @k, !"grid_constant", !{i32 <1-based index>}} (NVPTXUtilities) */
  LLVMMetadataRef idx = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(lc), index + 1, 0));
  LLVMMetadataRef ops[3] = {LLVMValueAsMetadata(fn),
                            LLVMMDStringInContext2(lc, "grid_constant", 13),
                            LLVMMDNodeInContext2(lc, &idx, 1)};
  LLVMAddNamedMetadataOperand(mod, "nvvm.annotations",
                              LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, ops, 3)));
  return 1;
}

/* clang 18-20's __grid_constant__: {fn, !"grid_constant", !{i32 i, ...}},
 * each i a 1-based parameter index of the function (LLVM 20+'s reader
 * makes each a parameter attribute and the backend reads it so: an index
 * out of range crashes both). */
int flyc__nvptx_grid_constant_check(LLVMValueRef f, LLVMValueRef list, unsigned entry,
                                    const char *where) {
  unsigned n = list && LLVMIsAMDNode(list) ? LLVMGetMDNodeNumOperands(list) : 0;
  unsigned params = f && LLVMIsAFunction(f) ? LLVMCountParams(f) : 0;
  LLVMValueRef idx[64];
  if (!n || n > 64 || !params)
    return flyc__error_set(FLYC_EIR, "nvvm.annotations entry %u of %s: grid_constant must name "
                           "a function's parameters by a list of 1-based indices", entry, where);
  LLVMGetMDNodeOperands(list, idx);
  for (unsigned i = 0; i < n; i++) {
    uint64_t v = idx[i] && LLVMIsAConstantInt(idx[i]) &&
                         LLVMGetIntTypeWidth(LLVMTypeOf(idx[i])) <= 64
                     ? LLVMConstIntGetZExtValue(idx[i])
                     : 0;
    if (v < 1 || v > params)
      return flyc__error_set(FLYC_EIR, "nvvm.annotations entry %u of %s: grid_constant index "
                             "%llu is not a parameter of '%s' (1 to %u)", entry, where,
                             (unsigned long long)v, LLVMGetValueName(f), params);
  }
  return FLYC_OK;
}

/* 1 when nvvm.annotations marks parameter `a` of `fn` a grid constant. */
int flyc__nvptx_has_grid_constant(LLVMModuleRef mod, LLVMValueRef fn, unsigned a) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
  LLVMValueRef *nodes = n ? malloc(n * sizeof *nodes) : NULL;
  int found = 0;
  if (nodes)
    LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", nodes);
  for (unsigned i = 0; nodes && i < n && !found; i++) {
    LLVMValueRef ops[3], idx[64];
    unsigned kl = 0, k = LLVMGetMDNodeNumOperands(nodes[i]);
    if (k != 3)
      continue;
    LLVMGetMDNodeOperands(nodes[i], ops);
    const char *key = ops[1] ? LLVMGetMDString(ops[1], &kl) : NULL;
    if (ops[0] != fn || !key || kl != 13 || memcmp(key, "grid_constant", 13) || !ops[2] ||
        !LLVMIsAMDNode(ops[2]) || LLVMGetMDNodeNumOperands(ops[2]) > 64)
      continue;
    unsigned m = LLVMGetMDNodeNumOperands(ops[2]);
    LLVMGetMDNodeOperands(ops[2], idx);
    for (unsigned j = 0; j < m; j++)
      found |= idx[j] && LLVMIsAConstantInt(idx[j]) && LLVMConstIntGetZExtValue(idx[j]) == a + 1;
  }
  free(nodes);
  return found;
}

/* LLVM 21+: clang 18-20's grid_constant annotations become the
 * "nvvm.grid_constant" parameter attributes this backend reads, and each
 * entry is made {fn, !"flyc.grid_constant", i32 1} (llvm-c cannot remove a
 * named metadata operand; this backend reads every entry's values as
 * integers and crashed on the index list). The indices were checked
 * (flyc__nvptx_annotations_walk). */
int flyc__nvptx_grid_constants_upgrade(LLVMModuleRef mod) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
  LLVMValueRef *nodes = n ? malloc(n * sizeof *nodes) : NULL;
  if (n && !nodes)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (nodes)
    LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", nodes);
  LLVMContextRef lc = LLVMGetModuleContext(mod);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef ops[3], idx[64];
    unsigned kl = 0;
    if (LLVMGetMDNodeNumOperands(nodes[i]) != 3)
      continue;
    LLVMGetMDNodeOperands(nodes[i], ops);
    const char *key = ops[1] ? LLVMGetMDString(ops[1], &kl) : NULL;
    if (!key || kl != 13 || memcmp(key, "grid_constant", 13) || !ops[0] ||
        !LLVMIsAFunction(ops[0]) || !ops[2] || !LLVMIsAMDNode(ops[2]) ||
        LLVMGetMDNodeNumOperands(ops[2]) > 64)
      continue;
    unsigned m = LLVMGetMDNodeNumOperands(ops[2]), np = LLVMCountParams(ops[0]);
    LLVMGetMDNodeOperands(ops[2], idx);
    for (unsigned j = 0; j < m; j++) {
      uint64_t a = idx[j] && LLVMIsAConstantInt(idx[j]) ? LLVMConstIntGetZExtValue(idx[j]) : 0;
      if (a >= 1 && a <= np)
        flyc__nvptx_grid_constant(mod, ops[0], (unsigned)a - 1);
    }
    LLVMReplaceMDNodeOperandWith(nodes[i], 1, LLVMMDStringInContext2(lc, "flyc.grid_constant", 18));
    LLVMReplaceMDNodeOperandWith(
        nodes[i], 2, LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(lc), 1, 0)));
  }
  free(nodes);
  return FLYC_OK;
}

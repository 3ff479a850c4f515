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

/* clang 18-20's __grid_constant__: {fn, !"grid_constant", !{i32 i, ...}},
 * each i a 1-based parameter index of the function (LLVM 20+'s reader
 * makes each a parameter attribute and the backend reads it so: an index
 * out of range crashes both). */
int flyc__nvptx_grid_constant_check(LLVMValueRef f, LLVMValueRef list, unsigned entry,
                                    const char *where, int llvm_major) {
  if (llvm_major < 18) /* its backend reads the index list as an integer */
    return flyc__error_set(FLYC_EUNSUPPORTED, "nvvm.annotations entry %u of %s: grid_constant "
                           "(CUDA's __grid_constant__) needs a flyc built on LLVM 18 or newer; "
                           "this one is LLVM %d", entry, where, llvm_major);
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

int flyc__nvptx_grid_constants_each(LLVMModuleRef mod, flyc__grid_constant_fn each, void *p) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
  LLVMValueRef *nodes = n ? malloc(n * sizeof *nodes) : NULL;
  if (n && !nodes)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (nodes)
    LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", nodes);
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
        each(nodes[i], ops[0], (unsigned)a - 1, p);
    }
  }
  free(nodes);
  return FLYC_OK;
}

typedef struct probe {
  LLVMValueRef fn;
  unsigned index;
  int found;
} probe_t;

static void find(LLVMValueRef node, LLVMValueRef fn, unsigned index, void *p) {
  (void)node;
  probe_t *q = p;
  q->found |= fn == q->fn && index == q->index;
}

int flyc__nvptx_has_grid_constant(LLVMModuleRef mod, LLVMValueRef fn, unsigned a) {
  probe_t q = {fn, a, 0};
  (void)flyc__nvptx_grid_constants_each(mod, find, &q);
  return q.found;
}

/* Whether `node` is a {fn, !"grid_constant", !{...}} entry. */
static int is_entry(LLVMValueRef node) {
  LLVMValueRef ops[3];
  unsigned kl = 0;
  if (LLVMGetMDNodeNumOperands(node) != 3)
    return 0;
  LLVMGetMDNodeOperands(node, ops);
  const char *key = ops[1] ? LLVMGetMDString(ops[1], &kl) : NULL;
  return key && kl == 13 && memcmp(key, "grid_constant", 13) == 0;
}

int flyc__nvptx_grid_constants_retire(LLVMModuleRef mod,
                                      void (*replace)(LLVMValueRef node, unsigned i,
                                                      LLVMMetadataRef md)) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
  LLVMValueRef *nodes = n ? malloc(n * sizeof *nodes) : NULL;
  if (n && !nodes)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  LLVMContextRef lc = LLVMGetModuleContext(mod);
  for (unsigned i = 0; i < n; i++) {
    LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", nodes);
    if (!is_entry(nodes[i]))
      continue;
    replace(nodes[i], 1, LLVMMDStringInContext2(lc, "flyc.grid_constant", 18));
    LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", nodes);
    replace(nodes[i], 2, LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(lc), 1, 0)));
  }
  free(nodes);
  return FLYC_OK;
}

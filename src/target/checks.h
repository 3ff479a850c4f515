/* What the target-generic IR checks (stage/check.c, stage/internalize.c,
 * stage/link.c, ir.c) ask a target family: its rules, in
 * src/target/<family>_check.c, reached through flyc_target_ops_t.checks. */
#ifndef FLYC_SRC_TARGET_CHECKS_H
#define FLYC_SRC_TARGET_CHECKS_H

#include "internal.h"

/* Valid IR some backends abort on (flyc__target_checks_t.lowers). */
enum {
  FLYC__LOWERS_WIDE_FP_INT = 1, /* fp <-> integers wider than 64 bits */
  FLYC__LOWERS_SET_ROUNDING,    /* llvm.set.rounding */
  FLYC__LOWERS_NARROW_RMW,      /* 8- and 16-bit atomicrmw */
  FLYC__LOWERS_CALLBR,          /* asm goto (StructurizeCFG on its edges) */
};

struct flyc__target_checks {
  /* The family's own intrinsics ("llvm.amdgcn."); another target's are refused. */
  const char *intrinsic_prefix;
  /* Module-level rules, before the generic ones (NVPTX: nvvm.annotations,
   * no aliases); FLYC_EIR naming `when`. NULL: none. */
  int (*check_module)(flyc_compile_t *c, const char *when);
  /* The explicit section of global `g` when the family refuses it (AMDGPU:
   * one lld makes itself), else NULL. NULL hook: none refused. */
  const char *(*refused_section)(LLVMValueRef g);
  /* 1 when the backend selects memory in address space `as`. */
  int (*address_space_ok)(unsigned as);
  /* The fence syncscopes the backend knows besides system, NULL-terminated. */
  const char *const *fence_scopes;
  /* FLYC_EIR for an instruction the family refuses (NVPTX: a run-time sized
   * alloca before PTX 7.3); FLYC_OK. NULL: none. */
  int (*check_instruction)(const flyc_compile_t *c, LLVMValueRef i, const char *name,
                           const char *when);
  /* 1 when the backend lowers `what` (FLYC__LOWERS_*), which it would
   * otherwise abort on (stage/check_aborts.c). NULL: lowers all. */
  int (*lowers)(int what);
  /* 1 when undefined global `g` is one the backend defines itself (NVPTX:
   * clang's CUDA builtin variables). NULL: none. */
  int (*backend_defines)(LLVMValueRef g);
  /* A link library's module flag that the family decides whatever its merge
   * behaviour (AMDGPU: the code object version): 1 when it did, with its
   * status in *rc; 0 to treat it as any flag (compared with the module's
   * when its behaviour is Error). NULL: none. */
  int (*library_flag)(flyc_compile_t *c, const flyc__module_flag_t *f, const char *path,
                      int *rc);
  /* FLYC_EINVAL when codegen path `codegen` (flyc_codegen_t) is another
   * family's. */
  int (*check_codegen)(const flyc_target_t *t, uint32_t codegen);
  /* 1: an input whose layout is the target's with 32-bit pointers to shared,
   * const and local memory gets that layout (NVPTX -nvptx-short-ptr). */
  int short_pointers;
};

#endif

/* The pipeline's stages (src/stage/) and the pipeline's entry
 * (src/pipeline.c). Only the pipeline and its entry points include this. */
#ifndef FLYC_SRC_STAGE_H
#define FLYC_SRC_STAGE_H

#include "internal.h"

/* ---- abi.c ---- */

/* Before `lib` (in c->ctx) is checked and linked: each of the module's
 * declarations that differs from the library's definition only by an i64
 * where the library has a 64-bit pointer (parameters or result) takes the
 * library's type, and its direct calls convert (inttoptr / ptrtoint).
 * FLYC_ELINK, with the declaration to use, for another integer-for-pointer
 * difference, such a difference in a definition, or a use other than a
 * direct call. Other differences are left to the link's signature check. */
int flyc__abi_adapt(flyc_compile_t *c, LLVMModuleRef lib, const char *path);

/* ---- check.c ---- */

/* FLYC_EIR when `m` calls another target's intrinsics (`what` names it). */
int flyc__check_intrinsics(flyc_compile_t *c, LLVMModuleRef m, const char *what);
/* 1 when intrinsic `name` (`len` bytes) is another target's ("llvm.nvvm."
 * on AMDGPU, "llvm.x86." anywhere): the compile refuses it. */
int flyc__intrinsic_is_foreign(const flyc_target_t *t, const char *name, size_t len);
/* FLYC_EIR (naming `when`) for IR LLVM's backends of the target would abort on. */
int flyc__check_supported(flyc_compile_t *c, const char *when);
/* After the optimizer: a kernel it reduced to `unreachable` (undefined
 * behaviour on every path), and a module constructor or destructor it could
 * not fold away (no loader runs them), are errors naming them (check.c). */
int flyc__check_kernels_reachable(flyc_compile_t *c);
/* An LLVM calling convention's IR name ("fastcc", "amdgpu_kernel"), or "cc N"
 * written into buf. */
const char *flyc__cc_name(unsigned cc, char *buf, size_t n);
/* The LLVM verifier on c->mod; failures return `errcode`. */
int flyc__verify(flyc_compile_t *c, const char *what, int errcode);

/* ---- devlibs.c ---- */

/* Links the device libraries the target declares (ops->device_libs) that
 * the module needs, between the target's devlibs_before and devlibs_after. */
int flyc__devlibs_link(flyc_compile_t *c);

/* ---- internalize.c ---- */

int flyc__internalize(flyc_compile_t *c);
/* FLYC_ELINK for a symbol still undefined after linking. */
int flyc__check_undefined(flyc_compile_t *c);

/* ---- link.c ---- */

/* Links the options' link libraries, each once (by canonical path). */
int flyc__link_libraries(flyc_compile_t *c);
/* Valid IR a GPU backend would abort on, refused naming the function
 * (check_aborts.c): FLYC_EIR. */
int flyc__check_aborts(flyc_compile_t *c, LLVMValueRef i, const char *name, const char *when);

/* ---- optimize.c ---- */

int flyc__optimize(flyc_compile_t *c);

#endif

/* What target/amdgpu.c, amdgpu_builder.c and amdgpu_codegen.c share. */
#ifndef FLYC_TARGET_AMDGPU_H
#define FLYC_TARGET_AMDGPU_H

#include "internal.h"

/* What chose a compile's COV (c->cov_from). */
enum { FLYC__COV_DEFAULT, FLYC__COV_OPTIONS, FLYC__COV_INPUT, FLYC__COV_LIBRARY,
       FLYC__COV_STACK };
/* The checks' library_flag (amdgpu_cov.c): a link library's COV module
 * flag decides an open COV (c->cov_open), naming the library when this LLVM
 * cannot make it; else it must be c->cov (FLYC_ELINK naming both libraries
 * when a library chose c->cov, else what did). */
int flyc__amdgpu_library_flag(flyc_compile_t *c, const flyc__module_flag_t *f,
                              const char *path, int *rc);
/* Why the compile makes c->cov, for messages: "the options ask for it ...". */
void flyc__amdgpu_cov_reason(const flyc_compile_t *c, char *buf, size_t size);
/* Chooses c->codegen once the COV is known (a no-op when chosen). */
int flyc__amdgpu_pick_path(flyc_compile_t *c);
/* The ops table's codegen: emit, link the executable, check, fill c->artifact. */
int flyc__amdgpu_codegen(flyc_compile_t *c);
/* flyc__amdgpu_check_elf's check for target `target` (a const flyc_target_t
 * *): the e_flags processor and xnack/sramecc bits (the ops table's
 * check_elf_facts). */
int flyc__amdgpu_check_elf_facts(const flyc_elf_facts_t *f, void *target);

/* 1 when processor `p` has CDNA's MFMA (gfx908, gfx90a, gfx94x, gfx950);
 * 2 for gfx11 / gfx12's WMMA; 0 for neither. */
static inline int flyc__amdgpu_matrix_unit(const flyc_proc_t *p) {
  uint32_t v = p->isa_version;
  if (v == 9008 || v == 9010 || (v >= 9400 && v <= 9402) || v == 9500)
    return 1;
  return v >= 11000 && v < 13000 ? 2 : 0;
}

#endif

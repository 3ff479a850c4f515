/* What target/amdgpu.c and target/amdgpu_codegen.c share. */
#ifndef FLYC_TARGET_AMDGPU_H
#define FLYC_TARGET_AMDGPU_H

#include "internal.h"

/* Chooses c->codegen once the COV is known (a no-op when chosen). */
int flyc__amdgpu_pick_path(flyc_compile_t *c);
/* The ops table's codegen: emit, link the executable, check, fill c->artifact. */
int flyc__amdgpu_codegen(flyc_compile_t *c);
/* flyc__amdgpu_check_elf's check for target `target` (a const flyc_target_t
 * *): the e_flags processor and xnack/sramecc bits (the ops table's
 * check_elf_facts). */
int flyc__amdgpu_check_elf_facts(const flyc_elf_facts_t *f, void *target);

#endif

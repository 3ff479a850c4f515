/* What target/amdgpu.c and target/amdgpu_codegen.c share. */
#ifndef FLYC_TARGET_AMDGPU_H
#define FLYC_TARGET_AMDGPU_H

#include "internal.h"

/* Chooses c->codegen once the COV is known (a no-op when chosen). */
int flyc__amdgpu_pick_path(flyc_compile_t *c);
/* The ops table's codegen: emit, link the executable, check, fill c->artifact. */
int flyc__amdgpu_codegen(flyc_compile_t *c);

#endif

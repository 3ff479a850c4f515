/* What target/nvptx.c and target/nvptx_codegen.c share. */
#ifndef FLYC_TARGET_NVPTX_H
#define FLYC_TARGET_NVPTX_H

#include "internal.h"

/* The ops table's codegen: the kernel table, PTX emission and its check,
 * filling c->artifact. */
int flyc__nvptx_codegen(flyc_compile_t *c);
/* Gives each kernel's `.entry` parameters in the PTX *code (*size bytes,
 * malloc'd, NUL-terminated; replaced) the names the kernel's LLVM
 * arguments have, where they are PTX identifiers the PTX has no other use
 * for (nvptx_names.c). FLYC_ENOMEM only: a name that cannot be used keeps
 * LLVM's `<kernel>_param_<N>`. */
int flyc__nvptx_param_names(flyc_compile_t *c, char **code, size_t *size);

#endif

/* What target/nvptx.c and target/nvptx_codegen.c share. */
#ifndef FLYC_TARGET_NVPTX_H
#define FLYC_TARGET_NVPTX_H

#include "internal.h"

/* The ops table's codegen: the kernel table, PTX emission and its check,
 * filling c->artifact. */
int flyc__nvptx_codegen(flyc_compile_t *c);

#endif

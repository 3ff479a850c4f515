/* The optimization pipeline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "flyc/llvm.h"
#include "internal.h"
#include "stage/stage.h"

int flyc__optimize(flyc_compile_t *c) {
  char passes[32];
  snprintf(passes, sizeof passes, "default<O%d>", c->opt_level);
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  flyc__llvm_options_read_begin();
  char *err = flyc__llvm_error_take(LLVMRunPasses(c->mod, passes, c->tm, po));
  flyc__llvm_options_read_end();
  LLVMDisposePassBuilderOptions(po);
  if (err) {
    int rc = flyc__error_set(FLYC_ECOMPILE, "optimization (%s) failed: %s", passes, err);
    free(err);
    return rc;
  }
  if (c->diag.len)
    return flyc__error_set(FLYC_ECOMPILE, "optimization (%s) failed: %s", passes,
                           c->diag.data);
  return FLYC_OK;
}

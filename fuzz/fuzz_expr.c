/* The builder's C arithmetic: flyc_kb_expr on any text, over values of every
 * scalar type it takes. Byte 0: bit 0 FLYC_EXPR_UNSIGNED, bits 1-7 pick the
 * operand count (0 to 6) and whether the operands are run-time values or
 * constants (which LLVM folds, as literals are); the rest is the
 * expression. Promises checked: a value always comes back (poison on an
 * error, with a message); the function the body built passes LLVM's
 * verifier (no ill-typed instruction, whatever the text); an emit fails
 * only with FLYC_EINVAL. Seeds: fuzz/corpus/expr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>

#include <flyc/kernel.h>

#include "fuzz.h"

static flyc_ctx_t *ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  return 0;
}

typedef struct input {
  unsigned flags, count, folded;
  const char *text;
} input_t;

/* Operand i: t (i32), x (float), h (half), c (i8), l (i64), b (i1), as
 * values computed from the kernel's argument n, or as constants. */
static LLVMValueRef operand(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef n, unsigned i,
                            int folded) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef ts[6] = {LLVMInt32TypeInContext(lc), LLVMFloatTypeInContext(lc),
                       LLVMHalfTypeInContext(lc),  LLVMInt8TypeInContext(lc),
                       LLVMInt64TypeInContext(lc), LLVMInt1TypeInContext(lc)};
  LLVMTypeRef t = ts[i % 6];
  int integer = LLVMGetTypeKind(t) == LLVMIntegerTypeKind;
  if (folded)
    return integer ? LLVMConstInt(t, 0x9E3779B97F4A7C15ull >> (i * 7), 0)
                   : LLVMConstReal(t, 1.5 - i);
  if (integer)
    return LLVMGetIntTypeWidth(t) == 64 ? n : LLVMBuildTrunc(b, n, t, "");
  return LLVMBuildFPTrunc(b, LLVMBuildSIToFP(b, n, LLVMDoubleTypeInContext(lc), ""), t, "");
}

static int body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args, void *payload) {
  const input_t *in = payload;
  LLVMValueRef vals[6];
  for (unsigned i = 0; i < in->count; i++)
    vals[i] = operand(kb, b, args[1], i, in->folded);
  LLVMValueRef r = flyc_kb_expr(kb, in->flags, in->text, vals, in->count);
  if (!r) /* a value always comes back inside a body */
    __builtin_trap();
  LLVMTypeRef t = LLVMTypeOf(r);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k != LLVMIntegerTypeKind && k != LLVMHalfTypeKind && k != LLVMBFloatTypeKind &&
      k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
    __builtin_trap();            /* a scalar, always */
  LLVMBuildStore(b, r, args[0]); /* used, so that LLVM checks it */
  LLVMBuildRetVoid(b);
  if (LLVMVerifyFunction(flyc_kb_function(kb), LLVMReturnStatusAction))
    __builtin_trap(); /* an ill-typed instruction */
  return 0;
}

static const flyc_param_t params[2] = {
    {sizeof(flyc_param_t), "p", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 64, 0, 0, 0, NULL},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096)
    return 0;
  char *text = malloc(size);
  if (!text)
    return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0; /* the expression ends at its first NUL */
  input_t in = {data[0] & 1u, (data[0] >> 1) % 7, (data[0] >> 4) & 1, text};
  if (!ctx && flyc_ctx_create(&ctx, "sm_80") != FLYC_OK)
    __builtin_trap();
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "expr";
  d.params = params;
  d.param_count = 2;
  d.body = body;
  d.payload = &in;
  int rc = flyc_kernel_emit(ctx, &d, NULL);
  if (rc != FLYC_OK && rc != FLYC_EINVAL)
    __builtin_trap();
  fuzz_check_status(rc, "flyc_kernel_emit");
  if (getenv("FLYC_FUZZ_VERBOSE")) /* what each input came to, for a look at the seeds */
    fprintf(stderr, "expr: \"%s\" (%u operands%s%s): %s\n", text, in.count,
            in.folded ? ", constants" : "", in.flags ? ", unsigned" : "",
            rc ? flyc_error_last()->message : "ok");
  free(text);
  flyc_ctx_destroy(ctx); /* each kernel in a module of its own */
  ctx = NULL;
  return 0;
}

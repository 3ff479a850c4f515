/* Kernel text: flyc_kb_do (or flyc_kb_eval, or a flyc_kb_loop header then
 * flyc_kb_do) on any text, over a body whose scope holds every kind of
 * name: parameters `out` (i32 elements), `src` (f32), `ro` (constant i32),
 * `raw` (no element type), `n` (i32); constexpr-like literals, a let of each
 * scalar type, a shared and a local array. Byte 0: bit 0
 * FLYC_EXPR_UNSIGNED, bits 1-2 the mode (0, 3 flyc_kb_do; 1 flyc_kb_eval;
 * 2 flyc_kb_loop on the text's first line, then flyc_kb_do on the rest),
 * bit 3 an AMDGPU context (gfx90a) instead of NVPTX (sm_80). Promises checked: the helpers
 * return FLYC_OK or FLYC_EINVAL; an emit fails only with FLYC_EINVAL (never
 * FLYC_EIR: no accepted text builds invalid IR); every message is set.
 * Seeds: fuzz/corpus/text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include <flyc/builder.h>
#include <flyc/kernel.h>

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  return 0;
}

typedef struct input {
  unsigned flags, mode;
  const char *text, *rest;
} input_t;

static void must(int rc) {
  if (rc != FLYC_OK && rc != FLYC_EINVAL)
    __builtin_trap();
}

static int body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args, void *payload) {
  (void)b;
  const input_t *in = payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  must(flyc_kb_let_int(kb, "N4", 4));
  must(flyc_kb_let_int(kb, "BIG", 5000000000));
  must(flyc_kb_let(kb, "h", LLVMConstReal(LLVMHalfTypeInContext(lc), 0.5), NULL));
  must(flyc_kb_let(kb, "c", LLVMConstInt(LLVMInt8TypeInContext(lc), 3, 0), NULL));
  must(flyc_kb_let(kb, "l", LLVMBuildSExt(b, args[1], LLVMInt64TypeInContext(lc), ""), NULL));
  must(flyc_kb_let(kb, "d", LLVMConstReal(LLVMDoubleTypeInContext(lc), 2.0), NULL));
  if (!flyc_kb_shared_array(kb, "sh", "f32", 64) || !flyc_kb_local_array(kb, "loc", "i32", 8))
    __builtin_trap();
  if (in->mode == 1) {
    if (!flyc_kb_eval(kb, in->flags, in->text)) /* a value always comes back in a body */
      __builtin_trap();
    return FLYC_OK;
  }
  if (in->mode == 2) {
    int rc = flyc_kb_loop(kb, in->flags, in->text);
    must(rc);
    if (rc)
      return rc;
    must(flyc_kb_do(kb, in->flags, in->rest));
    return flyc_kb_for_end(kb, NULL, NULL);
  }
  int rc = flyc_kb_do(kb, in->flags, in->text);
  must(rc);
  return rc;
}

static const flyc_param_t params[5] = {
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 1, "i32"},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "src", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "ro", FLYC_PARAM_PTR, 4, 4, 4, 0, "i32"},
    {sizeof(flyc_param_t), "raw", FLYC_PARAM_PTR, 0, 1, 0, 0, NULL},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096)
    return 0;
  char *text = malloc(size);
  if (!text)
    return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0; /* the text ends at its first NUL */
  input_t in = {data[0] & 1u, (data[0] >> 1) & 3u, text, ""};
  if (in.mode == 2) { /* the loop header is the first line */
    char *nl = strchr(text, '\n');
    if (nl)
      *nl = 0, in.rest = nl + 1;
  }
  flyc_ctx_t *ctx = NULL;
  if (flyc_ctx_create(&ctx, data[0] & 8u ? "gfx90a" : "sm_80") != FLYC_OK) /* LLVM 15 has both */
    __builtin_trap();
  uint32_t block[3] = {128, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "text";
  d.params = params;
  d.param_count = 5;
  d.body = body;
  d.payload = &in;
  d.launch_block = block;
  int rc = flyc_kernel_emit(ctx, &d, NULL);
  if (rc != FLYC_OK && rc != FLYC_EINVAL) {
    fprintf(stderr, "text: \"%s\": %s\n", text, flyc_error_last()->message);
    __builtin_trap();
  }
  fuzz_check_status(rc, "flyc_kernel_emit");
  if (getenv("FLYC_FUZZ_VERBOSE"))
    fprintf(stderr, "text: \"%s\" (mode %u%s): %s\n", text, in.mode, in.flags ? ", unsigned" : "",
            rc ? flyc_error_last()->message : "ok");
  free(text);
  flyc_ctx_destroy(ctx);
  return 0;
}

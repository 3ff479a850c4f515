/* NVIDIA's tensor memory accelerator for flyc/builder.h's flyc_kb_tma_*()
 * and flyc_kb_mbarrier_*(): inline PTX (PTX ISA 8.0, sm_90), the forms
 * CUTLASS's SM90 copy atoms and barriers write, since LLVM's TMA and
 * mbarrier intrinsics differ between the LLVM versions flyc builds with.
 * Every statement is a convergent call with side effects and a memory
 * clobber, so that LLVM keeps it in place among the loads, stores and
 * barriers. Filled into flyc__nvptx_builder_ops (nvptx_builder.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder_ops.h"

/* A 32-bit shared address ("r"), as CUDA's __cvta_generic_to_shared. */
static LLVMValueRef shared_addr(const flyc__kb_emit_t *e, LLVMValueRef p) {
  return LLVMBuildPtrToInt(e->b, p, LLVMInt32TypeInContext(e->lc), "");
}

/* `text` over the `n` operands `args` of constraints `cons`, returning
 * nothing. */
static int statement(const flyc__kb_emit_t *e, const char *text, const char *cons,
                     LLVMValueRef *args, LLVMTypeRef *types, unsigned n) {
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), types, n, 0);
  flyc__nvptx_asm(e, fty, text, cons, args, n);
  return 1;
}

static int mbar_init(const flyc__kb_emit_t *e, LLVMValueRef bar, LLVMValueRef count) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ts[2] = {i32, i32};
  LLVMValueRef args[2] = {shared_addr(e, bar), count};
  return statement(e, "mbarrier.init.shared::cta.b64 [$0], $1;\n"
                      "fence.proxy.async.shared::cta;",
                   "r,r,~{memory}", args, ts, 2);
}

static int mbar_arrive(const flyc__kb_emit_t *e, LLVMValueRef bar, LLVMValueRef tx) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ts[2] = {i32, i32};
  LLVMValueRef args[2] = {shared_addr(e, bar), tx};
  if (!tx)
    return statement(e, "mbarrier.arrive.shared::cta.b64 _, [$0];", "r,~{memory}", args, ts, 1);
  return statement(e, "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r,~{memory}",
                   args, ts, 2);
}

/* try_wait suspends the thread for a while before it answers false; the
 * loop asks again (a PTX label is local to its braces, so each wait's
 * block has its own). */
static int mbar_wait(const flyc__kb_emit_t *e, LLVMValueRef bar, LLVMValueRef phase) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ts[2] = {i32, i32};
  LLVMValueRef args[2] = {shared_addr(e, bar), LLVMBuildAnd(e->b, phase, LLVMConstInt(i32, 1, 0),
                                                            "")};
  return statement(e,
                   "{\n"
                   ".reg .pred p;\n"
                   "FLYC_MBAR_WAIT:\n"
                   "mbarrier.try_wait.parity.shared::cta.b64 p, [$0], $1;\n"
                   "@!p bra FLYC_MBAR_WAIT;\n"
                   "}",
                   "r,r,~{memory}", args, ts, 2);
}

/* "{$f, $f+1, ...}": the rank coordinates from operand `first` on. */
static void coords_text(char *out, size_t size, unsigned first, unsigned rank) {
  size_t at = (size_t)snprintf(out, size, "{");
  for (unsigned i = 0; i < rank; i++)
    at += (size_t)snprintf(out + at, size - at, "%s$%u", i ? ", " : "", first + i);
  snprintf(out + at, size - at, "}");
}

static int tma_load(const flyc__kb_emit_t *e, LLVMValueRef dst, LLVMValueRef map,
                    const LLVMValueRef *coords, unsigned rank, LLVMValueRef bar) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), i64 = LLVMInt64TypeInContext(e->lc);
  LLVMTypeRef ts[8] = {i32, i64, i32};
  LLVMValueRef args[8] = {shared_addr(e, dst), map, shared_addr(e, bar)};
  char c[64], text[256], cons[64] = "r,l,r";
  for (unsigned i = 0; i < rank; i++)
    ts[3 + i] = i32, args[3 + i] = coords[i], strcat(cons, ",r");
  strcat(cons, ",~{memory}");
  coords_text(c, sizeof c, 3, rank);
  snprintf(text, sizeof text,
           "cp.async.bulk.tensor.%ud.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
           "[$0], [$1, %s], [$2];",
           rank, c);
  return statement(e, text, cons, args, ts, 3 + rank);
}

static int tma_store(const flyc__kb_emit_t *e, LLVMValueRef map, const LLVMValueRef *coords,
                     unsigned rank, LLVMValueRef src) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), i64 = LLVMInt64TypeInContext(e->lc);
  LLVMTypeRef ts[8] = {i64, i32};
  LLVMValueRef args[8] = {map, shared_addr(e, src)};
  char c[64], text[256], cons[64] = "l,r";
  for (unsigned i = 0; i < rank; i++)
    ts[2 + i] = i32, args[2 + i] = coords[i], strcat(cons, ",r");
  strcat(cons, ",~{memory}");
  coords_text(c, sizeof c, 2, rank);
  snprintf(text, sizeof text, "cp.async.bulk.tensor.%ud.global.shared::cta.tile.bulk_group "
                              "[$0, %s], [$1];",
           rank, c);
  return statement(e, text, cons, args, ts, 2 + rank);
}

static int tma_commit(const flyc__kb_emit_t *e) {
  return statement(e, "cp.async.bulk.commit_group;", "~{memory}", NULL, NULL, 0);
}

static int tma_wait(const flyc__kb_emit_t *e, unsigned pending) {
  char text[64];
  snprintf(text, sizeof text, "cp.async.bulk.wait_group.read %u;", pending);
  return statement(e, text, "~{memory}", NULL, NULL, 0);
}

static int tma_fence(const flyc__kb_emit_t *e) {
  return statement(e, "fence.proxy.async.shared::cta;", "~{memory}", NULL, NULL, 0);
}

static const flyc__tma_unit_t nv_tma = {
    .mbarrier_init = mbar_init,
    .mbarrier_arrive = mbar_arrive,
    .mbarrier_wait = mbar_wait,
    .load = tma_load,
    .store = tma_store,
    .commit = tma_commit,
    .wait = tma_wait,
    .fence = tma_fence,
};

const flyc__tma_unit_t *flyc__nvptx_tma(const flyc_target_t *t, const char **why) {
  const char *n = t->proc->name;
  if (strncmp(n, "sm_", 3) == 0 && atoi(n + 3) >= 90)
    return &nv_tma;
  *why = "TMA (the tensor memory accelerator) is sm_90's and newer";
  return NULL;
}

/* The tensor memory accelerator of flyc/builder.h (flyc_kb_tma_*(),
 * flyc_kb_mbarrier_*()) and the FLYC_PARAM_TENSOR_MAP parameter: the
 * operands checked here, the instructions the target's
 * (flyc__builder_ops_t.tma_unit, target/nvptx_tma.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

/* PTX ISA 8.0: the bulk tensor copies and mbarrier's expect_tx. */
#define TMA_PTX 80

const char *flyc__kb_tma_missing(const flyc_ctx_t *c) {
  const char *why = "the target has no TMA (the tensor memory accelerator is NVIDIA sm_90's "
                    "and newer)";
  if (!c->bops->tma_unit || !c->bops->grid_constant || !c->bops->tma_unit(&c->target, &why))
    return why;
  if (flyc__llvm_max_ptx() < TMA_PTX || flyc__llvm_major() < 18)
    return "TMA needs LLVM 18 or newer (PTX ISA 8.0 and grid-constant parameters)";
  return NULL;
}

/* The processor's unit, or NULL with FLYC_EUNSUPPORTED recorded. The
 * kernel asks for PTX ISA 8.0 (the compile honours a function's +ptx). */
static const flyc__tma_unit_t *unit_of(flyc_kernel_builder_t *kb, const char *what) {
  const char *why = flyc__kb_tma_missing(kb->ctx);
  if (why) {
    fail(kb, flyc__error_set(FLYC_EUNSUPPORTED, "%s: %s: %s", what, kb->ctx->target.id, why));
    return NULL;
  }
  unsigned len;
  const char *f = flyc__fn_attr(kb->fn, "target-features", &len);
  if (!len)
    flyc__fn_set_attr(kb->ctx->llctx, kb->fn, "target-features", "+ptx80");
  else if (!memmem(f, len, "+ptx8", 5) && !memmem(f, len, "+ptx9", 5)) {
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s,+ptx80", (int)(len < 200 ? len : 200), f);
    flyc__fn_set_attr(kb->ctx->llctx, kb->fn, "target-features", buf);
  }
  return kb->ctx->bops->tma_unit(&kb->ctx->target, &why);
}

static int shared_ptr(flyc_kernel_builder_t *kb, LLVMValueRef p, const char *what,
                      const char *arg) {
  return shared_ptr_ok(kb, p, what, arg, "");
}

static int i32_ok(flyc_kernel_builder_t *kb, LLVMValueRef v, const char *what, const char *arg) {
  if (!value_ok(kb, v, what, arg))
    return 0;
  if (LLVMTypeOf(v) == LLVMInt32TypeInContext(kb->ctx->llctx))
    return 1;
  char *have = LLVMPrintTypeToString(LLVMTypeOf(v));
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s is %s, not an i32", what, arg, have));
  LLVMDisposeMessage(have);
  return 0;
}

/* A constant `v` (an i32) in [lo, hi], or a run-time one; else FLYC_EINVAL
 * recorded. */
static int in_range(flyc_kernel_builder_t *kb, LLVMValueRef v, long long lo, long long hi,
                    const char *what, const char *arg, const char *why) {
  if (!LLVMIsAConstantInt(v))
    return 1;
  long long x = LLVMConstIntGetSExtValue(v);
  if (x >= lo && x <= hi)
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s %lld is not %lld to %lld (%s)", what, arg, x, lo,
                           hi, why));
  return 0;
}

/* The i64 address of tensor-map parameter `map` of this kernel, or NULL
 * (recorded). */
static LLVMValueRef map_addr(flyc_kernel_builder_t *kb, LLVMValueRef map, const char *what) {
  if (!value_ok(kb, map, what, "map"))
    return NULL;
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  for (unsigned i = 0, n = LLVMCountParams(kb->fn); LLVMIsAArgument(map) && i < n; i++)
    if (LLVMGetParam(kb->fn, i) == map && LLVMGetEnumAttributeAtIndex(kb->fn, i + 1, byval))
      return LLVMBuildPtrToInt(kb->b, map, LLVMInt64TypeInContext(kb->ctx->llctx), "tmap");
  return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: map is not a FLYC_PARAM_TENSOR_MAP "
                                               "parameter of kernel '%s'", what, kb->name));
}

static int coords_ok(flyc_kernel_builder_t *kb, const LLVMValueRef *coords, unsigned rank,
                     const char *what) {
  if (rank < 1 || rank > 5) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: rank %u is not 1 to 5 (a tensor map's)", what,
                             rank));
    return 0;
  }
  if (!coords) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: coords is NULL", what));
    return 0;
  }
  char arg[32];
  for (unsigned i = 0; i < rank; i++) {
    snprintf(arg, sizeof arg, "coords[%u]", i);
    if (!i32_ok(kb, coords[i], what, arg))
      return 0;
  }
  return 1;
}

/* The unit after the common checks of every helper; NULL when one failed
 * (recorded) or outside a body (returned). */
static const flyc__tma_unit_t *start(flyc_kernel_builder_t *kb, const char *what) {
  if (!helper_ok(kb, 0, what))
    return NULL;
  return unit_of(kb, what);
}

static int done(flyc_kernel_builder_t *kb, int emitted) {
  if (emitted)
    return FLYC_OK;
  fail(kb, flyc__error_set(FLYC_ENOMEM, "out of memory"));
  return FLYC_ENOMEM;
}

/* The code of the error this call has just set (and recorded). */
static int status(void) { return flyc_error_last()->code; }

int flyc_kb_mbarrier_init(flyc_kernel_builder_t *kb, LLVMValueRef bar, LLVMValueRef count) {
  const char *what = "flyc_kb_mbarrier_init";
  const flyc__tma_unit_t *u = start(kb, what);
  if (!u || !shared_ptr(kb, bar, what, "bar") || !i32_ok(kb, count, what, "count") ||
      !in_range(kb, count, 1, (1 << 20) - 1, what, "count", "mbarrier's arrivals a phase"))
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->mbarrier_init(&e, bar, count));
}

int flyc_kb_mbarrier_arrive(flyc_kernel_builder_t *kb, LLVMValueRef bar, LLVMValueRef tx_bytes) {
  const char *what = "flyc_kb_mbarrier_arrive";
  const flyc__tma_unit_t *u = start(kb, what);
  if (!u || !shared_ptr(kb, bar, what, "bar") ||
      (tx_bytes && (!i32_ok(kb, tx_bytes, what, "tx_bytes") ||
                    !in_range(kb, tx_bytes, 0, (1 << 20) - 1, what, "tx_bytes",
                              "mbarrier's transaction count"))))
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->mbarrier_arrive(&e, bar, tx_bytes));
}

int flyc_kb_mbarrier_wait(flyc_kernel_builder_t *kb, LLVMValueRef bar, LLVMValueRef phase) {
  const char *what = "flyc_kb_mbarrier_wait";
  const flyc__tma_unit_t *u = start(kb, what);
  if (!u || !shared_ptr(kb, bar, what, "bar") || !i32_ok(kb, phase, what, "phase"))
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->mbarrier_wait(&e, bar, phase));
}

int flyc_kb_tma_load(flyc_kernel_builder_t *kb, LLVMValueRef dst, LLVMValueRef map,
                     const LLVMValueRef *coords, unsigned rank, LLVMValueRef bar) {
  const char *what = "flyc_kb_tma_load";
  const flyc__tma_unit_t *u = start(kb, what);
  if (!u || !shared_ptr(kb, dst, what, "dst") || !shared_ptr(kb, bar, what, "bar") ||
      !coords_ok(kb, coords, rank, what))
    return status();
  LLVMValueRef m = map_addr(kb, map, what);
  if (!m)
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->load(&e, dst, m, coords, rank, bar));
}

int flyc_kb_tma_store(flyc_kernel_builder_t *kb, LLVMValueRef map, const LLVMValueRef *coords,
                      unsigned rank, LLVMValueRef src) {
  const char *what = "flyc_kb_tma_store";
  const flyc__tma_unit_t *u = start(kb, what);
  if (!u || !shared_ptr(kb, src, what, "src") || !coords_ok(kb, coords, rank, what))
    return status();
  LLVMValueRef m = map_addr(kb, map, what);
  if (!m)
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->store(&e, m, coords, rank, src));
}

int flyc_kb_tma_commit(flyc_kernel_builder_t *kb) {
  const flyc__tma_unit_t *u = start(kb, "flyc_kb_tma_commit");
  if (!u)
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->commit(&e));
}

int flyc_kb_tma_wait(flyc_kernel_builder_t *kb, unsigned pending) {
  const char *what = "flyc_kb_tma_wait";
  const flyc__tma_unit_t *u = start(kb, what);
  if (!u)
    return status();
  if (pending > 63) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: pending %u is over 63", what, pending));
    return status();
  }
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->wait(&e, pending));
}

int flyc_kb_tma_fence(flyc_kernel_builder_t *kb) {
  const flyc__tma_unit_t *u = start(kb, "flyc_kb_tma_fence");
  if (!u)
    return status();
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return done(kb, u->fence(&e));
}

/* 1 when every use of pointer `v`, through GEPs and casts, reads it: a
 * load from it, or the TMA helpers' ptrtoint that only inline asm takes. */
static int only_read(LLVMValueRef v, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || depth > 16)
      return 0;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
      continue; /* a pointer's one operand */
    case LLVMGetElementPtr:
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
      if (LLVMGetOperand(user, 0) != v || !only_read(user, depth + 1))
        return 0;
      continue;
    case LLVMPtrToInt:
      for (LLVMUseRef w = LLVMGetFirstUse(user); w; w = LLVMGetNextUse(w)) {
        LLVMValueRef call = LLVMGetUser(w);
        if (!LLVMIsACallInst(call) || !LLVMIsAInlineAsm(LLVMGetCalledValue(call)))
          return 0;
      }
      continue;
    default:
      return 0;
    }
  }
  return 1;
}

int flyc__kb_tma_maps_read(flyc_kernel_builder_t *kb, const flyc_kernel_def_t *def) {
  for (size_t i = 0; i < def->param_count; i++)
    if (def->params[i].kind == FLYC_PARAM_TENSOR_MAP &&
        !only_read(LLVMGetParam(kb->fn, (unsigned)i), 0))
      return flyc__error_set(FLYC_EINVAL, "kernel '%s': parameter %zu ('%s') is a tensor map, "
                                          "read-only (CUDA's const __grid_constant__): only loads "
                                          "and the TMA helpers may use it",
                             kb->name, i, def->params[i].name ? def->params[i].name : "");
  return FLYC_OK;
}

/* The helpers kernel bodies call: indices, lane id, barriers and fences
 * (IR snippets), constexprs, device-library math (flyc/kernel.h). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "builder.h"

/* ---- helpers ---- */

/* Calls `name` of type `fty`, declared on first use. A module symbol of that
 * name with another shape is in the way: NULL, and the emit fails. */
static LLVMValueRef call(flyc_kernel_builder_t *kb, const char *name, LLVMTypeRef fty,
                         LLVMValueRef *args, unsigned nargs) {
  LLVMValueRef f = LLVMGetNamedFunction(kb->ctx->mod, name);
  if (!f && !LLVMGetNamedGlobal(kb->ctx->mod, name))
    f = LLVMAddFunction(kb->ctx->mod, name, fty);
  else if (!f || LLVMGlobalGetValueType(f) != fty || LLVMGetFunctionCallConv(f) != 0) {
    if (!kb->rc)
      kb->rc = flyc__error_set(FLYC_EINVAL, "the module already has a '%s' that is not the "
                                            "declaration flyc needs", name);
    return NULL;
  }
  return LLVMBuildCall2(kb->b, fty, f, args, nargs, "");
}

/* A call to `name`: i32 (), or, with `arg`, i64 (i32) truncated to i32. */
static LLVMValueRef call_i32(flyc_kernel_builder_t *kb, const char *name, int has_arg,
                             unsigned arg) {
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), i64 = LLVMInt64TypeInContext(lc);
  if (!has_arg)
    return call(kb, name, LLVMFunctionType(i32, NULL, 0, 0), NULL, 0);
  LLVMValueRef a = LLVMConstInt(i32, arg, 0);
  LLVMValueRef v = call(kb, name, LLVMFunctionType(i64, &i32, 1, 0), &a, 1);
  return v ? LLVMBuildTrunc(kb->b, v, i32, "") : NULL;
}

LLVMValueRef flyc_kb_thread_idx(flyc_kernel_builder_t *kb, unsigned axis) {
  return helper_ok(kb, axis, "flyc_kb_thread_idx") ? call_i32(kb, kb->ctx->fam->tid[axis], 0, 0)
                                                   : NULL;
}

LLVMValueRef flyc_kb_block_idx(flyc_kernel_builder_t *kb, unsigned axis) {
  return helper_ok(kb, axis, "flyc_kb_block_idx") ? call_i32(kb, kb->ctx->fam->bid[axis], 0, 0)
                                                  : NULL;
}

LLVMValueRef flyc_kb_block_dim(flyc_kernel_builder_t *kb, unsigned axis) {
  if (!helper_ok(kb, axis, "flyc_kb_block_dim"))
    return NULL;
  if (kb->block[0])
    return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), kb->block[axis], 0);
  const family_t *f = kb->ctx->fam;
  return f->ntid[axis] ? call_i32(kb, f->ntid[axis], 0, 0) : call_i32(kb, f->ockl_ntid, 1, axis);
}

LLVMValueRef flyc_kb_grid_dim(flyc_kernel_builder_t *kb, unsigned axis) {
  if (!helper_ok(kb, axis, "flyc_kb_grid_dim"))
    return NULL;
  const family_t *f = kb->ctx->fam;
  return f->nbid[axis] ? call_i32(kb, f->nbid[axis], 0, 0) : call_i32(kb, f->ockl_nbid, 1, axis);
}

LLVMValueRef flyc_kb_lane_id(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_lane_id"))
    return NULL;
  if (kb->ctx->target.family == FLYC_TARGET_NVPTX)
    return call_i32(kb, "llvm.nvvm.read.ptx.sreg.laneid", 0, 0);
  /* Lanes below this one in the wavefront: mbcnt over an all-ones mask, as
   * HIP's __lane_id(). */
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx), ps[2] = {i32, i32};
  LLVMTypeRef fty = LLVMFunctionType(i32, ps, 2, 0);
  LLVMValueRef args[2] = {LLVMConstAllOnes(i32), LLVMConstInt(i32, 0, 0)};
  LLVMValueRef lo = call(kb, "llvm.amdgcn.mbcnt.lo", fty, args, 2);
  if (!lo || kb->ctx->target.wave != 64)
    return lo;
  args[1] = lo;
  return call(kb, "llvm.amdgcn.mbcnt.hi", fty, args, 2);
}

LLVMValueRef flyc_kb_wave_size(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_wave_size"))
    return NULL;
  return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), kb->ctx->target.wave, 0);
}

static void quiet_diag(LLVMDiagnosticInfoRef d, void *p) { (void)d, (void)p; }

/* The function `fname` defined by the IR snippet `ir`, linked into the
 * module once (slot `slot`). Parsed from text: llvm-c before LLVM 20 cannot
 * build a fence with a sync scope. */
static LLVMValueRef snippet(flyc_kernel_builder_t *kb, int slot, const char *fname,
                            const char *ir) {
  flyc_ctx_t *c = kb->ctx;
  if (c->snippets[slot])
    return c->snippets[slot];
  if (LLVMGetNamedFunction(c->mod, fname) || LLVMGetNamedGlobal(c->mod, fname))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "the module already has a '%s' (a name flyc "
                                                 "reserves)", fname));
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), "flyc-snippet");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(c->llctx, buf, &m, &msg)) {
    int rc = flyc__error_set(FLYC_EIR, "%s: internal IR rejected: %s", fname, msg ? msg : "");
    LLVMDisposeMessage(msg);
    return fail(kb, rc);
  }
  LLVMSetTarget(m, LLVMGetTarget(c->mod));
  LLVMSetDataLayout(m, LLVMGetDataLayoutStr(c->mod));
  /* LLVM's default diagnostic handler prints and exits; swallow them. */
  LLVMDiagnosticHandler old_h = LLVMContextGetDiagnosticHandler(c->llctx);
  void *old_p = LLVMContextGetDiagnosticContext(c->llctx);
  LLVMContextSetDiagnosticHandler(c->llctx, quiet_diag, NULL);
  int failed = LLVMLinkModules2(c->mod, m);
  LLVMContextSetDiagnosticHandler(c->llctx, old_h, old_p);
  LLVMValueRef f = failed ? NULL : LLVMGetNamedFunction(c->mod, fname);
  if (!f)
    return fail(kb, flyc__error_set(FLYC_ELINK, "%s: linking flyc's helper failed", fname));
  /* External in the snippet (the linker drops unreferenced internal
   * symbols); internal from now on, inlined and gone after optimization. */
  LLVMSetLinkage(f, LLVMInternalLinkage);
  return c->snippets[slot] = f;
}

int flyc_kb_barrier(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_barrier"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_barrier: called outside a kernel body");
  LLVMValueRef f = snippet(kb, SNIPPET_BARRIER, "__flyc_barrier", kb->ctx->fam->barrier_ir);
  if (!f)
    return kb->rc;
  LLVMBuildCall2(kb->b, LLVMGlobalGetValueType(f), f, NULL, 0, "");
  return FLYC_OK;
}

int flyc_kb_fence(flyc_kernel_builder_t *kb, flyc_memory_order_t order,
                  flyc_memory_scope_t scope) {
  if (!helper_ok(kb, 0, "flyc_kb_fence"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_fence: called outside a kernel body");
  if (order < FLYC_ORDER_ACQUIRE || order > FLYC_ORDER_SEQ_CST ||
      scope < FLYC_SCOPE_WORKGROUP || scope > FLYC_SCOPE_SYSTEM) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_fence: order %d or scope %d is not one of "
                                          "flyc_memory_order_t / flyc_memory_scope_t",
                             (int)order, (int)scope));
    return kb->rc;
  }
  static const char *const scopes[] = {"", "workgroup", "agent", "system"};
  if (kb->ctx->target.family == FLYC_TARGET_NVPTX) {
    /* CUDA's __threadfence_block / __threadfence / __threadfence_system. */
    static const char *const membar[] = {"", "llvm.nvvm.membar.cta", "llvm.nvvm.membar.gl",
                                         "llvm.nvvm.membar.sys"};
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(kb->ctx->llctx), NULL, 0, 0);
    return call(kb, membar[scope], fty, NULL, 0) ? FLYC_OK : kb->rc;
  }
  /* AMDGPU: a fence with the scope's syncscope, built directly where llvm-c
   * can (LLVM 20+), else through a parsed IR snippet. */
  static const LLVMAtomicOrdering llorder[] = {
      LLVMAtomicOrderingNotAtomic, LLVMAtomicOrderingAcquire, LLVMAtomicOrderingRelease,
      LLVMAtomicOrderingAcquireRelease, LLVMAtomicOrderingSequentiallyConsistent};
  if (flyc__build_fence(kb->b, llorder[order], scope == FLYC_SCOPE_SYSTEM ? "" : scopes[scope]))
    return FLYC_OK;
  static const char *const orders[] = {"", "acquire", "release", "acq_rel", "seq_cst"};
  char fname[64], ir[256];
  snprintf(fname, sizeof fname, "__flyc_fence_%s_%s", scopes[scope], orders[order]);
  snprintf(ir, sizeof ir,
           "define void @%s() alwaysinline nounwind {\n"
           "  fence %s%s%s %s\n  ret void\n}\n",
           fname, scope == FLYC_SCOPE_SYSTEM ? "" : "syncscope(\"",
           scope == FLYC_SCOPE_SYSTEM ? "" : scopes[scope],
           scope == FLYC_SCOPE_SYSTEM ? "" : "\")", orders[order]);
  LLVMValueRef f = snippet(kb, SNIPPET_FENCE(scope, order), fname, ir);
  if (!f)
    return kb->rc;
  LLVMBuildCall2(kb->b, LLVMGlobalGetValueType(f), f, NULL, 0, "");
  return FLYC_OK;
}

const flyc_constexpr_t *flyc_kb_constexpr(flyc_kernel_builder_t *kb, const char *name) {
  if (!helper_ok(kb, 0, "flyc_kb_constexpr"))
    return NULL;
  for (size_t i = 0; name && i < kb->ncx; i++)
    if (strcmp(kb->cx[i].name, name) == 0)
      return &kb->cx[i];
  fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s' has no constexpr '%.64s'", kb->name,
                           name ? name : "(null)"));
  return NULL;
}

unsigned flyc_kb_fast_math_flags(const flyc_kernel_builder_t *kb) { return kb ? kb->fmf : 0; }

/* ---- device-library math ---- */

LLVMValueRef flyc_kb_math(flyc_kernel_builder_t *kb, flyc_math_fn_t fn, LLVMValueRef x,
                          LLVMValueRef y) {
  if (!helper_ok(kb, 0, "flyc_kb_math"))
    return NULL;
  static const char *const names[] = {"", "exp", "log", "sqrt", "sin", "cos", "rsqrt", "pow",
                                      "erf"};
  if (fn < FLYC_MATH_EXP || fn > FLYC_MATH_ERF)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math: %d is not a flyc_math_fn_t",
                                    (int)fn));
  LLVMTypeKind k = x ? LLVMGetTypeKind(LLVMTypeOf(x)) : LLVMVoidTypeKind;
  if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math(%s): x must be an f32 or f64 "
                                                 "value",
                                    names[fn]));
  if ((fn == FLYC_MATH_POW) != (y != NULL) || (y && LLVMTypeOf(y) != LLVMTypeOf(x)))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math(%s): %s", names[fn],
                                    fn == FLYC_MATH_POW ? "y must be given, of x's type"
                                                        : "takes no y"));
  int f64 = k == LLVMDoubleTypeKind;
  char sym[32];
  if (kb->ctx->target.family == FLYC_TARGET_AMDGPU)
    snprintf(sym, sizeof sym, "__ocml_%s_f%d", names[fn], f64 ? 64 : 32);
  else
    snprintf(sym, sizeof sym, "__nv_%s%s", names[fn], f64 ? "" : "f");
  flyc_type_t t = {f64 ? FLYC_TYPE_F64 : FLYC_TYPE_F32, 0}, ts[2] = {t, t};
  flyc_ffi_t f = {sym, t, ts, fn == FLYC_MATH_POW ? 2 : 1, 1};
  LLVMValueRef a[2] = {x, y};
  LLVMValueRef v = flyc_kb_call(kb, &f, a, f.arg_count);
  if (v && kb->fmf)
    flyc__set_fast_math_flags(v, kb->fmf);
  return v;
}

LLVMValueRef flyc_kb_function(const flyc_kernel_builder_t *kb) { return kb ? kb->fn : NULL; }

LLVMContextRef flyc_kb_llvm_context(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->llctx : NULL;
}

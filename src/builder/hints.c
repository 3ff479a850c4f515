/* Compile hints: the per-thread scope stack, their target limits and their
 * lowering onto a kernel (flyc/kernel.h). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "builder.h"

/* ---- compile hints: a per-thread stack of merged scopes ---- */

#define MAX_HINT_DEPTH 64
static _Thread_local flyc_compile_hints_t hint_stack[MAX_HINT_DEPTH];
static _Thread_local int hint_depth;

int flyc_hints_current(flyc_compile_hints_t *out) {
  static const flyc_compile_hints_t none = FLYC_COMPILE_HINTS_INIT;
  if (!out)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_current: out is required");
  uint32_t size = out->size;
  if (size < FLYC__HINTS_V1)
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_hints_t: size %u is below the first "
                                        "version's %zu (start from FLYC_COMPILE_HINTS_INIT)",
                           size, FLYC__HINTS_V1);
  /* A bigger caller's newer fields stay as it set them (unset). */
  const flyc_compile_hints_t *cur = hint_depth ? &hint_stack[hint_depth - 1] : &none;
  memcpy(out, cur, size < sizeof *cur ? size : sizeof *cur);
  out->size = size;
  return FLYC_OK;
}

/* The caller's hints at this flyc's size: the fields a smaller (older)
 * struct lacks are unset, not 0 (every hint is an int32_t). */
static int hints_in(flyc_compile_hints_t *dst, const flyc_compile_hints_t *src) {
  int rc = flyc__struct_in(dst, sizeof *dst, src, FLYC__HINTS_V1, "flyc_compile_hints_t");
  if (rc)
    return rc;
  const int32_t unset = FLYC_HINT_UNSET;
  for (size_t off = offsetof(flyc_compile_hints_t, waves_per_eu); off < sizeof *dst;
       off += sizeof unset)
    if (off + sizeof unset > src->size)
      memcpy((char *)dst + off, &unset, sizeof unset);
  return FLYC_OK;
}

int flyc_hints_push(const flyc_compile_hints_t *hints) {
  if (!hints)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_push: hints are required");
  flyc_compile_hints_t copy;
  int rc = hints_in(&copy, hints);
  if (rc)
    return rc;
  const flyc_compile_hints_t *h = &copy;
  if (hint_depth == MAX_HINT_DEPTH)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_push: %d hint scopes are already open",
                           MAX_HINT_DEPTH);
  struct {
    const char *name;
    int32_t v, lo, hi;
  } f[] = {{"waves_per_eu", h->waves_per_eu, 0, INT32_MAX},
           {"maxnreg", h->maxnreg, 1, INT32_MAX},
           {"fastmath", h->fastmath, 0, FLYC_FMF_FAST},
           {"fast_fp_math", h->fast_fp_math, 0, 1}};
  for (size_t i = 0; i < sizeof f / sizeof *f; i++)
    if (f[i].v != FLYC_HINT_UNSET && (f[i].v < f[i].lo || f[i].v > f[i].hi))
      return flyc__error_set(FLYC_EINVAL,
                             "compile hint %s = %d is out of range (%d to %d, or "
                             "FLYC_HINT_UNSET)",
                             f[i].name, (int)f[i].v, (int)f[i].lo, (int)f[i].hi);
  flyc_compile_hints_t m = FLYC_COMPILE_HINTS_INIT;
  flyc_hints_current(&m);
  if (h->waves_per_eu != FLYC_HINT_UNSET)
    m.waves_per_eu = h->waves_per_eu;
  if (h->maxnreg != FLYC_HINT_UNSET)
    m.maxnreg = h->maxnreg;
  if (h->fastmath != FLYC_HINT_UNSET)
    m.fastmath = h->fastmath;
  if (h->fast_fp_math != FLYC_HINT_UNSET)
    m.fast_fp_math = h->fast_fp_math;
  hint_stack[hint_depth++] = m;
  return FLYC_OK;
}

int flyc_hints_pop(void) {
  if (!hint_depth)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_pop: no hint scope is open");
  hint_depth--;
  return FLYC_OK;
}

/* FlyDSL's effective fastmath: the explicit flags, else fast under
 * fast_fp_math, else none. */
unsigned flyc__hints_fmf(const flyc_compile_hints_t *h) {
  if (h->fastmath != FLYC_HINT_UNSET)
    return (unsigned)h->fastmath;
  return h->fast_fp_math == 1 ? FLYC_FMF_FAST : 0;
}

/* The target-dependent limits of the hints. */
int flyc__hints_check(const flyc_ctx_t *c, const flyc_compile_hints_t *h) {
  const char *p = c->target.proc->name;
  flyc__hint_limits_t lim;
  c->bops->hint_limits(&c->target, &lim);
  if (h->maxnreg != FLYC_HINT_UNSET && h->maxnreg < lim.min_regs)
    return flyc__error_set(FLYC_EINVAL, "compile hint maxnreg = %d: %s", (int)h->maxnreg,
                           lim.min_regs_why);
  if (h->waves_per_eu != FLYC_HINT_UNSET && h->waves_per_eu > lim.max_waves)
    return flyc__error_set(FLYC_EINVAL, "compile hint waves_per_eu = %d: %s runs at most %d "
                                        "waves per EU",
                           (int)h->waves_per_eu, p, (int)lim.max_waves);
  if (h->maxnreg != FLYC_HINT_UNSET && h->maxnreg > lim.max_regs)
    return flyc__error_set(FLYC_EINVAL, "compile hint maxnreg = %d: %s has at most %d %s",
                           (int)h->maxnreg, p, (int)lim.max_regs, lim.regs_unit);
  return FLYC_OK;
}

/* The compile hints as function attributes: set when the kernel is
 * declared and again after its body ran, so that a hint wins over what the
 * body set itself (FlyDSL's hints test). */
void flyc__hints_apply(flyc_ctx_t *c, LLVMValueRef fn, const flyc_compile_hints_t *h,
                       unsigned fmf) {
  LLVMContextRef lc = c->llctx;
  /* Fast math as the backends read it per function (what clang sets for
   * -ffast-math and its parts). */
  static const struct {
    unsigned need;
    const char *attr;
  } fm[] = {{FLYC_FMF_NNAN, "no-nans-fp-math"},
            {FLYC_FMF_NINF, "no-infs-fp-math"},
            {FLYC_FMF_NSZ, "no-signed-zeros-fp-math"},
            {FLYC_FMF_AFN, "approx-func-fp-math"},
            {FLYC_FMF_FAST, "unsafe-fp-math"}};
  for (size_t i = 0; i < sizeof fm / sizeof *fm; i++)
    if ((fmf & fm[i].need) == fm[i].need)
      flyc__fn_set_attr(lc, fn, fm[i].attr, "true");
  if (c->bops->apply_hints)
    c->bops->apply_hints(lc, fn, h);
}

/* ---- loop hints ---- */

void flyc__kb_loop_unroll_md(flyc_kernel_builder_t *kb, LLVMValueRef latch_br, unsigned count) {
  LLVMContextRef c = kb->ctx->llctx;
  const char *key = count == 0   ? "llvm.loop.unroll.full"
                    : count == 1 ? "llvm.loop.unroll.disable"
                                 : "llvm.loop.unroll.count";
  LLVMMetadataRef k = LLVMMDStringInContext2(c, key, strlen(key)), ops[2];
  ops[0] = k;
  ops[1] = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c), count, 0));
  LLVMMetadataRef prop = LLVMMDNodeInContext2(c, ops, count > 1 ? 2 : 1);
  /* A loop ID is a node whose first operand is itself: made through a
   * temporary, whose replacement by the node makes it distinct. */
  LLVMMetadataRef tmp = LLVMTemporaryMDNode(c, NULL, 0);
  ops[0] = tmp, ops[1] = prop;
  LLVMMetadataRef loop = LLVMMDNodeInContext2(c, ops, 2);
  LLVMMetadataReplaceAllUsesWith(tmp, loop);
  LLVMSetMetadata(latch_br, LLVMGetMDKindIDInContext(c, "llvm.loop", 9),
                  LLVMMetadataAsValue(c, loop));
}

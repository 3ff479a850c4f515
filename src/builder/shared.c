/* Shared memory (LDS): the per-kernel allocator, static and dynamic
 * (flyc/kernel.h). */
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

/* ---- shared memory ---- */

static int pow2_align(unsigned a) { return a && !(a & (a - 1)) && a <= 4096; }

flyc_shared_allocator_t *flyc_kb_shared_allocator(flyc_kernel_builder_t *kb,
                                                  flyc_shared_mode_t mode, unsigned base_align) {
  if (!helper_ok(kb, 0, "flyc_kb_shared_allocator"))
    return NULL;
  if (kb->shared.live)
    return (void *)fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s': only one shared "
                                                         "allocator is allowed per kernel",
                                            kb->name));
  if (mode != FLYC_SHARED_STATIC && mode != FLYC_SHARED_DYNAMIC)
    return (void *)fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_shared_allocator: mode %d is "
                                                         "not static (0) or dynamic (1)",
                                            (int)mode));
  if (!base_align)
    base_align = 16;
  if (!pow2_align(base_align))
    return (void *)fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_shared_allocator: base "
                                                         "alignment %u is not a power of two "
                                                         "up to 4096",
                                            base_align));
  kb->shared.kb = kb;
  kb->shared.mode = mode;
  kb->shared.base_align = base_align;
  kb->shared.used = 0;
  kb->shared.live = 1;
  return &kb->shared;
}

/* The module's dynamic shared region (`extern __shared__ char x[]`), its
 * alignment raised to `align`. */
static LLVMValueRef dynamic_region(flyc_kernel_builder_t *kb, unsigned align) {
  flyc_ctx_t *c = kb->ctx;
  static const char name[] = "__flyc_dynamic_shared";
  if (!c->dyn_global) {
    if (LLVMGetNamedFunction(c->mod, name) || LLVMGetNamedGlobal(c->mod, name))
      return fail(kb, flyc__error_set(FLYC_EINVAL, "the module already has a '%s' (a name "
                                                   "flyc reserves)", name));
    LLVMTypeRef t = LLVMArrayType(LLVMInt8TypeInContext(c->llctx), 0);
    c->dyn_global = LLVMAddGlobalInAddressSpace(c->mod, t, name, 3);
    LLVMSetLinkage(c->dyn_global, LLVMExternalLinkage);
    LLVMSetAlignment(c->dyn_global, 16);
  }
  if (LLVMGetAlignment(c->dyn_global) < align)
    LLVMSetAlignment(c->dyn_global, align);
  return c->dyn_global;
}

static LLVMValueRef shared_alloc_impl(flyc_shared_allocator_t *a, uint64_t bytes, unsigned align) {
  if (!a || !a->live) {
    /* A failed flyc_kb_shared_allocator() handed to us: the emit must fail
     * (it has already unless the body dropped that error). */
    int rc = flyc__error_set(FLYC_EINVAL, "flyc_kb_shared_alloc: no allocator (NULL, or not "
                                          "from flyc_kb_shared_allocator())");
    if (flyc__current_kb)
      fail(flyc__current_kb, rc);
    return NULL;
  }
  if (!helper_ok(a->kb, 0, "flyc_kb_shared_alloc"))
    return NULL;
  flyc_kernel_builder_t *kb = a->kb;
  if (!bytes)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s': a shared allocation must be "
                                                 "larger than 0 bytes",
                                    kb->name));
  if (align && !pow2_align(align))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s': shared alignment %u is not a "
                                                 "power of two up to 4096",
                                    kb->name, align));
  if (align < a->base_align)
    align = a->base_align;
  uint64_t static_max, total_max;
  flyc__shared_limits(kb->ctx->target.id, &static_max, &total_max);
  uint64_t max = a->mode == FLYC_SHARED_STATIC ? static_max : total_max;
  uint64_t off = (a->used + align - 1) & ~(uint64_t)(align - 1);
  if (bytes > max || off + bytes > max)
    return fail(kb, flyc__error_set(FLYC_ECOMPILE,
                                    "kernel '%s': %s shared memory of %llu bytes exceeds the "
                                    "%llu bytes %s allows a block",
                                    kb->name, a->mode == FLYC_SHARED_STATIC ? "static" : "dynamic",
                                    (unsigned long long)(bytes > max ? bytes : off + bytes),
                                    (unsigned long long)max, kb->ctx->target.proc->name));
  a->used = off + bytes;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc);
  if (a->mode == FLYC_SHARED_STATIC) {
    /* As clang's `__shared__ char x[N]`: internal, undef, addrspace(3). */
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(kb->ctx->mod, LLVMArrayType(i8, (unsigned)bytes),
                                                 "__flyc_shared", 3);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetInitializer(g, LLVMGetUndef(LLVMArrayType(i8, (unsigned)bytes)));
    LLVMSetAlignment(g, align);
    return g;
  }
  LLVMValueRef base = dynamic_region(kb, align);
  if (!base)
    return NULL;
  LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(lc), off, 0);
  return LLVMBuildInBoundsGEP2(kb->b, i8, base, &idx, 1, "shared");
}

LLVMValueRef flyc_kb_shared_alloc(flyc_shared_allocator_t *a, uint64_t bytes, unsigned align) {
  LLVMValueRef v = shared_alloc_impl(a, bytes, align);
  return or_poison(a ? a->kb : NULL, v,
                   a && a->kb && a->kb->ctx ? LLVMPointerTypeInContext(a->kb->ctx->llctx, 3)
                                            : NULL);
}

uint64_t flyc_kb_shared_allocated(const flyc_shared_allocator_t *a) {
  return a && a->live ? a->used : 0;
}

LLVMValueRef flyc_kb_shared_array(flyc_kernel_builder_t *kb, const char *name, const char *elem,
                                  uint32_t count) {
  const char *what = "flyc_kb_shared_array";
  if (!helper_ok(kb, 0, what))
    return NULL;
  LLVMTypeRef t = flyc__kb_elem_type(kb->ctx->llctx, elem);
  LLVMTypeRef p3 = LLVMPointerTypeInContext(kb->ctx->llctx, 3);
  if (!t || !count)
    return or_poison(kb, fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s", what,
                                                  !t ? "elem is not i8, i16, i32, i64, f16, f32 "
                                                       "or f64"
                                                     : "count is 0")),
                     p3);
  flyc_shared_allocator_t *a =
      kb->shared.live ? &kb->shared : flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 16);
  LLVMValueRef p = a ? flyc_kb_shared_alloc(a, (uint64_t)count * LLVMABISizeOfType(
                                                   LLVMGetModuleDataLayout(kb->ctx->mod), t),
                                            16)
                     : NULL;
  if (!p || kb->rc || flyc_kb_let(kb, name, p, t))
    return or_poison(kb, NULL, p3);
  return p;
}

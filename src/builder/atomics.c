/* Scoped atomics of flyc/builder.h: the checks here, the lowering the
 * target's (target/builder_ops.h), linked as an IR snippet where this
 * llvm-c cannot build a syncscope. */
#include <stdio.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder.h"

static const char *const op_names[] = {"CAS", "ADD",  "SUB",  "AND",  "OR",   "XOR",
                                       "MIN", "MAX",  "UMIN", "UMAX", "XCHG", "FADD"};

/* The type `t` the op takes: i32 / i64, or f32 / f64 for FADD. */
static int type_ok(unsigned op, LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (op == FLYC_ATOMIC_FADD)
    return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
  return k == LLVMIntegerTypeKind && (LLVMGetIntTypeWidth(t) == 32 || LLVMGetIntTypeWidth(t) == 64);
}

/* Checks what every atomic shares and fills `a`; 0 with the error. */
static int check(flyc_kernel_builder_t *kb, flyc__atomic_t *a, const char *what) {
  if (a->order < FLYC_ORDER_ACQUIRE || a->order > FLYC_ORDER_RELAXED)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: order %u is not a flyc_memory_order_t",
                                    what, a->order)),
           0;
  if (a->scope < FLYC_SCOPE_WORKGROUP || a->scope > FLYC_SCOPE_WAVEFRONT)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: scope %u is not a flyc_memory_scope_t",
                                    what, a->scope)),
           0;
  if (!value_ok(kb, a->ptr, what, "ptr") || !value_ok(kb, a->val, what, "the value") ||
      (!a->op && !value_ok(kb, a->cmp, what, "expected")))
    return 0;
  LLVMTypeRef pt = LLVMTypeOf(a->ptr);
  unsigned as = LLVMGetTypeKind(pt) == LLVMPointerTypeKind ? LLVMGetPointerAddressSpace(pt) : 99;
  if (as != 0 && as != 1 && as != 3)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: ptr must be a pointer in address space "
                                                 "0, 1 or 3 (generic, global, shared), not %s",
                                    what, as == 99 ? "a non-pointer" : "another space")),
           0;
  a->as = as;
  a->type = LLVMTypeOf(a->val);
  if (!type_ok(a->op, a->type)) {
    char *ty = LLVMPrintTypeToString(a->type);
    fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s takes %s, not %s", what, op_names[a->op],
                             a->op == FLYC_ATOMIC_FADD ? "an f32 or f64" : "an i32 or i64", ty));
    LLVMDisposeMessage(ty);
    return 0;
  }
  if (!a->op && LLVMTypeOf(a->cmp) != a->type)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: expected and desired differ in type",
                                    what)),
           0;
  return 1;
}

/* Lowers a checked atomic through the target, linking its snippet if it
 * gives one. */
static LLVMValueRef lower(flyc_kernel_builder_t *kb, const flyc__atomic_t *a) {
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  char fname[256], ir[1024];
  LLVMValueRef out = NULL;
  int how = kb->ctx->bops->atomic(&e, a, &out, fname, ir, sizeof ir);
  if (how == 1)
    return out;
  if (how != 2)
    return fail_lowering(kb);
  LLVMValueRef f = flyc__kb_snippet(kb, -1, fname, ir);
  if (!f)
    return NULL;
  LLVMValueRef args[3] = {a->ptr, a->op ? a->val : a->cmp, a->val};
  return LLVMBuildCall2(kb->b, LLVMGlobalGetValueType(f), f, args, a->op ? 2 : 3, "");
}

static LLVMValueRef atomic_rmw_impl(flyc_kernel_builder_t *kb, flyc_atomic_op_t op,
                                    LLVMValueRef ptr, LLVMValueRef value, flyc_memory_order_t order,
                                    flyc_memory_scope_t scope) {
  const char *what = "flyc_kb_atomic_rmw";
  if (!helper_ok(kb, 0, what))
    return NULL;
  if (op < FLYC_ATOMIC_ADD || op > FLYC_ATOMIC_FADD)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "%s: op %d is not a flyc_atomic_op_t", what,
                                    (int)op));
  flyc__atomic_t a = {(unsigned)op, ptr, value, NULL, NULL, 0, (unsigned)order,
                      (unsigned)scope};
  return check(kb, &a, what) ? lower(kb, &a) : NULL;
}

LLVMValueRef flyc_kb_atomic_rmw(flyc_kernel_builder_t *kb, flyc_atomic_op_t op, LLVMValueRef ptr,
                                LLVMValueRef value, flyc_memory_order_t order,
                                flyc_memory_scope_t scope) {
  return or_poison(kb, atomic_rmw_impl(kb, op, ptr, value, order, scope), type_of(kb, value));
}

static LLVMValueRef atomic_cas_impl(flyc_kernel_builder_t *kb, LLVMValueRef ptr,
                                    LLVMValueRef expected, LLVMValueRef desired,
                                    flyc_memory_order_t order, flyc_memory_scope_t scope) {
  const char *what = "flyc_kb_atomic_cas";
  if (!helper_ok(kb, 0, what))
    return NULL;
  flyc__atomic_t a = {0, ptr, desired, expected, NULL, 0, (unsigned)order, (unsigned)scope};
  return check(kb, &a, what) ? lower(kb, &a) : NULL;
}

LLVMValueRef flyc_kb_atomic_cas(flyc_kernel_builder_t *kb, LLVMValueRef ptr, LLVMValueRef expected,
                                LLVMValueRef desired, flyc_memory_order_t order,
                                flyc_memory_scope_t scope) {
  LLVMValueRef v = atomic_cas_impl(kb, ptr, expected, desired, order, scope);
  return or_poison(kb, v, type_of(kb, expected));
}

/* The helpers kernel bodies call: indices, lane id, barriers and fences
 * (IR snippets), constexprs, device-library math (flyc/kernel.h). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "builder.h"
#include "stage/stage.h"

/* ---- public struct sizes (the rule: runtime/base/sized.c) ---- */

int flyc_kernel_def_init(flyc_kernel_def_t *def, uint32_t size) {
  return flyc__struct_init(def, size, FLYC__KERNEL_DEF_V1, "flyc_kernel_def_init");
}

int flyc_param_init(flyc_param_t *param, uint32_t size) {
  return flyc__struct_init(param, size, FLYC__PARAM_V1, "flyc_param_init");
}

int flyc_ffi_init(flyc_ffi_t *ffi, uint32_t size) {
  return flyc__struct_init(ffi, size, FLYC__FFI_V1, "flyc_ffi_init");
}

int flyc_extern_init(flyc_extern_t *ext, uint32_t size) {
  return flyc__struct_init(ext, size, FLYC__EXTERN_V1, "flyc_extern_init");
}

int flyc_compile_hints_init(flyc_compile_hints_t *hints, uint32_t size) {
  int rc = flyc__struct_init(hints, size, FLYC__HINTS_V1, "flyc_compile_hints_init");
  /* Every hint field is an int32_t after size: all unset, as far as flyc
   * knows them (a newer caller's own fields stay zero). */
  const int32_t unset = FLYC_HINT_UNSET;
  for (size_t off = offsetof(flyc_compile_hints_t, waves_per_eu);
       rc == FLYC_OK && off + sizeof unset <= size && off < sizeof *hints; off += sizeof unset)
    memcpy((char *)hints + off, &unset, sizeof unset);
  return rc;
}

/* ---- helpers ---- */

/* Calls `name` of type `fty`, declared on first use. A module symbol of that
 * name with another shape is in the way: NULL, and the emit fails. */
LLVMValueRef flyc__kb_call(flyc_kernel_builder_t *kb, const char *name, LLVMTypeRef fty,
                           LLVMValueRef *args, unsigned nargs) {
  LLVMValueRef f = LLVMGetNamedFunction(kb->ctx->mod, name);
  if (!f && !LLVMGetNamedGlobal(kb->ctx->mod, name))
    f = LLVMAddFunction(kb->ctx->mod, name, fty);
  else if (!f || LLVMGlobalGetValueType(f) != fty || LLVMGetFunctionCallConv(f) != 0) {
    return fail(kb, flyc__error_set(FLYC_EINVAL, "the module already has a '%s' that is not "
                                                "the declaration flyc needs", name));
  }
  return LLVMBuildCall2(kb->b, fty, f, args, nargs, "");
}

static LLVMValueRef call_cb(void *kb, const char *name, LLVMTypeRef fty, LLVMValueRef *args,
                            unsigned nargs) {
  return flyc__kb_call(kb, name, fty, args, nargs);
}

/* What the target's lowering (bops) emits with. */
flyc__kb_emit_t flyc__kb_emitter(flyc_kernel_builder_t *kb) {
  flyc__kb_emit_t e = {kb, call_cb, kb->b, kb->ctx->llctx, kb->ctx->target.wave,
                       &kb->ctx->target};
  return e;
}

/* A call to `name`: i32 (), or, with `arg`, i64 (i32) truncated to i32. */
static LLVMValueRef call_i32(flyc_kernel_builder_t *kb, const char *name, int has_arg,
                             unsigned arg) {
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), i64 = LLVMInt64TypeInContext(lc);
  if (!has_arg)
    return flyc__kb_call(kb, name, LLVMFunctionType(i32, NULL, 0, 0), NULL, 0);
  LLVMValueRef a = LLVMConstInt(i32, arg, 0);
  LLVMValueRef v = flyc__kb_call(kb, name, LLVMFunctionType(i64, &i32, 1, 0), &a, 1);
  return v ? LLVMBuildTrunc(kb->b, v, i32, "") : NULL;
}

LLVMValueRef flyc_kb_thread_idx(flyc_kernel_builder_t *kb, unsigned axis) {
  return helper_ok(kb, axis, "flyc_kb_thread_idx") ? call_i32(kb, kb->ctx->bops->tid[axis], 0, 0)
                                                   : NULL;
}

LLVMValueRef flyc_kb_block_idx(flyc_kernel_builder_t *kb, unsigned axis) {
  return helper_ok(kb, axis, "flyc_kb_block_idx") ? call_i32(kb, kb->ctx->bops->bid[axis], 0, 0)
                                                  : NULL;
}

LLVMValueRef flyc_kb_block_dim(flyc_kernel_builder_t *kb, unsigned axis) {
  if (!helper_ok(kb, axis, "flyc_kb_block_dim"))
    return NULL;
  if (kb->block[0])
    return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), kb->block[axis], 0);
  const flyc__builder_ops_t *f = kb->ctx->bops;
  return f->ntid[axis] ? call_i32(kb, f->ntid[axis], 0, 0) : call_i32(kb, f->ntid_call, 1, axis);
}

LLVMValueRef flyc_kb_grid_dim(flyc_kernel_builder_t *kb, unsigned axis) {
  if (!helper_ok(kb, axis, "flyc_kb_grid_dim"))
    return NULL;
  const flyc__builder_ops_t *f = kb->ctx->bops;
  return f->nbid[axis] ? call_i32(kb, f->nbid[axis], 0, 0) : call_i32(kb, f->nbid_call, 1, axis);
}

LLVMValueRef flyc_kb_lane_id(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_lane_id"))
    return NULL;
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  return kb->ctx->bops->lane_id(&e);
}

LLVMValueRef flyc_kb_wave_size(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_wave_size"))
    return NULL;
  return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), kb->ctx->target.wave, 0);
}

static void quiet_diag(LLVMDiagnosticInfoRef d, void *p) { (void)d, (void)p; }

/* A snippet linked before under the name `fname` (slot -1), or NULL. */
static LLVMValueRef named_snippet(const flyc_ctx_t *c, const char *fname) {
  for (size_t i = 0; i < c->nxsnips; i++)
    if (strcmp(LLVMGetValueName(c->xsnips[i]), fname) == 0)
      return c->xsnips[i];
  return NULL;
}

LLVMValueRef flyc__kb_snippet(flyc_kernel_builder_t *kb, int slot, const char *fname,
                              const char *ir) {
  flyc_ctx_t *c = kb->ctx;
  LLVMValueRef have = slot < 0 ? named_snippet(c, fname) : c->snippets[slot];
  if (have)
    return have;
  LLVMValueRef *grown = NULL;
  if (slot < 0 && !(grown = realloc(c->xsnips, (c->nxsnips + 1) * sizeof *grown)))
    return fail(kb, flyc__error_set(FLYC_ENOMEM, "out of memory"));
  if (grown)
    c->xsnips = grown;
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
  if (slot < 0)
    return c->xsnips[c->nxsnips++] = f;
  return c->snippets[slot] = f;
}

int flyc_kb_barrier(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_barrier"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_barrier: called outside a kernel body");
  LLVMValueRef f =
      flyc__kb_snippet(kb, SNIPPET_BARRIER, "__flyc_barrier", kb->ctx->bops->barrier_ir);
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
      scope < FLYC_SCOPE_WORKGROUP || scope > FLYC_SCOPE_WAVEFRONT) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_fence: order %d or scope %d is not one of "
                                          "flyc_memory_order_t / flyc_memory_scope_t",
                             (int)order, (int)scope));
    return kb->rc;
  }
  /* Emitted by the target, or an IR snippet of its, linked once. */
  flyc__kb_emit_t e = flyc__kb_emitter(kb);
  char fname[256], ir[256];
  int how = kb->ctx->bops->fence(&e, (unsigned)order, (unsigned)scope, fname, ir, sizeof ir);
  if (how != 2)
    return how ? FLYC_OK : kb->rc;
  LLVMValueRef f = flyc__kb_snippet(kb, SNIPPET_FENCE(scope, order), fname, ir);
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

/* By flyc_math_fn_t; the device libraries' names (ocml's and libdevice's
 * agree on each), which are C's too (flyc_kb_expr calls them by these). */
const char *const flyc__math_names[] = {
    "",      "exp",   "log",   "sqrt", "sin",  "cos",  "rsqrt", "pow",   "erf",
    "exp2",  "log2",  "exp10", "log10", "expm1", "log1p", "tanh", "sinh", "cosh",
    "tan",   "asin",  "acos",  "atan", "cbrt", "fabs", "floor", "ceil",  "trunc",
    "round", "atan2", "fmin",  "fmax", "hypot", "fmod"};
_Static_assert(sizeof flyc__math_names / sizeof *flyc__math_names == FLYC_MATH_FMOD + 1,
               "one name a function");

static LLVMValueRef math_impl(flyc_kernel_builder_t *kb, flyc_math_fn_t fn, LLVMValueRef x,
                              LLVMValueRef y) {
  if (!helper_ok(kb, 0, "flyc_kb_math"))
    return NULL;
  const char *const *names = flyc__math_names;
  if (fn < FLYC_MATH_EXP || fn > FLYC_MATH_FMOD)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math: %d is not a flyc_math_fn_t",
                                    (int)fn));
  LLVMTypeKind k = x ? LLVMGetTypeKind(LLVMTypeOf(x)) : LLVMVoidTypeKind;
  if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math(%s): x must be an f32 or f64 "
                                                 "value",
                                    names[fn]));
  int two = fn == FLYC_MATH_POW || fn >= FLYC_MATH_ATAN2;
  if (two != (y != NULL) || (y && LLVMTypeOf(y) != LLVMTypeOf(x)))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math(%s): %s", names[fn],
                                    two ? "y must be given, of x's type" : "takes no y"));
  int f64 = k == LLVMDoubleTypeKind;
  char sym[32];
  kb->ctx->bops->math_symbol(sym, sizeof sym, names[fn], f64);
  flyc_type_t t = {f64 ? FLYC_TYPE_F64 : FLYC_TYPE_F32, 0}, ts[2] = {t, t};
  flyc_ffi_t f = {sizeof f, sym, t, ts, two ? 2 : 1, 1};
  LLVMValueRef a[2] = {x, y};
  LLVMValueRef v = flyc_kb_call(kb, &f, a, f.arg_count);
  if (v && kb->fmf)
    flyc__set_fast_math_flags(v, kb->fmf);
  return v;
}

LLVMValueRef flyc_kb_math(flyc_kernel_builder_t *kb, flyc_math_fn_t fn, LLVMValueRef x,
                          LLVMValueRef y) {
  return or_poison(kb, math_impl(kb, fn, x, y), type_of(kb, x));
}

static LLVMValueRef fma_impl(flyc_kernel_builder_t *kb, LLVMValueRef x, LLVMValueRef y,
                             LLVMValueRef z) {
  if (!helper_ok(kb, 0, "flyc_kb_fma"))
    return NULL;
  LLVMValueRef v[3] = {x, y, z};
  static const char *const which[] = {"x", "y", "z"};
  for (int i = 0; i < 3; i++) {
    LLVMTypeKind k = v[i] ? LLVMGetTypeKind(LLVMTypeOf(v[i])) : LLVMVoidTypeKind;
    if ((k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) ||
        LLVMTypeOf(v[i]) != LLVMTypeOf(x))
      return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_fma: %s must be an f32 or f64 "
                                                   "value of x's type",
                                      which[i]));
  }
  int f64 = LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMDoubleTypeKind;
  LLVMTypeRef t = LLVMTypeOf(x), ts[3] = {t, t, t};
  LLVMValueRef r = flyc__kb_call(kb, f64 ? "llvm.fma.f64" : "llvm.fma.f32",
                                 LLVMFunctionType(t, ts, 3, 0), v, 3);
  if (r && kb->fmf)
    flyc__set_fast_math_flags(r, kb->fmf);
  return r;
}

LLVMValueRef flyc_kb_fma(flyc_kernel_builder_t *kb, LLVMValueRef x, LLVMValueRef y,
                         LLVMValueRef z) {
  return or_poison(kb, fma_impl(kb, x, y, z), type_of(kb, x));
}

LLVMValueRef flyc_kb_intrinsic(flyc_kernel_builder_t *kb, const char *name, LLVMTypeRef *types,
                               size_t type_count, LLVMValueRef *args, unsigned arg_count) {
  if (!helper_ok(kb, 0, "flyc_kb_intrinsic"))
    return NULL;
  if (!name || (type_count && !types) || (arg_count && !args))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic: name, and types and args "
                                                 "where counted, are required"));
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic: LLVM %d knows no "
                                                 "intrinsic '%.128s' (give the base name, "
                                                 "without a type suffix)",
                                    flyc__llvm_major(), name));
  if (flyc__intrinsic_is_foreign(&kb->ctx->target, name, strlen(name)))
    return fail(kb, flyc__error_set(FLYC_EUNSUPPORTED, "flyc_kb_intrinsic: '%.128s' is "
                                                       "another target's; kernel '%s' is "
                                                       "built for %s",
                                    name, kb->name, kb->ctx->target.id));
  int over = LLVMIntrinsicIsOverloaded(id) != 0;
  if (over != (type_count != 0))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic: '%.128s' %s", name,
                                    over ? "is overloaded: give its overload types"
                                         : "is not overloaded: give no types"));
  for (size_t i = 0; i < type_count; i++)
    if (!types[i])
      return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic(%.128s): type %zu is "
                                                   "NULL", name, i));
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(kb->ctx->mod, id, types, type_count);
  LLVMTypeRef fty = f ? LLVMGlobalGetValueType(f) : NULL;
  unsigned want = fty ? LLVMCountParamTypes(fty) : 0;
  if (!fty || LLVMIsFunctionVarArg(fty) || want != arg_count)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic(%.128s): takes %u "
                                                 "argument(s), %u given",
                                    name, want, arg_count));
  LLVMTypeRef pt[16];
  if (want > 16)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic(%.128s): more than 16 "
                                                 "parameters", name));
  LLVMGetParamTypes(fty, pt);
  for (unsigned i = 0; i < want; i++)
    if (!args[i] || LLVMTypeOf(args[i]) != pt[i]) {
      char *w = LLVMPrintTypeToString(pt[i]);
      char *g = args[i] ? LLVMPrintTypeToString(LLVMTypeOf(args[i])) : NULL;
      flyc__error_set(FLYC_EINVAL, "flyc_kb_intrinsic(%.128s): argument %u is %s, the "
                                   "declaration takes %s", name, i, g ? g : "NULL", w);
      LLVMDisposeMessage(w);
      if (g)
        LLVMDisposeMessage(g);
      return fail(kb, FLYC_EINVAL);
    }
  return LLVMBuildCall2(kb->b, fty, f, args, arg_count, "");
}

LLVMValueRef flyc_kb_function(const flyc_kernel_builder_t *kb) { return kb ? kb->fn : NULL; }

LLVMContextRef flyc_kb_llvm_context(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->llctx : NULL;
}

/* ---- constants ---- */

LLVMValueRef flyc_kb_i32(flyc_kernel_builder_t *kb, int32_t v) {
  if (!helper_ok(kb, 0, "flyc_kb_i32"))
    return NULL;
  return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), (unsigned long long)(int64_t)v, 1);
}

LLVMValueRef flyc_kb_i64(flyc_kernel_builder_t *kb, int64_t v) {
  if (!helper_ok(kb, 0, "flyc_kb_i64"))
    return NULL;
  return LLVMConstInt(LLVMInt64TypeInContext(kb->ctx->llctx), (unsigned long long)v, 1);
}

LLVMValueRef flyc_kb_f32(flyc_kernel_builder_t *kb, float v) {
  if (!helper_ok(kb, 0, "flyc_kb_f32"))
    return NULL;
  /* From the bits: LLVMConstReal takes a double, and widening a float
   * quiets a signalling NaN. */
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  LLVMValueRef i = LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), bits, 0);
  return LLVMConstBitCast(i, LLVMFloatTypeInContext(kb->ctx->llctx));
}

/* ---- where a value may be used ---- */

static int cmp_ptr(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
  return x < y ? -1 : x > y;
}

/* Index of `bb` in the sorted `all`, or -1. */
static long block_index(LLVMBasicBlockRef *all, size_t n, LLVMBasicBlockRef bb) {
  LLVMBasicBlockRef *p = bsearch(&bb, all, n, sizeof *all, cmp_ptr);
  return p ? p - all : -1;
}

int flyc__kb_reaches(flyc_kernel_builder_t *kb, LLVMValueRef v) {
  if (LLVMIsAArgument(v))
    return LLVMGetParamParent(v) == kb->fn;
  if (!LLVMIsAInstruction(v))
    return 1; /* constants, globals */
  LLVMBasicBlockRef x = LLVMGetInstructionParent(v), c = LLVMGetInsertBlock(kb->b);
  if (!x || LLVMGetBasicBlockParent(x) != kb->fn)
    return 0;
  if (x == c)
    return 1;
  /* x dominates c unless c is reached from the entry around x. */
  size_t n = LLVMCountBasicBlocks(kb->fn);
  LLVMBasicBlockRef *all = malloc(n * sizeof *all), *stack = malloc(n * sizeof *stack);
  char *seen = calloc(n ? n : 1, 1);
  if (!all || !stack || !seen) {
    free(all), free(stack), free(seen);
    return 1; /* out of memory: the verifier still catches it at compile */
  }
  LLVMGetBasicBlocks(kb->fn, all);
  qsort(all, n, sizeof *all, cmp_ptr);
  size_t top = 0;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(kb->fn);
  int around = 0;
  if (entry != x) {
    seen[block_index(all, n, entry)] = 1;
    stack[top++] = entry;
  }
  while (top && !around) {
    LLVMBasicBlockRef bb = stack[--top];
    around = bb == c;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    for (unsigned i = 0, ns = term ? LLVMGetNumSuccessors(term) : 0; i < ns; i++) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, i);
      long k = block_index(all, n, s);
      if (s != x && k >= 0 && !seen[k]) {
        seen[k] = 1;
        stack[top++] = s;
      }
    }
  }
  free(all), free(stack), free(seen);
  return !around;
}

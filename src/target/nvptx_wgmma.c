/* sm_90a's warpgroup matrix unit (wgmma) for flyc/builder.h's
 * flyc_kb_wgmma*(): inline PTX, since LLVM has no intrinsic for
 * wgmma.mma_async (LLVM 22 has the fence, commit and wait alone, and not
 * before LLVM 17). Every statement is a convergent call with side effects
 * and a memory clobber, so that LLVM keeps it in place among the copies,
 * barriers and other warpgroup instructions. Filled into
 * flyc__nvptx_builder_ops (nvptx_builder.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "builder_ops.h"

LLVMValueRef flyc__nvptx_asm(const flyc__kb_emit_t *e, LLVMTypeRef fty, const char *text,
                             const char *cons, LLVMValueRef *args, unsigned n) {
  LLVMValueRef f = LLVMGetInlineAsm(fty, (char *)text, strlen(text), (char *)cons, strlen(cons),
                                    1, 0, LLVMInlineAsmDialectATT, 0);
  LLVMValueRef call = LLVMBuildCall2(e->b, fty, f, args, n, "");
  unsigned k = LLVMGetEnumAttributeKindForName("convergent", 10);
  LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(e->lc, k, 0));
  return call;
}

/* `text` over `count` floats that pass through it ("=f" outputs tied to
 * their inputs), so that no use of them moves across it; the floats come
 * in and go out as `vals` (and `extra`, an i64 input or NULL, follows them
 * as operand $count + ...). NULL when out of memory. */
static LLVMValueRef *pinned(const flyc__kb_emit_t *e, const char *text, LLVMValueRef *vals,
                            unsigned count, LLVMValueRef *extra, unsigned nextra,
                            const char *extra_cons) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(e->lc), i64 = LLVMInt64TypeInContext(e->lc);
  size_t cap = (size_t)count * 14 + 64;
  char *cons = malloc(cap);
  LLVMTypeRef *ts = malloc(sizeof *ts * (count + nextra + 1) * 2);
  LLVMValueRef *args = malloc(sizeof *args * (count + nextra + 1));
  if (!cons || !ts || !args) {
    free(cons), free(ts), free(args);
    return NULL;
  }
  size_t at = 0;
  for (unsigned i = 0; i < count; i++)
    at += (size_t)snprintf(cons + at, cap - at, "%s=f", i ? "," : "");
  for (unsigned i = 0; i < nextra; i++)
    at += (size_t)snprintf(cons + at, cap - at, "%s%s", at ? "," : "", extra_cons);
  for (unsigned i = 0; i < count; i++)
    at += (size_t)snprintf(cons + at, cap - at, ",%u", i);
  snprintf(cons + at, cap - at, "%s~{memory}", at ? "," : "");
  LLVMTypeRef *params = ts + count + nextra + 1;
  for (unsigned i = 0; i < count; i++)
    ts[i] = f32;
  for (unsigned i = 0; i < nextra; i++)
    params[i] = i64, args[i] = extra[i];
  for (unsigned i = 0; i < count; i++)
    params[nextra + i] = f32, args[nextra + i] = vals[i];
  LLVMTypeRef ret = count ? LLVMStructTypeInContext(e->lc, ts, count, 0)
                          : LLVMVoidTypeInContext(e->lc);
  LLVMTypeRef fty = LLVMFunctionType(ret, params, nextra + count, 0);
  LLVMValueRef r = flyc__nvptx_asm(e, fty, text, cons, args, nextra + count);
  for (unsigned i = 0; i < count; i++)
    vals[i] = LLVMBuildExtractValue(e->b, r, i, "");
  free(cons), free(ts), free(args);
  return vals;
}

/* The floats of vector `acc` into `out`; a vector of `acc`'s type made of
 * `in`. */
static void unpack(const flyc__kb_emit_t *e, LLVMValueRef acc, LLVMValueRef *out) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  for (unsigned i = 0, n = LLVMGetVectorSize(LLVMTypeOf(acc)); i < n; i++)
    out[i] = LLVMBuildExtractElement(e->b, acc, LLVMConstInt(i32, i, 0), "");
}

static LLVMValueRef pack(const flyc__kb_emit_t *e, LLVMValueRef acc, const LLVMValueRef *in) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  LLVMValueRef x = LLVMGetPoison(LLVMTypeOf(acc));
  for (unsigned i = 0, n = LLVMGetVectorSize(LLVMTypeOf(acc)); i < n; i++)
    x = LLVMBuildInsertElement(e->b, x, in[i], LLVMConstInt(i32, i, 0), "");
  return x;
}

/* `text` with the accumulators pinned through it (see pinned()). */
static int sync_accs(const flyc__kb_emit_t *e, const char *text, LLVMValueRef *acc,
                     unsigned nacc) {
  size_t total = 0; /* the builder keeps it small (warpgroup.c) */
  for (unsigned v = 0; v < nacc; v++)
    total += LLVMGetVectorSize(LLVMTypeOf(acc[v]));
  LLVMValueRef *f = malloc(sizeof *f * (total + 1));
  if (!f)
    return 0;
  for (size_t v = 0, at = 0; v < nacc; at += LLVMGetVectorSize(LLVMTypeOf(acc[v])), v++)
    unpack(e, acc[v], f + at);
  int ok = pinned(e, text, f, (unsigned)total, NULL, 0, NULL) != NULL;
  for (size_t v = 0, at = 0; ok && v < nacc; at += LLVMGetVectorSize(LLVMTypeOf(acc[v])), v++)
    acc[v] = pack(e, acc[v], f + at);
  free(f);
  return ok;
}

/* `wgmma.fence.sync.aligned` (PTX ISA 8.0): before a warpgroup's first
 * wgmma and whenever other instructions touched its accumulators. */
static int wg_fence(const flyc__kb_emit_t *e, LLVMValueRef *acc, unsigned nacc) {
  return sync_accs(e, "wgmma.fence.sync.aligned;", acc, nacc);
}

/* `wgmma.wait_group.sync.aligned pending`: the accumulators are defined
 * by it, so that nothing reads them while a wgmma still writes them. */
static int wg_wait(const flyc__kb_emit_t *e, unsigned pending, LLVMValueRef *acc,
                   unsigned nacc) {
  char text[64];
  snprintf(text, sizeof text, "wgmma.wait_group.sync.aligned %u;", pending);
  return sync_accs(e, text, acc, nacc);
}

static int wg_commit(const flyc__kb_emit_t *e) {
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), NULL, 0, 0);
  flyc__nvptx_asm(e, fty, "wgmma.commit_group.sync.aligned;", "~{memory}", NULL, 0);
  return 1;
}

/* `fence.proxy.async.shared::cta` (PTX ISA 8.0): this thread's shared
 * writes through the generic proxy (stores, landed cp.async) made visible
 * to the async proxy that wgmma reads shared memory through. */
static int wg_shared_fence(const flyc__kb_emit_t *e) {
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), NULL, 0, 0);
  flyc__nvptx_asm(e, fty, "fence.proxy.async.shared::cta;", "~{memory}", NULL, 0);
  return 1;
}

/* The matrix descriptor of a K-major operand in the 128-byte swizzle (PTX
 * ISA 8.0, "Matrix Descriptor Format"): bits 0-13 the start address >> 4,
 * 16-29 the leading byte offset >> 4 (unused by K-major swizzled layouts:
 * 1, as CUTLASS's), 32-45 the stride byte offset >> 4 (1024: one atom of 8
 * rows to the next), 49-51 the base offset (0: atoms 1024-byte aligned),
 * 62-63 the swizzle (1: 128 bytes). */
static LLVMValueRef descriptor(const flyc__kb_emit_t *e, LLVMValueRef ptr) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(e->lc);
  LLVMValueRef a = LLVMBuildPtrToInt(e->b, ptr, i64, "");
  a = LLVMBuildLShr(e->b, LLVMBuildAnd(e->b, a, LLVMConstInt(i64, 0x3FFFF, 0), ""),
                    LLVMConstInt(i64, 4, 0), "");
  unsigned long long fixed = (1ull << 16) | ((unsigned long long)(1024 >> 4) << 32) | (1ull << 62);
  return LLVMBuildOr(e->b, a, LLVMConstInt(i64, fixed, 0), "wgmma.desc");
}

/* acc + A (64 x 16, at `a`) * B (n x 16, at `b`)^T, both K-major 128-byte
 * swizzled in shared memory: one `wgmma.mma_async.sync.aligned.m64n<n>k16
 * .f32.f16.f16` with scale-d 1 (accumulate), no negation, no transpose. */
static LLVMValueRef wg_mma(const flyc__kb_emit_t *e, LLVMValueRef a, LLVMValueRef b,
                           LLVMValueRef acc) {
  unsigned c = LLVMGetVectorSize(LLVMTypeOf(acc)), n = 2 * c;
  size_t cap = (size_t)c * 6 + 160;
  char *text = malloc(cap);
  LLVMValueRef *f = malloc(sizeof *f * c);
  if (!text || !f) {
    free(text), free(f);
    return NULL;
  }
  size_t at = (size_t)snprintf(text, cap, "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                                          "wgmma.mma_async.sync.aligned.m64n%uk16.f32.f16.f16 {",
                               n);
  for (unsigned i = 0; i < c; i++)
    at += (size_t)snprintf(text + at, cap - at, "%s$%u", i ? "," : "", i);
  snprintf(text + at, cap - at, "}, $%u, $%u, p, 1, 1, 0, 0;\n}", c, c + 1);
  LLVMValueRef descs[2] = {descriptor(e, a), descriptor(e, b)};
  unpack(e, acc, f);
  LLVMValueRef out = pinned(e, text, f, c, descs, 2, "l") ? pack(e, acc, f) : NULL;
  free(text), free(f);
  return out;
}

static const flyc__wgmma_unit_t nv_wgmma = {
    .mma = wg_mma,
    .fence = wg_fence,
    .commit = wg_commit,
    .wait = wg_wait,
    .shared_fence = wg_shared_fence,
};

const flyc__wgmma_unit_t *flyc__nvptx_wgmma(const flyc_target_t *t, const char **why) {
  if (strcmp(t->proc->name, "sm_90a") == 0)
    return &nv_wgmma;
  *why = "wgmma is sm_90a's alone (the arch-specific target; sm_90 and sm_100 have none)";
  return NULL;
}

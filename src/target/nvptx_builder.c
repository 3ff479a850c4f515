/* The kernel builder's NVPTX lowering (target/builder_ops.h): PTX special
 * registers, the kernel mark with its launch bounds (llvm_compat.c writes
 * them as this LLVM's backend reads them), membar fences, CUDA's warp
 * collectives (shfl.sync, vote.sync), scoped atomics and libdevice math
 * names. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "target/builder_ops.h"

/* Added once the body succeeded: before LLVM 21 the mark and the bounds are
 * nvvm.annotations, whose operands llvm-c cannot remove. */
static void mark_kernel(LLVMModuleRef mod, LLVMValueRef fn, const uint32_t block[3],
                        const flyc_compile_hints_t *h) {
  flyc__nvptx_mark_kernel(mod, fn);
  if (h->maxnreg > 0) {
    uint32_t v[3] = {(uint32_t)h->maxnreg, 1, 1};
    flyc__nvptx_set_bound(mod, fn, FLYC_NVPTX_MAXNREG, v);
  }
  if (block[0])
    flyc__nvptx_set_bound(mod, fn, FLYC_NVPTX_REQNTID, block);
}

/* No occupancy notion (waves_per_eu is only checked to be non-negative);
 * .maxnreg's limit is the processor table's column (target.c). */
static void hint_limits(const flyc_target_t *t, flyc__hint_limits_t *out) {
  out->max_waves = INT32_MAX;
  out->min_regs = 0;
  out->min_regs_why = NULL;
  out->max_regs = t->proc->max_regs;
  out->regs_unit = "registers a thread";
}

static LLVMValueRef lane_id(const flyc__kb_emit_t *e) {
  LLVMTypeRef fty = LLVMFunctionType(LLVMInt32TypeInContext(e->lc), NULL, 0, 0);
  return e->call(e->kb, "llvm.nvvm.read.ptx.sreg.laneid", fty, NULL, 0);
}

/* CUDA's __threadfence_block / __threadfence / __threadfence_system: a full
 * fence whatever the order. */
static int fence(const flyc__kb_emit_t *e, unsigned order, unsigned scope, char *fname, char *ir,
                 size_t size) {
  (void)order, (void)fname, (void)ir, (void)size;
  static const char *const membar[] = {"", "llvm.nvvm.membar.cta", "llvm.nvvm.membar.gl",
                                       "llvm.nvvm.membar.sys", "llvm.nvvm.membar.cta"};
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), NULL, 0, 0);
  return e->call(e->kb, membar[scope], fty, NULL, 0) ? 1 : 0;
}

/* ---- warp collectives, as CUDA's sm_30_intrinsics.hpp ---- */

/* The sm number of the target ("sm_90a" is 90). */
static int sm_of(const flyc__kb_emit_t *e) { return atoi(e->t->proc->name + 3); }

/* The .sync collectives need sm_30 (PTX ISA 6.0, which the compile then
 * asks for: target/nvptx.c). */
static int sync_ok(const flyc__kb_emit_t *e, const char *what) {
  if (sm_of(e) >= 30)
    return 1;
  flyc__error_set(FLYC_EUNSUPPORTED, "%s: %s has no warp shuffle or vote (shfl.sync and "
                                     "vote.sync need sm_30 or newer)",
                  what, e->t->id);
  return 0;
}

static LLVMValueRef shuffle(const flyc__kb_emit_t *e, unsigned kind, LLVMValueRef v,
                            LLVMValueRef b, unsigned width) {
  static const char *const names[] = {"", "llvm.nvvm.shfl.sync.idx.i32",
                                      "llvm.nvvm.shfl.sync.up.i32",
                                      "llvm.nvvm.shfl.sync.down.i32",
                                      "llvm.nvvm.shfl.sync.bfly.i32"};
  if (!sync_ok(e, "flyc_kb_shuffle"))
    return NULL;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ps[4] = {i32, i32, i32, i32};
  /* CUDA: c = ((warpSize - width) << 8) | 0x1f, without the 0x1f for up. */
  unsigned c = ((32 - width) << 8) | (kind == FLYC_SHUFFLE_UP ? 0 : 0x1f);
  LLVMValueRef args[4] = {LLVMConstAllOnes(i32), v, b, LLVMConstInt(i32, c, 0)};
  return e->call(e->kb, names[kind], LLVMFunctionType(i32, ps, 4, 0), args, 4);
}

/* CUDA's __reduce_{add,min,max}_sync: redux.sync on sm_80 and newer, for an
 * i32 over the whole warp. */
static LLVMValueRef warp_reduce(const flyc__kb_emit_t *e, unsigned op, LLVMValueRef v,
                                unsigned width) {
  static const char *const names[] = {"", "llvm.nvvm.redux.sync.add", "llvm.nvvm.redux.sync.min",
                                      "llvm.nvvm.redux.sync.max", "llvm.nvvm.redux.sync.umin",
                                      "llvm.nvvm.redux.sync.umax"};
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ps[2] = {i32, i32};
  if (sm_of(e) < 80 || width != 32 || LLVMTypeOf(v) != i32)
    return NULL;
  LLVMValueRef args[2] = {v, LLVMConstAllOnes(i32)};
  return e->call(e->kb, names[op], LLVMFunctionType(i32, ps, 2, 0), args, 2);
}

static LLVMValueRef ballot(const flyc__kb_emit_t *e, LLVMValueRef pred) {
  if (!sync_ok(e, "flyc_kb_ballot"))
    return NULL;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ps[2] = {i32, LLVMInt1TypeInContext(e->lc)};
  LLVMValueRef args[2] = {LLVMConstAllOnes(i32), pred};
  LLVMValueRef r = e->call(e->kb, "llvm.nvvm.vote.ballot.sync", LLVMFunctionType(i32, ps, 2, 0),
                           args, 2);
  return r ? LLVMBuildZExt(e->b, r, LLVMInt64TypeInContext(e->lc), "") : NULL;
}

static LLVMValueRef vote(const flyc__kb_emit_t *e, int all, LLVMValueRef pred) {
  if (!sync_ok(e, all ? "flyc_kb_vote_all" : "flyc_kb_vote_any"))
    return NULL;
  LLVMTypeRef i1 = LLVMInt1TypeInContext(e->lc), i32 = LLVMInt32TypeInContext(e->lc);
  LLVMTypeRef ps[2] = {i32, i1};
  LLVMValueRef args[2] = {LLVMConstAllOnes(i32), pred};
  return e->call(e->kb, all ? "llvm.nvvm.vote.all.sync" : "llvm.nvvm.vote.any.sync",
                 LLVMFunctionType(i1, ps, 2, 0), args, 2);
}

/* ---- atomics, as CUDA's atomic*_block / atomic*_system ---- */

/* membar.cta|gl|sys (PTX's fence.sc) of the atomic's scope. */
static int scope_fence(const flyc__kb_emit_t *e, unsigned scope) {
  return fence(e, FLYC_ORDER_SEQ_CST, scope, NULL, NULL, 0);
}

/* UMIN / UMAX at the block or system scope: inline PTX on the generic
 * address (no intrinsic names an unsigned scoped min or max). */
static LLVMValueRef asm_minmax(const flyc__kb_emit_t *e, const flyc__atomic_t *a,
                               const char *scope) {
  unsigned bits = LLVMGetIntTypeWidth(a->type);
  LLVMTypeRef p0 = LLVMPointerTypeInContext(e->lc, 0), ps[2] = {p0, a->type};
  LLVMValueRef ptr = a->as ? LLVMBuildAddrSpaceCast(e->b, a->ptr, p0, "") : a->ptr;
  char text[64], cons[32];
  snprintf(text, sizeof text, "atom.%s.%s.u%u $0, [$1], $2;", scope,
           a->op == FLYC_ATOMIC_UMIN ? "min" : "max", bits);
  snprintf(cons, sizeof cons, "=%s,l,%s,~{memory}", bits == 64 ? "l" : "r", bits == 64 ? "l" : "r");
  LLVMTypeRef fty = LLVMFunctionType(a->type, ps, 2, 0);
  LLVMValueRef f = LLVMGetInlineAsm(fty, text, strlen(text), cons, strlen(cons), 1, 0,
                                    LLVMInlineAsmDialectATT, 0);
  LLVMValueRef args[2] = {ptr, a->val};
  return LLVMBuildCall2(e->b, fty, f, args, 2, "");
}

/* The relaxed atomic at `scope`: LLVM's atomicrmw for the device (`atom`,
 * PTX's default .gpu scope), llvm.nvvm.atomic.*.{cta,sys} otherwise. */
static LLVMValueRef relaxed(const flyc__kb_emit_t *e, const flyc__atomic_t *a) {
  static const char *const ops[] = {"cas", "add", "add", "and", "or", "xor",
                                    "min", "max", "",    "",    "exch", "add"};
  static const LLVMAtomicRMWBinOp rmw[] = {
      LLVMAtomicRMWBinOpXchg, LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpSub, LLVMAtomicRMWBinOpAnd,
      LLVMAtomicRMWBinOpOr,   LLVMAtomicRMWBinOpXor, LLVMAtomicRMWBinOpMin, LLVMAtomicRMWBinOpMax,
      LLVMAtomicRMWBinOpUMin, LLVMAtomicRMWBinOpUMax, LLVMAtomicRMWBinOpXchg,
      LLVMAtomicRMWBinOpFAdd};
  LLVMAtomicOrdering mono = LLVMAtomicOrderingMonotonic;
  /* Shared memory is the block's own: LLVM's atomic on the p3 pointer is
   * `atom.shared.<op>` (.gpu scope, as wide as anything that sees it), what
   * CUDA's atomicAdd on __shared__ memory gives, without a cvta. */
  int agent = a->scope == FLYC_SCOPE_AGENT || a->as == 3;
  if (agent && !a->op) {
    LLVMValueRef x = LLVMBuildAtomicCmpXchg(e->b, a->ptr, a->cmp, a->val, mono, mono, 0);
    return LLVMBuildExtractValue(e->b, x, 0, "");
  }
  if (agent)
    return LLVMBuildAtomicRMW(e->b, rmw[a->op], a->ptr, a->val, mono, 0);
  const char *sc = a->scope == FLYC_SCOPE_SYSTEM ? "sys" : "cta";
  if (a->op == FLYC_ATOMIC_UMIN || a->op == FLYC_ATOMIC_UMAX)
    return asm_minmax(e, a, sc);
  LLVMValueRef v = a->val;
  if (a->op == FLYC_ATOMIC_SUB) /* PTX has no atom.sub: add the negation */
    v = LLVMBuildNeg(e->b, v, "");
  /* The .gen. intrinsics take a generic address: LLVM 15-22 select them on
   * a shared (p3) pointer without converting it, so convert first. */
  LLVMTypeRef p0 = LLVMPointerTypeInContext(e->lc, 0);
  LLVMValueRef ptr = a->as ? LLVMBuildAddrSpaceCast(e->b, a->ptr, p0, "") : a->ptr;
  char name[96], *ty = LLVMPrintTypeToString(a->type);
  snprintf(name, sizeof name, "llvm.nvvm.atomic.%s.gen.%s.%s.%s.p0", ops[a->op],
           a->op == FLYC_ATOMIC_FADD ? "f" : "i", sc,
           ty[0] == 'f' ? "f32" : ty[0] == 'd' ? "f64" : ty);
  LLVMDisposeMessage(ty);
  LLVMTypeRef ps[3] = {p0, a->type, a->type};
  LLVMValueRef args[3] = {ptr, a->op ? v : a->cmp, a->val};
  unsigned n = a->op ? 2 : 3;
  return e->call(e->kb, name, LLVMFunctionType(a->type, ps, n, 0), args, n);
}

static int atomic(const flyc__kb_emit_t *e, const flyc__atomic_t *a, LLVMValueRef *out,
                  char *fname, char *ir, size_t size) {
  (void)fname, (void)ir, (void)size;
  int sm = sm_of(e);
  if (a->scope != FLYC_SCOPE_AGENT && sm < 60)
    return flyc__error_set(FLYC_EUNSUPPORTED, "%s: %s has no scoped atomics (atom.cta and "
                                              "atom.sys need sm_60 or newer); use "
                                              "FLYC_SCOPE_AGENT",
                           a->op ? "flyc_kb_atomic_rmw" : "flyc_kb_atomic_cas", e->t->id),
           0;
  if (a->op == FLYC_ATOMIC_FADD && LLVMGetTypeKind(a->type) == LLVMDoubleTypeKind && sm < 60)
    return flyc__error_set(FLYC_EUNSUPPORTED, "flyc_kb_atomic_rmw: %s has no f64 atomic add "
                                              "(atom.add.f64 needs sm_60 or newer)",
                           e->t->id),
           0;
  int before = a->order != FLYC_ORDER_RELAXED && a->order != FLYC_ORDER_ACQUIRE;
  int after = a->order != FLYC_ORDER_RELAXED && a->order != FLYC_ORDER_RELEASE;
  if (before && !scope_fence(e, a->scope))
    return 0;
  *out = relaxed(e, a);
  if (!*out || (after && !scope_fence(e, a->scope)))
    return 0;
  return 1;
}

static void math_symbol(char *out, size_t size, const char *name, int f64) {
  snprintf(out, size, "__nv_%s%s", name, f64 ? "" : "f");
}

/* CUDA's device printf as clang lowers it: the arguments in a local struct
 * of their natural alignment, `vprintf(format, &struct)` (NULL with none). */
static int nv_printf(const flyc__kb_emit_t *e, LLVMValueRef fmt, size_t size,
                     LLVMValueRef *args, unsigned n) {
  (void)size;
  LLVMTypeRef ptr = LLVMPointerTypeInContext(e->lc, 0), i32 = LLVMInt32TypeInContext(e->lc);
  LLVMValueRef buf = LLVMConstPointerNull(ptr);
  if (n) {
    LLVMTypeRef ts[32];
    for (unsigned i = 0; i < n; i++)
      ts[i] = LLVMTypeOf(args[i]);
    LLVMTypeRef st = LLVMStructTypeInContext(e->lc, ts, n, 0);
    buf = LLVMBuildAlloca(e->b, st, "printf_args");
    for (unsigned i = 0; i < n; i++)
      LLVMBuildStore(e->b, args[i], LLVMBuildStructGEP2(e->b, st, buf, i, ""));
  }
  LLVMTypeRef pt[2] = {ptr, ptr};
  LLVMValueRef a[2] = {fmt, buf};
  return e->call(e->kb, "vprintf", LLVMFunctionType(i32, pt, 2, 0), a, 2) != NULL;
}

/* Streaming accesses: NVPTX selects a plain ld / st for LLVM's
 * !nontemporal (LLVM 15, 19 and 22), so a global one is inline PTX
 * `ld.global.cs` / `st.global.cs` (cache streaming, evict first), as
 * clang's __ldcs / __stcs (__clang_cuda_intrinsics.h). Both are
 * side-effecting and clobber memory, so they keep their place among the
 * kernel's other accesses. Shared and generic pointers keep the metadata
 * (no streaming form there: PTX's .cs is for global memory). */
static int nontemporal(const flyc__kb_emit_t *e, LLVMValueRef ptr, LLVMTypeRef type,
                       LLVMValueRef val, LLVMValueRef *out, const char **why) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)) != 1)
    return 0;
  int vec = LLVMGetTypeKind(type) == LLVMVectorTypeKind;
  unsigned n = vec ? LLVMGetVectorSize(type) : 1;
  LLVMTypeRef et = vec ? LLVMGetElementType(type) : type;
  LLVMTypeKind k = LLVMGetTypeKind(et);
  unsigned bits = k == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(et) : k == LLVMFloatTypeKind ? 32
                  : k == LLVMDoubleTypeKind ? 64 : 0;
  if ((bits != 32 && bits != 64) || (bits == 64 && n == 4)) {
    *why = bits == 64 ? "no 256-bit ld.global.cs.v4 of 64-bit elements (at most .v2)"
                      : "ld.global.cs / st.global.cs take 32- and 64-bit elements here";
    return -1;
  }
  const char *sfx = k == LLVMFloatTypeKind ? "f32" : k == LLVMDoubleTypeKind ? "f64"
                    : bits == 32 ? "b32" : "b64";
  const char *rc = k == LLVMFloatTypeKind ? "f" : k == LLVMDoubleTypeKind ? "d"
                   : bits == 32 ? "r" : "l";
  char text[128], cons[96] = "", regs[32] = "";
  for (unsigned i = 0; i < n; i++) {
    char r[16]; /* n <= 4, but room for any unsigned: no truncation warning */
    snprintf(r, sizeof r, "%s$%u", i ? "," : "", val ? i + 1 : i);
    strcat(regs, r);
    snprintf(r, sizeof r, "%s%s%s", i || val ? "," : "", val ? "" : "=", rc);
    strcat(cons, r);
  }
  const char *vs = n == 4 ? ".v4" : n == 2 ? ".v2" : "";
  const char *lb = n > 1 ? "{" : "", *rb = n > 1 ? "}" : "";
  if (val)
    snprintf(text, sizeof text, "st.global.cs%s.%s [$0], %s%s%s;", vs, sfx, lb, regs, rb);
  else
    snprintf(text, sizeof text, "ld.global.cs%s.%s %s%s%s, [$%u];", vs, sfx, lb, regs, rb, n);
  char all[128];
  snprintf(all, sizeof all, val ? "l%s,~{memory}" : "%s,l,~{memory}", cons);
  LLVMTypeRef ets[4] = {et, et, et, et}, pt = LLVMTypeOf(ptr);
  LLVMTypeRef ret = val ? LLVMVoidTypeInContext(e->lc)
                    : n > 1 ? LLVMStructTypeInContext(e->lc, ets, n, 0) : et;
  LLVMTypeRef params[5] = {pt, et, et, et, et};
  LLVMTypeRef fty = LLVMFunctionType(ret, val ? params : &pt, val ? n + 1 : 1, 0);
  LLVMValueRef asmv = LLVMGetInlineAsm(fty, text, strlen(text), all, strlen(all), 1, 0,
                                       LLVMInlineAsmDialectATT, 0);
  LLVMValueRef args[5] = {ptr};
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  for (unsigned i = 0; val && i < n; i++)
    args[i + 1] = vec ? LLVMBuildExtractElement(e->b, val, LLVMConstInt(i32, i, 0), "") : val;
  LLVMValueRef r = LLVMBuildCall2(e->b, fty, asmv, args, val ? n + 1 : 1, "");
  if (!val && n > 1) {
    LLVMValueRef v = LLVMGetUndef(type);
    for (unsigned i = 0; i < n; i++)
      v = LLVMBuildInsertElement(e->b, v, LLVMBuildExtractValue(e->b, r, i, ""),
                                 LLVMConstInt(i32, i, 0), "");
    r = v;
  }
  *out = r;
  return 1;
}

/* ---- matrix unit and asynchronous copies (sm_80+) ---- */

/* Shuffle `n` elements of `v` from `first` into a vector. */
static LLVMValueRef slice(const flyc__kb_emit_t *e, LLVMValueRef v, unsigned first, unsigned n) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  LLVMValueRef idx[8];
  for (unsigned i = 0; i < n; i++)
    idx[i] = LLVMConstInt(i32, first + i, 0);
  return LLVMBuildShuffleVector(e->b, v, LLVMGetPoison(LLVMTypeOf(v)), LLVMConstVector(idx, n),
                                "");
}

/* A 16x16x16 tile as two `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`
 * (PTX ISA 7.0, sm_80; `llvm.nvvm.mma.m16n8k16.row.col.f32.f32`), one for
 * columns 0-7 of B and the accumulator (their elements 0-3), one for 8-15
 * (4-7). The fragments are the PTX ISA's ("Matrix Fragments for
 * mma.m16n8k16 with floating point type"), A's four .f16x2 registers, B's
 * two per half, C's four floats per half. */
static LLVMValueRef nv_mma(const flyc__kb_emit_t *e, LLVMValueRef a, LLVMValueRef b,
                           LLVMValueRef acc) {
  LLVMTypeRef h2 = LLVMVectorType(LLVMHalfTypeInContext(e->lc), 2);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(e->lc), i32 = LLVMInt32TypeInContext(e->lc);
  LLVMTypeRef ps[10] = {h2, h2, h2, h2, h2, h2, f32, f32, f32, f32};
  LLVMTypeRef rets[4] = {f32, f32, f32, f32};
  LLVMTypeRef fty = LLVMFunctionType(LLVMStructTypeInContext(e->lc, rets, 4, 0), ps, 10, 0);
  LLVMValueRef out = LLVMGetPoison(LLVMTypeOf(acc));
  for (unsigned half = 0; half < 2; half++) {
    LLVMValueRef args[10];
    for (unsigned i = 0; i < 4; i++)
      args[i] = slice(e, a, 2 * i, 2);
    for (unsigned i = 0; i < 2; i++)
      args[4 + i] = slice(e, b, 4 * half + 2 * i, 2);
    for (unsigned i = 0; i < 4; i++)
      args[6 + i] = LLVMBuildExtractElement(e->b, acc, LLVMConstInt(i32, 4 * half + i, 0), "");
    LLVMValueRef r = e->call(e->kb, "llvm.nvvm.mma.m16n8k16.row.col.f32.f32", fty, args, 10);
    if (!r)
      return NULL;
    for (unsigned i = 0; i < 4; i++)
      out = LLVMBuildInsertElement(e->b, out, LLVMBuildExtractValue(e->b, r, i, ""),
                                   LLVMConstInt(i32, 4 * half + i, 0), "");
  }
  return out;
}

/* `ldmatrix.sync.aligned.m8n8.x4[.trans].shared.b16` (PTX ISA 6.5, sm_75;
 * `llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4[.trans].b16`): lanes 8j to 8j+7
 * give the rows of 8 x 8 matrix j, and each lane gets from matrix j the
 * pair (row L >> 2, columns 2 (L & 3) and + 1), or with .trans (rows
 * 2 (L & 3) and + 1, column L >> 2): the mma.m16n8k16 fragment's register
 * j, for the four matrices matrix.c's addresses name. */
static LLVMValueRef load_rows(const flyc__kb_emit_t *e, LLVMValueRef row, int trans) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), rets[4] = {i32, i32, i32, i32};
  LLVMTypeRef pt = LLVMTypeOf(row);
  LLVMTypeRef fty = LLVMFunctionType(LLVMStructTypeInContext(e->lc, rets, 4, 0), &pt, 1, 0);
  LLVMValueRef r = e->call(e->kb, trans ? "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3"
                                        : "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3",
                           fty, &row, 1);
  if (!r)
    return NULL;
  LLVMValueRef v = LLVMGetPoison(LLVMVectorType(i32, 4));
  for (unsigned j = 0; j < 4; j++)
    v = LLVMBuildInsertElement(e->b, v, LLVMBuildExtractValue(e->b, r, j, ""),
                               LLVMConstInt(i32, j, 0), "");
  return LLVMBuildBitCast(e->b, v, LLVMVectorType(LLVMHalfTypeInContext(e->lc), 8), "");
}

/* groupID = lane >> 2 and threadID_in_group = lane & 3, as the PTX ISA
 * names them; a row or column of 8 + ... for the upper halves. */
static const flyc__mma_unit_t nv_mma_unit = {
    .insn = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 (two a tile)",
    /* A (16 x 16): a0,a1 (g, 2t..), a2,a3 (g+8, 2t..), a4,a5 (g, 2t+8..),
     * a6,a7 (g+8, 2t+8..). */
    .a = {8, 2, 7, 1, 0, 3, 2, {0, 0, 8, 8, 0, 0, 8, 8}, {0, 1, 0, 1, 8, 9, 8, 9}},
    /* B (16 x 16 as two 16 x 8): b0,b1 (k = 2t.., n = g), b2,b3 (2t+8..,
     * g); 4-7 the same for n = g + 8. */
    .b = {8, 0, 3, 2, 2, 7, 1, {0, 1, 8, 9, 0, 1, 8, 9}, {0, 0, 0, 0, 8, 8, 8, 8}},
    /* C (16 x 16 as two 16 x 8): c0,c1 (g, 2t..), c2,c3 (g+8, 2t..); 4-7
     * the same for columns 8-15. */
    .acc = {8, 2, 7, 1, 0, 3, 2, {0, 0, 8, 8, 0, 0, 8, 8}, {0, 1, 0, 1, 8, 9, 8, 9}},
    .mma = nv_mma,
    .load_rows = load_rows,
};

static const flyc__mma_unit_t *mma_unit(const flyc_target_t *t, const char **why) {
  if (atoi(t->proc->name + 3) >= 80)
    return &nv_mma_unit;
  *why = "mma.sync.m16n8k16 with f16 inputs needs sm_80 or newer";
  return NULL;
}

/* `cp.async.ca.shared.global` (4 and 8 bytes) and `cp.async.cg` (16: L2
 * only, as CUTLASS copies 16-byte pieces), sm_80 (PTX ISA 7.0). */
static int async_copy(const flyc__kb_emit_t *e, LLVMValueRef dst, LLVMValueRef src,
                      unsigned bytes) {
  if (sm_of(e) < 80)
    return -1;
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.%s.shared.global.%u", bytes == 16 ? "cg" : "ca",
           bytes);
  LLVMTypeRef ps[2] = {LLVMTypeOf(dst), LLVMTypeOf(src)};
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), ps, 2, 0);
  LLVMValueRef args[2] = {dst, src};
  return e->call(e->kb, name, fty, args, 2) ? 1 : 0;
}

static int async_commit(const flyc__kb_emit_t *e) {
  if (sm_of(e) < 80)
    return 1;
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), NULL, 0, 0);
  return e->call(e->kb, "llvm.nvvm.cp.async.commit.group", fty, NULL, 0) ? 1 : 0;
}

static int async_wait(const flyc__kb_emit_t *e, unsigned pending) {
  if (sm_of(e) < 80)
    return 1;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), &i32, 1, 0);
  LLVMValueRef n = LLVMConstInt(i32, pending, 0);
  return e->call(e->kb, "llvm.nvvm.cp.async.wait.group", fty, &n, 1) ? 1 : 0;
}

/* CUDA's assert: `__assertfail(message, file, line, function, charSize)`
 * (CUDA's crt; the driver links it at load, printing the block and the
 * thread, and the launch fails with CUDA_ERROR_ASSERT). */
static int assert_fail(const flyc__kb_emit_t *e, LLVMValueRef msg, LLVMValueRef file,
                       LLVMValueRef func) {
  LLVMTypeRef p = LLVMPointerTypeInContext(e->lc, 0), i32 = LLVMInt32TypeInContext(e->lc);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(e->lc), pt[5] = {p, p, i32, p, i64};
  LLVMValueRef a[5] = {msg, file, LLVMConstInt(i32, 0, 0), func, LLVMConstInt(i64, 1, 0)};
  return e->call(e->kb, "__assertfail", LLVMFunctionType(LLVMVoidTypeInContext(e->lc), pt, 5, 0),
                 a, 5) != NULL;
}

const flyc__builder_ops_t flyc__nvptx_builder_ops = {
    .kernel_cc = 0, /* C; mark_kernel() gives the ptx_kernel convention */
    .module_layout = NULL,
    .name_dot = 0, /* PTX identifiers have no '.' */
    .tid = {"llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.read.ptx.sreg.tid.y",
            "llvm.nvvm.read.ptx.sreg.tid.z"},
    .bid = {"llvm.nvvm.read.ptx.sreg.ctaid.x", "llvm.nvvm.read.ptx.sreg.ctaid.y",
            "llvm.nvvm.read.ptx.sreg.ctaid.z"},
    .ntid = {"llvm.nvvm.read.ptx.sreg.ntid.x", "llvm.nvvm.read.ptx.sreg.ntid.y",
             "llvm.nvvm.read.ptx.sreg.ntid.z"},
    .nbid = {"llvm.nvvm.read.ptx.sreg.nctaid.x", "llvm.nvvm.read.ptx.sreg.nctaid.y",
             "llvm.nvvm.read.ptx.sreg.nctaid.z"},
    .barrier_ir = "define void @__flyc_barrier() alwaysinline convergent nounwind {\n"
                  "  call void @llvm.nvvm.barrier0()\n"
                  "  ret void\n}\n"
                  "declare void @llvm.nvvm.barrier0()\n",
    .declare_kernel = NULL,
    .mark_kernel = mark_kernel,
    .apply_hints = NULL,
    .hint_limits = hint_limits,
    .lane_id = lane_id,
    .fence = fence,
    .shuffle = shuffle,
    .warp_reduce = warp_reduce,
    .ballot = ballot,
    .vote = vote,
    .atomic = atomic,
    .nontemporal = nontemporal,
    .math_symbol = math_symbol,
    .printf_format_as = 0,
    .printf = nv_printf,
    .mma_unit = mma_unit,
    .async_copy = async_copy,
    .async_commit = async_commit,
    .async_wait = async_wait,
    .assert_fail = assert_fail,
    .wgmma_unit = flyc__nvptx_wgmma,
    .tma_unit = flyc__nvptx_tma,
    .grid_constant = flyc__nvptx_grid_constant,
};

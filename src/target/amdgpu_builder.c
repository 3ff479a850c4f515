/* The kernel builder's AMDGPU lowering (target/builder_ops.h): the kernel
 * convention and block-size attributes, workitem intrinsics, mbcnt lane id,
 * syncscope fences, HIP's warp collectives (ds_bpermute, ballot), scoped
 * atomics, ocml math names and the hint limits of the processor table. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "target/amdgpu.h"
#include "target/builder_ops.h"

/* `amdgpu_kernel`, `"amdgpu-flat-work-group-size"` and, for a known block,
 * `!reqd_work_group_size` (as MLIR's GPU-to-ROCDL lowering). */
static void declare_kernel(LLVMContextRef lc, LLVMValueRef fn, const uint32_t block[3],
                           unsigned max_block) {
  uint32_t total = block[0] * block[1] * block[2];
  char fw[32];
  if (total)
    snprintf(fw, sizeof fw, "%u,%u", total, total);
  else
    snprintf(fw, sizeof fw, "1,%u", max_block);
  flyc__fn_set_attr(lc, fn, "amdgpu-flat-work-group-size", fw);
  flyc__fn_set_attr(lc, fn, "uniform-work-group-size", "true");
  if (total) {
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc);
    LLVMMetadataRef ops[3];
    for (int i = 0; i < 3; i++)
      ops[i] = LLVMValueAsMetadata(LLVMConstInt(i32, block[i], 0));
    unsigned kind = LLVMGetMDKindIDInContext(lc, "reqd_work_group_size", 20);
    LLVMSetMetadata(fn, kind, LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, ops, 3)));
  }
}

static void apply_hints(LLVMContextRef lc, LLVMValueRef fn, const flyc_compile_hints_t *h) {
  char num[32];
  if (h->waves_per_eu > 0) {
    snprintf(num, sizeof num, "%d", (int)h->waves_per_eu);
    flyc__fn_set_attr(lc, fn, "amdgpu-waves-per-eu", num);
  }
  if (h->maxnreg > 0) {
    snprintf(num, sizeof num, "%d", (int)h->maxnreg);
    flyc__fn_set_attr(lc, fn, "amdgpu-num-vgpr", num);
  }
}

/* The processor table's columns (target.c). */
static void hint_limits(const flyc_target_t *t, flyc__hint_limits_t *out) {
  out->max_waves = t->proc->max_waves;
  /* Fewer VGPRs than that and LLVM's register allocator gives up. */
  out->min_regs = 24;
  out->min_regs_why = "AMDGPU kernels need at least 24 VGPRs";
  out->max_regs = t->proc->max_regs;
  out->regs_unit = "VGPRs a lane";
}

/* Lanes below this one in the wavefront: mbcnt over an all-ones mask, as
 * HIP's __lane_id(). */
static LLVMValueRef lane_id(const flyc__kb_emit_t *e) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), ps[2] = {i32, i32};
  LLVMTypeRef fty = LLVMFunctionType(i32, ps, 2, 0);
  LLVMValueRef args[2] = {LLVMConstAllOnes(i32), LLVMConstInt(i32, 0, 0)};
  LLVMValueRef lo = e->call(e->kb, "llvm.amdgcn.mbcnt.lo", fty, args, 2);
  if (!lo || e->wave != 64)
    return lo;
  args[1] = lo;
  return e->call(e->kb, "llvm.amdgcn.mbcnt.hi", fty, args, 2);
}

/* A fence with the scope's syncscope, built directly where llvm-c can (LLVM
 * 20+), else through a parsed IR snippet. */
static int fence(const flyc__kb_emit_t *e, unsigned order, unsigned scope, char *fname, char *ir,
                 size_t size) {
  static const char *const scopes[] = {"", "workgroup", "agent", "system", "wavefront"};
  static const LLVMAtomicOrdering llorder[] = {
      LLVMAtomicOrderingNotAtomic, LLVMAtomicOrderingAcquire, LLVMAtomicOrderingRelease,
      LLVMAtomicOrderingAcquireRelease, LLVMAtomicOrderingSequentiallyConsistent};
  if (flyc__build_fence(e->b, llorder[order], scope == FLYC_SCOPE_SYSTEM ? "" : scopes[scope]))
    return 1;
  static const char *const orders[] = {"", "acquire", "release", "acq_rel", "seq_cst"};
  snprintf(fname, size, "__flyc_fence_%s_%s", scopes[scope], orders[order]);
  snprintf(ir, size,
           "define void @%s() alwaysinline nounwind {\n"
           "  fence %s%s%s %s\n  ret void\n}\n",
           fname, scope == FLYC_SCOPE_SYSTEM ? "" : "syncscope(\"",
           scope == FLYC_SCOPE_SYSTEM ? "" : scopes[scope],
           scope == FLYC_SCOPE_SYSTEM ? "" : "\")", orders[order]);
  return 2;
}

/* ---- warp collectives, as HIP's amd_warp_functions.h ---- */

/* The major version of the processor: 9 for gfx90a, 11 for gfx1100. */
static int gfx_major(const flyc_target_t *t) {
  const char *p = t->proc->name + 3;
  size_t n = strlen(p);
  int major = 0;
  for (size_t i = 0; n > 2 && i < n - 2; i++)
    major = major * 10 + (p[i] - '0');
  return major;
}

/* HIP's __shfl / __shfl_up / __shfl_down / __shfl_xor: the source lane from
 * the mbcnt lane id, then ds_bpermute (a byte address: lane * 4). GFX6 and
 * GFX7 have no ds_bpermute (LLVM aborts in instruction selection). */
static LLVMValueRef shuffle(const flyc__kb_emit_t *e, unsigned kind, LLVMValueRef v,
                            LLVMValueRef b, unsigned width) {
  if (gfx_major(e->t) < 8) {
    flyc__error_set(FLYC_EUNSUPPORTED, "flyc_kb_shuffle: %s has no ds_bpermute (GFX8 and newer "
                                       "have it); shuffles and warp reductions are refused",
                    e->t->id);
    return NULL;
  }
  LLVMBuilderRef bd = e->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  LLVMValueRef self = lane_id(e);
  if (!self)
    return NULL;
  LLVMValueRef w = LLVMConstInt(i32, width, 0), wm1 = LLVMConstInt(i32, width - 1, 0);
  LLVMValueRef seg = LLVMBuildAnd(bd, self, LLVMConstInt(i32, ~(uint64_t)(width - 1), 0), "");
  LLVMValueRef idx, own;
  switch (kind) {
  case FLYC_SHUFFLE_IDX: /* (b & (width - 1)) + (self & ~(width - 1)) */
    idx = LLVMBuildAdd(bd, LLVMBuildAnd(bd, b, wm1, ""), seg, "");
    break;
  case FLYC_SHUFFLE_UP: /* self - b, or self below the segment */
    idx = LLVMBuildSub(bd, self, b, "");
    own = LLVMBuildICmp(bd, LLVMIntSLT, idx, seg, "");
    idx = LLVMBuildSelect(bd, own, self, idx, "");
    break;
  case FLYC_SHUFFLE_DOWN: /* self + b, or self when (self & (width-1)) + b >= width */
    idx = LLVMBuildAdd(bd, self, b, "");
    own = LLVMBuildICmp(bd, LLVMIntSGE, LLVMBuildAdd(bd, LLVMBuildAnd(bd, self, wm1, ""), b, ""),
                        w, "");
    idx = LLVMBuildSelect(bd, own, self, idx, "");
    break;
  default: /* XOR: self ^ b, or self when past the segment */
    idx = LLVMBuildXor(bd, self, b, "");
    own = LLVMBuildICmp(bd, LLVMIntSGE, idx, LLVMBuildAdd(bd, seg, w, ""), "");
    idx = LLVMBuildSelect(bd, own, self, idx, "");
    break;
  }
  LLVMValueRef args[2] = {LLVMBuildShl(bd, idx, LLVMConstInt(i32, 2, 0), ""), v};
  LLVMTypeRef ps[2] = {i32, i32};
  return e->call(e->kb, "llvm.amdgcn.ds.bpermute", LLVMFunctionType(i32, ps, 2, 0), args, 2);
}

/* rocPRIM's warp reduction steps: xor 1 and 2 as a DPP quad_perm move
 * ([1,0,3,2], [2,3,0,1]: within a quad), xor 4, 8 and 16 as ds_swizzle's
 * bitmask mode (lane ^ mask within 32 lanes, no address to compute); 32
 * (wave64) stays ds_bpermute. GFX8 and newer, as the shuffles. */
static LLVMValueRef xor_step(const flyc__kb_emit_t *e, LLVMValueRef v, unsigned mask,
                             unsigned width) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc), i1 = LLVMInt1TypeInContext(e->lc);
  if (mask >= width || gfx_major(e->t) < 8)
    return NULL;
  if (mask == 1 || mask == 2) {
    LLVMTypeRef ps[6] = {i32, i32, i32, i32, i32, i1};
    LLVMValueRef args[6] = {LLVMGetUndef(i32), v, LLVMConstInt(i32, mask == 1 ? 0xB1 : 0x4E, 0),
                            LLVMConstInt(i32, 0xf, 0), LLVMConstInt(i32, 0xf, 0),
                            LLVMConstInt(i1, 0, 0)};
    return e->call(e->kb, "llvm.amdgcn.update.dpp.i32", LLVMFunctionType(i32, ps, 6, 0), args,
                   6);
  }
  if (mask > 16)
    return NULL;
  LLVMTypeRef ps[2] = {i32, i32};
  LLVMValueRef args[2] = {v, LLVMConstInt(i32, 0x1f | (mask << 10), 0)};
  return e->call(e->kb, "llvm.amdgcn.ds.swizzle", LLVMFunctionType(i32, ps, 2, 0), args, 2);
}

/* HIP's __ballot: llvm.amdgcn.ballot of the wave's width, widened to i64. */
static LLVMValueRef ballot(const flyc__kb_emit_t *e, LLVMValueRef pred) {
  LLVMTypeRef i1 = LLVMInt1TypeInContext(e->lc), i64 = LLVMInt64TypeInContext(e->lc);
  LLVMTypeRef rt = e->wave == 64 ? i64 : LLVMInt32TypeInContext(e->lc);
  const char *name = e->wave == 64 ? "llvm.amdgcn.ballot.i64" : "llvm.amdgcn.ballot.i32";
  LLVMValueRef r = e->call(e->kb, name, LLVMFunctionType(rt, &i1, 1, 0), &pred, 1);
  return r && e->wave != 64 ? LLVMBuildZExt(e->b, r, i64, "") : r;
}

/* HIP's __any (the ballot is not 0) and __all (it is the exec mask, the
 * ballot of true). */
static LLVMValueRef vote(const flyc__kb_emit_t *e, int all, LLVMValueRef pred) {
  LLVMValueRef m = ballot(e, pred);
  if (!m)
    return NULL;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(e->lc);
  if (!all)
    return LLVMBuildICmp(e->b, LLVMIntNE, m, LLVMConstInt(i64, 0, 0), "");
  LLVMValueRef exec = ballot(e, LLVMConstInt(LLVMInt1TypeInContext(e->lc), 1, 0));
  return exec ? LLVMBuildICmp(e->b, LLVMIntEQ, m, exec, "") : NULL;
}

/* ---- atomics ---- */

static const char *const sync_scopes[] = {"", "workgroup", "agent", "", "wavefront"};
static const LLVMAtomicOrdering orders[] = {
    LLVMAtomicOrderingNotAtomic, LLVMAtomicOrderingAcquire, LLVMAtomicOrderingRelease,
    LLVMAtomicOrderingAcquireRelease, LLVMAtomicOrderingSequentiallyConsistent,
    LLVMAtomicOrderingMonotonic};
static const LLVMAtomicRMWBinOp rmw_ops[] = {
    LLVMAtomicRMWBinOpXchg, LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpSub, LLVMAtomicRMWBinOpAnd,
    LLVMAtomicRMWBinOpOr,   LLVMAtomicRMWBinOpXor, LLVMAtomicRMWBinOpMin, LLVMAtomicRMWBinOpMax,
    LLVMAtomicRMWBinOpUMin, LLVMAtomicRMWBinOpUMax, LLVMAtomicRMWBinOpXchg,
    LLVMAtomicRMWBinOpFAdd};

/* atomicrmw / cmpxchg with the scope's syncscope: built directly on LLVM
 * 20+, else an IR snippet `__flyc_atomic_<op>_<type>_p<as>_<scope>_<order>`. */
static int atomic(const flyc__kb_emit_t *e, const flyc__atomic_t *a, LLVMValueRef *out,
                  char *fname, char *ir, size_t size) {
  static const char *const ir_ops[] = {"cmpxchg", "add", "sub", "and",  "or",   "xor",
                                       "min",     "max", "umin", "umax", "xchg", "fadd"};
  static const char *const ir_orders[] = {"", "acquire", "release", "acq_rel", "seq_cst",
                                          "monotonic"};
  const char *sc = sync_scopes[a->scope];
  *out = flyc__build_atomic(e->b, rmw_ops[a->op], a->ptr, a->op ? NULL : a->cmp, a->val,
                            orders[a->order], sc);
  if (*out)
    return 1;
  char *ty = LLVMPrintTypeToString(a->type);
  const char *fail_order =
      ir_orders[a->order == FLYC_ORDER_ACQ_REL ? FLYC_ORDER_ACQUIRE
                : a->order == FLYC_ORDER_RELEASE ? FLYC_ORDER_RELAXED : a->order];
  char ss[32] = "";
  if (*sc)
    snprintf(ss, sizeof ss, " syncscope(\"%s\")", sc);
  snprintf(fname, size, "__flyc_atomic_%s_%s_p%u_%s_%s", ir_ops[a->op], ty, a->as,
           *sc ? sc : "system", ir_orders[a->order]);
  if (a->op)
    snprintf(ir, size,
             "define %s @%s(ptr addrspace(%u) %%p, %s %%v) alwaysinline nounwind {\n"
             "  %%r = atomicrmw %s ptr addrspace(%u) %%p, %s %%v%s %s\n  ret %s %%r\n}\n",
             ty, fname, a->as, ty, ir_ops[a->op], a->as, ty, ss, ir_orders[a->order], ty);
  else
    snprintf(ir, size,
             "define %s @%s(ptr addrspace(%u) %%p, %s %%c, %s %%v) alwaysinline nounwind {\n"
             "  %%x = cmpxchg ptr addrspace(%u) %%p, %s %%c, %s %%v%s %s %s\n"
             "  %%r = extractvalue { %s, i1 } %%x, 0\n  ret %s %%r\n}\n",
             ty, fname, a->as, ty, ty, a->as, ty, ty, ss, ir_orders[a->order], fail_order, ty,
             ty);
  LLVMDisposeMessage(ty);
  return 2;
}

static void math_symbol(char *out, size_t size, const char *name, int f64) {
  snprintf(out, size, "__ocml_%s_f%d", name, f64 ? 64 : 32);
}

/* HIP's device printf as clang lowers it (hostcall, ockl): begin, the
 * format, then the arguments seven at a time as i64 (integers widened,
 * doubles and pointers by their bits), the last call saying it is last. */
static int amd_printf(const flyc__kb_emit_t *e, LLVMValueRef fmt, size_t size,
                      LLVMValueRef *args, unsigned n) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(e->lc), i32 = LLVMInt32TypeInContext(e->lc);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(e->lc, 0);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0);
  LLVMValueRef d = e->call(e->kb, "__ockl_printf_begin", LLVMFunctionType(i64, &i64, 1, 0),
                           &zero, 1);
  LLVMTypeRef st[4] = {i64, ptr, i64, i32};
  LLVMValueRef sa[4] = {d, fmt, LLVMConstInt(i64, size, 0), LLVMConstInt(i32, n == 0, 0)};
  if (d)
    d = e->call(e->kb, "__ockl_printf_append_string_n", LLVMFunctionType(i64, st, 4, 0), sa, 4);
  LLVMTypeRef at[10] = {i64, i32, i64, i64, i64, i64, i64, i64, i64, i32};
  for (unsigned i = 0; d && i < n; i += 7) {
    unsigned k = n - i < 7 ? n - i : 7;
    LLVMValueRef aa[10] = {d, LLVMConstInt(i32, k, 0)};
    for (unsigned j = 0; j < 7; j++) {
      LLVMValueRef v = j < k ? args[i + j] : zero;
      LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(v));
      if (tk == LLVMDoubleTypeKind)
        v = LLVMBuildBitCast(e->b, v, i64, "");
      else if (tk == LLVMPointerTypeKind)
        v = LLVMBuildPtrToInt(e->b, v, i64, "");
      else if (LLVMTypeOf(v) != i64)
        v = LLVMBuildZExt(e->b, v, i64, "");
      aa[2 + j] = v;
    }
    aa[9] = LLVMConstInt(i32, i + k == n, 0);
    d = e->call(e->kb, "__ockl_printf_append_args", LLVMFunctionType(i64, at, 10, 0), aa, 10);
  }
  return d != NULL;
}

/* ---- matrix units ---- */

/* CDNA's `v_mfma_f32_16x16x16_f16` (`llvm.amdgcn.mfma.f32.16x16x16f16`, as
 * HIP's __builtin_amdgcn_mfma_f32_16x16x16f16), no broadcast (cbsz, abid,
 * blgp 0). */
static LLVMValueRef mfma(const flyc__kb_emit_t *e, LLVMValueRef a, LLVMValueRef b,
                         LLVMValueRef acc) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(e->lc);
  LLVMTypeRef ps[6] = {LLVMTypeOf(a), LLVMTypeOf(b), LLVMTypeOf(acc), i32, i32, i32};
  LLVMTypeRef fty = LLVMFunctionType(LLVMTypeOf(acc), ps, 6, 0);
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0), args[6] = {a, b, acc, zero, zero, zero};
  return e->call(e->kb, "llvm.amdgcn.mfma.f32.16x16x16f16", fty, args, 6);
}

/* RDNA 3's wave32 `v_wmma_f32_16x16x16_f16`
 * (`llvm.amdgcn.wmma.f32.16x16x16.f16`, HIP's
 * __builtin_amdgcn_wmma_f32_16x16x16_f16_w32). */
static LLVMValueRef wmma(const flyc__kb_emit_t *e, LLVMValueRef a, LLVMValueRef b,
                         LLVMValueRef acc) {
  LLVMTypeRef ps[3] = {LLVMTypeOf(a), LLVMTypeOf(b), LLVMTypeOf(acc)};
  LLVMTypeRef fty = LLVMFunctionType(LLVMTypeOf(acc), ps, 3, 0);
  LLVMValueRef args[3] = {a, b, acc};
  /* Overloaded on the accumulator, and on A and B too since LLVM 18 (for
   * gfx12's <8 x half>). */
  return e->call(e->kb, flyc__llvm_major() >= 18 ? "llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16"
                                                 : "llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32",
                 fty, args, 3);
}

/* The fragments of AMD's matrix instruction calculator
 * (amd_matrix_instruction_calculator, `--detail-instruction`) for
 * v_mfma_f32_16x16x16_f16 on a wave64: A[i][k] in lane i + 16 * (k / 4),
 * element k % 4; B[k][j] in lane j + 16 * (k / 4), element k % 4; D[i][j]
 * in lane j + 16 * (i / 4), element i % 4. */
static const flyc__mma_unit_t mfma_unit = {
    .insn = "v_mfma_f32_16x16x16_f16",
    .a = {4, 0, 15, 1, 4, 3, 4, {0, 0, 0, 0}, {0, 1, 2, 3}},
    .b = {4, 4, 3, 4, 0, 15, 1, {0, 1, 2, 3}, {0, 0, 0, 0}},
    .acc = {4, 4, 3, 4, 0, 15, 1, {0, 1, 2, 3}, {0, 0, 0, 0}},
    .mma = mfma,
};

/* gfx11's wave32 WMMA (RDNA 3 ISA guide, 7.9; GPUOpen's "How to accelerate
 * AI applications on RDNA 3 using WMMA"): A[i][k] in lanes i and i + 16,
 * element k; B[k][j] in lanes j and j + 16, element k; D[i][j] in lane j +
 * 16 * (i % 2), element i / 2. */
static const flyc__mma_unit_t wmma_unit = {
    .insn = "v_wmma_f32_16x16x16_f16 (wave32)",
    .a = {16, 0, 15, 1, 0, 0, 0, {0}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
    .b = {16, 0, 0, 0, 0, 15, 1, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {0}},
    .acc = {8, 4, 1, 1, 0, 15, 1, {0, 2, 4, 6, 8, 10, 12, 14}, {0}},
    .mma = wmma,
};

static const flyc__mma_unit_t *mma_unit(const flyc_target_t *t, const char **why) {
  uint32_t v = t->proc->isa_version;
  int unit = flyc__amdgpu_matrix_unit(t->proc);
  if (unit == 1)
    return &mfma_unit;
  if (unit == 2 && v < 12000) {
    if (t->wave == 32 && flyc__llvm_major() >= 16)
      return &wmma_unit;
    *why = t->wave == 32 ? "gfx11's WMMA needs LLVM 16 or newer"
                         : "gfx11's WMMA is used in wave32 only (its wave64 fragments differ)";
    return NULL;
  }
  *why = v >= 12000 ? "gfx12's WMMA (other fragments than gfx11's) is not supported yet"
                    : "the processor has no matrix unit (MFMA: gfx908, gfx90a, gfx94x, gfx950; "
                      "WMMA: gfx11)";
  return NULL;
}

const flyc__builder_ops_t flyc__amdgpu_builder_ops = {
    .kernel_cc = 91, /* amdgpu_kernel */
    /* Locals go to private memory, address space 5: a body's LLVMBuildAlloca
     * reads it from the layout. */
    .module_layout = "A5",
    .name_dot = 1,
    .tid = {"llvm.amdgcn.workitem.id.x", "llvm.amdgcn.workitem.id.y",
            "llvm.amdgcn.workitem.id.z"},
    .bid = {"llvm.amdgcn.workgroup.id.x", "llvm.amdgcn.workgroup.id.y",
            "llvm.amdgcn.workgroup.id.z"},
    .ntid_call = "__ockl_get_local_size",
    .nbid_call = "__ockl_get_num_groups",
    /* What clang emits for __syncthreads(). */
    .barrier_ir = "define void @__flyc_barrier() alwaysinline convergent nounwind {\n"
                  "  fence syncscope(\"workgroup\") release\n"
                  "  call void @llvm.amdgcn.s.barrier()\n"
                  "  fence syncscope(\"workgroup\") acquire\n"
                  "  ret void\n}\n"
                  "declare void @llvm.amdgcn.s.barrier()\n",
    .declare_kernel = declare_kernel,
    .mark_kernel = NULL,
    .apply_hints = apply_hints,
    .hint_limits = hint_limits,
    .lane_id = lane_id,
    .fence = fence,
    .shuffle = shuffle,
    .xor_step = xor_step,
    .ballot = ballot,
    .vote = vote,
    .atomic = atomic,
    .math_symbol = math_symbol,
    .printf_format_as = 4,
    .printf = amd_printf,
    .mma_unit = mma_unit,
};

/* The kernel builder's NVPTX lowering (target/builder_ops.h): PTX special
 * registers, the kernel mark with its launch bounds (llvm_compat.c writes
 * them as this LLVM's backend reads them), membar fences and libdevice math
 * names. */
#include <stdint.h>
#include <stdio.h>

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
                                       "llvm.nvvm.membar.sys"};
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(e->lc), NULL, 0, 0);
  return e->call(e->kb, membar[scope], fty, NULL, 0) ? 1 : 0;
}

static void math_symbol(char *out, size_t size, const char *name, int f64) {
  snprintf(out, size, "__nv_%s%s", name, f64 ? "" : "f");
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
    .math_symbol = math_symbol,
};

/* The kernel builder's lowering for one target family: what src/builder/
 * reads through flyc_target_ops_t.builder instead of testing the family.
 * Filled by target/amdgpu_builder.c and target/nvptx_builder.c. Never
 * installed. */
#ifndef FLYC_TARGET_BUILDER_OPS_H
#define FLYC_TARGET_BUILDER_OPS_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "internal.h"

/* What a target's lowering emits with, handed in by the builder. `call`
 * calls `name` of type `fty`, declared on first use; NULL (and the emit
 * fails) when a module symbol of that name has another shape. */
typedef struct flyc__kb_emit {
  void *kb; /* passed back to call */
  LLVMValueRef (*call)(void *kb, const char *name, LLVMTypeRef fty, LLVMValueRef *args,
                       unsigned nargs);
  LLVMBuilderRef b;
  LLVMContextRef lc;
  unsigned wave; /* the target's wavefront size */
  const flyc_target_t *t;
} flyc__kb_emit_t;

/* One atomic operation the builder checked: `op` a flyc_atomic_op_t, or 0
 * for compare-and-swap (`cmp` then `val`); `type` the value type, `as` the
 * pointer's address space (0, 1 or 3), `order` a flyc_memory_order_t and
 * `scope` a flyc_memory_scope_t. */
typedef struct flyc__atomic {
  unsigned op;
  LLVMValueRef ptr, val, cmp;
  LLVMTypeRef type;
  unsigned as, order, scope;
} flyc__atomic_t;

/* The target-dependent limits of the compile hints. */
typedef struct flyc__hint_limits {
  int32_t max_waves; /* waves_per_eu at most */
  int32_t min_regs;  /* maxnreg at least (0: no lower limit), and why */
  const char *min_regs_why;
  int32_t max_regs;      /* maxnreg at most */
  const char *regs_unit; /* "VGPRs a lane", for messages */
} flyc__hint_limits_t;

/* Where a lane's fragment elements sit in a 16 x 16 tile of the matrix
 * unit: element i of lane L is at
 *   row = ((L >> row_shift) & row_mask) * row_mul + row[i],
 *   col = ((L >> col_shift) & col_mask) * col_mul + col[i].
 * (A is M x K, B is K x N, the accumulator M x N.) */
typedef struct flyc__mma_frag {
  unsigned n; /* elements a lane, at most 16 */
  uint8_t row_shift, row_mask, row_mul, col_shift, col_mask, col_mul;
  uint8_t row[16], col[16];
} flyc__mma_frag_t;

/* A processor's 16x16x16 f16 x f16 + f32 matrix operation: the fragments of
 * A, B and the accumulator, and the operation itself. */
typedef struct flyc__mma_unit {
  const char *insn; /* the instruction, for documentation and messages */
  flyc__mma_frag_t a, b, acc;
  /* acc + a * b: `a`, `b` <a.n x half>, <b.n x half>; `acc` <acc.n x
   * float>. NULL when e->call failed. */
  LLVMValueRef (*mma)(const flyc__kb_emit_t *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef acc);
  /* A whole A or B fragment (<8 x half>) from shared memory by one
   * instruction of the wave, or NULL where the unit has none: `row` is this
   * lane's pointer (address space 3, 16-byte aligned) to the eight halves
   * of the tile that start at
   *   row-major:    (r + 8 * (j & 1), 8 * (j >> 1)),
   *   column-major: (8 * (j & 1), r + 8 * (j >> 1))   (j = L >> 3, r = L & 7)
   * in the operand's (row, col); `trans` when those eight run across the
   * fragment's pairs (A column-major, B row-major). */
  LLVMValueRef (*load_rows)(const flyc__kb_emit_t *e, LLVMValueRef row, int trans);
} flyc__mma_unit_t;

/* sm_90a's warpgroup matrix unit (flyc_kb_wgmma*()). `mma`: acc (<n/2 x
 * float>) + A (64 x 16) * B (n x 16)^T, A and B shared pointers into
 * K-major 128-byte-swizzled tiles (flyc/builder.h), NULL when out of
 * memory. `fence` and `wait` pass the `nacc` accumulator vectors through
 * the instruction (replaced in place); every member 1, or 0 when out of
 * memory. */
typedef struct flyc__wgmma_unit {
  LLVMValueRef (*mma)(const flyc__kb_emit_t *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef acc);
  int (*fence)(const flyc__kb_emit_t *e, LLVMValueRef *acc, unsigned nacc);
  int (*commit)(const flyc__kb_emit_t *e);
  int (*wait)(const flyc__kb_emit_t *e, unsigned pending, LLVMValueRef *acc, unsigned nacc);
  int (*shared_fence)(const flyc__kb_emit_t *e);
} flyc__wgmma_unit_t;

/* nvptx_wgmma.c: the unit of `t`, or NULL with `*why` (static). */
const flyc__wgmma_unit_t *flyc__nvptx_wgmma(const flyc_target_t *t, const char **why);

/* nvptx_wgmma.c: a call of inline PTX `text` with constraints `cons`, of
 * type `fty`, convergent and with side effects. */
LLVMValueRef flyc__nvptx_asm(const flyc__kb_emit_t *e, LLVMTypeRef fty, const char *text,
                             const char *cons, LLVMValueRef *args, unsigned n);

/* NVIDIA's tensor memory accelerator (flyc_kb_tma_*(), flyc_kb_mbarrier_*();
 * PTX ISA 8.0, sm_90). The builder has checked the operands: `bar`, `dst`
 * and `src` shared pointers (address space 3), `count`, `tx`, `phase` and
 * the `rank` coordinates i32 values, `map` the generic address (i64) of a
 * tensor-map parameter. `tx` NULL: a plain arrival. Each returns 1, or 0
 * when out of memory. */
typedef struct flyc__tma_unit {
  int (*mbarrier_init)(const flyc__kb_emit_t *e, LLVMValueRef bar, LLVMValueRef count);
  int (*mbarrier_arrive)(const flyc__kb_emit_t *e, LLVMValueRef bar, LLVMValueRef tx);
  int (*mbarrier_wait)(const flyc__kb_emit_t *e, LLVMValueRef bar, LLVMValueRef phase);
  int (*load)(const flyc__kb_emit_t *e, LLVMValueRef dst, LLVMValueRef map,
              const LLVMValueRef *coords, unsigned rank, LLVMValueRef bar);
  int (*store)(const flyc__kb_emit_t *e, LLVMValueRef map, const LLVMValueRef *coords,
               unsigned rank, LLVMValueRef src);
  int (*commit)(const flyc__kb_emit_t *e);
  int (*wait)(const flyc__kb_emit_t *e, unsigned pending);
  int (*fence)(const flyc__kb_emit_t *e);
} flyc__tma_unit_t;

/* nvptx_tma.c: the unit of `t`, or NULL with `*why` (static). */
const flyc__tma_unit_t *flyc__nvptx_tma(const flyc_target_t *t, const char **why);

struct flyc__builder_ops {
  /* LLVM calling convention of kernels. */
  unsigned kernel_cc;
  /* The data layout set on a new context's module (where allocas go), or
   * NULL. Only the entries a body's IR needs; the compile sets the rest. */
  const char *module_layout;
  /* 1 when a kernel name may contain '.' (never ending ".kd"). */
  int name_dot;
  /* i32 () intrinsics reading thread and block indices, block and grid
   * sizes by axis; a NULL size has `*_call`, an i64 (i32 axis) function. */
  const char *tid[3], *bid[3], *ntid[3], *nbid[3];
  const char *ntid_call, *nbid_call;
  /* An IR snippet defining the always-inline `__flyc_barrier`. */
  const char *barrier_ir;
  /* Adds the kernel's target attributes when it is declared: block size
   * (`block`, zeros when unknown; `max_block` threads otherwise). NULL:
   * none. */
  void (*declare_kernel)(LLVMContextRef lc, LLVMValueRef fn, const uint32_t block[3],
                         unsigned max_block);
  /* Marks `fn` a kernel once its body succeeded, with its launch bounds.
   * NULL: the declaration was enough. */
  void (*mark_kernel)(LLVMModuleRef mod, LLVMValueRef fn, const uint32_t block[3],
                      const flyc_compile_hints_t *h);
  /* The hints that become function attributes (waves, registers). NULL:
   * none. */
  void (*apply_hints)(LLVMContextRef lc, LLVMValueRef fn, const flyc_compile_hints_t *h);
  /* The hint limits of processor `t`. */
  void (*hint_limits)(const flyc_target_t *t, flyc__hint_limits_t *out);
  /* The lane index within the wavefront, or NULL (an error is recorded). */
  LLVMValueRef (*lane_id)(const flyc__kb_emit_t *e);
  /* A fence of `order` (flyc_memory_order_t) and `scope`: 1 when emitted,
   * 0 when `e->call` failed, or 2 with `fname` and `ir` (sized `size` each)
   * holding an IR snippet that defines the fence function the builder
   * links once and calls. */
  int (*fence)(const flyc__kb_emit_t *e, unsigned order, unsigned scope, char *fname, char *ir,
               size_t size);
  /* Warp shuffle (`kind` a flyc_shuffle_kind_t) of i32 `v` with i32 lane,
   * delta or mask `b` among `width` lanes (a power of two up to the wave
   * size), as CUDA's __shfl_*_sync over the full warp. NULL: an error is
   * set (flyc_error_last(), or recorded through `e->call`). */
  LLVMValueRef (*shuffle)(const flyc__kb_emit_t *e, unsigned kind, LLVMValueRef v,
                          LLVMValueRef b, unsigned width);
  /* One butterfly step of a warp reduction: i32 `v` of lane `lane ^ mask`
   * (mask < width) in a cheaper form than `shuffle`, or NULL to use
   * `shuffle` (an error, if any, is recorded through `e->call`). NULL
   * member: never. */
  LLVMValueRef (*xor_step)(const flyc__kb_emit_t *e, LLVMValueRef v, unsigned mask,
                           unsigned width);
  /* A warp reduction (`op` a flyc_reduce_op_t) of `v` over `width` lanes
   * in one instruction, or NULL to build it from shuffles (an error, if
   * any, is recorded through `e->call`). NULL member: never. */
  LLVMValueRef (*warp_reduce)(const flyc__kb_emit_t *e, unsigned op, LLVMValueRef v,
                              unsigned width);
  /* The i64 mask of the lanes whose i1 `pred` is true (wave32 and NVPTX:
   * the high half 0). */
  LLVMValueRef (*ballot)(const flyc__kb_emit_t *e, LLVMValueRef pred);
  /* i1: `pred` true on any (all == 0) or every (all == 1) active lane. */
  LLVMValueRef (*vote)(const flyc__kb_emit_t *e, int all, LLVMValueRef pred);
  /* An atomic: 1 with the old value in `*out`, 0 with an error set, or 2
   * with `fname` and `ir` (sized `size` each) holding an IR snippet that
   * defines the function (its parameters the pointer, then `cmp` for a
   * compare-and-swap, then `val`) the builder links once and calls. */
  int (*atomic)(const flyc__kb_emit_t *e, const flyc__atomic_t *a, LLVMValueRef *out,
                char *fname, char *ir, size_t size);
  /* A non-temporal (streaming) load of `type` from `ptr`, or store of
   * `val` (non-NULL) to it, where the backend ignores LLVM's !nontemporal:
   * 1 with the access emitted (a load's value in `*out`), 0 for the
   * builder's load / store marked !nontemporal, -1 with `*why` (static)
   * saying what this target cannot stream. NULL member: always 0. */
  int (*nontemporal)(const flyc__kb_emit_t *e, LLVMValueRef ptr, LLVMTypeRef type,
                     LLVMValueRef val, LLVMValueRef *out, const char **why);
  /* The device library's symbol of math function `name` ("exp") into
   * `out`. */
  void (*math_symbol)(char *out, size_t size, const char *name, int f64);
  /* The address space of the format strings of device printf (AMDGPU: 4,
   * constant; NVPTX: 0, as clang puts them). */
  unsigned printf_format_as;
  /* Device printf of the format at generic `fmt` (`size` bytes with its
   * NUL) and the `n` arguments `args`, already promoted as C's varargs are
   * (i32, i64, double, ptr): 1, or 0 when `e->call` failed. */
  int (*printf)(const flyc__kb_emit_t *e, LLVMValueRef fmt, size_t size, LLVMValueRef *args,
                unsigned n);
  /* A failed device assertion reported as the target's runtime expects
   * (generic pointers to the NUL-terminated `msg`, `file` and `func`): 1,
   * or 0 when `e->call` failed. The builder traps after it. NULL member:
   * the builder's printf of the message, then the trap (HIP's
   * __assert_fail). */
  int (*assert_fail)(const flyc__kb_emit_t *e, LLVMValueRef msg, LLVMValueRef file,
                     LLVMValueRef func);
  /* The matrix unit of processor `t`, or NULL with `*why` (static) saying
   * what it lacks. */
  const flyc__mma_unit_t *(*mma_unit)(const flyc_target_t *t, const char **why);
  /* An asynchronous copy of `bytes` (4, 8 or 16) from global `src` (address
   * space 1) to shared `dst` (3): 1 when emitted, 0 when `e->call` failed,
   * -1 when the processor has none (the builder copies through registers).
   * `commit` and `wait` (NULL: no asynchronous copies) close a group and
   * wait until at most `pending` groups are in flight: 1, or 0 on failure. */
  int (*async_copy)(const flyc__kb_emit_t *e, LLVMValueRef dst, LLVMValueRef src, unsigned bytes);
  int (*async_commit)(const flyc__kb_emit_t *e);
  int (*async_wait)(const flyc__kb_emit_t *e, unsigned pending);
  /* The warpgroup matrix unit of processor `t`, or NULL with `*why`
   * (static) saying what it lacks. NULL member: none on the family. */
  const flyc__wgmma_unit_t *(*wgmma_unit)(const flyc_target_t *t, const char **why);
  /* The tensor memory accelerator of processor `t`, or NULL with `*why`
   * (static) saying what it lacks. NULL member: none on the family. */
  const flyc__tma_unit_t *(*tma_unit)(const flyc_target_t *t, const char **why);
  /* Marks kernel parameter `index` of `fn` (a byval tensor map) a grid
   * constant, so that its address is the parameter's own (CUDA's
   * __grid_constant__): 1, or 0 when this LLVM cannot. */
  int (*grid_constant)(LLVMModuleRef mod, LLVMValueRef fn, unsigned index);
};

#endif

/**
 * @file flyc/builder.h
 * @brief More kernel-body helpers: warp (wavefront) collectives, scoped
 *        atomics, global thread and warp ids, the target a body is built
 *        for, structured control flow, typed loads and stores, matrix-unit
 *        tiles and asynchronous copies. One meaning on every target family.
 *
 * Interop tier (includes llvm-c), as flyc/kernel.h, which includes this
 * header. Every helper takes the body's ::flyc_kernel_builder_t and is
 * called only while its body runs. A helper that fails returns NULL (or a
 * status) and makes the emit fail: flyc_kernel_emit() returns the first
 * helper error's code, and then flyc_error_last() is that first error's
 * message, naming the helper and the culprit (the argument, its type, the
 * width, the scope, the target), whatever failed after it.
 * A `kb` of NULL (a call outside a body) returns NULL with FLYC_EINVAL set.
 *
 * Values are LLVM values of the body's context: a value of another LLVM
 * context, or NULL where a value is needed, is FLYC_EINVAL.
 *
 * Convergence: the collectives exchange data between the lanes of one
 * wavefront (warp) and, as CUDA's `__shfl_*_sync(0xffffffff, ...)`, expect
 * every lane of it to make the call together (converged control flow). On
 * NVPTX a lane that does not is undefined behaviour (the full mask is
 * passed); on AMDGPU an inactive lane contributes 0 to a ballot, and what a
 * shuffle reads from one is not defined here (HIP leaves it open too).
 *
 * @defgroup flyc_builder Kernel-body helpers
 * @{
 */
#ifndef FLYC_PUBLIC_BUILDER_H
#define FLYC_PUBLIC_BUILDER_H

#include <stdint.h>

#include <llvm-c/Types.h>

#include "flyc/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the target a body is built for (constants, not IR) ---- */

/** The context's target family (FLYC_TARGET_AMDGPU, FLYC_TARGET_NVPTX), or 0
 *  for a NULL `kb`. */
FLYC_API flyc_target_family_t flyc_kb_target_family(const flyc_kernel_builder_t *kb);
/** The processor name (`gfx942`, `sm_90`), without target features (owned by
 *  the context), or NULL for a NULL `kb`. */
FLYC_API const char *flyc_kb_target_processor(const flyc_kernel_builder_t *kb);
/** The wavefront (warp) size in lanes: 64 on gfx9 (CDNA), 32 on gfx10+ and
 *  NVPTX, or 0 for a NULL `kb`. flyc_kb_wave_size() is the same as an IR
 *  constant. */
FLYC_API uint32_t flyc_kb_target_wave_size(const flyc_kernel_builder_t *kb);
/** The context's wavefront (warp) size, as flyc_kb_target_wave_size(), for
 *  host code that sizes blocks before a body runs (a block of four waves);
 *  0 for a NULL `ctx`. */
FLYC_API uint32_t flyc_ctx_wave_size(const flyc_ctx_t *ctx);
/** The body's known_block_size along `axis` (0, 1, 2) as an integer, for
 *  build-time decisions (a loop's step, the number of waves), or 0 when the
 *  kernel has none (a NULL `kb` or a bad axis: 0 too). */
FLYC_API uint32_t flyc_kb_known_block_size(const flyc_kernel_builder_t *kb, unsigned axis);

/* ---- global thread id, warp id ---- */

/** `blockIdx * blockDim + threadIdx` along `axis` (0, 1, 2), an i32 that
 *  wraps modulo 2^32 as CUDA's unsigned arithmetic does (grids of up to
 *  2^32 threads an axis). blockDim is a constant under known_block_size
 *  (flyc_kb_block_dim()). NULL for a bad axis (FLYC_EINVAL). */
FLYC_API LLVMValueRef flyc_kb_global_id(flyc_kernel_builder_t *kb, unsigned axis);
/** flyc_kb_global_id() as an i64, computed in 64 bits (no wrap): for
 *  indexing buffers of more than 2^31 elements. */
FLYC_API LLVMValueRef flyc_kb_global_id64(flyc_kernel_builder_t *kb, unsigned axis);
/** The wavefront (warp) index within the block, an i32: the linear thread
 *  index `x + y * blockDim.x + z * blockDim.x * blockDim.y` divided by the
 *  wave size (threads of a block fill waves in that order, on both
 *  families). Not PTX's `%warpid`, which names a hardware slot that can
 *  change. */
FLYC_API LLVMValueRef flyc_kb_warp_id(flyc_kernel_builder_t *kb);

/* ---- warp shuffles ---- */

/** Kinds of flyc_kb_shuffle(): CUDA's `__shfl_sync`, `__shfl_up_sync`,
 *  `__shfl_down_sync`, `__shfl_xor_sync`. */
typedef enum flyc_shuffle_kind {
  FLYC_SHUFFLE_IDX = 1,  /**< read lane `b % width` of the caller's segment */
  FLYC_SHUFFLE_UP = 2,   /**< read lane `lane - b`; own value below the segment */
  FLYC_SHUFFLE_DOWN = 3, /**< read lane `lane + b`; own value past the segment */
  FLYC_SHUFFLE_XOR = 4,  /**< read lane `lane ^ b`; own value past the segment */
} flyc_shuffle_kind_t;

/**
 * Reads `value` from another lane of the wavefront. The wave is cut into
 * segments of `width` consecutive lanes; each lane reads within its own
 * segment as CUDA's `__shfl_*_sync(0xffffffff, value, b, width)` does (for
 * XOR, a lane whose `lane ^ b` falls in a later segment gets its own value,
 * as CUDA and HIP say).
 *
 * AMDGPU: HIP's `__shfl*` (amd_warp_functions.h): the source lane computed
 * from the mbcnt lane id, then `llvm.amdgcn.ds.bpermute` (ds_bpermute_b32).
 * NVPTX: `llvm.nvvm.shfl.sync.{idx,up,down,bfly}.i32` (shfl.sync with the
 * full mask; the clamp operand `((32 - width) << 8) | 31`, or `(32 - width)
 * << 8` for UP, as CUDA's sm_30_intrinsics.hpp).
 *
 * @param value an i32, f32, i64 or f64 (64-bit values move as two 32-bit
 *              halves, as HIP's `__shfl` of a double).
 * @param b     an i32: the source lane (IDX), the delta (UP, DOWN) or the
 *              lane mask (XOR).
 * @param width lanes a segment: a power of two from 1 to the wave size, or 0
 *              for the wave size.
 * @return the value read, of `value`'s type; poison of that type and a failed emit (NULL outside a
 *   body): FLYC_EINVAL for a bad kind, a NULL or foreign value, a `value` of another type, a `b`
 *   that is not an i32 or a bad width (the message names it and the wave size); FLYC_EUNSUPPORTED
 *   on NVPTX processors before sm_30 and on GFX6 / GFX7 (gfx600-gfx705: no ds_bpermute).
 */
FLYC_API LLVMValueRef flyc_kb_shuffle(flyc_kernel_builder_t *kb, flyc_shuffle_kind_t kind,
                                      LLVMValueRef value, LLVMValueRef b, unsigned width);

/* ---- votes ---- */

/**
 * The lanes of the wavefront whose i1 `pred` is true, as an i64 bit mask
 * (bit n is lane n) on every target: a wave64 fills all 64 bits; wave32
 * (gfx10+) and NVPTX leave the high 32 bits 0. AMDGPU:
 * `llvm.amdgcn.ballot.i64` / `.i32` (a v_cmp writing an SGPR pair, or the
 * compare's own result when it already is one), as HIP's `__ballot`; NVPTX:
 * `llvm.nvvm.vote.ballot.sync` with the full mask (vote.sync.ballot.b32), as
 * CUDA's `__ballot_sync`.
 * @return the i64 mask; poison of that type and a failed emit (NULL outside a body): FLYC_EINVAL
 *   for a `pred` that is not an i1 (or NULL, or foreign); FLYC_EUNSUPPORTED on NVPTX before sm_30.
 */
FLYC_API LLVMValueRef flyc_kb_ballot(flyc_kernel_builder_t *kb, LLVMValueRef pred);

/** i1: `pred` is true on some lane of the wavefront (CUDA's `__any_sync`
 *  with the full mask, `vote.sync.any.pred`; AMDGPU: the ballot is not 0, as
 *  HIP's `__any`). Errors as flyc_kb_ballot(). */
FLYC_API LLVMValueRef flyc_kb_vote_any(flyc_kernel_builder_t *kb, LLVMValueRef pred);
/** i1: `pred` is true on every active lane (CUDA's `__all_sync`,
 *  `vote.sync.all.pred`; AMDGPU: the ballot equals the ballot of true, the
 *  exec mask, as HIP's `__all`). Errors as flyc_kb_ballot(). */
FLYC_API LLVMValueRef flyc_kb_vote_all(flyc_kernel_builder_t *kb, LLVMValueRef pred);

/* ---- warp reductions ---- */

/** Operations of flyc_kb_warp_reduce(). */
typedef enum flyc_reduce_op {
  FLYC_REDUCE_SUM = 1, /**< integer add (wraps), or float add */
  FLYC_REDUCE_MIN = 2, /**< signed min, or `llvm.minnum` for floats */
  FLYC_REDUCE_MAX = 3, /**< signed max, or `llvm.maxnum` for floats */
  FLYC_REDUCE_UMIN = 4, /**< unsigned min (integers only) */
  FLYC_REDUCE_UMAX = 5, /**< unsigned max (integers only) */
} flyc_reduce_op_t;

/**
 * Reduces `value` over each segment of `width` lanes and gives every lane
 * its segment's result (an all-reduce): log2(width) butterfly steps of
 * flyc_kb_shuffle(FLYC_SHUFFLE_XOR) with masks width/2, ..., 1, as the
 * CUDA/HIP warp reductions written with `__shfl_xor_sync`. Float sums are
 * added in butterfly order (not a sequential sum: the result can differ
 * from one in the last bits) and get the kernel's fast-math flags.
 * minnum / maxnum ignore a NaN operand (IEEE minNum). AMDGPU: as rocPRIM's
 * warp reduce, the steps of mask 1 and 2 are DPP quad_perm moves
 * (`llvm.amdgcn.update.dpp`), 4, 8 and 16 ds_swizzle in bitmask mode
 * (`llvm.amdgcn.ds.swizzle`), 32 ds_bpermute. NVPTX sm_80 and
 * newer: an i32 over the whole warp is one `redux.sync` (CUDA's
 * `__reduce_add_sync` / `_min_` / `_max_`, PTX ISA 7.0).
 * @param value an i32, i64, f32 or f64.
 * @param width 0 (the wave size) or a power of two up to the wave size.
 * @return the reduction, of `value`'s type; poison of that type and a failed emit (NULL outside a
 *   body) as flyc_kb_shuffle(), and FLYC_EINVAL for a bad op or UMIN / UMAX of a float.
 */
FLYC_API LLVMValueRef flyc_kb_warp_reduce(flyc_kernel_builder_t *kb, flyc_reduce_op_t op,
                                          LLVMValueRef value, unsigned width);

/**
 * Reduces `value` over every thread of the block and gives every thread the
 * result: the `block_sum` / `block_max` of CUDA's softmax and reduction
 * kernels (cub::BlockReduce's result, broadcast). Each wave reduces with
 * flyc_kb_warp_reduce(); lane 0 of each writes its result to a slot of a
 * shared array (`__flyc_block_reduce`, [32 x T] in shared memory, one a
 * kernel and type); a barrier; every wave reduces the slots again (lanes
 * past the last wave add the identity: 0, the type's extreme, or +-inf);
 * a barrier, so the next call may reuse the slots. Float sums are added in
 * that tree order and get the kernel's fast-math flags. Every thread of the
 * block must call it together (it holds two barriers); a block of one wave
 * is one warp reduction, without shared memory or barriers.
 * @param value an i32, i64, f32 or f64.
 * @return the reduction, of `value`'s type; poison of that type and a failed emit (NULL outside a
 *   body) as flyc_kb_warp_reduce(), and FLYC_EINVAL for a kernel without known_block_size or
 *   launch_block (the number of waves must be a build-time constant) or whose block is not a whole
 *   number of waves ("kernel 'k' has 48 threads a block, not a multiple of the wave size 32").
 */
FLYC_API LLVMValueRef flyc_kb_block_reduce(flyc_kernel_builder_t *kb, flyc_reduce_op_t op,
                                           LLVMValueRef value);

/* ---- atomics ---- */

/** Read-modify-write operations of flyc_kb_atomic_rmw() (LLVM's atomicrmw
 *  operations; CUDA's `atomicAdd` ... `atomicExch`). */
typedef enum flyc_atomic_op {
  FLYC_ATOMIC_ADD = 1,
  FLYC_ATOMIC_SUB = 2,
  FLYC_ATOMIC_AND = 3,
  FLYC_ATOMIC_OR = 4,
  FLYC_ATOMIC_XOR = 5,
  FLYC_ATOMIC_MIN = 6,  /**< signed */
  FLYC_ATOMIC_MAX = 7,  /**< signed */
  FLYC_ATOMIC_UMIN = 8, /**< unsigned */
  FLYC_ATOMIC_UMAX = 9, /**< unsigned */
  FLYC_ATOMIC_XCHG = 10,
  FLYC_ATOMIC_FADD = 11, /**< float add (f32, f64) */
} flyc_atomic_op_t;

/**
 * An atomic read-modify-write of `*ptr` with `value`, atomic with the
 * threads of `scope` and ordered by `order`; returns the value before.
 *
 * AMDGPU: `atomicrmw <op> ... syncscope("workgroup"|"agent"|"wavefront"|"")
 * <order>`, as clang builds HIP's `__hip_atomic_fetch_*` (the memory
 * legalizer adds the cache maintenance); built directly on LLVM 20+, through
 * a small IR function linked once and inlined before.
 *
 * NVPTX: LLVM's NVPTX backend ignores an atomicrmw's syncscope and ordering
 * (LLVM 15, 19 and 22 all select a relaxed `.gpu` `atom` for a seq_cst
 * system-scope one), so flyc follows CUDA instead: the agent scope is
 * `atom.<op>` (PTX's default `.gpu` scope), the block and wavefront scopes
 * `atom.cta.<op>` and the system scope `atom.sys.<op>`
 * (`llvm.nvvm.atomic.*.gen.*.cta|sys`, as CUDA's `atomicAdd_block` /
 * `atomicAdd_system`; UMIN / UMAX there are inline PTX, `atom.cta.min.u32`:
 * no intrinsic names them, and clang-22's `__nvvm_atom_sys_max_gen_ui`
 * selects a signed `atom.sys.max.s32`), all relaxed; a shared (LDS) pointer
 * is `atom.shared.<op>` at every scope (shared memory is the block's own;
 * CUDA's atomicAdd on __shared__ memory gives the same); the order comes from fences of the
 * same scope around it: `membar.cta|gl|sys` (PTX's fence.sc) before a
 * release, after an acquire, both for acq_rel and seq_cst. That is never
 * weaker than asked (a fence.sc is stronger than a release or acquire
 * fence); it can be slower than sm_70's `atom.acquire` forms. An agent-scope
 * compare-and-swap is LLVM's cmpxchg, which LLVM 22 selects as
 * `atom.relaxed.sys.cas` (wider than asked) and LLVM 15 and 19 as
 * `atom.cas` (.gpu).
 *
 * @param ptr   a pointer in address space 0 (generic), 1 (global) or 3
 *              (shared / LDS).
 * @param value an i32 or i64 (FLYC_ATOMIC_FADD: an f32 or f64).
 * @param order any ::flyc_memory_order_t.
 * @param scope any ::flyc_memory_scope_t.
 * @return the old value; poison of that type and a failed emit (NULL outside a body): FLYC_EINVAL
 *   for a bad op, order or scope, a NULL or foreign value, a `ptr` that is not a pointer in address
 *   space 0, 1 or 3, a `value` of a type the op does not take (the message names the op and the
 *   type); FLYC_EUNSUPPORTED on NVPTX processors before sm_60 for the block, wavefront and system
 *   scopes (PTX has no scoped atom before sm_60) and before sm_60 for an f64 FADD.
 */
FLYC_API LLVMValueRef flyc_kb_atomic_rmw(flyc_kernel_builder_t *kb, flyc_atomic_op_t op,
                                         LLVMValueRef ptr, LLVMValueRef value,
                                         flyc_memory_order_t order, flyc_memory_scope_t scope);

/**
 * Atomic compare-and-swap (CUDA's `atomicCAS`): if `*ptr` equals `expected`
 * it becomes `desired`; returns the value before (the swap happened when it
 * equals `expected`). `order` is the success ordering; a failed compare is
 * ordered by the strongest ordering LLVM allows (acq_rel and seq_cst give
 * acquire and seq_cst, release gives relaxed). Lowered as
 * flyc_kb_atomic_rmw() (AMDGPU `cmpxchg ... syncscope(...)`; NVPTX
 * `atom[.cta|.sys].cas.b32|b64` with fences).
 * @param expected, desired  i32 or i64 values of one type.
 * @return the old value; poison of that type and a failed emit (NULL outside a body) as
 *   flyc_kb_atomic_rmw(), and FLYC_EINVAL when `expected` and `desired` differ in type.
 */
FLYC_API LLVMValueRef flyc_kb_atomic_cas(flyc_kernel_builder_t *kb, LLVMValueRef ptr,
                                         LLVMValueRef expected, LLVMValueRef desired,
                                         flyc_memory_order_t order, flyc_memory_scope_t scope);

/* ---- constants ---- */

/** An i32 constant of the body's context (CUDA's integer literal); NULL for
 *  a NULL `kb` (FLYC_EINVAL set). */
FLYC_API LLVMValueRef flyc_kb_i32(flyc_kernel_builder_t *kb, int32_t v);
/** An i64 constant, as flyc_kb_i32(). */
FLYC_API LLVMValueRef flyc_kb_i64(flyc_kernel_builder_t *kb, int64_t v);
/** A float constant (exactly `v`; `-INFINITY` and NaNs too), as
 *  flyc_kb_i32(). */
FLYC_API LLVMValueRef flyc_kb_f32(flyc_kernel_builder_t *kb, float v);

/* ---- structured control flow ---- */

/** The most values an if yields or a for loop carries. */
#define FLYC_KB_MAX_CARRIED 16

/**
 * An arm of flyc_kb_if(). It builds with `builder` (the body's own
 * LLVMBuilderRef, positioned in the arm's block) and may create blocks,
 * nest ifs and loops; it must fall through: its last block must not end in a
 * return or branch (flyc adds the branch to the join).
 * @param yield  `nresults` slots, all NULL on entry: the arm stores its
 *               values there (values of the body's context; every slot must
 *               be set, with the same types in both arms). Unused (NULL
 *               array) when nresults is 0.
 * @param payload flyc_kb_if()'s, passed back unchanged.
 * @return 0 (FLYC_OK), or a status that fails the if and the emit.
 */
typedef int (*flyc_kb_arm_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef builder,
                              LLVMValueRef *yield, void *payload);

/**
 * The body of a flyc_kb_for() loop, run once at build time to build one
 * iteration. The rules of ::flyc_kb_arm_fn apply (it must fall through).
 * @param iv      the induction variable (start's type).
 * @param carried `ncarried` values: this iteration's carried values (phis).
 * @param next    `ncarried` slots, set on entry to `carried`: the body
 *                overwrites those that change, with values of the same type.
 * @return 0, or a status that fails the loop and the emit.
 */
typedef int (*flyc_kb_loop_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef builder,
                               LLVMValueRef iv, const LLVMValueRef *carried, LLVMValueRef *next,
                               void *payload);

/**
 * `if (cond) then_arm else else_arm`, with the values the arms yield
 * merged by phis made for the author (`results`). Callbacks rather than
 * begin / end calls: nesting cannot be left unbalanced or closed out of
 * order, the yields are checked at the one place they are made, and an
 * error inside an arm unwinds through the callback's return (an early
 * `return rc;` in C) instead of leaving an open region behind.
 *
 * The builder ends at the join block (`if.end`), after the phis; the arms
 * run in order, then first. On any failure the builder is left at the join
 * too, the emit fails with that status, and flyc_kernel_emit() deletes the
 * whole kernel (nothing of the half-built if remains); the caller should
 * return the status from its body.
 *
 * @param cond      an i1.
 * @param then_arm  required.
 * @param else_arm  NULL for an if without else (then nresults must be 0).
 * @param payload   handed to both arms.
 * @param nresults  values each arm yields, 0 to FLYC_KB_MAX_CARRIED.
 * @param[out] results `nresults` phis (NULL when 0): on failure poison of
 *                     the then arm's yield types where the arm gave them
 *                     (so that a body building on them does not crash),
 *                     NULL entries otherwise.
 * @return FLYC_OK; FLYC_EINVAL (and a failed emit) for a NULL `kb` (no
 *   emit then), a NULL or foreign or non-i1 `cond`, a NULL `then_arm`,
 *   nresults over the limit, nresults without an else_arm or `results`, a
 *   builder block that already ends in a terminator, an arm whose last
 *   block does, a yield left NULL or of another context ("value 1 of the
 *   else arm is NULL"), or a yield whose type differs from the then arm's
 *   ("value 0 of the else arm is i64, not i32 as the then arm's"); an arm's own
 *   status (the error of a helper that failed inside it is kept; a status
 *   without a message gets one naming the arm; a non-status return is
 *   FLYC_EINVAL).
 */
FLYC_API int flyc_kb_if(flyc_kernel_builder_t *kb, LLVMValueRef cond, flyc_kb_arm_fn then_arm,
                        flyc_kb_arm_fn else_arm, void *payload, unsigned nresults,
                        LLVMValueRef *results);

/**
 * A counted loop, `for (iv = start; iv < end; iv += step)` (signed compare;
 * `iv > end` for a negative step), carrying `ncarried` values from one
 * iteration to the next and out of the loop (`results`: their values when
 * the test fails, `init` for a loop that runs no iteration). The header
 * holds the phis and the test, so zero iterations are possible; the step is
 * an `add nsw` as clang's `i += step` on a signed int, so end + step must
 * not overflow the type (as in C). A step that is not a constant is tested
 * for its sign at run time (a run-time step of 0 runs no iteration). The
 * builder ends at the exit block (`for.exit`). Failures as flyc_kb_if().
 *
 * @param start, end, step  one integer type, i32 or i64, of the body's
 *   context; `step` a constant that is not 0, or a run-time value.
 * @param ncarried  0 to FLYC_KB_MAX_CARRIED.
 * @param init      `ncarried` values (their types are the carried types),
 *                  NULL when 0.
 * @param body      required; run once, at build time.
 * @param[out] results `ncarried` values (NULL when 0): on failure poison of
 *                     the init values' types (NULL where an init is bad).
 *                     It may be `init` itself (`&acc, ..., &acc`).
 * @return FLYC_OK; FLYC_EINVAL (and a failed emit) for a NULL `kb`, a NULL
 *   `body`, ncarried over the limit, a NULL `init` or `results` with
 *   ncarried, start / end / step NULL or foreign, a start that is not i32
 *   or i64, an end or step of another type, a constant step of 0 ("step is
 *   0"), a NULL or foreign init value, a next value left NULL or of another
 *   type than its init ("value 0 of the next values is i64, not i32 as its
 *   init"), a terminated block; the body's own status as flyc_kb_if().
 *   A yielded or next value the loop's latch (an if's join) does not see,
 *   such as one made inside a nested arm, is invalid IR: flyc_kernel_emit()
 *   then fails with FLYC_EIR and the verifier's text.
 */
FLYC_API int flyc_kb_for(flyc_kernel_builder_t *kb, LLVMValueRef start, LLVMValueRef end,
                         LLVMValueRef step, unsigned ncarried, const LLVMValueRef *init,
                         flyc_kb_loop_fn body, void *payload, LLVMValueRef *results);

/*
 * The same if and for written inline, as begin / end calls, for bodies that
 * read as the CUDA or HIP they follow (`if (i < n) { ... }`, `for (...) {
 * ... }`) without a callback and a payload struct per region:
 *
 *     flyc_kb_if_begin(kb, LLVMBuildICmp(b, LLVMIntULT, i, n, ""));
 *       ... out[i] = a[i] + b[i] ...
 *     flyc_kb_if_end(kb, 0, NULL, NULL);
 *
 *     LLVMValueRef acc0 = zero, acc;
 *     LLVMValueRef k = flyc_kb_for_begin(kb, start, end, step, 1, &acc0, &acc);
 *       ... LLVMValueRef next = LLVMBuildFAdd(b, acc, x, "") ...
 *     flyc_kb_for_end(kb, &next, &acc);  (acc: the value after the loop)
 *
 * The IR is the callbacks' (the same blocks, phis and checks). The regions
 * nest as a stack of at most FLYC_KB_MAX_DEPTH (32): an end closes the
 * innermost region, which must be of its kind; a region a body (or a
 * callback arm) leaves open fails the emit naming it ("kernel 'k': a
 * flyc_kb_for_begin region is still open at the end of the body"), and a
 * region opened outside a callback cannot be closed inside it. Every error
 * is recorded as the helpers' are: the first fails the emit, so a body may
 * check only the emit's status. After a failed call the builder stays
 * where it is and building on is safe (the kernel is deleted at the end).
 */
#define FLYC_KB_MAX_DEPTH 32

/**
 * Opens `if (cond)`: the builder moves into the then arm (`if.then`).
 * @param cond an i1 of the body's context.
 * @return FLYC_OK; FLYC_EINVAL (recorded) for a NULL kb, a NULL, foreign or
 *   non-i1 cond, a builder block that already ends in a terminator, or
 *   FLYC_KB_MAX_DEPTH regions already open.
 */
FLYC_API int flyc_kb_if_begin(flyc_kernel_builder_t *kb, LLVMValueRef cond);

/**
 * Ends the then arm of the innermost if and opens its else arm (`if.else`).
 * The then arm may end in a return of its own (`if (...) { ...; return; }`),
 * when it yields nothing; else it falls through to the join.
 * @param nyield     values the then arm yields (0..FLYC_KB_MAX_CARRIED); the
 *                   else arm must yield as many of the same types.
 * @param then_yield `nyield` values of the body's context (NULL when 0).
 * @return FLYC_OK; FLYC_EINVAL (recorded) when the innermost region is not
 *   an if in its then arm ("flyc_kb_else: the innermost region is a
 *   flyc_kb_for_begin"), none is open, it was opened outside the running
 *   callback, nyield is over the limit, a yield is NULL or foreign, or the
 *   arm ends in a terminator while yielding values.
 */
FLYC_API int flyc_kb_else(flyc_kernel_builder_t *kb, unsigned nyield,
                          const LLVMValueRef *then_yield);

/**
 * Closes the innermost if; the builder moves to its join (`if.end`), after
 * the phis that merge the arms' yields.
 * @param nyield  values the arm now closing yields: 0 for an if without
 *                flyc_kb_else(), else the then arm's count.
 * @param yield   `nyield` values, of the then arm's types in order.
 * @param[out] results `nyield` phis (may be NULL when nyield is 0); NULL
 *                entries on failure. It may be `yield` itself.
 * @return FLYC_OK; FLYC_EINVAL (recorded) as flyc_kb_else(), and for values
 *   without an else arm ("an if without flyc_kb_else yields no values"), a
 *   count other than the then arm's, a yield of another type than the then
 *   arm's ("value 0 of the else arm is i64, not i32 as the then arm's"), or
 *   a NULL results with values.
 */
FLYC_API int flyc_kb_if_end(flyc_kernel_builder_t *kb, unsigned nyield, const LLVMValueRef *yield,
                            LLVMValueRef *results);

/**
 * Opens `for (iv = start; iv < end; iv += step)`, as flyc_kb_for() (the
 * same header, test, signedness and step rules); the builder moves into
 * the body (`for.body`).
 * @param ncarried  values carried around the loop, 0..FLYC_KB_MAX_CARRIED.
 * @param init      `ncarried` initial values (NULL when 0).
 * @param[out] carried `ncarried` slots (NULL when 0): this iteration's values
 *                  (the header's phis), to use inside the body. It may be
 *                  `init` itself (`&acc, &acc`).
 * @return the induction variable (start's type); on failure (recorded, as
 *   flyc_kb_for()'s and too many open regions) a poison value of start's
 *   type when start is usable, else NULL, and poison carried values.
 */
FLYC_API LLVMValueRef flyc_kb_for_begin(flyc_kernel_builder_t *kb, LLVMValueRef start,
                                        LLVMValueRef end, LLVMValueRef step, unsigned ncarried,
                                        const LLVMValueRef *init, LLVMValueRef *carried);

/**
 * Closes the innermost for: the step, the back edge, and the builder at the
 * exit (`for.exit`). The body must fall through (its block must not end in
 * a terminator).
 * @param next     `ncarried` values for the next iteration (of the init
 *                 types), or NULL: the carried values unchanged.
 * @param[out] results `ncarried` values after the loop (their values when the
 *                 test fails), or NULL when not wanted. It may be `next`
 *                 itself (`flyc_kb_for_end(kb, &acc, &acc)`).
 * @return FLYC_OK; FLYC_EINVAL (recorded) when the innermost region is not a
 *   for, none is open, it was opened outside the running callback, a next
 *   value is NULL, foreign or of another type than its init ("value 0 of
 *   the next values is i64, not i32 as its init"), or the block ends in a
 *   terminator.
 */
FLYC_API int flyc_kb_for_end(flyc_kernel_builder_t *kb, const LLVMValueRef *next,
                             LLVMValueRef *results);

/**
 * Asks LLVM to unroll the innermost open flyc_kb_for_begin() loop, as
 * CUDA's and HIP's `#pragma unroll` before a loop (clang's loop metadata on
 * its back edge, which flyc_kb_for_end() builds): `count` 0 unrolls it
 * fully (`llvm.loop.unroll.full`: for a trip count known at build time),
 * 1 never (`llvm.loop.unroll.disable`, `#pragma unroll 1`), N > 1 by N
 * (`llvm.loop.unroll.count`, `#pragma unroll N`), a run-time trip count
 * included: where LLVM can compute the trip count, the copies run back to
 * back and a remainder loop takes the rest, so that loads which do not
 * depend on the carried values are in flight together (a strided loop over
 * global memory with one load an iteration waits for each). Where it cannot
 * (a step it cannot prove non-zero, such as the grid's size on AMDGPU, where
 * `flyc_kb_grid_dim` reads the dispatch packet), each copy keeps its own exit
 * test and its load waits as before. A constant step and bound are the
 * analysable case. A hint: LLVM may unroll less (a body too large).
 * Called again for the same loop, the last count holds. A flyc_kb_for()
 * callback loop takes no hint.
 * @return FLYC_OK; FLYC_EINVAL (and a failed emit) outside a body, with no
 *   flyc_kb_for_begin() loop open (or an if innermost: "the innermost region
 *   is a flyc_kb_if_begin"), or a count over 1024.
 */
FLYC_API int flyc_kb_for_unroll(flyc_kernel_builder_t *kb, unsigned count);

/**
 * `if (cond) return;`: threads for which `cond` holds leave the kernel; the
 * builder goes on in the block where it does not (`cont`). CUDA's guard
 * idiom (`if (i >= n) return;`). As in CUDA, a barrier after it must not be
 * reached by only some threads of a block.
 * @return FLYC_OK; FLYC_EINVAL (recorded) for a NULL kb, a NULL, foreign or
 *   non-i1 cond, or a builder block that already ends in a terminator.
 */
FLYC_API int flyc_kb_exit_if(flyc_kernel_builder_t *kb, LLVMValueRef cond);

/* ---- arithmetic expressions ---- */

/** flyc_kb_expr() flags. */
#define FLYC_EXPR_UNSIGNED 1u /**< integers are unsigned: as C's `unsigned` */

/**
 * Builds `expr`, an arithmetic expression written as C writes it, over
 * `count` values: `flyc_kb_expr(kb, 0, "t / 8 * 64 + k", v, 2)`. Parsed at
 * build time (no text reaches the module); one LLVM instruction per
 * operator, as clang emits for the same C at -O0 before its optimizer.
 *
 * Names: each identifier that is not a function names an operand; names
 * bind to `vals` in the order of their first appearance (in the example,
 * t is vals[0], k vals[1]; a name used again is the same value). The
 * count of distinct names must be `count`. FLYC_EXPR() passes the values
 * as its trailing arguments and counts them.
 *
 * Operators, with C's precedence and associativity: `?:`, `||`, `&&`, `|`,
 * `^`, `&`, `==` `!=`, `<` `<=` `>` `>=`, `<<` `>>`, `+` `-`, `*` `/` `%`,
 * unary `-` `+` `!` `~`, parentheses. `&&` and `||` compute both sides
 * (an expression has no side effects). Functions: min, max, abs (integers
 * or floats; llvm.minnum / maxnum / fabs for floats, as C's fmin / fmax /
 * fabs), fma (flyc_kb_fma()), the conversions i8 i16 i32 i64 f16 bf16 f32
 * f64 (C's casts), and every flyc_kb_math() function by its C name: exp,
 * log, sqrt, rsqrt, pow, tanh, ... fmod.
 *
 * Types, as C's usual arithmetic conversions: operands are integer (i1 to
 * i64) or floating-point (half, bfloat, float, double) scalars. In an
 * operation an integer meeting a float becomes that float, the narrower of
 * two integers or of two floats is widened to the other (half and bfloat
 * do not mix: convert one). Integers are signed (sdiv, srem, ashr, signed
 * compares, sign extension, sitofp) as C's `int`, or unsigned with
 * FLYC_EXPR_UNSIGNED; an i1 is a bool (zero-extended; arithmetic on it is
 * on an i32). i8 and i16 arithmetic stays in its width (C would promote it
 * to int: convert with i32() for C's result). Comparisons and `!`, `&&`, `||` give an i1 (a value for
 * flyc_kb_if_begin(), a store's mask); a float is true when it is not 0
 * (NaN is true, as in C). Float compares are ordered, `!=` unordered, as
 * C's. `<<` and `>>` have the left operand's type. Float operations get the
 * kernel's fast-math flags (flyc_kb_fast_math_flags()). Wrap-around,
 * division by zero and over-wide shifts of values behave as LLVM's
 * instructions do (poison or undefined, as in C): no nsw / nuw flags; a
 * literal divisor 0 or shift count outside the type is an error.
 *
 * Literals are C's, with C's types: `64` an int, `3000000000` a long
 * (64 bits, as LP64's), `0xffffffff` an unsigned int, `5u` `5l` `5ul`
 * (any case, ll too) as C reads them, `0.5` a double, `0.5f` a float
 * (rounded once, as strtof; hex floats need their p exponent). Under FLYC_EXPR_UNSIGNED every
 * integer literal is unsigned, as if it had a u. Literals combine at build
 * time as C's constant arithmetic does, in their common C type: unsigned
 * ones wrap, float ones round in float; a signed result that its type
 * does not hold (`1 << 31`, INT_MIN % -1: undefined in C), an integer
 * division by zero or a shift count outside the type is an error. A literal meeting a value takes the
 * value's type where that holds it (`t + 1`: an i32 add; `h * 2` for half
 * h: a half multiply; `x * 0.5` for float x: a float multiply, not C's
 * double), and otherwise C's conversions apply: an integer value meeting
 * `0.5` becomes a double (`0.5f`: a float), an i32 meeting a long literal
 * an i64, an i8 or i16 meeting an int literal it does not hold an i32 (C's
 * `c > 200` is false for any signed char). An unsigned literal that would
 * make C's operation unsigned (`t < 0xffffffff`, `t + 5u` for a signed
 * i32 t; an unsigned literal as a ?: arm under a value condition or an
 * argument of min, max or abs, where it would become a signed value) is
 * an error: say FLYC_EXPR_UNSIGNED, or write a signed literal. So is a
 * literal that the float value it meets cannot hold (`x + 1e39` for a
 * float x, or `x * 1e-50`, which would be 0; otherwise it is rounded to
 * the value's type, an integer literal once, as C converts). A
 * cast of a literal converts it as C does (an integer modulo the width;
 * a float, truncated, must be in range; to a float type it must not
 * overflow: `f16(70000.0)` is an error); a literal that meets no value
 * has its own type (an i32, i64, float or double; a comparison's an i1).
 * abs() of an unsigned value is the value; min and max take bools as ints;
 * a math function or fma given integers computes in float (not C's
 * double).
 *
 * @param flags 0 or FLYC_EXPR_UNSIGNED.
 * @param vals  `count` values of the body's context (at most 16).
 * @return the value; poison of vals[0]'s type (an i32 when it has none)
 *   and a failed emit (NULL outside a body): FLYC_EINVAL for a NULL expr,
 *   bad flags, more than 16 or NULL vals, a syntax error, an unknown
 *   function or the wrong number of its arguments, more names than values
 *   or fewer, a NULL, foreign or non-scalar value, a type that an operator
 *   does not take (`%` on floats: use fmod; `~` on floats), half mixed with
 *   bfloat, a literal out of its type's range or refused as above, an
 *   integer operand wider than i64; the message quotes the
 *   expression, gives the column and names the culprit.
 */
FLYC_API LLVMValueRef flyc_kb_expr(flyc_kernel_builder_t *kb, unsigned flags, const char *expr,
                                   const LLVMValueRef *vals, size_t count);

/** flyc_kb_expr() with the values as arguments, counted (C99 and later;
 *  at least one value): `FLYC_EXPR(kb, "i < n", i, n)`. */
#define FLYC_EXPR(kb, expr, ...)                                                                 \
  flyc_kb_expr((kb), 0, (expr), (const LLVMValueRef[]){__VA_ARGS__},                              \
               sizeof((const LLVMValueRef[]){__VA_ARGS__}) / sizeof(LLVMValueRef))
/** FLYC_EXPR() with unsigned integers (FLYC_EXPR_UNSIGNED). Its result is
 *  an LLVM integer like any other: flyc_kb_load() / flyc_kb_store() take an
 *  i32 index as signed, so an unsigned index that may pass 2^31 goes
 *  through flyc_kb_at() (which zero-extends) or is made an i64 (`i64(...)`
 *  in the expression). */
#define FLYC_UEXPR(kb, expr, ...)                                                                \
  flyc_kb_expr((kb), FLYC_EXPR_UNSIGNED, (expr), (const LLVMValueRef[]){__VA_ARGS__},             \
               sizeof((const LLVMValueRef[]){__VA_ARGS__}) / sizeof(LLVMValueRef))

/* ---- kernel text: names, statements, loops ---- */

/**
 * Binds `name` in the body's scope, for kernel text (flyc_kb_eval(),
 * flyc_kb_do(), flyc_kb_loop()), to `value`, read-only: text reads it,
 * never assigns it. The kernel's parameters are bound so before the body
 * runs, each by its flyc_param_t name (when that is a C identifier), a
 * pointer with its `elem`. A later binding of the same name hides the
 * earlier one (as C's inner declaration), and a binding whose value does
 * not reach the point of use (made inside an if arm or a loop body that has
 * ended) is not seen there: text names the earlier one, or fails naming it.
 * The name is copied.
 * @param name  a C identifier, not one of the builtins (threadIdx, blockIdx,
 *              blockDim, gridDim, warpSize) nor a C statement keyword (if,
 *              else, for, while, return ...), at most 64 bytes.
 * @param value an integer (i1 to i64) or floating-point scalar, or a
 *              pointer in address space 0, 1, 3, 4 or 5 (AMDGPU private).
 * @param elem  for a pointer: what text indexes it as (`p[i]` loads one
 *              `elem` at `p + i * sizeof(elem)`): the LLVM type i8, i16,
 *              i32, i64, half, float or double of the body's context (which
 *              flyc_param_t's elem and the arrays name by the strings "i8"
 *              ... "f64"); NULL for a pointer that text cannot index, and
 *              for a scalar.
 * @return FLYC_OK; a failed emit (FLYC_EINVAL outside a body) and FLYC_EINVAL
 *   for a NULL, foreign or ill-formed name, value or elem (each named), an
 *   elem given for a scalar; FLYC_ENOMEM.
 */
FLYC_API int flyc_kb_let(flyc_kernel_builder_t *kb, const char *name, LLVMValueRef value,
                         LLVMTypeRef elem);

/**
 * Binds `name` to a build-time integer, as C's literal `value` (an int when
 * it fits 32 bits, else a long): it takes the type of the value it meets,
 * as flyc_kb_expr()'s literals do (`j < BINS` for an i32 j is an i32
 * compare). The kernel's constexprs are bound so before the body runs,
 * each by its name: an INT one as this, a FLOAT one as a double literal.
 * @return FLYC_OK; errors as flyc_kb_let()'s.
 */
FLYC_API int flyc_kb_let_int(flyc_kernel_builder_t *kb, const char *name, int64_t value);

/**
 * The value of kernel text `expr`: flyc_kb_expr()'s language (operators,
 * types, literals, functions, flags), with its names looked up in the
 * body's scope (flyc_kb_let(), the parameters, variables that flyc_kb_do()
 * declared, loop variables of flyc_kb_loop()) instead of passed, and these
 * additions, which kernel text has in flyc_kb_eval(), flyc_kb_do() and
 * flyc_kb_loop() (not in flyc_kb_expr()):
 *  - `threadIdx.x`, `blockIdx.y`, `blockDim.z`, `gridDim.x` ... (CUDA's
 *    builtins, i32: flyc_kb_thread_idx() and the others), `warpSize` (the
 *    target's wave size, a literal: 32, or 64 on a wave64 AMDGPU);
 *  - `p[i]`, a load of p's element type at element i of a pointer that has
 *    one (an inbounds getelementptr; `i` an integer, sign-extended, or under
 *    FLYC_EXPR_UNSIGNED zero-extended; natural alignment);
 *  - `&p[i]`, that element's address, for the atomics;
 *  - the atomics of CUDA, relaxed, returning the old value:
 *    `atomic_add(&p[i], v)` (device scope, as atomicAdd; `p` alone is
 *    `&p[0]`, as in C), `atomic_add_block`
 *    (workgroup scope, atomicAdd_block), `atomic_add_system`; the same three
 *    scopes for sub, min, max, and, or, xor, exch (atomicExch); v is
 *    converted to the element's type as C converts; add on a float element
 *    is FLYC_ATOMIC_FADD; min and max compare signed, or unsigned under
 *    FLYC_EXPR_UNSIGNED (flyc_kb_atomic_rmw() lowers them);
 *  - the collectives, over the whole wavefront (flyc_kb_shuffle() and
 *    flyc_kb_warp_reduce() with width 0, flyc_kb_block_reduce()):
 *    `shfl(v, lane)`, `shfl_up(v, d)`, `shfl_down(v, d)`, `shfl_xor(v, m)`
 *    (CUDA's __shfl_*_sync with the full mask), `warp_sum(v)`,
 *    `warp_min`, `warp_max`, `block_sum(v)`, `block_min`, `block_max`
 *    (integer min and max unsigned under FLYC_EXPR_UNSIGNED); v an i32,
 *    i64, f32 or f64; every lane must reach them together, as in CUDA; the
 *    block ones need the kernel's known_block_size or launch_block;
 *  - `&&`, `||` and `?:` evaluate as C's do (only the operand that C
 *    evaluates is), with branches, when their operands after the operator
 *    hold an index (`i < n && p[i] > 0` does not load p[n]; `c ? p[i] : 0`
 *    loads only where c holds); without an index they compute both sides
 *    and select, as flyc_kb_expr() does.
 * @return the value (an i1 for a comparison; a pointer for `&p[i]`); poison
 *   of i32 and a failed emit (NULL outside a body) as flyc_kb_expr(), and
 *   FLYC_EINVAL for a name that is not bound where it is used (the message
 *   says when its binding does not reach there), a pointer where a number is
 *   wanted, an index of a pointer that has no element type, or an atomic
 *   given no element address.
 */
FLYC_API LLVMValueRef flyc_kb_eval(flyc_kernel_builder_t *kb, unsigned flags, const char *expr);

/**
 * A shared-memory (LDS) array of `count` elements of `elem`, named in the
 * body's scope for kernel text (CUDA's `__shared__ T name[count]`): taken
 * from the kernel's shared allocator (a static one, base alignment 16, is
 * made when the body has none), 16-byte aligned, and bound read-only
 * (flyc_kb_let()) with its element type.
 * @param name  as flyc_kb_let()'s.
 * @param elem  "i8", "i16", "i32", "i64", "f16", "f32" or "f64".
 * @param count elements, at least 1.
 * @return the array's address (address space 3); poison of that type and
 *   a failed emit (NULL outside a body): FLYC_EINVAL for a bad elem, a
 *   count of 0, and the errors of flyc_kb_shared_alloc() (the kernel's
 *   shared memory limit) and flyc_kb_let().
 */
FLYC_API LLVMValueRef flyc_kb_shared_array(flyc_kernel_builder_t *kb, const char *name,
                                           const char *elem, uint32_t count);

/**
 * A per-thread local array of `count` elements of `elem`, named for kernel
 * text (C's `T name[count]` in a kernel): an alloca in the entry block, in
 * the layout's alloca address space (AMDGPU 5, private; NVPTX's generic
 * locals), bound read-only with its element type. As clang's, it lives in
 * registers once the optimizer has made every index a constant (loops over
 * it fully unrolled: `#pragma unroll`), else in scratch / local memory.
 * @param name  as flyc_kb_let()'s; @param elem as flyc_kb_shared_array()'s.
 * @param count elements, 1 to 65536.
 * @return the array's address; poison of that pointer type and a failed
 *   emit (NULL outside a body): FLYC_EINVAL for a bad elem or count, and
 *   flyc_kb_let()'s errors.
 */
FLYC_API LLVMValueRef flyc_kb_local_array(flyc_kernel_builder_t *kb, const char *name,
                                          const char *elem, uint32_t count);

/**
 * Builds kernel statements, C's, separated by `;`, over the body's scope
 * (flyc_kb_eval()'s language):
 *  - `x = e`: the first assignment of a name that is not bound declares a
 *    variable of e's type (C's `auto x = e`: `acc = 0.0f` a float, `k = 0`
 *    an int); a later one converts e to the variable's type as C's
 *    assignment does; `x op= e` for op in `+ - * / % & | ^ << >>`, `x++`,
 *    `x--`. A variable is a local (an alloca in the entry block, which the
 *    optimizer makes a register, as clang's locals), so it may be assigned
 *    inside an if or a loop and read after; one declared inside a region
 *    that has ended is not seen after it (as C's block scope).
 *  - `p[i] = e`, `p[i] op= e`: a store of e converted to p's element type
 *    (not into address space 4, constant);
 *  - `if (c) statement`, `if (c) statement; else statement` (C's); `{
 *    statements }` groups several (a trailing `;` inside is allowed; unlike
 *    C's, a block alone ends no scope: only if arms and loop bodies do);
 *  - `for (i = start; i < end; i += step) statement`: flyc_kb_loop()'s loop
 *    (its one header shape: `<`, and `+=` or `++`) around the statement; `#pragma unroll` or `#pragma unroll N` before
 *    it is flyc_kb_for_unroll()'s 0 (full) or N (1: none), as CUDA's;
 *  - `barrier()`: flyc_kb_barrier() (CUDA's __syncthreads);
 *    `async_copy(&dst[i], &src[j], bytes)`, `async_commit()`,
 *    `async_wait(pending)`: flyc_kb_async_copy() / _commit() / _wait(),
 *    bytes and pending build-time counts (literals, constexprs);
 *  - `return`: the thread leaves the kernel (`if (i >= n) return`, CUDA's
 *    guard; flyc_kb_exit_if()); what follows it in the same block is never
 *    reached;
 *  - a call whose value is dropped (`atomic_add(&bins[j], 1)`).
 * Blocks, ifs and loops nest at most 64 deep (an error past that); a text
 * loop is a flyc_kb_for_begin() region, so at most 32 loops (with the
 * regions the body's C code has open) are open at once, an error that
 * names flyc_kb_for_begin.
 * Kernel parameters, flyc_kb_let() names and loop variables are read-only.
 * @param stmts the statements; a trailing `;` is allowed.
 * @return FLYC_OK; FLYC_EINVAL (recorded: the emit fails with it; outside a
 *   body only returned) for a NULL text, bad flags, a statement that is not
 *   one of these (the message quotes the text with the column), an
 *   assignment to a read-only name, a variable given a value of another
 *   kind (a pointer for a number, a pointer of another element type), and
 *   every error of flyc_kb_eval().
 */
FLYC_API int flyc_kb_do(flyc_kernel_builder_t *kb, unsigned flags, const char *stmts);

/**
 * Opens a counted loop written as C's header, `"i = start; i < end; i +=
 * step"` (or `i++`), over the body's scope: flyc_kb_for_begin() of start,
 * end and step, converted to one integer type (C's usual conversions; i32
 * or i64), with the loop variable `i` bound read-only inside the body (and
 * after the loop, where it holds the value that ended it). Close it with
 * flyc_kb_for_end(kb, NULL, NULL); carry values across iterations in
 * flyc_kb_do() variables. The test is signed, the step `add nsw`, as
 * flyc_kb_for_begin()'s; a constant step must be positive (an error
 * otherwise), and a run-time one should be: below 0, flyc_kb_for_begin
 * counts down (`i > end`), where C's `i < end` would not end; under FLYC_EXPR_UNSIGNED, i32 bounds (unless all
 * three are literals below 2^31) make the loop an i64 one, zero-extended,
 * so that the test is C's unsigned `i < end`; the variable the body reads
 * is still C's unsigned i32 (`i * 4` wraps at 2^32), but the counter does
 * not wrap as C's would (`i += step` past 2^32 ends the loop), and it is
 * not seen after the loop.
 * flyc_kb_for_unroll() applies to it.
 * @return FLYC_OK; FLYC_EINVAL (recorded) for a header of another shape
 *   (the message quotes it), a start, end or step that is not an i32 or
 *   i64 integer (after C's conversions), and flyc_kb_for_begin()'s errors.
 */
FLYC_API int flyc_kb_loop(flyc_kernel_builder_t *kb, unsigned flags, const char *header);

/* ---- typed loads and stores ---- */

/** flyc_kb_load() / flyc_kb_store() flags. */
#define FLYC_MEM_NONTEMPORAL 1u /**< streaming: used once, not worth caching */

/**
 * The address of element (`row`, `col`) of a row-major 2-D array of `elem`
 * at `base`, `ld` elements from one row to the next: `&base[row * ld +
 * col]` (an inbounds getelementptr of `elem`, in base's address space).
 * The index is computed in 64 bits; an i32 row, ld or col is taken as
 * unsigned (zero-extended, as CUDA's size_t indexing), so that rows past
 * 2^31 elements need no care. For a negative offset build the
 * getelementptr with llvm-c.
 * @param elem any sized type of the body's context (half, float, `<4 x
 *             float>`, a struct).
 * @param row, ld, col i32 or i64 values, in elements.
 * @return the pointer; poison of base's type (a generic pointer when base
 *   is not one) and a failed emit (NULL outside a body): FLYC_EINVAL for a
 *   NULL or foreign argument, an unsized elem, a base that is not a pointer, or an
 *   index that is not i32 or i64 (each named).
 */
FLYC_API LLVMValueRef flyc_kb_at(flyc_kernel_builder_t *kb, LLVMTypeRef elem, LLVMValueRef base,
                                 LLVMValueRef row, LLVMValueRef ld, LLVMValueRef col);

/**
 * Loads `width` elements of `elem` at `base[index]`, where `base` is taken
 * as a pointer to the access type (elem, or `<width x elem>`): the byte
 * address is `base + index * width * sizeof(elem)` (an inbounds
 * getelementptr, as `reinterpret_cast<float4 *>(p)[i]` in CUDA). `index` is
 * signed (an i32 is sign-extended).
 *
 * Vectors: width 2 and 4 are `<2 x T>` / `<4 x T>` (float2 / float4): one
 * 64- or 128-bit access (AMDGPU `global_load_dwordx4`, NVPTX
 * `ld.global.v4`) when aligned to their size, which is why a smaller
 * alignment is refused.
 *
 * Non-temporal (FLYC_MEM_NONTEMPORAL): AMDGPU: LLVM's `!nontemporal`
 * (clang's __builtin_nontemporal_load), which LLVM 19 and 22 select as
 * `global_load_* ... nt` on gfx942 and LLVM 15 and 19 as `... glc slc`
 * on gfx90a; LDS (shared) accesses ignore it. NVPTX: LLVM (15, 19, 22)
 * ignores `!nontemporal`, so a global one is inline PTX `ld.global.cs` /
 * `st.global.cs` (CUDA's __ldcs / __stcs: cache streaming, evict first),
 * kept in order with the kernel's other memory accesses (it clobbers
 * memory, so the optimizer does not move or merge it); shared and generic
 * ones keep the metadata, which NVPTX ignores.
 *
 * @param elem   i8, i16, i32, i64, half, float or double, of the body's
 *               context.
 * @param width  1, 2 or 4.
 * @param base   a pointer in address space 0 (generic), 1 (global) or 3
 *               (shared).
 * @param index  an i32 or i64, in units of the access (width elements).
 * @param align  bytes, a power of two up to 65536, or 0 for the natural
 *               alignment: the element's size, or the whole vector's
 *               (8 for float2, 16 for float4). A scalar may be given less
 *               (an unaligned access, split by the backend); a vector not.
 * @param flags  0 or FLYC_MEM_NONTEMPORAL.
 * @return the loaded value (elem or `<width x elem>`); poison of that type
 *   and a failed emit (NULL outside a body or for a NULL or foreign `elem`):
 *   FLYC_EINVAL for a NULL or foreign `elem`, `base` or `index`, a
 *   base that is not a pointer in space 0, 1 or 3, an index that is not i32
 *   or i64, an element type not listed, a width that is not 1, 2 or 4
 *   ("vector width 3 is not 1, 2 or 4"), unknown flag bits, an alignment
 *   that is not a power of two, or a vector's alignment below its size
 *   ("alignment 8 is below the 16 bytes a 4-wide vector of 4-byte elements
 *   needs"); FLYC_EUNSUPPORTED for a non-temporal global access NVPTX has no
 *   streaming form of (8- and 16-bit elements, 4 x 64-bit), the processor
 *   named.
 */
FLYC_API LLVMValueRef flyc_kb_load(flyc_kernel_builder_t *kb, LLVMTypeRef elem, unsigned width,
                                   LLVMValueRef base, LLVMValueRef index, unsigned align,
                                   unsigned flags);

/**
 * Stores `value` (a scalar, or a `<2 x T>` / `<4 x T>` vector giving the
 * width) at `base[index]`, as flyc_kb_load() addresses it.
 * @return FLYC_OK; the errors of flyc_kb_load() (FLYC_EINVAL also for a
 *   NULL or foreign `value`), with a failed emit.
 */
FLYC_API int flyc_kb_store(flyc_kernel_builder_t *kb, LLVMValueRef value, LLVMValueRef base,
                           LLVMValueRef index, unsigned align, unsigned flags);

/**
 * `cond ? base[index] : other`, where only the threads for which `cond`
 * holds load (a branch around flyc_kb_load(), whose phi merges `other`): an
 * index past the end is never read. CUDA's `i < n ? in[i] : 0`, Triton's
 * `tl.load(ptr, mask, other)`. Built as flyc_kb_if_begin() / _else / _end.
 * @param cond  an i1 of the body's context.
 * @param other the value where cond is false, of the loaded type (`elem`,
 *              or `<width x elem>`).
 * Other parameters as flyc_kb_load().
 * @return the value; poison of that type and a failed emit (NULL outside a body): flyc_kb_load()'s
 *   errors, and FLYC_EINVAL for a NULL, foreign or non-i1 cond, a NULL or foreign other, or an
 *   other of another type ("other is i32, not float as the load").
 */
FLYC_API LLVMValueRef flyc_kb_load_if(flyc_kernel_builder_t *kb, LLVMValueRef cond,
                                      LLVMTypeRef elem, unsigned width, LLVMValueRef base,
                                      LLVMValueRef index, LLVMValueRef other, unsigned align,
                                      unsigned flags);

/**
 * `if (cond) base[index] = value;` (flyc_kb_store() in an if region): the
 * threads for which `cond` is false store nothing.
 * @return FLYC_OK; flyc_kb_store()'s errors, and FLYC_EINVAL for a NULL,
 *   foreign or non-i1 cond, with a failed emit.
 */
FLYC_API int flyc_kb_store_if(flyc_kernel_builder_t *kb, LLVMValueRef cond, LLVMValueRef value,
                              LLVMValueRef base, LLVMValueRef index, unsigned align,
                              unsigned flags);

/* ---- matrix units: 16 x 16 x 16 tiles, f16 in, f32 accumulate ---- */

/** The operands of flyc_kb_mma(): A is M x K, B is K x N, the accumulator
 *  (C and D) M x N; M = N = K = 16. */
typedef enum flyc_mma_operand {
  FLYC_MMA_A = 1,   /**< 16 x 16 halves (f16) */
  FLYC_MMA_B = 2,   /**< 16 x 16 halves (f16) */
  FLYC_MMA_ACC = 3, /**< 16 x 16 floats (f32) */
} flyc_mma_operand_t;

/** How a tile lies in memory: element (row, col) at `row * ld + col`
 *  (row-major) or `col * ld + row` (column-major). */
typedef enum flyc_mma_layout {
  FLYC_MMA_ROW_MAJOR = 1,
  FLYC_MMA_COL_MAJOR = 2,
} flyc_mma_layout_t;

/**
 * The type of one lane's fragment of `operand`: the part of the 16 x 16
 * tile the lane holds in registers, a vector of halves (A, B) or floats
 * (the accumulator). The tile is the wavefront's (warp's): every lane holds
 * its fragment and all lanes of the wave call the matrix helpers together
 * (converged), as CUDA's `wmma::` API and rocWMMA's.
 *
 * | target | instruction | A, B | accumulator |
 * |---|---|---|---|
 * | NVPTX sm_80+ (sm_90 too) | two `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32` | `<8 x half>` | `<8 x float>` |
 * | gfx908, gfx90a, gfx94x, gfx950 (wave64) | `v_mfma_f32_16x16x16_f16` | `<4 x half>` | `<4 x float>` |
 * | gfx11 (wave32; LLVM 16+) | `v_wmma_f32_16x16x16_f16` | `<16 x half>` | `<8 x float>` |
 *
 * Which element a lane holds is the hardware's (flyc_kb_mma_coord() says
 * it): code that does the same to every element (scaling, a bias, an
 * activation, a conversion) needs no layout; code that depends on the row
 * or column asks flyc_kb_mma_coord(). The layouts (lane L, element i;
 * g = L >> 2, t = L & 3 on NVPTX):
 * - NVPTX (PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating point
 *   type"): A and the accumulator: row g + 8 * ((i >> 1) & 1), column
 *   2t + (i & 1) + 8 * (i >> 2); B: row (k) 2t + (i & 1) + 8 * ((i >> 1) &
 *   1), column (n) g + 8 * (i >> 2).
 * - MFMA (AMD's matrix instruction calculator): A[m][k] in lane m + 16 *
 *   (k / 4), element k % 4; B[k][n] in lane n + 16 * (k / 4), element
 *   k % 4; the accumulator [m][n] in lane n + 16 * (m / 4), element m % 4.
 * - gfx11 WMMA (RDNA 3 ISA, GPUOpen's WMMA guide): A[m][k] in lanes m and
 *   m + 16, element k; B[k][n] in lanes n and n + 16, element k; the
 *   accumulator [m][n] in lane n + 16 * (m % 2), element m / 2.
 *
 * sm_90a's warpgroup MMA has helpers of its own (flyc_kb_wgmma()); not
 * used: gfx12's WMMA (other fragments: refused). TMA has helpers of its
 * own (flyc_kb_tma_load()).
 *
 * @return the vector type; a stand-in (eight halves, or eight floats for the accumulator) and a
 *   failed emit (NULL outside a body): FLYC_EINVAL for a bad operand; FLYC_EUNSUPPORTED, naming the
 *   processor, where it has no matrix unit flyc lowers to (NVPTX before sm_80, AMDGPU other than
 *   the above).
 */
FLYC_API LLVMTypeRef flyc_kb_mma_type(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand);

/**
 * Loads this lane's fragment of a 16 x 16 tile of `operand` whose element
 * (0, 0) is at `base` (halves for A and B, floats for the accumulator) and
 * whose rows (row-major) or columns (column-major) are `ld` elements apart:
 * CUDA's `wmma::load_matrix_sync(frag, base, ld)`, for either layout of
 * either operand. On NVPTX an A or B fragment from shared memory (address
 * space 3) with `align` at least 16 is one instruction of the warp,
 * `ldmatrix.sync.aligned.m8n8.x4[.trans].shared.b16` (PTX ISA 6.5; `.trans`
 * for a column-major A or a row-major B), so every lane of the warp must
 * make the call together. Otherwise elements a lane holds side by side in
 * memory are loaded by one access of up to 16 bytes where `align` allows
 * (NVPTX, row-major A at 4-byte alignment: `ld.shared.b32` pairs; MFMA,
 * row-major A: 8-byte `ds_read_b64`).
 * @param base  a pointer in address space 0, 1 or 3 (generic, global,
 *              shared / LDS).
 * @param ld    an i32 or i64, in elements; a constant must be at least 16.
 * @param align bytes that `base` and every row (column) start, `ld`
 *              elements apart, are aligned to: a power of two from the
 *              element's size to 65536, or 0 for the element's size (one
 *              access an element). A promise: a wrong one is undefined
 *              behaviour, as a misaligned `float4` in CUDA. A constant `ld`
 *              whose bytes are not a multiple of it is refused.
 * @return the fragment (flyc_kb_mma_type()); poison of that type and a failed emit (NULL outside a
 *   body): the errors of flyc_kb_mma_type(), and FLYC_EINVAL for a NULL or foreign base or ld, a
 *   base that is not a pointer in space 0, 1 or 3, an ld that is not i32 or i64 or is a constant
 *   below 16, a bad layout, or a bad alignment (the message names it).
 */
FLYC_API LLVMValueRef flyc_kb_mma_load(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand,
                                       LLVMValueRef base, LLVMValueRef ld,
                                       flyc_mma_layout_t layout, unsigned align);

/**
 * Stores this lane's accumulator fragment `acc` into the 16 x 16 float tile
 * at `base`, as flyc_kb_mma_load() addresses it (CUDA's
 * `wmma::store_matrix_sync`).
 * @return FLYC_OK; the errors of flyc_kb_mma_load(), and FLYC_EINVAL for
 *   an `acc` that is not of the accumulator's fragment type (the message
 *   names both types), with a failed emit.
 */
FLYC_API int flyc_kb_mma_store(flyc_kernel_builder_t *kb, LLVMValueRef acc, LLVMValueRef base,
                               LLVMValueRef ld, flyc_mma_layout_t layout, unsigned align);

/**
 * `acc + a * b` on the matrix unit, a 16 x 16 x 16 product with f32
 * accumulation (the table of flyc_kb_mma_type()). A zero accumulator is
 * `LLVMConstNull(flyc_kb_mma_type(kb, FLYC_MMA_ACC))`.
 * @return the new accumulator fragment; poison of that type and a failed emit (NULL outside a
 *   body): the errors of flyc_kb_mma_type(), and FLYC_EINVAL for a NULL or foreign operand or one
 *   of another type than its fragment's (named with both types).
 */
FLYC_API LLVMValueRef flyc_kb_mma(flyc_kernel_builder_t *kb, LLVMValueRef a, LLVMValueRef b,
                                  LLVMValueRef acc);

/**
 * Where element `i` of this lane's fragment of `operand` sits in the tile:
 * `*row` and `*col` become i32 values (for A: m and k; B: k and n; the
 * accumulator: m and n). For row- or column-dependent work on fragments:
 * masking a ragged edge, a per-row maximum (flash attention's online
 * softmax), a bias per column.
 * @return FLYC_OK; FLYC_EINVAL for NULL `row` or `col`, or `i` past the
 *   fragment's elements; the errors of flyc_kb_mma_type(); with a failed
 *   emit. `*row` and `*col` are NULL on failure.
 */
FLYC_API int flyc_kb_mma_coord(flyc_kernel_builder_t *kb, flyc_mma_operand_t operand,
                               unsigned i, LLVMValueRef *row, LLVMValueRef *col);

/* ---- asynchronous copies (global to shared) ---- */

/**
 * Starts a copy of `bytes` (4, 8 or 16) from global `src` to shared `dst`
 * without waiting for it: CUDA's `__pipeline_memcpy_async` /
 * `cp.async.ca.shared.global` (4, 8 bytes) and `cp.async.cg.shared.global`
 * (16: through L2 only, as CUTLASS), NVPTX sm_80 and newer. Both pointers
 * must be aligned to `bytes` (the instruction's rule; a promise). The copy
 * belongs to the group the next flyc_kb_async_commit() closes; its bytes
 * may be read after flyc_kb_async_wait() has seen that group land, by this
 * thread, and by other threads after a barrier as well.
 *
 * Elsewhere (AMDGPU, NVPTX before sm_80) the copy goes through registers (a
 * load and a store of `bytes`), complete when the call returns; commit and
 * wait then emit nothing. Code written for the asynchronous form is right
 * on both.
 * @param dst a pointer in address space 3 (shared / LDS).
 * @param src a pointer in address space 1 (global), or 0 (generic) that
 *            points at global memory (then cast to 1).
 * @return FLYC_OK; FLYC_EINVAL with a failed emit for a NULL or foreign
 *   pointer, a dst not in space 3, a src not in space 0 or 1, or bytes not
 *   4, 8 or 16.
 */
FLYC_API int flyc_kb_async_copy(flyc_kernel_builder_t *kb, LLVMValueRef dst, LLVMValueRef src,
                                unsigned bytes);
/** Closes the group of this thread's asynchronous copies started since the
 *  last commit (`cp.async.commit_group`). @return FLYC_OK, or FLYC_EINVAL
 *  for a NULL `kb`. */
FLYC_API int flyc_kb_async_commit(flyc_kernel_builder_t *kb);
/** Waits until at most `pending` of this thread's committed groups are
 *  still in flight (`cp.async.wait_group pending`; 0: all have landed).
 *  Other threads' copies need a barrier after it. @return FLYC_OK, or
 *  FLYC_EINVAL for a NULL `kb`. */
FLYC_API int flyc_kb_async_wait(flyc_kernel_builder_t *kb, unsigned pending);

/* ---- warpgroup matrix unit: sm_90a's wgmma, 64 x n x 16, f16 in, f32 accumulate ---- */

/**
 * The byte offset of element (`row`, `col`) of an operand tile in the
 * layout flyc_kb_wgmma() reads: K-major (a row holds one M or N index's K
 * values), rows of 64 halves (128 bytes) with the 128-byte swizzle of the
 * PTX ISA ("Shared Memory Matrix Layout"; CUTLASS's
 * `GMMA::Layout_K_SW128_Atom`): the 16-byte piece `c = col / 8` of row `r`
 * at `r * 128 + ((c ^ (r % 8)) * 16)`, plus `(col % 8) * 2`. A tile starts
 * 1024-byte aligned in shared memory (its 8-row atoms are 1024 bytes
 * apart); one of K = 64 halves is one column of atoms. Copying a row's
 * 16-byte pieces to these offsets (flyc_kb_async_copy()) lays a tile out
 * with no bank conflict. Pure arithmetic, on every target.
 * @param row, col i32: the row, 0 and up; the column in halves, 0 to 63 (a
 *                 run-time col past 63 is a promise broken).
 * @return the i32 offset; NULL with a failed emit for NULL, foreign or
 *   non-i32 arguments, or a constant col above 63 (FLYC_EINVAL).
 */
FLYC_API LLVMValueRef flyc_kb_wgmma_offset(flyc_kernel_builder_t *kb, LLVMValueRef row,
                                           LLVMValueRef col);

/**
 * The type of a thread's part of a 64 x `n` f32 accumulator of
 * flyc_kb_wgmma(): `<n/2 x float>`, for the 128 threads of a warpgroup
 * (four consecutive warps, the first's index a multiple of 4). Element i of
 * warp w's (w = warp index % 4) lane L is at row 16 w + L / 4 + 8 ((i / 2)
 * % 2), column 8 (i / 4) + 2 (L % 4) + i % 2 (PTX ISA, "Register Fragments
 * for wgmma .m64nNk16": mma.m16n8's accumulator repeated across N), what
 * flyc_kb_wgmma_coord() computes.
 * @param n 8 to 256, a multiple of 8 (PTX's wgmma with f16 inputs).
 * @return the type; `<8 x float>` and a failed emit (NULL outside a body):
 *   FLYC_EINVAL for a bad n or a known block size (known_block_size,
 *   launch_block) that is not a multiple of 128 threads (every
 *   flyc_kb_wgmma*() but _offset refuses that); FLYC_EUNSUPPORTED, naming
 *   the processor, on targets other than sm_90a (wgmma is that
 *   arch-specific target's alone).
 */
FLYC_API LLVMTypeRef flyc_kb_wgmma_type(flyc_kernel_builder_t *kb, unsigned n);

/**
 * `acc + A * B^T` on the warpgroup's matrix unit, started and not waited
 * for: `wgmma.mma_async.sync.aligned.m64n<n>k16.f32.f16.f16` (PTX ISA 8.0,
 * sm_90a; CUTLASS's `SM90_64xNx16_F32F16F16_SS`), A 64 x 16 and B n x 16,
 * both K-major in shared memory as flyc_kb_wgmma_offset() lays them out,
 * `a` and `b` pointing at element (0, k) of their tiles for k 0, 16, 32 or
 * 48 (the tile's start, plus 2 k bytes). All 128 threads of the warpgroup
 * call it together with the same a and b. The result is the accumulator
 * once a flyc_kb_wgmma_wait() has seen its group land; before that only
 * another flyc_kb_wgmma() of the same n, a fence, a wait or a phi may take
 * it: any other read of it fails the emit (FLYC_EINVAL, naming the
 * kernel), as the PTX ISA makes it undefined. The order (the PTX
 * ISA's rules):
 *   copies land; flyc_kb_wgmma_shared_fence(); barrier;
 *   flyc_kb_wgmma_fence(acc); acc = flyc_kb_wgmma(..., acc) ...;
 *   flyc_kb_wgmma_commit(); flyc_kb_wgmma_wait(pending, acc).
 * @param acc an accumulator (flyc_kb_wgmma_type(); its n is the
 *            instruction's): `LLVMConstNull()` of it to start from zero
 *            (the instruction always accumulates: scale-d is 1, A and B
 *            are neither negated nor transposed).
 * @return the new accumulator; poison of acc's type and a failed emit (NULL
 *   outside a body): flyc_kb_wgmma_type()'s errors, and FLYC_EINVAL for a
 *   NULL or foreign operand, an a or b not a pointer in address space 3, an
 *   acc not `<n/2 x float>` for an n of 8 to 256.
 */
FLYC_API LLVMValueRef flyc_kb_wgmma(flyc_kernel_builder_t *kb, LLVMValueRef a, LLVMValueRef b,
                                    LLVMValueRef acc);

/**
 * `wgmma.fence.sync.aligned`: orders the warpgroup's earlier register and
 * shared-memory accesses before the flyc_kb_wgmma() calls that follow; due
 * before the first of them and whenever other code touched an accumulator.
 * The `nacc` accumulators pass through it (`acc[i]` is replaced by the
 * value to use from here on), so that no access to them moves across.
 * @return FLYC_OK; FLYC_EINVAL for a NULL acc with nacc > 0, an
 *   accumulator not of a flyc_kb_wgmma_type(), or more than 1024 floats in
 *   all; flyc_kb_wgmma_type()'s FLYC_EUNSUPPORTED, FLYC_ENOMEM; with a
 *   failed emit.
 */
FLYC_API int flyc_kb_wgmma_fence(flyc_kernel_builder_t *kb, LLVMValueRef *acc, unsigned nacc);

/** `wgmma.commit_group.sync.aligned`: closes the group of the warpgroup's
 *  flyc_kb_wgmma() calls since the last commit. @return FLYC_OK, or
 *  flyc_kb_wgmma_fence()'s errors. */
FLYC_API int flyc_kb_wgmma_commit(flyc_kernel_builder_t *kb);

/**
 * `wgmma.wait_group.sync.aligned pending`: waits until at most `pending`
 * committed groups are in flight, and defines the `nacc` accumulators anew
 * (`acc[i]` replaced) so that nothing reads them earlier. With pending 1,
 * one step's products run on while the next step's copies are started
 * (the tile they read must then stay until the next wait); the newest
 * group is then still writing its accumulators, so only a flyc_kb_wgmma()
 * may take them until a wait of 0 (any other read makes ptxas serialize
 * the warpgroup's wgmma: warning C7514).
 * @return FLYC_OK; flyc_kb_wgmma_fence()'s errors, and FLYC_EINVAL for a
 *   pending above 7.
 */
FLYC_API int flyc_kb_wgmma_wait(flyc_kernel_builder_t *kb, unsigned pending, LLVMValueRef *acc,
                                unsigned nacc);

/** `fence.proxy.async.shared::cta`: makes this thread's shared-memory
 *  writes (stores, and asynchronous copies flyc_kb_async_wait() has seen
 *  land) visible to wgmma, which reads through the async proxy. Each
 *  writing thread calls it before the barrier after which a warpgroup
 *  reads the tile. @return FLYC_OK, or flyc_kb_wgmma_fence()'s errors. */
FLYC_API int flyc_kb_wgmma_shared_fence(flyc_kernel_builder_t *kb);

/**
 * Where element `i` of this thread's 64 x `n` accumulator sits: `*row` and
 * `*col` become i32 values (the layout of flyc_kb_wgmma_type()).
 * @return FLYC_OK; flyc_kb_wgmma_type()'s errors, and FLYC_EINVAL for NULL
 *   row or col, or i past n/2; with a failed emit (*row, *col NULL).
 */
FLYC_API int flyc_kb_wgmma_coord(flyc_kernel_builder_t *kb, unsigned n, unsigned i,
                                 LLVMValueRef *row, LLVMValueRef *col);

/**
 * Stores this thread's part of the 64 x n f32 accumulator `acc` into the
 * row-major tile at `base` (element (r, c) at `base[r * ld + c]`), two
 * neighbouring floats at a time (8-byte stores: `base` and `ld` must keep
 * them 8-byte aligned, a promise).
 * @param base a float pointer in address space 0, 1 or 3.
 * @param ld   an i32 or i64, in floats; a constant must be even and at
 *             least n.
 * @return FLYC_OK; flyc_kb_wgmma()'s errors for acc, and FLYC_EINVAL for a
 *   bad base or ld (named); with a failed emit.
 */
FLYC_API int flyc_kb_wgmma_store(flyc_kernel_builder_t *kb, LLVMValueRef acc, LLVMValueRef base,
                                 LLVMValueRef ld);

/* ---- the tensor memory accelerator (TMA): bulk tensor copies, sm_90 and newer ---- */

/**
 * Initializes the mbarrier at `bar` (CUDA's `cuda::barrier` /
 * `mbarrier.init.shared::cta.b64`, PTX ISA 7.0) for `count` arrivals a
 * phase, then makes it visible to the async proxy that TMA completes it
 * through (`fence.proxy.async.shared::cta`, PTX ISA 8.0), as the CUDA
 * Programming Guide's TMA example does. One thread initializes it; a
 * barrier (flyc_kb_barrier()) must follow before any thread uses it.
 * @param bar   8 bytes of shared memory (address space 3), 8-byte aligned
 *              (flyc_kb_shared_alloc(alloc, 8, 8)).
 * @param count an i32: the arrivals (flyc_kb_mbarrier_arrive()) that
 *              complete a phase, 1 to 2^20 - 1.
 * @return FLYC_OK; FLYC_EUNSUPPORTED (recorded: the emit fails with it),
 *   naming the processor, on targets without TMA (AMDGPU, NVIDIA before
 *   sm_90) or with an LLVM older than 18 (PTX ISA 8.0 and grid-constant
 *   parameters);
 *   FLYC_EINVAL for a bar that is not a shared pointer or a count that is
 *   not an i32 (a constant one out of range), named; outside a body only
 *   returned.
 */
FLYC_API int flyc_kb_mbarrier_init(flyc_kernel_builder_t *kb, LLVMValueRef bar, LLVMValueRef count);

/**
 * This thread's arrival on the mbarrier at `bar`; with `tx_bytes`, it also
 * tells the barrier to expect that many bytes more from TMA copies in this
 * phase (`mbarrier.arrive.expect_tx.shared::cta.b64`, PTX ISA 8.0; without:
 * `mbarrier.arrive.shared::cta.b64`). The phase completes when `count`
 * threads have arrived and every expected byte has landed.
 * @param tx_bytes an i32, or NULL for a plain arrival.
 * @return FLYC_OK; flyc_kb_mbarrier_init()'s errors for bar, and FLYC_EINVAL
 *   for a tx_bytes that is not an i32.
 */
FLYC_API int flyc_kb_mbarrier_arrive(flyc_kernel_builder_t *kb, LLVMValueRef bar,
                                     LLVMValueRef tx_bytes);

/**
 * Waits until the phase of parity `phase & 1` of the mbarrier at `bar` has
 * completed (`mbarrier.try_wait.parity.shared::cta.b64` in a loop, PTX ISA
 * 7.8, as CUTLASS's ClusterBarrier::wait). A barrier's first phase has
 * parity 0; a loop that reuses one barrier waits on parity (iteration & 1).
 * @param phase an i32.
 * @return FLYC_OK; flyc_kb_mbarrier_init()'s errors for bar, and FLYC_EINVAL
 *   for a phase that is not an i32.
 */
FLYC_API int flyc_kb_mbarrier_wait(flyc_kernel_builder_t *kb, LLVMValueRef bar,
                                   LLVMValueRef phase);

/**
 * Starts a TMA load of one box of the tensor that the tensor map `map`
 * describes (a ::FLYC_PARAM_TENSOR_MAP parameter; the host encodes it with
 * flyc_tensor_map_encode(), CUDA's cuTensorMapEncodeTiled) into shared
 * memory at `dst`: `cp.async.bulk.tensor.<rank>d.shared::cluster.global.
 * tile.mbarrier::complete_tx::bytes` (PTX ISA 8.0, sm_90). The box starts
 * at element `coords` (innermost first, as the map's dimensions; i32,
 * may be negative or past the end: elements outside the tensor read as
 * zero) and lands laid out as the map says (its box, row-major with the
 * innermost dimension contiguous, swizzled if the map swizzles). Its bytes
 * complete the current phase of the mbarrier at `bar`, which must expect
 * them (flyc_kb_mbarrier_arrive() with tx_bytes, the box's size in bytes,
 * out-of-range elements included: the product of the host's
 * flyc_tensor_map_desc_t box and the element size; a count that is not
 * what the copy brings never completes the phase, and the wait hangs).
 * One thread issues it; every thread that
 * reads the tile waits on the barrier (flyc_kb_mbarrier_wait()) first.
 * @param dst  shared memory (address space 3), 128-byte aligned (a promise:
 *             flyc_kb_shared_alloc(alloc, bytes, 128)), the box's bytes.
 * @param map  the kernel's ::FLYC_PARAM_TENSOR_MAP argument.
 * @param coords `rank` i32 values; rank 1 to 5, the map's rank (a promise).
 * @param bar  as flyc_kb_mbarrier_init()'s.
 * @return FLYC_OK; flyc_kb_mbarrier_init()'s FLYC_EUNSUPPORTED; FLYC_EINVAL
 *   for a dst or bar that is not a shared pointer, a map that is not a
 *   tensor-map parameter of this kernel, a rank of 0 or over 5, a NULL
 *   coords array or a coordinate that is not an i32 (named by index).
 */
FLYC_API int flyc_kb_tma_load(flyc_kernel_builder_t *kb, LLVMValueRef dst, LLVMValueRef map,
                              const LLVMValueRef *coords, unsigned rank, LLVMValueRef bar);

/**
 * Starts a TMA store of one box from shared memory at `src` into the
 * tensor the map describes, at element `coords`:
 * `cp.async.bulk.tensor.<rank>d.global.shared::cta.tile.bulk_group` (PTX
 * ISA 8.0, sm_90). Elements of the box outside the tensor are not written,
 * except that a row's last 16-byte piece is written whole (measured on the
 * H200), which is why flyc_tensor_map_encode() refuses a map that may be
 * stored through unless its rows end on 16 bytes.
 * The threads' stores to the box must be made visible to the async proxy
 * first: each writer runs flyc_kb_tma_fence(), then a barrier, then one
 * thread stores. The store belongs to the group that the next
 * flyc_kb_tma_commit() closes; `src` may be written again, and the kernel
 * may end, once flyc_kb_tma_wait() has seen that group read.
 * @return FLYC_OK; flyc_kb_tma_load()'s errors (src for dst).
 */
FLYC_API int flyc_kb_tma_store(flyc_kernel_builder_t *kb, LLVMValueRef map,
                               const LLVMValueRef *coords, unsigned rank, LLVMValueRef src);

/** Closes the group of this thread's TMA stores since the last commit
 *  (`cp.async.bulk.commit_group`). @return FLYC_OK, or
 *  flyc_kb_mbarrier_init()'s FLYC_EUNSUPPORTED. */
FLYC_API int flyc_kb_tma_commit(flyc_kernel_builder_t *kb);

/** Waits until at most `pending` of this thread's committed TMA store
 *  groups still read their shared memory (`cp.async.bulk.wait_group.read
 *  pending`; 0: all have). @return FLYC_OK; flyc_kb_tma_commit()'s error,
 *  and FLYC_EINVAL for a pending over 63. */
FLYC_API int flyc_kb_tma_wait(flyc_kernel_builder_t *kb, unsigned pending);

/** `fence.proxy.async.shared::cta` (PTX ISA 8.0): this thread's shared
 *  memory writes become visible to the async proxy that TMA stores (and
 *  wgmma) read through. The same instruction as
 *  flyc_kb_wgmma_shared_fence(), on every TMA target. @return FLYC_OK, or
 *  flyc_kb_tma_commit()'s error. */
FLYC_API int flyc_kb_tma_fence(flyc_kernel_builder_t *kb);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_PUBLIC_BUILDER_H */

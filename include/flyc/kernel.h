/**
 * @file flyc/kernel.h
 * @brief Kernel builder: the C counterpart of FlyDSL's CompilationContext and
 *        `@kernel` definitions, built straight into LLVM IR through llvm-c.
 *
 * Interop tier (includes llvm-c): a kernel body is written with an
 * `LLVMBuilderRef`. Stable only within one LLVM major version.
 *
 * One ::flyc_ctx_t is one compile: an LLVM context and module for one
 * target, a kernel name registry and counter. Kernels are emitted into it with
 * flyc_kernel_emit(); flyc_ctx_compile() then runs the compile pipeline
 * (flyc_compile_module(): link, optimize, codegen, checks) once. The same
 * kernel source compiles for AMDGPU and NVPTX: the helpers below hide the
 * target's intrinsics.
 *
 * Threads: a context is used by one thread at a time; separate contexts
 * build and compile concurrently.
 *
 * Follows FlyDSL's contracts (python/flydsl/compiler/kernel_function.py):
 * unique kernel names (an explicit name verbatim the first time, then
 * `<name>_<n>`; unnamed kernels `<base>_<id>`, the id a per-context counter,
 * so names are the same in every process) and `known_block_size` (three
 * positive integers, lowered as MLIR's GPU-to-ROCDL lowering does).
 *
 * Not yet here (issue 3 continues): constexpr specialisation, shared memory,
 * compile hints, ffi / link_extern.
 *
 * @defgroup flyc_kernel Kernel builder
 * @{
 */
#ifndef FLYC_KERNEL_H
#define FLYC_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Types.h>

#include "flyc/compile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A compilation context (opaque). */
typedef struct flyc_ctx flyc_ctx_t;
/** What a kernel body gets besides the builder (opaque, valid during the body). */
typedef struct flyc_kernel_builder flyc_kernel_builder_t;

/** Kinds of runtime kernel parameters. */
typedef enum flyc_param_kind {
  FLYC_PARAM_PTR = 1, /**< a pointer in `addrspace` */
  FLYC_PARAM_INT,     /**< an integer of `bits` bits (1, 8, 16, 32, 64) */
  FLYC_PARAM_FLOAT,   /**< a float of `bits` bits (16, 32, 64) */
} flyc_param_kind_t;

/** One runtime parameter; it becomes one kernel argument, in order. */
typedef struct flyc_param {
  /** IR name of the argument (may be NULL); it is the `.args` name in the
   *  AMDGPU kernel metadata. */
  const char *name;
  flyc_param_kind_t kind;
  /** INT and FLOAT: width in bits. */
  unsigned bits;
  /** PTR: LLVM address space: 0 generic (flat), 1 global, 3 shared (LDS),
   *  4 constant; the same numbers on AMDGPU and NVPTX. */
  unsigned addrspace;
  /** PTR: bytes the pointer is known to be aligned to (a power of two), or 0. */
  unsigned align;
  /** PTR: nonzero marks it `noalias` (C's `restrict`). */
  int noalias;
} flyc_param_t;

/**
 * Emits a kernel's body. The builder is positioned at the end of the entry
 * block; `args` holds the kernel's arguments (one per ::flyc_param_t). The
 * body must leave every block it creates terminated (`ret void` to end).
 * Return 0, or a flyc status (with flyc_error_last() set by the caller's own
 * code, or any other nonzero value) to abandon the kernel.
 *
 * `kb` and `builder` are valid only until the body returns. A body must not
 * emit, compile or destroy its own context (emit and compile return
 * FLYC_EINVAL; destroying it is undefined).
 */
typedef int (*flyc_kernel_body_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef builder,
                                   LLVMValueRef *args, void *payload);

/** A kernel definition. Zero-initialise, then fill. */
typedef struct flyc_kernel_def {
  /** Explicit kernel name, or NULL: letters, digits, `_`, `$`, and on AMDGPU
   *  `.` (PTX identifiers have none) but not a `.kd` ending; not starting with
   *  a digit, `llvm.`, `__flyc`, `__ockl_`, `__ocml_`, `__oclc_` or `__nv_`;
   *  at most 200 characters. */
  const char *name;
  /** Base of an unnamed kernel's name (`<base>_<id>`); NULL means "kernel". */
  const char *base;
  const flyc_param_t *params;
  size_t param_count;
  /** NULL, or `known_block_size_count` block sizes (x, y, z); exactly three
   *  positive integers whose product is at most 1024. Lowered to
   *  `"amdgpu-flat-work-group-size"="P,P"` and `!reqd_work_group_size`
   *  (AMDGPU) or `reqntid` (NVPTX). Without it a kernel accepts up to 1024
   *  threads a block (AMDGPU: `"amdgpu-flat-work-group-size"="1,1024"`, not
   *  LLVM's default of 256, which broke FlyDSL users launching 512). */
  const int64_t *known_block_size;
  size_t known_block_size_count;
  flyc_kernel_body_fn body;
  void *payload;
} flyc_kernel_def_t;

/**
 * Creates a context for one target (as flyc_target_check() accepts).
 * @retval FLYC_EINVAL       NULL argument, or a malformed target ID.
 * @retval FLYC_EUNSUPPORTED a processor this LLVM does not know (the message
 *                           lists those it knows).
 * @retval FLYC_ENOMEM
 */
FLYC_API int flyc_ctx_create(flyc_ctx_t **out, const char *target);

/** Frees a context and everything not yet compiled. NULL is a no-op. */
FLYC_API void flyc_ctx_destroy(flyc_ctx_t *ctx);

/** The context's LLVM context (owned by `ctx`). */
FLYC_API LLVMContextRef flyc_ctx_llvm_context(const flyc_ctx_t *ctx);

/** The module kernels are emitted into (owned by `ctx`; NULL once compiled). */
FLYC_API LLVMModuleRef flyc_ctx_module(const flyc_ctx_t *ctx);

/**
 * Emits one kernel: picks its unique name, declares it with the target's
 * kernel calling convention and attributes, and runs `def->body`. On any
 * error the half-built kernel is removed and the context stays usable.
 *
 * @param name_out  receives the kernel's name (owned by `ctx`), may be NULL.
 * @retval FLYC_EINVAL  NULL argument, no body, a bad parameter (kind, width,
 *   alignment), a bad name, known_block_size not exactly three positive
 *   integers with a product of at most 1024 (the message names the element),
 *   an address space other than 0, 1, 3, 4, a helper given a bad axis or
 *   blocked by a module symbol, a body that failed without a status, a call
 *   from inside a body, or the context already compiled.
 * @retval FLYC_EIR     the body left IR the verifier rejects (its text).
 * @retval FLYC_ENOMEM
 * @retval other        a negative status the body returned (with its message,
 *                      or one naming the kernel when the body set none).
 */
FLYC_API int flyc_kernel_emit(flyc_ctx_t *ctx, const flyc_kernel_def_t *def,
                              const char **name_out);

/**
 * Compiles the context's module through the pipeline (flyc_compile_module()).
 * `options` may be NULL; its target, when set, must be the context's. A
 * context compiles once: its module is consumed, even on failure.
 * @retval FLYC_EINVAL  NULL argument, a different target, no kernel, or the
 *                      context already compiled.
 * @retval the codes of flyc_compile_module().
 */
FLYC_API int flyc_ctx_compile(flyc_ctx_t *ctx, const flyc_compile_options_t *options,
                              flyc_artifact_t **out);

/* ---- helpers for kernel bodies: i32 values; `axis` 0, 1, 2 is x, y, z. A
 * bad axis, or a module symbol in the way of the declaration a helper needs,
 * returns NULL and makes the emit fail with FLYC_EINVAL. Calling a helper
 * after its body returned is undefined (`kb` is gone). ---- */

/** Thread index within the block (workitem id). */
FLYC_API LLVMValueRef flyc_kb_thread_idx(flyc_kernel_builder_t *kb, unsigned axis);
/** Block index within the grid (workgroup id). */
FLYC_API LLVMValueRef flyc_kb_block_idx(flyc_kernel_builder_t *kb, unsigned axis);
/** Threads per block along `axis`: a constant under known_block_size, else
 *  read at run time (AMDGPU: ockl's `__ockl_get_local_size`, which reads the
 *  dispatch packet or the COV5 implicit arguments; NVPTX: `%ntid`). */
FLYC_API LLVMValueRef flyc_kb_block_dim(flyc_kernel_builder_t *kb, unsigned axis);
/** Blocks in the grid along `axis` (AMDGPU `__ockl_get_num_groups`; NVPTX
 *  `%nctaid`). */
FLYC_API LLVMValueRef flyc_kb_grid_dim(flyc_kernel_builder_t *kb, unsigned axis);
/** Lane index within the wavefront (warp), 0 to wave size - 1 (AMDGPU:
 *  `mbcnt` over an all-ones mask, as HIP's `__lane_id()`; NVPTX: `%laneid`). */
FLYC_API LLVMValueRef flyc_kb_lane_id(flyc_kernel_builder_t *kb);
/** Wavefront (warp) size of the target, a constant. */
FLYC_API LLVMValueRef flyc_kb_wave_size(flyc_kernel_builder_t *kb);
/** Block-wide barrier with workgroup-scope memory ordering, as HIP's and
 *  CUDA's `__syncthreads()` (AMDGPU: release fence, `s_barrier`, acquire
 *  fence, workgroup scope; NVPTX: `bar.sync 0`). Returns 0 or FLYC_EINVAL. */
FLYC_API int flyc_kb_barrier(flyc_kernel_builder_t *kb);
/** The kernel function being built. */
FLYC_API LLVMValueRef flyc_kb_function(const flyc_kernel_builder_t *kb);
/** The LLVM context to make types and constants in (the context's). */
FLYC_API LLVMContextRef flyc_kb_llvm_context(const flyc_kernel_builder_t *kb);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_KERNEL_H */

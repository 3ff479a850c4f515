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
 * unique kernel names (an explicit name verbatim the first time, unnamed
 * kernels `<base>_<id>`, the id a per-context counter of emitted kernels; a
 * name already taken gets `_<n>` for n = id, id + 1, ...: explicit
 * `kernel_1` then three unnamed give kernel_1, kernel_1_1, kernel_2,
 * kernel_3; the same in every process) and `known_block_size` (three
 * positive integers, lowered as MLIR's GPU-to-ROCDL lowering does).
 *
 * Specialisation (FlyDSL's KernelLauncher): a definition emitted again with
 * the same constexpr values and block size gives the kernel it gave before;
 * other values give another kernel. Shared memory, compile hints, memory
 * fences, ffi / link_extern and device-library math are below.
 *
 * Struct sizes: the structs a caller hands in that may grow
 * (::flyc_kernel_def_t, ::flyc_param_t, ::flyc_ffi_t, ::flyc_extern_t,
 * ::flyc_compile_hints_t) start with `uint32_t size`, set by their `_INIT`
 * macro to the `sizeof` of the caller's header. flyc accepts any size from
 * the first version's up: it reads the fields it knows within `size` (the
 * rest keep their zero / unset default) and a bigger struct's bytes past
 * those it knows must be zero (a caller built against a newer header that
 * sets a newer field gets FLYC_EINVAL naming the struct, not a silently
 * ignored field). A size below the first version's is FLYC_EINVAL too.
 * Arrays of sized structs (`params`) are walked with the first element's
 * size as the stride: every element must carry the same size. Fields are
 * only ever appended, and so that `sizeof` always grows: ::flyc_param_t and
 * ::flyc_ffi_t end in 4 bytes of tail padding, which the next field fills
 * and passes (an 8-byte field, or explicit padding). Where a macro cannot
 * be used (bindings), the `_init()` functions do what the `_INIT` macros do
 * for a given size: the struct zeroed (hints unset) and its size set; they
 * return FLYC_EINVAL for NULL or a size below the first version's. Frozen (they never grow; a `_2` struct would follow):
 * ::flyc_constexpr_t and ::flyc_type_t, small value records whose new kinds
 * are new enum values.
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
#include "flyc/runtime.h"

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
  /** A CUDA tensor map (CUtensorMap: 128 bytes, 64-byte aligned) passed by
   *  value as CUDA's `const __grid_constant__ CUtensorMap` parameter
   *  (`.param .align 64 .b8 name[128]`), for flyc_kb_tma_load() and
   *  flyc_kb_tma_store(); the body's argument is its generic address (a
   *  `ptr`, address space 0), for those helpers alone. The launch's
   *  argument points to a ::flyc_tensor_map_t (flyc_tensor_map_encode()).
   *  NVIDIA sm_90 and newer with LLVM 18 or newer; elsewhere the emit fails
   *  with FLYC_EUNSUPPORTED naming the parameter and the target. `bits`,
   *  `addrspace`, `align`, `noalias` and `elem` must be 0. */
  FLYC_PARAM_TENSOR_MAP,
} flyc_param_kind_t;

/** One runtime parameter; it becomes one kernel argument, in order. Sized
 *  (see "Struct sizes"): an element of `params`, each with the same size. */
typedef struct flyc_param {
  /** sizeof(flyc_param_t), as FLYC_PARAM_INIT sets it. */
  uint32_t size;
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
  /** PTR: the element type that kernel text (flyc_kb_do(), flyc_kb_eval())
   *  indexes the pointer by its name with: "i8", "i16", "i32", "i64", "f16",
   *  "f32" or "f64"; NULL for none (the pointer cannot be indexed in text).
   *  Only a pointer has one. Added in the second version of this struct. */
  const char *elem;
} flyc_param_t;

/** A zero parameter of this header's size. */
#define FLYC_PARAM_INIT {sizeof(flyc_param_t), NULL, (flyc_param_kind_t)0, 0, 0, 0, 0, NULL}
/** FLYC_PARAM_INIT for `size` bytes (see "Struct sizes"). */
FLYC_API int flyc_param_init(flyc_param_t *param, uint32_t size);

/**
 * Emits a kernel's body. The builder is positioned at the end of the entry
 * block; `args` holds the kernel's arguments (one per ::flyc_param_t). The
 * body must leave every block it creates terminated, except the one the
 * builder is in when it returns: flyc ends that one with `ret void` (a body
 * may end in its own `ret void`, as before).
 * Return 0, or a flyc status (with flyc_error_last() set by the caller's own
 * code, or any other nonzero value) to abandon the kernel.
 *
 * `kb` and `builder` are valid only until the body returns. A body must not
 * emit, compile or destroy its own context (emit and compile return
 * FLYC_EINVAL; destroying it is undefined).
 */
typedef int (*flyc_kernel_body_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef builder,
                                   LLVMValueRef *args, void *payload);

/** Kinds of compile-time (constexpr) values. */
typedef enum flyc_constexpr_kind {
  FLYC_CONSTEXPR_INT = 1, /**< `i` */
  FLYC_CONSTEXPR_FLOAT,   /**< `f` */
} flyc_constexpr_kind_t;

/** A compile-time value: baked into the body (flyc_kb_constexpr()), not a
 *  kernel argument. Its name and value are part of the specialisation.
 *  Frozen: it never grows (a new kind of value is a new enum value). */
typedef struct flyc_constexpr {
  /** Unique within the definition: letters, digits, `_`; 1 to 64 characters. */
  const char *name;
  flyc_constexpr_kind_t kind;
  int64_t i;
  double f;
} flyc_constexpr_t;

/** A kernel definition. Start from FLYC_KERNEL_DEF_INIT, then fill. Sized
 *  (see "Struct sizes"): the most likely struct to grow. */
typedef struct flyc_kernel_def {
  /** sizeof(flyc_kernel_def_t), as FLYC_KERNEL_DEF_INIT sets it. */
  uint32_t size;
  /** Explicit kernel name, or NULL: letters, digits, `_`, `$`, and on AMDGPU
   *  `.` (PTX identifiers have none) but not a `.kd` ending; not starting with
   *  a digit, `llvm.`, `__flyc`, `__ockl_`, `__ocml_`, `__oclc_` or `__nv_`;
   *  at most 200 characters. */
  const char *name;
  /** Base of an unnamed kernel's name (`<base>_<id>`); NULL means "kernel". */
  const char *base;
  const flyc_param_t *params;
  size_t param_count;
  /** NULL, or the block size (x, y, z): three positive integers whose
   *  product is at most 1024, the same shape as `launch_block` (it was an
   *  int64_t list with a count, which had to be 3). Lowered to
   *  `"amdgpu-flat-work-group-size"="P,P"` and `!reqd_work_group_size`
   *  (AMDGPU) or `reqntid` (NVPTX). Without it a kernel accepts up to 1024
   *  threads a block (AMDGPU: `"amdgpu-flat-work-group-size"="1,1024"`, not
   *  LLVM's default of 256, which broke FlyDSL users launching 512). */
  const uint32_t *known_block_size;
  flyc_kernel_body_fn body;
  void *payload;
  /** Compile-time values of this specialisation, or NULL. */
  const flyc_constexpr_t *constexprs;
  size_t constexpr_count;
  /** The static block of the launch this kernel is emitted for (x, y, z;
   *  0 means 1), or NULL. With no known_block_size it becomes the
   *  known_block_size (FlyDSL's inference); with one, the two must agree
   *  (FLYC_EINVAL names the axis). */
  const uint32_t *launch_block;
} flyc_kernel_def_t;

/** An empty definition of this header's size. */
#define FLYC_KERNEL_DEF_INIT                                                             \
  {sizeof(flyc_kernel_def_t), NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, 0, NULL}
/** FLYC_KERNEL_DEF_INIT for `size` bytes (see "Struct sizes"). */
FLYC_API int flyc_kernel_def_init(flyc_kernel_def_t *def, uint32_t size);

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
 * Specialisation, for definitions with constexprs or a launch_block: a
 * definition is identified by its name (or base), body, payload address and
 * parameters, a specialisation by its constexpr values, resolved block size
 * (known_block_size, or the inferred launch block) and compile hints. The
 * same specialisation emitted again returns the first kernel's name without
 * running the body; any other gives a new kernel (FlyDSL: one `gpu.func` per
 * distinct specialisation, named as any other kernel). So everything a
 * specialised body depends on belongs in its constexprs: the payload is
 * compared by address, not content. A definition with neither gives a new
 * kernel on every emit (FlyDSL: separate launchers, separate kernels).
 *
 * Compile hints: the calling thread's hints (flyc_hints_push()) at the time
 * of the emit are lowered onto the kernel.
 *
 * @param name_out  receives the kernel's name (owned by `ctx`, valid until
 *                  flyc_ctx_destroy()), may be NULL.
 * @retval FLYC_EINVAL  NULL argument, no body, a bad struct size of the
 *   definition or a parameter (the message names the struct), a bad parameter
 *   (kind, width, alignment), a bad name, a known_block_size element of 0 or
 *   over 1024 or a product over 1024 (the message names the element),
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
 * context compiles once: once the pipeline has started, its module is
 * consumed, even on failure (a later call is FLYC_EINVAL, "the context was
 * already compiled"); a call refused before that (FLYC_EINVAL for its
 * arguments or options) leaves the module, and may be made again.
 * The compile goes through the caches (flyc/cache.h): the key includes the
 * registered names of the processors the kernels' link_extern calls need,
 * and a hit returns an artifact that already carries them.
 * @retval FLYC_EINVAL  NULL argument, a different target, no kernel, bad
 *                      link-library options, or the context already compiled.
 * @retval FLYC_ENOTSERIALIZABLE a processor without a registered name and a
 *                      usable disk cache (checked before compiling; the
 *                      message gives the three ways out).
 * @retval FLYC_ENOTFOUND a disk-cache hit names a processor this process has
 *                      not registered.
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
/* ---- compile-time values ---- */

/** The constexpr `name` of the specialisation being emitted; NULL (and the
 *  emit fails with FLYC_EINVAL naming it) when the definition has none. */
FLYC_API const flyc_constexpr_t *flyc_kb_constexpr(flyc_kernel_builder_t *kb,
                                                   const char *name);

/* ---- shared memory (LDS) ---- */

/** How a kernel's shared memory is laid out (FlyDSL's SharedAllocator). */
typedef enum flyc_shared_mode {
  /** Each allocation is its own `addrspace(3)` global of its size and
   *  alignment; the code object's static LDS / `.shared` size covers them
   *  and the launch needs no dynamic shared memory. */
  FLYC_SHARED_STATIC = 0,
  /** One dynamic region (`extern __shared__`): allocations are offsets into
   *  it, and the bytes taken become the kernel's `dynamic_shared_size`, the
   *  launch default (flyc_launch_check()). */
  FLYC_SHARED_DYNAMIC = 1,
} flyc_shared_mode_t;

typedef struct flyc_shared_allocator flyc_shared_allocator_t;

/**
 * The kernel's shared-memory allocator (one per kernel; owned by `kb`).
 * @param base_align alignment in bytes of the region or of each allocation
 *                   at least (a power of two up to 4096), 0 for 16.
 * @return NULL (the emit fails with FLYC_EINVAL) for a second allocator in
 *         the same kernel, a bad mode or a bad alignment.
 */
FLYC_API flyc_shared_allocator_t *flyc_kb_shared_allocator(flyc_kernel_builder_t *kb,
                                                           flyc_shared_mode_t mode,
                                                           unsigned base_align);

/**
 * Allocates `bytes` of shared memory aligned to max(`align`, base_align).
 * @return a `ptr addrspace(3)` value, or poison of it and a failed emit (NULL
 *   for a NULL allocator or outside a body): 0 bytes or a
 *   bad alignment (FLYC_EINVAL); more than the target allows (FLYC_ECOMPILE
 *   naming the kernel, the bytes and the limit: AMDGPU 64 KiB of LDS, 160 KiB
 *   on gfx950; NVPTX 48 KiB of static shared memory and, dynamic included,
 *   the SM's opt-in maximum: 227 KiB on sm_90/sm_100, 163 KiB on sm_80/87,
 *   99 KiB on sm_86/89/120, 96 KiB on sm_70/72, 64 KiB on sm_75).
 */
FLYC_API LLVMValueRef flyc_kb_shared_alloc(flyc_shared_allocator_t *alloc, uint64_t bytes,
                                           unsigned align);

/** Bytes allocated so far, padding included. */
FLYC_API uint64_t flyc_kb_shared_allocated(const flyc_shared_allocator_t *alloc);

/* ---- memory fences ---- */

/** Memory orderings of flyc_kb_fence() and the atomics (flyc/builder.h),
 *  C11's: LLVM's acquire, release, acq_rel, seq_cst and monotonic. */
typedef enum flyc_memory_order {
  FLYC_ORDER_ACQUIRE = 1,
  FLYC_ORDER_RELEASE = 2,
  FLYC_ORDER_ACQ_REL = 3,
  FLYC_ORDER_SEQ_CST = 4,
  /** Atomics only (a fence cannot be relaxed): C11's memory_order_relaxed,
   *  LLVM's `monotonic`. */
  FLYC_ORDER_RELAXED = 5,
} flyc_memory_order_t;

/** Scopes of flyc_kb_fence() and the atomics: the threads an operation
 *  orders or is atomic with. */
typedef enum flyc_memory_scope {
  FLYC_SCOPE_WORKGROUP = 1, /**< the block (CUDA's `__threadfence_block`) */
  FLYC_SCOPE_AGENT = 2,     /**< the device (`__threadfence`) */
  FLYC_SCOPE_SYSTEM = 3,    /**< the device and the host (`__threadfence_system`) */
  /** The wavefront (AMDGPU `syncscope("wavefront")`); NVPTX has no warp
   *  scope and takes the block's (`.cta`, `membar.cta`), which is wider. */
  FLYC_SCOPE_WAVEFRONT = 4,
} flyc_memory_scope_t;

/**
 * A memory fence. AMDGPU: `fence syncscope("workgroup"|"agent"|"wavefront"|"")
 * <order>`, as HIP's `__builtin_amdgcn_fence`; NVPTX: `membar.cta|gl|sys` (a
 * full fence whatever the order, as CUDA's `__threadfence*`; the wavefront
 * scope is `membar.cta`).
 * @retval FLYC_OK
 * @retval FLYC_EINVAL a bad order (FLYC_ORDER_RELAXED included: LLVM has no
 *                     relaxed fence) or scope (the emit fails too).
 */
FLYC_API int flyc_kb_fence(flyc_kernel_builder_t *kb, flyc_memory_order_t order,
                           flyc_memory_scope_t scope);

/* ---- compile hints ---- */

/** A hint field's "not set" value: it inherits from the enclosing scope. */
#define FLYC_HINT_UNSET (-1)

/** Fast-math flags; the same bits as llvm-c's LLVMFastMathFlags. */
enum {
  FLYC_FMF_REASSOC = 1 << 0,
  FLYC_FMF_NNAN = 1 << 1,
  FLYC_FMF_NINF = 1 << 2,
  FLYC_FMF_NSZ = 1 << 3,
  FLYC_FMF_ARCP = 1 << 4,
  FLYC_FMF_CONTRACT = 1 << 5,
  FLYC_FMF_AFN = 1 << 6,
  FLYC_FMF_FAST = (1 << 7) - 1,
};

/**
 * Compile hints (FlyDSL's compile_hints). Every field is FLYC_HINT_UNSET or
 * a value; start from FLYC_COMPILE_HINTS_INIT. Sized (see "Struct sizes"):
 * FlyDSL keeps adding hints. A field past a smaller caller's size is unset.
 */
typedef struct flyc_compile_hints {
  /** sizeof(flyc_compile_hints_t), as FLYC_COMPILE_HINTS_INIT sets it. */
  uint32_t size;
  /** AMDGPU occupancy target: 0 (no-op) or 1 to the target's maximum (8 on
   *  gfx90a/gfx94x/gfx950, 10 on other gfx9, 20 on gfx10, 16 on gfx11/12);
   *  `"amdgpu-waves-per-eu"="N"` on each kernel. NVPTX: no such notion, the
   *  value is only checked to be non-negative. */
  int32_t waves_per_eu;
  /** Register limit: AMDGPU `"amdgpu-num-vgpr"="N"` (24 to 512 on gfx90a and
   *  gfx94x/gfx950, else 256; fewer and LLVM's register allocator fails);
   *  NVPTX `.maxnreg N` (nvvm.annotations `maxnreg`, 1 to 255). */
  int32_t maxnreg;
  /** Fast-math flags (FLYC_FMF_*, 0 for none) for the float instructions
   *  the helpers build; wins over fast_fp_math. */
  int32_t fastmath;
  /** 0 or 1: fast floating point. Makes the default fastmath FLYC_FMF_FAST
   *  (FlyDSL's effective-fastmath rule) and, when set at flyc_ctx_compile(),
   *  compiles the device libraries as clang's -ffast-math does
   *  (FLYC_COMPILE_UNSAFE_MATH | FLYC_COMPILE_FINITE_ONLY). */
  int32_t fast_fp_math;
} flyc_compile_hints_t;

#define FLYC_COMPILE_HINTS_INIT                                                              \
  {sizeof(flyc_compile_hints_t), FLYC_HINT_UNSET, FLYC_HINT_UNSET, FLYC_HINT_UNSET,             \
   FLYC_HINT_UNSET}
/** FLYC_COMPILE_HINTS_INIT for `size` bytes (see "Struct sizes"). */
FLYC_API int flyc_compile_hints_init(flyc_compile_hints_t *hints, uint32_t size);

/**
 * Opens a hint scope on the calling thread: `hints` is shallow-merged onto
 * the current ones (a set field wins, an unset one inherits). Scopes nest up
 * to 64 deep; each push needs its pop. Target-independent ranges are checked
 * here, target-dependent ones at flyc_kernel_emit().
 * @retval FLYC_OK
 * @retval FLYC_EINVAL NULL, a bad size (see "Struct sizes"), a value out of
 *                     range (the message names the field), or 64 scopes
 *                     already open.
 */
FLYC_API int flyc_hints_push(const flyc_compile_hints_t *hints);

/** Closes the innermost scope. @retval FLYC_OK, FLYC_EINVAL (none open). */
FLYC_API int flyc_hints_pop(void);

/**
 * The calling thread's effective hints (FLYC_COMPILE_HINTS_INIT when no
 * scope is open) into `*out`, whose `size` the caller sets (start from
 * FLYC_COMPILE_HINTS_INIT): flyc fills the fields it knows within that size
 * and leaves a bigger struct's newer fields as the caller set them (unset).
 * @retval FLYC_OK
 * @retval FLYC_EINVAL NULL, or out->size below the first version's.
 */
FLYC_API int flyc_hints_current(flyc_compile_hints_t *out);

/** The fast-math flags in effect for this kernel (FLYC_FMF_*): `fastmath`
 *  if set, else FLYC_FMF_FAST under fast_fp_math, else 0. For a body's own
 *  float instructions (llvm-c's LLVMSetFastMathFlags, LLVM 18 and newer). */
FLYC_API unsigned flyc_kb_fast_math_flags(const flyc_kernel_builder_t *kb);

/* ---- ffi and link_extern ---- */

/** Types of ffi arguments and results. Signed and unsigned integers are the
 *  same LLVM type; the signedness says how a narrower value is extended. */
typedef enum flyc_type_kind {
  FLYC_TYPE_VOID = 1, /**< results only */
  FLYC_TYPE_I8, FLYC_TYPE_I16, FLYC_TYPE_I32, FLYC_TYPE_I64,
  FLYC_TYPE_U8, FLYC_TYPE_U16, FLYC_TYPE_U32, FLYC_TYPE_U64,
  FLYC_TYPE_F16, FLYC_TYPE_BF16, FLYC_TYPE_F32, FLYC_TYPE_F64,
  FLYC_TYPE_PTR, /**< a pointer in `addrspace` */
} flyc_type_kind_t;

/** An ffi type. Frozen: it never grows (a new type is a new kind). */
typedef struct flyc_type {
  flyc_type_kind_t kind;
  /** FLYC_TYPE_PTR: the address space (0 generic, 1 global, 3 shared,
   *  4 constant, 5 private). */
  unsigned addrspace;
} flyc_type_t;

/**
 * An external device function (FlyDSL's `ffi`): declared on the first call
 * in a context, called with the C calling convention. Caller-owned; it must
 * stay valid while kernels calling it are emitted. Sized (see "Struct
 * sizes"; FLYC_FFI_INIT).
 *
 * The signature must be the linked definition's, with one exception: a
 * parameter or result the library has as a 64-bit pointer (`ptr`, generic
 * or global) may be FLYC_TYPE_I64 / FLYC_TYPE_U64, as FlyDSL's ffi and
 * mori's ABI table declare them; the compile gives the declaration the
 * library's type and converts at each call (AMDGPU and NVPTX pass both
 * alike). Any other difference, such as FLYC_TYPE_I32 for a pointer or an
 * i64 for an LDS pointer, fails the compile with FLYC_ELINK naming the
 * declaration to use.
 */
typedef struct flyc_ffi {
  /** sizeof(flyc_ffi_t). */
  uint32_t size;
  /** The symbol (1 to 200 characters of letters, digits, `_`, `.`, `$`;
   *  not starting with a digit, `llvm.`, `__flyc` or `__nvvm_`, and not a
   *  kernel's name). */
  const char *symbol;
  flyc_type_t result;
  const flyc_type_t *args;
  size_t arg_count;
  /** Nonzero: no memory access and no side effect, lowered as `readnone`
   *  (LLVM 15) / `memory(none)` (LLVM 16+), `nounwind`, `willreturn`. */
  int pure;
} flyc_ffi_t;

/** An empty ffi of this header's size. */
#define FLYC_FFI_INIT {sizeof(flyc_ffi_t), NULL, {(flyc_type_kind_t)0, 0}, NULL, 0, 0}
/** FLYC_FFI_INIT for `size` bytes (see "Struct sizes"). */
FLYC_API int flyc_ffi_init(flyc_ffi_t *ffi, uint32_t size);

/**
 * An ffi with what it needs at link and load time (FlyDSL's `link_extern`):
 * the bitcode that defines it and a post-load processor (mori's shmem init).
 * Both register on the context only when a kernel calls the extern, in
 * first-use order, each once: libraries by canonical path (realpath), named
 * processors by name, unnamed ones by function and payload. Sized (see
 * "Struct sizes"; FLYC_EXTERN_INIT).
 */
typedef struct flyc_extern {
  /** sizeof(flyc_extern_t). */
  uint32_t size;
  const flyc_ffi_t *ffi;
  /** A `.bc` or `.ll` file, or NULL. It must exist at the first call. */
  const char *bitcode_path;
  /** A registered name (flyc_processor_register(); a function given with it
   *  must be the registered one), a function with a payload and no name, or
   *  all NULL for none. An unnamed processor cannot be written to the disk
   *  cache: flyc_ctx_compile() then fails with FLYC_ENOTSERIALIZABLE unless
   *  the compile is FLYC_COMPILE_MEMORY_ONLY or FLYC_COMPILE_NO_CACHE, or
   *  the caches are off (flyc/cache.h). */
  flyc_processor_t processor;
} flyc_extern_t;

/** An empty extern of this header's size. */
#define FLYC_EXTERN_INIT {sizeof(flyc_extern_t), NULL, NULL, {NULL, NULL, NULL}}
/** FLYC_EXTERN_INIT for `size` bytes (see "Struct sizes"). */
FLYC_API int flyc_extern_init(flyc_extern_t *ext, uint32_t size);

/**
 * Calls an ffi. Integer arguments are truncated or extended (sign for
 * FLYC_TYPE_I*, zero for FLYC_TYPE_U*) to the declared width; float and
 * pointer arguments must have the declared type.
 * @return the call (its value is the result; for a void result, just the
 *   instruction), or NULL and a failed emit with FLYC_EINVAL: a bad ffi (a
 *   bad size naming flyc_ffi_t, no symbol, a reserved one, a kernel's name, a bad type, void as an
 *   argument), the symbol declared before with another signature or in the
 *   way as a global, a wrong argument count, NULL args or values, a value of
 *   another LLVM context, a float or pointer argument of another type, an
 *   integer where a float or pointer is declared or the other way round.
 *   Declarations made by a body that fails are forgotten with its kernel.
 */
FLYC_API LLVMValueRef flyc_kb_call(flyc_kernel_builder_t *kb, const flyc_ffi_t *ffi,
                                   LLVMValueRef *args, size_t arg_count);

/**
 * Calls a link_extern (a bad size is FLYC_EINVAL naming flyc_extern_t): registers its bitcode and processor on the context,
 * then calls its ffi as flyc_kb_call() does. The context passes the libraries
 * to the compile (after the options' link libraries) and the artifact carries
 * the processors (flyc_artifact_processor()), which flyc_gpu_jit_module_load()
 * runs.
 * @return as flyc_kb_call(); also NULL and a failed emit for a bitcode path
 *   that cannot be resolved (FLYC_EIO naming it), a processor name not in
 *   the registry (FLYC_ENOTFOUND), an empty name or a name given with
 *   another function than the registered one (FLYC_EINVAL).
 */
FLYC_API LLVMValueRef flyc_kb_call_extern(flyc_kernel_builder_t *kb, const flyc_extern_t *ext,
                                          LLVMValueRef *args, size_t arg_count);

/** Link libraries the context's kernels registered so far, in first-use
 *  order (canonical paths, owned by `ctx`). */
FLYC_API size_t flyc_ctx_link_library_count(const flyc_ctx_t *ctx);
FLYC_API const char *flyc_ctx_link_library(const flyc_ctx_t *ctx, size_t index);

/* ---- device-library math ---- */

/** Math functions of flyc_kb_math(). */
typedef enum flyc_math_fn {
  FLYC_MATH_EXP = 1,
  FLYC_MATH_LOG,
  FLYC_MATH_SQRT,
  FLYC_MATH_SIN,
  FLYC_MATH_COS,
  FLYC_MATH_RSQRT,
  FLYC_MATH_POW, /**< x to the power y */
  FLYC_MATH_ERF,
  FLYC_MATH_EXP2,
  FLYC_MATH_LOG2,
  FLYC_MATH_EXP10,
  FLYC_MATH_LOG10,
  FLYC_MATH_EXPM1, /**< e^x - 1 */
  FLYC_MATH_LOG1P, /**< log(1 + x) */
  FLYC_MATH_TANH,
  FLYC_MATH_SINH,
  FLYC_MATH_COSH,
  FLYC_MATH_TAN,
  FLYC_MATH_ASIN,
  FLYC_MATH_ACOS,
  FLYC_MATH_ATAN,
  FLYC_MATH_CBRT,
  FLYC_MATH_FABS,
  FLYC_MATH_FLOOR,
  FLYC_MATH_CEIL,
  FLYC_MATH_TRUNC,
  FLYC_MATH_ROUND, /**< to nearest, halfway cases away from zero (C's round) */
  FLYC_MATH_ATAN2, /**< atan2(x, y): x is C's first argument */
  FLYC_MATH_FMIN,  /**< C's fmin: a NaN operand gives the other */
  FLYC_MATH_FMAX,
  FLYC_MATH_HYPOT,
  FLYC_MATH_FMOD,
} flyc_math_fn_t;

/**
 * `fn(x)` (or `fn(x, y)` for the two-operand ones: pow, atan2, fmin, fmax,
 * hypot, fmod) for an f32 or f64 `x` (and `y` of the same type), with C's
 * meaning (math.h, as CUDA's and HIP's device math give it), through the
 * device library as a pure ffi: ocml on AMDGPU (`__ocml_exp_f32`,
 * `__ocml_exp2_f64`, ...), libdevice on NVPTX (`__nv_expf`, `__nv_exp`,
 * ...); the compile links the library. The call gets the kernel's fast-math
 * flags (LLVM 18 and newer). For a fused multiply-add see flyc_kb_fma().
 * @return the result, or poison of x's type and a failed emit (FLYC_EINVAL;
 *   NULL for a NULL or foreign x): an unknown
 *   function, a type that is not f32 or f64, `y` missing or of another type
 *   for a two-operand function, or given for another function.
 */
FLYC_API LLVMValueRef flyc_kb_math(flyc_kernel_builder_t *kb, flyc_math_fn_t fn,
                                   LLVMValueRef x, LLVMValueRef y);

/**
 * `x * y + z` rounded once (C's fma, CUDA's `fmaf`/`__fmaf_rn`, HIP's
 * `fmaf`), for f32 or f64 values of one type: LLVM's `llvm.fma`, which both
 * backends select as one instruction (`v_fma_f32`/`v_fma_f64`,
 * `fma.rn.f32`/`fma.rn.f64`).
 * @return the result, or poison of x's type and a failed emit (FLYC_EINVAL naming the
 *   operand): a NULL operand, one that is not f32 or f64, or mixed types.
 */
FLYC_API LLVMValueRef flyc_kb_fma(flyc_kernel_builder_t *kb, LLVMValueRef x, LLVMValueRef y,
                                  LLVMValueRef z);

/**
 * Calls LLVM intrinsic `name` ("llvm.fshl", "llvm.amdgcn.s.sleep",
 * "llvm.nvvm.read.ptx.sreg.clock64"): for an overloaded one, `types` are its
 * overload types in LLVM's order (the return type first where it is
 * overloaded: `llvm.ctpop` takes {i32}, `llvm.masked.load` {<4 x float>,
 * ptr addrspace(1)}); `name` is the base name, without the mangled suffix
 * (LLVM's Intrinsic::getDeclaration, llvm-c's LLVMGetIntrinsicDeclaration).
 * The arguments must have the declaration's types.
 * @return the call (a void one for a void intrinsic), or NULL and a failed
 *   emit: FLYC_EINVAL (NULL `name` or argument, a name LLVM does not know,
 *   overload types missing for an overloaded intrinsic or given to one that
 *   is not, a wrong argument count, an argument of another type: the message
 *   names the index and both types), FLYC_EUNSUPPORTED (another target
 *   family's intrinsic).
 */
FLYC_API LLVMValueRef flyc_kb_intrinsic(flyc_kernel_builder_t *kb, const char *name,
                                        LLVMTypeRef *types, size_t type_count,
                                        LLVMValueRef *args, unsigned arg_count);

/**
 * Device printf: `format` (copied into the module; at most 4096 bytes) with
 * `n` arguments (at most 32), promoted as C's varargs are (integers under 32
 * bits to a signed i32, float and half to double; i32, i64, double and
 * pointers as they are). Lowered as CUDA's printf is on NVPTX (`vprintf`
 * with the arguments in a local buffer; the driver prints at the next
 * synchronization) and as HIP's on AMDGPU (ockl's hostcall printf:
 * `__ockl_printf_begin`, `_append_string_n`, `_append_args`; the HIP runtime
 * prints). Conversions d i o u x X c f F e E g G a A p with flags, width,
 * precision and length modifiers; `%%`.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL       NULL format or arguments, too long a format or
 *   too many arguments, a count that is not what the format's conversions
 *   take (a '*' width counts), an argument that is not an integer of at most
 *   64 bits, a float or a pointer (its index named), or a value of another
 *   context. The emit fails.
 * @retval FLYC_EUNSUPPORTED a `%s` or `%n` conversion (the host's printf
 *   would read device memory), or an unknown one, named. The emit fails.
 */
FLYC_API int flyc_kb_printf(flyc_kernel_builder_t *kb, const char *format, LLVMValueRef *args,
                            unsigned n);

/**
 * Device assert: when `cond` is false in a thread, that thread reports
 * `message` and the kernel stops with an error, as CUDA's and HIP's
 * assert(). NVPTX: CUDA's `__assertfail(message, "flyc", 0, kernel, 1)`
 * (the driver prints the kernel, block and thread; the launch's next
 * synchronization fails with CUDA_ERROR_ASSERT, and the context is
 * unusable after it, as with CUDA's assert); AMDGPU: HIP's __assert_fail,
 * device printf of "KERNEL: block: [x,y,z], thread: [x,y,z] Assertion
 * `message` failed." then `llvm.trap` (the HIP runtime prints and aborts
 * the queue). A constant true `cond` emits nothing. There is no NDEBUG:
 * the caller decides whether to call it. It opens one region
 * (flyc_kb_if_begin(), whose limit of open regions applies).
 * @param cond    an i1 (a comparison).
 * @param message copied into the module; at most 1024 bytes.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL a NULL or too long message, a cond that is not an
 *   i1 (its type named) or of another context; outside a body only
 *   returned. The emit fails.
 */
FLYC_API int flyc_kb_assert(flyc_kernel_builder_t *kb, LLVMValueRef cond, const char *message);

/** The kernel function being built. */
FLYC_API LLVMValueRef flyc_kb_function(const flyc_kernel_builder_t *kb);
/** The LLVM context to make types and constants in (the context's). */
FLYC_API LLVMContextRef flyc_kb_llvm_context(const flyc_kernel_builder_t *kb);

#ifdef __cplusplus
}
#endif

/** @} */

/* More helpers for kernel bodies: warp collectives, atomics, global ids,
 * the target a body is built for. */
#include "flyc/builder.h"

#endif /* FLYC_KERNEL_H */

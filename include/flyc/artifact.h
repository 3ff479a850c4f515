/**
 * @file flyc/artifact.h
 * @brief The compiled artifact: code object or PTX bytes, the target, and the
 *        metadata of every kernel.
 *
 * An artifact is what the compile side hands to the runtime. It owns its bytes
 * and metadata; everything returned by the getters below is borrowed and lives
 * until flyc_artifact_destroy(). An artifact is immutable once made, so its
 * getters may be called from several threads at once.
 *
 * This header is part of the runtime side: it never includes llvm-c.
 *
 * @defgroup flyc_artifact Artifacts
 * @{
 */
#ifndef FLYC_ARTIFACT_H
#define FLYC_ARTIFACT_H

#include "flyc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct flyc_artifact flyc_artifact_t;
/** A GPU driver (opaque; flyc/runtime.h). */
typedef struct flyc_driver flyc_driver_t;

/** A module loaded on a device, as a post-load processor sees it. */
typedef struct flyc_loaded_module {
  flyc_driver_t *driver;
  int device;
  /** The driver's module handle (hipModule_t, CUmodule). */
  void *handle;
} flyc_loaded_module_t;

/**
 * A post-load processor: runs once per loaded module handle, after the load
 * and before any launch. Returns 0, or a nonzero value that fails the load
 * (a negative flyc status keeps its code; anything else is FLYC_EDRIVER).
 */
typedef int (*flyc_post_load_cb)(const flyc_loaded_module_t *module, void *payload);

/** A processor: a registered name, or a function pointer with a payload. */
typedef struct flyc_processor {
  /** The registered name, or NULL for an unnamed one (not cacheable). */
  const char *name;
  flyc_post_load_cb fn;
  void *payload;
} flyc_processor_t;

/** What the artifact's bytes are. */
typedef enum flyc_code_format {
  /** An AMDGPU HSA code object: an ELF shared object (`.hsaco`). */
  FLYC_CODE_AMDGPU_ELF = 1,
  /** NVPTX assembly text, NUL-terminated (the NUL is not counted in the size). */
  FLYC_CODE_PTX = 2,
} flyc_code_format_t;

/** The codegen path that made an AMDGPU code object. */
typedef enum flyc_codegen {
  /** Pick the first path that can serve the target and the code object
   *  version: lld-lib, comgr-link, comgr, lld. The artifact's log says which
   *  and why the ones before it could not. */
  FLYC_CODEGEN_AUTO = 0,
  /** comgr CODEGEN_BC_TO_RELOCATABLE, then LINK_RELOCATABLE_TO_EXECUTABLE.
   *  Needs a comgr whose LLVM reads this flyc's bitcode and knows the
   *  processor; COV 6 only with a comgr on LLVM 19 or newer (comgr 2.4, on
   *  LLVM 15, makes COV 4 and 5). */
  FLYC_CODEGEN_COMGR = 1,
  /** flyc's TargetMachine emits the relocatable object; comgr links it
   *  (comgr's processor table and COV limit apply). */
  FLYC_CODEGEN_COMGR_LINK = 2,
  /** flyc's TargetMachine emits the object; `ld.lld -shared --no-undefined`
   *  (a subprocess) links it. */
  FLYC_CODEGEN_LLD = 3,
  /** NVPTX: flyc's TargetMachine emits PTX. */
  FLYC_CODEGEN_PTX = 4,
  /** flyc's TargetMachine emits the object; liblld's ELF driver, linked into
   *  flyc, links it in this process (`-shared --no-undefined`, no
   *  subprocess, no file on disk). Only in builds with liblld (CMake
   *  FLYC_WITH_LLD_LIB; Debian's liblld-22-dev). */
  FLYC_CODEGEN_LLD_LIB = 5,
} flyc_codegen_t;

/**
 * One explicit or hidden kernel argument, as the code object metadata
 * (`amdhsa.kernels[i].args`) or the PTX `.entry` parameter list gives it.
 */
typedef struct flyc_kernel_arg {
  /** `.name`, or "" when the metadata has none. */
  const char *name;
  /** `.value_kind`: "global_buffer", "by_value", "hidden_global_offset_x", ...
   *  For PTX compiled by flyc: "global_buffer" for pointers, "by_value"
   *  otherwise. PTX read back from text: "global_buffer" for a `.ptr .global`
   *  parameter (LLVM 21+ writes it), "by_value" for all others, a generic
   *  `.ptr` included (the text does not say where it points); named as in the
   *  PTX. */
  const char *value_kind;
  /** `.address_space` ("global", "constant", ...) or "" for non-pointers. */
  const char *address_space;
  /** Byte offset in the kernarg segment. */
  uint32_t offset;
  /** Size in bytes. */
  uint32_t size;
} flyc_kernel_arg_t;

/**
 * The metadata of one kernel. Fields that a format does not carry are 0
 * (PTX has no register counts before ptxas runs).
 */
typedef struct flyc_kernel_info {
  /** `sizeof(flyc_kernel_info_t)` of the library that filled it; fields are
   *  only ever appended. */
  uint32_t size;
  uint32_t reserved0;
  /** Kernel name (`.name`). */
  const char *name;
  /** The symbol a runtime looks up: `<name>.kd` for AMDGPU, `<name>` for PTX. */
  const char *symbol;
  uint32_t sgpr_count;
  uint32_t vgpr_count;
  uint32_t agpr_count;
  uint32_t sgpr_spill_count;
  uint32_t vgpr_spill_count;
  /** Static LDS / shared memory in bytes (`.group_segment_fixed_size`; for
   *  PTX compiled by flyc, the `.shared` variables the kernel uses itself;
   *  for PTX read back, those declared inside its body, where LLVM puts a
   *  shared variable only that kernel uses: module-scope ones are not
   *  counted). */
  uint32_t group_segment_fixed_size;
  /** Scratch per work-item in bytes (`.private_segment_fixed_size`; PTX: the
   *  `.local` depot the kernel's body declares, its own stack frame; what
   *  the functions it calls need, ptxas adds). */
  uint32_t private_segment_fixed_size;
  /** Bytes of kernarg segment, hidden arguments included. */
  uint32_t kernarg_segment_size;
  uint32_t kernarg_segment_align;
  /** `.max_flat_workgroup_size`, or the PTX `.maxntid`/`.reqntid` product;
   *  0 when the format does not say. */
  uint32_t max_flat_workgroup_size;
  /** Threads per wavefront / warp. */
  uint32_t wavefront_size;
  /** 1 when the kernel needs a dynamic stack (`.uses_dynamic_stack`). */
  uint32_t uses_dynamic_stack;
  /** `!reqd_work_group_size` / `.reqntid`, or {0,0,0} when not given. */
  uint32_t reqd_workgroup_size[3];
  /** Dynamic shared memory / LDS in bytes the kernel's shared allocator took
   *  (flyc/kernel.h): what a launch gets when it asks for 0, and the least it
   *  may ask for. Kept in the artifact (and the disk cache), not in the code
   *  object: 0 for a code object or PTX read back with flyc_artifact_read()
   *  or loaded raw, and for kernels not built by the kernel builder; give
   *  such launches their shared size yourself. */
  uint32_t dynamic_shared_size;
  /** Arguments in kernarg order, hidden ones included. */
  const flyc_kernel_arg_t *args;
  size_t arg_count;
} flyc_kernel_info_t;

/**
 * The scalar fields of ::flyc_kernel_info_t, once, in member order: what
 * flyc serializes (the disk cache), reads from AMDGPU code object metadata
 * (comgr and msgpack alike) and prints (`flyc inspect`, table and JSON),
 * each driven by this list. `size`, `reserved0` and the arguments (`args`,
 * `arg_count`) are not in it: each reader handles them on its own.
 *
 * `X(field, kind, key, column, width)` per field:
 * - `field`: the member's name, also its name in `flyc inspect --json`.
 * - `kind`: how the value reads and prints, one of
 *   `STR` (const char *, a string borrowed from the artifact),
 *   `U32` (uint32_t),
 *   `REG` (uint32_t register count: 0 for PTX, which has none before ptxas;
 *   the table shows "-"),
 *   `OPT` (uint32_t where 0 means the format does not say; the table shows
 *   "-"),
 *   `BOOL` (uint32_t 0 or 1; JSON true/false),
 *   `DIM3` (uint32_t[3]; JSON an array, left out when the first is 0),
 *   `OWN` (uint32_t flyc keeps itself: not in the code object's metadata,
 *   not printed).
 * - `key`: the key in `amdhsa.kernels[i]` (".sgpr_count"), or NULL for `OWN`.
 * - `column`, `width`: the column's heading and width in `flyc inspect`'s
 *   table, or NULL and 0 when the field has no column of its own (the spill
 *   counts share the "spill" column).
 *
 * Fields are only ever appended (the struct grows at its end), and a new
 * field here is a new value in the serialized artifact: flyc's disk-cache
 * format version goes up with it.
 */
#define FLYC_KERNEL_INFO_FIELDS(X)                                                      \
  X(name, STR, ".name", "kernel", 28)                                                   \
  X(symbol, STR, ".symbol", NULL, 0)                                                    \
  X(sgpr_count, REG, ".sgpr_count", "sgpr", 5)                                          \
  X(vgpr_count, REG, ".vgpr_count", "vgpr", 5)                                          \
  X(agpr_count, REG, ".agpr_count", "agpr", 5)                                          \
  X(sgpr_spill_count, REG, ".sgpr_spill_count", NULL, 0)                                \
  X(vgpr_spill_count, REG, ".vgpr_spill_count", NULL, 0)                                \
  X(group_segment_fixed_size, U32, ".group_segment_fixed_size", "lds", 7)               \
  X(private_segment_fixed_size, U32, ".private_segment_fixed_size", "scratch", 8)       \
  X(kernarg_segment_size, U32, ".kernarg_segment_size", "kernarg", 8)                   \
  X(kernarg_segment_align, U32, ".kernarg_segment_align", NULL, 0)                      \
  X(max_flat_workgroup_size, OPT, ".max_flat_workgroup_size", "wg_max", 7)              \
  X(wavefront_size, U32, ".wavefront_size", "wave", 5)                                  \
  X(uses_dynamic_stack, BOOL, ".uses_dynamic_stack", NULL, 0)                           \
  X(reqd_workgroup_size, DIM3, ".reqd_workgroup_size", NULL, 0)                         \
  X(dynamic_shared_size, OWN, NULL, NULL, 0)

/** How the call that returned an artifact got it (flyc_artifact_origin()). */
typedef enum flyc_artifact_origin {
  /** Compiled by that call (flyc_compile_file(), flyc_compile_buffer(),
   *  flyc_compile_module(), flyc_ctx_compile()). */
  FLYC_ARTIFACT_COMPILED = 0,
  /** Served by the in-memory compile cache (flyc/cache.h): an earlier call
   *  in this process compiled it or read it from disk. */
  FLYC_ARTIFACT_MEMORY_CACHE = 1,
  /** Read from the disk cache's entry for its key. */
  FLYC_ARTIFACT_DISK_CACHE = 2,
  /** Read back from code bytes (flyc_artifact_read()). */
  FLYC_ARTIFACT_READ = 3,
} flyc_artifact_origin_t;

/**
 * Where the artifact came from: how the call that returned it got it. The
 * answer belongs to the artifact pointer a call returned and never changes
 * afterwards: a memory-cache hit returns an artifact of its own (one the
 * cache shares among all its hits of that key, ::FLYC_ARTIFACT_MEMORY_CACHE),
 * not the pointer the compile or the disk read returned, though both share
 * the same code, metadata and log storage and the modules
 * flyc_gpu_jit_module_get() loads. Use it instead of searching the log for
 * the cache's notes.
 * @param artifact borrowed; NULL gives ::FLYC_ARTIFACT_COMPILED.
 */
FLYC_API flyc_artifact_origin_t flyc_artifact_origin(const flyc_artifact_t *artifact);

/** Frees an artifact and everything borrowed from it. Accepts NULL. */
FLYC_API void flyc_artifact_destroy(flyc_artifact_t *artifact);

/**
 * The code bytes.
 * @param[out] size bytes in the returned buffer (may be NULL). For PTX the
 *                  buffer is NUL-terminated and the NUL is not counted.
 * @return borrowed until flyc_artifact_destroy().
 */
FLYC_API const void *flyc_artifact_code(const flyc_artifact_t *artifact,
                                        size_t *size);

/** The format of the code bytes (::flyc_code_format_t). */
FLYC_API flyc_code_format_t flyc_artifact_format(const flyc_artifact_t *artifact);

/** The full target ID the code was made for (`gfx90a:sramecc+:xnack-`,
 *  `sm_80`). Borrowed. */
FLYC_API const char *flyc_artifact_target(const flyc_artifact_t *artifact);

/** The codegen path that made it; ::FLYC_CODEGEN_AUTO (unknown) for an AMDGPU
 *  code object read with flyc_artifact_read(). */
FLYC_API flyc_codegen_t flyc_artifact_codegen(const flyc_artifact_t *artifact);

/** A static name for a codegen path: "auto", "comgr", "comgr-link", "lld",
 *  "ptx", "lld-lib"; NULL for a value that is not one. */
FLYC_API const char *flyc_codegen_name(flyc_codegen_t codegen);

/** AMDGPU code object version (4, 5, ...); for PTX, the PTX ISA version times
 *  10 (78 for PTX 7.8). */
FLYC_API int flyc_artifact_code_object_version(const flyc_artifact_t *artifact);

/** Number of kernels. */
FLYC_API size_t flyc_artifact_kernel_count(const flyc_artifact_t *artifact);

/** Kernel `index` (0-based), or NULL when out of range. Borrowed. */
FLYC_API const flyc_kernel_info_t *
flyc_artifact_kernel(const flyc_artifact_t *artifact, size_t index);

/** The kernel named `name`, or NULL. Borrowed. */
FLYC_API const flyc_kernel_info_t *
flyc_artifact_kernel_lookup(const flyc_artifact_t *artifact, const char *name);

/** Number of post-load processors the artifact carries (those the kernels'
 *  link_extern calls registered, in first-use order). */
FLYC_API size_t flyc_artifact_processor_count(const flyc_artifact_t *artifact);

/** Processor `index` into `*out` (its name borrowed from the artifact).
 *  @retval FLYC_OK, FLYC_EINVAL (NULL argument or index out of range) */
FLYC_API int flyc_artifact_processor(const flyc_artifact_t *artifact, size_t index,
                                     flyc_processor_t *out);

/**
 * Warnings and notes collected while the artifact was made (LLVM diagnostics
 * below error severity, the codegen path chosen by `auto` and why). "" when
 * there were none. Borrowed.
 */
FLYC_API const char *flyc_artifact_log(const flyc_artifact_t *artifact);

/**
 * Per-stage wall time of the compile that made `artifact`, in microseconds;
 * all zero for artifacts from flyc_artifact_read().
 *
 * Frozen: it never grows. flyc fills it (the caller hands in no size), so a
 * new stage's time comes as a `flyc_compile_times_2_t` with a leading size
 * and its own getter; until then a new stage's time is counted in the stage
 * it splits from.
 */
typedef struct flyc_compile_times {
  uint64_t parse_us;
  uint64_t link_us;     /**< link libraries, checks included */
  uint64_t devlib_us;   /**< device libraries (ocml/ockl/libdevice) */
  uint64_t internalize_us;
  uint64_t optimize_us;
  uint64_t codegen_us;  /**< object, or relocatable through comgr, or PTX */
  uint64_t exe_link_us; /**< relocatable to executable */
  uint64_t check_us;    /**< ELF checks and metadata */
  uint64_t total_us;
} flyc_compile_times_t;

/** Copies the compile times of `artifact` into `*out`. */
FLYC_API void flyc_artifact_compile_times(const flyc_artifact_t *artifact,
                                          flyc_compile_times_t *out);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_ARTIFACT_H */

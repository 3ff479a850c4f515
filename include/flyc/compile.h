/**
 * @file flyc/compile.h
 * @brief The compile pipeline: LLVM IR and device bitcode in, an AMDGPU code
 *        object or PTX out.
 *
 * Stages, in order (each failure names its culprit in flyc_error_last()):
 *  1. target: parse the target string (`gfx90a`, `gfx942:xnack-`,
 *     `gfx90a:sramecc+:xnack-`, `sm_80`). A processor the LLVM in use does not
 *     know is ::FLYC_EUNSUPPORTED and the message lists the ones it knows.
 *  2. input: `.ll` text or `.bc` bitcode, parsed into a fresh LLVM context and
 *     verified. Broken IR is ::FLYC_EIR carrying the verifier's text. Caller
 *     bitcode (the input and link libraries, not the device libraries found on
 *     the search path) is first parsed in a forked child, because LLVM's
 *     bitcode reader aborts the process on some corrupt files; a link library
 *     is checked once per process while its file is unchanged. The child
 *     prints the module as text, and flyc parses that text, which LLVM's IR
 *     parser checks more strictly than the bitcode reader. Set
 *     ::FLYC_COMPILE_TRUSTED_BITCODE to skip this (bitcode LLVM made).
 *     ::FLYC_COMPILE_ISOLATED runs the whole compile in a child.
 *     Bitcode from a newer LLVM than the one flyc is built on (its
 *     identification block names the producer), trusted or not, input, link
 *     library or device library, is refused before any LLVM reader sees it:
 *     ::FLYC_EIR for the input, ::FLYC_ELINK for a library, naming the file,
 *     the producer's LLVM version and flyc's. So is bitcode whose producer
 *     begins with "LLVM" but names no version ("LLVM", "LLVMxx.1.8"), or is
 *     not printable text: flyc cannot tell which LLVM wrote it (the message
 *     shows at most 40 characters of the producer, escaped). A producer that
 *     does not begin with "LLVM" (Apple's "APPLE_1_1500.3.9.4_0") and bitcode
 *     with no identification block are left to LLVM's reader, as LLVM does.
 *     A device library refused so ends the search: no other copy on the path
 *     is tried.
 *  3. link: each link library is loaded lazily into the same context and
 *     checked against the target (triple, data layout -- an older LLVM's
 *     layout of the target, in IR text too, as LLVM's bitcode reader upgrades
 *     it --, Error-behaviour module
 *     flags such as the code object version and `wchar_size`, per-function
 *     `target-cpu`/`target-features`), then linked with LLVMLinkModules2.
 *     ROCm device libraries (ocml, ockl, with the `__oclc_*` control constants
 *     for the target) and CUDA's libdevice are linked the same way when the
 *     module calls `__ocml_*`/`__ockl_*`/`__nv_*`. Every defined symbol that is
 *     not a kernel or an exported global is then internalized and dead code is
 *     dropped. Globals the host writes after load (`externally_initialized`,
 *     or named in ::flyc_compile_options_t.exported_globals) stay external.
 *     An undefined non-intrinsic symbol or a call whose signature disagrees
 *     with the linked definition is ::FLYC_ELINK naming symbol and library
 *     (and, for an integer declared for a pointer, the declaration to use);
 *     a declaration with an i64 where the definition has a 64-bit pointer
 *     takes the definition's type, converted at each direct call.
 *     Valid IR that the target's backend would abort or hang on is then
 *     refused as ::FLYC_EIR naming the culprit: transcendental intrinsics
 *     the backend cannot lower (llvm.sin.f64 on AMDGPU, any on NVPTX: call
 *     ocml or libdevice), fp128 and x86_fp80 arithmetic, integer
 *     multiply/divide/shift wider than 128 bits, ifuncs, aliases on NVPTX,
 *     AMDGPU globals in private memory (address space 5), module flags LLVM
 *     reads as integers (or CG Profile's list) holding anything else,
 *     thread_local globals, calling conventions of other targets,
 *     initializers no relocation can express, run-time-sized allocas below
 *     PTX 7.3, kernels whose arguments exceed 4 KiB (byval and byref
 *     structs count their bytes; NVPTX on sm_70+ takes up to 32764, CUDA
 *     12.1's large parameters, asking for PTX ISA 8.1), internal kernels, IR
 *     nested more than 1000 brackets deep, atomics wider than 64 bits or on
 *     half/bfloat, fences with a syncscope the target lacks, address spaces
 *     it lacks, inline asm returning more than 64 bits, vectors over 1024
 *     elements, scalable vectors, llvm.frameaddress, unroll counts over
 *     4096, malformed nvvm.annotations or !reqd_work_group_size, register
 *     limits under 24 VGPRs / 16 SGPRs, inline-asm templates with a `$`
 *     operand LLVM's asm printer aborts on (past the operands, not a
 *     number, `${N:xy}`, an unknown `${:special}`, nested `$(`),
 *     llvm.clear_cache, (before LLVM 19) bfloat and variadic functions,
 *     i128 division, 8/16-bit atomicrmw on AMDGPU, and LLVM 21+'s
 *     one-operand llvm.lifetime.start/end, which LLVM 15's IR parser
 *     crashes on (refused before parsing). LLVM has more fatal errors than
 *     any list: ::FLYC_COMPILE_ISOLATED turns the rest into statuses too.
 *  4. optimize: the new pass manager, `default<O0..O3>`; then a kernel
 *     optimized to nothing but `unreachable`, and a module constructor or
 *     destructor it could not fold (no module load runs one), are
 *     ::FLYC_EIR naming it.
 *  5. codegen: AMDGPU through one of ::flyc_codegen_t; NVPTX to PTX.
 *  6. check: the code object's ELF machine, ABI version (the COV), e_flags
 *     processor and features, no undefined dynamic symbols, one `.kd` per
 *     kernel; then the kernel metadata is read through comgr.
 *
 * Environment (read at each compile):
 *  - `FLYC_DEVICE_LIB_PATH`: colon-separated directories searched first for
 *    ROCm device libraries (`ocml.bc`, `ockl.bc`) and for CUDA's
 *    `libdevice.10.bc`.
 *  - `FLYC_LLD`: the `ld.lld` used by ::FLYC_CODEGEN_LLD.
 *  - `FLYC_DUMP_DIR`: dumps of every stage into this directory, when
 *    ::flyc_compile_options_t.dump_dir is NULL (see there).
 *
 * Threads: separate compiles may run on separate threads; each uses its own
 * LLVM context. comgr and, with LLVM older than 18, the AMDGPU code object
 * version option are process-global, so those steps are serialized inside
 * flyc.
 *
 * @defgroup flyc_compile Compile pipeline
 * @{
 */
#ifndef FLYC_COMPILE_H
#define FLYC_COMPILE_H

#include "flyc/artifact.h"
#include "flyc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Optimization levels; the zero value is the default (O3).
 *
 *  Zero means "default" in every options field (the house rule that makes a
 *  zeroed struct valid), so O0 cannot be 0. The levels are 0x10 + N rather
 *  than N + 1 so that a plain number is never taken for another level: with
 *  `FLYC_OPT_O0 = 1`, `opt_level = 2` meant O1 and `opt_level = 0` meant O3,
 *  silently. Now any value other than 0 and the four constants, 1 to 4
 *  included, is FLYC_EINVAL, whose message names the constants; 0 still
 *  means the default, O3. */
typedef enum flyc_opt_level {
  FLYC_OPT_DEFAULT = 0,
  FLYC_OPT_O0 = 0x10,
  FLYC_OPT_O1 = 0x11,
  FLYC_OPT_O2 = 0x12,
  FLYC_OPT_O3 = 0x13,
} flyc_opt_level_t;

/** Flags for ::flyc_compile_options_t.flags. */
enum {
  /** Do not link ROCm device libraries or libdevice automatically. */
  FLYC_COMPILE_NO_DEVICE_LIBS = 1u << 0,
  /** Device libraries may flush f32 denormals to zero (`__oclc_daz_opt`,
   *  libdevice's `__CUDA_FTZ` / `nvvm-reflect-ftz`). */
  FLYC_COMPILE_DAZ = 1u << 1,
  /** Device libraries may assume no infinities or NaNs
   *  (`__oclc_finite_only_opt`). */
  FLYC_COMPILE_FINITE_ONLY = 1u << 2,
  /** Device libraries may use unsafe math (`__oclc_unsafe_math_opt`). */
  FLYC_COMPILE_UNSAFE_MATH = 1u << 3,
  /** f32 sqrt need not be correctly rounded: `__oclc_correctly_rounded_sqrt32`
   *  = 0 for ocml, `__nvvm_reflect("__CUDA_PREC_SQRT")` = 0 for libdevice.
   *  By default both give correctly rounded sqrt, as hipcc and nvcc do. */
  FLYC_COMPILE_APPROX_SQRT = 1u << 4,
  /** Search device libraries only in ::flyc_compile_options_t.device_lib_dirs
   *  and `FLYC_DEVICE_LIB_PATH`, not in ROCm's and CUDA's usual places. */
  FLYC_COMPILE_NO_DEFAULT_LIB_DIRS = 1u << 5,
  /** The input and link libraries are trusted bitcode (made by LLVM, not read
   *  from an untrusted place): skip the pre-check that parses caller bitcode
   *  in a child process first, so that corrupt bitcode, which can make LLVM's
   *  reader abort, cannot take the calling process down (see
   *  flyc_compile_file()). */
  FLYC_COMPILE_TRUSTED_BITCODE = 1u << 6,
  /** Run the whole compile in a forked child process and bring the artifact
   *  back: an LLVM crash or fatal error ("Cannot select", "out of memory") on
   *  input flyc's own checks let through becomes ::FLYC_ECOMPILE carrying
   *  LLVM's last message, instead of ending the calling process. Costs a fork
   *  per compile (about 1 ms in a small process; more in a large one). The CLI
   *  sets it unless given --no-isolate. */
  FLYC_COMPILE_ISOLATED = 1u << 7,
  /** Neither look up nor store the result in the caches (flyc/cache.h). */
  FLYC_COMPILE_NO_CACHE = 1u << 8,
  /** Keep the result in the in-memory cache only, never on disk: for an
   *  artifact whose post-load processors have no registered name. */
  FLYC_COMPILE_MEMORY_ONLY = 1u << 9,
  /** Keep full debug info for a debugger. By default flyc keeps what a
   *  profiler needs (line tables: PTX `.loc`/`.file` and the DWARF LLVM
   *  writes) but never lets it slow the code: when the IR's compile units ask
   *  for line tables or more (Triton's `emissionKind: LineTablesOnly`),
   *  LLVM's NVPTX backend writes `.target sm_XX, debug`, and ptxas and the
   *  CUDA driver's JIT then compile without optimization (measured on an
   *  H200: a wgmma GEMM 18x slower). flyc removes that `debug` word, as
   *  Triton does before ptxas; with this flag it stays. The CLI's `-g`.
   *  AMDGPU code does not depend on debug info either way. */
  FLYC_COMPILE_DEBUG_INFO = 1u << 10,
};

/**
 * Compile options. Zero-initialise, then set `size` (FLYC_COMPILE_OPTIONS_INIT
 * does both); every zero field means "default". A NULL options pointer is
 * ::FLYC_EINVAL because the target has no default.
 */
typedef struct flyc_compile_options {
  /** `sizeof(flyc_compile_options_t)` as the caller was compiled. */
  uint32_t size;
  /** Bitwise OR of FLYC_COMPILE_* flags. */
  uint32_t flags;
  /** Target ID: `gfx90a`, `gfx942:xnack-`, `gfx90a:sramecc+:xnack-`, `sm_80`.
   *  Required. */
  const char *target;
  /** ::flyc_opt_level_t: FLYC_OPT_O0 to FLYC_OPT_O3, or 0 for the default
   *  (O3); a plain number (2 for O2) is FLYC_EINVAL. */
  uint32_t opt_level;
  /** ::flyc_codegen_t for AMDGPU; default ::FLYC_CODEGEN_AUTO. Ignored for
   *  NVPTX. */
  uint32_t codegen;
  /** AMDGPU code object version (4 or 5; 6 with LLVM >= 19). 0 picks the
   *  input's `amdhsa_code_object_version` module flag, else the one the link
   *  libraries' flag names (mori's shmem library: 5), else what the installed
   *  ROCm stack loads (4 for comgr before 2.6, i.e. ROCm 5.x, else 5; 5
   *  built without comgr). ::FLYC_ELINK naming the libraries and versions:
   *  a link library built for another COV than the one given or the input's,
   *  two libraries that disagree, or one whose COV this LLVM cannot make. */
  uint32_t code_object_version;
  uint32_t reserved0;
  /** Link libraries (`.bc` or `.ll` paths), linked in this order. */
  const char *const *link_libraries;
  size_t link_library_count;
  /** Globals that stay external with their symbol in the code object, besides
   *  the `externally_initialized` ones: made externally initialized (loads
   *  never folded) and protected (in the dynamic symbol table, not
   *  preemptible), whatever their linkage and visibility were. An
   *  `externally_initialized` global that is internal is not exported unless
   *  named here; the artifact's log says so. */
  const char *const *exported_globals;
  size_t exported_global_count;
  /** Extra directories searched (before the defaults) for device libraries. */
  const char *const *device_lib_dirs;
  size_t device_lib_dir_count;
  /** Dumps: a directory (made with its parents when missing) where the
   *  compile writes one file per stage, named after the compile's cache key
   *  (32 hex digits, the name of its disk cache entry; computed with the
   *  caches off too):
   *   - `<key>.1-parse.ll`: the input as parsed (a module: as given);
   *   - `<key>.2-link.ll`: linked with the link and device libraries,
   *     internalized, dead code dropped;
   *   - `<key>.3-opt.ll`: after the optimization pipeline;
   *   - `<key>.4.s` (AMDGPU: the code object's disassembly, as
   *     flyc_artifact_disassemble() gives it; left out for a processor this
   *     LLVM cannot disassemble) or `<key>.4.ptx` (NVPTX: the PTX);
   *   - `<key>.5.hsaco` (AMDGPU: the code object).
   *  Each file is written whole or not at all (a temporary file renamed). A
   *  compile served from a cache runs no stage: it rewrites only the
   *  `.4` and `.5` files, from the artifact; set FLYC_COMPILE_NO_CACHE (or
   *  `FLYC_CACHE=0`) for every stage. A dump that cannot be written fails
   *  the compile with ::FLYC_EIO naming the file and the system's reason;
   *  nothing is then stored in the caches (a cached entry stays as it was).
   *  NULL: the `FLYC_DUMP_DIR` environment variable, when set and not empty;
   *  "": no dumps, whatever the environment says. Not part of the cache key.
   *  A struct from an older header ends before it: NULL. */
  const char *dump_dir;
} flyc_compile_options_t;

#define FLYC_COMPILE_OPTIONS_INIT {sizeof(flyc_compile_options_t), 0, NULL, 0, 0, 0, 0, NULL, 0, NULL, 0, NULL, 0, NULL}

/**
 * Zero-initialises `size` bytes of `options` and sets `options->size` to
 * `size`: the same as FLYC_COMPILE_OPTIONS_INIT, for a caller that allocates
 * the struct or gets its size at run time (a binding). Every entry point
 * reads a `size` from the first version's size up: the fields beyond what
 * this flyc knows (a newer header's) must be zero, else the compile is
 * ::FLYC_EINVAL naming the first byte that is set; the fields a smaller
 * (older) struct lacks are their defaults.
 *
 * @param[out] options the struct to initialise.
 * @param[in]  size    `sizeof(flyc_compile_options_t)` as the caller was
 *                     compiled.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL NULL `options`, or a `size` smaller than the first
 *                     version's struct or past UINT32_MAX.
 */
FLYC_API int flyc_compile_options_init(flyc_compile_options_t *options, size_t size);

/**
 * Compiles an LLVM IR file (`.ll` text or `.bc` bitcode, told apart by the
 * bitcode magic, not the name) into an artifact.
 *
 * @param[out] out     the new artifact, owned by the caller
 *                     (flyc_artifact_destroy()); untouched on failure.
 * @param[in]  path    the input file.
 * @param[in]  options see ::flyc_compile_options_t.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL       NULL argument, no target, a bad option value.
 * @retval FLYC_EUNSUPPORTED unknown processor or feature, a COV or codegen path
 *                           this build cannot serve for the target.
 * @retval FLYC_EIO          the input or a link library exists but cannot be read
 *                           (a directory, a read error, a file that changed size
 *                           while read), or a dump cannot be written
 *                           (::flyc_compile_options_t.dump_dir).
 * @retval FLYC_ENOTFOUND    the input or a link library does not exist, or a needed
 *                           device library is not on the search path.
 * @retval FLYC_EIR          the input does not parse or verify, or is bitcode
 *                           from a newer LLVM than flyc's.
 * @retval FLYC_ELINK        a link library (or a device library) is bitcode
 *                           from a newer LLVM, is incompatible, fails to link,
 *                           leaves a symbol undefined or disagrees on a
 *                           signature.
 * @retval FLYC_ECOMPILE     optimization, codegen, the executable link or the
 *                           code object check failed.
 * @retval FLYC_ENOMEM
 */
FLYC_API int flyc_compile_file(flyc_artifact_t **out, const char *path,
                               const flyc_compile_options_t *options);

/**
 * As flyc_compile_file(), from `size` bytes of IR text or bitcode in memory.
 * The bytes are copied; `name` (may be NULL) is used in messages.
 */
FLYC_API int flyc_compile_buffer(flyc_artifact_t **out, const void *data,
                                 size_t size, const char *name,
                                 const flyc_compile_options_t *options);

/**
 * Makes an artifact from an existing code object or PTX text (e.g. a file
 * written by `flyc compile`), reading its target and kernel metadata. Code
 * objects get the ELF checks of stage 6 except the processor comparison.
 *
 * @param[out] out the new artifact, owned by the caller.
 * @retval FLYC_OK
 * The metadata note is read with msgpack-c, whose reader checks every length
 * (comgr's reader crashed on corrupt notes), so bytes from a cache or a file
 * cannot take the process down.
 *
 * @retval FLYC_EINVAL     NULL argument, zero size, or bytes that are neither an
 *                         ELF file nor PTX text.
 * @retval FLYC_ECOMPILE   an ELF file that is not an AMDGPU code object, or
 *                         fails the checks; PTX without .version/.target.
 * @retval FLYC_EUNSUPPORTED an AMDGPU code object when flyc was built without
 *                         comgr (no metadata reader).
 */
FLYC_API int flyc_artifact_read(flyc_artifact_t **out, const void *data,
                                size_t size);

/**
 * Receives text from flyc; returns 0 to go on, non-zero to stop.
 * `text` is not NUL-terminated and is valid only during the call.
 */
typedef int (*flyc_text_cb)(const char *text, size_t len, void *payload);

/**
 * Disassembles an artifact: AMDGPU ISA through LLVM's disassembler, one
 * instruction a line with its address and a label per function symbol; a
 * branch (s_branch, s_cbranch_*) is followed by its target's local label
 * `.L<address>`, which is placed before the instruction there (the SOPP rule:
 * PC + 4 + SIMM16 * 4 bytes). PTX is passed through as it is.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL       NULL argument, or the callback asked to stop.
 * @retval FLYC_EUNSUPPORTED the processor has no disassembler in this LLVM.
 * @retval FLYC_ECOMPILE     the code object is not readable ELF.
 */
FLYC_API int flyc_artifact_disassemble(const flyc_artifact_t *artifact,
                                       flyc_text_cb cb, void *payload);

/** Target families. */
typedef enum flyc_target_family {
  FLYC_TARGET_AMDGPU = 1,
  FLYC_TARGET_NVPTX = 2,
} flyc_target_family_t;

/** One processor this build can target. Filled by flyc_target_get(), within
 *  the size the caller sets (FLYC_TARGET_INFO_INIT): it grows as processor
 *  facts are added; fields are only ever appended. */
typedef struct flyc_target_info {
  /** sizeof(flyc_target_info_t), as FLYC_TARGET_INFO_INIT sets it. */
  uint32_t size;
  const char *processor;     /**< `gfx90a`, `sm_80` */
  flyc_target_family_t family;
  uint32_t wavefront_size;   /**< default wavefront / warp size */
  /** Bit (1 << ::flyc_codegen_t) for each codegen path that can serve it. */
  uint32_t codegen_paths;
  /** AMDGPU: 1 when the processor has the xnack / sramecc target features. */
  uint8_t has_xnack;
  uint8_t has_sramecc;
  /** NVPTX: the PTX ISA version flyc emits for it, times 10 (e.g. 70). */
  uint16_t ptx_version;
} flyc_target_info_t;

/** An empty target info of this header's size. */
#define FLYC_TARGET_INFO_INIT {sizeof(flyc_target_info_t), NULL, (flyc_target_family_t)0, 0, 0, 0, 0, 0}
/** FLYC_TARGET_INFO_INIT for `size` bytes (bindings): the struct zeroed and
 *  its size set. @retval FLYC_OK @retval FLYC_EINVAL NULL or a size below the
 *  first version's. */
FLYC_API int flyc_target_info_init(flyc_target_info_t *info, uint32_t size);

/** Number of processors this build (its LLVM, comgr, lld) can target. */
FLYC_API size_t flyc_target_count(void);

/**
 * Processor `index` (0-based) into `*out`: the fields this flyc knows within
 * `out->size`; a bigger (newer) struct's other fields are left as they are.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL `out` is NULL, `out->size` is below the first
 *                     version's, or `index` is out of range.
 */
FLYC_API int flyc_target_get(size_t index, flyc_target_info_t *out);

/**
 * Checks a target string without compiling anything.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL       NULL or empty.
 * @retval FLYC_EUNSUPPORTED unknown processor (the message lists the known
 *                           ones of its family: NVPTX for "sm_...", AMDGPU
 *                           for "gfx...", in any case; both otherwise; and
 *                           the lower-case name when that is one) or a
 *                           feature the processor does not have.
 */
FLYC_API int flyc_target_check(const char *target);

/** The LLVM version flyc was built with ("15.0.6"). Static. */
FLYC_API const char *flyc_llvm_version(void);

/** The comgr version ("2.4") or NULL when built without comgr. Static. */
FLYC_API const char *flyc_comgr_version(void);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_COMPILE_H */

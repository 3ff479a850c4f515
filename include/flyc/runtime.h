/**
 * @file flyc/runtime.h
 * @brief The runtime side: GPU drivers, the GpuJitModule (loaded code objects
 *        with their post-load processors) and launches. No LLVM, no comgr.
 *
 * A driver (HIP's `libamdhip64` or CUDA's `libcuda.so.1`) is opened with
 * dlopen once per process and stays open. A GpuJitModule holds the module
 * handle of one artifact on one device; loading it runs every post-load
 * processor exactly once per loaded module handle, in registration order,
 * after the load and before any launch (FlyDSL's GpuJitModule contract).
 * There is no global or thread-local module-load callback.
 *
 * Threads: drivers and the processor registry may be used from any thread.
 * A GpuJitModule may be launched from several threads at once; loading and
 * unloading one are not concurrent with other calls on it.
 *
 * The built-in CUDA driver loads PTX as the cubin the driver's JIT linker
 * makes of it and keeps that cubin in flyc's disk cache (`<cache
 * dir>/cubin`, keyed by the whole PTX, the compute capability and the
 * driver's version and library; flyc/cache.h), so a PTX is JIT-compiled once
 * per device kind and driver, not once per process. A JIT failure is ::FLYC_EDRIVER naming
 * cuLinkAddData or cuLinkComplete, with the driver's log.
 *
 * Environment: `FLYC_HIP_LIBRARY` names the HIP library to open instead of
 * `libamdhip64.so`, `.so.6`, `.so.5`; `FLYC_CACHE`, `FLYC_CACHE_DIR` and
 * `FLYC_CACHE_MAX_BYTES` govern the cubin cache as they do the compile
 * caches (`FLYC_CACHE=0`, or `FLYC_CUBIN_CACHE=0` for this cache alone: PTX
 * goes to cuModuleLoadDataEx, nothing kept).
 *
 * @defgroup flyc_runtime Runtime
 * @{
 */
#ifndef FLYC_RUNTIME_H
#define FLYC_RUNTIME_H

#include "flyc/artifact.h"
#include "flyc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct flyc_gpu_jit_module flyc_gpu_jit_module_t;

/** The built-in drivers. */
typedef enum flyc_driver_kind {
  FLYC_DRIVER_HIP = 1,
  FLYC_DRIVER_CUDA = 2,
} flyc_driver_kind_t;

/**
 * Opens a built-in driver: dlopen and dlsym once per process, then the
 * driver's init. The driver stays open for the life of the process.
 *
 * @param[out] out borrowed, valid for the life of the process.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL     NULL `out` or an unknown kind.
 * @retval FLYC_ENODRIVER  the library is not there or lacks a symbol (the
 *                         message names the library and the symbol).
 * @retval FLYC_ENODEVICE  the driver loaded but reports no device.
 * @retval FLYC_EDRIVER    the driver's init failed (its error name and number).
 */
FLYC_API int flyc_driver_open(flyc_driver_t **out, flyc_driver_kind_t kind);

/** The driver's name ("hip", "cuda", or a custom driver's). Static. */
FLYC_API const char *flyc_driver_name(const flyc_driver_t *driver);

/**
 * Number of devices.
 * @retval FLYC_OK, FLYC_EINVAL, FLYC_EDRIVER
 */
FLYC_API int flyc_driver_device_count(const flyc_driver_t *driver, int *count);

/**
 * Registers a named processor for the process (the disk cache stores names
 * and resolves them again). Registering the same name with the same function
 * and payload again is a no-op.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL a NULL or empty name or NULL function, or the name is
 *                     taken by another function or payload.
 * @retval FLYC_ENOMEM
 */
FLYC_API int flyc_processor_register(const char *name, flyc_post_load_cb fn, void *payload);

/**
 * The processor registered as `name`.
 * @retval FLYC_OK
 * @retval FLYC_ENOTFOUND no processor has that name (the message names it).
 * @retval FLYC_EINVAL    NULL argument.
 */
FLYC_API int flyc_processor_lookup(const char *name, flyc_processor_t *out);

/**
 * The address and size of the device global `name` of a loaded module
 * (hipModuleGetGlobal / cuModuleGetGlobal).
 * @retval FLYC_OK
 * @retval FLYC_ENOTFOUND the module has no such global: the linker dropped it
 *                        or it was never there. Not a driver failure.
 * @retval FLYC_EDRIVER   the driver failed otherwise.
 * @retval FLYC_EINVAL    NULL argument.
 */
FLYC_API int flyc_module_global_lookup(const flyc_loaded_module_t *module, const char *name,
                                       uint64_t *address, size_t *size);

/**
 * Copies `size` bytes from the host into the device global `name`.
 * @retval FLYC_OK
 * @retval FLYC_ENOTFOUND no such global.
 * @retval FLYC_EINVAL    NULL argument, or `size` differs from the global's
 *                        size (both are in the message).
 * @retval FLYC_EDRIVER   the copy failed.
 */
FLYC_API int flyc_module_global_write(const flyc_loaded_module_t *module, const char *name,
                                      const void *data, size_t size);

/**
 * Loads an artifact on `device` and runs the processors.
 *
 * Every processor runs exactly once for the loaded module before this
 * returns: first the artifact's own (flyc_artifact_processor(), those its
 * kernels' link_extern calls registered, in first-use order), then
 * `processors` in the order given. A failing processor unloads the module and the error
 * names the processor. The artifact is borrowed and must outlive the
 * GpuJitModule (its kernel metadata validates launches).
 *
 * @param[out] out owned by the caller: flyc_gpu_jit_module_destroy().
 * @retval FLYC_OK
 * @retval FLYC_EINVAL    NULL argument, a processor without a function, or
 *                        an artifact this driver cannot load (PTX on HIP).
 * @retval FLYC_EDRIVER   the load failed (the driver's error name and number,
 *                        and its JIT log for PTX), or a processor failed.
 * @retval FLYC_ENOMEM
 */
FLYC_API int flyc_gpu_jit_module_load(flyc_gpu_jit_module_t **out, flyc_driver_t *driver,
                                      int device, const flyc_artifact_t *artifact,
                                      const flyc_processor_t *processors,
                                      size_t processor_count);

/**
 * The artifact's module on `device`, loaded on first use and reused after
 * (FlyDSL's per-device GpuJitModule reuse): the first call loads it as
 * flyc_gpu_jit_module_load() does with the artifact's own processors alone;
 * later calls for the same driver and device return the same module without
 * loading or running processors again (so a compile served by the in-memory
 * cache, whose artifact shares the compiled one's code and modules, reuses
 * its module too). A failed
 * load is not remembered: the next call tries again. Thread-safe: concurrent
 * first calls load once.
 * @param[out] out borrowed: owned by the artifact, unloaded and freed by its
 *                 last flyc_artifact_destroy() (the in-memory compile cache
 *                 holds a reference: a cached artifact keeps its modules
 *                 loaded for reuse until flyc_cache_forget(),
 *                 flyc_cache_clear() or eviction), or
 *                 by flyc_driver_destroy() of its driver. Do not destroy or
 *                 unload it.
 * @retval the codes of flyc_gpu_jit_module_load().
 */
FLYC_API int flyc_gpu_jit_module_get(flyc_gpu_jit_module_t **out, flyc_driver_t *driver,
                                     int device, const flyc_artifact_t *artifact);

/** The loaded module (driver, device, handle); handle NULL once unloaded. */
FLYC_API const flyc_loaded_module_t *
flyc_gpu_jit_module_loaded(const flyc_gpu_jit_module_t *module);

/**
 * Unloads the module handle. Idempotent: a second call does nothing.
 * @retval FLYC_OK, FLYC_EINVAL, FLYC_EDRIVER (the handle is forgotten anyway)
 */
FLYC_API int flyc_gpu_jit_module_unload(flyc_gpu_jit_module_t *module);

/** Unloads (if loaded) and frees. Accepts NULL. */
FLYC_API void flyc_gpu_jit_module_destroy(flyc_gpu_jit_module_t *module);

/**
 * Device memory and synchronization, for tests and tools. Sizes in bytes;
 * device addresses as uint64_t.
 * @retval FLYC_OK, FLYC_EINVAL (NULL argument), FLYC_EUNSUPPORTED (a custom
 *         driver without the function), FLYC_EDRIVER (the driver's error)
 */
FLYC_API int flyc_device_alloc(flyc_driver_t *driver, int device, size_t size, uint64_t *out);
FLYC_API int flyc_device_free(flyc_driver_t *driver, int device, uint64_t ptr);
FLYC_API int flyc_memcpy_htod(flyc_driver_t *driver, int device, uint64_t dst,
                              const void *src, size_t size);
FLYC_API int flyc_memcpy_dtoh(flyc_driver_t *driver, int device, void *dst, uint64_t src,
                              size_t size);
FLYC_API int flyc_memset_d8(flyc_driver_t *driver, int device, uint64_t dst,
                            unsigned char value, size_t size);
/** Waits for all work on the device (hipDeviceSynchronize, cuCtxSynchronize). */
FLYC_API int flyc_device_synchronize(flyc_driver_t *driver, int device);
/** A stream on `device` (hipStreamCreate, cuStreamCreate); `*out` is the
 *  driver's handle, for ::flyc_launch_config_t.stream. */
FLYC_API int flyc_stream_create(flyc_driver_t *driver, int device, void **out);
FLYC_API int flyc_stream_destroy(flyc_driver_t *driver, int device, void *stream);
FLYC_API int flyc_stream_synchronize(flyc_driver_t *driver, int device, void *stream);

/** A CUDA tensor map (CUtensorMap): 128 opaque bytes, 64-byte aligned,
 *  what flyc_tensor_map_encode() writes and a ::FLYC_PARAM_TENSOR_MAP
 *  kernel argument points to. */
typedef struct flyc_tensor_map {
  uint64_t opaque[16];
}
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
flyc_tensor_map_t;

/** A tensor map's element types: CUtensorMapDataType's values. */
typedef enum flyc_tensor_elem {
  FLYC_TENSOR_U8 = 0,
  FLYC_TENSOR_U16 = 1,
  FLYC_TENSOR_U32 = 2,
  FLYC_TENSOR_I32 = 3,
  FLYC_TENSOR_U64 = 4,
  FLYC_TENSOR_I64 = 5,
  FLYC_TENSOR_F16 = 6,
  FLYC_TENSOR_F32 = 7,
  FLYC_TENSOR_F64 = 8,
  FLYC_TENSOR_BF16 = 9,
} flyc_tensor_elem_t;

/** What a tiled tensor map describes (cuTensorMapEncodeTiled's arguments;
 *  no interleave, element strides 1, no L2 promotion, out-of-range
 *  elements read as zero). Dimensions are innermost first. */
typedef struct flyc_tensor_map_desc {
  /** `sizeof(flyc_tensor_map_desc_t)`. */
  uint32_t size;
  /** Dimensions, 1 to 5. */
  uint32_t rank;
  flyc_tensor_elem_t elem;
  /** The swizzle of the box in shared memory, in bytes: 0 (none), 32, 64
   *  or 128 (CU_TENSOR_MAP_SWIZZLE_*B; 128 is the layout
   *  flyc_kb_wgmma_offset() describes). With one, a box row (box[0]
   *  elements) is at most that many bytes. */
  uint32_t swizzle;
  /** The tensor's device address, 16-byte aligned. */
  uint64_t address;
  /** Elements in each dimension, 1 to 2^32. */
  uint64_t dims[5];
  /** Bytes from one index to the next of dimensions 1 to rank - 1
   *  (dimension 0 is contiguous): multiples of 16, below 2^40. */
  uint64_t strides[4];
  /** The box one copy moves, in elements: 1 to 256 each; box[0] times the
   *  element size a multiple of 16 bytes. */
  uint32_t box[5];
  /** 0 or FLYC_TENSOR_MAP_LOADS_ONLY. */
  uint32_t flags;
} flyc_tensor_map_desc_t;

/** The map is only loaded through (flyc_kb_tma_load()), never stored
 *  through: its rows may end anywhere. Without it, dims[0] times the
 *  element size must be a multiple of 16 bytes, since a TMA store writes a
 *  row's last 16-byte piece whole: on the H200, a store through a map of
 *  1030-float rows wrote floats 1030 and 1031 of each row (the box's
 *  out-of-range zeros), memory past the tensor that the map does not own.
 *  It stops at that piece: with rows ending on 16 bytes, the padding past
 *  them up to the row stride stayed untouched (an H100, 2026-12-05).
 *  A promise: a store through a map encoded with it is not refused. */
#define FLYC_TENSOR_MAP_LOADS_ONLY 1u

/** A zero description of this header's size. */
#define FLYC_TENSOR_MAP_DESC_INIT                                                        \
  {sizeof(flyc_tensor_map_desc_t), 0, FLYC_TENSOR_U8, 0, 0, {0}, {0}, {0}, 0}

/**
 * Encodes a tiled tensor map for TMA (flyc_kb_tma_load(),
 * flyc_kb_tma_store()): CUDA's cuTensorMapEncodeTiled (CUDA 12.0+
 * driver), after flyc has checked the description against the limits
 * the CUDA Driver API documents for it, so that a bad one is refused
 * naming the field. Host-side: no context or launch is involved, but the
 * encoding is the CUDA driver's, so `driver` is flyc_driver_open()'s CUDA
 * driver (a custom driver's `tensor_map_encode`, e.g. a test's, serves
 * too; the checks run before it is called).
 * @param desc what to encode (a sized struct: FLYC_TENSOR_MAP_DESC_INIT).
 * @param[out] out the map, to pass by pointer as the kernel's argument.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL      NULL argument, a size too small, or a field out of
 *                          range (rank, elem, swizzle, an address or stride
 *                          not 16-byte aligned, a zero or too large
 *                          dimension or box, a box row that is not a
 *                          multiple of 16 bytes or wider than the swizzle),
 *                          named with its index.
 * @retval FLYC_EUNSUPPORTED a driver without tensor maps (HIP; a custom
 *                          driver without `tensor_map_encode`; a CUDA
 *                          driver older than 12.0).
 * @retval FLYC_EDRIVER     cuTensorMapEncodeTiled's own refusal, with its
 *                          error name.
 */
FLYC_API int flyc_tensor_map_encode(flyc_driver_t *driver, const flyc_tensor_map_desc_t *desc,
                                    flyc_tensor_map_t *out);

/**
 * Loads raw code bytes (a `.hsaco` or NUL-terminated PTX) without an
 * artifact, for programs that link flyc_runtime alone. The bytes are copied.
 * Launches are checked against the hardware limits only (no metadata), and
 * any kernel name is looked up in the module.
 * @retval the codes of flyc_gpu_jit_module_load(); FLYC_EINVAL for an empty
 *         buffer or an unknown format.
 */
FLYC_API int flyc_gpu_jit_module_load_code(flyc_gpu_jit_module_t **out, flyc_driver_t *driver,
                                           int device, flyc_code_format_t format,
                                           const void *code, size_t size,
                                           const flyc_processor_t *processors,
                                           size_t processor_count);

/** Launch configuration; zero fields take the default. */
typedef struct flyc_launch_config {
  /** `sizeof(flyc_launch_config_t)` (FLYC_LAUNCH_CONFIG_INIT sets it). Any
   *  size from the first version's (56 bytes) up is taken: a bigger struct's
   *  bytes past what this flyc knows must be zero, else ::FLYC_EINVAL naming
   *  the byte. */
  uint32_t size;
  /** Grid in blocks and block in threads, x y z; 0 means 1. */
  uint32_t grid[3];
  uint32_t block[3];
  /** Dynamic shared memory / LDS, bytes; 0 takes what the kernel's shared
   *  allocator took (flyc_kernel_info_t::dynamic_shared_size). */
  uint32_t shared_size;
  /** The driver's stream (hipStream_t, CUstream); NULL for the default. */
  void *stream;
  /** Thread block cluster in blocks, x y z (CUDA, sm_90 and newer, through
   *  cuLaunchKernelEx); 0 or 1 everywhere means no cluster. Each grid
   *  dimension must be a multiple of it; at most 8 blocks (the portable
   *  size). HIP cannot honour one: ::FLYC_EUNSUPPORTED. */
  uint32_t cluster[3];
  uint32_t reserved0;
} flyc_launch_config_t;

#define FLYC_LAUNCH_CONFIG_INIT                                                          \
  {sizeof(flyc_launch_config_t), {0, 0, 0}, {0, 0, 0}, 0, NULL, {0, 0, 0}, 0}

/**
 * Validates and completes a launch configuration for one kernel: the check
 * flyc_launch() runs before every launch, callable on its own (a host
 * program with its own launcher, or a test with no GPU).
 *
 * `config` is completed in place: zero grid and block dimensions become 1
 * (so a 1- or 2-dimensional launch leaves the others 0 and gets 1), cluster
 * dimensions become 1 in a cluster launch and 0 otherwise, and a zero shared size becomes the kernel's `dynamic_shared_size`. Then, naming the
 * kernel, the axis and both values in the message:
 *  - each block dimension is at most 1024 (64 along z on CUDA) and their
 *    product at most the kernel's max flat workgroup size (or the
 *    1024-thread device limit);
 *  - the grid fits the driver: CUDA 2^31-1 x 65535 x 65535 blocks; HIP, each
 *    grid dimension times the block's below 2^32 work-items;
 *  - the block equals `reqd_workgroup_size` (`known_block_size`) when set;
 *  - the shared size is at least the kernel's `dynamic_shared_size`, and
 *    with the static part (`group_segment_fixed_size`) at most what a block
 *    may have on `target` (64 KiB of LDS, 160 KiB on gfx950; on CUDA the
 *    SM's opt-in maximum: 227 KiB on sm_90, 163 KiB on sm_80, ...);
 *  - a cluster (more than one block in some dimension) needs PTX for sm_90
 *    or newer (`target`; else FLYC_EUNSUPPORTED), each grid dimension a
 *    multiple of it, and at most 8 blocks (the portable cluster size).
 * @param kernel the kernel's metadata; NULL checks against the device limits
 *               alone (raw code without metadata).
 * @param target the artifact's target ID (`sm_90`, `gfx942`), or NULL when
 *               unknown (no cluster is then accepted).
 * @retval FLYC_OK
 * @retval FLYC_EINVAL       a bad configuration (the message says which rule).
 * @retval FLYC_EUNSUPPORTED a cluster on a target without clusters.
 */
FLYC_API int flyc_launch_check(const flyc_kernel_info_t *kernel, const char *target,
                               flyc_launch_config_t *config);

/**
 * Validates a launch against the kernel's metadata (flyc_launch_check()),
 * then launches.
 *
 * Checked before the driver is called: flyc_launch_check() for the kernel's
 * metadata and the artifact's target; the kernel exists; the module is
 * loaded.
 * `args[i]` points to argument i (hipModuleLaunchKernel / cuLaunchKernel).
 * Safe to call from several threads on one module.
 *
 * @retval FLYC_OK
 * @retval FLYC_EINVAL    a bad configuration, or the module is unloaded.
 * @retval FLYC_EUNSUPPORTED a cluster where the target or driver has none.
 * @retval FLYC_ENOTFOUND no kernel of that name.
 * @retval FLYC_EDRIVER   the driver refused the launch.
 */
FLYC_API int flyc_launch(const flyc_gpu_jit_module_t *module, const char *kernel,
                         const flyc_launch_config_t *config, void **args);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_RUNTIME_H */

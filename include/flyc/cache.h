/**
 * @file flyc/cache.h
 * @brief The compile caches: in memory (this process) and on disk (across
 *        processes), following FlyDSL's on-disk cache contract and going past
 *        it: kernels that link external bitcode are cached safely.
 *
 * Every compile (flyc_compile_file/buffer/module, flyc_ctx_compile) first
 * computes a key: flyc's version and build (a hash of its sources), LLVM's and comgr's versions, the canonical
 * target ID with its features, the options that change the output (code
 * object version, codegen path, optimization level, flags, exported globals,
 * device-library directories), the input module's bytes, the content of
 * every link library and of the device libraries the target would link
 * (ocml/ockl, libdevice), `FLYC_LLD`, and the registered names of the
 * post-load processors (flyc_ctx_compile). Hashes are xxHash's XXH3-128;
 * the full key text is stored in each entry and compared on read, so a
 * collision of the key's own hash is a miss, not a wrong kernel. Contents
 * (the input, libraries) are in the key as their XXH3-128, which is not
 * collision-resistant: a chance collision is out of reach (2^-128), but two
 * inputs built on purpose to hash alike would share an entry, so a cache
 * directory must not be shared between parties that do not trust each
 * other's inputs (README, "Untrusted input").
 *
 * In memory: the same key in the same process gives the same artifact
 * without compiling: the cache's own artifact pointer (a new reference: each
 * caller destroys its own; flyc_artifact_origin() ::FLYC_ARTIFACT_MEMORY_CACHE),
 * sharing the code, metadata and loaded modules of the one the first call
 * got; at most 256 artifacts are kept, least recently used first out.
 *
 * On disk: `FLYC_CACHE_DIR` (when not empty), else `$XDG_CACHE_HOME/flyc`
 * (when absolute), else `$HOME/.cache/flyc`, created with mode 0700 (missing
 * parents too); a relative FLYC_CACHE_DIR is taken from the current
 * directory. `FLYC_CACHE=0` (or `off`, `false`, `no`) turns both caches off;
 * the environment is read at each compile. `FLYC_CACHE_MAX_BYTES` takes a
 * number of bytes with an optional `k`, `m` or `g` (anything else, a sign
 * included, means the default); the entry just written is kept even when it
 * alone is over the cap.
 * An entry (`<hash>.flyc`) holds a format version, the full key, the
 * artifact (code, metadata, log, dynamic shared sizes) and its processors by
 * registered name, and an XXH64 checksum. Entries are written to a temporary
 * file in the same directory, flushed and renamed, so concurrent writers of
 * one key leave one whole entry. A directory or entry owned by another user,
 * writable by group or others, or a symbolic link, is not trusted: a compile
 * neither reads it nor writes over it (flyc_cache_clear() still removes
 * this user's own). A corrupt, truncated or foreign entry is a miss and is
 * removed; so is one whose checksum holds but whose artifact cannot be this
 * key's (code not of the target's format, other processors than the key
 * names). An entry is opened without blocking and read only if it is a
 * regular file (a FIFO there cannot hang a compile), and not written when it
 * would exceed the process's file size limit (RLIMIT_FSIZE).
 *
 * A library replaced while it is compiled cannot put its code under the
 * other's key: the compile records the hash of the bytes it linked, read
 * through the same open file as their identity, and an artifact whose
 * libraries are not the ones the key hashed is returned but not cached.
 * What the builder adds to an artifact besides the IR (each kernel's
 * dynamic shared size) is part of the key.
 *
 * A hit bumps the entry's modification time; after each write the least
 * recently used entries are removed while the directory holds more than
 * `FLYC_CACHE_MAX_BYTES` (default 1 GiB).
 *
 * The library cache: a link library is linked by its closure, the
 * definitions what the module declares reaches (transitively), the
 * library's llvm.used and externally_initialized globals, read lazily and
 * linked with LLVM's LinkOnlyNeeded; caller bitcode is read for that in a
 * child process, which prints only the closure as text for flyc to parse.
 * The closure, as bitcode this process's LLVM wrote, is kept by the
 * library's content hash (XXH3-128), the sorted names the module declares,
 * flyc's build and LLVM's version: in memory for the process (64 closures,
 * 256 MiB at most, least recently used first out; kept whatever the
 * compile cache's settings, as the file memo is, since the content hash
 * keys it) and on disk in `<dir>/lib` (entries as above; written only when
 * the disk cache is on for the compile: not with FLYC_COMPILE_NO_CACHE or
 * FLYC_COMPILE_MEMORY_ONLY or `FLYC_CACHE=0`; held to a quarter of
 * `FLYC_CACHE_MAX_BYTES`). A second compile of a kernel calling the same
 * functions of a library neither reads the library's bytes (only its hash)
 * nor starts a child. A corrupt or torn library entry is a miss, removed.
 *
 * The cubin cache (the runtime's, libflyc_runtime too): the built-in CUDA
 * driver loads PTX as the cubin the driver's own JIT linker makes of it
 * (cuLinkCreate/cuLinkAddData/cuLinkComplete with the default JIT options,
 * what cuModuleLoadDataEx would run), kept in `<dir>/cubin` by the PTX's
 * bytes (the whole PTX is in the entry's key and compared byte for byte: a
 * PTX whose hash is another's is a miss), the device's compute capability,
 * and the driver: cuDriverGetVersion's number and the path, size,
 * modification time and inode of the libcuda it runs (a driver update that
 * keeps the CUDA version changes them). A later process loads the cubin
 * and runs no JIT, whether or not CUDA's own JIT cache is on
 * (CUDA_CACHE_DISABLE). A kept cubin must be a 64-bit EM_CUDA ELF whose
 * header tables lie inside it. Entries and trust as above, held to a quarter of
 * `FLYC_CACHE_MAX_BYTES`; `FLYC_CACHE=0` (or `FLYC_CUBIN_CACHE=0`, off, false,
 * no: this cache alone) loads the PTX as before. A corrupt
 * entry, or a kept cubin the driver refuses as an image
 * (CUDA_ERROR_INVALID_IMAGE, NO_BINARY_FOR_GPU, UNSUPPORTED_PTX_VERSION,
 * INVALID_SOURCE), is removed and the PTX JIT-compiled again; any other load
 * error is the load's (::FLYC_EDRIVER), the entry kept. A driver made with flyc_driver_create() has no cubin
 * cache.
 *
 * Processors (the serialization contract): a processor is written as its
 * registered name and looked up again on a hit (flyc_processor_lookup); a
 * name this process has not registered makes the hit fail with
 * ::FLYC_ENOTFOUND naming it (the key names the same processors, which a
 * link_extern only accepts registered, so this is a guard, not a path). A
 * processor without a name (a function pointer with a payload) cannot be
 * written: the compile fails with
 * ::FLYC_ENOTSERIALIZABLE, before compiling, unless ::FLYC_COMPILE_MEMORY_ONLY
 * keeps the artifact in memory only, ::FLYC_COMPILE_NO_CACHE skips the
 * caches, the caches are off, or the disk cache is not usable (nothing would
 * be written).
 *
 * Failures of the cache itself (a full disk, an unwritable or untrusted
 * directory) never fail a compile; they are counted in ::flyc_cache_stats_t
 * and noted in the artifact's log (flyc_artifact_log()), which also says
 * when an artifact came from the disk cache.
 *
 * Threads: all functions may be called from any thread. A fork() by the
 * host while another thread uses the cache leaves the child a usable one
 * (pthread_atfork); compiling in the child while LLVM is mid-compile in the
 * parent's other threads is not supported (LLVM's own state).
 *
 * @defgroup flyc_cache Caches
 * @{
 */
#ifndef FLYC_CACHE_H
#define FLYC_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "flyc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The state of the disk cache. */
typedef enum flyc_cache_disk {
  FLYC_CACHE_DISK_ON = 1,        /**< in use */
  FLYC_CACHE_DISK_OFF = 0,       /**< `FLYC_CACHE=0` (the memory cache is off too) */
  /** no directory can be named (no FLYC_CACHE_DIR, XDG_CACHE_HOME or HOME),
   *  or it exists and is not trusted */
  FLYC_CACHE_DISK_UNUSABLE = -1,
} flyc_cache_disk_t;

/** Counters and sizes. Process counters start at 0 in each process (a
 *  forked child inherits its parent's). */
typedef struct flyc_cache_stats {
  /** `sizeof(flyc_cache_stats_t)`. */
  uint32_t size;
  /** ::flyc_cache_disk_t. */
  int32_t disk;
  /** Entries and their bytes in the directory now; the size cap in bytes. */
  uint64_t entries, bytes, max_bytes;
  /** Artifacts held in memory now. */
  uint64_t memory_entries;
  /** This process: hits in memory and on disk, misses, entries written,
   *  entries removed by the size cap, corrupt or foreign entries removed,
   *  and cache failures that did not fail a compile (I/O errors). */
  uint64_t memory_hits, disk_hits, misses, writes, evictions, corrupt, errors;
} flyc_cache_stats_t;

/**
 * The disk cache directory, whether or not it exists yet.
 * @param[out] buf  receives the NUL-terminated path.
 * @retval FLYC_OK
 * @retval FLYC_EINVAL   NULL or a buffer too small (the message gives the size).
 * @retval FLYC_ENOTFOUND no FLYC_CACHE_DIR, XDG_CACHE_HOME or HOME.
 */
FLYC_API int flyc_cache_dir(char *buf, size_t size);

/**
 * Fills `*out` (set `out->size` first, or zero it).
 * @retval FLYC_OK, FLYC_EINVAL (NULL)
 */
FLYC_API int flyc_cache_stats(flyc_cache_stats_t *out);

/** One disk entry, as flyc_cache_list() sees it (borrowed for the callback). */
typedef struct flyc_cache_entry {
  const char *file;  /**< full path */
  uint64_t bytes;    /**< file size */
  int64_t mtime;     /**< last use, seconds since the epoch */
  const char *target; /**< the artifact's target ID */
  size_t kernel_count;
  const char *kernels; /**< kernel names, comma-separated */
  const char *processors; /**< processor names, comma-separated, or "" */
} flyc_cache_entry_t;

/** Called per entry; a nonzero return stops the listing and is returned. */
typedef int (*flyc_cache_entry_cb)(const flyc_cache_entry_t *entry, void *payload);

/**
 * Lists the trusted, readable entries of the disk cache, most recently used
 * first. Corrupt entries are skipped (and counted), not removed.
 * @retval FLYC_OK, FLYC_EINVAL (NULL callback), FLYC_EIO (the directory
 *         cannot be read), or the callback's nonzero value.
 */
FLYC_API int flyc_cache_list(flyc_cache_entry_cb cb, void *payload);

/**
 * Forgets the in-memory artifacts and the library cache's closures, leaving
 * the disk alone (callers' references stay valid; modules
 * flyc_gpu_jit_module_get() loaded for an artifact nobody else holds are
 * unloaded).
 * @return how many artifacts were forgotten (closures are not counted).
 */
FLYC_API size_t flyc_cache_forget(void);

/**
 * Removes every disk entry this user owns (trusted or not), the library
 * cache's (in `<dir>/lib`) and the cubin cache's (in `<dir>/cubin`) too, and
 * temporary files older than an hour, and
 * forgets what flyc_cache_forget() forgets (callers' references stay valid;
 * modules flyc_gpu_jit_module_get() loaded for an artifact nobody else holds
 * are unloaded).
 * @param[out] removed entries removed, compile, library and cubin ones (may be
 *             NULL).
 * @retval FLYC_OK, FLYC_EIO (the directory cannot be read; the message names it)
 */
FLYC_API int flyc_cache_clear(size_t *removed);

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_CACHE_H */

/* Internals shared by runtime/ and src/. Never installed. */
#ifndef FLYC_RUNTIME_INTERNAL_H
#define FLYC_RUNTIME_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "flyc/artifact.h"
#include "flyc/common.h"

#if defined(__GNUC__)
#define FLYC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FLYC_PRINTF(f, a)
#endif

/* Sets the thread's last error and returns `code`. */
/* The most bytes of a message (flyc/common.h): longer ones are cut. */
#define FLYC__ERROR_MAX 65536
int flyc__error_set(int code, const char *fmt, ...) FLYC_PRINTF(2, 3);
int flyc__error_setv(int code, const char *fmt, va_list ap);
/* Changes the code of the current error, keeping its message. */
int flyc__error_recode(int code);
/* Appends to the current message; returns the current code. */
int flyc__error_append(const char *fmt, ...) FLYC_PRINTF(1, 2);
/* A number that changes whenever the calling thread's error does (set,
 * append, recode, restore, clear): two readings around a callback tell
 * whether it set an error, without clearing the caller's first. */
unsigned flyc__error_serial(void);

/* The most negative status of flyc_status_t (common.h): the one place that
 * follows the enum; test_common checks every code from here to FLYC_OK has
 * a name and the one below has none. */
#define FLYC__STATUS_MIN FLYC_ENOTSERIALIZABLE

/* 1 when `rc` is one of flyc_status_t's codes (a callback's own negative
 * numbers are not). */
static inline int flyc__is_status(int rc) { return rc <= FLYC_OK && rc >= FLYC__STATUS_MIN; }

/* The calling thread's error, kept across a soft failure: save, try, then
 * restore (the failure's error is dropped and the caller's comes back) or
 * flyc__error_discard_saved (the new error stands). Saving copies the
 * message; on allocation failure the message comes back as "". */
typedef struct flyc__error_saved {
  int code;
  char *message; /* malloc'd, or NULL */
} flyc__error_saved_t;
void flyc__error_save(flyc__error_saved_t *s);
void flyc__error_restore(flyc__error_saved_t *s);
void flyc__error_discard_saved(flyc__error_saved_t *s);

/* The size of `type` up to and including `field`: a first version's size. */
#define FLYC__SIZE_TO(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

/* Copies a caller's sized struct `src` (a leading uint32_t size) into `dst`,
 * this flyc's version of `dst_size` bytes: any size from `first` up, the
 * prefix this flyc knows copied, the rest of `dst` zeroed and its size set
 * to `dst_size`; a bigger struct's bytes past `dst_size` must be zero.
 * FLYC_EINVAL naming `what` (the struct's type) otherwise. */
int flyc__struct_in(void *dst, size_t dst_size, const void *src, size_t first, const char *what);
/* A caller's sized struct of `size` bytes (at least `first`) zeroed, its
 * size set: the _init() functions. FLYC_EINVAL naming `what` for NULL or a
 * size below the first version's. */
int flyc__struct_init(void *p, uint32_t size, size_t first, const char *what);

/* A growable string (for logs and messages). */
typedef struct flyc_buf {
  char *data;
  size_t len, cap;
  int oom;
} flyc_buf_t;

void flyc__buf_printf(flyc_buf_t *b, const char *fmt, ...) FLYC_PRINTF(2, 3);
void flyc__buf_append(flyc_buf_t *b, const char *s, size_t n);
/* The contents ("" when empty); the buffer keeps ownership. */
const char *flyc__buf_str(const flyc_buf_t *b);
/* Hands the contents to the caller (malloc'd, never NULL unless OOM). */
char *flyc__buf_take(flyc_buf_t *b);
void flyc__buf_free(flyc_buf_t *b);

/* The artifact. Made by the compile side (src/), read by the runtime. */
struct flyc_artifact {
  flyc_code_format_t format;
  flyc_codegen_t codegen;
  int code_object_version;
  char *target;
  void *code; /* for PTX: NUL-terminated, code_size excludes the NUL */
  size_t code_size;
  flyc_kernel_info_t *kernels;
  size_t kernel_count;
  char *log;
  flyc_compile_times_t times;
  /* References: flyc_artifact_destroy() frees at the last (the in-memory
   * cache holds one). */
  int refs;
  /* What the compile linked, "<hash>\t<path>\n" per library (the cache
   * checks it against its key), or NULL. */
  char *inputs;
  /* Post-load processors, names in `strings`. */
  flyc_processor_t *processors;
  size_t processor_count;
  /* Every string the kernels point to, freed with the artifact. */
  struct flyc_strblock *strings;
  /* How the call that returned this pointer got it (flyc_artifact_origin()). */
  flyc_artifact_origin_t origin;
  /* A view (flyc__artifact_view): the artifact that owns the storage the
   * fields above point to, one reference held; NULL for an owner. */
  flyc_artifact_t *owner;
};

flyc_artifact_t *flyc__artifact_new(void);
/* Takes another reference; returns `a`. */
flyc_artifact_t *flyc__artifact_ref(flyc_artifact_t *a);
void flyc__artifact_set_origin(flyc_artifact_t *a, flyc_artifact_origin_t origin);
/* A new artifact (one reference) sharing a's storage and modules, with an
 * origin of its own: what the memory cache hands out, so that a hit does not
 * change what the compile's caller sees. `a` must be complete (nothing
 * changes it after). NULL on OOM. */
flyc_artifact_t *flyc__artifact_view(flyc_artifact_t *a, flyc_artifact_origin_t origin);
/* The artifact that owns a's storage: a itself, or the one a view shares. */
const flyc_artifact_t *flyc__artifact_owner(const flyc_artifact_t *a);
/* Hooks run when an artifact is freed (before its bytes go) and when a
 * caller-made driver is destroyed (before it is freed). module_cache.c sets
 * both the first time it keeps a module, to unload the modules it keeps for
 * them: artifact.c and driver.c never call module code. Setting is
 * idempotent and thread-safe; NULL hooks (the default) do nothing. */
typedef void (*flyc__artifact_release_hook_t)(flyc_artifact_t *a);
typedef void (*flyc__driver_release_hook_t)(const flyc_driver_t *d);
void flyc__artifact_set_release_hook(flyc__artifact_release_hook_t hook);
void flyc__driver_set_release_hook(flyc__driver_release_hook_t hook);
/* Copies `s` into storage owned by `a`; NULL on OOM. */
const char *flyc__artifact_strdup(flyc_artifact_t *a, const char *s);
const char *flyc__artifact_strndup(flyc_artifact_t *a, const char *s, size_t n);

/* Appends a processor (the name copied). FLYC_OK or FLYC_ENOMEM. */
int flyc__artifact_add_processor(flyc_artifact_t *a, const flyc_processor_t *p);
/* Appends the artifact as bytes to `b` (processors by name: an unnamed one
 * is FLYC_ENOTSERIALIZABLE); reads them back (every length is checked;
 * corrupt bytes are FLYC_EINVAL; processors come back as names with no
 * function: flyc__artifact_resolve_processors()). */
int flyc__artifact_serialize(const flyc_artifact_t *a, flyc_buf_t *b);
int flyc__artifact_deserialize(const void *data, size_t size, flyc_artifact_t **out);
/* Looks up every processor without a function by name in the registry;
 * FLYC_ENOTFOUND names the first that is not registered. */
int flyc__artifact_resolve_processors(flyc_artifact_t *a);

/* ---- target limits (target_limits.c) ---- */

/* What the runtime knows of target `id` (`gfx90a:xnack-`, `sm_90a`) from
 * its name: the launch check's and the builder's limits. Unknown targets
 * (and NULL) get the smallest shared limits and HIP's grid rule. */
typedef struct flyc__target_limits {
  /* The N of a CUDA target "sm_N" (an "a" or "f" suffix allowed), else 0. */
  unsigned sm;
  /* Threads a block may have along x, y, z, and in all. */
  uint32_t block_max[3];
  uint32_t block_threads_max;
  /* Blocks a grid may have along x, y, z; 0: the grid times the block must
   * stay below 2^32 work-items (HIP). */
  uint64_t grid_max[3];
  /* Shared memory (LDS) a block may have, bytes: static alone, and static
   * plus dynamic. */
  uint64_t shared_static_max, shared_total_max;
  /* 1 when thread block clusters can be launched (sm_90 and newer). */
  int clusters;
} flyc__target_limits_t;
void flyc__target_limits(const char *id, flyc__target_limits_t *out);
/* flyc__target_limits()'s shared memory limits alone (for the builder). */
void flyc__shared_limits(const char *id, uint64_t *static_max, uint64_t *total_max);
/* ---- file I/O (base/fileio.c) ---- */

/* Reads `fd` to its end, retrying on EINTR. 0 with *data malloc'd and
 * NUL-terminated (the NUL not counted in *size), or -1 with errno (ENOMEM,
 * or read's). Sets no flyc error: the caller words it. */
int flyc__read_fd(int fd, void **data, size_t *size);
/* The most bytes flyc reads of one file (an input, a link library). */
#define FLYC__MAX_FILE_BYTES ((uint64_t)1 << 30)
/* Reads a whole regular file (at most 1 GiB), as flyc__read_fd. FLYC_OK, or
 * FLYC_ENOTFOUND, FLYC_EIO, FLYC_EINVAL (too big), FLYC_ENOMEM, with a
 * message naming `path`. */
int flyc__read_file(const char *path, void **data, size_t *size);
/* Writes all `size` bytes, retrying on EINTR and short writes: 0, or -1
 * with errno. Sets no flyc error: safe in a forked child. */
int flyc__write_all(int fd, const void *data, size_t size);

/* ---- disk cache entries (base/entry.c) ---- */

/* An entry: magic, version, key length + key, payload length + payload,
 * XXH64 of all before it. Larger files are not entries. */
#define ENTRY_MAGIC "FLYCACHE"
#define ENTRY_VERSION 1u
#define MAX_ENTRY ((uint64_t)1 << 31)

/* The caches' process counters, read by flyc_cache_stats. */
extern struct flyc__cache_counters {
  uint64_t memory_hits, disk_hits, misses, writes, evictions, corrupt, errors;
} flyc__cache_stats;
void flyc__cache_count(uint64_t *c);

/* flyc_cache_dir() (flyc/cache.h): FLYC_CACHE_DIR, $XDG_CACHE_HOME/flyc or
 * ~/.cache/flyc, no trailing '/' or "/.". */
int flyc__cache_dir(char *buf, size_t size);
/* 1 when environment variable `name` is 0, off, false or no (any case). */
int flyc__env_off(const char *name);
/* FLYC_CACHE=0 (off, false, no) turns the caches off. */
int flyc__cache_enabled(void);
/* Makes the directory (and missing parents, 0700) when `create`; 1 when it
 * is there, ours and not writable by group or others. */
int flyc__cache_usable_dir(const char *dir, int create);
/* FLYC_CACHE_MAX_BYTES, or 1 GiB. */
uint64_t flyc__cache_max_bytes(void);
/* Reads a whole entry if it is a trusted regular file; 1 read, 0 absent,
 * -1 there but not trusted, -2 unreadable. `bump` touches its time. */
int flyc__cache_read_entry(const char *path, unsigned char **data, size_t *size, int bump);
/* The key and payload of an entry, or -1 when it is not a whole one. */
int flyc__cache_parse_entry(const unsigned char *d, size_t n, const unsigned char **key,
                            size_t *klen, const unsigned char **payload, size_t *plen);
/* Writes an entry (`key`, `payload`) as `file` in `dir` atomically, then
 * removes the least recently used entries of `dir` over `cap` bytes (the
 * new one last). 0, or -1 with *why (static) saying what failed. */
int flyc__cache_store(const char *dir, const char *file, const void *key, size_t klen,
                      const void *payload, size_t plen, uint64_t cap, const char **why);

/* Entries in the directory, for the size cap and the listing. */
typedef struct dent {
  char *path;
  uint64_t bytes;
  struct timespec mtime;
} dent_t;
long flyc__cache_scan(const char *dir, dent_t **out, int tmp, int any_mode);
void flyc__cache_free_dents(dent_t *v, long n);
int flyc__cache_ends_with(const char *s, const char *suffix);

#endif

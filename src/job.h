/* One compile's job: what the entry points (compile_api.c, the builder)
 * resolve in front, and what the cache key and the pipeline's wrappers read.
 * Never installed. */
#ifndef FLYC_SRC_JOB_H
#define FLYC_SRC_JOB_H

#include "internal.h"

/* What the builder knows besides the IR (flyc_ctx_compile), put on the
 * freshly compiled artifact and into the cache key: each kernel's dynamic
 * shared memory size by name, and the post-load processors. */
typedef struct flyc__job_extras {
  const char *const *kernels; /* names, `nkernels` of them */
  const uint32_t *dynamic_shared; /* bytes, per name */
  size_t nkernels;
  const flyc_processor_t *procs;
  size_t nprocs;
} flyc__job_extras_t;

/* A device library the target would link, resolved in front for the cache
 * key (compile_api.c): where the search path finds it, and its content hash
 * from the file memo (files.c). */
typedef struct flyc__job_devlib {
  const char *file; /* the target's file name (ops->device_lib_files) */
  char *path;       /* malloc'd; NULL when not found */
  int hash_rc;      /* flyc__file_hash of path: 0, -1 unreadable, 1 refused unread */
  char digest[33];  /* when hash_rc is 0 */
} flyc__job_devlib_t;

typedef struct flyc__job {
  flyc_compile_options_t opts; /* normalized (flyc__options_copy) */
  flyc_target_t target;        /* parsed from opts.target, when target_ok */
  int target_ok;
  const void *input; /* the bytes the key hashes: the input, or the module's bitcode */
  size_t input_size;
  const char *name;
  LLVMModuleRef module; /* the module input (consumed by the run), or NULL */
  const char *checked;  /* the input's checked text (flyc__inputs_check), or NULL */
  const flyc__lib_t *libs; /* the link libraries (flyc__inputs_libs), or NULL */
  flyc__job_extras_t extras;
  /* The target's device libraries (ndevlibs of them), resolved by
   * flyc__job_init when the compile uses the caches, the target parsed and
   * FLYC_COMPILE_NO_DEVICE_LIBS is not set; else none. */
  flyc__job_devlib_t *devlibs;
  size_t ndevlibs;
  int devlibs_oom; /* resolving them ran out of memory: no key */
  /* Where the link stage gets link libraries' closures (the library cache,
   * cache/lib.c). */
  flyc__closure_fn closure;
  /* Dumps: the directory (flyc__dump_dir; NULL: none), and the key the files
   * are named after (the cache key's 32 hex digits; "" while there is none:
   * no key, no dumps). */
  const char *dump_dir;
  char dump_key[33];
} flyc__job_t;

/* Fills `job` from normalized options and the input bytes; the target is
 * parsed once here and the device libraries resolved (a failure is left for
 * the pipeline to report; FLYC_ENOMEM resolving them only leaves none, and
 * the key is dropped). flyc__job_fini frees it. */
void flyc__job_init(flyc__job_t *job, const flyc_compile_options_t *opts, const void *input,
                    size_t input_size, const char *name, const flyc__job_extras_t *extras);
/* Frees what flyc__job_init resolved (the job's copies share it). */
void flyc__job_fini(flyc__job_t *job);
/* Puts the extras on a freshly compiled artifact. */
int flyc__job_decorate(const flyc__job_t *job, flyc_artifact_t *a);

/* flyc_compile_module() for the builder: `extras` go on the artifact and
 * into the key. Consumes `module` on every path. */
int flyc__compile_module_job(flyc_artifact_t **out, LLVMModuleRef module,
                             const flyc_compile_options_t *options,
                             const flyc__job_extras_t *extras);

/* The pure pipeline (pipeline.c): stages in order, on the job's module or
 * input bytes; never forks, never caches. Consumes job->module. */
int flyc__pipeline_run(const flyc__job_t *job, flyc_artifact_t **out);

/* The cache request of `job` (cache/key.c): as flyc__cache_begin. */
int flyc__cache_begin_job(flyc_cache_req_t *r, const flyc__job_t *job);
/* The key of `job` as 32 hex digits into `hex`, whether or not the caches
 * are on (the dumps' names): the one `r` holds when it has one, else made
 * here. 0, or -1 when the job has no key (hex is then ""). */
int flyc__cache_key_hex(const flyc_cache_req_t *r, const flyc__job_t *job, char hex[33]);

#endif

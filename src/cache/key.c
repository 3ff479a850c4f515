/* The cache key: what a compile's result depends on, with the content hashes
 * of the library files it links (remembered by file identity). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "flyc/cache.h"
#include "internal.h"
#include "build_id.h" /* generated: FLYC_BUILD_ID */
#include "cache/cache.h"
#include "job.h"

/* ---- the request: key and where it lives ---- */

/* One key line; the value length-prefixed, so no value can pass for two. */
static void key_line(flyc_buf_t *k, const char *what, const char *v) {
  if (v)
    flyc__buf_printf(k, "%s %zu:%s\n", what, strlen(v), v);
  else
    flyc__buf_printf(k, "%s -\n", what);
}

int flyc__cache_wanted(const flyc_compile_options_t *o) {
  return o && !(o->flags & FLYC_COMPILE_NO_CACHE) && flyc__cache_enabled();
}

/* What the compile's result depends on besides its files: flyc, LLVM,
 * comgr, the target, the options, the linker. */
static void key_toolchain(flyc_buf_t *k, const flyc__job_t *job) {
  const flyc_compile_options_t *o = &job->opts;
  const flyc_target_t *t = &job->target;
  key_line(k, KEY_VERSION, FLYC_VERSION_STRING);
  key_line(k, "build", FLYC_BUILD_ID); /* a rebuilt flyc never takes an older one's entries */
  key_line(k, "llvm", flyc_llvm_version());
  key_line(k, "comgr", flyc_comgr_version());
  key_line(k, "target", t->id);
  key_line(k, "features", t->features);
  const uint32_t neutral = FLYC_COMPILE_ISOLATED | FLYC_COMPILE_TRUSTED_BITCODE |
                           FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_MEMORY_ONLY;
  flyc__buf_printf(k, "options cov=%u codegen=%u opt=%u flags=0x%x\n",
                   o->code_object_version, o->codegen, o->opt_level,
                   o->flags & ~neutral);
  for (size_t i = 0; i < o->exported_global_count; i++)
    key_line(k, "export", o->exported_globals[i]);
  for (size_t i = 0; i < o->device_lib_dir_count; i++)
    key_line(k, "devlibdir", o->device_lib_dirs[i]);
  key_line(k, "env FLYC_LLD", getenv("FLYC_LLD"));
  /* Only where the ld.lld subprocess can run: asked for, or `auto` in a
   * build without lld-lib (which auto prefers) - not on every lookup. */
  if (t->family == FLYC_TARGET_AMDGPU &&
      (o->codegen == FLYC_CODEGEN_LLD ||
       (o->codegen == FLYC_CODEGEN_AUTO && !flyc__lld_lib_available()))) {
    /* The ld.lld the subprocess path would run, by identity (replaced at
     * the same path, it is another linker): path, size, change time, inode. */
    char *lld = flyc__lld_find(), *real = lld ? realpath(lld, NULL) : NULL;
    struct stat st;
    if (real && stat(real, &st) == 0)
      flyc__buf_printf(k, "lld %s %lld %lld.%09ld %llu\n", real, (long long)st.st_size,
                       (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
                       (unsigned long long)st.st_ino);
    else
      key_line(k, "lld", "none");
    free(real);
    free(lld);
  }
}

/* The device libraries the target would link, as the job resolved them
 * (compile_api.c): 0, or -1 when one would be refused (the key is dropped). */
static int key_devlibs(flyc_cache_req_t *r, const flyc__job_t *job) {
  flyc_buf_t *k = &r->key;
  for (size_t i = 0; i < job->ndevlibs; i++) {
    const flyc__job_devlib_t *d = &job->devlibs[i];
    if (d->path && d->hash_rc == 0) {
      flyc__buf_printf(k, "devlib %s %zu:%s %s\n", d->file, strlen(d->path), d->path,
                       d->digest);
      flyc__buf_printf(&r->hashed, "%s\t%s\n", d->digest, d->path);
    } else
      flyc__buf_printf(k, "devlib %s none\n", d->file);
    if (d->hash_rc == 1) { /* refused if linked: as for a link library */
      flyc__buf_free(k);
      flyc__buf_free(&r->hashed);
      return -1;
    }
  }
  if (job->devlibs_oom) {
    flyc__buf_free(k);
    flyc__buf_free(&r->hashed);
    return -1;
  }
  return 0;
}

/* The key of flyc__cache_begin_job (which keeps the caller's error state),
 * from the job alone: its normalized options, parsed target, input bytes and
 * extras. */
static void make_key(flyc_cache_req_t *r, const flyc__job_t *job) {
  const flyc_compile_options_t *o = &job->opts;
  const void *input = job->input;
  size_t size = job->input_size;
  const flyc_processor_t *procs = job->extras.procs;
  size_t nprocs = job->extras.nprocs;
  if (!job->target_ok)
    return; /* the compile says what is wrong */
  flyc_buf_t *k = &r->key;
  key_toolchain(k, job);
  /* Bitcode the compile refuses unread (newer than this LLVM) gets no key: no
   * entry, say one an older flyc wrote after misreading it, is looked up. */
  if (flyc__is_bitcode(input, size) &&
      flyc__check_producer(input, size, "input", "", FLYC_EIR) != FLYC_OK) {
    flyc__buf_free(k); /* the compile says it */
    return;
  }
  XXH128_hash_t ih = XXH3_128bits(input, size);
  flyc__buf_printf(k, "input %016llx%016llx %zu\n", (unsigned long long)ih.high64,
                   (unsigned long long)ih.low64, size);
  char hex[33];
  for (size_t i = 0; i < o->link_library_count; i++) {
    const char *p = o->link_libraries[i];
    if (!p || flyc__file_hash(p, hex) != 0) {
      flyc__buf_free(k);
      flyc__buf_free(&r->hashed);
      return; /* unreadable: the compile reports it, nothing to cache */
    }
    key_line(k, "lib", hex);
    flyc__buf_printf(&r->hashed, "%s\t%s\n", hex, p);
  }
  if (key_devlibs(r, job))
    return;
  /* What the extras add is not in the IR. */
  for (size_t i = 0; i < job->extras.nkernels; i++)
    flyc__buf_printf(k, "kernel %zu:%s dynamic_shared=%u\n", strlen(job->extras.kernels[i]),
                     job->extras.kernels[i], job->extras.dynamic_shared[i]);
  int unnamed = 0;
  for (size_t i = 0; i < nprocs; i++) {
    if (procs[i].name) {
      key_line(k, "processor", procs[i].name);
    } else {
      /* Valid in this process only: never written to disk. */
      flyc__buf_printf(k, "processor unnamed %p %p\n", (void *)(uintptr_t)procs[i].fn,
                       procs[i].payload);
      unnamed = 1;
    }
  }
  if (k->oom || r->hashed.oom) {
    flyc__buf_free(k);
    flyc__buf_free(&r->hashed);
    return;
  }
  r->hash = XXH3_128bits(k->data, k->len);
  r->memory = 1;
  r->unnamed = unnamed;
  r->memory_only = (o->flags & FLYC_COMPILE_MEMORY_ONLY) != 0;
  char dir[4096];
  if (flyc_cache_dir(dir, sizeof dir - 64) == FLYC_OK) {
    snprintf(r->dir, sizeof r->dir, "%s", dir);
    snprintf(r->file, sizeof r->file, "%s/%016llx%016llx.flyc", dir,
             (unsigned long long)r->hash.high64, (unsigned long long)r->hash.low64);
    r->disk = 1;
  }
}

int flyc__cache_begin_job(flyc_cache_req_t *r, const flyc__job_t *job) {
  memset(r, 0, sizeof *r);
  pthread_once(&flyc__cache_atfork_once, flyc__cache_register_atfork);
  if (!flyc__cache_wanted(&job->opts))
    return FLYC_OK; /* off, or options the compile will report */
  /* Every failure here is soft: no key, and the compile reports the cause. */
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  make_key(r, job);
  flyc__error_restore(&sv);
  return FLYC_OK;
}

int flyc__cache_key_hex(const flyc_cache_req_t *r, const flyc__job_t *job, char hex[33]) {
  flyc_cache_req_t own;
  const flyc_cache_req_t *k = r;
  hex[0] = '\0';
  if (!r || !r->memory) { /* the caches are off (or could not key it) */
    memset(&own, 0, sizeof own);
    flyc__error_saved_t sv;
    flyc__error_save(&sv);
    make_key(&own, job);
    flyc__error_restore(&sv);
    k = &own;
  }
  int ok = k->memory;
  if (ok)
    snprintf(hex, 33, "%016llx%016llx", (unsigned long long)k->hash.high64,
             (unsigned long long)k->hash.low64);
  if (k == &own)
    flyc__cache_end(&own);
  return ok ? 0 : -1;
}

void flyc__cache_end(flyc_cache_req_t *r) {
  flyc__buf_free(&r->key);
  flyc__buf_free(&r->hashed);
}

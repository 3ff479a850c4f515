/* The public compile entry points (flyc/compile.h, flyc/llvm.h), each in one
 * direction: options -> job -> cache -> [isolate] -> inputs check + pipeline
 * -> cache. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "flyc/llvm.h"
#include "internal.h"
#include "job.h"
#include "stage/stage.h"

/* The device libraries the target would link, wherever the search path
 * finds them, with their hashes: what the cache key covers of them. Only
 * when the caches are used or the compile dumps (the key's readers). */
static void job_devlibs(flyc__job_t *job) {
  const flyc_target_ops_t *ops = job->target.ops;
  if (!job->target_ok || (!flyc__cache_wanted(&job->opts) && !job->dump_dir) ||
      (job->opts.flags & FLYC_COMPILE_NO_DEVICE_LIBS) || !ops->device_lib_files)
    return;
  size_t n = 0;
  while (ops->device_lib_files[n])
    n++;
  if (!n)
    return;
  if (!(job->devlibs = calloc(n, sizeof *job->devlibs))) {
    job->devlibs_oom = 1;
    return;
  }
  job->ndevlibs = n;
  const char *dirs[8];
  char buf[8192];
  size_t nd = ops->device_lib_dirs(dirs, buf, sizeof buf);
  flyc__devlib_search_t search = flyc__devlib_search_of(&job->opts);
  for (size_t i = 0; i < n; i++) {
    flyc__job_devlib_t *d = &job->devlibs[i];
    d->file = ops->device_lib_files[i];
    d->hash_rc = -1;
    if (flyc__devlib_find(&search, d->file, dirs, nd, &d->path) == FLYC_OK)
      d->hash_rc = flyc__file_hash(d->path, d->digest);
  }
}

void flyc__job_init(flyc__job_t *job, const flyc_compile_options_t *opts, const void *input,
                    size_t input_size, const char *name, const flyc__job_extras_t *extras) {
  memset(job, 0, sizeof *job);
  job->opts = *opts;
  job->dump_dir = flyc__dump_dir(opts);
  flyc__error_saved_t sv; /* a bad target, a missing library: the pipeline's to report */
  flyc__error_save(&sv);
  job->target_ok = flyc__target_parse(&job->target, opts->target) == FLYC_OK;
  job_devlibs(job);
  flyc__error_restore(&sv);
  job->input = input;
  job->input_size = input_size;
  job->name = name;
  if (extras)
    job->extras = *extras;
  job->closure = flyc__libcache_closure;
}

void flyc__job_fini(flyc__job_t *job) {
  for (size_t i = 0; i < job->ndevlibs; i++)
    free(job->devlibs[i].path);
  free(job->devlibs);
  job->devlibs = NULL;
  job->ndevlibs = 0;
}

int flyc__job_decorate(const flyc__job_t *job, flyc_artifact_t *a) {
  const flyc__job_extras_t *x = &job->extras;
  for (size_t i = 0; i < a->kernel_count; i++)
    for (size_t j = 0; j < x->nkernels; j++)
      if (a->kernels[i].name && strcmp(a->kernels[i].name, x->kernels[j]) == 0)
        a->kernels[i].dynamic_shared_size = x->dynamic_shared[j];
  int rc = FLYC_OK;
  for (size_t i = 0; rc == FLYC_OK && i < x->nprocs; i++)
    rc = flyc__artifact_add_processor(a, &x->procs[i]);
  return rc;
}

static int append_text(const char *text, size_t len, void *payload) {
  flyc__buf_append(payload, text, len);
  return 0;
}

/* The artifact's dumps (flyc_compile_options_t.dump_dir): the PTX, or the
 * code object and its disassembly; for a compile and for a cache hit. */
static int dump_artifact(const flyc__job_t *job, const flyc_artifact_t *a) {
  if (!job->dump_dir || !job->dump_key[0])
    return FLYC_OK;
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  if (flyc_artifact_format(a) == FLYC_CODE_PTX)
    return flyc__dump_write(job->dump_dir, job->dump_key, "4.ptx", code, size);
  flyc_buf_t s = {0};
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  int rc = flyc_artifact_disassemble(a, append_text, &s);
  if (rc == FLYC_OK)
    rc = s.oom ? flyc__error_set(FLYC_ENOMEM, "out of memory disassembling for a dump")
               : flyc__dump_write(job->dump_dir, job->dump_key, "4.s", s.data, s.len);
  if (rc == FLYC_EUNSUPPORTED) { /* no disassembler for it: no .4.s */
    flyc__error_restore(&sv);
    rc = FLYC_OK;
  } else {
    flyc__error_discard_saved(&sv);
  }
  flyc__buf_free(&s);
  return rc ? rc : flyc__dump_write(job->dump_dir, job->dump_key, "5.hsaco", code, size);
}

/* The inputs: untrusted bitcode checked (in one child, or in process in the
 * isolated compile's child) and the link libraries read; then the pipeline.
 * Consumes j->module. */
static int run_job(flyc_artifact_t **out, void *p) {
  flyc__job_t *j = p;
  char *text = NULL;
  flyc__lib_t *libs = NULL;
  int rc = flyc__inputs_check(&j->opts, j->input, j->input_size, j->name, &text);
  if (rc == FLYC_OK)
    rc = flyc__inputs_libs(&j->opts, &libs);
  if (rc == FLYC_OK) {
    j->checked = text;
    j->libs = libs;
    rc = flyc__pipeline_run(j, out);
    j->checked = NULL;
    j->libs = NULL;
  } else if (j->module) {
    LLVMDisposeModule(j->module); /* consumed on every path */
  }
  j->module = NULL;
  flyc__inputs_libs_free(libs, j->opts.link_library_count);
  free(text);
  return rc;
}

/* run_job on a thread with a big stack (flyc__call_on_big_stack): LLVM's
 * recursion over a long metadata chain would overflow the caller's. */
typedef struct job_call {
  flyc_artifact_t **out;
  void *job;
} job_call_t;

static int job_thunk(void *p) {
  job_call_t *c = p;
  return run_job(c->out, c->job);
}

static int run_job_big(flyc_artifact_t **out, void *p) {
  job_call_t c = {out, p};
  return flyc__call_on_big_stack(job_thunk, &c);
}

/* Isolated, the whole of run_job runs in one child: that is the one fork.
 * Consumes job->module. */
static int run_isolated_or_not(flyc_artifact_t **out, flyc__job_t *job) {
  if (!(job->opts.flags & FLYC_COMPILE_ISOLATED))
    return run_job_big(out, job);
  flyc__job_t child = *job;
  child.opts.flags &= ~(uint32_t)FLYC_COMPILE_ISOLATED;
  char name[256];
  if (job->module) {
    size_t len;
    const char *id = LLVMGetModuleIdentifier(job->module, &len);
    snprintf(name, sizeof name, "%.*s", (int)(len < 200 ? len : 200), id ? id : "");
  } else {
    snprintf(name, sizeof name, "%s", job->name);
  }
  int rc = flyc__compile_isolated(run_job_big, &child, name, out);
  if (job->module)
    LLVMDisposeModule(job->module); /* the child consumed its own copy */
  job->module = NULL;
  return rc;
}

int flyc_compile_buffer(flyc_artifact_t **out, const void *data, size_t size,
                        const char *name, const flyc_compile_options_t *options) {
  if (!out || (!data && size))
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_buffer: out and data are required");
  flyc_compile_options_t o;
  int rc = flyc__options_copy(&o, options);
  if (rc)
    return rc;
  flyc__job_t job;
  flyc__job_init(&job, &o, data, size, name ? name : "<buffer>", NULL);
  flyc_artifact_t *a = NULL; /* *out is untouched on failure */
  flyc_cache_req_t r;
  flyc__cache_begin_job(&r, &job);
  if (job.dump_dir)
    flyc__cache_key_hex(&r, &job, job.dump_key);
  rc = flyc__cache_get(&r, &a);
  if (rc == 0) {
    rc = run_isolated_or_not(&a, &job);
    /* Dumped before it is cached: a dump that fails stores nothing. */
    if (rc == FLYC_OK && ((rc = dump_artifact(&job, a)) != FLYC_OK ||
                          (rc = flyc__cache_put(&r, a)) != FLYC_OK))
      flyc_artifact_destroy(a);
  } else if (rc == 1) {
    if ((rc = dump_artifact(&job, a)) != FLYC_OK)
      flyc_artifact_destroy(a);
  }
  if (rc == FLYC_OK)
    *out = a;
  flyc__cache_end(&r);
  flyc__job_fini(&job);
  return rc;
}

int flyc_compile_file(flyc_artifact_t **out, const char *path,
                      const flyc_compile_options_t *options) {
  if (!out || !path)
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_file: out and path are required");
  void *data;
  size_t size;
  int rc = flyc__read_file(path, &data, &size);
  if (rc)
    return rc;
  rc = flyc_compile_buffer(out, data, size, path, options);
  free(data);
  return rc;
}


/* The module path: options, key (from the module's bitcode), cache, the
 * compile (isolated or not), the extras, cache. */
int flyc__compile_module_job(flyc_artifact_t **out, LLVMModuleRef module,
                             const flyc_compile_options_t *options,
                             const flyc__job_extras_t *extras) {
  if (!module)
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_module: module is required");
  flyc_compile_options_t o;
  int rc = out ? flyc__options_copy(&o, options)
               : flyc__error_set(FLYC_EINVAL, "flyc_compile_module: out is required");
  if (rc) {
    LLVMDisposeModule(module); /* consumed on every path */
    return rc;
  }
  flyc__job_t job;
  flyc__job_init(&job, &o, NULL, 0, NULL, extras);
  flyc_cache_req_t r;
  memset(&r, 0, sizeof r);
  if (flyc__cache_wanted(&o) || job.dump_dir) {
    /* The module's bitcode is what the key hashes. */
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(module);
    if (bc) {
      job.input = LLVMGetBufferStart(bc);
      job.input_size = LLVMGetBufferSize(bc);
      flyc__cache_begin_job(&r, &job);
      if (job.dump_dir)
        flyc__cache_key_hex(&r, &job, job.dump_key);
      LLVMDisposeMemoryBuffer(bc);
      job.input = NULL;
      job.input_size = 0;
    }
  }
  flyc_artifact_t *a = NULL; /* *out is untouched on failure */
  rc = flyc__cache_check(&r, job.extras.procs, job.extras.nprocs);
  if (rc == FLYC_OK)
    rc = flyc__cache_get(&r, &a);
  int drc;
  if (rc == 1 && (drc = dump_artifact(&job, a)) != FLYC_OK) {
    flyc_artifact_destroy(a);
    rc = drc;
  }
  if (rc != 0) {
    LLVMDisposeModule(module); /* consumed, as a compile would */
    flyc__cache_end(&r);
    flyc__job_fini(&job);
    if (rc == 1)
      *out = a;
    return rc == 1 ? FLYC_OK : rc;
  }
  job.module = module;
  rc = run_isolated_or_not(&a, &job);
  /* What the artifact carries besides the code (flyc_ctx_compile: its
   * processors and dynamic shared sizes) is part of what is cached. */
  if (rc == FLYC_OK &&
      ((rc = flyc__job_decorate(&job, a)) != FLYC_OK || (rc = dump_artifact(&job, a)) != FLYC_OK))
    flyc_artifact_destroy(a);
  if (rc == FLYC_OK && (rc = flyc__cache_put(&r, a)) != FLYC_OK)
    flyc_artifact_destroy(a);
  if (rc == FLYC_OK)
    *out = a;
  flyc__cache_end(&r);
  flyc__job_fini(&job);
  return rc;
}

int flyc_compile_module(flyc_artifact_t **out, LLVMModuleRef module,
                        const flyc_compile_options_t *options) {
  return flyc__compile_module_job(out, module, options, NULL);
}

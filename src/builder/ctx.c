/* The kernel builder's compilation contexts: create and destroy, the kernel
 * name registry, and the compile of the module (flyc/kernel.h). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "builder.h"
#include "job.h"

/* ---- context ---- */

int flyc_ctx_create(flyc_ctx_t **out, const char *target) {
  if (!out || !target)
    return flyc__error_set(FLYC_EINVAL, "flyc_ctx_create: out and target are required");
  *out = NULL;
  flyc_ctx_t *c = calloc(1, sizeof *c);
  if (!c)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  int rc = flyc__target_parse(&c->target, target);
  if (rc) {
    free(c);
    return rc;
  }
  c->bops = c->target.ops->builder;
  /* Building IR needs no target: LLVM's targets are initialized by the
   * compile, so a compile served by the cache never pays for them. */
  c->llctx = LLVMContextCreate();
  c->mod = LLVMModuleCreateWithNameInContext("flyc_kernels", c->llctx);
  LLVMSetTarget(c->mod, c->target.ops->triple);
  /* Locals go where the target keeps them (AMDGPU: private memory, address
   * space 5): a body's LLVMBuildAlloca reads it from the layout. Only that
   * entry, so no TargetMachine is needed here; the compile gives the module
   * the target's full layout (issue 13, item 1). */
  if (c->bops->module_layout)
    LLVMSetDataLayout(c->mod, c->bops->module_layout);
  *out = c;
  return FLYC_OK;
}

void flyc_ctx_destroy(flyc_ctx_t *ctx) {
  if (!ctx)
    return;
  if (ctx->mod)
    LLVMDisposeModule(ctx->mod);
  LLVMContextDispose(ctx->llctx);
  for (size_t i = 0; i < ctx->nnames; i++)
    free(ctx->names[i]);
  free(ctx->names);
  free(ctx->dyn_shared);
  free(ctx->xsnips);
  for (size_t i = 0; i < ctx->nspecs; i++)
    free(ctx->specs[i].key);
  free(ctx->specs);
  for (size_t i = 0; i < ctx->nffis; i++) {
    free(ctx->ffis[i].symbol);
    free(ctx->ffis[i].sig);
  }
  free(ctx->ffis);
  for (size_t i = 0; i < ctx->nlibs; i++)
    free(ctx->libs[i]);
  free(ctx->libs);
  for (size_t i = 0; i < ctx->nprocs; i++)
    free((char *)ctx->procs[i].name);
  free(ctx->procs);
  free(ctx);
}

LLVMContextRef flyc_ctx_llvm_context(const flyc_ctx_t *ctx) { return ctx ? ctx->llctx : NULL; }

LLVMModuleRef flyc_ctx_module(const flyc_ctx_t *ctx) { return ctx ? ctx->mod : NULL; }

/* ---- names ---- */

static int name_taken(const flyc_ctx_t *c, const char *name) {
  for (size_t i = 0; i < c->nnames; i++)
    if (strcmp(c->names[i], name) == 0)
      return 1;
  /* Going past FlyDSL: any symbol already in the module counts too. */
  return LLVMGetNamedFunction(c->mod, name) || LLVMGetNamedGlobal(c->mod, name);
}

/* A kernel name both families' assemblers take: PTX identifiers have no
 * '.', and an AMDGPU kernel `k` owns the symbol `k.kd`. */
static int valid_name(const flyc_ctx_t *c, const char *s) {
  size_t n = strlen(s);
  if (!n || (*s >= '0' && *s <= '9') || n > 200)
    return 0;
  /* LLVM's intrinsics, flyc's helpers and the device libraries they call. */
  static const char *const reserved[] = {"llvm.", "__flyc", "__ockl_", "__ocml_", "__oclc_",
                                         "__nv_"};
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (strncmp(s, reserved[i], strlen(reserved[i])) == 0)
      return 0;
  if (n >= 3 && strcmp(s + n - 3, ".kd") == 0)
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_' || *s == '$' || (*s == '.' && c->bops->name_dot)))
      return 0;
  return 1;
}

/* The kernel's unique name, malloc'ed (FlyDSL kernel_function.py: an
 * explicit name verbatim, else `<base>_<id>`; a taken one gets `_<n>` from
 * the current id up). */
int flyc__kb_pick_name(flyc_ctx_t *c, const flyc_kernel_def_t *d, char **out) {
  const char *want = d->name ? d->name : d->base ? d->base : "kernel";
  if (!valid_name(c, want))
    return flyc__error_set(FLYC_EINVAL,
                           "kernel %s '%.200s' is not a valid symbol name for %s (letters, "
                           "digits, '_', '$'%s; not starting with a digit, 'llvm.', '__flyc', "
                           "'__ockl_', '__ocml_', '__oclc_' or '__nv_'; at most 200 characters)",
                           d->name ? "name" : "base", want, c->target.id,
                           c->bops->name_dot ? ", '.' (not ending '.kd')" : "");
  /* FlyDSL's unique_kernel_name(base, id): the candidate is the explicit
   * name, or `<base>_<id>` for an unnamed kernel; while it is taken,
   * `<candidate>_<n>` for n = id, id + 1, ... */
  char first[232], buf[256];
  if (d->name)
    snprintf(first, sizeof first, "%s", want);
  else
    snprintf(first, sizeof first, "%s_%u", want, c->counter);
  snprintf(buf, sizeof buf, "%s", first);
  for (unsigned n = c->counter; name_taken(c, buf); n++)
    snprintf(buf, sizeof buf, "%s_%u", first, n);
  *out = strdup(buf);
  return *out ? FLYC_OK : flyc__error_set(FLYC_ENOMEM, "out of memory");
}

int flyc_ctx_compile(flyc_ctx_t *ctx, const flyc_compile_options_t *options,
                     flyc_artifact_t **out) {
  if (out)
    *out = NULL;
  if (!ctx || !out)
    return flyc__error_set(FLYC_EINVAL, "flyc_ctx_compile: context and out are required");
  if (!ctx->mod)
    return flyc__error_set(FLYC_EINVAL, "flyc_ctx_compile: the context was already compiled");
  if (ctx->in_body)
    return flyc__error_set(FLYC_EINVAL, "flyc_ctx_compile: called from a kernel body");
  if (!ctx->nnames)
    return flyc__error_set(FLYC_EINVAL, "flyc_ctx_compile: the context has no kernel");
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  if (options) {
    int rc = flyc__options_copy(&o, options); /* the one size rule (options.c) */
    if (rc)
      return rc;
  }
  if (o.target) {
    flyc_target_t t;
    int rc = flyc__target_parse(&t, o.target);
    if (rc)
      return rc;
    if (strcmp(t.id, ctx->target.id) != 0)
      return flyc__error_set(FLYC_EINVAL,
                             "flyc_ctx_compile: options.target %s is not the context's %s",
                             t.id, ctx->target.id);
  }
  o.target = ctx->target.id;
  /* fast_fp_math at compile time: the device libraries as clang's
   * -ffast-math builds them. */
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT;
  flyc_hints_current(&h);
  if (h.fast_fp_math == 1)
    o.flags |= FLYC_COMPILE_UNSAFE_MATH | FLYC_COMPILE_FINITE_ONLY;
  if ((o.link_library_count && !o.link_libraries) || o.link_library_count > 4096)
    return flyc__error_set(FLYC_EINVAL, "flyc_ctx_compile: %zu link libraries and "
                                        "link_libraries %s (at most 4096)",
                           o.link_library_count, o.link_libraries ? "set" : "NULL");
  /* The options' link libraries, then the link_extern ones not among them. */
  const char **libs = calloc(o.link_library_count + ctx->nlibs + 1, sizeof *libs);
  if (!libs)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  size_t nl = 0;
  for (size_t i = 0; i < o.link_library_count; i++)
    libs[nl++] = o.link_libraries[i];
  for (size_t i = 0; i < ctx->nlibs; i++) {
    int dup = 0;
    for (size_t j = 0; j < o.link_library_count && !dup; j++) {
      char *canon = o.link_libraries[j] ? realpath(o.link_libraries[j], NULL) : NULL;
      dup = canon && strcmp(canon, ctx->libs[i]) == 0;
      free(canon);
    }
    if (!dup)
      libs[nl++] = ctx->libs[i];
  }
  o.link_libraries = libs;
  o.link_library_count = nl;
  /* What the builder knows besides the IR (the dynamic shared memory each
   * kernel's allocator took, the processors its link_extern calls need)
   * travels in the job: onto the artifact and into the cache key. */
  flyc__job_extras_t x = {(const char *const *)ctx->names, ctx->dyn_shared, ctx->nnames,
                          ctx->procs, ctx->nprocs};
  LLVMModuleRef m = ctx->mod;
  ctx->mod = NULL; /* consumed, success or not */
  int rc = flyc__compile_module_job(out, m, &o, &x);
  free(libs);
  return rc;
}

size_t flyc_ctx_link_library_count(const flyc_ctx_t *ctx) { return ctx ? ctx->nlibs : 0; }

const char *flyc_ctx_link_library(const flyc_ctx_t *ctx, size_t index) {
  return ctx && index < ctx->nlibs ? ctx->libs[index] : NULL;
}

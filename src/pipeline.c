/* The compile pipeline (flyc/compile.h): input, link, internalize, optimize,
 * codegen, in that order, with per-stage times. */
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
#include "target/checks.h"
#include "stage/stage.h"

static void diag_handler(LLVMDiagnosticInfoRef di, void *payload) {
  flyc_compile_t *c = payload;
  LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
  if (sev == LLVMDSRemark)
    return;
  char *d = LLVMGetDiagInfoDescription(di);
  flyc_buf_t *b = sev == LLVMDSError ? &c->diag : &c->log;
  if (b->len)
    flyc__buf_append(b, "\n", 1);
  flyc__buf_printf(b, "%s%s", sev == LLVMDSError ? "" : sev == LLVMDSWarning ? "warning: " : "note: ",
                   d ? d : "(no description)");
  LLVMDisposeMessage(d);
}

/* Takes the entry point's normalized options (flyc__options_copy). */
static void use_options(flyc_compile_t *c, const flyc_compile_options_t *o) {
  c->opts = *o;
  c->opt_level = o->opt_level == FLYC_OPT_DEFAULT ? 3 : (int)(o->opt_level - FLYC_OPT_O0);
}

static void compile_free(flyc_compile_t *c) {
  if (c->mod)
    LLVMDisposeModule(c->mod);
  if (c->tm)
    LLVMDisposeTargetMachine(c->tm);
  if (c->ctx && c->own_ctx)
    LLVMContextDispose(c->ctx);
  LLVMDisposeMessage(c->datalayout);
  flyc__buf_free(&c->diag);
  flyc__buf_free(&c->log);
  flyc__buf_free(&c->inputs);
  flyc__origins_free(c);
  for (size_t i = 0; i < c->kernel_count; i++)
    free(c->kernels[i]);
  free(c->kernels);
  flyc_artifact_destroy(c->artifact);
}

static int collect_kernels(flyc_compile_t *c) {
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && c->target.ops->is_kernel(c->mod, f))
      n++;
  if (!n)
    return flyc__error_set(FLYC_EIR,
                           "the module defines no kernel (AMDGPU: an amdgpu_kernel "
                           "function; NVPTX: a ptx_kernel function or an "
                           "nvvm.annotations \"kernel\" entry)");
  c->kernels = calloc(n, sizeof *c->kernels);
  if (!c->kernels)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !c->target.ops->is_kernel(c->mod, f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    LLVMLinkage l = LLVMGetLinkage(f);
    if (!len)
      return flyc__error_set(FLYC_EIR, "a kernel has no name; a kernel is found by its "
                                       "symbol");
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage)
      return flyc__error_set(FLYC_EIR,
                             "kernel '%s' has %s linkage; a kernel is an entry point the "
                             "runtime looks up, so it must be external",
                             name, l == LLVMInternalLinkage ? "internal" : "private");
    /* linkonce/weak/available_externally kernels would be dropped or left
     * undefined; as entry points they are external. */
    if (l != LLVMExternalLinkage)
      LLVMSetLinkage(f, LLVMExternalLinkage);
    if (!(c->kernels[c->kernel_count] = strdup(name)))
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    c->kernel_count++;
  }
  return FLYC_OK;
}

/* The module after a stage, when the compile dumps (dump.c). */
static int dump(flyc_compile_t *c, const char *suffix) {
  return c->dump_dir ? flyc__dump_module(c->dump_dir, c->dump_key, suffix, c->mod) : FLYC_OK;
}

/* The pipeline on c->mod, which the caller has parsed into c->ctx. */
static int run(flyc_compile_t *c, const char *name) {
  int rc;
  uint64_t t0 = flyc__now_us(), t;
  if ((rc = dump(c, "1-parse.ll")) || (rc = flyc__check_triple_layout(c, c->mod, name, 1)))
    return rc;
  if ((rc = flyc__check_flag_shapes(c->mod, "input", name, FLYC_EIR)) ||
      (rc = flyc__verify(c, name, FLYC_EIR)) || (rc = flyc__check_intrinsics(c, c->mod, name)))
    return rc;
  if ((rc = collect_kernels(c)))
    return rc;
  /* Kernels first, so that a message names a kernel rather than a header's
   * helper (clang's -O0 HIP has __cxa_pure_virtual first). */
  for (int kernels = 1; kernels >= 0; kernels--)
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
      if (LLVMIsDeclaration(f) || c->target.ops->is_kernel(c->mod, f) != kernels)
        continue;
      size_t len;
      flyc__origin_add(c, LLVMGetValueName2(f, &len), name);
      /* The same checks as for a library, but the culprit is the input. */
      if ((rc = c->target.ops->check_function(c, f, name)))
        return flyc__error_recode(FLYC_EIR);
    }
  if ((rc = c->target.ops->prepare(c)))
    return rc;
  t = flyc__now_us();
  c->times.parse_us += t - t0;
  t0 = t;
  if ((rc = flyc__link_libraries(c)))
    return rc;
  t = flyc__now_us();
  c->times.link_us = t - t0;
  t0 = t;
  if (!(c->opts.flags & FLYC_COMPILE_NO_DEVICE_LIBS) &&
      (rc = flyc__devlibs_link(c)))
    return rc;
  t = flyc__now_us();
  c->times.devlib_us = t - t0;
  t0 = t;
  if ((rc = flyc__internalize(c)) || (rc = flyc__check_undefined(c)) ||
      (rc = flyc__check_intrinsics(c, c->mod, "the linked module")) ||
      (rc = flyc__check_supported(c, "the linked module")) ||
      (rc = flyc__verify(c, "the linked module", FLYC_ELINK)) ||
      (c->target.ops->finalize && (rc = c->target.ops->finalize(c))) ||
      (rc = dump(c, "2-link.ll")))
    return rc;
  t = flyc__now_us();
  c->times.internalize_us = t - t0;
  t0 = t;
  if ((rc = flyc__optimize(c)) || (rc = flyc__check_supported(c, "the optimized module")) ||
      (rc = flyc__check_kernels_reachable(c)) ||
      (rc = dump(c, "3-opt.ll")))
    return rc;
  c->times.optimize_us = flyc__now_us() - t0;
  return c->target.ops->codegen(c);
}

static int setup(flyc_compile_t *c, const flyc__job_t *job) {
  int rc;
  use_options(c, &job->opts);
  c->libs = job->libs;
  c->closure = job->closure;
  c->dump_dir = job->dump_key[0] ? job->dump_dir : NULL; /* no key, no dumps */
  c->dump_key = job->dump_key;
  if ((rc = flyc__target_parse(&c->target, c->opts.target)))
    return rc;
  if ((rc = c->target.ops->checks->check_codegen(&c->target, c->opts.codegen)))
    return rc;
  return flyc__retarget(c); /* c->short_ptr is 0 here */
}

static int finish(flyc_compile_t *c, uint64_t start, flyc_artifact_t **out) {
  flyc_artifact_t *a = c->artifact;
  c->times.total_us = flyc__now_us() - start;
  a->times = c->times;
  if (!a->log)
    a->log = flyc__buf_take(&c->log);
  if (!a->inputs)
    a->inputs = flyc__buf_take(&c->inputs);
  *out = a;
  c->artifact = NULL;
  return FLYC_OK;
}

static int pipeline_buffer(flyc_artifact_t **out, const void *data, size_t size,
                          const char *checked, const char *name,
                          const flyc__job_t *job) {
  if (!name)
    name = "<buffer>";
  uint64_t start = flyc__now_us();
  flyc_compile_t c;
  memset(&c, 0, sizeof c);
  int rc = setup(&c, job);
  if (rc == FLYC_OK) {
    c.ctx = LLVMContextCreate();
    c.own_ctx = 1;
    LLVMContextSetDiagnosticHandler(c.ctx, diag_handler, &c);
    rc = flyc__parse_ir(&c, data, size, checked, name, &c.mod, FLYC_EIR);
  }
  if (rc == FLYC_OK)
    rc = run(&c, name);
  if (rc == FLYC_OK)
    rc = finish(&c, start, out);
  compile_free(&c);
  return rc;
}

static int pipeline_module(flyc_artifact_t **out, LLVMModuleRef module,
                           const flyc__job_t *job) {
  uint64_t start = flyc__now_us();
  flyc_compile_t c;
  memset(&c, 0, sizeof c);
  c.mod = module; /* consumed on every path by compile_free */
  c.ctx = LLVMGetModuleContext(module);
  LLVMDiagnosticHandler old_h = LLVMContextGetDiagnosticHandler(c.ctx);
  void *old_p = LLVMContextGetDiagnosticContext(c.ctx);
  LLVMContextSetDiagnosticHandler(c.ctx, diag_handler, &c);
  size_t len;
  const char *id = LLVMGetModuleIdentifier(module, &len);
  char *name = strndup(id && len ? id : "<module>", id && len ? len : 8);
  int rc = name ? setup(&c, job) : flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (rc == FLYC_OK)
    rc = run(&c, name);
  if (rc == FLYC_OK)
    rc = finish(&c, start, out);
  compile_free(&c);
  LLVMContextSetDiagnosticHandler(c.ctx, old_h, old_p);
  free(name);
  return rc;
}

int flyc__pipeline_run(const flyc__job_t *job, flyc_artifact_t **out) {
  return job->module ? pipeline_module(out, job->module, job)
                     : pipeline_buffer(out, job->input, job->input_size, job->checked,
                                       job->name, job);
}

/* Kernel emission: the kernel's declaration, the body run, and keeping or
 * removing what it built (flyc/kernel.h). */
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

/* The builder of the body running on this thread, if any. */
_Thread_local flyc_kernel_builder_t *flyc__current_kb;

/* Declares the kernel with its target's convention and block size
 * (bops->declare_kernel). A target's kernel mark and bounds that must wait
 * for the body's success come from mark_kernel() (NVPTX). */
static LLVMValueRef declare_kernel(flyc_ctx_t *c, const char *name, LLVMTypeRef *types,
                                   const flyc_kernel_def_t *d, const uint32_t block[3],
                                   const flyc_compile_hints_t *h, unsigned fmf) {
  LLVMContextRef lc = c->llctx;
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(lc), types, (unsigned)d->param_count, 0);
  LLVMValueRef fn = LLVMAddFunction(c->mod, name, fty);
  for (size_t i = 0; i < d->param_count; i++) {
    const flyc_param_t *p = &d->params[i];
    LLVMValueRef a = LLVMGetParam(fn, (unsigned)i);
    if (p->name)
      LLVMSetValueName2(a, p->name, strlen(p->name));
    if (p->kind == FLYC_PARAM_PTR && p->noalias)
      add_enum_attr(lc, fn, (unsigned)i + 1, "noalias", 0);
    if (p->kind == FLYC_PARAM_PTR && p->align > 1)
      add_enum_attr(lc, fn, (unsigned)i + 1, "align", p->align);
    if (p->kind == FLYC_PARAM_TENSOR_MAP) { /* clang's `const __grid_constant__ CUtensorMap` */
      unsigned k = LLVMGetEnumAttributeKindForName("byval", 5);
      LLVMTypeRef map = LLVMArrayType(LLVMInt8TypeInContext(lc), 128);
      LLVMAddAttributeAtIndex(fn, (unsigned)i + 1, LLVMCreateTypeAttribute(lc, k, map));
      add_enum_attr(lc, fn, (unsigned)i + 1, "align", 64);
      c->bops->grid_constant(c->mod, fn, (unsigned)i); /* checked by prepare_def() */
    }
  }
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  flyc__hints_apply(c, fn, h, fmf);
  if (c->bops->kernel_cc)
    LLVMSetFunctionCallConv(fn, c->bops->kernel_cc);
  if (c->bops->declare_kernel)
    c->bops->declare_kernel(lc, fn, block, MAX_BLOCK);
  return fn;
}

static void mark_kernel(flyc_ctx_t *c, LLVMValueRef fn, const uint32_t block[3],
                        const flyc_compile_hints_t *h) {
  if (c->bops->mark_kernel)
    c->bops->mark_kernel(c->mod, fn, block, h);
}

/* Grows the per-kernel arrays by one; FLYC_OK or FLYC_ENOMEM. */
static int grow_kernels(flyc_ctx_t *c) {
  char **names = realloc(c->names, (c->nnames + 1) * sizeof *names);
  if (names)
    c->names = names;
  uint32_t *dyn = names ? realloc(c->dyn_shared, (c->nnames + 1) * sizeof *dyn) : NULL;
  if (dyn)
    c->dyn_shared = dyn;
  spec_t *specs = dyn ? realloc(c->specs, (c->nspecs + 1) * sizeof *specs) : NULL;
  if (specs)
    c->specs = specs;
  return specs ? FLYC_OK : flyc__error_set(FLYC_ENOMEM, "out of memory");
}

/* Forgets what a failed body registered (link_extern libraries and
 * processors): only kernels that are kept register anything. */
static void unregister_from(flyc_ctx_t *c, size_t nlibs, size_t nprocs, size_t nffis) {
  while (c->nlibs > nlibs)
    free(c->libs[--c->nlibs]);
  while (c->nprocs > nprocs)
    free((char *)c->procs[--c->nprocs].name);
  /* ffi declarations the body made: gone with their only caller. */
  while (c->nffis > nffis) {
    ffi_decl_t *d = &c->ffis[--c->nffis];
    LLVMValueRef f = d->created ? LLVMGetNamedFunction(c->mod, d->symbol) : NULL;
    if (f && LLVMIsDeclaration(f) && !LLVMGetFirstUse(f))
      LLVMDeleteFunction(f);
    free(d->symbol);
    free(d->sig);
  }
}

/* One emit in progress, from its checked definition to the kept kernel. */
typedef struct emit {
  flyc_ctx_t *ctx;
  const flyc_kernel_def_t *def; /* &d */
  flyc_kernel_def_t d;          /* the caller's, at this flyc's size */
  flyc_param_t *params;         /* d.params, each at this flyc's size */
  uint32_t block[3];
  flyc_compile_hints_t hints;
  unsigned fmf;
  LLVMTypeRef *types; /* the parameters' types */
  int specialised;
  flyc_buf_t key; /* the specialisation's identity, if specialised */
  char *name;
  LLVMValueRef fn;
  size_t nlibs, nprocs, nffis; /* what the context had registered before the body */
  LLVMValueRef last_global; /* the module's last global before the body ran */
} emit_t;

static void emit_free(emit_t *e) {
  free(e->params);
  e->params = NULL;
  free(e->types);
  e->types = NULL;
  free(e->name);
  e->name = NULL;
  flyc__buf_free(&e->key);
}

/* The caller's parameters at this flyc's size: an array walked with the
 * first element's size as its stride. */
static int copy_params(emit_t *e) {
  size_t n = e->d.param_count;
  if (!n)
    return FLYC_OK;
  const char *p = (const char *)e->d.params;
  uint32_t stride;
  memcpy(&stride, p, sizeof stride);
  e->params = calloc(n, sizeof *e->params);
  if (!e->params)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; i < n; i++) {
    uint32_t size;
    memcpy(&size, p + i * stride, sizeof size);
    if (size != stride)
      return flyc__error_set(FLYC_EINVAL, "flyc_param_t: params[%zu].size %u is not params[0]'s "
                                          "%u (every element of the array has the same size)",
                             i, size, stride);
    int rc = flyc__struct_in(&e->params[i], sizeof *e->params, p + i * stride, FLYC__PARAM_V1,
                             "flyc_param_t");
    if (rc)
      return rc;
  }
  e->d.params = e->params;
  return FLYC_OK;
}

/* Checks what the emit is given and computes the definition's types and
 * specialisation key. */
static int prepare_def(emit_t *e) {
  flyc_ctx_t *ctx = e->ctx;
  const flyc_kernel_def_t *def = e->def;
  if (!ctx->mod)
    return flyc__error_set(FLYC_EINVAL, "flyc_kernel_emit: the context was already compiled");
  if (ctx->in_body)
    return flyc__error_set(FLYC_EINVAL, "flyc_kernel_emit: called from a kernel body; emit "
                                        "kernels one after another");
  if (def->param_count && !def->params)
    return flyc__error_set(FLYC_EINVAL, "flyc_kernel_emit: %zu parameters but params is NULL",
                           def->param_count);
  if (def->param_count > 1024)
    return flyc__error_set(FLYC_EINVAL, "flyc_kernel_emit: %zu parameters (at most 1024)",
                           def->param_count);
  e->hints.size = sizeof e->hints;
  flyc_hints_current(&e->hints);
  int rc = copy_params(e);
  if (rc == FLYC_OK)
    rc = flyc__def_check_block(def, e->block);
  if (rc == FLYC_OK)
    rc = flyc__def_check_constexprs(def);
  if (rc == FLYC_OK)
    rc = flyc__hints_check(ctx, &e->hints);
  if (rc)
    return rc;
  e->types = calloc(def->param_count + 1, sizeof *e->types);
  if (!e->types)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; rc == FLYC_OK && i < def->param_count; i++) {
    rc = flyc__def_param_type(ctx->llctx, &def->params[i], i, &e->types[i]);
    const char *why = NULL;
    if (rc == FLYC_OK && def->params[i].kind == FLYC_PARAM_TENSOR_MAP &&
        (why = flyc__kb_tma_missing(ctx)))
      rc = flyc__error_set(FLYC_EUNSUPPORTED, "kernel '%s', parameter %zu ('%s'): a tensor "
                           "map on %s: %s",
                           def->name ? def->name : def->base ? def->base : "kernel", i,
                           def->params[i].name ? def->params[i].name : "", ctx->target.id, why);
  }
  e->specialised = def->constexpr_count || def->launch_block;
  if (rc == FLYC_OK && e->specialised) {
    flyc__def_spec_key(&e->key, def, e->block, &e->hints);
    if (e->key.oom)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  return rc;
}

/* The kernel an earlier emit of the same specialisation gave, or NULL. */
static const char *find_spec(const emit_t *e) {
  const flyc_ctx_t *ctx = e->ctx;
  for (size_t i = 0; e->key.len && i < ctx->nspecs; i++)
    if (ctx->specs[i].len == e->key.len && memcmp(ctx->specs[i].key, e->key.data, e->key.len) == 0)
      return ctx->names[ctx->specs[i].kernel];
  return NULL;
}

/* Names the kernel, makes room for it and declares its function. */
static int declare(emit_t *e) {
  int rc = flyc__kb_pick_name(e->ctx, e->def, &e->name);
  if (rc == FLYC_OK)
    rc = grow_kernels(e->ctx);
  if (rc)
    return rc;
  e->fmf = flyc__hints_fmf(&e->hints);
  e->fn = declare_kernel(e->ctx, e->name, e->types, e->def, e->block, &e->hints, e->fmf);
  free(e->types);
  e->types = NULL;
  return FLYC_OK;
}

/* What a body's status means for the emit (the helpers' first error wins). */
static int body_status(const emit_t *e, int helper_rc, int body_rc) {
  if (helper_rc)
    return helper_rc; /* the helper's message is the one to keep */
  if (!body_rc)
    return FLYC_OK;
  if (flyc__is_status(body_rc))
    return flyc_error_last()->code == body_rc
               ? body_rc
               : flyc__error_set(body_rc, "the body of kernel '%s' failed with %s", e->name,
                                 flyc_status_name(body_rc));
  return flyc__error_set(FLYC_EINVAL, "the body of kernel '%s' failed (it returned %d)", e->name,
                         body_rc);
}

/* Runs the body into the entry block, then verifies what it left. */
static int run_body(emit_t *e, flyc_kernel_builder_t *kb) {
  flyc_ctx_t *ctx = e->ctx;
  const flyc_kernel_def_t *def = e->def;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx->llctx, e->fn, "entry"));
  memset(kb, 0, sizeof *kb);
  kb->ctx = ctx;
  kb->b = b;
  kb->fn = e->fn;
  kb->name = e->name;
  memcpy(kb->block, e->block, sizeof kb->block);
  kb->cx = def->constexprs;
  kb->ncx = def->constexpr_count;
  kb->hints = e->hints;
  kb->fmf = e->fmf;
  e->nlibs = ctx->nlibs, e->nprocs = ctx->nprocs, e->nffis = ctx->nffis;
  int rc = FLYC_OK;
  LLVMValueRef *args = calloc(def->param_count + 1, sizeof *args);
  if (!args)
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; args && i < def->param_count; i++)
    args[i] = LLVMGetParam(e->fn, (unsigned)i);
  if (args && flyc__kb_scope_def(kb, def))
    rc = kb->rc;
  flyc_error_clear(); /* so a body's status without a message is noticed */
  ctx->in_body = 1;
  flyc_kernel_builder_t *outer = flyc__current_kb; /* another context's body may emit */
  flyc__current_kb = kb;
  int body_rc = args && !rc ? def->body(kb, b, args, def->payload) : FLYC_OK;
  flyc__current_kb = outer;
  ctx->in_body = 0;
  free(args);
  if (rc == FLYC_OK)
    rc = body_status(e, kb->rc, body_rc);
  if (kb->rc && kb->first && strcmp(flyc_error_last()->message, kb->first))
    flyc__error_set(kb->rc, "%s", kb->first); /* the first error, not the last */
  free(kb->first);
  kb->first = NULL;
  flyc__kb_scope_free(kb);
  int open = flyc__kb_regions_closed(kb, rc == FLYC_OK);
  rc = rc ? rc : open;
  int early = flyc__kb_wgmma_closed(kb, rc == FLYC_OK);
  rc = rc ? rc : early;
  if (rc == FLYC_OK)
    rc = flyc__kb_tma_maps_read(kb, def);
  /* The block the body ends in gets the kernel's `ret void`, unless it has
   * its own. */
  LLVMBasicBlockRef last = LLVMGetInsertBlock(b);
  if (rc == FLYC_OK && last && !LLVMGetBasicBlockTerminator(last))
    LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  kb->b = NULL;
  if (rc == FLYC_OK) {
    char *msg = NULL;
    if (LLVMVerifyFunction(e->fn, LLVMReturnStatusAction)) {
      /* The function verifier's text comes with the module verifier. */
      LLVMVerifyModule(ctx->mod, LLVMReturnStatusAction, &msg);
      /* The builder's usual cause of that one: a value made inside an if
       * arm or a loop body, used after the region ended (its results are
       * what flows out: the if's phis, the loop's results). */
      int dom = msg && strstr(msg, "does not dominate all uses");
      rc = flyc__error_set(FLYC_EIR, "kernel '%s': the body left invalid IR%s: %s", e->name,
                           dom ? " (a value made inside an if arm or a loop body is used after "
                                 "that region ended: use the region's results, or yield it)"
                               : "",
                           msg && *msg ? msg : "(no message)");
    }
    LLVMDisposeMessage(msg);
  }
  return rc;
}

/* A failed body: the kernel and what the body registered go. */
static void rollback(emit_t *e) {
  /* Whatever the body made refer to the kernel (a global holding its
   * address) must not dangle. */
  LLVMReplaceAllUsesWith(e->fn, LLVMGetPoison(LLVMTypeOf(e->fn)));
  LLVMDeleteFunction(e->fn);
  /* The globals flyc's helpers made for it (block-reduction slots, static
   * shared memory, printf formats), now unused. Not the caller's own, to
   * which it may hold a handle, nor the context's dynamic region. */
  LLVMModuleRef m = e->ctx->mod;
  LLVMValueRef g = e->last_global ? LLVMGetNextGlobal(e->last_global) : LLVMGetFirstGlobal(m);
  while (g) {
    LLVMValueRef next = LLVMGetNextGlobal(g);
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (g != e->ctx->dyn_global && !LLVMGetFirstUse(g) &&
        (starts(name, "__flyc_") || starts(name, ".str.flyc")))
      LLVMDeleteGlobal(g);
    g = next;
  }
  unregister_from(e->ctx, e->nlibs, e->nprocs, e->nffis);
}

/* A kernel kept: its final attributes, and the context's records of it. */
static const char *commit(emit_t *e, const flyc_kernel_builder_t *kb) {
  flyc_ctx_t *ctx = e->ctx;
  flyc__hints_apply(ctx, e->fn, &e->hints, e->fmf);
  mark_kernel(ctx, e->fn, e->block, &e->hints);
  if (e->specialised) {
    ctx->specs[ctx->nspecs].key = e->key.data; /* the buffer's bytes, handed over */
    ctx->specs[ctx->nspecs].len = e->key.len;
    ctx->specs[ctx->nspecs++].kernel = ctx->nnames;
    memset(&e->key, 0, sizeof e->key);
  }
  ctx->dyn_shared[ctx->nnames] =
      kb->shared.live && kb->shared.mode == FLYC_SHARED_DYNAMIC ? (uint32_t)kb->shared.used : 0;
  ctx->names[ctx->nnames++] = e->name;
  ctx->counter++;
  const char *name = e->name;
  e->name = NULL; /* the context's now */
  return name;
}

int flyc_kernel_emit(flyc_ctx_t *ctx, const flyc_kernel_def_t *def, const char **name_out) {
  if (name_out)
    *name_out = NULL;
  static const char required[] = "flyc_kernel_emit: context, definition and body are required";
  if (!ctx || !def)
    return flyc__error_set(FLYC_EINVAL, "%s", required);
  emit_t e;
  memset(&e, 0, sizeof e);
  e.ctx = ctx;
  e.def = &e.d;
  int rc = flyc__struct_in(&e.d, sizeof e.d, def, FLYC__KERNEL_DEF_V1, "flyc_kernel_def_t");
  if (rc == FLYC_OK && !e.d.body)
    rc = flyc__error_set(FLYC_EINVAL, "%s", required);
  if (rc == FLYC_OK)
    rc = prepare_def(&e);
  /* The same specialisation again: the kernel it gave before. */
  const char *again = rc == FLYC_OK ? find_spec(&e) : NULL;
  if (rc == FLYC_OK && !again)
    rc = declare(&e);
  if (rc || again) {
    emit_free(&e);
    if (again && name_out)
      *name_out = again;
    return rc;
  }
  flyc_kernel_builder_t kb;
  e.last_global = LLVMGetLastGlobal(ctx->mod);
  rc = run_body(&e, &kb);
  if (rc) {
    rollback(&e);
    emit_free(&e);
    return rc;
  }
  const char *name = commit(&e, &kb);
  emit_free(&e);
  if (name_out)
    *name_out = name;
  return FLYC_OK;
}

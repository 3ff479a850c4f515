/* The kernel builder: compilation contexts, kernel definitions and the
 * helpers kernel bodies use (flyc/kernel.h). What differs per target family
 * (calling convention, intrinsics, how block sizes are declared) is in the
 * two small tables at the top. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "flyc/kernel.h"
#include "flyc/llvm.h"
#include "internal.h"

#define MAX_BLOCK 1024 /* threads a block, both families */

typedef struct family {
  unsigned kernel_cc; /* LLVM calling convention of kernels */
  const char *tid[3], *bid[3], *ntid[3], *nbid[3]; /* i32 intrinsics, or NULL */
  const char *ockl_ntid, *ockl_nbid; /* i64 (i32 axis) device-library calls */
  /* An IR snippet defining the always-inline barrier function. */
  const char *barrier_ir;
} family_t;

static const family_t amdgpu = {
    91, /* amdgpu_kernel */
    {"llvm.amdgcn.workitem.id.x", "llvm.amdgcn.workitem.id.y", "llvm.amdgcn.workitem.id.z"},
    {"llvm.amdgcn.workgroup.id.x", "llvm.amdgcn.workgroup.id.y", "llvm.amdgcn.workgroup.id.z"},
    {NULL, NULL, NULL},
    {NULL, NULL, NULL},
    "__ockl_get_local_size",
    "__ockl_get_num_groups",
    /* What clang emits for __syncthreads(). */
    "define void @__flyc_barrier() alwaysinline convergent nounwind {\n"
    "  fence syncscope(\"workgroup\") release\n"
    "  call void @llvm.amdgcn.s.barrier()\n"
    "  fence syncscope(\"workgroup\") acquire\n"
    "  ret void\n}\n"
    "declare void @llvm.amdgcn.s.barrier()\n",
};

static const family_t nvptx = {
    0, /* C; kernels are marked in nvvm.annotations */
    {"llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.read.ptx.sreg.tid.y",
     "llvm.nvvm.read.ptx.sreg.tid.z"},
    {"llvm.nvvm.read.ptx.sreg.ctaid.x", "llvm.nvvm.read.ptx.sreg.ctaid.y",
     "llvm.nvvm.read.ptx.sreg.ctaid.z"},
    {"llvm.nvvm.read.ptx.sreg.ntid.x", "llvm.nvvm.read.ptx.sreg.ntid.y",
     "llvm.nvvm.read.ptx.sreg.ntid.z"},
    {"llvm.nvvm.read.ptx.sreg.nctaid.x", "llvm.nvvm.read.ptx.sreg.nctaid.y",
     "llvm.nvvm.read.ptx.sreg.nctaid.z"},
    NULL,
    NULL,
    "define void @__flyc_barrier() alwaysinline convergent nounwind {\n"
    "  call void @llvm.nvvm.barrier0()\n"
    "  ret void\n}\n"
    "declare void @llvm.nvvm.barrier0()\n",
};

struct flyc_ctx {
  flyc_target_t target;
  const family_t *fam;
  LLVMContextRef llctx;
  LLVMModuleRef mod; /* NULL once compiled */
  char **names;      /* kernel name registry, in emit order */
  size_t nnames;
  unsigned counter; /* FlyDSL's kernel_counter */
  int in_body;      /* a body is running: emit and compile are refused */
  LLVMValueRef barrier; /* flyc's __flyc_barrier, once linked */
};

struct flyc_kernel_builder {
  flyc_ctx_t *ctx;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  uint32_t block[3]; /* known_block_size, or zeros */
  int rc;            /* first helper error */
};

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
  c->fam = c->target.family == FLYC_TARGET_AMDGPU ? &amdgpu : &nvptx;
  flyc__llvm_init();
  c->llctx = LLVMContextCreate();
  c->mod = LLVMModuleCreateWithNameInContext("flyc_kernels", c->llctx);
  LLVMSetTarget(c->mod, c->target.ops->triple);
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
          *s == '_' || *s == '$' || (*s == '.' && c->target.family == FLYC_TARGET_AMDGPU)))
      return 0;
  return 1;
}

/* The kernel's unique name, malloc'ed (FlyDSL kernel_function.py: an
 * explicit name verbatim, then `_<n>` from the current id up; else
 * `<base>_<id>`). */
static int pick_name(flyc_ctx_t *c, const flyc_kernel_def_t *d, char **out) {
  const char *want = d->name ? d->name : d->base ? d->base : "kernel";
  if (!valid_name(c, want))
    return flyc__error_set(FLYC_EINVAL,
                           "kernel %s '%.200s' is not a valid symbol name for %s (letters, "
                           "digits, '_', '$'%s; not starting with a digit, 'llvm.', '__flyc', "
                           "'__ockl_', '__ocml_', '__oclc_' or '__nv_'; at most 200 characters)",
                           d->name ? "name" : "base", want, c->target.id,
                           c->target.family == FLYC_TARGET_AMDGPU ? ", '.' (not ending '.kd')"
                                                                  : "");
  char buf[256];
  if (d->name && !name_taken(c, want)) {
    snprintf(buf, sizeof buf, "%s", want);
  } else {
    for (unsigned n = c->counter;; n++) {
      snprintf(buf, sizeof buf, "%s_%u", want, n);
      if (!name_taken(c, buf))
        break;
    }
  }
  *out = strdup(buf);
  return *out ? FLYC_OK : flyc__error_set(FLYC_ENOMEM, "out of memory");
}

/* ---- definitions ---- */

static int check_block(const flyc_kernel_def_t *d, uint32_t block[3]) {
  block[0] = block[1] = block[2] = 0;
  if (!d->known_block_size)
    return d->known_block_size_count
               ? flyc__error_set(FLYC_EINVAL, "known_block_size is NULL but its count is %zu",
                                 d->known_block_size_count)
               : FLYC_OK;
  if (d->known_block_size_count != 3)
    return flyc__error_set(FLYC_EINVAL,
                           "known_block_size must have exactly 3 elements (x, y, z), not %zu",
                           d->known_block_size_count);
  uint64_t p = 1;
  for (int i = 0; i < 3; i++) {
    int64_t v = d->known_block_size[i];
    if (v <= 0 || v > MAX_BLOCK)
      return flyc__error_set(FLYC_EINVAL,
                             "known_block_size[%d] = %lld (%c) must be a positive integer of at "
                             "most %d",
                             i, (long long)v, "xyz"[i], MAX_BLOCK);
    block[i] = (uint32_t)v;
    p *= (uint64_t)v;
  }
  if (p > MAX_BLOCK)
    return flyc__error_set(FLYC_EINVAL,
                           "known_block_size %u x %u x %u = %llu threads exceeds the %d a "
                           "block can have",
                           block[0], block[1], block[2], (unsigned long long)p, MAX_BLOCK);
  return FLYC_OK;
}

static int param_type(LLVMContextRef lc, const flyc_param_t *p, size_t i, LLVMTypeRef *t) {
  switch (p->kind) {
  case FLYC_PARAM_PTR:
    /* Generic/flat, global, shared/LDS, constant: the same numbers on both
     * families; private (AMDGPU 5, NVPTX 5 local) is per thread. */
    if (p->addrspace != 0 && p->addrspace != 1 && p->addrspace != 3 && p->addrspace != 4)
      return flyc__error_set(FLYC_EINVAL,
                             "parameter %zu ('%s'): address space %u is not one a kernel "
                             "pointer can have (0 generic, 1 global, 3 shared, 4 constant)",
                             i, p->name ? p->name : "", p->addrspace);
    if (p->align & (p->align - 1))
      return flyc__error_set(FLYC_EINVAL, "parameter %zu: align %u is not a power of two", i,
                             p->align);
    *t = LLVMPointerTypeInContext(lc, p->addrspace);
    return FLYC_OK;
  case FLYC_PARAM_INT:
    if (p->bits != 1 && p->bits != 8 && p->bits != 16 && p->bits != 32 && p->bits != 64)
      break;
    *t = LLVMIntTypeInContext(lc, p->bits);
    return FLYC_OK;
  case FLYC_PARAM_FLOAT:
    if (p->bits == 16)
      *t = LLVMHalfTypeInContext(lc);
    else if (p->bits == 32)
      *t = LLVMFloatTypeInContext(lc);
    else if (p->bits == 64)
      *t = LLVMDoubleTypeInContext(lc);
    else
      break;
    return FLYC_OK;
  default:
    return flyc__error_set(FLYC_EINVAL, "parameter %zu ('%s'): unknown kind %d", i,
                           p->name ? p->name : "", (int)p->kind);
  }
  return flyc__error_set(FLYC_EINVAL, "parameter %zu ('%s'): %u bits is not a %s width", i,
                         p->name ? p->name : "", p->bits,
                         p->kind == FLYC_PARAM_INT ? "kernel integer (1, 8, 16, 32, 64)"
                                                   : "kernel float (16, 32, 64)");
}

static void add_enum_attr(LLVMContextRef lc, LLVMValueRef fn, unsigned idx, const char *kind,
                          uint64_t val) {
  unsigned k = LLVMGetEnumAttributeKindForName(kind, strlen(kind));
  LLVMAddAttributeAtIndex(fn, idx, LLVMCreateEnumAttribute(lc, k, val));
}

static void nvvm_annotate(flyc_ctx_t *c, LLVMValueRef fn, const char *key, uint32_t v) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->llctx);
  LLVMMetadataRef ops[3] = {LLVMValueAsMetadata(fn),
                            LLVMMDStringInContext2(c->llctx, key, strlen(key)),
                            LLVMValueAsMetadata(LLVMConstInt(i32, v, 0))};
  LLVMMetadataRef node = LLVMMDNodeInContext2(c->llctx, ops, 3);
  LLVMAddNamedMetadataOperand(c->mod, "nvvm.annotations", LLVMMetadataAsValue(c->llctx, node));
}

/* Declares the kernel with its target's convention and block size. NVPTX's
 * nvvm.annotations are added by mark_kernel() once the body succeeded (named
 * metadata operands cannot be removed through llvm-c). */
static LLVMValueRef declare_kernel(flyc_ctx_t *c, const char *name, LLVMTypeRef *types,
                                   const flyc_kernel_def_t *d, const uint32_t block[3]) {
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
  }
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  uint32_t total = block[0] * block[1] * block[2];
  if (c->target.family == FLYC_TARGET_AMDGPU) {
    LLVMSetFunctionCallConv(fn, c->fam->kernel_cc);
    char fw[32];
    if (total)
      snprintf(fw, sizeof fw, "%u,%u", total, total);
    else
      snprintf(fw, sizeof fw, "1,%d", MAX_BLOCK);
    flyc__fn_set_attr(lc, fn, "amdgpu-flat-work-group-size", fw);
    flyc__fn_set_attr(lc, fn, "uniform-work-group-size", "true");
    if (total) {
      LLVMTypeRef i32 = LLVMInt32TypeInContext(lc);
      LLVMMetadataRef ops[3];
      for (int i = 0; i < 3; i++)
        ops[i] = LLVMValueAsMetadata(LLVMConstInt(i32, block[i], 0));
      unsigned kind = LLVMGetMDKindIDInContext(lc, "reqd_work_group_size", 20);
      LLVMSetMetadata(fn, kind, LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, ops, 3)));
    }
  }
  return fn;
}

static void mark_kernel(flyc_ctx_t *c, LLVMValueRef fn, const uint32_t block[3]) {
  if (c->target.family != FLYC_TARGET_NVPTX)
    return;
  nvvm_annotate(c, fn, "kernel", 1);
  if (block[0]) {
    nvvm_annotate(c, fn, "reqntidx", block[0]);
    nvvm_annotate(c, fn, "reqntidy", block[1]);
    nvvm_annotate(c, fn, "reqntidz", block[2]);
  }
}

int flyc_kernel_emit(flyc_ctx_t *ctx, const flyc_kernel_def_t *def, const char **name_out) {
  if (name_out)
    *name_out = NULL;
  if (!ctx || !def || !def->body)
    return flyc__error_set(FLYC_EINVAL, "flyc_kernel_emit: context, definition and body are "
                                        "required");
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
  uint32_t block[3];
  int rc = check_block(def, block);
  if (rc)
    return rc;
  LLVMTypeRef *types = calloc(def->param_count + 1, sizeof *types);
  if (!types)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; rc == FLYC_OK && i < def->param_count; i++)
    rc = param_type(ctx->llctx, &def->params[i], i, &types[i]);
  char *name = NULL;
  if (rc == FLYC_OK)
    rc = pick_name(ctx, def, &name);
  char **names = rc ? NULL : realloc(ctx->names, (ctx->nnames + 1) * sizeof *names);
  if (rc == FLYC_OK && !names)
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (rc) {
    free(types);
    free(name);
    return rc;
  }
  ctx->names = names;
  LLVMValueRef fn = declare_kernel(ctx, name, types, def, block);
  free(types);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx->llctx, fn, "entry"));
  flyc_kernel_builder_t kb = {ctx, b, fn, {block[0], block[1], block[2]}, FLYC_OK};
  LLVMValueRef *args = calloc(def->param_count + 1, sizeof *args);
  if (!args)
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; args && i < def->param_count; i++)
    args[i] = LLVMGetParam(fn, (unsigned)i);
  flyc_error_clear(); /* so a body's status without a message is noticed */
  ctx->in_body = 1;
  int body_rc = args ? def->body(&kb, b, args, def->payload) : FLYC_OK;
  ctx->in_body = 0;
  free(args);
  LLVMDisposeBuilder(b);
  if (rc == FLYC_OK && kb.rc)
    rc = kb.rc; /* the helper's message is the one to keep */
  if (rc == FLYC_OK && body_rc) {
    if (body_rc < 0 && body_rc >= FLYC_ENOTSERIALIZABLE)
      rc = flyc_error_last()->code == body_rc
               ? body_rc
               : flyc__error_set(body_rc, "the body of kernel '%s' failed with %s", name,
                                 flyc_status_name(body_rc));
    else
      rc = flyc__error_set(FLYC_EINVAL, "the body of kernel '%s' failed (it returned %d)", name,
                           body_rc);
  }
  if (rc == FLYC_OK) {
    char *msg = NULL;
    if (LLVMVerifyFunction(fn, LLVMReturnStatusAction)) {
      /* The function verifier's text comes with the module verifier. */
      LLVMVerifyModule(ctx->mod, LLVMReturnStatusAction, &msg);
      rc = flyc__error_set(FLYC_EIR, "kernel '%s': the body left invalid IR: %s", name,
                           msg && *msg ? msg : "(no message)");
    }
    LLVMDisposeMessage(msg);
  }
  if (rc) {
    /* Whatever the body made refer to the kernel (a global holding its
     * address) must not dangle. */
    LLVMReplaceAllUsesWith(fn, LLVMGetPoison(LLVMTypeOf(fn)));
    LLVMDeleteFunction(fn);
    free(name);
    return rc;
  }
  mark_kernel(ctx, fn, block);
  ctx->names[ctx->nnames++] = name;
  ctx->counter++;
  if (name_out)
    *name_out = name;
  return FLYC_OK;
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
    if (options->size < offsetof(flyc_compile_options_t, opt_level) || options->size > sizeof o)
      return flyc__error_set(FLYC_EINVAL, "flyc_ctx_compile: options.size %u is not one this "
                                          "flyc knows (use FLYC_COMPILE_OPTIONS_INIT)",
                             options->size);
    memcpy(&o, options, options->size);
    o.size = sizeof o;
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
  LLVMModuleRef m = ctx->mod;
  ctx->mod = NULL; /* consumed, success or not */
  return flyc_compile_module(out, m, &o);
}

/* ---- helpers ---- */

static int helper_ok(flyc_kernel_builder_t *kb, unsigned axis, const char *what) {
  if (!kb || !kb->b)
    return 0;
  if (axis > 2) {
    if (!kb->rc)
      kb->rc = flyc__error_set(FLYC_EINVAL, "%s: axis %u is not 0, 1 or 2 (x, y, z)", what, axis);
    return 0;
  }
  return 1;
}

/* Calls `name` of type `fty`, declared on first use. A module symbol of that
 * name with another shape is in the way: NULL, and the emit fails. */
static LLVMValueRef call(flyc_kernel_builder_t *kb, const char *name, LLVMTypeRef fty,
                         LLVMValueRef *args, unsigned nargs) {
  LLVMValueRef f = LLVMGetNamedFunction(kb->ctx->mod, name);
  if (!f && !LLVMGetNamedGlobal(kb->ctx->mod, name))
    f = LLVMAddFunction(kb->ctx->mod, name, fty);
  else if (!f || LLVMGlobalGetValueType(f) != fty || LLVMGetFunctionCallConv(f) != 0) {
    if (!kb->rc)
      kb->rc = flyc__error_set(FLYC_EINVAL, "the module already has a '%s' that is not the "
                                            "declaration flyc needs", name);
    return NULL;
  }
  return LLVMBuildCall2(kb->b, fty, f, args, nargs, "");
}

/* A call to `name`: i32 (), or, with `arg`, i64 (i32) truncated to i32. */
static LLVMValueRef call_i32(flyc_kernel_builder_t *kb, const char *name, int has_arg,
                             unsigned arg) {
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), i64 = LLVMInt64TypeInContext(lc);
  if (!has_arg)
    return call(kb, name, LLVMFunctionType(i32, NULL, 0, 0), NULL, 0);
  LLVMValueRef a = LLVMConstInt(i32, arg, 0);
  LLVMValueRef v = call(kb, name, LLVMFunctionType(i64, &i32, 1, 0), &a, 1);
  return v ? LLVMBuildTrunc(kb->b, v, i32, "") : NULL;
}

LLVMValueRef flyc_kb_thread_idx(flyc_kernel_builder_t *kb, unsigned axis) {
  return helper_ok(kb, axis, "flyc_kb_thread_idx") ? call_i32(kb, kb->ctx->fam->tid[axis], 0, 0)
                                                   : NULL;
}

LLVMValueRef flyc_kb_block_idx(flyc_kernel_builder_t *kb, unsigned axis) {
  return helper_ok(kb, axis, "flyc_kb_block_idx") ? call_i32(kb, kb->ctx->fam->bid[axis], 0, 0)
                                                  : NULL;
}

LLVMValueRef flyc_kb_block_dim(flyc_kernel_builder_t *kb, unsigned axis) {
  if (!helper_ok(kb, axis, "flyc_kb_block_dim"))
    return NULL;
  if (kb->block[0])
    return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), kb->block[axis], 0);
  const family_t *f = kb->ctx->fam;
  return f->ntid[axis] ? call_i32(kb, f->ntid[axis], 0, 0) : call_i32(kb, f->ockl_ntid, 1, axis);
}

LLVMValueRef flyc_kb_grid_dim(flyc_kernel_builder_t *kb, unsigned axis) {
  if (!helper_ok(kb, axis, "flyc_kb_grid_dim"))
    return NULL;
  const family_t *f = kb->ctx->fam;
  return f->nbid[axis] ? call_i32(kb, f->nbid[axis], 0, 0) : call_i32(kb, f->ockl_nbid, 1, axis);
}

LLVMValueRef flyc_kb_lane_id(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_lane_id"))
    return NULL;
  if (kb->ctx->target.family == FLYC_TARGET_NVPTX)
    return call_i32(kb, "llvm.nvvm.read.ptx.sreg.laneid", 0, 0);
  /* Lanes below this one in the wavefront: mbcnt over an all-ones mask, as
   * HIP's __lane_id(). */
  LLVMTypeRef i32 = LLVMInt32TypeInContext(kb->ctx->llctx), ps[2] = {i32, i32};
  LLVMTypeRef fty = LLVMFunctionType(i32, ps, 2, 0);
  LLVMValueRef args[2] = {LLVMConstAllOnes(i32), LLVMConstInt(i32, 0, 0)};
  LLVMValueRef lo = call(kb, "llvm.amdgcn.mbcnt.lo", fty, args, 2);
  if (!lo || kb->ctx->target.wave != 64)
    return lo;
  args[1] = lo;
  return call(kb, "llvm.amdgcn.mbcnt.hi", fty, args, 2);
}

LLVMValueRef flyc_kb_wave_size(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_wave_size"))
    return NULL;
  return LLVMConstInt(LLVMInt32TypeInContext(kb->ctx->llctx), kb->ctx->target.wave, 0);
}

static void quiet_diag(LLVMDiagnosticInfoRef d, void *p) { (void)d, (void)p; }

int flyc_kb_barrier(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_barrier"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_barrier: called outside a kernel body");
  flyc_ctx_t *c = kb->ctx;
  LLVMValueRef f = c->barrier;
  if (!f && (LLVMGetNamedFunction(c->mod, "__flyc_barrier") ||
             LLVMGetNamedGlobal(c->mod, "__flyc_barrier")))
    return kb->rc = flyc__error_set(FLYC_EINVAL, "the module already has a '__flyc_barrier' "
                                                 "(a name flyc reserves)");
  if (!f) {
    /* Parsed from text: llvm-c before LLVM 20 cannot build a fence with a
     * sync scope. */
    const char *ir = c->fam->barrier_ir;
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), "flyc-barrier");
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    if (LLVMParseIRInContext(c->llctx, buf, &m, &msg)) {
      kb->rc = flyc__error_set(FLYC_EIR, "flyc_kb_barrier: internal IR rejected: %s",
                               msg ? msg : "");
      LLVMDisposeMessage(msg);
      return kb->rc;
    }
    LLVMSetTarget(m, LLVMGetTarget(c->mod));
    LLVMSetDataLayout(m, LLVMGetDataLayoutStr(c->mod));
    /* LLVM's default diagnostic handler prints and exits; swallow them. */
    LLVMDiagnosticHandler old_h = LLVMContextGetDiagnosticHandler(c->llctx);
    void *old_p = LLVMContextGetDiagnosticContext(c->llctx);
    LLVMContextSetDiagnosticHandler(c->llctx, quiet_diag, NULL);
    int failed = LLVMLinkModules2(c->mod, m);
    LLVMContextSetDiagnosticHandler(c->llctx, old_h, old_p);
    if (failed)
      return kb->rc = flyc__error_set(FLYC_ELINK, "flyc_kb_barrier: linking the barrier failed");
    /* External in the snippet (the linker drops unreferenced internal
     * symbols); internal from now on, inlined and gone after optimization. */
    f = LLVMGetNamedFunction(c->mod, "__flyc_barrier");
    if (!f)
      return kb->rc = flyc__error_set(FLYC_ELINK, "flyc_kb_barrier: the barrier was not linked");
    LLVMSetLinkage(f, LLVMInternalLinkage);
    c->barrier = f;
  }
  LLVMBuildCall2(kb->b, LLVMGlobalGetValueType(f), f, NULL, 0, "");
  return FLYC_OK;
}

LLVMValueRef flyc_kb_function(const flyc_kernel_builder_t *kb) { return kb ? kb->fn : NULL; }

LLVMContextRef flyc_kb_llvm_context(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->llctx : NULL;
}

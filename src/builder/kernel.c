/* The kernel builder: compilation contexts, kernel definitions and the
 * helpers kernel bodies use (flyc/kernel.h). What differs per target family
 * (calling convention, intrinsics, how block sizes are declared) is in the
 * two small tables at the top. */
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
    0, /* C; mark_kernel() gives the ptx_kernel convention */
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

/* Snippets linked once per context: the barrier, then AMDGPU's fences by
 * scope (1-3) and order (1-4). */
#define SNIPPET_BARRIER 0
#define SNIPPET_FENCE(scope, order) (((scope) - 1) * 4 + (order))
#define NSNIPPETS 13

/* One emitted specialisation: its identity (spec_key()) and kernel. */
typedef struct spec {
  char *key;
  size_t len;
  size_t kernel; /* index in names */
} spec_t;

/* An ffi symbol declared in the module, with its signature (ffi_sig()). */
typedef struct ffi_decl {
  char *symbol, *sig;
  int created; /* flyc added the declaration (not a function of the caller's) */
} ffi_decl_t;

struct flyc_ctx {
  flyc_target_t target;
  const family_t *fam;
  LLVMContextRef llctx;
  LLVMModuleRef mod; /* NULL once compiled */
  char **names;      /* kernel name registry, in emit order */
  uint32_t *dyn_shared; /* per kernel: dynamic shared bytes taken */
  size_t nnames;
  unsigned counter; /* FlyDSL's kernel_counter */
  int in_body;      /* a body is running: emit and compile are refused */
  LLVMValueRef snippets[NSNIPPETS]; /* flyc's linked helper functions */
  LLVMValueRef dyn_global;          /* the dynamic shared region, once made */
  spec_t *specs;
  size_t nspecs;
  ffi_decl_t *ffis;
  size_t nffis;
  char **libs; /* link_extern bitcode, canonical, first-use order */
  size_t nlibs;
  flyc_processor_t *procs; /* link_extern processors (names malloc'd) */
  size_t nprocs;
};

struct flyc_shared_allocator {
  flyc_kernel_builder_t *kb;
  flyc_shared_mode_t mode;
  unsigned base_align;
  uint64_t used; /* bytes, padding included */
  int live;
};

struct flyc_kernel_builder {
  flyc_ctx_t *ctx;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  const char *name;
  uint32_t block[3]; /* known_block_size, or zeros */
  int rc;            /* first helper error */
  const flyc_constexpr_t *cx;
  size_t ncx;
  flyc_compile_hints_t hints; /* in effect for this kernel */
  unsigned fmf;
  flyc_shared_allocator_t shared;
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
  /* Building IR needs no target: LLVM's targets are initialized by the
   * compile, so a compile served by the cache never pays for them. */
  c->llctx = LLVMContextCreate();
  c->mod = LLVMModuleCreateWithNameInContext("flyc_kernels", c->llctx);
  LLVMSetTarget(c->mod, c->target.ops->triple);
  /* Locals go where the target keeps them (AMDGPU: private memory, address
   * space 5): a body's LLVMBuildAlloca reads it from the layout. Only that
   * entry, so no TargetMachine is needed here; the compile gives the module
   * the target's full layout (issue 13, item 1). */
  if (c->target.family == FLYC_TARGET_AMDGPU)
    LLVMSetDataLayout(c->mod, "A5");
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
          *s == '_' || *s == '$' || (*s == '.' && c->target.family == FLYC_TARGET_AMDGPU)))
      return 0;
  return 1;
}

/* The kernel's unique name, malloc'ed (FlyDSL kernel_function.py: an
 * explicit name verbatim, else `<base>_<id>`; a taken one gets `_<n>` from
 * the current id up). */
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

/* ---- definitions ---- */

static int check_block(const flyc_kernel_def_t *d, uint32_t block[3]) {
  block[0] = block[1] = block[2] = 0;
  if (!d->known_block_size && d->known_block_size_count)
    return flyc__error_set(FLYC_EINVAL, "known_block_size is NULL but its count is %zu",
                           d->known_block_size_count);
  if (d->known_block_size && d->known_block_size_count != 3)
    return flyc__error_set(FLYC_EINVAL,
                           "known_block_size must have exactly 3 elements (x, y, z), not %zu",
                           d->known_block_size_count);
  const char *what = "known_block_size";
  for (int i = 0; d->known_block_size && i < 3; i++) {
    int64_t v = d->known_block_size[i];
    if (v <= 0 || v > MAX_BLOCK)
      return flyc__error_set(FLYC_EINVAL,
                             "known_block_size[%d] = %lld (%c) must be a positive integer of at "
                             "most %d",
                             i, (long long)v, "xyz"[i], MAX_BLOCK);
    block[i] = (uint32_t)v;
  }
  if (d->launch_block) {
    /* FlyDSL (PR #965): a static launch block is the known block size when
     * none is declared, and must match a declared one. */
    for (int i = 0; i < 3; i++) {
      uint32_t v = d->launch_block[i] ? d->launch_block[i] : 1;
      if (v > MAX_BLOCK)
        return flyc__error_set(FLYC_EINVAL,
                               "launch_block[%d] = %u (%c): a block has at most %d threads", i,
                               v, "xyz"[i], MAX_BLOCK);
      if (block[i] && block[i] != v)
        return flyc__error_set(FLYC_EINVAL,
                               "the launch block %c is %u but known_block_size %c is %u "
                               "(a launch that differs is undefined behaviour on AMDGPU)",
                               "xyz"[i], v, "xyz"[i], block[i]);
    }
    if (!block[0]) {
      what = "the launch block";
      for (int i = 0; i < 3; i++)
        block[i] = d->launch_block[i] ? d->launch_block[i] : 1;
    }
  }
  uint64_t p = (uint64_t)block[0] * block[1] * block[2];
  if (p > MAX_BLOCK)
    return flyc__error_set(FLYC_EINVAL,
                           "%s %u x %u x %u = %llu threads exceeds the %d a block can have",
                           what, block[0], block[1], block[2], (unsigned long long)p, MAX_BLOCK);
  return FLYC_OK;
}

static int check_constexprs(const flyc_kernel_def_t *d) {
  if (d->constexpr_count && !d->constexprs)
    return flyc__error_set(FLYC_EINVAL, "%zu constexprs but constexprs is NULL",
                           d->constexpr_count);
  if (d->constexpr_count > 1024)
    return flyc__error_set(FLYC_EINVAL, "%zu constexprs (at most 1024)", d->constexpr_count);
  for (size_t i = 0; i < d->constexpr_count; i++) {
    const flyc_constexpr_t *x = &d->constexprs[i];
    size_t n = x->name ? strlen(x->name) : 0;
    int ok = n >= 1 && n <= 64 && !(x->name[0] >= '0' && x->name[0] <= '9');
    for (size_t j = 0; ok && j < n; j++) {
      char ch = x->name[j];
      ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_';
    }
    if (!ok)
      return flyc__error_set(FLYC_EINVAL,
                             "constexpr %zu: name '%.64s' is not 1 to 64 letters, digits or '_' "
                             "(not starting with a digit)",
                             i, x->name ? x->name : "(null)");
    if (x->kind != FLYC_CONSTEXPR_INT && x->kind != FLYC_CONSTEXPR_FLOAT)
      return flyc__error_set(FLYC_EINVAL, "constexpr '%s': unknown kind %d", x->name,
                             (int)x->kind);
    for (size_t j = 0; j < i; j++)
      if (strcmp(d->constexprs[j].name, x->name) == 0)
        return flyc__error_set(FLYC_EINVAL, "constexpr '%s' is given twice (%zu and %zu)",
                               x->name, j, i);
  }
  return FLYC_OK;
}

/* The builder of the body running on this thread, if any. */
static _Thread_local flyc_kernel_builder_t *current_kb;

/* ---- compile hints: a per-thread stack of merged scopes ---- */

#define MAX_HINT_DEPTH 64
static _Thread_local flyc_compile_hints_t hint_stack[MAX_HINT_DEPTH];
static _Thread_local int hint_depth;

void flyc_hints_current(flyc_compile_hints_t *out) {
  static const flyc_compile_hints_t none = FLYC_COMPILE_HINTS_INIT;
  if (out)
    *out = hint_depth ? hint_stack[hint_depth - 1] : none;
}

int flyc_hints_push(const flyc_compile_hints_t *h) {
  if (!h)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_push: hints are required");
  if (hint_depth == MAX_HINT_DEPTH)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_push: %d hint scopes are already open",
                           MAX_HINT_DEPTH);
  struct {
    const char *name;
    int32_t v, lo, hi;
  } f[] = {{"waves_per_eu", h->waves_per_eu, 0, INT32_MAX},
           {"maxnreg", h->maxnreg, 1, INT32_MAX},
           {"fastmath", h->fastmath, 0, FLYC_FMF_FAST},
           {"fast_fp_math", h->fast_fp_math, 0, 1}};
  for (size_t i = 0; i < sizeof f / sizeof *f; i++)
    if (f[i].v != FLYC_HINT_UNSET && (f[i].v < f[i].lo || f[i].v > f[i].hi))
      return flyc__error_set(FLYC_EINVAL,
                             "compile hint %s = %d is out of range (%d to %d, or "
                             "FLYC_HINT_UNSET)",
                             f[i].name, (int)f[i].v, (int)f[i].lo, (int)f[i].hi);
  flyc_compile_hints_t m;
  flyc_hints_current(&m);
  if (h->waves_per_eu != FLYC_HINT_UNSET)
    m.waves_per_eu = h->waves_per_eu;
  if (h->maxnreg != FLYC_HINT_UNSET)
    m.maxnreg = h->maxnreg;
  if (h->fastmath != FLYC_HINT_UNSET)
    m.fastmath = h->fastmath;
  if (h->fast_fp_math != FLYC_HINT_UNSET)
    m.fast_fp_math = h->fast_fp_math;
  hint_stack[hint_depth++] = m;
  return FLYC_OK;
}

int flyc_hints_pop(void) {
  if (!hint_depth)
    return flyc__error_set(FLYC_EINVAL, "flyc_hints_pop: no hint scope is open");
  hint_depth--;
  return FLYC_OK;
}

/* FlyDSL's effective fastmath: the explicit flags, else fast under
 * fast_fp_math, else none. */
static unsigned effective_fmf(const flyc_compile_hints_t *h) {
  if (h->fastmath != FLYC_HINT_UNSET)
    return (unsigned)h->fastmath;
  return h->fast_fp_math == 1 ? FLYC_FMF_FAST : 0;
}

static int starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The target-dependent limits of the hints. */
static int check_hints(const flyc_ctx_t *c, const flyc_compile_hints_t *h) {
  const char *p = c->target.proc->name;
  int amd = c->target.family == FLYC_TARGET_AMDGPU;
  int big_vgpr = amd && (strcmp(p, "gfx90a") == 0 || starts(p, "gfx94") || starts(p, "gfx95"));
  int waves = !amd                  ? INT32_MAX
              : big_vgpr            ? 8
              : starts(p, "gfx10")  ? 20
              : starts(p, "gfx9")   ? 10
                                    : 16;
  int regs = !amd ? 255 : big_vgpr ? 512 : 256;
  /* Fewer VGPRs than that and LLVM's register allocator gives up. */
  if (amd && h->maxnreg != FLYC_HINT_UNSET && h->maxnreg < 24)
    return flyc__error_set(FLYC_EINVAL, "compile hint maxnreg = %d: AMDGPU kernels need at "
                                        "least 24 VGPRs",
                           (int)h->maxnreg);
  if (h->waves_per_eu != FLYC_HINT_UNSET && h->waves_per_eu > waves)
    return flyc__error_set(FLYC_EINVAL, "compile hint waves_per_eu = %d: %s runs at most %d "
                                        "waves per EU",
                           (int)h->waves_per_eu, p, waves);
  if (h->maxnreg != FLYC_HINT_UNSET && h->maxnreg > regs)
    return flyc__error_set(FLYC_EINVAL, "compile hint maxnreg = %d: %s has at most %d %s",
                           (int)h->maxnreg, p, regs,
                           amd ? "VGPRs a lane" : "registers a thread");
  return FLYC_OK;
}

/* ---- specialisations ---- */

static void key_bytes(flyc_buf_t *k, const void *p, size_t n) { flyc__buf_append(k, p, n); }
static void key_str(flyc_buf_t *k, const char *s) {
  if (s)
    key_bytes(k, s, strlen(s) + 1);
  else
    key_bytes(k, "\xff", 1);
}

/* What identifies a specialisation: the definition (name or base, body,
 * payload address, parameters), its constexpr values, block size and hints. */
static void spec_key(flyc_buf_t *k, const flyc_kernel_def_t *d, const uint32_t block[3],
                     const flyc_compile_hints_t *h) {
  key_str(k, d->name);
  key_str(k, d->name ? NULL : d->base);
  key_bytes(k, &d->body, sizeof d->body);
  key_bytes(k, &d->payload, sizeof d->payload);
  key_bytes(k, &d->param_count, sizeof d->param_count);
  for (size_t i = 0; i < d->param_count; i++) {
    const flyc_param_t *p = &d->params[i];
    uint32_t v[5] = {(uint32_t)p->kind, p->bits, p->addrspace, p->align, p->noalias != 0};
    key_bytes(k, v, sizeof v);
    key_str(k, p->name);
  }
  key_bytes(k, &d->constexpr_count, sizeof d->constexpr_count);
  for (size_t i = 0; i < d->constexpr_count; i++) {
    const flyc_constexpr_t *x = &d->constexprs[i];
    key_str(k, x->name);
    key_bytes(k, &x->kind, sizeof x->kind);
    if (x->kind == FLYC_CONSTEXPR_INT)
      key_bytes(k, &x->i, sizeof x->i);
    else
      key_bytes(k, &x->f, sizeof x->f); /* bits: -0.0 and 0.0 differ */
  }
  key_bytes(k, block, 3 * sizeof *block);
  key_bytes(k, h, sizeof *h);
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

/* The compile hints as function attributes: set when the kernel is
 * declared and again after its body ran, so that a hint wins over what the
 * body set itself (FlyDSL's hints test). */
static void apply_hints(flyc_ctx_t *c, LLVMValueRef fn, const flyc_compile_hints_t *h,
                        unsigned fmf) {
  LLVMContextRef lc = c->llctx;
  /* Fast math as the backends read it per function (what clang sets for
   * -ffast-math and its parts). */
  static const struct {
    unsigned need;
    const char *attr;
  } fm[] = {{FLYC_FMF_NNAN, "no-nans-fp-math"},
            {FLYC_FMF_NINF, "no-infs-fp-math"},
            {FLYC_FMF_NSZ, "no-signed-zeros-fp-math"},
            {FLYC_FMF_AFN, "approx-func-fp-math"},
            {FLYC_FMF_FAST, "unsafe-fp-math"}};
  for (size_t i = 0; i < sizeof fm / sizeof *fm; i++)
    if ((fmf & fm[i].need) == fm[i].need)
      flyc__fn_set_attr(lc, fn, fm[i].attr, "true");
  char num[32];
  if (c->target.family == FLYC_TARGET_AMDGPU && h->waves_per_eu > 0) {
    snprintf(num, sizeof num, "%d", (int)h->waves_per_eu);
    flyc__fn_set_attr(lc, fn, "amdgpu-waves-per-eu", num);
  }
  if (c->target.family == FLYC_TARGET_AMDGPU && h->maxnreg > 0) {
    snprintf(num, sizeof num, "%d", (int)h->maxnreg);
    flyc__fn_set_attr(lc, fn, "amdgpu-num-vgpr", num);
  }
}

/* Declares the kernel with its target's convention and block size. NVPTX's
 * kernel mark and bounds are added by mark_kernel() once the body succeeded
 * (before LLVM 21 they are nvvm.annotations, whose operands llvm-c cannot
 * remove). */
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
  }
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  apply_hints(c, fn, h, fmf);
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

static void mark_kernel(flyc_ctx_t *c, LLVMValueRef fn, const uint32_t block[3],
                        const flyc_compile_hints_t *h) {
  if (c->target.family != FLYC_TARGET_NVPTX)
    return;
  flyc__nvptx_mark_kernel(c->mod, fn);
  if (h->maxnreg > 0) {
    uint32_t v[3] = {(uint32_t)h->maxnreg, 1, 1};
    flyc__nvptx_set_bound(c->mod, fn, FLYC_NVPTX_MAXNREG, v);
  }
  if (block[0])
    flyc__nvptx_set_bound(c->mod, fn, FLYC_NVPTX_REQNTID, block);
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
  flyc_compile_hints_t hints;
  flyc_hints_current(&hints);
  int rc = check_block(def, block);
  if (rc == FLYC_OK)
    rc = check_constexprs(def);
  if (rc == FLYC_OK)
    rc = check_hints(ctx, &hints);
  if (rc)
    return rc;
  LLVMTypeRef *types = calloc(def->param_count + 1, sizeof *types);
  if (!types)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; rc == FLYC_OK && i < def->param_count; i++)
    rc = param_type(ctx->llctx, &def->params[i], i, &types[i]);
  /* The same specialisation again: the kernel it gave before. */
  flyc_buf_t key = {0};
  int specialised = def->constexpr_count || def->launch_block;
  if (rc == FLYC_OK && specialised) {
    spec_key(&key, def, block, &hints);
    if (key.oom)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  for (size_t i = 0; rc == FLYC_OK && key.len && i < ctx->nspecs; i++)
    if (ctx->specs[i].len == key.len && memcmp(ctx->specs[i].key, key.data, key.len) == 0) {
      free(types);
      flyc__buf_free(&key);
      if (name_out)
        *name_out = ctx->names[ctx->specs[i].kernel];
      return FLYC_OK;
    }
  char *name = NULL;
  if (rc == FLYC_OK)
    rc = pick_name(ctx, def, &name);
  if (rc == FLYC_OK)
    rc = grow_kernels(ctx);
  if (rc) {
    free(types);
    free(name);
    flyc__buf_free(&key);
    return rc;
  }
  unsigned fmf = effective_fmf(&hints);
  LLVMValueRef fn = declare_kernel(ctx, name, types, def, block, &hints, fmf);
  free(types);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx->llctx, fn, "entry"));
  flyc_kernel_builder_t kb;
  memset(&kb, 0, sizeof kb);
  kb.ctx = ctx;
  kb.b = b;
  kb.fn = fn;
  kb.name = name;
  memcpy(kb.block, block, sizeof kb.block);
  kb.cx = def->constexprs;
  kb.ncx = def->constexpr_count;
  kb.hints = hints;
  kb.fmf = fmf;
  size_t nlibs = ctx->nlibs, nprocs = ctx->nprocs, nffis = ctx->nffis;
  LLVMValueRef *args = calloc(def->param_count + 1, sizeof *args);
  if (!args)
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; args && i < def->param_count; i++)
    args[i] = LLVMGetParam(fn, (unsigned)i);
  flyc_error_clear(); /* so a body's status without a message is noticed */
  ctx->in_body = 1;
  flyc_kernel_builder_t *outer = current_kb; /* another context's body may emit */
  current_kb = &kb;
  int body_rc = args ? def->body(&kb, b, args, def->payload) : FLYC_OK;
  current_kb = outer;
  ctx->in_body = 0;
  free(args);
  LLVMDisposeBuilder(b);
  kb.b = NULL;
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
    unregister_from(ctx, nlibs, nprocs, nffis);
    free(name);
    flyc__buf_free(&key);
    return rc;
  }
  apply_hints(ctx, fn, &hints, fmf);
  mark_kernel(ctx, fn, block, &hints);
  if (specialised) {
    ctx->specs[ctx->nspecs].key = key.data; /* the buffer's bytes, handed over */
    ctx->specs[ctx->nspecs].len = key.len;
    ctx->specs[ctx->nspecs++].kernel = ctx->nnames;
  }
  ctx->dyn_shared[ctx->nnames] =
      kb.shared.live && kb.shared.mode == FLYC_SHARED_DYNAMIC ? (uint32_t)kb.shared.used : 0;
  ctx->names[ctx->nnames++] = name;
  ctx->counter++;
  if (name_out)
    *name_out = name;
  return FLYC_OK;
}

/* What the builder knows besides the code: the dynamic shared memory each
 * kernel's allocator took, and the processors its link_extern calls need. */
static int decorate(flyc_artifact_t *a, void *p) {
  const flyc_ctx_t *ctx = p;
  for (size_t i = 0; i < a->kernel_count; i++)
    for (size_t j = 0; j < ctx->nnames; j++)
      if (a->kernels[i].name && strcmp(a->kernels[i].name, ctx->names[j]) == 0)
        a->kernels[i].dynamic_shared_size = ctx->dyn_shared[j];
  int rc = FLYC_OK;
  for (size_t i = 0; rc == FLYC_OK && i < ctx->nprocs; i++)
    rc = flyc__artifact_add_processor(a, &ctx->procs[i]);
  return rc;
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
  flyc_compile_hints_t h;
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
  /* What decorate() adds is not in the IR: it goes into the cache key. */
  flyc_buf_t extra = {0};
  for (size_t i = 0; i < ctx->nnames; i++)
    flyc__buf_printf(&extra, "kernel %zu:%s dynamic_shared=%u\n", strlen(ctx->names[i]),
                     ctx->names[i], ctx->dyn_shared[i]);
  if (extra.oom) {
    flyc__buf_free(&extra);
    free(libs);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  LLVMModuleRef m = ctx->mod;
  ctx->mod = NULL; /* consumed, success or not */
  int rc = flyc__compile_module_cached(out, m, &o, ctx->procs, ctx->nprocs,
                                       flyc__buf_str(&extra), decorate, ctx);
  flyc__buf_free(&extra);
  free(libs);
  return rc;
}

size_t flyc_ctx_link_library_count(const flyc_ctx_t *ctx) { return ctx ? ctx->nlibs : 0; }

const char *flyc_ctx_link_library(const flyc_ctx_t *ctx, size_t index) {
  return ctx && index < ctx->nlibs ? ctx->libs[index] : NULL;
}

/* ---- helpers ---- */

static int helper_ok(flyc_kernel_builder_t *kb, unsigned axis, const char *what) {
  if (!kb || !kb->b) {
    /* No body to emit into: the caller gets NULL, and the reason here. */
    flyc__error_set(FLYC_EINVAL, "%s: called outside a kernel body (a body callback's "
                                 "flyc_kernel_builder_t is required)", what);
    return 0;
  }
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

/* Records a helper's error (the first one wins) and returns NULL. */
static LLVMValueRef fail(flyc_kernel_builder_t *kb, int rc) {
  if (!kb->rc)
    kb->rc = rc;
  return NULL;
}

/* The function `fname` defined by the IR snippet `ir`, linked into the
 * module once (slot `slot`). Parsed from text: llvm-c before LLVM 20 cannot
 * build a fence with a sync scope. */
static LLVMValueRef snippet(flyc_kernel_builder_t *kb, int slot, const char *fname,
                            const char *ir) {
  flyc_ctx_t *c = kb->ctx;
  if (c->snippets[slot])
    return c->snippets[slot];
  if (LLVMGetNamedFunction(c->mod, fname) || LLVMGetNamedGlobal(c->mod, fname))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "the module already has a '%s' (a name flyc "
                                                 "reserves)", fname));
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), "flyc-snippet");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(c->llctx, buf, &m, &msg)) {
    int rc = flyc__error_set(FLYC_EIR, "%s: internal IR rejected: %s", fname, msg ? msg : "");
    LLVMDisposeMessage(msg);
    return fail(kb, rc);
  }
  LLVMSetTarget(m, LLVMGetTarget(c->mod));
  LLVMSetDataLayout(m, LLVMGetDataLayoutStr(c->mod));
  /* LLVM's default diagnostic handler prints and exits; swallow them. */
  LLVMDiagnosticHandler old_h = LLVMContextGetDiagnosticHandler(c->llctx);
  void *old_p = LLVMContextGetDiagnosticContext(c->llctx);
  LLVMContextSetDiagnosticHandler(c->llctx, quiet_diag, NULL);
  int failed = LLVMLinkModules2(c->mod, m);
  LLVMContextSetDiagnosticHandler(c->llctx, old_h, old_p);
  LLVMValueRef f = failed ? NULL : LLVMGetNamedFunction(c->mod, fname);
  if (!f)
    return fail(kb, flyc__error_set(FLYC_ELINK, "%s: linking flyc's helper failed", fname));
  /* External in the snippet (the linker drops unreferenced internal
   * symbols); internal from now on, inlined and gone after optimization. */
  LLVMSetLinkage(f, LLVMInternalLinkage);
  return c->snippets[slot] = f;
}

int flyc_kb_barrier(flyc_kernel_builder_t *kb) {
  if (!helper_ok(kb, 0, "flyc_kb_barrier"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_barrier: called outside a kernel body");
  LLVMValueRef f = snippet(kb, SNIPPET_BARRIER, "__flyc_barrier", kb->ctx->fam->barrier_ir);
  if (!f)
    return kb->rc;
  LLVMBuildCall2(kb->b, LLVMGlobalGetValueType(f), f, NULL, 0, "");
  return FLYC_OK;
}

int flyc_kb_fence(flyc_kernel_builder_t *kb, flyc_memory_order_t order,
                  flyc_memory_scope_t scope) {
  if (!helper_ok(kb, 0, "flyc_kb_fence"))
    return flyc__error_set(FLYC_EINVAL, "flyc_kb_fence: called outside a kernel body");
  if (order < FLYC_ORDER_ACQUIRE || order > FLYC_ORDER_SEQ_CST ||
      scope < FLYC_SCOPE_WORKGROUP || scope > FLYC_SCOPE_SYSTEM) {
    fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_fence: order %d or scope %d is not one of "
                                          "flyc_memory_order_t / flyc_memory_scope_t",
                             (int)order, (int)scope));
    return kb->rc;
  }
  static const char *const scopes[] = {"", "workgroup", "agent", "system"};
  if (kb->ctx->target.family == FLYC_TARGET_NVPTX) {
    /* CUDA's __threadfence_block / __threadfence / __threadfence_system. */
    static const char *const membar[] = {"", "llvm.nvvm.membar.cta", "llvm.nvvm.membar.gl",
                                         "llvm.nvvm.membar.sys"};
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(kb->ctx->llctx), NULL, 0, 0);
    return call(kb, membar[scope], fty, NULL, 0) ? FLYC_OK : kb->rc;
  }
  /* AMDGPU: a fence with the scope's syncscope, built directly where llvm-c
   * can (LLVM 20+), else through a parsed IR snippet. */
  static const LLVMAtomicOrdering llorder[] = {
      LLVMAtomicOrderingNotAtomic, LLVMAtomicOrderingAcquire, LLVMAtomicOrderingRelease,
      LLVMAtomicOrderingAcquireRelease, LLVMAtomicOrderingSequentiallyConsistent};
  if (flyc__build_fence(kb->b, llorder[order], scope == FLYC_SCOPE_SYSTEM ? "" : scopes[scope]))
    return FLYC_OK;
  static const char *const orders[] = {"", "acquire", "release", "acq_rel", "seq_cst"};
  char fname[64], ir[256];
  snprintf(fname, sizeof fname, "__flyc_fence_%s_%s", scopes[scope], orders[order]);
  snprintf(ir, sizeof ir,
           "define void @%s() alwaysinline nounwind {\n"
           "  fence %s%s%s %s\n  ret void\n}\n",
           fname, scope == FLYC_SCOPE_SYSTEM ? "" : "syncscope(\"",
           scope == FLYC_SCOPE_SYSTEM ? "" : scopes[scope],
           scope == FLYC_SCOPE_SYSTEM ? "" : "\")", orders[order]);
  LLVMValueRef f = snippet(kb, SNIPPET_FENCE(scope, order), fname, ir);
  if (!f)
    return kb->rc;
  LLVMBuildCall2(kb->b, LLVMGlobalGetValueType(f), f, NULL, 0, "");
  return FLYC_OK;
}

const flyc_constexpr_t *flyc_kb_constexpr(flyc_kernel_builder_t *kb, const char *name) {
  if (!helper_ok(kb, 0, "flyc_kb_constexpr"))
    return NULL;
  for (size_t i = 0; name && i < kb->ncx; i++)
    if (strcmp(kb->cx[i].name, name) == 0)
      return &kb->cx[i];
  fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s' has no constexpr '%.64s'", kb->name,
                           name ? name : "(null)"));
  return NULL;
}

unsigned flyc_kb_fast_math_flags(const flyc_kernel_builder_t *kb) { return kb ? kb->fmf : 0; }

/* ---- shared memory ---- */

static int pow2_align(unsigned a) { return a && !(a & (a - 1)) && a <= 4096; }

flyc_shared_allocator_t *flyc_kb_shared_allocator(flyc_kernel_builder_t *kb,
                                                  flyc_shared_mode_t mode, unsigned base_align) {
  if (!helper_ok(kb, 0, "flyc_kb_shared_allocator"))
    return NULL;
  if (kb->shared.live)
    return (void *)fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s': only one shared "
                                                         "allocator is allowed per kernel",
                                            kb->name));
  if (mode != FLYC_SHARED_STATIC && mode != FLYC_SHARED_DYNAMIC)
    return (void *)fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_shared_allocator: mode %d is "
                                                         "not static (0) or dynamic (1)",
                                            (int)mode));
  if (!base_align)
    base_align = 16;
  if (!pow2_align(base_align))
    return (void *)fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_shared_allocator: base "
                                                         "alignment %u is not a power of two "
                                                         "up to 4096",
                                            base_align));
  kb->shared.kb = kb;
  kb->shared.mode = mode;
  kb->shared.base_align = base_align;
  kb->shared.used = 0;
  kb->shared.live = 1;
  return &kb->shared;
}

/* The module's dynamic shared region (`extern __shared__ char x[]`), its
 * alignment raised to `align`. */
static LLVMValueRef dynamic_region(flyc_kernel_builder_t *kb, unsigned align) {
  flyc_ctx_t *c = kb->ctx;
  static const char name[] = "__flyc_dynamic_shared";
  if (!c->dyn_global) {
    if (LLVMGetNamedFunction(c->mod, name) || LLVMGetNamedGlobal(c->mod, name))
      return fail(kb, flyc__error_set(FLYC_EINVAL, "the module already has a '%s' (a name "
                                                   "flyc reserves)", name));
    LLVMTypeRef t = LLVMArrayType(LLVMInt8TypeInContext(c->llctx), 0);
    c->dyn_global = LLVMAddGlobalInAddressSpace(c->mod, t, name, 3);
    LLVMSetLinkage(c->dyn_global, LLVMExternalLinkage);
    LLVMSetAlignment(c->dyn_global, 16);
  }
  if (LLVMGetAlignment(c->dyn_global) < align)
    LLVMSetAlignment(c->dyn_global, align);
  return c->dyn_global;
}

LLVMValueRef flyc_shared_alloc(flyc_shared_allocator_t *a, uint64_t bytes, unsigned align) {
  if (!a || !a->live) {
    /* A failed flyc_kb_shared_allocator() handed to us: the emit must fail
     * (it has already unless the body dropped that error). */
    int rc = flyc__error_set(FLYC_EINVAL, "flyc_shared_alloc: no allocator (NULL, or not from "
                                          "flyc_kb_shared_allocator())");
    if (current_kb)
      fail(current_kb, rc);
    return NULL;
  }
  if (!helper_ok(a->kb, 0, "flyc_shared_alloc"))
    return NULL;
  flyc_kernel_builder_t *kb = a->kb;
  if (!bytes)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s': a shared allocation must be "
                                                 "larger than 0 bytes",
                                    kb->name));
  if (align && !pow2_align(align))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "kernel '%s': shared alignment %u is not a "
                                                 "power of two up to 4096",
                                    kb->name, align));
  if (align < a->base_align)
    align = a->base_align;
  uint64_t static_max, total_max;
  flyc__shared_limits(kb->ctx->target.id, &static_max, &total_max);
  uint64_t max = a->mode == FLYC_SHARED_STATIC ? static_max : total_max;
  uint64_t off = (a->used + align - 1) & ~(uint64_t)(align - 1);
  if (bytes > max || off + bytes > max)
    return fail(kb, flyc__error_set(FLYC_ECOMPILE,
                                    "kernel '%s': %s shared memory of %llu bytes exceeds the "
                                    "%llu bytes %s allows a block",
                                    kb->name, a->mode == FLYC_SHARED_STATIC ? "static" : "dynamic",
                                    (unsigned long long)(bytes > max ? bytes : off + bytes),
                                    (unsigned long long)max, kb->ctx->target.proc->name));
  a->used = off + bytes;
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc);
  if (a->mode == FLYC_SHARED_STATIC) {
    /* As clang's `__shared__ char x[N]`: internal, undef, addrspace(3). */
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(kb->ctx->mod, LLVMArrayType(i8, (unsigned)bytes),
                                                 "__flyc_shared", 3);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetInitializer(g, LLVMGetUndef(LLVMArrayType(i8, (unsigned)bytes)));
    LLVMSetAlignment(g, align);
    return g;
  }
  LLVMValueRef base = dynamic_region(kb, align);
  if (!base)
    return NULL;
  LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(lc), off, 0);
  return LLVMBuildInBoundsGEP2(kb->b, i8, base, &idx, 1, "shared");
}

uint64_t flyc_shared_allocated(const flyc_shared_allocator_t *a) {
  return a && a->live ? a->used : 0;
}

/* ---- ffi and link_extern ---- */

static const char *type_name(flyc_type_kind_t k) {
  static const char *const n[] = {"?",   "void", "i8",  "i16", "i32",  "i64", "u8", "u16",
                                  "u32", "u64",  "f16", "bf16", "f32", "f64", "ptr"};
  return k >= FLYC_TYPE_VOID && k <= FLYC_TYPE_PTR ? n[k] : n[0];
}

static int is_int_kind(flyc_type_kind_t k) { return k >= FLYC_TYPE_I8 && k <= FLYC_TYPE_U64; }

/* The LLVM type of an ffi type, or NULL for a bad one. */
static LLVMTypeRef ffi_type(LLVMContextRef lc, flyc_type_t t, int result) {
  static const unsigned bits[] = {0, 0, 8, 16, 32, 64, 8, 16, 32, 64};
  if (is_int_kind(t.kind))
    return LLVMIntTypeInContext(lc, bits[t.kind]);
  switch (t.kind) {
  case FLYC_TYPE_VOID: return result ? LLVMVoidTypeInContext(lc) : NULL;
  case FLYC_TYPE_F16: return LLVMHalfTypeInContext(lc);
  case FLYC_TYPE_BF16: return LLVMBFloatTypeInContext(lc);
  case FLYC_TYPE_F32: return LLVMFloatTypeInContext(lc);
  case FLYC_TYPE_F64: return LLVMDoubleTypeInContext(lc);
  case FLYC_TYPE_PTR:
    return t.addrspace <= 5 && t.addrspace != 2 ? LLVMPointerTypeInContext(lc, t.addrspace)
                                                 : NULL;
  default: return NULL;
  }
}

static void sig_type(flyc_buf_t *b, flyc_type_t t) {
  flyc__buf_printf(b, "%s", type_name(t.kind));
  if (t.kind == FLYC_TYPE_PTR)
    flyc__buf_printf(b, " addrspace(%u)", t.addrspace);
}

/* "ret (a, b)[ pure]", for messages and the same-signature rule. */
static void ffi_sig(flyc_buf_t *b, const flyc_ffi_t *f) {
  sig_type(b, f->result);
  flyc__buf_append(b, " (", 2);
  for (size_t i = 0; i < f->arg_count; i++) {
    if (i)
      flyc__buf_append(b, ", ", 2);
    sig_type(b, f->args[i]);
  }
  flyc__buf_printf(b, ")%s", f->pure ? " pure" : "");
}

/* A symbol an ffi may name: not LLVM's intrinsics, flyc's own helpers
 * (`__flyc*`), or the NVVM reflection hook LLVM's passes rewrite. */
static int valid_symbol(const char *s) {
  size_t n = s ? strlen(s) : 0;
  if (!n || n > 200 || (*s >= '0' && *s <= '9') || starts(s, "llvm.") || starts(s, "__flyc") ||
      starts(s, "__nvvm_"))
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_' || *s == '.' || *s == '$'))
      return 0;
  return 1;
}

/* The pure attributes: memory(none) from LLVM 16 (`memory` is an int
 * attribute, 0 = no access), readnone before; nounwind, willreturn. */
static void add_pure(LLVMContextRef lc, LLVMValueRef fn) {
  if (LLVMGetEnumAttributeKindForName("memory", 6))
    add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "memory", 0);
  else
    add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "readnone", 0);
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  add_enum_attr(lc, fn, LLVMAttributeFunctionIndex, "willreturn", 0);
}

/* The declaration of `f` in the module, made on first use. */
static LLVMValueRef ffi_declare(flyc_kernel_builder_t *kb, const flyc_ffi_t *f, LLVMTypeRef fty) {
  flyc_ctx_t *c = kb->ctx;
  flyc_buf_t sig = {0};
  ffi_sig(&sig, f);
  if (sig.oom)
    return fail(kb, flyc__error_set(FLYC_ENOMEM, "out of memory"));
  for (size_t i = 0; i < c->nffis; i++) {
    if (strcmp(c->ffis[i].symbol, f->symbol) != 0)
      continue;
    int same = strcmp(c->ffis[i].sig, flyc__buf_str(&sig)) == 0;
    if (!same)
      fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s' is declared as %s but was declared "
                                            "before as %s",
                               f->symbol, flyc__buf_str(&sig), c->ffis[i].sig));
    flyc__buf_free(&sig);
    LLVMValueRef fn = same ? LLVMGetNamedFunction(c->mod, f->symbol) : NULL;
    if (same && !fn) /* never: a declaration lives as long as its record */
      fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': its declaration is gone", f->symbol));
    return fn;
  }
  for (size_t i = 0; i < c->nnames + 1; i++)
    if (strcmp(i < c->nnames ? c->names[i] : kb->name, f->symbol) == 0) {
      flyc__buf_free(&sig);
      return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s' has the name of a kernel",
                                      f->symbol));
    }
  LLVMValueRef fn = LLVMGetNamedFunction(c->mod, f->symbol);
  if ((!fn && LLVMGetNamedGlobal(c->mod, f->symbol)) ||
      (fn && (LLVMGlobalGetValueType(fn) != fty || LLVMGetFunctionCallConv(fn) != 0))) {
    flyc__buf_free(&sig);
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': the module already has a '%s' "
                                                 "that is not a function of that signature",
                                    f->symbol, f->symbol));
  }
  ffi_decl_t *d = realloc(c->ffis, (c->nffis + 1) * sizeof *d);
  char *sym = strdup(f->symbol), *s = flyc__buf_take(&sig);
  if (d)
    c->ffis = d;
  if (!d || !sym || !s) {
    free(sym);
    free(s);
    return fail(kb, flyc__error_set(FLYC_ENOMEM, "out of memory"));
  }
  c->ffis[c->nffis].symbol = sym;
  c->ffis[c->nffis].sig = s;
  c->ffis[c->nffis++].created = !fn;
  if (!fn) /* a function the module defines already (the caller's) is used as is */
    fn = LLVMAddFunction(c->mod, f->symbol, fty);
  if (f->pure)
    add_pure(c->llctx, fn);
  return fn;
}

LLVMValueRef flyc_kb_call(flyc_kernel_builder_t *kb, const flyc_ffi_t *f, LLVMValueRef *args,
                          size_t n) {
  if (!helper_ok(kb, 0, "flyc_kb_call"))
    return NULL;
  if (!f || !valid_symbol(f->symbol))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_call: an ffi with a symbol of 1 to "
                                                 "200 letters, digits, '_', '.', '$' (not "
                                                 "starting with a digit, 'llvm.', '__flyc' or "
                                                 "'__nvvm_') is required, not '%.200s'",
                                    f && f->symbol ? f->symbol : "(null)"));
  if ((f->arg_count && !f->args) || f->arg_count > 64)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': %zu argument types (at most 64) "
                                                 "and args %s",
                                    f->symbol, f->arg_count, f->args ? "set" : "NULL"));
  LLVMContextRef lc = kb->ctx->llctx;
  LLVMTypeRef ts[64], rt = ffi_type(lc, f->result, 1);
  if (!rt)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': result type %d (addrspace %u) is "
                                                 "not an ffi type",
                                    f->symbol, (int)f->result.kind, f->result.addrspace));
  for (size_t i = 0; i < f->arg_count; i++)
    if (!(ts[i] = ffi_type(lc, f->args[i], 0)))
      return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu has type %s%d "
                                                   "(addrspace %u), not an argument type",
                                      f->symbol, i,
                                      f->args[i].kind == FLYC_TYPE_VOID ? "void, " : "",
                                      (int)f->args[i].kind, f->args[i].addrspace));
  if (n != f->arg_count)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s' expects %zu argument%s, got %zu",
                                    f->symbol, f->arg_count, f->arg_count == 1 ? "" : "s", n));
  if (n && !args)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': %zu arguments but args is NULL",
                                    f->symbol, n));
  LLVMValueRef vs[64];
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef v = args[i];
    LLVMTypeRef want = ts[i], have = v ? LLVMTypeOf(v) : NULL;
    if (!v)
      return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu is NULL", f->symbol,
                                      i));
    if (LLVMGetTypeContext(have) != lc)
      return fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu belongs to another "
                                                   "LLVM context (use flyc_kb_llvm_context())",
                                      f->symbol, i));
    if (is_int_kind(f->args[i].kind) && LLVMGetTypeKind(have) == LLVMIntegerTypeKind) {
      /* FlyDSL's coercion: narrower is extended by the declared signedness,
       * wider truncated. */
      unsigned hw = LLVMGetIntTypeWidth(have), ww = LLVMGetIntTypeWidth(want);
      if (hw > ww)
        v = LLVMBuildTrunc(kb->b, v, want, "");
      else if (hw < ww)
        v = f->args[i].kind >= FLYC_TYPE_U8 ? LLVMBuildZExt(kb->b, v, want, "")
                                            : LLVMBuildSExt(kb->b, v, want, "");
    } else if (have != want) {
      char *h = LLVMPrintTypeToString(have);
      flyc_buf_t w = {0};
      sig_type(&w, f->args[i]);
      fail(kb, flyc__error_set(FLYC_EINVAL, "ffi '%s': argument %zu is %s but the ffi declares "
                                            "%s",
                               f->symbol, i, h, flyc__buf_str(&w)));
      LLVMDisposeMessage(h);
      flyc__buf_free(&w);
      return NULL;
    }
    vs[i] = v;
  }
  LLVMTypeRef fty = LLVMFunctionType(rt, ts, (unsigned)n, 0);
  LLVMValueRef fn = ffi_declare(kb, f, fty);
  if (!fn)
    return NULL;
  LLVMValueRef call = LLVMBuildCall2(kb->b, fty, fn, vs, (unsigned)n, "");
  /* C's promotion of char and short, as clang writes it for both targets:
   * signed 8/16-bit values signext, unsigned zeroext, on the declaration
   * and the call (the link check compares them with the library's). */
  for (size_t i = 0; i <= n; i++) {
    flyc_type_kind_t k = i < n ? f->args[i].kind : f->result.kind;
    const char *ext = k == FLYC_TYPE_I8 || k == FLYC_TYPE_I16   ? "signext"
                      : k == FLYC_TYPE_U8 || k == FLYC_TYPE_U16 ? "zeroext"
                                                                : NULL;
    if (!ext)
      continue;
    unsigned idx = i < n ? (unsigned)i + 1 : (unsigned)LLVMAttributeReturnIndex;
    unsigned kind = LLVMGetEnumAttributeKindForName(ext, strlen(ext));
    LLVMAddAttributeAtIndex(fn, idx, LLVMCreateEnumAttribute(kb->ctx->llctx, kind, 0));
    LLVMAddCallSiteAttribute(call, idx, LLVMCreateEnumAttribute(kb->ctx->llctx, kind, 0));
  }
  return call;
}

/* Registers a link_extern's bitcode and processor on the context, once each. */
static int register_extern(flyc_kernel_builder_t *kb, const flyc_extern_t *e) {
  flyc_ctx_t *c = kb->ctx;
  if (e->bitcode_path) {
    char *canon = realpath(e->bitcode_path, NULL);
    if (!canon)
      return flyc__error_set(errno == ENOMEM ? FLYC_ENOMEM : FLYC_EIO,
                             "link_extern '%s': bitcode '%s': %s", e->ffi->symbol,
                             e->bitcode_path, strerror(errno));
    size_t i = 0;
    while (i < c->nlibs && strcmp(c->libs[i], canon) != 0)
      i++;
    char **libs = i < c->nlibs ? NULL : realloc(c->libs, (c->nlibs + 1) * sizeof *libs);
    if (i < c->nlibs) {
      free(canon);
    } else if (!libs) {
      free(canon);
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    } else {
      c->libs = libs;
      c->libs[c->nlibs++] = canon;
    }
  }
  flyc_processor_t p = e->processor;
  if (!p.fn && !p.name)
    return FLYC_OK;
  if (p.name && !*p.name)
    return flyc__error_set(FLYC_EINVAL, "link_extern '%s': the processor's name is empty (NULL "
                                        "for an unnamed one)",
                           e->ffi->symbol);
  if (p.name) {
    /* A name is what the disk cache keeps: it must be the registry's, with
     * the registry's function. */
    flyc_processor_t reg;
    if (flyc_processor_lookup(p.name, &reg))
      return flyc__error_append(" (the post-load processor of link_extern '%s')",
                                e->ffi->symbol);
    if (p.fn && (p.fn != reg.fn || p.payload != reg.payload))
      return flyc__error_set(FLYC_EINVAL, "link_extern '%s': processor '%s' is given another "
                                          "function or payload than the one registered under "
                                          "that name",
                             e->ffi->symbol, p.name);
    p = reg;
  }
  for (size_t i = 0; i < c->nprocs; i++)
    if (p.name ? c->procs[i].name && strcmp(c->procs[i].name, p.name) == 0
               : !c->procs[i].name && c->procs[i].fn == p.fn &&
                     c->procs[i].payload == p.payload)
      return FLYC_OK;
  flyc_processor_t *ps = realloc(c->procs, (c->nprocs + 1) * sizeof *ps);
  if (!ps)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  c->procs = ps;
  if (p.name && !(p.name = strdup(p.name)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  c->procs[c->nprocs++] = p;
  return FLYC_OK;
}

LLVMValueRef flyc_kb_call_extern(flyc_kernel_builder_t *kb, const flyc_extern_t *e,
                                 LLVMValueRef *args, size_t n) {
  if (!helper_ok(kb, 0, "flyc_kb_call_extern"))
    return NULL;
  if (!e || !e->ffi || !valid_symbol(e->ffi->symbol))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_call_extern: a link_extern with an "
                                                 "ffi that has a valid symbol is required"));
  int rc = register_extern(kb, e);
  return rc ? fail(kb, rc) : flyc_kb_call(kb, e->ffi, args, n);
}

/* ---- device-library math ---- */

LLVMValueRef flyc_kb_math(flyc_kernel_builder_t *kb, flyc_math_fn_t fn, LLVMValueRef x,
                          LLVMValueRef y) {
  if (!helper_ok(kb, 0, "flyc_kb_math"))
    return NULL;
  static const char *const names[] = {"", "exp", "log", "sqrt", "sin", "cos", "rsqrt", "pow",
                                      "erf"};
  if (fn < FLYC_MATH_EXP || fn > FLYC_MATH_ERF)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math: %d is not a flyc_math_fn_t",
                                    (int)fn));
  LLVMTypeKind k = x ? LLVMGetTypeKind(LLVMTypeOf(x)) : LLVMVoidTypeKind;
  if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math(%s): x must be an f32 or f64 "
                                                 "value",
                                    names[fn]));
  if ((fn == FLYC_MATH_POW) != (y != NULL) || (y && LLVMTypeOf(y) != LLVMTypeOf(x)))
    return fail(kb, flyc__error_set(FLYC_EINVAL, "flyc_kb_math(%s): %s", names[fn],
                                    fn == FLYC_MATH_POW ? "y must be given, of x's type"
                                                        : "takes no y"));
  int f64 = k == LLVMDoubleTypeKind;
  char sym[32];
  if (kb->ctx->target.family == FLYC_TARGET_AMDGPU)
    snprintf(sym, sizeof sym, "__ocml_%s_f%d", names[fn], f64 ? 64 : 32);
  else
    snprintf(sym, sizeof sym, "__nv_%s%s", names[fn], f64 ? "" : "f");
  flyc_type_t t = {f64 ? FLYC_TYPE_F64 : FLYC_TYPE_F32, 0}, ts[2] = {t, t};
  flyc_ffi_t f = {sym, t, ts, fn == FLYC_MATH_POW ? 2 : 1, 1};
  LLVMValueRef a[2] = {x, y};
  LLVMValueRef v = flyc_kb_call(kb, &f, a, f.arg_count);
  if (v && kb->fmf)
    flyc__set_fast_math_flags(v, kb->fmf);
  return v;
}

LLVMValueRef flyc_kb_function(const flyc_kernel_builder_t *kb) { return kb ? kb->fn : NULL; }

LLVMContextRef flyc_kb_llvm_context(const flyc_kernel_builder_t *kb) {
  return kb ? kb->ctx->llctx : NULL;
}

/* What the kernel builder's files (src/builder/) share: the context, the
 * kernel builder and the shared allocator, and the helpers one file
 * defines for another. Never installed. */
#ifndef FLYC_BUILDER_H
#define FLYC_BUILDER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "flyc/llvm.h"
#include "internal.h"
#include "target/builder_ops.h"

#define MAX_BLOCK 1024 /* threads a block, both families */

/* Snippets linked once per context: the barrier, then AMDGPU's fences by
 * scope (1-4) and order (1-4). */
#define SNIPPET_BARRIER 0
#define SNIPPET_FENCE(scope, order) (((scope) - 1) * 4 + (order))
#define NSNIPPETS 17

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
  const flyc__builder_ops_t *bops; /* the target's lowering */
  LLVMContextRef llctx;
  LLVMModuleRef mod; /* NULL once compiled */
  char **names;      /* kernel name registry, in emit order */
  uint32_t *dyn_shared; /* per kernel: dynamic shared bytes taken */
  size_t nnames;
  unsigned counter; /* FlyDSL's kernel_counter */
  int in_body;      /* a body is running: emit and compile are refused */
  LLVMValueRef snippets[NSNIPPETS]; /* flyc's linked helper functions */
  LLVMValueRef *xsnips; /* more, found by name (the atomics' on LLVM < 20) */
  size_t nxsnips;
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

/* An open flyc_kb_if_begin() or flyc_kb_for_begin() region (flow.c). */
#define FLYC__KB_MAX_DEPTH 32
typedef struct kb_region {
  char kind;                  /* 'i' an if's then arm, 'e' its else arm, 'f' a for */
  unsigned n;                 /* if: the then arm's yields; for: the carried values */
  LLVMBasicBlockRef a, b;     /* if: else block, join; for: head, exit */
  LLVMBasicBlockRef then_end; /* if: the then arm's last block (NULL: returned) */
  LLVMValueRef step;          /* for */
  unsigned unroll;            /* for: flyc_kb_for_unroll's count + 1, or 0 (none) */
  LLVMValueRef v[FLYC_KB_MAX_CARRIED + 1]; /* if: then yields; for: iv, carried phis */
} kb_region_t;

/* A name of kernel text's scope (scope.c): a read-only binding (a
 * parameter, flyc_kb_let's, a loop variable) or a flyc_kb_do variable. */
typedef struct kb_name {
  char *name;
  LLVMValueRef v;    /* a binding's value; a variable's alloca */
  LLVMTypeRef ty;    /* a variable's type; NULL for a binding */
  LLVMTypeRef elem;  /* a pointer's element type for text, or NULL */
  LLVMValueRef decl; /* a variable's first store: where it is in scope */
  int lit;           /* a build-time number (a constexpr, flyc_kb_let_int): */
  int k;             /* its expr.h literal kind, */
  int64_t i;         /* integer */
  double f;          /* or float value */
} kb_name_t;

struct flyc_kernel_builder {
  flyc_ctx_t *ctx;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  const char *name;
  uint32_t block[3]; /* known_block_size, or zeros */
  int rc;            /* first helper error */
  char *first;       /* its message (malloc'd; later errors overwrite the thread's) */
  const flyc_constexpr_t *cx;
  size_t ncx;
  flyc_compile_hints_t hints; /* in effect for this kernel */
  unsigned fmf;
  flyc_shared_allocator_t shared;
  kb_region_t *regions; /* FLYC__KB_MAX_DEPTH, made by the first begin */
  unsigned depth;       /* regions open */
  unsigned floor;       /* regions an enclosing callback opened: not to be closed here */
  LLVMValueRef red[4];  /* flyc_kb_block_reduce's scratch, one a type (collectives.c) */
  unsigned nred;
  LLVMValueRef *wg;     /* flyc_kb_wgmma's results, in flight until a wait (warpgroup.c) */
  unsigned nwg, capwg;
  kb_name_t *scope;     /* kernel text's names, oldest first (scope.c) */
  size_t nscope, capscope;
};

/* The kernel body's end: when the body succeeded (`body_ok`), an open
 * region is an error naming it; the regions are freed either way (flow.c). */
int flyc__kb_regions_closed(flyc_kernel_builder_t *kb, int body_ok);

/* Puts `llvm.loop` metadata on `latch_br`, a loop's back edge: unroll
 * `count` (flyc_kb_for_unroll()'s meaning), as clang's `#pragma unroll`
 * (hints.c). */
void flyc__kb_loop_unroll_md(flyc_kernel_builder_t *kb, LLVMValueRef latch_br, unsigned count);

/* The builder of the body running on this thread, if any (emit.c). */
extern _Thread_local flyc_kernel_builder_t *flyc__current_kb;

/* flyc_kb_math's function names by flyc_math_fn_t ([0] is ""). */
extern const char *const flyc__math_names[FLYC_MATH_FMOD + 1];

/* ---- ctx.c ---- */

/* The kernel's unique name, malloc'ed. */
int flyc__kb_pick_name(flyc_ctx_t *c, const flyc_kernel_def_t *d, char **out);

/* ---- def.c ---- */

/* The definition's block size: known_block_size or the launch block. */
int flyc__def_check_block(const flyc_kernel_def_t *d, uint32_t block[3]);
int flyc__def_check_constexprs(const flyc_kernel_def_t *d);
/* What identifies a specialisation. */
void flyc__def_spec_key(flyc_buf_t *k, const flyc_kernel_def_t *d, const uint32_t block[3],
                        const flyc_compile_hints_t *h);
/* The LLVM type of parameter `i`. */
int flyc__def_param_type(LLVMContextRef lc, const flyc_param_t *p, size_t i,
                         LLVMTypeRef *t);

/* ---- scope.c ---- */

/* The element type a flyc_param_t `elem` names, or NULL. */
LLVMTypeRef flyc__kb_elem_type(LLVMContextRef lc, const char *name);
/* Binds the kernel's parameters and constexprs by name (before the body
 * runs). */
int flyc__kb_scope_def(flyc_kernel_builder_t *kb, const flyc_kernel_def_t *d);
/* The newest entry named `s` (n bytes) in scope where the builder is; NULL
 * when there is none, *stale set when one exists whose value does not
 * reach here. */
kb_name_t *flyc__kb_scope_find(flyc_kernel_builder_t *kb, const char *s, size_t n, int *stale);
/* A new entry (the name copied), or NULL (recorded, naming `what`). */
kb_name_t *flyc__kb_scope_add(flyc_kernel_builder_t *kb, const char *s, size_t n,
                              const char *what);
/* A new variable of type `t` named s, in the entry block; NULL recorded. */
kb_name_t *flyc__kb_scope_var(flyc_kernel_builder_t *kb, const char *s, size_t n, LLVMTypeRef t,
                              LLVMTypeRef elem);
/* Frees the scope at the end of the body. */
void flyc__kb_scope_free(flyc_kernel_builder_t *kb);

/* ---- warpgroup.c ---- */

/* At the end of a body that built (`body_ok`): FLYC_EINVAL, naming the
 * kernel, when a flyc_kb_wgmma() result is read other than by the
 * warpgroup helpers (before a wait has seen it land); FLYC_OK otherwise.
 * Frees the list either way. */
int flyc__kb_wgmma_closed(flyc_kernel_builder_t *kb, int body_ok);

/* ---- helpers.c ---- */

/* Calls `name` of type `fty`, declared on first use; NULL (recorded) when
 * a module symbol of that name has another shape. */
LLVMValueRef flyc__kb_call(flyc_kernel_builder_t *kb, const char *name, LLVMTypeRef fty,
                           LLVMValueRef *args, unsigned nargs);
/* 1 when `v` may be used at the end of the block being built: a
 * constant, one of this kernel's arguments, or an instruction of this
 * kernel whose block every path to here passes through (not one inside an
 * if arm or loop body that has ended, nor another arm's). */
int flyc__kb_reaches(flyc_kernel_builder_t *kb, LLVMValueRef v);
/* What the target's lowering (bops) emits with. */
flyc__kb_emit_t flyc__kb_emitter(flyc_kernel_builder_t *kb);
/* The function `fname` defined by the IR snippet `ir`, linked into the
 * module once: in slot `slot`, or found by name for slot -1. Parsed from
 * text: llvm-c before LLVM 20 cannot build a syncscope. NULL: recorded. */
LLVMValueRef flyc__kb_snippet(flyc_kernel_builder_t *kb, int slot, const char *fname,
                              const char *ir);

/* ---- tma.c ---- */

/* Why the context's target cannot use TMA (a static message), or NULL
 * when it can (its lowering has the unit and grid-constant parameters). */
const char *flyc__kb_tma_missing(const flyc_ctx_t *c);
/* At the end of a body that built: FLYC_EINVAL, naming the kernel and the
 * parameter, when a tensor-map parameter of `def` is used other than by
 * loads and the TMA helpers (a store into one crashes LLVM's NVPTX
 * backend, or makes PTX that ptxas refuses); FLYC_OK otherwise. */
int flyc__kb_tma_maps_read(flyc_kernel_builder_t *kb, const flyc_kernel_def_t *def);

/* ---- hints.c ---- */

/* FlyDSL's effective fastmath of `h`. */
unsigned flyc__hints_fmf(const flyc_compile_hints_t *h);
/* The target-dependent limits of the hints. */
int flyc__hints_check(const flyc_ctx_t *c, const flyc_compile_hints_t *h);
/* The compile hints as function attributes of `fn`. */
void flyc__hints_apply(flyc_ctx_t *c, LLVMValueRef fn, const flyc_compile_hints_t *h,
                       unsigned fmf);

/* ---- public struct sizes (helpers.c) ---- */

/* The size of `type` up to and including `field`: a first version's size. */
#define FLYC__KERNEL_DEF_V1 FLYC__SIZE_TO(flyc_kernel_def_t, launch_block)
#define FLYC__PARAM_V1 FLYC__SIZE_TO(flyc_param_t, noalias)
#define FLYC__FFI_V1 FLYC__SIZE_TO(flyc_ffi_t, pure)
#define FLYC__EXTERN_V1 FLYC__SIZE_TO(flyc_extern_t, processor)
#define FLYC__HINTS_V1 FLYC__SIZE_TO(flyc_compile_hints_t, fast_fp_math)


/* ---- small helpers every file uses ---- */

static inline int starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static inline void add_enum_attr(LLVMContextRef lc, LLVMValueRef fn, unsigned idx,
                                 const char *kind, uint64_t val) {
  unsigned k = LLVMGetEnumAttributeKindForName(kind, strlen(kind));
  LLVMAddAttributeAtIndex(fn, idx, LLVMCreateEnumAttribute(lc, k, val));
}

static inline int helper_ok(flyc_kernel_builder_t *kb, unsigned axis, const char *what) {
  if (!kb || !kb->b) {
    /* No body to emit into: the caller gets NULL, and the reason here. */
    flyc__error_set(FLYC_EINVAL, "%s: called outside a kernel body (a body callback's "
                                 "flyc_kernel_builder_t is required)", what);
    return 0;
  }
  if (axis > 2) {
    int rc = flyc__error_set(FLYC_EINVAL, "%s: axis %u is not 0, 1 or 2 (x, y, z)", what, axis);
    if (!kb->rc) {
      kb->rc = rc;
      kb->first = strdup(flyc_error_last()->message);
    }
    return 0;
  }
  return 1;
}

/* Records a helper's error (the first one wins, with the thread's message,
 * which is its own) and returns NULL. */
static inline LLVMValueRef fail(flyc_kernel_builder_t *kb, int rc) {
  if (!kb->rc) {
    kb->rc = rc;
    kb->first = strdup(flyc_error_last()->message);
  }
  return NULL;
}

/* `v` is a value of this body's context; else the error, naming `arg`. */
static inline int value_ok(flyc_kernel_builder_t *kb, LLVMValueRef v, const char *what,
                    const char *arg) {
  if (v && LLVMGetTypeContext(LLVMTypeOf(v)) == kb->ctx->llctx)
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s is %s", what, arg,
                           v ? "a value of another LLVM context" : "NULL"));
  return 0;
}

/* `p` a pointer to shared memory (address space 3); else FLYC_EINVAL
 * recorded, naming `arg`, with `tail` after the address space. */
static inline int shared_ptr_ok(flyc_kernel_builder_t *kb, LLVMValueRef p, const char *what,
                                const char *arg, const char *tail) {
  if (!value_ok(kb, p, what, arg))
    return 0;
  LLVMTypeRef t = LLVMTypeOf(p);
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 3)
    return 1;
  fail(kb, flyc__error_set(FLYC_EINVAL, "%s: %s must be a pointer to shared memory (address "
                                        "space 3)%s", what, arg, tail));
  return 0;
}

/* What a failed value helper returns inside a body: poison of the type it
 * would have returned (when that type is the body's context's), so that a
 * body building on it hands llvm-c no NULL to crash on; the emit fails with
 * the first error all the same. `v` itself when it is not NULL, and NULL
 * outside a body or for a type unknown. */
static inline LLVMValueRef or_poison(flyc_kernel_builder_t *kb, LLVMValueRef v, LLVMTypeRef t) {
  if (v || !kb || !kb->b || !kb->rc || !t || LLVMGetTypeContext(t) != kb->ctx->llctx ||
      LLVMGetTypeKind(t) == LLVMVoidTypeKind)
    return v;
  return LLVMGetPoison(t);
}

/* `v`'s type when `v` is a value of the body's context, else NULL. */
static inline LLVMTypeRef type_of(flyc_kernel_builder_t *kb, LLVMValueRef v) {
  return kb && kb->b && v && LLVMGetTypeContext(LLVMTypeOf(v)) == kb->ctx->llctx ? LLVMTypeOf(v)
                                                                               : NULL;
}

/* An integer type of `bits` in the body's context (NULL outside a body). */
static inline LLVMTypeRef kb_type(flyc_kernel_builder_t *kb, unsigned bits) {
  return kb && kb->b ? LLVMIntTypeInContext(kb->ctx->llctx, bits) : NULL;
}

/* A target lowering's NULL: its error (recorded through e->call, or set). */
static inline LLVMValueRef fail_lowering(flyc_kernel_builder_t *kb) {
  int rc = kb->rc ? kb->rc : flyc_error_last()->code;
  return fail(kb, rc ? rc : FLYC_EINVAL);
}

#endif

/* Internals of the compile side (src/). Never installed. */
#ifndef FLYC_SRC_INTERNAL_H
#define FLYC_SRC_INTERNAL_H

#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "../runtime/internal.h"
#include "flyc/compile.h"

/* ---- targets (target/target.c, target/amdgpu.c, target/nvptx.c) ---- */

/* One processor of the table. `llvm_min` is the first LLVM major that knows
 * it, `llvm_max` the last (0: still known); `mach` is the AMDGPU e_flags
 * EF_AMDGPU_MACH value. The hint limits are read by the kernel builder
 * through its ops (target/amdgpu_builder.c). */
typedef struct flyc_proc {
  const char *name;
  uint16_t llvm_min, llvm_max;
  uint16_t mach;        /* AMDGPU */
  uint32_t isa_version; /* AMDGPU: major*1000 + minor*100 + stepping */
  uint8_t wave;         /* default wavefront size */
  uint8_t has_xnack, has_sramecc;
  uint8_t ptx_min;      /* NVPTX: PTX ISA version (x10) the SM needs */
  uint16_t max_regs;    /* the maxnreg hint's limit: VGPRs a lane, PTX registers a thread */
  uint8_t max_waves;    /* AMDGPU: the waves_per_eu hint's limit (waves per EU) */
} flyc_proc_t;

typedef struct flyc_target_ops flyc_target_ops_t;
/* The kernel builder's lowering (target/builder_ops.h). */
typedef struct flyc__builder_ops flyc__builder_ops_t;

/* A parsed target. Value type, no allocation. */
typedef struct flyc_target {
  flyc_target_family_t family;
  const flyc_proc_t *proc;
  const flyc_target_ops_t *ops;
  int xnack, sramecc; /* AMDGPU: -1 any, 0 off, 1 on */
  unsigned wave;
  unsigned ptx_version; /* NVPTX, x10 */
  char id[64];          /* canonical target ID */
  char features[96];    /* LLVM feature string */
} flyc_target_t;

typedef struct flyc_compile flyc_compile_t;
/* What an AMDGPU code object's ELF header says (codeobj section below). */
struct flyc_elf_facts;
/* A device library a family links on demand (stage/devlibs.c). */
typedef struct flyc__devlib {
  const char *prefix; /* a used declaration whose name starts so asks for it */
  const char *file;   /* its file name, looked for on the device library path */
} flyc__devlib_t;
/* The family's rules for the generic IR checks (target/checks.h). */
typedef struct flyc__target_checks flyc__target_checks_t;
extern const flyc__target_checks_t flyc__amdgpu_checks; /* target/amdgpu_check.c */
extern const flyc__target_checks_t flyc__nvptx_checks;  /* target/nvptx_check.c */

/* What differs per target family. */
struct flyc_target_ops {
  const char *triple;
  const char *target_name; /* LLVM target registry name */
  /* 1 when `fn` is a kernel entry. */
  int (*is_kernel)(LLVMModuleRef mod, LLVMValueRef fn);
  /* Prepares the module after parsing (module flags, attributes). */
  int (*prepare)(flyc_compile_t *c);
  /* 1 when an undefined symbol is provided at load time (vprintf on NVPTX). */
  int (*allowed_undefined)(const char *name);
  /* Checks a link library's function attributes against the target. */
  int (*check_function)(flyc_compile_t *c, LLVMValueRef fn, const char *lib);
  /* Codegen and check, filling c->artifact. */
  int (*codegen)(flyc_compile_t *c);
  /* Calling conventions this backend compiles besides C, 0-terminated. */
  const unsigned *calling_conventions;
  /* A reason (static string) when the backend of the LLVM in use cannot
   * lower intrinsic `name` returning `elem` (the scalar type) in process
   * without aborting, or NULL. */
  const char *(*unlowerable)(const char *name, size_t len, LLVMTypeRef elem);
  /* When `text` (an intrinsic's name or an inline asm template) needs an
   * arch-specific feature that `t` lacks: the feature's name, with the
   * target to use in *use; else NULL. NULL hook: none. */
  const char *(*missing_feature)(const flyc_target_t *t, const char *text, size_t len,
                                 const char **use);
  /* After linking, before optimizing: the last word on the target (NVPTX:
   * the PTX ISA version the kernels and libraries need). NULL: none. */
  int (*finalize)(flyc_compile_t *c);
  /* Largest total size of a kernel's explicit arguments, bytes. */
  unsigned max_kernarg_size;
  /* A larger limit this compile can reach for kernel `name` of `total`
   * bytes (NVPTX: 32764 from PTX ISA 8.1 on sm_70+, which it then asks
   * finalize() for), or 0. NULL: max_kernarg_size only. */
  unsigned (*large_kernarg_size)(flyc_compile_t *c, const char *name, unsigned long long total);
  /* flyc__amdgpu_check_elf's check of a code object's header facts against
   * `target` (a const flyc_target_t *): for code read back
   * (flyc_artifact_read). NULL: the family makes no ELF code objects. */
  int (*check_elf_facts)(const struct flyc_elf_facts *f, void *target);
  /* The device libraries, linked by the devlibs stage (stage/devlibs.c)
   * unless FLYC_COMPILE_NO_DEVICE_LIBS: first devlibs_before (NULL: none);
   * then, in table order and again until no more is needed, each entry of
   * device_libs (ended by a NULL file; NULL: none) whose prefix a used
   * declaration of the module has, found on the search path (defaults from
   * device_lib_dirs), loaded as trusted and linked; then devlibs_after
   * (NULL: none), with linked[i] the path device_libs[i] was linked from,
   * or NULL when it was not. */
  int (*devlibs_before)(flyc_compile_t *c);
  const flyc__devlib_t *device_libs;
  int (*devlibs_after)(flyc_compile_t *c, const char *const *linked);
  /* The device library files the cache key hashes (NULL-terminated; the
   * files of device_libs the key covers), and the default directories
   * searched for them (into `dirs`, at most 8, strings kept in `buf`). */
  const char *const *device_lib_files;
  size_t (*device_lib_dirs)(const char **dirs, char *buf, size_t bufsz);
  /* The kernel builder's lowering (target/amdgpu_builder.c, nvptx_builder.c). */
  const flyc__builder_ops_t *builder;
  /* The family's rules for the target-generic IR checks (never NULL). */
  const flyc__target_checks_t *checks;
};

extern const flyc_target_ops_t flyc__amdgpu_ops;
extern const flyc__builder_ops_t flyc__amdgpu_builder_ops;
extern const flyc_target_ops_t flyc__nvptx_ops;
extern const flyc__builder_ops_t flyc__nvptx_builder_ops;

/* The processor tables (target/procs.c), read by the parser, the ELF
 * reader and the listing. */
extern const flyc_proc_t flyc__amdgpu_proc_table[];
extern const size_t flyc__amdgpu_proc_count;
extern const flyc_proc_t flyc__nvptx_proc_table[];
extern const size_t flyc__nvptx_proc_count;

int flyc__target_parse(flyc_target_t *t, const char *s);
/* Bit (1 << flyc_codegen_t) for the AMDGPU paths that can serve `t`; `why`
 * (may be NULL) gets the reason a path cannot. */
uint32_t flyc__amdgpu_paths(const flyc_target_t *t, flyc_buf_t *why);

/* ---- LLVM boundary (llvm.c) ---- */

void flyc__llvm_init(void);
/* Serializes work on process-global LLVM state: comgr actions and, before
 * LLVM 18, the AMDGPU code object version option. */
void flyc__global_lock(void);
void flyc__global_unlock(void);
/* Consumes an LLVMErrorRef: returns its message (malloc'd) or NULL. */
char *flyc__llvm_error_take(void *err);
/* The AMDGPU COV option before LLVM 18: emit with `cov` between
 * shared_begin/end; comgr actions run between exclusive_begin/end. */
void flyc__cov_shared_begin(int cov);
void flyc__cov_shared_end(void);
void flyc__cov_exclusive_begin(void);
void flyc__cov_exclusive_end(void);
/* Held (shared) while LLVM passes or codegen read its command-line options:
 * comgr's in-process clang and lld's driver (lld-lib) reset every option
 * (cl::ResetAllOptionOccurrences) under cov_exclusive, and flyc's fixed ones
 * (-amdgpu-simplify-libcall=0) are only set again at cov_exclusive_end. */
void flyc__llvm_options_read_begin(void);
void flyc__llvm_options_read_end(void);
/* Creates the TargetMachine for `t`; `short_ptr`: NVPTX with 32-bit
 * pointers to shared, const and local memory. */
int flyc__target_machine(const flyc_target_t *t, int opt_level, int short_ptr,
                         LLVMTargetMachineRef *out);
uint64_t flyc__now_us(void);
/* LLVM recurses once per link of a metadata chain (the parser resolving
 * forward references, the verifier), up to about 500 bytes a level: the
 * compile runs on a thread of its own with a stack of FLYC__BIG_STACK bytes
 * (reserved, touched only as used; smaller when the address space is
 * limited), and flyc__ir_nesting_check holds text to one metadata node per
 * KiB of the stack it runs on, half of what that stack holds. */
#define FLYC__BIG_STACK ((size_t)1 << 30)
/* fn(p) on such a thread, the caller waiting; its error state becomes the
 * caller's when it fails (a success leaves the caller's alone). Where no
 * thread can be made, fn runs on the caller's stack. fn's return. */
int flyc__call_on_big_stack(int (*fn)(void *p), void *p);
/* The stack the calling thread runs on, in bytes (its size, not what is
 * left): a compile thread's, else what pthread_getattr_np says. */
size_t flyc__stack_bytes(void);
/* Sets a process-global LLVM option under the global lock's caller. */
void flyc__llvm_set_option(const char *opt);
/* The LLVM function attribute string value, or "" (never NULL); `len` out. */
const char *flyc__fn_attr(LLVMValueRef fn, const char *kind, unsigned *len);
void flyc__fn_set_attr(LLVMContextRef ctx, LLVMValueRef fn, const char *kind,
                       const char *value);


/* ---- what differs between LLVM versions (llvm_compat.c) ---- */

/* The LLVM major flyc is built with. */
int flyc__llvm_major(void);

/* NVPTX launch bounds, as PTX directives name them. */
typedef enum flyc_nvptx_bound {
  FLYC_NVPTX_REQNTID,     /* .reqntid x, y, z */
  FLYC_NVPTX_MAXNTID,     /* .maxntid x, y, z */
  FLYC_NVPTX_CLUSTER_DIM, /* .reqnctapercluster x, y, z */
  FLYC_NVPTX_MINCTASM,    /* .minnctapersm n */
  FLYC_NVPTX_MAXNREG,     /* .maxnreg n */
  FLYC_NVPTX_MAXCLUSTERRANK,
  FLYC_NVPTX_BOUND_COUNT
} flyc_nvptx_bound_t;

typedef struct flyc_nvptx_bounds {
  uint32_t v[FLYC_NVPTX_BOUND_COUNT][3]; /* unset axes are 1 */
  uint8_t set[FLYC_NVPTX_BOUND_COUNT];
} flyc_nvptx_bounds_t;

/* Marks `fn` as a kernel the way the NVPTX backend of this LLVM reads it. */
void flyc__nvptx_mark_kernel(LLVMModuleRef mod, LLVMValueRef fn);
/* Marks byval parameter `index` of kernel `fn` a grid constant (CUDA's
 * __grid_constant__) as this LLVM's NVPTX backend reads it: LLVM 21+ the
 * "nvvm.grid_constant" attribute, 18-20 nvvm.annotations; 0 before 18,
 * which has neither. */
int flyc__nvptx_grid_constant(LLVMModuleRef mod, LLVMValueRef fn, unsigned index);
/* nvvm.annotations entry `entry` (of `where`, for messages) marks the
 * parameters `list` names grid constants: FLYC_OK when `list` is a node of
 * 1-based indices of function `f`'s parameters, FLYC_EIR otherwise, and
 * FLYC_EUNSUPPORTED before LLVM 18 (`llvm_major`), whose backend crashes
 * on the entry. */
int flyc__nvptx_grid_constant_check(LLVMValueRef f, LLVMValueRef list, unsigned entry,
                                    const char *where, int llvm_major);
/* Calls `each` for every parameter (0-based `index` of function `fn`) a
 * grid_constant entry `node` of nvvm.annotations names in range: FLYC_OK, or
 * FLYC_ENOMEM. */
typedef void (*flyc__grid_constant_fn)(LLVMValueRef node, LLVMValueRef fn, unsigned index,
                                       void *p);
int flyc__nvptx_grid_constants_each(LLVMModuleRef mod, flyc__grid_constant_fn each, void *p);
/* Makes each grid_constant entry of nvvm.annotations {fn,
 * !"flyc.grid_constant", i32 1} through `replace` (llvm-c's
 * LLVMReplaceMDNodeOperandWith, which llvm-c cannot undo: llvm-c cannot
 * remove a named metadata operand either), the handles read anew after each
 * (a replaced node may be re-uniqued). FLYC_OK or FLYC_ENOMEM. */
int flyc__nvptx_grid_constants_retire(LLVMModuleRef mod,
                                      void (*replace)(LLVMValueRef node, unsigned i,
                                                      LLVMMetadataRef md));
/* 1 when nvvm.annotations marks parameter `a` of `fn` a grid constant. */
int flyc__nvptx_has_grid_constant(LLVMModuleRef mod, LLVMValueRef fn, unsigned a);
/* Sets launch bound `b` (one value in v[0], or three axes). */
void flyc__nvptx_set_bound(LLVMModuleRef mod, LLVMValueRef fn, flyc_nvptx_bound_t b,
                           const uint32_t v[3]);
/* Reads `fn`'s launch bounds from attributes and annotations alike; returns
 * 1 when either marks it a kernel. */
int flyc__nvptx_get_bounds(LLVMModuleRef mod, LLVMValueRef fn, flyc_nvptx_bounds_t *out);
int flyc__nvptx_is_kernel(LLVMModuleRef mod, LLVMValueRef fn);
/* The one walker of named metadata `md` (nvvm.annotations), whose entries
 * are {global, (name, integer)*}. With `what` (and `file`, may be NULL)
 * naming whose they are, every entry is checked: FLYC_EIR for the first of
 * another shape. Without, entries of another size are skipped. Calls
 * fn(global, key, klen, value, p) for each pair (fn may be NULL). */
int flyc__nvptx_annotations_walk(LLVMModuleRef mod, const char *md, const char *what,
                                 const char *file,
                                 void (*fn)(LLVMValueRef f, const char *key, unsigned klen,
                                            LLVMValueRef v, void *p),
                                 void *p);
/* Rewrites kernel marks and launch bounds into the form this LLVM's backend
 * reads (annotations <-> `ptx_kernel` + "nvvm.*" attributes), so that a
 * module built in memory, or written by a newer frontend, loses none. */
int flyc__nvptx_normalize_kernels(LLVMModuleRef mod, const char *what);
/* FLYC_EIR naming `fn` when its launch bounds (annotations or attributes)
 * are malformed, out of range, conflicting or beyond a block's limits. */
int flyc__nvptx_check_bounds(LLVMModuleRef mod, LLVMValueRef fn, const char *what);
/* 1 when this LLVM knows processor `p` (its table row's LLVM range). */
int flyc__llvm_knows(const flyc_proc_t *p);
/* 1 when this LLVM's IR reader upgrades nvvm.annotations as it parses. */
int flyc__llvm_parser_upgrades_nvvm(void);
/* The highest PTX ISA version (x10) this LLVM can emit. */
unsigned flyc__llvm_max_ptx(void);
/* llvm-c API differences. */
uint64_t flyc__array_length(LLVMTypeRef t);
/* Marks every fmul/fadd/fsub of `fn` `contract` (may fuse into an FMA); 0
 * when this llvm-c cannot (before LLVM 18). */
int flyc__allow_contract(LLVMValueRef fn);
/* 1 when call `call` carries the `afn` fast-math flag (0 before LLVM 18). */
int flyc__has_afn(LLVMValueRef call);
/* 0 when this llvm-c cannot set fast-math flags on a call. */
int flyc__set_fast_math_flags(LLVMValueRef v, unsigned fmf);
/* The template and the constraint string of inline asm call `call`, each
 * malloc'd and NUL-terminated as LLVM holds them (before LLVM 19's llvm-c,
 * read back from the printed call, its \XX escapes undone): 0, or -1 out of
 * memory or when the printed call does not hold them. */
int flyc__inline_asm_parts(LLVMValueRef call, char **tmpl, char **constraints);
/* A fence with a named syncscope, or NULL when llvm-c cannot build one. */
LLVMValueRef flyc__build_fence(LLVMBuilderRef b, LLVMAtomicOrdering order, const char *scope);
/* An atomicrmw of `op` (`cmp` NULL) or a cmpxchg's old value, with named
 * syncscope `scope` ("" system), or NULL when llvm-c cannot build one
 * (before LLVM 20). */
LLVMValueRef flyc__build_atomic(LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                                LLVMValueRef cmp, LLVMValueRef val, LLVMAtomicOrdering order,
                                const char *scope);
/* The failure ordering flyc gives a cmpxchg of success ordering `o`. */
LLVMAtomicOrdering flyc__cas_failure_order(LLVMAtomicOrdering o);
/* Backend abilities. */
int flyc__llvm_gpu_varargs(void);
int flyc__llvm_gpu_bfloat(void);
int flyc__llvm_roundeven(void);
int flyc__llvm_nvptx_tanh_approx(void);
int flyc__llvm_nvptx_fence(void);
int flyc__llvm_gpu_wide_divrem(void);
int flyc__llvm_amdgpu_19_lowerings(void);
int flyc__llvm_max_cov(void);
int flyc__llvm_cov_is_module_flag(void);

/* ---- library files by identity (files.c) ---- */

/* The bytes of `path`: kept for the process (*owned = 0), or a fresh copy
 * the caller frees (*owned = 1) when the memo is full; `digest` gets the
 * XXH3-128 of the bytes, hex. */
int flyc__file_read(const char *path, const void **data, size_t *size, int *owned,
                    char digest[33]);
/* The XXH3-128 of a file's content, 32 hex digits: 0, -1 (unreadable) or 1
 * (bitcode refused unread: newer than this LLVM). */
int flyc__file_hash(const char *path, char hex[33]);
/* flyc__file_hash, and *bitcode: whether the bytes begin as bitcode does
 * (what the link stage needs to know before it reads them). */
int flyc__file_identify(const char *path, char hex[33], int *bitcode);
/* flyc__file_read of bytes whose hash must be `digest` (what the compile
 * identified in front): FLYC_EIO naming the file when it changed since. */
int flyc__file_read_as(const char *path, const char *digest, const void **data, size_t *size,
                       int *owned);
/* The content hash's hex form: `hi` then `lo`, 16 digits each. */
void flyc__hash_hex(uint64_t hi, uint64_t lo, char hex[33]);
/* The error flyc__file_read_as gives for a file that changed. */
int flyc__file_changed(const char *path);

/* ---- the options rule (options.c) ---- */

/* Copies the caller's options into `dst` (sizeof, the size set to it): any
 * `size` from the first version's up, the known prefix read, the rest zero;
 * a newer caller's unknown field set, or a bad value, is FLYC_EINVAL. Every
 * entry point calls it once; everything after sees only `dst`. */
int flyc__options_copy(flyc_compile_options_t *dst, const flyc_compile_options_t *src);

/* ---- the caches (cache/cache.c) ---- */

#include <xxhash.h>

/* One compile's cache request: the key and where the entry lives. */
typedef struct flyc_cache_req {
  flyc_buf_t key;    /* the full key text */
  flyc_buf_t hashed; /* "<hash>\t<path>\n" of every library file the key hashed */
  XXH128_hash_t hash;
  int memory, disk; /* which caches this compile uses */
  int memory_only;  /* FLYC_COMPILE_MEMORY_ONLY */
  int unnamed;      /* a processor without a registered name */
  char dir[4096], file[4200];
} flyc_cache_req_t;

/* ---- dumps (dump.c; flyc_compile_options_t.dump_dir) ---- */

/* The directory a compile with `o` (normalized) dumps into: o->dump_dir,
 * else FLYC_DUMP_DIR; NULL for none (either empty). */
const char *flyc__dump_dir(const flyc_compile_options_t *o);
/* Writes `size` bytes as DIR/KEY.SUFFIX, whole (a temporary file renamed),
 * making DIR and its parents: FLYC_OK, or FLYC_EIO naming the file. */
int flyc__dump_write(const char *dir, const char *key, const char *suffix, const void *data,
                     size_t size);
/* The module's text as DIR/KEY.SUFFIX: as flyc__dump_write, or FLYC_ENOMEM. */
int flyc__dump_module(const char *dir, const char *key, const char *suffix, LLVMModuleRef m);

/* 1 when a compile with `options` uses the caches (valid options struct,
 * no FLYC_COMPILE_NO_CACHE, FLYC_CACHE not off): the caller may skip
 * preparing the key's input otherwise. */
int flyc__cache_wanted(const flyc_compile_options_t *options);
/* The key is computed from the job (src/job.h: flyc__cache_begin_job); a
 * request that cannot be keyed (bad target) uses no cache and lets the
 * compile report. Always FLYC_OK. */
/* 1 and a new reference in *out on a hit, 0 on a miss, or a negative status
 * (an unregistered processor name in a disk entry). */
int flyc__cache_get(flyc_cache_req_t *r, flyc_artifact_t **out);
/* Before compiling: FLYC_ENOTSERIALIZABLE when the artifact would have to
 * go to disk with one of `procs` unnamed. */
int flyc__cache_check(flyc_cache_req_t *r, const flyc_processor_t *procs, size_t nprocs);
/* Stores a compiled artifact (never fails the compile; notes go to its log). */
int flyc__cache_put(flyc_cache_req_t *r, flyc_artifact_t *a);
void flyc__cache_end(flyc_cache_req_t *r);

/* ---- a link library's closure (closure.c, cache/lib.c) ---- */

/* Names, sorted and unique (flyc__closure_roots); the strings are
 * borrowed. */
typedef struct flyc__names {
  const char **names;
  size_t count, cap;
} flyc__names_t;
/* The roots of a closure: what module `m` declares (functions other than
 * intrinsics, and global variables, that are not local), what it defines
 * that a library's definition may replace (weak, linkonce, common) or that
 * a library brought (`from(p, name)` is 1; `from` may be NULL), plus
 * `extra` (the exported globals; NULL entries skipped), sorted and unique,
 * borrowed from `m` and `extra`. `out->names` is malloc'd. FLYC_ENOMEM
 * only. */
int flyc__closure_roots(LLVMModuleRef m, const char *const *extra, size_t nextra,
                        int (*from)(void *, const char *), void *p, flyc__names_t *out);
/* What a closure is asked for: the `roots` (names the module declares; a
 * name the library does not define is passed over), the `skip` names (what
 * the module already has from this library: left declarations), and
 * `later`: a pass after the first (the library's externally_initialized
 * globals and appending globals came with the first). */
typedef struct flyc__closure_names {
  const char *const *roots;
  size_t nroots;
  const char *const *skip;
  size_t nskip;
  int later;
} flyc__closure_names_t;
/* The closure of `n` in library `lib` (read lazily, consumed on every path):
 * a new module in lib's context, with lib's triple, layout and module flags,
 * holding the definitions the roots reach (closure.c's comment says which),
 * linked with LinkOnlyNeeded (cxx.h). FLYC_ELINK (the linker's words are in
 * the context's diagnostic handler) or FLYC_ENOMEM. */
int flyc__closure_extract(LLVMModuleRef lib, const flyc__closure_names_t *n,
                          LLVMModuleRef *out);

/* What the link stage asks of a library: the closure of `names` in library
 * `path` (bytes `data`, `size`, content hash `digest`; `data` NULL: the
 * file), never the caller's untrusted bytes read in process: the child's
 * checked text parsed here, or bitcode this LLVM wrote from a module it
 * built (the library cache, the trusted path). `trusted`: the library may be
 * read in process (FLYC_COMPILE_TRUSTED_BITCODE); else it is read in a child
 * (isolate.c). `use_cache`: 2, the closure may come from and goes to the
 * library cache's memory (cache/lib.c), which like the file memo is kept
 * whatever the compile cache's settings (a content hash keys it); 1, its
 * disk too (FLYC_CACHE and the options allowing); 0, neither. */
typedef struct flyc__closure_req {
  const char *path;
  const void *data;
  size_t size;
  const char *digest;
  flyc__closure_names_t names;
  int trusted, use_cache;
} flyc__closure_req_t;
/* The closure as a module in `ctx` (the compile's context), as
 * flyc__closure_req_t says; the errors are the library's: FLYC_ELINK naming
 * it, FLYC_EIO (it changed, or cannot be read), FLYC_ENOMEM. */
typedef int (*flyc__closure_fn)(const flyc__closure_req_t *req, LLVMContextRef ctx,
                                LLVMModuleRef *out);
/* The library cache's answer (cache/lib.c): from memory, then from disk,
 * else extracted (in a child for untrusted bytes) and stored in both; read
 * once into `ctx`. */
int flyc__libcache_closure(const flyc__closure_req_t *req, LLVMContextRef ctx,
                           LLVMModuleRef *out);
/* Empties the library cache's memory (flyc_cache_forget): how many closures
 * it held. */
size_t flyc__libcache_forget(void);

/* ---- the compile state (pipeline.c, ir.c, stage/, inputs.c) ---- */

struct flyc_compile {
  flyc_compile_options_t opts;
  flyc_target_t target;
  int opt_level;   /* 0..3 */
  int cov;         /* AMDGPU */
  int cov_open;    /* AMDGPU: no COV given: the first link library naming one decides */
  int cov_from;    /* AMDGPU: what chose cov (target/amdgpu.h, FLYC__COV_*) */
  const char *cov_lib; /* ... the link library that did (FLYC__COV_LIBRARY) */
  flyc_codegen_t codegen;
  LLVMContextRef ctx;
  int own_ctx;
  LLVMModuleRef mod;
  LLVMTargetMachineRef tm;
  char *datalayout;
  int short_ptr; /* NVPTX: the input asked for 32-bit shared/const/local pointers */
  unsigned ptx_wanted;      /* NVPTX: highest "+ptxNN" the input's and libraries' functions ask */
  char ptx_wanted_by[128];  /* ... and a function that asks it */
  flyc_buf_t diag;  /* error diagnostics from LLVM */
  flyc_buf_t log;   /* warnings and notes */
  /* Where each defined function came from (for messages). */
  struct flyc_origin *origins;
  size_t origin_count, origin_cap;
  size_t *origin_slots, origin_nslots; /* a hash index of them (origins.c) */
  /* Which library's closure first declared a name the module lacked. */
  struct flyc_origin *declarers;
  size_t declarer_count, declarer_cap;
  size_t *declarer_slots, declarer_nslots;
  /* Kernel names, in module order, captured before codegen. */
  char **kernels;
  size_t kernel_count;
  flyc_artifact_t *artifact;
  flyc_compile_times_t times;
  /* The libraries linked, "<xxh3-128 hex>\t<path>\n" each (inputs.c). */
  flyc_buf_t inputs;
  /* The options' link libraries as resolved in front (flyc__inputs_libs),
   * one per options entry; NULL: read them at the link. */
  const struct flyc__lib *libs;
  /* Where link libraries' closures come from (the job's; NULL: extracted
   * in process, for a pipeline run on its own). */
  flyc__closure_fn closure;
  /* Dumps (dump.c): the directory (NULL: none) and the compile's key. */
  const char *dump_dir;
  const char *dump_key;
};

/* A link library resolved before the pipeline: its content hash and its
 * bytes (text only; bitcode is read on demand), or the status and message
 * reading it failed with, which the link stage reports when it reaches it. */
typedef struct flyc__lib {
  const char *path;
  const void *data; /* NULL for bitcode: read on demand (flyc__file_read_as) */
  size_t size;
  int bitcode; /* the file is bitcode */
  int owned; /* data is this entry's (else the file memo's, for the process) */
  char digest[33];
  int rc;
  char *error;
} flyc__lib_t;
/* Resolves the link libraries of `o` (inputs.c): *out has one entry per
 * o->link_libraries entry; FLYC_ENOMEM only. */
int flyc__inputs_libs(const flyc_compile_options_t *o, flyc__lib_t **out);
void flyc__inputs_libs_free(flyc__lib_t *libs, size_t n);
/* Loads library bytes into c->ctx (stage/link.c): `.ll` or text parsed,
 * bitcode lazily; `copy`: the bytes do not outlive the call. */
int flyc__load_bytes(flyc_compile_t *c, const char *path, const void *data, size_t size,
                     int copy, const char *digest, LLVMModuleRef *out);

/* The origins table (origins.c): records that `name` was defined by
 * `origin` (kept if already known), */
void flyc__origin_add(flyc_compile_t *c, const char *name, const char *origin);
/* flyc__origin_add, over an origin the name has (a strong definition that
 * replaces a weak one). */
void flyc__origin_replace(flyc_compile_t *c, const char *name, const char *origin);
/* ... which input or library defined `name` (NULL: unknown), */
const char *flyc__origin_of(const flyc_compile_t *c, const char *name);
/* The declarers table: `library`'s closure brought the first declaration
 * of `name` (kept if already known), */
void flyc__declarer_add(flyc_compile_t *c, const char *name, const char *library);
/* ... which library that was (NULL: the module's own, or unknown). */
const char *flyc__declarer_of(const flyc_compile_t *c, const char *name);
/* Frees both tables (at the end of the compile). */
void flyc__origins_free(flyc_compile_t *c);

/* Remakes c->tm for c->target (after the target's features changed). */
int flyc__retarget(flyc_compile_t *c);

/* Parses IR text or bitcode into c->ctx; failures return `errcode`.
 * `checked` (may be NULL) is untrusted bitcode's checked text
 * (flyc__inputs_check), else it is checked here. */
int flyc__parse_ir(flyc_compile_t *c, const void *data, size_t size, const char *checked,
                   const char *name, LLVMModuleRef *out, int errcode);
/* Module flags (ir.c): every well-formed llvm.module.flags entry (malloc'd,
 * *count of them; NULL when none or out of memory), */
typedef struct flyc__module_flag {
  int behavior;
  const char *key;
  unsigned key_len;
  int is_int;
  int64_t value;
} flyc__module_flag_t;
flyc__module_flag_t *flyc__module_flags(LLVMModuleRef m, unsigned *count);
/* ... refused (`errcode`, naming `what` `name`) where one LLVM reads as an
 * integer (or CG Profile's list) holds something else, which passes or the
 * verifier would crash on, */
int flyc__check_flag_shapes(LLVMModuleRef m, const char *what, const char *name, int errcode);
/* ... whether one's key is `k`, */
int flyc__module_flag_is(const flyc__module_flag_t *f, const char *k);
/* ... and an i32 value of a module flag, or `dflt` when absent / not an
 * integer. */
int64_t flyc__module_flag_int(LLVMModuleRef mod, const char *key, int64_t dflt,
                              int *present);

/* IR text LLVM's parser may take: FLYC_OK, or `errcode` naming `what` and
 * `name` when its brackets nest deeper than the parser's stack allows
 * (ir_text.c). */
int flyc__ir_nesting_check(const char *text, size_t n, const char *what, const char *name,
                           int errcode);
/* When p starts a string or a comment of IR text, its last byte (one past
 * the end when it does not end); else NULL (ir_text.c). */
const char *flyc__ir_skip_lexeme(const char *p, const char *end);
/* ... and, on LLVM < 19, when it uses LLVM 21+'s one-operand
 * llvm.lifetime.start/end, which LLVM 15's parser crashes on. */
int flyc__ir_one_operand_lifetime(const char *s, size_t n, const char *what, const char *name,
                                  int errcode);
/* Checks (or, when empty, sets) a module's triple and data layout. */
int flyc__check_triple_layout(flyc_compile_t *c, LLVMModuleRef m,
                              const char *what, int is_input);
/* Checks the caller's untrusted bitcode input ahead of the pipeline, in a
 * child process (flyc__bitcode_to_text_many): its text goes to *input_text
 * (malloc'd, NULL when it needs none: text, trusted, or what cannot be read,
 * which is left for the pipeline to report). Link libraries are not read
 * here: the link stage asks for their closures (cache/lib.c). */
int flyc__inputs_check(const flyc_compile_options_t *o, const void *data, size_t size,
                       const char *name, char **input_text);
/* Checks `lib` against the module and links it (consumes `lib`). `check` is 0
 * for device libraries, whose triple and layout are adopted. */
int flyc__link_library(flyc_compile_t *c, LLVMModuleRef lib, const char *path,
                       int check);
/* Where device libraries are looked for: the options' directories, then
 * FLYC_DEVICE_LIB_PATH, then (unless no_defaults) the family's defaults. */
typedef struct flyc__devlib_search {
  const char *const *dirs;
  size_t ndirs;
  int no_defaults; /* FLYC_COMPILE_NO_DEFAULT_LIB_DIRS */
} flyc__devlib_search_t;
/* The search path of normalized options. */
flyc__devlib_search_t flyc__devlib_search_of(const flyc_compile_options_t *o);
/* Finds `file` on the search path; `*out` is malloc'd (stage/devlibs.c). */
int flyc__devlib_find(const flyc__devlib_search_t *s, const char *file,
                      const char *const *defaults, size_t ndefaults, char **out);

/* ---- AMDGPU code objects (codeobj/elf.c, toolchain/comgr.c) ---- */

/* What an AMDGPU code object's ELF header says, unjudged. */
typedef struct flyc_elf_facts {
  unsigned type;         /* e_type */
  unsigned machine;      /* e_machine (EM_AMDGPU) */
  unsigned mach;         /* e_flags EF_AMDGPU_MACH: the processor number */
  unsigned feature_bits; /* e_flags xnack (0x300) and sramecc (0xc00) bits */
  int xnack, sramecc;    /* as COV 4+ encodes them: -1 any/unsupported, 0 off, 1 on */
  unsigned abi_version;  /* EI_ABIVERSION */
  int cov;               /* abi_version + 2 */
} flyc_elf_facts_t;
/* Reads the facts of an AMDGPU code object's header (codeobj/elf.c):
 * FLYC_ECOMPILE when it is no ELF64 EM_AMDGPU HSA object. */
int flyc__amdgpu_elf_facts(const void *code, size_t size, flyc_elf_facts_t *out);
/* Checks a code object (codeobj/elf.c): the header, a shared object, ABI
 * version `cov` - 2, then check(facts, payload) when not NULL, no undefined
 * dynamic symbols and a 64-byte `<kernel>.kd` for each of `kernels`. */
int flyc__amdgpu_check_elf(const void *code, size_t size, int cov, char *const *kernels,
                           size_t nkernels,
                           int (*check)(const flyc_elf_facts_t *f, void *payload),
                           void *payload);
/* The AMDGPU processor with e_flags mach `mach`, or NULL (target/target.c). */
const flyc_proc_t *flyc__amdgpu_proc_by_mach(unsigned mach);
/* The target a code object's facts name (target/target.c): FLYC_EUNSUPPORTED
 * for a processor flyc does not know, FLYC_ECOMPILE for a COV outside 3..6. */
int flyc__target_from_elf_facts(flyc_target_t *t, const flyc_elf_facts_t *f);
/* Disassembles AMDGPU code object `code` for target `t`, which this LLVM's
 * disassembler must support, to cb (codeobj/disasm.c). */
int flyc__amdgpu_disassemble(const void *code, size_t size, const flyc_target_t *t,
                             flyc_text_cb cb, void *payload);
/* The LLVM major shared library `path` was linked against, from its
 * DT_NEEDED entries (libLLVM-15.so.1, libLLVM.so.19.1); 0 when none says
 * (codeobj/elf.c). */
int flyc__elf_needed_llvm_major(const char *path);
int flyc__comgr_available(void);
const char *flyc__comgr_version_string(void);
/* 1 when comgr's ISA table has the processor. */
int flyc__comgr_knows(const char *processor);
/* LLVM major comgr is built on, or 0 when unknown. */
int flyc__comgr_llvm_major(void);
int flyc__comgr_codegen_bc(const flyc_target_t *t, int cov, int opt_level,
                           const void *bc, size_t bc_size, void **reloc,
                           size_t *reloc_size);
int flyc__comgr_link(const flyc_target_t *t, int cov, const void *reloc,
                     size_t reloc_size, void **exe, size_t *exe_size);
/* The kernel metadata of a code object flyc made: through comgr (toolchain/comgr.c),
 * or without comgr from the msgpack note (codeobj/amdgpu_note.c). */
int flyc__code_object_metadata(flyc_artifact_t *a, const void *code, size_t size);
/* The note read with msgpack-c (codeobj/amdgpu_note.c): for code objects from outside. */
int flyc__msgpack_metadata(flyc_artifact_t *a, const void *code, size_t size);
int flyc__lld_link(const flyc_target_t *t, const void *obj, size_t obj_size,
                   void **exe, size_t *exe_size);
/* The ld.lld found (malloc'd) or NULL. */
char *flyc__lld_find(void);
/* The lld-lib path (toolchain/lld.c, cxx.cpp): 1 when this build has liblld's
 * ELF driver; the same link as flyc__lld_link, in this process. */
int flyc__lld_lib_available(void);
int flyc__lld_lib_link(const flyc_target_t *t, const void *obj, size_t obj_size,
                       void **exe, size_t *exe_size);

/* ---- bitcode before LLVM reads it (bitcode.c) ---- */

/* 1: bitcode ('BC' 0xC0DE), 2: bitcode in a wrapper header (0x0B17C0DE),
 * 0: not bitcode (IR text, or anything else). */
int flyc__is_bitcode(const void *data, size_t size);
/* What a file's identification block says: found is 0 when it has none (LLVM
 * before 3.8, or stripped), and major is -1 when the producer string is not
 * "LLVM<major>..." (Apple's "APPLE_1_..."). */
typedef struct flyc_bc_ident {
  int found;
  char producer[64]; /* the STRING record, e.g. "LLVM22.1.8" (truncated) */
  int major, minor, patch;
  uint64_t epoch;
} flyc_bc_ident_t;
/* Reads the identification block(s) of `data` (the newest producer when a
 * file holds several modules). 0, also for what is not bitcode (found 0);
 * -1 when an identification block is malformed, with `*why` saying how
 * ("is truncated", ...). Reads only within [data, data + size). */
int flyc__bitcode_ident(const void *data, size_t size, flyc_bc_ident_t *id,
                        const char **why);
/* FLYC_OK, or `errcode` when `data` is bitcode from an LLVM newer than this
 * build's (or its identification block is malformed), naming `what` ("input"
 * or "link library") `name`, the producer's version and flyc's. Call it
 * before any LLVM reader sees the bytes. */
int flyc__check_producer(const void *data, size_t size, const char *what,
                         const char *name, int errcode);
/* The same two for the `size` bytes of an open file, read piecewise with
 * pread (a few blocks' headers, not the file): a file is never mapped into
 * the caller's process, where one truncated meanwhile would raise SIGBUS.
 * A read that fails stops the walk, as the end of the bytes would. */
int flyc__bitcode_ident_fd(int fd, uint64_t size, flyc_bc_ident_t *id, const char **why);
int flyc__check_producer_fd(int fd, uint64_t size, const char *what, const char *name,
                            int errcode);
/* `layout` as this LLVM's bitcode reader upgrades it for `triple`
 * (malloc'd; NULL when LLVM refuses it or out of memory). */
char *flyc__upgraded_layout(const char *triple, const char *layout);

/* ---- child processes (isolate.c) ---- */

/* Parses and verifies caller bitcode in a forked child, which prints it as
 * text; `*text` (malloc'd) is what flyc parses in process. A child that dies
 * or reports an error makes this return `errcode` with the reason; `what` is
 * "input" or "link library". */
int flyc__bitcode_to_text(const void *data, size_t size, const char *what,
                          const char *name, int errcode, char **text);

/* Adds a participant to flyc's fork() (fork.c): `prepare` runs before it
 * (in the order of registration), `parent` and `child` after it, in the
 * process each names (in reverse order). A participant registers before it
 * first takes its lock, and its locks are leaves (none held while another
 * participant's is taken), so any order of registration is safe. FLYC_OK,
 * or FLYC_ENOMEM when the list is full (a build error: it has room for all
 * of flyc's). */
int flyc__atfork_add(void (*prepare)(void), void (*parent)(void), void (*child)(void));
/* How many child processes flyc has forked in this process (for tests). */
uint64_t flyc__fork_count(void);
/* Around flyc's fork() (isolate.c): every participant's prepare, then
 * parent or child; and the count. */
void flyc__fork_prepare(void);
void flyc__fork_parent(void);
void flyc__fork_child(void);
void flyc__fork_counted(void);

/* Caller bitcode to check: `what` ("input", "link library") and `name` say
 * whose it is in messages, `errcode` is its failure's code; `text` is the
 * checked module as text (malloc'd) on success. */
typedef struct flyc__bc_item {
  const void *data;
  size_t size;
  const char *what, *name;
  int errcode;
  char *text;
  /* A link library's closure (closure.c) instead of the whole module: the
   * bytes are read lazily and only what these names reach is read, checked
   * and printed. NULL: the whole module. */
  const flyc__closure_names_t *closure;
  /* With `data` NULL: the file the child maps and reads itself, refused
   * (FLYC_EIO) unless its XXH3-128 is `digest` (hex). The caller's process
   * never reads it: a file truncated meanwhile kills the child, not it. */
  const char *path, *digest;
} flyc__bc_item_t;
/* flyc__bitcode_to_text for every item, in one child for all (in process
 * when already in the isolated compile's child): the first refusal, in item
 * order, or FLYC_OK with every item's text set. */
int flyc__bitcode_to_text_many(flyc__bc_item_t *items, size_t n);

/* Runs fn(out, payload) in a forked child and brings the artifact (or the
 * error) back. */
typedef int (*flyc__compile_fn)(flyc_artifact_t **out, void *payload);
int flyc__compile_isolated(flyc__compile_fn fn, void *payload, const char *name,
                           flyc_artifact_t **out);

/* ---- PTX (codeobj/ptx.c) ---- */
/* Fills `a` (format, target, PTX version, kernels) from PTX text `text`. */
int flyc__ptx_read(flyc_artifact_t *a, const char *text, size_t size);
/* Bytes of the `.local` depot (its own stack frame; what the functions it
 * calls need is ptxas's to add) that `.entry name` declares in `ptx`; 0
 * when none or no such entry. */
uint32_t flyc__ptx_kernel_local(const char *ptx, size_t size, const char *name);

#endif

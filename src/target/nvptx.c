/* NVPTX: kernels, libdevice and the checks of what links in; PTX emission
 * and the kernel table are in nvptx_codegen.c, PTX text is read back in
 * codeobj/ptx.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "target/nvptx.h"

#define PTX_KERNEL_CC 71 /* llvm::CallingConv::PTX_Kernel */

static int is_kernel(LLVMModuleRef mod, LLVMValueRef fn) { return flyc__nvptx_is_kernel(mod, fn); }

/* The SM number of "sm_N[a|f]" in s[0, len) and its variant ('a', 'f' or 0);
 * -1 when it is no SM name. */
static int sm_number(const char *s, unsigned len, char *variant) {
  if (len < 4 || strncmp(s, "sm_", 3) != 0)
    return -1;
  int v = 0;
  unsigned i = 3;
  for (; i < len && isdigit((unsigned char)s[i]) && v < 100000; i++)
    v = v * 10 + (s[i] - '0');
  *variant = 0;
  if (i < len && (s[i] == 'a' || s[i] == 'f') && i + 1 == len)
    *variant = s[i++];
  return i == len && i > 3 ? v : -1;
}

/* 1 when code built for (have, hv) runs on target (want, wv): portable code
 * on the same or a newer SM; arch-specific ('a') code on that very target;
 * family ('f') code on an a/f target of the same family, same or newer. */
static int runs_on(int have, char hv, int want, char wv) {
  if (hv == 'a')
    return have == want && wv == 'a';
  if (hv == 'f')
    return wv && have / 10 == want / 10 && have <= want;
  return have <= want;
}

/* The highest "+ptxNN" in a "target-features" string, or 0. */
static unsigned ptx_feature(const char *f, unsigned len) {
  unsigned best = 0;
  for (const char *p = f; p && (p = memmem(p, len - (size_t)(p - f), "+ptx", 4)); p += 4) {
    unsigned v = 0, i = 4;
    while (p + i < f + len && isdigit((unsigned char)p[i]) && v < 1000)
      v = v * 10 + (unsigned)(p[i++] - '0');
    if (v > best)
      best = v;
  }
  return best;
}

static int check_function(flyc_compile_t *c, LLVMValueRef fn, const char *lib) {
  unsigned len;
  size_t nl;
  const char *name = LLVMGetValueName2(fn, &nl);
  /* A frontend that asks for a newer PTX ISA than the SM's lowest (clang 22
   * writes +ptx88) may use what only that ISA has: finalize() honours it. */
  const char *feat = flyc__fn_attr(fn, "target-features", &len);
  unsigned asked = len ? ptx_feature(feat, len) : 0;
  if (asked > c->ptx_wanted) {
    c->ptx_wanted = asked;
    snprintf(c->ptx_wanted_by, sizeof c->ptx_wanted_by, "%.60s' in '%.60s", name, lib);
  }
  const char *cpu = flyc__fn_attr(fn, "target-cpu", &len);
  if (len) {
    char hv, wv;
    const char *t = c->target.proc->name;
    int have = sm_number(cpu, len, &hv), want = sm_number(t, (unsigned)strlen(t), &wv);
    if (have < 0 || !runs_on(have, hv, want, wv))
      return flyc__error_set(FLYC_ELINK,
                             "function '%s' in '%s' is built for %.*s (\"target-cpu\"), "
                             "which target %s cannot run",
                             name, lib, (int)len, cpu, c->target.id);
  }
  /* Code for an older SM runs on a newer one; give it the target's
   * attributes so that it can be inlined. */
  flyc__fn_set_attr(c->ctx, fn, "target-cpu", c->target.proc->name);
  flyc__fn_set_attr(c->ctx, fn, "target-features", c->target.features);
  return FLYC_OK;
}

static int prepare(flyc_compile_t *c) {
  /* Every nvvm.annotations entry must have the shape the NVPTX backend reads
   * (llvm_compat.c's walker, without a reader). */
  int rc = flyc__nvptx_annotations_walk(c->mod, "nvvm.annotations", "the input", NULL, NULL,
                                        NULL);
  return rc ? rc : flyc__nvptx_normalize_kernels(c->mod, "the input");
}

static int allowed_undefined(const char *name) {
  /* Resolved by the CUDA driver's PTX JIT / ptxas. */
  static const char *const ok[] = {"vprintf", "malloc", "free", "__assertfail",
                                   /* folded by NVVMReflect in the pipeline */
                                   "__nvvm_reflect"};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
    if (strcmp(name, ok[i]) == 0)
      return 1;
  return 0;
}

/* The string a __nvvm_reflect call asks about, or NULL. */
static const char *reflect_key(LLVMValueRef call, size_t *len) {
  LLVMValueRef arg = LLVMGetOperand(call, 0);
  for (int depth = 0; arg && depth < 4 && !LLVMIsAGlobalVariable(arg); depth++) {
    if (LLVMIsAConstantExpr(arg) || LLVMIsACastInst(arg) || LLVMIsAGetElementPtrInst(arg))
      arg = LLVMGetOperand(arg, 0);
    else
      return NULL;
  }
  LLVMValueRef init = arg && LLVMIsAGlobalVariable(arg) ? LLVMGetInitializer(arg) : NULL;
  if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
    return NULL;
  const char *s = LLVMGetAsString(init, len);
  while (*len && s[*len - 1] == '\0')
    (*len)--;
  return s;
}

/* libdevice asks __nvvm_reflect("__CUDA_PREC_SQRT") whether sqrt must be
 * correctly rounded, and LLVM's NVVMReflect (before LLVM 20) answers 0 to
 * anything but __CUDA_FTZ and __CUDA_ARCH, so __nv_sqrtf would become
 * sqrt.approx. Answer the keys flyc's options decide here, as nvcc would:
 * correctly rounded unless FLYC_COMPILE_APPROX_SQRT, no flush to zero unless
 * FLYC_COMPILE_DAZ. LLVM answers the rest (__CUDA_ARCH). */
static void answer_reflect(flyc_compile_t *c, int ftz) {
  LLVMValueRef fn = LLVMGetNamedFunction(c->mod, "__nvvm_reflect");
  if (!fn)
    return;
  LLVMValueRef calls[256];
  size_t n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u && n < 256; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == fn)
      calls[n++] = call;
  }
  for (size_t i = 0; i < n; i++) {
    size_t len = 0;
    const char *key = reflect_key(calls[i], &len);
    int value;
    if (key && len == 16 && memcmp(key, "__CUDA_PREC_SQRT", 16) == 0)
      value = !(c->opts.flags & FLYC_COMPILE_APPROX_SQRT);
    else if (key && len == 10 && memcmp(key, "__CUDA_FTZ", 10) == 0)
      value = ftz;
    else
      continue;
    LLVMReplaceAllUsesWith(calls[i], LLVMConstInt(LLVMTypeOf(calls[i]), (unsigned)value, 0));
    LLVMInstructionEraseFromParent(calls[i]);
  }
}

/* Where CUDA keeps libdevice: $CUDA_HOME, $CUDA_PATH, the usual places. */
static size_t cuda_dirs(const char **dirs, char *buf, size_t bufsz) {
  size_t n = 0, half = bufsz / 2;
  const char *ch = getenv("CUDA_HOME"), *cp = getenv("CUDA_PATH");
  if (ch && *ch) {
    snprintf(buf, half, "%s/nvvm/libdevice", ch);
    dirs[n++] = buf;
  }
  if (cp && *cp) {
    snprintf(buf + half, half, "%s/nvvm/libdevice", cp);
    dirs[n++] = buf + half;
  }
  dirs[n++] = "/usr/local/cuda/nvvm/libdevice";
  dirs[n++] = "/usr/lib/nvidia-cuda-toolkit/libdevice";
  dirs[n++] = "/usr/lib/cuda/nvvm/libdevice";
  return n;
}

static const flyc__devlib_t cuda_libs[] = {{"__nv_", "libdevice.10.bc"}, {NULL, NULL}};

/* After libdevice is linked: the reflect flags and keys it reads, fused
 * multiply-adds in its functions, the target's attributes on them. */
static int devlibs_after(flyc_compile_t *c, const char *const *linked) {
  const char *path_linked = linked[0]; /* origin of libdevice's functions */
  if (!path_linked)
    return FLYC_OK;
  /* The input's own "nvvm-reflect-ftz" = 1 (clang's
   * -fcuda-flush-denormals-to-zero, Triton) asks what FLYC_COMPILE_DAZ does:
   * libdevice flushes as the code around it does, as clang links it. */
  int present;
  int64_t flag = flyc__module_flag_int(c->mod, "nvvm-reflect-ftz", 0, &present);
  int ftz = (c->opts.flags & FLYC_COMPILE_DAZ) != 0 || (present && flag == 1);
  if (!present)
    LLVMAddModuleFlag(c->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                      LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c->ctx),
                                                       (unsigned)ftz, 0)));
  answer_reflect(c, ftz);
  /* libdevice is written for nvcc's default --fmad=true: its plain
   * multiplies and adds may fuse (its exact steps use the .rn intrinsics).
   * clang and Triton codegen it that way too; without the flag the backend
   * writes mul.rn + add.rn (measured: a kernel of expf/sqrtf/tanhf 7% slower
   * than clang's binary from the same IR). */
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    const char *name = LLVMGetValueName(f);
    const char *o = LLVMIsDeclaration(f) || strncmp(name, "__nv_", 5) != 0
                        ? NULL
                        : flyc__origin_of(c, name);
    if (o && strcmp(o, path_linked) == 0)
      flyc__allow_contract(f);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) {
      unsigned len;
      flyc__fn_attr(f, "target-cpu", &len);
      if (!len) {
        flyc__fn_set_attr(c->ctx, f, "target-cpu", c->target.proc->name);
        flyc__fn_set_attr(c->ctx, f, "target-features", c->target.features);
      }
    }
  return FLYC_OK;
}

/* Math intrinsics the NVPTX backend aborts on: it lowers no transcendental
 * (and no canonicalize, roundeven before LLVM 19) for any type. libdevice has
 * them (__nv_sinf, __nv_exp, ...). */
static const char *unlowerable(const char *name, size_t len, LLVMTypeRef elem) {
  (void)elem;
  static const char *const math[] = {"sin",   "cos",  "pow",  "exp",          "exp2",
                                     "exp10", "log",  "log2", "log10",        "canonicalize",
                                     "frameaddress",
                                     NULL};
  for (int i = 0; math[i]; i++) {
    size_t n = strlen(math[i]);
    if (len > 5 + n && memcmp(name + 5, math[i], n) == 0 && name[5 + n] == '.')
      return "has no NVPTX lowering; call libdevice (__nv_*) instead";
  }
  if (!flyc__llvm_roundeven() && len > 15 && memcmp(name, "llvm.roundeven.", 15) == 0)
    return "has no NVPTX lowering in this LLVM; use llvm.rint";
  return NULL;
}

/* ---- arch-specific features (sm_90a, sm_100a, ...) ---- */

/* What LLVM's NVPTX backend selects only for some targets (it aborts with
 * "Cannot select" elsewhere; ptxas refuses the inline PTX), from LLVM 22's
 * predicates: wgmma on sm_90a alone; setmaxnreg on sm_90a and the a/f
 * variants from sm_100 on; tcgen05 on the a/f variants of sm_100, 101, 103
 * and 110. `asm_word` is how inline PTX spells the instruction family. */
static int has_wgmma(int sm, char v) { return sm == 90 && v == 'a'; }
static int has_setmaxnreg(int sm, char v) { return v && (sm == 90 ? v == 'a' : sm >= 100); }
static int has_tcgen05(int sm, char v) {
  return v && (sm == 100 || sm == 101 || sm == 103 || sm == 110);
}

static const struct {
  const char *intrinsic, *asm_word, *feature, *use;
  int (*ok)(int sm, char variant);
} arch_features[] = {
    {"llvm.nvvm.wgmma.", "wgmma.", "wgmma (warpgroup MMA)", "sm_90a", has_wgmma},
    {"llvm.nvvm.setmaxnreg.", "setmaxnreg.", "setmaxnreg", "sm_90a", has_setmaxnreg},
    {"llvm.nvvm.tcgen05.", "tcgen05.", "tcgen05 (5th-generation tensor core)", "sm_100a",
     has_tcgen05},
};

static const char *missing_feature(const flyc_target_t *t, const char *text, size_t len,
                                   const char **use) {
  char variant;
  int sm = sm_number(t->proc->name, (unsigned)strlen(t->proc->name), &variant);
  int intrinsic = len > 10 && memcmp(text, "llvm.nvvm.", 10) == 0;
  for (size_t i = 0; i < sizeof arch_features / sizeof *arch_features; i++) {
    const char *w = intrinsic ? arch_features[i].intrinsic : arch_features[i].asm_word;
    size_t wl = strlen(w);
    int found = intrinsic ? len > wl && memcmp(text, w, wl) == 0 : memmem(text, len, w, wl) != NULL;
    if (found && !arch_features[i].ok(sm, variant)) {
      static __thread char buf[16];
      /* The arch-specific variant of this SM where it has the feature. */
      snprintf(buf, sizeof buf, "sm_%da", sm);
      *use = sm >= 90 && arch_features[i].ok(sm, 'a') ? buf : arch_features[i].use;
      return arch_features[i].feature;
    }
  }
  return NULL;
}

/* Intrinsics LLVM's NVPTX backend selects only from an SM and a PTX ISA
 * version on (it aborts with "Cannot select" below them), from LLVM 22's
 * predicates and the PTX ISA manual. A kernel on a lower SM is refused; a
 * lower PTX version is raised to what the kernel needs. */
static const struct {
  const char *prefix;
  unsigned sm, ptx;
} needs[] = {
    {"llvm.nvvm.shfl.sync.", 30, 60}, /* PTX 6.0's .sync forms (flyc/builder.h) */
    {"llvm.nvvm.vote.all.sync", 30, 60},
    {"llvm.nvvm.vote.any.sync", 30, 60},
    {"llvm.nvvm.vote.uni.sync", 30, 60},
    {"llvm.nvvm.vote.ballot.sync", 30, 60},
    {"llvm.nvvm.ldmatrix.", 75, 65},
    {"llvm.nvvm.tanh.approx.", 75, 70},
    {"llvm.tanh.f32", 75, 70}, /* `afn` only: tanh.approx.f32 (checked below) */
    {"llvm.nvvm.wmma.", 70, 60},
    {"llvm.nvvm.mma.m8n8k4.", 70, 64},
    {"llvm.nvvm.mma.m16n8k8.", 75, 65},
    {"llvm.nvvm.mma.m16n8k16.", 80, 70},
    {"llvm.nvvm.redux.sync.", 80, 70},
    {"llvm.nvvm.cp.async.ca.", 80, 70},
    {"llvm.nvvm.cp.async.cg.", 80, 70},
    {"llvm.nvvm.cp.async.commit.group", 80, 70},
    {"llvm.nvvm.cp.async.wait.", 80, 70},
    {"llvm.nvvm.ff.to.e4m3x2.", 89, 81},
    {"llvm.nvvm.ff.to.e5m2x2.", 89, 81},
    {"llvm.nvvm.f16x2.to.e4m3x2.", 89, 81},
    {"llvm.nvvm.f16x2.to.e5m2x2.", 89, 81},
    {"llvm.nvvm.mapa", 90, 78},
    {"llvm.nvvm.barrier.cluster.", 90, 78},
    {"llvm.nvvm.read.ptx.sreg.cluster", 90, 78},
    {"llvm.nvvm.read.ptx.sreg.nclusterid", 90, 78},
    {"llvm.nvvm.read.ptx.sreg.is.explicit.cluster", 90, 78},
    {"llvm.nvvm.griddepcontrol.", 90, 78},
    {"llvm.nvvm.stmatrix.", 90, 78},
    {"llvm.nvvm.elect.sync", 90, 80},
    {"llvm.nvvm.cp.async.bulk.", 90, 80},
    {"llvm.nvvm.fence.proxy.tensormap", 90, 83},
};

/* The caller of intrinsic declaration `f`, for messages. */
static const char *caller_of(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user))
      return LLVMGetValueName(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
  }
  return "?";
}

/* CUDA 12.1's large kernel parameters: up to 32764 bytes on sm_70 and
 * newer from PTX ISA 8.1 (ptxas: "Kernel parameter size larger than 4352
 * bytes requires PTX ISA .version 8.1"; the driver R530 or newer), which a
 * kernel past 4096 bytes then asks finalize() for. 0 where this LLVM or the
 * SM cannot. */
static unsigned large_kernarg_size(flyc_compile_t *c, const char *name, unsigned long long total) {
  char variant;
  const char *pn = c->target.proc->name;
  if (sm_number(pn, (unsigned)strlen(pn), &variant) < 70 || flyc__llvm_max_ptx() < 81)
    return 0;
  if (total <= 32764 && c->ptx_wanted < 81) {
    c->ptx_wanted = 81;
    snprintf(c->ptx_wanted_by, sizeof c->ptx_wanted_by, "kernel %.60s with %llu bytes of arguments",
             name, total);
  }
  return 32764;
}

static int finalize(flyc_compile_t *c) {
  char variant;
  const char *pn = c->target.proc->name;
  int sm = sm_number(pn, (unsigned)strlen(pn), &variant);
  unsigned want = c->ptx_wanted;
  const char *why = c->ptx_wanted_by;
  char buf[256];
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (len > 10 && memcmp(name, "llvm.tanh.", 10) == 0 && LLVMIsDeclaration(f)) {
      /* LLVM 22's reader turns llvm.nvvm.tanh.approx.f32 into this; the
       * backend selects only the approximate f32 form. */
      for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (strcmp(name, "llvm.tanh.f32") != 0 || !LLVMIsACallInst(call) ||
            !flyc__has_afn(call) || !flyc__llvm_nvptx_tanh_approx())
          return flyc__error_set(FLYC_EIR, "intrinsic '%s' (in function '%s') has an NVPTX "
                                 "lowering only as an approximate f32 call ('afn') on LLVM 22; "
                                 "call libdevice (__nv_tanhf, __nv_tanh) instead",
                                 name, caller_of(f));
      }
    }
    if (!LLVMIsDeclaration(f) || len < 10 ||
        (memcmp(name, "llvm.nvvm.", 10) != 0 && memcmp(name, "llvm.tanh.", 10) != 0) ||
        !LLVMGetFirstUse(f))
      continue;
    for (size_t i = 0; i < sizeof needs / sizeof *needs; i++) {
      if (strncmp(name, needs[i].prefix, strlen(needs[i].prefix)) != 0)
        continue;
      if (sm < (int)needs[i].sm)
        return flyc__error_set(FLYC_EIR, "intrinsic '%s' (in function '%s') needs sm_%u or "
                               "newer; target %s does not have it",
                               name, caller_of(f), needs[i].sm, c->target.id);
      if (needs[i].ptx > want) {
        want = needs[i].ptx;
        snprintf(buf, sizeof buf, "%.100s' in '%.100s", name, caller_of(f));
        why = buf;
      }
    }
  }
  /* Frontends write their newest ISA (clang 22: +ptx88), not what the code
   * needs: above what this LLVM emits, its newest is taken, with a warning
   * (an instruction the older ISA lacks is still refused by ptxas at load). */
  if (want > flyc__llvm_max_ptx()) {
    flyc__buf_printf(&c->log, "%swarning: '%s' asks for PTX ISA %u.%u, but LLVM %s emits at "
                     "most %u.%u: using %u.%u\n",
                     c->log.len && c->log.data[c->log.len - 1] != '\n' ? "\n" : "", why,
                     want / 10, want % 10, flyc_llvm_version(), flyc__llvm_max_ptx() / 10,
                     flyc__llvm_max_ptx() % 10, flyc__llvm_max_ptx() / 10,
                     flyc__llvm_max_ptx() % 10);
    want = flyc__llvm_max_ptx();
  }
  if (want <= c->target.ptx_version)
    return FLYC_OK;
  flyc__buf_printf(&c->log, "%snote: PTX ISA %u.%u, not %s's lowest %u.%u: '%s' asks for it\n",
                   c->log.len && c->log.data[c->log.len - 1] != '\n' ? "\n" : "", want / 10,
                   want % 10, c->target.proc->name, c->target.ptx_version / 10,
                   c->target.ptx_version % 10, why);
  c->target.ptx_version = want;
  snprintf(c->target.features, sizeof c->target.features, "+ptx%u", want);
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      flyc__fn_set_attr(c->ctx, f, "target-features", c->target.features);
  return flyc__retarget(c);
}

#define PTX_DEVICE_CC 72 /* llvm::CallingConv::PTX_Device */
static const unsigned nvptx_ccs[] = {LLVMFastCallConv, LLVMColdCallConv,
                                     PTX_KERNEL_CC, PTX_DEVICE_CC, 0};

const flyc_target_ops_t flyc__nvptx_ops = {
    .triple = "nvptx64-nvidia-cuda",
    .target_name = "nvptx64",
    .is_kernel = is_kernel,
    .prepare = prepare,
    .allowed_undefined = allowed_undefined,
    .check_function = check_function,
    .codegen = flyc__nvptx_codegen,
    .calling_conventions = nvptx_ccs,
    .unlowerable = unlowerable,
    .missing_feature = missing_feature,
    .finalize = finalize,
    /* The classic __global__ parameter limit (PTX .param space); past it,
     * CUDA 12.1's large parameters (large_kernarg_size()). */
    .max_kernarg_size = 4096,
    .large_kernarg_size = large_kernarg_size,
    .device_libs = cuda_libs,
    .devlibs_after = devlibs_after,
    .device_lib_files = (const char *const[]){"libdevice.10.bc", NULL},
    .device_lib_dirs = cuda_dirs,
    .builder = &flyc__nvptx_builder_ops,
    .checks = &flyc__nvptx_checks,
};

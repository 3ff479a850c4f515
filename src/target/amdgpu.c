/* AMDGPU: kernels, the code object version, ROCm device libraries and the
 * checks of what links in; the codegen paths are in amdgpu_codegen.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "target/amdgpu.h"

static int is_kernel(LLVMModuleRef mod, LLVMValueRef fn) {
  (void)mod;
  return LLVMGetFunctionCallConv(fn) == LLVMAMDGPUKERNELCallConv;
}

/* The COV the installed ROCm stack loads, judged by its comgr: ROCm 5.x
 * (comgr before 2.6) loads COV4, ROCm 6 COV5. 0 without comgr: unknown. */
static int default_cov(void) {
  const char *v = flyc__comgr_version_string();
  if (!v)
    return 0;
  int maj = 0, min = 0;
  if (sscanf(v, "%d.%d", &maj, &min) == 2 && maj == 2 && min < 6)
    return 4;
  return 5;
}

static void add_cov_flag(flyc_compile_t *c) {
  LLVMAddModuleFlag(c->mod, LLVMModuleFlagBehaviorError, "amdhsa_code_object_version",
                    strlen("amdhsa_code_object_version"),
                    LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c->ctx),
                                                     (unsigned long long)c->cov * 100, 0)));
}

static int cov_supported(int cov) {
  return cov >= 4 && cov <= flyc__llvm_max_cov();
}

/* Gives functions without a "target-cpu" the target's CPU and features (as
 * clang's -mlink-builtin-bitcode does for device libraries, so that they can
 * be inlined). With `inline_all`, they are also made alwaysinline unless
 * noinline: an ocml call left out of line gives the kernel a dynamic stack
 * (16 KiB of scratch) at -O0. */
static void stamp_target_attrs(flyc_compile_t *c, int inline_all) {
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  unsigned never = LLVMGetEnumAttributeKindForName("noinline", 8);
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    unsigned len;
    flyc__fn_attr(f, "target-cpu", &len);
    if (!len) {
      if (inline_all && !c->target.ops->is_kernel(c->mod, f) &&
          !LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, never) &&
          !LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, always))
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(c->ctx, always, 0));
      flyc__fn_set_attr(c->ctx, f, "target-cpu", c->target.proc->name);
      flyc__fn_attr(f, "target-features", &len);
      if (!len)
        flyc__fn_set_attr(c->ctx, f, "target-features", c->target.features);
    }
  }
}

static int prepare(flyc_compile_t *c) {
  int present = 0;
  int64_t flag = flyc__module_flag_int(c->mod, "amdhsa_code_object_version", 0, &present);
  if (!present)
    flag = flyc__module_flag_int(c->mod, "amdgpu_code_object_version", 0, &present);
  int cov = (int)c->opts.code_object_version;
  if (cov && !cov_supported(cov))
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "code object version %d is not supported with LLVM %s "
                           "(supported: 4, 5%s)",
                           cov, flyc_llvm_version(), flyc__llvm_max_cov() >= 6 ? ", 6" : "");
  c->cov_from = cov ? FLYC__COV_OPTIONS : FLYC__COV_DEFAULT;
  if (present) {
    int mcov = (int)(flag / 100);
    if (cov && cov != mcov)
      return flyc__error_set(FLYC_EIR,
                             "the input sets code object version %d (module flag = "
                             "%lld) but COV %d was requested: make the input for COV %d "
                             "(clang's -mcode-object-version=%d), or ask for none",
                             mcov, (long long)flag, cov, cov, cov);
    if (!cov_supported(mcov))
      return flyc__error_set(FLYC_EUNSUPPORTED,
                             "the input asks for code object version %d, which LLVM %s "
                             "cannot make",
                             mcov, flyc_llvm_version());
    cov = mcov;
    c->cov_from = FLYC__COV_INPUT;
  }
  c->cov = cov;
  if (!cov) {
    /* Neither the options nor the input fix it: the first link library
     * whose flag names one does, as the link checks its flags, and the rest
     * must agree (amdgpu_cov.c); else what the installed ROCm stack loads,
     * else 5 (close_cov). */
    c->cov = default_cov();
    c->cov_from = c->cov ? FLYC__COV_STACK : FLYC__COV_DEFAULT;
    if (!c->cov)
      c->cov = 5;
    c->cov_open = 1;
  } else if (!present) {
    /* LLVM >= 18 reads the COV from this flag; older LLVM ignores it and gets
     * the option set at codegen time. Libraries are checked against it. */
    add_cov_flag(c);
  }
  stamp_target_attrs(c, 0);
  /* A path that cannot make this COV (or serve the target) is refused now,
   * before linking and optimizing; an open COV's once it is closed. */
  return c->cov_open ? FLYC_OK : flyc__amdgpu_pick_path(c);
}

/* After the link libraries: a COV still open (no library named one) is the
 * default, and the module says so before the device libraries read it and
 * before the optimizer (whose AMDGPU passes read the flag); then the path
 * for the COV, when a library chose it. */
static int close_cov(flyc_compile_t *c) {
  if (c->cov_open) {
    int present;
    flyc__module_flag_int(c->mod, "amdhsa_code_object_version", 0, &present);
    if (!present)
      add_cov_flag(c);
    c->cov_open = 0;
  }
  return flyc__amdgpu_pick_path(c); /* a no-op once chosen */
}

/* Does a feature string pin `feat` on (+1), off (0), or not at all (-1)? */
static int feature_state(const char *fs, unsigned len, const char *feat) {
  size_t fl = strlen(feat);
  const char *p = fs, *end = fs + len;
  int state = -1;
  while (p < end) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    size_t n = comma ? (size_t)(comma - p) : (size_t)(end - p);
    if (n == fl + 1 && (p[0] == '+' || p[0] == '-') && memcmp(p + 1, feat, fl) == 0)
      state = p[0] == '+';
    p += n + 1;
  }
  return state;
}

#include "features.gen.h"

/* Every "+x"/"-x" of a feature string must be a feature this LLVM knows;
 * LLVM itself would print a warning to stderr and ignore it. */
static int in_list(const char *proc, const char *const *list);

/* The instruction-generation features ("+gfx940-insts") a processor has, as
 * LLVM's AMDGPU.td gives them: a function asking for one its target lacks
 * would get instructions the device does not run (issue 13, item 3). */
static int has_generation(const char *proc, const char *f, size_t n) {
  unsigned isa = 0; /* major*100 + minor, from the name: gfx90a -> 900, gfx1030 -> 1003 */
  size_t pl = strlen(proc);
  if (pl == 6) /* gfxNxy */
    isa = (unsigned)(proc[3] - '0') * 100;
  else if (pl == 7) /* gfxNNxy */
    isa = (unsigned)((proc[3] - '0') * 10 + (proc[4] - '0')) * 100 + (unsigned)(proc[5] - '0');
  unsigned major = isa / 100;
  static const char *const mi300[] = {"gfx940", "gfx941", "gfx942", "gfx950", NULL};
#define IS(s) (n == sizeof(s) - 1 && memcmp(f, s, n) == 0)
#define ONE_OF(list) in_list(proc, list)
  if (IS("gfx8-insts"))
    return major >= 8;
  if (IS("gfx9-insts"))
    return major >= 9;
  if (IS("gfx90a-insts"))
    return strcmp(proc, "gfx90a") == 0 || ONE_OF(mi300);
  if (IS("gfx940-insts"))
    return ONE_OF(mi300);
  if (IS("gfx950-insts"))
    return strcmp(proc, "gfx950") == 0;
  if (IS("gfx10-insts"))
    return major >= 10;
  if (IS("gfx10-3-insts"))
    return isa >= 1003;
  if (IS("gfx11-insts"))
    return major >= 11;
  if (IS("gfx12-insts"))
    return major >= 12;
  if (IS("gfx1250-insts"))
    return strncmp(proc, "gfx125", 6) == 0;
#undef IS
#undef ONE_OF
  return -1; /* not a generation feature */
}

static int in_list(const char *proc, const char *const *list) {
  for (; *list; list++)
    if (strcmp(proc, *list) == 0)
      return 1;
  return 0;
}

static int check_feature_names(const char *fs, unsigned len, const char *fn,
                               const char *lib) {
  if (!amdgpu_features[0])
    return FLYC_OK; /* the build could not read the list */
  const char *p = fs, *end = fs + len;
  while (p < end) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    size_t n = comma ? (size_t)(comma - p) : (size_t)(end - p);
    if (n && (p[0] == '+' || p[0] == '-')) {
      int known = 0;
      for (size_t i = 0; amdgpu_features[i] && !known; i++)
        known = strlen(amdgpu_features[i]) == n - 1 &&
                memcmp(amdgpu_features[i], p + 1, n - 1) == 0;
      if (!known)
        return flyc__error_set(FLYC_ELINK,
                               "function '%s' in '%s' has target feature '%.*s', which "
                               "LLVM %s does not know",
                               fn, lib, (int)n, p, flyc_llvm_version());
    } else if (n) {
      return flyc__error_set(FLYC_ELINK,
                             "function '%s' in '%s' has a malformed \"target-features\" "
                             "entry '%.*s'",
                             fn, lib, (int)n, p);
    }
    p += n + 1;
  }
  return FLYC_OK;
}

/* "amdgpu-num-vgpr"/"amdgpu-num-sgpr" too small make the register allocator
 * abort ("no registers from class available"). */
static int check_register_limit(const char *fn, const char *lib, LLVMValueRef f,
                                const char *attr, long min) {
  unsigned len;
  const char *v = flyc__fn_attr(f, attr, &len);
  if (!len)
    return FLYC_OK;
  char buf[32];
  snprintf(buf, sizeof buf, "%.*s", (int)(len < 31 ? len : 31), v);
  char *end;
  long n = strtol(buf, &end, 10);
  if (*end || end == buf || n < min || n > 1024)
    return flyc__error_set(FLYC_ELINK,
                           "function '%s' in '%s' has \"%s\"=\"%.*s\"; flyc accepts "
                           "%ld to 1024",
                           fn, lib, attr, (int)len, v, min);
  return FLYC_OK;
}

static int check_function(flyc_compile_t *c, LLVMValueRef fn, const char *lib) {
  unsigned len;
  size_t nl;
  const char *name = LLVMGetValueName2(fn, &nl);
  int rr = check_register_limit(name, lib, fn, "amdgpu-num-vgpr", 24);
  if (!rr)
    rr = check_register_limit(name, lib, fn, "amdgpu-num-sgpr", 16);
  if (rr)
    return rr;
  const char *cpu = flyc__fn_attr(fn, "target-cpu", &len);
  /* Present but empty: LLVM would take "" for a processor (its warning on
   * the caller's stderr) and build the function for none. */
  if (!len && !LLVMIsDeclaration(fn) &&
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "target-cpu", 10))
    return flyc__error_set(FLYC_ELINK,
                           "function '%s' in '%s' has an empty \"target-cpu\": name the "
                           "processor (%s) or leave the attribute out",
                           name, lib, c->target.proc->name);
  if (len && (len != strlen(c->target.proc->name) ||
              memcmp(cpu, c->target.proc->name, len) != 0))
    return flyc__error_set(FLYC_ELINK,
                           "function '%s' in '%s' is built for %.*s (\"target-cpu\"), but "
                           "the target is %s",
                           name, lib, (int)len, cpu, c->target.id);
  const char *fs = flyc__fn_attr(fn, "target-features", &len);
  if (!len)
    return FLYC_OK;
  int rc = check_feature_names(fs, len, name, lib);
  if (rc)
    return rc;
  for (const char *p = fs, *end = fs + len; p < end;) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    size_t n = comma ? (size_t)(comma - p) : (size_t)(end - p);
    if (n > 1 && p[0] == '+' && has_generation(c->target.proc->name, p + 1, n - 1) == 0)
      return flyc__error_set(FLYC_ELINK,
                             "function '%s' in '%s' has target feature '%.*s', which target "
                             "%s does not have (its code would not run there)",
                             name, lib, (int)n, p, c->target.id);
    p += n + 1;
  }
  static const char *const feats[] = {"xnack", "sramecc"};
  for (int i = 0; i < 2; i++) {
    int want = i == 0 ? c->target.xnack : c->target.sramecc;
    int have = feature_state(fs, len, feats[i]);
    if (have >= 0 && want >= 0 && have != want)
      return flyc__error_set(FLYC_ELINK,
                             "function '%s' in '%s' is built with %c%s, but the target is "
                             "%s",
                             name, lib, have ? '+' : '-', feats[i], c->target.id);
    /* The target leaves the feature to the device ("any"), the function
     * fixes it: the code object would say so, and load only where it holds. */
    if (have >= 0 && want < 0)
      return flyc__error_set(FLYC_ELINK,
                             "function '%s' in '%s' is built with %c%s, but target %s leaves "
                             "%s to the device: compile for %s:%s%c",
                             name, lib, have ? '+' : '-', feats[i], c->target.id, feats[i],
                             c->target.id, feats[i], have ? '+' : '-');
  }
  int w64 = feature_state(fs, len, "wavefrontsize64");
  int w32 = feature_state(fs, len, "wavefrontsize32");
  if (w64 == 1 && w32 == 1)
    return flyc__error_set(FLYC_ELINK,
                           "function '%s' in '%s' asks for both +wavefrontsize32 and "
                           "+wavefrontsize64",
                           name, lib);
  if ((w64 == 1 && c->target.wave != 64) || (w32 == 1 && c->target.wave != 32))
    return flyc__error_set(FLYC_ELINK,
                           "function '%s' in '%s' is built for wavefront size %d, but "
                           "target %s runs wave%u",
                           name, lib, w64 == 1 ? 64 : 32, c->target.id, c->target.wave);
  return FLYC_OK;
}

/* Where ROCm keeps its device libraries, newest layouts first. */
static size_t rocm_dirs(const char **dirs, char *buf, size_t bufsz) {
  size_t k = 0;
  const char *rp = getenv("ROCM_PATH");
  if (rp && *rp) {
    snprintf(buf, bufsz, "%s/amdgcn/bitcode", rp);
    dirs[k++] = buf;
  }
  dirs[k++] = "/opt/rocm/amdgcn/bitcode";
  dirs[k++] = "/opt/rocm/lib/llvm/lib/clang/amdgcn/bitcode";
  dirs[k++] = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
  dirs[k++] = "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode";
  dirs[k++] = "/usr/lib/amdgcn/bitcode";
  return k;
}

/* 1 when every kernel's string attribute `key` begins with `prefix` (or
 * with `alt`, when not NULL). */
static int kernels_say(const flyc_compile_t *c, const char *key, const char *prefix,
                       const char *alt) {
  size_t np = strlen(prefix), na = alt ? strlen(alt) : 0;
  for (size_t i = 0; i < c->kernel_count; i++) {
    LLVMValueRef f = LLVMGetNamedFunction(c->mod, c->kernels[i]);
    unsigned len = 0; /* the value is counted, not NUL-terminated */
    const char *v = f ? flyc__fn_attr(f, key, &len) : "";
    if (!(len >= np && !memcmp(v, prefix, np)) && !(alt && len >= na && !memcmp(v, alt, na)))
      return 0;
  }
  return c->kernel_count > 0;
}

/* The control constants the device libraries read (`__oclc_*`), given the
 * values that fit the target and options; as ROCm's oclc_*.bc files define
 * them, but computed, so targets without such a file (gfx942 in ROCm 5.2)
 * work too. Where the input's kernels already flush f32 denormals
 * (`"denormal-fp-math-f32"="preserve-sign"`: clang's
 * -fgpu-flush-denormals-to-zero) or assume finite math (`"no-infs-fp-math"`
 * and `"no-nans-fp-math"`: -ffinite-math-only, -ffast-math), the device
 * libraries are told so as well, as clang's HIP driver links
 * oclc_daz_opt_on.bc and oclc_finite_only_on.bc then: else ocml would
 * compute for another mode than the code around it. */
static int define_control_constants(flyc_compile_t *c) {
  uint32_t fl = c->opts.flags;
  if (kernels_say(c, "denormal-fp-math-f32", "preserve-sign", "positive-zero"))
    fl |= FLYC_COMPILE_DAZ;
  if (kernels_say(c, "no-infs-fp-math", "true", NULL) &&
      kernels_say(c, "no-nans-fp-math", "true", NULL))
    fl |= FLYC_COMPILE_FINITE_ONLY;
  struct {
    const char *name;
    unsigned long long value;
  } k[] = {
      {"__oclc_ISA_version", c->target.proc->isa_version},
      {"__oclc_ABI_version", (unsigned long long)c->cov * 100},
      {"__oclc_wavefrontsize64", c->target.wave == 64},
      {"__oclc_daz_opt", (fl & FLYC_COMPILE_DAZ) != 0},
      {"__oclc_finite_only_opt", (fl & FLYC_COMPILE_FINITE_ONLY) != 0},
      {"__oclc_correctly_rounded_sqrt32", (fl & FLYC_COMPILE_APPROX_SQRT) == 0},
      {"__oclc_unsafe_math_opt", (fl & FLYC_COMPILE_UNSAFE_MATH) != 0},
  };
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, k[i].name);
    if (!g)
      continue;
    if (!LLVMIsDeclaration(g)) {
      /* Defined by a link library (or the input): it must say what flyc
       * would, or the device libraries compute with another ABI (a COV 5
       * __oclc_ABI_version in a COV 4 object reads block_dim from inside the
       * hidden arguments) or other options (issue 13, item 2). */
      LLVMValueRef init = LLVMGetInitializer(g);
      unsigned long long have = init && LLVMIsAConstantInt(init)
                                    ? LLVMConstIntGetZExtValue(init)
                                    : ~0ull;
      if (have != k[i].value) {
        const char *o = flyc__origin_of(c, k[i].name);
        return flyc__error_set(FLYC_ELINK,
                               "'%s' defines %s = %lld, but this compile for %s (code object "
                               "version %d, its options) needs %llu: link no oclc_*.bc of "
                               "your own; flyc defines these (FLYC_COMPILE_DAZ, "
                               "FLYC_COMPILE_FINITE_ONLY, ... choose them)",
                               o ? o : "the input", k[i].name, (long long)have, c->target.id,
                               c->cov, k[i].value);
      }
      continue;
    }
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
      return flyc__error_set(FLYC_ELINK, "'%s' is declared with a non-integer type",
                             k[i].name);
    LLVMSetInitializer(g, LLVMConstInt(t, k[i].value, 0));
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetVisibility(g, LLVMDefaultVisibility);
  }
  return FLYC_OK;
}

static int devlibs_before(flyc_compile_t *c) { return close_cov(c); }

/* ROCm 5.x HIP headers' __syncthreads() calls __atomic_work_item_fence,
 * which only ROCm's hip.bc defines (ROCm 6 dropped both). */
static const flyc__devlib_t rocm_libs[] = {{"__ocml_", "ocml.bc"},
                                           {"__ockl_", "ockl.bc"},
                                           {"__atomic_work_item_fence", "hip.bc"},
                                           {NULL, NULL}};

/* After them: what they define gets the target's attributes (and inlines),
 * and the control constants they read are defined. */
static int devlibs_after(flyc_compile_t *c, const char *const *linked) {
  for (size_t i = 0; rocm_libs[i].file; i++)
    if (linked[i]) {
      stamp_target_attrs(c, 1);
      break;
    }
  return define_control_constants(c);
}

/* Math intrinsics the AMDGPU backend turns into an abort ("Cannot select",
 * "unsupported libcall legalization") instead of code: f64 transcendentals
 * have no instruction and no library call; roundeven (and f16 nearbyint)
 * before LLVM 19. The device library spelling works (__ocml_sin_f64). */
static const char *unlowerable(const char *name, size_t len, LLVMTypeRef elem) {
  static const char *const f64_math[] = {"sin",  "cos",  "pow",   "exp",  "exp2",
                                         "exp10", "log", "log2", "log10", NULL};
  int is_f64 = LLVMGetTypeKind(elem) == LLVMDoubleTypeKind;
  for (int i = 0; f64_math[i] && is_f64; i++) {
    size_t n = strlen(f64_math[i]);
    if (len > 5 + n && memcmp(name + 5, f64_math[i], n) == 0 && name[5 + n] == '.')
      return "has no AMDGPU f64 instruction; call ocml (__ocml_<name>_f64) instead";
  }
  if ((len >= 17 && memcmp(name, "llvm.frameaddress", 17) == 0) ||
      (len >= 14 && memcmp(name, "llvm.sponentry", 14) == 0))
    return "is not supported by the AMDGPU backend (it corrupts memory in LLVM 15)";
  if (!flyc__llvm_roundeven() && len >= 15 && memcmp(name, "llvm.roundeven.", 15) == 0)
    return "cannot be selected by this LLVM's AMDGPU backend; use llvm.rint";
  if (!flyc__llvm_roundeven() && len >= 15 && memcmp(name, "llvm.nearbyint.", 15) == 0 &&
      LLVMGetTypeKind(elem) == LLVMHalfTypeKind)
    return "cannot be selected for f16 by this LLVM's AMDGPU backend";
  return NULL;
}

static const unsigned amdgpu_ccs[] = {LLVMFastCallConv, LLVMColdCallConv,
                                      LLVMAMDGPUKERNELCallConv, 0};

/* Matrix-core intrinsics the processor lacks: LLVM's AMDGPU backend aborts
 * on them ("Cannot select"). Only whole families are refused here, on
 * processors that have none of them (a family member a newer processor
 * alone has is LLVM's to select): MFMA on gfx908, gfx90a, gfx94x and gfx950;
 * WMMA on gfx11 and gfx12. */
static const char *missing_feature(const flyc_target_t *t, const char *text, size_t len,
                                   const char **use) {
  int unit = flyc__amdgpu_matrix_unit(t->proc);
  if (len > 17 && memcmp(text, "llvm.amdgcn.mfma.", 17) == 0 && unit != 1) {
    *use = "gfx908, gfx90a, gfx942 or gfx950";
    return "MFMA (the CDNA matrix core)";
  }
  if (len > 17 && memcmp(text, "llvm.amdgcn.wmma.", 17) == 0 && unit != 2) {
    *use = "a gfx11 or gfx12 processor";
    return "WMMA (the RDNA 3 / 4 matrix instructions)";
  }
  return NULL;
}

const flyc_target_ops_t flyc__amdgpu_ops = {
    .triple = "amdgcn-amd-amdhsa",
    .target_name = "amdgcn",
    .is_kernel = is_kernel,
    .prepare = prepare,
    .allowed_undefined = NULL,
    .check_function = check_function,
    .codegen = flyc__amdgpu_codegen,
    .calling_conventions = amdgpu_ccs,
    .unlowerable = unlowerable,
    /* The kernarg segment HIP fills at launch; hipModuleLaunchKernel's limit. */
    .max_kernarg_size = 4096,
    .check_elf_facts = flyc__amdgpu_check_elf_facts,
    .devlibs_before = devlibs_before,
    .device_libs = rocm_libs,
    .devlibs_after = devlibs_after,
    /* hip.bc (ROCm 5.x only) is not in the key. */
    .device_lib_files = (const char *const[]){"ocml.bc", "ockl.bc", NULL},
    .device_lib_dirs = rocm_dirs,
    .builder = &flyc__amdgpu_builder_ops,
    .checks = &flyc__amdgpu_checks,
    .missing_feature = missing_feature,
    /* Before the optimizer, with FLYC_COMPILE_NO_DEVICE_LIBS too. */
    .finalize = close_cov,
};

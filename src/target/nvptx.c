/* NVPTX: kernels, libdevice, PTX emission, and the PTX kernel table. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm/Config/llvm-config.h>

#include "internal.h"

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

/* The NVPTX backend (and, from LLVM 20 on, LLVM's IR reader) reads
 * nvvm.annotations assuming {global, (key, integer)*} and crashes on anything
 * else: every entry of named metadata `md` is checked, for the input, for
 * each text library as it is parsed, and after linking in check_supported.
 * `what` and `file` (may be NULL) say whose entries they are. */
int flyc__nvptx_check_annotations(LLVMModuleRef mod, const char *md, const char *what,
                                  const char *file) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, md);
  if (!n)
    return FLYC_OK;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  if (!nodes)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  LLVMGetNamedMetadataOperands(mod, md, nodes);
  char where[512];
  snprintf(where, sizeof where, "%s%s%s%s", what, file ? " '" : "", file ? file : "",
           file ? "'" : "");
  int rc = FLYC_OK;
  for (unsigned i = 0; i < n && rc == FLYC_OK; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    LLVMValueRef ops[65];
    if (k < 3 || k > 65 || k % 2 == 0) {
      rc = flyc__error_set(FLYC_EIR,
                           "nvvm.annotations entry %u of %s has %u operands; it must be a "
                           "global followed by (name, integer) pairs",
                           i, where, k);
      break;
    }
    LLVMGetMDNodeOperands(nodes[i], ops);
    if (!ops[0] || !LLVMIsAGlobalValue(ops[0])) {
      rc = flyc__error_set(FLYC_EIR, "nvvm.annotations entry %u of %s does not start with a "
                           "global", i, where);
      break;
    }
    for (unsigned j = 1; j + 1 < k; j += 2) {
      unsigned kl = 0;
      if (!ops[j] || !LLVMGetMDString(ops[j], &kl) || !ops[j + 1] ||
          !LLVMIsAConstantInt(ops[j + 1])) {
        rc = flyc__error_set(FLYC_EIR,
                             "nvvm.annotations entry %u of %s: operand %u must be a name and "
                             "operand %u an integer",
                             i, where, j, j + 1);
        break;
      }
    }
  }
  free(nodes);
  return rc;
}

static int prepare(flyc_compile_t *c) {
  int rc = flyc__nvptx_check_annotations(c->mod, "nvvm.annotations", "the input", NULL);
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
static void answer_reflect(flyc_compile_t *c) {
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
      value = (c->opts.flags & FLYC_COMPILE_DAZ) != 0;
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

static int link_device_libs(flyc_compile_t *c) {
  if (!flyc__module_needs_prefix(c->mod, "__nv_"))
    return FLYC_OK;
  const char *dirs[8];
  char buf[8192];
  size_t n = cuda_dirs(dirs, buf, sizeof buf);
  char *path = NULL;
  int rc = flyc__find_device_lib(c, "libdevice.10.bc", dirs, n, &path);
  LLVMModuleRef lib = NULL;
  if (rc == FLYC_OK)
    rc = flyc__load_library(c, path, 1, &lib);
  if (rc == FLYC_OK)
    rc = flyc__link_library(c, lib, path, 0);
  char *path_linked = path; /* origin of libdevice's functions */
  if (rc) {
    free(path);
    return rc;
  }
  int present;
  flyc__module_flag_int(c->mod, "nvvm-reflect-ftz", 0, &present);
  if (!present)
    LLVMAddModuleFlag(c->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                      LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c->ctx),
                                                       (c->opts.flags & FLYC_COMPILE_DAZ) != 0,
                                                       0)));
  answer_reflect(c);
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
  free(path_linked);
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

/* ---- the kernel table, from the module before codegen ---- */

static uint32_t product(const uint32_t d[3]) {
  if (!d[0] && !d[1] && !d[2])
    return 0;
  uint64_t p = (uint64_t)(d[0] ? d[0] : 1) * (d[1] ? d[1] : 1) * (d[2] ? d[2] : 1);
  return p > UINT32_MAX ? UINT32_MAX : (uint32_t)p;
}

/* 1 when `v` is used by an instruction of `fn`, directly or through
 * constant expressions (a GEP into a shared array). */
static int used_in(LLVMValueRef v, LLVMValueRef fn, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user)) {
      if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn)
        return 1;
    } else if (depth < 8 && LLVMIsAConstantExpr(user) && used_in(user, fn, depth + 1)) {
      return 1;
    }
  }
  return 0;
}

/* Bytes of static shared memory (`.shared` variables) kernel `fn` uses
 * itself, laid out in module order with their alignment. What functions it
 * calls use is not counted (flyc inlines at O1 and up). */
static uint32_t static_shared(LLVMModuleRef m, LLVMTargetDataRef td, LLVMValueRef fn) {
  uint64_t total = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3 || LLVMIsDeclaration(g) ||
        !used_in(g, fn, 0))
      continue;
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    uint64_t align = LLVMGetAlignment(g) ? LLVMGetAlignment(g) : LLVMABIAlignmentOfType(td, t);
    total = (total + align - 1) / align * align + LLVMABISizeOfType(td, t);
  }
  return total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
}

static int kernel_table(flyc_compile_t *c, flyc_artifact_t *a) {
  a->kernels = calloc(c->kernel_count ? c->kernel_count : 1, sizeof *a->kernels);
  if (!a->kernels)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(c->tm);
  int rc = FLYC_OK;
  for (size_t i = 0; i < c->kernel_count && rc == FLYC_OK; i++) {
    LLVMValueRef fn = LLVMGetNamedFunction(c->mod, c->kernels[i]);
    if (!fn)
      continue;
    flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
    k->size = sizeof *k;
    k->name = flyc__artifact_strdup(a, c->kernels[i]);
    k->symbol = k->name;
    k->wavefront_size = 32;
    flyc_nvptx_bounds_t nb;
    flyc__nvptx_get_bounds(c->mod, fn, &nb);
    const uint32_t *req = nb.v[FLYC_NVPTX_REQNTID], *max = nb.v[FLYC_NVPTX_MAXNTID];
    for (int d = 0; d < 3 && nb.set[FLYC_NVPTX_REQNTID]; d++)
      k->reqd_workgroup_size[d] = req[d];
    k->max_flat_workgroup_size = nb.set[FLYC_NVPTX_REQNTID]   ? product(req)
                                 : nb.set[FLYC_NVPTX_MAXNTID] ? product(max)
                                                              : 0;
    k->group_segment_fixed_size = static_shared(c->mod, td, fn);
    unsigned np_count = LLVMCountParams(fn);
    flyc_kernel_arg_t *args = np_count ? calloc(np_count, sizeof *args) : NULL;
    if (np_count && !args) {
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
      break;
    }
    uint32_t off = 0, maxalign = 1;
    unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
    unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
    for (unsigned j = 0; j < np_count; j++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, j));
      /* A struct passed by value (`ptr byval(%T) align A`) is its bytes in
       * the parameter space, `.param .align A .b8 name[sizeof T]`. */
      LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(fn, j + 1, byval_kind);
      LLVMTypeRef vt = bv ? LLVMGetTypeAttributeValue(bv) : NULL;
      int byval = vt != NULL;
      if (byval)
        t = vt;
      uint32_t size = (uint32_t)LLVMABISizeOfType(td, t);
      uint32_t align = LLVMABIAlignmentOfType(td, t);
      LLVMAttributeRef al = byval ? LLVMGetEnumAttributeAtIndex(fn, j + 1, align_kind) : NULL;
      if (al && LLVMGetEnumAttributeValue(al) > align && LLVMGetEnumAttributeValue(al) <= 4096)
        align = (uint32_t)LLVMGetEnumAttributeValue(al);
      if (align > maxalign)
        maxalign = align;
      off = (off + align - 1) / align * align;
      size_t nlen;
      const char *pname = LLVMGetValueName2(LLVMGetParam(fn, j), &nlen);
      int isptr = !byval && LLVMGetTypeKind(t) == LLVMPointerTypeKind;
      args[j].name = flyc__artifact_strdup(a, pname);
      args[j].value_kind = isptr ? "global_buffer" : "by_value";
      args[j].address_space = isptr ? "global" : "";
      args[j].offset = off;
      args[j].size = size;
      off += size;
    }
    k->args = args;
    k->arg_count = np_count;
    k->kernarg_segment_size = off;
    k->kernarg_segment_align = maxalign;
    if (!k->name)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  LLVMDisposeTargetData(td);
  return rc;
}

/* Removes ", debug" from the `.target` directive (see FLYC_COMPILE_DEBUG_INFO)
 * in place; returns 1 when it was there. The directive is the first line that
 * starts with ".target" (PTX ISA: one per module, after .version). */
static int drop_debug_target(char *ptx, size_t *size) {
  char *t = strstr(ptx, "\n.target ");
  if (!t)
    return 0;
  char *eol = strchr(t + 1, '\n');
  if (!eol)
    eol = ptx + *size;
  static const char word[] = ", debug";
  size_t wl = sizeof word - 1;
  char *d = memmem(t, (size_t)(eol - t), word, wl);
  if (!d)
    return 0;
  memmove(d, d + wl, (size_t)(ptx + *size - (d + wl)) + 1);
  *size -= wl;
  return 1;
}

/* Checks that the PTX says what was asked for. */
static int check_ptx(flyc_compile_t *c, const char *ptx) {
  char want[32];
  snprintf(want, sizeof want, ".target %s", c->target.proc->name);
  if (!strstr(ptx, want))
    return flyc__error_set(FLYC_ECOMPILE, "the PTX lacks '%s'", want);
  snprintf(want, sizeof want, ".version %u.%u", c->target.ptx_version / 10,
           c->target.ptx_version % 10);
  if (!strstr(ptx, want))
    return flyc__error_set(FLYC_ECOMPILE, "the PTX lacks '%s'", want);
  for (size_t i = 0; i < c->kernel_count; i++) {
    size_t el = strlen(c->kernels[i]) + 9;
    char *entry = malloc(el);
    if (!entry)
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    snprintf(entry, el, ".entry %s(", c->kernels[i]);
    int found = strstr(ptx, entry) != NULL;
    free(entry);
    if (!found)
      return flyc__error_set(FLYC_ECOMPILE, "the PTX has no '.entry %s'", c->kernels[i]);
  }
  return FLYC_OK;
}

static int codegen(flyc_compile_t *c) {
  c->codegen = FLYC_CODEGEN_PTX;
  flyc_artifact_t *a = c->artifact = flyc__artifact_new();
  if (!a)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  int rc = kernel_table(c, a);
  if (rc)
    return rc;
  uint64_t t0 = flyc__now_us();
  char *msg = NULL;
  LLVMMemoryBufferRef mb = NULL;
  size_t before = c->diag.len;
  flyc__llvm_options_read_begin();
  LLVMBool failed =
      LLVMTargetMachineEmitToMemoryBuffer(c->tm, c->mod, LLVMAssemblyFile, &msg, &mb);
  flyc__llvm_options_read_end();
  if (failed || c->diag.len > before || !mb) {
    rc = flyc__error_set(FLYC_ECOMPILE, "PTX generation for %s failed: %s%s%s",
                         c->target.id, msg ? msg : "",
                         msg && c->diag.len > before ? "; " : "",
                         c->diag.len > before ? c->diag.data + before : "");
  } else {
    size_t n = LLVMGetBufferSize(mb);
    const char *s = LLVMGetBufferStart(mb);
    while (n && s[n - 1] == '\0')
      n--;
    if (!(a->code = malloc(n + 1)))
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    else {
      memcpy(a->code, s, n);
      ((char *)a->code)[n] = '\0';
      a->code_size = n;
    }
  }
  LLVMDisposeMessage(msg);
  if (mb)
    LLVMDisposeMemoryBuffer(mb);
  uint64_t t1 = flyc__now_us();
  c->times.codegen_us = t1 - t0;
  if (rc)
    return rc;
  if (!(c->opts.flags & FLYC_COMPILE_DEBUG_INFO) && drop_debug_target(a->code, &a->code_size))
    flyc__buf_printf(&c->log, "note: the IR asks for line tables or full debug info, which "
                              "makes LLVM write '.target %s, debug' and ptxas compile without "
                              "optimization; flyc removed ', debug' (line info kept; "
                              "FLYC_COMPILE_DEBUG_INFO / -g keeps it)\n",
                     c->target.proc->name);
  a->format = FLYC_CODE_PTX;
  a->codegen = FLYC_CODEGEN_PTX;
  a->code_object_version = (int)c->target.ptx_version;
  if (!(a->target = strdup(c->target.id)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  rc = check_ptx(c, a->code);
  c->times.check_us = flyc__now_us() - t1;
  return rc;
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
    {"llvm.nvvm.ldmatrix.", 75, 65},
    {"llvm.nvvm.tanh.approx.", 75, 70},
    {"llvm.tanh.f32", 75, 70}, /* `afn` only: tanh.approx.f32 (checked below) */
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
    .link_device_libs = link_device_libs,
    .allowed_undefined = allowed_undefined,
    .check_function = check_function,
    .codegen = codegen,
    .calling_conventions = nvptx_ccs,
    .unlowerable = unlowerable,
    .missing_feature = missing_feature,
    .finalize = finalize,
    /* The classic __global__ parameter limit (PTX .param space). */
    .max_kernarg_size = 4096,
    .device_lib_files = (const char *const[]){"libdevice.10.bc", NULL},
    .device_lib_dirs = cuda_dirs,
    .checks = &flyc__nvptx_checks,
};

/* ---- reading PTX text (flyc_artifact_read) ---- */

static uint32_t ptx_type_size(const char *t, size_t n) {
  if (n < 3 || t[0] != '.')
    return 0;
  int bits = atoi(t + 2);
  if (t[1] == 'u' || t[1] == 's' || t[1] == 'b' || t[1] == 'f')
    return bits > 0 ? (uint32_t)bits / 8 : 0;
  return 0;
}

/* 1 when `s` starts with directive `d` (".ptr") followed by a blank. */
static int directive(const char *s, const char *d) {
  size_t n = strlen(d);
  return strncmp(s, d, n) == 0 && (s[n] == ' ' || s[n] == '\t');
}

static const char *skip_blanks(const char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* The end of the body that starts at `open` ('{'): just past its matching
 * '}' (call sequences nest `{ }` blocks), skipping comments; `limit` when
 * the text ends first. */
static const char *body_end(const char *open, const char *limit) {
  int depth = 0;
  for (const char *s = open; s < limit; s++) {
    if (s[0] == '/' && s + 1 < limit && s[1] == '/') {
      const char *nl = memchr(s, '\n', (size_t)(limit - s));
      if (!nl)
        return limit;
      s = nl;
    } else if (s[0] == '/' && s + 1 < limit && s[1] == '*') {
      const char *e = memmem(s + 2, (size_t)(limit - s - 2), "*/", 2);
      if (!e)
        return limit;
      s = e + 1;
    } else if (*s == '{') {
      depth++;
    } else if (*s == '}' && --depth == 0) {
      return s + 1;
    }
  }
  return limit;
}

/* Bytes of the `.shared` variables declared inside a kernel's body, laid out
 * in order with their alignment as kernel_table's static_shared() does for
 * the IR. LLVM's NVPTX printer writes a shared global that only one kernel
 * uses there ("demoted variable": `.shared .align 4 .b8 t[4224];`). A
 * module-scope `.shared` cannot be attributed to a kernel from the text
 * alone (which kernels use it would need the instructions' operands): it is
 * left out, so the count is a lower bound for such kernels. `.extern .shared`
 * (dynamic shared memory) has no static size. */
static uint32_t body_shared(const char *body, const char *end) {
  uint64_t total = 0;
  for (const char *line = body; line && line < end;) {
    const char *nl = memchr(line, '\n', (size_t)(end - line));
    const char *s = skip_blanks(line);
    line = nl ? nl + 1 : NULL;
    if (*s == '{')
      s = skip_blanks(s + 1);
    if (!directive(s, ".shared"))
      continue;
    s = skip_blanks(s + 7);
    uint64_t align = 0, vec = 1;
    if (directive(s, ".align")) {
      char *e;
      align = strtoull(s + 6, &e, 10);
      s = skip_blanks(e);
    }
    if (directive(s, ".v2") || directive(s, ".v4") || directive(s, ".v8")) {
      vec = (uint64_t)(s[2] - '0');
      s = skip_blanks(s + 3);
    }
    size_t tl = strcspn(s, " \t");
    uint64_t elem = ptx_type_size(s, tl) * vec, size = elem;
    if (!elem)
      continue;
    s = skip_blanks(s + tl);
    s += strcspn(s, "[;\n");
    while (*s == '[' && size) {
      char *e;
      unsigned long long n = strtoull(s + 1, &e, 10);
      if (*e != ']')
        size = 0; /* `[]`: no static size */
      else
        size = n && size > UINT32_MAX / n ? UINT32_MAX : size * n;
      s = e + (*e == ']');
    }
    if (!align)
      align = elem;
    if (align > 4096)
      align = 4096;
    total = (total + align - 1) / align * align + size;
    if (total > UINT32_MAX)
      return UINT32_MAX;
  }
  return (uint32_t)total;
}

int flyc__ptx_metadata_from_text(flyc_artifact_t *a, const char *ptx, size_t size) {
  const char *limit = ptx + size;
  const char *p = ptx;
  size_t cap = 0;
  while ((p = strstr(p, ".entry "))) {
    p += 7;
    size_t nlen = strcspn(p, "( \t\n");
    if (!nlen)
      continue;
    const char *ename = p;
    p += nlen;
    /* The parameter list starts on this line; its ')' ends it. A ';' before
     * the body's '{' makes this a declaration (.extern .entry), not a kernel. */
    const char *open = p + strspn(p, " \t\r\n"), *close, *body;
    if (*open == '{') { /* no parameter list */
      close = body = open;
    } else if (*open == '(') {
      if (!(close = strchr(open, ')')))
        break;
      body = close + 1 + strcspn(close + 1, "{;");
      if (*body != '{')
        continue; /* a declaration */
    } else {
      continue;
    }
    if (a->kernel_count == cap) {
      cap = cap ? cap * 2 : 8;
      flyc_kernel_info_t *nk = realloc(a->kernels, cap * sizeof *nk);
      if (!nk)
        return flyc__error_set(FLYC_ENOMEM, "out of memory");
      a->kernels = nk;
    }
    flyc_kernel_info_t *k = &a->kernels[a->kernel_count++];
    memset(k, 0, sizeof *k);
    k->size = sizeof *k;
    k->name = flyc__artifact_strndup(a, ename, nlen);
    k->symbol = k->name;
    k->wavefront_size = 32;
    if (!k->name)
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    p = body;
    /* Parameters: `.param .u64 name` or `.param .align A .b8 name[N]`; the
     * search ends at this entry's ')'. */
    flyc_kernel_arg_t *args = NULL;
    size_t na = 0;
    uint32_t off = 0, maxalign = 1;
    for (const char *q = open; q < close && (q = memmem(q, (size_t)(close - q), ".param", 6));
         q += 6) {
      const char *r = q + 6;
      while (*r == ' ' || *r == '\t')
        r++;
      uint32_t align = 0;
      uint64_t sz;
      if (strncmp(r, ".align", 6) == 0) {
        unsigned long al = strtoul(r + 6, (char **)&r, 10);
        align = al > 4096 ? 4096 : (uint32_t)al;
        while (*r == ' ')
          r++;
      }
      size_t tl = strcspn(r, " \t");
      sz = ptx_type_size(r, tl);
      const char *name = skip_blanks(r + tl);
      /* LLVM 21+ marks pointers: `.param .u64 .ptr [.global|.shared|.const|
       * .local] [.align N] name`. The state space and pointee alignment
       * describe what it points to; the parameter is still the .u64. */
      const char *space = "";
      if (directive(name, ".ptr")) {
        name = skip_blanks(name + 4);
        static const char *const spaces[] = {".global", ".shared", ".const", ".local"};
        for (size_t si = 0; si < sizeof spaces / sizeof *spaces; si++)
          if (directive(name, spaces[si])) {
            space = spaces[si] + 1;
            name = skip_blanks(name + strlen(spaces[si]));
            break;
          }
        if (directive(name, ".align")) {
          name += 6;
          while (*name == ' ' || *name == '\t' || (*name >= '0' && *name <= '9'))
            name++;
        }
      }
      size_t nl = strcspn(name, "[,) \t\n");
      if (name[nl] == '[') {
        unsigned long long cnt = strtoull(name + nl + 1, NULL, 10);
        sz = cnt > (1ull << 32) ? UINT32_MAX : sz * cnt;
      }
      if (sz > UINT32_MAX)
        sz = UINT32_MAX;
      if (!align)
        align = sz ? (sz > 4096 ? 4096 : (uint32_t)sz) : 1;
      if (align > maxalign)
        maxalign = align;
      off = (off + align - 1) / align * align;
      flyc_kernel_arg_t *na2 = realloc(args, (na + 1) * sizeof *na2);
      if (!na2) {
        free(args);
        return flyc__error_set(FLYC_ENOMEM, "out of memory");
      }
      args = na2;
      args[na].name = flyc__artifact_strndup(a, name, nl);
      /* Only `.ptr .global` says it is a buffer; a generic `.ptr` may point
       * anywhere, so it stays "by_value" like an unmarked .u64. */
      int global = strcmp(space, "global") == 0;
      args[na].value_kind = global ? "global_buffer" : "by_value";
      args[na].address_space = global ? "global" : "";
      args[na].offset = off;
      args[na].size = (uint32_t)sz;
      off = off + sz > UINT32_MAX ? UINT32_MAX : off + (uint32_t)sz;
      na++;
    }
    k->args = args;
    k->arg_count = na;
    k->kernarg_segment_size = off;
    k->kernarg_segment_align = maxalign;
    if (*body == '{') {
      const char *end = body_end(body, limit);
      k->group_segment_fixed_size = body_shared(body, end);
    }
    /* Directives between the parameter list and the body. */
    size_t hl = body ? (size_t)(body - close) : 0;
    const char *d = body ? memmem(close, hl, ".reqntid", 8) : NULL;
    if (d) {
      unsigned x = 1, y = 1, z = 1;
      if (sscanf(d + 8, " %u , %u , %u", &x, &y, &z) >= 1) {
        k->reqd_workgroup_size[0] = x;
        k->reqd_workgroup_size[1] = y;
        k->reqd_workgroup_size[2] = z;
        uint64_t prod = (uint64_t)x * y * z;
        k->max_flat_workgroup_size = prod > UINT32_MAX ? UINT32_MAX : (uint32_t)prod;
      }
    }
    d = body ? memmem(close, hl, ".maxntid", 8) : NULL;
    if (d && !k->max_flat_workgroup_size) {
      unsigned x = 1, y = 1, z = 1;
      if (sscanf(d + 8, " %u , %u , %u", &x, &y, &z) >= 1) {
        uint64_t prod = (uint64_t)x * y * z;
        k->max_flat_workgroup_size = prod > UINT32_MAX ? UINT32_MAX : (uint32_t)prod;
      }
    }
  }
  return FLYC_OK;
}

/* NVPTX: kernels, libdevice, PTX emission, and the PTX kernel table. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm/Config/llvm-config.h>

#include "internal.h"

#define PTX_KERNEL_CC 71 /* llvm::CallingConv::PTX_Kernel */

/* Calls fn(function, key, value) for each nvvm.annotations entry. */
static void annotations(LLVMModuleRef mod,
                        void (*fn)(LLVMValueRef f, const char *key, unsigned klen,
                                   LLVMValueRef v, void *p),
                        void *p) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
  if (!n)
    return;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  if (!nodes)
    return;
  LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", nodes);
  for (unsigned i = 0; i < n; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    if (k < 3 || k > 64)
      continue;
    LLVMValueRef ops[64];
    LLVMGetMDNodeOperands(nodes[i], ops);
    /* Entries are {fn, key, value}, possibly followed by more pairs. */
    for (unsigned j = 1; j + 1 < k; j += 2) {
      unsigned kl = 0;
      const char *key = ops[j] ? LLVMGetMDString(ops[j], &kl) : NULL;
      if (key && ops[0])
        fn(ops[0], key, kl, ops[j + 1], p);
    }
  }
  free(nodes);
}

typedef struct kernel_probe {
  LLVMValueRef fn;
  int found;
} kernel_probe_t;

static void probe_kernel(LLVMValueRef f, const char *key, unsigned kl, LLVMValueRef v,
                         void *p) {
  kernel_probe_t *k = p;
  if (f == k->fn && kl == 6 && memcmp(key, "kernel", 6) == 0 && v &&
      LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 1)
    k->found = 1;
}

static int is_kernel(LLVMModuleRef mod, LLVMValueRef fn) {
  if (LLVMGetFunctionCallConv(fn) == PTX_KERNEL_CC)
    return 1;
  kernel_probe_t k = {fn, 0};
  annotations(mod, probe_kernel, &k);
  return k.found;
}

static int sm_number(const char *s, unsigned len) {
  if (len < 4 || strncmp(s, "sm_", 3) != 0)
    return -1;
  int v = 0;
  for (unsigned i = 3; i < len && isdigit((unsigned char)s[i]); i++)
    v = v * 10 + (s[i] - '0');
  return v;
}

static int check_function(flyc_compile_t *c, LLVMValueRef fn, const char *lib) {
  unsigned len;
  size_t nl;
  const char *name = LLVMGetValueName2(fn, &nl);
  const char *cpu = flyc__fn_attr(fn, "target-cpu", &len);
  if (len) {
    int have = sm_number(cpu, len), want = sm_number(c->target.proc->name,
                                                     (unsigned)strlen(c->target.proc->name));
    if (have < 0 || have > want)
      return flyc__error_set(FLYC_ELINK,
                             "function '%s' in '%s' is built for %.*s (\"target-cpu\"), "
                             "which target %s cannot run",
                             name, lib, (int)len, cpu, c->target.id);
  }
  /* An older SM's code runs on a newer one; give it the target's attributes
   * so that it can be inlined. */
  flyc__fn_set_attr(c->ctx, fn, "target-cpu", c->target.proc->name);
  flyc__fn_set_attr(c->ctx, fn, "target-features", c->target.features);
  return FLYC_OK;
}

/* The NVPTX backend reads nvvm.annotations assuming {global, (key, integer)*}
 * and crashes on anything else: every entry is checked, for the input here and
 * after linking in check_supported. */
int flyc__nvptx_check_annotations(flyc_compile_t *c) {
  unsigned n = LLVMGetNamedMetadataNumOperands(c->mod, "nvvm.annotations");
  if (!n)
    return FLYC_OK;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  if (!nodes)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  LLVMGetNamedMetadataOperands(c->mod, "nvvm.annotations", nodes);
  int rc = FLYC_OK;
  for (unsigned i = 0; i < n && rc == FLYC_OK; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    LLVMValueRef ops[65];
    if (k < 3 || k > 65 || k % 2 == 0) {
      rc = flyc__error_set(FLYC_EIR,
                           "nvvm.annotations entry %u has %u operands; it must be a global "
                           "followed by (name, integer) pairs",
                           i, k);
      break;
    }
    LLVMGetMDNodeOperands(nodes[i], ops);
    if (!ops[0] || !LLVMIsAGlobalValue(ops[0])) {
      rc = flyc__error_set(FLYC_EIR, "nvvm.annotations entry %u does not start with a global",
                           i);
      break;
    }
    for (unsigned j = 1; j + 1 < k; j += 2) {
      unsigned kl = 0;
      if (!ops[j] || !LLVMGetMDString(ops[j], &kl) || !ops[j + 1] ||
          !LLVMIsAConstantInt(ops[j + 1])) {
        rc = flyc__error_set(FLYC_EIR,
                             "nvvm.annotations entry %u: operand %u must be a name and "
                             "operand %u an integer",
                             i, j, j + 1);
        break;
      }
    }
  }
  free(nodes);
  return rc;
}

static int prepare(flyc_compile_t *c) { return flyc__nvptx_check_annotations(c); }

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
  free(path);
  if (rc)
    return rc;
  int present;
  flyc__module_flag_int(c->mod, "nvvm-reflect-ftz", 0, &present);
  if (!present)
    LLVMAddModuleFlag(c->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                      LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c->ctx),
                                                       (c->opts.flags & FLYC_COMPILE_DAZ) != 0,
                                                       0)));
  answer_reflect(c);
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

typedef struct ntid_probe {
  LLVMValueRef fn;
  uint32_t reqntid[3], maxntid[3];
} ntid_probe_t;

static void probe_ntid(LLVMValueRef f, const char *key, unsigned kl, LLVMValueRef v,
                       void *p) {
  ntid_probe_t *k = p;
  if (f != k->fn || kl != 8 || !v || !LLVMIsAConstantInt(v))
    return;
  uint32_t val = (uint32_t)LLVMConstIntGetZExtValue(v);
  int axis = key[7] - 'x';
  if (axis < 0 || axis > 2)
    return;
  if (memcmp(key, "reqntid", 7) == 0)
    k->reqntid[axis] = val;
  else if (memcmp(key, "maxntid", 7) == 0)
    k->maxntid[axis] = val;
}

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
    ntid_probe_t np = {fn, {0, 0, 0}, {0, 0, 0}};
    annotations(c->mod, probe_ntid, &np);
    for (int d = 0; d < 3 && product(np.reqntid); d++)
      k->reqd_workgroup_size[d] = np.reqntid[d] ? np.reqntid[d] : 1;
    k->max_flat_workgroup_size = product(np.reqntid) ? product(np.reqntid) : product(np.maxntid);
    k->group_segment_fixed_size = static_shared(c->mod, td, fn);
    unsigned np_count = LLVMCountParams(fn);
    flyc_kernel_arg_t *args = np_count ? calloc(np_count, sizeof *args) : NULL;
    if (np_count && !args) {
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
      break;
    }
    uint32_t off = 0, maxalign = 1;
    for (unsigned j = 0; j < np_count; j++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, j));
      uint32_t size = (uint32_t)LLVMABISizeOfType(td, t);
      uint32_t align = LLVMABIAlignmentOfType(td, t);
      if (align > maxalign)
        maxalign = align;
      off = (off + align - 1) / align * align;
      size_t nlen;
      const char *pname = LLVMGetValueName2(LLVMGetParam(fn, j), &nlen);
      int isptr = LLVMGetTypeKind(t) == LLVMPointerTypeKind;
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
#if LLVM_VERSION_MAJOR < 19
                                     "roundeven",
#endif
                                     NULL};
  for (int i = 0; math[i]; i++) {
    size_t n = strlen(math[i]);
    if (len > 5 + n && memcmp(name + 5, math[i], n) == 0 && name[5 + n] == '.')
      return "has no NVPTX lowering; call libdevice (__nv_*) instead";
  }
  return NULL;
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
    /* The classic __global__ parameter limit (PTX .param space). */
    .max_kernarg_size = 4096,
    .device_lib_files = (const char *const[]){"libdevice.10.bc", NULL},
    .device_lib_dirs = cuda_dirs,
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

int flyc__ptx_metadata_from_text(flyc_artifact_t *a, const char *ptx, size_t size) {
  (void)size;
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
      const char *name = r + tl;
      while (*name == ' ' || *name == '\t')
        name++;
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
      args[na].value_kind = "by_value";
      args[na].address_space = "";
      args[na].offset = off;
      args[na].size = (uint32_t)sz;
      off = off + sz > UINT32_MAX ? UINT32_MAX : off + (uint32_t)sz;
      na++;
    }
    k->args = args;
    k->arg_count = na;
    k->kernarg_segment_size = off;
    k->kernarg_segment_align = maxalign;
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

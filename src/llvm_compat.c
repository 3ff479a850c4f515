/* What differs between the LLVM versions flyc builds with (15 up to 22), one
 * function per difference. This is the only file of src/ that tests
 * LLVM_VERSION_MAJOR; everything else asks these functions.
 *
 * NVPTX kernels and launch bounds (LLVM 21 changed both): before LLVM 21 the
 * NVPTX backend reads `!nvvm.annotations` entries {fn, "kernel", 1},
 * {fn, "reqntidx", N, ...}; from LLVM 21 on it reads only the `ptx_kernel`
 * calling convention and the function attributes "nvvm.reqntid"="x[,y[,z]]",
 * "nvvm.maxntid", "nvvm.minctasm", "nvvm.maxnreg", "nvvm.cluster_dim",
 * "nvvm.maxclusterrank". LLVM's IR and bitcode readers upgrade annotations
 * (llvm/lib/IR/AutoUpgrade.cpp, UpgradeNVVMAnnotations), but a module built
 * in memory through llvm-c is never read, so flyc writes and upgrades these
 * itself. The `ptx_kernel` convention marks a kernel on every LLVM flyc
 * supports (NVPTXUtilities.cpp isKernelFunction falls back to it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm/Config/llvm-config.h>

#include "internal.h"

#define PTX_KERNEL_CC 71 /* llvm::CallingConv::PTX_Kernel */

int flyc__llvm_major(void) { return LLVM_VERSION_MAJOR; }
const char *flyc_llvm_version(void) { return LLVM_VERSION_STRING; }

int flyc__llvm_knows(const flyc_proc_t *p) {
  return p->llvm_min <= LLVM_VERSION_MAJOR && (!p->llvm_max || LLVM_VERSION_MAJOR <= p->llvm_max);
}

/* ---- NVPTX kernels and launch bounds ---- */

static const char *const bound_attr[FLYC_NVPTX_BOUND_COUNT] = {
    "nvvm.reqntid", "nvvm.maxntid", "nvvm.cluster_dim",
    "nvvm.minctasm", "nvvm.maxnreg", "nvvm.maxclusterrank"};
/* Annotation keys: three-axis bounds take the axis letter at the end. */
static const char *const bound_key[FLYC_NVPTX_BOUND_COUNT] = {
    "reqntid", "maxntid", "cluster_dim_", "minctasm", "maxnreg", "maxclusterrank"};

static int bound_axes(flyc_nvptx_bound_t b) { return b <= FLYC_NVPTX_CLUSTER_DIM ? 3 : 1; }

static int attributes_era(void) { return LLVM_VERSION_MAJOR >= 21; }

int flyc__llvm_parser_upgrades_nvvm(void) { return LLVM_VERSION_MAJOR >= 20; }

static void annotate(LLVMModuleRef mod, LLVMValueRef fn, const char *key, uint32_t v) {
  LLVMContextRef lc = LLVMGetModuleContext(mod);
  LLVMMetadataRef ops[3] = {LLVMValueAsMetadata(fn), LLVMMDStringInContext2(lc, key, strlen(key)),
                            LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(lc), v, 0))};
  LLVMAddNamedMetadataOperand(mod, "nvvm.annotations",
                              LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, ops, 3)));
}

void flyc__nvptx_mark_kernel(LLVMModuleRef mod, LLVMValueRef fn) {
  LLVMSetFunctionCallConv(fn, PTX_KERNEL_CC);
  if (!attributes_era())
    annotate(mod, fn, "kernel", 1);
}

int flyc__nvptx_grid_constant(LLVMModuleRef mod, LLVMValueRef fn, unsigned index) {
  LLVMContextRef lc = LLVMGetModuleContext(mod);
  if (attributes_era()) { /* clang 22's `"nvvm.grid_constant"` on the parameter */
    const char *k = "nvvm.grid_constant";
    LLVMAddAttributeAtIndex(fn, index + 1, LLVMCreateStringAttribute(lc, k, (unsigned)strlen(k),
                                                                     "", 0));
    return 1;
  }
  if (LLVM_VERSION_MAJOR < 18)
    return 0;
  /* !{ptr @k, !"grid_constant", !{i32 <1-based index>}} (NVPTXUtilities) */
  LLVMMetadataRef idx = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(lc), index + 1, 0));
  LLVMMetadataRef ops[3] = {LLVMValueAsMetadata(fn),
                            LLVMMDStringInContext2(lc, "grid_constant", 13),
                            LLVMMDNodeInContext2(lc, &idx, 1)};
  LLVMAddNamedMetadataOperand(mod, "nvvm.annotations",
                              LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, ops, 3)));
  return 1;
}

void flyc__nvptx_set_bound(LLVMModuleRef mod, LLVMValueRef fn, flyc_nvptx_bound_t b,
                           const uint32_t v[3]) {
  if (attributes_era()) {
    char buf[48];
    if (bound_axes(b) == 3) /* all three axes, as .reqntid was always written */
      snprintf(buf, sizeof buf, "%u,%u,%u", v[0] ? v[0] : 1, v[1] ? v[1] : 1, v[2] ? v[2] : 1);
    else
      snprintf(buf, sizeof buf, "%u", v[0]);
    flyc__fn_set_attr(LLVMGetModuleContext(mod), fn, bound_attr[b], buf);
    return;
  }
  char key[32];
  for (int i = 0; i < bound_axes(b); i++) {
    if (bound_axes(b) == 3)
      snprintf(key, sizeof key, "%s%c", bound_key[b], 'x' + i);
    else
      snprintf(key, sizeof key, "%s", bound_key[b]);
    annotate(mod, fn, key, v[i] ? v[i] : 1);
  }
}

/* Parses "x[,y[,z]]" (at most `axes` values; plain decimal digits, each 1 to
 * INT32_MAX) into v, missing axes 1; 0 on anything else. */
static int parse_axes(const char *s, unsigned len, int axes, uint32_t v[3]) {
  v[0] = v[1] = v[2] = 1;
  int i = 0;
  unsigned p = 0;
  for (;;) {
    uint64_t x = 0;
    unsigned start = p;
    while (p < len && s[p] >= '0' && s[p] <= '9' && x <= INT32_MAX)
      x = x * 10 + (uint64_t)(s[p++] - '0');
    /* No leading zero: LLVM reads "010" as octal 8. */
    if (p == start || x == 0 || x > INT32_MAX || i == axes || s[start] == '0')
      return 0;
    v[i++] = (uint32_t)x;
    if (p == len)
      return 1;
    if (s[p++] != ',')
      return 0;
  }
}

typedef void (*annotation_fn)(LLVMValueRef f, const char *key, unsigned klen, LLVMValueRef v,
                              void *p);

/* The NVPTX backend (and, from LLVM 20 on, LLVM's IR reader) reads
 * nvvm.annotations assuming {global, (key, integer)*} and crashes on anything
 * else. One walker for both uses: checking every entry (`what` set) and
 * reading the pairs of the entries that have the shape. */
int flyc__nvptx_annotations_walk(LLVMModuleRef mod, const char *md, const char *what,
                                 const char *file, annotation_fn fn, void *p) {
  unsigned n = LLVMGetNamedMetadataNumOperands(mod, md);
  if (!n)
    return FLYC_OK;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  if (!nodes) /* a reader has nothing to report with: it reads nothing */
    return what ? flyc__error_set(FLYC_ENOMEM, "out of memory") : FLYC_OK;
  LLVMGetNamedMetadataOperands(mod, md, nodes);
  char where[512] = "";
  if (what)
    snprintf(where, sizeof where, "%s%s%s%s", what, file ? " '" : "", file ? file : "",
             file ? "'" : "");
  int rc = FLYC_OK;
  for (unsigned i = 0; i < n && rc == FLYC_OK; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    LLVMValueRef ops[65];
    if (k < 3 || k > 65 || (what && k % 2 == 0)) {
      if (what)
        rc = flyc__error_set(FLYC_EIR,
                             "nvvm.annotations entry %u of %s has %u operands; it must be a "
                             "global followed by (name, integer) pairs",
                             i, where, k);
      continue;
    }
    LLVMGetMDNodeOperands(nodes[i], ops);
    if (what && (!ops[0] || !LLVMIsAGlobalValue(ops[0]))) {
      rc = flyc__error_set(FLYC_EIR, "nvvm.annotations entry %u of %s does not start with a "
                           "global", i, where);
      break;
    }
    for (unsigned j = 1; what && j + 1 < k; j += 2) {
      unsigned kl = 0;
      const char *key = ops[j] ? LLVMGetMDString(ops[j], &kl) : NULL;
      if (key && kl == 13 && memcmp(key, "grid_constant", 13) == 0) {
        rc = flyc__nvptx_grid_constant_check(ops[0], ops[j + 1], i, where, LLVM_VERSION_MAJOR);
        if (rc)
          break;
        continue;
      }
      if (!key || !ops[j + 1] || !LLVMIsAConstantInt(ops[j + 1])) {
        rc = flyc__error_set(FLYC_EIR,
                             "nvvm.annotations entry %u of %s: operand %u must be a name and "
                             "operand %u an integer",
                             i, where, j, j + 1);
        break;
      }
    }
    /* Entries are {fn, key, value}, possibly followed by more pairs. */
    for (unsigned j = 1; fn && rc == FLYC_OK && j + 1 < k; j += 2) {
      unsigned kl = 0;
      const char *key = ops[j] ? LLVMGetMDString(ops[j], &kl) : NULL;
      if (key && ops[0])
        fn(ops[0], key, kl, ops[j + 1], p);
    }
  }
  free(nodes);
  return rc;
}

typedef struct bound_probe {
  LLVMValueRef fn;
  flyc_nvptx_bounds_t *out;
  int kernel;
  const char *bad_key; /* a value out of 1..INT32_MAX, or given twice differently */
  unsigned bad_klen;
  uint64_t bad_value;
} bound_probe_t;

static int key_is(const char *key, unsigned kl, const char *want) {
  return kl == strlen(want) && memcmp(key, want, kl) == 0;
}

static void probe_bounds(LLVMValueRef f, const char *key, unsigned kl, LLVMValueRef v,
                         void *p) {
  bound_probe_t *k = p;
  if (f != k->fn || !v || !LLVMIsAConstantInt(v))
    return;
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  uint64_t raw = width > 64 ? UINT64_MAX : LLVMConstIntGetZExtValue(v);
  uint32_t val = (uint32_t)raw;
  if (key_is(key, kl, "kernel")) {
    k->kernel = raw == 1;
    return;
  }
  for (int b = 0; b < FLYC_NVPTX_BOUND_COUNT; b++) {
    size_t bl = strlen(bound_key[b]);
    uint32_t *slot = NULL;
    if (bound_axes(b) == 3) {
      if (kl == bl + 1 && memcmp(key, bound_key[b], bl) == 0 && key[bl] >= 'x' && key[bl] <= 'z') {
        uint32_t *dst = k->out->v[b];
        if (!k->out->set[b])
          dst[0] = dst[1] = dst[2] = 0;
        slot = &dst[key[bl] - 'x'];
      }
    } else if (key_is(key, kl, bound_key[b])) {
      slot = &k->out->v[b][0];
      if (!k->out->set[b])
        *slot = 0;
    }
    if (!slot)
      continue;
    if (!k->bad_key && (raw == 0 || raw > INT32_MAX || (*slot && *slot != val))) {
      k->bad_key = key;
      k->bad_klen = kl;
      k->bad_value = raw;
    }
    *slot = val;
    k->out->set[b] = 1;
  }
}

int flyc__nvptx_get_bounds(LLVMModuleRef mod, LLVMValueRef fn, flyc_nvptx_bounds_t *out) {
  memset(out, 0, sizeof *out);
  /* Annotations first; attributes (what LLVM 21+ writes and reads) win. */
  bound_probe_t probe = {fn, out, 0, NULL, 0, 0};
  (void)flyc__nvptx_annotations_walk(mod, "nvvm.annotations", NULL, NULL, probe_bounds, &probe);
  for (int b = 0; b < FLYC_NVPTX_BOUND_COUNT; b++)
    for (int i = 0; i < 3; i++)
      if (!out->v[b][i])
        out->v[b][i] = 1;
  for (int b = 0; b < FLYC_NVPTX_BOUND_COUNT; b++) {
    unsigned len;
    const char *s = flyc__fn_attr(fn, bound_attr[b], &len);
    uint32_t v[3];
    if (len && parse_axes(s, len, bound_axes((flyc_nvptx_bound_t)b), v)) {
      memcpy(out->v[b], v, sizeof v);
      out->set[b] = 1;
    }
  }
  return probe.kernel || LLVMGetFunctionCallConv(fn) == PTX_KERNEL_CC;
}

int flyc__nvptx_is_kernel(LLVMModuleRef mod, LLVMValueRef fn) {
  if (LLVMGetFunctionCallConv(fn) == PTX_KERNEL_CC)
    return 1;
  flyc_nvptx_bounds_t b;
  return flyc__nvptx_get_bounds(mod, fn, &b);
}

int flyc__nvptx_check_bounds(LLVMModuleRef mod, LLVMValueRef fn, const char *what) {
  flyc_nvptx_bounds_t ann;
  memset(&ann, 0, sizeof ann);
  bound_probe_t probe = {fn, &ann, 0, NULL, 0, 0};
  (void)flyc__nvptx_annotations_walk(mod, "nvvm.annotations", NULL, NULL, probe_bounds, &probe);
  const char *name = LLVMGetValueName(fn);
  if (probe.bad_key)
    return flyc__error_set(FLYC_EIR, "function '%s' in %s: nvvm.annotations \"%.*s\" is %llu "
                           "(or given twice with different values); launch bounds are 1 to "
                           "%d", name, what, (int)probe.bad_klen, probe.bad_key,
                           (unsigned long long)probe.bad_value, INT32_MAX);
  flyc_nvptx_bounds_t all = ann;
  for (int b = 0; b < FLYC_NVPTX_BOUND_COUNT; b++) {
    for (int i = 0; i < 3 && ann.set[b]; i++)
      if (!ann.v[b][i])
        ann.v[b][i] = all.v[b][i] = 1;
    unsigned len;
    const char *s = flyc__fn_attr(fn, bound_attr[b], &len);
    if (!len)
      continue;
    uint32_t v[3];
    int axes = bound_axes((flyc_nvptx_bound_t)b);
    if (!parse_axes(s, len, axes, v))
      return flyc__error_set(FLYC_EIR, "function '%s' in %s has \"%s\"=\"%.*s\"; expected %s, "
                             "each 1 to %d without leading zeros", name, what, bound_attr[b],
                             (int)len, s,
                             axes == 3 ? "one to three integers separated by commas"
                                       : "one integer",
                             INT32_MAX);
    if (ann.set[b] && memcmp(ann.v[b], v, sizeof v) != 0)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s has \"%s\"=\"%.*s\" and an "
                             "nvvm.annotations entry that says %u,%u,%u",
                             name, what, bound_attr[b], (int)len, s, ann.v[b][0], ann.v[b][1],
                             ann.v[b][2]);
    memcpy(all.v[b], v, sizeof v);
    all.set[b] = 1;
  }
  for (int b = FLYC_NVPTX_REQNTID; b <= FLYC_NVPTX_MAXNTID; b++) {
    uint64_t n = (uint64_t)all.v[b][0] * all.v[b][1] * all.v[b][2];
    if (all.set[b] && n > 1024)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s: %s of %llu threads; a block has at "
                             "most 1024", name, what, bound_attr[b], (unsigned long long)n);
  }
  if (all.set[FLYC_NVPTX_MAXNREG] && all.v[FLYC_NVPTX_MAXNREG][0] > 255)
    return flyc__error_set(FLYC_EIR, "function '%s' in %s: nvvm.maxnreg %u; a thread has at "
                           "most 255 registers", name, what, all.v[FLYC_NVPTX_MAXNREG][0]);
  if (all.set[FLYC_NVPTX_REQNTID] && all.set[FLYC_NVPTX_MAXNTID])
    return flyc__error_set(FLYC_EIR, "function '%s' in %s sets both nvvm.reqntid and "
                           "nvvm.maxntid, which ptxas refuses together", name, what);
  if (all.set[FLYC_NVPTX_CLUSTER_DIM] && all.set[FLYC_NVPTX_MAXCLUSTERRANK])
    return flyc__error_set(FLYC_EIR, "function '%s' in %s sets both nvvm.cluster_dim and "
                           "nvvm.maxclusterrank, which ptxas refuses together", name, what);
  return FLYC_OK;
}

/* The functions nvvm.annotations names, each once. */
static void collect_fn(LLVMValueRef f, const char *key, unsigned kl, LLVMValueRef v, void *p) {
  (void)key, (void)kl, (void)v;
  flyc_buf_t *b = p;
  if (!LLVMIsAFunction(f))
    return;
  LLVMValueRef *fs = (LLVMValueRef *)b->data;
  for (size_t i = 0; i < b->len / sizeof f; i++)
    if (fs[i] == f)
      return;
  flyc__buf_append(b, (const char *)&f, sizeof f);
}

/* LLVM 21+: a grid_constant annotation (clang 18-20) becomes the parameter
 * attribute; then flyc__nvptx_grid_constants_retire() makes its entry one
 * this backend reads as integers (it crashed on the index list). */
static void upgrade_grid_constant(LLVMValueRef node, LLVMValueRef fn, unsigned index, void *p) {
  (void)node, (void)p;
  flyc__nvptx_grid_constant(LLVMGetGlobalParent(fn), fn, index);
}
static void replace_operand(LLVMValueRef node, unsigned i, LLVMMetadataRef md) {
#if LLVM_VERSION_MAJOR >= 17
  LLVMReplaceMDNodeOperandWith(node, i, md);
#else
  (void)node, (void)i, (void)md; /* never called: attributes_era() is LLVM 21+ */
#endif
}

int flyc__nvptx_normalize_kernels(LLVMModuleRef mod, const char *what) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    int rc = flyc__nvptx_check_bounds(mod, fn, what);
    if (rc)
      return rc;
  }
  flyc_buf_t fns = {0};
  (void)flyc__nvptx_annotations_walk(mod, "nvvm.annotations", NULL, NULL, collect_fn, &fns);
  if (fns.oom) {
    flyc__buf_free(&fns);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  /* Upgrade: what annotations say becomes the convention and attributes,
   * unless an attribute already says otherwise (LLVM's reader does the same). */
  size_t n = fns.len / sizeof(LLVMValueRef);
  for (size_t i = 0; attributes_era() && i < n; i++) {
    LLVMValueRef fn = ((LLVMValueRef *)fns.data)[i];
    flyc_nvptx_bounds_t ann;
    memset(&ann, 0, sizeof ann);
    bound_probe_t probe = {fn, &ann, 0, NULL, 0, 0};
    (void)flyc__nvptx_annotations_walk(mod, "nvvm.annotations", NULL, NULL, probe_bounds, &probe);
    if (probe.kernel)
      LLVMSetFunctionCallConv(fn, PTX_KERNEL_CC);
    for (int b = 0; b < FLYC_NVPTX_BOUND_COUNT; b++) {
      unsigned len;
      flyc__fn_attr(fn, bound_attr[b], &len);
      if (ann.set[b] && !len)
        flyc__nvptx_set_bound(mod, fn, (flyc_nvptx_bound_t)b, ann.v[b]);
    }
  }
  flyc__buf_free(&fns);
  if (attributes_era()) {
    int rc = flyc__nvptx_grid_constants_each(mod, upgrade_grid_constant, NULL);
    return rc ? rc : flyc__nvptx_grid_constants_retire(mod, replace_operand);
  }
  /* Downgrade: an older backend ignores "nvvm.*" attributes that a newer
   * frontend wrote, so they become annotations (unless one exists already). */
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    flyc_nvptx_bounds_t ann;
    memset(&ann, 0, sizeof ann);
    bound_probe_t probe = {fn, &ann, 0, NULL, 0, 0};
    (void)flyc__nvptx_annotations_walk(mod, "nvvm.annotations", NULL, NULL, probe_bounds, &probe);
    if (LLVMGetFunctionCallConv(fn) == PTX_KERNEL_CC && !probe.kernel)
      annotate(mod, fn, "kernel", 1);
    /* clang 21+'s __grid_constant__ parameters: an older backend that
     * missed them would copy the parameter to local memory and hand TMA
     * that copy's address (flyc__nvptx_grid_constant adds them once) */
    for (unsigned a = 0, np = LLVMCountParams(fn); a < np; a++)
      if (LLVMGetStringAttributeAtIndex(fn, a + 1, "nvvm.grid_constant", 18) &&
          !flyc__nvptx_has_grid_constant(mod, fn, a))
        flyc__nvptx_grid_constant(mod, fn, a);
    for (int b = 0; b < FLYC_NVPTX_BOUND_COUNT; b++) {
      unsigned len;
      const char *s = flyc__fn_attr(fn, bound_attr[b], &len);
      uint32_t v[3];
      if (!len || ann.set[b])
        continue;
      if (!parse_axes(s, len, bound_axes((flyc_nvptx_bound_t)b), v))
        return FLYC_OK; /* flyc__nvptx_check_bounds has named it */
      flyc__nvptx_set_bound(mod, fn, (flyc_nvptx_bound_t)b, v);
    }
  }
  return FLYC_OK;
}

/* ---- PTX ISA ---- */

unsigned flyc__llvm_max_ptx(void) {
#if LLVM_VERSION_MAJOR >= 22
  return 90;
#elif LLVM_VERSION_MAJOR == 21
  return 88;
#elif LLVM_VERSION_MAJOR == 20
  return 87;
#elif LLVM_VERSION_MAJOR >= 19
  return 85;
#elif LLVM_VERSION_MAJOR == 18
  return 83;
#elif LLVM_VERSION_MAJOR == 17
  return 81;
#elif LLVM_VERSION_MAJOR == 16
  return 78;
#else
  return 75;
#endif
}

/* ---- llvm-c API differences ---- */

uint64_t flyc__array_length(LLVMTypeRef t) {
#if LLVM_VERSION_MAJOR >= 17
  return LLVMGetArrayLength2(t);
#else
  return LLVMGetArrayLength(t);
#endif
}

int flyc__set_fast_math_flags(LLVMValueRef v, unsigned fmf) {
#if LLVM_VERSION_MAJOR >= 18
  if (LLVMCanValueUseFastMathFlags(v))
    LLVMSetFastMathFlags(v, fmf);
  return 1;
#else
  (void)v, (void)fmf;
  return 0;
#endif
}

#if LLVM_VERSION_MAJOR < 19
static int hex_digit(char ch) {
  return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                             : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* The quoted string at `p` ('"'), unescaped (LLVM prints '"', '\\' and
 * what is not printable as \XX); *end past its closing quote. */
static char *unquote(const char *p, const char **end) {
  const char *q = strchr(p + 1, '"');
  char *out = q ? malloc((size_t)(q - p)) : NULL;
  size_t n = 0;
  for (const char *r = p + 1; out && r < q; r++) {
    int hi = r + 2 < q && *r == '\\' ? hex_digit(r[1]) : -1, lo = hi >= 0 ? hex_digit(r[2]) : -1;
    if (lo >= 0)
      out[n++] = (char)(hi << 4 | lo), r += 2;
    else
      out[n++] = *r;
  }
  if (out)
    out[n] = '\0', *end = q + 1;
  return out;
}
#endif

int flyc__inline_asm_parts(LLVMValueRef call, char **tmpl, char **constraints) {
  *tmpl = *constraints = NULL;
#if LLVM_VERSION_MAJOR >= 19
  LLVMValueRef a = LLVMGetCalledValue(call);
  size_t tn = 0, cn = 0;
  const char *t = LLVMGetInlineAsmAsmString(a, &tn);
  const char *k = LLVMGetInlineAsmConstraintString(a, &cn);
  if ((*tmpl = malloc(tn + 1)))
    memcpy(*tmpl, t, tn), (*tmpl)[tn] = '\0';
  if ((*constraints = malloc(cn + 1)))
    memcpy(*constraints, k, cn), (*constraints)[cn] = '\0';
#else
  /* "... asm [sideeffect] [alignstack] [inteldialect] [unwind] "T", "C"(...)" */
  char *printed = LLVMPrintValueToString(call);
  const char *p = printed ? strstr(printed, " asm ") : NULL, *e;
  if (p && (p = strchr(p, '"')) && (*tmpl = unquote(p, &e)) && (p = strchr(e, '"')))
    *constraints = unquote(p, &e);
  LLVMDisposeMessage(printed);
#endif
  if (*tmpl && *constraints)
    return 0;
  free(*tmpl);
  free(*constraints);
  *tmpl = *constraints = NULL;
  return -1;
}

int flyc__allow_contract(LLVMValueRef fn) {
#if LLVM_VERSION_MAJOR >= 18
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      if ((op == LLVMFMul || op == LLVMFAdd || op == LLVMFSub) && LLVMCanValueUseFastMathFlags(i))
        LLVMSetFastMathFlags(i, LLVMGetFastMathFlags(i) | LLVMFastMathAllowContract);
    }
  return 1;
#else
  (void)fn;
  return 0;
#endif
}

int flyc__has_afn(LLVMValueRef call) {
#if LLVM_VERSION_MAJOR >= 18
  return LLVMCanValueUseFastMathFlags(call) &&
         (LLVMGetFastMathFlags(call) & LLVMFastMathApproxFunc) != 0;
#else
  (void)call;
  return 0;
#endif
}

LLVMValueRef flyc__build_fence(LLVMBuilderRef b, LLVMAtomicOrdering order, const char *scope) {
#if LLVM_VERSION_MAJOR >= 20
  LLVMContextRef lc = LLVMGetModuleContext(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(b))));
  unsigned id = LLVMGetSyncScopeID(lc, scope, strlen(scope));
  return LLVMBuildFenceSyncScope(b, order, id, "");
#else
  (void)b, (void)order, (void)scope;
  return NULL; /* llvm-c before 20 builds no syncscope: the caller parses IR */
#endif
}

/* The failure ordering of a cmpxchg whose success ordering is `o`: the
 * strongest LLVM allows (no release part). */
LLVMAtomicOrdering flyc__cas_failure_order(LLVMAtomicOrdering o) {
  if (o == LLVMAtomicOrderingAcquireRelease)
    return LLVMAtomicOrderingAcquire;
  if (o == LLVMAtomicOrderingRelease)
    return LLVMAtomicOrderingMonotonic;
  return o;
}

LLVMValueRef flyc__build_atomic(LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                                LLVMValueRef cmp, LLVMValueRef val, LLVMAtomicOrdering order,
                                const char *scope) {
#if LLVM_VERSION_MAJOR >= 20
  LLVMContextRef lc = LLVMGetModuleContext(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(b))));
  unsigned id = LLVMGetSyncScopeID(lc, scope, strlen(scope));
  if (!cmp)
    return LLVMBuildAtomicRMWSyncScope(b, op, ptr, val, order, id);
  LLVMValueRef x = LLVMBuildAtomicCmpXchgSyncScope(b, ptr, cmp, val, order,
                                                   flyc__cas_failure_order(order), id);
  return LLVMBuildExtractValue(b, x, 0, "");
#else
  (void)b, (void)op, (void)ptr, (void)cmp, (void)val, (void)order, (void)scope;
  return NULL; /* llvm-c before 20 builds no syncscope: the caller parses IR */
#endif
}

/* ---- what the backends of this LLVM can and cannot do ---- */

int flyc__llvm_gpu_varargs(void) { return LLVM_VERSION_MAJOR >= 19; }
int flyc__llvm_gpu_bfloat(void) { return LLVM_VERSION_MAJOR >= 19; }
int flyc__llvm_roundeven(void) { return LLVM_VERSION_MAJOR >= 19; }
/* NVPTX selects `afn` llvm.tanh.f32 as tanh.approx.f32 (seen on 22; 19 has no
 * lowering at all). */
int flyc__llvm_nvptx_tanh_approx(void) { return LLVM_VERSION_MAJOR >= 22; }
/* NVPTX selects `fence` from LLVM 20 on (llvm-project #99649); LLVM 15-19
 * abort in instruction selection ("Cannot select: AtomicFence"). */
int flyc__llvm_nvptx_fence(void) { return LLVM_VERSION_MAJOR >= 20; }
/* Lowerings LLVM 15 lacks and 19 has (seen on both; 16-18 not tried, so
 * they are treated as 15): integer division wider than 64 bits expanded in
 * IR on both GPU targets (no __divti3 libcall); on AMDGPU, fp<->i128
 * conversions, 8- and 16-bit atomicrmw, llvm.set.rounding. */
int flyc__llvm_gpu_wide_divrem(void) { return LLVM_VERSION_MAJOR >= 19; }
int flyc__llvm_amdgpu_19_lowerings(void) { return LLVM_VERSION_MAJOR >= 19; }
int flyc__llvm_max_cov(void) { return LLVM_VERSION_MAJOR >= 19 ? 6 : 5; }
int flyc__llvm_cov_is_module_flag(void) { return LLVM_VERSION_MAJOR >= 18; }

/* The compile pipeline (flyc/compile.h): input, link, internalize, optimize,
 * codegen, in that order, with per-stage times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>


#include "flyc/llvm.h"
#include "internal.h"

struct flyc_origin {
  char *name;
  char *origin;
};

void flyc__origin_add(flyc_compile_t *c, const char *name, const char *origin) {
  if (flyc__origin_of(c, name))
    return;
  if (c->origin_count == c->origin_cap) {
    size_t cap = c->origin_cap ? c->origin_cap * 2 : 64;
    struct flyc_origin *n = realloc(c->origins, cap * sizeof *n);
    if (!n)
      return; /* origins only improve messages */
    c->origins = n;
    c->origin_cap = cap;
  }
  char *dup = strdup(name), *odup = strdup(origin);
  if (!dup || !odup) {
    free(dup);
    free(odup);
    return;
  }
  c->origins[c->origin_count].name = dup;
  c->origins[c->origin_count].origin = odup;
  c->origin_count++;
}

const char *flyc__origin_of(const flyc_compile_t *c, const char *name) {
  for (size_t i = 0; i < c->origin_count; i++)
    if (strcmp(c->origins[i].name, name) == 0)
      return c->origins[i].origin;
  return NULL;
}

static void diag_handler(LLVMDiagnosticInfoRef di, void *payload) {
  flyc_compile_t *c = payload;
  LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
  if (sev == LLVMDSRemark)
    return;
  char *d = LLVMGetDiagInfoDescription(di);
  flyc_buf_t *b = sev == LLVMDSError ? &c->diag : &c->log;
  if (b->len)
    flyc__buf_append(b, "\n", 1);
  flyc__buf_printf(b, "%s%s", sev == LLVMDSError ? "" : sev == LLVMDSWarning ? "warning: " : "note: ",
                   d ? d : "(no description)");
  LLVMDisposeMessage(d);
}

/* Takes the entry point's normalized options (flyc__options_copy). */
static void use_options(flyc_compile_t *c, const flyc_compile_options_t *o) {
  c->opts = *o;
  c->opt_level = o->opt_level == FLYC_OPT_DEFAULT ? 3 : (int)o->opt_level - 1;
}

static void compile_free(flyc_compile_t *c) {
  if (c->mod)
    LLVMDisposeModule(c->mod);
  if (c->tm)
    LLVMDisposeTargetMachine(c->tm);
  if (c->ctx && c->own_ctx)
    LLVMContextDispose(c->ctx);
  LLVMDisposeMessage(c->datalayout);
  flyc__buf_free(&c->diag);
  flyc__buf_free(&c->log);
  flyc__buf_free(&c->inputs);
  for (size_t i = 0; i < c->origin_count; i++) {
    free(c->origins[i].name);
    free(c->origins[i].origin);
  }
  free(c->origins);
  for (size_t i = 0; i < c->kernel_count; i++)
    free(c->kernels[i]);
  free(c->kernels);
  flyc_artifact_destroy(c->artifact);
}

/* Triples are compatible when architecture and OS agree (vendor may be
 * "unknown" or empty). */
static int triple_compatible(const char *a, const char *b) {
  char pa[3][32] = {{0}}, pb[3][32] = {{0}};
  const char *s[2] = {a, b};
  char (*parts[2])[32] = {pa, pb};
  for (int k = 0; k < 2; k++) {
    const char *p = s[k];
    for (int i = 0; i < 3 && *p; i++) {
      size_t n = strcspn(p, "-");
      if (n >= 32)
        return 0;
      memcpy(parts[k][i], p, n);
      p += n;
      if (*p == '-')
        p++;
    }
  }
  return strcmp(pa[0], pb[0]) == 0 && strcmp(pa[2], pb[2]) == 0;
}

/* 1 when every '-'-separated entry of `dl` is also an entry of `target`. */
/* 1 when layout entry `e` (n bytes) names a pointer size: "pN:..." */
static int pointer_entry(const char *e, size_t n) { return n > 1 && e[0] == 'p' && e[1] != '\0'; }

static int has_entry(const char *layout, const char *e, size_t n, int pointer_space_only) {
  for (const char *t = layout; *t;) {
    size_t m = strcspn(t, "-");
    if (pointer_space_only ? (m > n && memcmp(t, e, n) == 0 && t[n] == ':')
                           : (m == n && memcmp(t, e, n) == 0))
      return 1;
    t += m + (t[m] == '-');
  }
  return 0;
}

/* 1 when every entry of layout `dl` is also in `target`, and, when `dl`
 * says anything about pointer sizes, it says the same as `target` about
 * every address space `target` names: a layout that lists p6:32 but not p3
 * means 64-bit pointers to shared memory, not the target's 32. A layout
 * with no pointer entries (libdevice's, the "G1" llvm-as writes) leaves
 * them to the target. */
static int layout_subset(const char *dl, const char *target) {
  int pointers = 0;
  for (const char *e = dl; *e;) {
    size_t n = strcspn(e, "-");
    if (!has_entry(target, e, n, 0))
      return 0;
    pointers |= pointer_entry(e, n);
    e += n + (e[n] == '-');
  }
  for (const char *t = target; pointers && *t;) {
    size_t m = strcspn(t, "-");
    size_t colon = strcspn(t, ":");
    /* Missing from `dl` means LLVM's default, 64-bit pointers. */
    if (pointer_entry(t, m) && colon < m && !has_entry(dl, t, colon, 1) &&
        strncmp(t + colon, ":64:", 4) != 0 && strncmp(t + colon, ":64-", 4) != 0 &&
        !(colon + 3 == m && strncmp(t + colon, ":64", 3) == 0))
      return 0;
    t += m + (t[m] == '-');
  }
  return 1;
}

/* (Re)creates c->tm and c->datalayout; `short_ptr` as flyc__target_machine. */
static int make_target_machine(flyc_compile_t *c, int short_ptr) {
  LLVMTargetMachineRef tm = NULL;
  int rc = flyc__target_machine(&c->target, c->opt_level, short_ptr, &tm);
  if (rc)
    return rc;
  if (c->tm)
    LLVMDisposeTargetMachine(c->tm);
  LLVMDisposeMessage(c->datalayout);
  c->tm = tm;
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(c->tm);
  c->datalayout = LLVMCopyStringRepOfTargetData(td);
  LLVMDisposeTargetData(td);
  c->short_ptr = short_ptr;
  return FLYC_OK;
}

int flyc__retarget(flyc_compile_t *c) { return make_target_machine(c, c->short_ptr); }

/* An NVPTX input whose layout is the target's with 32-bit pointers to shared,
 * const and local memory (Triton writes it): the compile switches to that
 * layout rather than replacing the module's. 1 when it did. */
static int adopt_short_pointers(flyc_compile_t *c, const char *dl) {
  if (c->target.family != FLYC_TARGET_NVPTX || c->short_ptr || !strstr(dl, "p3:32"))
    return 0;
  char *wide = c->datalayout;
  LLVMTargetMachineRef wide_tm = c->tm;
  c->datalayout = NULL;
  c->tm = NULL;
  /* The same layout exactly: a layout with only p3:32 says 64-bit local and
   * const pointers, which short pointers would not give. */
  if (make_target_machine(c, 1) == FLYC_OK && strcmp(dl, c->datalayout) == 0) {
    LLVMDisposeTargetMachine(wide_tm);
    LLVMDisposeMessage(wide);
    return 1;
  }
  if (c->tm)
    LLVMDisposeTargetMachine(c->tm);
  LLVMDisposeMessage(c->datalayout);
  c->tm = wide_tm;
  c->datalayout = wide;
  c->short_ptr = 0;
  return 0;
}

int flyc__check_triple_layout(flyc_compile_t *c, LLVMModuleRef m, const char *what,
                              int is_input) {
  const char *triple = LLVMGetTarget(m);
  if (!triple || !*triple) {
    LLVMSetTarget(m, c->target.ops->triple);
  } else if (!triple_compatible(triple, c->target.ops->triple)) {
    return flyc__error_set(is_input ? FLYC_EIR : FLYC_ELINK,
                           "%s '%s' has triple '%s', but target %s needs '%s'",
                           is_input ? "input" : "link library", what, triple,
                           c->target.id, c->target.ops->triple);
  }
  const char *dl = LLVMGetDataLayoutStr(m);
  char *up = NULL;
  if (dl && *dl && !layout_subset(dl, c->datalayout) && strcmp(dl, c->datalayout) != 0) {
    /* IR text keeps an older LLVM's layout, which the bitcode reader would
     * have upgraded: compare what it would have read. */
    up = flyc__upgraded_layout(LLVMGetTarget(m), dl);
    if (up && layout_subset(up, c->datalayout))
      dl = NULL;
  }
  if (dl && *dl && is_input && strcmp(dl, c->datalayout) != 0)
    adopt_short_pointers(c, dl);
  if (!dl || !*dl || layout_subset(dl, c->datalayout)) {
    /* Empty, or only entries the target's layout also has (llvm-as turns an
     * empty AMDGPU layout into "G1"), or an older LLVM's layout for the
     * target: adopt the target's. */
    LLVMSetDataLayout(m, c->datalayout);
  } else if (strcmp(dl, c->datalayout) != 0) {
    if (is_input) {
      /* The kernel module is ours to retarget; say so in the log. */
      flyc__buf_printf(&c->log,
                       "%snote: input '%s' data layout '%s' replaced by the target's '%s'",
                       c->log.len ? "\n" : "", what, dl, c->datalayout);
      LLVMSetDataLayout(m, c->datalayout);
    } else {
      int rc = flyc__error_set(FLYC_ELINK,
                               "link library '%s' has data layout '%s', but target %s "
                               "(LLVM %s) uses '%s'",
                               what, dl, c->target.id, flyc_llvm_version(), c->datalayout);
      free(up);
      return rc;
    }
  }
  free(up);
  return FLYC_OK;
}

/* Parses IR text or bitcode into c->ctx. Used for the input and for `.ll`
 * link libraries. */
/* LLVM's IR parser recurses once per level of nested constant expression or
 * type, and overflows the stack long before a real module needs it. The
 * deepest bracket nesting of the text, outside strings and comments. */
#define MAX_IR_NESTING 1000
/* When p starts a string or a comment of IR text (LLVM escapes '"' as \22,
 * so the next '"' ends a string; ';' runs to the end of the line; LLVM 19+'s
 * block comments are unnested), its last byte; else NULL. One past the end
 * when it does not end. */
static const char *skip_lexeme(const char *p, const char *end) {
  const char *q = NULL;
  if (*p == '"')
    q = memchr(p + 1, '"', (size_t)(end - p - 1));
  else if (*p == ';')
    q = memchr(p, '\n', (size_t)(end - p));
  else if (*p == '/' && p + 1 < end && p[1] == '*')
    q = (q = memmem(p + 2, (size_t)(end - p - 2), "*/", 2)) ? q + 1 : NULL;
  else
    return NULL;
  return q ? q : end;
}

static size_t ir_nesting(const char *s, size_t n) {
  size_t depth = 0, max = 0;
  for (const char *p = s, *end = s + n; p < end; p++) {
    const char *skip = skip_lexeme(p, end);
    if (skip) {
      p = skip;
      continue;
    }
    char ch = *p;
    if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
      if (++depth > max)
        max = depth;
    } else if ((ch == ')' || ch == ']' || ch == '}' || ch == '>') && depth) {
      depth--;
    }
  }
  return max;
}

#define HIDDEN_ANNOTATIONS "flyc.nvvm.annotations"

static int hexval(char ch) {
  return ch >= '0' && ch <= '9' ? ch - '0'
         : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                  : -1;
}

/* Length of the metadata name token at p (after '!'): LLVM's MetadataVar,
 * [-a-zA-Z$._0-9\\]; 1 in *is_ann when it spells "nvvm.annotations", \XX
 * escapes decoded as LLParser does. */
static size_t md_name(const char *p, const char *end, int *is_ann) {
  static const char want[] = "nvvm.annotations";
  size_t i = 0, k = 0;
  int same = 1;
  while (p + i < end) {
    char ch = p[i];
    int v;
    if (ch == '\\' && p + i + 2 < end && hexval(p[i + 1]) >= 0 && hexval(p[i + 2]) >= 0) {
      v = hexval(p[i + 1]) * 16 + hexval(p[i + 2]);
      i += 3;
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
               (ch >= '0' && ch <= '9') || ch == '-' || ch == '$' || ch == '.' || ch == '_') {
      v = (unsigned char)ch;
      i++;
    } else {
      break;
    }
    same = same && k < sizeof want - 1 && want[k] == v;
    k++;
  }
  *is_ann = same && k == sizeof want - 1;
  return i;
}

/* IR text with every mention of named metadata `!nvvm.annotations` (a name
 * token outside strings and comments, however spelled) renamed
 * HIDDEN_ANNOTATIONS: *out is a malloc'd copy, or NULL when there is none. */
static int hide_annotations(const char *text, size_t size, char **out, size_t *out_size) {
  const char *end = text + size;
  flyc_buf_t b = {0};
  const char *copied = text;
  *out = NULL;
  for (const char *p = text; p < end; p++) {
    const char *skip = skip_lexeme(p, end);
    if (skip) {
      p = skip;
      continue;
    }
    if (*p != '!')
      continue;
    int is_ann;
    size_t n = md_name(p + 1, end, &is_ann);
    if (!is_ann)
      continue;
    flyc__buf_append(&b, copied, (size_t)(p - copied));
    flyc__buf_append(&b, "!" HIDDEN_ANNOTATIONS, sizeof HIDDEN_ANNOTATIONS);
    copied = p + 1 + n;
    p = copied - 1;
  }
  if (copied == text)
    return FLYC_OK;
  flyc__buf_append(&b, copied, (size_t)(end - copied));
  if (b.oom) {
    flyc__buf_free(&b);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  *out_size = b.len;
  *out = flyc__buf_take(&b);
  return FLYC_OK;
}

/* Puts checked entries back under nvvm.annotations, in the form this LLVM's
 * backend reads. */
static int restore_annotations(LLVMModuleRef m, const char *what) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, HIDDEN_ANNOTATIONS);
  LLVMValueRef *ops = n ? malloc(n * sizeof *ops) : NULL;
  if (n && !ops)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (n)
    LLVMGetNamedMetadataOperands(m, HIDDEN_ANNOTATIONS, ops);
  for (unsigned i = 0; i < n; i++)
    LLVMAddNamedMetadataOperand(m, "nvvm.annotations", ops[i]);
  free(ops);
  return flyc__nvptx_normalize_kernels(m, what);
}

/* When IR text says it was written by a newer LLVM than flyc's (clang's
 * ident, or syntax only LLVM 21+ writes), a note for the parse error. */
static void newer_llvm_hint(const char *t, size_t n, char *out, size_t cap) {
  const char *v = memmem(t, n, "clang version ", 14);
  int major = 0;
  for (const char *p = v ? v + 14 : NULL; p && p < t + n && *p >= '0' && *p <= '9' && major < 1000;
       p++)
    major = major * 10 + (*p - '0');
  if (major > flyc__llvm_major()) {
    snprintf(out, cap, " (the IR names clang version %d; this flyc is built on LLVM %s: use a "
             "flyc built on LLVM %d or newer)", major, flyc_llvm_version(), major);
    return;
  }
  if (flyc__llvm_major() < 21 && memmem(t, n, "captures(", 9))
    snprintf(out, cap, " (the IR uses 'captures(...)', which LLVM 21 and newer write; this "
             "flyc is built on LLVM %s)", flyc_llvm_version());
}

int flyc__parse_ir(flyc_compile_t *c, const void *data, size_t size, const char *name,
                   LLVMModuleRef *out, int errcode) {
  if (size == 0)
    return flyc__error_set(errcode, "'%s' is empty", name);
  const char *what = errcode == FLYC_EIR ? "input" : "link library";
  char *text = NULL;
  int from_bitcode = flyc__is_bitcode(data, size) != 0;
  /* Trusted or not: newer bitcode is not a crash risk but a misread one. */
  if (from_bitcode) {
    int rc = flyc__check_producer(data, size, what, name, errcode);
    if (rc)
      return rc;
  }
  if (from_bitcode && !(c->opts.flags & FLYC_COMPILE_TRUSTED_BITCODE)) {
    int rc = flyc__bitcode_to_text(data, size, what, name, errcode, &text);
    if (rc)
      return rc;
    data = text;
    size = strlen(text);
  } else if (!from_bitcode && memchr(data, '\0', size)) {
    return flyc__error_set(errcode,
                           "'%s' is neither LLVM bitcode nor LLVM IR text (it has NUL bytes)",
                           name);
  }
  if (!(from_bitcode && (c->opts.flags & FLYC_COMPILE_TRUSTED_BITCODE))) {
    size_t depth = ir_nesting(data, size);
    if (depth > MAX_IR_NESTING) {
      free(text);
      return flyc__error_set(errcode,
                             "%s '%s' nests brackets %zu deep (constant expressions or "
                             "types); flyc refuses more than %d, where LLVM's IR parser "
                             "would overflow its stack",
                             what, name, depth, MAX_IR_NESTING);
    }
  }
  /* LLVM 20+'s IR parser upgrades nvvm.annotations as it reads them and
   * crashes on a malformed entry (AutoUpgrade.cpp casts without checking):
   * the entries are parsed under another name, checked, then put back. */
  int hid = 0;
  if (!from_bitcode && memmem(data, size, HIDDEN_ANNOTATIONS, sizeof HIDDEN_ANNOTATIONS - 1)) {
    free(text);
    return flyc__error_set(errcode, "%s '%s' names metadata '%s', which flyc reserves", what,
                           name, HIDDEN_ANNOTATIONS);
  }
  if (!from_bitcode && flyc__llvm_parser_upgrades_nvvm()) {
    char *hidden = NULL;
    int rc = hide_annotations(data, size, &hidden, &size);
    if (rc) {
      free(text);
      return rc;
    }
    if (hidden) {
      free(text);
      data = text = hidden;
      hid = 1;
    }
  }
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, name);
  if (!mb) {
    free(text);
    return flyc__error_set(FLYC_ENOMEM, "out of memory copying '%s'", name);
  }
  char *msg = NULL;
  LLVMModuleRef m = NULL;
  size_t diag_before = c->diag.len;
  if (from_bitcode && (c->opts.flags & FLYC_COMPILE_TRUSTED_BITCODE)) {
    int failed = LLVMParseBitcodeInContext2(c->ctx, mb, &m);
    LLVMDisposeMemoryBuffer(mb);
    if (failed || !m) {
      free(text);
      return flyc__error_set(errcode, "%s '%s' is not valid bitcode: %s", what, name,
                             c->diag.len > diag_before ? c->diag.data + diag_before
                                                       : "unreadable");
    }
  } else if (LLVMParseIRInContext(c->ctx, mb, &m, &msg) || !m) { /* takes mb */
    /* Only on failure: does the text say a newer LLVM wrote it? */
    char hint[160] = "";
    if (!from_bitcode)
      newer_llvm_hint(data, size, hint, sizeof hint);
    free(text);
    int rc = from_bitcode
                 ? flyc__error_set(errcode,
                                   "%s '%s' is malformed bitcode: LLVM's reader accepted it, "
                                   "but its disassembly does not parse: %s",
                                   what, name, msg ? msg : "unknown error")
                 : flyc__error_set(errcode, "'%s' does not parse as LLVM IR: %s%s", name,
                                   msg ? msg : "unknown error", hint);
    LLVMDisposeMessage(msg);
    return rc;
  }
  free(text);
  c->diag.len = diag_before;
  if (c->diag.data)
    c->diag.data[diag_before] = '\0';
  /* Malformed nvvm.annotations are named here, before anything reads them. */
  int rc = flyc__nvptx_check_annotations(m, hid ? HIDDEN_ANNOTATIONS : "nvvm.annotations", what,
                                         name);
  if (rc == FLYC_OK && hid)
    rc = restore_annotations(m, what);
  if (rc == FLYC_EIR)
    rc = flyc__error_recode(errcode); /* a link library's is FLYC_ELINK */
  if (rc) {
    LLVMDisposeModule(m);
    return rc;
  }
  *out = m;
  return FLYC_OK;
}

/* Intrinsics of another target make LLVM's instruction selection abort the
 * process ("Cannot select"); refuse them before codegen. */
/* The name of a function that calls `f` ("?" when none is found). */
static const char *caller_name(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user))
      return LLVMGetValueName(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
  }
  return "?";
}

static int check_intrinsics(flyc_compile_t *c, LLVMModuleRef m, const char *what) {
  static const char *const foreign[] = {
      "llvm.amdgcn.", "llvm.r600.",   "llvm.nvvm.",  "llvm.x86.",   "llvm.aarch64.",
      "llvm.arm.",    "llvm.ppc.",    "llvm.wasm.",  "llvm.riscv.", "llvm.hexagon.",
      "llvm.mips.",   "llvm.s390.",   "llvm.spv.",   "llvm.dx.",    "llvm.loongarch.",
      "llvm.bpf.",    "llvm.ve.",     "llvm.xcore."};
  const char *mine = c->target.family == FLYC_TARGET_AMDGPU ? "llvm.amdgcn." : "llvm.nvvm.";
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (len < 5 || strncmp(name, "llvm.", 5) != 0)
      continue;
    for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++) {
      size_t pl = strlen(foreign[i]);
      if (len > pl && strncmp(name, foreign[i], pl) == 0 && strcmp(foreign[i], mine) != 0)
        return flyc__error_set(FLYC_EIR,
                               "%s uses intrinsic '%s', which target %s (%s) does not have",
                               what, name, c->target.id, c->target.ops->triple);
    }
    const char *use = NULL, *feature = c->target.ops->missing_feature
                                          ? c->target.ops->missing_feature(&c->target, name,
                                                                           len, &use)
                                          : NULL;
    if (feature && LLVMGetFirstUse(f))
      return flyc__error_set(FLYC_EIR,
                             "%s uses intrinsic '%s' (in function '%s'): %s is an "
                             "arch-specific feature that target %s does not have; compile "
                             "for %s",
                             what, name, caller_name(f), feature, c->target.id, use);
  }
  return FLYC_OK;
}

/* Internalizes every definition that is not a kernel, an exported global or an
 * externally initialized global, then drops what is dead. */
static int internalize(flyc_compile_t *c) {
  for (size_t i = 0; i < c->opts.exported_global_count; i++) {
    const char *name = c->opts.exported_globals[i];
    LLVMValueRef g = LLVMGetNamedGlobal(c->mod, name);
    if (!g && LLVMGetNamedFunction(c->mod, name))
      return flyc__error_set(FLYC_EINVAL,
                             "exported global '%s' is a function; only global variables "
                             "are exported for the host to write",
                             name);
    if (!g || LLVMIsDeclaration(g))
      return flyc__error_set(FLYC_ENOTFOUND,
                             "exported global '%s' is not defined by the module or its "
                             "link libraries",
                             name);
    /* The host writes it after load: never fold its loads, and keep it in
     * the dynamic symbol table. */
    LLVMSetExternallyInitialized(g, 1);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    /* Protected whatever it was: in .dynsym for the host, and not
     * preemptible, so the code's PC-relative references stay valid (an
     * internal global made default-visible makes lld refuse R_AMDGPU_REL32). */
    LLVMSetVisibility(g, LLVMProtectedVisibility);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || c->target.ops->is_kernel(c->mod, f))
      continue;
    LLVMLinkage l = LLVMGetLinkage(f);
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage)
      continue;
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMSetVisibility(f, LLVMDefaultVisibility);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (LLVMIsDeclaration(g) || (len > 5 && strncmp(name, "llvm.", 5) == 0))
      continue;
    LLVMLinkage l = LLVMGetLinkage(g);
    if ((l == LLVMInternalLinkage || l == LLVMPrivateLinkage) && LLVMIsExternallyInitialized(g)) {
      /* Meant for the host, but local: it never reaches .dynsym. */
      const char *o = flyc__origin_of(c, name);
      flyc__buf_printf(&c->log, "%snote: global '%s'%s%s%s is externally_initialized but "
                                "%s, so a host cannot find it after load; export it "
                                "(exported_globals / --export) to make it visible\n",
                       c->log.len && c->log.data[c->log.len - 1] != '\n' ? "\n" : "", name,
                       o ? " (from '" : "", o ? o : "", o ? "')" : "",
                       l == LLVMInternalLinkage ? "internal" : "private");
      continue;
    }
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage || l == LLVMAppendingLinkage)
      continue;
    if (LLVMIsExternallyInitialized(g)) {
      /* A hidden symbol would not reach .dynsym, where the host looks. */
      if (LLVMGetVisibility(g) == LLVMHiddenVisibility)
        LLVMSetVisibility(g, LLVMProtectedVisibility);
      continue;
    }
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetVisibility(g, LLVMDefaultVisibility);
  }
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  flyc__llvm_options_read_begin();
  char *err = flyc__llvm_error_take(LLVMRunPasses(c->mod, "globaldce", c->tm, po));
  flyc__llvm_options_read_end();
  LLVMDisposePassBuilderOptions(po);
  if (err) {
    int rc = flyc__error_set(FLYC_ELINK, "dead-code elimination after linking failed: %s",
                             err);
    free(err);
    return rc;
  }
  return FLYC_OK;
}

/* The function that holds instruction `user`, or NULL. */
static LLVMValueRef user_function(LLVMValueRef user) {
  if (!user || !LLVMIsAInstruction(user))
    return NULL;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
  return bb ? LLVMGetBasicBlockParent(bb) : NULL;
}

static void describe_user(flyc_compile_t *c, flyc_buf_t *b, LLVMValueRef sym) {
  LLVMUseRef u = LLVMGetFirstUse(sym);
  LLVMValueRef fn = u ? user_function(LLVMGetUser(u)) : NULL;
  if (!fn) {
    flyc__buf_printf(b, " (referenced from a constant)");
    return;
  }
  size_t len;
  const char *fname = LLVMGetValueName2(fn, &len);
  const char *origin = flyc__origin_of(c, fname);
  flyc__buf_printf(b, " referenced by '%s'", fname);
  if (origin)
    flyc__buf_printf(b, " from %s", origin);
}

/* Every undefined, used, non-intrinsic symbol is an error before codegen.
 * An `llvm.*` declaration this LLVM has no intrinsic for comes first: that is
 * IR from a newer LLVM (clang-22's llvm.nvvm.barrier.cta.* read by LLVM 19),
 * which no library can define and the backend would emit as a call. */
#define MAX_NAMED 20
static int check_undefined(flyc_compile_t *c) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) || !LLVMGetFirstUse(f) ||
        len < 5 || memcmp(name, "llvm.", 5) != 0)
      continue;
    flyc_buf_t u = {0};
    describe_user(c, &u, f);
    int rc = flyc__error_set(FLYC_EIR,
                             "'%s' is not an intrinsic LLVM %s knows (IR written by a newer "
                             "LLVM?)%s",
                             name, flyc_llvm_version(), flyc__buf_str(&u));
    flyc__buf_free(&u);
    return rc;
  }
  flyc_buf_t b = {0};
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) || !LLVMGetFirstUse(f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (c->target.ops->allowed_undefined && c->target.ops->allowed_undefined(name))
      continue;
    if (n++ < MAX_NAMED) { /* the first few, so the message stays readable */
      flyc__buf_printf(&b, "%sundefined function '%s'", n > 1 ? "; " : "", name);
      describe_user(c, &b, f);
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    if (!LLVMIsDeclaration(g) || !LLVMGetFirstUse(g))
      continue;
    /* Dynamic shared memory (`extern __shared__ T x[]`): a zero-length
     * array in address space 3, placed by the loader after the static part. */
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3 &&
        LLVMGetTypeKind(vt) == LLVMArrayTypeKind &&
        flyc__array_length(vt) == 0)
      continue;
    /* clang's CUDA builtin variables (threadIdx, blockDim, ...) at -O0: empty
     * structs, extern_weak, whose address only reaches their accessors; the
     * NVPTX backend defines them (a byte each), as llc does. */
    const char *sn = LLVMGetTypeKind(vt) == LLVMStructTypeKind ? LLVMGetStructName(vt) : NULL;
    if (c->target.family == FLYC_TARGET_NVPTX && LLVMGetLinkage(g) == LLVMExternalWeakLinkage &&
        sn && strncmp(sn, "struct.__cuda_builtin_", 22) == 0)
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (n++ < MAX_NAMED) {
      flyc__buf_printf(&b, "%sundefined global '%s'", n > 1 ? "; " : "", name);
      describe_user(c, &b, g);
    }
  }
  if (n > MAX_NAMED)
    flyc__buf_printf(&b, "; and %zu more", n - MAX_NAMED);
  int rc = FLYC_OK;
  if (n)
    rc = flyc__error_set(FLYC_ELINK,
                         "%zu undefined symbol%s after linking (no link library or "
                         "device library defines %s): %s",
                         n, n > 1 ? "s" : "", n > 1 ? "them" : "it", flyc__buf_str(&b));
  flyc__buf_free(&b);
  return rc;
}

static int verify(flyc_compile_t *c, const char *what, int errcode) {
  char *msg = NULL;
  if (LLVMVerifyModule(c->mod, LLVMReturnStatusAction, &msg)) {
    int rc = flyc__error_set(errcode, "%s fails the LLVM verifier: %s", what,
                             msg && *msg ? msg : "(no detail)");
    LLVMDisposeMessage(msg);
    return rc;
  }
  LLVMDisposeMessage(msg);
  return FLYC_OK;
}

static const char *type_name_of(LLVMTypeRef t, char *buf, size_t n) {
  char *s = LLVMPrintTypeToString(t);
  snprintf(buf, n, "%s", s ? s : "?");
  LLVMDisposeMessage(s);
  return buf;
}

/* 1 when constant `k` computes something of two symbols that no relocation
 * can express (the AsmPrinter aborts on it: "Unsupported expression in
 * static initializer"). */
static int unrelocatable(LLVMValueRef k, int depth) {
  if (!k || depth > 64)
    return depth > 64;
  if (LLVMIsAConstantExpr(k)) {
    LLVMOpcode op = LLVMGetConstOpcode(k);
    int n = LLVMGetNumOperands(k);
    if (n == 2 && op != LLVMGetElementPtr && op != LLVMSub &&
        op != LLVMICmp && op != LLVMFCmp &&
        !LLVMIsAConstantInt(LLVMGetOperand(k, 0)) && !LLVMIsAConstantInt(LLVMGetOperand(k, 1)))
      return 1;
    for (int i = 0; i < n; i++)
      if (unrelocatable(LLVMGetOperand(k, i), depth + 1))
        return 1;
    return 0;
  }
  if (LLVMIsAConstantStruct(k) || LLVMIsAConstantArray(k) || LLVMIsAConstantVector(k)) {
    int n = LLVMGetNumOperands(k);
    for (int i = 0; i < n; i++)
      if (unrelocatable(LLVMGetOperand(k, i), depth + 1))
        return 1;
  }
  return 0;
}

static int check_instruction(flyc_compile_t *c, LLVMValueRef i, const char *name,
                             const char *when);

/* !reqd_work_group_size must be three sizes the launch limits allow; LLVM
 * copies anything into the metadata, which comgr then cannot read. */
static int check_reqd_size(flyc_compile_t *c, LLVMValueRef f, const char *name) {
  unsigned kind = LLVMGetMDKindIDInContext(c->ctx, "reqd_work_group_size", 20);
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(f, &n);
  int rc = FLYC_OK;
  for (size_t i = 0; i < n && rc == FLYC_OK; i++) {
    if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != kind)
      continue;
    LLVMValueRef node = LLVMMetadataAsValue(c->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
    unsigned long long prod = 1;
    int ok = LLVMGetMDNodeNumOperands(node) == 3;
    LLVMValueRef ops[3];
    if (ok)
      LLVMGetMDNodeOperands(node, ops);
    for (int d = 0; ok && d < 3; d++) {
      ok = ops[d] && LLVMIsAConstantInt(ops[d]);
      long long v = ok ? LLVMConstIntGetSExtValue(ops[d]) : 0;
      ok = ok && v >= 1 && v <= 1024;
      prod *= ok ? (unsigned long long)v : 1;
    }
    if (!ok || prod > 1024)
      rc = flyc__error_set(FLYC_EIR,
                           "kernel '%s' has a !reqd_work_group_size that is not three sizes "
                           "from 1 to 1024 with a product of at most 1024",
                           name);
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  return rc;
}
static int check_type(flyc_compile_t *c, LLVMTypeRef t, const char *name, const char *when);

/* An AMDGPU global's explicit section that names one the ELF linker makes
 * itself (symbol and string tables, dynamic linking, dynamic relocations,
 * unwind tables): lld's fatal error on some of them ends the process, even
 * in process. NULL when there is none. NVPTX has no sections. */
static const char *linker_section(const flyc_compile_t *c, LLVMValueRef g) {
  if (c->target.family != FLYC_TARGET_AMDGPU)
    return NULL;
  const char *s = LLVMGetSection(g);
  if (!s || !*s)
    return NULL;
  /* What lld synthesizes for a shared object (lld/ELF/SyntheticSections). */
  static const char *const made[] = {
      ".symtab", ".strtab", ".shstrtab", ".symtab_shndx", ".dynsym", ".dynstr", ".dynamic",
      ".hash", ".gnu.hash", ".gnu.version", ".gnu.version_r", ".gnu.version_d", ".interp",
      ".eh_frame", ".eh_frame_hdr", ".got", ".got.plt", ".plt", ".rela.dyn", ".rel.dyn",
      ".rela.plt", ".rel.plt", ".relr.dyn", ".note.gnu.build-id", ".comment"};
  for (size_t i = 0; i < sizeof made / sizeof *made; i++)
    if (strcmp(s, made[i]) == 0)
      return s;
  return NULL;
}

/* The address space of locals in the target's data layout ("A<n>"; 0 when
 * it names none). */
static unsigned alloca_as(const flyc_compile_t *c) {
  for (const char *p = c->datalayout; p && *p;) {
    if (p[0] == 'A' && p[1] >= '0' && p[1] <= '9')
      return (unsigned)strtoul(p + 1, NULL, 10);
    p = strchr(p, '-');
    p = p ? p + 1 : NULL;
  }
  return 0;
}

/* Valid IR that the target's backend would abort on, or hang on, instead of
 * returning an error: refused here with the reason, so that an in-process
 * compile does not take the caller down. FLYC_COMPILE_ISOLATED covers what
 * this list does not. */
static int check_supported(flyc_compile_t *c, const char *when) {
  const flyc_target_ops_t *ops = c->target.ops;
  if (c->target.family == FLYC_TARGET_NVPTX) {
    int rc = flyc__nvptx_check_annotations(c->mod, "nvvm.annotations", when, NULL);
    if (rc == FLYC_OK)
      rc = flyc__nvptx_normalize_kernels(c->mod, when);
    if (rc)
      return rc;
  }
  size_t len;
  char tb[64];
  LLVMValueRef x = LLVMGetFirstGlobalIFunc(c->mod);
  if (x)
    return flyc__error_set(FLYC_EIR, "%s has an ifunc ('%s'); %s has no ifuncs", when,
                           LLVMGetValueName2(x, &len), c->target.id);
  if (c->target.family == FLYC_TARGET_NVPTX && (x = LLVMGetFirstGlobalAlias(c->mod)))
    return flyc__error_set(FLYC_EIR, "%s has an alias ('%s'); the NVPTX backend has none",
                           when, LLVMGetValueName2(x, &len));
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsThreadLocal(g))
      return flyc__error_set(FLYC_EIR, "%s has a thread_local global ('%s'); GPUs have no "
                             "thread-local storage",
                             when, LLVMGetValueName2(g, &len));
    if (!LLVMIsDeclaration(g) && unrelocatable(LLVMGetInitializer(g), 0))
      return flyc__error_set(FLYC_EIR,
                             "the initializer of global '%s' in %s combines two addresses in "
                             "a way no relocation can express",
                             LLVMGetValueName2(g, &len), when);
    const char *sec = linker_section(c, g);
    if (sec)
      return flyc__error_set(FLYC_EIR, "global '%s' in %s is placed in section '%s', which the "
                             "linker makes itself (lld would stop the process)",
                             LLVMGetValueName2(g, &len), when, sec);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    const char *name = LLVMGetValueName2(f, &len);
    const char *sec = linker_section(c, f);
    if (sec)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s is placed in section '%s', which "
                             "the linker makes itself (lld would stop the process)",
                             name, when, sec);
    if (!LLVMIsDeclaration(f) || LLVMGetFirstUse(f)) {
      unsigned cc = LLVMGetFunctionCallConv(f);
      int ok = cc == LLVMCCallConv;
      for (const unsigned *p = ops->calling_conventions; *p && !ok; p++)
        ok = *p == cc;
      if (!ok)
        return flyc__error_set(FLYC_EIR,
                               "function '%s' in %s has calling convention %u, which target "
                               "%s does not have",
                               name, when, cc, c->target.id);
    }
    if (LLVMGetIntrinsicID(f) && LLVMGetFirstUse(f)) {
      LLVMTypeRef r = LLVMGetReturnType(LLVMGlobalGetValueType(f));
      if (LLVMGetTypeKind(r) == LLVMVectorTypeKind)
        r = LLVMGetElementType(r);
      const char *why = ops->unlowerable(name, len, r);
      if (why)
        return flyc__error_set(FLYC_EIR, "intrinsic '%s' (used in %s) %s", name, when, why);
    }
    if (LLVMIsDeclaration(f))
      continue;
    if (!flyc__llvm_gpu_varargs() && LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)))
      return flyc__error_set(FLYC_EIR, "function '%s' in %s is variadic; GPU backends of LLVM "
                             "%s have no variadic functions",
                             name, when, flyc_llvm_version());
    if (c->target.ops->is_kernel(c->mod, f)) {
      int rr = check_reqd_size(c, f, name);
      if (rr)
        return rr;
      /* The argument block as laid out: a struct passed by value (byval)
       * is its bytes, at its alignment. */
      LLVMTargetDataRef td = LLVMCreateTargetDataLayout(c->tm);
      unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
      unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
      unsigned long long total = 0;
      unsigned idx = 1;
      for (LLVMValueRef p = LLVMGetFirstParam(f); p; p = LLVMGetNextParam(p), idx++) {
        LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(f, idx, byval_kind);
        LLVMTypeRef t = bv ? LLVMGetTypeAttributeValue(bv) : LLVMTypeOf(p);
        unsigned long long size = LLVMABISizeOfType(td, t), align = LLVMABIAlignmentOfType(td, t);
        LLVMAttributeRef al = bv ? LLVMGetEnumAttributeAtIndex(f, idx, align_kind) : NULL;
        if (al && LLVMGetEnumAttributeValue(al) > align)
          align = LLVMGetEnumAttributeValue(al);
        if (bv && size == 0) {
          LLVMDisposeTargetData(td);
          return flyc__error_set(FLYC_EIR, "kernel '%s' takes argument %u by value with a type "
                                 "of no bytes, which %s kernels cannot take",
                                 name, idx - 1, c->target.id);
        }
        total = (total + align - 1) / align * align + size;
      }
      LLVMDisposeTargetData(td);
      if (total > ops->max_kernarg_size)
        return flyc__error_set(FLYC_EIR,
                               "kernel '%s' takes %llu bytes of arguments; %s kernels take "
                               "at most %u (pass large data through a pointer)",
                               name, total, c->target.id, ops->max_kernarg_size);
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        LLVMTypeRef t = LLVMTypeOf(op == LLVMStore ? LLVMGetOperand(i, 0) : i);
        LLVMTypeRef e = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
        LLVMTypeKind k = LLVMGetTypeKind(e);
        if (k == LLVMFP128TypeKind || k == LLVMX86_FP80TypeKind || k == LLVMPPC_FP128TypeKind)
          return flyc__error_set(FLYC_EIR, "function '%s' in %s computes with %s, which GPU "
                                 "backends do not support",
                                 name, when, type_name_of(e, tb, sizeof tb));
        if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(e) > 128 &&
            (op == LLVMMul || op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem ||
             op == LLVMSRem || op == LLVMShl || op == LLVMLShr || op == LLVMAShr))
          return flyc__error_set(FLYC_EIR,
                                 "function '%s' in %s multiplies, divides or shifts an i%u; "
                                 "GPU backends do this only up to i128",
                                 name, when, LLVMGetIntTypeWidth(e));
        int rc = check_instruction(c, i, name, when);
        if (rc == FLYC_OK)
          rc = check_type(c, t, name, when);
        if (rc)
          return rc;
        if (op == LLVMAlloca && LLVMGetPointerAddressSpace(LLVMTypeOf(i)) != alloca_as(c))
          return flyc__error_set(FLYC_EIR,
                                 "function '%s' in %s has an alloca in address space %u, but "
                                 "%s keeps locals in address space %u (IR made without the "
                                 "target's data layout?)",
                                 name, when, LLVMGetPointerAddressSpace(LLVMTypeOf(i)),
                                 c->target.id, alloca_as(c));
        if (op == LLVMAlloca && c->target.family == FLYC_TARGET_NVPTX &&
            !LLVMIsAConstant(LLVMGetOperand(i, 0)) && c->target.ptx_version < 73)
          return flyc__error_set(FLYC_EIR,
                                 "function '%s' in %s has an alloca of run-time size, which "
                                 "needs PTX 7.3; %s uses PTX %u.%u",
                                 name, when, c->target.id, c->target.ptx_version / 10,
                                 c->target.ptx_version % 10);
      }
  }
  return FLYC_OK;
}

/* 1 when `as` is an address space the target's backend selects. */
static int known_address_space(const flyc_compile_t *c, unsigned as) {
  if (c->target.family == FLYC_TARGET_NVPTX)
    return as <= 1 || (as >= 3 && as <= 5) || as == 101;
  return as <= 6;
}

/* The syncscope of a fence, from its printed form ("" for system). */
static int fence_scope_ok(const flyc_compile_t *c, LLVMValueRef fence) {
  char *s = LLVMPrintValueToString(fence);
  const char *p = s ? strstr(s, "syncscope(\"") : NULL;
  int ok = 1;
  if (p) {
    p += 11;
    size_t n = strcspn(p, "\"");
    static const char *const amd[] = {"singlethread", "agent", "workgroup", "wavefront",
                                      "one-as", "singlethread-one-as", "agent-one-as",
                                      "workgroup-one-as", "wavefront-one-as", NULL};
    static const char *const nv[] = {"singlethread", NULL};
    const char *const *list = c->target.family == FLYC_TARGET_AMDGPU ? amd : nv;
    ok = 0;
    for (int i = 0; list[i] && !ok; i++)
      ok = strlen(list[i]) == n && memcmp(list[i], p, n) == 0;
  }
  LLVMDisposeMessage(s);
  return ok;
}

/* An unroll count that would make the optimizer run for minutes. */
static long long loop_unroll_count(LLVMContextRef ctx, LLVMValueRef term) {
  static unsigned kind;
  if (!kind)
    kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  LLVMValueRef md = LLVMGetMetadata(term, kind);
  if (!md)
    return 0;
  unsigned n = LLVMGetMDNodeNumOperands(md);
  if (n > 64)
    return 0;
  LLVMValueRef ops[64];
  LLVMGetMDNodeOperands(md, ops);
  for (unsigned i = 0; i < n; i++) {
    if (!ops[i] || ops[i] == md || !LLVMIsAMDNode(ops[i]) || LLVMGetMDNodeNumOperands(ops[i]) != 2)
      continue;
    LLVMValueRef kv[2];
    LLVMGetMDNodeOperands(ops[i], kv);
    unsigned kl = 0;
    const char *key = kv[0] ? LLVMGetMDString(kv[0], &kl) : NULL;
    if (key && kl == 22 && memcmp(key, "llvm.loop.unroll.count", 22) == 0 && kv[1] &&
        LLVMIsAConstantInt(kv[1]))
      return LLVMConstIntGetSExtValue(kv[1]);
  }
  return 0;
}

static int check_instruction(flyc_compile_t *c, LLVMValueRef i, const char *name,
                             const char *when) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  char tb[64];
  if (op == LLVMFence && !fence_scope_ok(c, i))
    return flyc__error_set(FLYC_EIR, "function '%s' in %s has a fence with a syncscope target "
                           "%s does not have",
                           name, when, c->target.id);
  if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(i, op == LLVMAtomicRMW ? 1 : 2));
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if ((k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64) || k == LLVMHalfTypeKind ||
        k == LLVMBFloatTypeKind)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s has an atomic operation on %s; "
                             "GPU backends do atomics on 32- and 64-bit values",
                             name, when, type_name_of(t, tb, sizeof tb));
  }
  if (op == LLVMVAArg && !flyc__llvm_gpu_varargs())
    return flyc__error_set(FLYC_EIR, "function '%s' in %s uses va_arg; GPU backends of LLVM "
                           "%s have no variadic calls",
                           name, when, flyc_llvm_version());
  LLVMValueRef ptr = op == LLVMLoad || op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg
                         ? LLVMGetOperand(i, 0)
                         : op == LLVMStore ? LLVMGetOperand(i, 1) : NULL;
  if (ptr && LLVMGetTypeKind(LLVMTypeOf(ptr)) == LLVMPointerTypeKind &&
      !known_address_space(c, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr))))
    return flyc__error_set(FLYC_EIR, "function '%s' in %s accesses memory in address space "
                           "%u, which target %s does not have",
                           name, when, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)),
                           c->target.id);
  if (op == LLVMCall && LLVMIsAInlineAsm(LLVMGetCalledValue(i))) {
    LLVMTypeRef t = LLVMTypeOf(i);
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s has inline asm returning i%u; "
                             "flyc accepts at most i64",
                             name, when, LLVMGetIntTypeWidth(t));
    if (c->target.ops->missing_feature) {
      size_t al = 0;
      char *text = flyc__inline_asm_string(i, &al);
      const char *use = NULL,
                 *feature = text ? c->target.ops->missing_feature(&c->target, text, al, &use)
                                 : NULL;
      free(text);
      if (feature)
        return flyc__error_set(FLYC_EIR, "function '%s' in %s has inline asm using %s, an "
                               "arch-specific feature that target %s does not have; "
                               "compile for %s",
                               name, when, feature, c->target.id, use);
    }
  }
  if (LLVMIsATerminatorInst(i)) {
    long long u = loop_unroll_count(c->ctx, i);
    if (u < 0 || u > 4096)
      return flyc__error_set(FLYC_EIR, "function '%s' in %s asks to unroll a loop %lld times; "
                             "flyc accepts up to 4096",
                             name, when, u);
  }
  return FLYC_OK;
}

static int check_type(flyc_compile_t *c, LLVMTypeRef t, const char *name, const char *when) {
  char tb[64];
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMScalableVectorTypeKind)
    return flyc__error_set(FLYC_EIR, "function '%s' in %s uses scalable vector %s",
                           name, when, type_name_of(t, tb, sizeof tb));
  if (k == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 1024)
    return flyc__error_set(FLYC_EIR, "function '%s' in %s uses a %u-element vector; flyc "
                           "accepts up to 1024",
                           name, when, LLVMGetVectorSize(t));
  LLVMTypeRef e = k == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
  if (LLVMGetTypeKind(e) == LLVMBFloatTypeKind && !flyc__llvm_gpu_bfloat())
    return flyc__error_set(FLYC_EIR, "function '%s' in %s computes with bfloat, which the "
                           "GPU backends of LLVM %s do not select",
                           name, when, flyc_llvm_version());
  (void)c;
  return FLYC_OK;
}

static int optimize(flyc_compile_t *c) {
  char passes[32];
  snprintf(passes, sizeof passes, "default<O%d>", c->opt_level);
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  flyc__llvm_options_read_begin();
  char *err = flyc__llvm_error_take(LLVMRunPasses(c->mod, passes, c->tm, po));
  flyc__llvm_options_read_end();
  LLVMDisposePassBuilderOptions(po);
  if (err) {
    int rc = flyc__error_set(FLYC_ECOMPILE, "optimization (%s) failed: %s", passes, err);
    free(err);
    return rc;
  }
  if (c->diag.len)
    return flyc__error_set(FLYC_ECOMPILE, "optimization (%s) failed: %s", passes,
                           c->diag.data);
  return FLYC_OK;
}

static int collect_kernels(flyc_compile_t *c) {
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && c->target.ops->is_kernel(c->mod, f))
      n++;
  if (!n)
    return flyc__error_set(FLYC_EIR,
                           "the module defines no kernel (AMDGPU: an amdgpu_kernel "
                           "function; NVPTX: a ptx_kernel function or an "
                           "nvvm.annotations \"kernel\" entry)");
  c->kernels = calloc(n, sizeof *c->kernels);
  if (!c->kernels)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !c->target.ops->is_kernel(c->mod, f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    LLVMLinkage l = LLVMGetLinkage(f);
    if (!len)
      return flyc__error_set(FLYC_EIR, "a kernel has no name; a kernel is found by its "
                                       "symbol");
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage)
      return flyc__error_set(FLYC_EIR,
                             "kernel '%s' has %s linkage; a kernel is an entry point the "
                             "runtime looks up, so it must be external",
                             name, l == LLVMInternalLinkage ? "internal" : "private");
    /* linkonce/weak/available_externally kernels would be dropped or left
     * undefined; as entry points they are external. */
    if (l != LLVMExternalLinkage)
      LLVMSetLinkage(f, LLVMExternalLinkage);
    if (!(c->kernels[c->kernel_count] = strdup(name)))
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    c->kernel_count++;
  }
  return FLYC_OK;
}

/* Links the libraries of the options, each once (by canonical path). */
static int link_libraries(flyc_compile_t *c) {
  char **seen = calloc(c->opts.link_library_count + 1, sizeof *seen);
  if (!seen)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  size_t nseen = 0;
  int rc = FLYC_OK;
  for (size_t i = 0; i < c->opts.link_library_count && rc == FLYC_OK; i++) {
    const char *path = c->opts.link_libraries[i];
    char *canon = realpath(path, NULL);
    if (!canon) {
      rc = flyc__error_set(FLYC_ENOTFOUND, "link library '%s' not found", path);
      break;
    }
    int dup = 0;
    for (size_t k = 0; k < nseen; k++)
      dup |= strcmp(seen[k], canon) == 0;
    if (dup) {
      free(canon);
      continue;
    }
    seen[nseen++] = canon;
    LLVMModuleRef lib = NULL;
    rc = flyc__load_library(c, path, 0, &lib);
    if (rc == FLYC_OK)
      rc = flyc__link_library(c, lib, path, 1);
  }
  for (size_t k = 0; k < nseen; k++)
    free(seen[k]);
  free(seen);
  return rc;
}

/* The pipeline on c->mod, which the caller has parsed into c->ctx. */
static int run(flyc_compile_t *c, const char *name) {
  int rc;
  uint64_t t0 = flyc__now_us(), t;
  if ((rc = flyc__check_triple_layout(c, c->mod, name, 1)))
    return rc;
  if ((rc = verify(c, name, FLYC_EIR)) || (rc = check_intrinsics(c, c->mod, name)))
    return rc;
  if ((rc = collect_kernels(c)))
    return rc;
  /* Kernels first, so that a message names a kernel rather than a header's
   * helper (clang's -O0 HIP has __cxa_pure_virtual first). */
  for (int kernels = 1; kernels >= 0; kernels--)
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
      if (LLVMIsDeclaration(f) || c->target.ops->is_kernel(c->mod, f) != kernels)
        continue;
      size_t len;
      flyc__origin_add(c, LLVMGetValueName2(f, &len), name);
      /* The same checks as for a library, but the culprit is the input. */
      if ((rc = c->target.ops->check_function(c, f, name)))
        return flyc__error_recode(FLYC_EIR);
    }
  if ((rc = c->target.ops->prepare(c)))
    return rc;
  t = flyc__now_us();
  c->times.parse_us += t - t0;
  t0 = t;
  if ((rc = link_libraries(c)))
    return rc;
  t = flyc__now_us();
  c->times.link_us = t - t0;
  t0 = t;
  if (!(c->opts.flags & FLYC_COMPILE_NO_DEVICE_LIBS) &&
      (rc = c->target.ops->link_device_libs(c)))
    return rc;
  t = flyc__now_us();
  c->times.devlib_us = t - t0;
  t0 = t;
  if ((rc = internalize(c)) || (rc = check_undefined(c)) ||
      (rc = check_intrinsics(c, c->mod, "the linked module")) ||
      (rc = check_supported(c, "the linked module")) ||
      (rc = verify(c, "the linked module", FLYC_ELINK)) ||
      (c->target.ops->finalize && (rc = c->target.ops->finalize(c))))
    return rc;
  t = flyc__now_us();
  c->times.internalize_us = t - t0;
  t0 = t;
  if ((rc = optimize(c)) || (rc = check_supported(c, "the optimized module")))
    return rc;
  c->times.optimize_us = flyc__now_us() - t0;
  return c->target.ops->codegen(c);
}

static int setup(flyc_compile_t *c, const flyc_compile_options_t *options) {
  int rc;
  use_options(c, options);
  if ((rc = flyc__target_parse(&c->target, c->opts.target)))
    return rc;
  if (c->target.family == FLYC_TARGET_NVPTX && c->opts.codegen != FLYC_CODEGEN_AUTO &&
      c->opts.codegen != FLYC_CODEGEN_PTX)
    return flyc__error_set(FLYC_EINVAL,
                           "codegen path '%s' is for AMDGPU; NVPTX target %s emits PTX",
                           flyc_codegen_name(c->opts.codegen), c->target.id);
  if (c->target.family == FLYC_TARGET_AMDGPU && c->opts.codegen == FLYC_CODEGEN_PTX)
    return flyc__error_set(FLYC_EINVAL, "codegen path 'ptx' is for NVPTX targets, not %s",
                           c->target.id);
  return make_target_machine(c, 0);
}

static int finish(flyc_compile_t *c, uint64_t start, flyc_artifact_t **out) {
  flyc_artifact_t *a = c->artifact;
  c->times.total_us = flyc__now_us() - start;
  a->times = c->times;
  if (!a->log)
    a->log = flyc__buf_take(&c->log);
  if (!a->inputs)
    a->inputs = flyc__buf_take(&c->inputs);
  *out = a;
  c->artifact = NULL;
  return FLYC_OK;
}

static int compile_buffer(flyc_artifact_t **out, const void *data, size_t size,
                          const char *name, const flyc_compile_options_t *options) {
  if (!name)
    name = "<buffer>";
  uint64_t start = flyc__now_us();
  flyc_compile_t c;
  memset(&c, 0, sizeof c);
  int rc = setup(&c, options);
  if (rc == FLYC_OK) {
    c.ctx = LLVMContextCreate();
    c.own_ctx = 1;
    LLVMContextSetDiagnosticHandler(c.ctx, diag_handler, &c);
    rc = flyc__parse_ir(&c, data, size, name, &c.mod, FLYC_EIR);
  }
  if (rc == FLYC_OK)
    rc = run(&c, name);
  if (rc == FLYC_OK)
    rc = finish(&c, start, out);
  compile_free(&c);
  return rc;
}

/* Options with FLYC_COMPILE_ISOLATED taken out, for the child. */
static int child_options(const flyc_compile_options_t *o, flyc_compile_options_t *copy) {
  *copy = *o;
  if (!(copy->flags & FLYC_COMPILE_ISOLATED))
    return 0;
  copy->flags &= ~(uint32_t)FLYC_COMPILE_ISOLATED;
  return 1;
}

typedef struct buffer_job {
  const void *data;
  size_t size;
  const char *name;
  const flyc_compile_options_t *opts;
  LLVMModuleRef module;
} buffer_job_t;

static int buffer_job(flyc_artifact_t **out, void *p) {
  buffer_job_t *j = p;
  return compile_buffer(out, j->data, j->size, j->name, j->opts);
}

static int compile_buffer_any(flyc_artifact_t **out, const void *data, size_t size,
                              const char *name, const flyc_compile_options_t *options) {
  flyc_compile_options_t copy;
  if (child_options(options, &copy)) {
    buffer_job_t j = {data, size, name ? name : "<buffer>", &copy, NULL};
    /* Libraries read and checked here stay in this process's cache for the
     * children of later compiles. */
    for (size_t i = 0; copy.link_libraries && i < copy.link_library_count; i++)
      if (copy.link_libraries[i])
        flyc__prime_library(copy.link_libraries[i], copy.flags);
    return flyc__compile_isolated(buffer_job, &j, j.name, out);
  }
  return compile_buffer(out, data, size, name, options);
}

int flyc_compile_buffer(flyc_artifact_t **out, const void *data, size_t size,
                        const char *name, const flyc_compile_options_t *options) {
  if (!out || (!data && size))
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_buffer: out and data are required");
  flyc_compile_options_t o;
  int rc = flyc__options_copy(&o, options);
  if (rc)
    return rc;
  flyc_artifact_t *a = NULL; /* *out is untouched on failure */
  flyc_cache_req_t r;
  flyc__cache_begin(&r, &o, data, size, NULL, 0, NULL);
  rc = flyc__cache_get(&r, &a);
  if (rc == 0) {
    rc = compile_buffer_any(&a, data, size, name, &o);
    if (rc == FLYC_OK && (rc = flyc__cache_put(&r, a)) != FLYC_OK)
      flyc_artifact_destroy(a);
  } else if (rc == 1) {
    rc = FLYC_OK;
  }
  if (rc == FLYC_OK)
    *out = a;
  flyc__cache_end(&r);
  return rc;
}

int flyc_compile_file(flyc_artifact_t **out, const char *path,
                      const flyc_compile_options_t *options) {
  if (!out || !path)
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_file: out and path are required");
  void *data;
  size_t size;
  int rc = flyc__read_file(path, &data, &size);
  if (rc)
    return rc;
  rc = flyc_compile_buffer(out, data, size, path, options);
  free(data);
  return rc;
}

static int compile_module(flyc_artifact_t **out, LLVMModuleRef module,
                          const flyc_compile_options_t *options);

static int module_job(flyc_artifact_t **out, void *p) {
  buffer_job_t *j = p;
  return compile_module(out, j->module, j->opts);
}

static int compile_module_any(flyc_artifact_t **out, LLVMModuleRef module,
                              const flyc_compile_options_t *options) {
  flyc_compile_options_t copy;
  if (child_options(options, &copy)) {
    size_t len;
    const char *id = LLVMGetModuleIdentifier(module, &len);
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(len < 200 ? len : 200), id ? id : "");
    buffer_job_t j = {NULL, 0, name, &copy, module};
    int rc = flyc__compile_isolated(module_job, &j, name, out);
    LLVMDisposeModule(module); /* the child consumed its own copy */
    return rc;
  }
  return compile_module(out, module, options);
}

int flyc__compile_module_cached(flyc_artifact_t **out, LLVMModuleRef module,
                                const flyc_compile_options_t *options,
                                const flyc_processor_t *procs, size_t nprocs,
                                const char *extra_key,
                                int (*decorate)(flyc_artifact_t *, void *), void *payload) {
  if (!module)
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_module: module is required");
  flyc_compile_options_t o;
  int rc = out ? flyc__options_copy(&o, options)
               : flyc__error_set(FLYC_EINVAL, "flyc_compile_module: out is required");
  if (rc) {
    LLVMDisposeModule(module); /* consumed on every path */
    return rc;
  }
  options = &o;
  flyc_cache_req_t r;
  memset(&r, 0, sizeof r);
  if (flyc__cache_wanted(options)) {
    /* The module's bitcode is what the key hashes. */
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(module);
    if (bc) {
      flyc__cache_begin(&r, options, LLVMGetBufferStart(bc), LLVMGetBufferSize(bc), procs,
                        nprocs, extra_key);
      LLVMDisposeMemoryBuffer(bc);
    }
  }
  flyc_artifact_t *a = NULL; /* *out is untouched on failure */
  rc = flyc__cache_check(&r, procs, nprocs);
  if (rc == FLYC_OK)
    rc = flyc__cache_get(&r, &a);
  if (rc != 0) {
    LLVMDisposeModule(module); /* consumed, as a compile would */
    flyc__cache_end(&r);
    if (rc == 1)
      *out = a;
    return rc == 1 ? FLYC_OK : rc;
  }
  rc = compile_module_any(&a, module, options);
  /* What the artifact carries besides the code (flyc_ctx_compile: its
   * processors and dynamic shared sizes) is part of what is cached. */
  if (rc == FLYC_OK && decorate && (rc = decorate(a, payload)) != FLYC_OK)
    flyc_artifact_destroy(a);
  if (rc == FLYC_OK && (rc = flyc__cache_put(&r, a)) != FLYC_OK)
    flyc_artifact_destroy(a);
  if (rc == FLYC_OK)
    *out = a;
  flyc__cache_end(&r);
  return rc;
}

int flyc_compile_module(flyc_artifact_t **out, LLVMModuleRef module,
                        const flyc_compile_options_t *options) {
  return flyc__compile_module_cached(out, module, options, NULL, 0, NULL, NULL, NULL);
}

static int compile_module(flyc_artifact_t **out, LLVMModuleRef module,
                          const flyc_compile_options_t *options) {
  uint64_t start = flyc__now_us();
  flyc_compile_t c;
  memset(&c, 0, sizeof c);
  c.mod = module; /* consumed on every path by compile_free */
  c.ctx = LLVMGetModuleContext(module);
  LLVMDiagnosticHandler old_h = LLVMContextGetDiagnosticHandler(c.ctx);
  void *old_p = LLVMContextGetDiagnosticContext(c.ctx);
  LLVMContextSetDiagnosticHandler(c.ctx, diag_handler, &c);
  size_t len;
  const char *id = LLVMGetModuleIdentifier(module, &len);
  char *name = strndup(id && len ? id : "<module>", id && len ? len : 8);
  int rc = name ? setup(&c, options) : flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (rc == FLYC_OK)
    rc = run(&c, name);
  if (rc == FLYC_OK)
    rc = finish(&c, start, out);
  compile_free(&c);
  LLVMContextSetDiagnosticHandler(c.ctx, old_h, old_p);
  free(name);
  return rc;
}

/* IR in: triple and data layout (with the layout LLVM's bitcode reader would
 * give an old one), the parser with its nesting guard and annotation
 * hiding. */
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
#include "target/checks.h"

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
  if (!c->target.ops->checks->short_pointers || c->short_ptr || !strstr(dl, "p3:32"))
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

/* ---- data layouts ----
 * LLVM's bitcode reader passes every module's layout through
 * UpgradeDataLayoutString (AutoUpgrade.cpp), keyed on the triple: an LLVM 15
 * AMDGPU layout gains ni:7:8:9 and p7/p8/p9 on LLVM 19, and m:e and p8's
 * index width on LLVM 21+. The text parser does not, so a `.ll` library of an
 * older LLVM would be refused where the same library as bitcode is read. The
 * upgrade is asked of this process's LLVM itself: a module with only the
 * triple and the layout goes through its bitcode writer and reader, so the
 * answer is the reader's, for this LLVM, with no rule copied here. */
static void quiet_diag(LLVMDiagnosticInfoRef di, void *p) {
  (void)di;
  (void)p;
}

char *flyc__upgraded_layout(const char *triple, const char *layout) {
  char *out = NULL;
  LLVMContextRef ctx = LLVMContextCreate();
  /* LLVM's default handler exits the process on an error. */
  LLVMContextSetDiagnosticHandler(ctx, quiet_diag, NULL);
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("flyc-layout", ctx);
  LLVMSetTarget(m, triple);
  LLVMSetDataLayout(m, layout); /* parsed before: it came from a module */
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
  LLVMDisposeModule(m);
  LLVMModuleRef back = NULL;
  if (bc && !LLVMParseBitcodeInContext2(ctx, bc, &back) && back) {
    const char *dl = LLVMGetDataLayoutStr(back);
    out = strdup(dl ? dl : "");
    LLVMDisposeModule(back);
  }
  if (bc)
    LLVMDisposeMemoryBuffer(bc);
  LLVMContextDispose(ctx);
  return out;
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
    /* Bitcode written with no layout at all (llvm-as of IR without one)
     * reads back as what the upgrade makes of "" ("m:e-G1-ni:7:8:9-p7..."
     * on LLVM 22 AMDGPU): that is the empty layout, adopted as the text
     * parser's empty one is. */
    char *none = dl ? flyc__upgraded_layout(LLVMGetTarget(m), "") : NULL;
    if (none && *none && strcmp(none, dl) == 0)
      dl = NULL;
    free(none);
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
    const char *skip = flyc__ir_skip_lexeme(p, end);
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

/* The bytes flyc__parse_ir hands LLVM: `*data`/`*size` replaced by the
 * checked text of untrusted bitcode, or by IR text with nvvm.annotations
 * hidden (*hid); *text is what the caller frees. Refuses what LLVM's reader
 * must never see: unchecked untrusted bitcode, NUL bytes in text, deep
 * nesting, the reserved metadata name. */
static int parse_input(flyc_compile_t *c, const void **data, size_t *size, const char *checked,
                       const char *name, const char *what, int from_bitcode, int errcode,
                       char **text, int *hid) {
  int trusted = (c->opts.flags & FLYC_COMPILE_TRUSTED_BITCODE) != 0;
  if (from_bitcode && !trusted) {
    /* Checked in front (flyc__inputs_check): the parser never forks. */
    int rc = !checked ? flyc__error_set(errcode, "%s '%s' is untrusted bitcode that was not "
                                                 "checked before the pipeline", what, name)
             : (*text = strdup(checked)) ? FLYC_OK
                                         : flyc__error_set(FLYC_ENOMEM, "out of memory");
    if (rc)
      return rc;
    *data = *text;
    *size = strlen(*text);
  } else if (!from_bitcode && memchr(*data, '\0', *size)) {
    return flyc__error_set(errcode,
                           "'%s' is neither LLVM bitcode nor LLVM IR text (it has NUL bytes)",
                           name);
  }
  if (!(from_bitcode && trusted)) {
    int rc = flyc__ir_nesting_check(*data, *size, what, name, errcode);
    if (!rc && !from_bitcode)
      rc = flyc__ir_one_operand_lifetime(*data, *size, what, name, errcode);
    if (rc)
      return rc;
  }
  /* LLVM 20+'s IR parser upgrades nvvm.annotations as it reads them and
   * crashes on a malformed entry (AutoUpgrade.cpp casts without checking):
   * the entries are parsed under another name, checked, then put back. */
  if (!from_bitcode && memmem(*data, *size, HIDDEN_ANNOTATIONS, sizeof HIDDEN_ANNOTATIONS - 1))
    return flyc__error_set(errcode, "%s '%s' names metadata '%s', which flyc reserves", what,
                           name, HIDDEN_ANNOTATIONS);
  if (!from_bitcode && flyc__llvm_parser_upgrades_nvvm()) {
    char *hidden = NULL;
    int rc = hide_annotations(*data, *size, &hidden, size);
    if (rc)
      return rc;
    if (hidden) {
      free(*text);
      *data = *text = hidden;
      *hid = 1;
    }
  }
  return FLYC_OK;
}

/* LLVM's reader on the prepared bytes, into c->ctx; its diagnostics or
 * message become the error. */
static int parse_llvm(flyc_compile_t *c, const void *data, size_t size, const char *name,
                      const char *what, int from_bitcode, int errcode, LLVMModuleRef *out) {
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, name);
  if (!mb)
    return flyc__error_set(FLYC_ENOMEM, "out of memory copying '%s'", name);
  char *msg = NULL;
  LLVMModuleRef m = NULL;
  size_t diag_before = c->diag.len;
  if (from_bitcode && (c->opts.flags & FLYC_COMPILE_TRUSTED_BITCODE)) {
    int failed = LLVMParseBitcodeInContext2(c->ctx, mb, &m);
    LLVMDisposeMemoryBuffer(mb);
    if (failed || !m)
      return flyc__error_set(errcode, "%s '%s' is not valid bitcode: %s", what, name,
                             c->diag.len > diag_before ? c->diag.data + diag_before
                                                       : "unreadable");
  } else if (LLVMParseIRInContext(c->ctx, mb, &m, &msg) || !m) { /* takes mb */
    /* Only on failure: does the text say a newer LLVM wrote it? */
    char hint[160] = "";
    if (!from_bitcode)
      newer_llvm_hint(data, size, hint, sizeof hint);
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
  c->diag.len = diag_before;
  if (c->diag.data)
    c->diag.data[diag_before] = '\0';
  *out = m;
  return FLYC_OK;
}

int flyc__parse_ir(flyc_compile_t *c, const void *data, size_t size, const char *checked,
                   const char *name, LLVMModuleRef *out, int errcode) {
  if (size == 0)
    return flyc__error_set(errcode, "'%s' is empty", name);
  const char *what = errcode == FLYC_EIR ? "input" : "link library";
  char *text = NULL;
  int from_bitcode = flyc__is_bitcode(data, size) != 0, hid = 0;
  /* Trusted or not: newer bitcode is not a crash risk but a misread one. */
  if (from_bitcode) {
    int rc = flyc__check_producer(data, size, what, name, errcode);
    if (rc)
      return rc;
  }
  LLVMModuleRef m = NULL;
  int rc = parse_input(c, &data, &size, checked, name, what, from_bitcode, errcode, &text,
                       &hid);
  if (rc == FLYC_OK)
    rc = parse_llvm(c, data, size, name, what, from_bitcode, errcode, &m);
  free(text);
  if (rc)
    return rc;
  /* Malformed nvvm.annotations are named here, before anything reads them,
   * whatever the target (the generic walker, no reader: every entry checked). */
  rc = flyc__nvptx_annotations_walk(m, hid ? HIDDEN_ANNOTATIONS : "nvvm.annotations", what,
                                    name, NULL, NULL);
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

/* ---- module flags (moved from stage/link.c and llvm.c) ---- */


flyc__module_flag_t *flyc__module_flags(LLVMModuleRef m, unsigned *count) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "llvm.module.flags");
  *count = 0;
  if (!n)
    return NULL;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  flyc__module_flag_t *f = calloc(n, sizeof *f);
  if (!nodes || !f) {
    free(nodes);
    free(f);
    return NULL;
  }
  LLVMGetNamedMetadataOperands(m, "llvm.module.flags", nodes);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    if (LLVMGetMDNodeNumOperands(nodes[i]) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(nodes[i], ops);
    if (!ops[0] || !LLVMIsAConstantInt(ops[0]) || !ops[1])
      continue;
    f[k].behavior = (int)LLVMConstIntGetZExtValue(ops[0]);
    f[k].key = LLVMGetMDString(ops[1], &f[k].key_len);
    if (!f[k].key)
      continue;
    if (ops[2] && LLVMIsAConstantInt(ops[2])) {
      f[k].is_int = 1;
      f[k].value = LLVMConstIntGetSExtValue(ops[2]);
    }
    k++;
  }
  free(nodes);
  *count = k;
  return f;
}

/* Module flags LLVM reads as integers (a pass or the AsmPrinter takes the
 * value as a ConstantInt and crashes on anything else), and the one it reads
 * as a list of (from, to, count) nodes. */
static const char *const int_flags[] = {
    "amdhsa_code_object_version", "amdgpu_code_object_version", "nvvm-reflect-ftz",
    "nvvm-reflect-prec-sqrt", "PIC Level", "PIE Level", "wchar_size", "Dwarf Version",
    "Debug Info Version", "frame-pointer", "uwtable", "direct-access-external-data",
    "Code Model", "Large Data Threshold", "override-stack-alignment",
    "stack-protector-guard-offset", "SemanticInterposition", "RtLibUseGOT",
    "EnableSplitLTOUnit", "ThinLTO", "Virtual Function Elim"};

int flyc__check_flag_shapes(LLVMModuleRef m, const char *what, const char *name, int errcode) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "llvm.module.flags");
  if (!n)
    return FLYC_OK;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  if (!nodes)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  LLVMGetNamedMetadataOperands(m, "llvm.module.flags", nodes);
  int rc = FLYC_OK;
  for (unsigned i = 0; i < n && rc == FLYC_OK; i++) {
    if (LLVMGetMDNodeNumOperands(nodes[i]) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(nodes[i], ops);
    unsigned klen = 0;
    const char *key = ops[1] ? LLVMGetMDString(ops[1], &klen) : NULL;
    if (!key)
      continue;
    int bad = 0;
    const char *want = "an integer";
    if (klen == 10 && memcmp(key, "CG Profile", 10) == 0) {
      want = "a list of (function, function, count) nodes";
      unsigned k = ops[2] && LLVMIsAMDNode(ops[2]) ? LLVMGetMDNodeNumOperands(ops[2]) : 0;
      bad = !ops[2] || !LLVMIsAMDNode(ops[2]);
      LLVMValueRef *e = k ? malloc(k * sizeof *e) : NULL;
      if (k && !e) {
        rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
        break;
      }
      if (k)
        LLVMGetMDNodeOperands(ops[2], e);
      for (unsigned j = 0; j < k && !bad; j++) {
        LLVMValueRef t[3];
        bad = !e[j] || !LLVMIsAMDNode(e[j]) || LLVMGetMDNodeNumOperands(e[j]) != 3;
        if (!bad) {
          LLVMGetMDNodeOperands(e[j], t);
          bad = !t[2] || !LLVMIsAConstantInt(t[2]);
        }
      }
      free(e);
    } else {
      for (size_t j = 0; j < sizeof int_flags / sizeof *int_flags && !bad; j++)
        bad = klen == strlen(int_flags[j]) && memcmp(key, int_flags[j], klen) == 0 &&
              !(ops[2] && LLVMIsAConstantInt(ops[2]));
    }
    int cov = klen > 19 && memcmp(key + klen - 19, "code_object_version", 19) == 0;
    if (bad)
      rc = flyc__error_set(errcode, "%s '%s' has module flag '%.*s' whose value is not %s, "
                                    "as LLVM reads it%s",
                           what, name, (int)klen, key, want,
                           cov ? " (COV N is the integer N * 100)" : "");
  }
  free(nodes);
  return rc;
}

int flyc__module_flag_is(const flyc__module_flag_t *f, const char *k) {
  return f->key_len == strlen(k) && memcmp(f->key, k, f->key_len) == 0;
}

int64_t flyc__module_flag_int(LLVMModuleRef mod, const char *key, int64_t dflt,
                              int *present) {
  if (present)
    *present = 0;
  unsigned n = 0;
  flyc__module_flag_t *f = flyc__module_flags(mod, &n);
  int64_t v = dflt;
  for (unsigned i = 0; i < n; i++)
    if (flyc__module_flag_is(&f[i], key)) {
      if (present)
        *present = 1;
      if (f[i].is_int)
        v = f[i].value;
      break;
    }
  free(f);
  return v;
}

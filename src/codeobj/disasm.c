/* Disassembly of AMDGPU code objects through LLVM's disassembler (in
 * process, any code object version), for flyc_artifact_disassemble
 * (artifact_api.c), which picks the processor. */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Disassembler.h>

#include "internal.h"

typedef struct label {
  uint64_t addr;
  const char *name;
} label_t;

static int cmp_label(const void *a, const void *b) {
  const label_t *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The output: lines to the callback, with runs of one instruction (the s_nop
 * padding after s_code_end) folded into a count. `rc` is the first error. */
typedef struct out {
  flyc_text_cb cb;
  void *payload;
  int rc;
  char prev[400];
  size_t repeats;
  uint64_t repeat_end;
} out_t;

static void emit(out_t *o, const char *s) {
  if (o->rc == FLYC_OK && o->cb(s, strlen(s), o->payload))
    o->rc = flyc__error_set(FLYC_EINVAL, "disassembly stopped by the text callback");
}

static void flush_repeats(out_t *o) {
  if (o->repeats) {
    char line[96];
    snprintf(line, sizeof line, "\t\t// ... %zu more up to %06llx\n", o->repeats,
             (unsigned long long)o->repeat_end);
    o->repeats = 0;
    emit(o, line);
  }
  o->prev[0] = '\0';
}

static void instruction(out_t *o, const char *text, uint64_t addr) {
  if (strcmp(text, o->prev) == 0) {
    o->repeats++;
    o->repeat_end = addr;
    return;
  }
  flush_repeats(o);
  snprintf(o->prev, sizeof o->prev, "%s", text);
  char line[512];
  snprintf(line, sizeof line, "%s\t\t// %06llx\n", text, (unsigned long long)addr);
  emit(o, line);
}

/* The target of a SOPP branch (s_branch, s_cbranch_*): LLVM prints the
 * operand as the raw 16-bit field, a signed count of dwords from the next
 * instruction (AMDGPU ISA manuals, SOPP: PC = PC + 4 + SIMM16 * 4). 1 and the
 * address when `text` is one. */
static int branch_target(const char *text, uint64_t addr, uint64_t *target) {
  while (*text == '\t' || *text == ' ')
    text++;
  if (strncmp(text, "s_branch ", 9) != 0 && strncmp(text, "s_cbranch_", 10) != 0)
    return 0;
  const char *sp = strrchr(text, ' ');
  char *end;
  unsigned long v = strtoul(sp + 1, &end, 0);
  if (end == sp + 1 || *end || v > 0xffff)
    return 0;
  *target = addr + 4 + (uint64_t)((int64_t)(int16_t)(uint16_t)v * 4);
  return 1;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The function symbols of .symtab and .dynsym, sorted by address (a symbol
 * in both appears twice, adjacent). */
static label_t *function_labels(Elf *e, size_t *count) {
  label_t *labels = NULL;
  size_t nl = 0;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
        !sh.sh_entsize)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
    for (size_t i = 0; i < n; i++) {
      GElf_Sym s;
      if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC)
        continue;
      const char *name = elf_strptr(e, sh.sh_link, s.st_name);
      label_t *nlb = realloc(labels, (nl + 1) * sizeof *nlb);
      if (!nlb || !name) {
        labels = nlb ? nlb : labels;
        continue;
      }
      labels = nlb;
      labels[nl].addr = s.st_value;
      labels[nl].name = name;
      nl++;
    }
  }
  if (nl)
    qsort(labels, nl, sizeof *labels, cmp_label); /* equal names end up adjacent only per address */
  *count = nl;
  return labels;
}

/* Bytes of zeros after a section's copy, longer than any encoding, so that
 * LLVM never reads past the section (an instruction that would reach into
 * them is not decoded). */
#define PAD 32

/* 1 when LLVM's AMDGPU decoder would crash on the 64-bit word at `p`.
 * After a table decode succeeds the decoder reads a source operand's
 * literal (operand value 255) from the bytes left in its window, and when
 * none are left it reports "cannot read literal" through a comment stream
 * it has just cleared: a SIGSEGV in Twine::print, in llvm-mc too (LLVM
 * #170318, ROCm llvm-project #3575). Before gfx10 the window is 8 bytes, so
 * a 64-bit encoding with a literal operand ends the process; such an
 * encoding is never valid there (no VOP3 literals before gfx10), so nothing
 * is lost by not decoding it: VOP3/VOP3P (bits 31:26 = 110100; sources of 9
 * bits at 32, 41, 50) and MUBUF/MTBUF (111000, 111010; soffset, bits 63:56).
 * A 32-bit encoding's literal always has its 4 bytes in the window (PAD
 * makes sure at a section's end). fuzz/regressions/disasm has both. */
static int literal_trap(const uint8_t *p) {
  uint64_t w = 0;
  for (int i = 7; i >= 0; i--)
    w = w << 8 | p[i];
  unsigned enc = (unsigned)(w >> 26) & 0x3f;
  if (enc == 0x34)
    return ((w >> 32) & 0x1ff) == 255 || ((w >> 41) & 0x1ff) == 255 ||
           ((w >> 50) & 0x1ff) == 255;
  if (enc == 0x38 || enc == 0x3a)
    return (w >> 56) == 255;
  return 0;
}

/* One instruction at `off` of the section copy `bytes` (`size` bytes of
 * section, then PAD zeros): its length, or 0 when it does not decode, would
 * reach past the section's end, or is one LLVM would crash on (`pre_gfx10`:
 * the processor is older than gfx10). */
static size_t decode(LLVMDisasmContextRef dc, int pre_gfx10, const uint8_t *bytes,
                     size_t size, size_t off, uint64_t addr, char *text, size_t text_size) {
  if (pre_gfx10 && literal_trap(bytes + off))
    return 0;
  size_t n = LLVMDisasmInstruction(dc, (uint8_t *)bytes + off, size - off + PAD, addr, text,
                                   text_size);
  return n <= size - off ? n : 0;
}

/* The branch targets inside a section of `size` bytes at `base`, sorted:
 * they become local labels. */
static uint64_t *branch_targets(LLVMDisasmContextRef dc, int pre_gfx10, const uint8_t *bytes,
                                size_t size, uint64_t base, size_t *count) {
  char text[400];
  uint64_t *targets = NULL;
  size_t nt = 0, off = 0;
  while (off < size) {
    uint64_t addr = base + off, to;
    size_t n = decode(dc, pre_gfx10, bytes, size, off, addr, text, sizeof text);
    if (n && branch_target(text, addr, &to) && to >= base && to < base + size) {
      uint64_t *nt2 = realloc(targets, (nt + 1) * sizeof *nt2);
      if (nt2) {
        targets = nt2;
        targets[nt++] = to;
      }
    }
    off += n ? n : 4;
  }
  if (nt)
    qsort(targets, nt, sizeof *targets, cmp_u64);
  *count = nt;
  return targets;
}

/* Prints the labels at `addr`: function symbols (from labels[*li] on) and a
 * branch target (from targets[*ti] on). */
static void labels_at(out_t *o, uint64_t addr, const label_t *labels, size_t nl, size_t *li,
                      const uint64_t *targets, size_t nt, size_t *ti, int *first_label) {
  char line[512];
  while (*li < nl && labels[*li].addr < addr)
    (*li)++;
  for (size_t k = *li; k < nl && labels[k].addr == addr; k++) {
    if (k > *li && strcmp(labels[k].name, labels[k - 1].name) == 0)
      continue; /* the same symbol in .symtab and .dynsym */
    flush_repeats(o);
    snprintf(line, sizeof line, "%s%s:\n", *first_label ? "" : "\n", labels[k].name);
    *first_label = 0;
    emit(o, line);
  }
  while (*ti < nt && targets[*ti] < addr)
    (*ti)++;
  if (*ti < nt && targets[*ti] == addr) {
    flush_repeats(o);
    snprintf(line, sizeof line, ".L%06llx:\n", (unsigned long long)addr);
    emit(o, line);
    while (*ti < nt && targets[*ti] == addr)
      (*ti)++;
  }
}

/* Disassembles one executable section, `size` bytes. */
static void section(out_t *o, LLVMDisasmContextRef dc, int pre_gfx10, const GElf_Shdr *sh,
                    const uint8_t *section_bytes, size_t size, const label_t *labels, size_t nl,
                    int *first_label) {
  char text[400];
  size_t nt = 0, ti = 0, li = 0, off = 0;
  uint8_t *copy = calloc(1, size + PAD);
  if (!copy) {
    o->rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    return;
  }
  memcpy(copy, section_bytes, size);
  const uint8_t *bytes = copy;
  uint64_t *targets = branch_targets(dc, pre_gfx10, bytes, size, sh->sh_addr, &nt);
  while (o->rc == FLYC_OK && off < size) {
    uint64_t addr = sh->sh_addr + off;
    labels_at(o, addr, labels, nl, &li, targets, nt, &ti, first_label);
    size_t n = decode(dc, pre_gfx10, bytes, size, off, addr, text, sizeof text);
    uint64_t to;
    if (n && branch_target(text, addr, &to)) {
      size_t len = strlen(text);
      int inside = to >= sh->sh_addr && to < sh->sh_addr + size;
      snprintf(text + len, sizeof text - len, inside ? " (.L%06llx)" : " (%06llx, outside %s)",
               (unsigned long long)to, "the section");
    }
    if (n == 0) {
      uint32_t w = 0;
      memcpy(&w, bytes + off, size - off >= 4 ? 4 : size - off);
      snprintf(text, sizeof text, "\t.long 0x%08x", w);
      n = size - off >= 4 ? 4 : size - off;
    }
    instruction(o, text, addr);
    off += n;
  }
  flush_repeats(o);
  free(targets);
  free(copy);
}

int flyc__amdgpu_disassemble(const void *code, size_t size, const flyc_target_t *t,
                             flyc_text_cb cb, void *payload) {
  flyc__llvm_init();
  char features[96];
  snprintf(features, sizeof features, "%s", t->features[0] ? t->features : "");
  LLVMDisasmContextRef dc = LLVMCreateDisasmCPUFeatures(
      "amdgcn-amd-amdhsa", t->proc->name, features, NULL, 0, NULL, NULL);
  if (!dc)
    return flyc__error_set(FLYC_EUNSUPPORTED, "LLVM has no disassembler for %s", t->id);
  Elf *e = elf_memory((char *)code, size);
  size_t nl = 0;
  label_t *labels = e ? function_labels(e, &nl) : NULL;
  out_t o = {cb, payload, FLYC_OK, "", 0, 0};
  int first_label = 1;
  Elf_Scn *scn = NULL;
  while (o.rc == FLYC_OK && e && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
        !(sh.sh_flags & SHF_EXECINSTR))
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (d && d->d_buf)
      section(&o, dc, t->proc->isa_version < 10000, &sh, d->d_buf, d->d_size, labels, nl,
              &first_label);
  }
  int rc = o.rc;
  if (!e)
    rc = flyc__error_set(FLYC_ECOMPILE, "cannot read the code object as ELF");
  else
    elf_end(e);
  free(labels);
  LLVMDisasmDispose(dc);
  return rc;
}

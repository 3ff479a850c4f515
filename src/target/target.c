/* Targets: one string in, processor tables, the list `flyc targets` shows. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* AMDGPU processors: e_flags mach values from LLVM's BinaryFormat/ELF.h, ISA
 * versions as ROCm's oclc_isa_version_<N> files spell them, xnack/sramecc
 * support as in LLVM's AMDGPU TargetParser; the last two columns are the
 * VGPRs a lane and the waves per EU (the compile hints' limits: 512 and 8 on
 * gfx90a and gfx94x/gfx950, else 256 and 20 on gfx10, 10 on other gfx9, 16
 * on the rest). Generic and legacy (bonaire, ...) names are left out. */
static const flyc_proc_t amdgpu_procs[] = {
    {"gfx600", 15, 0, 0x020, 6000, 64, 0, 0, 0, 256, 16},
    {"gfx601", 15, 0, 0x021, 6001, 64, 0, 0, 0, 256, 16},
    {"gfx602", 15, 0, 0x03a, 6002, 64, 0, 0, 0, 256, 16},
    {"gfx700", 15, 0, 0x022, 7000, 64, 0, 0, 0, 256, 16},
    {"gfx701", 15, 0, 0x023, 7001, 64, 0, 0, 0, 256, 16},
    {"gfx702", 15, 0, 0x024, 7002, 64, 0, 0, 0, 256, 16},
    {"gfx703", 15, 0, 0x025, 7003, 64, 0, 0, 0, 256, 16},
    {"gfx704", 15, 0, 0x026, 7004, 64, 0, 0, 0, 256, 16},
    {"gfx705", 15, 0, 0x03b, 7005, 64, 0, 0, 0, 256, 16},
    {"gfx801", 15, 0, 0x028, 8001, 64, 1, 0, 0, 256, 16},
    {"gfx802", 15, 0, 0x029, 8002, 64, 0, 0, 0, 256, 16},
    {"gfx803", 15, 0, 0x02a, 8003, 64, 0, 0, 0, 256, 16},
    {"gfx805", 15, 0, 0x03c, 8005, 64, 0, 0, 0, 256, 16},
    {"gfx810", 15, 0, 0x02b, 8100, 64, 1, 0, 0, 256, 16},
    {"gfx900", 15, 0, 0x02c, 9000, 64, 1, 0, 0, 256, 10},
    {"gfx902", 15, 0, 0x02d, 9002, 64, 1, 0, 0, 256, 10},
    {"gfx904", 15, 0, 0x02e, 9004, 64, 1, 0, 0, 256, 10},
    {"gfx906", 15, 0, 0x02f, 9006, 64, 1, 1, 0, 256, 10},
    {"gfx908", 15, 0, 0x030, 9008, 64, 1, 1, 0, 256, 10},
    {"gfx909", 15, 0, 0x031, 9009, 64, 1, 0, 0, 256, 10},
    {"gfx90a", 15, 0, 0x03f, 9010, 64, 1, 1, 0, 512, 8},
    {"gfx90c", 15, 0, 0x032, 9012, 64, 1, 0, 0, 256, 10},
    {"gfx940", 15, 20, 0x040, 9400, 64, 1, 1, 0, 512, 8},
    {"gfx941", 17, 20, 0x04b, 9401, 64, 1, 1, 0, 512, 8},
    {"gfx942", 17, 0, 0x04c, 9402, 64, 1, 1, 0, 512, 8},
    {"gfx950", 20, 0, 0x04f, 9500, 64, 1, 1, 0, 512, 8},
    {"gfx1010", 15, 0, 0x033, 10100, 32, 1, 0, 0, 256, 20},
    {"gfx1011", 15, 0, 0x034, 10101, 32, 1, 0, 0, 256, 20},
    {"gfx1012", 15, 0, 0x035, 10102, 32, 1, 0, 0, 256, 20},
    {"gfx1013", 15, 0, 0x042, 10103, 32, 1, 0, 0, 256, 20},
    {"gfx1030", 15, 0, 0x036, 10300, 32, 0, 0, 0, 256, 20},
    {"gfx1031", 15, 0, 0x037, 10301, 32, 0, 0, 0, 256, 20},
    {"gfx1032", 15, 0, 0x038, 10302, 32, 0, 0, 0, 256, 20},
    {"gfx1033", 15, 0, 0x039, 10303, 32, 0, 0, 0, 256, 20},
    {"gfx1034", 15, 0, 0x03e, 10304, 32, 0, 0, 0, 256, 20},
    {"gfx1035", 15, 0, 0x03d, 10305, 32, 0, 0, 0, 256, 20},
    {"gfx1036", 15, 0, 0x045, 10306, 32, 0, 0, 0, 256, 20},
    {"gfx1100", 15, 0, 0x041, 11000, 32, 0, 0, 0, 256, 16},
    {"gfx1101", 15, 0, 0x046, 11001, 32, 0, 0, 0, 256, 16},
    {"gfx1102", 15, 0, 0x047, 11002, 32, 0, 0, 0, 256, 16},
    {"gfx1103", 15, 0, 0x044, 11003, 32, 0, 0, 0, 256, 16},
    {"gfx1150", 17, 0, 0x043, 11500, 32, 0, 0, 0, 256, 16},
    {"gfx1151", 17, 0, 0x04a, 11501, 32, 0, 0, 0, 256, 16},
    {"gfx1152", 19, 0, 0x055, 11502, 32, 0, 0, 0, 256, 16},
    {"gfx1153", 21, 0, 0x058, 11503, 32, 0, 0, 0, 256, 16},
    {"gfx1200", 18, 0, 0x048, 12000, 32, 0, 0, 0, 256, 16},
    {"gfx1201", 18, 0, 0x04e, 12001, 32, 0, 0, 0, 256, 16},
    {"gfx1250", 22, 0, 0x049, 12500, 32, 0, 0, 0, 256, 16},
    {"gfx1251", 22, 0, 0x05a, 12501, 32, 0, 0, 0, 256, 16},
};

/* NVPTX processors with the PTX ISA version each first appeared in (PTX ISA
 * manual, "PTX ISA version" table), and the LLVM that knows them; then the
 * registers a thread (.maxnreg at most) and no waves-per-EU limit. */
static const flyc_proc_t nvptx_procs[] = {
    {"sm_20", 15, 0, 0, 0, 32, 0, 0, 32, 255, 0}, {"sm_21", 15, 0, 0, 0, 32, 0, 0, 32, 255, 0},
    {"sm_30", 15, 0, 0, 0, 32, 0, 0, 32, 255, 0}, {"sm_32", 15, 0, 0, 0, 32, 0, 0, 40, 255, 0},
    {"sm_35", 15, 0, 0, 0, 32, 0, 0, 32, 255, 0}, {"sm_37", 15, 0, 0, 0, 32, 0, 0, 41, 255, 0},
    {"sm_50", 15, 0, 0, 0, 32, 0, 0, 40, 255, 0}, {"sm_52", 15, 0, 0, 0, 32, 0, 0, 41, 255, 0},
    {"sm_53", 15, 0, 0, 0, 32, 0, 0, 42, 255, 0}, {"sm_60", 15, 0, 0, 0, 32, 0, 0, 50, 255, 0},
    {"sm_61", 15, 0, 0, 0, 32, 0, 0, 50, 255, 0}, {"sm_62", 15, 0, 0, 0, 32, 0, 0, 50, 255, 0},
    {"sm_70", 15, 0, 0, 0, 32, 0, 0, 60, 255, 0}, {"sm_72", 15, 0, 0, 0, 32, 0, 0, 61, 255, 0},
    {"sm_75", 15, 0, 0, 0, 32, 0, 0, 63, 255, 0}, {"sm_80", 15, 0, 0, 0, 32, 0, 0, 70, 255, 0},
    {"sm_86", 15, 0, 0, 0, 32, 0, 0, 71, 255, 0}, {"sm_87", 16, 0, 0, 0, 32, 0, 0, 74, 255, 0},
    {"sm_89", 16, 0, 0, 0, 32, 0, 0, 78, 255, 0}, {"sm_90", 16, 0, 0, 0, 32, 0, 0, 78, 255, 0},
    {"sm_90a", 17, 0, 0, 0, 32, 0, 0, 80, 255, 0},
    /* Blackwell and later: plain, arch-specific (a) and family (f) variants. */
    {"sm_88", 22, 0, 0, 0, 32, 0, 0, 90, 255, 0},
    {"sm_100", 20, 0, 0, 0, 32, 0, 0, 86, 255, 0}, {"sm_100a", 20, 0, 0, 0, 32, 0, 0, 86, 255, 0},
    {"sm_100f", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
    {"sm_101", 20, 0, 0, 0, 32, 0, 0, 86, 255, 0}, {"sm_101a", 20, 0, 0, 0, 32, 0, 0, 86, 255, 0},
    {"sm_101f", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
    {"sm_103", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0}, {"sm_103a", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
    {"sm_103f", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
    {"sm_110", 22, 0, 0, 0, 32, 0, 0, 90, 255, 0}, {"sm_110a", 22, 0, 0, 0, 32, 0, 0, 90, 255, 0},
    {"sm_110f", 22, 0, 0, 0, 32, 0, 0, 90, 255, 0},
    {"sm_120", 20, 0, 0, 0, 32, 0, 0, 87, 255, 0}, {"sm_120a", 20, 0, 0, 0, 32, 0, 0, 87, 255, 0},
    {"sm_120f", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
    {"sm_121", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0}, {"sm_121a", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
    {"sm_121f", 21, 0, 0, 0, 32, 0, 0, 88, 255, 0},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const flyc_proc_t *flyc__amdgpu_procs(size_t *count) {
  *count = COUNT(amdgpu_procs);
  return amdgpu_procs;
}

const flyc_proc_t *flyc__nvptx_procs(size_t *count) {
  *count = COUNT(nvptx_procs);
  return nvptx_procs;
}

const flyc_proc_t *flyc__amdgpu_proc_by_mach(unsigned mach) {
  for (size_t i = 0; i < COUNT(amdgpu_procs); i++)
    if (amdgpu_procs[i].mach == mach)
      return &amdgpu_procs[i];
  return NULL;
}

static const flyc_proc_t *find(const flyc_proc_t *t, size_t n, const char *name,
                               size_t len) {
  for (size_t i = 0; i < n; i++)
    if (strlen(t[i].name) == len && strncmp(t[i].name, name, len) == 0)
      return &t[i];
  return NULL;
}

/* The processors this LLVM knows of family `fam` (FLYC_TARGET_AMDGPU or
 * FLYC_TARGET_NVPTX), or of both for 0: a name that looks like neither. */
static void list_known(flyc_buf_t *b, int fam) {
  if (fam != FLYC_TARGET_NVPTX) {
    flyc__buf_printf(b, "; AMDGPU processors this LLVM (%s) knows:", flyc_llvm_version());
    for (size_t i = 0; i < COUNT(amdgpu_procs); i++)
      if (flyc__llvm_knows(&amdgpu_procs[i]))
        flyc__buf_printf(b, " %s", amdgpu_procs[i].name);
  }
  if (fam == FLYC_TARGET_NVPTX)
    flyc__buf_printf(b, "; NVPTX processors this LLVM (%s) knows:", flyc_llvm_version());
  else if (!fam)
    flyc__buf_printf(b, "; NVPTX:");
  if (fam != FLYC_TARGET_AMDGPU)
    for (size_t i = 0; i < COUNT(nvptx_procs); i++)
      if (flyc__llvm_knows(&nvptx_procs[i]))
        flyc__buf_printf(b, " %s", nvptx_procs[i].name);
}

/* The processor of family `fam` (0: either) this LLVM knows as `name`. */
static const flyc_proc_t *known(int fam, const char *name, size_t len) {
  const flyc_proc_t *p = NULL;
  if (fam != FLYC_TARGET_NVPTX)
    p = find(amdgpu_procs, COUNT(amdgpu_procs), name, len);
  if (!p && fam != FLYC_TARGET_AMDGPU)
    p = find(nvptx_procs, COUNT(nvptx_procs), name, len);
  return p && flyc__llvm_knows(p) ? p : NULL;
}

/* Why an unknown name is close to a known one: processor names are lower
 * case (SM_90, sm_90A, GFX90A), and not every SM has an 'a' or 'f' variant
 * (sm_89a, sm_90f: 'f' starts at sm_100f). */
static void near_miss(flyc_buf_t *b, const char *what, size_t len, int fam) {
  char low[64];
  if (len >= sizeof low)
    return;
  int differs = 0;
  for (size_t i = 0; i < len; i++) {
    char c = what[i];
    low[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    differs |= low[i] != c;
  }
  low[len] = '\0';
  if (differs && known(fam, low, len)) {
    flyc__buf_printf(b, " (processor names are lower case: did you mean '%s'?)", low);
    return;
  }
  char last = low[len - 1];
  if (len > 3 && last >= 'a' && last <= 'z' && !known(fam, low, len) &&
      known(fam, low, len - 1))
    flyc__buf_printf(b, " (%.*s is known, but has no '%c' variant)", (int)len - 1, low, last);
}

/* What to use instead of a processor LLVM dropped. */
static const char *replacement(const char *name) {
  /* LLVM 21 folded gfx940 and gfx941 into gfx942 (the same MI300 ISA). */
  return strncmp(name, "gfx94", 5) == 0 ? "gfx942" : NULL;
}

static int unknown(const char *what, size_t len, const flyc_proc_t *later, int fam) {
  flyc_buf_t b = {0};
  if (later && later->llvm_max && later->llvm_max < flyc__llvm_major())
    flyc__buf_printf(&b,
                     "processor '%.*s' was removed in LLVM %u (LLVM %u to %u know it); "
                     "flyc was built with LLVM %s%s%s",
                     (int)len, what, later->llvm_max + 1, later->llvm_min, later->llvm_max,
                     flyc_llvm_version(), replacement(later->name) ? ": use " : "",
                     replacement(later->name) ? replacement(later->name) : "");
  else if (later)
    flyc__buf_printf(&b,
                     "processor '%.*s' needs LLVM %u or newer; flyc was built with "
                     "LLVM %s (set LLVM_DIR to a newer LLVM when building flyc)",
                     (int)len, what, later->llvm_min, flyc_llvm_version());
  else {
    flyc__buf_printf(&b, "unknown processor '%.*s'", (int)len, what);
    if (len)
      near_miss(&b, what, len, fam);
  }
  list_known(&b, fam);
  int rc = flyc__error_set(FLYC_EUNSUPPORTED, "%s", flyc__buf_str(&b));
  flyc__buf_free(&b);
  return rc;
}

static int parse_amdgpu(flyc_target_t *t, const char *s) {
  const char *colon = strchr(s, ':');
  size_t plen = colon ? (size_t)(colon - s) : strlen(s);
  const flyc_proc_t *p = find(amdgpu_procs, COUNT(amdgpu_procs), s, plen);
  if (!p || !flyc__llvm_knows(p))
    return unknown(s, plen, p, FLYC_TARGET_AMDGPU);
  t->family = FLYC_TARGET_AMDGPU;
  t->proc = p;
  t->ops = &flyc__amdgpu_ops;
  t->xnack = t->sramecc = -1;
  t->wave = p->wave;
  while (colon) {
    const char *f = colon + 1;
    colon = strchr(f, ':');
    size_t flen = colon ? (size_t)(colon - f) : strlen(f);
    if (flen < 2 || (f[flen - 1] != '+' && f[flen - 1] != '-'))
      return flyc__error_set(FLYC_EINVAL,
                             "bad target feature '%.*s' in '%s': expected "
                             "'xnack+', 'xnack-', 'sramecc+' or 'sramecc-'",
                             (int)flen, f, s);
    int on = f[flen - 1] == '+';
    int *slot;
    int has;
    if (flen - 1 == 5 && strncmp(f, "xnack", 5) == 0) {
      slot = &t->xnack;
      has = p->has_xnack;
    } else if (flen - 1 == 7 && strncmp(f, "sramecc", 7) == 0) {
      slot = &t->sramecc;
      has = p->has_sramecc;
    } else {
      return flyc__error_set(FLYC_EUNSUPPORTED,
                             "unknown target feature '%.*s' in '%s' (AMDGPU target "
                             "IDs know xnack and sramecc)",
                             (int)flen - 1, f, s);
    }
    if (!has)
      return flyc__error_set(FLYC_EUNSUPPORTED,
                             "processor %s has no '%.*s' feature (in '%s')", p->name,
                             (int)flen - 1, f, s);
    if (*slot != -1)
      return flyc__error_set(FLYC_EINVAL, "target feature '%.*s' given twice in '%s'",
                             (int)flen - 1, f, s);
    *slot = on;
  }
  /* Canonical target ID: features in alphabetical order, as LLVM prints. */
  snprintf(t->id, sizeof t->id, "%s%s%s", p->name,
           t->sramecc < 0 ? "" : (t->sramecc ? ":sramecc+" : ":sramecc-"),
           t->xnack < 0 ? "" : (t->xnack ? ":xnack+" : ":xnack-"));
  snprintf(t->features, sizeof t->features, "+wavefrontsize%u%s%s", t->wave,
           t->sramecc < 0 ? "" : (t->sramecc ? ",+sramecc" : ",-sramecc"),
           t->xnack < 0 ? "" : (t->xnack ? ",+xnack" : ",-xnack"));
  return FLYC_OK;
}

static int parse_nvptx(flyc_target_t *t, const char *s) {
  size_t len = strlen(s);
  const flyc_proc_t *p = find(nvptx_procs, COUNT(nvptx_procs), s, len);
  if (strchr(s, ':'))
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "NVPTX target '%s' takes no features (sm_XX only)", s);
  if (!p || !flyc__llvm_knows(p))
    return unknown(s, len, p, FLYC_TARGET_NVPTX);
  unsigned ptx = p->ptx_min < 60 ? 60 : p->ptx_min;
  if (ptx > flyc__llvm_max_ptx())
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "%s needs PTX ISA %u.%u, but LLVM %s emits at most %u.%u",
                           s, ptx / 10, ptx % 10, flyc_llvm_version(),
                           flyc__llvm_max_ptx() / 10, flyc__llvm_max_ptx() % 10);
  t->family = FLYC_TARGET_NVPTX;
  t->proc = p;
  t->ops = &flyc__nvptx_ops;
  t->xnack = t->sramecc = -1;
  t->wave = 32;
  t->ptx_version = ptx;
  snprintf(t->id, sizeof t->id, "%s", p->name);
  snprintf(t->features, sizeof t->features, "+ptx%u", ptx);
  return FLYC_OK;
}

int flyc__target_parse(flyc_target_t *t, const char *s) {
  memset(t, 0, sizeof *t);
  if (!s || !*s)
    return flyc__error_set(FLYC_EINVAL, "no target given (e.g. gfx90a, sm_80)");
  static const char prefix[] = "amdgcn-amd-amdhsa--";
  if (strncmp(s, prefix, sizeof prefix - 1) == 0)
    s += sizeof prefix - 1;
  if (strlen(s) >= sizeof t->id - 20)
    return flyc__error_set(FLYC_EINVAL, "target '%.40s...' is too long", s);
  if (strncmp(s, "gfx", 3) == 0)
    return parse_amdgpu(t, s);
  if (strncmp(s, "sm_", 3) == 0)
    return parse_nvptx(t, s);
  /* Which family a wrongly cased name looks like (SM_90, GFX90A): its list. */
  char pre[4] = {0};
  for (int i = 0; i < 3 && s[i]; i++)
    pre[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
  int fam = strcmp(pre, "gfx") == 0 ? FLYC_TARGET_AMDGPU
            : strcmp(pre, "sm_") == 0 ? FLYC_TARGET_NVPTX
                                       : 0;
  const char *colon = strchr(s, ':');
  return unknown(s, colon ? (size_t)(colon - s) : strlen(s), NULL, fam);
}

int flyc__target_from_elf_facts(flyc_target_t *t, const flyc_elf_facts_t *f) {
  const flyc_proc_t *p = flyc__amdgpu_proc_by_mach(f->mach);
  if (!p)
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "the code object's processor (e_flags mach 0x%03x) is not "
                           "one flyc knows",
                           f->mach);
  memset(t, 0, sizeof *t);
  t->family = FLYC_TARGET_AMDGPU;
  t->proc = p;
  t->ops = &flyc__amdgpu_ops;
  t->wave = p->wave;
  t->xnack = f->xnack;
  t->sramecc = f->sramecc;
  snprintf(t->id, sizeof t->id, "%s%s%s", p->name,
           t->sramecc < 0 ? "" : (t->sramecc ? ":sramecc+" : ":sramecc-"),
           t->xnack < 0 ? "" : (t->xnack ? ":xnack+" : ":xnack-"));
  if (f->cov < 3 || f->cov > 6)
    return flyc__error_set(FLYC_ECOMPILE,
                           "the code object's ABI version %u is no HSA code object version "
                           "flyc knows (COV 3 to 6)",
                           f->abi_version);
  return FLYC_OK;
}

int flyc_target_check(const char *target) {
  flyc_target_t t;
  return flyc__target_parse(&t, target);
}

/* The table the public listing walks: every known processor of both
 * families. */
static const flyc_proc_t *nth(size_t i, flyc_target_family_t *fam) {
  size_t k = 0;
  for (size_t j = 0; j < COUNT(amdgpu_procs); j++)
    if (flyc__llvm_knows(&amdgpu_procs[j]) && k++ == i) {
      *fam = FLYC_TARGET_AMDGPU;
      return &amdgpu_procs[j];
    }
  for (size_t j = 0; j < COUNT(nvptx_procs); j++)
    if (flyc__llvm_knows(&nvptx_procs[j]) && k++ == i) {
      *fam = FLYC_TARGET_NVPTX;
      return &nvptx_procs[j];
    }
  return NULL;
}

size_t flyc_target_count(void) {
  size_t n = 0;
  flyc_target_family_t f;
  while (nth(n, &f))
    n++;
  return n;
}

/* The first version's size of flyc_target_info_t: up to ptx_version. */
#define TARGET_INFO_V1 FLYC__SIZE_TO(flyc_target_info_t, ptx_version)

int flyc_target_info_init(flyc_target_info_t *info, uint32_t size) {
  return flyc__struct_init(info, size, TARGET_INFO_V1, "flyc_target_info_init");
}

int flyc_target_get(size_t index, flyc_target_info_t *info) {
  flyc_target_family_t fam;
  const flyc_proc_t *p = info ? nth(index, &fam) : NULL;
  if (!info)
    return flyc__error_set(FLYC_EINVAL, "flyc_target_get: out is NULL");
  size_t first = TARGET_INFO_V1;
  uint32_t size = info->size;
  if (size < first)
    return flyc__error_set(FLYC_EINVAL, "flyc_target_info_t: size %u is below the first "
                                        "version's %zu (start from FLYC_TARGET_INFO_INIT)",
                           size, first);
  if (!p)
    return flyc__error_set(FLYC_EINVAL, "target index %zu out of range (%zu targets)",
                           index, flyc_target_count());
  flyc_target_info_t all, *out = &all;
  memset(out, 0, sizeof *out);
  out->processor = p->name;
  out->family = fam;
  out->wavefront_size = p->wave;
  out->has_xnack = p->has_xnack;
  out->has_sramecc = p->has_sramecc;
  if (fam == FLYC_TARGET_AMDGPU) {
    flyc_target_t t;
    if (flyc__target_parse(&t, p->name) == FLYC_OK)
      out->codegen_paths = flyc__amdgpu_paths(&t, NULL);
  } else {
    unsigned ptx = p->ptx_min < 60 ? 60 : p->ptx_min;
    out->ptx_version = (uint16_t)ptx;
    out->codegen_paths = ptx <= flyc__llvm_max_ptx() ? 1u << FLYC_CODEGEN_PTX : 0;
  }
  memcpy(info, out, size < sizeof *out ? size : sizeof *out);
  info->size = size;
  return FLYC_OK;
}


/* Targets: one string in, processor tables, the list `flyc targets` shows. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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
    for (size_t i = 0; i < flyc__amdgpu_proc_count; i++)
      if (flyc__llvm_knows(&flyc__amdgpu_proc_table[i]))
        flyc__buf_printf(b, " %s", flyc__amdgpu_proc_table[i].name);
  }
  if (fam == FLYC_TARGET_NVPTX)
    flyc__buf_printf(b, "; NVPTX processors this LLVM (%s) knows:", flyc_llvm_version());
  else if (!fam)
    flyc__buf_printf(b, "; NVPTX:");
  if (fam != FLYC_TARGET_AMDGPU)
    for (size_t i = 0; i < flyc__nvptx_proc_count; i++)
      if (flyc__llvm_knows(&flyc__nvptx_proc_table[i]))
        flyc__buf_printf(b, " %s", flyc__nvptx_proc_table[i].name);
}

/* The processor of family `fam` (0: either) this LLVM knows as `name`. */
static const flyc_proc_t *known(int fam, const char *name, size_t len) {
  const flyc_proc_t *p = NULL;
  if (fam != FLYC_TARGET_NVPTX)
    p = find(flyc__amdgpu_proc_table, flyc__amdgpu_proc_count, name, len);
  if (!p && fam != FLYC_TARGET_AMDGPU)
    p = find(flyc__nvptx_proc_table, flyc__nvptx_proc_count, name, len);
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
  const flyc_proc_t *p = find(flyc__amdgpu_proc_table, flyc__amdgpu_proc_count, s, plen);
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
  const flyc_proc_t *p = find(flyc__nvptx_proc_table, flyc__nvptx_proc_count, s, len);
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
  for (size_t j = 0; j < flyc__amdgpu_proc_count; j++)
    if (flyc__llvm_knows(&flyc__amdgpu_proc_table[j]) && k++ == i) {
      *fam = FLYC_TARGET_AMDGPU;
      return &flyc__amdgpu_proc_table[j];
    }
  for (size_t j = 0; j < flyc__nvptx_proc_count; j++)
    if (flyc__llvm_knows(&flyc__nvptx_proc_table[j]) && k++ == i) {
      *fam = FLYC_TARGET_NVPTX;
      return &flyc__nvptx_proc_table[j];
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


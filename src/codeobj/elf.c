/* AMDGPU code object checks, read with elfutils' libelf (codegen-notes §5.6):
 * ELF class and machine, OS/ABI and ABI version (the COV), no undefined
 * dynamic symbols, one 64-byte `<kernel>.kd` object per kernel. The e_flags
 * processor and xnack/sramecc bits are handed out as raw facts: what they
 * must be for a target is the target's to judge (target/). */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
#define OSABI_AMDGPU_HSA 64
#define MACH_MASK 0x0ffu
#define XNACK_MASK 0x300u
#define SRAMECC_MASK 0xc00u

static pthread_once_t elf_once = PTHREAD_ONCE_INIT;
static void elf_init(void) { (void)elf_version(EV_CURRENT); }

static Elf *open_mem(const void *code, size_t size) {
  pthread_once(&elf_once, elf_init);
  /* libelf does not write through this pointer in ELF_C_READ_MMAP mode. */
  return elf_memory((char *)code, size);
}

/* Iterates the symbols of section type `type`; calls `fn` for each. */
static int for_each_symbol(Elf *e, Elf64_Word type,
                           int (*fn)(const char *name, const GElf_Sym *s, void *p),
                           void *p) {
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != type || !sh.sh_entsize)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d)
      return -1;
    size_t n = sh.sh_size / sh.sh_entsize;
    for (size_t i = 0; i < n; i++) {
      GElf_Sym s;
      if (!gelf_getsym(d, (int)i, &s))
        return -1;
      const char *name = elf_strptr(e, sh.sh_link, s.st_name);
      int rc = fn(name ? name : "", &s, p);
      if (rc)
        return rc;
    }
  }
  return 0;
}

typedef struct undef_ctx {
  flyc_buf_t names;
  size_t count;
} undef_ctx_t;

static int collect_undef(const char *name, const GElf_Sym *s, void *p) {
  undef_ctx_t *u = p;
  if (s->st_shndx == SHN_UNDEF && *name) {
    flyc__buf_printf(&u->names, "%s%s", u->count ? ", " : "", name);
    u->count++;
  }
  return 0;
}

typedef struct kd_ctx {
  const char *want;
  int found;
  uint64_t size;
  int type;
} kd_ctx_t;

static int find_kd(const char *name, const GElf_Sym *s, void *p) {
  kd_ctx_t *k = p;
  if (strcmp(name, k->want) == 0) {
    k->found = 1;
    k->size = s->st_size;
    k->type = GELF_ST_TYPE(s->st_info);
    return 1;
  }
  return 0;
}

static int header(Elf *e, GElf_Ehdr *eh, size_t size) {
  if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, eh))
    return flyc__error_set(FLYC_ECOMPILE, "not an ELF file (%zu bytes)", size);
  if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_AMDGPU)
    return flyc__error_set(FLYC_ECOMPILE,
                           "not an AMDGPU code object: ELF class %d, machine %d "
                           "(expected ELF64, EM_AMDGPU=224)",
                           eh->e_ident[EI_CLASS], eh->e_machine);
  if (eh->e_ident[EI_OSABI] != OSABI_AMDGPU_HSA)
    return flyc__error_set(FLYC_ECOMPILE,
                           "code object OS/ABI is %d, expected ELFOSABI_AMDGPU_HSA (64)",
                           eh->e_ident[EI_OSABI]);
  return FLYC_OK;
}

static void facts_of(const GElf_Ehdr *eh, flyc_elf_facts_t *f) {
  unsigned x = eh->e_flags & XNACK_MASK, s = eh->e_flags & SRAMECC_MASK;
  memset(f, 0, sizeof *f);
  f->type = eh->e_type;
  f->machine = eh->e_machine;
  f->mach = eh->e_flags & MACH_MASK;
  f->feature_bits = x | s;
  f->xnack = x == 0x300 ? 1 : x == 0x200 ? 0 : -1;
  f->sramecc = s == 0xc00 ? 1 : s == 0x800 ? 0 : -1;
  f->abi_version = eh->e_ident[EI_ABIVERSION];
  f->cov = (int)f->abi_version + 2;
}

int flyc__amdgpu_elf_facts(const void *code, size_t size, flyc_elf_facts_t *out) {
  Elf *e = open_mem(code, size);
  GElf_Ehdr eh;
  int rc = header(e, &eh, size);
  if (rc == FLYC_OK)
    facts_of(&eh, out);
  if (e)
    elf_end(e);
  return rc;
}

int flyc__amdgpu_check_elf(const void *code, size_t size, int cov, char *const *kernels,
                           size_t nkernels,
                           int (*check)(const flyc_elf_facts_t *f, void *payload),
                           void *payload) {
  Elf *e = open_mem(code, size);
  GElf_Ehdr eh;
  int rc = header(e, &eh, size);
  if (rc)
    goto done;
  if (eh.e_type != ET_DYN) {
    rc = flyc__error_set(FLYC_ECOMPILE,
                         "the code object is ELF type %d, not a shared object (ET_DYN)",
                         eh.e_type);
    goto done;
  }
  if (eh.e_ident[EI_ABIVERSION] != (unsigned)(cov - 2)) {
    rc = flyc__error_set(FLYC_ECOMPILE,
                         "the code object has ABI version %d (COV %d); COV %d was "
                         "requested",
                         eh.e_ident[EI_ABIVERSION], eh.e_ident[EI_ABIVERSION] + 2, cov);
    goto done;
  }
  if (check) {
    flyc_elf_facts_t f;
    facts_of(&eh, &f);
    if ((rc = check(&f, payload)))
      goto done;
  }
  undef_ctx_t u = {{0}, 0};
  if (for_each_symbol(e, SHT_DYNSYM, collect_undef, &u) < 0) {
    rc = flyc__error_set(FLYC_ECOMPILE, "cannot read the code object's .dynsym: %s",
                         elf_errmsg(-1));
    flyc__buf_free(&u.names);
    goto done;
  }
  if (u.count) {
    rc = flyc__error_set(FLYC_ECOMPILE,
                         "the code object has %zu undefined dynamic symbol%s: %s (the "
                         "loader would fail with hipErrorSharedObjectInitFailed)",
                         u.count, u.count > 1 ? "s" : "", flyc__buf_str(&u.names));
    flyc__buf_free(&u.names);
    goto done;
  }
  flyc__buf_free(&u.names);
  for (size_t i = 0; i < nkernels; i++) {
    size_t wl = strlen(kernels[i]) + 4;
    char *want = malloc(wl);
    if (!want) {
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
      goto done;
    }
    snprintf(want, wl, "%s.kd", kernels[i]);
    kd_ctx_t k = {want, 0, 0, 0};
    for_each_symbol(e, SHT_DYNSYM, find_kd, &k);
    if (!k.found)
      for_each_symbol(e, SHT_SYMTAB, find_kd, &k);
    if (!k.found || k.size != 64 || k.type != STT_OBJECT) {
      rc = flyc__error_set(FLYC_ECOMPILE,
                           "kernel '%s' has no kernel descriptor: symbol '%s' is %s",
                           kernels[i], want,
                           !k.found ? "missing" : "not a 64-byte object");
      free(want);
      goto done;
    }
    free(want);
  }
done:
  if (e)
    elf_end(e);
  return rc;
}

/* The LLVM major a shared library was linked against, from its DT_NEEDED
 * entries (libLLVM-15.so.1, libLLVM.so.19.1); 0 when none says. */
int flyc__elf_needed_llvm_major(const char *path) {
  pthread_once(&elf_once, elf_init);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  Elf *e = elf_begin(fd, ELF_C_READ, NULL);
  int major = 0;
  Elf_Scn *scn = NULL;
  while (e && !major && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC || !sh.sh_entsize)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
    for (size_t i = 0; i < n && !major; i++) {
      GElf_Dyn dyn;
      if (!gelf_getdyn(d, (int)i, &dyn) || dyn.d_tag != DT_NEEDED)
        continue;
      const char *name = elf_strptr(e, sh.sh_link, dyn.d_un.d_val);
      if (!name)
        continue;
      if (sscanf(name, "libLLVM-%d", &major) != 1 &&
          sscanf(name, "libLLVM.so.%d", &major) != 1)
        major = 0;
    }
  }
  if (e)
    elf_end(e);
  close(fd);
  return major;
}

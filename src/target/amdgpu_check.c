/* AMDGPU's rules for the target-generic IR checks (target/checks.h). */
#include <string.h>

#include "internal.h"
#include "target/amdgpu.h"
#include "target/checks.h"

/* An explicit section that names one the ELF linker makes itself (symbol and
 * string tables, dynamic linking, dynamic relocations, unwind tables): lld's
 * fatal error on some of them ends the process, even in process. */
static const char *refused_section(LLVMValueRef g) {
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

/* "MIN,MAX": two decimal numbers of at most 9 digits each. */
static int int_pair(const char *v, unsigned n, long *lo, long *hi) {
  long x[2] = {0, 0};
  unsigned k = 0, digits = 0;
  for (unsigned i = 0; i < n; i++) {
    if (v[i] >= '0' && v[i] <= '9' && digits < 9) {
      x[k] = x[k] * 10 + (v[i] - '0');
      digits++;
    } else if (v[i] == ',' && k == 0 && digits) {
      k = 1;
      digits = 0;
    } else {
      return 0;
    }
  }
  *lo = x[0];
  *hi = x[1];
  return k == 1 && digits;
}

/* A kernel's "amdgpu-flat-work-group-size" that the backend would not
 * honour: LLVM ignores a malformed or out-of-range one (AMDGPUSubtarget::
 * getFlatWorkGroupSizes) and compiles for 1..1024 without a word. */
static int check_module(flyc_compile_t *c, const char *when) {
  static const char attr[] = "amdgpu-flat-work-group-size";
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
    LLVMAttributeRef a =
        LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, attr, sizeof attr - 1);
    unsigned n = 0;
    const char *v = a ? LLVMGetStringAttributeValue(a, &n) : NULL;
    long lo, hi;
    size_t len;
    if (v && !(int_pair(v, n, &lo, &hi) && lo >= 1 && lo <= hi && hi <= 1024))
      return flyc__error_set(FLYC_EIR,
                             "function '%s' in %s has \"%s\"=\"%.*s\": it must be "
                             "\"MIN,MAX\" with 1 <= MIN <= MAX <= 1024 (LLVM would ignore "
                             "it and compile for 1..1024)",
                             LLVMGetValueName2(f, &len), when, attr, (int)(n > 64 ? 64 : n), v);
  }
  /* A variable in private memory (address space 5, a lane's scratch): the
   * backend has no address for it and stops the process ("Cannot select:
   * GlobalAddress"). */
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 5)
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len), *o = flyc__origin_of(c, name);
    return flyc__error_set(FLYC_EIR,
                           "global '%s'%s%s%s in %s is in address space 5 (private: each "
                           "lane's scratch), where AMDGPU has no variables; use address space "
                           "1 (global) or 3 (LDS)",
                           name, o ? " (from '" : "", o ? o : "", o ? "')" : "", when);
  }
  return FLYC_OK;
}

static int address_space_ok(unsigned as) { return as <= 6; }

static const char *const fence_scopes[] = {"singlethread", "agent", "workgroup", "wavefront",
                                           "one-as", "singlethread-one-as", "agent-one-as",
                                           "workgroup-one-as", "wavefront-one-as", NULL};

/* What the backend lowers of check_aborts.c's list (checks.h): fp<->i128,
 * set.rounding and 8/16-bit atomicrmw from LLVM 19 on; asm goto from 22 (on
 * 15 and 19 StructurizeCFG crashes on the callbr's edges). */
static int lowers(int what) {
  if (what == FLYC__LOWERS_CALLBR)
    return flyc__llvm_major() >= 22;
  return flyc__llvm_amdgpu_19_lowerings();
}

static int check_codegen(const flyc_target_t *t, uint32_t codegen) {
  if (codegen == FLYC_CODEGEN_PTX)
    return flyc__error_set(FLYC_EINVAL, "codegen path 'ptx' is for NVPTX targets, not %s",
                           t->id);
  return FLYC_OK;
}

const flyc__target_checks_t flyc__amdgpu_checks = {
    .intrinsic_prefix = "llvm.amdgcn.",
    .check_module = check_module,
    .refused_section = refused_section,
    .address_space_ok = address_space_ok,
    .fence_scopes = fence_scopes,
    .lowers = lowers,
    .library_flag = flyc__amdgpu_library_flag, /* amdgpu_cov.c */
    .check_codegen = check_codegen,
};

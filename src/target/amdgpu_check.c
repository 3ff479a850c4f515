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

static int address_space_ok(unsigned as) { return as <= 6; }

static const char *const fence_scopes[] = {"singlethread", "agent", "workgroup", "wavefront",
                                           "one-as", "singlethread-one-as", "agent-one-as",
                                           "workgroup-one-as", "wavefront-one-as", NULL};

/* A conversion between floating point and an integer wider than 64 bits:
 * the backends call compiler-rt (__fixdfti, __floattisf), which GPUs lack. */
static int wide_fp_int(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  if (op != LLVMFPToSI && op != LLVMFPToUI && op != LLVMSIToFP && op != LLVMUIToFP)
    return 0;
  LLVMTypeRef t = op == LLVMFPToSI || op == LLVMFPToUI ? LLVMTypeOf(i)
                                                       : LLVMTypeOf(LLVMGetOperand(i, 0));
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
    t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64;
}

/* A call of llvm.set.rounding. */
static int sets_rounding(LLVMValueRef i) {
  if (LLVMGetInstructionOpcode(i) != LLVMCall)
    return 0;
  LLVMValueRef f = LLVMGetCalledValue(i);
  size_t len;
  const char *n = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
  return n && strcmp(n, "llvm.set.rounding") == 0;
}

/* What LLVM 15's AMDGPU backend aborts on and LLVM 19's lowers
 * (flyc__llvm_amdgpu_19_lowerings). */
static int check_instruction(const flyc_compile_t *c, LLVMValueRef i, const char *name,
                             const char *when) {
  (void)c;
  if (flyc__llvm_amdgpu_19_lowerings())
    return FLYC_OK;
  const char *what = NULL;
  if (wide_fp_int(i))
    what = "converts between floating point and an integer wider than 64 bits";
  else if (sets_rounding(i))
    what = "calls llvm.set.rounding";
  else if (LLVMGetInstructionOpcode(i) == LLVMAtomicRMW) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(i, 1));
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) < 32)
      what = "has an 8- or 16-bit atomicrmw";
  }
  if (!what)
    return FLYC_OK;
  return flyc__error_set(FLYC_EIR,
                         "function '%s' in %s %s, which LLVM %s's AMDGPU backend cannot "
                         "select (LLVM 19 and later can)",
                         name, when, what, flyc_llvm_version());
}

static int check_codegen(const flyc_target_t *t, uint32_t codegen) {
  if (codegen == FLYC_CODEGEN_PTX)
    return flyc__error_set(FLYC_EINVAL, "codegen path 'ptx' is for NVPTX targets, not %s",
                           t->id);
  return FLYC_OK;
}

const flyc__target_checks_t flyc__amdgpu_checks = {
    .intrinsic_prefix = "llvm.amdgcn.",
    .refused_section = refused_section,
    .address_space_ok = address_space_ok,
    .fence_scopes = fence_scopes,
    .check_instruction = check_instruction,
    .library_flag = flyc__amdgpu_library_flag, /* amdgpu_cov.c */
    .check_codegen = check_codegen,
};

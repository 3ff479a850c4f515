/* AMDGPU codegen: the paths (lld-lib, comgr-link, comgr, lld), the choice
 * among them, emission, the executable link and the code object check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitWriter.h>

#include "internal.h"
#include "target/amdgpu.h"

uint32_t flyc__amdgpu_paths(const flyc_target_t *t, flyc_buf_t *why) {
  uint32_t paths = 0;
  if (flyc__lld_lib_available())
    paths |= 1u << FLYC_CODEGEN_LLD_LIB;
  else if (why)
    flyc__buf_printf(why, "%slld-lib: flyc was built without liblld", why->len ? "; " : "");
  if (flyc__comgr_available()) {
    if (flyc__comgr_knows(t->proc->name)) {
      paths |= 1u << FLYC_CODEGEN_COMGR_LINK;
      int cm = flyc__comgr_llvm_major();
      if (cm == 0 || cm >= flyc__llvm_major())
        paths |= 1u << FLYC_CODEGEN_COMGR;
      else if (why)
        flyc__buf_printf(why, "%scomgr: comgr %s reads LLVM %d bitcode, older than this "
                              "flyc's LLVM %d",
                         why->len ? "; " : "", flyc__comgr_version_string(), cm,
                         flyc__llvm_major());
    } else if (why) {
      flyc__buf_printf(why, "%scomgr, comgr-link: comgr %s does not know %s",
                       why->len ? "; " : "", flyc__comgr_version_string(), t->proc->name);
    }
  } else if (why) {
    flyc__buf_printf(why, "%scomgr, comgr-link: flyc was built without comgr",
                     why->len ? "; " : "");
  }
  char *lld = flyc__lld_find();
  if (lld)
    paths |= 1u << FLYC_CODEGEN_LLD;
  else if (why && getenv("FLYC_LLD") && *getenv("FLYC_LLD"))
    flyc__buf_printf(why, "%slld: FLYC_LLD='%s' is not an executable file",
                     why->len ? "; " : "", getenv("FLYC_LLD"));
  else if (why)
    flyc__buf_printf(why, "%slld: no ld.lld found (set FLYC_LLD)", why->len ? "; " : "");
  free(lld);
  return paths;
}

/* The highest COV comgr's link step writes: its LLVM's. COV 5 came with
 * LLVM 14 (comgr 2.4 on LLVM 15 has it), COV 6 with LLVM 19. A comgr whose
 * LLVM flyc cannot tell (statically linked) is taken to stop at 5. */
static int comgr_max_cov(void) {
  int cm = flyc__comgr_llvm_major();
  return cm >= 19 ? 6 : cm == 0 || cm >= 14 ? 5 : 4;
}

/* NULL when `path` (available for the target) can make COV `cov`, else why
 * not. The lld paths link what this flyc's LLVM emits: prepare() already
 * refused a COV it cannot make. */
static const char *cov_refusal(flyc_codegen_t path, int cov, char *buf, size_t n) {
  if (path != FLYC_CODEGEN_COMGR && path != FLYC_CODEGEN_COMGR_LINK)
    return NULL;
  int max = comgr_max_cov();
  if (cov <= max)
    return NULL;
  int cm = flyc__comgr_llvm_major();
  char llvm[32] = "";
  if (cm)
    snprintf(llvm, sizeof llvm, " (LLVM %d)", cm);
  snprintf(buf, n, "comgr %s%s makes code object version %d at most, not %d",
           flyc__comgr_version_string(), llvm, max, cov);
  return buf;
}

/* Chooses c->codegen once the COV is known: before link and optimization
 * when the options or the input fix the COV, else at codegen. */
int flyc__amdgpu_pick_path(flyc_compile_t *c) {
  if (c->codegen)
    return FLYC_OK;
  flyc_buf_t why = {0};
  uint32_t paths = flyc__amdgpu_paths(&c->target, &why);
  flyc_codegen_t want = (flyc_codegen_t)c->opts.codegen;
  char reason[160];
  int rc = FLYC_OK;
  if (want == FLYC_CODEGEN_AUTO) {
    static const flyc_codegen_t order[] = {FLYC_CODEGEN_LLD_LIB, FLYC_CODEGEN_COMGR_LINK,
                                           FLYC_CODEGEN_COMGR, FLYC_CODEGEN_LLD};
    for (size_t i = 0; i < sizeof order / sizeof order[0] && !c->codegen; i++) {
      if (!(paths & (1u << order[i])))
        continue;
      const char *r = cov_refusal(order[i], c->cov, reason, sizeof reason);
      if (r)
        flyc__buf_printf(&why, "%s%s: %s", why.len ? "; " : "", flyc_codegen_name(order[i]),
                         r);
      else
        c->codegen = order[i];
    }
    if (!c->codegen)
      rc = flyc__error_set(FLYC_EUNSUPPORTED,
                           "no codegen path can serve %s with code object version %d: %s",
                           c->target.id, c->cov, flyc__buf_str(&why));
    else
      flyc__buf_printf(&c->log,
                       "%snote: codegen path 'auto' chose '%s', the first of lld-lib, "
                       "comgr-link, comgr, lld that can serve %s with code object version "
                       "%d%s%s%s",
                       c->log.len ? "\n" : "", flyc_codegen_name(c->codegen), c->target.id,
                       c->cov, why.len ? " (" : "", flyc__buf_str(&why), why.len ? ")" : "");
  } else {
    const char *cr = flyc__comgr_available()
                         ? cov_refusal(want, c->cov, reason, sizeof reason)
                         : NULL;
    if (!(paths & (1u << want)))
      rc = flyc__error_set(FLYC_EUNSUPPORTED,
                           "codegen path '%s' cannot serve %s with code object version %d: "
                           "%s%s%s",
                           flyc_codegen_name(want), c->target.id, c->cov,
                           flyc__buf_str(&why), cr ? "; " : "", cr ? cr : "");
    else if (cr)
      rc = flyc__error_set(FLYC_EUNSUPPORTED,
                           "codegen path '%s' cannot make code object version %d for %s: %s",
                           flyc_codegen_name(want), c->cov, c->target.id, cr);
    else
      c->codegen = want;
  }
  flyc__buf_free(&why);
  return rc;
}

static unsigned feature_bits(int state, int has, unsigned any, unsigned off,
                             unsigned on) {
  if (!has)
    return 0;
  return state < 0 ? any : state ? on : off;
}

int flyc__amdgpu_check_elf_facts(const flyc_elf_facts_t *f, void *target) {
  const flyc_target_t *t = target;
  unsigned mach = f->mach;
  if (mach != t->proc->mach) {
    const flyc_proc_t *got = flyc__amdgpu_proc_by_mach(mach);
    return flyc__error_set(FLYC_ECOMPILE,
                           "the code object's e_flags processor is %s (0x%03x), not %s "
                           "(0x%03x)%s",
                           got ? got->name : "unknown", mach, t->proc->name, t->proc->mach,
                           mach == 0 ? ": LLVM did not know the processor" : "");
  }
  unsigned want = feature_bits(t->xnack, t->proc->has_xnack, 0x100, 0x200, 0x300) |
                  feature_bits(t->sramecc, t->proc->has_sramecc, 0x400, 0x800, 0xc00);
  unsigned have = f->feature_bits;
  /* A processor without the feature: "unsupported" (0) is what LLVM writes
   * for most, but LLVM 22 writes "any" (XNACK_ANY_V4 0x100, SRAMECC_ANY_V4
   * 0x400) for gfx1250/gfx1251, whose target IDs take neither feature
   * (clang refuses gfx1250:xnack+). "any" is accepted there, never "on" or
   * "off". COV 3 has no "any": its 0x100/0x200 mean xnack/sramecc on. */
  unsigned have_cmp = have;
  if (f->cov >= 4 && !t->proc->has_xnack && (have & 0x300u) == 0x100)
    have_cmp &= ~0x300u;
  if (f->cov >= 4 && !t->proc->has_sramecc && (have & 0xc00u) == 0x400)
    have_cmp &= ~0xc00u;
  if (have_cmp != want)
    return flyc__error_set(FLYC_ECOMPILE,
                           "the code object's e_flags features are 0x%03x, target %s "
                           "needs 0x%03x (xnack/sramecc mismatch)",
                           have, t->id, want);
  return FLYC_OK;
}

static int emit_object(flyc_compile_t *c, void **out, size_t *size) {
  char *msg = NULL;
  LLVMMemoryBufferRef mb = NULL;
  size_t before = c->diag.len;
  if (!flyc__llvm_cov_is_module_flag()) /* before LLVM 18: a process-global option */
    flyc__cov_shared_begin(c->cov);
  else
    flyc__llvm_options_read_begin();
  LLVMBool failed =
      LLVMTargetMachineEmitToMemoryBuffer(c->tm, c->mod, LLVMObjectFile, &msg, &mb);
  flyc__cov_shared_end(); /* the same shared lock either way */
  int rc = FLYC_OK;
  if (failed || c->diag.len > before || !mb) {
    rc = flyc__error_set(FLYC_ECOMPILE, "code generation for %s failed: %s%s%s",
                         c->target.id, msg ? msg : "",
                         msg && c->diag.len > before ? "; " : "",
                         c->diag.len > before ? c->diag.data + before : "");
  } else {
    *size = LLVMGetBufferSize(mb);
    *out = malloc(*size ? *size : 1);
    if (!*out)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    else
      memcpy(*out, LLVMGetBufferStart(mb), *size);
  }
  LLVMDisposeMessage(msg);
  if (mb)
    LLVMDisposeMemoryBuffer(mb);
  return rc;
}

int flyc__amdgpu_codegen(flyc_compile_t *c) {
  int rc = flyc__amdgpu_pick_path(c);
  if (rc)
    return rc;
  void *obj = NULL, *exe = NULL;
  size_t obj_size = 0, exe_size = 0;
  uint64_t t0 = flyc__now_us();
  if (c->codegen == FLYC_CODEGEN_COMGR) {
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(c->mod);
    if (!bc)
      return flyc__error_set(FLYC_ENOMEM, "could not write the module as bitcode");
    rc = flyc__comgr_codegen_bc(&c->target, c->cov, c->opt_level, LLVMGetBufferStart(bc),
                                LLVMGetBufferSize(bc), &obj, &obj_size);
    LLVMDisposeMemoryBuffer(bc);
  } else {
    rc = emit_object(c, &obj, &obj_size);
  }
  uint64_t t1 = flyc__now_us();
  c->times.codegen_us = t1 - t0;
  if (rc == FLYC_OK) {
    if (c->codegen == FLYC_CODEGEN_LLD)
      rc = flyc__lld_link(&c->target, obj, obj_size, &exe, &exe_size);
    else if (c->codegen == FLYC_CODEGEN_LLD_LIB)
      rc = flyc__lld_lib_link(&c->target, obj, obj_size, &exe, &exe_size);
    else
      rc = flyc__comgr_link(&c->target, c->cov, obj, obj_size, &exe, &exe_size);
  }
  free(obj);
  uint64_t t2 = flyc__now_us();
  c->times.exe_link_us = t2 - t1;
  if (rc == FLYC_OK)
    rc = flyc__amdgpu_check_elf(exe, exe_size, c->cov, c->kernels, c->kernel_count,
                                flyc__amdgpu_check_elf_facts, &c->target);
  flyc_artifact_t *a = NULL;
  if (rc == FLYC_OK && !(a = c->artifact = flyc__artifact_new()))
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  /* COV 6 needs ROCm 6.2's loader; the installed ROCm's comgr says which
   * ROCm this is (comgr on LLVM 15-18: ROCm 5.x-6.1, which load COV 4 and 5). */
  int cm = flyc__comgr_available() ? flyc__comgr_llvm_major() : 0;
  if (rc == FLYC_OK && c->cov >= 6 && cm && cm < 19)
    flyc__buf_printf(&c->log, "%swarning: this is a code object version %d; the installed "
                              "ROCm (comgr %s, LLVM %d) loads versions 4 and 5 only (for 5: "
                              "%s)\n",
                     c->log.len && c->log.data[c->log.len - 1] != '\n' ? "\n" : "", c->cov,
                     flyc__comgr_version_string(), cm,
                     c->cov_from == FLYC__COV_INPUT
                         ? "the input's module flag sets it: make the input with clang's "
                           "-mcode-object-version=5"
                     : c->cov_from == FLYC__COV_LIBRARY
                         ? "a link library's module flag sets it: make the library for COV 5"
                         : "`--cov 5`");
  if (rc == FLYC_OK) {
    a->format = FLYC_CODE_AMDGPU_ELF;
    a->codegen = c->codegen;
    a->code_object_version = c->cov;
    a->code = exe;
    a->code_size = exe_size;
    exe = NULL;
    if (!(a->target = strdup(c->target.id)))
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  free(exe);
  if (rc == FLYC_OK)
    rc = flyc__code_object_metadata(a, a->code, a->code_size);
  c->times.check_us = flyc__now_us() - t2;
  return rc;
}

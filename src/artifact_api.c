/* flyc_artifact_read: an artifact from existing code object or PTX bytes;
 * flyc_artifact_disassemble: its code as text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int flyc_artifact_read(flyc_artifact_t **out, const void *data, size_t size) {
  if (!out || !data || !size)
    return flyc__error_set(FLYC_EINVAL, "flyc_artifact_read: out, data and a size are "
                                        "required");
  flyc_artifact_t *a = flyc__artifact_new();
  if (!a || !(a->code = malloc(size + 1))) {
    flyc_artifact_destroy(a);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  flyc__artifact_set_origin(a, FLYC_ARTIFACT_READ);
  memcpy(a->code, data, size);
  ((char *)a->code)[size] = '\0';
  a->code_size = size;
  int rc;
  const unsigned char *d = data;
  if (size >= 4 && d[0] == 0x7f && d[1] == 'E' && d[2] == 'L' && d[3] == 'F') {
    flyc_target_t t;
    flyc_elf_facts_t f;
    int cov = 0;
    rc = flyc__amdgpu_elf_facts(data, size, &f);
    if (rc == FLYC_OK && (rc = flyc__target_from_elf_facts(&t, &f)) == FLYC_OK)
      cov = f.cov;
    if (rc == FLYC_OK)
      rc = flyc__amdgpu_check_elf(data, size, cov, NULL, 0, t.ops->check_elf_facts, &t);
    if (rc == FLYC_OK) {
      a->format = FLYC_CODE_AMDGPU_ELF;
      a->code_object_version = cov;
      if (!(a->target = strdup(t.id)))
        rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
    }
    if (rc == FLYC_OK)
      rc = flyc__msgpack_metadata(a, a->code, size);
  } else if (!memchr(data, '\0', size) && strstr(a->code, ".entry")) {
    a->code_size = size;
    rc = flyc__ptx_read(a, a->code, size);
  } else {
    rc = flyc__error_set(FLYC_EINVAL,
                         "not an AMDGPU code object (ELF) or PTX text (%zu bytes)", size);
  }
  if (rc) {
    flyc_artifact_destroy(a);
    return rc;
  }
  *out = a;
  return FLYC_OK;
}

int flyc_artifact_disassemble(const flyc_artifact_t *a, flyc_text_cb cb,
                              void *payload) {
  if (!a || !cb)
    return flyc__error_set(FLYC_EINVAL, "flyc_artifact_disassemble: artifact and "
                                        "callback are required");
  if (a->format == FLYC_CODE_PTX)
    return cb(a->code, a->code_size, payload)
               ? flyc__error_set(FLYC_EINVAL, "disassembly stopped by the text callback")
               : FLYC_OK;
  flyc_target_t t;
  flyc_elf_facts_t f;
  int rc = flyc__amdgpu_elf_facts(a->code, a->code_size, &f);
  if (rc == FLYC_OK)
    rc = flyc__target_from_elf_facts(&t, &f);
  if (rc)
    return rc;
  /* LLVM's AMDGPU disassembler calls report_fatal_error ("disassembly not
   * yet supported for subtarget": abort on LLVM 15 and 19, exit status 1 on 22) for
   * a processor it has no decoder tables for, and a processor this LLVM does
   * not know falls back to the generic (SI) subtarget. Checked with
   * llvm-objdump-{15,19,22} -d --mcpu=<each processor of the table>: exactly
   * gfx6 and gfx7 (SI, CI) fail on all three, plus unknown processors. */
  if (!flyc__llvm_knows(t.proc))
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "cannot disassemble the %s code object: LLVM %s does not know "
                           "processor %s (its disassembler would abort)",
                           t.id, flyc_llvm_version(), t.proc->name);
  if (t.proc->isa_version < 8000)
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "cannot disassemble the %s code object: LLVM %s's AMDGPU "
                           "disassembler does not support %s (gfx6/gfx7, SI/CI: it would "
                           "abort)",
                           t.id, flyc_llvm_version(), t.proc->name);
  return flyc__amdgpu_disassemble(a->code, a->code_size, &t, cb, payload);
}

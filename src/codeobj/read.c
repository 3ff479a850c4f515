/* flyc_artifact_read: an artifact from existing code object or PTX bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int read_ptx(flyc_artifact_t *a, const char *text, size_t size) {
  const char *t = strstr(text, ".target ");
  const char *v = strstr(text, ".version ");
  if (!t || !v)
    return flyc__error_set(FLYC_ECOMPILE,
                           "the PTX text has no '.version' or '.target' directive");
  char sm[16] = {0};
  unsigned maj = 0, min = 0;
  if (sscanf(t + 8, "%15[a-z0-9_]", sm) != 1 || sscanf(v + 9, "%u.%u", &maj, &min) != 2 ||
      maj > 99 || min > 9 || strncmp(sm, "sm_", 3) != 0)
    return flyc__error_set(FLYC_ECOMPILE, "unreadable '.version' or '.target' in the PTX");
  a->format = FLYC_CODE_PTX;
  a->codegen = FLYC_CODEGEN_PTX;
  a->code_object_version = (int)(maj * 10 + min);
  if (!(a->target = strdup(sm)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  return flyc__ptx_metadata_from_text(a, text, size);
}

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
    int cov = 0;
    rc = flyc__amdgpu_elf_identify(data, size, &t, &cov);
    if (rc == FLYC_OK)
      rc = flyc__amdgpu_check_elf(&t, cov, data, size, NULL, 0, 1);
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
    rc = read_ptx(a, a->code, size);
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

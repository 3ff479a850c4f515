/* AMDGPU: the code object version the link libraries were built for. With
 * no COV given and none in the input, the COV is open (amdgpu.c's prepare):
 * the first link library whose flag names one decides it, as the link
 * stage checks the library's module flags; every later library must agree.
 * Nothing is read for it: the link reads each library (or its closure)
 * anyway, module flags included. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "target/amdgpu.h"

void flyc__amdgpu_cov_reason(const flyc_compile_t *c, char *buf, size_t size) {
  switch (c->cov_from) {
  case FLYC__COV_OPTIONS:
    snprintf(buf, size, "the options ask for COV %d (code_object_version, --cov)", c->cov);
    break;
  case FLYC__COV_INPUT:
    snprintf(buf, size,
             "the input module asks for COV %d (its amdhsa_code_object_version module "
             "flag)",
             c->cov);
    break;
  case FLYC__COV_LIBRARY:
    snprintf(buf, size, "link library '%s' asks for COV %d", c->cov_lib, c->cov);
    break;
  case FLYC__COV_STACK:
    snprintf(buf, size,
             "no COV was given and no link library names one, and the installed ROCm "
             "stack (comgr %s) loads COV %d",
             flyc__comgr_version_string(), c->cov);
    break;
  default:
    snprintf(buf, size, "no COV was given and nothing names one: COV %d", c->cov);
  }
}

int flyc__amdgpu_library_flag(flyc_compile_t *c, const flyc__module_flag_t *f,
                              const char *path, int *rc) {
  if (!flyc__module_flag_is(f, "amdhsa_code_object_version") &&
      !flyc__module_flag_is(f, "amdgpu_code_object_version"))
    return 0;
  if (!f->is_int) {
    /* LLVM reads only an integer there: a string would be ignored by the
     * backend while the library's code was built for some version. */
    *rc = flyc__error_set(FLYC_ELINK,
                          "link library '%s' has module flag %.*s that is not an integer "
                          "(COV N is the integer N * 100)",
                          path, (int)f->key_len, f->key);
    return 1;
  }
  *rc = FLYC_OK;
  long long v = (long long)f->value;
  if (c->cov_open && v % 100) {
    /* COV N is the flag N * 100: 450 names no version at all. */
    *rc = flyc__error_set(FLYC_ELINK,
                          "link library '%s' has module flag %.*s=%lld, which is no code "
                          "object version (COV N is N * 100: 400, 500, 600)",
                          path, (int)f->key_len, f->key, v);
  } else if (c->cov_open && (v / 100 < 4 || v / 100 > flyc__llvm_max_cov())) {
    *rc = flyc__error_set(FLYC_ELINK,
                          "link library '%s' was built for code object version %lld (module "
                          "flag %.*s=%lld), which LLVM %s cannot make (it makes 4 to %d)",
                          path, v / 100, (int)f->key_len, f->key, v, flyc_llvm_version(),
                          flyc__llvm_max_cov());
  } else if (c->cov_open) {
    c->cov = (int)(v / 100);
    c->cov_open = 0;
    c->cov_from = FLYC__COV_LIBRARY;
    c->cov_lib = path;
    flyc__buf_printf(&c->log,
                     "%snote: code object version %d, as link library '%s' asks (no COV "
                     "was given and the input names none)",
                     c->log.len ? "\n" : "", c->cov, path);
  } else if (v != c->cov * 100 && c->cov_from == FLYC__COV_LIBRARY) {
    *rc = flyc__error_set(FLYC_ELINK,
                          "link libraries disagree on the code object version: '%s' was "
                          "built for COV %d, '%s' for COV %lld (module flag %.*s=%lld); one "
                          "code object has one COV",
                          c->cov_lib, c->cov, path, v / 100, (int)f->key_len, f->key, v);
  } else if (v != c->cov * 100) {
    char why[1024];
    flyc__amdgpu_cov_reason(c, why, sizeof why);
    *rc = flyc__error_set(FLYC_ELINK,
                          "link library '%s' was built for code object version %lld "
                          "(module flag %.*s=%lld), but this compile makes COV %d: %s",
                          path, v / 100, (int)f->key_len, f->key, v, c->cov, why);
  }
  return 1;
}

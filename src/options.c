/* The one rule for flyc_compile_options_t.size (flyc/compile.h): every entry
 * point copies the caller's struct through flyc__options_copy, and the
 * stages and the caches see only that normalized copy. */
#include <stddef.h>
#include <string.h>

#include "internal.h"

/* The struct as its first public version had it: it ended with
 * device_lib_dir_count. A caller cannot have been built with less. */
#define V1_SIZE (offsetof(flyc_compile_options_t, device_lib_dir_count) + sizeof(size_t))

int flyc_compile_options_init(flyc_compile_options_t *o, size_t size) {
  if (size > UINT32_MAX)
    return flyc__error_set(FLYC_EINVAL, "flyc_compile_options_init: size %zu is past a "
                                        "uint32_t size field",
                           size);
  return flyc__struct_init(o, (uint32_t)size, V1_SIZE, "flyc_compile_options_init");
}

/* The values of the known fields. */
static int validate(const flyc_compile_options_t *p) {
  const uint32_t known_flags = FLYC_COMPILE_NO_DEVICE_LIBS | FLYC_COMPILE_DAZ |
                               FLYC_COMPILE_FINITE_ONLY | FLYC_COMPILE_UNSAFE_MATH |
                               FLYC_COMPILE_APPROX_SQRT | FLYC_COMPILE_NO_DEFAULT_LIB_DIRS |
                               FLYC_COMPILE_TRUSTED_BITCODE | FLYC_COMPILE_ISOLATED |
                               FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_MEMORY_ONLY |
                               FLYC_COMPILE_DEBUG_INFO;
  if (p->flags & ~known_flags)
    return flyc__error_set(FLYC_EINVAL, "options.flags has unknown bits 0x%x",
                           p->flags & ~known_flags);
  if (p->opt_level != FLYC_OPT_DEFAULT &&
      (p->opt_level < FLYC_OPT_O0 || p->opt_level > FLYC_OPT_O3))
    return flyc__error_set(FLYC_EINVAL, "opt_level %u is not one of flyc_opt_level_t: "
                                        "FLYC_OPT_O0 (0x10) to FLYC_OPT_O3 (0x13), or 0 for "
                                        "the default (O3); a plain level number is refused",
                           p->opt_level);
  if (p->codegen > FLYC_CODEGEN_LLD_LIB)
    return flyc__error_set(FLYC_EINVAL, "codegen %u is not one of flyc_codegen_t",
                           p->codegen);
  if ((p->link_library_count && !p->link_libraries) ||
      (p->exported_global_count && !p->exported_globals) ||
      (p->device_lib_dir_count && !p->device_lib_dirs))
    return flyc__error_set(FLYC_EINVAL, "an options list has a count but no array");
  for (size_t i = 0; i < p->link_library_count; i++)
    if (!p->link_libraries[i] || !*p->link_libraries[i])
      return flyc__error_set(FLYC_EINVAL, "link_libraries[%zu] is NULL or empty", i);
  for (size_t i = 0; i < p->exported_global_count; i++)
    if (!p->exported_globals[i] || !*p->exported_globals[i])
      return flyc__error_set(FLYC_EINVAL, "exported_globals[%zu] is NULL or empty", i);
  for (size_t i = 0; i < p->device_lib_dir_count; i++)
    if (!p->device_lib_dirs[i])
      return flyc__error_set(FLYC_EINVAL, "device_lib_dirs[%zu] is NULL", i);
  return FLYC_OK;
}

int flyc__options_copy(flyc_compile_options_t *dst, const flyc_compile_options_t *src) {
  memset(dst, 0, sizeof *dst);
  dst->size = sizeof *dst;
  if (!src)
    return flyc__error_set(FLYC_EINVAL, "options are required (at least a target)");
  /* The sized-struct rule (runtime/base/sized.c): a newer caller's fields
   * this flyc does not have must be unset, or they would be ignored without
   * a word. */
  int rc = flyc__struct_in(dst, sizeof *dst, src, V1_SIZE, "flyc_compile_options_t");
  if (rc)
    return rc;
  return validate(dst);
}

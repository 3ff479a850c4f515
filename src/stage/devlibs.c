/* The device library search path. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <xxhash.h>

#include "internal.h"

int flyc__module_needs_prefix(LLVMModuleRef mod, const char *prefix) {
  size_t pl = strlen(prefix);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (len >= pl && memcmp(name, prefix, pl) == 0 && LLVMIsDeclaration(f) &&
        LLVMGetFirstUse(f))
      return 1;
  }
  return 0;
}

static int try_dir(const char *dir, size_t dlen, const char *file, char **out) {
  if (!dlen)
    return 0;
  size_t n = dlen + 1 + strlen(file) + 1;
  char *p = malloc(n);
  if (!p)
    return 0;
  snprintf(p, n, "%.*s/%s", (int)dlen, dir, file);
  if (access(p, R_OK) == 0) {
    *out = p;
    return 1;
  }
  free(p);
  return 0;
}

flyc__devlib_search_t flyc__devlib_search_of(const flyc_compile_options_t *o) {
  flyc__devlib_search_t s = {o->device_lib_dirs, o->device_lib_dir_count,
                             (o->flags & FLYC_COMPILE_NO_DEFAULT_LIB_DIRS) != 0};
  return s;
}

int flyc__find_device_lib(flyc_compile_t *c, const char *file,
                          const char *const *defaults, size_t ndefaults, char **out) {
  flyc__devlib_search_t s = flyc__devlib_search_of(&c->opts);
  return flyc__devlib_find(&s, file, defaults, ndefaults, out);
}

int flyc__devlib_find(const flyc__devlib_search_t *s, const char *file,
                      const char *const *defaults, size_t ndefaults, char **out) {
  flyc_buf_t searched = {0};
  for (size_t i = 0; i < s->ndirs; i++) {
    const char *d = s->dirs[i];
    if (try_dir(d, strlen(d), file, out))
      goto found;
    flyc__buf_printf(&searched, " %s", d);
  }
  const char *env = getenv("FLYC_DEVICE_LIB_PATH");
  while (env && *env) {
    size_t n = strcspn(env, ":");
    if (try_dir(env, n, file, out))
      goto found;
    if (n)
      flyc__buf_printf(&searched, " %.*s", (int)n, env);
    env += n + (env[n] == ':');
  }
  if (s->no_defaults)
    ndefaults = 0;
  for (size_t i = 0; i < ndefaults; i++) {
    const char *d = defaults[i];
    if (!d)
      continue;
    if (try_dir(d, strlen(d), file, out))
      goto found;
    flyc__buf_printf(&searched, " %s", d);
  }
  {
    int rc = flyc__error_set(FLYC_ENOTFOUND,
                             "device library '%s' not found; searched:%s (set "
                             "FLYC_DEVICE_LIB_PATH to the directory that has it)",
                             file, flyc__buf_str(&searched));
    flyc__buf_free(&searched);
    return rc;
  }
found:
  flyc__buf_free(&searched);
  return FLYC_OK;
}

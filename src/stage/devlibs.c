/* The devlibs stage: the device libraries a target declares, found on the
 * search path, loaded as trusted and linked when the module needs them. */
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
#include "stage/stage.h"

/* 1 when a used declaration named with `prefix` exists in the module. */
static int module_needs_prefix(LLVMModuleRef mod, const char *prefix) {
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

/* A device library's bytes into c->ctx: trusted (never checked in a child),
 * but bitcode of a newer LLVM is refused unread, as for a link library. */
static int load_trusted(flyc_compile_t *c, const char *path, LLVMModuleRef *out) {
  const void *data = NULL;
  size_t size = 0;
  int owned = 0;
  char digest[33];
  int rc = flyc__file_read(path, &data, &size, &owned, digest);
  if (rc)
    return rc;
  if (flyc__is_bitcode(data, size) &&
      (rc = flyc__check_producer(data, size, "link library", path, FLYC_ELINK)))
    rc = flyc__error_append(" (found first on the device library search path; flyc "
                            "does not fall back to another copy)");
  else
    rc = flyc__load_bytes(c, path, data, size, owned, digest, out);
  if (owned)
    free((void *)data);
  return rc;
}

/* Links each library of `libs` (n of them) the module needs, in order and
 * again until none more is needed (ocml asks for ockl); linked[i] gets the
 * path of libs[i] when it was linked. */
static int link_needed(flyc_compile_t *c, const flyc__devlib_t *libs, size_t n,
                       char **linked) {
  const char *dirs[8];
  char buf[8192];
  size_t nd = c->target.ops->device_lib_dirs
                  ? c->target.ops->device_lib_dirs(dirs, buf, sizeof buf)
                  : 0;
  flyc__devlib_search_t search = flyc__devlib_search_of(&c->opts);
  for (int progress = 1; progress;) {
    progress = 0;
    for (size_t i = 0; i < n; i++) {
      if (linked[i] || !module_needs_prefix(c->mod, libs[i].prefix))
        continue;
      char *path = NULL;
      int rc = flyc__devlib_find(&search, libs[i].file, dirs, nd, &path);
      LLVMModuleRef lib = NULL;
      if (rc == FLYC_OK)
        rc = load_trusted(c, path, &lib);
      if (rc == FLYC_OK)
        rc = flyc__link_library(c, lib, path, 0);
      if (rc) {
        free(path);
        return rc;
      }
      linked[i] = path;
      progress = 1;
    }
  }
  return FLYC_OK;
}

int flyc__devlibs_link(flyc_compile_t *c) {
  const flyc_target_ops_t *ops = c->target.ops;
  int rc = ops->devlibs_before ? ops->devlibs_before(c) : FLYC_OK;
  if (rc)
    return rc;
  size_t n = 0;
  while (ops->device_libs && ops->device_libs[n].file)
    n++;
  char **linked = calloc(n + 1, sizeof *linked);
  if (!linked)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  rc = n ? link_needed(c, ops->device_libs, n, linked) : FLYC_OK;
  if (rc == FLYC_OK && ops->devlibs_after)
    rc = ops->devlibs_after(c, (const char *const *)linked);
  for (size_t i = 0; i < n; i++)
    free(linked[i]);
  free(linked);
  return rc;
}

/* The options' link libraries, each by its closure (closure.c): what the
 * module declares, from the library cache (cache/lib.c) or extracted in
 * process; then flyc__link_library (link.c). */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>

#include "internal.h"
#include "stage/stage.h"

/* In process, for a pipeline run on its own (no job to say where closures
 * come from): the library read lazily into the compile's context. */
static int closure_here(flyc_compile_t *c, const flyc__closure_req_t *r, LLVMModuleRef *out) {
  LLVMModuleRef lib = NULL;
  const void *data = r->data;
  size_t size = r->size;
  int owned = 0, rc = FLYC_OK;
  if (!data && (rc = flyc__file_read_as(r->path, r->digest, &data, &size, &owned)))
    return rc;
  /* A copy the module owns when ours is the caller's to free. */
  rc = flyc__load_bytes(c, r->path, data, size, owned, r->digest, &lib);
  if (owned)
    free((void *)data);
  if (rc == FLYC_OK && (rc = flyc__closure_extract(lib, r->roots, r->nroots, out)) == FLYC_ELINK)
    flyc__error_append(": %s", c->diag.len ? c->diag.data : "(no detail)");
  return rc;
}

/* What the module needs of library `l`: its closure (closure.c) for what the
 * module declares now, as a module in the compile's context. Text is parsed
 * here; bitcode's closure comes from c->closure (the library cache, which
 * reads untrusted bytes in a child). */
static int library_closure(flyc_compile_t *c, const char *path, const flyc__lib_t *l,
                           LLVMModuleRef *out) {
  flyc__names_t roots;
  int rc = flyc__closure_roots(c->mod, c->opts.exported_globals,
                               c->opts.exported_global_count, &roots);
  if (rc)
    return rc;
  uint32_t fl = c->opts.flags;
  flyc__closure_req_t r = {path, l->data, l->size, l->digest, roots.names, roots.count,
                           !!(fl & FLYC_COMPILE_TRUSTED_BITCODE),
                           (fl & (FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_MEMORY_ONLY)) ? 2 : 1};
  /* Bitcode named .ll is bitcode: never given to the reader in process. */
  if (!l->bitcode && !flyc__is_bitcode(l->data, l->size)) {
    LLVMModuleRef lib = NULL;
    rc = flyc__load_bytes(c, path, l->data, l->size, l->owned, l->digest, &lib);
    if (rc == FLYC_OK)
      rc = flyc__closure_extract(lib, roots.names, roots.count, out);
  } else if (!c->closure) {
    rc = closure_here(c, &r, out);
  } else {
    flyc__buf_printf(&c->inputs, "%s\t%s\n", l->digest, path);
    void *bc = NULL;
    size_t n = 0;
    if ((rc = c->closure(&r, &bc, &n)) == FLYC_OK) {
      LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(bc, n, path, 0);
      if (!mb || LLVMParseBitcodeInContext2(c->ctx, mb, out) || !*out)
        rc = flyc__error_set(FLYC_ELINK, "the closure of link library '%s' does not read back",
                             path);
      if (mb)
        LLVMDisposeMemoryBuffer(mb);
    }
    free(bc);
  }
  free(roots.names);
  return rc;
}

int flyc__link_libraries(flyc_compile_t *c) {
  char **seen = calloc(c->opts.link_library_count + 1, sizeof *seen);
  if (!seen)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  size_t nseen = 0;
  int rc = FLYC_OK;
  for (size_t i = 0; i < c->opts.link_library_count && rc == FLYC_OK; i++) {
    const char *path = c->opts.link_libraries[i];
    char *canon = realpath(path, NULL);
    if (!canon) {
      rc = flyc__error_set(FLYC_ENOTFOUND, "link library '%s' not found", path);
      break;
    }
    int dup = 0;
    for (size_t k = 0; k < nseen; k++)
      dup |= strcmp(seen[k], canon) == 0;
    if (dup) {
      free(canon);
      continue;
    }
    seen[nseen++] = canon;
    LLVMModuleRef lib = NULL;
    const flyc__lib_t *l = c->libs ? &c->libs[i] : NULL;
    if (!l) /* the entry points resolve them (flyc__inputs_libs) */
      rc = flyc__error_set(FLYC_EINVAL, "link library '%s' was not read before the pipeline",
                           path);
    else if (l->rc)
      rc = flyc__error_set(l->rc, "%s", l->error ? l->error : "out of memory");
    else
      rc = library_closure(c, path, l, &lib);
    if (rc == FLYC_OK)
      rc = flyc__link_library(c, lib, path, 1);
  }
  for (size_t k = 0; k < nseen; k++)
    free(seen[k]);
  free(seen);
  return rc;
}

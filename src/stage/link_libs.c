/* The options' link libraries, each by its closure (closure.c) of what the
 * module declares, from the library cache (cache/lib.c) or extracted in
 * process, in passes (below); each closure then goes through
 * flyc__link_library (link.c). */
#include <errno.h>
#include <stdint.h>
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
  if (rc == FLYC_OK && (rc = flyc__closure_extract(lib, &r->names, out)) == FLYC_ELINK)
    flyc__error_append(": %s", c->diag.len ? c->diag.data : "(no detail)");
  return rc;
}

/* What the module needs of library `l`: its closure (closure.c) of `names`,
 * as a module in the compile's context. Text is parsed here; bitcode's
 * closure comes from c->closure (the library cache, which reads untrusted
 * bytes in a child). */
static int library_closure(flyc_compile_t *c, const char *path, const flyc__lib_t *l,
                           const flyc__closure_names_t *names, LLVMModuleRef *out) {
  uint32_t fl = c->opts.flags;
  flyc__closure_req_t r = {path, l->data, l->size, l->digest, *names,
                           !!(fl & FLYC_COMPILE_TRUSTED_BITCODE),
                           (fl & (FLYC_COMPILE_NO_CACHE | FLYC_COMPILE_MEMORY_ONLY)) ? 2 : 1};
  int rc;
  /* Bitcode named .ll is bitcode: never given to the reader in process. */
  if (!l->bitcode && !flyc__is_bitcode(l->data, l->size)) {
    LLVMModuleRef lib = NULL;
    rc = flyc__load_bytes(c, path, l->data, l->size, l->owned, l->digest, &lib);
    if (rc == FLYC_OK)
      rc = flyc__closure_extract(lib, names, out);
  } else if (!c->closure) {
    rc = closure_here(c, &r, out);
  } else {
    flyc__buf_printf(&c->inputs, "%s\t%s\n", l->digest, path);
    rc = c->closure(&r, c->ctx, out);
  }
  return rc;
}

/* ---- passes ----
 * The first pass links each library, in order, by the closure of what the
 * module declares then (the kernel's, and what the libraries before it
 * brought). A library's closure can need what an earlier library defines:
 * later passes offer each library the names it was not offered yet, the
 * same library's definitions already linked passed over, until no pass
 * links anything. So the order of the libraries does not matter, and what
 * one library needs of another is linked as a linker links archives. */

/* Passes at most: one per level of calls that alternate between libraries
 * (f in A calls g in B, which calls f2 in A, ...); a pass that offers no
 * library a new name ends it first. Reaching the limit with a pass still
 * linking is an error, not a silent "undefined" later. */
#define MAX_PASSES 256

/* The names one library was offered (malloc'd copies, sorted). */
typedef struct offered {
  char **names;
  size_t count;
} offered_t;

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int was_offered(const offered_t *o, const char *name) {
  return o->count && bsearch(&name, o->names, o->count, sizeof *o->names, by_name) != NULL;
}

static int offer(offered_t *o, const char *const *names, size_t n) {
  char **v = realloc(o->names, (o->count + n + 1) * sizeof *v);
  if (!v)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  o->names = v;
  for (size_t i = 0; i < n; i++)
    if (!(o->names[o->count++] = strdup(names[i]))) {
      o->count--;
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    }
  qsort(o->names, o->count, sizeof *o->names, by_name);
  return FLYC_OK;
}

/* The module's external definitions that came from `path` (origins.c). */
static int from_library(flyc_compile_t *c, const char *path, flyc__names_t *out) {
  *out = (flyc__names_t){0};
  size_t len, n = 0, cap = 0;
  const char **v = NULL;
  for (int pass = 0; pass < 2; pass++)
    for (LLVMValueRef g = pass ? LLVMGetFirstGlobal(c->mod) : LLVMGetFirstFunction(c->mod); g;
         g = pass ? LLVMGetNextGlobal(g) : LLVMGetNextFunction(g)) {
      const char *name = LLVMGetValueName2(g, &len), *o;
      if (LLVMIsDeclaration(g) || !(o = flyc__origin_of(c, name)) || strcmp(o, path) != 0)
        continue;
      if (n == cap) {
        const char **nv = realloc(v, (cap = cap ? cap * 2 : 32) * sizeof *nv);
        if (!nv) {
          free(v);
          return flyc__error_set(FLYC_ENOMEM, "out of memory");
        }
        v = nv;
      }
      v[n++] = name;
    }
  out->names = v;
  out->count = n;
  return FLYC_OK;
}

/* 1 when `m` defines anything (functions or globals). */
static int defines_any(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      return 1;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g))
      return 1;
  return 0;
}

/* A later pass's closure must not bring a second copy of a library's
 * internal variable (a `static` the first pass's functions already use):
 * two copies of one state would be a silent miscompile. Constants may be
 * copied. FLYC_ELINK naming the variable and what asked. */
/* 1 when the module has a local global named `name` or `name.N` (the
 * linker's rename of a clash): an earlier pass's copy, or another
 * library's variable of that name (a refusal then errs on the safe side). */
static int has_local(LLVMModuleRef m, const char *name) {
  size_t n = strlen(name), len;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    const char *s = LLVMGetValueName2(g, &len);
    if ((l == LLVMInternalLinkage || l == LLVMPrivateLinkage) && len >= n &&
        memcmp(s, name, n) == 0 && (len == n || s[n] == '.'))
      return 1;
  }
  return 0;
}

static int no_second_state(flyc_compile_t *c, LLVMModuleRef lib, const char *path,
                           const flyc__names_t *asked) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    size_t len;
    if ((l != LLVMInternalLinkage && l != LLVMPrivateLinkage) || LLVMIsDeclaration(g) ||
        LLVMIsGlobalConstant(g) || !has_local(c->mod, LLVMGetValueName2(g, &len)))
      continue;
    const char *why = "?"; /* the first name asked for that the closure defines */
    for (size_t k = 0; k < asked->count && *why == '?'; k++) {
      LLVMValueRef f = LLVMGetNamedFunction(lib, asked->names[k]);
      if (f && !LLVMIsDeclaration(f))
        why = asked->names[k];
    }
    return flyc__error_set(FLYC_ELINK,
                           "link library '%s' is needed again, for '%s', by a library given "
                           "after it, but that would copy its internal variable '%s' a second "
                           "time: give '%s' after the library that uses it (or, when each "
                           "needs the other, link the two into one first: llvm-link)",
                           path, why, LLVMGetValueName2(g, &len), path);
  }
  return FLYC_OK;
}

/* 1 when the module's definition of `name` came from a link library (the
 * input's own functions have the input as their origin). */
static int from_a_library(void *p, const char *name) {
  const flyc_compile_t *c = p;
  const char *o = flyc__origin_of(c, name);
  for (size_t i = 0; o && i < c->opts.link_library_count; i++)
    if (strcmp(o, c->opts.link_libraries[i]) == 0)
      return 1;
  return 0;
}

/* One library in pass `pass`: what it was not offered yet. *linked: 1 when
 * its closure brought something. */
static int link_one(flyc_compile_t *c, const char *path, const flyc__lib_t *l, offered_t *o,
                    int pass, int *linked) {
  *linked = 0;
  flyc__names_t decl, fresh = {0}, skip = {0};
  int rc = flyc__closure_roots(c->mod, c->opts.exported_globals,
                               c->opts.exported_global_count, from_a_library, c, &decl);
  if (rc)
    return rc;
  if (!(fresh.names = malloc((decl.count + 1) * sizeof *fresh.names)))
    rc = flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; rc == FLYC_OK && i < decl.count; i++)
    if (!was_offered(o, decl.names[i]))
      fresh.names[fresh.count++] = decl.names[i];
  if (rc == FLYC_OK && pass > 0 && fresh.count)
    rc = from_library(c, path, &skip);
  if (rc == FLYC_OK && (pass == 0 || fresh.count)) {
    flyc__closure_names_t n = {fresh.names, fresh.count, skip.names, skip.count, pass > 0};
    LLVMModuleRef lib = NULL;
    /* Copied before the link: it replaces the declarations the names are in. */
    rc = offer(o, fresh.names, fresh.count);
    if (rc == FLYC_OK)
      rc = library_closure(c, path, l, &n, &lib);
    if (rc == FLYC_OK && pass > 0 && !defines_any(lib)) {
      LLVMDisposeModule(lib); /* nothing new: its flags were checked in the first pass */
    } else if (rc == FLYC_OK && pass > 0 && (rc = no_second_state(c, lib, path, &fresh))) {
      LLVMDisposeModule(lib);
    } else if (rc == FLYC_OK) {
      *linked = 1;
      rc = flyc__link_library(c, lib, path, 1);
    }
  }
  free(skip.names);
  free(fresh.names);
  free(decl.names);
  return rc;
}

/* The options' libraries, each once (by canonical path): the index of each
 * one's first entry, or SIZE_MAX for a repeat. */
static int distinct(flyc_compile_t *c, size_t *first) {
  size_t n = c->opts.link_library_count;
  char **canon = calloc(n + 1, sizeof *canon);
  int rc = canon ? FLYC_OK : flyc__error_set(FLYC_ENOMEM, "out of memory");
  for (size_t i = 0; i < n && rc == FLYC_OK; i++) {
    const char *path = c->opts.link_libraries[i];
    if (!(canon[i] = realpath(path, NULL))) {
      rc = errno == ENOENT || errno == ENOTDIR
               ? flyc__error_set(FLYC_ENOTFOUND, "link library '%s' not found", path)
               : flyc__error_set(FLYC_EIO, "cannot reach link library '%s': %s", path,
                                 strerror(errno));
      break;
    }
    first[i] = i;
    for (size_t k = 0; k < i; k++)
      if (first[k] != SIZE_MAX && strcmp(canon[k], canon[i]) == 0)
        first[i] = SIZE_MAX;
  }
  for (size_t i = 0; canon && i < n; i++)
    free(canon[i]);
  free(canon);
  return rc;
}

int flyc__link_libraries(flyc_compile_t *c) {
  size_t n = c->opts.link_library_count;
  if (!n)
    return FLYC_OK;
  size_t *first = calloc(n, sizeof *first);
  offered_t *o = calloc(n, sizeof *o);
  int rc = first && o ? distinct(c, first) : flyc__error_set(FLYC_ENOMEM, "out of memory");
  int progress = 1;
  for (int pass = 0; rc == FLYC_OK && progress && pass < MAX_PASSES; pass++) {
    progress = 0;
    for (size_t i = 0; i < n && rc == FLYC_OK; i++) {
      const char *path = c->opts.link_libraries[i];
      const flyc__lib_t *l = c->libs ? &c->libs[i] : NULL;
      int linked = 0;
      if (first[i] == SIZE_MAX)
        continue;
      if (!l) /* the entry points resolve them (flyc__inputs_libs) */
        rc = flyc__error_set(FLYC_EINVAL, "link library '%s' was not read before the pipeline",
                             path);
      else if (l->rc)
        rc = flyc__error_set(l->rc, "%s", l->error ? l->error : "out of memory");
      else
        rc = link_one(c, path, l, &o[i], pass, &linked);
      progress |= linked && pass > 0;
      progress |= pass == 0 && n > 1;
    }
  }
  if (rc == FLYC_OK && progress && n > 1)
    rc = flyc__error_set(FLYC_ELINK, "the link libraries still needed each other after %d "
                                     "passes (calls that go from one library to another and "
                                     "back %d levels deep); flyc stops there",
                         MAX_PASSES, MAX_PASSES);
  for (size_t i = 0; o && i < n; i++) {
    for (size_t k = 0; k < o[i].count; k++)
      free(o[i].names[k]);
    free(o[i].names);
  }
  free(o);
  free(first);
  return rc;
}

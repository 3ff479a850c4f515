/* AMDGPU: the code object version the link libraries were built for, read
 * in front of the link (amdgpu.c's prepare decides the COV with it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>

#include "internal.h"
#include "target/amdgpu.h"

/* Readers of a throwaway context say nothing: a library they cannot read is
 * the link stage's to report, with its own message. */
static void quiet(LLVMDiagnosticInfoRef di, void *payload) {
  (void)di;
  (void)payload;
}

/* The library's module into a throwaway context: bitcode lazily (module
 * flags, no function bodies), text through flyc's own parser. NULL when it
 * does not read. */
static LLVMModuleRef read_module(const flyc_compile_t *c, const flyc__lib_t *l,
                                 LLVMContextRef ctx) {
  LLVMModuleRef m = NULL;
  if (flyc__is_bitcode(l->data, l->size)) {
    LLVMMemoryBufferRef mb =
        LLVMCreateMemoryBufferWithMemoryRange(l->data, l->size, l->path, 0);
    /* On failure LLVM 15-19 release mb without freeing it. */
    if (mb && (LLVMGetBitcodeModuleInContext2(ctx, mb, &m) || !m)) {
      LLVMDisposeMemoryBuffer(mb);
      m = NULL;
    }
    return m;
  }
  flyc_compile_t s;
  memset(&s, 0, sizeof s);
  s.opts = c->opts;
  s.ctx = ctx;
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  if (flyc__parse_ir(&s, l->data, l->size, NULL, l->path, &m, FLYC_ELINK))
    m = NULL;
  flyc__error_restore(&sv);
  flyc__buf_free(&s.diag);
  flyc__buf_free(&s.log);
  return m;
}

/* The COV module flag (Error behaviour, the one the link checks) of one
 * library: 1 with *key and *value, 0 when it has none or does not read. */
static int library_cov(const flyc_compile_t *c, const flyc__lib_t *l, const char **key,
                       int64_t *value) {
  LLVMContextRef ctx = LLVMContextCreate();
  if (!ctx)
    return 0;
  LLVMContextSetDiagnosticHandler(ctx, quiet, NULL);
  LLVMModuleRef m = read_module(c, l, ctx);
  int found = 0;
  unsigned n = 0;
  flyc__module_flag_t *f = m ? flyc__module_flags(m, &n) : NULL;
  static const char *const keys[] = {"amdhsa_code_object_version",
                                     "amdgpu_code_object_version"};
  for (unsigned i = 0; i < n && !found; i++)
    for (int k = 0; k < 2 && !found; k++)
      if (f[i].behavior == 1 && f[i].is_int && flyc__module_flag_is(&f[i], keys[k])) {
        *key = keys[k];
        *value = f[i].value;
        found = 1;
      }
  free(f);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return found;
}

int flyc__amdgpu_library_cov(flyc_compile_t *c, int *out, const char **lib) {
  *out = 0;
  *lib = NULL;
  const char *first_key = NULL;
  int64_t first_value = 0;
  for (size_t i = 0; c->libs && i < c->opts.link_library_count; i++) {
    const flyc__lib_t *l = &c->libs[i];
    const char *key = NULL;
    int64_t v = 0;
    if (l->rc || !library_cov(c, l, &key, &v))
      continue; /* unreadable: the link stage reports it */
    int lcov = (int)(v / 100);
    if (v % 100 || lcov < 4 || lcov > flyc__llvm_max_cov())
      return flyc__error_set(FLYC_ELINK,
                             "link library '%s' was built for code object version %lld "
                             "(module flag %s=%lld), which LLVM %s cannot make (it makes "
                             "4 to %d)",
                             l->path, (long long)(v / 100), key, (long long)v,
                             flyc_llvm_version(), flyc__llvm_max_cov());
    if (*lib && v != first_value)
      return flyc__error_set(FLYC_ELINK,
                             "link libraries disagree on the code object version: '%s' was "
                             "built for COV %d (module flag %s=%lld), '%s' for COV %d "
                             "(module flag %s=%lld); one code object has one COV",
                             *lib, (int)(first_value / 100), first_key,
                             (long long)first_value, l->path, lcov, key, (long long)v);
    if (!*lib) {
      *lib = l->path;
      first_key = key;
      first_value = v;
    }
  }
  if (*lib) {
    *out = (int)(first_value / 100);
    flyc__buf_printf(&c->log,
                     "%snote: code object version %d, as link library '%s' asks (no COV "
                     "was given and the input names none)",
                     c->log.len ? "\n" : "", *out, *lib);
  }
  return FLYC_OK;
}

void flyc__amdgpu_cov_reason(const flyc_compile_t *c, char *buf, size_t size) {
  switch (c->cov_from) {
  case FLYC__COV_OPTIONS:
    snprintf(buf, size, "the options ask for COV %d (code_object_version, --cov)", c->cov);
    break;
  case FLYC__COV_INPUT:
    snprintf(buf, size, "the input module asks for COV %d (its amdhsa_code_object_version "
                        "module flag)", c->cov);
    break;
  case FLYC__COV_LIBRARY:
    snprintf(buf, size, "link library '%s' asks for COV %d", c->cov_lib, c->cov);
    break;
  case FLYC__COV_STACK:
    snprintf(buf, size, "no COV was given, and the installed ROCm stack (comgr %s) loads COV %d",
             flyc__comgr_version_string(), c->cov);
    break;
  default:
    snprintf(buf, size, "no COV was given and nothing names one: COV %d", c->cov);
  }
}

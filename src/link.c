/* Link libraries: lazy loading, checks against the target and the module,
 * LLVMLinkModules2, and the device library search path. */
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

/* ---- bitcode bytes kept for the life of the process ----
 * Library files (ocml.bc is ~1 MB) are read once, not per compile; an entry is
 * reused only while the file's identity, size, mtime and ctime are the same
 * (ctime too: `cp -p` or `touch -r` put an old mtime back, never an old ctime). LLVM's
 * lazy reader points into these bytes, so they are never freed. An entry of
 * caller bitcode is replaced, once, by its checked form (isolate.c); the raw
 * bytes stay allocated because another thread may still be reading them. */
typedef struct file_entry {
  struct file_entry *next;
  char *path;
  dev_t dev;
  ino_t ino;
  off_t file_size;
  struct timespec mtime, ctime;
  const void *data;
  size_t size;
  const void *raw; /* the file's bytes, once `data` holds the checked form */
  int checked;     /* data was checked through a child (isolate.c) */
  char digest[33]; /* XXH3-128 of the file's bytes, hex (what the cache key uses) */
} file_entry_t;

static pthread_mutex_t files_mu = PTHREAD_MUTEX_INITIALIZER;
static file_entry_t *files;
static size_t files_bytes;
#define FILES_MAX_BYTES (256u << 20)

void flyc__files_lock(void) { pthread_mutex_lock(&files_mu); }
void flyc__files_unlock(void) { pthread_mutex_unlock(&files_mu); }
void flyc__files_reset(void) {
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  files_mu = m;
}

static int same_file(const file_entry_t *e, const struct stat *st) {
  return e->dev == st->st_dev && e->ino == st->st_ino && e->file_size == st->st_size &&
         e->mtime.tv_sec == st->st_mtim.tv_sec && e->mtime.tv_nsec == st->st_mtim.tv_nsec &&
         e->ctime.tv_sec == st->st_ctim.tv_sec && e->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

/* Reads all of `fd` (of `size` bytes by fstat) into a malloc'd buffer. */
static int read_fd(int fd, const char *path, size_t size, void **out) {
  size_t got = 0;
  if (flyc__read_fd(fd, out, &got) != 0)
    return errno == ENOMEM ? flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s'", path)
                           : flyc__error_set(FLYC_EIO, "cannot read link library '%s': %s", path,
                                             strerror(errno));
  if (got != size) {
    free(*out);
    return flyc__error_set(FLYC_EIO, "cannot read link library '%s': it changed size while read",
                           path);
  }
  return FLYC_OK;
}

/* The bytes of `path`: cached ones that stay valid for the process (*owned =
 * 0, *entry set, *checked from the entry), or a fresh copy the caller frees
 * (*owned = 1) when the cache is full. The identity and the bytes come from
 * one open file, so a file replaced meanwhile is one or the other, never a
 * mix. `digest` gets the XXH3-128 of the file's bytes. */
static int read_bitcode(const char *path, const void **data, size_t *size, int *owned,
                        file_entry_t **entry, int *checked, char digest[33]) {
  struct stat st;
  *entry = NULL;
  *checked = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return errno == ENOENT
               ? flyc__error_set(FLYC_ENOTFOUND, "link library '%s' not found", path)
               : flyc__error_set(FLYC_EIO, "cannot open link library '%s': %s", path,
                                 strerror(errno));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return flyc__error_set(FLYC_EIO, "link library '%s' is not a regular file", path);
  }
  pthread_mutex_lock(&files_mu);
  for (file_entry_t *e = files; e; e = e->next)
    if (same_file(e, &st) && strcmp(e->path, path) == 0) {
      *data = e->data;
      *size = e->size;
      *owned = 0;
      *entry = e;
      *checked = e->checked;
      memcpy(digest, e->digest, 33);
      pthread_mutex_unlock(&files_mu);
      close(fd);
      return FLYC_OK;
    }
  pthread_mutex_unlock(&files_mu);
  void *buf = NULL;
  size_t n = (size_t)st.st_size;
  int rc = read_fd(fd, path, n, &buf);
  close(fd);
  if (rc)
    return rc;
  XXH128_hash_t h = XXH3_128bits(buf, n);
  snprintf(digest, 33, "%016llx%016llx", (unsigned long long)h.high64,
           (unsigned long long)h.low64);
  pthread_mutex_lock(&files_mu);
  file_entry_t *e = NULL;
  if (files_bytes + n <= FILES_MAX_BYTES && (e = calloc(1, sizeof *e)) &&
      (e->path = strdup(path))) {
    e->dev = st.st_dev;
    e->ino = st.st_ino;
    e->file_size = st.st_size;
    e->mtime = st.st_mtim;
    e->ctime = st.st_ctim;
    e->data = buf;
    e->size = n;
    memcpy(e->digest, digest, 33);
    e->next = files;
    files = e;
    files_bytes += n;
    *owned = 0;
    *entry = e;
  } else {
    free(e);
    *owned = 1;
  }
  pthread_mutex_unlock(&files_mu);
  *data = buf;
  *size = n;
  return FLYC_OK;
}

static int has_suffix(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Caller bitcode, rewritten through text in a child (isolate.c) and back to
 * bitcode by this process's LLVM: *out is malloc'd. */
static int checked_bitcode(const char *path, const void *data, size_t size, void **out,
                           size_t *out_size) {
  char *text = NULL;
  int rc = flyc__bitcode_to_text(data, size, "link library", path, FLYC_ELINK, &text);
  if (rc)
    return rc;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), path);
  free(text);
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (!mb || LLVMParseIRInContext(ctx, mb, &m, &msg) || !m) { /* takes mb */
    rc = flyc__error_set(FLYC_ELINK,
                         "link library '%s' is malformed bitcode: LLVM's reader accepted "
                         "it, but its disassembly does not parse: %s",
                         path, msg ? msg : "unknown error");
  } else {
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
    *out_size = bc ? LLVMGetBufferSize(bc) : 0;
    *out = bc ? malloc(*out_size) : NULL;
    if (!*out)
      rc = flyc__error_set(FLYC_ENOMEM, "out of memory rewriting '%s'", path);
    else
      memcpy(*out, LLVMGetBufferStart(bc), *out_size);
    if (bc)
      LLVMDisposeMemoryBuffer(bc);
  }
  LLVMDisposeMessage(msg);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}

/* The bytes to parse for library `path`: from the cache, and for untrusted
 * bitcode in its checked form (isolate.c), which the cache then keeps.
 * `*owned` says whether the caller frees them. */
static int library_bytes(const char *path, int check, const void **out, size_t *out_size,
                         int *out_owned, char digest[33]) {
  const void *data = NULL;
  size_t size = 0;
  int owned = 0, checked = 0;
  file_entry_t *entry = NULL;
  int rc = read_bitcode(path, &data, &size, &owned, &entry, &checked, digest);
  if (rc)
    return rc;
  /* Before any reader, trusted or not, and whatever the name: bitcode of a
   * newer LLVM is refused, never read (or replaced by another copy). The
   * checked form is this LLVM's own bitcode. */
  if (!checked && flyc__is_bitcode(data, size) &&
      (rc = flyc__check_producer(data, size, "link library", path, FLYC_ELINK))) {
    if (owned)
      free((void *)data);
    return rc;
  }
  if (check && !checked && flyc__is_bitcode(data, size) && !has_suffix(path, ".ll")) {
    void *clean = NULL;
    size_t clean_size = 0;
    rc = checked_bitcode(path, data, size, &clean, &clean_size);
    if (owned)
      free((void *)data);
    if (rc)
      return rc;
    owned = 1;
    pthread_mutex_lock(&files_mu);
    if (entry && !entry->checked) {
      files_bytes += clean_size;
      entry->raw = entry->data;
      entry->data = clean;
      entry->size = clean_size;
      entry->checked = 1;
      owned = 0;
    }
    pthread_mutex_unlock(&files_mu);
    data = clean;
    size = clean_size;
  }
  *out = data;
  *out_size = size;
  *out_owned = owned;
  return FLYC_OK;
}

void flyc__prime_library(const char *path, uint32_t flags) {
  const void *data;
  size_t size;
  int owned;
  char digest[33];
  if (library_bytes(path, !(flags & FLYC_COMPILE_TRUSTED_BITCODE), &data, &size, &owned,
                    digest) == FLYC_OK &&
      owned)
    free((void *)data);
}

int flyc__load_library(flyc_compile_t *c, const char *path, int trusted,
                       LLVMModuleRef *out) {
  const void *data = NULL;
  size_t size = 0;
  int owned = 0;
  char digest[33];
  int rc = library_bytes(path, !trusted && !(c->opts.flags & FLYC_COMPILE_TRUSTED_BITCODE),
                         &data, &size, &owned, digest);
  if (rc == FLYC_ELINK && trusted)
    return flyc__error_append(" (found first on the device library search path; flyc "
                              "does not fall back to another copy)");
  if (rc)
    return rc;
  /* What was linked, for the cache to check against its key. */
  flyc__buf_printf(&c->inputs, "%s\t%s\n", digest, path);
  if (!flyc__is_bitcode(data, size) || has_suffix(path, ".ll")) {
    rc = flyc__parse_ir(c, data, size, path, out, FLYC_ELINK);
    if (owned)
      free((void *)data);
    return rc;
  }
  /* Lazy: only the functions the link needs are materialized. */
  LLVMMemoryBufferRef mb =
      owned ? LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, path)
            : LLVMCreateMemoryBufferWithMemoryRange(data, size, path, 0);
  if (owned)
    free((void *)data);
  if (!mb)
    return flyc__error_set(FLYC_ENOMEM, "out of memory reading '%s'", path);
  size_t before = c->diag.len;
  LLVMModuleRef m = NULL;
  /* On success the module owns mb; on failure LLVM 15-19 release it without
   * freeing it, so it is still ours to dispose. */
  if (LLVMGetBitcodeModuleInContext2(c->ctx, mb, &m) || !m) {
    LLVMDisposeMemoryBuffer(mb);
    return flyc__error_set(FLYC_ELINK, "link library '%s' is not valid bitcode: %s",
                           path,
                           c->diag.len > before ? c->diag.data + before
                                                : "unknown reader error");
  }
  *out = m;
  return FLYC_OK;
}

/* ---- module flags ---- */

typedef struct flag {
  int behavior;
  const char *key;
  unsigned key_len;
  int is_int;
  int64_t value;
} flag_t;

static flag_t *flags_of(LLVMModuleRef m, unsigned *count) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "llvm.module.flags");
  *count = 0;
  if (!n)
    return NULL;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  flag_t *f = calloc(n, sizeof *f);
  if (!nodes || !f) {
    free(nodes);
    free(f);
    return NULL;
  }
  LLVMGetNamedMetadataOperands(m, "llvm.module.flags", nodes);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    if (LLVMGetMDNodeNumOperands(nodes[i]) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(nodes[i], ops);
    if (!ops[0] || !LLVMIsAConstantInt(ops[0]) || !ops[1])
      continue;
    f[k].behavior = (int)LLVMConstIntGetZExtValue(ops[0]);
    f[k].key = LLVMGetMDString(ops[1], &f[k].key_len);
    if (!f[k].key)
      continue;
    if (ops[2] && LLVMIsAConstantInt(ops[2])) {
      f[k].is_int = 1;
      f[k].value = LLVMConstIntGetSExtValue(ops[2]);
    }
    k++;
  }
  free(nodes);
  *count = k;
  return f;
}

static int key_is(const flag_t *f, const char *k) {
  return f->key_len == strlen(k) && memcmp(f->key, k, f->key_len) == 0;
}

static int check_flags(flyc_compile_t *c, LLVMModuleRef lib, const char *path) {
  unsigned nl, nd;
  flag_t *lf = flags_of(lib, &nl);
  flag_t *df = flags_of(c->mod, &nd);
  int rc = FLYC_OK;
  for (unsigned i = 0; i < nl && rc == FLYC_OK; i++) {
    if (lf[i].behavior != 1 /* Error */)
      continue;
    if (c->target.family == FLYC_TARGET_AMDGPU && lf[i].is_int &&
        (key_is(&lf[i], "amdhsa_code_object_version") ||
         key_is(&lf[i], "amdgpu_code_object_version"))) {
      int64_t v = lf[i].value / 100;
      if (c->cov_open && v >= 4 && v <= flyc__llvm_max_cov()) {
        c->cov = (int)v;
        c->cov_open = 0;
        flyc__buf_printf(&c->log,
                         "%snote: code object version %d, as link library '%s' asks (no "
                         "COV was given and there is no comgr to tell what ROCm loads)",
                         c->log.len ? "\n" : "", c->cov, path);
        continue;
      }
      if (lf[i].value != c->cov * 100)
        rc = flyc__error_set(FLYC_ELINK,
                             "link library '%s' was built for code object version %lld "
                             "(module flag %.*s=%lld), but this compile makes COV %d",
                             path, (long long)(lf[i].value / 100), (int)lf[i].key_len,
                             lf[i].key, (long long)lf[i].value, c->cov);
      continue;
    }
    for (unsigned j = 0; j < nd; j++) {
      if (df[j].key_len != lf[i].key_len || memcmp(df[j].key, lf[i].key, lf[i].key_len))
        continue;
      if (df[j].is_int != lf[i].is_int || (lf[i].is_int && df[j].value != lf[i].value))
        rc = flyc__error_set(FLYC_ELINK,
                             "module flag '%.*s' conflicts: link library '%s' has %lld, "
                             "the module being linked into has %lld (the flag's merge "
                             "behaviour is Error)",
                             (int)lf[i].key_len, lf[i].key, path, (long long)lf[i].value,
                             (long long)df[j].value);
      break;
    }
  }
  free(lf);
  free(df);
  return rc;
}

/* ---- signatures ---- */

static char *type_str(LLVMTypeRef t) { return LLVMPrintTypeToString(t); }

/* Structural type equality: a library loaded into the context gets its own
 * copies of named struct types (%struct.P becomes %struct.P.0), which the
 * linker maps onto the module's; only a difference in shape is a mismatch. */
static int same_type(LLVMTypeRef a, LLVMTypeRef b, int depth) {
  if (a == b)
    return 1;
  if (depth > 32 || LLVMGetTypeKind(a) != LLVMGetTypeKind(b))
    return 0;
  switch (LLVMGetTypeKind(a)) {
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(a) == LLVMGetIntTypeWidth(b);
  case LLVMPointerTypeKind:
    return LLVMGetPointerAddressSpace(a) == LLVMGetPointerAddressSpace(b);
  case LLVMArrayTypeKind:
    return flyc__array_length(a) == flyc__array_length(b) &&
           same_type(LLVMGetElementType(a), LLVMGetElementType(b), depth + 1);
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(a) == LLVMGetVectorSize(b) &&
           same_type(LLVMGetElementType(a), LLVMGetElementType(b), depth + 1);
  case LLVMStructTypeKind: {
    if (LLVMIsOpaqueStruct(a) || LLVMIsOpaqueStruct(b))
      return 1; /* an opaque declaration matches any body */
    unsigned n = LLVMCountStructElementTypes(a);
    if (n != LLVMCountStructElementTypes(b) || LLVMIsPackedStruct(a) != LLVMIsPackedStruct(b))
      return 0;
    for (unsigned i = 0; i < n; i++)
      if (!same_type(LLVMStructGetTypeAtIndex(a, i), LLVMStructGetTypeAtIndex(b, i), depth + 1))
        return 0;
    return 1;
  }
  case LLVMFunctionTypeKind: {
    unsigned n = LLVMCountParamTypes(a);
    if (n != LLVMCountParamTypes(b) || LLVMIsFunctionVarArg(a) != LLVMIsFunctionVarArg(b) ||
        !same_type(LLVMGetReturnType(a), LLVMGetReturnType(b), depth + 1))
      return 0;
    LLVMTypeRef pa[64], pb[64];
    if (n > 64)
      return 0;
    LLVMGetParamTypes(a, pa);
    LLVMGetParamTypes(b, pb);
    for (unsigned i = 0; i < n; i++)
      if (!same_type(pa[i], pb[i], depth + 1))
        return 0;
    return 1;
  }
  default:
    return 1; /* same kind of float, label, metadata, token, void */
  }
}

static int ext_kind(LLVMValueRef fn, unsigned idx) {
  static unsigned sext, zext;
  if (!sext) {
    sext = LLVMGetEnumAttributeKindForName("signext", 7);
    zext = LLVMGetEnumAttributeKindForName("zeroext", 7);
  }
  if (LLVMGetEnumAttributeAtIndex(fn, idx, sext))
    return 1;
  if (LLVMGetEnumAttributeAtIndex(fn, idx, zext))
    return 2;
  return 0;
}

static const char *ext_name(int k) {
  return k == 1 ? "signext" : k == 2 ? "zeroext" : "no extension attribute";
}

static int narrow_int(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) < 32;
}

static const char *who(flyc_compile_t *c, const char *name, const char *dflt) {
  const char *o = flyc__origin_of(c, name);
  return o ? o : dflt;
}

static int sig_mismatch(flyc_compile_t *c, LLVMValueRef have, LLVMValueRef lib_fn,
                        const char *name, const char *path) {
  char *a = type_str(LLVMGlobalGetValueType(have));
  char *b = type_str(LLVMGlobalGetValueType(lib_fn));
  int have_def = !LLVMIsDeclaration(have), lib_def = !LLVMIsDeclaration(lib_fn);
  int rc = flyc__error_set(
      FLYC_ELINK,
      "signature mismatch for '%s': %s %s it as '%s', link library '%s' %s it as '%s'",
      name, who(c, name, "the module"), have_def ? "defines" : "declares", a, path,
      lib_def ? "defines" : "declares", b);
  LLVMDisposeMessage(a);
  LLVMDisposeMessage(b);
  return rc;
}

static int check_signatures(flyc_compile_t *c, LLVMModuleRef lib, const char *path) {
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f)) {
    LLVMLinkage l = LLVMGetLinkage(f);
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage || LLVMGetIntrinsicID(f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    LLVMValueRef have = LLVMGetNamedFunction(c->mod, name);
    if (!have) {
      LLVMValueRef g = LLVMGetNamedGlobal(c->mod, name);
      if (g && LLVMGetLinkage(g) != LLVMInternalLinkage &&
          LLVMGetLinkage(g) != LLVMPrivateLinkage)
        return flyc__error_set(FLYC_ELINK,
                               "'%s' is a global variable in %s but a function in link "
                               "library '%s'",
                               name, who(c, name, "the module"), path);
      continue;
    }
    LLVMLinkage hl = LLVMGetLinkage(have);
    if (hl == LLVMInternalLinkage || hl == LLVMPrivateLinkage)
      continue;
    LLVMTypeRef ht = LLVMGlobalGetValueType(have), lt = LLVMGlobalGetValueType(f);
    if (!same_type(ht, lt, 0))
      return sig_mismatch(c, have, f, name, path);
    /* Same types: narrow integers must also agree on extension (clang's
     * AMDGPU/NVPTX ABI passes i8/i16 with signext/zeroext). */
    unsigned np = LLVMCountParamTypes(lt);
    LLVMTypeRef *pt = np ? malloc(np * sizeof *pt) : NULL;
    if (np && !pt)
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    if (np)
      LLVMGetParamTypes(lt, pt);
    int bad = -2;
    for (unsigned i = 0; i <= np && bad == -2; i++) {
      LLVMTypeRef t = i == 0 ? LLVMGetReturnType(lt) : pt[i - 1];
      unsigned idx = i == 0 ? LLVMAttributeReturnIndex : i;
      if (narrow_int(t) && ext_kind(have, idx) != ext_kind(f, idx))
        bad = (int)i - 1;
    }
    free(pt);
    if (bad != -2) {
      unsigned idx = bad < 0 ? LLVMAttributeReturnIndex : (unsigned)bad + 1;
      char what[32];
      if (bad < 0)
        snprintf(what, sizeof what, "the return value");
      else
        snprintf(what, sizeof what, "parameter %d", bad);
      return flyc__error_set(FLYC_ELINK,
                             "signature mismatch for '%s': %s of %s has %s, in link "
                             "library '%s' it has %s (a narrow-integer ABI trap)",
                             name, what, who(c, name, "the module"),
                             ext_name(ext_kind(have, idx)), path,
                             ext_name(ext_kind(f, idx)));
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage || l == LLVMAppendingLinkage)
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    LLVMValueRef fn = LLVMGetNamedFunction(c->mod, name);
    if (fn && LLVMGetLinkage(fn) != LLVMInternalLinkage &&
        LLVMGetLinkage(fn) != LLVMPrivateLinkage)
      return flyc__error_set(FLYC_ELINK,
                             "'%s' is a function in %s but a global variable in link "
                             "library '%s'",
                             name, who(c, name, "the module"), path);
    LLVMValueRef have = LLVMGetNamedGlobal(c->mod, name);
    if (!have || LLVMGetLinkage(have) == LLVMInternalLinkage ||
        LLVMGetLinkage(have) == LLVMPrivateLinkage)
      continue;
    if (!same_type(LLVMGlobalGetValueType(have), LLVMGlobalGetValueType(g), 0)) {
      char *a = type_str(LLVMGlobalGetValueType(have));
      char *b = type_str(LLVMGlobalGetValueType(g));
      int rc = flyc__error_set(FLYC_ELINK,
                               "type mismatch for global '%s': %s has '%s', link library "
                               "'%s' has '%s'",
                               name, who(c, name, "the module"), a, path, b);
      LLVMDisposeMessage(a);
      LLVMDisposeMessage(b);
      return rc;
    }
  }
  return FLYC_OK;
}

int flyc__link_library(flyc_compile_t *c, LLVMModuleRef lib, const char *path,
                       int check) {
  int rc = FLYC_OK;
  if (check) {
    rc = flyc__check_triple_layout(c, lib, path, 0);
  } else {
    /* Device libraries are target-generic bitcode: adopt ours. */
    LLVMSetTarget(lib, c->target.ops->triple);
    LLVMSetDataLayout(lib, c->datalayout);
    /* LLVMLinkModules2 has no LinkOnlyNeeded: it would materialize and link
     * every external definition (all ~580 of libdevice's, 19 ms). As
     * linkonce_odr, only what the module references is pulled in. */
    for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == LLVMExternalLinkage)
        LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
  }
  if (rc == FLYC_OK)
    rc = check_flags(c, lib, path);
  if (rc == FLYC_OK)
    rc = check_signatures(c, lib, path);
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f && rc == FLYC_OK;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    LLVMLinkage l = LLVMGetLinkage(f);
    if (l != LLVMInternalLinkage && l != LLVMPrivateLinkage)
      flyc__origin_add(c, name, path);
    if (check)
      rc = c->target.ops->check_function(c, f, path);
  }
  /* Globals a library defines are remembered too: messages about them (a
   * library's own __oclc_* constants) name the library. */
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g && rc == FLYC_OK; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    size_t len;
    if (!LLVMIsDeclaration(g) && l != LLVMInternalLinkage && l != LLVMPrivateLinkage)
      flyc__origin_add(c, LLVMGetValueName2(g, &len), path);
  }
  if (rc != FLYC_OK) {
    LLVMDisposeModule(lib);
    return rc;
  }
  size_t before = c->diag.len;
  if (LLVMLinkModules2(c->mod, lib)) /* destroys lib */
    return flyc__error_set(FLYC_ELINK, "linking '%s' failed: %s", path,
                           c->diag.len > before ? c->diag.data + before : "(no detail)");
  return FLYC_OK;
}

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

int flyc__find_device_lib(flyc_compile_t *c, const char *file,
                          const char *const *defaults, size_t ndefaults, char **out) {
  flyc_buf_t searched = {0};
  for (size_t i = 0; i < c->opts.device_lib_dir_count; i++) {
    const char *d = c->opts.device_lib_dirs[i];
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
  if (c->opts.flags & FLYC_COMPILE_NO_DEFAULT_LIB_DIRS)
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

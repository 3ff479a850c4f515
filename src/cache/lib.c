/* The library cache: a link library's closure for a set of roots
 * (closure.c), by the library's content hash and the roots; in memory for
 * the process, on disk beside the compile cache (<cache dir>/lib/) for the
 * next one. A closure is small (what a kernel calls of NVSHMEM's 31 MB
 * library is kilobytes), so a second compile neither reads the library nor
 * starts a child for it.
 *
 * What is stored is bitcode this LLVM wrote from a module it built in
 * process: for untrusted bytes from the child's checked text (isolate.c),
 * never the caller's bytes. An entry's key is the whole key text (checked on
 * read, not just its hash); a torn or corrupt entry is a miss and removed. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <xxhash.h>

#include "build_id.h" /* generated: FLYC_BUILD_ID */
#include "flyc/cache.h"
#include "internal.h"
#include "cache/cache.h"
#include "cxx.h"

#define LIB_MEMORY_CAP 64
#define LIB_MEMORY_BYTES ((size_t)256 << 20)

typedef struct lib_entry {
  XXH128_hash_t h;
  char *key;
  size_t klen;
  void *bc;
  size_t size;
  uint64_t tick;
} lib_entry_t;

static pthread_mutex_t lib_mu = PTHREAD_MUTEX_INITIALIZER;
static lib_entry_t lib_mem[LIB_MEMORY_CAP];
static size_t lib_nmem, lib_bytes;
static uint64_t lib_tick;
static pthread_once_t lib_once = PTHREAD_ONCE_INIT;

static void lib_lock(void) { pthread_mutex_lock(&lib_mu); }
static void lib_unlock(void) { pthread_mutex_unlock(&lib_mu); }
static void lib_register(void) { (void)flyc__atfork_add(lib_lock, lib_unlock, lib_unlock); }

static void *copy_of(const void *p, size_t n) {
  void *q = malloc(n ? n : 1);
  if (q && n)
    memcpy(q, p, n);
  return q;
}

/* 1 and a copy in *bc when memory has `key`. */
static int mem_get(XXH128_hash_t h, const flyc_buf_t *key, void **bc, size_t *size) {
  int hit = 0;
  pthread_mutex_lock(&lib_mu);
  for (size_t i = 0; i < lib_nmem && !hit; i++) {
    lib_entry_t *e = &lib_mem[i];
    if (!XXH128_isEqual(e->h, h) || e->klen != key->len || memcmp(e->key, key->data, key->len))
      continue;
    if ((*bc = copy_of(e->bc, e->size))) {
      *size = e->size;
      e->tick = ++lib_tick;
      hit = 1;
    }
  }
  pthread_mutex_unlock(&lib_mu);
  return hit;
}

static void mem_drop(size_t i) {
  lib_bytes -= lib_mem[i].size;
  free(lib_mem[i].key);
  free(lib_mem[i].bc);
  lib_mem[i] = lib_mem[--lib_nmem];
}

static void mem_put(XXH128_hash_t h, const flyc_buf_t *key, const void *bc, size_t size) {
  if (size > LIB_MEMORY_BYTES / 4)
    return;
  char *k = copy_of(key->data, key->len);
  void *b = copy_of(bc, size);
  if (!k || !b) {
    free(k);
    free(b);
    return;
  }
  pthread_mutex_lock(&lib_mu);
  for (size_t i = 0; i < lib_nmem; i++)
    if (XXH128_isEqual(lib_mem[i].h, h) && lib_mem[i].klen == key->len &&
        !memcmp(lib_mem[i].key, key->data, key->len)) {
      mem_drop(i); /* a racing thread stored it first: ours replaces it */
      break;
    }
  while (lib_nmem && (lib_nmem == LIB_MEMORY_CAP || lib_bytes + size > LIB_MEMORY_BYTES)) {
    size_t old = 0;
    for (size_t i = 1; i < lib_nmem; i++)
      if (lib_mem[i].tick < lib_mem[old].tick)
        old = i;
    mem_drop(old);
  }
  lib_mem[lib_nmem++] = (lib_entry_t){h, k, key->len, b, size, ++lib_tick};
  lib_bytes += size;
  pthread_mutex_unlock(&lib_mu);
}

size_t flyc__libcache_forget(void) {
  pthread_mutex_lock(&lib_mu);
  size_t n = lib_nmem;
  while (lib_nmem)
    mem_drop(lib_nmem - 1);
  pthread_mutex_unlock(&lib_mu);
  return n;
}

typedef struct diag_buf {
  flyc_buf_t b;
} diag_buf_t;

static void on_diag(LLVMDiagnosticInfoRef di, void *p) {
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError)
    return;
  char *s = LLVMGetDiagInfoDescription(di);
  flyc__buf_printf(&((diag_buf_t *)p)->b, "%s", s ? s : "");
  LLVMDisposeMessage(s);
}

/* ---- on disk ---- */

/* <cache dir>/lib, and the entry's file in it; 0 when there is none. */
static int disk_paths(XXH128_hash_t h, char *dir, size_t dsize, char *file, size_t fsize) {
  char base[4096];
  flyc__error_saved_t sv;
  flyc__error_save(&sv);
  int rc = flyc_cache_dir(base, sizeof base);
  flyc__error_restore(&sv);
  if (rc)
    return 0;
  /* The compile cache's rule: a directory not ours, writable by others, or
   * a symbolic link is neither read nor written (lstat: lib/ too). */
  if (!flyc__cache_usable_dir(base, 0) && !flyc__cache_usable_dir(base, 1))
    return 0;
  int n = snprintf(dir, dsize, "%s/lib", base);
  int m = snprintf(file, fsize, "%s/%016llx%016llx.flyc", dir, (unsigned long long)h.high64,
                   (unsigned long long)h.low64);
  return n > 0 && (size_t)n < dsize && m > 0 && (size_t)m < fsize;
}

static int disk_get(const char *file, const flyc_buf_t *key, void **bc, size_t *size) {
  unsigned char *d = NULL;
  size_t n = 0;
  if (flyc__cache_read_entry(file, &d, &n, 1) != 1)
    return 0;
  const unsigned char *k, *p;
  size_t kl, pl;
  int ok = flyc__cache_parse_entry(d, n, &k, &kl, &p, &pl) == 0 && kl == key->len &&
           !memcmp(k, key->data, kl) && flyc__is_bitcode(p, pl);
  if (ok && (*bc = copy_of(p, pl)))
    *size = pl;
  else if (!ok && unlink(file) == 0)
    flyc__cache_count(&flyc__cache_stats.corrupt);
  free(d);
  return ok && *bc;
}

/* ---- extraction ---- */

/* `m` as bitcode into *bc (malloc'd). */
static int write_bc(LLVMModuleRef m, const char *path, void **bc, size_t *size) {
  LLVMMemoryBufferRef mb = LLVMWriteBitcodeToMemoryBuffer(m);
  *bc = mb ? copy_of(LLVMGetBufferStart(mb), LLVMGetBufferSize(mb)) : NULL;
  *size = mb ? LLVMGetBufferSize(mb) : 0;
  if (mb)
    LLVMDisposeMemoryBuffer(mb);
  return *bc ? FLYC_OK
             : flyc__error_set(FLYC_ENOMEM, "out of memory writing the closure of '%s'", path);
}

/* Bitcode `bc` (flyc's own) into `ctx`: 0, or -1 when it does not read
 * back (a damaged entry whose checksum held). `upgraded`: written from a
 * module LLVM's IR parser made (the child's checked text), whose debug info
 * that parser upgraded and verified already; read lazily and materialized
 * a global at a time (cxx.h), without the whole-module verification a full
 * read repeats. Else (a trusted library's closure, never upgraded) a full
 * read, which upgrades it. */
static int read_into(LLVMContextRef ctx, const void *bc, size_t n, const char *path,
                     int upgraded, LLVMModuleRef *out) {
  *out = NULL;
  if (!upgraded) {
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(bc, n, path, 0);
    int bad = !mb || LLVMParseBitcodeInContext2(ctx, mb, out) || !*out;
    if (mb)
      LLVMDisposeMemoryBuffer(mb);
    return bad ? -1 : 0;
  }
  /* The module owns its copy of the bytes: it reads them as it goes. */
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(bc, n, path);
  if (!mb || LLVMGetBitcodeModuleInContext2(ctx, mb, out) || !*out) {
    if (mb)
      LLVMDisposeMemoryBuffer(mb); /* taken only by a module read */
    *out = NULL;
    return -1;
  }
  if (flyc__materialize_bodies(*out) != 0) {
    LLVMDisposeModule(*out);
    *out = NULL;
    return -1;
  }
  return 0;
}

/* Trusted bytes: read lazily and linked in process, in a context of their
 * own (the whole library's declarations stay out of the compile's), then
 * into `ctx` through bitcode, which *bc keeps. */
static int extract_here(const flyc__closure_req_t *r, LLVMContextRef into, LLVMModuleRef *out,
                        void **bc, size_t *size) {
  diag_buf_t d = {{0}};
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, on_diag, &d);
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(r->data, r->size, r->path, 0);
  LLVMModuleRef lib = NULL, m = NULL;
  int rc;
  if (!mb || LLVMGetBitcodeModuleInContext2(ctx, mb, &lib) || !lib) {
    if (mb && !lib)
      LLVMDisposeMemoryBuffer(mb);
    rc = flyc__error_set(FLYC_ELINK, "link library '%s' is not valid bitcode: %s", r->path,
                         d.b.len ? d.b.data : "unknown reader error");
  } else if ((rc = flyc__closure_extract(lib, &r->names, &m)) != FLYC_OK) {
    if (rc == FLYC_ELINK)
      flyc__error_set(FLYC_ELINK, "linking what the module needs of '%s' failed: %s", r->path,
                      d.b.len ? d.b.data : "(no detail)");
  } else {
    rc = write_bc(m, r->path, bc, size);
    LLVMDisposeModule(m);
    if (rc == FLYC_OK && read_into(into, *bc, *size, r->path, 0, out) != 0) {
      free(*bc);
      *bc = NULL;
      rc = flyc__error_set(FLYC_ELINK, "the closure of link library '%s' does not read back",
                           r->path);
    }
  }
  LLVMContextDispose(ctx);
  flyc__buf_free(&d.b);
  return rc;
}

/* Untrusted bytes: the child (isolate.c) maps the file itself, checks its
 * hash, reads the closure, verifies it and prints it; its text, parsed here
 * into `ctx`, is the closure, and *bc its bitcode, this LLVM's. The caller's
 * process never reads the library. */
static int extract_child(const flyc__closure_req_t *r, LLVMContextRef ctx, LLVMModuleRef *out,
                         void **bc, size_t *size) {
  flyc__bc_item_t it = {r->data, r->size, "link library", r->path, FLYC_ELINK, NULL,
                        &r->names, r->path, r->digest};
  int rc = flyc__bitcode_to_text_many(&it, 1);
  if (rc)
    return rc;
  if ((rc = flyc__ir_nesting_check(it.text, strlen(it.text), "the closure of link library",
                                   r->path, FLYC_ELINK))) {
    free(it.text);
    return rc;
  }
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(it.text, strlen(it.text),
                                                                 r->path, 0);
  char *msg = NULL;
  if (!mb || LLVMParseIRInContext(ctx, mb, out, &msg) || !*out) /* takes mb */
    rc = flyc__error_set(FLYC_ELINK,
                         "link library '%s' is malformed bitcode: LLVM's reader accepted "
                         "it, but its disassembly does not parse: %s",
                         r->path, msg ? msg : "unknown error");
  else if (bc && (rc = write_bc(*out, r->path, bc, size)) != FLYC_OK) {
    LLVMDisposeModule(*out);
    *out = NULL;
  }
  LLVMDisposeMessage(msg);
  free(it.text);
  return rc;
}

/* A closure extracted now: the module in `ctx`, and, when `bc` is not NULL,
 * its bitcode (*bc, malloc'd) for the caches. Trusted bytes are read here
 * when the link stage has not; untrusted ones only by the child. */
static int extract(const flyc__closure_req_t *r, LLVMContextRef ctx, LLVMModuleRef *out,
                   void **bc, size_t *size) {
  *out = NULL;
  if (bc)
    *bc = NULL;
  if (!r->trusted)
    return extract_child(r, ctx, out, bc, size);
  void *own = NULL; /* the trusted path reads its closure back from bitcode */
  if (!bc)
    bc = &own;
  flyc__closure_req_t q = *r;
  int owned = 0, rc;
  if (!q.data && (rc = flyc__file_read_as(q.path, q.digest, &q.data, &q.size, &owned)))
    return rc;
  rc = extract_here(&q, ctx, out, bc, size);
  if (owned)
    free((void *)q.data);
  free(own);
  return rc;
}

static void make_key(const flyc__closure_req_t *r, flyc_buf_t *k) {
  const flyc__closure_names_t *n = &r->names;
  flyc__buf_printf(k,
                   "flyc-libcache 2\nbuild %s\nllvm %s\nlibrary %s\nread %s\npass %s\n"
                   "roots %zu\n",
                   FLYC_BUILD_ID, flyc_llvm_version(), r->digest,
                   r->trusted ? "in process" : "child", n->later ? "later" : "first",
                   n->nroots);
  /* Length-prefixed: a name may hold a newline. */
  for (size_t i = 0; i < n->nroots; i++)
    flyc__buf_printf(k, "%zu:%s\n", strlen(n->roots[i]), n->roots[i]);
  flyc__buf_printf(k, "skip %zu\n", n->nskip);
  for (size_t i = 0; i < n->nskip; i++)
    flyc__buf_printf(k, "%zu:%s\n", strlen(n->skip[i]), n->skip[i]);
}

int flyc__libcache_closure(const flyc__closure_req_t *r, LLVMContextRef ctx, LLVMModuleRef *out) {
  *out = NULL;
  void *bc = NULL;
  size_t size = 0;
  int rc;
  if (!r->use_cache)
    return extract(r, ctx, out, NULL, &size);
  pthread_once(&lib_once, lib_register);
  flyc_buf_t key = {0};
  make_key(r, &key);
  if (key.oom) {
    flyc__buf_free(&key);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  XXH128_hash_t h = XXH3_128bits(key.data, key.len);
  char dir[4200], file[4300];
  int disk = r->use_cache == 1 && flyc__cache_enabled() &&
             disk_paths(h, dir, sizeof dir, file, sizeof file);
  int hit = 0;
  if (mem_get(h, &key, &bc, &size)) {
    hit = read_into(ctx, bc, size, r->path, !r->trusted, out) == 0;
  } else if (disk && flyc__cache_usable_dir(dir, 0) && disk_get(file, &key, &bc, &size)) {
    /* Read once, into the compile's context: a payload that does not read
     * back is a damaged entry, removed, and a miss. */
    if ((hit = read_into(ctx, bc, size, r->path, !r->trusted, out) == 0))
      mem_put(h, &key, bc, size);
    else if (unlink(file) == 0)
      flyc__cache_count(&flyc__cache_stats.corrupt);
  }
  if (hit) {
    free(bc);
    flyc__buf_free(&key);
    return FLYC_OK;
  }
  free(bc);
  rc = extract(r, ctx, out, &bc, &size);
  if (rc == FLYC_OK) {
    mem_put(h, &key, bc, size);
    const char *why;
    if (disk && flyc__cache_usable_dir(dir, 1))
      (void)flyc__cache_store(dir, file, key.data, key.len, bc, size,
                              flyc__cache_max_bytes() / 4, &why);
  }
  free(bc);
  flyc__buf_free(&key);
  return rc;
}

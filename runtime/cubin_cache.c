/* The CUDA driver's cubins, kept on disk (issue 15, item 5): the built-in
 * CUDA driver turns PTX into a cubin with the driver's own JIT linker
 * (cuLinkCreate / cuLinkAddData / cuLinkComplete, no toolkit) and keeps it
 * in <cache dir>/cubin, keyed by the PTX's bytes, the device's compute
 * capability and the driver's version, so that a later process loads the
 * cubin instead of JIT-compiling the PTX again. The entries are
 * base/entry.c's (checksum, atomic write, LRU cap: a quarter of
 * FLYC_CACHE_MAX_BYTES); FLYC_CACHE=0 turns it off with the compile
 * caches, FLYC_CUBIN_CACHE=0 alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Header-only: the runtime links no xxhash library. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cubin_cache.h"

/* Bump when what a key means changes (the JIT options flyc passes). */
#define CUBIN_KEY_VERSION "flyc-cubin 1 (cuLink, default JIT options)"

int flyc__cubin_entry(flyc__cubin_entry_t *e, const char *ptx, size_t size, int cc_major,
                      int cc_minor, int driver_version) {
  memset(e, 0, sizeof *e);
  const char *only = getenv("FLYC_CUBIN_CACHE");
  if (!flyc__cache_enabled() || (only && strcmp(only, "0") == 0))
    return 0;
  char base[3800];
  flyc__error_saved_t sv; /* no cache directory: the driver JITs as before */
  flyc__error_save(&sv);
  int rc = flyc__cache_dir(base, sizeof base);
  flyc__error_restore(&sv);
  if (rc || !flyc__cache_usable_dir(base, 1))
    return 0;
  XXH128_hash_t h = XXH3_128bits(ptx, size);
  int k = snprintf(e->key, sizeof e->key,
                   "%s\ncompute capability %d.%d\ndriver %d\nptx %zu:%016llx%016llx\n",
                   CUBIN_KEY_VERSION, cc_major, cc_minor, driver_version, size,
                   (unsigned long long)h.high64, (unsigned long long)h.low64);
  XXH128_hash_t f = XXH3_128bits(e->key, (size_t)k);
  int n = snprintf(e->dir, sizeof e->dir, "%s/cubin", base);
  int m = snprintf(e->file, sizeof e->file, "%s/%016llx%016llx.flyc", e->dir,
                   (unsigned long long)f.high64, (unsigned long long)f.low64);
  if (k <= 0 || (size_t)k >= sizeof e->key || n <= 0 || (size_t)n >= sizeof e->dir || m <= 0 ||
      (size_t)m >= sizeof e->file)
    return 0;
  e->on = 1;
  return 1;
}

/* A cubin is an ELF file: anything else under a key is not one. */
static int plausible(const unsigned char *p, size_t n) {
  return n > 64 && memcmp(p, "\x7f" "ELF", 4) == 0;
}

int flyc__cubin_get(const flyc__cubin_entry_t *e, void **cubin, size_t *size) {
  *cubin = NULL;
  *size = 0;
  if (!e->on || !flyc__cache_usable_dir(e->dir, 0))
    return 0;
  unsigned char *d = NULL;
  size_t n = 0;
  int st = flyc__cache_read_entry(e->file, &d, &n, 1);
  if (st != 1) {
    free(d);
    return 0; /* absent, another user's, or unreadable: not ours to judge */
  }
  const unsigned char *key, *payload;
  size_t klen, plen;
  int ok = flyc__cache_parse_entry(d, n, &key, &klen, &payload, &plen) == 0 &&
           klen == strlen(e->key) && memcmp(key, e->key, klen) == 0 &&
           plausible(payload, plen);
  void *c = ok ? malloc(plen) : NULL;
  if (!c) {
    free(d);
    if (!ok)
      flyc__cubin_forget(e); /* corrupt, torn, or another key's bytes */
    return 0;
  }
  memcpy(c, payload, plen);
  free(d);
  *cubin = c;
  *size = plen;
  return 1;
}

void flyc__cubin_put(const flyc__cubin_entry_t *e, const void *cubin, size_t size) {
  const char *why;
  if (e->on && plausible(cubin, size) && flyc__cache_usable_dir(e->dir, 1))
    (void)flyc__cache_store(e->dir, e->file, e->key, strlen(e->key), cubin, size,
                            flyc__cache_max_bytes() / 4, &why);
}

void flyc__cubin_forget(const flyc__cubin_entry_t *e) {
  if (e->on && unlink(e->file) == 0)
    flyc__cache_count(&flyc__cache_stats.corrupt);
}

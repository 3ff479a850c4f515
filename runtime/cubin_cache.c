/* The CUDA driver's cubins, kept on disk (issue 15, item 5): the built-in
 * CUDA driver turns PTX into a cubin with the driver's own JIT linker
 * (cuLinkCreate / cuLinkAddData / cuLinkComplete, no toolkit) and keeps it
 * in <cache dir>/cubin, keyed by the PTX's bytes (all of them, in the
 * entry), the device's compute capability and the driver (its version and
 * its library's identity), so that a later process loads the cubin instead
 * of JIT-compiling the PTX again. The entries are
 * base/entry.c's (checksum, atomic write, LRU cap: a quarter of
 * FLYC_CACHE_MAX_BYTES); FLYC_CACHE=0 turns it off with the compile
 * caches, FLYC_CUBIN_CACHE=0 alone. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Header-only: the runtime links no xxhash library. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cubin_cache.h"

/* Bump when what a key means changes (the JIT options flyc passes). */
#define CUBIN_KEY_VERSION "flyc-cubin 2 (cuLink, default JIT options)"

int flyc__cubin_entry(flyc__cubin_entry_t *e, const char *ptx, size_t size, int cc_major,
                      int cc_minor, const char *driver) {
  memset(e, 0, sizeof *e);
  if (!flyc__cache_enabled() || flyc__env_off("FLYC_CUBIN_CACHE"))
    return 0;
  char base[3800];
  flyc__error_saved_t sv; /* no cache directory: the driver JITs as before */
  flyc__error_save(&sv);
  int rc = flyc__cache_dir(base, sizeof base);
  flyc__error_restore(&sv);
  if (rc || !flyc__cache_usable_dir(base, 1))
    return 0;
  int k = snprintf(e->head, sizeof e->head, "%s\ncompute capability %d.%d\ndriver %s\nptx %zu\n",
                   CUBIN_KEY_VERSION, cc_major, cc_minor, driver, size);
  /* The file's name hashes the key; the entry holds the whole key, so two
   * PTX texts that hash alike are a miss for each other, never a hit. */
  XXH128_hash_t h = XXH3_128bits(ptx, size);
  char named[1500];
  int nk = snprintf(named, sizeof named, "%s%016llx%016llx", e->head,
                    (unsigned long long)h.high64, (unsigned long long)h.low64);
  XXH128_hash_t f = XXH3_128bits(named, nk > 0 ? (size_t)nk : 0);
  int n = snprintf(e->dir, sizeof e->dir, "%s/cubin", base);
  int m = snprintf(e->file, sizeof e->file, "%s/%016llx%016llx.flyc", e->dir,
                   (unsigned long long)f.high64, (unsigned long long)f.low64);
  if (k <= 0 || (size_t)k >= sizeof e->head || nk <= 0 || (size_t)nk >= sizeof named ||
      n <= 0 || (size_t)n >= sizeof e->dir || m <= 0 || (size_t)m >= sizeof e->file)
    return 0;
  e->ptx = ptx;
  e->ptx_size = size;
  e->on = 1;
  return 1;
}

static uint64_t le(const unsigned char *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* A cubin is a 64-bit little-endian ELF for EM_CUDA (190) whose program and
 * section header tables lie inside it: the driver is handed no size, so a
 * table past the end would be read past the buffer. */
static int plausible(const unsigned char *p, size_t n) {
  if (n < 64 || memcmp(p, "\x7f" "ELF", 4) != 0 || p[4] != 2 || p[5] != 1 || le(p + 18, 2) != 190)
    return 0;
  uint64_t phoff = le(p + 32, 8), shoff = le(p + 40, 8);
  uint64_t phsz = le(p + 54, 2) * le(p + 56, 2), shsz = le(p + 58, 2) * le(p + 60, 2);
  return phoff <= n && phsz <= n - phoff && shoff <= n && shsz <= n - shoff;
}

static int key_is(const flyc__cubin_entry_t *e, const unsigned char *key, size_t klen) {
  size_t hl = strlen(e->head);
  return klen == hl + e->ptx_size && memcmp(key, e->head, hl) == 0 &&
         memcmp(key + hl, e->ptx, e->ptx_size) == 0;
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
           key_is(e, key, klen) && plausible(payload, plen);
  if (!ok) {
    free(d);
    flyc__cubin_forget(e); /* corrupt, torn, or another key's bytes */
    return 0;
  }
  /* The payload, moved to the buffer's start: no second copy. */
  memmove(d, payload, plen);
  *cubin = d;
  *size = plen;
  return 1;
}

void flyc__cubin_put(const flyc__cubin_entry_t *e, const void *cubin, size_t size) {
  if (!e->on || !plausible(cubin, size) || !flyc__cache_usable_dir(e->dir, 1))
    return;
  size_t hl = strlen(e->head);
  char *key = malloc(hl + e->ptx_size + 1);
  if (!key)
    return;
  memcpy(key, e->head, hl);
  memcpy(key + hl, e->ptx, e->ptx_size);
  const char *why;
  (void)flyc__cache_store(e->dir, e->file, key, hl + e->ptx_size, cubin, size,
                          flyc__cache_max_bytes() / 4, &why);
  free(key);
}

void flyc__cubin_forget(const flyc__cubin_entry_t *e) {
  if (e->on && unlink(e->file) == 0)
    flyc__cache_count(&flyc__cache_stats.corrupt);
}

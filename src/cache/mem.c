/* The in-memory cache: artifacts by key, least recently used out. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "flyc/cache.h"
#include "internal.h"
#include "cache/cache.h"

pthread_mutex_t flyc__cache_mem_mu = PTHREAD_MUTEX_INITIALIZER;

/* ---- in memory ---- */

typedef struct mem_entry {
  XXH128_hash_t h;
  char *key;
  size_t len;
  flyc_artifact_t *a;
  uint64_t tick;
} mem_entry_t;

static mem_entry_t mem[MEMORY_CAP];
size_t flyc__cache_nmem;
static uint64_t mem_tick;

flyc_artifact_t *flyc__cache_mem_get(const flyc_cache_req_t *r) {
  flyc_artifact_t *a = NULL;
  pthread_mutex_lock(&flyc__cache_mem_mu);
  for (size_t i = 0; i < flyc__cache_nmem && !a; i++)
    if (XXH128_isEqual(mem[i].h, r->hash) && mem[i].len == r->key.len &&
        memcmp(mem[i].key, r->key.data, r->key.len) == 0) {
      a = flyc__artifact_ref(mem[i].a);
      mem[i].tick = ++mem_tick;
    }
  pthread_mutex_unlock(&flyc__cache_mem_mu);
  return a;
}

void flyc__cache_mem_put(const flyc_cache_req_t *r, flyc_artifact_t *a) {
  char *key = malloc(r->key.len);
  /* The table holds a view, which every memory hit shares: the caller that
   * compiled `a` (or read it from disk) keeps seeing its own origin. */
  flyc_artifact_t *view = key ? flyc__artifact_view(a, FLYC_ARTIFACT_MEMORY_CACHE) : NULL;
  if (!view) {
    free(key);
    return;
  }
  memcpy(key, r->key.data, r->key.len);
  flyc_artifact_t *old = NULL;
  pthread_mutex_lock(&flyc__cache_mem_mu);
  size_t slot = flyc__cache_nmem;
  for (size_t i = 0; i < flyc__cache_nmem; i++)
    if (XXH128_isEqual(mem[i].h, r->hash) && mem[i].len == r->key.len &&
        memcmp(mem[i].key, r->key.data, r->key.len) == 0)
      slot = i; /* a racing compile of the same key: the newer replaces it */
  if (slot == flyc__cache_nmem && flyc__cache_nmem == MEMORY_CAP) {
    slot = 0;
    for (size_t i = 1; i < flyc__cache_nmem; i++)
      if (mem[i].tick < mem[slot].tick)
        slot = i;
  }
  if (slot < flyc__cache_nmem) {
    old = mem[slot].a;
    free(mem[slot].key);
  } else {
    flyc__cache_nmem++;
  }
  mem[slot] = (mem_entry_t){r->hash, key, r->key.len, view, ++mem_tick};
  pthread_mutex_unlock(&flyc__cache_mem_mu);
  flyc_artifact_destroy(old);
}

size_t flyc__cache_mem_clear(void);

size_t flyc_cache_forget(void) {
  flyc__libcache_forget();
  return flyc__cache_mem_clear();
}

size_t flyc__cache_mem_clear(void) {
  pthread_mutex_lock(&flyc__cache_mem_mu);
  size_t n = flyc__cache_nmem;
  mem_entry_t copy[MEMORY_CAP];
  memcpy(copy, mem, n * sizeof *copy);
  flyc__cache_nmem = 0;
  pthread_mutex_unlock(&flyc__cache_mem_mu);
  for (size_t i = 0; i < n; i++) {
    free(copy[i].key);
    flyc_artifact_destroy(copy[i].a);
  }
  return n;
}

/* What the cache's files (src/cache/) share; nothing outside src/cache/
 * includes this. */
#ifndef FLYC_SRC_CACHE_H
#define FLYC_SRC_CACHE_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "internal.h"

#define ENTRY_MAGIC "FLYCACHE"
#define ENTRY_VERSION 1u
#define KEY_VERSION "flyc-cache-key 1"
#define MEMORY_CAP 256
#define MAX_ENTRY ((uint64_t)1 << 31) /* larger files are not entries */

/* ---- cache.c: fork handlers ---- */

extern pthread_once_t flyc__cache_atfork_once;
void flyc__cache_register_atfork(void);

/* ---- counters.c: process counters ---- */

extern struct flyc__cache_counters {
  uint64_t memory_hits, disk_hits, misses, writes, evictions, corrupt, errors;
} flyc__cache_stats;
void flyc__cache_count(uint64_t *c);

/* ---- mem.c ---- */

extern pthread_mutex_t flyc__cache_mem_mu;
extern size_t flyc__cache_nmem;
flyc_artifact_t *flyc__cache_mem_get(const flyc_cache_req_t *r);
void flyc__cache_mem_put(const flyc_cache_req_t *r, flyc_artifact_t *a);
size_t flyc__cache_mem_clear(void);

/* ---- disk.c ---- */

/* FLYC_CACHE=0 (off, false, no) turns both caches off. */
int flyc__cache_enabled(void);
int flyc__cache_usable_dir(const char *dir, int create);
uint64_t flyc__cache_max_bytes(void);
int flyc__cache_read_entry(const char *path, unsigned char **data, size_t *size,
                           int bump);
int flyc__cache_parse_entry(const unsigned char *d, size_t n,
                            const unsigned char **key, size_t *klen,
                            const unsigned char **payload, size_t *plen);
/* 1 hit, 0 miss, or a negative status. */
int flyc__cache_disk_get(const flyc_cache_req_t *r, flyc_artifact_t **out);
void flyc__cache_disk_put(const flyc_cache_req_t *r, flyc_artifact_t *a);
void flyc__cache_note(flyc_artifact_t *a, const char *fmt, const char *arg);
/* Writes an entry (`key`, `payload`) as `file` in `dir` atomically, then
 * removes the least recently used entries of `dir` over `cap` bytes (the
 * new one last). 0, or -1 with *why (static) saying what failed. */
int flyc__cache_store(const char *dir, const char *file, const void *key, size_t klen,
                      const void *payload, size_t plen, uint64_t cap, const char **why);

/* Entries in the directory, for the size cap and the listing. */
typedef struct dent {
  char *path;
  uint64_t bytes;
  struct timespec mtime;
} dent_t;
long flyc__cache_scan(const char *dir, dent_t **out, int tmp, int any_mode);
void flyc__cache_free_dents(dent_t *v, long n);
int flyc__cache_ends_with(const char *s, const char *suffix);

#endif

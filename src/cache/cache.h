/* What the cache's files (src/cache/) share; nothing outside src/cache/
 * includes this. */
#ifndef FLYC_SRC_CACHE_H
#define FLYC_SRC_CACHE_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "internal.h"

#define KEY_VERSION "flyc-cache-key 1"
#define MEMORY_CAP 256

/* ---- cache.c: fork handlers ---- */

extern pthread_once_t flyc__cache_atfork_once;
void flyc__cache_register_atfork(void);

/* ---- mem.c ---- */

extern pthread_mutex_t flyc__cache_mem_mu;
extern size_t flyc__cache_nmem;
flyc_artifact_t *flyc__cache_mem_get(const flyc_cache_req_t *r);
void flyc__cache_mem_put(const flyc_cache_req_t *r, flyc_artifact_t *a);
size_t flyc__cache_mem_clear(void);

/* ---- disk.c ---- */

/* 1 hit, 0 miss, or a negative status. */
int flyc__cache_disk_get(const flyc_cache_req_t *r, flyc_artifact_t **out);
void flyc__cache_disk_put(const flyc_cache_req_t *r, flyc_artifact_t *a);
void flyc__cache_note(flyc_artifact_t *a, const char *fmt, const char *arg);

#endif

/* The caches' process counters, counted by the compile's side (cache.c)
 * and the disk cache (disk.c) alike, read by flyc_cache_stats. */
#include <stdint.h>

#include "cache/cache.h"

struct flyc__cache_counters flyc__cache_stats;

void flyc__cache_count(uint64_t *c) { __atomic_add_fetch(c, 1, __ATOMIC_RELAXED); }

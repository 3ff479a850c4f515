/* The CUDA driver's cubins kept on disk (cubin_cache.c), for cuda.c. */
#ifndef FLYC_RUNTIME_CUBIN_CACHE_H
#define FLYC_RUNTIME_CUBIN_CACHE_H

#include <stddef.h>

#include "internal.h"

/* Where one PTX's cubin for one device and driver lives. The key is the
 * header (device, driver) followed by the PTX's own bytes: an entry is this
 * PTX's only when every byte matches, never by a hash alone. */
typedef struct flyc__cubin_entry {
  int on; /* 0: no cache (FLYC_CACHE=0, FLYC_CUBIN_CACHE=0, no usable directory) */
  char head[1400];
  const char *ptx; /* borrowed from the caller */
  size_t ptx_size;
  char dir[3900];
  char file[4000];
} flyc__cubin_entry_t;

/* Fills `e` for `ptx` (its `size` bytes, without the NUL; borrowed while `e`
 * is used) on a device of compute capability `cc_major`.`cc_minor` under
 * the driver `driver` names: its version (cuDriverGetVersion's number, the
 * CUDA version it supports) and the identity of the library that JITs (path,
 * size, modification time: a driver update changes them where the version
 * stays). 1 when the cache is on, 0 when it is off (FLYC_CACHE=0,
 * FLYC_CUBIN_CACHE=0) or there is no usable directory (e->on is 0: the
 * other calls do nothing). Sets no error. */
int flyc__cubin_entry(flyc__cubin_entry_t *e, const char *ptx, size_t size, int cc_major,
                      int cc_minor, const char *driver);
/* 1 with *cubin (malloc'd, the caller frees) and *size from the entry, or
 * 0: absent, or not a whole entry of this key holding a CUDA ELF (then
 * removed). */
int flyc__cubin_get(const flyc__cubin_entry_t *e, void **cubin, size_t *size);
/* Keeps `cubin` under `e`'s key (atomically; the cap is a quarter of
 * FLYC_CACHE_MAX_BYTES); a failure to write loses nothing but the entry. */
void flyc__cubin_put(const flyc__cubin_entry_t *e, const void *cubin, size_t size);
/* Removes `e`'s entry (one the driver refused to load). */
void flyc__cubin_forget(const flyc__cubin_entry_t *e);

#endif

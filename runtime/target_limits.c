/* What the runtime knows of a target from its name alone: the limits the
 * launch check and the builder apply. */
#include <stdint.h>
#include <string.h>

#include "internal.h"

/* The N of a CUDA target "sm_N" (an "a" or "f" suffix allowed), else 0.
 * Parsed by hand: the launch check runs it on every launch. */
unsigned flyc__sm_version(const char *id) {
  if (!id || strncmp(id, "sm_", 3) != 0)
    return 0;
  unsigned v = 0;
  const char *p = id + 3;
  for (; *p >= '0' && *p <= '9' && v < 100000; p++)
    v = v * 10 + (unsigned)(*p - '0');
  if (p == id + 3 || (*p && ((*p != 'a' && *p != 'f') || p[1])))
    return 0;
  return v;
}

void flyc__shared_limits(const char *id, uint64_t *static_max, uint64_t *total_max) {
  if (id && strncmp(id, "gfx", 3) == 0) {
    /* LDS per workgroup: 64 KiB, 160 KiB on gfx950, 320 KiB on gfx1250. */
    *total_max = strncmp(id, "gfx950", 6) == 0    ? 160 << 10
                 : strncmp(id, "gfx125", 6) == 0 ? 320 << 10
                                                 : 64 << 10;
    *static_max = *total_max;
    return;
  }
  /* CUDA: 48 KiB a .shared declaration may hold; with dynamic shared memory,
   * the SM's opt-in maximum per block (CUDA C Programming Guide, compute
   * capabilities table). */
  *static_max = 48 << 10;
  unsigned sm = flyc__sm_version(id);
  *total_max = sm == 90 || sm == 100 || sm == 101 || sm == 103 ? 227 << 10
               : sm == 80 || sm == 87                          ? 163 << 10
               : sm == 86 || sm == 89 || sm >= 120             ? 99 << 10
               : sm == 70 || sm == 72                          ? 96 << 10
               : sm == 75                                      ? 64 << 10
                                                               : 48 << 10;
}

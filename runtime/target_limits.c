/* What the runtime knows of a target from its name alone: the limits the
 * launch check and the builder apply. The only place in runtime/ that reads
 * facts out of a target string. */
#include <stdint.h>
#include <string.h>

#include "internal.h"

/* The N of a CUDA target "sm_N" (an "a" or "f" suffix allowed), else 0.
 * Parsed by hand: the launch check runs it on every launch. */
static unsigned sm_version(const char *id) {
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

void flyc__target_limits(const char *id, flyc__target_limits_t *out) {
  memset(out, 0, sizeof *out);
  /* 1024 threads a block on every AMD and NVIDIA GPU flyc targets. */
  out->block_max[0] = out->block_max[1] = out->block_max[2] = 1024;
  out->block_threads_max = 1024;
  if (id && strncmp(id, "gfx", 3) == 0) {
    /* LDS per workgroup: 64 KiB, 160 KiB on gfx950, 320 KiB on gfx1250. */
    out->shared_total_max = strncmp(id, "gfx950", 6) == 0   ? 160 << 10
                            : strncmp(id, "gfx125", 6) == 0 ? 320 << 10
                                                            : 64 << 10;
    out->shared_static_max = out->shared_total_max;
    return; /* grid_max 0: HIP counts a dimension in work-items, below 2^32 */
  }
  /* CUDA: 48 KiB a .shared declaration may hold; with dynamic shared memory,
   * the SM's opt-in maximum per block (CUDA C Programming Guide, compute
   * capabilities table). */
  unsigned sm = sm_version(id);
  out->sm = sm;
  out->shared_static_max = 48 << 10;
  out->shared_total_max = sm == 90 || sm == 100 || sm == 101 || sm == 103 ? 227 << 10
                          : sm == 80 || sm == 87                          ? 163 << 10
                          : sm == 86 || sm == 89 || sm >= 120             ? 99 << 10
                          : sm == 70 || sm == 72                          ? 96 << 10
                          : sm == 75                                      ? 64 << 10
                                                                          : 48 << 10;
  if (!sm)
    return; /* unknown: the smallest shared limits, HIP's grid rule */
  /* CUDA's grid: 2^31-1 x 65535 x 65535 blocks; 64 threads along z. */
  out->grid_max[0] = 0x7fffffffu;
  out->grid_max[1] = out->grid_max[2] = 65535u;
  out->block_max[2] = 64;
  out->clusters = sm >= 90 && sm <= 1000;
}

void flyc__shared_limits(const char *id, uint64_t *static_max, uint64_t *total_max) {
  flyc__target_limits_t l;
  flyc__target_limits(id, &l);
  *static_max = l.shared_static_max;
  *total_max = l.shared_total_max;
}

/* Launches (flyc/runtime.h): checked against the kernel metadata and the
 * target's limits before the driver sees them. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"

static uint32_t dim(uint32_t v) { return v ? v : 1; }

static const char axis[] = "xyz";

/* One launch being checked: the parts flyc_launch_check runs in order. */
typedef struct check {
  const flyc_kernel_info_t *kernel; /* the caller's, or NULL */
  const flyc_kernel_info_t *k;      /* `kernel`, or all zeros */
  const char *name, *target;
  flyc__target_limits_t lim;
  flyc_launch_config_t c;
} check_t;

/* Block and grid: the device's limits and the kernel's. */
static int check_shape(check_t *x) {
  flyc_launch_config_t *c = &x->c;
  const flyc__target_limits_t *lim = &x->lim;
  const flyc_kernel_info_t *k = x->k;
  uint64_t threads = 1;
  for (int d = 0; d < 3; d++) {
    c->grid[d] = dim(c->grid[d]);
    c->block[d] = dim(c->block[d]);
    /* Before multiplying (at most 1024 on any axis): no product can wrap. */
    if (c->block[d] > lim->block_threads_max)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': block %c is %u; a block has at most %u threads "
                             "(the device limit)",
                             x->name, axis[d], c->block[d], lim->block_threads_max);
    threads *= c->block[d];
    if (k->reqd_workgroup_size[0] && c->block[d] != k->reqd_workgroup_size[d])
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s' was compiled for block size %u,%u,%u "
                             "(known_block_size); the launch's block %c is %u, not %u",
                             x->name, k->reqd_workgroup_size[0], k->reqd_workgroup_size[1],
                             k->reqd_workgroup_size[2], axis[d], c->block[d],
                             k->reqd_workgroup_size[d]);
  }
  /* The grid the driver takes (target_limits.c). */
  for (int d = 0; d < 3; d++) {
    uint64_t gmax = lim->grid_max[d] ? lim->grid_max[d] : UINT32_MAX / c->block[d];
    if (c->grid[d] > gmax)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': grid %c is %u blocks; at most %llu on %s%s",
                             x->name, axis[d], c->grid[d], (unsigned long long)gmax,
                             x->target ? x->target : "this device",
                             lim->grid_max[d] ? "" : " (grid times block below 2^32 work-items)");
  }
  if (c->block[2] > lim->block_max[2]) /* x and y: the 1024 of every axis above */
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s': block z is %u; CUDA allows at most %u threads along z",
                           x->name, c->block[2], lim->block_max[2]);
  /* The kernel's limit, else the hardware's. */
  uint32_t limit = k->max_flat_workgroup_size ? k->max_flat_workgroup_size
                                              : lim->block_threads_max;
  if (threads > limit)
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s' takes at most %u threads a block%s; the launch asks "
                           "for %u x %u x %u = %llu",
                           x->name, limit,
                           k->max_flat_workgroup_size ? "" : " (the device limit)", c->block[0],
                           c->block[1], c->block[2], (unsigned long long)threads);
  return FLYC_OK;
}

/* Shared memory: at least what the kernel's allocator took, at most what a
 * block may have. */
static int check_shared(check_t *x) {
  flyc_launch_config_t *c = &x->c;
  const flyc_kernel_info_t *k = x->k;
  /* Whether the struct the caller's library filled has the field. */
  uint32_t need = x->kernel && x->kernel->size >= offsetof(flyc_kernel_info_t,
                                                           dynamic_shared_size) +
                                                      sizeof(uint32_t)
                      ? k->dynamic_shared_size
                      : 0;
  if (!c->shared_size)
    c->shared_size = need;
  else if (c->shared_size < need)
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s': the launch's shared memory size %u bytes is less than "
                           "the %u bytes its shared allocator took",
                           x->name, c->shared_size, need);
  if (x->target && c->shared_size) {
    uint64_t tmax = x->lim.shared_total_max;
    uint64_t total = (uint64_t)c->shared_size + k->group_segment_fixed_size;
    if (total > tmax)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': %u bytes of dynamic and %u of static shared memory "
                             "make %llu, more than the %llu a block may have on %s",
                             x->name, c->shared_size, k->group_segment_fixed_size,
                             (unsigned long long)total, (unsigned long long)tmax, x->target);
  }
  return FLYC_OK;
}

/* Thread block clusters: where the target has them, in the portable size,
 * dividing the grid; none is all zeros. */
static int check_clusters(check_t *x) {
  flyc_launch_config_t *c = &x->c;
  int clustered = 0;
  for (int d = 0; d < 3; d++)
    clustered |= c->cluster[d] > 1;
  if (!clustered) {
    c->cluster[0] = c->cluster[1] = c->cluster[2] = 0;
    return FLYC_OK;
  }
  if (!x->lim.clusters)
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "kernel '%s' is for %s; thread block clusters need sm_90 or newer",
                           x->name, x->target ? x->target : "an unknown target");
  uint64_t blocks = 1;
  for (int d = 0; d < 3; d++) {
    c->cluster[d] = dim(c->cluster[d]);
    if (c->cluster[d] > 8)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': cluster %c is %u; at most 8 blocks (the "
                             "portable cluster size)",
                             x->name, axis[d], c->cluster[d]);
    blocks *= c->cluster[d];
    if (c->grid[d] % c->cluster[d])
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': grid %c (%u) is not a multiple of cluster %c (%u)",
                             x->name, axis[d], c->grid[d], axis[d], c->cluster[d]);
  }
  if (blocks > 8)
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s': a cluster of %llu blocks; at most 8 (the portable "
                           "cluster size)",
                           x->name, (unsigned long long)blocks);
  return FLYC_OK;
}

/* The first version of flyc_launch_config_t: all of today's fields. */
#define LAUNCH_CONFIG_V1 FLYC__SIZE_TO(flyc_launch_config_t, reserved0)

/* The checks on a config already normalized (flyc__struct_in), completed
 * in place: what flyc_launch_check and flyc_launch share. */
static int check_config(const flyc_kernel_info_t *kernel, const char *target,
                        flyc_launch_config_t *c) {
  static const flyc_kernel_info_t no_metadata; /* raw code: hardware limits only */
  check_t x;
  x.kernel = kernel;
  x.k = kernel ? kernel : &no_metadata;
  x.name = kernel && kernel->name ? kernel->name : "(no metadata)";
  x.target = target;
  flyc__target_limits(target, &x.lim);
  x.c = *c;
  int rc = check_shape(&x);
  if (rc == FLYC_OK)
    rc = check_shared(&x);
  if (rc == FLYC_OK)
    rc = check_clusters(&x);
  if (rc == FLYC_OK)
    *c = x.c;
  return rc;
}

int flyc_launch_check(const flyc_kernel_info_t *kernel, const char *target,
                      flyc_launch_config_t *config) {
  if (!config)
    return flyc__error_set(FLYC_EINVAL, "flyc_launch_check: a config (FLYC_LAUNCH_CONFIG_INIT) "
                                        "is required");
  flyc_launch_config_t c;
  int rc = flyc__struct_in(&c, sizeof c, config, LAUNCH_CONFIG_V1, "flyc_launch_config_t");
  if (rc == FLYC_OK)
    rc = check_config(kernel, target, &c);
  if (rc == FLYC_OK) { /* the fields this flyc knows; a newer caller's tail stays */
    uint32_t size = config->size;
    memcpy(config, &c, sizeof c);
    config->size = size;
  }
  return rc;
}

/* The handle a launch found before for kernel `idx` (or, for raw code,
 * `kernel` by name), or NULL. No lock: see flyc__module_fns_t. */
static void *cached_fn(flyc__module_fns_t *f, size_t idx, size_t nk, const char *kernel) {
  if (idx < nk)
    return __atomic_load_n(&f->kernel[idx], __ATOMIC_ACQUIRE);
  for (struct raw_fn *r = __atomic_load_n(&f->raw, __ATOMIC_ACQUIRE); r; r = r->next)
    if (strcmp(r->name, kernel) == 0)
      return r->fn;
  return NULL;
}

/* A miss: asks the driver once, under the lock, and keeps the handle (a
 * raw one only when there is memory for it: the launch goes on anyway). */
static int find_fn(const flyc_gpu_jit_module_t *m, size_t idx, size_t nk, const char *kernel,
                   void **out) {
  flyc__module_fns_t *f = m->fns;
  int rc = FLYC_OK;
  pthread_mutex_lock(&f->mu);
  void *fn = cached_fn(f, idx, nk, kernel); /* a racing launch's */
  if (!fn) {
    rc = FLYC_DRIVER_CALL(m->loaded.driver, function_get, m->loaded.device, m->loaded.handle,
                          kernel, &fn);
    if (rc == FLYC_OK && !fn)
      rc = flyc__error_set(FLYC_EDRIVER, "driver '%s' gave no function handle for kernel '%s'",
                           flyc_driver_name(m->loaded.driver), kernel);
    struct raw_fn *r;
    if (rc == FLYC_OK && idx < nk)
      __atomic_store_n(&f->kernel[idx], fn, __ATOMIC_RELEASE);
    else if (rc == FLYC_OK && (r = malloc(sizeof *r + strlen(kernel) + 1))) {
      strcpy(r->name, kernel);
      r->fn = fn;
      r->next = f->raw;
      __atomic_store_n(&f->raw, r, __ATOMIC_RELEASE);
    }
  }
  pthread_mutex_unlock(&f->mu);
  *out = fn;
  return rc;
}

int flyc_launch(const flyc_gpu_jit_module_t *m, const char *kernel,
                const flyc_launch_config_t *config, void **args) {
  if (!m || !kernel || !config)
    return flyc__error_set(FLYC_EINVAL, "flyc_launch: module, kernel and config "
                                        "(FLYC_LAUNCH_CONFIG_INIT) are required");
  size_t nk = flyc_artifact_kernel_count(m->artifact), idx = nk;
  for (size_t i = 0; i < nk; i++)
    if (strcmp(flyc_artifact_kernel(m->artifact, i)->name, kernel) == 0)
      idx = i;
  if (idx == nk && !m->owned)
    return flyc__error_set(FLYC_ENOTFOUND, "the module has no kernel '%s'", kernel);
  flyc_launch_config_t c;
  int rc = flyc__struct_in(&c, sizeof c, config, LAUNCH_CONFIG_V1, "flyc_launch_config_t");
  if (rc)
    return rc;
  flyc_kernel_info_t raw; /* raw code: the device limits alone */
  memset(&raw, 0, sizeof raw);
  raw.size = sizeof raw;
  raw.name = kernel;
  rc = check_config(idx < nk ? flyc_artifact_kernel(m->artifact, idx) : &raw,
                    flyc_artifact_target(m->artifact), &c);
  if (rc)
    return rc;
  if (idx < nk && flyc_artifact_kernel(m->artifact, idx)->arg_count && !args)
    return flyc__error_set(FLYC_EINVAL, "kernel '%s' takes arguments; args is NULL", kernel);
  if (!m->loaded.handle)
    return flyc__error_set(FLYC_EINVAL, "the module of kernel '%s' is unloaded", kernel);
  void *fn = cached_fn(m->fns, idx, nk, kernel);
  if (!fn && (rc = find_fn(m, idx, nk, kernel, &fn)) != FLYC_OK)
    return rc;
  return FLYC_DRIVER_CALL(m->loaded.driver, launch, m->loaded.device, fn, &c, args);
}

/* The GpuJitModule (flyc/runtime.h): one artifact loaded on one device, its
 * post-load processors run once per loaded module handle, launches validated
 * against the kernel metadata before the driver sees them. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

/* ---- the processor registry ---- */

typedef struct registered {
  char *name;
  flyc_post_load_cb fn;
  void *payload;
} registered_t;

static pthread_mutex_t reg_mu = PTHREAD_MUTEX_INITIALIZER;
static registered_t *reg;
static size_t reg_count, reg_cap;

int flyc_processor_register(const char *name, flyc_post_load_cb fn, void *payload) {
  if (!name || !*name || !fn)
    return flyc__error_set(FLYC_EINVAL, "flyc_processor_register: a name and a function are "
                                        "required");
  int rc = FLYC_OK;
  pthread_mutex_lock(&reg_mu);
  for (size_t i = 0; i < reg_count; i++)
    if (strcmp(reg[i].name, name) == 0) {
      if (reg[i].fn != fn || reg[i].payload != payload)
        rc = flyc__error_set(FLYC_EINVAL,
                             "post-load processor '%s' is already registered with another "
                             "function or payload",
                             name);
      pthread_mutex_unlock(&reg_mu);
      return rc;
    }
  if (reg_count == reg_cap) {
    size_t cap = reg_cap ? reg_cap * 2 : 8;
    registered_t *n = realloc(reg, cap * sizeof *n);
    if (!n) {
      pthread_mutex_unlock(&reg_mu);
      return flyc__error_set(FLYC_ENOMEM, "out of memory");
    }
    reg = n;
    reg_cap = cap;
  }
  char *dup = strdup(name);
  if (!dup) {
    pthread_mutex_unlock(&reg_mu);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  reg[reg_count].name = dup;
  reg[reg_count].fn = fn;
  reg[reg_count].payload = payload;
  reg_count++;
  pthread_mutex_unlock(&reg_mu);
  return FLYC_OK;
}

int flyc__artifact_resolve_processors(flyc_artifact_t *a) {
  for (size_t i = 0; i < a->processor_count; i++) {
    flyc_processor_t *p = &a->processors[i];
    if (p->fn)
      continue;
    flyc_processor_t found;
    if (!p->name || flyc_processor_lookup(p->name, &found))
      return flyc__error_set(FLYC_ENOTFOUND,
                             "the cached artifact for %s names post-load processor '%s', which "
                             "is not registered in this process (flyc_processor_register)",
                             a->target ? a->target : "?", p->name ? p->name : "");
    p->fn = found.fn;
    p->payload = found.payload;
  }
  return FLYC_OK;
}

int flyc_processor_lookup(const char *name, flyc_processor_t *out) {
  if (!name || !out)
    return flyc__error_set(FLYC_EINVAL, "flyc_processor_lookup: name and out are required");
  int rc = FLYC_ENOTFOUND;
  pthread_mutex_lock(&reg_mu);
  for (size_t i = 0; i < reg_count; i++)
    if (strcmp(reg[i].name, name) == 0) {
      out->name = reg[i].name; /* lives as long as the process */
      out->fn = reg[i].fn;
      out->payload = reg[i].payload;
      rc = FLYC_OK;
      break;
    }
  pthread_mutex_unlock(&reg_mu);
  if (rc)
    return flyc__error_set(FLYC_ENOTFOUND, "no post-load processor is registered as '%s'",
                           name);
  return FLYC_OK;
}

/* ---- device globals ---- */

int flyc_module_global_lookup(const flyc_loaded_module_t *m, const char *name,
                              uint64_t *address, size_t *size) {
  if (!m || !m->driver || !m->handle || !name || !address || !size)
    return flyc__error_set(FLYC_EINVAL, "flyc_module_global_lookup: a loaded module, a name, "
                                        "address and size are required");
  *address = 0;
  *size = 0;
  int rc = FLYC_DRIVER_CALL(m->driver, global_get, m->device, m->handle, name, address, size);
  if (rc == FLYC_ENOTFOUND && !strstr(flyc_error_last()->message, name)) {
    /* A driver that said nothing (or something else): name the global. */
    char said[256];
    snprintf(said, sizeof said, "%s", flyc_error_last()->message);
    rc = flyc__error_set(FLYC_ENOTFOUND, "the loaded module has no global '%s' (driver '%s': "
                                         "%s)",
                         name, flyc_driver_name(m->driver), said);
  }
  if (rc == FLYC_OK && (!*address || !*size))
    rc = flyc__error_set(FLYC_EDRIVER, "driver '%s' found global '%s' but gave no address or "
                                       "size",
                         flyc_driver_name(m->driver), name);
  return rc;
}

int flyc_module_global_write(const flyc_loaded_module_t *m, const char *name,
                             const void *data, size_t size) {
  if (!data)
    return flyc__error_set(FLYC_EINVAL, "flyc_module_global_write: data is required");
  uint64_t addr;
  size_t have;
  int rc = flyc_module_global_lookup(m, name, &addr, &have);
  if (rc)
    return rc;
  if (have != size)
    return flyc__error_set(FLYC_EINVAL,
                           "global '%s' is %zu bytes on the device, the host wrote %zu "
                           "(a layout mismatch)",
                           name, have, size);
  return FLYC_DRIVER_CALL(m->driver, memcpy_htod, m->device, addr, data, size);
}

/* ---- the GpuJitModule ---- */

struct flyc_gpu_jit_module {
  flyc_loaded_module_t loaded;
  const flyc_artifact_t *artifact;
  /* Raw code: an artifact of the module's own, with no kernel metadata, and
   * function handles found by name. */
  flyc_artifact_t *owned;
  struct raw_fn {
    struct raw_fn *next;
    void *fn;
    char name[];
  } *raw_fns;
  /* Function handles, one per kernel of the artifact, found on first use. */
  void **functions;
  pthread_mutex_t mu;
};

static void free_raw_fns(flyc_gpu_jit_module_t *m);

int flyc_gpu_jit_module_load(flyc_gpu_jit_module_t **out, flyc_driver_t *driver, int device,
                             const flyc_artifact_t *artifact,
                             const flyc_processor_t *processors, size_t processor_count) {
  if (!out || !driver || !artifact || (processor_count && !processors))
    return flyc__error_set(FLYC_EINVAL, "flyc_gpu_jit_module_load: out, driver and artifact "
                                        "are required");
  /* The artifact's own processors (its link_extern calls) first. */
  size_t own = artifact->processor_count, total = own + processor_count;
#define PROC(i) ((i) < own ? &artifact->processors[i] : &processors[(i) - own])
  for (size_t i = 0; i < total; i++)
    if (!PROC(i)->fn)
      return flyc__error_set(FLYC_EINVAL, "post-load processor %zu ('%s') has no function", i,
                             PROC(i)->name ? PROC(i)->name : "unnamed");
  flyc_gpu_jit_module_t *m = calloc(1, sizeof *m);
  size_t nk = flyc_artifact_kernel_count(artifact);
  if (!m || (nk && !(m->functions = calloc(nk, sizeof *m->functions)))) {
    free(m);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  pthread_mutex_init(&m->mu, NULL);
  m->artifact = artifact;
  m->loaded.driver = driver;
  m->loaded.device = device;
  size_t size;
  const void *code = flyc_artifact_code(artifact, &size);
  int rc = FLYC_DRIVER_CALL(driver, module_load, device, flyc_artifact_format(artifact), code,
                            size, &m->loaded.handle);
  if (rc)
    m->loaded.handle = NULL; /* a failed load leaves nothing to unload */
  if (rc == FLYC_OK && !m->loaded.handle)
    /* FlyDSL's post-condition: processors need a loaded module. */
    rc = flyc__error_set(FLYC_EDRIVER,
                         "driver '%s' reported a load but gave no module handle: %zu "
                         "post-load processor(s) would not run",
                         flyc_driver_name(driver), total);
  for (size_t i = 0; i < total && rc == FLYC_OK; i++) {
    flyc_error_clear();
    int r = PROC(i)->fn(&m->loaded, PROC(i)->payload);
    if (r != 0) {
      const char *why = flyc_error_last()->code ? flyc_error_last()->message : "";
      char msg[1024];
      snprintf(msg, sizeof msg, "%s", why);
      rc = flyc__error_set(r < 0 && r >= FLYC_ENOTSERIALIZABLE ? r : FLYC_EDRIVER,
                           "post-load processor %zu ('%s') failed (returned %d)%s%s; the "
                           "module was unloaded",
                           i, PROC(i)->name ? PROC(i)->name : "unnamed", r,
                           msg[0] ? ": " : "", msg);
    }
  }
#undef PROC
  if (rc) {
    if (m->loaded.handle) {
      char saved[2048];
      int ecode = flyc_error_last()->code;
      snprintf(saved, sizeof saved, "%s", flyc_error_last()->message);
      (void)m->loaded.driver->ops.module_unload(m->loaded.driver->self, device,
                                                m->loaded.handle);
      flyc__error_set(ecode, "%s", saved);
    }
    pthread_mutex_destroy(&m->mu);
    free(m->functions);
    free(m);
    return rc;
  }
  *out = m;
  return FLYC_OK;
}

const flyc_loaded_module_t *flyc_gpu_jit_module_loaded(const flyc_gpu_jit_module_t *m) {
  return m ? &m->loaded : NULL;
}

int flyc_gpu_jit_module_unload(flyc_gpu_jit_module_t *m) {
  if (!m)
    return flyc__error_set(FLYC_EINVAL, "flyc_gpu_jit_module_unload: module is NULL");
  pthread_mutex_lock(&m->mu);
  void *h = m->loaded.handle;
  m->loaded.handle = NULL;
  if (m->functions)
    memset(m->functions, 0, flyc_artifact_kernel_count(m->artifact) * sizeof *m->functions);
  free_raw_fns(m);
  pthread_mutex_unlock(&m->mu);
  if (!h)
    return FLYC_OK;
  return FLYC_DRIVER_CALL(m->loaded.driver, module_unload, m->loaded.device, h);
}

static void free_raw_fns(flyc_gpu_jit_module_t *m) {
  while (m->raw_fns) {
    struct raw_fn *n = m->raw_fns->next;
    free(m->raw_fns);
    m->raw_fns = n;
  }
}

void flyc_gpu_jit_module_destroy(flyc_gpu_jit_module_t *m) {
  if (!m)
    return;
  if (m->loaded.handle)
    (void)flyc_gpu_jit_module_unload(m);
  pthread_mutex_destroy(&m->mu);
  free_raw_fns(m);
  flyc_artifact_destroy(m->owned);
  free(m->functions);
  free(m);
}

/* ---- modules reused per device (flyc_gpu_jit_module_get) ---- */

/* Every module flyc_gpu_jit_module_get() loaded, with its artifact: one list
 * for the process, so that destroying an artifact or a driver finds its
 * modules. Loads are rare, and one under the lock keeps two threads from
 * loading the same artifact twice on one device. */
struct flyc_module_cache {
  struct flyc_module_cache *next;
  const flyc_artifact_t *artifact;
  flyc_gpu_jit_module_t *module;
};

static pthread_mutex_t module_cache_mu = PTHREAD_MUTEX_INITIALIZER;
static struct flyc_module_cache *module_cache;

int flyc_gpu_jit_module_get(flyc_gpu_jit_module_t **out, flyc_driver_t *driver, int device,
                            const flyc_artifact_t *artifact) {
  if (!out || !driver || !artifact)
    return flyc__error_set(FLYC_EINVAL, "flyc_gpu_jit_module_get: out, driver and artifact are "
                                        "required");
  *out = NULL;
  artifact = flyc__artifact_owner(artifact); /* a memory-cache view shares its modules */
  pthread_mutex_lock(&module_cache_mu);
  for (struct flyc_module_cache *e = module_cache; e; e = e->next)
    if (e->artifact == artifact && e->module->loaded.driver == driver &&
        e->module->loaded.device == device && e->module->loaded.handle) {
      *out = e->module;
      pthread_mutex_unlock(&module_cache_mu);
      return FLYC_OK;
    }
  struct flyc_module_cache *e = malloc(sizeof *e);
  int rc = e ? flyc_gpu_jit_module_load(out, driver, device, artifact, NULL, 0)
             : flyc__error_set(FLYC_ENOMEM, "out of memory");
  if (rc == FLYC_OK) {
    e->artifact = artifact;
    e->module = *out;
    e->next = module_cache;
    module_cache = e;
  } else {
    free(e);
  }
  pthread_mutex_unlock(&module_cache_mu);
  return rc;
}

/* Unloads and forgets the modules of `artifact`, or of `driver`. */
static void drop_modules(const flyc_artifact_t *artifact, const flyc_driver_t *driver) {
  struct flyc_module_cache *gone = NULL;
  pthread_mutex_lock(&module_cache_mu);
  for (struct flyc_module_cache **p = &module_cache; *p;) {
    struct flyc_module_cache *e = *p;
    if ((artifact && e->artifact == artifact) ||
        (driver && e->module->loaded.driver == driver)) {
      *p = e->next;
      e->next = gone;
      gone = e;
    } else {
      p = &e->next;
    }
  }
  pthread_mutex_unlock(&module_cache_mu);
  while (gone) {
    struct flyc_module_cache *n = gone->next;
    flyc_gpu_jit_module_destroy(gone->module);
    free(gone);
    gone = n;
  }
}

void flyc__artifact_drop_modules(flyc_artifact_t *a) { drop_modules(a, NULL); }

void flyc__driver_drop_modules(const flyc_driver_t *d) { drop_modules(NULL, d); }

int flyc_gpu_jit_module_load_code(flyc_gpu_jit_module_t **out, flyc_driver_t *driver,
                                  int device, flyc_code_format_t format, const void *code,
                                  size_t size, const flyc_processor_t *processors,
                                  size_t processor_count) {
  if (!code || !size || size > ((size_t)1 << 40) ||
      (format != FLYC_CODE_AMDGPU_ELF && format != FLYC_CODE_PTX))
    return flyc__error_set(FLYC_EINVAL, "flyc_gpu_jit_module_load_code: code bytes and a "
                                        "format (AMDGPU ELF or PTX) are required");
  flyc_artifact_t *a = flyc__artifact_new();
  if (!a || !(a->code = malloc(size + 1))) {
    flyc_artifact_destroy(a);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  memcpy(a->code, code, size);
  ((char *)a->code)[size] = '\0'; /* PTX must end in a NUL for the driver */
  a->code_size = size;
  a->format = format;
  const char *t = format == FLYC_CODE_PTX ? strstr(a->code, ".target ") : NULL;
  if (t) { /* the target, so that clusters can be checked */
    char sm[16] = "";
    if (sscanf(t + 8, "%15[a-z0-9_]", sm) == 1)
      a->target = strdup(sm);
  }
  int rc = flyc_gpu_jit_module_load(out, driver, device, a, processors, processor_count);
  if (rc) {
    flyc_artifact_destroy(a);
    return rc;
  }
  (*out)->owned = a;
  return FLYC_OK;
}

static uint32_t dim(uint32_t v) { return v ? v : 1; }

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
  unsigned sm = sm_version(id);
  *total_max = sm == 90 || sm == 100 || sm == 101 || sm == 103 ? 227 << 10
               : sm == 80 || sm == 87                          ? 163 << 10
               : sm == 86 || sm == 89 || sm >= 120             ? 99 << 10
               : sm == 70 || sm == 72                          ? 96 << 10
               : sm == 75                                      ? 64 << 10
                                                               : 48 << 10;
}

int flyc_launch_check(const flyc_kernel_info_t *kernel, const char *target,
                      flyc_launch_config_t *config) {
  if (!config || config->size < sizeof *config)
    return flyc__error_set(FLYC_EINVAL, "flyc_launch_check: a config (with size = "
                                        "sizeof(flyc_launch_config_t)) is required");
  static const flyc_kernel_info_t no_metadata; /* raw code: hardware limits only */
  const flyc_kernel_info_t *k = kernel ? kernel : &no_metadata;
  const char *name = kernel && kernel->name ? kernel->name : "(no metadata)";
  flyc_launch_config_t c = *config;
  static const char axis[] = "xyz";
  uint64_t threads = 1;
  for (int d = 0; d < 3; d++) {
    c.grid[d] = dim(c.grid[d]);
    c.block[d] = dim(c.block[d]);
    if (c.block[d] > 1024) /* before multiplying: no product can wrap */
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': block %c is %u; a block has at most 1024 threads "
                             "(the device limit)",
                             name, axis[d], c.block[d]);
    threads *= c.block[d];
    if (k->reqd_workgroup_size[0] && c.block[d] != k->reqd_workgroup_size[d])
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s' was compiled for block size %u,%u,%u "
                             "(known_block_size); the launch's block %c is %u, not %u",
                             name, k->reqd_workgroup_size[0], k->reqd_workgroup_size[1],
                             k->reqd_workgroup_size[2], axis[d], c.block[d],
                             k->reqd_workgroup_size[d]);
  }
  /* The grid the driver takes: CUDA's 2^31-1 x 65535 x 65535 blocks and 64
   * threads along z; HIP counts a dimension in work-items, below 2^32. */
  unsigned sm = sm_version(target);
  int cuda = sm != 0;
  for (int d = 0; d < 3; d++) {
    uint64_t gmax = cuda ? (d == 0 ? 0x7fffffffu : 65535u) : UINT32_MAX / c.block[d];
    if (c.grid[d] > gmax)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': grid %c is %u blocks; at most %llu on %s%s", name,
                             axis[d], c.grid[d], (unsigned long long)gmax,
                             target ? target : "this device",
                             cuda ? "" : " (grid times block below 2^32 work-items)");
  }
  if (cuda && c.block[2] > 64)
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s': block z is %u; CUDA allows at most 64 threads along z",
                           name, c.block[2]);
  /* The kernel's limit, else the hardware's: 1024 threads a block on every
   * AMD and NVIDIA GPU flyc targets. */
  uint32_t limit = k->max_flat_workgroup_size ? k->max_flat_workgroup_size : 1024;
  if (threads > limit)
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s' takes at most %u threads a block%s; the launch asks "
                           "for %u x %u x %u = %llu",
                           name, limit,
                           k->max_flat_workgroup_size ? "" : " (the device limit)", c.block[0],
                           c.block[1], c.block[2], (unsigned long long)threads);
  /* Whether the struct the caller's library filled has the field. */
  uint32_t need = kernel && kernel->size >= offsetof(flyc_kernel_info_t, dynamic_shared_size) +
                                               sizeof(uint32_t)
                      ? k->dynamic_shared_size
                      : 0;
  if (!c.shared_size)
    c.shared_size = need;
  else if (c.shared_size < need)
    return flyc__error_set(FLYC_EINVAL,
                           "kernel '%s': the launch's shared memory size %u bytes is less than "
                           "the %u bytes its shared allocator took",
                           name, c.shared_size, need);
  if (target && c.shared_size) {
    uint64_t smax, tmax;
    flyc__shared_limits(target, &smax, &tmax);
    uint64_t total = (uint64_t)c.shared_size + k->group_segment_fixed_size;
    if (total > tmax)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': %u bytes of dynamic and %u of static shared memory "
                             "make %llu, more than the %llu a block may have on %s",
                             name, c.shared_size, k->group_segment_fixed_size,
                             (unsigned long long)total, (unsigned long long)tmax, target);
  }
  int clustered = 0;
  for (int d = 0; d < 3; d++)
    clustered |= c.cluster[d] > 1;
  if (clustered) {
    const char *t = target ? target : "an unknown target";
    if (sm < 90 || sm > 1000)
      return flyc__error_set(FLYC_EUNSUPPORTED,
                             "kernel '%s' is for %s; thread block clusters need sm_90 or "
                             "newer",
                             name, t);
    uint64_t blocks = 1;
    for (int d = 0; d < 3; d++) {
      c.cluster[d] = dim(c.cluster[d]);
      if (c.cluster[d] > 8)
        return flyc__error_set(FLYC_EINVAL,
                               "kernel '%s': cluster %c is %u; at most 8 blocks (the "
                               "portable cluster size)",
                               name, axis[d], c.cluster[d]);
      blocks *= c.cluster[d];
      if (c.grid[d] % c.cluster[d])
        return flyc__error_set(FLYC_EINVAL,
                               "kernel '%s': grid %c (%u) is not a multiple of cluster %c (%u)",
                               name, axis[d], c.grid[d], axis[d], c.cluster[d]);
    }
    if (blocks > 8)
      return flyc__error_set(FLYC_EINVAL,
                             "kernel '%s': a cluster of %llu blocks; at most 8 (the portable "
                             "cluster size)",
                             name, (unsigned long long)blocks);
  } else {
    c.cluster[0] = c.cluster[1] = c.cluster[2] = 0;
  }
  *config = c;
  return FLYC_OK;
}

int flyc_launch(const flyc_gpu_jit_module_t *cm, const char *kernel,
                const flyc_launch_config_t *config, void **args) {
  flyc_gpu_jit_module_t *m = (flyc_gpu_jit_module_t *)cm;
  if (!m || !kernel || !config || config->size < sizeof *config)
    return flyc__error_set(FLYC_EINVAL, "flyc_launch: module, kernel and config (with size = "
                                        "sizeof(flyc_launch_config_t)) are required");
  size_t nk = flyc_artifact_kernel_count(m->artifact), idx = nk;
  for (size_t i = 0; i < nk; i++)
    if (strcmp(flyc_artifact_kernel(m->artifact, i)->name, kernel) == 0)
      idx = i;
  if (idx == nk && !m->owned)
    return flyc__error_set(FLYC_ENOTFOUND, "the module has no kernel '%s'", kernel);
  flyc_launch_config_t c = *config;
  flyc_kernel_info_t raw; /* raw code: the device limits alone */
  memset(&raw, 0, sizeof raw);
  raw.size = sizeof raw;
  raw.name = kernel;
  int rc = flyc_launch_check(idx < nk ? flyc_artifact_kernel(m->artifact, idx) : &raw,
                             flyc_artifact_target(m->artifact), &c);
  if (rc)
    return rc;
  if (idx < nk && flyc_artifact_kernel(m->artifact, idx)->arg_count && !args)
    return flyc__error_set(FLYC_EINVAL, "kernel '%s' takes arguments; args is NULL", kernel);
  pthread_mutex_lock(&m->mu);
  void *h = m->loaded.handle, *fn = NULL;
  struct raw_fn *r = NULL;
  if (h && idx < nk)
    fn = m->functions[idx];
  else if (h)
    for (r = m->raw_fns; r && !fn; r = r->next)
      if (strcmp(r->name, kernel) == 0)
        fn = r->fn;
  if (!h)
    rc = flyc__error_set(FLYC_EINVAL, "the module of kernel '%s' is unloaded", kernel);
  else if (!fn) {
    rc = FLYC_DRIVER_CALL(m->loaded.driver, function_get, m->loaded.device, h, kernel, &fn);
    if (rc == FLYC_OK && !fn)
      rc = flyc__error_set(FLYC_EDRIVER, "driver '%s' gave no function handle for kernel '%s'",
                           flyc_driver_name(m->loaded.driver), kernel);
    if (rc == FLYC_OK && idx < nk)
      m->functions[idx] = fn;
    else if (rc == FLYC_OK && (r = malloc(sizeof *r + strlen(kernel) + 1))) {
      strcpy(r->name, kernel);
      r->fn = fn;
      r->next = m->raw_fns;
      m->raw_fns = r;
    }
  }
  pthread_mutex_unlock(&m->mu);
  if (rc)
    return rc;
  return FLYC_DRIVER_CALL(m->loaded.driver, launch, m->loaded.device, fn, &c, args);
}

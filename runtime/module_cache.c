/* Modules reused per artifact, driver and device (flyc_gpu_jit_module_get). */
#include <pthread.h>
#include <stdlib.h>

#include "module.h"

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
static int hooks_set; /* under module_cache_mu */

static void drop_artifact_modules(flyc_artifact_t *a);
static void drop_driver_modules(const flyc_driver_t *d);

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
  if (rc == FLYC_OK && !hooks_set) {
    /* Before the entry is seen: every artifact or driver with a kept
     * module finds the hook when it goes. */
    flyc__artifact_set_release_hook(drop_artifact_modules);
    flyc__driver_set_release_hook(drop_driver_modules);
    hooks_set = 1;
  }
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

static void drop_artifact_modules(flyc_artifact_t *a) { drop_modules(a, NULL); }

static void drop_driver_modules(const flyc_driver_t *d) { drop_modules(NULL, d); }

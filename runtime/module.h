/* The GpuJitModule's insides, shared by module.c, module_cache.c and
 * launch.c. */
#ifndef FLYC_RUNTIME_MODULE_H
#define FLYC_RUNTIME_MODULE_H

#include <pthread.h>

#include "driver.h"

/* Function handles, found by the first launch of each kernel (launch.c). A
 * hit reads them with an acquire load and takes no lock; a miss takes `mu`,
 * so that one driver lookup fills a slot however many launches race for it.
 * Behind a pointer: flyc_launch takes the module const and writes only here.
 * Cleared and freed by unload and destroy, which are never concurrent with
 * a launch (flyc/runtime.h). */
typedef struct flyc__module_fns {
  pthread_mutex_t mu;
  /* Raw code: handles by name, prepended under `mu`, never changed after. */
  struct raw_fn {
    struct raw_fn *next;
    void *fn;
    char name[];
  } *raw;
  /* One per kernel of the artifact, NULL until found. */
  void *kernel[];
} flyc__module_fns_t;

struct flyc_gpu_jit_module {
  flyc_loaded_module_t loaded;
  const flyc_artifact_t *artifact;
  /* Raw code: an artifact of the module's own, with no kernel metadata, and
   * function handles found by name. */
  flyc_artifact_t *owned;
  flyc__module_fns_t *fns;
};

#endif

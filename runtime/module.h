/* The GpuJitModule's insides, shared by module.c, module_cache.c and
 * launch.c. */
#ifndef FLYC_RUNTIME_MODULE_H
#define FLYC_RUNTIME_MODULE_H

#include <pthread.h>

#include "driver.h"

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

#endif

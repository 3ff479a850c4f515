/* The post-load processor registry (flyc/runtime.h): names a cached
 * artifact's processors are found by in another process. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/runtime.h"
#include "internal.h"

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

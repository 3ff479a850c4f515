/* The origins table: which input or library defined each symbol, for the
 * messages of the stages and the targets. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct flyc_origin {
  char *name;
  char *origin;
};

void flyc__origin_add(flyc_compile_t *c, const char *name, const char *origin) {
  if (flyc__origin_of(c, name))
    return;
  if (c->origin_count == c->origin_cap) {
    size_t cap = c->origin_cap ? c->origin_cap * 2 : 64;
    struct flyc_origin *n = realloc(c->origins, cap * sizeof *n);
    if (!n)
      return; /* origins only improve messages */
    c->origins = n;
    c->origin_cap = cap;
  }
  char *dup = strdup(name), *odup = strdup(origin);
  if (!dup || !odup) {
    free(dup);
    free(odup);
    return;
  }
  c->origins[c->origin_count].name = dup;
  c->origins[c->origin_count].origin = odup;
  c->origin_count++;
}

void flyc__origin_replace(flyc_compile_t *c, const char *name, const char *origin) {
  for (size_t i = 0; i < c->origin_count; i++)
    if (strcmp(c->origins[i].name, name) == 0) {
      char *odup = strdup(origin);
      if (odup) {
        free(c->origins[i].origin);
        c->origins[i].origin = odup;
      }
      return;
    }
  flyc__origin_add(c, name, origin);
}

const char *flyc__origin_of(const flyc_compile_t *c, const char *name) {
  for (size_t i = 0; i < c->origin_count; i++)
    if (strcmp(c->origins[i].name, name) == 0)
      return c->origins[i].origin;
  return NULL;
}

void flyc__origins_free(flyc_compile_t *c) {
  for (size_t i = 0; i < c->origin_count; i++) {
    free(c->origins[i].name);
    free(c->origins[i].origin);
  }
  free(c->origins);
  c->origins = NULL;
  c->origin_count = c->origin_cap = 0;
}

/* The origins table: which input or library defined each symbol, for the
 * messages of the stages and the targets; and the declarers table: which
 * library's closure first declared a symbol the module did not have. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct flyc_origin {
  char *name;
  char *origin;
};

typedef struct table {
  struct flyc_origin **v;
  size_t *count, *cap;
} table_t;

static const char *table_of(const table_t *t, const char *name) {
  for (size_t i = 0; i < *t->count; i++)
    if (strcmp((*t->v)[i].name, name) == 0)
      return (*t->v)[i].origin;
  return NULL;
}

static void table_add(table_t *t, const char *name, const char *origin) {
  if (table_of(t, name))
    return;
  if (*t->count == *t->cap) {
    size_t cap = *t->cap ? *t->cap * 2 : 64;
    struct flyc_origin *n = realloc(*t->v, cap * sizeof *n);
    if (!n)
      return; /* origins only improve messages */
    *t->v = n;
    *t->cap = cap;
  }
  char *dup = strdup(name), *odup = strdup(origin);
  if (!dup || !odup) {
    free(dup);
    free(odup);
    return;
  }
  (*t->v)[*t->count].name = dup;
  (*t->v)[*t->count].origin = odup;
  (*t->count)++;
}

static void table_free(table_t *t) {
  for (size_t i = 0; i < *t->count; i++) {
    free((*t->v)[i].name);
    free((*t->v)[i].origin);
  }
  free(*t->v);
  *t->v = NULL;
  *t->count = *t->cap = 0;
}

#define ORIGINS(c) ((table_t){&(c)->origins, &(c)->origin_count, &(c)->origin_cap})
#define DECLARERS(c) ((table_t){&(c)->declarers, &(c)->declarer_count, &(c)->declarer_cap})

void flyc__origin_add(flyc_compile_t *c, const char *name, const char *origin) {
  table_t t = ORIGINS(c);
  table_add(&t, name, origin);
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
  table_t t = ORIGINS((flyc_compile_t *)c);
  return table_of(&t, name);
}

void flyc__declarer_add(flyc_compile_t *c, const char *name, const char *library) {
  table_t t = DECLARERS(c);
  table_add(&t, name, library);
}

const char *flyc__declarer_of(const flyc_compile_t *c, const char *name) {
  table_t t = DECLARERS((flyc_compile_t *)c);
  return table_of(&t, name);
}

void flyc__origins_free(flyc_compile_t *c) {
  table_t o = ORIGINS(c), d = DECLARERS(c);
  table_free(&o);
  table_free(&d);
}

/* The origins table: which input or library defined each symbol, for the
 * messages of the stages and the targets; and the declarers table: which
 * library's closure first declared a symbol the module did not have. */
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "internal.h"

struct flyc_origin {
  char *name;
  char *origin;
};

/* An array of entries and a hash index over it: open addressing, each
 * slot 0 or 1 + the entry's position, kept at most half full (a linear
 * search made a library of 80 000 functions take minutes to link). */
typedef struct table {
  struct flyc_origin **v;
  size_t *count, *cap;
  size_t **slots, *nslots;
} table_t;

static size_t hash_of(const char *name) { return (size_t)XXH3_64bits(name, strlen(name)); }

/* The slot for `name`: its entry's, or the empty one where it would go. */
static size_t *slot_of(const table_t *t, const char *name) {
  size_t mask = *t->nslots - 1;
  for (size_t i = hash_of(name) & mask;; i = (i + 1) & mask) {
    size_t *s = &(*t->slots)[i];
    if (!*s || strcmp((*t->v)[*s - 1].name, name) == 0)
      return s;
  }
}

static const char *table_of(const table_t *t, const char *name) {
  if (!*t->nslots)
    return NULL;
  size_t *s = slot_of(t, name);
  return *s ? (*t->v)[*s - 1].origin : NULL;
}

/* Grows the index to hold `n` entries at most half full: 0, or -1. */
static int reindex(table_t *t, size_t n) {
  if (*t->nslots >= 2 * n)
    return 0;
  size_t ns = *t->nslots ? *t->nslots : 128;
  while (ns < 2 * n)
    ns *= 2;
  size_t *slots = calloc(ns, sizeof *slots);
  if (!slots)
    return -1;
  free(*t->slots);
  *t->slots = slots;
  *t->nslots = ns;
  for (size_t k = 0; k < *t->count; k++)
    *slot_of(t, (*t->v)[k].name) = k + 1;
  return 0;
}

static void table_add(table_t *t, const char *name, const char *origin) {
  if (table_of(t, name) || reindex(t, *t->count + 1))
    return; /* origins only improve messages */
  if (*t->count == *t->cap) {
    size_t cap = *t->cap ? *t->cap * 2 : 64;
    struct flyc_origin *n = realloc(*t->v, cap * sizeof *n);
    if (!n)
      return;
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
  *slot_of(t, dup) = *t->count;
}

static void table_free(table_t *t) {
  for (size_t i = 0; i < *t->count; i++) {
    free((*t->v)[i].name);
    free((*t->v)[i].origin);
  }
  free(*t->v);
  free(*t->slots);
  *t->v = NULL;
  *t->slots = NULL;
  *t->count = *t->cap = *t->nslots = 0;
}

#define ORIGINS(c)                                                                        \
  ((table_t){&(c)->origins, &(c)->origin_count, &(c)->origin_cap, &(c)->origin_slots,       \
             &(c)->origin_nslots})
#define DECLARERS(c)                                                                      \
  ((table_t){&(c)->declarers, &(c)->declarer_count, &(c)->declarer_cap,                   \
             &(c)->declarer_slots, &(c)->declarer_nslots})

void flyc__origin_add(flyc_compile_t *c, const char *name, const char *origin) {
  table_t t = ORIGINS(c);
  table_add(&t, name, origin);
}

void flyc__origin_replace(flyc_compile_t *c, const char *name, const char *origin) {
  table_t t = ORIGINS(c);
  size_t *s = c->origin_nslots ? slot_of(&t, name) : NULL;
  if (!s || !*s) {
    flyc__origin_add(c, name, origin);
    return;
  }
  char *odup = strdup(origin);
  if (odup) {
    free(c->origins[*s - 1].origin);
    c->origins[*s - 1].origin = odup;
  }
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

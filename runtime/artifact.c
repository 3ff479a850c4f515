/* The artifact (flyc/artifact.h). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct flyc_strblock {
  struct flyc_strblock *next;
  char data[];
};

flyc_artifact_t *flyc__artifact_new(void) {
  flyc_artifact_t *a = calloc(1, sizeof(flyc_artifact_t));
  if (a)
    a->refs = 1;
  return a;
}

flyc_artifact_t *flyc__artifact_ref(flyc_artifact_t *a) {
  __atomic_add_fetch(&a->refs, 1, __ATOMIC_RELAXED);
  return a;
}

void flyc__artifact_set_origin(flyc_artifact_t *a, flyc_artifact_origin_t origin) {
  a->origin = origin;
}

flyc_artifact_origin_t flyc_artifact_origin(const flyc_artifact_t *a) {
  return a ? a->origin : FLYC_ARTIFACT_COMPILED;
}

/* The view copies the owner's fields: every pointer among them stays the
 * owner's (freed with it), and the owner is immutable once shared. */
flyc_artifact_t *flyc__artifact_view(flyc_artifact_t *a, flyc_artifact_origin_t origin) {
  flyc_artifact_t *v = malloc(sizeof *v);
  if (!v)
    return NULL;
  *v = *a;
  v->refs = 1;
  v->origin = origin;
  v->owner = flyc__artifact_ref(a->owner ? a->owner : a);
  return v;
}

const flyc_artifact_t *flyc__artifact_owner(const flyc_artifact_t *a) {
  return a->owner ? a->owner : a;
}

const char *flyc__artifact_strndup(flyc_artifact_t *a, const char *s, size_t n) {
  struct flyc_strblock *b = malloc(sizeof *b + n + 1);
  if (!b)
    return NULL;
  memcpy(b->data, s, n);
  b->data[n] = '\0';
  b->next = a->strings;
  a->strings = b;
  return b->data;
}

const char *flyc__artifact_strdup(flyc_artifact_t *a, const char *s) {
  return flyc__artifact_strndup(a, s ? s : "", s ? strlen(s) : 0);
}

static flyc__artifact_release_hook_t release_hook;

void flyc__artifact_set_release_hook(flyc__artifact_release_hook_t hook) {
  __atomic_store_n(&release_hook, hook, __ATOMIC_RELEASE);
}

void flyc_artifact_destroy(flyc_artifact_t *a) {
  if (!a || __atomic_sub_fetch(&a->refs, 1, __ATOMIC_ACQ_REL) > 0)
    return;
  if (a->owner) { /* a view: the storage and the modules are the owner's */
    flyc_artifact_t *owner = a->owner;
    free(a);
    flyc_artifact_destroy(owner);
    return;
  }
  flyc__artifact_release_hook_t hook = __atomic_load_n(&release_hook, __ATOMIC_ACQUIRE);
  if (hook)
    hook(a);
  for (size_t i = 0; i < a->kernel_count; i++)
    free((void *)a->kernels[i].args);
  free(a->kernels);
  free(a->processors);
  free(a->inputs);
  free(a->code);
  free(a->target);
  free(a->log);
  struct flyc_strblock *b = a->strings;
  while (b) {
    struct flyc_strblock *n = b->next;
    free(b);
    b = n;
  }
  free(a);
}

int flyc__artifact_add_processor(flyc_artifact_t *a, const flyc_processor_t *p) {
  flyc_processor_t *ps = realloc(a->processors, (a->processor_count + 1) * sizeof *ps);
  if (!ps)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  a->processors = ps;
  ps[a->processor_count] = *p;
  if (p->name && !(ps[a->processor_count].name = flyc__artifact_strdup(a, p->name)))
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  a->processor_count++;
  return FLYC_OK;
}

size_t flyc_artifact_processor_count(const flyc_artifact_t *a) {
  return a ? a->processor_count : 0;
}

int flyc_artifact_processor(const flyc_artifact_t *a, size_t index, flyc_processor_t *out) {
  if (!a || !out || index >= a->processor_count)
    return flyc__error_set(FLYC_EINVAL, "flyc_artifact_processor: artifact, out and an index "
                                        "below %zu are required",
                           a ? a->processor_count : 0);
  *out = a->processors[index];
  return FLYC_OK;
}

const void *flyc_artifact_code(const flyc_artifact_t *a, size_t *size) {
  if (size)
    *size = a ? a->code_size : 0;
  return a ? a->code : NULL;
}

flyc_code_format_t flyc_artifact_format(const flyc_artifact_t *a) {
  return a ? a->format : (flyc_code_format_t)0;
}

const char *flyc_artifact_target(const flyc_artifact_t *a) {
  return a && a->target ? a->target : "";
}

flyc_codegen_t flyc_artifact_codegen(const flyc_artifact_t *a) {
  return a ? a->codegen : FLYC_CODEGEN_AUTO;
}

const char *flyc_codegen_name(flyc_codegen_t c) {
  switch (c) {
  case FLYC_CODEGEN_AUTO: return "auto";
  case FLYC_CODEGEN_COMGR: return "comgr";
  case FLYC_CODEGEN_COMGR_LINK: return "comgr-link";
  case FLYC_CODEGEN_LLD: return "lld";
  case FLYC_CODEGEN_PTX: return "ptx";
  case FLYC_CODEGEN_LLD_LIB: return "lld-lib";
  }
  return NULL;
}

int flyc_artifact_code_object_version(const flyc_artifact_t *a) {
  return a ? a->code_object_version : 0;
}

size_t flyc_artifact_kernel_count(const flyc_artifact_t *a) {
  return a ? a->kernel_count : 0;
}

const flyc_kernel_info_t *flyc_artifact_kernel(const flyc_artifact_t *a,
                                               size_t i) {
  return a && i < a->kernel_count ? &a->kernels[i] : NULL;
}

const flyc_kernel_info_t *flyc_artifact_kernel_lookup(const flyc_artifact_t *a,
                                                      const char *name) {
  if (!a || !name)
    return NULL;
  for (size_t i = 0; i < a->kernel_count; i++)
    if (strcmp(a->kernels[i].name, name) == 0)
      return &a->kernels[i];
  return NULL;
}

const char *flyc_artifact_log(const flyc_artifact_t *a) {
  return a && a->log ? a->log : "";
}

void flyc_artifact_compile_times(const flyc_artifact_t *a,
                                 flyc_compile_times_t *out) {
  if (!out)
    return;
  if (a)
    *out = a->times;
  else
    memset(out, 0, sizeof *out);
}

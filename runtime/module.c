/* The GpuJitModule (flyc/runtime.h): one artifact loaded on one device, its
 * post-load processors run once per loaded module handle; device globals. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"

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

static void free_raw_fns(flyc__module_fns_t *f);

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
  if (!m || !(m->fns = calloc(1, sizeof *m->fns + nk * sizeof *m->fns->kernel))) {
    free(m);
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  }
  pthread_mutex_init(&m->fns->mu, NULL);
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
    unsigned serial = flyc__error_serial();
    int r = PROC(i)->fn(&m->loaded, PROC(i)->payload);
    if (r != 0) {
      /* What the processor said, if it set an error itself. */
      const char *why = flyc__error_serial() != serial && flyc_error_last()->code
                            ? flyc_error_last()->message
                            : "";
      char msg[1024];
      snprintf(msg, sizeof msg, "%s", why);
      rc = flyc__error_set(flyc__is_status(r) ? r : FLYC_EDRIVER,
                           "post-load processor %zu ('%s') failed (returned %d)%s%s; the "
                           "module was unloaded",
                           i, PROC(i)->name ? PROC(i)->name : "unnamed", r,
                           msg[0] ? ": " : "", msg);
    }
  }
#undef PROC
  if (rc) {
    if (m->loaded.handle) {
      /* The load's error stands, whatever the unload says. */
      flyc__error_saved_t saved;
      flyc__error_save(&saved);
      (void)m->loaded.driver->ops.module_unload(m->loaded.driver->self, device,
                                                m->loaded.handle);
      flyc__error_restore(&saved);
    }
    pthread_mutex_destroy(&m->fns->mu);
    free(m->fns);
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
  flyc__module_fns_t *f = m->fns;
  pthread_mutex_lock(&f->mu);
  void *h = m->loaded.handle;
  m->loaded.handle = NULL;
  memset(f->kernel, 0, flyc_artifact_kernel_count(m->artifact) * sizeof *f->kernel);
  free_raw_fns(f);
  pthread_mutex_unlock(&f->mu);
  if (!h)
    return FLYC_OK;
  return FLYC_DRIVER_CALL(m->loaded.driver, module_unload, m->loaded.device, h);
}

static void free_raw_fns(flyc__module_fns_t *f) {
  while (f->raw) {
    struct raw_fn *n = f->raw->next;
    free(f->raw);
    f->raw = n;
  }
}

void flyc_gpu_jit_module_destroy(flyc_gpu_jit_module_t *m) {
  if (!m)
    return;
  if (m->loaded.handle)
    (void)flyc_gpu_jit_module_unload(m);
  pthread_mutex_destroy(&m->fns->mu);
  free_raw_fns(m->fns);
  flyc_artifact_destroy(m->owned);
  free(m->fns);
  free(m);
}

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


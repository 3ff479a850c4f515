/* Drivers: the built-in ones, opened once per process, and caller-made ones
 * (flyc/driver.h). */
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

int flyc_driver_fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = flyc__error_setv(code, fmt, ap);
  va_end(ap);
  return rc;
}

int flyc__driver_result(const flyc_driver_t *d, const char *op, unsigned serial, int rc) {
  if (rc == FLYC_OK)
    return FLYC_OK;
  if (!flyc__is_status(rc))
    /* Not a flyc status (a raw hipError_t or CUresult, say): a failure. */
    return flyc__error_set(FLYC_EDRIVER, "driver '%s' failed in %s: it returned %d, which is "
                                         "not a flyc status",
                           d->ops.name ? d->ops.name : "?", op, rc);
  /* The driver said nothing (what is there is the caller's, or cleared). */
  if (flyc__error_serial() == serial || flyc_error_last()->code == FLYC_OK)
    flyc__error_set(rc, "driver '%s' failed in %s (%s)", d->ops.name ? d->ops.name : "?", op,
                    flyc_status_name(rc));
  return rc;
}

typedef struct builtin {
  pthread_once_t once;
  flyc_driver_t driver;
  int status;
  char message[1024];
} builtin_t;

static builtin_t builtins[2] = {{PTHREAD_ONCE_INIT, {{0}, 0, 1}, 0, ""},
                                {PTHREAD_ONCE_INIT, {{0}, 0, 1}, 0, ""}};

static void open_builtin(builtin_t *b, int (*fn)(flyc_driver_ops_t *, void **)) {
  b->status = fn(&b->driver.ops, &b->driver.self);
  if (b->status)
    snprintf(b->message, sizeof b->message, "%s", flyc_error_last()->message);
}

static void open_hip(void) { open_builtin(&builtins[0], flyc__hip_open); }
static void open_cuda(void) { open_builtin(&builtins[1], flyc__cuda_open); }

int flyc_driver_open(flyc_driver_t **out, flyc_driver_kind_t kind) {
  if (!out || (kind != FLYC_DRIVER_HIP && kind != FLYC_DRIVER_CUDA))
    return flyc__error_set(FLYC_EINVAL, "flyc_driver_open: out and a driver kind are required");
  builtin_t *b = &builtins[kind == FLYC_DRIVER_HIP ? 0 : 1];
  pthread_once(&b->once, kind == FLYC_DRIVER_HIP ? open_hip : open_cuda);
  if (b->status)
    /* The same answer every time: the driver is opened only once. */
    return flyc__error_set(b->status, "%s", b->message);
  *out = &b->driver;
  return FLYC_OK;
}

const char *flyc_driver_name(const flyc_driver_t *d) {
  return d && d->ops.name ? d->ops.name : "";
}

int flyc_driver_device_count(const flyc_driver_t *d, int *count) {
  if (!d || !count)
    return flyc__error_set(FLYC_EINVAL, "flyc_driver_device_count: driver and count are "
                                        "required");
  return FLYC_DRIVER_CALL(d, device_count, count);
}

int flyc_driver_create(flyc_driver_t **out, const flyc_driver_ops_t *ops, void *self) {
  /* The optional functions came later: a table that ends before them is
   * still a whole driver. */
  size_t base = offsetof(flyc_driver_ops_t, device_count);
  if (!out || !ops || ops->size < offsetof(flyc_driver_ops_t, mem_alloc) ||
      (ops->size < sizeof *ops && (ops->size - base) % sizeof(void *) != 0))
    return flyc__error_set(FLYC_EINVAL, "flyc_driver_create: out and ops (with size = "
                                        "sizeof(flyc_driver_ops_t)) are required");
  if (!ops->device_count || !ops->module_load || !ops->module_unload || !ops->function_get ||
      !ops->global_get || !ops->memcpy_htod || !ops->launch)
    return flyc__error_set(FLYC_EINVAL, "flyc_driver_create: driver '%s' lacks a function",
                           ops->name ? ops->name : "?");
  flyc_driver_t *d = calloc(1, sizeof *d);
  if (!d)
    return flyc__error_set(FLYC_ENOMEM, "out of memory");
  memcpy(&d->ops, ops, ops->size < sizeof d->ops ? ops->size : sizeof d->ops);
  d->ops.size = sizeof d->ops;
  d->self = self;
  *out = d;
  return FLYC_OK;
}

static flyc__driver_release_hook_t release_hook;

void flyc__driver_set_release_hook(flyc__driver_release_hook_t hook) {
  __atomic_store_n(&release_hook, hook, __ATOMIC_RELEASE);
}

void flyc_driver_destroy(flyc_driver_t *d) {
  if (d && !d->builtin) {
    /* Modules flyc_gpu_jit_module_get() keeps for artifacts (the in-memory
     * cache may hold those artifacts long after): unloaded while the driver
     * is still there (module_cache.c's hook). */
    flyc__driver_release_hook_t hook = __atomic_load_n(&release_hook, __ATOMIC_ACQUIRE);
    if (hook)
      hook(d);
    free(d);
  }
}

/* ---- memory and synchronization ---- */

#define OPTIONAL_CALL(d, op, ...)                                                        \
  (!(d) ? flyc__error_set(FLYC_EINVAL, "%s: driver is NULL", __func__)                   \
   : !(d)->ops.op                                                                        \
       ? flyc__error_set(FLYC_EUNSUPPORTED, "driver '%s' has no %s", flyc_driver_name(d), \
                         #op)                                                            \
       : FLYC_DRIVER_CALL((d), op, __VA_ARGS__))

int flyc_device_alloc(flyc_driver_t *d, int device, size_t size, uint64_t *out) {
  if (!out)
    return flyc__error_set(FLYC_EINVAL, "flyc_device_alloc: out is NULL");
  return OPTIONAL_CALL(d, mem_alloc, device, size, out);
}

int flyc_device_free(flyc_driver_t *d, int device, uint64_t ptr) {
  return OPTIONAL_CALL(d, mem_free, device, ptr);
}

int flyc_memcpy_htod(flyc_driver_t *d, int device, uint64_t dst, const void *src,
                     size_t size) {
  if (!src && size)
    return flyc__error_set(FLYC_EINVAL, "flyc_memcpy_htod: src is NULL");
  return OPTIONAL_CALL(d, memcpy_htod, device, dst, src, size);
}

int flyc_memcpy_dtoh(flyc_driver_t *d, int device, void *dst, uint64_t src, size_t size) {
  if (!dst && size)
    return flyc__error_set(FLYC_EINVAL, "flyc_memcpy_dtoh: dst is NULL");
  return OPTIONAL_CALL(d, memcpy_dtoh, device, dst, src, size);
}

int flyc_memset_d8(flyc_driver_t *d, int device, uint64_t dst, unsigned char value,
                   size_t size) {
  return OPTIONAL_CALL(d, memset_d8, device, dst, value, size);
}

int flyc_device_synchronize(flyc_driver_t *d, int device) {
  return OPTIONAL_CALL(d, synchronize, device);
}

int flyc_stream_create(flyc_driver_t *d, int device, void **out) {
  if (!out)
    return flyc__error_set(FLYC_EINVAL, "flyc_stream_create: out is NULL");
  return OPTIONAL_CALL(d, stream_create, device, out);
}

int flyc_stream_destroy(flyc_driver_t *d, int device, void *stream) {
  return OPTIONAL_CALL(d, stream_destroy, device, stream);
}

int flyc_stream_synchronize(flyc_driver_t *d, int device, void *stream) {
  return OPTIONAL_CALL(d, stream_synchronize, device, stream);
}

/* Internals of the runtime's drivers. */
#ifndef FLYC_RUNTIME_DRIVER_H
#define FLYC_RUNTIME_DRIVER_H

#include "flyc/driver.h"
#include "internal.h"

struct flyc_driver {
  flyc_driver_ops_t ops;
  void *self;
  int builtin;
};

/* Opens the built-in drivers (hip.c, cuda.c): fill *ops and *self. */
int flyc__hip_open(flyc_driver_ops_t *ops, void **self);
int flyc__cuda_open(flyc_driver_ops_t *ops, void **self);

/* Calls a driver function, giving a generic message to a failure that set
 * none; a success leaves the caller's error as it was. `serial` is
 * flyc__error_serial() from before the call (a statement expression, so
 * that it is read first). */
#define FLYC_DRIVER_CALL(d, op, ...)                                                     \
  __extension__({                                                                        \
    unsigned flyc__serial = flyc__error_serial();                                        \
    flyc__driver_result((d), #op, flyc__serial, (d)->ops.op((d)->self, __VA_ARGS__));    \
  })
int flyc__driver_result(const flyc_driver_t *d, const char *op, unsigned serial, int rc);

#endif

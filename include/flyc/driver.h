/**
 * @file flyc/driver.h
 * @brief Systems tier: a driver made of the caller's functions.
 *
 * The built-in HIP and CUDA drivers fill this table from dlopen/dlsym. A
 * caller may fill one too: a recording driver for tests, or a host that
 * already has its own HIP/CUDA wrapper. Every function returns a flyc status;
 * one that fails without setting a message gets a generic one naming the
 * driver and the operation.
 *
 * @defgroup flyc_driver Driver tables
 * @{
 */
#ifndef FLYC_DRIVER_H
#define FLYC_DRIVER_H

#include "flyc/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct flyc_driver_ops {
  /** `sizeof(flyc_driver_ops_t)`. */
  uint32_t size;
  uint32_t reserved0;
  /** A static name for messages ("hip", "cuda", "test"). */
  const char *name;
  int (*device_count)(void *self, int *count);
  /** Loads `image` (a code object, or NUL-terminated PTX) on `device`. */
  int (*module_load)(void *self, int device, flyc_code_format_t format, const void *image,
                     size_t size, void **handle);
  int (*module_unload)(void *self, int device, void *handle);
  int (*function_get)(void *self, int device, void *handle, const char *name, void **fn);
  /** FLYC_ENOTFOUND when the module has no such global. */
  int (*global_get)(void *self, int device, void *handle, const char *name,
                    uint64_t *address, size_t *size);
  int (*memcpy_htod)(void *self, int device, uint64_t dst, const void *src, size_t size);
  int (*launch)(void *self, int device, void *fn, const flyc_launch_config_t *config,
                void **args);
  /* Optional (NULL: FLYC_EUNSUPPORTED): memory and synchronization. */
  int (*mem_alloc)(void *self, int device, size_t size, uint64_t *ptr);
  int (*mem_free)(void *self, int device, uint64_t ptr);
  int (*memcpy_dtoh)(void *self, int device, void *dst, uint64_t src, size_t size);
  int (*memset_d8)(void *self, int device, uint64_t dst, unsigned char value, size_t size);
  int (*synchronize)(void *self, int device);
  int (*stream_create)(void *self, int device, void **stream);
  int (*stream_destroy)(void *self, int device, void *stream);
  int (*stream_synchronize)(void *self, int device, void *stream);
  /** Optional (NULL: FLYC_EUNSUPPORTED): encodes a tensor map from a
   *  description flyc_tensor_map_encode() has checked. Added after the
   *  functions above: a table whose size ends before it has none. */
  int (*tensor_map_encode)(void *self, const flyc_tensor_map_desc_t *desc,
                           flyc_tensor_map_t *out);
} flyc_driver_ops_t;

/**
 * Makes a driver from `ops` (copied) and `self` (passed to every function).
 * @param[out] out owned: flyc_driver_destroy().
 * @retval FLYC_OK, FLYC_EINVAL (NULL, a missing function, a size too small),
 *         FLYC_ENOMEM
 */
FLYC_API int flyc_driver_create(flyc_driver_t **out, const flyc_driver_ops_t *ops, void *self);

/** Frees a driver made by flyc_driver_create(); built-in drivers and NULL
 *  are ignored. */
FLYC_API void flyc_driver_destroy(flyc_driver_t *driver);

/**
 * For a driver's functions: sets the calling thread's error (what
 * flyc_error_last() returns) to `code` and a printf-style message, and
 * returns `code`, so a failing function can `return flyc_driver_fail(...)`.
 * `code` should be a negative flyc status (::FLYC_ENOTFOUND for a missing
 * global or kernel, ::FLYC_EDRIVER for the driver's own failures); the
 * message is truncated at 1 KiB. A function that fails without it gets a
 * generic message naming the driver and the operation.
 */
FLYC_API int flyc_driver_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#ifdef __cplusplus
}
#endif

/** @} */
#endif /* FLYC_DRIVER_H */

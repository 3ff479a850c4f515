/* The HIP driver: libamdhip64 through dlopen (FLYC_HIP_LIBRARY, then .so,
 * .so.6, .so.5), its symbols from hip.def. No HIP header is needed. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

typedef struct hip {
#define X(ret, name, params) ret(*name) params;
#include "hip.def"
#undef X
} hip_t;

static hip_t hip;

#define HIP_ERROR_NO_DEVICE 100
#define HIP_ERROR_INVALID_DEVICE 101
#define HIP_ERROR_NOT_FOUND 500

static int fail(const char *call, int err) {
  const char *name = hip.hipGetErrorName ? hip.hipGetErrorName(err) : NULL;
  const char *text = hip.hipGetErrorString ? hip.hipGetErrorString(err) : NULL;
  return flyc__error_set(FLYC_EDRIVER, "%s failed: %s (%d)%s%s", call, name ? name : "?", err,
                         text ? ": " : "", text ? text : "");
}

static int device_count(void *self, int *count) {
  (void)self;
  int e = hip.hipGetDeviceCount(count);
  return e ? fail("hipGetDeviceCount", e) : FLYC_OK;
}

static int module_load(void *self, int device, flyc_code_format_t format, const void *image,
                       size_t size, void **handle) {
  (void)self;
  (void)size;
  if (format != FLYC_CODE_AMDGPU_ELF)
    return flyc__error_set(FLYC_EINVAL, "HIP loads AMDGPU code objects, not PTX");
  int e = hip.hipSetDevice(device);
  if (e)
    return fail("hipSetDevice", e);
  e = hip.hipModuleLoadData(handle, image);
  return e ? fail("hipModuleLoadData", e) : FLYC_OK;
}

static int module_unload(void *self, int device, void *handle) {
  (void)self;
  int e = hip.hipSetDevice(device);
  if (!e)
    e = hip.hipModuleUnload(handle);
  return e ? fail("hipModuleUnload", e) : FLYC_OK;
}

static int function_get(void *self, int device, void *handle, const char *name, void **fn) {
  (void)self;
  (void)device;
  int e = hip.hipModuleGetFunction(fn, handle, name);
  if (e == HIP_ERROR_NOT_FOUND)
    return flyc__error_set(FLYC_ENOTFOUND, "hipModuleGetFunction: no kernel '%s' (%d)", name,
                           e);
  return e ? fail("hipModuleGetFunction", e) : FLYC_OK;
}

static int global_get(void *self, int device, void *handle, const char *name, uint64_t *addr,
                      size_t *size) {
  (void)self;
  int e = hip.hipSetDevice(device);
  if (!e)
    e = hip.hipModuleGetGlobal(addr, size, handle, name);
  if (e == HIP_ERROR_NOT_FOUND)
    return flyc__error_set(FLYC_ENOTFOUND, "the module has no global '%s' (hipErrorNotFound)",
                           name);
  return e ? fail("hipModuleGetGlobal", e) : FLYC_OK;
}

static int memcpy_htod(void *self, int device, uint64_t dst, const void *src, size_t size) {
  (void)self;
  int e = hip.hipSetDevice(device);
  if (!e)
    e = hip.hipMemcpyHtoD(dst, (void *)src, size);
  return e ? fail("hipMemcpyHtoD", e) : FLYC_OK;
}

static int launch(void *self, int device, void *fn, const flyc_launch_config_t *c,
                  void **args) {
  (void)self;
  if (c->cluster[0] || c->cluster[1] || c->cluster[2])
    return flyc__error_set(FLYC_EUNSUPPORTED,
                           "HIP cannot honour a thread block cluster (hipModuleLaunchKernel)");
  int e = hip.hipSetDevice(device);
  if (!e)
    e = hip.hipModuleLaunchKernel(fn, c->grid[0], c->grid[1], c->grid[2], c->block[0],
                                  c->block[1], c->block[2], c->shared_size, c->stream, args,
                                  NULL);
  return e ? fail("hipModuleLaunchKernel", e) : FLYC_OK;
}

#define ON_DEVICE(call, ...)                                                             \
  do {                                                                                   \
    int e_ = hip.hipSetDevice(device);                                                   \
    if (e_)                                                                              \
      return fail("hipSetDevice", e_);                                                   \
    e_ = hip.call(__VA_ARGS__);                                                          \
    return e_ ? fail(#call, e_) : FLYC_OK;                                               \
  } while (0)

static int mem_alloc(void *self, int device, size_t size, uint64_t *ptr) {
  (void)self;
  ON_DEVICE(hipMalloc, ptr, size);
}
static int mem_free(void *self, int device, uint64_t ptr) {
  (void)self;
  ON_DEVICE(hipFree, ptr);
}
static int memcpy_dtoh(void *self, int device, void *dst, uint64_t src, size_t size) {
  (void)self;
  ON_DEVICE(hipMemcpyDtoH, dst, src, size);
}
static int memset_d8(void *self, int device, uint64_t dst, unsigned char v, size_t size) {
  (void)self;
  ON_DEVICE(hipMemsetD8, dst, v, size);
}
static int synchronize(void *self, int device) {
  (void)self;
  ON_DEVICE(hipDeviceSynchronize);
}

static int stream_create(void *self, int device, void **s) {
  (void)self;
  ON_DEVICE(hipStreamCreate, s);
}
static int stream_destroy(void *self, int device, void *s) {
  (void)self;
  ON_DEVICE(hipStreamDestroy, s);
}
static int stream_synchronize(void *self, int device, void *s) {
  (void)self;
  ON_DEVICE(hipStreamSynchronize, s);
}

int flyc__hip_open(flyc_driver_ops_t *ops, void **self) {
  const char *env = getenv("FLYC_HIP_LIBRARY");
  const char *names[] = {env && *env ? env : NULL, "libamdhip64.so", "libamdhip64.so.6",
                         "libamdhip64.so.5"};
  void *lib = NULL;
  const char *tried = NULL;
  for (size_t i = 0; i < 4 && !lib; i++)
    if (names[i]) {
      tried = names[i];
      lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
      if (env && *env)
        break; /* an explicit library is the only one tried */
    }
  if (!lib)
    return flyc__error_set(FLYC_ENODRIVER, "cannot load the HIP runtime (%s): %s",
                           tried ? tried : "libamdhip64.so", dlerror());
#define X(ret, name, params)                                                              \
  if (!(*(void **)&hip.name = dlsym(lib, #name)))                                         \
    return flyc__error_set(FLYC_ENODRIVER, "the HIP runtime %s lacks %s", tried, #name);
#include "hip.def"
#undef X
  int e = hip.hipInit(0), count = 0;
  const char *call = "hipInit";
  if (!e) {
    call = "hipGetDeviceCount";
    e = hip.hipGetDeviceCount(&count);
  }
  if (e || count == 0) {
    const char *name = hip.hipGetErrorName(e);
    if (e && e != HIP_ERROR_NO_DEVICE && e != HIP_ERROR_INVALID_DEVICE)
      return fail(call, e);
    return flyc__error_set(FLYC_ENODEVICE, "no HIP device (%s: %s (%d), %d devices)", call,
                           e ? (name ? name : "?") : "hipSuccess", e, count);
  }
  flyc_driver_ops_t o = {sizeof o,     0,          "hip",      device_count, module_load,
                         module_unload, function_get, global_get, memcpy_htod, launch,
                         mem_alloc,     mem_free,     memcpy_dtoh, memset_d8,   synchronize,
                         stream_create, stream_destroy, stream_synchronize, NULL};
  *ops = o;
  *self = &hip;
  return FLYC_OK;
}

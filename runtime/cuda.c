/* The CUDA driver: libcuda.so.1 through dlopen, its symbols from cuda.def,
 * one primary context per device. No CUDA header is needed. PTX is loaded
 * as the cubin the driver's JIT made of it, kept on disk (cubin_cache.c). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cubin_cache.h"
#include "driver.h"

typedef struct cuda {
#define X(ret, name, params) ret(*name) params;
#include "cuda.def"
#undef X
} cuda_t;

static cuda_t cu;

/* cuLaunchKernelEx (CUDA 12+), looked up on its own: an older driver lacks it,
 * and only cluster launches need it. Layouts as in cuda.h. */
typedef struct launch_attribute {
  int id;
  char pad[4];
  union {
    char raw[64];
    struct {
      unsigned x, y, z;
    } cluster;
  } value;
} launch_attribute_t;

typedef struct launch_config {
  unsigned grid_x, grid_y, grid_z, block_x, block_y, block_z, shared_bytes;
  void *stream;
  launch_attribute_t *attrs;
  unsigned num_attrs;
} launch_config_t;

#define CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION 4
static int (*cuLaunchKernelEx)(const launch_config_t *config, void *fn, void **params,
                               void **extra);
/* cuTensorMapEncodeTiled (CUDA 12.0+), looked up on its own as well. */
static int (*cuTensorMapEncodeTiled)(void *map, int type, unsigned rank, void *address,
                                     const uint64_t *dims, const uint64_t *strides,
                                     const unsigned *box, const unsigned *elem_strides,
                                     int interleave, int swizzle, int l2, int oob_fill);
static pthread_mutex_t ctx_mu = PTHREAD_MUTEX_INITIALIZER;
#define MAX_DEVICES 64
static void *contexts[MAX_DEVICES];

#define CUDA_ERROR_NO_DEVICE 100
#define CUDA_ERROR_NOT_FOUND 500
#define CU_JIT_INFO_LOG_BUFFER 3
#define CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES 4
#define CU_JIT_ERROR_LOG_BUFFER 5
#define CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES 6
#define CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES 8
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR 75
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR 76
#define CU_JIT_INPUT_PTX 1

static int fail(const char *call, int err) {
  const char *name = NULL;
  if (cu.cuGetErrorName)
    cu.cuGetErrorName(err, &name);
  return flyc__error_set(FLYC_EDRIVER, "%s failed: %s (%d)", call, name ? name : "?", err);
}

/* Makes the device's primary context current on this thread. */
static int use_device(int device) {
  if (device < 0 || device >= MAX_DEVICES)
    return flyc__error_set(FLYC_EINVAL, "CUDA device %d out of range", device);
  pthread_mutex_lock(&ctx_mu);
  void *ctx = contexts[device];
  int e = 0;
  if (!ctx) {
    int dev = 0;
    e = cu.cuDeviceGet(&dev, device);
    if (!e)
      e = cu.cuDevicePrimaryCtxRetain(&ctx, dev);
    if (!e)
      contexts[device] = ctx;
  }
  pthread_mutex_unlock(&ctx_mu);
  if (e)
    return fail("cuDevicePrimaryCtxRetain", e);
  e = cu.cuCtxSetCurrent(ctx);
  return e ? fail("cuCtxSetCurrent", e) : FLYC_OK;
}

static int device_count(void *self, int *count) {
  (void)self;
  int e = cu.cuDeviceGetCount(count);
  return e ? fail("cuDeviceGetCount", e) : FLYC_OK;
}

/* The driver's library as loaded (realpath of what dladdr finds cuInit in):
 * its size and modification time change with a driver update where
 * cuDriverGetVersion's number (the CUDA version supported) may not. */
static char driver_path[4096];

/* The device's compute capability and the driver (version and library
 * identity) into `id`, for the cubin cache's key; 0 when the driver cannot
 * say (no cubin cache then). */
static int device_version(int device, int *major, int *minor, char *id, size_t size) {
  int dev = 0, version = 0;
  struct stat st;
  if (cu.cuDeviceGet(&dev, device) ||
      cu.cuDeviceGetAttribute(major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev) ||
      cu.cuDeviceGetAttribute(minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev) ||
      cu.cuDriverGetVersion(&version) || !driver_path[0] || stat(driver_path, &st) != 0)
    return 0;
  int n = snprintf(id, size, "%d, %s, %lld bytes, modified %lld.%09ld, inode %llu", version,
                   driver_path, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                   st.st_mtim.tv_nsec, (unsigned long long)st.st_ino);
  return n > 0 && (size_t)n < size;
}

/* A JIT failure, with the driver's log. */
static int jit_fail(const char *call, int e, const char *log) {
  fail(call, e);
  if (log[0])
    flyc__error_append("; JIT log: %s", log);
  return FLYC_EDRIVER;
}

/* PTX -> cubin through the driver's JIT linker (the JIT cuModuleLoadDataEx
 * runs, with the same default options), copied out: *cubin malloc'd. */
static int jit_cubin(const char *ptx, size_t len, void **cubin, size_t *size) {
  char log[4096] = "";
  int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  void *state = NULL, *out = NULL;
  size_t n = 0;
  int e = cu.cuLinkCreate_v2(2, opts, vals, &state);
  if (e)
    return jit_fail("cuLinkCreate", e, log);
  e = cu.cuLinkAddData_v2(state, CU_JIT_INPUT_PTX, (void *)ptx, len + 1, "flyc.ptx", 0, NULL,
                          NULL);
  const char *call = "cuLinkAddData";
  if (!e) {
    e = cu.cuLinkComplete(state, &out, &n);
    call = "cuLinkComplete";
  }
  int rc = FLYC_OK;
  if (e)
    rc = jit_fail(call, e, log);
  else if (!out || !n || !(*cubin = malloc(n)))
    rc = out && n ? flyc__error_set(FLYC_ENOMEM, "out of memory")
                  : flyc__error_set(FLYC_EDRIVER, "cuLinkComplete gave no cubin");
  else
    memcpy(*cubin, out, *size = n);
  (void)cu.cuLinkDestroy(state); /* owns `out` */
  return rc;
}

/* Errors of cuModuleLoadData that say the image itself is not for this
 * driver or device (cuda.h): a kept cubin refused so is dropped and the PTX
 * JIT-compiled again; any other error (memory, context) is the load's. */
static int image_refused(int e) {
  return e == 200 /* INVALID_IMAGE */ || e == 209 /* NO_BINARY_FOR_GPU */ ||
         e == 222 /* UNSUPPORTED_PTX_VERSION */ || e == 300 /* INVALID_SOURCE */;
}

/* Loads PTX through the cubin cache: a kept cubin when there is one the
 * driver takes, else the JIT's cubin, kept for the next process. */
static int load_cached(const flyc__cubin_entry_t *ent, const char *ptx, size_t len,
                       void **handle) {
  void *cubin = NULL;
  size_t n = 0;
  if (flyc__cubin_get(ent, &cubin, &n)) {
    int e = cu.cuModuleLoadData(handle, cubin);
    free(cubin);
    if (!e)
      return FLYC_OK;
    if (!image_refused(e))
      return fail("cuModuleLoadData (a cubin kept in the cubin cache)", e);
    flyc__cubin_forget(ent); /* a driver change the key missed: JIT again */
  }
  int rc = jit_cubin(ptx, len, &cubin, &n);
  if (rc)
    return rc;
  int e = cu.cuModuleLoadData(handle, cubin);
  if (!e)
    flyc__cubin_put(ent, cubin, n);
  free(cubin);
  return e ? fail("cuModuleLoadData (the JIT's cubin)", e) : FLYC_OK;
}

static int module_load(void *self, int device, flyc_code_format_t format, const void *image,
                       size_t size, void **handle) {
  (void)self;
  if (format != FLYC_CODE_PTX)
    return flyc__error_set(FLYC_EINVAL, "the CUDA driver loads PTX, not AMDGPU code objects");
  int rc = use_device(device);
  if (rc)
    return rc;
  const char *ptx = image;
  size_t len = strnlen(ptx, size); /* the PTX ends at its NUL (image[size] at the latest) */
  int major = 0, minor = 0;
  char driver[4400];
  flyc__cubin_entry_t ent;
  if (device_version(device, &major, &minor, driver, sizeof driver) &&
      flyc__cubin_entry(&ent, ptx, len, major, minor, driver))
    return load_cached(&ent, ptx, len, handle);
  char log[4096] = "";
  int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  int e = cu.cuModuleLoadDataEx(handle, image, 2, opts, vals);
  return e ? jit_fail("cuModuleLoadDataEx", e, log) : FLYC_OK;
}

static int module_unload(void *self, int device, void *handle) {
  (void)self;
  int rc = use_device(device);
  if (rc)
    return rc;
  int e = cu.cuModuleUnload(handle);
  return e ? fail("cuModuleUnload", e) : FLYC_OK;
}

static int function_get(void *self, int device, void *handle, const char *name, void **fn) {
  (void)self;
  int rc = use_device(device);
  if (rc)
    return rc;
  int e = cu.cuModuleGetFunction(fn, handle, name);
  if (e == CUDA_ERROR_NOT_FOUND)
    return flyc__error_set(FLYC_ENOTFOUND,
                           "cuModuleGetFunction: no kernel '%s' (CUDA_ERROR_NOT_FOUND, 500)",
                           name);
  return e ? fail("cuModuleGetFunction", e) : FLYC_OK;
}

static int global_get(void *self, int device, void *handle, const char *name, uint64_t *addr,
                      size_t *size) {
  (void)self;
  int rc = use_device(device);
  if (rc)
    return rc;
  int e = cu.cuModuleGetGlobal_v2(addr, size, handle, name);
  if (e == CUDA_ERROR_NOT_FOUND)
    return flyc__error_set(FLYC_ENOTFOUND,
                           "the module has no global '%s' (CUDA_ERROR_NOT_FOUND, 500)", name);
  return e ? fail("cuModuleGetGlobal", e) : FLYC_OK;
}

static int memcpy_htod(void *self, int device, uint64_t dst, const void *src, size_t size) {
  (void)self;
  int rc = use_device(device);
  if (rc)
    return rc;
  int e = cu.cuMemcpyHtoD_v2(dst, src, size);
  return e ? fail("cuMemcpyHtoD", e) : FLYC_OK;
}

static int launch(void *self, int device, void *fn, const flyc_launch_config_t *c,
                  void **args) {
  (void)self;
  int rc = use_device(device);
  if (rc)
    return rc;
  if (c->shared_size > 48 * 1024) {
    /* Above 48 KiB CUDA wants the kernel to opt in first. */
    int e = cu.cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                  (int)c->shared_size);
    if (e)
      return fail("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", e);
  }
  if (c->cluster[0] || c->cluster[1] || c->cluster[2]) {
    if (!cuLaunchKernelEx)
      return flyc__error_set(FLYC_EUNSUPPORTED,
                             "this CUDA driver has no cuLaunchKernelEx (clusters need CUDA 12)");
    launch_attribute_t attr;
    memset(&attr, 0, sizeof attr);
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.cluster.x = c->cluster[0];
    attr.value.cluster.y = c->cluster[1];
    attr.value.cluster.z = c->cluster[2];
    launch_config_t lc = {c->grid[0],  c->grid[1],  c->grid[2],    c->block[0], c->block[1],
                          c->block[2], c->shared_size, c->stream, &attr,       1};
    int e = cuLaunchKernelEx(&lc, fn, args, NULL);
    return e ? fail("cuLaunchKernelEx", e) : FLYC_OK;
  }
  int e = cu.cuLaunchKernel(fn, c->grid[0], c->grid[1], c->grid[2], c->block[0], c->block[1],
                            c->block[2], c->shared_size, c->stream, args, NULL);
  return e ? fail("cuLaunchKernel", e) : FLYC_OK;
}

#define ON_DEVICE(call, ...)                                                             \
  do {                                                                                   \
    int rc_ = use_device(device);                                                        \
    if (rc_)                                                                             \
      return rc_;                                                                        \
    int e_ = cu.call(__VA_ARGS__);                                                       \
    return e_ ? fail(#call, e_) : FLYC_OK;                                               \
  } while (0)

static int mem_alloc(void *self, int device, size_t size, uint64_t *ptr) {
  (void)self;
  ON_DEVICE(cuMemAlloc_v2, ptr, size);
}
static int mem_free(void *self, int device, uint64_t ptr) {
  (void)self;
  ON_DEVICE(cuMemFree_v2, ptr);
}
static int memcpy_dtoh(void *self, int device, void *dst, uint64_t src, size_t size) {
  (void)self;
  ON_DEVICE(cuMemcpyDtoH_v2, dst, src, size);
}
static int memset_d8(void *self, int device, uint64_t dst, unsigned char v, size_t size) {
  (void)self;
  ON_DEVICE(cuMemsetD8_v2, dst, v, size);
}
static int synchronize(void *self, int device) {
  (void)self;
  ON_DEVICE(cuCtxSynchronize);
}

static int stream_create(void *self, int device, void **s) {
  (void)self;
  ON_DEVICE(cuStreamCreate, s, 0);
}
static int stream_destroy(void *self, int device, void *s) {
  (void)self;
  ON_DEVICE(cuStreamDestroy_v2, s);
}
static int stream_synchronize(void *self, int device, void *s) {
  (void)self;
  ON_DEVICE(cuStreamSynchronize, s);
}

/* CUtensorMapSwizzle by bytes; no interleave, L2 promotion or NaN fill. */
static int tensor_map_encode(void *self, const flyc_tensor_map_desc_t *d,
                             flyc_tensor_map_t *out) {
  (void)self;
  unsigned ones[5] = {1, 1, 1, 1, 1};
  int swizzle = d->swizzle == 128 ? 3 : d->swizzle == 64 ? 2 : d->swizzle == 32 ? 1 : 0;
  int e = cuTensorMapEncodeTiled(out, (int)d->elem, d->rank, (void *)(uintptr_t)d->address,
                                 d->dims, d->strides, d->box, ones, 0, swizzle, 0, 0);
  return e ? fail("cuTensorMapEncodeTiled", e) : FLYC_OK;
}

int flyc__cuda_open(flyc_driver_ops_t *ops, void **self) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return flyc__error_set(FLYC_ENODRIVER, "cannot load the CUDA driver (libcuda.so.1): %s",
                           dlerror());
#define X(ret, name, params)                                                              \
  if (!(*(void **)&cu.name = dlsym(lib, #name)))                                          \
    return flyc__error_set(FLYC_ENODRIVER, "the CUDA driver lacks %s", #name);
#include "cuda.def"
#undef X
  *(void **)&cuLaunchKernelEx = dlsym(lib, "cuLaunchKernelEx");
  *(void **)&cuTensorMapEncodeTiled = dlsym(lib, "cuTensorMapEncodeTiled");
  Dl_info where;
  if (!dladdr(*(void **)&cu.cuInit, &where) || !where.dli_fname ||
      !realpath(where.dli_fname, driver_path))
    driver_path[0] = '\0'; /* no identity: no cubin cache */
  int e = cu.cuInit(0), count = 0;
  if (!e)
    e = cu.cuDeviceGetCount(&count);
  if (e == CUDA_ERROR_NO_DEVICE || (!e && count == 0))
    return flyc__error_set(FLYC_ENODEVICE, "no CUDA device (cuInit/cuDeviceGetCount: %d, %d "
                                           "devices)",
                           e, count);
  if (e)
    return fail("cuInit", e);
  flyc_driver_ops_t o = {sizeof o,     0,          "cuda",     device_count, module_load,
                         module_unload, function_get, global_get, memcpy_htod, launch,
                         mem_alloc,     mem_free,     memcpy_dtoh, memset_d8,   synchronize,
                         stream_create, stream_destroy, stream_synchronize, NULL};
  o.tensor_map_encode = cuTensorMapEncodeTiled ? tensor_map_encode : NULL;
  *ops = o;
  *self = &cu;
  return FLYC_OK;
}

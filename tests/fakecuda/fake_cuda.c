/* A stand-in libcuda.so.1 for test_cubin (no GPU in CI): the driver calls
 * runtime/cuda.c makes, answering as the real driver does in shape, so that
 * the cubin cache's path is tested end to end. Its "cubin" is an ELF magic,
 * padding, then "FAKECUBIN link=<n> cc=<major>.<minor> driver=<v>\n" and the
 * PTX it was made from. Behaviour set by the environment, read at each call:
 *   FAKE_CUDA_CC_MAJOR (9), FAKE_CUDA_DRIVER (13000): the device and driver;
 *   FAKE_CUDA_REFUSE_BEFORE=N: cuModuleLoadData refuses cubins made by a
 *     link numbered below N (CUDA_ERROR_INVALID_IMAGE, 200);
 *   FAKE_CUDA_LOAD_ERR=N: cuModuleLoadData fails with N (2: out of memory).
 * PTX containing "BADPTX" fails the JIT (CUDA_ERROR_INVALID_PTX, 218) with a
 * log. fake_cuda_counts() tells the test what was called. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define API __attribute__((visibility("default")))

static int links, cubin_loads, ptx_loads;

API void fake_cuda_counts(int *l, int *c, int *p) {
  *l = links;
  *c = cubin_loads;
  *p = ptx_loads;
}

static int env_int(const char *name, int dflt) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : dflt;
}

typedef struct module {
  char *text; /* the PTX, for cuModuleGetFunction */
} module_t;

API int cuInit(unsigned flags) { return (int)flags; }
API int cuDeviceGetCount(int *n) { return *n = 1, 0; }
API int cuDeviceGet(int *d, int ordinal) { return *d = ordinal, ordinal == 0 ? 0 : 101; }
API int cuDevicePrimaryCtxRetain(void **ctx, int d) { return *ctx = (void *)(intptr_t)(d + 1), 0; }
API int cuCtxSetCurrent(void *ctx) { return ctx ? 0 : 201; }
API int cuDriverGetVersion(int *v) { return *v = env_int("FAKE_CUDA_DRIVER", 13000), 0; }
API int cuDeviceGetAttribute(int *v, int attr, int d) {
  (void)d;
  if (attr == 75)
    return *v = env_int("FAKE_CUDA_CC_MAJOR", 9), 0;
  if (attr == 76)
    return *v = 0, 0;
  return 1;
}

static int load(void **m, const char *ptx) {
  module_t *mod = malloc(sizeof *mod);
  if (!mod || !(mod->text = strdup(ptx))) {
    free(mod);
    return 2;
  }
  *m = mod;
  return 0;
}

API int cuModuleLoadDataEx(void **m, const void *image, unsigned n, int *o, void **v) {
  (void)n, (void)o, (void)v;
  if (memcmp(image, "\x7f" "ELF", 4) == 0)
    return 200;
  if (strstr(image, "BADPTX"))
    return 218;
  ptx_loads++;
  return load(m, image);
}

#define CUBIN_PAD 64
API int cuModuleLoadData(void **m, const void *image) {
  const char *c = image;
  if (memcmp(c, "\x7f" "ELF", 4) != 0 || strncmp(c + CUBIN_PAD, "FAKECUBIN link=", 15) != 0)
    return 200;
  if (atoi(c + CUBIN_PAD + 15) < env_int("FAKE_CUDA_REFUSE_BEFORE", 0))
    return 200;
  if (env_int("FAKE_CUDA_LOAD_ERR", 0))
    return env_int("FAKE_CUDA_LOAD_ERR", 0);
  cubin_loads++;
  return load(m, c + CUBIN_PAD);
}

API int cuModuleUnload(void *m) {
  module_t *mod = m;
  free(mod->text);
  free(mod);
  return 0;
}

API int cuModuleGetFunction(void **fn, void *m, const char *name) {
  char want[256];
  snprintf(want, sizeof want, ".entry %s(", name);
  return strstr(((module_t *)m)->text, want) ? (*fn = m, 0) : 500;
}

typedef struct link {
  char *log;
  size_t log_size;
  char *ptx;
  unsigned char *cubin;
} link_t;

API int cuLinkCreate_v2(unsigned n, int *opts, void **vals, void **state) {
  link_t *l = calloc(1, sizeof *l);
  if (!l)
    return 2;
  for (unsigned i = 0; i < n; i++) {
    if (opts[i] == 5)
      l->log = vals[i];
    if (opts[i] == 6)
      l->log_size = (size_t)(uintptr_t)vals[i];
  }
  *state = l;
  return 0;
}

API int cuLinkAddData_v2(void *state, int type, void *data, size_t size, const char *name,
                         unsigned n, int *o, void **v) {
  (void)name, (void)n, (void)o, (void)v;
  link_t *l = state;
  if (type != 1 || !size || ((char *)data)[size - 1] != '\0')
    return 1; /* CUDA_ERROR_INVALID_VALUE: PTX and its NUL expected */
  if (strstr(data, "BADPTX")) {
    if (l->log && l->log_size)
      snprintf(l->log, l->log_size, "ptxas fatal   : BADPTX is not PTX");
    return 218;
  }
  free(l->ptx);
  return (l->ptx = strdup(data)) ? 0 : 2;
}

API int cuLinkComplete(void *state, void **cubin, size_t *size) {
  link_t *l = state;
  if (!l->ptx)
    return 1;
  char head[128];
  int h = snprintf(head, sizeof head, "FAKECUBIN link=%d cc=%d.0 driver=%d\n", ++links,
                   env_int("FAKE_CUDA_CC_MAJOR", 9), env_int("FAKE_CUDA_DRIVER", 13000));
  size_t n = CUBIN_PAD + (size_t)h + strlen(l->ptx) + 1;
  if (!(l->cubin = calloc(1, n)))
    return 2;
  /* An ELF64 header for EM_CUDA (190) with no program or section table. */
  memcpy(l->cubin, "\x7f" "ELF\x02\x01\x01", 7);
  l->cubin[18] = 190;
  memcpy(l->cubin + CUBIN_PAD, head, (size_t)h);
  strcpy((char *)l->cubin + CUBIN_PAD + h, l->ptx);
  *cubin = l->cubin;
  *size = n;
  return 0;
}

API int cuLinkDestroy(void *state) {
  link_t *l = state;
  free(l->ptx);
  free(l->cubin);
  free(l);
  return 0;
}

API int cuGetErrorName(int e, const char **name) {
  *name = e == 2     ? "CUDA_ERROR_OUT_OF_MEMORY"
          : e == 200 ? "CUDA_ERROR_INVALID_IMAGE"
          : e == 218 ? "CUDA_ERROR_INVALID_PTX"
          : e == 500 ? "CUDA_ERROR_NOT_FOUND"
                     : "CUDA_ERROR_UNKNOWN";
  return 0;
}

/* The rest: accepted, doing nothing. */
API int cuModuleGetGlobal_v2(uint64_t *p, size_t *s, void *m, const char *n) {
  (void)m, (void)n;
  return *p = 0, *s = 0, 500;
}
API int cuMemcpyHtoD_v2(uint64_t d, const void *s, size_t n) { return (void)d, (void)s, (void)n, 0; }
API int cuFuncSetAttribute(void *f, int a, int v) { return (void)f, (void)a, (void)v, 0; }
API int cuLaunchKernel(void *f, unsigned a, unsigned b, unsigned c, unsigned d, unsigned e,
                       unsigned g, unsigned s, void *st, void **p, void **x) {
  (void)f, (void)a, (void)b, (void)c, (void)d, (void)e, (void)g, (void)s, (void)st, (void)p,
      (void)x;
  return 0;
}
API int cuMemAlloc_v2(uint64_t *p, size_t n) { return (void)n, *p = 0x1000, 0; }
API int cuMemFree_v2(uint64_t p) { return (void)p, 0; }
API int cuMemcpyDtoH_v2(void *d, uint64_t s, size_t n) { return (void)d, (void)s, (void)n, 0; }
API int cuMemsetD8_v2(uint64_t d, unsigned char v, size_t n) { return (void)d, (void)v, (void)n, 0; }
API int cuCtxSynchronize(void) { return 0; }
API int cuStreamCreate(void **s, unsigned f) { return (void)f, *s = (void *)1, 0; }
API int cuStreamDestroy_v2(void *s) { return (void)s, 0; }
API int cuStreamSynchronize(void *s) { return (void)s, 0; }

/* NVSHMEM end to end: a kernel built with the kernel builder calls NVSHMEM's
 * device API (examples/nvshmem_kernel.h) from libnvshmem_device.bc, linked
 * by flyc; a post-load processor registered by name runs
 * nvshmemx_cumodule_init on each loaded CUmodule (NVSHMEM's host library
 * through dlopen); the kernel runs on one PE and every result is checked.
 *
 *   cc examples/nvshmem_ring.c $(pkg-config --cflags --libs flyc) -ldl -o nvshmem_ring
 *   ./nvshmem_ring [--nvshmem DIR] [--device-bc BC] [--arch sm_90] [--n N]
 *                  [--no-register] [--ptx OUT]
 *
 * DIR holds lib/libnvshmem_device.bc and lib/libnvshmem_host.so.3: --nvshmem,
 * else $NVSHMEM_HOME, else the pip package nvidia-nvshmem-cu13 under
 * /opt/torch/.venv (the H200 image's); --device-bc names the device bitcode
 * elsewhere. --no-register leaves the processor
 * unregistered: the build (or a disk cache hit) must then fail, naming it,
 * rather than load a module whose NVSHMEM state is never set (the kernel
 * would fault with an illegal address). --ptx writes the PTX and stops before
 * the GPU. A second run with the same FLYC_CACHE_DIR is served from the disk
 * cache and re-resolves the processor by its name.
 *
 * Exit 0 when everything checks, 1 on a failure, 3 when --no-register was
 * refused as it must be. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <flyc.h>

#include "nvshmem_kernel.h"

/* NVSHMEM 3.x host ABI (host/nvshmemx_api.h, bootstrap_device_host/
 * nvshmem_uniqueid.h, device_host/nvshmem_types.h): the sizes are its
 * static_asserts'. */
typedef struct { int version; char internal[124]; } nv_uniqueid_t;
typedef struct { int version; void *mpi_comm; char args[128]; } nv_init_attr_t;
#define NV_INIT_WITH_UNIQUEID (1 << 3)
#define NV_VERSION_OF(T) ((1 << 16) + (int)sizeof(T))

static struct {
  int (*get_uniqueid)(nv_uniqueid_t *);
  int (*set_attr_uniqueid_args)(int, int, const nv_uniqueid_t *, nv_init_attr_t *);
  int (*hostlib_init_attr)(unsigned, nv_init_attr_t *);
  int (*init_status)(void);
  void *(*malloc_)(size_t);
  void (*free_)(void *);
  int (*cumodule_init)(void *);
  void (*hostlib_finalize)(void);
} nv;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "nvshmem_ring: %s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  return 1;
}

/* The processor: NVSHMEM's module init on the CUmodule flyc loaded. */
static int cumodule_init(const flyc_loaded_module_t *m, void *payload) {
  (void)payload;
  int rc = nv.cumodule_init(m->handle);
  if (rc)
    fprintf(stderr, "nvshmem_ring: nvshmemx_cumodule_init returned %d\n", rc);
  return rc;
}

static int open_host(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/lib/libnvshmem_host.so.3", dir);
  void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  if (!h) {
    fprintf(stderr, "nvshmem_ring: %s\n", dlerror());
    return 1;
  }
  struct { void **slot; const char *name; } syms[] = {
      {(void **)&nv.get_uniqueid, "nvshmemx_get_uniqueid"},
      {(void **)&nv.set_attr_uniqueid_args, "nvshmemx_set_attr_uniqueid_args"},
      {(void **)&nv.hostlib_init_attr, "nvshmemx_hostlib_init_attr"},
      {(void **)&nv.init_status, "nvshmemx_init_status"},
      {(void **)&nv.malloc_, "nvshmem_malloc"},
      {(void **)&nv.free_, "nvshmem_free"},
      {(void **)&nv.cumodule_init, "nvshmemx_cumodule_init"},
      {(void **)&nv.hostlib_finalize, "nvshmemx_hostlib_finalize"},
  };
  for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++)
    if (!(*syms[i].slot = dlsym(h, syms[i].name))) {
      fprintf(stderr, "nvshmem_ring: %s has no %s\n", path, syms[i].name);
      return 1;
    }
  return 0;
}

/* One PE, bootstrapped from a unique ID (no launcher needed). */
static int init_nvshmem(void) {
  nv_uniqueid_t id = {NV_VERSION_OF(nv_uniqueid_t), {0}};
  nv_init_attr_t attr;
  memset(&attr, 0, sizeof attr);
  attr.version = NV_VERSION_OF(nv_init_attr_t);
  int args_version = (1 << 16) + 128, uid_args_version = (1 << 16) + 24;
  memcpy(attr.args, &args_version, sizeof args_version);
  memcpy(attr.args + 8, &uid_args_version, sizeof uid_args_version);
  if (nv.get_uniqueid(&id) || nv.set_attr_uniqueid_args(0, 1, &id, &attr) ||
      nv.hostlib_init_attr(NV_INIT_WITH_UNIQUEID, &attr)) {
    fprintf(stderr, "nvshmem_ring: NVSHMEM initialization failed\n");
    return 1;
  }
  return 0;
}

typedef struct opts {
  const char *dir, *device_bc, *arch, *ptx;
  int n, no_register;
} opts_t;

static int parse(int argc, char **argv, opts_t *o) {
  const char *home = getenv("NVSHMEM_HOME");
  *o = (opts_t){home && *home ? home
                              : "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nvshmem",
                NULL, "sm_90", NULL, 256, 0};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--nvshmem") && i + 1 < argc)
      o->dir = argv[++i];
    else if (!strcmp(argv[i], "--device-bc") && i + 1 < argc)
      o->device_bc = argv[++i];
    else if (!strcmp(argv[i], "--arch") && i + 1 < argc)
      o->arch = argv[++i];
    else if (!strcmp(argv[i], "--ptx") && i + 1 < argc)
      o->ptx = argv[++i];
    else if (!strcmp(argv[i], "--n") && i + 1 < argc)
      o->n = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--no-register"))
      o->no_register = 1;
    else {
      fprintf(stderr,
              "usage: %s [--nvshmem DIR] [--device-bc BC] [--arch T] [--n N] [--no-register] "
              "[--ptx OUT]\n",
              argv[0]);
      return 2;
    }
  }
  if (o->n < 1 || o->n > 1 << 20) {
    fprintf(stderr, "nvshmem_ring: --n must be 1 to %d\n", 1 << 20);
    return 2;
  }
  return 0;
}

static const char *origin_name(flyc_artifact_origin_t o) {
  return o == FLYC_ARTIFACT_DISK_CACHE     ? "disk cache"
         : o == FLYC_ARTIFACT_MEMORY_CACHE ? "memory cache"
                                           : "compiled";
}

/* Builds the kernel; 3 when an unregistered processor was refused. */
static int build(const opts_t *o, flyc_artifact_t **a) {
  char bc[4096];
  snprintf(bc, sizeof bc, "%s", o->device_bc ? o->device_bc : "");
  if (!o->device_bc)
    snprintf(bc, sizeof bc, "%s/lib/libnvshmem_device.bc", o->dir);
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, o->arch))
    return fail("target");
  const char *name;
  flyc_compile_options_t opts = FLYC_COMPILE_OPTIONS_INIT;
  double t0 = now_ms();
  int rc = nvshmem_ring_emit(ctx, bc, &name);
  if (rc == FLYC_OK)
    rc = flyc_ctx_compile(ctx, &opts, a);
  double t1 = now_ms();
  flyc_ctx_destroy(ctx);
  if (rc && o->no_register && rc == FLYC_ENOTFOUND &&
      strstr(flyc_error_last()->message, NVSHMEM_RING_PROCESSOR)) {
    printf("refused as it must be: %s\n", flyc_error_last()->message);
    return 3;
  }
  if (rc)
    return fail("build");
  if (o->no_register) {
    fprintf(stderr, "nvshmem_ring: built without its processor registered\n");
    return 1;
  }
  printf("build %.2f ms (%s); processors:", t1 - t0, origin_name(flyc_artifact_origin(*a)));
  for (size_t i = 0; i < flyc_artifact_processor_count(*a); i++) {
    flyc_processor_t p;
    if (flyc_artifact_processor(*a, i, &p) == FLYC_OK)
      printf(" %s", p.name ? p.name : "(unnamed)");
  }
  printf("\n");
  return 0;
}

/* Checks what the kernel wrote on one PE. */
static int check(const int32_t *out, int n) {
  int bad = 0;
  if (out[0] != 0 || out[1] != 1 || out[2] != 1000) {
    fprintf(stderr, "nvshmem_ring: my_pe %d n_pes %d g %d (want 0 1 1000)\n", out[0], out[1],
            out[2]);
    bad = 1;
  }
  for (int i = 0; i < n && !bad; i++)
    if (out[16 + n + i] != out[16 + i]) {
      fprintf(stderr, "nvshmem_ring: element %d came back %d, not %d\n", i, out[16 + n + i],
              out[16 + i]);
      bad = 1;
    }
  return bad;
}

static int run(const opts_t *o, flyc_artifact_t *a) {
  flyc_driver_t *drv;
  if (flyc_driver_open(&drv, FLYC_DRIVER_CUDA))
    return fail("driver");
  /* flyc's first use of the device makes its primary context current on
   * this thread, which NVSHMEM's initialization then uses. */
  size_t out_bytes = (size_t)(16 + 2 * o->n) * 4;
  uint64_t out = 0;
  if (flyc_device_alloc(drv, 0, out_bytes, &out))
    return fail("device memory");
  if (init_nvshmem())
    return 1;
  int32_t *host = calloc(1, out_bytes);
  void *sym = nv.malloc_((size_t)(16 + o->n) * 4); /* makes the init whole */
  printf("NVSHMEM status after nvshmem_malloc: %d (2: initialized)\n", nv.init_status());
  flyc_gpu_jit_module_t *m = NULL;
  int rc = !host || !sym;
  double t0 = now_ms();
  if (!rc && (rc = flyc_gpu_jit_module_load(&m, drv, 0, a, NULL, 0)))
    fail("load");
  double t1 = now_ms();
  for (int i = 0; i < o->n; i++)
    host[16 + i] = 3 * i + 7;
  if (!rc && flyc_memcpy_htod(drv, 0, out, host, out_bytes))
    rc = fail("memory");
  void *symp = sym;
  int32_t n = o->n;
  void *args[3] = {&symp, &out, &n};
  flyc_launch_config_t cfg = FLYC_LAUNCH_CONFIG_INIT;
  cfg.block[0] = NVSHMEM_RING_BLOCK;
  if (!rc && (flyc_launch(m, "nvshmem_ring", &cfg, args) || flyc_device_synchronize(drv, 0)))
    rc = fail("launch");
  if (!rc && flyc_memcpy_dtoh(drv, 0, host, out, out_bytes))
    rc = fail("copy back");
  if (!rc && !(rc = check(host, o->n)))
    printf("load + nvshmemx_cumodule_init %.2f ms; my_pe 0, n_pes 1, g 1000, %d elements put and "
           "got back: ok\n",
           t1 - t0, o->n);
  if (out)
    flyc_device_free(drv, 0, out);
  flyc_gpu_jit_module_destroy(m);
  if (sym)
    nv.free_(sym);
  free(host);
  nv.hostlib_finalize();
  return rc;
}

int main(int argc, char **argv) {
  opts_t o;
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc;
  if (!o.ptx && open_host(o.dir))
    return 1;
  if (!o.no_register &&
      flyc_processor_register(NVSHMEM_RING_PROCESSOR, cumodule_init, NULL))
    return fail("register");
  flyc_artifact_t *a = NULL;
  if ((rc = build(&o, &a)))
    return rc;
  if (o.ptx) {
    FILE *f = fopen(o.ptx, "w");
    size_t sz;
    const void *code = flyc_artifact_code(a, &sz);
    rc = !f || fwrite(code, 1, sz, f) != sz;
    if (f)
      rc |= fclose(f) != 0;
  } else {
    rc = run(&o, a);
  }
  flyc_artifact_destroy(a);
  return rc ? 1 : 0;
}

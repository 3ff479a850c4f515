/* The runtime: the GpuJitModule contract against a recording driver (load
 * counts, processor order, the post-condition, failure unwinding, idempotent
 * unload, several devices, threads, launch validation), and the real HIP and
 * CUDA drivers as CI has them (no device / no driver). */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/driver.h"
#include "util.h"
#include "../runtime/internal.h"

/* ---- the recording driver ---- */

typedef struct rec {
  pthread_mutex_t mu;
  char log[8192];
  int loads, unloads, function_gets, launches, copies;
  int null_handle;    /* module_load succeeds without a handle */
  int fail_load;      /* module_load fails */
  uint64_t next_handle;
  uint32_t last_block[3], last_cluster[3];
  uint8_t state[80];  /* the device global "state" */
} rec_t;

static void rec_log(rec_t *r, const char *fmt, ...) {
  char line[128];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  pthread_mutex_lock(&r->mu);
  strncat(r->log, line, sizeof r->log - strlen(r->log) - 1);
  strncat(r->log, ";", sizeof r->log - strlen(r->log) - 1);
  pthread_mutex_unlock(&r->mu);
}

static int r_count(void *s, int *n) {
  (void)s;
  *n = 2;
  return 0;
}
static int r_load(void *s, int dev, flyc_code_format_t f, const void *img, size_t n, void **h) {
  rec_t *r = s;
  (void)f, (void)img, (void)n;
  if (r->fail_load)
    return FLYC_EDRIVER;
  pthread_mutex_lock(&r->mu);
  r->loads++;
  *h = r->null_handle ? NULL : (void *)(uintptr_t)(++r->next_handle + 0x1000);
  pthread_mutex_unlock(&r->mu);
  rec_log(r, "load%d", dev);
  return 0;
}
static int r_unload(void *s, int dev, void *h) {
  rec_t *r = s;
  (void)h;
  pthread_mutex_lock(&r->mu);
  r->unloads++;
  pthread_mutex_unlock(&r->mu);
  rec_log(r, "unload%d", dev);
  return 0;
}
static int r_fn(void *s, int dev, void *h, const char *name, void **fn) {
  rec_t *r = s;
  (void)dev;
  pthread_mutex_lock(&r->mu);
  r->function_gets++;
  pthread_mutex_unlock(&r->mu);
  *fn = (void *)((uintptr_t)h + strlen(name));
  return 0;
}
static int r_global(void *s, int dev, void *h, const char *name, uint64_t *addr, size_t *size) {
  rec_t *r = s;
  (void)dev, (void)h;
  if (strcmp(name, "state") == 0) {
    *addr = (uint64_t)(uintptr_t)r->state;
    *size = sizeof r->state;
    return 0;
  }
  if (strcmp(name, "broken") == 0)
    return FLYC_EDRIVER;
  if (strcmp(name, "explained") == 0)
    return flyc_driver_fail(FLYC_ENOTFOUND, "test driver: no symbol %s in module %p", name, h);
  return FLYC_ENOTFOUND;
}
static int r_copy(void *s, int dev, uint64_t dst, const void *src, size_t size) {
  rec_t *r = s;
  (void)dev;
  memcpy((void *)(uintptr_t)dst, src, size);
  pthread_mutex_lock(&r->mu);
  r->copies++;
  pthread_mutex_unlock(&r->mu);
  return 0;
}
static int r_launch(void *s, int dev, void *fn, const flyc_launch_config_t *c, void **args) {
  rec_t *r = s;
  (void)dev, (void)fn, (void)args;
  pthread_mutex_lock(&r->mu);
  r->launches++;
  memcpy(r->last_block, c->block, sizeof r->last_block);
  memcpy(r->last_cluster, c->cluster, sizeof r->last_cluster);
  pthread_mutex_unlock(&r->mu);
  return 0;
}

static int r_alloc(void *s, int dev, size_t size, uint64_t *ptr) {
  (void)s, (void)dev;
  *ptr = (uint64_t)(uintptr_t)calloc(1, size);
  return *ptr ? 0 : FLYC_ENOMEM;
}
static int r_free(void *s, int dev, uint64_t ptr) {
  (void)s, (void)dev;
  free((void *)(uintptr_t)ptr);
  return 0;
}
static int r_dtoh(void *s, int dev, void *dst, uint64_t src, size_t size) {
  (void)s, (void)dev;
  memcpy(dst, (void *)(uintptr_t)src, size);
  return 0;
}
static int r_memset(void *s, int dev, uint64_t dst, unsigned char v, size_t size) {
  (void)s, (void)dev;
  memset((void *)(uintptr_t)dst, v, size);
  return 0;
}
static int r_sync(void *s, int dev) {
  rec_log(s, "sync%d", dev);
  return 0;
}
static int r_screate(void *s, int dev, void **st) {
  (void)s;
  *st = (void *)(uintptr_t)(0x5000 + dev);
  return 0;
}
static int r_sdestroy(void *s, int dev, void *st) {
  rec_log(s, "sdestroy%d:%lx", dev, (unsigned long)(uintptr_t)st);
  return 0;
}
static int r_ssync(void *s, int dev, void *st) {
  rec_log(s, "ssync%d:%lx", dev, (unsigned long)(uintptr_t)st);
  return 0;
}

static flyc_driver_t *make_driver(rec_t *r) {
  memset(r, 0, sizeof *r);
  pthread_mutex_init(&r->mu, NULL);
  flyc_driver_ops_t ops = {sizeof ops, 0,       "test",   r_count,  r_load,  r_unload,
                           r_fn,       r_global, r_copy,  r_launch, r_alloc, r_free,
                           r_dtoh,     r_memset, r_sync,   r_screate, r_sdestroy,
                           r_ssync,    NULL};
  flyc_driver_t *d = NULL;
  assert_ok(flyc_driver_create(&d, &ops, r));
  return d;
}

static flyc_artifact_t *vadd(void) {
  flyc_artifact_t *a = NULL;
  assert_ok(tu_compile(&a, FX("vadd_amdgcn.gfx90a.ll"), "gfx90a", NULL, 0, 0));
  return a;
}

/* Processors: append their tag to the log, and check that no launch came
 * before them. */
typedef struct tag {
  rec_t *r;
  const char *name;
  int rc;
} tag_t;

static int proc(const flyc_loaded_module_t *m, void *p) {
  tag_t *t = p;
  assert_non_null(m->handle);
  assert_int_equal(t->r->launches, 0);
  rec_log(t->r, "proc:%s@%d", t->name, m->device);
  return t->rc;
}

static void test_runtime__processors_once_in_order_after_load(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  tag_t t1 = {&r, "first", 0}, t2 = {&r, "second", 0};
  flyc_processor_t procs[] = {{"first", proc, &t1}, {NULL, proc, &t2}};
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, procs, 2));
  assert_string_equal(r.log, "load0;proc:first@0;proc:second@0;");
  assert_int_equal(r.loads, 1);
  void *args[4] = {0};
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 256;
  for (int i = 0; i < 3; i++)
    assert_ok(flyc_launch(m, "vadd", &c, args));
  assert_int_equal(r.launches, 3);
  assert_int_equal(r.function_gets, 1); /* cached per kernel */
  assert_int_equal(r.last_block[0], 256);
  assert_int_equal(r.last_block[1], 1); /* 0 means 1 */
  /* Unload is explicit and idempotent. */
  assert_ok(flyc_gpu_jit_module_unload(m));
  assert_ok(flyc_gpu_jit_module_unload(m));
  assert_int_equal(r.unloads, 1);
  assert_null(flyc_gpu_jit_module_loaded(m)->handle);
  assert_error(flyc_launch(m, "vadd", &c, args), FLYC_EINVAL, "unloaded");
  flyc_gpu_jit_module_destroy(m);
  assert_int_equal(r.unloads, 1);
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

static void test_runtime__failing_processor_unloads_and_is_named(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  tag_t ok = {&r, "ok", 0}, bad = {&r, "mstl_init", FLYC_ENOTFOUND}, odd = {&r, "odd", 7};
  flyc_processor_t procs[] = {{"ok", proc, &ok}, {"mstl_init", proc, &bad}, {"ok", proc, &ok}};
  flyc_gpu_jit_module_t *m = (flyc_gpu_jit_module_t *)0x1;
  assert_error(flyc_gpu_jit_module_load(&m, d, 0, a, procs, 3), FLYC_ENOTFOUND,
               "post-load processor 1 ('mstl_init') failed", "unloaded");
  assert_ptr_equal(m, (flyc_gpu_jit_module_t *)0x1);
  assert_string_equal(r.log, "load0;proc:ok@0;proc:mstl_init@0;unload0;");
  flyc_processor_t odd_proc[] = {{"odd", proc, &odd}};
  assert_error(flyc_gpu_jit_module_load(&m, d, 0, a, odd_proc, 1), FLYC_EDRIVER,
               "('odd') failed (returned 7)");
  assert_int_equal(r.loads, r.unloads);
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

static void test_runtime__no_module_no_processors(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  tag_t t = {&r, "init", 0};
  flyc_processor_t procs[] = {{"init", proc, &t}};
  flyc_gpu_jit_module_t *m = NULL;
  r.null_handle = 1;
  assert_error(flyc_gpu_jit_module_load(&m, d, 0, a, procs, 1), FLYC_EDRIVER,
               "no module handle", "1 post-load processor(s) would not run");
  assert_null(strstr(r.log, "proc:"));
  r.null_handle = 0;
  r.fail_load = 1;
  assert_error(flyc_gpu_jit_module_load(&m, d, 0, a, procs, 1), FLYC_EDRIVER,
               "driver 'test' failed in module_load");
  assert_null(strstr(r.log, "proc:"));
  flyc_processor_t nofn[] = {{"x", NULL, NULL}};
  assert_error(flyc_gpu_jit_module_load(&m, d, 0, a, nofn, 1), FLYC_EINVAL, "no function");
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

static void test_runtime__several_devices(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  int n = 0;
  assert_ok(flyc_driver_device_count(d, &n));
  assert_int_equal(n, 2);
  tag_t t = {&r, "init", 0};
  flyc_processor_t procs[] = {{"init", proc, &t}};
  flyc_gpu_jit_module_t *m0 = NULL, *m1 = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m0, d, 0, a, procs, 1));
  assert_ok(flyc_gpu_jit_module_load(&m1, d, 1, a, procs, 1));
  assert_string_equal(r.log, "load0;proc:init@0;load1;proc:init@1;");
  assert_ptr_not_equal(flyc_gpu_jit_module_loaded(m0)->handle,
                       flyc_gpu_jit_module_loaded(m1)->handle);
  flyc_gpu_jit_module_destroy(m0);
  flyc_gpu_jit_module_destroy(m1);
  assert_int_equal(r.unloads, 2);
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

/* flyc_gpu_jit_module_get: one module per driver and device, loaded on
 * first use (concurrently: once), reused after, owned by the artifact. */
typedef struct getter {
  flyc_driver_t *d;
  flyc_artifact_t *a;
  flyc_gpu_jit_module_t *m;
} getter_t;

static void *get_module(void *p) {
  getter_t *g = p;
  if (flyc_gpu_jit_module_get(&g->m, g->d, 1, g->a))
    g->m = NULL;
  return NULL;
}

static void test_runtime__module_reused_per_device(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  flyc_gpu_jit_module_t *m0 = NULL, *again = NULL;
  assert_ok(flyc_gpu_jit_module_get(&m0, d, 0, a));
  assert_ok(flyc_gpu_jit_module_get(&again, d, 0, a));
  assert_ptr_equal(m0, again);
  assert_int_equal(r.loads, 1);
  /* Device 1, from 8 threads at once: one load. */
  getter_t g[8];
  pthread_t th[8];
  for (int i = 0; i < 8; i++) {
    g[i] = (getter_t){d, a, NULL};
    assert_int_equal(pthread_create(&th[i], NULL, get_module, &g[i]), 0);
  }
  for (int i = 0; i < 8; i++)
    pthread_join(th[i], NULL);
  for (int i = 0; i < 8; i++) {
    assert_non_null(g[i].m);
    assert_ptr_equal(g[i].m, g[0].m);
  }
  assert_ptr_not_equal(g[0].m, m0);
  assert_int_equal(r.loads, 2);
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 64;
  uint64_t p = 0;
  int n = 1;
  void *args[] = {&p, &p, &p, &n};
  assert_ok(flyc_launch(m0, "vadd", &c, args));
  /* A failed load is not remembered: the next call tries again. */
  rec_t r2;
  flyc_driver_t *d2 = make_driver(&r2);
  r2.fail_load = 1;
  flyc_gpu_jit_module_t *bad = (flyc_gpu_jit_module_t *)0x1;
  assert_error(flyc_gpu_jit_module_get(&bad, d2, 0, a), FLYC_EDRIVER, "");
  assert_null(bad);
  r2.fail_load = 0;
  assert_ok(flyc_gpu_jit_module_get(&bad, d2, 0, a));
  assert_int_equal(r2.loads, 1);
  assert_error(flyc_gpu_jit_module_get(NULL, d, 0, a), FLYC_EINVAL, "required");
  /* The artifact's last reference unloads them all. */
  flyc_artifact_destroy(a);
  assert_int_equal(r.unloads, 2);
  assert_int_equal(r2.unloads, 1);
  flyc_driver_destroy(d);
  flyc_driver_destroy(d2);
}

static void test_runtime__launch_validation(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  /* A kernel with known_block_size 64x2x1 (!reqd_work_group_size). */
  const char *ir = "define amdgpu_kernel void @k(ptr addrspace(1) %p) !reqd_work_group_size !0 "
                   "{\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
                   "!0 = !{i32 64, i32 2, i32 1}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o));
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
  void *args[1] = {0};
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 64;
  c.block[1] = 2;
  assert_ok(flyc_launch(m, "k", &c, args));
  c.block[1] = 4;
  assert_error(flyc_launch(m, "k", &c, args), FLYC_EINVAL, "kernel 'k'", "64,2,1",
               "block y is 4, not 2");
  assert_error(flyc_launch(m, "nope", &c, args), FLYC_ENOTFOUND, "no kernel 'nope'");
  assert_error(flyc_launch(m, "k", NULL, args), FLYC_EINVAL, "config");
  flyc_launch_config_t small = {4, {0, 0, 0}, {0, 0, 0}, 0, NULL, {0, 0, 0}, 0};
  assert_error(flyc_launch(m, "k", &small, args), FLYC_EINVAL, "flyc_launch_config_t",
               "size 4 is below the first version's 56");
  /* A caller built against a newer header: a bigger config launches while
   * the fields this flyc does not know are zero, and is refused, naming the
   * byte, when one is set; the check fills in only the fields it knows. */
  struct {
    flyc_launch_config_t c;
    uint64_t newer;
  } grown;
  memset(&grown, 0, sizeof grown);
  grown.c.size = sizeof grown;
  grown.c.block[0] = 64;
  grown.c.block[1] = 2;
  assert_ok(flyc_launch(m, "k", &grown.c, args));
  assert_ok(flyc_launch_check(flyc_artifact_kernel(a, 0), "gfx90a", &grown.c));
  assert_int_equal(grown.c.size, sizeof grown);
  assert_int_equal(grown.c.grid[0], 1);
  assert_true(grown.newer == 0);
  grown.newer = 1;
  assert_error(flyc_launch(m, "k", &grown.c, args), FLYC_EINVAL, "flyc_launch_config_t",
               "byte 56 is not zero");
  assert_int_equal(r.launches, 2); /* refused launches never reach the driver */
  flyc_gpu_jit_module_destroy(m);
  flyc_artifact_destroy(a);
  /* Without known_block_size, the max flat workgroup size bounds the block. */
  a = vadd();
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
  flyc_launch_config_t big = FLYC_LAUNCH_CONFIG_INIT;
  big.block[0] = 64;
  big.block[1] = 32;
  assert_error(flyc_launch(m, "vadd", &big, args), FLYC_EINVAL, "at most 1024 threads",
               "64 x 32 x 1 = 2048");
  flyc_gpu_jit_module_destroy(m);
  flyc_artifact_destroy(a);
  /* A PTX kernel without .maxntid: the 1024-thread device limit still holds
   * (found on the H200, where such a launch reached the driver). */
  const char *nv = "define void @k(ptr addrspace(1) %p) {\n  ret void\n}\n"
                   "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
  o.target = "sm_80";
  assert_ok(flyc_compile_buffer(&a, nv, strlen(nv), "k.ll", &o));
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
  big.block[0] = 2048;
  big.block[1] = 1;
  assert_error(flyc_launch(m, "k", &big, args), FLYC_EINVAL, "at most 1024 threads",
               "device limit");
  flyc_gpu_jit_module_destroy(m);
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

/* Raw bytes without an artifact (a runtime-only program): any kernel name
 * goes to the driver, function handles are cached by name, the hardware
 * limit still holds. */
static void test_runtime__raw_code(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  const char ptx[] = ".version 7.0\n.target sm_80\n.visible .entry k()\n{\n ret;\n}\n";
  flyc_gpu_jit_module_t *m = NULL;
  tag_t t = {&r, "init", 0};
  flyc_processor_t p = {"init", proc, &t};
  assert_ok(flyc_gpu_jit_module_load_code(&m, d, 0, FLYC_CODE_PTX, ptx, sizeof ptx - 1, &p, 1));
  assert_string_equal(r.log, "load0;proc:init@0;");
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  assert_ok(flyc_launch(m, "k", &c, NULL));
  assert_ok(flyc_launch(m, "k", &c, NULL));
  assert_ok(flyc_launch(m, "other", &c, NULL));
  assert_int_equal(r.function_gets, 2);
  c.block[0] = 4096;
  assert_error(flyc_launch(m, "k", &c, NULL), FLYC_EINVAL, "device limit");
  flyc_gpu_jit_module_destroy(m);
  assert_error(flyc_gpu_jit_module_load_code(&m, d, 0, (flyc_code_format_t)9, ptx, 4, NULL, 0),
               FLYC_EINVAL, "format");
  assert_error(flyc_gpu_jit_module_load_code(&m, d, 0, FLYC_CODE_PTX, ptx, 0, NULL, 0),
               FLYC_EINVAL, "code bytes");
  flyc_driver_destroy(d);
}

static void test_runtime__clusters(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  const char ptx90[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                       ".visible .entry k()\n{\n ret;\n}\n";
  const char ptx80[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                       ".visible .entry k()\n{\n ret;\n}\n";
  flyc_artifact_t *a90 = NULL, *a80 = NULL;
  assert_ok(flyc_artifact_read(&a90, ptx90, sizeof ptx90 - 1));
  assert_ok(flyc_artifact_read(&a80, ptx80, sizeof ptx80 - 1));
  flyc_gpu_jit_module_t *m90 = NULL, *m80 = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m90, d, 0, a90, NULL, 0));
  assert_ok(flyc_gpu_jit_module_load(&m80, d, 0, a80, NULL, 0));
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.grid[0] = 4;
  c.block[0] = 32;
  c.cluster[0] = 2;
  assert_ok(flyc_launch(m90, "k", &c, NULL));
  assert_int_equal(r.last_cluster[0], 2);
  assert_int_equal(r.last_cluster[1], 1);
  assert_error(flyc_launch(m80, "k", &c, NULL), FLYC_EUNSUPPORTED, "sm_80", "sm_90");
  c.grid[0] = 3;
  assert_error(flyc_launch(m90, "k", &c, NULL), FLYC_EINVAL, "grid x (3)", "cluster x (2)");
  c.grid[0] = 16;
  c.grid[1] = 4;
  c.cluster[0] = 4;
  c.cluster[1] = 4;
  assert_error(flyc_launch(m90, "k", &c, NULL), FLYC_EINVAL, "16 blocks", "at most 8");
  /* Dimensions whose product wraps around 2^64 are refused one by one: the
   * grid first (CUDA's 65535 along y), then the cluster. */
  c.grid[0] = c.cluster[0] = 1u << 22;
  c.grid[1] = c.cluster[1] = 1u << 22;
  c.grid[2] = c.cluster[2] = 1u << 20;
  assert_error(flyc_launch(m90, "k", &c, NULL), FLYC_EINVAL, "grid y is 4194304 blocks",
               "at most 65535 on sm_90");
  c.grid[1] = c.grid[2] = 1u << 14;
  assert_error(flyc_launch(m90, "k", &c, NULL), FLYC_EINVAL, "cluster x is 4194304");
  flyc_launch_config_t wrap = FLYC_LAUNCH_CONFIG_INIT;
  wrap.block[0] = wrap.block[1] = 1u << 22;
  wrap.block[2] = 1u << 20;
  assert_error(flyc_launch(m90, "k", &wrap, NULL), FLYC_EINVAL, "block x is 4194304");
  /* No cluster: the driver sees zeros. */
  flyc_launch_config_t plain = FLYC_LAUNCH_CONFIG_INIT;
  assert_ok(flyc_launch(m80, "k", &plain, NULL));
  assert_int_equal(r.last_cluster[0], 0);
  flyc_gpu_jit_module_destroy(m90);
  flyc_gpu_jit_module_destroy(m80);
  flyc_artifact_destroy(a90);
  flyc_artifact_destroy(a80);
  flyc_driver_destroy(d);
}

/* The shmem-style processor: writes the state global through the helpers. */
static int write_rank(const flyc_loaded_module_t *m, void *p) {
  int32_t st[20] = {*(int *)p, 8, 0x5EED};
  uint64_t addr;
  size_t size;
  int rc = flyc_module_global_lookup(m, "state", &addr, &size);
  if (rc)
    return rc;
  return flyc_module_global_write(m, "state", st, size);
}

static void test_runtime__globals_and_registry(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  static int rank = 7;
  assert_ok(flyc_processor_register("test.write_rank", write_rank, &rank));
  assert_ok(flyc_processor_register("test.write_rank", write_rank, &rank)); /* same: no-op */
  assert_error(flyc_processor_register("test.write_rank", proc, NULL), FLYC_EINVAL,
               "'test.write_rank' is already registered");
  flyc_processor_t p;
  assert_ok(flyc_processor_lookup("test.write_rank", &p));
  assert_string_equal(p.name, "test.write_rank");
  assert_error(flyc_processor_lookup("test.nope", &p), FLYC_ENOTFOUND, "'test.nope'");
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, &p, 1));
  assert_int_equal(((int32_t *)r.state)[0], 7);
  assert_int_equal(r.copies, 1);
  const flyc_loaded_module_t *lm = flyc_gpu_jit_module_loaded(m);
  uint64_t addr;
  size_t size;
  /* Not found is not a driver failure, and the message names the global,
   * or keeps the driver's own (flyc_driver_fail). */
  assert_error(flyc_module_global_lookup(lm, "missing", &addr, &size), FLYC_ENOTFOUND,
               "no global 'missing'", "driver 'test'");
  assert_error(flyc_module_global_lookup(lm, "explained", &addr, &size), FLYC_ENOTFOUND,
               "test driver: no symbol explained in module");
  assert_error(flyc_module_global_lookup(lm, "broken", &addr, &size), FLYC_EDRIVER,
               "global_get");
  int32_t four = 4;
  assert_error(flyc_module_global_write(lm, "state", &four, sizeof four), FLYC_EINVAL,
               "80 bytes on the device", "wrote 4");
  flyc_gpu_jit_module_destroy(m);
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

typedef struct th {
  flyc_driver_t *d;
  const flyc_artifact_t *a;
  const flyc_gpu_jit_module_t *shared;
  int failures;
} th_t;

static void *worker(void *p) {
  th_t *t = p;
  for (int i = 0; i < 50; i++) {
    flyc_gpu_jit_module_t *m = NULL;
    if (flyc_gpu_jit_module_load(&m, t->d, i % 2, t->a, NULL, 0))
      t->failures++;
    void *args[4] = {0};
    flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
    if (flyc_launch(m, "vadd", &c, args) || flyc_launch(t->shared, "vadd", &c, args))
      t->failures++;
    flyc_gpu_jit_module_destroy(m);
  }
  return NULL;
}

/* Driver functions that break the table's contract are failures, not
 * successes: a positive (raw driver) code, a success without a handle. */
static int bad_positive(void *s, int dev, void *fn, const flyc_launch_config_t *c, void **a) {
  (void)s, (void)dev, (void)fn, (void)c, (void)a;
  return 1;
}
static int bad_no_fn(void *s, int dev, void *h, const char *name, void **fn) {
  (void)s, (void)dev, (void)h, (void)name, (void)fn;
  return 0;
}
static int bad_no_global(void *s, int dev, void *h, const char *n, uint64_t *a, size_t *z) {
  (void)s, (void)dev, (void)h, (void)n, (void)a, (void)z;
  return 0;
}

static void test_runtime__driver_contract(void **state) {
  (void)state;
  rec_t r;
  memset(&r, 0, sizeof r);
  pthread_mutex_init(&r.mu, NULL);
  flyc_driver_ops_t ops = {sizeof ops, 0,       "bad",        r_count,  r_load,  r_unload,
                           bad_no_fn,  bad_no_global, r_copy, bad_positive, NULL, NULL,
                           NULL,       NULL,    NULL,         NULL,     NULL,    NULL,
                           NULL};
  flyc_driver_t *d = NULL;
  assert_ok(flyc_driver_create(&d, &ops, &r));
  flyc_artifact_t *a = vadd();
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
  void *args[4] = {0};
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  assert_error(flyc_launch(m, "vadd", &c, args), FLYC_EDRIVER, "gave no function handle");
  uint64_t addr;
  size_t size;
  assert_error(flyc_module_global_lookup(flyc_gpu_jit_module_loaded(m), "g", &addr, &size),
               FLYC_EDRIVER, "gave no address");
  flyc_gpu_jit_module_destroy(m);
  flyc_driver_destroy(d);
  ops.function_get = r_fn;
  assert_ok(flyc_driver_create(&d, &ops, &r));
  assert_ok(flyc_gpu_jit_module_load(&m, d, 0, a, NULL, 0));
  assert_error(flyc_launch(m, "vadd", &c, args), FLYC_EDRIVER, "returned 1",
               "not a flyc status");
  flyc_gpu_jit_module_destroy(m);
  flyc_driver_destroy(d);
  /* A table size that ends inside a function pointer. */
  ops.size = (uint32_t)(offsetof(flyc_driver_ops_t, mem_alloc) + 4);
  assert_error(flyc_driver_create(&d, &ops, &r), FLYC_EINVAL, "sizeof(flyc_driver_ops_t)");
  flyc_artifact_destroy(a);
}

static void test_runtime__memory_helpers(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  uint64_t p = 0;
  assert_ok(flyc_device_alloc(d, 0, 64, &p));
  assert_true(p != 0);
  assert_ok(flyc_memset_d8(d, 0, p, 0xab, 64));
  int32_t v = 42, back[16];
  assert_ok(flyc_memcpy_htod(d, 0, p, &v, sizeof v));
  assert_ok(flyc_memcpy_dtoh(d, 0, back, p, sizeof back));
  assert_int_equal(back[0], 42);
  assert_int_equal((uint32_t)back[1], 0xabababab);
  assert_ok(flyc_device_synchronize(d, 1));
  assert_non_null(strstr(r.log, "sync1"));
  assert_ok(flyc_device_free(d, 0, p));
  void *st = NULL;
  assert_ok(flyc_stream_create(d, 1, &st));
  assert_ptr_equal(st, (void *)0x5001);
  assert_ok(flyc_stream_synchronize(d, 1, st));
  assert_ok(flyc_stream_destroy(d, 1, st));
  assert_non_null(strstr(r.log, "ssync1:5001;sdestroy1:5001;"));
  assert_error(flyc_device_alloc(d, 0, 8, NULL), FLYC_EINVAL, "out is NULL");
  assert_error(flyc_memcpy_dtoh(NULL, 0, back, p, 4), FLYC_EINVAL, "driver is NULL");
  flyc_driver_destroy(d);
  /* A table from before the memory functions is still a driver; the helpers
   * say what it lacks. */
  flyc_driver_ops_t old = {offsetof(flyc_driver_ops_t, mem_alloc), 0, "old", r_count, r_load,
                           r_unload, r_fn, r_global, r_copy, r_launch, NULL, NULL, NULL,
                           NULL, NULL, NULL, NULL, NULL, NULL};
  assert_ok(flyc_driver_create(&d, &old, &r));
  assert_error(flyc_device_alloc(d, 0, 8, &p), FLYC_EUNSUPPORTED,
               "driver 'old' has no mem_alloc");
  flyc_driver_destroy(d);
  old.size = 8;
  assert_error(flyc_driver_create(&d, &old, &r), FLYC_EINVAL, "sizeof(flyc_driver_ops_t)");
}

static void test_runtime__threads(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  flyc_gpu_jit_module_t *shared = NULL;
  assert_ok(flyc_gpu_jit_module_load(&shared, d, 0, a, NULL, 0));
  th_t t[4];
  pthread_t th[4];
  for (int i = 0; i < 4; i++) {
    t[i] = (th_t){d, a, shared, 0};
    pthread_create(&th[i], NULL, worker, &t[i]);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(t[i].failures, 0);
  }
  assert_int_equal(r.loads, 201);
  assert_int_equal(r.launches, 400);
  flyc_gpu_jit_module_destroy(shared);
  assert_int_equal(r.unloads, 201);
  flyc_artifact_destroy(a);
  flyc_driver_destroy(d);
}

/* The real drivers as CI has them: Debian's HIP 5.2.3 without a GPU answers
 * hipInit with an error, and there is no libcuda.so.1. */
static void test_runtime__real_drivers_fail_cleanly(void **state) {
  (void)state;
  flyc_driver_t *d = NULL;
  int rc = flyc_driver_open(&d, FLYC_DRIVER_HIP);
  if (rc == FLYC_OK) {
    print_message("note: a HIP device is present\n");
  } else if (rc == FLYC_ENODRIVER) {
    assert_non_null(strstr(flyc_error_last()->message, "libamdhip64"));
  } else {
    assert_error(rc, FLYC_ENODEVICE, "no HIP device", "(");
  }
  /* The same answer the second time (opened once). */
  assert_int_equal(flyc_driver_open(&d, FLYC_DRIVER_HIP), rc);
  rc = flyc_driver_open(&d, FLYC_DRIVER_CUDA);
  if (rc == FLYC_OK) {
    int n = 0;
    assert_ok(flyc_driver_device_count(d, &n));
    assert_true(n > 0);
    assert_string_equal(flyc_driver_name(d), "cuda");
  } else if (rc == FLYC_ENODRIVER) {
    assert_non_null(strstr(flyc_error_last()->message, "libcuda.so.1"));
  } else {
    assert_error(rc, FLYC_ENODEVICE, "no CUDA device");
  }
  assert_error(flyc_driver_open(NULL, FLYC_DRIVER_HIP), FLYC_EINVAL, "required");
  assert_error(flyc_driver_open(&d, (flyc_driver_kind_t)9), FLYC_EINVAL, "required");
}

/* A successful runtime call leaves the caller's own error as it was: no
 * flyc_error_clear() inside the library, errors set on failing paths only. */
static void assert_callers_error(void) {
  assert_int_equal(flyc_error_last()->code, FLYC_EIO);
  assert_string_equal(flyc_error_last()->message, "the caller's own error");
}

static void test_runtime__success_keeps_callers_error(void **state) {
  (void)state;
  rec_t r;
  flyc_driver_t *d = make_driver(&r);
  flyc_artifact_t *a = vadd();
  const char ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                     ".visible .entry k()\n{\n ret;\n}\n";
  flyc__error_set(FLYC_EIO, "the caller's own error");
  flyc_artifact_t *p = NULL;
  assert_int_equal(flyc_artifact_read(&p, ptx, sizeof ptx - 1), FLYC_OK);
  assert_callers_error();
  flyc_buf_t b = {0};
  assert_int_equal(flyc__artifact_serialize(a, &b), FLYC_OK);
  flyc_artifact_t *back = NULL;
  assert_int_equal(flyc__artifact_deserialize(b.data, b.len, &back), FLYC_OK);
  assert_int_equal(flyc__artifact_resolve_processors(back), FLYC_OK);
  flyc__buf_free(&b);
  assert_callers_error();
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 64;
  assert_int_equal(flyc_launch_check(flyc_artifact_kernel(a, 0), flyc_artifact_target(a), &c),
                   FLYC_OK);
  assert_int_equal(flyc_launch_check(NULL, "sm_90", &c), FLYC_OK);
  assert_callers_error();
  /* Through a driver: load, processors, launch, globals, unload. */
  tag_t t = {&r, "init", 0};
  flyc_processor_t pr = {"init", proc, &t};
  flyc_gpu_jit_module_t *m = NULL, *raw = NULL;
  assert_int_equal(flyc_gpu_jit_module_get(&m, d, 0, back), FLYC_OK);
  assert_int_equal(flyc_gpu_jit_module_load_code(&raw, d, 0, FLYC_CODE_PTX, ptx, sizeof ptx - 1,
                                                 &pr, 1),
                   FLYC_OK);
  uint64_t x = 0;
  int n = 1;
  void *args[] = {&x, &x, &x, &n};
  assert_int_equal(flyc_launch(m, "vadd", &c, args), FLYC_OK);
  assert_int_equal(flyc_launch(raw, "k", &c, NULL), FLYC_OK);
  uint64_t addr;
  size_t size;
  assert_int_equal(flyc_module_global_lookup(flyc_gpu_jit_module_loaded(raw), "state", &addr,
                                             &size),
                   FLYC_OK);
  int count = 0;
  assert_int_equal(flyc_driver_device_count(d, &count), FLYC_OK);
  assert_int_equal(flyc_device_synchronize(d, 0), FLYC_OK);
  assert_int_equal(flyc_gpu_jit_module_unload(raw), FLYC_OK);
  assert_callers_error();
  flyc_gpu_jit_module_destroy(raw);
  flyc_artifact_destroy(back); /* unloads m */
  flyc_artifact_destroy(p);
  flyc_artifact_destroy(a);
  assert_callers_error();
  assert_int_equal(r.loads, r.unloads);
  flyc_driver_destroy(d);
  flyc_error_clear();
}

int main(void) {
  /* These are the runtime's tests: the compile cache, which keeps artifacts
   * alive (module_reused_per_device counts the unloads at the last
   * reference), is off whatever the environment says (ctest sets it too). */
  setenv("FLYC_CACHE", "0", 1);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_runtime__processors_once_in_order_after_load),
      cmocka_unit_test(test_runtime__failing_processor_unloads_and_is_named),
      cmocka_unit_test(test_runtime__no_module_no_processors),
      cmocka_unit_test(test_runtime__several_devices),
      cmocka_unit_test(test_runtime__module_reused_per_device),
      cmocka_unit_test(test_runtime__launch_validation),
      cmocka_unit_test(test_runtime__globals_and_registry),
      cmocka_unit_test(test_runtime__raw_code),
      cmocka_unit_test(test_runtime__clusters),
      cmocka_unit_test(test_runtime__driver_contract),
      cmocka_unit_test(test_runtime__memory_helpers),
      cmocka_unit_test(test_runtime__threads),
      cmocka_unit_test(test_runtime__real_drivers_fail_cleanly),
      cmocka_unit_test(test_runtime__success_keeps_callers_error),
  };
  return cmocka_run_group_tests_name("runtime", tests, NULL, NULL);
}

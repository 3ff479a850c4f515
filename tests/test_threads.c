/* Separate compiles on separate threads; everything that shares state
 * (compile caches in memory and on disk, the library cache, artifact reads,
 * loads through a driver, launches) at once; the last error is per thread.
 * tools/test-all.sh's tsan configuration runs these under ThreadSanitizer. */
#define _GNU_SOURCE
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <flyc/driver.h>

#include "util.h"

typedef struct job {
  const char *in, *target, *lib;
  uint32_t codegen;
  int expect;
  int failures;
  char kernel[64];
  char why[256]; /* the first failure */
} job_t;

static void job_fail(job_t *j, int rc, const char *what) {
  if (!j->failures++)
    snprintf(j->why, sizeof j->why, "%s for %s: %s, %s (%s)", j->in, j->target, what,
             flyc_status_name(rc), flyc_error_last()->message);
}

/* Under AddressSanitizer the untrusted-bitcode pre-check is skipped here:
 * it forks a child that runs LLVM's bitcode reader, and GCC 12's libasan
 * takes no allocator lock around fork(), so a child forked while another
 * thread is inside the sanitizer's allocator waits forever on that lock
 * (seen once in ~10 CI runs: the child blocked in SizeClassAllocator64::
 * GetFromAllocator under LLVMParseBitcodeInContext2). glibc's malloc is
 * fork-safe, so builds without ASan run the child as users do; the child
 * itself is tested single-threaded in test_robust and test_isolate. GCC
 * 12's libtsan has the same hang (the child in GetFromAllocator under
 * LLVMGetBitcodeModuleInContext2, 1 run in 10), so tools/test-all.sh's tsan
 * configuration builds with clang-22, whose ThreadSanitizer locks its
 * allocator around fork(): there the child runs, from every thread. */
#if defined(__SANITIZE_ADDRESS__)
#define THREAD_FLAGS FLYC_COMPILE_TRUSTED_BITCODE
#else
#define THREAD_FLAGS 0u
#endif

static void *worker(void *p) {
  job_t *j = p;
  for (int i = 0; i < 4; i++) {
    flyc_artifact_t *a = NULL;
    const char *libs[] = {j->lib};
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = j->target;
    o.codegen = j->codegen;
    o.flags = THREAD_FLAGS;
    o.link_libraries = libs;
    o.link_library_count = j->lib ? 1 : 0;
    int rc = flyc_compile_file(&a, j->in, &o);
    if (rc != j->expect)
      job_fail(j, rc, "not the expected status");
    else if (rc == FLYC_OK && !flyc_artifact_kernel_lookup(a, j->kernel))
      job_fail(j, rc, "no kernel");
    else if (rc != FLYC_OK && !strstr(flyc_error_last()->message, "undefined function"))
      job_fail(j, rc, "another message"); /* another thread's leaked in */
    flyc_artifact_destroy(a);
  }
  return NULL;
}

static void test_threads__concurrent_compiles(void **state) {
  (void)state;
  job_t jobs[] = {
      {K_MSTL, "gfx90a", LIB_MSTL, FLYC_CODEGEN_AUTO, FLYC_OK, 0, "mstl_kernel", ""},
      {K_MSTL, "gfx90a", LIB_MSTL, FLYC_CODEGEN_LLD, FLYC_OK, 0, "mstl_kernel", ""},
      {FX("vadd_amdgcn.gfx90a.ll"), "gfx90a:xnack-", NULL, FLYC_CODEGEN_AUTO, FLYC_OK, 0,
       "vadd", ""},
      {K_MSTL, "gfx90a", FX("mstl_missing_symbol.gfx90a.cov4.bc"), 0, FLYC_ELINK, 0, "", ""},
  };
  enum { N = sizeof jobs / sizeof jobs[0] };
  pthread_t th[N];
  for (int i = 0; i < N; i++)
    assert_int_equal(pthread_create(&th[i], NULL, worker, &jobs[i]), 0);
  for (int i = 0; i < N; i++) {
    pthread_join(th[i], NULL);
    if (jobs[i].failures)
      fail_msg("%d failures; the first: %s", jobs[i].failures, jobs[i].why);
  }
}

/* ---- everything at once ---- */

enum { MIX_THREADS = 4, MIX_ROUNDS = 3 };

typedef struct mix {
  int id;
  flyc_driver_t *drv;
  int failures;
  char why[256];
} mix_t;

static void mix_fail(mix_t *m, const char *what, int rc) {
  if (!m->failures++)
    snprintf(m->why, sizeof m->why, "thread %d: %s: %s (%s)", m->id, what,
             flyc_status_name(rc), flyc_error_last()->message);
}

static int count_text(const char *text, size_t len, void *payload) {
  *(size_t *)payload += len;
  return 0;
}

/* One round: the shared key (every thread compiles the same kernel and
 * library: memory hits, disk hits, library cache hits, racing stores), a key
 * of the thread's own (the same kernel for another feature set), a read of
 * the bytes back and their disassembly, the artifact's module through the
 * driver (flyc_gpu_jit_module_get: one load per artifact, whichever thread
 * asks first) and a launch. */
static void mix_round(mix_t *m, int round) {
  const char *libs[] = {LIB_MSTL};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = THREAD_FLAGS;
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL, *own = NULL, *r = NULL;
  int rc = flyc_compile_file(&a, K_MSTL, &o);
  if (rc || !flyc_artifact_kernel_lookup(a, "mstl_kernel")) {
    mix_fail(m, "the shared compile", rc);
    goto out;
  }
  o.target = (m->id + round) % 2 ? "gfx90a:xnack-" : "gfx90a:xnack+";
  if ((rc = flyc_compile_file(&own, K_MSTL, &o)) != FLYC_OK) {
    mix_fail(m, "the thread's own compile", rc);
    goto out;
  }
  size_t n = 0;
  const void *code = flyc_artifact_code(a, &n);
  size_t text = 0;
  if ((rc = flyc_artifact_read(&r, code, n)) != FLYC_OK ||
      !flyc_artifact_kernel_lookup(r, "mstl_kernel") ||
      (rc = flyc_artifact_disassemble(r, count_text, &text)) != FLYC_OK || text == 0) {
    mix_fail(m, "reading the code back", rc);
    goto out;
  }
  flyc_gpu_jit_module_t *g = NULL;
  if ((rc = flyc_gpu_jit_module_get(&g, m->drv, 0, a)) != FLYC_OK) {
    mix_fail(m, "flyc_gpu_jit_module_get", rc);
    goto out;
  }
  uint64_t out = 0, in = 0;
  int32_t count = 0;
  void *args[] = {&out, &in, &count};
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.grid[0] = 1;
  c.block[0] = 64;
  if ((rc = flyc_launch(g, "mstl_kernel", &c, args)) != FLYC_OK)
    mix_fail(m, "flyc_launch", rc);
  flyc_cache_stats_t s = {sizeof s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  if ((rc = flyc_cache_stats(&s)) != FLYC_OK)
    mix_fail(m, "flyc_cache_stats", rc);
  if (m->id == 0 && round == 1)
    flyc_cache_forget(); /* the memory cache emptied under the others */
out:
  flyc_artifact_destroy(r);
  flyc_artifact_destroy(own);
  flyc_artifact_destroy(a);
}

static void *mixer(void *p) {
  mix_t *m = p;
  for (int i = 0; i < MIX_ROUNDS && !m->failures; i++)
    mix_round(m, i);
  return NULL;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *f) {
  (void)st, (void)flag, (void)f;
  return remove(path);
}

static void test_threads__compile_cache_read_load_at_once(void **state) {
  (void)state;
  char dir[] = "/tmp/flyc-threads-XXXXXX";
  assert_non_null(mkdtemp(dir));
  setenv("FLYC_CACHE", "1", 1);
  setenv("FLYC_CACHE_DIR", dir, 1);
  flyc_cache_stats_t s0 = {sizeof s0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, s1 = s0;
  assert_ok(flyc_cache_stats(&s0));
  tu_fake_counts_t counts = {0, 0};
  flyc_driver_t *drv = tu_fake_driver(&counts);
  mix_t mixes[MIX_THREADS];
  pthread_t th[MIX_THREADS];
  for (int i = 0; i < MIX_THREADS; i++) {
    mixes[i] = (mix_t){i, drv, 0, ""};
    assert_int_equal(pthread_create(&th[i], NULL, mixer, &mixes[i]), 0);
  }
  for (int i = 0; i < MIX_THREADS; i++)
    pthread_join(th[i], NULL);
  assert_ok(flyc_cache_stats(&s1));
  flyc_cache_forget();
  flyc_driver_destroy(drv); /* unloads what module_get loaded */
  setenv("FLYC_CACHE", "0", 1);
  unsetenv("FLYC_CACHE_DIR");
  nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  for (int i = 0; i < MIX_THREADS; i++)
    if (mixes[i].failures)
      fail_msg("%s", mixes[i].why);
  /* Twelve compiles of one key: at most a few compiled it (those that
   * missed before the first store), the rest were served by a cache. */
  uint64_t hits = (s1.memory_hits - s0.memory_hits) + (s1.disk_hits - s0.disk_hits);
  assert_true(hits >= MIX_THREADS * MIX_ROUNDS - MIX_THREADS);
  assert_true(s1.writes > s0.writes);
  /* One module per artifact that was asked for one, each unloaded once. */
  assert_true(counts.loads >= 1);
  assert_int_equal(counts.loads, counts.unloads);
}

static void *set_error(void *p) {
  (void)p;
  flyc_target_check("gfx0");
  return (void *)flyc_error_last()->message;
}

static void test_threads__error_is_thread_local(void **state) {
  (void)state;
  flyc_error_clear();
  assert_int_equal(flyc_error_last()->code, FLYC_OK);
  assert_string_equal(flyc_error_last()->message, "");
  pthread_t t;
  void *msg;
  pthread_create(&t, NULL, set_error, NULL);
  pthread_join(t, &msg);
  assert_int_equal(flyc_error_last()->code, FLYC_OK);
  assert_string_equal(flyc_error_last()->message, "");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_threads__concurrent_compiles),
      cmocka_unit_test(test_threads__compile_cache_read_load_at_once),
      cmocka_unit_test(test_threads__error_is_thread_local),
  };
  return cmocka_run_group_tests_name("threads", tests, NULL, NULL);
}

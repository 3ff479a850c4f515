/* The options-size contract (flyc/compile.h): every compile entry point
 * reads flyc_compile_options_t by one rule. A struct of the first version's
 * size, of this header's size and of a newer header's size (this one plus a
 * field left zero) compiles the same way and finds its cache entries the same
 * way; a newer header's field that is set is FLYC_EINVAL naming its byte.
 *
 * ctest turns the caches off for every test: main() turns them on in a fresh
 * temporary directory, and each case uses its own subdirectory. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "flyc/cache.h"
#include "flyc/kernel.h"
#include "flyc/llvm.h"
#include "util.h"

#define INPUT FX("k_no_lib_amdgcn.gfx90a.ll")

/* The first version's struct ended with device_lib_dir_count. */
#define V1_SIZE (offsetof(flyc_compile_options_t, device_lib_dir_count) + sizeof(size_t))

static char root[64];

/* The options inside room for a newer header's fields. */
typedef struct big_options {
  flyc_compile_options_t o;
  uint64_t tail[4];
} big_options_t;

static void make_options(big_options_t *b, size_t size) {
  memset(b, 0, sizeof *b);
  assert_ok(flyc_compile_options_init(&b->o, size));
  assert_int_equal(b->o.size, size);
  b->o.target = "gfx90a";
}

typedef enum entry { BY_FILE, BY_BUFFER, BY_MODULE, BY_CTX, ENTRY_COUNT } entry_t;
static const char *const entry_name[] = {"flyc_compile_file", "flyc_compile_buffer",
                                         "flyc_compile_module", "flyc_ctx_compile"};

static int store_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  (void)payload;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMBuildStore(b, LLVMConstInt(i32, 7, 0), args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

/* One compile through entry point `e`. */
static int compile_by(entry_t e, const flyc_compile_options_t *o, flyc_artifact_t **out) {
  size_t n = 0;
  void *bytes = e == BY_BUFFER || e == BY_MODULE ? tu_read(INPUT, &n) : NULL;
  int rc = FLYC_EINVAL;
  if (e == BY_FILE) {
    rc = flyc_compile_file(out, INPUT, o);
  } else if (e == BY_BUFFER) {
    rc = flyc_compile_buffer(out, bytes, n, INPUT, o);
  } else if (e == BY_MODULE) {
    LLVMContextRef c = LLVMContextCreate();
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(bytes, n, INPUT);
    LLVMModuleRef m = NULL;
    char *err = NULL;
    if (LLVMParseIRInContext(c, mb, &m, &err))
      fail_msg("parse: %s", err);
    rc = flyc_compile_module(out, m, o); /* consumes m */
    LLVMContextDispose(c);
  } else {
    static const flyc_param_t p = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "opt_k";
    d.params = &p;
    d.param_count = 1;
    d.body = store_body;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    rc = flyc_ctx_compile(ctx, o, out);
    flyc_ctx_destroy(ctx);
  }
  free(bytes);
  return rc;
}

static flyc_cache_stats_t stats_now(void) {
  flyc_cache_stats_t s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  assert_ok(flyc_cache_stats(&s));
  return s;
}

/* Drops the in-memory cache only: a clear of a directory that is not there. */
static void forget_memory(void) {
  char *saved = strdup(getenv("FLYC_CACHE_DIR"));
  char none[128];
  snprintf(none, sizeof none, "%s/never-created", root);
  setenv("FLYC_CACHE_DIR", none, 1);
  assert_ok(flyc_cache_clear(NULL));
  setenv("FLYC_CACHE_DIR", saved, 1);
  free(saved);
}

/* Compiles and checks how the counters moved: memory hits, disk hits,
 * misses, writes. */
static void expect(entry_t e, size_t size, const flyc_compile_options_t *o, int mh, int dh,
                   int miss, int wr) {
  flyc_cache_stats_t s0 = stats_now();
  flyc_artifact_t *a = NULL;
  int rc = compile_by(e, o, &a);
  if (rc != FLYC_OK)
    fail_msg("%s with options.size %zu: %s", entry_name[e], size, flyc_error_last()->message);
  assert_int_equal(flyc_artifact_kernel_count(a), 1);
  flyc_artifact_destroy(a);
  flyc_cache_stats_t s = stats_now();
  int got[4] = {(int)(s.memory_hits - s0.memory_hits), (int)(s.disk_hits - s0.disk_hits),
                (int)(s.misses - s0.misses), (int)(s.writes - s0.writes)};
  if (got[0] != mh || got[1] != dh || got[2] != miss || got[3] != wr)
    fail_msg("%s with options.size %zu: memory_hits/disk_hits/misses/writes moved by "
             "%d/%d/%d/%d, expected %d/%d/%d/%d",
             entry_name[e], size, got[0], got[1], got[2], got[3], mh, dh, miss, wr);
}

/* Sizes first version, sizeof and sizeof + 8 through every entry point:
 * each compiles, is written, then hits in memory, then on disk. */
static void test_options__sizes_through_every_entry_point(void **state) {
  (void)state;
  const size_t sizes[] = {V1_SIZE, sizeof(flyc_compile_options_t),
                          sizeof(flyc_compile_options_t) + 8};
  for (int e = 0; e < ENTRY_COUNT; e++)
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
      char dir[256];
      snprintf(dir, sizeof dir, "%s/e%d-s%zu-%zu", root, e, i, sizes[i]);
      setenv("FLYC_CACHE_DIR", dir, 1);
      forget_memory();
      big_options_t b;
      make_options(&b, sizes[i]);
      expect((entry_t)e, sizes[i], &b.o, 0, 0, 1, 1);
      expect((entry_t)e, sizes[i], &b.o, 1, 0, 0, 0);
      forget_memory();
      expect((entry_t)e, sizes[i], &b.o, 0, 1, 0, 0);
    }
}

/* A newer header's field that is set is refused by every entry point, which
 * names its offset; a struct smaller than the first version's likewise. */
static void test_options__unknown_field_set(void **state) {
  (void)state;
  for (int e = 0; e < ENTRY_COUNT; e++) {
    big_options_t b;
    make_options(&b, sizeof(flyc_compile_options_t) + 16);
    b.tail[1] = 1;
    flyc_artifact_t *a = NULL;
    char off[32];
    snprintf(off, sizeof off, "byte %zu is not zero", sizeof(flyc_compile_options_t) + 8);
    assert_error(compile_by((entry_t)e, &b.o, &a), FLYC_EINVAL, off);
    assert_null(a);
    b.tail[1] = 0;
    b.o.size = (uint32_t)(V1_SIZE - 8);
    assert_error(compile_by((entry_t)e, &b.o, &a), FLYC_EINVAL, "flyc_compile_options_t",
                 "below the first version's");
    assert_null(a);
  }
}

static void test_options__init(void **state) {
  (void)state;
  big_options_t b;
  memset(&b, 0xab, sizeof b);
  assert_ok(flyc_compile_options_init(&b.o, sizeof b.o));
  flyc_compile_options_t ref = FLYC_COMPILE_OPTIONS_INIT;
  assert_memory_equal(&b.o, &ref, sizeof ref);
  assert_int_equal(b.tail[0], 0xababababababababull); /* only `size` bytes */
  assert_error(flyc_compile_options_init(NULL, sizeof b.o), FLYC_EINVAL, "required");
  assert_error(flyc_compile_options_init(&b.o, 8), FLYC_EINVAL, "size 8");
}

int main(void) {
  unsetenv("FLYC_CACHE");
  unsetenv("FLYC_CACHE_MAX_BYTES");
  snprintf(root, sizeof root, "/tmp/flyc-test-options-XXXXXX");
  if (!mkdtemp(root))
    return 1;
  setenv("FLYC_CACHE_DIR", root, 1);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_options__sizes_through_every_entry_point),
      cmocka_unit_test(test_options__unknown_field_set),
      cmocka_unit_test(test_options__init),
  };
  int rc = cmocka_run_group_tests_name("options", tests, NULL, NULL);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd) != 0)
    rc = rc ? rc : 1;
  return rc;
}

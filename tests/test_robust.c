/* Bad input never crashes the process: mutated IR text, mutated bitcode for
 * the input and for a link library, random bytes. Every call returns either
 * FLYC_OK or a negative code with a message. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)rng;
}

static void mutate(unsigned char *d, size_t n) {
  int edits = 1 + (int)(next() % 4);
  for (int e = 0; e < edits; e++) {
    size_t at = next() % n;
    switch (next() % 3) {
    case 0: d[at] ^= (unsigned char)(1u << (next() % 8)); break;
    case 1: d[at] = (unsigned char)next(); break;
    default: d[at] = "{}()%@,;=*0 \n"[next() % 13]; break;
    }
  }
}

static void check(int rc, flyc_artifact_t *a) {
  if (rc == FLYC_OK) {
    assert_non_null(a);
    flyc_artifact_destroy(a);
  } else {
    assert_true(rc < 0);
    assert_int_equal(flyc_error_last()->code, rc);
    assert_true(flyc_error_last()->message[0] != '\0');
  }
}

static void run_mutations_flags(const char *path, int is_library, int rounds, uint32_t flags);
static void run_mutations(const char *path, int is_library, int rounds) {
  run_mutations_flags(path, is_library, rounds, 0);
}

static void run_mutations_flags(const char *path, int is_library, int rounds, uint32_t flags) {
  size_t n;
  unsigned char *orig = tu_read(path, &n);
  assert_non_null(orig);
  unsigned char *buf = malloc(n);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.opt_level = FLYC_OPT_O1;
  o.flags = flags;
  for (int r = 0; r < rounds; r++) {
    memcpy(buf, orig, n);
    mutate(buf, n);
    size_t len = n - (next() % 8 == 0 ? next() % n : 0); /* sometimes truncate */
    flyc_artifact_t *a = NULL;
    int rc;
    if (is_library) {
      char *lib = tu_temp_file(".bc", buf, len);
      const char *libs[] = {lib};
      o.link_libraries = libs;
      o.link_library_count = 1;
      rc = flyc_compile_file(&a, K_MSTL, &o);
      unlink(lib);
      free(lib);
    } else {
      rc = flyc_compile_buffer(&a, buf, len, "mutated", &o);
    }
    check(rc, a);
  }
  free(buf);
  free(orig);
}

static void test_robust__mutated_ir_text(void **state) {
  (void)state;
  run_mutations(FX("vadd_amdgcn.gfx90a.ll"), 0, 150);
}

static void test_robust__mutated_bitcode(void **state) {
  (void)state;
  run_mutations(FX("vadd_amdgcn.gfx90a.bc"), 0, 300);
}

static void test_robust__mutated_link_library(void **state) {
  (void)state;
  run_mutations(LIB_MSTL, 1, 300);
}

/* The isolated compile: whatever LLVM does with the mutated input, the
 * caller gets a status. */
static void test_robust__isolated_mutations(void **state) {
  (void)state;
  run_mutations_flags(FX("vadd_amdgcn.gfx90a.ll"), 0, 40, FLYC_COMPILE_ISOLATED);
  run_mutations_flags(FX("vadd_amdgcn.gfx90a.bc"), 0, 40, FLYC_COMPILE_ISOLATED);
  run_mutations_flags(LIB_MSTL, 1, 40, FLYC_COMPILE_ISOLATED);
}

/* Code objects from outside (a cache, a file): mutated bytes are read with
 * flyc's checks and msgpack-c, never crash (comgr's reader did). */
static void test_robust__mutated_code_object_read(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_ok(tu_compile(&a, FX("vadd_amdgcn.gfx90a.ll"), "gfx90a", NULL, 0, 0));
  size_t n;
  const unsigned char *code = flyc_artifact_code(a, &n);
  unsigned char *buf = malloc(n);
  for (int r = 0; r < 400; r++) {
    memcpy(buf, code, n);
    mutate(buf, n);
    flyc_artifact_t *b = NULL;
    int rc = flyc_artifact_read(&b, buf, n);
    check(rc, b);
  }
  free(buf);
  flyc_artifact_destroy(a);
}

static void test_robust__random_bytes(void **state) {
  (void)state;
  unsigned char buf[512];
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  for (int r = 0; r < 100; r++) {
    size_t n = 1 + next() % sizeof buf;
    for (size_t i = 0; i < n; i++)
      buf[i] = (unsigned char)next();
    if (r % 2 == 0 && n > 4)
      memcpy(buf, "BC\xc0\xde", 4);
    flyc_artifact_t *a = NULL;
    int rc = flyc_compile_buffer(&a, buf, n, "random", &o);
    check(rc, a);
    a = NULL;
    rc = flyc_artifact_read(&a, buf, n);
    check(rc, a);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_robust__mutated_ir_text),
      cmocka_unit_test(test_robust__mutated_bitcode),
      cmocka_unit_test(test_robust__mutated_link_library),
      cmocka_unit_test(test_robust__isolated_mutations),
      cmocka_unit_test(test_robust__mutated_code_object_read),
      cmocka_unit_test(test_robust__random_bytes),
  };
  return cmocka_run_group_tests_name("robust", tests, NULL, NULL);
}

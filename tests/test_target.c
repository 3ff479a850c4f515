/* Targets: parsing target IDs, the processor table, the public listing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void test_target__valid_ids(void **state) {
  (void)state;
  assert_ok(flyc_target_check("gfx90a"));
  assert_ok(flyc_target_check("gfx90a:xnack-"));
  assert_ok(flyc_target_check("gfx90a:sramecc+:xnack-"));
  assert_ok(flyc_target_check("gfx90a:xnack+:sramecc-"));
  assert_ok(flyc_target_check("amdgcn-amd-amdhsa--gfx908"));
  assert_ok(flyc_target_check("gfx1030"));
  assert_ok(flyc_target_check("sm_80"));
  assert_ok(flyc_target_check("sm_86"));
#if FLYC_TEST_LLVM_MAJOR >= 19
  assert_ok(flyc_target_check("gfx942"));
  assert_ok(flyc_target_check("gfx942:xnack-"));
  assert_ok(flyc_target_check("sm_90"));
#endif
}

/* The message of an unknown processor: `head`, then the list of the
 * processors of `fam` (0: both families) this LLVM knows, exactly. */
static void expect_unknown(const char *target, const char *head, int fam) {
  char want[4096];
  size_t k = (size_t)snprintf(want, sizeof want, "%s", head);
  const char *fams[] = {"AMDGPU", "NVPTX"};
  for (int f = 0; f < 2; f++) {
    flyc_target_family_t tf = f ? FLYC_TARGET_NVPTX : FLYC_TARGET_AMDGPU;
    if (fam && (int)tf != fam)
      continue;
    if (!fam && f)
      k += (size_t)snprintf(want + k, sizeof want - k, "; NVPTX:");
    else
      k += (size_t)snprintf(want + k, sizeof want - k, "; %s processors this LLVM (%s) knows:",
                            fams[f], flyc_llvm_version());
    for (size_t i = 0; i < flyc_target_count(); i++) {
      flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
      assert_ok(flyc_target_get(i, &t));
      if (t.family == tf)
        k += (size_t)snprintf(want + k, sizeof want - k, " %s", t.processor);
    }
  }
  assert_true(k < sizeof want);
  assert_int_equal(flyc_target_check(target), FLYC_EUNSUPPORTED);
  assert_int_equal(flyc_error_last()->code, FLYC_EUNSUPPORTED);
  assert_string_equal(flyc_error_last()->message, want);
}

static void test_target__unknown_processor_lists_known(void **state) {
  (void)state;
  /* A gfx name lists the AMDGPU processors, an sm_ name the NVPTX ones. */
  expect_unknown("gfx9999", "unknown processor 'gfx9999'", FLYC_TARGET_AMDGPU);
  expect_unknown("gfx9999:xnack+", "unknown processor 'gfx9999'", FLYC_TARGET_AMDGPU);
  expect_unknown("sm_13", "unknown processor 'sm_13'", FLYC_TARGET_NVPTX);
  expect_unknown("x86-64", "unknown processor 'x86-64'", 0);
  expect_unknown("sm", "unknown processor 'sm'", 0);
  assert_error(flyc_target_check("sm_13"), FLYC_EUNSUPPORTED, "sm_80");
  assert_error(flyc_target_check("gfx9999"), FLYC_EUNSUPPORTED, "gfx90a");
  /* Wrongly cased: the family's list, and the lower-case name it meant. */
  expect_unknown("SM_80",
                 "unknown processor 'SM_80' (processor names are lower case: did you mean "
                 "'sm_80'?)",
                 FLYC_TARGET_NVPTX);
  expect_unknown("Sm_86", "unknown processor 'Sm_86' (processor names are lower case: "
                          "did you mean 'sm_86'?)",
                 FLYC_TARGET_NVPTX);
  expect_unknown("GFX90A",
                 "unknown processor 'GFX90A' (processor names are lower case: did you mean "
                 "'gfx90a'?)",
                 FLYC_TARGET_AMDGPU);
  expect_unknown("gfx90A:xnack-",
                 "unknown processor 'gfx90A' (processor names are lower case: did you "
                 "mean 'gfx90a'?)",
                 FLYC_TARGET_AMDGPU);
  expect_unknown("SM_13", "unknown processor 'SM_13'", FLYC_TARGET_NVPTX);
  expect_unknown("GFX9999", "unknown processor 'GFX9999'", FLYC_TARGET_AMDGPU);
  /* No such variant: 'a' starts at sm_90a, 'f' at sm_100f. */
  expect_unknown("sm_86a", "unknown processor 'sm_86a' (sm_86 is known, but has no 'a' variant)",
                 FLYC_TARGET_NVPTX);
#if FLYC_TEST_LLVM_MAJOR >= 17
  expect_unknown("sm_90A",
                 "unknown processor 'sm_90A' (processor names are lower case: did you mean "
                 "'sm_90a'?)",
                 FLYC_TARGET_NVPTX);
  expect_unknown("SM_90", "unknown processor 'SM_90' (processor names are lower case: did "
                          "you mean 'sm_90'?)",
                 FLYC_TARGET_NVPTX);
  expect_unknown("sm_90f", "unknown processor 'sm_90f' (sm_90 is known, but has no 'f' variant)",
                 FLYC_TARGET_NVPTX);
  expect_unknown("sm_89a", "unknown processor 'sm_89a' (sm_89 is known, but has no 'a' variant)",
                 FLYC_TARGET_NVPTX);
#else
  /* LLVM 15 knows neither sm_90 nor sm_90a: no name to suggest. */
  expect_unknown("sm_90A", "unknown processor 'sm_90A'", FLYC_TARGET_NVPTX);
  expect_unknown("sm_90f", "unknown processor 'sm_90f'", FLYC_TARGET_NVPTX);
#endif
}

static void test_target__newer_processor_names_llvm(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR < 17
  /* LLVM 15 only warns on gfx942 and writes e_flags 0; flyc refuses it. */
  assert_error(flyc_target_check("gfx942"), FLYC_EUNSUPPORTED, "'gfx942' needs LLVM 17",
               "gfx940");
  assert_error(flyc_target_check("sm_90"), FLYC_EUNSUPPORTED, "'sm_90' needs LLVM 16");
#else
  print_message("skipped: every processor in the table is known to LLVM %d\n",
                FLYC_TEST_LLVM_MAJOR);
  skip();
#endif
}

static void test_target__bad_features(void **state) {
  (void)state;
  assert_error(flyc_target_check("gfx90a:xnack"), FLYC_EINVAL, "bad target feature 'xnack'");
  assert_error(flyc_target_check("gfx90a:"), FLYC_EINVAL, "bad target feature");
  assert_error(flyc_target_check("gfx90a:wave32+"), FLYC_EUNSUPPORTED,
               "unknown target feature 'wave32'");
  assert_error(flyc_target_check("gfx1030:xnack-"), FLYC_EUNSUPPORTED,
               "gfx1030 has no 'xnack'");
  assert_error(flyc_target_check("gfx900:sramecc+"), FLYC_EUNSUPPORTED,
               "gfx900 has no 'sramecc'");
  assert_error(flyc_target_check("gfx90a:xnack+:xnack-"), FLYC_EINVAL, "given twice");
  assert_error(flyc_target_check("sm_80:xnack-"), FLYC_EUNSUPPORTED, "takes no features");
  assert_error(flyc_target_check(""), FLYC_EINVAL, "no target");
  assert_error(flyc_target_check(NULL), FLYC_EINVAL, "no target");
}

static void test_target__listing(void **state) {
  (void)state;
  size_t n = flyc_target_count();
  assert_true(n > 40);
  int saw_90a = 0, saw_80 = 0;
  for (size_t i = 0; i < n; i++) {
    flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
    assert_ok(flyc_target_get(i, &t));
    if (strcmp(t.processor, "gfx90a") == 0) {
      saw_90a = 1;
      assert_int_equal(t.family, FLYC_TARGET_AMDGPU);
      assert_int_equal(t.wavefront_size, 64);
      assert_true(t.has_xnack && t.has_sramecc);
      assert_true(t.codegen_paths & (1u << FLYC_CODEGEN_LLD));
    }
    if (strcmp(t.processor, "sm_80") == 0) {
      saw_80 = 1;
      assert_int_equal(t.family, FLYC_TARGET_NVPTX);
      assert_int_equal(t.ptx_version, 70);
      assert_int_equal(t.codegen_paths, 1u << FLYC_CODEGEN_PTX);
    }
  }
  assert_true(saw_90a && saw_80);
  flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
  assert_error(flyc_target_get(n, &t), FLYC_EINVAL, "out of range");
  assert_error(flyc_target_get(0, NULL), FLYC_EINVAL, "out is NULL");
  /* Sized: below the first version's size is refused; a bigger (newer)
   * struct gets the fields flyc knows and keeps its own. */
  t.size = 8;
  assert_error(flyc_target_get(0, &t), FLYC_EINVAL, "flyc_target_info_t");
  struct {
    flyc_target_info_t t;
    uint64_t newer;
  } big = {FLYC_TARGET_INFO_INIT, 0x55};
  big.t.size = sizeof big;
  assert_ok(flyc_target_get(0, &big.t));
  assert_non_null(big.t.processor);
  assert_int_equal(big.t.size, sizeof big);
  assert_int_equal(big.newer, 0x55);
}

/* flyc's processor table must match what the LLVM it was built with knows
 * (`llc -mcpu=help`), so that LLVM never gets a name it only warns about. */
static void check_llc(const char *march, const char *prefix, flyc_target_family_t fam) {
  char *argv[] = {FLYC_TEST_LLC, (char *)march, "-mcpu=help", NULL};
  char *out = NULL;
  char marg[64];
  snprintf(marg, sizeof marg, "-march=%s", march);
  argv[1] = marg;
  tu_run(argv, &out);
  assert_non_null(strstr(out, "Available CPUs"));
  char *cpus = strstr(out, "Available CPUs");
  char *end = strstr(cpus, "Available features");
  if (end)
    *end = '\0';
  size_t n = flyc_target_count();
  size_t llc_count = 0;
  for (char *line = strtok(cpus, "\n"); line; line = strtok(NULL, "\n")) {
    char name[64];
    if (sscanf(line, " %63s", name) != 1 || strncmp(name, prefix, strlen(prefix)) != 0)
      continue;
    if (strchr(name, '-'))
      continue; /* generic targets (gfx9-generic) are not in flyc's table */
    llc_count++;
    int found = 0;
    for (size_t i = 0; i < n; i++) {
      flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
      flyc_target_get(i, &t);
      found |= t.family == fam && strcmp(t.processor, name) == 0;
    }
    if (!found)
      print_error("llc knows %s, flyc's table does not\n", name);
    assert_true(found);
  }
  size_t ours = 0;
  for (size_t i = 0; i < n; i++) {
    flyc_target_info_t t = FLYC_TARGET_INFO_INIT;
    flyc_target_get(i, &t);
    ours += t.family == fam;
  }
  assert_int_equal(ours, llc_count);
  free(out);
}

static void test_target__table_matches_llc(void **state) {
  (void)state;
  check_llc("amdgcn", "gfx", FLYC_TARGET_AMDGPU);
  check_llc("nvptx64", "sm_", FLYC_TARGET_NVPTX);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_target__valid_ids),
      cmocka_unit_test(test_target__unknown_processor_lists_known),
      cmocka_unit_test(test_target__newer_processor_names_llvm),
      cmocka_unit_test(test_target__bad_features),
      cmocka_unit_test(test_target__listing),
      cmocka_unit_test(test_target__table_matches_llc),
  };
  return cmocka_run_group_tests_name("target", tests, NULL, NULL);
}

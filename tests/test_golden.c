/* Golden comparison with clang-15: the same vector add written in HIP
 * (fixtures/vadd.hip) and in LLVM IR gives the same kernarg segment, `.args`
 * metadata and max flat workgroup size. */
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void test_golden__vadd_matches_clang(void **state) {
  (void)state;
#ifndef FLYC_TEST_HAVE_HIP_GOLDEN
  print_message("skipped: clang-15 with HIP support was not found at configure time\n");
  skip();
#else
  size_t n;
  void *clang_bytes = tu_read(FX("vadd_clang.gfx90a.hsaco"), &n);
  assert_non_null(clang_bytes);
  flyc_artifact_t *clang = NULL;
  assert_ok(flyc_artifact_read(&clang, clang_bytes, n));
  free(clang_bytes);
  for (uint32_t cg = FLYC_CODEGEN_COMGR; cg <= FLYC_CODEGEN_LLD; cg++) {
    flyc_artifact_t *ours = NULL;
    if (!tu_can("gfx90a", cg))
      continue;
    assert_ok(tu_compile(&ours, FX("vadd_amdgcn.gfx90a.ll"), "gfx90a", NULL, cg, 4));
    const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(clang, "vadd");
    const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(ours, "vadd");
    assert_non_null(c);
    assert_non_null(k);
    assert_string_equal(flyc_artifact_target(clang), flyc_artifact_target(ours));
    assert_int_equal(flyc_artifact_code_object_version(clang), 4);
    tu_assert_same_kernargs(k, c);
    assert_int_equal(k->wavefront_size, c->wavefront_size);
    for (size_t i = 0; i < c->arg_count; i++)
      assert_string_equal(k->args[i].name, c->args[i].name);
    flyc_artifact_destroy(ours);
  }
  flyc_artifact_destroy(clang);
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden__vadd_matches_clang),
  };
  return cmocka_run_group_tests_name("golden", tests, NULL, NULL);
}

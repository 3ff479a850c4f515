/* Input stage: IR text and bitcode in, verification, and every bad input. */
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char good_ir[] =
    "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
    "  store i32 7, ptr addrspace(1) %p, align 4\n"
    "  ret void\n"
    "}\n";

static int compile_text(flyc_artifact_t **a, const char *text, const char *target) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  return flyc_compile_buffer(a, text, strlen(text), "inline.ll", &o);
}

static void test_input__ll_and_bc_files(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(tu_compile(&a, FX("vadd_amdgcn.gfx90a.ll"), "gfx90a", NULL, 0, 0));
  assert_ok(tu_compile(&b, FX("vadd_amdgcn.gfx90a.bc"), "gfx90a", NULL, 0, 0));
  assert_int_equal(flyc_artifact_kernel_count(a), 1);
  assert_int_equal(flyc_artifact_kernel_count(b), 1);
  assert_string_equal(flyc_artifact_kernel(a, 0)->name, "vadd");
  assert_string_equal(flyc_artifact_kernel(b, 0)->name, "vadd");
  assert_int_equal(flyc_artifact_format(a), FLYC_CODE_AMDGPU_ELF);
  assert_string_equal(flyc_artifact_target(a), "gfx90a");
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(b);
}

static void test_input__buffer_without_triple_or_layout(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_ok(compile_text(&a, good_ir, "gfx90a"));
  const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "k");
  assert_non_null(k);
  assert_int_equal(k->kernarg_segment_size >= 8, 1);
  assert_null(flyc_artifact_kernel_lookup(a, "nope"));
  assert_null(flyc_artifact_kernel(a, 1));
  flyc_artifact_destroy(a);
}

static void test_input__parse_error_names_file_and_line(void **state) {
  (void)state;
  flyc_artifact_t *a = (flyc_artifact_t *)0x1;
  const char *bad = "define amdgpu_kernel void @k() {\n  ret i32 oops\n}\n";
  assert_error(compile_text(&a, bad, "gfx90a"), FLYC_EIR, "inline.ll",
               "does not parse as LLVM IR", "inline.ll:2");
  assert_ptr_equal(a, (flyc_artifact_t *)0x1); /* untouched on failure */
}

static void test_input__verifier_text(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  /* Parses, but the verifier refuses a non-void amdgpu_kernel. */
  const char *bad = "define amdgpu_kernel i32 @k() {\n  ret i32 0\n}\n";
  assert_error(compile_text(&a, bad, "gfx90a"), FLYC_EIR, "fails the LLVM verifier",
               "void return");
}

static void test_input__not_ir(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  const unsigned char junk[] = {0x7f, 'E', 'L', 'F', 0, 1, 2, 3};
  assert_error(flyc_compile_buffer(&a, junk, sizeof junk, "junk.bin", &o), FLYC_EIR,
               "junk.bin", "neither LLVM bitcode nor LLVM IR text");
  const unsigned char badbc[] = {'B', 'C', 0xC0, 0xDE, 1, 2, 3, 4, 5, 6, 7, 8};
  assert_error(flyc_compile_buffer(&a, badbc, sizeof badbc, "bad.bc", &o), FLYC_EIR,
               "bad.bc", "not valid bitcode");
  assert_error(flyc_compile_buffer(&a, "", 0, "empty.ll", &o), FLYC_EIR, "empty.ll",
               "empty");
}

static void test_input__missing_file(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_error(tu_compile(&a, "/nonexistent/k.ll", "gfx90a", NULL, 0, 0), FLYC_ENOTFOUND,
               "/nonexistent/k.ll");
  assert_error(tu_compile(&a, "/tmp", "gfx90a", NULL, 0, 0), FLYC_EIO, "/tmp",
               "not a regular file");
}

static void test_input__wrong_triple(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_error(tu_compile(&a, FX("k_mstl_nvptx.sm_80.ll"), "gfx90a", NULL, 0, 0), FLYC_EIR,
               "k_mstl_nvptx.sm_80.ll", "nvptx64-nvidia-cuda", "amdgcn-amd-amdhsa");
  assert_error(tu_compile(&a, FX("vadd_amdgcn.gfx90a.ll"), "sm_80", NULL, 0, 0), FLYC_EIR,
               "triple 'amdgcn-amd-amdhsa'", "sm_80");
}

static void test_input__no_kernel(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_error(compile_text(&a, "define void @f() {\n  ret void\n}\n", "gfx90a"), FLYC_EIR,
               "defines no kernel");
}

static void test_input__foreign_intrinsic(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  /* LLVM's instruction selection would abort the process on this. */
  const char *ir = "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
                   "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                   "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
                   "  store i32 %t, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_error(compile_text(&a, ir, "gfx90a"), FLYC_EIR,
               "llvm.nvvm.read.ptx.sreg.tid.x", "gfx90a");
}

static void test_input__bad_arguments(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  assert_error(flyc_compile_file(&a, K_MSTL, NULL), FLYC_EINVAL, "options are required");
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "no target");
  assert_error(flyc_compile_file(NULL, K_MSTL, &o), FLYC_EINVAL, "out and path");
  assert_error(flyc_compile_file(&a, NULL, &o), FLYC_EINVAL, "out and path");
  assert_error(flyc_compile_buffer(&a, NULL, 4, "x", &o), FLYC_EINVAL, "required");
  o.target = "gfx90a";
  o.size = 4;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "flyc_compile_options_t",
               "size 4 is below the first version's");
  o.size = sizeof o;
  o.opt_level = 9;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "opt_level 9");
  /* A plain level number is refused, not taken for another level (with
   * FLYC_OPT_O0 = 1, 2 was O1). */
  for (uint32_t plain = 1; plain <= 4; plain++) {
    o.opt_level = plain;
    assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "is not one of flyc_opt_level_t",
                 "FLYC_OPT_O0 (0x10)");
  }
  o.opt_level = FLYC_OPT_O3 + 1;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "opt_level 20");
  o.opt_level = 0;
  o.codegen = 77;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "codegen 77");
  o.codegen = FLYC_CODEGEN_PTX;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "'ptx' is for NVPTX");
  o.codegen = FLYC_CODEGEN_LLD;
  o.target = "sm_80";
  assert_error(flyc_compile_file(&a, FX("k_mstl_nvptx.sm_80.ll"), &o), FLYC_EINVAL,
               "'lld' is for AMDGPU");
  o.codegen = FLYC_CODEGEN_LLD_LIB;
  assert_error(flyc_compile_file(&a, FX("k_mstl_nvptx.sm_80.ll"), &o), FLYC_EINVAL,
               "'lld-lib' is for AMDGPU");
  o.codegen = FLYC_CODEGEN_LLD_LIB + 1;
  assert_error(flyc_compile_file(&a, FX("k_mstl_nvptx.sm_80.ll"), &o), FLYC_EINVAL,
               "codegen 6");
  o.codegen = 0;
  o.target = "gfx90a";
  o.flags = 1u << 30;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "unknown bits 0x40000000");
  o.flags = 0;
  o.link_library_count = 2;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "count but no array");
  const char *libs[] = {LIB_MSTL, NULL};
  o.link_libraries = libs;
  assert_error(flyc_compile_file(&a, K_MSTL, &o), FLYC_EINVAL, "link_libraries[1]");
}

/* A bigger options struct from a newer caller: the fields flyc does not know
 * are read only to see that they are unset (zero); the known ones are read.
 * One that is set is refused (test_options.c). */
static void test_input__options_size_forward_compatible(void **state) {
  (void)state;
  struct {
    flyc_compile_options_t o;
    uint64_t future[4];
  } big;
  memset(&big, 0, sizeof big);
  big.o.size = sizeof big;
  big.o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_file(&a, FX("vadd_amdgcn.gfx90a.ll"), &big.o));
  flyc_artifact_destroy(a);
  big.future[0] = 0xdeadbeef; /* right after dump_dir, the last field */
  assert_error(flyc_compile_file(&a, FX("vadd_amdgcn.gfx90a.ll"), &big.o), FLYC_EINVAL,
               "byte 88 is not zero");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_input__ll_and_bc_files),
      cmocka_unit_test(test_input__buffer_without_triple_or_layout),
      cmocka_unit_test(test_input__parse_error_names_file_and_line),
      cmocka_unit_test(test_input__verifier_text),
      cmocka_unit_test(test_input__not_ir),
      cmocka_unit_test(test_input__missing_file),
      cmocka_unit_test(test_input__wrong_triple),
      cmocka_unit_test(test_input__no_kernel),
      cmocka_unit_test(test_input__foreign_intrinsic),
      cmocka_unit_test(test_input__bad_arguments),
      cmocka_unit_test(test_input__options_size_forward_compatible),
  };
  return cmocka_run_group_tests_name("input", tests, NULL, NULL);
}

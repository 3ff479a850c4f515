/* Device libraries: ocml/ockl with the __oclc_* constants, libdevice, and the
 * search path. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define ROCM_BC "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"

static const char sqrt_ir[] =
    "declare float @__ocml_sqrt_f32(float)\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
    "  %x = load float, ptr addrspace(1) %p\n"
    "  %y = call float @__ocml_sqrt_f32(float %x)\n"
    "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n";

static int compile_flags(flyc_artifact_t **a, const char *ir, const char *target,
                         uint32_t flags, const char *const *dirs, size_t ndirs,
                         uint32_t cov) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.flags = flags;
  o.device_lib_dirs = dirs;
  o.device_lib_dir_count = ndirs;
  o.code_object_version = cov;
  return flyc_compile_buffer(a, ir, strlen(ir), "k.ll", &o);
}

static void test_devlibs__ocml_linked_on_demand(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_ok(compile_flags(&a, sqrt_ir, "gfx90a", 0, NULL, 0, 0));
  flyc_compile_times_t t;
  flyc_artifact_compile_times(a, &t);
  assert_true(t.devlib_us > 0);
  assert_true(t.total_us >= t.devlib_us);
  flyc_artifact_destroy(a);
  assert_error(compile_flags(&a, sqrt_ir, "gfx90a", FLYC_COMPILE_NO_DEVICE_LIBS, NULL, 0, 0),
               FLYC_ELINK, "undefined function '__ocml_sqrt_f32'", "referenced by 'k'");
}

/* At -O0 ocml calls are still inlined (device library functions are made
 * alwaysinline): no dynamic stack, no scratch. */
static void test_devlibs__o0_inlines_device_libraries(void **state) {
  (void)state;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.opt_level = FLYC_OPT_O0;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, sqrt_ir, strlen(sqrt_ir), "k.ll", &o));
  const flyc_kernel_info_t *k = flyc_artifact_kernel(a, 0);
  assert_int_equal(k->private_segment_fixed_size, 0);
  assert_int_equal(k->uses_dynamic_stack, 0);
  flyc_artifact_destroy(a);
}

static void test_devlibs__unknown_ocml_function(void **state) {
  (void)state;
  const char *ir = "declare float @__ocml_no_such_f32(float)\n"
                   "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                   "  %y = call float @__ocml_no_such_f32(float 1.0)\n"
                   "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_artifact_t *a = NULL;
  assert_error(compile_flags(&a, ir, "gfx90a", 0, NULL, 0, 0), FLYC_ELINK,
               "'__ocml_no_such_f32'");
}

static void test_devlibs__search_path(void **state) {
  (void)state;
  char dir[] = "/tmp/flyc-devlib-XXXXXX";
  assert_non_null(mkdtemp(dir));
  const char *dirs[] = {dir};
  flyc_artifact_t *a = NULL;
  /* Nowhere to look: the error lists where it looked. */
  unsetenv("FLYC_DEVICE_LIB_PATH");
  assert_error(compile_flags(&a, sqrt_ir, "gfx90a", FLYC_COMPILE_NO_DEFAULT_LIB_DIRS, dirs,
                             1, 0),
               FLYC_ENOTFOUND, "'ocml.bc' not found", dir, "FLYC_DEVICE_LIB_PATH");
  /* FLYC_DEVICE_LIB_PATH finds a copy. */
  char src[512], dst[512];
  for (int i = 0; i < 2; i++) {
    const char *f = i ? "ockl.bc" : "ocml.bc";
    snprintf(src, sizeof src, ROCM_BC "/%s", f);
    snprintf(dst, sizeof dst, "%s/%s", dir, f);
    assert_int_equal(symlink(src, dst), 0);
  }
  setenv("FLYC_DEVICE_LIB_PATH", "/nonexistent:", 1);
  char env[600];
  snprintf(env, sizeof env, "/nonexistent:%s", dir);
  setenv("FLYC_DEVICE_LIB_PATH", env, 1);
  assert_ok(compile_flags(&a, sqrt_ir, "gfx90a", FLYC_COMPILE_NO_DEFAULT_LIB_DIRS, NULL, 0,
                          0));
  flyc_artifact_destroy(a);
  unsetenv("FLYC_DEVICE_LIB_PATH");
  for (int i = 0; i < 2; i++) {
    snprintf(dst, sizeof dst, "%s/%s", dir, i ? "ockl.bc" : "ocml.bc");
    unlink(dst);
  }
  rmdir(dir);
}

/* The control constants get the target's values: the kernel stores them and
 * the disassembly shows the immediates. */
static void test_devlibs__control_constants(void **state) {
  (void)state;
  const char *ir =
      "@__oclc_ABI_version = external addrspace(4) constant i32\n"
      "@__oclc_ISA_version = external addrspace(4) constant i32\n"
      "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
      "  %a = load i32, ptr addrspace(4) @__oclc_ABI_version\n"
      "  %b = load i32, ptr addrspace(4) @__oclc_ISA_version\n"
      "  store i32 %a, ptr addrspace(1) %p\n"
      "  %q = getelementptr i32, ptr addrspace(1) %p, i64 1\n"
      "  store i32 %b, ptr addrspace(1) %q\n  ret void\n}\n";
  for (int cov = 4; cov <= 5; cov++) {
    flyc_artifact_t *a = NULL;
    assert_ok(compile_flags(&a, ir, "gfx90a", 0, NULL, 0, (uint32_t)cov));
    tu_text_t t = {NULL, 0, 0};
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
    assert_non_null(strstr(t.s, cov == 4 ? "0x190" : "0x1f4")); /* 400 / 500 */
    assert_non_null(strstr(t.s, "0x2332"));                      /* 9010: gfx90a */
    assert_null(strstr(t.s, "__oclc"));
    free(t.s);
    flyc_artifact_destroy(a);
  }
}

/* The input's own math modes reach the device libraries, as clang links
 * them: kernels that flush f32 denormals (-fgpu-flush-denormals-to-zero)
 * get __oclc_daz_opt = 1, kernels that assume finite math (-ffast-math)
 * __oclc_finite_only_opt = 1; without the attributes both stay 0. */
static void test_devlibs__control_constants_follow_the_input(void **state) {
  (void)state;
  static const char fmt[] =
      "@__oclc_daz_opt = external addrspace(4) constant i8\n"
      "@__oclc_finite_only_opt = external addrspace(4) constant i8\n"
      "define amdgpu_kernel void @k(ptr addrspace(1) %%p) #0 {\n"
      "  %%a = load i8, ptr addrspace(4) @__oclc_daz_opt\n"
      "  %%b = load i8, ptr addrspace(4) @__oclc_finite_only_opt\n"
      "  %%da = icmp ne i8 %%a, 0\n"
      "  %%db = icmp ne i8 %%b, 0\n"
      "  %%x = select i1 %%da, i32 19088743, i32 124076833\n"      /* 0x1234567 / 0x7654321 */
      "  %%y = select i1 %%db, i32 2023406814, i32 305419896\n"    /* 0x789abcde / 0x12345678 */
      "  store volatile i32 %%x, ptr addrspace(1) %%p\n"
      "  store volatile i32 %%y, ptr addrspace(1) %%p\n  ret void\n}\n"
      "attributes #0 = { %s }\n";
  static const struct {
    const char *attrs, *daz, *finite;
  } cases[] = {
      {"nounwind", "0x7654321", "0x12345678"},
      {"\"denormal-fp-math-f32\"=\"preserve-sign,preserve-sign\"", "0x1234567",
       "0x12345678"},
      {"\"no-infs-fp-math\"=\"true\" \"no-nans-fp-math\"=\"true\"", "0x7654321",
       "0x789abcde"},
      {"\"no-infs-fp-math\"=\"true\"", "0x7654321", "0x12345678"}, /* NaNs may come */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char ir[2048];
    snprintf(ir, sizeof ir, fmt, cases[i].attrs);
    flyc_artifact_t *a = NULL;
    assert_ok(compile_flags(&a, ir, "gfx90a", FLYC_COMPILE_NO_CACHE, NULL, 0, 0));
    tu_text_t t = {NULL, 0, 0};
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
    if (!strstr(t.s, cases[i].daz) || !strstr(t.s, cases[i].finite))
      print_error("attributes { %s }: want %s and %s in:\n%s\n", cases[i].attrs, cases[i].daz,
                  cases[i].finite, t.s);
    assert_non_null(strstr(t.s, cases[i].daz));
    assert_non_null(strstr(t.s, cases[i].finite));
    free(t.s);
    flyc_artifact_destroy(a);
  }
}

static void test_devlibs__libdevice(void **state) {
  (void)state;
  SKIP_WITHOUT_LIBDEVICE();
  const char *ir = "declare float @__nv_expf(float)\n"
                   "define void @k(ptr addrspace(1) %p) {\n"
                   "  %x = load float, ptr addrspace(1) %p\n"
                   "  %y = call float @__nv_expf(float %x)\n"
                   "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n"
                   "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
  flyc_artifact_t *a = NULL;
  assert_ok(compile_flags(&a, ir, "sm_80", 0, NULL, 0, 0));
  const char *ptx = flyc_artifact_code(a, NULL);
  assert_null(strstr(ptx, "__nv_expf"));
  assert_null(strstr(ptx, "__nvvm_reflect"));
  assert_non_null(strstr(ptx, "ex2.approx"));
  flyc_artifact_destroy(a);
  /* __nv_sqrtf is correctly rounded unless asked otherwise (libdevice asks
   * __nvvm_reflect("__CUDA_PREC_SQRT"), which LLVM alone answers with 0). */
  const char *sq = "declare float @__nv_sqrtf(float)\n"
                   "define void @k(ptr addrspace(1) %p) {\n"
                   "  %x = load float, ptr addrspace(1) %p\n"
                   "  %y = call float @__nv_sqrtf(float %x)\n"
                   "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n"
                   "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n";
  assert_ok(compile_flags(&a, sq, "sm_80", 0, NULL, 0, 0));
  assert_non_null(strstr(flyc_artifact_code(a, NULL), "sqrt.rn.f32"));
  flyc_artifact_destroy(a);
  assert_ok(compile_flags(&a, sq, "sm_80", FLYC_COMPILE_APPROX_SQRT, NULL, 0, 0));
  assert_non_null(strstr(flyc_artifact_code(a, NULL), "sqrt.approx"));
  flyc_artifact_destroy(a);
  /* The input's "nvvm-reflect-ftz" (clang's -fcuda-flush-denormals-to-zero)
   * decides libdevice's __CUDA_FTZ as FLYC_COMPILE_DAZ does: flushing where
   * the input flushes, as clang links libdevice; 0 keeps IEEE denormals. */
  for (int ftz = 0; ftz <= 1; ftz++) {
    char buf[1024];
    snprintf(buf, sizeof buf,
             "%s!llvm.module.flags = !{!1}\n!1 = !{i32 4, !\"nvvm-reflect-ftz\", i32 %d}\n", sq,
             ftz);
    assert_ok(compile_flags(&a, buf, "sm_80", FLYC_COMPILE_NO_CACHE, NULL, 0, 0));
    const char *out = flyc_artifact_code(a, NULL);
    assert_non_null(strstr(out, ftz ? "sqrt.rn.ftz.f32" : "sqrt.rn.f32"));
    if (!ftz)
      assert_null(strstr(out, ".ftz"));
    flyc_artifact_destroy(a);
  }
  char dir[] = "/tmp/flyc-devlib-XXXXXX";
  assert_non_null(mkdtemp(dir));
  const char *dirs[] = {dir};
  assert_error(compile_flags(&a, ir, "sm_80", FLYC_COMPILE_NO_DEFAULT_LIB_DIRS, dirs, 1, 0),
               FLYC_ENOTFOUND, "'libdevice.10.bc' not found", dir);
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_devlibs__ocml_linked_on_demand),
      cmocka_unit_test(test_devlibs__o0_inlines_device_libraries),
      cmocka_unit_test(test_devlibs__unknown_ocml_function),
      cmocka_unit_test(test_devlibs__search_path),
      cmocka_unit_test(test_devlibs__control_constants),
      cmocka_unit_test(test_devlibs__control_constants_follow_the_input),
      cmocka_unit_test(test_devlibs__libdevice),
  };
  return cmocka_run_group_tests_name("devlibs", tests, NULL, NULL);
}

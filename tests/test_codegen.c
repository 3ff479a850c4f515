/* Codegen: the AMDGPU paths, code object versions, target features, opt
 * levels, resource limits, and PTX. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define VADD FX("vadd_amdgcn.gfx90a.ll")
#define MACH_GFX90A 0x3f

/* Every AMDGPU path, the in-process lld last. */
static const uint32_t amdgpu_paths[] = {FLYC_CODEGEN_COMGR, FLYC_CODEGEN_COMGR_LINK,
                                        FLYC_CODEGEN_LLD, FLYC_CODEGEN_LLD_LIB};
#define N_PATHS (sizeof amdgpu_paths / sizeof amdgpu_paths[0])

static void same_layout(const flyc_kernel_info_t *a, const flyc_kernel_info_t *b) {
  tu_assert_same_kernargs(a, b);
  assert_string_equal(a->name, b->name);
  assert_int_equal(a->wavefront_size, b->wavefront_size);
}

static void test_codegen__every_amdgpu_path(void **state) {
  (void)state;
  flyc_artifact_t *ref = NULL;
  const char *libs[] = {LIB_MSTL, NULL};
  for (size_t pi = 0; pi < N_PATHS; pi++) {
    uint32_t cg = amdgpu_paths[pi];
    flyc_artifact_t *a = NULL;
    if (!tu_can("gfx90a", cg)) {
      /* comgr 2.4 cannot read LLVM 19 bitcode: refused, with the reason. */
      assert_error(tu_compile(&a, K_MSTL, "gfx90a", libs, cg, 0), FLYC_EUNSUPPORTED,
                   "cannot serve gfx90a", flyc_codegen_name(cg));
      continue;
    }
    assert_ok(tu_compile(&a, K_MSTL, "gfx90a", libs, cg, 0));
    assert_int_equal(flyc_artifact_codegen(a), cg);
    assert_int_equal(flyc_artifact_code_object_version(a), 4);
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, 0);
    assert_non_null(k);
    assert_int_equal(k->size, sizeof *k);
    assert_string_equal(k->symbol, "mstl_kernel.kd");
    assert_int_equal(k->wavefront_size, 64);
    assert_true(k->sgpr_count > 0 && k->vgpr_count > 0);
    assert_int_equal(k->kernarg_segment_size, 20);
    assert_int_equal(k->arg_count, 3);
    assert_string_equal(k->args[0].value_kind, "global_buffer");
    assert_string_equal(k->args[0].address_space, "global");
    assert_string_equal(k->args[2].value_kind, "by_value");
    assert_int_equal(k->args[2].offset, 16);
    if (ref) {
      same_layout(flyc_artifact_kernel(ref, 0), k);
      flyc_artifact_destroy(a);
    } else {
      ref = a;
    }
  }
  flyc_artifact_destroy(ref);
}

static void test_codegen__auto_records_its_choice(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_ok(tu_compile(&a, VADD, "gfx90a", NULL, FLYC_CODEGEN_AUTO, 0));
  /* lld-lib first where built (LLVM 22 here), else comgr-link, else lld. */
  assert_true(flyc_artifact_codegen(a) == FLYC_CODEGEN_LLD_LIB ||
              flyc_artifact_codegen(a) == FLYC_CODEGEN_COMGR_LINK ||
              flyc_artifact_codegen(a) == FLYC_CODEGEN_LLD);
  if (tu_can("gfx90a", FLYC_CODEGEN_LLD_LIB))
    assert_int_equal(flyc_artifact_codegen(a), FLYC_CODEGEN_LLD_LIB);
  assert_non_null(strstr(flyc_artifact_log(a), "'auto' chose"));
  flyc_artifact_destroy(a);
}

static void test_codegen__code_object_versions(void **state) {
  (void)state;
  for (uint32_t cov = 4; cov <= 5; cov++)
    for (size_t pi = 0; pi < N_PATHS; pi++) {
      uint32_t cg = amdgpu_paths[pi];
      flyc_artifact_t *a = NULL;
      if (!tu_can("gfx90a", cg))
        continue;
      assert_ok(tu_compile(&a, VADD, "gfx90a", NULL, cg, cov));
      size_t size;
      const void *code = flyc_artifact_code(a, &size);
      unsigned flags;
      int abi;
      tu_elf_flags(code, size, &flags, &abi);
      assert_int_equal(abi, (int)cov - 2);
      assert_int_equal(flyc_artifact_code_object_version(a), cov);
      flyc_artifact_destroy(a);
    }
  flyc_artifact_t *a = NULL;
  assert_error(tu_compile(&a, VADD, "gfx90a", NULL, 0, 3), FLYC_EUNSUPPORTED,
               "code object version 3");
#if FLYC_TEST_LLVM_MAJOR < 19
  assert_error(tu_compile(&a, VADD, "gfx90a", NULL, 0, 6), FLYC_EUNSUPPORTED,
               "code object version 6");
#endif
}

static void test_codegen__target_features_in_e_flags(void **state) {
  (void)state;
  struct {
    const char *target;
    unsigned flags;
  } cases[] = {
      {"gfx90a", MACH_GFX90A | 0x100 | 0x400},
      {"gfx90a:xnack-", MACH_GFX90A | 0x200 | 0x400},
      {"gfx90a:sramecc+:xnack-", MACH_GFX90A | 0x200 | 0xc00},
      {"gfx90a:xnack+:sramecc-", MACH_GFX90A | 0x300 | 0x800},
      {"gfx1030", 0x36},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    flyc_artifact_t *a = NULL;
    const char *in = strcmp(cases[i].target, "gfx1030") == 0
                         ? FX("k_no_lib_amdgcn.gfx90a.ll")
                         : VADD;
    if (strcmp(cases[i].target, "gfx1030") == 0) {
      /* The fixture pins gfx90a in its attributes; a plain kernel instead. */
      const char *ir = "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                       "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n";
      flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
      o.target = cases[i].target;
      assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o));
      assert_int_equal(flyc_artifact_kernel(a, 0)->wavefront_size, 32);
    } else {
      assert_ok(tu_compile(&a, in, cases[i].target, NULL, 0, 0));
    }
    size_t size;
    const void *code = flyc_artifact_code(a, &size);
    unsigned flags;
    int abi;
    tu_elf_flags(code, size, &flags, &abi);
    assert_int_equal(flags, cases[i].flags);
    flyc_artifact_destroy(a);
  }
  flyc_artifact_t *a = NULL;
  assert_ok(tu_compile(&a, VADD, "gfx90a:xnack-:sramecc+", NULL, 0, 0));
  assert_string_equal(flyc_artifact_target(a), "gfx90a:sramecc+:xnack-");
  flyc_artifact_destroy(a);
}

static void test_codegen__opt_levels(void **state) {
  (void)state;
  const char *libs[] = {LIB_MSTL, NULL};
  for (uint32_t lvl = FLYC_OPT_O0; lvl <= FLYC_OPT_O3; lvl++) {
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = "gfx90a";
    o.opt_level = lvl;
    o.link_libraries = libs;
    o.link_library_count = 1;
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_compile_file(&a, K_MSTL, &o));
    size_t size;
    const void *code = flyc_artifact_code(a, &size);
    tu_sym_t s;
    assert_true(tu_dynsym(code, size, "_ZN4mstl11globalStateE", &s));
    flyc_artifact_destroy(a);
  }
}

static void test_codegen__lds_over_limit(void **state) {
  (void)state;
  const char *ir =
      "@lds = internal addrspace(3) global [70000 x i8] undef, align 4\n"
      "define amdgpu_kernel void @big(ptr addrspace(1) %p, i32 %i) {\n"
      "  %q = getelementptr [70000 x i8], ptr addrspace(3) @lds, i32 0, i32 %i\n"
      "  store volatile i8 1, ptr addrspace(3) %q\n"
      "  %v = load volatile i8, ptr addrspace(3) %q\n"
      "  store i8 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  assert_error(flyc_compile_buffer(&a, ir, strlen(ir), "big.ll", &o), FLYC_ECOMPILE,
               "gfx90a", "70000", "65536");
}

static void test_codegen__lds_reported(void **state) {
  (void)state;
  const char *ir =
      "@lds = internal addrspace(3) global [4096 x i8] undef, align 4\n"
      "define amdgpu_kernel void @s(ptr addrspace(1) %p, i32 %i) {\n"
      "  %q = getelementptr [4096 x i8], ptr addrspace(3) @lds, i32 0, i32 %i\n"
      "  store volatile i8 1, ptr addrspace(3) %q\n"
      "  %v = load volatile i8, ptr addrspace(3) %q\n"
      "  store i8 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "s.ll", &o));
  assert_int_equal(flyc_artifact_kernel(a, 0)->group_segment_fixed_size, 4096);
  flyc_artifact_destroy(a);
}

static void test_codegen__lld_failure_is_reported(void **state) {
  (void)state;
  setenv("FLYC_LLD", "/bin/false", 1);
  flyc_artifact_t *a = NULL;
  assert_error(tu_compile(&a, VADD, "gfx90a", NULL, FLYC_CODEGEN_LLD, 0), FLYC_ECOMPILE,
               "/bin/false", "--no-undefined failed", "exit 1");
  setenv("FLYC_LLD", "/bin/true", 1);
  assert_error(tu_compile(&a, VADD, "gfx90a", NULL, FLYC_CODEGEN_LLD, 0), FLYC_ECOMPILE,
               "/bin/true", "wrote no output file");
  setenv("FLYC_LLD", "/nonexistent/ld.lld", 1);
  assert_error(tu_compile(&a, VADD, "gfx90a", NULL, FLYC_CODEGEN_LLD, 0), FLYC_EUNSUPPORTED,
               "FLYC_LLD='/nonexistent/ld.lld' is not an executable file");
  unsetenv("FLYC_LLD");
}

static void test_codegen__gfx942(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR >= 19
  flyc_artifact_t *a = NULL;
  const char *libs[] = {FX("mstl_amdgcn.gfx942.cov5.bc"), NULL};
  /* comgr 2.4 does not know gfx942, so auto takes lld-lib or lld. */
  assert_ok(tu_compile(&a, FX("k_mstl_amdgcn.gfx942.ll"), "gfx942", libs, 0, 5));
  assert_int_equal(flyc_artifact_codegen(a), tu_can("gfx942", FLYC_CODEGEN_LLD_LIB)
                                                 ? FLYC_CODEGEN_LLD_LIB
                                                 : FLYC_CODEGEN_LLD);
  assert_int_equal(flyc_artifact_code_object_version(a), 5);
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  unsigned flags;
  int abi;
  tu_elf_flags(code, size, &flags, &abi);
  assert_int_equal(flags & 0xff, 0x4c);
  assert_int_equal(abi, 3);
  tu_sym_t s;
  assert_true(tu_dynsym(code, size, "_ZN4mstl11globalStateE", &s));
  assert_int_equal(s.size, 80);
  flyc_artifact_destroy(a);
  if (flyc_comgr_version() && strncmp(flyc_comgr_version(), "2.", 2) == 0)
    assert_error(tu_compile(&a, FX("k_mstl_amdgcn.gfx942.ll"), "gfx942", libs,
                            FLYC_CODEGEN_COMGR, 5),
                 FLYC_EUNSUPPORTED, "'comgr' cannot serve gfx942", "does not know gfx942");
#else
  print_message("skipped: gfx942 needs LLVM 17 or newer (this build: LLVM %d)\n",
                FLYC_TEST_LLVM_MAJOR);
  skip();
#endif
}

/* e_flags (ELF64 header offset 48, little-endian) of a copy of `code`
 * with the xnack/sramecc field set to `features`; read back. */
static int read_with_features(const void *code, size_t size, unsigned features,
                              flyc_artifact_t **out) {
  unsigned char *copy = malloc(size);
  assert_non_null(copy);
  memcpy(copy, code, size);
  uint32_t f;
  memcpy(&f, copy + 48, 4);
  f = (f & ~0xf00u) | features;
  memcpy(copy + 48, &f, 4);
  int rc = flyc_artifact_read(out, copy, size);
  free(copy);
  return rc;
}

static const char amd_ir[] = "target triple = \"amdgcn-amd-amdhsa\"\n"
                             "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                             "  %v = load float, ptr addrspace(1) %p\n"
                             "  %w = fadd float %v, 1.0\n"
                             "  store float %w, ptr addrspace(1) %p\n  ret void\n}\n";

/* gfx1250/gfx1251 have neither xnack nor sramecc, yet LLVM 22 writes their
 * e_flags features as "any" (0x100 | 0x400): accepted, on every path that
 * serves them; "on" or "off" for a feature the processor lacks is not. */
static void test_codegen__gfx1250_any_features(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR >= 22
  static const struct {
    const char *proc;
    unsigned mach;
  } procs[] = {{"gfx1250", 0x049}, {"gfx1251", 0x05a}};
  for (size_t i = 0; i < 2; i++) {
    int served = 0;
    for (size_t pi = 0; pi < N_PATHS; pi++) {
      uint32_t cg = amdgpu_paths[pi];
      flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
      o.target = procs[i].proc;
      o.codegen = cg;
      flyc_artifact_t *a = NULL;
      if (!tu_can(procs[i].proc, cg)) {
        assert_error(flyc_compile_buffer(&a, amd_ir, sizeof amd_ir - 1, "k.ll", &o),
                     FLYC_EUNSUPPORTED, "cannot serve", procs[i].proc);
        continue;
      }
      served += cg == FLYC_CODEGEN_LLD || cg == FLYC_CODEGEN_LLD_LIB;
      assert_ok(flyc_compile_buffer(&a, amd_ir, sizeof amd_ir - 1, "k.ll", &o));
      assert_string_equal(flyc_artifact_target(a), procs[i].proc);
      size_t size;
      const void *code = flyc_artifact_code(a, &size);
      unsigned flags;
      int abi;
      tu_elf_flags(code, size, &flags, &abi);
      assert_int_equal(flags & 0xff, procs[i].mach);
      flyc_artifact_t *b = NULL;
      assert_ok(flyc_artifact_read(&b, code, size));
      assert_string_equal(flyc_artifact_target(b), procs[i].proc);
      assert_string_equal(flyc_artifact_kernel(b, 0)->name, "k");
      flyc_artifact_destroy(b);
      /* Unsupported (0) and any are both accepted ... */
      for (unsigned any = 0; any <= 0x500; any += 0x100) {
        if (any != 0 && any != 0x100 && any != 0x400 && any != 0x500)
          continue;
        assert_ok(read_with_features(code, size, any, &b));
        assert_string_equal(flyc_artifact_target(b), procs[i].proc);
        flyc_artifact_destroy(b);
      }
      /* ... on or off are not. */
      static const unsigned bad[] = {0x200, 0x300, 0x800, 0xc00, 0x600, 0x900};
      for (size_t bi = 0; bi < sizeof bad / sizeof *bad; bi++)
        assert_error(read_with_features(code, size, bad[bi], &b), FLYC_ECOMPILE,
                     "xnack/sramecc mismatch", procs[i].proc);
      flyc_artifact_destroy(a);
    }
    assert_int_equal(served, 2); /* lld and lld-lib */
  }
#else
  print_message("skipped: gfx1250/gfx1251 need LLVM 22 (this build: LLVM %d)\n",
                FLYC_TEST_LLVM_MAJOR);
  skip();
#endif
}

/* The same rule on every LLVM, with a gfx1100 code object (no xnack, no
 * sramecc) whose feature field is rewritten; gfx90a (both features) stays
 * strict: its "any" is not its ":xnack-" target's. */
static void test_codegen__any_features_only_where_unsupported(void **state) {
  (void)state;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx1100";
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(flyc_compile_buffer(&a, amd_ir, sizeof amd_ir - 1, "k.ll", &o));
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  assert_ok(read_with_features(code, size, 0x500, &b));
  assert_string_equal(flyc_artifact_target(b), "gfx1100");
  flyc_artifact_destroy(b);
  assert_error(read_with_features(code, size, 0x300, &b), FLYC_ECOMPILE,
               "features are 0x300", "gfx1100:xnack+ needs 0x000");
  assert_error(read_with_features(code, size, 0x800, &b), FLYC_ECOMPILE,
               "features are 0x800", "gfx1100:sramecc- needs 0x000");
  flyc_artifact_destroy(a);
  o.target = "gfx90a:xnack-";
  assert_ok(flyc_compile_buffer(&a, amd_ir, sizeof amd_ir - 1, "k.ll", &o));
  code = flyc_artifact_code(a, &size);
  unsigned flags;
  int abi;
  tu_elf_flags(code, size, &flags, &abi);
  assert_int_equal(flags & 0xf00, 0x600); /* xnack off, sramecc any */
  flyc_artifact_destroy(a);
}

static void test_codegen__ptx(void **state) {
  (void)state;
  const char *ir = "define void @k(ptr addrspace(1) %p, i32 %v) {\n"
                   "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n"
                   "!nvvm.annotations = !{!0, !1}\n"
                   "!0 = !{ptr @k, !\"kernel\", i32 1}\n"
                   "!1 = !{ptr @k, !\"reqntidx\", i32 128}\n";
  const char *targets[] = {"sm_80", "sm_86",
#if FLYC_TEST_LLVM_MAJOR >= 19
                           "sm_90",
#endif
                           NULL};
  const char *versions[] = {".version 7.0", ".version 7.1", ".version 7.8"};
  for (int i = 0; targets[i]; i++) {
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = targets[i];
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o));
    assert_int_equal(flyc_artifact_format(a), FLYC_CODE_PTX);
    assert_int_equal(flyc_artifact_codegen(a), FLYC_CODEGEN_PTX);
    const char *ptx = flyc_artifact_code(a, NULL);
    assert_non_null(strstr(ptx, versions[i]));
    assert_non_null(strstr(ptx, ".visible .entry k("));
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, 0);
    assert_string_equal(k->name, "k");
    assert_int_equal(k->arg_count, 2);
    assert_int_equal(k->args[1].offset, 8);
    assert_int_equal(k->kernarg_segment_size, 12);
    assert_int_equal(k->reqd_workgroup_size[0], 128);
    assert_int_equal(k->max_flat_workgroup_size, 128);
    flyc_artifact_destroy(a);
  }
}

/* NVPTX: ptxas's limits are refused at the compile, naming the culprit and
 * the numbers (clang-22's CUDA with 64 KiB of static __shared__, an 80 KB
 * __constant__ array): 48 KiB of static shared memory a kernel, 64 KiB of
 * constant memory a module. Exactly at the limits it compiles. */
static void test_codegen__ptx_memory_limits(void **state) {
  (void)state;
  static const char fmt[] =
      "@s = internal addrspace(3) global [%u x i8] undef, align 4\n"
      "@c = addrspace(4) externally_initialized global [%u x i8] zeroinitializer, align 4\n"
      "define ptx_kernel void @k(ptr addrspace(1) %%p, i32 %%i) {\n"
      "  %%q = getelementptr [%u x i8], ptr addrspace(3) @s, i32 0, i32 %%i\n"
      "  store volatile i8 1, ptr addrspace(3) %%q\n"
      "  %%v = load volatile i8, ptr addrspace(3) %%q\n"
      "  %%r = getelementptr [%u x i8], ptr addrspace(4) @c, i32 0, i32 %%i\n"
      "  %%w = load volatile i8, ptr addrspace(4) %%r\n"
      "  %%x = add i8 %%v, %%w\n"
      "  store i8 %%x, ptr addrspace(1) %%p\n  ret void\n}\n";
  static const unsigned cases[][3] = {
      /* shared, constant, 0 = compiles / 1 = shared refused / 2 = constant refused */
      {49152, 65536, 0},
      {65536, 1024, 1},
      {1024, 80000, 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char ir[1024];
    snprintf(ir, sizeof ir, fmt, cases[i][0], cases[i][1], cases[i][0], cases[i][1]);
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = "sm_80";
    o.flags = FLYC_COMPILE_NO_CACHE;
    flyc_artifact_t *a = NULL;
    int rc = flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o);
    if (cases[i][2] == 0) {
      assert_ok(rc);
      assert_int_equal(flyc_artifact_kernel(a, 0)->group_segment_fixed_size, 49152);
      flyc_artifact_destroy(a);
    } else if (cases[i][2] == 1) {
      assert_error(rc, FLYC_ECOMPILE, "kernel 'k'", "65536 bytes of static shared memory",
                   "49152", "extern __shared__");
    } else {
      assert_error(rc, FLYC_ECOMPILE, "80000 bytes of constant memory", "'c'", "65536");
    }
  }
}

/* A PTX kernel's scratch is its `.local` depot (clang's VLA and -O0 kernels
 * have one), at the compile and when the PTX is read back. */
static void test_codegen__ptx_local_depot(void **state) {
  (void)state;
  const char *ir = "define ptx_kernel void @v(ptr addrspace(1) %p, i32 %i) {\n"
                   "  %a = alloca [64 x i32], align 4\n"
                   "  %q = getelementptr [64 x i32], ptr %a, i32 0, i32 %i\n"
                   "  store volatile i32 1, ptr %q\n"
                   "  %v = load volatile i32, ptr %q\n"
                   "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n"
                   "define ptx_kernel void @w(ptr addrspace(1) %p) {\n"
                   "  store i32 0, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_CACHE;
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "v.ll", &o));
  size_t n;
  const char *ptx = flyc_artifact_code(a, &n);
  assert_non_null(strstr(ptx, "__local_depot"));
  assert_ok(flyc_artifact_read(&b, ptx, n));
  for (int r = 0; r < 2; r++) {
    const flyc_artifact_t *x = r ? b : a;
    assert_int_equal(flyc_artifact_kernel_lookup(x, "v")->private_segment_fixed_size, 256);
    assert_int_equal(flyc_artifact_kernel_lookup(x, "w")->private_segment_fixed_size, 0);
  }
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
}

/* Names PTX cannot take: LLVM stopped the process ("Symbol name with
 * unsupported characters") or wrote PTX ptxas refuses; now FLYC_EIR naming
 * the symbol. An internal symbol's '.' LLVM renames, so it compiles. */
static void test_codegen__ptx_symbol_names(void **state) {
  (void)state;
  static const char fmt[] =
      "@\"%s\" = addrspace(1) externally_initialized global i32 0\n"
      "define internal void @\"h.1\"(ptr addrspace(1) %%p) noinline {\n"
      "  store i32 1, ptr addrspace(1) %%p\n  ret void\n}\n"
      "define ptx_kernel void @\"%s\"(ptr addrspace(1) %%p) {\n"
      "  call void @\"h.1\"(ptr addrspace(1) %%p)\n"
      "  %%v = load i32, ptr addrspace(1) @\"%s\"\n"
      "  store i32 %%v, ptr addrspace(1) %%p\n  ret void\n}\n";
  static const char *const cases[][3] = {
      /* global, kernel, the name refused (NULL: compiles) */
      {"state", "k", NULL},     {"st$ate", "_k9", NULL},  {"state|x", "k", "global 'state|x'"},
      {"state", "k-x", "function 'k-x'"}, {"state", "9k", "function '9k'"},
      {"mstl.state", "k", "global 'mstl.state'"}, {"state", "k\\C3\\A9", "function 'k"},
      {"state", "_", "function '_'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char ir[1024];
    snprintf(ir, sizeof ir, fmt, cases[i][0], cases[i][1], cases[i][0]);
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = "sm_80";
    o.flags = FLYC_COMPILE_NO_CACHE;
    const char *exported[] = {cases[i][0]};
    o.exported_globals = exported;
    o.exported_global_count = 1;
    flyc_artifact_t *a = NULL;
    int rc = flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o);
    if (!cases[i][2]) {
      assert_ok(rc);
      assert_non_null(strstr(flyc_artifact_code(a, NULL), "h_$_1"));
      flyc_artifact_destroy(a);
    } else {
      assert_error(rc, FLYC_EIR, cases[i][2], "is no PTX identifier");
      assert_null(a);
    }
  }
}

/* NVPTX has no aliases: a library's is refused, naming it and the library. */
static void test_codegen__ptx_library_alias(void **state) {
  (void)state;
  static const char lib_ir[] = "define i32 @g(i32 %x) {\n  ret i32 %x\n}\n"
                               "@f = alias i32 (i32), ptr @g\n";
  static const char k_ir[] = "declare i32 @f(i32)\n"
                             "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
                             "  %v = load i32, ptr addrspace(1) %p\n"
                             "  %r = call i32 @f(i32 %v)\n"
                             "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib = tu_temp_file(".ll", lib_ir, sizeof lib_ir - 1);
  assert_non_null(lib);
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_CACHE;
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  assert_error(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o), FLYC_EIR,
               "has an alias ('f', from '", lib, "the NVPTX backend has none");
  assert_null(a);
  unlink(lib);
  free(lib);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_codegen__every_amdgpu_path),
      cmocka_unit_test(test_codegen__auto_records_its_choice),
      cmocka_unit_test(test_codegen__code_object_versions),
      cmocka_unit_test(test_codegen__target_features_in_e_flags),
      cmocka_unit_test(test_codegen__opt_levels),
      cmocka_unit_test(test_codegen__lds_over_limit),
      cmocka_unit_test(test_codegen__lds_reported),
      cmocka_unit_test(test_codegen__lld_failure_is_reported),
      cmocka_unit_test(test_codegen__gfx942),
      cmocka_unit_test(test_codegen__ptx),
      cmocka_unit_test(test_codegen__ptx_memory_limits),
      cmocka_unit_test(test_codegen__ptx_local_depot),
      cmocka_unit_test(test_codegen__ptx_symbol_names),
      cmocka_unit_test(test_codegen__ptx_library_alias),
      cmocka_unit_test(test_codegen__gfx1250_any_features),
      cmocka_unit_test(test_codegen__any_features_only_where_unsupported),
  };
  return cmocka_run_group_tests_name("codegen", tests, NULL, NULL);
}

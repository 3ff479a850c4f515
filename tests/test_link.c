/* Link stage: the stand-in shmem library, its broken variants, internalize,
 * exported globals, undefined symbols, signature mismatches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define STATE "_ZN4mstl11globalStateE"

static void link_expect(const char *lib, int code, const char *a, const char *b) {
  flyc_artifact_t *art = NULL;
  const char *libs[] = {lib, NULL};
  assert_error(tu_compile(&art, K_MSTL, "gfx90a", libs, 0, 0), code, lib, a, b);
  assert_null(art);
}

static void test_link__state_global_survives(void **state) {
  (void)state;
  const char *variants[] = {LIB_MSTL, FX("mstl_plain_amdgcn.gfx90a.cov4.bc")};
  for (int v = 0; v < 2; v++) {
    for (uint32_t cg = FLYC_CODEGEN_COMGR; cg <= FLYC_CODEGEN_LLD; cg++) {
      if (!tu_can("gfx90a", cg))
        continue;
      flyc_artifact_t *a = NULL;
      const char *libs[] = {variants[v], NULL};
      assert_ok(tu_compile(&a, K_MSTL, "gfx90a", libs, cg, 0));
      size_t size;
      const void *code = flyc_artifact_code(a, &size);
      tu_sym_t s;
      /* Exported, defined, 80 bytes, and the kernel still loads it through a
       * relocation against the symbol: no load was folded to the sentinel. */
      assert_true(tu_dynsym(code, size, STATE, &s));
      assert_true(s.defined);
      assert_int_equal(s.size, 80);
      assert_int_equal(s.bind, 1 /* STB_GLOBAL */);
      assert_int_equal(s.type, 1 /* STT_OBJECT */);
      assert_true(tu_has_reloc_to(code, size, STATE));
      /* Library functions were internalized and inlined away. */
      assert_false(tu_dynsym(code, size, "mstl_my_pe", &s));
      assert_false(tu_dynsym(code, size, "__ocml_sqrt_f32", &s));
      assert_true(tu_dynsym(code, size, "mstl_kernel.kd", &s));
      flyc_artifact_destroy(a);
    }
  }
}

static void test_link__unused_library_code_dropped(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *libs[] = {LIB_MSTL, NULL};
  assert_ok(tu_compile(&a, FX("k_no_lib_amdgcn.gfx90a.ll"), "gfx90a", libs, 0, 0));
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  tu_sym_t s;
  assert_false(tu_dynsym(code, size, "mstl_my_pe", &s));
  assert_false(tu_dynsym(code, size, "mstl_put_i32", &s));
  /* The host-written state stays, so a post-load processor still finds it. */
  assert_true(tu_dynsym(code, size, STATE, &s));
  flyc_artifact_destroy(a);
}

static void test_link__two_libraries_internal_clash_and_odr(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *libs[] = {LIB_MSTL, FX("mstl_cco_amdgcn.gfx90a.cov4.bc"), NULL};
  assert_ok(tu_compile(&a, FX("k_two_libs_amdgcn.gfx90a.ll"), "gfx90a", libs, 0, 0));
  assert_non_null(flyc_artifact_kernel_lookup(a, "two_libs_kernel"));
  flyc_artifact_destroy(a);
}

static void test_link__same_library_twice_links_once(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *libs[] = {LIB_MSTL, FLYC_FIXTURE_DIR "/./mstl_amdgcn.gfx90a.cov4.bc", NULL};
  assert_ok(tu_compile(&a, K_MSTL, "gfx90a", libs, 0, 0));
  flyc_artifact_destroy(a);
}

static void test_link__bad_triple(void **state) {
  (void)state;
  link_expect(FX("mstl_bad_triple.gfx90a.cov4.bc"), FLYC_ELINK, "x86_64-unknown-linux-gnu",
              "amdgcn-amd-amdhsa");
}

/* llvm-as turns an empty AMDGPU data layout into "G1": a layout whose every
 * entry the target's has too is adopted, not refused. */
static void test_link__partial_datalayout_adopted(void **state) {
  (void)state;
  const char *lib_ir = "target datalayout = \"G1\"\n"
                       "target triple = \"amdgcn-amd-amdhsa\"\n"
                       "define i32 @twice(i32 %v) {\n  %r = shl i32 %v, 1\n  ret i32 %r\n}\n";
  const char *k_ir = "declare i32 @twice(i32)\n"
                     "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %v) {\n"
                     "  %r = call i32 @twice(i32 %v)\n"
                     "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib = tu_temp_file(".ll", lib_ir, strlen(lib_ir));
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  /* The same library as bitcode llvm-as made of IR with no layout: it reads
   * back with the layout the upgrade makes of "" (LLVM 19+: "m:e-G1-ni:7:8:9-
   * p7:..."), which is no layout, adopted as the text's. */
  const char *no_dl = lib_ir + strlen("target datalayout = \"G1\"\n");
  FILE *f = fopen(lib, "w");
  assert_non_null(f);
  fputs(no_dl, f);
  fclose(f);
  char as[4200];
  snprintf(as, sizeof as, "%s", FLYC_TEST_LLC);
  char *slash = strrchr(as, '/');
  assert_non_null(slash);
  snprintf(slash + 1, sizeof as - (size_t)(slash + 1 - as), "llvm-as");
  char bc[4300];
  snprintf(bc, sizeof bc, "%s.bc", lib);
  char *argv[] = {as, lib, "-o", bc, NULL}, *out = NULL;
  assert_int_equal(tu_run(argv, &out), 0);
  free(out);
  const char *bcs[] = {bc};
  o.link_libraries = bcs;
  assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  unlink(bc);
  unlink(lib);
  free(lib);
}

/* A consumer declares the state global with the library's own named struct
 * type, as clang does for `extern mstl::State`: the library's copy of the
 * type is renamed in the context, but the shapes are equal. */
static void test_link__named_struct_types_match_by_shape(void **state) {
  (void)state;
  const char *k_ir =
      "%\"struct.mstl::State\" = type { i32, i32, i32, ptr, ptr, ptr, i8, i8, i64, i64, ptr, "
      "ptr }\n"
      "@_ZN4mstl11globalStateE = external addrspace(1) externally_initialized global "
      "%\"struct.mstl::State\", align 8\n"
      "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
      "  %v = load i32, ptr addrspace(1) @_ZN4mstl11globalStateE\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  const char *libs[] = {LIB_MSTL};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
  flyc_artifact_destroy(a);
}

static void test_link__function_and_global_of_one_name(void **state) {
  (void)state;
  const char *lib_ir = "@helper = addrspace(1) global i32 3\n";
  const char *k_ir = "declare i32 @helper()\n"
                     "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                     "  %v = call i32 @helper()\n"
                     "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib = tu_temp_file(".ll", lib_ir, strlen(lib_ir));
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  assert_error(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o), FLYC_ELINK,
               "'helper' is a function in", "global variable in link library", lib);
  unlink(lib);
  free(lib);
}

static void test_link__bad_datalayout(void **state) {
  (void)state;
  link_expect(FX("mstl_bad_datalayout.gfx90a.cov4.bc"), FLYC_ELINK, "has data layout",
              "e-p:32:32");
}

static void test_link__conflicting_cov(void **state) {
  (void)state;
  /* With no COV asked for, the library's decides, and LLVM makes no COV 3. */
  link_expect(FX("mstl_bad_cov.gfx90a.cov4.bc"), FLYC_ELINK,
              "code object version 3 (module flag amdhsa_code_object_version=300)",
              "cannot make");
  /* The good library built for COV4, compiled for COV5. */
  flyc_artifact_t *a = NULL;
  const char *libs[] = {LIB_MSTL, NULL};
  assert_error(tu_compile(&a, K_MSTL, "gfx90a", libs, 0, 5), FLYC_ELINK, LIB_MSTL,
               "amdhsa_code_object_version=400", "the options ask for COV 5");
  /* ... or with an input whose flag asks for COV 5. */
  static const char k5[] = "define amdgpu_kernel void @k() {\n  ret void\n}\n"
                           "!llvm.module.flags = !{!0}\n"
                           "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 500}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_libraries = libs;
  o.link_library_count = 1;
  assert_error(flyc_compile_buffer(&a, k5, strlen(k5), "k5.ll", &o), FLYC_ELINK, LIB_MSTL,
               "but this compile makes COV 5: the input module asks for COV 5");
  /* A flag that names no version (COV N is N * 100). */
  static const char l450[] = "define i32 @mstl_my_pe() {\n  ret i32 0\n}\n"
                             "!llvm.module.flags = !{!0}\n"
                             "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 450}\n";
  static const char kc[] = "declare i32 @mstl_my_pe()\n"
                           "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                           "  %v = call i32 @mstl_my_pe()\n"
                           "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib = tu_temp_file(".ll", l450, strlen(l450));
  const char *l1[] = {lib};
  o.link_libraries = l1;
  assert_error(flyc_compile_buffer(&a, kc, strlen(kc), "kc.ll", &o), FLYC_ELINK, lib,
               "amdhsa_code_object_version=450, which is no code object version");
  unlink(lib);
  free(lib);
  /* ... or one that is not an integer at all. */
  static const char lstr[] = "define i32 @mstl_my_pe() {\n  ret i32 0\n}\n"
                             "!llvm.module.flags = !{!0}\n"
                             "!0 = !{i32 1, !\"amdhsa_code_object_version\", !\"500\"}\n";
  lib = tu_temp_file(".ll", lstr, strlen(lstr));
  l1[0] = lib;
  assert_error(flyc_compile_buffer(&a, kc, strlen(kc), "kc.ll", &o), FLYC_ELINK, lib,
               "module flag 'amdhsa_code_object_version' whose value is not an integer",
               "COV N is the integer N * 100");
  unlink(lib);
  free(lib);
}

static void test_link__conflicting_wchar(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *libs[] = {LIB_MSTL, FX("mstl_bad_wchar.gfx90a.cov4.bc"), NULL};
  assert_error(tu_compile(&a, K_MSTL, "gfx90a", libs, 0, 0), FLYC_ELINK, "wchar_size",
               "mstl_bad_wchar.gfx90a.cov4.bc", "has 2");
}

static void test_link__wrong_target_cpu(void **state) {
  (void)state;
  link_expect(FX("mstl_bad_cpu.gfx90a.cov4.bc"), FLYC_ELINK, "built for gfx908",
              "target is gfx90a");
}

static void test_link__missing_symbol(void **state) {
  (void)state;
  link_expect(FX("mstl_missing_symbol.gfx90a.cov4.bc"), FLYC_ELINK,
              "undefined function 'mstl_missing_helper'", "referenced by 'mstl_my_pe'");
}

static void test_link__signature_mismatch(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *lib = FX("mstl_sig_mismatch.gfx90a.cov4.bc");
  const char *libs[] = {lib, NULL};
  assert_error(tu_compile(&a, FX("k_uses_put_amdgcn.gfx90a.ll"), "gfx90a", libs, 0, 0),
               FLYC_ELINK, "signature mismatch for 'mstl_put_i32'", lib,
               "i32 (ptr, i32, i32, i32)", "void (i64, i32)");
  /* The good library agrees with the declaration. */
  const char *good[] = {LIB_MSTL, NULL};
  assert_ok(tu_compile(&a, FX("k_uses_put_amdgcn.gfx90a.ll"), "gfx90a", good, 0, 0));
  flyc_artifact_destroy(a);
}

static void test_link__library_not_found_or_garbage(void **state) {
  (void)state;
  link_expect("/nonexistent/lib.bc", FLYC_ENOTFOUND, "not found", "lib.bc");
  char *junk = tu_temp_file(".bc", "BC\xc0\xde garbage", 12);
  link_expect(junk, FLYC_ELINK, "not valid bitcode", "");
  unlink(junk);
  free(junk);
  /* A truncated library: the lazy reader fails when linking materializes. */
  size_t n;
  char *bc = tu_read(LIB_MSTL, &n);
  assert_non_null(bc);
  for (size_t cut = 16; cut < n; cut += n / 5) {
    char *t = tu_temp_file(".bc", bc, cut);
    flyc_artifact_t *a = NULL;
    const char *libs[] = {t, NULL};
    int rc = tu_compile(&a, K_MSTL, "gfx90a", libs, 0, 0);
    assert_int_equal(rc, FLYC_ELINK);
    assert_non_null(strstr(flyc_error_last()->message, t));
    unlink(t);
    free(t);
  }
  free(bc);
}

static const char counter_ir[] =
    "@counter = addrspace(1) global i32 5, align 4\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
    "  %v = load i32, ptr addrspace(1) @counter, align 4\n"
    "  store i32 %v, ptr addrspace(1) %p, align 4\n  ret void\n}\n";

static void test_link__exported_globals(void **state) {
  (void)state;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  size_t size;
  tu_sym_t s;
  /* Not exported: internalized, its load folded to 5, no symbol. */
  assert_ok(flyc_compile_buffer(&a, counter_ir, strlen(counter_ir), "c.ll", &o));
  const void *code = flyc_artifact_code(a, &size);
  assert_false(tu_dynsym(code, size, "counter", &s));
  flyc_artifact_destroy(a);
  /* Exported: external, in .dynsym, and still loaded. */
  const char *exports[] = {"counter"};
  o.exported_globals = exports;
  o.exported_global_count = 1;
  assert_ok(flyc_compile_buffer(&a, counter_ir, strlen(counter_ir), "c.ll", &o));
  code = flyc_artifact_code(a, &size);
  assert_true(tu_dynsym(code, size, "counter", &s));
  assert_int_equal(s.size, 4);
  /* Protected, so the code reaches it PC-relative (s_getpc_b64, then a
   * scalar load), not folded to 5 and with no dynamic relocation needed. */
  tu_text_t t = {0};
  assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
  assert_non_null(strstr(t.s, "s_getpc_b64"));
  assert_non_null(strstr(t.s, "s_load_dword s"));
  assert_null(strstr(t.s, ", 5\t"));
  free(t.s);
  flyc_artifact_destroy(a);
  /* A hidden global still reaches .dynsym when exported. */
  const char *hidden_ir = "@hid = hidden addrspace(1) global i32 5, align 4\n"
                          "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                          "  %v = load i32, ptr addrspace(1) @hid, align 4\n"
                          "  store i32 %v, ptr addrspace(1) %p, align 4\n  ret void\n}\n";
  const char *hid[] = {"hid"};
  o.exported_globals = hid;
  assert_ok(flyc_compile_buffer(&a, hidden_ir, strlen(hidden_ir), "h.ll", &o));
  code = flyc_artifact_code(a, &size);
  assert_true(tu_dynsym(code, size, "hid", &s));
  flyc_artifact_destroy(a);
  const char *fn[] = {"k"};
  o.exported_globals = fn;
  assert_error(flyc_compile_buffer(&a, hidden_ir, strlen(hidden_ir), "h.ll", &o), FLYC_EINVAL,
               "'k' is a function");
  o.exported_globals = exports;
  const char *missing[] = {"no_such_global"};
  o.exported_globals = missing;
  assert_error(flyc_compile_buffer(&a, counter_ir, strlen(counter_ir), "c.ll", &o),
               FLYC_ENOTFOUND, "exported global 'no_such_global'");
  /* LDS and private memory exist only while a kernel runs: refused. */
  const char *lds_ir = "@st = addrspace(3) externally_initialized global [4 x i32] undef\n"
                       "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                       "  %v = load i32, ptr addrspace(3) @st\n"
                       "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  const char *st[] = {"st"};
  o.exported_globals = st;
  assert_error(flyc_compile_buffer(&a, lds_ir, strlen(lds_ir), "lds.ll", &o), FLYC_EINVAL,
               "exported global 'st'", "address space 3", "cannot reach");
  /* An internal externally_initialized global: a warning in the log. */
  const char *int_ir = "@st = internal addrspace(1) externally_initialized global i32 0\n"
                       "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                       "  %v = load i32, ptr addrspace(1) @st\n"
                       "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  o.exported_global_count = 0;
  assert_ok(flyc_compile_buffer(&a, int_ir, strlen(int_ir), "int.ll", &o));
  assert_non_null(strstr(flyc_artifact_log(a), "warning: global 'st'"));
  assert_non_null(strstr(flyc_artifact_log(a), "a host cannot find it after load"));
  flyc_artifact_destroy(a);
}

static void test_link__nvptx_library(void **state) {
  (void)state;
  SKIP_WITHOUT_LIBDEVICE();
  flyc_artifact_t *a = NULL;
  const char *libs[] = {FX("mstl_nvptx.sm_80.bc"), NULL};
  assert_ok(tu_compile(&a, FX("k_mstl_nvptx.sm_80.ll"), "sm_80", libs, 0, 0));
  size_t size;
  const char *ptx = flyc_artifact_code(a, &size);
  assert_int_equal(strlen(ptx), size);
  /* The state global stays a visible, 80-byte global the host can write. */
  assert_non_null(strstr(ptx, ".visible .global .align 8 .b8 " STATE "[80]"));
  assert_non_null(strstr(ptx, "ld.global"));
  assert_null(strstr(ptx, "mstl_my_pe"));
  assert_null(strstr(ptx, "__nv_"));
  flyc_artifact_destroy(a);
  /* An amdgcn library into an NVPTX kernel. */
  const char *wrong[] = {LIB_MSTL, NULL};
  assert_error(tu_compile(&a, FX("k_mstl_nvptx.sm_80.ll"), "sm_80", wrong, 0, 0),
               FLYC_ELINK, LIB_MSTL, "amdgcn-amd-amdhsa", "nvptx64-nvidia-cuda");
}

/* An internal externally_initialized state global (issue 13, item 4): a
 * note that no host can find it; exported, it is in .dynsym, protected, and
 * the link works (before: lld refused R_AMDGPU_REL32 against it). */
static void test_link__internal_state_global(void **state) {
  (void)state;
  static const char ir[] =
      "@state = internal addrspace(1) externally_initialized global i32 7, align 4\n"
      "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
      "  %v = load i32, ptr addrspace(1) @state, align 4\n"
      "  store i32 %v, ptr addrspace(1) %p, align 4\n  ret void\n}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_NO_CACHE;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "s.ll", &o));
  assert_non_null(strstr(flyc_artifact_log(a), "global 'state'"));
  assert_non_null(strstr(flyc_artifact_log(a), "a host cannot find it"));
  size_t size;
  tu_sym_t s;
  const void *code = flyc_artifact_code(a, &size); /* sets size: its own statement */
  assert_false(tu_dynsym(code, size, "state", &s));
  flyc_artifact_destroy(a);
  const char *exports[] = {"state"};
  o.exported_globals = exports;
  o.exported_global_count = 1;
  for (int p = 0; p < 2; p++) {
    o.codegen = p == 0 ? FLYC_CODEGEN_AUTO : FLYC_CODEGEN_LLD;
    if (p == 1 && !tu_can("gfx90a", FLYC_CODEGEN_LLD))
      continue;
    a = NULL;
    assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "s.ll", &o));
    code = flyc_artifact_code(a, &size);
    assert_true(tu_dynsym(code, size, "state", &s));
    assert_int_equal(s.size, 4);
    flyc_artifact_destroy(a);
  }
}

/* ---- pointers declared as i64 (stage/abi.c) ---- */

static const char ptr_lib_ir[] = "define ptr @lib_at(ptr %p, i64 %i) {\n"
                                 "  %q = getelementptr i32, ptr %p, i64 %i\n  ret ptr %q\n}\n"
                                 "define i32 @lib_lds(ptr addrspace(3) %p) {\n"
                                 "  %v = load i32, ptr addrspace(3) %p\n  ret i32 %v\n}\n"
                                 "define signext i8 @lib_ch(ptr %p, i8 zeroext %c) {\n"
                                 "  store i8 %c, ptr %p\n  ret i8 %c\n}\n"
                                 "define ptr @lib_next(ptr %p) {\n"
                                 "  %q = call ptr @lib_at(ptr %p, i64 1)\n  ret ptr %q\n}\n";

/* Kernel IR `ir` linked against ptr_lib_ir (a text library) for `target`. */
static int compile_against_ptr_lib(flyc_artifact_t **a, const char *target, const char *ir) {
  char *lib = tu_temp_file(".ll", ptr_lib_ir, strlen(ptr_lib_ir));
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.link_libraries = libs;
  o.link_library_count = 1;
  o.flags = FLYC_COMPILE_NO_CACHE;
  int rc = flyc_compile_buffer(a, ir, strlen(ir), "k.ll", &o);
  unlink(lib);
  free(lib);
  return rc;
}

/* An i64 where the library has a 64-bit pointer, as argument and result:
 * the calls convert, on both families (they pass both alike). */
static void test_link__i64_for_pointer_converted(void **state) {
  (void)state;
  static const char body[] = "declare i64 @lib_at(i64, i64)\n"
                             "define %s void @k(ptr addrspace(1) %%p) {\n"
                             "  %%f = addrspacecast ptr addrspace(1) %%p to ptr\n"
                             "  %%a = ptrtoint ptr %%f to i64\n"
                             "  %%r = call i64 @lib_at(i64 %%a, i64 1)\n"
                             "  %%q = inttoptr i64 %%r to ptr\n"
                             "  store i32 7, ptr %%q\n  ret void\n}\n";
  const char *targets[] = {"gfx90a", "sm_80"}, *ccs[] = {"amdgpu_kernel", "ptx_kernel"};
  for (int t = 0; t < 2; t++) {
    char ir[1024];
    snprintf(ir, sizeof ir, body, ccs[t]);
    flyc_artifact_t *a = NULL;
    assert_ok(compile_against_ptr_lib(&a, targets[t], ir));
    assert_non_null(strstr(flyc_artifact_log(a), "'lib_at' is declared with i64"));
    assert_non_null(strstr(flyc_artifact_log(a), "1 call converted"));
    assert_non_null(flyc_artifact_kernel_lookup(a, "k"));
    flyc_artifact_destroy(a);
  }
}

/* What is not converted is refused with the declaration to use: a pointer
 * of 32 bits (LDS), an i64 in a definition, a use other than a call. */
static void test_link__i64_for_pointer_refused(void **state) {
  (void)state;
  static const struct {
    const char *ir, *why, *decl;
  } cases[] = {
      {"declare i32 @lib_lds(i64)\n"
       "define amdgpu_kernel void @k(ptr addrspace(1) %p, i64 %x) {\n"
       "  %v = call i32 @lib_lds(i64 %x)\n  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n",
       "only an i64 where the library has a 64-bit pointer",
       "'declare i32 @lib_lds(ptr addrspace(3))'"},
      {"declare signext i8 @lib_ch(i32, i8 zeroext)\n"
       "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %x) {\n"
       "  %v = call i8 @lib_ch(i32 %x, i8 1)\n  store i8 %v, ptr addrspace(1) %p\n"
       "  ret void\n}\n",
       "'i8 (i32, i8)'", "'declare signext i8 @lib_ch(ptr, i8 zeroext)'"},
      /* lib_next, which the kernel calls, needs the library's lib_at. */
      {"define i64 @lib_at(i64 %p, i64 %i) {\n  ret i64 %p\n}\n"
       "declare ptr @lib_next(ptr)\n"
       "define amdgpu_kernel void @k(ptr addrspace(1) %p, i64 %x) {\n"
       "  %f = addrspacecast ptr addrspace(1) %p to ptr\n"
       "  %n = call ptr @lib_next(ptr %f)\n  %v = call i64 @lib_at(i64 %x, i64 0)\n"
       "  store i64 %v, ptr %n\n  ret void\n}\n",
       "in a declaration only, not in a definition", "'declare ptr @lib_at(ptr, i64)'"},
      {"declare i64 @lib_at(i64, i64)\n"
       "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
       "  store ptr @lib_at, ptr addrspace(1) %p\n  ret void\n}\n",
       "at direct calls only, and an instruction other than a call uses it",
       "'declare ptr @lib_at(ptr, i64)'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    flyc_artifact_t *a = NULL;
    assert_error(compile_against_ptr_lib(&a, "gfx90a", cases[i].ir), FLYC_ELINK,
                 "signature mismatch for 'lib_", cases[i].why, cases[i].decl);
    assert_null(a);
  }
}

/* The COV of a text library's flag decides too; two libraries that
 * disagree are refused naming both. */
static void test_link__cov_follows_text_library(void **state) {
  (void)state;
  static const char lib_ir[] = "define i32 @lib_five() {\n  ret i32 5\n}\n"
                               "!llvm.module.flags = !{!0}\n"
                               "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 500}\n";
  static const char k_ir[] = "declare i32 @lib_five()\n"
                             "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                             "  %v = call i32 @lib_five()\n"
                             "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib = tu_temp_file(".ll", lib_ir, strlen(lib_ir));
  const char *libs[] = {lib, LIB_MSTL};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  for (int nodev = 0; nodev < 2; nodev++) { /* decided with or without the devlibs stage */
    o.flags = nodev ? FLYC_COMPILE_NO_DEVICE_LIBS : 0;
    assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
    assert_int_equal(flyc_artifact_code_object_version(a), 5);
    assert_non_null(strstr(flyc_artifact_log(a), "as link library"));
    size_t size;
    unsigned flags;
    int abi;
    const void *code = flyc_artifact_code(a, &size); /* sets size: its own statement */
    tu_elf_flags(code, size, &flags, &abi);
    assert_int_equal(abi, 3);
    flyc_artifact_destroy(a);
  }
  o.flags = 0;
  o.link_library_count = 2;
  assert_error(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o), FLYC_ELINK,
               "disagree on the code object version", lib, "COV 5", LIB_MSTL, "COV 4");
  unlink(lib);
  free(lib);
}

/* LLVM 21+'s one-operand llvm.lifetime.start/end in a `.ll` library (issue
 * 13, item 5): LLVM 15's IR parser crashed on it in process; refused there
 * naming the library, refused by LLVM 19's verifier, compiled by LLVM 22.
 * The two-operand form compiles on every LLVM. */
static void test_link__one_operand_lifetime_in_text_library(void **state) {
  (void)state;
  static const char one[] =
      "define i32 @lib_f(i32 %x) {\n"
      "  %a = alloca i32, align 4, addrspace(5)\n"
      "  call void @llvm.lifetime.start.p5(ptr addrspace(5) %a)\n"
      "  store i32 %x, ptr addrspace(5) %a\n"
      "  %v = load i32, ptr addrspace(5) %a\n"
      "  call void @llvm.lifetime.end.p5(ptr addrspace(5) %a)\n  ret i32 %v\n}\n"
      "; a comment: call void @llvm.lifetime.start.p5(ptr %a)\n"
      "declare void @llvm.lifetime.start.p5(ptr addrspace(5))\n"
      "declare void @llvm.lifetime.end.p5(ptr addrspace(5))\n";
  static const char two[] =
      "define i32 @lib_f(i32 %x) {\n"
      "  %a = alloca i32, align 4, addrspace(5)\n"
      "  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %a)\n"
      "  store i32 %x, ptr addrspace(5) %a\n"
      "  %v = load i32, ptr addrspace(5) %a\n"
      "  call void @llvm.lifetime.end.p5(i64 4, ptr addrspace(5) %a)\n  ret i32 %v\n}\n"
      "declare void @llvm.lifetime.start.p5(i64 immarg, ptr addrspace(5))\n"
      "declare void @llvm.lifetime.end.p5(i64 immarg, ptr addrspace(5))\n";
  static const char k_ir[] = "declare i32 @lib_f(i32)\n"
                             "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                             "  %v = call i32 @lib_f(i32 3)\n"
                             "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  int major = atoi(flyc_llvm_version());
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  char *lib = tu_temp_file(".ll", one, strlen(one));
  const char *libs[] = {lib};
  o.link_libraries = libs;
  int rc = flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o);
  if (major < 19)
    assert_error(rc, FLYC_ELINK, lib, "@llvm.lifetime.start with one operand", "LLVM 15");
  else if (major < 21)
    assert_error(rc, FLYC_ELINK, "verifier");
  else
    assert_ok(rc);
  flyc_artifact_destroy(a);
  a = NULL;
  /* Spelled as LLVM's lexer also reads it: blanks and a comment before the
   * operands, a quoted and escaped name, a comma inside a quoted operand. */
  static const char *const spellings[] = {
      "call void @llvm.lifetime.start.p5 ; x\n  (ptr addrspace(5) %a)",
      "call void @\"llvm.lifetime\\2Estart.p5\"(ptr addrspace(5) %a)",
      "call void @llvm.lifetime.start.p5(ptr addrspace(5) %\"a,b\")",
  };
  for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
    char ir[1024];
    snprintf(ir, sizeof ir,
             "define void @f() {\n  %%a = alloca i32, align 4, addrspace(5)\n"
             "  %%\"a,b\" = alloca i32, align 4, addrspace(5)\n  %s\n  ret void\n}\n"
             "declare void @\"llvm.lifetime.start.p5\"(ptr addrspace(5))\n",
             spellings[i]);
    flyc_compile_options_t so = FLYC_COMPILE_OPTIONS_INIT;
    so.target = "gfx90a";
    rc = flyc_compile_buffer(&a, ir, strlen(ir), "sp.ll", &so);
    if (major < 19)
      assert_error(rc, FLYC_EIR, "sp.ll", "with one operand");
    flyc_artifact_destroy(a);
    a = NULL;
  }
  /* The same text as the input itself. */
  flyc_compile_options_t plain = FLYC_COMPILE_OPTIONS_INIT;
  plain.target = "gfx90a";
  rc = flyc_compile_buffer(&a, one, strlen(one), "one.ll", &plain);
  if (major < 19)
    assert_error(rc, FLYC_EIR, "one.ll", "with one operand");
  flyc_artifact_destroy(a);
  a = NULL;
  unlink(lib);
  free(lib);
  lib = tu_temp_file(".ll", two, strlen(two));
  libs[0] = lib;
  assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  unlink(lib);
  free(lib);
}

/* Libraries in any order: a library's closure can need what a library
 * given before it defines (a later pass brings it, once); a later pass
 * that would copy a library's internal variable a second time is refused,
 * naming it. */
static void test_link__libraries_in_any_order(void **state) {
  (void)state;
  static const char k_ir[] = "declare i32 @a()\n"
                             "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                             "  %v = call i32 @a()\n  store i32 %v, ptr addrspace(1) %p\n"
                             "  ret void\n}\n";
  /* a (A) -> b (B) -> helper (A) */
  static const char a_ir[] = "declare i32 @b()\n"
                             "define i32 @helper() {\n  ret i32 40\n}\n"
                             "define i32 @a() {\n  %v = call i32 @b()\n  %w = add i32 %v, 1\n"
                             "  ret i32 %w\n}\n";
  static const char b_ir[] = "declare i32 @helper()\n"
                             "define i32 @b() {\n  %v = call i32 @helper()\n  %w = add i32 %v, 1\n"
                             "  ret i32 %w\n}\n";
  char *la = tu_temp_file(".ll", a_ir, strlen(a_ir));
  char *lb = tu_temp_file(".ll", b_ir, strlen(b_ir));
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_NO_CACHE;
  o.opt_level = FLYC_OPT_O0; /* the calls stay: each function once */
  o.link_library_count = 2;
  flyc_artifact_t *a = NULL;
  for (int order = 0; order < 2; order++) {
    const char *libs[2] = {order ? lb : la, order ? la : lb};
    o.link_libraries = libs;
    assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
    flyc_artifact_destroy(a);
  }
  /* A's internal counter is used by a (the first pass) and by peek, which
   * B needs (a later pass): refused, naming the variable and the library. */
  static const char a2_ir[] = "declare i32 @b()\n@counter = internal global i32 0\n"
                              "define i32 @a() {\n  %v = call i32 @b()\n"
                              "  store i32 %v, ptr @counter\n  ret i32 %v\n}\n"
                              "define i32 @peek() {\n  %c = load i32, ptr @counter\n"
                              "  ret i32 %c\n}\n";
  static const char b2_ir[] = "declare i32 @peek()\n"
                              "define i32 @b() {\n  %v = call i32 @peek()\n  ret i32 %v\n}\n";
  char *la2 = tu_temp_file(".ll", a2_ir, strlen(a2_ir));
  char *lb2 = tu_temp_file(".ll", b2_ir, strlen(b2_ir));
  const char *libs2[2] = {la2, lb2};
  o.link_libraries = libs2;
  assert_error(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o), FLYC_ELINK, la2,
               "'peek'", "internal variable 'counter'");
  /* B given first uses an internal counter the first pass never linked (the
   * kernel needs nothing of B then): no copy exists, so it links. */
  static const char a3_ir[] = "declare i32 @g()\n"
                              "define i32 @a() {\n  %v = call i32 @g()\n  ret i32 %v\n}\n";
  static const char b3_ir[] = "@cnt = internal addrspace(1) global i32 0\n"
                              "define i32 @g() {\n  %c = load i32, ptr addrspace(1) @cnt\n"
                              "  %d = add i32 %c, 1\n  store i32 %d, ptr addrspace(1) @cnt\n"
                              "  ret i32 %c\n}\n";
  char *la3 = tu_temp_file(".ll", a3_ir, strlen(a3_ir));
  char *lb3 = tu_temp_file(".ll", b3_ir, strlen(b3_ir));
  const char *libs3[2] = {lb3, la3};
  o.link_libraries = libs3;
  assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  for (char **f = (char *[]){la3, lb3, NULL}; *f; f++) {
    unlink(*f);
    free(*f);
  }
  for (char **f = (char *[]){la, lb, la2, lb2, NULL}; *f; f++) {
    unlink(*f);
    free(*f);
  }
}

/* Linker rules through the closure link (the adversarial trial's finds):
 * a strong library definition replaces the module's weak one; a library
 * alias links; two libraries' strong definitions of one name are refused;
 * a global in another address space than the module declares is refused. */
static void test_link__closure_linker_rules(void **state) {
  (void)state;
  static const char weak_k[] =
      "define weak i32 @f() {\n  ret i32 1\n}\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n  %v = call i32 @f()\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  static const char strong[] = "define i32 @f() {\n  ret i32 1000\n}\n";
  static const char strong2[] = "define i32 @f() {\n  ret i32 2000\n}\n";
  static const char alias[] = "define i32 @impl() {\n  ret i32 5\n}\n@f = alias i32 (), ptr @impl\n";
  static const char decl_k[] =
      "declare i32 @f()\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n  %v = call i32 @f()\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  static const char gas_k[] =
      "@gv = external addrspace(1) global i32\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n  %v = load i32, ptr addrspace(1) @gv\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  static const char gas_lib[] = "@gv = addrspace(3) global i32 undef\n";
  char *ls = tu_temp_file(".ll", strong, strlen(strong));
  char *ls2 = tu_temp_file(".ll", strong2, strlen(strong2));
  char *la = tu_temp_file(".ll", alias, strlen(alias));
  char *lg = tu_temp_file(".ll", gas_lib, strlen(gas_lib));
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_CACHE;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  size_t n;
  const char *one[1] = {ls};
  o.link_libraries = one;
  assert_ok(flyc_compile_buffer(&a, weak_k, strlen(weak_k), "k.ll", &o));
  assert_non_null(strstr(flyc_artifact_code(a, &n), "1000"));
  flyc_artifact_destroy(a);
  /* Aliases: AMDGPU (NVPTX has none). */
  static const char amd_k[] =
      "declare i32 @f()\n"
      "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n  %v = call i32 @f()\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  one[0] = la;
  o.target = "gfx90a";
  assert_ok(flyc_compile_buffer(&a, amd_k, strlen(amd_k), "k.ll", &o));
  flyc_artifact_destroy(a);
  o.target = "sm_80";
  const char *two[2] = {ls, ls2};
  o.link_libraries = two;
  o.link_library_count = 2;
  assert_error(flyc_compile_buffer(&a, decl_k, strlen(decl_k), "k.ll", &o), FLYC_ELINK, "'f'");
  one[0] = lg;
  o.link_libraries = one;
  o.link_library_count = 1;
  assert_error(flyc_compile_buffer(&a, gas_k, strlen(gas_k), "k.ll", &o), FLYC_ELINK, "'gv'",
               "address space 1", "address space 3", lg);
  /* The module's weak h, then two libraries' strong ones: refused in either
   * order (the first strong one is the library's, offered to the second). */
  static const char weak_h[] =
      "define weak i32 @f() {\n  ret i32 1\n}\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n  %v = call i32 @f()\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  o.link_libraries = two;
  o.link_library_count = 2;
  for (int order = 0; order < 2; order++) {
    two[0] = order ? ls2 : ls;
    two[1] = order ? ls : ls2;
    assert_error(flyc_compile_buffer(&a, weak_h, strlen(weak_h), "k.ll", &o), FLYC_ELINK, "'f'");
  }
  for (char **f = (char *[]){ls, ls2, la, lg, NULL}; *f; f++) {
    unlink(*f);
    free(*f);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_link__state_global_survives),
      cmocka_unit_test(test_link__unused_library_code_dropped),
      cmocka_unit_test(test_link__two_libraries_internal_clash_and_odr),
      cmocka_unit_test(test_link__same_library_twice_links_once),
      cmocka_unit_test(test_link__bad_triple),
      cmocka_unit_test(test_link__partial_datalayout_adopted),
      cmocka_unit_test(test_link__named_struct_types_match_by_shape),
      cmocka_unit_test(test_link__function_and_global_of_one_name),
      cmocka_unit_test(test_link__bad_datalayout),
      cmocka_unit_test(test_link__conflicting_cov),
      cmocka_unit_test(test_link__conflicting_wchar),
      cmocka_unit_test(test_link__wrong_target_cpu),
      cmocka_unit_test(test_link__missing_symbol),
      cmocka_unit_test(test_link__signature_mismatch),
      cmocka_unit_test(test_link__library_not_found_or_garbage),
      cmocka_unit_test(test_link__exported_globals),
      cmocka_unit_test(test_link__internal_state_global),
      cmocka_unit_test(test_link__nvptx_library),
      cmocka_unit_test(test_link__i64_for_pointer_converted),
      cmocka_unit_test(test_link__i64_for_pointer_refused),
      cmocka_unit_test(test_link__cov_follows_text_library),
      cmocka_unit_test(test_link__one_operand_lifetime_in_text_library),
      cmocka_unit_test(test_link__libraries_in_any_order),
      cmocka_unit_test(test_link__closure_linker_rules),
  };
  return cmocka_run_group_tests_name("link", tests, NULL, NULL);
}

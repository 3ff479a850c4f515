/* Link stage: what the checks of a link library refuse, and name, written
 * as small IR libraries: malformed module flags, signature, alias,
 * calling-convention and extension mismatches (across libraries too),
 * ifuncs, private globals, constructors, refusals inside a library's code. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* A kernel for gfx90a calling `i32 @NAME(i32)`. */
#define K_CALLS(name)                                                                          \
  "declare i32 @" name "(i32)\n"                                                               \
  "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %v) {\n"                              \
  "  %r = call i32 @" name "(i32 %v)\n"                                                        \
  "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n"

/* `k_ir` compiled for gfx90a at `opt` with the libraries `lib_irs` (IR
 * text, written to temporary .ll files whose paths land in `paths`, which
 * drop_libs() removes). The compile's status (a failed one must leave no
 * artifact; a made one is destroyed). */
static int compile_with_libs(const char *k_ir, const char *const *lib_irs, size_t n, char **paths,
                             int opt) {
  for (size_t i = 0; i < n; i++)
    paths[i] = tu_temp_file(".ll", lib_irs[i], strlen(lib_irs[i]));
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.opt_level = opt;
  o.link_libraries = (const char **)paths;
  o.link_library_count = n;
  flyc_artifact_t *a = NULL;
  int rc = flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o);
  if (rc)
    assert_null(a);
  flyc_artifact_destroy(a);
  return rc;
}

static void drop_libs(char **paths, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unlink(paths[i]);
    free(paths[i]);
  }
}

static void test_link_checks__narrow_int_extension_mismatch(void **state) {
  (void)state;
  const char *lib_ir = "define i32 @put_i8(i8 signext %v) {\n"
                       "  %w = sext i8 %v to i32\n  ret i32 %w\n}\n";
  const char *k_ir = "declare i32 @put_i8(i8)\n"
                     "define amdgpu_kernel void @k(ptr addrspace(1) %p, i8 %v) {\n"
                     "  %r = call i32 @put_i8(i8 %v)\n"
                     "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib;
  assert_error(compile_with_libs(k_ir, &lib_ir, 1, &lib, FLYC_OPT_O3), FLYC_ELINK,
               "signature mismatch for 'put_i8'", "parameter 0", "signext",
               "narrow-integer ABI");
  drop_libs(&lib, 1);
}

/* A mismatch between two libraries names both: the one whose closure
 * declared the name, and the one that defines it, in either order. */
static void test_link_checks__cross_library_mismatch_names_the_declaring_library(void **state) {
  (void)state;
  const char *def_ir = "define float @f(float %x) {\n"
                       "  %y = fadd float %x, 1.0\n  ret float %y\n}\n";
  const char *use_ir = "declare i32 @f(i32)\n"
                       "define i32 @g(i32 %x) {\n  %y = call i32 @f(i32 %x)\n  ret i32 %y\n}\n";
  for (int order = 0; order < 2; order++) {
    const char *irs[2] = {order ? def_ir : use_ir, order ? use_ir : def_ir};
    char *paths[2], want_use[600], want_def[600];
    int rc = compile_with_libs(K_CALLS("g"), irs, 2, paths, FLYC_OPT_O3);
    snprintf(want_use, sizeof want_use, "link library '%s' declares it as 'i32 (i32)'",
             paths[order ? 1 : 0]);
    snprintf(want_def, sizeof want_def, "link library '%s' defines it as 'float (float)'",
             paths[order ? 0 : 1]);
    assert_error(rc, FLYC_ELINK, "signature mismatch for 'f'", want_use, want_def);
    drop_libs(paths, 2);
  }
  /* The same for a calling convention and a global's type. */
  static const char *const pairs[2][2] = {
      {"declare i32 @f(i32)\n"
       "define i32 @g(i32 %x) {\n  %y = call i32 @f(i32 %x)\n  ret i32 %y\n}\n",
       "define fastcc i32 @f(i32 %x) {\n  ret i32 %x\n}\n"},
      {"@v = external addrspace(1) global i32\n"
       "define i32 @g(i32 %x) {\n  %y = load i32, ptr addrspace(1) @v\n  ret i32 %y\n}\n",
       "@v = addrspace(1) global i64 0\n"}};
  for (int i = 0; i < 2; i++) {
    char *paths[2], want[600];
    int rc = compile_with_libs(K_CALLS("g"), pairs[i], 2, paths, FLYC_OPT_O3);
    snprintf(want, sizeof want, "link library '%s' %s", paths[0], i ? "has 'i32'" : "declares it");
    assert_error(rc, FLYC_ELINK, want, paths[1]);
    drop_libs(paths, 2);
  }
}

/* A library's alias is checked as what it stands for (it skipped every
 * check: an i64 (i64) alias linked to an i32 (i32) call, half its argument
 * garbage), and a weak alias, which a strong definition in another library
 * would replace or not by the libraries' order, is refused. */
static void test_link_checks__library_aliases_are_checked(void **state) {
  (void)state;
  static const char *const irs[] = {
      "define i64 @impl(i64 %x) {\n  %r = add i64 %x, 100\n  ret i64 %r\n}\n"
      "@f = alias i64 (i64), ptr @impl\n",
      "define internal fastcc i32 @impl(i32 %x) {\n  ret i32 %x\n}\n"
      "@f = alias i32 (i32), ptr @impl\n",
      "define internal i32 @impl(i32 %x) {\n  ret i32 %x\n}\n"
      "@f = weak alias i32 (i32), ptr @impl\n",
      "@real = addrspace(3) global i64 undef\n@f = alias i64, ptr addrspace(3) @real\n",
      /* The alias's own type matches the call, what runs does not (a
       * silent miscompile: the i64 argument's high half was garbage), also
       * through a chain; a function alias of data jumped into it (a crash
       * in the backend). */
      "define i64 @g(i64 %x) {\n  %r = add i64 %x, 100\n  ret i64 %r\n}\n"
      "@f = alias i32 (i32), ptr @g\n",
      "define i64 @g(i64 %x) {\n  %r = add i64 %x, 100\n  ret i64 %r\n}\n"
      "@h = alias i64 (i64), ptr @g\n@f = alias i32 (i32), ptr @h\n",
      "@tab = addrspace(1) global [4 x i32] zeroinitializer\n"
      "@f = alias i32 (i32), getelementptr (i8, ptr addrspace(1) @tab, i64 4)\n"};
  static const char *const want[][2] = {
      {"signature mismatch for 'f'", "defines it as 'i64 (i64)'"},
      {"calling convention mismatch for 'f'", "defines it with fastcc"},
      {"has a weak alias 'f'", "make the alias strong"},
      {"'f' is a function in the module but a global variable in link library", ""},
      {"function alias 'f' of type 'i32 (i32)' for 'g' of type 'i64 (i64)'", "not match"},
      {"function alias 'f' of type 'i32 (i32)' for 'g' of type 'i64 (i64)'", "not match"},
      {"function alias 'f' of type 'i32 (i32)'", "which is no function"}};
  for (int i = 0; i < 7; i++) {
    char *lib;
    int rc = compile_with_libs(K_CALLS("f"), &irs[i], 1, &lib, FLYC_OPT_O3);
    assert_error(rc, FLYC_ELINK, want[i][0], want[i][1], lib);
    drop_libs(&lib, 1);
  }
  /* A strong alias of the right shape links. */
  const char *ok = "define internal i32 @impl(i32 %x) {\n  ret i32 %x\n}\n"
                   "@f = alias i32 (i32), ptr @impl\n";
  char *lib;
  assert_ok(compile_with_libs(K_CALLS("f"), &ok, 1, &lib, FLYC_OPT_O3));
  drop_libs(&lib, 1);
}

/* An empty "target-cpu" in a library: LLVM took "" for a processor,
 * warned on the caller's stderr and built the function for none. */
static void test_link_checks__empty_target_cpu_is_refused(void **state) {
  (void)state;
  const char *lib_ir = "define i32 @f(i32 %x) noinline #0 {\n  %y = mul i32 %x, 3\n"
                       "  ret i32 %y\n}\nattributes #0 = { \"target-cpu\"=\"\" }\n";
  char *lib;
  int rc = compile_with_libs(K_CALLS("f"), &lib_ir, 1, &lib, FLYC_OPT_O3);
  assert_error(rc, FLYC_ELINK, "function 'f'", "empty \"target-cpu\"", lib);
  drop_libs(&lib, 1);
}

/* A variable in AMDGPU's private memory (address space 5) stopped the
 * process in the backend ("Cannot select: GlobalAddress"); refused. */
static void test_link_checks__private_global_is_refused(void **state) {
  (void)state;
  const char *lib_ir = "@cfg = internal addrspace(5) global i32 0\n"
                       "define i32 @f(i32 %x) {\n  %v = load i32, ptr addrspace(5) @cfg\n"
                       "  %r = add i32 %x, %v\n  store i32 %r, ptr addrspace(5) @cfg\n"
                       "  ret i32 %r\n}\n";
  char *lib;
  int rc = compile_with_libs(K_CALLS("f"), &lib_ir, 1, &lib, FLYC_OPT_O0);
  assert_error(rc, FLYC_EIR, "global 'cfg'", "address space 5 (private");
  drop_libs(&lib, 1);
}

/* A library's constructor: folded by the optimizer where it can be (the
 * constant it stores), else refused, since no module load runs it and the
 * state it sets would silently stay unset. */
static void test_link_checks__constructors_fold_or_are_refused(void **state) {
  (void)state;
  static const char *const irs[2] = {
      "@st = addrspace(1) global i32 0\n"
      "define internal void @init() {\n  store i32 42, ptr addrspace(1) @st\n  ret void\n}\n"
      "@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] "
      "[{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]\n"
      "define i32 @f(i32 %x) {\n  %v = load i32, ptr addrspace(1) @st\n"
      "  %r = add i32 %x, %v\n  ret i32 %r\n}\n",
      "@st = addrspace(1) global i32 0\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n"
      "define internal void @init() {\n  %t = call i32 @llvm.amdgcn.workitem.id.x()\n"
      "  store i32 %t, ptr addrspace(1) @st\n  ret void\n}\n"
      "@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] "
      "[{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]\n"
      "define i32 @f(i32 %x) {\n  %v = load i32, ptr addrspace(1) @st\n"
      "  %r = add i32 %x, %v\n  ret i32 %r\n}\n"};
  char *lib;
  int rc = compile_with_libs(K_CALLS("f"), &irs[1], 1, &lib, FLYC_OPT_O3);
  assert_error(rc, FLYC_EIR, "a constructor ('init')", "nothing runs a device constructor");
  drop_libs(&lib, 1);
  rc = compile_with_libs(K_CALLS("f"), &irs[0], 1, &lib, FLYC_OPT_O0);
  assert_error(rc, FLYC_EIR, "a constructor ('init')");
  drop_libs(&lib, 1);
  /* At O3 GlobalOpt folds the first into @st's initializer: it compiles. */
  assert_ok(compile_with_libs(K_CALLS("f"), &irs[0], 1, &lib, FLYC_OPT_O3));
  drop_libs(&lib, 1);
}

/* A library's ifunc that the module calls is refused by name, naming the
 * library (it was reported as an undefined symbol). */
static void test_link_checks__library_ifunc_is_refused_by_name(void **state) {
  (void)state;
  const char *lib_ir = "define internal i32 @impl(i32 %x) {\n  ret i32 %x\n}\n"
                       "define internal ptr @resolve() {\n  ret ptr @impl\n}\n"
                       "@f = ifunc i32 (i32), ptr @resolve\n";
  char *lib;
  int rc = compile_with_libs(K_CALLS("f"), &lib_ir, 1, &lib, FLYC_OPT_O3);
  assert_error(rc, FLYC_EIR, "an ifunc ('f', from '", lib, "gfx90a has no ifuncs");
  drop_libs(&lib, 1);
}

/* A callee whose calling convention differs from the declaration's: the
 * call is undefined behaviour, which the optimizer deletes with the whole
 * kernel. Refused at the link (naming the library), inside one module (at
 * the call), and a kernel optimized to nothing is refused too. */
static void test_link_checks__calling_convention_mismatch(void **state) {
  (void)state;
  const char *lib_ir = "define fastcc i32 @f(i32 %x) {\n"
                       "  %y = add i32 %x, 1000\n  ret i32 %y\n}\n";
  char *lib;
  int rc = compile_with_libs(K_CALLS("f"), &lib_ir, 1, &lib, FLYC_OPT_O3);
  assert_error(rc, FLYC_ELINK, "calling convention mismatch for 'f'",
               "the module declares it with ccc", lib, "defines it with fastcc");
  drop_libs(&lib, 1);
  const char *one = "define internal fastcc i32 @g(i32 %x) {\n  ret i32 %x\n}\n"
                    "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %v) {\n"
                    "  %r = call i32 @g(i32 %v)\n"
                    "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_error(compile_with_libs(one, NULL, 0, NULL, FLYC_OPT_O3), FLYC_EIR, "function 'k'",
               "calls 'g' with calling convention ccc", "'g' has fastcc");
  const char *ub = "define amdgpu_kernel void @u(ptr addrspace(1) %p) {\n  unreachable\n}\n";
  assert_error(compile_with_libs(ub, NULL, 0, NULL, FLYC_OPT_O3), FLYC_EIR,
               "kernel 'u' was optimized to nothing but 'unreachable'");
}

/* What flyc refuses inside a library's function names the library (the
 * checks run on the linked module, where it is no longer the library). */
static void test_link_checks__refusals_name_the_library(void **state) {
  (void)state;
  static const char *const libs_ir[] = {
      "declare double @llvm.sin.f64(double)\n"
      "define i32 @f(i32 %x) {\n  %d = sitofp i32 %x to double\n"
      "  %s = call double @llvm.sin.f64(double %d)\n  %r = fptosi double %s to i32\n"
      "  ret i32 %r\n}\n",
      "define i32 @f(i32 %x) {\n  %w = zext i32 %x to i1024\n  %m = mul i1024 %w, %w\n"
      "  %r = trunc i1024 %m to i32\n  ret i32 %r\n}\n"};
  static const char *const want[] = {"intrinsic 'llvm.sin.f64' (used by function 'f'",
                                     "multiplies, divides or shifts an i1024"};
  for (int i = 0; i < 2; i++) {
    char *lib;
    int rc = compile_with_libs(K_CALLS("f"), &libs_ir[i], 1, &lib, FLYC_OPT_O0);
    assert_error(rc, FLYC_EIR, want[i], "'f' comes from link library", lib);
    drop_libs(&lib, 1);
  }
}

/* Module flags that LLVM reads as integers (or CG Profile's list) holding
 * something else crashed a pass, the AsmPrinter or the verifier in process;
 * a COV flag of another merge behaviour than Error aborted LLVM ("unsupported
 * code object version"). Each is refused naming the library, and the same
 * shapes in the input name the input. */
static void test_link_checks__malformed_library_flags_are_refused(void **state) {
  (void)state;
  static const struct {
    const char *flag, *target, *want;
  } cases[] = {
      {"!{i32 2, !\"amdhsa_code_object_version\", !{i32 500}}", "gfx90a",
       "module flag 'amdhsa_code_object_version' whose value is not an integer"},
      {"!{i32 2, !\"nvvm-reflect-ftz\", !{i32 1}}", "sm_80",
       "module flag 'nvvm-reflect-ftz' whose value is not an integer"},
      {"!{i32 2, !\"PIE Level\", !\"x\"}", "gfx90a",
       "module flag 'PIE Level' whose value is not an integer"},
      {"!{i32 1, !\"CG Profile\", !\"x\"}", "sm_80",
       "module flag 'CG Profile' whose value is not a list"},
      {"!{i32 7, !\"amdhsa_code_object_version\", i32 300}", "gfx90a",
       "built for code object version 3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int nv = cases[i].target[0] == 's';
    char lib_ir[400], k_ir[600];
    snprintf(lib_ir, sizeof lib_ir,
             "define i32 @f(i32 %%x) {\n  ret i32 %%x\n}\n!llvm.module.flags = !{!0}\n!0 = %s\n",
             cases[i].flag);
    char *lib = tu_temp_file(".ll", lib_ir, strlen(lib_ir));
    const char *libs[] = {lib};
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = cases[i].target;
    o.link_libraries = libs;
    o.link_library_count = 1;
    snprintf(k_ir, sizeof k_ir,
             "declare i32 @f(i32)\ndefine %s void @k(ptr addrspace(1) %%p, i32 %%v) {\n"
             "  %%r = call i32 @f(i32 %%v)\n  store i32 %%r, ptr addrspace(1) %%p\n"
             "  ret void\n}\n", nv ? "ptx_kernel" : "amdgpu_kernel");
    flyc_artifact_t *a = NULL;
    assert_error(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o), FLYC_ELINK, lib,
                 cases[i].want);
    assert_null(a);
    unlink(lib);
    free(lib);
    if (i == 4)
      continue; /* the input's COV is its own check */
    /* In the input itself. */
    char in_ir[900];
    o.link_libraries = NULL;
    o.link_library_count = 0;
    snprintf(in_ir, sizeof in_ir,
             "define i32 @f(i32 %%x) {\n  ret i32 %%x\n}\n%s!llvm.module.flags = !{!0}\n"
             "!0 = %s\n", strchr(k_ir, '\n') + 1, cases[i].flag);
    assert_error(flyc_compile_buffer(&a, in_ir, strlen(in_ir), "in.ll", &o), FLYC_EIR,
                 "input 'in.ll'", cases[i].want);
  }
}

/* An argument passed differently on the two sides (AMDGPU's inreg puts it
 * in an SGPR; byval passes a pointer to a copy) linked unchecked: the
 * callee read a register nobody set. */
static void test_link_checks__argument_passing_must_agree(void **state) {
  (void)state;
  const char *lib_ir = "define i32 @f(i32 %x) noinline {\n  %r = add i32 %x, 222\n"
                       "  ret i32 %r\n}\n";
  const char *k_ir = "declare i32 @f(i32 inreg)\n"
                     "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %v) {\n"
                     "  %r = call i32 @f(i32 inreg %v)\n"
                     "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  char *lib;
  int rc = compile_with_libs(k_ir, &lib_ir, 1, &lib, FLYC_OPT_O3);
  assert_error(rc, FLYC_ELINK, "signature mismatch for 'f'", "parameter 0 is inreg in the module",
               "not inreg in link library", lib);
  drop_libs(&lib, 1);
  const char *bv_ir = "%S = type { i32, i32 }\n"
                      "define i32 @g(ptr byval(%S) %s) noinline {\n  %v = load i32, ptr %s\n"
                      "  ret i32 %v\n}\n";
  const char *kb_ir = "declare i32 @g(ptr)\n"
                      "define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr %q) {\n"
                      "  %r = call i32 @g(ptr %q)\n"
                      "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  rc = compile_with_libs(kb_ir, &bv_ir, 1, &lib, FLYC_OPT_O3);
  assert_error(rc, FLYC_ELINK, "signature mismatch for 'g'", "parameter 0 is not byval");
  drop_libs(&lib, 1);
}

/* Calls that go from one library to the other and back, 20 levels deep:
 * f0 (A) calls g0 (B), which calls f1 (A), ... The passes (link_libs.c)
 * stopped at 8 and called f8 undefined, though A defines it. */
static void test_link_checks__deep_cross_library_chains_link(void **state) {
  (void)state;
  enum { DEPTH = 20 };
  static char a[DEPTH * 120], b[DEPTH * 120];
  size_t na = 0, nb = 0;
  for (int i = 0; i < DEPTH; i++) {
    na += (size_t)snprintf(a + na, sizeof a - na,
                           "declare i32 @g%d(i32)\ndefine i32 @f%d(i32 %%x) {\n"
                           "  %%r = call i32 @g%d(i32 %%x)\n  ret i32 %%r\n}\n", i, i, i);
    if (i + 1 < DEPTH)
      nb += (size_t)snprintf(b + nb, sizeof b - nb,
                             "declare i32 @f%d(i32)\ndefine i32 @g%d(i32 %%x) {\n"
                             "  %%r = call i32 @f%d(i32 %%x)\n  ret i32 %%r\n}\n", i + 1, i,
                             i + 1);
    else
      nb += (size_t)snprintf(b + nb, sizeof b - nb,
                             "define i32 @g%d(i32 %%x) {\n  ret i32 %%x\n}\n", i);
  }
  const char *irs[2] = {a, b};
  char *paths[2];
  assert_ok(compile_with_libs(K_CALLS("f0"), irs, 2, paths, FLYC_OPT_O3));
  drop_libs(paths, 2);
}

/* The module's own weak alias gives way to a library's strong definition,
 * as a weak function does (the alias used to win: 111, not 222). */
static void test_link_checks__module_weak_alias_gives_way(void **state) {
  (void)state;
  const char *k_ir = "define internal i32 @mine(i32 %x) {\n  %r = add i32 %x, 111\n"
                     "  ret i32 %r\n}\n@f = weak alias i32 (i32), ptr @mine\n"
                     "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %v) {\n"
                     "  %r = call i32 @f(i32 %v)\n"
                     "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  const char *lib_ir = "define i32 @f(i32 %x) {\n  %r = add i32 %x, 222\n  ret i32 %r\n}\n";
  char dir[] = "/tmp/flyc-test-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char *lib = tu_temp_file(".ll", lib_ir, strlen(lib_ir));
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.link_libraries = libs;
  o.link_library_count = 1;
  o.dump_dir = dir;
  o.flags = FLYC_COMPILE_NO_CACHE;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, k_ir, strlen(k_ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  DIR *d = opendir(dir);
  assert_non_null(d);
  int found = 0;
  for (struct dirent *e; (e = readdir(d));) {
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (strstr(e->d_name, ".3-opt.ll")) {
      size_t n;
      char *text = tu_read(path, &n);
      assert_non_null(strstr(text, "222"));
      assert_null(strstr(text, "111"));
      free(text);
      found = 1;
    }
    if (e->d_name[0] != '.')
      unlink(path);
  }
  closedir(d);
  rmdir(dir);
  assert_true(found);
  drop_libs(&lib, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_link_checks__malformed_library_flags_are_refused),
      cmocka_unit_test(test_link_checks__narrow_int_extension_mismatch),
      cmocka_unit_test(test_link_checks__cross_library_mismatch_names_the_declaring_library),
      cmocka_unit_test(test_link_checks__library_aliases_are_checked),
      cmocka_unit_test(test_link_checks__private_global_is_refused),
      cmocka_unit_test(test_link_checks__constructors_fold_or_are_refused),
      cmocka_unit_test(test_link_checks__library_ifunc_is_refused_by_name),
      cmocka_unit_test(test_link_checks__calling_convention_mismatch),
      cmocka_unit_test(test_link_checks__refusals_name_the_library),
      cmocka_unit_test(test_link_checks__argument_passing_must_agree),
      cmocka_unit_test(test_link_checks__deep_cross_library_chains_link),
      cmocka_unit_test(test_link_checks__module_weak_alias_gives_way),
      cmocka_unit_test(test_link_checks__empty_target_cpu_is_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

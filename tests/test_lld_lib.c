/* The lld-lib codegen path (liblld's ELF driver in this process) against the
 * ld.lld subprocess, auto's choice per (processor, COV), the COV refusals,
 * lld's errors as statuses, concurrent links, and the host's signal state. */
#include <gelf.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define CLI FLYC_TEST_CLI

/* The plain kernel the paths are compared on: no libraries, any processor. */
static const char k_plain[] = "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %v) {\n"
                              "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";

static int compile(flyc_artifact_t **a, const char *ir, const char *target, uint32_t cg,
                   uint32_t cov) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.codegen = cg;
  o.code_object_version = cov;
  o.flags = FLYC_COMPILE_NO_CACHE;
  return flyc_compile_buffer(a, ir, strlen(ir), "k.ll", &o);
}

static int have_lld_lib(void) { return tu_can("gfx90a", FLYC_CODEGEN_LLD_LIB); }

#define SKIP_WITHOUT_LLD_LIB()                                                         \
  do {                                                                                 \
    if (!have_lld_lib()) {                                                             \
      print_message("skipped: this build has no liblld (LLVM %d; the lld-lib path "    \
                    "needs liblld-dev, found for LLVM 22)\n",                          \
                    FLYC_TEST_LLVM_MAJOR);                                             \
      skip();                                                                          \
    }                                                                                  \
  } while (0)

/* Undefined dynamic symbols with a name; -1 when there is no .dynsym. */
static int undefined_dynsyms(const void *code, size_t size) {
  elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)code, size);
  Elf_Scn *scn = NULL;
  int n = -1;
  while (e && (scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM)
      continue;
    n = 0;
    Elf_Data *d = elf_getdata(scn, NULL);
    for (size_t i = 1; d && i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Sym s;
      gelf_getsym(d, (int)i, &s);
      const char *nm = elf_strptr(e, sh.sh_link, s.st_name);
      n += s.st_shndx == SHN_UNDEF && nm && *nm;
    }
  }
  if (e)
    elf_end(e);
  return n;
}

static void assert_same_kernel(const flyc_kernel_info_t *a, const flyc_kernel_info_t *b) {
  tu_assert_same_kernargs(a, b);
  assert_string_equal(a->name, b->name);
  assert_string_equal(a->symbol, b->symbol);
  assert_int_equal(a->sgpr_count, b->sgpr_count);
  assert_int_equal(a->vgpr_count, b->vgpr_count);
  assert_int_equal(a->group_segment_fixed_size, b->group_segment_fixed_size);
  assert_int_equal(a->private_segment_fixed_size, b->private_segment_fixed_size);
  assert_int_equal(a->wavefront_size, b->wavefront_size);
}

/* The same input through lld-lib and the ld.lld subprocess: the same ELF
 * header flags, ABI version, .kd symbols, metadata, no undefined symbols, and
 * (lld 22 either way) the same bytes. */
static void test_lld_lib__same_as_subprocess(void **state) {
  (void)state;
  SKIP_WITHOUT_LLD_LIB();
  if (!tu_can("gfx90a", FLYC_CODEGEN_LLD)) {
    print_message("skipped: no ld.lld to compare with\n");
    skip();
  }
  const char *libs[] = {LIB_MSTL, NULL};
  for (uint32_t cov = 4; cov <= (FLYC_TEST_LLVM_MAJOR >= 19 ? 6 : 5); cov++) {
    flyc_artifact_t *a = NULL, *b = NULL;
    /* COV 4: the mstl kernel with its (COV 4) library; else the plain one. */
    const char *kd = cov == 4 ? "mstl_kernel.kd" : "k.kd";
    if (cov == 4) {
      assert_ok(tu_compile(&a, K_MSTL, "gfx90a", libs, FLYC_CODEGEN_LLD_LIB, cov));
      assert_ok(tu_compile(&b, K_MSTL, "gfx90a", libs, FLYC_CODEGEN_LLD, cov));
    } else {
      assert_ok(compile(&a, k_plain, "gfx90a", FLYC_CODEGEN_LLD_LIB, cov));
      assert_ok(compile(&b, k_plain, "gfx90a", FLYC_CODEGEN_LLD, cov));
    }
    assert_int_equal(flyc_artifact_codegen(a), FLYC_CODEGEN_LLD_LIB);
    assert_int_equal(flyc_artifact_codegen(b), FLYC_CODEGEN_LLD);
    assert_string_equal(flyc_codegen_name(flyc_artifact_codegen(a)), "lld-lib");
    assert_int_equal(flyc_artifact_code_object_version(a), cov);
    size_t na, nb;
    const void *ca = flyc_artifact_code(a, &na), *cb = flyc_artifact_code(b, &nb);
    unsigned fa, fb;
    int abia, abib;
    tu_elf_flags(ca, na, &fa, &abia);
    tu_elf_flags(cb, nb, &fb, &abib);
    assert_int_equal(fa, fb);
    assert_int_equal(fa & 0xff, 0x3f); /* gfx90a */
    assert_int_equal(abia, (int)cov - 2);
    assert_int_equal(abia, abib);
    tu_sym_t sa, sb;
    assert_true(tu_dynsym(ca, na, kd, &sa));
    assert_true(tu_dynsym(cb, nb, kd, &sb));
    assert_true(sa.defined && sb.defined);
    assert_int_equal(sa.size, sb.size);
    assert_int_equal(undefined_dynsyms(ca, na), 0);
    assert_int_equal(undefined_dynsyms(cb, nb), 0);
    assert_int_equal(flyc_artifact_kernel_count(a), flyc_artifact_kernel_count(b));
    assert_same_kernel(flyc_artifact_kernel(a, 0), flyc_artifact_kernel(b, 0));
    assert_int_equal(na, nb);
    assert_memory_equal(ca, cb, na);
    flyc_artifact_destroy(a);
    flyc_artifact_destroy(b);
  }
}

/* What auto must pick in this build. comgr 2.4 (LLVM 15) makes COV 4 and 5
 * and knows no gfx942; COV 6 never goes to comgr or comgr-link. */
static flyc_codegen_t expected_auto(const char *proc, uint32_t cov) {
  if (tu_can(proc, FLYC_CODEGEN_LLD_LIB))
    return FLYC_CODEGEN_LLD_LIB;
  const char *v = flyc_comgr_version();
  int old_comgr = v && strncmp(v, "2.", 2) == 0;
  if (tu_can(proc, FLYC_CODEGEN_COMGR_LINK) && !(cov == 6 && old_comgr))
    return FLYC_CODEGEN_COMGR_LINK;
  return FLYC_CODEGEN_LLD;
}

static void test_lld_lib__auto_choice(void **state) {
  (void)state;
  const char *procs[] = {"gfx90a", "gfx942"};
  for (int p = 0; p < 2; p++)
    for (uint32_t cov = 4; cov <= 6; cov++) {
      flyc_artifact_t *a = NULL;
      if (FLYC_TEST_LLVM_MAJOR < 19 && p == 1)
        continue; /* gfx942 needs LLVM 17+ (test_codegen) */
      if (FLYC_TEST_LLVM_MAJOR < 19 && cov == 6) {
        assert_error(compile(&a, k_plain, procs[p], 0, cov), FLYC_EUNSUPPORTED,
                     "code object version 6");
        continue;
      }
      assert_ok(compile(&a, k_plain, procs[p], 0, cov));
      flyc_codegen_t cg = flyc_artifact_codegen(a);
      if (cg != expected_auto(procs[p], cov))
        print_error("%s COV %u: auto chose %s, expected %s\n", procs[p], cov,
                    flyc_codegen_name(cg), flyc_codegen_name(expected_auto(procs[p], cov)));
      assert_int_equal(cg, expected_auto(procs[p], cov));
      if (cov == 6)
        assert_true(cg != FLYC_CODEGEN_COMGR && cg != FLYC_CODEGEN_COMGR_LINK);
      if (FLYC_TEST_LLVM_MAJOR >= 22 && have_lld_lib())
        assert_int_equal(cg, FLYC_CODEGEN_LLD_LIB);
      char want[96];
      snprintf(want, sizeof want, "'auto' chose '%s'", flyc_codegen_name(cg));
      assert_non_null(strstr(flyc_artifact_log(a), want));
      snprintf(want, sizeof want, "with code object version %u", cov);
      assert_non_null(strstr(flyc_artifact_log(a), want));
      assert_int_equal(flyc_artifact_code_object_version(a), cov);
      flyc_artifact_destroy(a);
    }
}

/* A path that cannot make the COV is refused before codegen, naming the
 * path, the COV and the reason; in the library and in the CLI. */
static void test_lld_lib__comgr_cov6_refused(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  for (uint32_t cg = FLYC_CODEGEN_COMGR; cg <= FLYC_CODEGEN_COMGR_LINK; cg++) {
    if (FLYC_TEST_LLVM_MAJOR < 19)
      assert_error(compile(&a, k_plain, "gfx90a", cg, 6), FLYC_EUNSUPPORTED,
                   "code object version 6 is not supported with LLVM");
    else if (flyc_comgr_version())
      assert_error(compile(&a, k_plain, "gfx90a", cg, 6), FLYC_EUNSUPPORTED,
                   flyc_codegen_name(cg), "code object version 6", "comgr 2.4",
                   "version 5 at most");
    else
      assert_error(compile(&a, k_plain, "gfx90a", cg, 6), FLYC_EUNSUPPORTED,
                   flyc_codegen_name(cg), "code object version 6", "without comgr");
  }
  char *tmp = tu_temp_file(".ll", k_plain, strlen(k_plain));
  char *out = NULL;
  char *argv[] = {CLI,  "compile", tmp,  "--arch", "gfx90a", "-o", "/dev/null",
                  "--codegen", "comgr", "--cov", "6", "--no-cache", NULL};
  int st = tu_run(argv, &out);
  assert_int_not_equal(st, 0);
  assert_non_null(strstr(out, "code object version 6"));
  if (FLYC_TEST_LLVM_MAJOR >= 19)
    assert_non_null(strstr(out, "codegen path 'comgr'"));
  free(out);
  out = NULL;
  char *argv2[] = {CLI, "compile", tmp, "--arch", "gfx90a", "-o", "/dev/null",
                   "--codegen", "lld-libx", NULL};
  assert_int_not_equal(tu_run(argv2, &out), 0);
  assert_non_null(strstr(out, "unknown codegen path 'lld-libx'"));
  assert_non_null(strstr(out, "lld-lib"));
  free(out);
  remove(tmp);
  free(tmp);
}

/* Without liblld the path is refused with the reason; with it, `flyc
 * targets` lists it. */
static void test_lld_lib__presence(void **state) {
  (void)state;
  char *out = NULL;
  char *argv[] = {CLI, "targets", NULL};
  assert_int_equal(tu_run(argv, &out), 0);
  if (have_lld_lib()) {
    assert_non_null(strstr(out, "lld-lib"));
  } else {
    assert_null(strstr(out, "lld-lib"));
    flyc_artifact_t *a = NULL;
    assert_error(compile(&a, k_plain, "gfx90a", FLYC_CODEGEN_LLD_LIB, 0), FLYC_EUNSUPPORTED,
                 "'lld-lib' cannot serve gfx90a", "built without liblld");
  }
  free(out);
  assert_string_equal(flyc_codegen_name(FLYC_CODEGEN_LLD_LIB), "lld-lib");
}

/* An undefined symbol (from inline asm, which flyc's own checks do not see)
 * is lld's error, returned as a status carrying lld's message. */
static void test_lld_lib__lld_error_is_a_status(void **state) {
  (void)state;
  SKIP_WITHOUT_LLD_LIB();
  const char *ir =
      "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
      "  call void asm sideeffect \"s_getpc_b64 s[0:1]\\0As_add_u32 s0, s0, "
      "flyc_missing_sym@rel32@lo+4\\0As_addc_u32 s1, s1, flyc_missing_sym@rel32@hi+12\", "
      "\"~{s0},~{s1}\"()\n"
      "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_artifact_t *a = NULL;
  assert_error(compile(&a, ir, "gfx90a", FLYC_CODEGEN_LLD_LIB, 0), FLYC_ECOMPILE,
               "in-process lld (lld-lib", "-shared --no-undefined failed for gfx90a",
               "undefined symbol: flyc_missing_sym", "flyc.o");
  /* lld runs again after an error. */
  assert_ok(compile(&a, k_plain, "gfx90a", FLYC_CODEGEN_LLD_LIB, 0));
  flyc_artifact_destroy(a);
}

typedef struct job {
  const void *ref;
  size_t ref_size;
  int failures;
  char msg[512];
} job_t;

static void *link_many(void *arg) {
  job_t *j = arg;
  const char *libs[] = {LIB_MSTL, NULL};
  for (int i = 0; i < 4; i++) {
    flyc_artifact_t *a = NULL;
    int rc = tu_compile(&a, K_MSTL, "gfx90a", libs, FLYC_CODEGEN_LLD_LIB, 0);
    size_t n = 0;
    const void *c = rc ? NULL : flyc_artifact_code(a, &n);
    if (rc || n != j->ref_size || memcmp(c, j->ref, n) != 0) {
      j->failures++;
      snprintf(j->msg, sizeof j->msg, "rc %d: %s", rc, rc ? flyc_error_last()->message : "");
    }
    flyc_artifact_destroy(a);
  }
  return NULL;
}

static void test_lld_lib__four_threads(void **state) {
  (void)state;
  SKIP_WITHOUT_LLD_LIB();
  const char *libs[] = {LIB_MSTL, NULL};
  flyc_artifact_t *ref = NULL;
  assert_ok(tu_compile(&ref, K_MSTL, "gfx90a", libs, FLYC_CODEGEN_LLD_LIB, 0));
  job_t jobs[4];
  pthread_t th[4];
  memset(jobs, 0, sizeof jobs);
  for (int i = 0; i < 4; i++) {
    jobs[i].ref = flyc_artifact_code(ref, &jobs[i].ref_size);
    assert_int_equal(pthread_create(&th[i], NULL, link_many, &jobs[i]), 0);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    if (jobs[i].failures)
      print_error("thread %d: %d failures, last %s\n", i, jobs[i].failures, jobs[i].msg);
    assert_int_equal(jobs[i].failures, 0);
  }
  flyc_artifact_destroy(ref);
}

/* lld in process installs no signal handler and no alternate signal stack
 * (LLVM's RemoveFileOnSignal would do both; an ASan host breaks when its
 * alternate stack is replaced). */
static void test_lld_lib__host_signal_state_untouched(void **state) {
  (void)state;
  SKIP_WITHOUT_LLD_LIB();
  struct sigaction before[32], after[32];
  stack_t ss0, ss1;
  for (int s = 1; s < 32; s++)
    if (s != SIGKILL && s != SIGSTOP)
      sigaction(s, NULL, &before[s]);
  assert_int_equal(sigaltstack(NULL, &ss0), 0);
  flyc_artifact_t *a = NULL;
  int rc = compile(&a, k_plain, "gfx90a", FLYC_CODEGEN_LLD_LIB, 5);
  for (int s = 1; s < 32; s++) {
    if (s == SIGKILL || s == SIGSTOP)
      continue;
    sigaction(s, NULL, &after[s]);
    if (before[s].sa_handler != after[s].sa_handler)
      print_error("signal %d: handler changed by the in-process link\n", s);
    assert_true(before[s].sa_handler == after[s].sa_handler);
    assert_int_equal(before[s].sa_flags, after[s].sa_flags);
  }
  assert_int_equal(sigaltstack(NULL, &ss1), 0);
  assert_int_equal(ss0.ss_flags, ss1.ss_flags);
  assert_ptr_equal(ss0.ss_sp, ss1.ss_sp);
  assert_int_equal(ss0.ss_size, ss1.ss_size);
  assert_ok(rc);
  assert_int_equal(flyc_artifact_codegen(a), FLYC_CODEGEN_LLD_LIB);
  flyc_artifact_destroy(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      /* First: nothing before it has linked in this process. */
      cmocka_unit_test(test_lld_lib__host_signal_state_untouched),
      cmocka_unit_test(test_lld_lib__same_as_subprocess),
      cmocka_unit_test(test_lld_lib__auto_choice),
      cmocka_unit_test(test_lld_lib__comgr_cov6_refused),
      cmocka_unit_test(test_lld_lib__presence),
      cmocka_unit_test(test_lld_lib__lld_error_is_a_status),
      cmocka_unit_test(test_lld_lib__four_threads),
  };
  return cmocka_run_group_tests_name("lld_lib", tests, NULL, NULL);
}

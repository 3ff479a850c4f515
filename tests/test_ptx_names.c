/* PTX parameter names (src/target/nvptx_names.c): each `.entry` parameter
 * gets the name its definition has, where that name is a PTX identifier
 * the PTX has no other use for; nothing else in the PTX changes; ptxas (when
 * there is one) assembles what comes out. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util.h"

/* `kernels` (IR defining @k and @k2) with the annotations making both
 * kernels. Malloc'd. */
static char *kernel_ir(const char *kernels) {
  static const char tail[] = "!nvvm.annotations = !{!0, !1}\n"
                             "!0 = !{ptr @k, !\"kernel\", i32 1}\n"
                             "!1 = !{ptr @k2, !\"kernel\", i32 1}\n";
  size_t n = strlen(kernels) + sizeof tail;
  char *s = malloc(n);
  assert_non_null(s);
  snprintf(s, n, "%s%s", kernels, tail);
  return s;
}

/* Two kernels, @k and @k2, with these parameter names (`%` included, or
 * `%N` for none) in place of A, B, C, D. */
static char *two_kernels(const char *a, const char *b, const char *c, const char *d) {
  char body[2048];
  snprintf(body, sizeof body,
           "define void @k(ptr addrspace(1) %s, i32 %s, i32 %s) {\n"
           "  %%s = add i32 %s, %s\n"
           "  store i32 %%s, ptr addrspace(1) %s\n  ret void\n}\n"
           "define void @k2(ptr addrspace(1) %s) {\n"
           "  store i32 7, ptr addrspace(1) %s\n  ret void\n}\n",
           a, b, c, b, c, a, d, d);
  return kernel_ir(body);
}

static char *ptx_of(const char *ir) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = FLYC_TEST_LLVM_MAJOR >= 19 ? "sm_90" : "sm_80";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "names.ll", &o));
  char *ptx = strdup(flyc_artifact_code(a, NULL));
  assert_non_null(ptx);
  flyc_artifact_destroy(a);
  return ptx;
}

/* `ptx` with every whole token `from` replaced by `to`. */
static char *replace_token(const char *ptx, const char *from, const char *to) {
  size_t fl = strlen(from), tl = strlen(to), n = strlen(ptx);
  char *out = malloc(n * (tl > fl ? tl / fl + 2 : 1) + 1), *w = out;
  assert_non_null(out);
  for (const char *p = ptx; *p;) {
    int word_before = p > ptx && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '$');
    if (!word_before && strncmp(p, from, fl) == 0 &&
        !(isalnum((unsigned char)p[fl]) || p[fl] == '_' || p[fl] == '$')) {
      memcpy(w, to, tl);
      w += tl;
      p += fl;
    } else {
      *w++ = *p++;
    }
  }
  *w = '\0';
  return out;
}

/* 1 when the PTX has a parameter-list line ending in `name` (or `name,`). */
static int has_param(const char *ptx, const char *name) {
  char want[128];
  snprintf(want, sizeof want, " %s,\n", name);
  if (strstr(ptx, want))
    return 1;
  snprintf(want, sizeof want, " %s\n)", name);
  return strstr(ptx, want) != NULL;
}

/* ptxas assembles `ptx`, where there is a ptxas. */
static void assembles(const char *ptx) {
  const char *as = tu_ptxas();
  if (!as) {
    print_message("no ptxas here: the renamed PTX is not assembled\n");
    return;
  }
  char *path = tu_temp_file(".ptx", ptx, strlen(ptx));
  char *argv[] = {(char *)as, (char *)(FLYC_TEST_LLVM_MAJOR >= 19 ? "-arch=sm_90" : "-arch=sm_80"),
                  path, (char *)"-o", (char *)"/dev/null", NULL};
  char *out = NULL;
  int rc = tu_run(argv, &out);
  if (rc != 0)
    print_error("ptxas: %s\n%s\n", out ? out : "", ptx);
  assert_int_equal(rc, 0);
  free(out);
  unlink(path);
  free(path);
}

/* The definition's names replace k_param_N everywhere in k's entry, and
 * nothing else changes: the PTX of the same kernels with unnamed arguments,
 * with the old names replaced token by token, is the same text. */
static void test_names__the_definitions_names_and_nothing_else(void **state) {
  (void)state;
  char *named_ir = two_kernels("%out", "%x", "%y", "%n");
  char *plain_ir = two_kernels("%0", "%1", "%2", "%0"); /* numbered per function */
  char *named = ptx_of(named_ir), *plain = ptx_of(plain_ir);
  assert_true(has_param(named, "out") && has_param(named, "x") && has_param(named, "y"));
  assert_true(has_param(named, "n"));
  assert_non_null(strstr(named, "[out]"));
  assert_null(strstr(named, "_param_"));
  assert_non_null(strstr(plain, "k_param_2"));
  char *a = replace_token(plain, "k_param_0", "out"), *b = replace_token(a, "k_param_1", "x");
  char *c = replace_token(b, "k_param_2", "y"), *d = replace_token(c, "k2_param_0", "n");
  assert_string_equal(d, named);
  assembles(named);
  /* The kernel table and the PTX read back agree on the names. */
  flyc_artifact_t *r = NULL;
  assert_ok(flyc_artifact_read(&r, named, strlen(named)));
  const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(r, "k");
  assert_non_null(k);
  assert_int_equal(k->arg_count, 3);
  assert_string_equal(k->args[0].name, "out");
  assert_string_equal(k->args[2].name, "y");
  flyc_artifact_destroy(r);
  free(a), free(b), free(c), free(d);
  free(named), free(plain), free(named_ir), free(plain_ir);
}

/* A name the PTX already has (the kernel's own, another kernel's, an
 * opcode's: add.s32 and ld.param are there, another parameter's old name), WARP_SZ, or one that is no PTX
 * identifier (clang's `a.coerce`) keeps LLVM's name; the others are used,
 * and two kernels may share one. */
static void test_names__names_that_cannot_be_used(void **state) {
  (void)state;
  struct {
    const char *a, *b, *c, *d;
    const char *kept[4], *used[4];
  } cases[] = {
      {"%k", "%k2", "%add", "%k2", {"k_param_0", "k_param_1", "k_param_2", "k2_param_0"}, {0}},
      {"%WARP_SZ", "%\"a.coerce\"", "%k_param_0", "%p", {"k_param_0", "k_param_1", "k_param_2"},
       {"p"}},
      {"%p", "%ld", "%n", "%n", {"k_param_1"}, {"p", "n"}},
      {"%_", "%\"$x\"", "%_y", "%p", {"k_param_0"}, {"$x", "_y", "p"}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *ir = two_kernels(cases[i].a, cases[i].b, cases[i].c, cases[i].d);
    char *ptx = ptx_of(ir);
    for (int j = 0; j < 4 && cases[i].kept[j]; j++)
      if (!has_param(ptx, cases[i].kept[j])) {
        print_error("case %zu: '%s' should stay:\n%s\n", i, cases[i].kept[j], ptx);
        fail();
      }
    for (int j = 0; j < 4 && cases[i].used[j]; j++)
      if (!has_param(ptx, cases[i].used[j])) {
        print_error("case %zu: '%s' should be used:\n%s\n", i, cases[i].used[j], ptx);
        fail();
      }
    assembles(ptx);
    free(ptx);
    free(ir);
  }
}

/* k_param_1 is not renamed inside k_param_10 (eleven parameters). */
static void test_names__whole_tokens_only(void **state) {
  (void)state;
  char body[2048] = "define void @k(ptr addrspace(1) %out";
  for (int i = 1; i <= 10; i++)
    snprintf(body + strlen(body), sizeof body - strlen(body), ", i32 %%%s%d",
             i == 10 ? "p" : "v", i);
  snprintf(body + strlen(body), sizeof body - strlen(body),
           ") {\n  %%s = add i32 %%v1, %%p10\n  store i32 %%s, ptr addrspace(1) %%out\n"
           "  ret void\n}\ndefine void @k2() {\n  ret void\n}\n");
  char *ir = kernel_ir(body);
  char *ptx = ptx_of(ir);
  assert_true(has_param(ptx, "v1") && has_param(ptx, "p10"));
  assert_non_null(strstr(ptx, "[v1]"));
  assert_non_null(strstr(ptx, "[p10]"));
  assert_null(strstr(ptx, "_param_"));
  assembles(ptx);
  free(ptx);
  free(ir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names__the_definitions_names_and_nothing_else),
      cmocka_unit_test(test_names__names_that_cannot_be_used),
      cmocka_unit_test(test_names__whole_tokens_only),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The `flyc` tool: exit codes, help, errors on stderr naming the culprit, the
 * kernel table and its JSON form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "util.h"

#define CLI FLYC_TEST_CLI

#define RUN(out, ...) tu_run((char *[]){CLI, __VA_ARGS__, NULL}, out)
#undef LIB_MSTL
#undef K_MSTL
#define LIB_MSTL (char *)FX("mstl_amdgcn.gfx90a.cov4.bc")
#define K_MSTL (char *)FX("k_mstl_amdgcn.gfx90a.ll")

static void test_cli__help_for_every_command(void **state) {
  (void)state;
  char *cmds[] = {"compile", "inspect", "disasm", "targets", "run"};
  char *out;
  for (int i = 0; i < 5; i++) {
    assert_int_equal(RUN(&out, cmds[i], "--help"), 0);
    assert_non_null(strstr(out, "usage: flyc"));
    assert_non_null(strstr(out, cmds[i]));
    free(out);
  }
  assert_int_equal(RUN(&out, "--help"), 0);
  assert_non_null(strstr(out, "targets"));
  free(out);
  assert_int_equal(RUN(&out, "--version"), 0);
  assert_non_null(strstr(out, "LLVM"));
  free(out);
}

static void test_cli__usage_errors_exit_2(void **state) {
  (void)state;
  char *out;
  assert_int_equal(RUN(&out, "frobnicate"), 2);
  assert_non_null(strstr(out, "unknown command 'frobnicate'"));
  free(out);
  assert_int_equal(RUN(&out, "compile", K_MSTL, "-o", "/tmp/x"), 2);
  assert_non_null(strstr(out, "error: no --arch"));
  assert_non_null(strstr(out, "flyc compile --help"));
  free(out);
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--arch"), 2);
  assert_non_null(strstr(out, "'--arch' needs a value"));
  free(out);
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--arch", "gfx90a", "-o", "/tmp/x", "-O",
                       "7"),
                   2);
  assert_non_null(strstr(out, "bad optimization level '7'"));
  free(out);
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--arch", "gfx90a", "-o", "/tmp/x",
                       "--codegen", "magic"),
                   2);
  assert_non_null(strstr(out, "unknown codegen path 'magic'"));
  free(out);
  assert_int_equal(RUN(&out, "inspect"), 2);
  free(out);
  assert_int_equal(RUN(&out, "targets", "--bogus"), 2);
  free(out);
}

static void test_cli__compile_inspect_disasm(void **state) {
  (void)state;
  char path[] = "/tmp/flyc-cli-XXXXXX.hsaco";
  int fd = mkstemps(path, 6);
  assert_true(fd >= 0);
  close(fd);
  char *out;
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--link", LIB_MSTL, "--arch", "gfx90a",
                       "--codegen", "lld", "-o", path, "--time"),
                   0);
  assert_non_null(strstr(out, "mstl_kernel"));
  assert_non_null(strstr(out, "codegen lld"));
  assert_non_null(strstr(out, "time (ms)"));
  free(out);
  assert_int_equal(RUN(&out, "inspect", path), 0);
  assert_non_null(strstr(out, "target gfx90a  code object v4"));
  assert_non_null(strstr(out, "mstl_kernel"));
  free(out);
  assert_int_equal(RUN(&out, "inspect", "--json", path), 0);
  cJSON *j = cJSON_Parse(out);
  assert_non_null(j);
  assert_string_equal(cJSON_GetObjectItem(j, "target")->valuestring, "gfx90a");
  cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "kernels"), 0);
  assert_string_equal(cJSON_GetObjectItem(k, "name")->valuestring, "mstl_kernel");
  assert_int_equal(cJSON_GetObjectItem(k, "kernarg_segment_size")->valueint, 20);
  assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(k, "args")), 3);
  cJSON_Delete(j);
  free(out);
  assert_int_equal(RUN(&out, "disasm", path), 0);
  assert_non_null(strstr(out, "mstl_kernel:"));
  assert_non_null(strstr(out, "s_endpgm"));
  free(out);
  unlink(path);
  /* COV 6 where the installed ROCm loads 4 and 5 only (issue 13, item 6). */
  if (flyc_comgr_version() && FLYC_TEST_LLVM_MAJOR >= 19) {
    assert_int_equal(RUN(&out, "compile", FX("vadd_amdgcn.gfx90a.ll"), "--arch", "gfx90a", "--cov",
                         "6", "--no-cache", "--quiet", "-o", path),
                     0);
    assert_non_null(strstr(out, "warning: this is a code object version 6"));
    assert_non_null(strstr(out, "loads versions 4 and 5 only (for 5: `--cov 5`)"));
    free(out);
    unlink(path);
    /* The input's module flag sets 6: the remedy is clang's option, since
     * `--cov 5` is then refused (and its refusal says so too). */
    static const char cov6[] =
        "target triple = \"amdgcn-amd-amdhsa\"\n"
        "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
        "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
        "!llvm.module.flags = !{!0}\n"
        "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 600}\n";
    char *in = tu_temp_file(".ll", cov6, sizeof cov6 - 1);
    assert_int_equal(RUN(&out, "compile", in, "--arch", "gfx90a", "--no-cache", "--quiet", "-o",
                         path),
                     0);
    assert_non_null(strstr(out, "(for 5: the input's module flag sets it: make the input with "
                                "clang's -mcode-object-version=5)"));
    assert_null(strstr(out, "--cov 5"));
    free(out);
    assert_int_equal(RUN(&out, "compile", in, "--arch", "gfx90a", "--cov", "5", "--no-cache",
                         "-o", path),
                     1);
    assert_non_null(strstr(out, "but COV 5 was requested: make the input for COV 5 (clang's "
                                "-mcode-object-version=5), or ask for none"));
    free(out);
    unlink(in);
    free(in);
    unlink(path);
  }
  /* -o - writes the PTX to standard output, without the kernel table. */
  assert_int_equal(RUN(&out, "compile", FX("k_mstl_nvptx_intrinsics.sm_80.ll"), "--link",
                       FX("mstl_nvptx.sm_80.bc"), "--arch", "sm_80", "--no-cache", "-o", "-"),
                   0);
  assert_non_null(strstr(out, ".entry mstl_kernel("));
  assert_null(strstr(out, "sgpr  vgpr"));
  assert_int_equal(access("-", F_OK), -1);
  free(out);
  /* -o through a symbolic link to a redirected standard output (what
   * /dev/stdout is) writes through it and leaves the link. */
  char dir[] = "/tmp/flyc-cli-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char link[64], file[64], cmd[1024];
  snprintf(link, sizeof link, "%s/out", dir);
  snprintf(file, sizeof file, "%s/file.ptx", dir);
  assert_int_equal(symlink("/proc/self/fd/1", link), 0);
  snprintf(cmd, sizeof cmd, "%s compile %s --link %s --arch sm_80 --no-cache --quiet -o %s > %s",
           CLI, FX("k_mstl_nvptx_intrinsics.sm_80.ll"), FX("mstl_nvptx.sm_80.bc"), link, file);
  assert_int_equal(system(cmd), 0);
  struct stat st;
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  size_t n;
  char *ptx = tu_read(file, &n);
  assert_non_null(ptx);
  assert_non_null(strstr(ptx, ".entry mstl_kernel("));
  free(ptx);
  unlink(link);
  /* Replacing a file keeps its mode. */
  assert_int_equal(chmod(file, 0640), 0);
  assert_int_equal(RUN(&out, "compile", FX("k_mstl_nvptx_intrinsics.sm_80.ll"), "--link",
                       FX("mstl_nvptx.sm_80.bc"), "--arch", "sm_80", "--no-cache", "--quiet",
                       "-o", file),
                   0);
  free(out);
  assert_int_equal(stat(file, &st), 0);
  assert_int_equal(st.st_mode & 07777, 0640);
  unlink(file);
  rmdir(dir);
}

static void test_cli__errors_name_the_culprit(void **state) {
  (void)state;
  char *out;
  char *bad = FX("mstl_missing_symbol.gfx90a.cov4.bc");
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--link", bad, "--arch", "gfx90a", "-o",
                       "/tmp/flyc-cli-never.hsaco"),
                   1);
  assert_non_null(strstr(out, "mstl_missing_helper"));
  assert_non_null(strstr(out, "FLYC_ELINK"));
  assert_int_equal(access("/tmp/flyc-cli-never.hsaco", F_OK), -1);
  free(out);
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--arch", "gfx4242", "-o", "/tmp/x"), 1);
  assert_non_null(strstr(out, "unknown processor 'gfx4242'"));
  free(out);
  assert_int_equal(RUN(&out, "inspect", K_MSTL), 1);
  assert_non_null(strstr(out, "not an AMDGPU code object"));
  free(out);
  assert_int_equal(RUN(&out, "disasm", "/nonexistent.hsaco"), 1);
  assert_non_null(strstr(out, "/nonexistent.hsaco"));
  assert_non_null(strstr(out, "No such file"));
  free(out);
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--link", LIB_MSTL, "--arch", "gfx90a", "-o",
                       "/nonexistent/dir/k.hsaco"),
                   1);
  assert_non_null(strstr(out, "cannot write '/nonexistent/dir/k.hsaco': No such file"));
  assert_non_null(strstr(out, "(FLYC_EIO)")); /* named like every other error */
  free(out);
  /* A full disk at close: an error, no double free, no partial file. */
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--link", LIB_MSTL, "--arch", "gfx90a", "-o",
                       "/dev/full", "--quiet"),
                   1);
  assert_non_null(strstr(out, "cannot write '/dev/full'"));
  struct stat st;
  assert_int_equal(stat("/dev/full", &st), 0);
  assert_true(S_ISCHR(st.st_mode)); /* never removed or replaced */
  free(out);
}

/* flyc run without a GPU: a clean error naming the driver's answer. */
static void test_cli__run_without_gpu(void **state) {
  (void)state;
  char path[] = "/tmp/flyc-cli-run-XXXXXX.ptx";
  int fd = mkstemps(path, 4);
  assert_true(fd >= 0);
  close(fd);
  char *out;
  assert_int_equal(RUN(&out, "compile", K_MSTL, "--link", LIB_MSTL, "--arch", "gfx90a", "-o",
                       path, "--quiet"),
                   0);
  free(out);
  int rc = RUN(&out, "run", path, "--kernel", "mstl_kernel", "--arg", "buf:f32:64",
               "--arg", "buf:f32:64:iota", "--arg", "i32=64", "--block", "64");
  if (rc == 0) {
    print_message("note: a HIP device ran the kernel\n");
  } else {
    assert_int_equal(rc, 1);
    assert_true(strstr(out, "no HIP device") || strstr(out, "HIP runtime"));
  }
  free(out);
  assert_int_equal(RUN(&out, "run", path, "--kernel", "mstl_kernel", "--arg", "buf:q32:4"), 2);
  assert_non_null(strstr(out, "bad argument spec 'buf:q32:4'"));
  free(out);
  assert_int_equal(RUN(&out, "run", path, "--kernel", "mstl_kernel", "--grid", "0"), 2);
  assert_non_null(strstr(out, "bad value for '--grid'"));
  free(out);
  assert_int_equal(RUN(&out, "run", path), 2);
  assert_non_null(strstr(out, "no --kernel"));
  free(out);
  unlink(path);
}

static void test_cli__targets(void **state) {
  (void)state;
  char *out;
  assert_int_equal(RUN(&out, "targets"), 0);
  assert_non_null(strstr(out, "gfx90a"));
  assert_non_null(strstr(out, "sm_80"));
  assert_non_null(strstr(out, "lld"));
  free(out);
  assert_int_equal(RUN(&out, "targets", "--json"), 0);
  cJSON *j = cJSON_Parse(out);
  assert_non_null(j);
  assert_true(cJSON_GetArraySize(j) > 40);
  cJSON_Delete(j);
  free(out);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cli__help_for_every_command),
      cmocka_unit_test(test_cli__usage_errors_exit_2),
      cmocka_unit_test(test_cli__compile_inspect_disasm),
      cmocka_unit_test(test_cli__errors_name_the_culprit),
      cmocka_unit_test(test_cli__run_without_gpu),
      cmocka_unit_test(test_cli__targets),
  };
  return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}

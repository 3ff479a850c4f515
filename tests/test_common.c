/* The error model, versions, and the ABI of every public struct. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flyc/driver.h"
#include "flyc/kernel.h"
#include "util.h"
#include "../runtime/internal.h"

static void test_common__error_last_never_null(void **state) {
  (void)state;
  flyc_error_clear();
  const flyc_error_t *e = flyc_error_last();
  assert_non_null(e);
  assert_non_null(e->message);
  assert_int_equal(e->code, FLYC_OK);
  assert_int_equal(flyc_target_check("nope"), FLYC_EUNSUPPORTED);
  assert_int_equal(flyc_error_last()->code, FLYC_EUNSUPPORTED);
  /* A success does not clear the last error (libgit2's rule). */
  assert_ok(flyc_target_check("gfx90a"));
  assert_int_equal(flyc_error_last()->code, FLYC_EUNSUPPORTED);
}

static void test_common__status_names_are_pinned(void **state) {
  (void)state;
  struct {
    int code;
    const char *name;
  } pinned[] = {{0, "FLYC_OK"},           {-1, "FLYC_EINVAL"},      {-2, "FLYC_ENOMEM"},
                {-3, "FLYC_ENOTFOUND"},   {-4, "FLYC_EUNSUPPORTED"}, {-5, "FLYC_EIR"},
                {-6, "FLYC_ELINK"},       {-7, "FLYC_ECOMPILE"},    {-8, "FLYC_EIO"},
                {-9, "FLYC_ENODRIVER"},   {-10, "FLYC_EDRIVER"},    {-11, "FLYC_ENODEVICE"},
                {-12, "FLYC_ENOTSERIALIZABLE"}};
  for (size_t i = 0; i < sizeof pinned / sizeof pinned[0]; i++)
    assert_string_equal(flyc_status_name(pinned[i].code), pinned[i].name);
  assert_string_equal(flyc_status_name(-99), "FLYC_UNKNOWN");
  assert_string_equal(flyc_status_name(5), "FLYC_UNKNOWN");
  assert_int_equal(FLYC_CODEGEN_AUTO, 0);
  assert_int_equal(FLYC_CODEGEN_COMGR, 1);
  assert_int_equal(FLYC_CODEGEN_COMGR_LINK, 2);
  assert_int_equal(FLYC_CODEGEN_LLD, 3);
  assert_int_equal(FLYC_CODEGEN_PTX, 4);
  assert_int_equal(FLYC_CODEGEN_LLD_LIB, 5);
  assert_string_equal(flyc_codegen_name(FLYC_CODEGEN_LLD_LIB), "lld-lib");
  assert_null(flyc_codegen_name((flyc_codegen_t)6));
  assert_string_equal(flyc_codegen_name(FLYC_CODEGEN_COMGR_LINK), "comgr-link");
  assert_null(flyc_codegen_name((flyc_codegen_t)42));
}

static void test_common__versions(void **state) {
  (void)state;
  int a, b, c;
  flyc_version(&a, &b, &c);
  assert_int_equal(a, FLYC_VERSION_MAJOR);
  assert_int_equal(b, FLYC_VERSION_MINOR);
  assert_int_equal(c, FLYC_VERSION_PATCH);
  flyc_version(NULL, NULL, NULL);
  assert_int_equal(atoi(flyc_llvm_version()), FLYC_TEST_LLVM_MAJOR);
}

/* The public structs on LP64: changing any of these numbers breaks callers
 * compiled against an older header. Fields are only ever appended. */
static void test_common__struct_abi(void **state) {
  (void)state;
  assert_int_equal(sizeof(flyc_compile_options_t), 88);
  assert_int_equal(offsetof(flyc_compile_options_t, size), 0);
  assert_int_equal(offsetof(flyc_compile_options_t, flags), 4);
  assert_int_equal(offsetof(flyc_compile_options_t, target), 8);
  assert_int_equal(offsetof(flyc_compile_options_t, opt_level), 16);
  assert_int_equal(offsetof(flyc_compile_options_t, codegen), 20);
  assert_int_equal(offsetof(flyc_compile_options_t, code_object_version), 24);
  assert_int_equal(offsetof(flyc_compile_options_t, link_libraries), 32);
  assert_int_equal(offsetof(flyc_compile_options_t, link_library_count), 40);
  assert_int_equal(offsetof(flyc_compile_options_t, exported_globals), 48);
  assert_int_equal(offsetof(flyc_compile_options_t, exported_global_count), 56);
  assert_int_equal(offsetof(flyc_compile_options_t, device_lib_dirs), 64);
  assert_int_equal(offsetof(flyc_compile_options_t, device_lib_dir_count), 72);
  assert_int_equal(offsetof(flyc_compile_options_t, dump_dir), 80);
  assert_int_equal(sizeof(flyc_kernel_info_t), 104);
  assert_int_equal(offsetof(flyc_kernel_info_t, name), 8);
  assert_int_equal(offsetof(flyc_kernel_info_t, symbol), 16);
  assert_int_equal(offsetof(flyc_kernel_info_t, sgpr_count), 24);
  assert_int_equal(offsetof(flyc_kernel_info_t, kernarg_segment_size), 52);
  assert_int_equal(offsetof(flyc_kernel_info_t, reqd_workgroup_size), 72);
  assert_int_equal(offsetof(flyc_kernel_info_t, args), 88);
  assert_int_equal(offsetof(flyc_kernel_info_t, arg_count), 96);
  assert_int_equal(sizeof(flyc_kernel_arg_t), 32);
  assert_int_equal(offsetof(flyc_kernel_arg_t, offset), 24);
  assert_int_equal(sizeof(flyc_compile_times_t), 72); /* frozen */
  assert_int_equal(sizeof(flyc_target_info_t), 32);
  assert_int_equal(offsetof(flyc_target_info_t, size), 0);
  assert_int_equal(offsetof(flyc_target_info_t, processor), 8);
  assert_int_equal(offsetof(flyc_target_info_t, family), 16);
  assert_int_equal(offsetof(flyc_target_info_t, wavefront_size), 20);
  assert_int_equal(offsetof(flyc_target_info_t, codegen_paths), 24);
  assert_int_equal(offsetof(flyc_target_info_t, has_xnack), 28);
  assert_int_equal(offsetof(flyc_target_info_t, ptx_version), 30);
  assert_int_equal(sizeof(flyc_kernel_def_t), 88);
  assert_int_equal(offsetof(flyc_kernel_def_t, size), 0);
  assert_int_equal(offsetof(flyc_kernel_def_t, name), 8);
  assert_int_equal(offsetof(flyc_kernel_def_t, params), 24);
  assert_int_equal(offsetof(flyc_kernel_def_t, param_count), 32);
  assert_int_equal(offsetof(flyc_kernel_def_t, known_block_size), 40);
  assert_int_equal(offsetof(flyc_kernel_def_t, body), 48);
  assert_int_equal(offsetof(flyc_kernel_def_t, payload), 56);
  assert_int_equal(offsetof(flyc_kernel_def_t, constexprs), 64);
  assert_int_equal(offsetof(flyc_kernel_def_t, launch_block), 80);
  assert_int_equal(sizeof(flyc_param_t), 48);
  assert_int_equal(offsetof(flyc_param_t, size), 0);
  assert_int_equal(offsetof(flyc_param_t, name), 8);
  assert_int_equal(offsetof(flyc_param_t, kind), 16);
  assert_int_equal(offsetof(flyc_param_t, bits), 20);
  assert_int_equal(offsetof(flyc_param_t, addrspace), 24);
  assert_int_equal(offsetof(flyc_param_t, align), 28);
  assert_int_equal(offsetof(flyc_param_t, noalias), 32);
  assert_int_equal(offsetof(flyc_param_t, elem), 40);
  assert_int_equal(sizeof(flyc_constexpr_t), 32);
  assert_int_equal(offsetof(flyc_constexpr_t, kind), 8);
  assert_int_equal(offsetof(flyc_constexpr_t, i), 16);
  assert_int_equal(offsetof(flyc_constexpr_t, f), 24);
  assert_int_equal(sizeof(flyc_type_t), 8);
  assert_int_equal(sizeof(flyc_ffi_t), 48);
  assert_int_equal(offsetof(flyc_ffi_t, size), 0);
  assert_int_equal(offsetof(flyc_ffi_t, symbol), 8);
  assert_int_equal(offsetof(flyc_ffi_t, result), 16);
  assert_int_equal(offsetof(flyc_ffi_t, args), 24);
  assert_int_equal(offsetof(flyc_ffi_t, arg_count), 32);
  assert_int_equal(offsetof(flyc_ffi_t, pure), 40);
  assert_int_equal(sizeof(flyc_extern_t), 48);
  assert_int_equal(offsetof(flyc_extern_t, size), 0);
  assert_int_equal(offsetof(flyc_extern_t, ffi), 8);
  assert_int_equal(offsetof(flyc_extern_t, bitcode_path), 16);
  assert_int_equal(offsetof(flyc_extern_t, processor), 24);
  assert_int_equal(sizeof(flyc_compile_hints_t), 20);
  assert_int_equal(offsetof(flyc_compile_hints_t, size), 0);
  assert_int_equal(offsetof(flyc_compile_hints_t, waves_per_eu), 4);
  assert_int_equal(offsetof(flyc_compile_hints_t, maxnreg), 8);
  assert_int_equal(offsetof(flyc_compile_hints_t, fastmath), 12);
  assert_int_equal(offsetof(flyc_compile_hints_t, fast_fp_math), 16);
  assert_int_equal(sizeof(flyc_launch_config_t), 56);
  assert_int_equal(offsetof(flyc_launch_config_t, cluster), 40);
  assert_int_equal(offsetof(flyc_launch_config_t, block), 16);
  assert_int_equal(offsetof(flyc_launch_config_t, shared_size), 28);
  assert_int_equal(offsetof(flyc_launch_config_t, stream), 32);
  assert_int_equal(sizeof(flyc_processor_t), 24);
  assert_int_equal(sizeof(flyc_loaded_module_t), 24);
  assert_int_equal(offsetof(flyc_driver_ops_t, launch), 64);
  assert_int_equal(offsetof(flyc_driver_ops_t, mem_alloc), 72);
  assert_int_equal(offsetof(flyc_driver_ops_t, stream_create), 112);
  assert_int_equal(offsetof(flyc_driver_ops_t, tensor_map_encode), 136);
  assert_int_equal(sizeof(flyc_driver_ops_t), 144);
  assert_int_equal(sizeof(flyc_tensor_map_t), 128); /* CUtensorMap */
  assert_int_equal(_Alignof(flyc_tensor_map_t), 64);
  assert_int_equal(offsetof(flyc_tensor_map_desc_t, address), 16);
  assert_int_equal(offsetof(flyc_tensor_map_desc_t, dims), 24);
  assert_int_equal(offsetof(flyc_tensor_map_desc_t, strides), 64);
  assert_int_equal(offsetof(flyc_tensor_map_desc_t, box), 96);
  assert_int_equal(offsetof(flyc_tensor_map_desc_t, flags), 116);
  assert_int_equal(sizeof(flyc_tensor_map_desc_t), 120);
  flyc_launch_config_t lc = FLYC_LAUNCH_CONFIG_INIT;
  assert_int_equal(lc.size, sizeof lc);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  assert_int_equal(o.size, sizeof o);
  assert_null(o.target);
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  assert_int_equal(d.size, sizeof d);
  assert_null(d.body);
  flyc_param_t p = FLYC_PARAM_INIT;
  assert_int_equal(p.size, sizeof p);
  flyc_ffi_t f = FLYC_FFI_INIT;
  assert_int_equal(f.size, sizeof f);
  flyc_extern_t e = FLYC_EXTERN_INIT;
  assert_int_equal(e.size, sizeof e);
  assert_null(e.ffi);
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT;
  assert_int_equal(h.size, sizeof h);
  assert_int_equal(h.fast_fp_math, FLYC_HINT_UNSET);
  flyc_target_info_t ti = FLYC_TARGET_INFO_INIT;
  assert_int_equal(ti.size, sizeof ti);
}

/* The _init() functions do what the _INIT macros do, for any size from the
 * first version's up (bindings: a newer struct's own bytes zeroed). */
static void test_common__struct_init(void **state) {
  (void)state;
  struct {
    flyc_compile_hints_t h;
    int32_t newer;
  } bh;
  memset(&bh, 0x77, sizeof bh);
  assert_ok(flyc_compile_hints_init(&bh.h, sizeof bh));
  assert_int_equal(bh.h.size, sizeof bh);
  assert_int_equal(bh.h.waves_per_eu, FLYC_HINT_UNSET);
  assert_int_equal(bh.h.fast_fp_math, FLYC_HINT_UNSET);
  assert_int_equal(bh.newer, 0);
  flyc_compile_hints_t h = FLYC_COMPILE_HINTS_INIT, hi;
  assert_ok(flyc_compile_hints_init(&hi, sizeof hi));
  assert_memory_equal(&h, &hi, sizeof h);
  flyc_kernel_def_t d, dm = FLYC_KERNEL_DEF_INIT;
  memset(&d, 0x77, sizeof d);
  assert_ok(flyc_kernel_def_init(&d, sizeof d));
  assert_memory_equal(&d, &dm, sizeof d);
  flyc_param_t p;
  assert_ok(flyc_param_init(&p, sizeof p));
  assert_int_equal(p.size, sizeof p);
  flyc_ffi_t f;
  assert_ok(flyc_ffi_init(&f, sizeof f));
  assert_null(f.symbol);
  flyc_extern_t e;
  assert_ok(flyc_extern_init(&e, sizeof e));
  assert_null(e.ffi);
  flyc_target_info_t t;
  assert_ok(flyc_target_info_init(&t, sizeof t));
  assert_int_equal(t.size, sizeof t);
  assert_error(flyc_kernel_def_init(&d, 4), FLYC_EINVAL, "flyc_kernel_def_init");
  assert_error(flyc_compile_hints_init(NULL, sizeof h), FLYC_EINVAL, "NULL");
  assert_error(flyc_target_info_init(&t, 0), FLYC_EINVAL, "flyc_target_info_init");
}

/* FLYC__STATUS_MIN follows the enum: every code from it to FLYC_OK has a
 * name, the one below has none; flyc__is_status agrees. */
static void test_common__status_range(void **state) {
  (void)state;
  for (int c = FLYC__STATUS_MIN; c <= FLYC_OK; c++) {
    assert_string_not_equal(flyc_status_name(c), "FLYC_UNKNOWN");
    assert_true(flyc__is_status(c));
  }
  assert_string_equal(flyc_status_name(FLYC__STATUS_MIN - 1), "FLYC_UNKNOWN");
  assert_false(flyc__is_status(FLYC__STATUS_MIN - 1));
  assert_false(flyc__is_status(1));
}

/* A soft failure between save and restore leaves the caller's error as it
 * was; discard keeps the new one. */
static void test_common__error_save_restore(void **state) {
  (void)state;
  flyc__error_set(FLYC_EIO, "the caller's own error: %s", "/some/file");
  flyc__error_saved_t s;
  flyc__error_save(&s);
  flyc__error_set(FLYC_ENOTFOUND, "a soft miss");
  flyc__error_restore(&s);
  assert_int_equal(flyc_error_last()->code, FLYC_EIO);
  assert_string_equal(flyc_error_last()->message, "the caller's own error: /some/file");
  assert_null(s.message);
  flyc_error_clear();
  flyc__error_save(&s);
  flyc__error_set(FLYC_ELINK, "stands");
  flyc__error_discard_saved(&s);
  assert_int_equal(flyc_error_last()->code, FLYC_ELINK);
  assert_string_equal(flyc_error_last()->message, "stands");
  flyc__error_save(&s);
  flyc__error_restore(&s); /* nothing changed: still the same */
  assert_string_equal(flyc_error_last()->message, "stands");
  flyc_error_clear();
  flyc__error_save(&s);
  flyc__error_set(FLYC_EIR, "x");
  flyc__error_restore(&s);
  assert_int_equal(flyc_error_last()->code, FLYC_OK);
  assert_string_equal(flyc_error_last()->message, "");
}

/* runtime/base/fileio.c: whole files and descriptors, and the errors that
 * name the path. */
/* A message is bounded, valid UTF-8 and free of control characters, whatever
 * the input put in it; valid text stays as it was. */
static void test_common__error_message_is_tidy(void **state) {
  (void)state;
  flyc__error_set(FLYC_EIR, "symbol '%s' in '%s'", "caf\xc3\xa9_\xe2\x82\xac", "a\tb\nc");
  assert_string_equal(flyc_error_last()->message, "symbol 'caf\xc3\xa9_\xe2\x82\xac' in 'a\tb\nc'");
  /* Invalid bytes, an overlong '/', a surrogate, a cut sequence, ESC, DEL. */
  flyc__error_set(FLYC_EIR, "name %s end", "\xff\xfe|\xc0\xaf|\xed\xa0\x80|\x1b[31m|\x7f|\xe2\x82");
  assert_string_equal(flyc_error_last()->message, "name ??|??|???|?[31m|?|?? end");
  /* A 5 MB line is cut at a character and says so. */
  size_t big = 5u << 20;
  char *line = malloc(big + 1);
  assert_non_null(line);
  for (size_t i = 0; i < big; i += 2)
    line[i] = '\xc3', line[i + 1] = '\xa9';
  line[big] = '\0';
  flyc__error_set(FLYC_EIR, "bad: %s", line);
  const char *m = flyc_error_last()->message;
  assert_int_equal(flyc_error_last()->code, FLYC_EIR);
  assert_true(strlen(m) <= FLYC__ERROR_MAX);
  assert_non_null(strstr(m, " bytes cut]"));
  assert_null(strchr(m, '?')); /* no character was split */
  flyc__error_append("; and %s", line);
  assert_true(strlen(flyc_error_last()->message) <= FLYC__ERROR_MAX);
  free(line);
}

static void test_common__fileio(void **state) {
  (void)state;
  char dir[] = "/tmp/flyc_fileio_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[64];
  snprintf(path, sizeof path, "%s/f", dir);
  size_t n = 300000; /* more than one read and one pipe buffer */
  char *bytes = malloc(n);
  assert_non_null(bytes);
  for (size_t i = 0; i < n; i++)
    bytes[i] = (char)(i * 7 + 1);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  assert_true(fd >= 0);
  assert_int_equal(flyc__write_all(fd, bytes, n), 0);
  assert_int_equal(flyc__write_all(fd, bytes, 0), 0);
  close(fd);
  void *data = NULL;
  size_t size = 0;
  assert_ok(flyc__read_file(path, &data, &size));
  assert_int_equal(size, n);
  assert_memory_equal(data, bytes, n);
  assert_int_equal(((char *)data)[n], '\0');
  free(data);
  /* A pipe: no size to start from. */
  int p[2];
  assert_int_equal(pipe(p), 0);
  assert_int_equal(flyc__write_all(p[1], "hello", 5), 0);
  close(p[1]);
  assert_int_equal(flyc__read_fd(p[0], &data, &size), 0);
  close(p[0]);
  assert_int_equal(size, 5);
  assert_string_equal(data, "hello");
  free(data);
  /* Writing to a closed pipe is -1 with errno, not a flyc error. */
  assert_int_equal(pipe(p), 0);
  close(p[0]);
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  flyc_error_clear();
  assert_int_equal(flyc__write_all(p[1], "x", 1), -1);
  assert_int_equal(errno, EPIPE);
  assert_int_equal(flyc_error_last()->code, FLYC_OK);
  signal(SIGPIPE, old);
  close(p[1]);
  assert_error(flyc__read_file(dir, &data, &size), FLYC_EIO, dir, "not a regular file");
  unlink(path);
  assert_error(flyc__read_file(path, &data, &size), FLYC_ENOTFOUND, path);
  rmdir(dir);
  free(bytes);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_common__error_last_never_null),
      cmocka_unit_test(test_common__status_names_are_pinned),
      cmocka_unit_test(test_common__versions),
      cmocka_unit_test(test_common__struct_abi),
      cmocka_unit_test(test_common__struct_init),
      cmocka_unit_test(test_common__status_range),
      cmocka_unit_test(test_common__error_save_restore),
      cmocka_unit_test(test_common__error_message_is_tidy),
      cmocka_unit_test(test_common__fileio),
  };
  return cmocka_run_group_tests_name("common", tests, NULL, NULL);
}

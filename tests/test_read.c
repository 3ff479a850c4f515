/* Reading existing code objects and PTX (flyc inspect), disassembly, and
 * corrupt inputs. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

static flyc_artifact_t *compiled(const char *target) {
  flyc_artifact_t *a = NULL;
  const char *in = strncmp(target, "sm_", 3) == 0 ? FX("k_mstl_nvptx.sm_80.ll") : K_MSTL;
  const char *lib = strncmp(target, "sm_", 3) == 0 ? FX("mstl_nvptx.sm_80.bc") : LIB_MSTL;
  const char *libs[] = {lib, NULL};
  assert_ok(tu_compile(&a, in, target, libs, 0, 0));
  return a;
}

static void test_read__code_object_round_trip(void **state) {
  (void)state;
  flyc_artifact_t *a = compiled("gfx90a:sramecc+:xnack-");
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  flyc_artifact_t *b = NULL;
  assert_ok(flyc_artifact_read(&b, code, size));
  assert_string_equal(flyc_artifact_target(b), "gfx90a:sramecc+:xnack-");
  assert_int_equal(flyc_artifact_code_object_version(b), 4);
  assert_int_equal(flyc_artifact_codegen(b), FLYC_CODEGEN_AUTO);
  assert_int_equal(flyc_artifact_kernel_count(b), 1);
  const flyc_kernel_info_t *x = flyc_artifact_kernel(a, 0), *y = flyc_artifact_kernel(b, 0);
  assert_string_equal(x->name, y->name);
  assert_int_equal(x->sgpr_count, y->sgpr_count);
  assert_int_equal(x->vgpr_count, y->vgpr_count);
  assert_int_equal(x->kernarg_segment_size, y->kernarg_segment_size);
  flyc_compile_times_t t;
  flyc_artifact_compile_times(b, &t);
  assert_int_equal(t.total_us, 0);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
}

static void test_read__ptx_round_trip(void **state) {
  (void)state;
  SKIP_WITHOUT_LIBDEVICE();
  flyc_artifact_t *a = compiled("sm_80");
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  flyc_artifact_t *b = NULL;
  assert_ok(flyc_artifact_read(&b, code, size));
  assert_int_equal(flyc_artifact_format(b), FLYC_CODE_PTX);
  assert_string_equal(flyc_artifact_target(b), "sm_80");
  assert_int_equal(flyc_artifact_code_object_version(b), 70);
  const flyc_kernel_info_t *x = flyc_artifact_kernel(a, 0), *y = flyc_artifact_kernel(b, 0);
  assert_string_equal(x->name, y->name);
  assert_int_equal(x->arg_count, y->arg_count);
  for (size_t i = 0; i < x->arg_count; i++) {
    assert_int_equal(x->args[i].offset, y->args[i].offset);
    assert_int_equal(x->args[i].size, y->args[i].size);
  }
  assert_int_equal(x->kernarg_segment_size, y->kernarg_segment_size);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
}

static void test_read__disassemble(void **state) {
  (void)state;
  flyc_artifact_t *a = compiled("gfx90a");
  tu_text_t t = {NULL, 0, 0};
  assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
  assert_non_null(strstr(t.s, "mstl_kernel:"));
  assert_non_null(strstr(t.s, "s_endpgm"));
  assert_null(strstr(t.s, ".long")); /* every word decoded */
  assert_true(t.s[0] != '\n');
  /* The s_nop padding after the code is one line and a count. */
  assert_non_null(strstr(t.s, "more up to"));
  int nops = 0;
  for (const char *q = t.s; (q = strstr(q, "s_nop")); q++)
    nops++;
  assert_true(nops <= 3);
  free(t.s);
  tu_text_t stop = {NULL, 0, 2};
  assert_error(flyc_artifact_disassemble(a, tu_collect, &stop), FLYC_EINVAL,
               "stopped by the text callback");
  free(stop.s);
  assert_error(flyc_artifact_disassemble(NULL, tu_collect, NULL), FLYC_EINVAL, "required");
  flyc_artifact_destroy(a);
}

/* Branches name their target: a loop's back edge points at a local label
 * placed on an earlier instruction (SOPP: PC + 4 + SIMM16 * 4). */
static void test_read__disassemble_branch_targets(void **state) {
  (void)state;
  static const char ir[] =
      "target triple = \"amdgcn-amd-amdhsa\"\n"
      "define amdgpu_kernel void @loop(ptr addrspace(1) %p, i32 %n) {\n"
      "entry:\n  br label %body\n"
      "body:\n  %i = phi i32 [0, %entry], [%i1, %body]\n"
      "  %g = getelementptr float, ptr addrspace(1) %p, i32 %i\n"
      "  %v = load volatile float, ptr addrspace(1) %g\n"
      "  %w = fadd float %v, 1.0\n"
      "  store volatile float %w, ptr addrspace(1) %g\n"
      "  %i1 = add i32 %i, 1\n  %c = icmp slt i32 %i1, %n\n"
      "  br i1 %c, label %body, label %exit\n"
      "exit:\n  ret void\n}\n";
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_buffer(&a, ir, sizeof ir - 1, "loop.ll", &o));
  tu_text_t t = {NULL, 0, 0};
  assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
  const char *br = strstr(t.s, "s_cbranch_scc1");
  assert_non_null(br);
  const char *ref = strstr(br, "(.L");
  assert_non_null(ref);
  char label[16];
  unsigned long long to = 0, at = 0;
  assert_int_equal(sscanf(ref, "(.L%llx)", &to), 1);
  assert_int_equal(sscanf(strchr(br, '/'), "// %llx", &at), 1);
  assert_true(to < at); /* the back edge */
  snprintf(label, sizeof label, ".L%06llx:\n", to);
  const char *def = strstr(t.s, label);
  assert_non_null(def);
  assert_true(def < br);
  /* The labelled line is the instruction at that address. */
  char addr[16];
  snprintf(addr, sizeof addr, "// %06llx\n", to);
  const char *next = def + strlen(label), *eol = strchr(next, '\n');
  assert_non_null(eol);
  assert_ptr_equal(strstr(next, addr) + strlen(addr) - 1, eol);
  /* ... and it is the loop's head: the volatile load, not its neighbour. */
  const char *load = strstr(next, "global_load_dword");
  assert_true(load && load < eol);
  free(t.s);
  flyc_artifact_destroy(a);
}

/* PTX text: a kernel without a parameter list, and an .extern .entry
 * declaration, which is no kernel and must not take the next one's .reqntid. */
static void test_read__ptx_declarations(void **state) {
  (void)state;
  const char ptx[] = ".version 7.0\n.target sm_80\n.entry k\n{\n ret;\n}\n"
                     ".extern .entry d(.param .u32 a);\n"
                     ".entry e(.param .u32 x)\n.reqntid 32,1,1\n{\n ret;\n}\n";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_artifact_read(&a, ptx, sizeof ptx - 1));
  assert_int_equal(flyc_artifact_kernel_count(a), 2);
  assert_null(flyc_artifact_kernel_lookup(a, "d"));
  assert_int_equal(flyc_artifact_kernel_lookup(a, "k")->arg_count, 0);
  assert_int_equal(flyc_artifact_kernel_lookup(a, "k")->max_flat_workgroup_size, 0);
  assert_int_equal(flyc_artifact_kernel_lookup(a, "e")->max_flat_workgroup_size, 32);
  assert_int_equal(flyc_artifact_kernel_lookup(a, "e")->kernarg_segment_size, 4);
  flyc_artifact_destroy(a);
}

#define OBJ(name) FLYC_OBJ_FIXTURE_DIR "/" name

static flyc_artifact_t *read_fixture(const char *path) {
  size_t size;
  void *bytes = tu_read(path, &size);
  assert_non_null(bytes);
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_artifact_read(&a, bytes, size));
  free(bytes);
  return a;
}

/* LLVM's AMDGPU disassembler aborts the process (report_fatal_error,
 * "disassembly not yet supported for subtarget") for a processor this LLVM
 * does not know, and for gfx6/gfx7 on every LLVM: flyc refuses first. */
static void test_read__disassemble_unsupported_processors(void **state) {
  (void)state;
  flyc_artifact_t *a = read_fixture(OBJ("k_gfx600.hsaco"));
  assert_string_equal(flyc_artifact_target(a), "gfx600");
  tu_text_t t = {NULL, 0, 0};
  assert_error(flyc_artifact_disassemble(a, tu_collect, &t), FLYC_EUNSUPPORTED, "gfx600",
               flyc_llvm_version(), "gfx6/gfx7");
  assert_null(t.s);
  flyc_artifact_destroy(a);
  /* gfx942 (e_flags mach 0x04c) is known from LLVM 17 on. */
  a = read_fixture(OBJ("k_gfx942.hsaco"));
  assert_string_equal(flyc_artifact_target(a), "gfx942");
  if (FLYC_TEST_LLVM_MAJOR < 17) {
    assert_error(flyc_artifact_disassemble(a, tu_collect, &t), FLYC_EUNSUPPORTED,
                 "gfx942 code object", flyc_llvm_version(), "does not know processor gfx942");
    assert_null(t.s);
  } else {
    assert_ok(flyc_artifact_disassemble(a, tu_collect, &t));
    assert_non_null(strstr(t.s, "k:\n"));
    assert_non_null(strstr(t.s, "global_store_dword v0, v1, s[0:1]"));
    assert_non_null(strstr(t.s, "s_endpgm"));
    assert_null(strstr(t.s, ".long"));
    free(t.s);
  }
  flyc_artifact_destroy(a);
}

/* The CLI says the same and exits 1, not 134. */
static void test_read__disasm_cli_unsupported(void **state) {
  (void)state;
  char *out = NULL;
  char *argv[] = {FLYC_TEST_CLI, "disasm", OBJ("k_gfx600.hsaco"), NULL};
  assert_int_equal(tu_run(argv, &out), 1);
  assert_non_null(strstr(out, "gfx600"));
  assert_non_null(strstr(out, "gfx6/gfx7"));
  free(out);
}

/* clang-22's PTX (LLVM 21+ spelling): `.param .u64 .ptr .align 1 name` and a
 * `__shared__ float t[33 * 32]` demoted into the kernel's body
 * (`.shared .align 4 .b8 ..._t[4224];`). */
static void test_read__ptx_llvm22_pointers_and_shared(void **state) {
  (void)state;
  flyc_artifact_t *a = read_fixture(OBJ("transpose.sm_90.ptx"));
  assert_string_equal(flyc_artifact_target(a), "sm_90");
  assert_int_equal(flyc_artifact_kernel_count(a), 1);
  const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "_Z9transposePfPKfi");
  assert_non_null(k);
  assert_int_equal(k->arg_count, 3);
  static const char *const names[] = {"_Z9transposePfPKfi_param_0", "_Z9transposePfPKfi_param_1",
                                      "_Z9transposePfPKfi_param_2"};
  static const uint32_t offs[] = {0, 8, 16}, sizes[] = {8, 8, 4};
  for (int i = 0; i < 3; i++) {
    assert_string_equal(k->args[i].name, names[i]);
    assert_int_equal(k->args[i].offset, offs[i]);
    assert_int_equal(k->args[i].size, sizes[i]);
    assert_string_equal(k->args[i].value_kind, "by_value"); /* generic .ptr */
  }
  assert_int_equal(k->kernarg_segment_size, 20);
  assert_int_equal(k->kernarg_segment_align, 8);
  assert_int_equal(k->group_segment_fixed_size, 33 * 32 * 4);
  /* flyc's own compile of the same kernel's IR (captures(none): LLVM 21+
   * reads it) reports the same table. */
  if (FLYC_TEST_LLVM_MAJOR >= 21) {
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.target = "sm_90";
    flyc_artifact_t *c = NULL;
    assert_ok(flyc_compile_file(&c, OBJ("transpose.sm_90.ll"), &o));
    const flyc_kernel_info_t *x = flyc_artifact_kernel_lookup(c, "_Z9transposePfPKfi");
    assert_non_null(x);
    assert_int_equal(x->group_segment_fixed_size, k->group_segment_fixed_size);
    assert_int_equal(x->kernarg_segment_size, k->kernarg_segment_size);
    assert_int_equal(x->kernarg_segment_align, k->kernarg_segment_align);
    assert_int_equal(x->arg_count, k->arg_count);
    for (size_t i = 0; i < x->arg_count; i++) {
      assert_int_equal(x->args[i].offset, k->args[i].offset);
      assert_int_equal(x->args[i].size, k->args[i].size);
    }
    /* ... and reading flyc's PTX back gives it too. */
    size_t n;
    const void *code = flyc_artifact_code(c, &n);
    flyc_artifact_t *b = NULL;
    assert_ok(flyc_artifact_read(&b, code, n));
    const flyc_kernel_info_t *y = flyc_artifact_kernel_lookup(b, "_Z9transposePfPKfi");
    assert_int_equal(y->group_segment_fixed_size, x->group_segment_fixed_size);
    assert_int_equal(y->kernarg_segment_size, x->kernarg_segment_size);
    assert_string_equal(y->args[0].name, k->args[0].name);
    flyc_artifact_destroy(b);
    flyc_artifact_destroy(c);
  } else {
    print_message("flyc compile of transpose.sm_90.ll skipped: LLVM %d cannot parse "
                  "clang-22's IR\n", FLYC_TEST_LLVM_MAJOR);
  }
  flyc_artifact_destroy(a);
}

/* The other spellings LLVM 22's llc writes for pointer params, and shared
 * declarations: scalars, vectors, several, nested blocks, an .extern one
 * (dynamic, no size) and module-scope ones (not attributable: left out). */
static void test_read__ptx_param_spaces_and_shared_layout(void **state) {
  (void)state;
  const char ptx[] =
      ".version 8.8\n.target sm_90\n.address_size 64\n"
      ".shared .align 16 .b8 module_scope[1024];\n"
      ".extern .shared .align 16 .b8 dyn[];\n"
      ".visible .entry g(\n"
      "\t.param .u64 .ptr .global .align 4 g_param_0,\n"
      "\t.param .u64 .ptr .shared .align 1 g_param_1,\n"
      "\t.param .u64 .ptr .align 1 g_param_2,\n"
      "\t.param .u32 g_param_3\n)\n{\n"
      "\t.reg .b32 %r<2>;\n"
      "\t// .shared .b8 in_a_comment[99];\n"
      "\t.shared .u8 c;\n"
      "\t.shared .align 8 .v2 .f32 v[3];\n"
      "\t.shared .f32 s;\n"
      "\t{ // callseq 0\n\t.reg .b32 t;\n\t}\n"
      "\tst.shared.u32 [s], %r1;\n\tret;\n}\n"
      ".visible .entry h()\n{\n\tret;\n}\n";
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_artifact_read(&a, ptx, sizeof ptx - 1));
  assert_int_equal(flyc_artifact_kernel_count(a), 2);
  const flyc_kernel_info_t *g = flyc_artifact_kernel_lookup(a, "g");
  assert_int_equal(g->arg_count, 4);
  static const char *const names[] = {"g_param_0", "g_param_1", "g_param_2", "g_param_3"};
  static const char *const kinds[] = {"global_buffer", "by_value", "by_value", "by_value"};
  static const char *const spaces[] = {"global", "", "", ""};
  for (int i = 0; i < 4; i++) {
    assert_string_equal(g->args[i].name, names[i]);
    assert_string_equal(g->args[i].value_kind, kinds[i]);
    assert_string_equal(g->args[i].address_space, spaces[i]);
    assert_int_equal(g->args[i].offset, 8u * (unsigned)i);
    assert_int_equal(g->args[i].size, i < 3 ? 8 : 4);
  }
  assert_int_equal(g->kernarg_segment_size, 28);
  /* c at 0 (1 byte), v at 8 (24 bytes), s at 32 (4 bytes). */
  assert_int_equal(g->group_segment_fixed_size, 36);
  assert_int_equal(flyc_artifact_kernel_lookup(a, "h")->group_segment_fixed_size, 0);
  flyc_artifact_destroy(a);
}

static void test_read__corrupt_inputs(void **state) {
  (void)state;
  flyc_artifact_t *a = compiled("gfx90a");
  size_t size;
  const unsigned char *code = flyc_artifact_code(a, &size);
  unsigned char *copy = malloc(size);
  flyc_artifact_t *b = NULL;
  /* Truncations at many points: an error, never a crash. */
  for (size_t cut = 1; cut < size; cut += 97) {
    int rc = flyc_artifact_read(&b, code, cut);
    if (rc == FLYC_OK)
      flyc_artifact_destroy(b);
    else
      assert_true(rc < 0 && flyc_error_last()->message[0]);
  }
  /* A wrong machine. */
  memcpy(copy, code, size);
  copy[18] = 62; /* EM_X86_64 */
  assert_error(flyc_artifact_read(&b, copy, size), FLYC_ECOMPILE, "not an AMDGPU code object");
  assert_error(flyc_artifact_read(&b, "hello", 5), FLYC_EINVAL, "not an AMDGPU code object",
               "PTX");
  assert_error(flyc_artifact_read(&b, NULL, 0), FLYC_EINVAL, "required");
  assert_error(flyc_artifact_read(&b, ".entry x(\n", 10), FLYC_ECOMPILE, ".version");
  free(copy);
  flyc_artifact_destroy(a);
}

/* A successful read leaves the caller's error as it was: errors are set on
 * failure only (the note reader once set one before it found the note). */
static void test_read__success_keeps_error(void **state) {
  (void)state;
  flyc_artifact_t *a = compiled("gfx90a"), *b = NULL;
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  assert_int_equal(flyc_target_check("gfx_no_such"), FLYC_EUNSUPPORTED);
  char before[512];
  snprintf(before, sizeof before, "%s", flyc_error_last()->message);
  assert_ok(flyc_artifact_read(&b, code, size));
  assert_int_equal(flyc_error_last()->code, FLYC_EUNSUPPORTED);
  assert_string_equal(flyc_error_last()->message, before);
  flyc_artifact_destroy(b);
  flyc_artifact_destroy(a);
}

/* A metadata note whose map or array header claims billions of elements in a
 * few hundred bytes is refused before msgpack-c allocates for them (it asked
 * for 4 to 16 GiB). The root map's first key, "amdhsa.kernels" (15 bytes),
 * becomes an array32 or map32 header claiming 2^32-1 or 2^27 entries. */
static void test_read__note_counts_beyond_bytes(void **state) {
  (void)state;
  flyc_artifact_t *a = compiled("gfx90a"), *b = NULL;
  size_t size;
  const unsigned char *code = flyc_artifact_code(a, &size);
  static const char key[] = "\xae" "amdhsa.kernels";
  size_t at = 0, kl = sizeof key - 1;
  while (at + kl <= size && memcmp(code + at, key, kl) != 0)
    at++;
  assert_true(at + kl <= size);
  static const unsigned char headers[][5] = {{0xdd, 0xff, 0xff, 0xff, 0xff},
                                             {0xdf, 0xff, 0xff, 0xff, 0xff},
                                             {0xdd, 0x08, 0x00, 0x00, 0x00},
                                             {0xde, 0xff, 0xff, 0x00, 0x00}};
  unsigned char *copy = malloc(size);
  for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
    memcpy(copy, code, size);
    memcpy(copy + at, headers[i], 5);
    assert_error(flyc_artifact_read(&b, copy, size), FLYC_ECOMPILE, "metadata note",
                 "more elements than the bytes left");
  }
  /* A string longer than the note. */
  memcpy(copy, code, size);
  memcpy(copy + at, "\xdb\xff\xff\xff\x00", 5);
  assert_error(flyc_artifact_read(&b, copy, size), FLYC_ECOMPILE, "metadata note",
               "longer than the bytes left");
  free(copy);
  flyc_artifact_destroy(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_read__code_object_round_trip),
      cmocka_unit_test(test_read__ptx_round_trip),
      cmocka_unit_test(test_read__disassemble),
      cmocka_unit_test(test_read__disassemble_branch_targets),
      cmocka_unit_test(test_read__ptx_declarations),
      cmocka_unit_test(test_read__corrupt_inputs),
      cmocka_unit_test(test_read__disassemble_unsupported_processors),
      cmocka_unit_test(test_read__disasm_cli_unsupported),
      cmocka_unit_test(test_read__ptx_llvm22_pointers_and_shared),
      cmocka_unit_test(test_read__ptx_param_spaces_and_shared_layout),
      cmocka_unit_test(test_read__success_keeps_error),
      cmocka_unit_test(test_read__note_counts_beyond_bytes),
  };
  return cmocka_run_group_tests_name("read", tests, NULL, NULL);
}

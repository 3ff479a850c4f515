/* What differs between LLVM versions (src/llvm_compat.c), and what today's
 * frontends write: NVPTX kernel marks and launch bounds in either form on
 * every LLVM, the `debug` PTX target, arch-specific features, processors
 * LLVM added or dropped. */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "flyc/llvm.h"
#include "util.h"

static int compile_ir(flyc_artifact_t **a, const char *ir, const char *target, uint32_t flags) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.flags = flags | FLYC_COMPILE_NO_CACHE;
  return flyc_compile_buffer(a, ir, strlen(ir), "v.ll", &o);
}

static const char *ptx_of(const flyc_artifact_t *a) {
  size_t n;
  return flyc_artifact_code(a, &n);
}

/* A module built in memory with !nvvm.annotations, as llvm-c users and
 * flyc before LLVM 21 wrote it: no reader upgrades it, flyc must. */
static void test_versions__annotations_in_memory(void **state) {
  (void)state;
  LLVMContextRef lc = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("mem", lc);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(lc, 1);
  LLVMValueRef fn = LLVMAddFunction(m, "k", LLVMFunctionType(LLVMVoidTypeInContext(lc), &ptr, 1, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(lc);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(lc, fn, "e"));
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc);
  const char *keys[] = {"kernel", "reqntidx", "reqntidy", "maxnreg"};
  unsigned vals[] = {1, 64, 2, 32};
  for (int i = 0; i < 4; i++) {
    LLVMMetadataRef ops[3] = {LLVMValueAsMetadata(fn), LLVMMDStringInContext2(lc, keys[i], strlen(keys[i])),
                              LLVMValueAsMetadata(LLVMConstInt(i32, vals[i], 0))};
    LLVMAddNamedMetadataOperand(m, "nvvm.annotations",
                                LLVMMetadataAsValue(lc, LLVMMDNodeInContext2(lc, ops, 3)));
  }
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.flags = FLYC_COMPILE_NO_CACHE;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_compile_module(&a, m, &o));
  const char *ptx = ptx_of(a);
  assert_non_null(strstr(ptx, ".entry k("));
  assert_non_null(strstr(ptx, ".reqntid 64, 2, 1"));
  assert_non_null(strstr(ptx, ".maxnreg 32"));
  const flyc_kernel_info_t *k = flyc_artifact_kernel(a, 0);
  assert_int_equal(k->reqd_workgroup_size[0], 64);
  assert_int_equal(k->reqd_workgroup_size[1], 2);
  assert_int_equal(k->reqd_workgroup_size[2], 1);
  assert_int_equal(k->max_flat_workgroup_size, 128);
  flyc_artifact_destroy(a);
  LLVMContextDispose(lc);
}

/* What LLVM 21+ frontends (clang 22, Triton 3.6) write: the ptx_kernel
 * convention and "nvvm.*" attributes. An older LLVM's backend ignores the
 * attributes; flyc turns them into annotations there. */
static const char attrs_ir[] =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "define ptx_kernel void @k(ptr addrspace(1) %p) #0 {\n  ret void\n}\n"
    "attributes #0 = { \"nvvm.reqntid\"=\"128\" \"nvvm.maxnreg\"=\"40\" \"nvvm.minctasm\"=\"2\" }\n";

static void test_versions__attributes_on_every_llvm(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_ok(compile_ir(&a, attrs_ir, "sm_80", 0));
  const char *ptx = ptx_of(a);
  assert_non_null(strstr(ptx, ".entry k("));
  assert_non_null(strstr(ptx, ".reqntid 128"));
  assert_non_null(strstr(ptx, ".maxnreg 40"));
  assert_non_null(strstr(ptx, ".minnctapersm 2"));
  const flyc_kernel_info_t *k = flyc_artifact_kernel(a, 0);
  assert_int_equal(k->reqd_workgroup_size[0], 128);
  assert_int_equal(k->reqd_workgroup_size[1], 1);
  assert_int_equal(k->max_flat_workgroup_size, 128);
  flyc_artifact_destroy(a);
  static const char bad[] =
      "define ptx_kernel void @k() #0 {\n  ret void\n}\n"
      "attributes #0 = { \"nvvm.reqntid\"=\"12x\" }\n";
  a = NULL;
  int rc = compile_ir(&a, bad, "sm_80", 0);
  if (FLYC_TEST_LLVM_MAJOR < 21)
    assert_error(rc, FLYC_EIR, "'k'", "\"nvvm.reqntid\"=\"12x\"");
  else
    flyc_artifact_destroy(a); /* LLVM 21+ reads the attribute itself */
}

/* LLVM 20+'s IR parser upgrades nvvm.annotations while it reads them and
 * crashes on a malformed entry: flyc checks them first, however the named
 * metadata is spelled (escapes, leading blanks, CRLF, first line). */
static void test_versions__malformed_annotations_any_spelling(void **state) {
  (void)state;
  static const char *const spellings[] = {
      "!nvvm.annotations = !{!0}\n", "  !nvvm.annotations = !{!0}\r\n",
      "!nvvm\\2Eannotations = !{!0}\n", "!\\6Evvm.annotations = !{!0}\n",
      "!1 = !{} !nvvm.annotations = !{!0}\n"};
  for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
    char ir[512];
    snprintf(ir, sizeof ir, "%sdefine void @k() {\n  ret void\n}\n!0 = !{ptr @k, !\"maxntidx\"}\n",
             spellings[i]);
    flyc_artifact_t *a = NULL;
    assert_error(compile_ir(&a, ir, "sm_80", 0), FLYC_EIR, "nvvm.annotations entry 0",
                 "operands");
  }
  /* Well-formed, in an odd spelling: still a kernel with its bounds. */
  static const char ok[] = "define void @k() {\n  ret void\n}\n"
                           "  !nvvm\\2Eannotations = !{!0}\r\n"
                           "!0 = !{ptr @k, !\"kernel\", i32 1, !\"maxntidx\", i32 96}\n";
  flyc_artifact_t *a = NULL;
  assert_ok(compile_ir(&a, ok, "sm_80", 0));
  assert_non_null(strstr(ptx_of(a), ".entry k("));
  assert_non_null(strstr(ptx_of(a), ".maxntid 96"));
  flyc_artifact_destroy(a);
}

/* Triton's NVPTX layout (32-bit shared/const/local pointers) is compiled as
 * such; a layout that lists some pointer sizes and not others says 64 bits
 * for the rest, and is neither widened nor narrowed silently. */
static void test_versions__nvptx_short_pointers(void **state) {
  (void)state;
  if (FLYC_TEST_LLVM_MAJOR < 22) {
    print_message("skipped: the layouts are LLVM 22's\n");
    skip();
  }
  static const char shortl[] =
      "target datalayout = \"e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-"
      "i256:256-v16:16-v32:32-n16:32:64\"\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
      "  store i64 ptrtoint (ptr addrspace(3) getelementptr (i8, ptr addrspace(3) null, i64 1) to "
      "i64), ptr addrspace(1) %p\n"
      "  store i64 ptrtoint (ptr getelementptr (ptr addrspace(3), ptr null, i64 1) to i64), "
      "ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_artifact_t *a = NULL;
  assert_ok(compile_ir(&a, shortl, "sm_90", 0));
  const char *ptx = ptx_of(a);
  assert_null(strstr(flyc_artifact_log(a), "replaced")); /* the input's own layout kept */
  assert_non_null(strstr(ptx, "st.global.b64 \t[%rd1], 4;")); /* sizeof(ptr addrspace(3)) */
  flyc_artifact_destroy(a);
  /* Only p3:32: not the short-pointer layout (p5 stays 64-bit). */
  static const char p3only[] =
      "target datalayout = \"e-p3:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64\"\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
      "  store i64 ptrtoint (ptr getelementptr (ptr addrspace(5), ptr null, i64 1) to i64), "
      "ptr addrspace(1) %p\n  ret void\n}\n";
  a = NULL;
  assert_ok(compile_ir(&a, p3only, "sm_90", 0));
  assert_null(strstr(ptx_of(a), "[%rd1], 4;"));
  flyc_artifact_destroy(a);
}

/* A struct passed by value is its bytes in the parameter space: the kernel
 * table of the compile and of the PTX read back agree with clang's layout. */
static void test_versions__nvptx_byval_struct_param(void **state) {
  (void)state;
  static const char ir[] =
      "%Big = type { [6 x double] }\n"
      "define ptx_kernel void @bigarg(ptr byval(%Big) align 8 %b, ptr addrspace(1) %out, "
      "i16 signext %s, i8 signext %c) {\n"
      "  %v = load double, ptr %b\n  %f = fptrunc double %v to float\n"
      "  store float %f, ptr addrspace(1) %out\n  ret void\n}\n";
  flyc_artifact_t *a = NULL, *r = NULL;
  assert_ok(compile_ir(&a, ir, "sm_80", 0));
  size_t n;
  const void *ptx = flyc_artifact_code(a, &n);
  assert_ok(flyc_artifact_read(&r, ptx, n));
  const flyc_kernel_info_t *k[2] = {flyc_artifact_kernel(a, 0), flyc_artifact_kernel(r, 0)};
  static const uint32_t off[] = {0, 48, 56, 58}, size[] = {48, 8, 2, 1};
  for (int i = 0; i < 2; i++) {
    assert_int_equal(k[i]->kernarg_segment_size, 59);
    assert_int_equal(k[i]->arg_count, 4);
    for (int j = 0; j < 4; j++) {
      assert_int_equal(k[i]->args[j].offset, off[j]);
      assert_int_equal(k[i]->args[j].size, size[j]);
    }
  }
  assert_int_equal(k[0]->kernarg_segment_align, 8);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(r);
}

/* Launch bounds that are malformed, out of range, given twice differently or
 * beyond a block's limits are refused naming the kernel: LLVM truncates,
 * turns 0 into 1 (before 21) or writes directives ptxas rejects (22). */
static void test_versions__bad_launch_bounds(void **state) {
  (void)state;
  static const char *const attrs[][2] = {
      {"\"nvvm.reqntid\"=\"0\"", "\"nvvm.reqntid\"=\"0\""},
      {"\"nvvm.reqntid\"=\"1,2,3,4\"", "one to three integers"},
      {"\"nvvm.maxntid\"=\"+64\"", "\"+64\""},
      {"\"nvvm.minctasm\"=\"99999999999\"", "99999999999"},
      {"\"nvvm.minctasm\"=\"64,2\"", "one integer"},
      {"\"nvvm.reqntid\"=\"64,32\"", "2048 threads"},
      {"\"nvvm.maxnreg\"=\"300\"", "255 registers"},
      {"\"nvvm.cluster_dim\"=\"2\" \"nvvm.maxclusterrank\"=\"4\"", "both"},
  };
  for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
    char ir[512];
    snprintf(ir, sizeof ir,
             "define ptx_kernel void @k() #0 {\n  ret void\n}\nattributes #0 = { %s }\n",
             attrs[i][0]);
    flyc_artifact_t *a = NULL;
    assert_error(compile_ir(&a, ir, "sm_80", 0), FLYC_EIR, "'k'", attrs[i][1]);
  }
  static const char *const anns[][2] = {
      {"!{ptr @k, !\"reqntidx\", i32 0}", "\"reqntidx\" is 0"},
      {"!{ptr @k, !\"reqntidx\", i64 99999999999}", "99999999999"},
      {"!{ptr @k, !\"maxntidx\", i32 32, !\"maxntidx\", i32 64}", "given twice"},
  };
  for (size_t i = 0; i < sizeof anns / sizeof *anns; i++) {
    char ir[512];
    snprintf(ir, sizeof ir,
             "define ptx_kernel void @k() {\n  ret void\n}\n!nvvm.annotations = !{!0}\n!0 = %s\n",
             anns[i][0]);
    flyc_artifact_t *a = NULL;
    assert_error(compile_ir(&a, ir, "sm_80", 0), FLYC_EIR, "'k'", anns[i][1]);
  }
  static const char both[] = "define ptx_kernel void @k() #0 {\n  ret void\n}\n"
                             "attributes #0 = { \"nvvm.reqntid\"=\"128\" }\n"
                             "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"reqntidx\", i32 64}\n";
  flyc_artifact_t *a = NULL;
  assert_error(compile_ir(&a, both, "sm_80", 0), FLYC_EIR, "'k'", "\"nvvm.reqntid\"=\"128\"",
               "64,1,1");
}

/* The PTX ISA version: the SM's lowest, or what the kernel needs (a
 * frontend's "+ptxNN", an intrinsic that only a newer ISA has); an
 * intrinsic of a newer SM is refused. Each would abort LLVM otherwise. */
static void test_versions__ptx_version_the_kernel_needs(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  static const char redux[] =
      "declare i32 @llvm.nvvm.redux.sync.add(i32, i32)\n"
      "define ptx_kernel void @r(ptr addrspace(1) %p, i32 %x) {\n"
      "  %v = call i32 @llvm.nvvm.redux.sync.add(i32 %x, i32 -1)\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_error(compile_ir(&a, redux, "sm_75", 0), FLYC_EIR, "'llvm.nvvm.redux.sync.add'",
               "'r'", "needs sm_80", "sm_75");
  assert_ok(compile_ir(&a, redux, "sm_80", 0));
  flyc_artifact_destroy(a);
  if (FLYC_TEST_LLVM_MAJOR < 22) {
    print_message("skipped the PTX 8.x cases: LLVM %d\n", FLYC_TEST_LLVM_MAJOR);
    return;
  }
  static const char elect[] =
      "declare {i32, i1} @llvm.nvvm.elect.sync(i32)\n"
      "define ptx_kernel void @e(ptr addrspace(1) %p) {\n"
      "  %r = call {i32, i1} @llvm.nvvm.elect.sync(i32 -1)\n"
      "  %v = extractvalue {i32, i1} %r, 0\n"
      "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  a = NULL;
  assert_ok(compile_ir(&a, elect, "sm_90", 0));
  assert_non_null(strstr(ptx_of(a), ".version 8.0"));
  assert_non_null(strstr(ptx_of(a), "elect.sync"));
  assert_non_null(strstr(flyc_artifact_log(a), "PTX ISA 8.0, not sm_90's lowest 7.8"));
  flyc_artifact_destroy(a);
  assert_error(compile_ir(&a, elect, "sm_80", 0), FLYC_EIR, "needs sm_90");
  static const char asks[] = "define ptx_kernel void @k() #0 {\n  ret void\n}\n"
                             "attributes #0 = { \"target-features\"=\"+ptx88,+sm_80\" }\n";
  a = NULL;
  assert_ok(compile_ir(&a, asks, "sm_80", 0));
  assert_non_null(strstr(ptx_of(a), ".version 8.8"));
  flyc_artifact_destroy(a);
  static const char too_new[] = "define ptx_kernel void @k() #0 {\n  ret void\n}\n"
                                "attributes #0 = { \"target-features\"=\"+ptx99\" }\n";
  a = NULL;
  assert_ok(compile_ir(&a, too_new, "sm_80", 0));
  assert_non_null(strstr(ptx_of(a), ".version 9.0"));
  assert_non_null(strstr(flyc_artifact_log(a), "asks for PTX ISA 9.9, but LLVM"));
  assert_non_null(strstr(flyc_artifact_log(a), "using 9.0"));
  flyc_artifact_destroy(a);
}

/* What a second trial found past the first fixes: block comments hiding
 * annotations from flyc's scanners, octal launch bounds, reqntid with
 * maxntid, tanh without afn, by-value arguments past the parameter space. */
static void test_versions__second_trial(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  if (FLYC_TEST_LLVM_MAJOR >= 22) { /* block comments: LLVM 22 reads them, 19 does not */
    static const char comment[] = "define ptx_kernel void @k() {\n  ret void\n}\n"
                                  "/* ; \" */ !nvvm.annotations = !{!0}\n"
                                  "!0 = !{ptr @k, !\"maxntidx\", !\"x\"}\n";
    assert_error(compile_ir(&a, comment, "sm_80", 0), FLYC_EIR, "nvvm.annotations entry 0");
  }
  /* Sections lld links fine are not refused (only those it makes itself). */
  static const char sec[] = "@s = addrspace(1) global i32 0, section \".reloc_table\"\n"
                            "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                            "  %v = load i32, ptr addrspace(1) @s\n"
                            "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_ok(compile_ir(&a, sec, "gfx90a", 0));
  flyc_artifact_destroy(a);
  a = NULL;
  static const char reserved[] = "define ptx_kernel void @k() {\n  ret void\n}\n"
                                 "!flyc.nvvm.annotations = !{}\n";
  assert_error(compile_ir(&a, reserved, "sm_80", 0), FLYC_EIR, "'flyc.nvvm.annotations'",
               "reserves");
  static const char octal[] = "define ptx_kernel void @k() #0 {\n  ret void\n}\n"
                              "attributes #0 = { \"nvvm.reqntid\"=\"010\" }\n";
  assert_error(compile_ir(&a, octal, "sm_80", 0), FLYC_EIR, "'k'", "leading zeros");
  static const char both[] = "define ptx_kernel void @k() #0 {\n  ret void\n}\n"
                             "attributes #0 = { \"nvvm.reqntid\"=\"512\" "
                             "\"nvvm.maxntid\"=\"256\" }\n";
  assert_error(compile_ir(&a, both, "sm_80", 0), FLYC_EIR, "'k'", "reqntid and nvvm.maxntid");
  /* The alignment's padding counts: 32784 bytes, past even CUDA 12.1's
   * large parameters (32764, from PTX ISA 8.1: LLVM 17). */
  static const char big[] = "%S = type { [16400 x i8] }\n" /* LLVM 15: align <= 2^14 */
                            "define ptx_kernel void @kern(i8 %c, ptr byval(%S) align 16384 %s) {\n"
                            "  ret void\n}\n";
  assert_error(compile_ir(&a, big, "sm_80", 0), FLYC_EIR, "'kern'", "32784 bytes",
               FLYC_TEST_LLVM_MAJOR >= 17 ? "at most 32764" : "at most 4096");
  static const char empty[] = "%E = type {}\n"
                              "define ptx_kernel void @kern(ptr byval(%E) %s) {\n  ret void\n}\n";
  assert_error(compile_ir(&a, empty, "sm_80", 0), FLYC_EIR, "'kern'", "no bytes");
  if (FLYC_TEST_LLVM_MAJOR < 19)
    return; /* llvm.tanh is LLVM 19+ */
  static const char tanh_plain[] =
      "declare float @llvm.tanh.f32(float)\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p, float %x) {\n"
      "  %v = call float @llvm.tanh.f32(float %x)\n"
      "  store float %v, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_error(compile_ir(&a, tanh_plain, "sm_80", 0), FLYC_EIR, "'llvm.tanh.f32'", "'k'",
               "__nv_tanhf");
  static const char tanh_afn[] =
      "declare float @llvm.tanh.f32(float)\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p, float %x) {\n"
      "  %v = call afn float @llvm.tanh.f32(float %x)\n"
      "  store float %v, ptr addrspace(1) %p\n  ret void\n}\n";
  if (FLYC_TEST_LLVM_MAJOR < 22) {
    assert_error(compile_ir(&a, tanh_afn, "sm_75", 0), FLYC_EIR, "'llvm.tanh.f32'", "__nv_tanhf");
    return;
  }
  a = NULL;
  assert_ok(compile_ir(&a, tanh_afn, "sm_75", 0));
  assert_non_null(strstr(ptx_of(a), "tanh.approx.f32"));
  assert_non_null(strstr(ptx_of(a), ".version 7.0"));
  flyc_artifact_destroy(a);
}

/* clang-22's CUDA at -O0 leaves its builtin variables extern_weak (their
 * address reaches the accessors): compiled as llc does; any other undefined
 * global is still refused. */
static void test_versions__cuda_builtins_at_O0(void **state) {
  (void)state;
  static const char ir[] =
      "%struct.__cuda_builtin_threadIdx_t = type { i8 }\n"
      "@threadIdx = extern_weak addrspace(1) global %struct.__cuda_builtin_threadIdx_t\n"
      "define i32 @rank(ptr %self) noinline {\n"
      "  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  ret i32 %x\n}\n"
      "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
      "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
      "  %r = call i32 @rank(ptr addrspacecast (ptr addrspace(1) @threadIdx to ptr))\n"
      "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_artifact_t *a = NULL;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "sm_80";
  o.opt_level = FLYC_OPT_O0;
  o.flags = FLYC_COMPILE_NO_CACHE;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "b.ll", &o));
  assert_non_null(strstr(ptx_of(a), ".entry k("));
  flyc_artifact_destroy(a);
  static const char other[] = "@thing = extern_weak addrspace(1) global i32\n"
                              "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
                              "  %v = load i32, ptr addrspace(1) @thing\n"
                              "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  a = NULL;
  assert_error(compile_ir(&a, other, "sm_80", 0), FLYC_ELINK, "undefined global 'thing'");
}

/* IR built for gfx90a:xnack+ given the target gfx90a (xnack any): refused
 * before codegen, naming the function and the target to use. */
static void test_versions__xnack_fixed_by_the_ir(void **state) {
  (void)state;
  static const char ir[] = "define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {\n"
                           "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
                           "attributes #0 = { \"target-cpu\"=\"gfx90a\" "
                           "\"target-features\"=\"+xnack\" }\n";
  flyc_artifact_t *a = NULL;
  assert_error(compile_ir(&a, ir, "gfx90a", 0), FLYC_EIR, "'k'", "+xnack",
               "compile for gfx90a:xnack+");
  assert_ok(compile_ir(&a, ir, "gfx90a:xnack+", 0));
  flyc_artifact_destroy(a);
  /* Another generation's instructions (issue 13, item 3): refused naming
   * the feature, the function and the target. */
  static const char gen[] = "define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {\n"
                            "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
                            "attributes #0 = { \"target-features\"=\"+gfx940-insts\" }\n";
  a = NULL;
  assert_error(compile_ir(&a, gen, "gfx90a", 0), FLYC_EIR, "'k'", "'+gfx940-insts'",
               "target gfx90a does not have");
  if (FLYC_TEST_LLVM_MAJOR >= 17) {
    assert_ok(compile_ir(&a, gen, "gfx942", 0));
    flyc_artifact_destroy(a);
  }
}

/* A link library's own __oclc_* constant must say what flyc would (issue
 * 13, item 2): a COV 5 ABI version in a COV 4 object reads block_dim from
 * inside the hidden arguments. */
static void test_versions__library_oclc_constants(void **state) {
  (void)state;
  static const char lib[] =
      "target triple = \"amdgcn-amd-amdhsa\"\n"
      "@__oclc_ABI_version = weak_odr hidden local_unnamed_addr addrspace(4) constant i32 500\n"
      "define i32 @abi() {\n  %v = load i32, ptr addrspace(4) @__oclc_ABI_version\n"
      "  ret i32 %v\n}\n";
  static const char ir[] = "declare i32 @abi()\n"
                           "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                           "  %v = call i32 @abi()\n  store i32 %v, ptr addrspace(1) %p\n"
                           "  ret void\n}\n";
  char *path = tu_temp_file(".ll", lib, strlen(lib));
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_NO_CACHE;
  const char *libs[] = {path};
  o.link_libraries = libs;
  o.link_library_count = 1;
  o.code_object_version = 4;
  flyc_artifact_t *a = NULL;
  assert_error(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o), FLYC_ELINK, path,
               "__oclc_ABI_version = 500", "needs 400");
  o.code_object_version = 5;
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  unlink(path);
  free(path);
}

/* Locals in the target's address space (issue 13, item 1): a builder body's
 * alloca lands in AMDGPU's private memory; IR whose allocas are elsewhere
 * (made without the target's layout) is refused naming the function. */
static int alloca_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  (void)payload;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMTypeRef arr = LLVMArrayType(i32, 16);
  LLVMValueRef local = LLVMBuildAlloca(b, arr, "local");
  LLVMValueRef idx[2] = {LLVMConstInt(i32, 0, 0), flyc_kb_thread_idx(kb, 0)};
  LLVMValueRef slot = LLVMBuildInBoundsGEP2(b, arr, local, idx, 2, "");
  LLVMBuildStore(b, LLVMConstInt(i32, 3, 0), slot);
  LLVMValueRef v = LLVMBuildLoad2(b, i32, LLVMBuildInBoundsGEP2(b, arr, local, idx, 2, ""), "");
  LLVMBuildStore(b, v, args[0]);
  LLVMBuildRetVoid(b);
  return 0;
}

static void test_versions__locals_in_private_memory(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    static const flyc_param_t out = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL};
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "loc";
    d.params = &out;
    d.param_count = 1;
    d.body = alloca_body;
    assert_ok(flyc_kernel_emit(ctx, &d, NULL));
    flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
    o.flags = FLYC_COMPILE_NO_CACHE;
    o.opt_level = FLYC_OPT_O0; /* keep the alloca */
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, &o, &a));
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
  static const char ir[] = "target datalayout = \"e\"\n"
                           "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                           "  %l = alloca i32\n  store i32 1, ptr %l\n  %v = load i32, ptr %l\n"
                           "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_artifact_t *a = NULL;
  if (FLYC_TEST_LLVM_MAJOR >= 22) /* LLVM 22's verifier says it first */
    assert_error(compile_ir(&a, ir, "gfx90a", 0), FLYC_EIR, "v.ll",
                 "alloca on amdgpu must be in addrspace(5)");
  else
    assert_error(compile_ir(&a, ir, "gfx90a", 0), FLYC_EIR, "'k'", "address space 0",
                 "address space 5");
}

/* IR with line tables, as Triton writes it (emissionKind: LineTablesOnly). */
#define DEBUG_IR(TRIPLE, CC, AS)                                                         \
  "target triple = \"" TRIPLE "\"\n"                                                     \
  "define " CC " void @k(ptr addrspace(" AS ") %p, i32 %n) !dbg !3 {\n"                  \
  "  %v = load i32, ptr addrspace(" AS ") %p, !dbg !6\n"                                 \
  "  %w = mul i32 %v, %n, !dbg !6\n"                                                     \
  "  store i32 %w, ptr addrspace(" AS ") %p, !dbg !7\n"                                  \
  "  ret void, !dbg !7\n}\n"                                                             \
  "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!8}\n"                                   \
  "!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: \"t\", "        \
  "isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)\n"                \
  "!1 = !DIFile(filename: \"k.py\", directory: \"/src\")\n"                              \
  "!2 = !DISubroutineType(types: !{})\n"                                                 \
  "!3 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1, type: !2, "    \
  "scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)\n"           \
  "!6 = !DILocation(line: 2, column: 3, scope: !3)\n"                                    \
  "!7 = !DILocation(line: 3, column: 5, scope: !3)\n"                                    \
  "!8 = !{i32 2, !\"Debug Info Version\", i32 3}\n"

static void test_versions__ptx_debug_target(void **state) {
  (void)state;
  static const char ir[] = DEBUG_IR("nvptx64-nvidia-cuda", "ptx_kernel", "1");
  flyc_artifact_t *a = NULL;
  assert_ok(compile_ir(&a, ir, "sm_80", 0));
  const char *ptx = ptx_of(a);
  assert_non_null(strstr(ptx, "\n.target sm_80\n"));
  assert_null(strstr(ptx, ", debug"));
  assert_non_null(strstr(ptx, ".loc\t1 2 3")); /* line info is kept */
  assert_non_null(strstr(ptx, ".file\t1 \"/src/k.py\""));
  assert_non_null(strstr(flyc_artifact_log(a), "removed ', debug'"));
  size_t n1;
  flyc_artifact_code(a, &n1);
  assert_int_equal(n1, strlen(ptx));
  flyc_artifact_destroy(a);
  a = NULL;
  assert_ok(compile_ir(&a, ir, "sm_80", FLYC_COMPILE_DEBUG_INFO));
  assert_non_null(strstr(ptx_of(a), "\n.target sm_80, debug\n"));
  flyc_artifact_destroy(a);
}

/* The bytes of the .text section of an AMDGPU code object (malloc'd). */
static void *text_section(const flyc_artifact_t *a, size_t *size) {
  size_t n;
  const void *code = flyc_artifact_code(a, &n);
  elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)code, n);
  assert_non_null(e);
  size_t shstrndx;
  assert_int_equal(elf_getshdrstrndx(e, &shstrndx), 0);
  void *out = NULL;
  for (Elf_Scn *s = NULL; (s = elf_nextscn(e, s));) {
    GElf_Shdr sh;
    gelf_getshdr(s, &sh);
    const char *name = elf_strptr(e, shstrndx, sh.sh_name);
    if (name && strcmp(name, ".text") == 0) {
      Elf_Data *d = elf_getdata(s, NULL);
      out = malloc(d->d_size);
      memcpy(out, d->d_buf, d->d_size);
      *size = d->d_size;
    }
  }
  elf_end(e);
  assert_non_null(out);
  return out;
}

/* Debug info never changes AMDGPU code: the same kernel with and without
 * line tables has the same .text. */
static void test_versions__amdgpu_code_ignores_debug_info(void **state) {
  (void)state;
  static const char with[] = DEBUG_IR("amdgcn-amd-amdhsa", "amdgpu_kernel", "1");
  static const char without[] =
      "target triple = \"amdgcn-amd-amdhsa\"\n"
      "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) {\n"
      "  %v = load i32, ptr addrspace(1) %p\n  %w = mul i32 %v, %n\n"
      "  store i32 %w, ptr addrspace(1) %p\n  ret void\n}\n";
  flyc_artifact_t *a = NULL, *b = NULL;
  assert_ok(compile_ir(&a, with, "gfx90a", 0));
  assert_ok(compile_ir(&b, without, "gfx90a", 0));
  size_t na, nb;
  void *ta = text_section(a, &na), *tb = text_section(b, &nb);
  assert_int_equal(na, nb);
  assert_memory_equal(ta, tb, na);
  free(ta);
  free(tb);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(b);
}

#define WGMMA_IR                                                                         \
  "declare void @llvm.nvvm.wgmma.fence.sync.aligned()\n"                                 \
  "define ptx_kernel void @gemm() {\n"                                                   \
  "  call void @llvm.nvvm.wgmma.fence.sync.aligned()\n  ret void\n}\n"
#define ASM_IR(TEXT)                                                                     \
  "define ptx_kernel void @gemm() {\n"                                                   \
  "  call void asm sideeffect \"" TEXT "\", \"\"()\n  ret void\n}\n"

/* wgmma, setmaxnreg, tcgen05 exist only on arch-specific targets: on others
 * LLVM aborts ("Cannot select") or ptxas refuses; flyc refuses first. */
static void test_versions__arch_specific_features(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_error(compile_ir(&a, ASM_IR("wgmma.fence.sync.aligned;"), "sm_80", 0), FLYC_EIR,
               "'gemm'", "wgmma", "sm_80", "compile for sm_90a");
  assert_error(compile_ir(&a, ASM_IR("setmaxnreg.inc.sync.aligned.u32 240;"), "sm_80", 0),
               FLYC_EIR, "setmaxnreg", "compile for sm_90a");
  if (FLYC_TEST_LLVM_MAJOR < 17) {
    print_message("skipped the sm_90/sm_90a cases: LLVM %d has no sm_90a\n",
                  FLYC_TEST_LLVM_MAJOR);
    return;
  }
  assert_error(compile_ir(&a, ASM_IR("wgmma.fence.sync.aligned;"), "sm_90", 0), FLYC_EIR,
               "inline asm", "compile for sm_90a");
  assert_ok(compile_ir(&a, ASM_IR("wgmma.fence.sync.aligned;"), "sm_90a", 0));
  flyc_artifact_destroy(a);
  a = NULL;
  if (FLYC_TEST_LLVM_MAJOR < 22) /* LLVM 19 has no wgmma.fence intrinsic */
    return;
  assert_error(compile_ir(&a, WGMMA_IR, "sm_90", 0), FLYC_EIR,
               "'llvm.nvvm.wgmma.fence.sync.aligned'", "'gemm'", "sm_90 does not have",
               "compile for sm_90a");
  assert_ok(compile_ir(&a, WGMMA_IR, "sm_90a", 0));
  assert_non_null(strstr(ptx_of(a), "wgmma.fence.sync.aligned"));
  flyc_artifact_destroy(a);
  a = NULL;
  assert_error(compile_ir(&a, ASM_IR("tcgen05.fence::before_thread_sync;"), "sm_100", 0),
               FLYC_EIR, "tcgen05", "compile for sm_100a");
  assert_error(compile_ir(&a, ASM_IR("tcgen05.fence::before_thread_sync;"), "sm_120a", 0),
               FLYC_EIR, "tcgen05", "sm_120a does not have", "compile for sm_100a");
  assert_error(compile_ir(&a, ASM_IR("wgmma.fence.sync.aligned;"), "sm_100a", 0), FLYC_EIR,
               "wgmma", "compile for sm_90a");
  assert_error(compile_ir(&a, ASM_IR("setmaxnreg.dec.sync.aligned.u32 40;"), "sm_120", 0),
               FLYC_EIR, "setmaxnreg", "compile for sm_120a");
  static const char *const ok[][2] = {{"tcgen05.fence::before_thread_sync;", "sm_100a"},
                                      {"tcgen05.fence::before_thread_sync;", "sm_103f"},
                                      {"setmaxnreg.dec.sync.aligned.u32 40;", "sm_120a"}};
  for (size_t i = 0; i < 3; i++) {
    char ir[256];
    snprintf(ir, sizeof ir, ASM_IR("%s"), ok[i][0]);
    a = NULL;
    assert_ok(compile_ir(&a, ir, ok[i][1], 0));
    flyc_artifact_destroy(a);
  }
}

/* A library built for an arch-specific target links only into that target. */
static void test_versions__arch_specific_library(void **state) {
  (void)state;
  if (FLYC_TEST_LLVM_MAJOR < 17) {
    print_message("skipped: LLVM %d has no sm_90a\n", FLYC_TEST_LLVM_MAJOR);
    skip();
  }
  static const char lib[] = "target triple = \"nvptx64-nvidia-cuda\"\n"
                            "define i32 @helper(i32 %x) #0 {\n  ret i32 %x\n}\n"
                            "attributes #0 = { \"target-cpu\"=\"sm_90a\" }\n";
  static const char ir[] = "declare i32 @helper(i32)\n"
                           "define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
                           "  %v = call i32 @helper(i32 1)\n"
                           "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
  char *path = tu_temp_file(".ll", lib, strlen(lib));
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.flags = FLYC_COMPILE_NO_CACHE;
  const char *libs[] = {path};
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  o.target = "sm_90";
  assert_error(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o), FLYC_ELINK, "'helper'",
               "sm_90a", "target sm_90 cannot run");
  o.target = "sm_90a";
  assert_ok(flyc_compile_buffer(&a, ir, strlen(ir), "k.ll", &o));
  flyc_artifact_destroy(a);
  unlink(path);
  free(path);
}

static void test_versions__processors_added_and_dropped(void **state) {
  (void)state;
  if (FLYC_TEST_LLVM_MAJOR >= 21) {
    assert_error(flyc_target_check("gfx940"), FLYC_EUNSUPPORTED, "'gfx940'",
                 "removed in LLVM 21", "use gfx942");
    assert_error(flyc_target_check("gfx941:xnack-"), FLYC_EUNSUPPORTED, "use gfx942");
  } else {
    assert_ok(flyc_target_check("gfx940"));
  }
  const char *new22[] = {"gfx950", "gfx950:sramecc+:xnack-", "gfx1153", "gfx1250", "gfx1251",
                         "sm_88", "sm_100a", "sm_101f", "sm_103", "sm_110a", "sm_120f",
                         "sm_121a"};
  for (size_t i = 0; i < sizeof new22 / sizeof *new22; i++) {
    if (FLYC_TEST_LLVM_MAJOR >= 22)
      assert_ok(flyc_target_check(new22[i]));
    else if (FLYC_TEST_LLVM_MAJOR <= 19)
      assert_error(flyc_target_check(new22[i]), FLYC_EUNSUPPORTED, "needs LLVM");
  }
  if (FLYC_TEST_LLVM_MAJOR >= 22) {
    assert_error(flyc_target_check("gfx1250:xnack+"), FLYC_EUNSUPPORTED, "no 'xnack'");
    flyc_artifact_t *a = NULL;
    assert_ok(compile_ir(&a, attrs_ir, "sm_100a", 0));
    assert_non_null(strstr(ptx_of(a), ".target sm_100a"));
    assert_non_null(strstr(ptx_of(a), ".version 8.6"));
    flyc_artifact_destroy(a);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_versions__annotations_in_memory),
      cmocka_unit_test(test_versions__attributes_on_every_llvm),
      cmocka_unit_test(test_versions__malformed_annotations_any_spelling),
      cmocka_unit_test(test_versions__nvptx_short_pointers),
      cmocka_unit_test(test_versions__nvptx_byval_struct_param),
      cmocka_unit_test(test_versions__bad_launch_bounds),
      cmocka_unit_test(test_versions__ptx_version_the_kernel_needs),
      cmocka_unit_test(test_versions__second_trial),
      cmocka_unit_test(test_versions__cuda_builtins_at_O0),
      cmocka_unit_test(test_versions__xnack_fixed_by_the_ir),
      cmocka_unit_test(test_versions__library_oclc_constants),
      cmocka_unit_test(test_versions__locals_in_private_memory),
      cmocka_unit_test(test_versions__ptx_debug_target),
      cmocka_unit_test(test_versions__amdgpu_code_ignores_debug_info),
      cmocka_unit_test(test_versions__arch_specific_features),
      cmocka_unit_test(test_versions__arch_specific_library),
      cmocka_unit_test(test_versions__processors_added_and_dropped),
  };
  return cmocka_run_group_tests_name("versions", tests, NULL, NULL);
}

/* Valid IR that GPU backends abort or hang on is refused in process with
 * FLYC_EIR naming the culprit (without these checks each of these inputs
 * would end the calling process). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>

#include "util.h"

static int compile(flyc_artifact_t **a, const char *ir, const char *target) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  return flyc_compile_buffer(a, ir, strlen(ir), "u.ll", &o);
}

#define AMD_K "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
#define NV_K "define void @k(ptr addrspace(1) %p) {\n"
#define NV_ANN "!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"

static void test_unsupported__math_intrinsics(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *amd = "declare double @llvm.sin.f64(double)\n" AMD_K
                    "  %x = load double, ptr addrspace(1) %p\n"
                    "  %y = call double @llvm.sin.f64(double %x)\n"
                    "  store double %y, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_error(compile(&a, amd, "gfx90a"), FLYC_EIR, "llvm.sin.f64", "__ocml_");
  const char *nv = "declare float @llvm.exp2.f32(float)\n" NV_K
                   "  %x = load float, ptr addrspace(1) %p\n"
                   "  %y = call float @llvm.exp2.f32(float %x)\n"
                   "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n" NV_ANN;
  assert_error(compile(&a, nv, "sm_80"), FLYC_EIR, "llvm.exp2.f32", "libdevice");
  /* f32 sin on AMDGPU has an instruction: accepted. */
  const char *ok = "declare float @llvm.sin.f32(float)\n" AMD_K
                   "  %x = load float, ptr addrspace(1) %p\n"
                   "  %y = call float @llvm.sin.f32(float %x)\n"
                   "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n";
  assert_ok(compile(&a, ok, "gfx90a"));
  flyc_artifact_destroy(a);
}

static void test_unsupported__types_and_globals(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_error(compile(&a, AMD_K "  %x = load fp128, ptr addrspace(1) %p\n"
                              "  %y = fdiv fp128 %x, %x\n"
                              "  store fp128 %y, ptr addrspace(1) %p\n  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "fp128", "'k'");
  assert_error(compile(&a, NV_K "  %x = load i1024, ptr addrspace(1) %p\n"
                             "  %y = sdiv i1024 %x, 7\n"
                             "  store i1024 %y, ptr addrspace(1) %p\n  ret void\n}\n" NV_ANN,
                       "sm_80"),
               FLYC_EIR, "i1024", "up to i128");
  assert_error(compile(&a, "@t = thread_local addrspace(1) global i32 0\n" AMD_K
                           "  %v = load i32, ptr addrspace(1) @t\n"
                           "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "thread_local", "'t'");
  assert_error(compile(&a, "@g = addrspace(1) global i32 0\n@h = addrspace(1) global i32 0\n"
                           "@x = addrspace(1) global i64 xor (i64 ptrtoint (ptr addrspace(1) @g "
                           "to i64), i64 ptrtoint (ptr addrspace(1) @h to i64))\n" AMD_K
                           "  %v = load i64, ptr addrspace(1) @x\n"
                           "  store i64 %v, ptr addrspace(1) %p\n  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "initializer of global 'x'", "relocation");
  assert_error(compile(&a, "define void @f() {\n  ret void\n}\n"
                           "@a = alias void (), ptr @f\n" NV_K "  call void @a()\n"
                           "  ret void\n}\n" NV_ANN,
                       "sm_80"),
               FLYC_EIR, "alias ('a')", "NVPTX");
  assert_error(compile(&a, NV_K "  %n = load i32, ptr addrspace(1) %p\n"
                             "  %m = alloca i8, i32 %n\n  store volatile i8 1, ptr %m\n"
                             "  ret void\n}\n" NV_ANN,
                       "sm_80"),
               FLYC_EIR, "run-time size", "PTX 7.3");
}

/* The argument block's limit: a struct taken byref (clang's HIP) counts as
 * its bytes, as byval does; NVPTX takes CUDA 12.1's large parameters (up
 * to 32764 bytes from PTX ISA 8.1, which the compile then asks for) where
 * this LLVM writes PTX ISA 8.1. */
static void test_unsupported__kernel_argument_sizes(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  int major = atoi(flyc_llvm_version());
  assert_error(compile(&a, "define amdgpu_kernel void @k(ptr addrspace(4) byref([1250 x i32]) "
                           "align 4 %s, ptr addrspace(1) %p) {\n"
                           "  %v = load i32, ptr addrspace(4) %s\n"
                           "  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "kernel 'k' takes 5008 bytes", "at most 4096");
  char ir[400];
  for (int words = 1102; words <= 8200; words += 8200 - 1102) {
    snprintf(ir, sizeof ir,
             "define void @k(ptr byval([%d x i32]) align 4 %%s, ptr addrspace(1) %%p) {\n"
             "  %%v = load i32, ptr %%s\n  store i32 %%v, ptr addrspace(1) %%p\n"
             "  ret void\n}\n" NV_ANN,
             words);
    int rc = compile(&a, ir, "sm_80");
    char want[64];
    snprintf(want, sizeof want, "kernel 'k' takes %d bytes", words * 4 + 8);
    if (words > 8000) { /* 32808 bytes: past even the large limit */
      assert_error(rc, FLYC_EIR, want, major >= 17 ? "at most 32764" : "at most 4096");
      continue;
    }
    if (major < 17) { /* PTX ISA 8.1 is LLVM 17's */
      assert_error(rc, FLYC_EIR, want, "at most 4096");
      continue;
    }
    assert_ok(rc);
    size_t n;
    const char *ptx = flyc_artifact_code(a, &n);
    assert_non_null(strstr(ptx, ".version 8.1")); /* sm_80's lowest is 7.0 */
    assert_non_null(strstr(ptx, "[4408]"));
    const char *ptxas = tu_ptxas();
    if (ptxas) {
      char path[64] = "/tmp/flyc-bigparam-XXXXXX", cmd[200];
      int fd = mkstemp(path);
      assert_true(fd >= 0 && write(fd, ptx, n) == (ssize_t)n);
      close(fd);
      snprintf(cmd, sizeof cmd, "%s -arch=sm_80 %s -o /dev/null", ptxas, path);
      assert_int_equal(system(cmd), 0);
      unlink(path);
    }
    flyc_artifact_destroy(a);
  }
}

static void test_unsupported__calling_conventions_and_kernels(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  assert_error(compile(&a, "define x86_stdcallcc void @f() {\n  ret void\n}\n" AMD_K
                           "  call x86_stdcallcc void @f()\n  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "'f'", "calling convention 64");
  assert_error(compile(&a, "define internal amdgpu_kernel void @ki(ptr addrspace(1) %p) {\n"
                           "  ret void\n}\n" AMD_K "  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "kernel 'ki' has internal linkage");
  /* A linkonce_odr kernel is an entry point all the same. */
  assert_ok(compile(&a, "define linkonce_odr amdgpu_kernel void @kl(ptr addrspace(1) %p) {\n"
                        "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n",
                    "gfx90a"));
  assert_non_null(flyc_artifact_kernel_lookup(a, "kl"));
  flyc_artifact_destroy(a);
  char big[256];
  snprintf(big, sizeof big,
           "define amdgpu_kernel void @k([2000 x i32] %%arr, ptr addrspace(1) %%p) {\n"
           "  ret void\n}\n");
  assert_error(compile(&a, big, "gfx90a"), FLYC_EIR, "kernel 'k' takes 8008 bytes",
               "at most 4096");
  /* A 600-character kernel name (long mangled C++ templates). */
  size_t n = 600;
  char *ir = malloc(n + 200), *name = malloc(n + 1);
  memset(name, 'k', n);
  name[n] = '\0';
  snprintf(ir, n + 200, "define amdgpu_kernel void @%s(ptr addrspace(1) %%p) {\n"
                        "  store i32 1, ptr addrspace(1) %%p\n  ret void\n}\n", name);
  assert_ok(compile(&a, ir, "gfx90a"));
  assert_non_null(flyc_artifact_kernel_lookup(a, name));
  flyc_artifact_destroy(a);
  free(ir);
  free(name);
  /* A flat work-group size the backend would ignore (and compile for
   * 1..1024 without a word) is refused; a valid one is kept. */
  static const char *const bad[] = {"0,99999", "1,2048", "256,128", "0,256", "abc", "256",
                                    "1,", ",64", "1,64,128", "1 ,64", "-1,64"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char k[400];
    snprintf(k, sizeof k,
             "define amdgpu_kernel void @k(ptr addrspace(1) %%p) #0 {\n  ret void\n}\n"
             "attributes #0 = { \"amdgpu-flat-work-group-size\"=\"%s\" }\n", bad[i]);
    char want[64];
    snprintf(want, sizeof want, "=\"%s\"", bad[i]);
    assert_error(compile(&a, k, "gfx90a"), FLYC_EIR, "function 'k'",
                 "amdgpu-flat-work-group-size", want, "1 <= MIN <= MAX <= 1024");
  }
  assert_ok(compile(&a,
                    "define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {\n"
                    "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
                    "attributes #0 = { \"amdgpu-flat-work-group-size\"=\"1,256\" }\n",
                    "gfx90a"));
  assert_int_equal(flyc_artifact_kernel_lookup(a, "k")->max_flat_workgroup_size, 256);
  flyc_artifact_destroy(a);
}

/* Found by the second adversarial pass: each aborted, crashed or hung LLVM
 * in process. */
static void test_unsupported__second_round(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  struct {
    const char *target, *ir, *want1, *want2;
  } cases[] = {
      {"gfx90a", AMD_K "  %o = atomicrmw add ptr addrspace(1) %p, i128 1 seq_cst\n  ret void\n}\n",
       "atomic operation on i128", "'k'"},
      {"sm_80", NV_K "  fence syncscope(\"foo\") seq_cst\n  ret void\n}\n" NV_ANN, "fence",
       "syncscope"},
      /* lld-lib (in process) would end the host on it */
      {"gfx90a", "@s = addrspace(1) global i32 0, section \".symtab\"\n" AMD_K
                 "  %v = load i32, ptr addrspace(1) @s\n  store i32 %v, ptr addrspace(1) %p\n"
                 "  ret void\n}\n",
       "global 's'", "section '.symtab'"},
      {"gfx90a", "@s = addrspace(1) global i32 0, section \".eh_frame\"\n" AMD_K
                 "  %v = load i32, ptr addrspace(1) @s\n  store i32 %v, ptr addrspace(1) %p\n"
                 "  ret void\n}\n",
       "global 's'", "section '.eh_frame'"},
      {"gfx90a", AMD_K "  %v = load i32, ptr addrspace(99) null\n  store i32 %v, ptr addrspace(1) %p\n"
                "  ret void\n}\n",
       "address space 99", "gfx90a"},
      {"gfx90a", AMD_K "  %v = call i1024 asm \"v_mov_b32 $0, 0\", \"=v\"()\n"
                "  store i1024 %v, ptr addrspace(1) %p\n  ret void\n}\n",
       "inline asm returning i1024", "at most i64"},
      {"gfx90a", AMD_K "  %x = load <2048 x i32>, ptr addrspace(1) %p\n"
                "  %y = mul <2048 x i32> %x, %x\n  store <2048 x i32> %y, ptr addrspace(1) %p\n"
                "  ret void\n}\n",
       "2048-element vector", "1024"},
      {"gfx90a", "define void @f() \"amdgpu-num-vgpr\"=\"1\" {\n  ret void\n}\n" AMD_K
                 "  call void @f()\n  ret void\n}\n",
       "\"amdgpu-num-vgpr\"=\"1\"", "24 to 1024"},
      {"gfx90a", "define amdgpu_kernel void @k(ptr addrspace(1) %p) !reqd_work_group_size !0 {\n"
                 "  ret void\n}\n!0 = !{i32 0, i32 -1, i32 99999}\n",
       "!reqd_work_group_size", "1 to 1024"},
      {"sm_80", NV_K "  ret void\n}\n!nvvm.annotations = !{!0, !1}\n"
                "!0 = !{ptr @k, !\"kernel\", i32 1}\n!1 = !{ptr @k, !\"maxntidx\"}\n",
       "nvvm.annotations entry 1", "operands"},
      {"gfx90a", "declare ptr addrspace(5) @llvm.frameaddress.p5(i32)\n" AMD_K
                 "  %f = call ptr addrspace(5) @llvm.frameaddress.p5(i32 0)\n"
                 "  %i = ptrtoint ptr addrspace(5) %f to i32\n  store i32 %i, ptr addrspace(1) %p\n"
                 "  ret void\n}\n",
       "llvm.frameaddress", "AMDGPU"},
      {"gfx90a", "define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) {\nentry:\n  br label %l\n"
                 "l:\n  %i = phi i32 [0, %entry], [%j, %l]\n  %j = add i32 %i, 1\n"
                 "  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %e, !llvm.loop !0\n"
                 "e:\n  ret void\n}\n!0 = distinct !{!0, !1}\n"
                 "!1 = !{!\"llvm.loop.unroll.count\", i32 100000}\n",
       "unroll a loop 100000 times", "4096"},
#if FLYC_TEST_LLVM_MAJOR < 19
      {"gfx90a", AMD_K "  %x = load bfloat, ptr addrspace(1) %p\n  %y = fadd bfloat %x, %x\n"
                "  store bfloat %y, ptr addrspace(1) %p\n  ret void\n}\n",
       "bfloat", "LLVM"},
      {"sm_80", "define i32 @va(i32 %n, ...) {\n  ret i32 %n\n}\n" NV_K
                "  %r = call i32 (i32, ...) @va(i32 1, i32 2)\n  store i32 %r, ptr addrspace(1) %p\n"
                "  ret void\n}\n" NV_ANN,
       "'va'", "variadic"},
#endif
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    assert_error(compile(&a, cases[i].ir, cases[i].target), FLYC_EIR, cases[i].want1,
                 cases[i].want2);
}

static void test_unsupported__deep_nesting(void **state) {
  (void)state;
  /* 5000 nested constant expressions: LLVM's IR parser would overflow its
   * stack on them. */
  size_t depth = 5000;
  size_t cap = depth * 64 + 512;
  char *ir = malloc(cap), *p = ir;
  p += sprintf(p, "@g = addrspace(1) global i64 ");
  for (size_t i = 0; i < depth; i++)
    p += sprintf(p, "add (i64 1, i64 ");
  p += sprintf(p, "0");
  for (size_t i = 0; i < depth; i++)
    *p++ = ')';
  p += sprintf(p, "%s", "\n" AMD_K "  ret void\n}\n");
  flyc_artifact_t *a = NULL;
  assert_error(compile(&a, ir, "gfx90a"), FLYC_EIR, "nests brackets", "more than 1000");
  free(ir);
}

/* The same nesting in a link library's bitcode: the closure's text (from
 * the child) is refused before LLVM's IR parser sees it, naming the
 * library. Built through llvm-c (no parser): add(ptrtoint @x, ...) does not
 * fold. */
/* A chain of `n` metadata nodes, each naming the next (forward
 * references): LLVM's IR parser resolves them recursively, a frame per
 * link. malloc'd. */
static char *metadata_chain(size_t n) {
  char *ir = malloc(n * 24 + 256), *p = ir;
  p += sprintf(p, "define amdgpu_kernel void @k(ptr addrspace(1) %%p) !foo !0 {\n"
                  "  store i32 1, ptr addrspace(1) %%p\n  ret void\n}\n");
  for (size_t i = 0; i + 1 < n; i++)
    p += sprintf(p, "!%zu = !{!%zu}\n", i, i + 1);
  sprintf(p, "!%zu = !{}\n", n - 1);
  return ir;
}

static void *compile_chain(void *arg) {
  flyc_artifact_t *a = NULL;
  int rc = compile(&a, arg, "gfx90a");
  flyc_artifact_destroy(a);
  return (void *)(intptr_t)rc;
}

/* A 200,000-link metadata chain overflowed the caller's 8 MiB stack in
 * LLVM's parser (issue 13): the compile runs on a stack of its own, so it
 * compiles, from a thread of 256 KiB too; over 2^20 metadata nodes is
 * refused before the parser sees them. */
static void test_unsupported__long_metadata_chain(void **state) {
  (void)state;
  char *ir = metadata_chain(200000);
  pthread_attr_t attr;
  pthread_t t;
  void *rc = (void *)1;
  assert_int_equal(pthread_attr_init(&attr), 0);
  assert_int_equal(pthread_attr_setstacksize(&attr, 256 << 10), 0);
  assert_int_equal(pthread_create(&t, &attr, compile_chain, ir), 0);
  pthread_join(t, &rc);
  pthread_attr_destroy(&attr);
  assert_int_equal((intptr_t)rc, FLYC_OK);
  free(ir);
  ir = metadata_chain(((size_t)1 << 20) + 2);
  flyc_artifact_t *a = NULL;
  assert_error(compile(&a, ir, "gfx90a"), FLYC_EIR, "u.ll", "metadata nodes", "1048576");
  /* The definitions on one line count the same. */
  for (char *p = strstr(ir, "\n!0 = ") + 1; (p = strchr(p, '\n')) && p[1]; p++)
    *p = ' ';
  assert_non_null(strstr(ir, "} !1 = "));
  assert_error(compile(&a, ir, "gfx90a"), FLYC_EIR, "u.ll", "metadata nodes", "1048576");
  free(ir);
}

static void test_unsupported__deep_nesting_in_library(void **state) {
  (void)state;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("deep", ctx);
  LLVMSetTarget(m, "amdgcn-amd-amdhsa");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef x = LLVMAddGlobalInAddressSpace(m, i64, "x", 1);
  LLVMSetInitializer(x, LLVMConstInt(i64, 0, 0));
  LLVMValueRef v = LLVMConstInt(i64, 0, 0);
  for (int i = 0; i < 1500; i++)
    v = LLVMConstAdd(LLVMConstPtrToInt(x, i64), v);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(m, i64, "g", 1);
  LLVMSetInitializer(g, v);
  LLVMValueRef f = LLVMAddFunction(m, "deep", LLVMFunctionType(i64, NULL, 0, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, f, "e"));
  LLVMBuildRet(b, LLVMBuildLoad2(b, i64, g, "v"));
  LLVMDisposeBuilder(b);
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
  char *lib = tu_temp_file(".bc", LLVMGetBufferStart(bc), LLVMGetBufferSize(bc));
  LLVMDisposeMemoryBuffer(bc);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  static const char k[] = "declare i64 @deep()\n"
                          "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                          "  %v = call i64 @deep()\n  store i64 %v, ptr addrspace(1) %p\n"
                          "  ret void\n}\n";
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_NO_CACHE;
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  assert_error(flyc_compile_buffer(&a, k, strlen(k), "k.ll", &o), FLYC_ELINK, lib,
               "nests brackets", "more than 1000");
  unlink(lib);
  free(lib);
}

/* Fences on NVPTX compile on every LLVM: LLVM 15-19's backend cannot select
 * `fence` (it aborts), so flyc makes it membar.sys there; a singlethread
 * fence orders nothing on the GPU. */
static void test_unsupported__nvptx_fences(void **state) {
  (void)state;
  const char *ir = NV_K "  store i32 1, ptr addrspace(1) %p\n  fence seq_cst\n"
                        "  fence syncscope(\"singlethread\") acquire\n"
                        "  store i32 2, ptr addrspace(1) %p\n  fence release\n"
                        "  ret void\n}\n" NV_ANN;
  flyc_artifact_t *a = NULL;
  assert_ok(compile(&a, ir, "sm_80"));
  size_t n;
  const char *ptx = flyc_artifact_code(a, &n);
  assert_true(strstr(ptx, "membar.sys") || strstr(ptx, "fence.sc.sys"));
  flyc_artifact_destroy(a);
}

/* Valid IR the backends abort on (LLVM ERROR in process), each refused by
 * name on the LLVMs that abort and compiled where LLVM lowers it (seen on
 * 15, 19 and 22; 16-18 are treated as 15). */
/* a, b, c into buf (1024 bytes): IR with '%' in it is no format. */
static void cat3(char *buf, const char *a, const char *b, const char *c) {
  assert_true(strlen(a) + strlen(b) + strlen(c) < 1024);
  strcpy(buf, a);
  strcat(buf, b);
  strcat(buf, c);
}

static void test_unsupported__backend_aborts(void **state) {
  (void)state;
  int major = atoi(flyc_llvm_version());
  flyc_artifact_t *a = NULL;
  /* fp <-> i128: NVPTX never; AMDGPU from LLVM 19. */
  const char *fp = "  %x = load double, ptr addrspace(1) %p\n  %i = fptosi double %x to i128\n"
                   "  store i128 %i, ptr addrspace(1) %p\n  ret void\n}\n";
  char buf[1024];
  cat3(buf, NV_K, fp, NV_ANN);
  assert_error(compile(&a, buf, "sm_80"), FLYC_EIR, "'k'", "wider than 64 bits");
  cat3(buf, AMD_K, fp, "");
  if (major >= 19) {
    assert_ok(compile(&a, buf, "gfx90a"));
    flyc_artifact_destroy(a);
  } else {
    assert_error(compile(&a, buf, "gfx90a"), FLYC_EIR, "'k'", "wider than 64 bits");
  }
  /* llvm.set.rounding: NVPTX never; AMDGPU from LLVM 19. */
  const char *rnd = "  call void @llvm.set.rounding(i32 0)\n  ret void\n}\n"
                    "declare void @llvm.set.rounding(i32)\n";
  cat3(buf, NV_K, rnd, NV_ANN);
  assert_error(compile(&a, buf, "sm_80"), FLYC_EIR, "'k'", "llvm.set.rounding");
  cat3(buf, AMD_K, rnd, "");
  if (major >= 19) {
    assert_ok(compile(&a, buf, "gfx90a"));
    flyc_artifact_destroy(a);
  } else {
    assert_error(compile(&a, buf, "gfx90a"), FLYC_EIR, "'k'", "llvm.set.rounding");
  }
  /* i128 division: both targets from LLVM 19. */
  const char *dv = "  %x = load i128, ptr addrspace(1) %p\n  %y = udiv i128 %x, 7\n"
                   "  store i128 %y, ptr addrspace(1) %p\n  ret void\n}\n";
  for (int t = 0; t < 2; t++) {
    cat3(buf, t ? NV_K : AMD_K, dv, t ? NV_ANN : "");
    if (major >= 19) {
      assert_ok(compile(&a, buf, t ? "sm_80" : "gfx90a"));
      flyc_artifact_destroy(a);
    } else {
      assert_error(compile(&a, buf, t ? "sm_80" : "gfx90a"), FLYC_EIR, "'k'", "divides i128");
    }
  }
  /* 8- and 16-bit atomicrmw on AMDGPU from LLVM 19. */
  const char *rmw = AMD_K "  %o = atomicrmw add ptr addrspace(1) %p, i8 1 seq_cst\n"
                          "  ret void\n}\n";
  if (major >= 19) {
    assert_ok(compile(&a, rmw, "gfx90a"));
    flyc_artifact_destroy(a);
  } else {
    assert_error(compile(&a, rmw, "gfx90a"), FLYC_EIR, "'k'", "16-bit atomicrmw");
  }
  /* llvm.clear_cache: a library call neither backend has. */
  const char *cc = "  call void @llvm.clear_cache(ptr null, ptr null)\n  ret void\n}\n"
                   "declare void @llvm.clear_cache(ptr, ptr)\n";
  for (int t = 0; t < 2; t++) {
    cat3(buf, t ? NV_K : AMD_K, cc, t ? NV_ANN : "");
    assert_error(compile(&a, buf, t ? "sm_80" : "gfx90a"), FLYC_EIR, "'k'", "llvm.clear_cache");
  }
  /* memcpy through an address space the target does not have. */
  assert_error(compile(&a, "declare void @llvm.memcpy.p1.p7.i64(ptr addrspace(1), ptr addrspace(7), i64, i1)\n"
                           "define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(7) %q) {\n"
                           "  call void @llvm.memcpy.p1.p7.i64(ptr addrspace(1) %p, ptr addrspace(7) %q, "
                           "i64 64, i1 false)\n  ret void\n}\n",
                       "gfx90a"),
               FLYC_EIR, "'k'", "address space 7");
}

/* Inline-asm templates LLVM's asm printer aborts on (report_fatal_error),
 * on both targets, refused naming the function and the template; the
 * well-formed forms compile. */
static void test_unsupported__inline_asm_templates(void **state) {
  (void)state;
  static const struct {
    const char *tmpl, *cons, *why;
  } bad[] = {
      {"s_nop $5", "", "names an operand the call does not have"},
      {"v_mov_b32 $1, 0", "=v", "names an operand the call does not have"},
      {"s_nop $x", "", "no operand number"},
      {"s_nop $", "", "no operand number"},
      {"s_nop $4294967296", "", "no operand number"},
      {"s_nop ${0:qq}", "v", "one modifier letter"},
      {"s_nop ${0:}", "v", "no modifier"},
      {"s_nop ${0", "v", "one modifier letter"},
      {"s_nop ${:frob}", "", "special formatter"},
      {"s_nop ${:uid", "", "unterminated"},
      {"$( s_nop $( $) $)", "", "nests variants"},
      {"s_nop ${0:a}", "v", "memory address"},
  };
  static const char *const good[][2] = {
      {"v_mov_b32 $0, $1", "=v,v"},        {"v_mov_b32 ${0}, ${1}", "=v,v"},
      {"s_nop 0 ; $$ ${:comment} ${:uid}", ""}, {"v_mov_b32 $0, $1", "=v,v,~{vcc}"},
      {"$( s_nop 0 $| s_nop 1 $)", ""},
  };
  char ir[1024];
  for (int t = 0; t < 2; t++)
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      int out = bad[i].cons[0] == '=';
      snprintf(ir, sizeof ir,
               "%s  %s call %s asm sideeffect \"%s\", \"%s\"(%s)\n%s  ret void\n}\n%s",
               t ? NV_K : AMD_K, out ? "%r =" : "", out ? "i32" : "void", bad[i].tmpl,
               bad[i].cons, bad[i].cons[0] == 'v' ? "i32 1" : "",
               out ? "  store i32 %r, ptr addrspace(1) %p\n" : "", t ? NV_ANN : "");
      flyc_artifact_t *a = NULL;
      assert_error(compile(&a, ir, t ? "sm_80" : "gfx90a"), FLYC_EIR, "'k'", "inline asm",
                   bad[i].why, "fails or aborts on");
    }
  /* asm goto (callbr): its template is checked too; AMDGPU compiles it
   * from LLVM 22 (StructurizeCFG crashes on it on 15 and 19). */
  static const char callbr[] =
      "%s  callbr void asm sideeffect \"%s\", \"!i\"() to label %%a [label %%b]\n"
      "a:\n  store i32 1, ptr addrspace(1) %%p\n  ret void\n"
      "b:\n  store i32 2, ptr addrspace(1) %%p\n  ret void\n}\n%s";
  int major = atoi(flyc_llvm_version());
  for (int t = 0; t < 2; t++) {
    flyc_artifact_t *a = NULL;
    snprintf(ir, sizeof ir, callbr, t ? NV_K : AMD_K, "s_nop $x", t ? NV_ANN : "");
    assert_error(compile(&a, ir, t ? "sm_80" : "gfx90a"), FLYC_EIR, "'k'", "no operand number");
    snprintf(ir, sizeof ir, callbr, t ? NV_K : AMD_K, "s_nop 0", t ? NV_ANN : "");
    int rc = compile(&a, ir, t ? "sm_80" : "gfx90a");
    if (t == 0 && major < 22) {
      assert_error(rc, FLYC_EIR, "'k'", "asm goto (callbr)", "gfx90a");
    } else if (t == 0) {
      assert_ok(rc);
      flyc_artifact_destroy(a);
    } else if (rc == FLYC_OK) {
      flyc_artifact_destroy(a);
    }
  }
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    const char *cons = good[i][1];
    int out = cons[0] == '=';
    snprintf(ir, sizeof ir, "%s  %s call %s asm sideeffect \"%s\", \"%s\"(%s)\n%s  ret void\n}\n",
             AMD_K, out ? "%r =" : "", out ? "i32" : "void", good[i][0], cons,
             strstr(cons, ",v") ? "i32 1" : "", out ? "  store i32 %r, ptr addrspace(1) %p\n" : "");
    flyc_artifact_t *a = NULL;
    int rc = compile(&a, ir, "gfx90a");
    if (rc)
      fail_msg("'%s' (%s): %s", good[i][0], cons, flyc_error_last()->message);
    flyc_artifact_destroy(a);
  }
}

static void test_unsupported__not_regular_files(void **state) {
  (void)state;
  char dir[] = "/tmp/flyc-fifo-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char fifo[64];
  snprintf(fifo, sizeof fifo, "%s/in.ll", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  flyc_artifact_t *a = NULL;
  /* Opening a FIFO must not wait for a writer. */
  assert_error(tu_compile(&a, fifo, "gfx90a", NULL, 0, 0), FLYC_EIO, "not a regular file");
  const char *libs[] = {fifo, NULL};
  assert_error(tu_compile(&a, K_MSTL, "gfx90a", libs, 0, 0), FLYC_EIO, fifo,
               "not a regular file");
  unlink(fifo);
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unsupported__math_intrinsics),
      cmocka_unit_test(test_unsupported__types_and_globals),
      cmocka_unit_test(test_unsupported__calling_conventions_and_kernels),
      cmocka_unit_test(test_unsupported__kernel_argument_sizes),
      cmocka_unit_test(test_unsupported__second_round),
      cmocka_unit_test(test_unsupported__deep_nesting),
      cmocka_unit_test(test_unsupported__deep_nesting_in_library),
      cmocka_unit_test(test_unsupported__long_metadata_chain),
      cmocka_unit_test(test_unsupported__nvptx_fences),
      cmocka_unit_test(test_unsupported__backend_aborts),
      cmocka_unit_test(test_unsupported__inline_asm_templates),
      cmocka_unit_test(test_unsupported__not_regular_files),
  };
  return cmocka_run_group_tests_name("unsupported", tests, NULL, NULL);
}

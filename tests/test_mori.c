/* mori's real shmem device bitcode (tests/fixtures/vendor/mori, built from
 * ROCm/mori for gfx942 by clang-22, COV 5) linked through the kernel
 * builder's ffi + link_extern, with a post-load processor named for mori's
 * module init: the COV follows the library, the state global is exported
 * with its defaults, the processor goes to the disk cache by name, pointers
 * declared as i64 link (and give the same code), i32 for a pointer and a
 * COV the library contradicts are refused naming the culprits.
 *
 * LLVM 19 reads the clang-19 build of the library; LLVM 15 reads neither
 * (no gfx942, and clang-22 bitcode is refused before any reader sees it),
 * so there the tests assert that refusal. */
#define _GNU_SOURCE /* nftw, mkdtemp */
#include <ftw.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Core.h>

#include "flyc/cache.h"
#include "flyc/driver.h"
#include "flyc/kernel.h"
#include "util.h"

#define MORI(f) FLYC_MORI_DIR "/" f
#if FLYC_TEST_LLVM_MAJOR >= 22
#define SHMEM MORI("libmori_shmem_device.bc")
#else
#define SHMEM MORI("libmori_shmem_device.llvm19.bc")
#endif
#define CCO MORI("libmori_cco_device.bc")
#define STATE "_ZN4mori5shmem15globalGpuStatesE"
/* mori's host side runs mori::shmem::ShmemModuleInit(hipModule) after each
 * load; this is its stand-in, registered under that role's name. */
#define MODULE_INIT "mori.shmem.module_init"

static char root[64]; /* the suite's temporary directory (its disk cache) */

/* LLVM 15 knows no gfx942 and reads no clang-19/22 bitcode. */
#if FLYC_TEST_LLVM_MAJOR >= 17
#define CAN_READ 1
#define ARCH "gfx942"
#else
#define CAN_READ 0
#define ARCH "gfx90a"
#endif

static int init_runs;
static int module_init(const flyc_loaded_module_t *m, void *payload) {
  (void)m;
  ++*(int *)payload;
  return 0;
}

/* How the kernel declares the pointers it hands mori. */
typedef enum { AS_PTR, AS_I64, AS_I32 } ptr_decl_t;

static const flyc_type_t T_I32 = {FLYC_TYPE_I32, 0}, T_I64 = {FLYC_TYPE_I64, 0},
                         T_PTR = {FLYC_TYPE_PTR, 0};

static const flyc_param_t params[2] = {
    {sizeof(flyc_param_t), "dst", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL},
    {sizeof(flyc_param_t), "src", FLYC_PARAM_PTR, 0, 1, 4, 0, NULL},
};

static LLVMValueRef call(flyc_kernel_builder_t *kb, const char *sym, const flyc_type_t *args,
                         size_t n, LLVMValueRef *values) {
  flyc_ffi_t f = FLYC_FFI_INIT;
  f.symbol = sym;
  f.result = T_I32;
  f.args = args;
  f.arg_count = n;
  flyc_extern_t e = FLYC_EXTERN_INIT;
  e.ffi = &f;
  e.bitcode_path = SHMEM;
  e.processor.name = MODULE_INIT;
  return flyc_kb_call_extern(kb, &e, values, n);
}

/* pe = my_pe(); n = n_pes(); int_p(dst, pe + n, pe, 0);
 * putmem_nbi_thread(dst, src, 4, pe, 0); quiet_thread(): five of mori's
 * functions, with the pointers declared as the payload says. */
static int body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg, void *payload) {
  ptr_decl_t how = *(const ptr_decl_t *)payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef flat = LLVMPointerTypeInContext(lc, 0);
  LLVMValueRef pe = call(kb, "mori_shmem_my_pe", NULL, 0, NULL);
  LLVMValueRef n = call(kb, "mori_shmem_n_pes", NULL, 0, NULL);
  if (!pe || !n)
    return FLYC_EINVAL;
  LLVMValueRef d = LLVMBuildAddrSpaceCast(b, arg[0], flat, "d");
  LLVMValueRef s = LLVMBuildAddrSpaceCast(b, arg[1], flat, "s");
  flyc_type_t pt = T_PTR;
  if (how != AS_PTR) {
    LLVMTypeRef it = LLVMIntTypeInContext(lc, how == AS_I64 ? 64 : 32);
    d = LLVMBuildPtrToInt(b, d, it, "");
    s = LLVMBuildPtrToInt(b, s, it, "");
    pt = how == AS_I64 ? T_I64 : T_I32;
  }
  LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(lc), 0, 0);
  const flyc_type_t p_args[4] = {pt, T_I32, T_I32, T_I32};
  LLVMValueRef p_vals[4] = {d, LLVMBuildAdd(b, pe, n, ""), pe, zero};
  const flyc_type_t m_args[5] = {pt, pt, T_I64, T_I32, T_I32};
  LLVMValueRef m_vals[5] = {d, s, LLVMConstInt(LLVMInt64TypeInContext(lc), 4, 0), pe, zero};
  if (!call(kb, "mori_shmem_int_p", p_args, 4, p_vals) ||
      !call(kb, "mori_shmem_putmem_nbi_thread", m_args, 5, m_vals) ||
      !call(kb, "mori_shmem_quiet_thread", NULL, 0, NULL))
    return FLYC_EINVAL;
  LLVMBuildRetVoid(b);
  return 0;
}

/* The kernel, built and compiled for ARCH with `o` (NULL: defaults). */
static int build(flyc_artifact_t **out, ptr_decl_t how, const flyc_compile_options_t *o) {
  flyc_ctx_t *ctx = NULL;
  int rc = flyc_ctx_create(&ctx, ARCH);
  if (rc)
    return rc;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "mori_put";
  d.params = params;
  d.param_count = 2;
  d.body = body;
  d.payload = &how;
  rc = flyc_kernel_emit(ctx, &d, NULL);
  if (rc == FLYC_OK)
    rc = flyc_ctx_compile(ctx, o, out);
  flyc_ctx_destroy(ctx);
  return rc;
}

/* Where LLVM cannot read the library, every compile is that refusal. */
static int refused_unreadable(int rc) {
  if (CAN_READ)
    return 0;
  assert_error(rc, FLYC_ELINK, SHMEM, "is bitcode from LLVM", "cannot read it safely");
  return 1;
}

/* The bytes of dynamic symbol `name`'s object in the code object. */
static int sym_bytes(const void *code, size_t size, const char *name, unsigned char *out,
                     size_t n) {
  elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)code, size);
  int found = 0;
  for (Elf_Scn *scn = NULL; e && !found && (scn = elf_nextscn(e, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    for (size_t i = 0; d && !found && i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Sym s;
      GElf_Shdr ds;
      if (!gelf_getsym(d, (int)i, &s) ||
          strcmp(elf_strptr(e, sh.sh_link, s.st_name), name) != 0 ||
          !gelf_getshdr(elf_getscn(e, s.st_shndx), &ds) || ds.sh_type != SHT_PROGBITS ||
          s.st_value - ds.sh_addr + n > ds.sh_size)
        continue;
      memcpy(out, (const char *)code + ds.sh_offset + (s.st_value - ds.sh_addr), n);
      found = 1;
    }
  }
  if (e)
    elf_end(e);
  return found;
}

/* No COV asked for: the library's 5, not comgr 2.4's 4; the state global
 * exported, 80 bytes, mori's defaults (rank -1, worldSize -1, numQpPerPe 4)
 * kept; the processor on the artifact by name. */
static void test_mori__links_with_the_library_cov(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  int rc = build(&a, AS_PTR, NULL);
  if (refused_unreadable(rc))
    return;
  assert_ok(rc);
  assert_int_equal(flyc_artifact_code_object_version(a), 5);
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  unsigned flags;
  int abi;
  tu_elf_flags(code, size, &flags, &abi);
  assert_int_equal(abi, 3); /* EI_ABIVERSION: COV - 2 */
  assert_non_null(flyc_artifact_kernel_lookup(a, "mori_put"));
  tu_sym_t s;
  assert_true(tu_dynsym(code, size, STATE, &s));
  assert_true(s.defined);
  assert_int_equal(s.size, 80);
  assert_int_equal(s.bind, 1 /* STB_GLOBAL */);
  assert_int_equal(s.type, 1 /* STT_OBJECT */);
  unsigned char head[12];
  assert_true(sym_bytes(code, size, STATE, head, sizeof head));
  const unsigned char want[12] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 4, 0, 0, 0};
  assert_memory_equal(head, want, sizeof want);
  /* mori's functions were internalized and inlined away. */
  assert_false(tu_dynsym(code, size, "mori_shmem_int_p", &s));
  assert_int_equal(flyc_artifact_processor_count(a), 1);
  flyc_processor_t p;
  assert_ok(flyc_artifact_processor(a, 0, &p));
  assert_string_equal(p.name, MODULE_INIT);
  assert_ptr_equal(p.fn, module_init);
  flyc_artifact_destroy(a);
}

static int find_entry(const flyc_cache_entry_t *e, void *payload) {
  if (strstr(e->kernels, "mori_put") && strcmp(e->processors, MODULE_INIT) == 0)
    ++*(int *)payload;
  return 0;
}

/* After the first compile of the kernel with the caches on (`a`): the
 * entry, then a compile served from it. */
static void disk_round_trip(flyc_artifact_t *a) {
  flyc_artifact_destroy(a);
  int entries = 0;
  assert_ok(flyc_cache_list(find_entry, &entries));
  assert_int_equal(entries, 1);
  flyc_cache_forget();
  assert_ok(build(&a, AS_PTR, NULL));
  assert_int_equal(flyc_artifact_origin(a), FLYC_ARTIFACT_DISK_CACHE);
  flyc_processor_t p;
  assert_ok(flyc_artifact_processor(a, 0, &p));
  assert_string_equal(p.name, MODULE_INIT);
  assert_ptr_equal(p.fn, module_init);
  assert_ptr_equal(p.payload, &init_runs);
  int before = init_runs;
  flyc_driver_t *drv = tu_fake_driver(NULL);
  flyc_gpu_jit_module_t *m = NULL;
  assert_ok(flyc_gpu_jit_module_load(&m, drv, 0, a, NULL, 0));
  assert_int_equal(init_runs, before + 1);
  flyc_gpu_jit_module_destroy(m);
  flyc_driver_destroy(drv);
  flyc_artifact_destroy(a);
}

/* The disk entry names the processor; a compile served from it (memory
 * forgotten) resolves the name to the registered function, and a load runs
 * it once. */
static void test_mori__processor_serialized_by_name(void **state) {
  (void)state;
  /* ctest turns the caches off (FLYC_CACHE=0); this test turns them on, in
   * the suite's own directory (FLYC_CACHE_DIR, main). */
  char *off = getenv("FLYC_CACHE") ? strdup(getenv("FLYC_CACHE")) : NULL;
  unsetenv("FLYC_CACHE");
  flyc_artifact_t *a = NULL;
  flyc_cache_forget();
  int rc = build(&a, AS_PTR, NULL);
  if (!refused_unreadable(rc)) {
    assert_ok(rc);
    disk_round_trip(a);
  }
  if (off)
    setenv("FLYC_CACHE", off, 1);
  free(off);
}

/* FlyDSL's ffi and mori's ABI table declare the pointers as i64: the
 * declarations take the library's `ptr`, the calls convert, and the code
 * object is the one the `ptr` declarations give. */
static void test_mori__i64_pointers_give_the_same_kernel(void **state) {
  (void)state;
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.flags = FLYC_COMPILE_NO_CACHE;
  flyc_artifact_t *a = NULL, *b = NULL;
  int rc = build(&a, AS_I64, &o);
  if (refused_unreadable(rc))
    return;
  assert_ok(rc);
  assert_non_null(strstr(flyc_artifact_log(a), "'mori_shmem_putmem_nbi_thread' is declared "
                                               "with i64"));
  assert_ok(build(&b, AS_PTR, &o));
  size_t na, nb;
  const void *ca = flyc_artifact_code(a, &na), *cb = flyc_artifact_code(b, &nb);
  assert_int_equal(na, nb);
  assert_memory_equal(ca, cb, na);
  const flyc_kernel_info_t *ka = flyc_artifact_kernel_lookup(a, "mori_put");
  assert_non_null(ka);
  assert_int_equal(ka->kernarg_segment_size,
                   flyc_artifact_kernel_lookup(b, "mori_put")->kernarg_segment_size);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(b);
}

/* An i32 for a pointer is not passed alike: refused, naming the function,
 * the library and the declaration to use. */
static void test_mori__i32_pointer_refused_with_the_declaration(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  int rc = build(&a, AS_I32, NULL);
  if (refused_unreadable(rc))
    return;
  assert_error(rc, FLYC_ELINK, "signature mismatch for 'mori_shmem_int_p'", SHMEM,
               "'i32 (i32, i32, i32, i32)'", "'i32 (ptr, i32, i32, i32)'",
               "declare i32 @mori_shmem_int_p(ptr, i32, i32, i32)");
  assert_null(a);
}

static const char *k_ir = "declare i32 @mori_shmem_my_pe()\n"
                          "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
                          "  %r = call i32 @mori_shmem_my_pe()\n"
                          "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n";

static int compile_k(flyc_artifact_t **out, const char *const *libs, size_t n, uint32_t cov) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = ARCH;
  o.link_libraries = libs;
  o.link_library_count = n;
  o.code_object_version = cov;
  return flyc_compile_buffer(out, k_ir, strlen(k_ir), "k.ll", &o);
}

/* mori's collective library is COV 6: one code object has one COV, so the
 * pair is refused naming both libraries and both versions. */
static void test_mori__libraries_of_two_covs_refused(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
#if FLYC_TEST_LLVM_MAJOR >= 22 || !CAN_READ
  const char *cco = CCO;
#else /* LLVM 19 reads no clang-22 bitcode: a COV 6 stand-in */
  const char *cco_ir = "define i32 @cco_stub() {\n  ret i32 0\n}\n"
                       "!llvm.module.flags = !{!0}\n"
                       "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 600}\n";
  char *cco = tu_temp_file(".ll", cco_ir, strlen(cco_ir));
#endif
  const char *libs[] = {SHMEM, cco};
  int rc = compile_k(&a, libs, 2, 0);
  if (!refused_unreadable(rc))
    assert_error(rc, FLYC_ELINK, "link libraries disagree on the code object version", SHMEM,
                 "was built for COV 5", cco, "for COV 6 (module flag amdhsa_code_object_version=600)");
  assert_null(a);
#if FLYC_TEST_LLVM_MAJOR < 22 && CAN_READ
  unlink(cco);
  free(cco);
#endif
}

/* A COV given that the library contradicts: refused naming both. */
static void test_mori__cov4_refused(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  const char *libs[] = {SHMEM};
  int rc = compile_k(&a, libs, 1, 4);
  if (refused_unreadable(rc))
    return;
  assert_error(rc, FLYC_ELINK, SHMEM, "built for code object version 5",
               "amdhsa_code_object_version=500", "the options ask for COV 4");
  /* Asked for 5, or not at all, it links. */
  assert_ok(compile_k(&a, libs, 1, 5));
  flyc_artifact_destroy(a);
  assert_ok(compile_k(&a, libs, 1, 0));
  assert_int_equal(flyc_artifact_code_object_version(a), 5);
  flyc_artifact_destroy(a);
}

static int remove_one(const char *p, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  return remove(p);
}

int main(void) {
  snprintf(root, sizeof root, "/tmp/flyc-test-mori-XXXXXX");
  if (!mkdtemp(root)) {
    perror("mkdtemp");
    return 1;
  }
  setenv("FLYC_CACHE_DIR", root, 1);
  if (flyc_processor_register(MODULE_INIT, module_init, &init_runs))
    return 1;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mori__links_with_the_library_cov),
      cmocka_unit_test(test_mori__processor_serialized_by_name),
      cmocka_unit_test(test_mori__i64_pointers_give_the_same_kernel),
      cmocka_unit_test(test_mori__i32_pointer_refused_with_the_declaration),
      cmocka_unit_test(test_mori__libraries_of_two_covs_refused),
      cmocka_unit_test(test_mori__cov4_refused),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  return failed;
}

/* A link library's bytes: a fixed gfx90a kernel calling four functions, with
 * the fuzzed bytes as its one link library (bitcode or text, by content),
 * through the default path for an untrusted library: the library's closure
 * is read, checked and printed in a forked child, its text parsed here, then
 * the link checks and the compile, O0, in process. LLVM's fatal errors are
 * marked and replayed isolated as fuzz_ir.c says. Seeds: the fixtures'
 * libraries (fuzz/corpus/linklib). */
#include <stdlib.h>

#include "fuzz.h"

static const char kernel[] =
    "target triple = \"amdgcn-amd-amdhsa\"\n"
    "declare i32 @mstl_my_pe()\n"
    "declare i32 @mstl_magic()\n"
    "declare i32 @mstl_n_pes()\n"
    "declare i32 @mstl_block_dim_x()\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %out) {\n"
    "  %a = call i32 @mstl_my_pe()\n"
    "  %b = call i32 @mstl_magic()\n"
    "  %c = call i32 @mstl_n_pes()\n"
    "  %d = call i32 @mstl_block_dim_x()\n"
    "  %s1 = add i32 %a, %b\n"
    "  %s2 = add i32 %c, %d\n"
    "  %s = add i32 %s1, %s2\n"
    "  store i32 %s, ptr addrspace(1) %out, align 4\n"
    "  ret void\n"
    "}\n";

static char lib[4096];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  fuzz_no_cache();
  fuzz_mark_llvm_fatal_errors();
  fuzz_path("lib", lib, sizeof lib);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_write_file(lib, data, size);
  const char *libs[] = {lib};
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.opt_level = FLYC_OPT_O0;
  o.flags = FLYC_COMPILE_NO_CACHE;
  const char *iso = getenv("FLYC_FUZZ_ISOLATED");
  if (iso && *iso)
    o.flags |= FLYC_COMPILE_ISOLATED;
  o.link_libraries = libs;
  o.link_library_count = 1;
  flyc_artifact_t *a = NULL;
  int rc = flyc_compile_buffer(&a, kernel, sizeof kernel - 1, "fuzz_kernel.ll", &o);
  fuzz_check_status(rc, "flyc_compile_buffer");
  if (rc == FLYC_OK) {
    fuzz_touch_artifact(a);
    flyc_artifact_destroy(a);
  }
  return 0;
}

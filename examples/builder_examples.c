/* Builds the kernel builder's examples for one target and writes the code:
 * the shared-memory reduction (examples/reduce_kernel.h: BLOCK 256 and 1024
 * with static shared memory, 512 with dynamic, in one artifact) and the shmem + math kernel (examples/shmem_math_kernel.h,
 * which links the stand-in shmem library given as MSTL.bc).
 *
 *   cc examples/builder_examples.c $(pkg-config --cflags --libs flyc) -o builder_examples
 *   ./builder_examples sm_80 mstl_nvptx.sm_80.bc out.ptx     # or gfx90a ... out.hsaco
 *   ./builder_examples gfx942 mstl_amdgcn.gfx942.cov5.bc out.hsaco 5   # the library's COV
 *
 * The processor the shmem kernel needs at load time is named in the
 * artifact; this program only registers a placeholder so the name resolves
 * (a GPU host registers one that writes the library's state). */
#include <stdio.h>
#include <stdlib.h>

#include <flyc.h>

#include "reduce_kernel.h"
#include "shmem_math_kernel.h"

static int fail(const char *what) {
  const flyc_error_t *e = flyc_error_last();
  fprintf(stderr, "%s: %s: %s\n", what, flyc_status_name(e->code), e->message);
  return 1;
}

static int placeholder(const flyc_loaded_module_t *m, void *payload) {
  (void)m, (void)payload;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: %s TARGET MSTL.bc OUT [COV]\n", argv[0]);
    return 2;
  }
  flyc_compile_options_t opts = FLYC_COMPILE_OPTIONS_INIT;
  if (argc == 5)
    opts.code_object_version = (unsigned)atoi(argv[4]);
  if (flyc_processor_register(SHMEM_MATH_PROCESSOR, placeholder, NULL))
    return fail("processor");
  flyc_ctx_t *ctx;
  if (flyc_ctx_create(&ctx, argv[1]))
    return fail("target");
  const char *r256, *r1024, *rdyn, *sm;
  flyc_artifact_t *a = NULL;
  if (reduce_emit(ctx, 256, &r256) || reduce_emit(ctx, 1024, &r1024) ||
      reduce_emit_mode(ctx, 512, 1, &rdyn) ||
      shmem_math_emit(ctx, argv[2], &sm) || flyc_ctx_compile(ctx, &opts, &a)) {
    flyc_ctx_destroy(ctx);
    return fail("build");
  }
  flyc_ctx_destroy(ctx);
  for (size_t i = 0; i < flyc_artifact_kernel_count(a); i++) {
    const flyc_kernel_info_t *k = flyc_artifact_kernel(a, i);
    printf("%s: block %u,%u,%u, static shared %u bytes, dynamic %u\n", k->name,
           k->reqd_workgroup_size[0], k->reqd_workgroup_size[1], k->reqd_workgroup_size[2],
           k->group_segment_fixed_size, k->dynamic_shared_size);
  }
  for (size_t i = 0; i < flyc_artifact_processor_count(a); i++) {
    flyc_processor_t p;
    flyc_artifact_processor(a, i, &p);
    printf("post-load processor %zu: %s\n", i, p.name ? p.name : "(unnamed)");
  }
  size_t size;
  const void *code = flyc_artifact_code(a, &size);
  FILE *f = fopen(argv[3], "wb");
  int ok = f && fwrite(code, 1, size, f) == size;
  ok = f && fclose(f) == 0 && ok;
  if (!ok)
    perror(argv[3]);
  else
    printf("%s: %zu bytes in %s\n", flyc_artifact_target(a), size, argv[3]);
  flyc_artifact_destroy(a);
  return ok ? 0 : 1;
}

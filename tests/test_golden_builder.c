/* Golden comparison of the kernel builder's example kernels with the same
 * kernels written in HIP, OpenCL C and CUDA and compiled by clang-15
 * (tests/fixtures/{reduce,shmem_math,vadd}.{hip,cl,cu}; see the golden
 * section of tests/fixtures/CMakeLists.txt):
 *
 *   gfx90a, COV4 (code object metadata, each codegen path flyc has):
 *     kernarg segment and `.args` (tu_assert_same_kernargs, which covers the
 *     max flat workgroup size), static LDS, wavefront size, target, COV, and
 *     `.reqd_workgroup_size` against the OpenCL golden (HIP cannot say it).
 *   sm_80 PTX: the `.entry` parameter list (count, offsets, sizes, `.param`
 *     types), the parameter segment, the `.maxntid`/`.reqntid` block limit and
 *     the static `.shared` bytes.
 *
 * A comparison whose golden was not built (clang-15, HIP, OpenCL or NVPTX
 * support missing) is skipped, as is the sm_80 shmem kernel without
 * libdevice. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"
#include "reduce_kernel.h"     /* examples/ */
#include "shmem_math_kernel.h" /* examples/ */
#include "vadd_kernel.h"       /* examples/ */

#ifdef FLYC_TEST_HAVE_HIP_GOLDEN
#define HAVE_HIP 1
#else
#define HAVE_HIP 0
#endif
#ifdef FLYC_TEST_HAVE_CL_GOLDEN
#define HAVE_CL 1
#else
#define HAVE_CL 0
#endif
#ifdef FLYC_TEST_HAVE_CUDA_GOLDEN
#define HAVE_CUDA 1
#else
#define HAVE_CUDA 0
#endif
/* Skips the test when the golden kind was not built at configure time. */
#define SKIP_UNLESS(have, what)                                                        \
  do {                                                                                 \
    if (!(have)) {                                                                     \
      print_message("skipped: clang-15 with " what " support was not found at "       \
                    "configure time (no golden)\n");                                   \
      skip();                                                                          \
    }                                                                                  \
  } while (0)

enum { K_VADD, K_REDUCE, K_SHMEM_MATH };
static const char *const kernel_name[] = {"vadd", "reduce_sum", "shmem_math"};

static int noop_processor(const flyc_loaded_module_t *m, void *payload) {
  (void)m, (void)payload;
  return 0;
}

static int group_setup(void **state) {
  (void)state;
  /* The shmem kernel's link_extern names this processor: it must resolve. */
  return flyc_processor_register(SHMEM_MATH_PROCESSOR, noop_processor, NULL) == FLYC_OK ? 0 : -1;
}

/* Builds kernel `which` with the kernel builder for `target` (COV 4 for
 * AMDGPU, as the goldens) through `codegen`. */
static flyc_artifact_t *build(int which, const char *target, uint32_t codegen) {
  int amd = strncmp(target, "gfx", 3) == 0;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, target));
  const char *name = NULL;
  if (which == K_VADD) {
    flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
    d.name = "vadd";
    d.params = vadd_params;
    d.param_count = 4;
    d.body = vadd_body;
    assert_ok(flyc_kernel_emit(ctx, &d, &name));
  } else if (which == K_REDUCE) {
    assert_ok(reduce_emit(ctx, 256, &name));
  } else {
    assert_ok(shmem_math_emit(
        ctx, amd ? FX("mstl_amdgcn.gfx90a.cov4.bc") : FX("mstl_nvptx.sm_80.bc"), &name));
  }
  assert_string_equal(name, kernel_name[which]); /* the golden's name */
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.codegen = codegen;
  if (amd)
    o.code_object_version = 4;
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, &o, &a));
  flyc_ctx_destroy(ctx);
  return a;
}

/* Reads a golden code object with flyc_artifact_read; skips the test when
 * this flyc build cannot read code object metadata (FLYC_EUNSUPPORTED). */
static flyc_artifact_t *read_golden(const char *path) {
  size_t n = 0;
  void *bytes = tu_read(path, &n);
  if (!bytes)
    print_error("golden %s is missing (it was configured to be built)\n", path);
  assert_non_null(bytes);
  flyc_artifact_t *g = NULL;
  int rc = flyc_artifact_read(&g, bytes, n);
  free(bytes);
  if (rc == FLYC_EUNSUPPORTED) {
    print_message("skipped: this flyc cannot read code object metadata (%s)\n",
                  flyc_error_last()->message);
    skip();
  }
  assert_ok(rc);
  return g;
}

/* ------------------------------------------------------------ gfx90a */

/* Compares kernel `which` built by flyc through every codegen path with the
 * golden code object `path`. */
static void check_amdgcn(int which, const char *path, int compare_reqd) {
  flyc_artifact_t *g = read_golden(path);
  const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(g, kernel_name[which]);
  assert_non_null(c);
  assert_int_equal(flyc_artifact_kernel_count(g), 1);
  assert_int_equal(flyc_artifact_code_object_version(g), 4);
  int built = 0;
  for (uint32_t cg = FLYC_CODEGEN_COMGR; cg <= FLYC_CODEGEN_LLD; cg++) {
    if (!tu_can("gfx90a", cg))
      continue;
    flyc_artifact_t *a = build(which, "gfx90a", cg);
    const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, kernel_name[which]);
    assert_non_null(k);
    print_message("%s via %s: kernarg %u (clang %u), %zu args (clang %zu), LDS %u (clang %u), "
                  "max flat %u (clang %u), reqd %u,%u,%u (clang %u,%u,%u)\n",
                  k->name, flyc_codegen_name(cg), k->kernarg_segment_size,
                  c->kernarg_segment_size, k->arg_count, c->arg_count,
                  k->group_segment_fixed_size, c->group_segment_fixed_size,
                  k->max_flat_workgroup_size, c->max_flat_workgroup_size,
                  k->reqd_workgroup_size[0], k->reqd_workgroup_size[1], k->reqd_workgroup_size[2],
                  c->reqd_workgroup_size[0], c->reqd_workgroup_size[1], c->reqd_workgroup_size[2]);
    assert_string_equal(flyc_artifact_target(a), flyc_artifact_target(g));
    assert_int_equal(flyc_artifact_code_object_version(a), 4);
    tu_assert_same_kernargs(k, c);
    assert_int_equal(k->group_segment_fixed_size, c->group_segment_fixed_size);
    assert_int_equal(k->wavefront_size, c->wavefront_size);
    if (compare_reqd)
      for (int d = 0; d < 3; d++)
        assert_int_equal(k->reqd_workgroup_size[d], c->reqd_workgroup_size[d]);
    flyc_artifact_destroy(a);
    built++;
  }
  assert_true(built > 0); /* some codegen path serves gfx90a in every flyc build */
  flyc_artifact_destroy(g);
}

/* reduce_sum<256> against HIP: 20-byte kernarg segment (no hidden arguments),
 * 1024 bytes of static LDS, max flat workgroup size 256 (__launch_bounds__). */
static void test_golden_builder__reduce_gfx90a_matches_hip(void **state) {
  (void)state;
  SKIP_UNLESS(HAVE_HIP, "HIP");
  flyc_artifact_t *g = read_golden(FX("reduce_clang.gfx90a.hsaco"));
  const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(g, "reduce_sum");
  assert_non_null(c);
  /* The golden is what it says it is (else every comparison below is weak). */
  assert_int_equal(c->group_segment_fixed_size, 1024);
  assert_int_equal(c->max_flat_workgroup_size, 256);
  assert_int_equal(c->arg_count, 3);
  assert_int_equal(c->reqd_workgroup_size[0], 0); /* HIP cannot give one */
  flyc_artifact_destroy(g);
  check_amdgcn(K_REDUCE, FX("reduce_clang.gfx90a.hsaco"), 0);
}

/* reduce_sum<256> against OpenCL C, the only clang-15 language with
 * reqd_work_group_size: the builder's known_block_size must give the same
 * `.reqd_workgroup_size` (and the same kernargs and LDS). */
static void test_golden_builder__reduce_gfx90a_matches_opencl(void **state) {
  (void)state;
  SKIP_UNLESS(HAVE_CL, "OpenCL/AMDGPU");
  flyc_artifact_t *g = read_golden(FX("reduce_clang_cl.gfx90a.hsaco"));
  const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(g, "reduce_sum");
  assert_non_null(c);
  assert_int_equal(c->reqd_workgroup_size[0], 256);
  assert_int_equal(c->reqd_workgroup_size[1], 1);
  assert_int_equal(c->reqd_workgroup_size[2], 1);
  assert_int_equal(c->group_segment_fixed_size, 1024);
  flyc_artifact_destroy(g);
  check_amdgcn(K_REDUCE, FX("reduce_clang_cl.gfx90a.hsaco"), 1);
}

/* shmem_math against HIP (sqrtf/expf from ocml, a noinline mstl_my_pe): the
 * library call and the math must not change the kernel's interface. */
static void test_golden_builder__shmem_math_gfx90a_matches_hip(void **state) {
  (void)state;
  SKIP_UNLESS(HAVE_HIP, "HIP");
  check_amdgcn(K_SHMEM_MATH, FX("shmem_math_clang.gfx90a.hsaco"), 0);
}

/* ------------------------------------------------------------- sm_80 */

/* Appends `n` bytes of `s` to the space-separated list `out`. */
static void append_token(char *out, size_t cap, const char *s, size_t n) {
  size_t l = strlen(out);
  if (l + n + 2 > cap)
    fail_msg("parameter list too long");
  if (l)
    out[l++] = ' ';
  memcpy(out + l, s, n);
  out[l + n] = 0;
}

/* The `.param` declarations of `.entry name(` in `ptx` without the state
 * space and the names, joined by spaces into `out`: ".u64 .u64 .u32", or
 * ".align 4 .b8" for an aggregate. */
static void ptx_param_types(const char *ptx, const char *name, char *out, size_t cap) {
  char head[128];
  snprintf(head, sizeof head, ".entry %s(", name);
  const char *p = strstr(ptx, head);
  assert_non_null(p);
  const char *close = strchr(p, ')');
  assert_non_null(close);
  out[0] = 0;
  for (const char *q = p; (q = strstr(q, ".param")) && q < close; q += 6) {
    const char *r = q + 6;
    size_t types = 0;
    for (;;) { /* `.align N` and the type, up to the name */
      while (*r == ' ' || *r == '\t')
        r++;
      size_t tl = strcspn(r, " \t,)\n");
      int is_align = tl == 6 && strncmp(r, ".align", 6) == 0;
      if (*r != '.' && !(tl && isdigit((unsigned char)*r)))
        break; /* the name */
      /* LLVM 21+ writes `.ptr .global` (the pointee's state space) on kernel
       * pointer parameters: attributes of the pointer, not its type. */
      if (tl == 4 && strncmp(r, ".ptr", 4) == 0) {
        r += tl; /* `.ptr [.space] [.align N]` */
        r += strspn(r, " \t");
        if (strncmp(r, ".global", 7) == 0 || strncmp(r, ".shared", 7) == 0 ||
            strncmp(r, ".const", 6) == 0 || strncmp(r, ".local", 6) == 0)
          r += strcspn(r, " \t,)\n") + strspn(r + strcspn(r, " \t,)\n"), " \t");
        if (strncmp(r, ".align", 6) == 0) {
          r += 6;
          r += strspn(r, " \t");
          r += strspn(r, "0123456789");
        }
        continue;
      }
      append_token(out, cap, r, tl);
      types += *r == '.' && !is_align;
      r += tl;
    }
    assert_int_equal(types, 1);
  }
}

/* Bytes of static `.shared` data the PTX declares (module scope or demoted
 * into a function): `.shared [.align A] .<t>N name[count]`. */
static unsigned long ptx_static_shared(const char *ptx) {
  unsigned long total = 0;
  for (const char *line = ptx, *nl; *line; line = nl ? nl + 1 : line + strlen(line)) {
    nl = strchr(line, '\n');
    const char *r = line;
    while (*r == ' ' || *r == '\t')
      r++;
    if (strncmp(r, ".shared", 7) != 0 || !isspace((unsigned char)r[7]))
      continue; /* not a declaration (ld.shared, `.extern .shared`, ...) */
    r += 7;
    while (isspace((unsigned char)*r))
      r++;
    if (strncmp(r, ".align", 6) == 0) {
      r += 6;
      while (isspace((unsigned char)*r) || isdigit((unsigned char)*r))
        r++;
    }
    /* .b8 .u32 .f32 ... : the element width in bits */
    assert_true(*r == '.');
    r += 2;
    unsigned long bits = strtoul(r, (char **)&r, 10);
    assert_true(bits >= 8 && bits % 8 == 0);
    const char *semi = strchr(r, ';');
    const char *br = strchr(r, '[');
    unsigned long count = 1;
    if (br && (!semi || br < semi))
      count = strtoul(br + 1, NULL, 10);
    total += bits / 8 * count;
  }
  return total;
}

/* Compares kernel `which` built by flyc for sm_80 with the golden PTX `path`. */
static void check_ptx(int which, const char *path) {
  if (!tu_can("sm_80", FLYC_CODEGEN_PTX)) {
    print_message("skipped: this flyc has no NVPTX codegen\n");
    skip();
  }
  size_t gn = 0;
  char *gptx = tu_read(path, &gn);
  assert_non_null(gptx);
  char *t = realloc(gptx, gn + 1); /* NUL-terminated for the text helpers */
  assert_non_null(t);
  gptx = t;
  gptx[gn] = 0;
  flyc_artifact_t *g = NULL;
  assert_ok(flyc_artifact_read(&g, gptx, gn));
  assert_int_equal(flyc_artifact_format(g), FLYC_CODE_PTX);
  const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(g, kernel_name[which]);
  assert_non_null(c);
  assert_int_equal(flyc_artifact_kernel_count(g), 1); /* mstl_my_pe is a .func */

  flyc_artifact_t *a = build(which, "sm_80", FLYC_CODEGEN_PTX);
  assert_int_equal(flyc_artifact_format(a), FLYC_CODE_PTX);
  assert_string_equal(flyc_artifact_target(a), flyc_artifact_target(g));
  size_t on = 0;
  const char *optx = flyc_artifact_code(a, &on);
  /* flyc's PTX read back the way the golden was, and flyc's own metadata
   * (what a launch packs the parameters by). */
  flyc_artifact_t *r = NULL;
  assert_ok(flyc_artifact_read(&r, optx, on));
  const flyc_kernel_info_t *kr = flyc_artifact_kernel_lookup(r, kernel_name[which]);
  const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, kernel_name[which]);
  assert_non_null(kr);
  assert_non_null(k);

  char gt[256], ot[256];
  ptx_param_types(gptx, kernel_name[which], gt, sizeof gt);
  ptx_param_types(optx, kernel_name[which], ot, sizeof ot);
  unsigned long gsh = ptx_static_shared(gptx), osh = ptx_static_shared(optx);
  print_message("%s sm_80: params [%s] (clang [%s]), %u bytes (clang %u), block limit %u "
                "(clang %u), reqntid %u,%u,%u (clang %u,%u,%u), static shared %lu (clang %lu)\n",
                k->name, ot, gt, kr->kernarg_segment_size, c->kernarg_segment_size,
                kr->max_flat_workgroup_size, c->max_flat_workgroup_size, kr->reqd_workgroup_size[0],
                kr->reqd_workgroup_size[1], kr->reqd_workgroup_size[2], c->reqd_workgroup_size[0],
                c->reqd_workgroup_size[1], c->reqd_workgroup_size[2], gsh, osh);

  assert_string_equal(ot, gt);
  assert_int_equal(c->arg_count, which == K_VADD ? 4 : 3);
  assert_int_equal(kr->arg_count, c->arg_count);
  assert_int_equal(k->arg_count, c->arg_count);
  assert_int_equal(kr->kernarg_segment_size, c->kernarg_segment_size);
  assert_int_equal(kr->kernarg_segment_align, c->kernarg_segment_align);
  assert_int_equal(k->kernarg_segment_size, c->kernarg_segment_size);
  for (size_t i = 0; i < c->arg_count; i++) {
    assert_int_equal(kr->args[i].offset, c->args[i].offset);
    assert_int_equal(kr->args[i].size, c->args[i].size);
    assert_int_equal(k->args[i].offset, c->args[i].offset);
    assert_int_equal(k->args[i].size, c->args[i].size);
  }
  /* `.maxntid` (clang's __launch_bounds__) and `.reqntid` (the builder's
   * known_block_size) give the same block limit. */
  assert_int_equal(kr->max_flat_workgroup_size, c->max_flat_workgroup_size);
  assert_int_equal(k->max_flat_workgroup_size, c->max_flat_workgroup_size);
  for (int d = 0; d < 3; d++) {
    if (c->reqd_workgroup_size[0]) /* a `.reqntid` in the golden (none in clang-15's CUDA) */
      assert_int_equal(kr->reqd_workgroup_size[d], c->reqd_workgroup_size[d]);
    /* flyc's metadata says what its PTX says */
    assert_int_equal(k->reqd_workgroup_size[d], kr->reqd_workgroup_size[d]);
  }
  assert_int_equal(osh, gsh);
  assert_int_equal(k->group_segment_fixed_size, gsh); /* flyc's metadata agrees */
  flyc_artifact_destroy(r);
  flyc_artifact_destroy(a);
  flyc_artifact_destroy(g);
  free(gptx);
}

static void test_golden_builder__vadd_sm80_matches_cuda(void **state) {
  (void)state;
  SKIP_UNLESS(HAVE_CUDA, "CUDA/NVPTX");
  check_ptx(K_VADD, FX("vadd_clang.sm_80.ptx"));
}

/* reduce_sum<256>: clang's `.maxntid 256, 1, 1` is the builder's
 * `.reqntid 256, 1, 1` as a limit; 1024 bytes of static shared memory. */
static void test_golden_builder__reduce_sm80_matches_cuda(void **state) {
  (void)state;
  SKIP_UNLESS(HAVE_CUDA, "CUDA/NVPTX");
  check_ptx(K_REDUCE, FX("reduce_clang.sm_80.ptx"));
}

static void test_golden_builder__shmem_math_sm80_matches_cuda(void **state) {
  (void)state;
  SKIP_UNLESS(HAVE_CUDA, "CUDA/NVPTX");
  SKIP_WITHOUT_LIBDEVICE(); /* flyc's sqrt and exp come from libdevice */
  check_ptx(K_SHMEM_MATH, FX("shmem_math_clang.sm_80.ptx"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_builder__reduce_gfx90a_matches_hip),
      cmocka_unit_test(test_golden_builder__reduce_gfx90a_matches_opencl),
      cmocka_unit_test(test_golden_builder__shmem_math_gfx90a_matches_hip),
      cmocka_unit_test(test_golden_builder__vadd_sm80_matches_cuda),
      cmocka_unit_test(test_golden_builder__reduce_sm80_matches_cuda),
      cmocka_unit_test(test_golden_builder__shmem_math_sm80_matches_cuda),
  };
  return cmocka_run_group_tests_name("golden_builder", tests, group_setup, NULL);
}

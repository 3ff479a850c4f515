/* Inputs written by a real frontend: clang-22's HIP and CUDA device IR
 * (tests/frontends/clang/out, made by gen.sh from src/), at -O0 and -O3, as
 * text and bitcode, compiled by flyc for the processor clang wrote them for.
 *
 * LLVM 22 build: every file compiles, and the kernel table equals clang's
 * own code object's (AMDGPU: names, kernarg segment, every argument, max flat
 * workgroup size, wavefront size, LDS) or clang's own PTX's (NVPTX: each
 * .entry, its parameter list and performance directives, the .shared bytes).
 *
 * LLVM 15/19 builds: each file gets its exact status, never a crash. A
 * processor the build does not know (LLVM 15: gfx942, sm_90, sm_90a) is
 * FLYC_EUNSUPPORTED; otherwise clang-22's syntax (captures(none), `nuw` GEPs,
 * fast-math flags on calls returning structs, new attribute kinds in
 * bitcode) is FLYC_EIR naming the file. LLVM 19 reads the unoptimized CUDA
 * vadd and math (and vadd -g as text) and compiles them right; the O0 reduce
 * and histogram call llvm.nvvm.barrier.cta.sync.aligned.all, which LLVM 19
 * lacks: FLYC_EIR naming it.
 *
 * Triton 3.6's IR (tests/frontends/triton), compiled with default options:
 * on LLVM 22 its kernel table equals Triton's hsaco's (gfx942, registers
 * aside) and its PTX's (.entry, .reqntid, 32-bit shared pointers, no
 * `, debug`), for sm_90a and, but for the wgmma gemm, sm_90 and sm_80; on
 * LLVM 15/19 each file is FLYC_EIR naming it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define FE(name) FLYC_FRONTEND_DIR "/" name

typedef struct fe_kernel {
  const char *src;    /* file stem in out/ */
  const char *kernel; /* the kernel it defines */
  int needs_hipbc;    /* calls __atomic_work_item_fence (ROCm 5.2's __syncthreads) */
  int needs_libdevice;
} fe_kernel_t;

static const fe_kernel_t hip_kernels[] = {
    {"vadd", "vadd", 0, 0},           {"reduce", "block_reduce", 1, 0},
    {"histogram", "histogram", 1, 0}, {"mfma_gemm", "mfma_gemm", 0, 0},
    {"math", "math", 0, 0},
};
static const char *const hip_procs[] = {"gfx90a", "gfx942"};

static const fe_kernel_t cuda_kernels[] = {
    {"vadd", "vadd", 0, 0},           {"reduce", "block_reduce", 0, 0},
    {"histogram", "histogram", 0, 0}, {"wmma_gemm", "wmma_gemm", 0, 0},
    {"math", "math", 0, 1},
};
static const char *const cuda_archs[] = {"sm_80", "sm_90"};
static const char *const formats[] = {"ll", "bc"};

static char *fe_path(const char *stem, const char *target, int opt, const char *ext) {
  char *p = NULL;
  if (asprintf(&p, "%s/%s.%s.O%d.%s", FLYC_FRONTEND_DIR, stem, target, opt, ext) < 0)
    p = NULL;
  assert_non_null(p);
  return p;
}

static int fe_compile(flyc_artifact_t **out, const char *path, const char *target, int opt,
                      int hipbc) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.opt_level = opt == 0 ? FLYC_OPT_O0 : FLYC_OPT_O3;
  /* clang-22 writes amdhsa_code_object_version 600 and flyc keeps it; comgr
   * 2.4 (ROCm 5.2) cannot link COV 6, so the AMDGPU builds take lld. */
  if (strncmp(target, "gfx", 3) == 0)
    o.codegen = FLYC_CODEGEN_LLD;
  static const char *const libs[] = {FLYC_TEST_HIP_BC};
  if (hipbc) {
    o.link_libraries = libs;
    o.link_library_count = 1;
  }
  return flyc_compile_file(out, path, &o);
}

#if FLYC_TEST_LLVM_MAJOR < 22
static void check_old(const char *stem, const char *kernel, const char *target, int opt,
                      const char *ext);
static void check_old_all(const fe_kernel_t *ks, size_t nk, const char *const *targets,
                          size_t nt);
#endif

/* ---- AMDGPU */

#if FLYC_TEST_LLVM_MAJOR >= 22
static void check_amdgpu(const char *stem, const char *proc, int opt, int hipbc) {
  char *ref_path = fe_path(stem, proc, opt, "hsaco");
  size_t n;
  void *bytes = tu_read(ref_path, &n);
  assert_non_null(bytes);
  flyc_artifact_t *ref = NULL;
  assert_ok(flyc_artifact_read(&ref, bytes, n));
  free(bytes);
  for (size_t f = 0; f < 2; f++) {
    char *in = fe_path(stem, proc, opt, formats[f]);
    flyc_artifact_t *ours = NULL;
    int rc = fe_compile(&ours, in, proc, opt, hipbc);
    if (rc != FLYC_OK)
      print_error("%s for %s at O%d:\n", in, proc, opt);
    assert_ok(rc);
    assert_string_equal(flyc_artifact_target(ours), flyc_artifact_target(ref));
    assert_int_equal(flyc_artifact_code_object_version(ours), 6);
    assert_int_equal(flyc_artifact_code_object_version(ref), 6);
    assert_int_equal(flyc_artifact_kernel_count(ours), flyc_artifact_kernel_count(ref));
    for (size_t i = 0; i < flyc_artifact_kernel_count(ref); i++) {
      const flyc_kernel_info_t *c = flyc_artifact_kernel(ref, i);
      const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(ours, c->name);
      if (!k)
        print_error("%s: no kernel '%s' in flyc's code object\n", in, c->name);
      assert_non_null(k);
      tu_assert_same_kernargs(k, c);
      assert_int_equal(k->wavefront_size, c->wavefront_size);
      assert_int_equal(k->group_segment_fixed_size, c->group_segment_fixed_size);
      for (size_t j = 0; j < c->arg_count; j++)
        assert_string_equal(k->args[j].name, c->args[j].name);
    }
    flyc_artifact_destroy(ours);
    free(in);
  }
  flyc_artifact_destroy(ref);
  free(ref_path);
}

#endif

static void test_frontends__hip(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR < 22
  check_old_all(hip_kernels, sizeof hip_kernels / sizeof *hip_kernels, hip_procs, 2);
  check_old("vadd_g", "vadd", "gfx942", 0, "ll");
  check_old("vadd_g", "vadd", "gfx942", 0, "bc");
#else
  if (!tu_can("gfx942", FLYC_CODEGEN_LLD) || !flyc_comgr_version()) {
    print_message("skipped: no lld codegen or no code object reader (comgr) in this build\n");
    skip();
  }
  for (size_t k = 0; k < sizeof hip_kernels / sizeof *hip_kernels; k++)
    for (size_t p = 0; p < 2; p++)
      for (int opt = 0; opt <= 3; opt += 3) {
        if (hip_kernels[k].needs_hipbc && !FLYC_TEST_HIP_BC[0])
          continue;
        check_amdgpu(hip_kernels[k].src, hip_procs[p], opt, hip_kernels[k].needs_hipbc);
      }
  check_amdgpu("vadd_g", "gfx942", 0, 0);
#endif
}

/* ROCm 5.2's __syncthreads() calls __atomic_work_item_fence, which only its
 * hip.bc defines: flyc links hip.bc on demand, like ocml and ockl; without
 * device libraries the undefined symbol is named with its caller. */
static void test_frontends__hip_needs_hip_bc(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR < 22
  print_message("skipped: LLVM %d cannot read clang-22's IR (test_frontends__hip)\n",
                FLYC_TEST_LLVM_MAJOR);
  skip();
#else
  flyc_artifact_t *a = NULL;
  if (FLYC_TEST_HIP_BC[0]) {
    flyc_artifact_t *b = NULL;
    assert_ok(fe_compile(&a, FE("reduce.gfx90a.O3.ll"), "gfx90a", 3, 0));
    assert_ok(fe_compile(&b, FE("reduce.gfx90a.O3.ll"), "gfx90a", 3, 1));
    tu_assert_same_kernargs(flyc_artifact_kernel(a, 0), flyc_artifact_kernel(b, 0));
    flyc_artifact_destroy(a);
    flyc_artifact_destroy(b);
  }
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = "gfx90a";
  o.flags = FLYC_COMPILE_NO_DEVICE_LIBS | FLYC_COMPILE_NO_CACHE;
  a = NULL;
  assert_error(flyc_compile_file(&a, FE("reduce.gfx90a.O3.ll"), &o), FLYC_ELINK,
               "__atomic_work_item_fence", "block_reduce", "reduce.gfx90a.O3.ll");
  assert_null(a);
#endif
}

/* ---- NVPTX */

/* The text from `.entry <name>(` through the `{` that opens its body:
 * parameters and performance directives (.maxntid, .reqntid, ...), with
 * blank and comment lines dropped and whitespace runs squeezed. Malloc'd;
 * NULL when there is no such entry. */
static char *entry_header(const char *ptx, const char *name) {
  char key[256];
  snprintf(key, sizeof key, ".entry %s(", name);
  const char *s = strstr(ptx, key);
  if (!s)
    return NULL;
  const char *e = strchr(s, '{');
  if (!e)
    return NULL;
  char *out = malloc((size_t)(e - s) + 2);
  size_t n = 0;
  int space = 0;
  for (const char *p = s; p <= e; p++) {
    if (p[0] == '/' && p[1] == '/') {
      while (p < e && *p != '\n')
        p++;
    }
    if (*p == ' ' || *p == '\t' || *p == '\n') {
      space = 1;
      continue;
    }
    if (space && n)
      out[n++] = ' ';
    space = 0;
    out[n++] = *p;
  }
  out[n] = '\0';
  return out;
}

/* Number of `.entry` directives. */
static int entry_count(const char *ptx) {
  int n = 0;
  for (const char *p = ptx; (p = strstr(p, ".entry ")); p++)
    n++;
  return n;
}

/* Bytes of `.shared ... .b8 NAME[N];` declarations (one kernel a file). */
static unsigned shared_bytes(const char *ptx) {
  unsigned total = 0;
  for (const char *p = ptx; (p = strstr(p, ".shared .align")); p++) {
    const char *eol = strchr(p, '\n');
    const char *lb = strchr(p, '[');
    if (lb && (!eol || lb < eol) && strstr(p, ".b8") < lb)
      total += (unsigned)strtoul(lb + 1, NULL, 10);
  }
  return total;
}

/* Compiles `in` and compares it with clang's PTX `ref`. `exact`: the
 * entry's text (parameter types, .ptr/.align, directives) must be clang's,
 * which only the same LLVM writes; otherwise offsets and sizes. */
static void nvptx_compare(const char *in, const char *arch, int opt, const char *kernel,
                          const char *ref, const flyc_artifact_t *ref_a, int exact) {
  flyc_artifact_t *ours = NULL;
  int rc = fe_compile(&ours, in, arch, opt, 0);
  if (rc != FLYC_OK)
    print_error("%s for %s at O%d:\n", in, arch, opt);
  assert_ok(rc);
  assert_int_equal(flyc_artifact_format(ours), FLYC_CODE_PTX);
  assert_string_equal(flyc_artifact_target(ours), arch);
  const char *ptx = flyc_artifact_code(ours, NULL);
  assert_int_equal(entry_count(ptx), entry_count(ref));
  assert_int_equal(flyc_artifact_kernel_count(ours), flyc_artifact_kernel_count(ref_a));
  char *hdr = entry_header(ptx, kernel);
  assert_non_null(hdr);
  if (exact) {
    char *ref_hdr = entry_header(ref, kernel);
    assert_non_null(ref_hdr);
    if (strcmp(hdr, ref_hdr) != 0)
      print_error("%s: entry differs from clang's\n  flyc:  %s\n  clang: %s\n", in, hdr,
                  ref_hdr);
    assert_string_equal(hdr, ref_hdr);
    free(ref_hdr);
  }
  free(hdr);
  const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(ours, kernel);
  const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(ref_a, kernel);
  assert_non_null(k);
  assert_non_null(c);
  assert_int_equal(k->arg_count, c->arg_count);
  for (size_t j = 0; j < c->arg_count; j++) {
    assert_int_equal(k->args[j].offset, c->args[j].offset);
    assert_int_equal(k->args[j].size, c->args[j].size);
  }
  if (k->max_flat_workgroup_size != c->max_flat_workgroup_size)
    print_error("%s: flyc's kernel table says %u threads at most, clang's PTX %u\n", in,
                k->max_flat_workgroup_size, c->max_flat_workgroup_size);
  assert_int_equal(k->max_flat_workgroup_size, c->max_flat_workgroup_size);
  if (k->group_segment_fixed_size != shared_bytes(ref))
    print_error("%s: flyc's kernel table says %u bytes of .shared, clang's PTX has %u\n", in,
                k->group_segment_fixed_size, shared_bytes(ref));
  assert_int_equal(k->group_segment_fixed_size, shared_bytes(ref));
  assert_int_equal(shared_bytes(ptx), shared_bytes(ref));
  flyc_artifact_destroy(ours);
}

/* Compiles stem.arch.O<opt>.<ext> (ext NULL: .ll and .bc) and checks it
 * against clang's stem.arch.O<opt>.ptx. */
static void check_nvptx_ext(const char *stem, const char *kernel, const char *arch, int opt,
                            const char *ext, int exact) {
  char *ref_path = fe_path(stem, arch, opt, "ptx");
  size_t n;
  char *ref = tu_read(ref_path, &n);
  assert_non_null(ref);
  flyc_artifact_t *ref_a = NULL;
  assert_ok(flyc_artifact_read(&ref_a, ref, n));
  for (size_t f = 0; f < 2; f++) {
    if (ext && strcmp(ext, formats[f]) != 0)
      continue;
    char *in = fe_path(stem, arch, opt, formats[f]);
    nvptx_compare(in, arch, opt, kernel, ref, ref_a, exact);
    free(in);
  }
  flyc_artifact_destroy(ref_a);
  free(ref);
  free(ref_path);
}

#if FLYC_TEST_LLVM_MAJOR >= 22
static void check_nvptx(const char *stem, const char *kernel, const char *arch, int opt) {
  check_nvptx_ext(stem, kernel, arch, opt, NULL, 1);
}
#endif

/* ---- LLVM 15/19: the exact status of each file */

#if FLYC_TEST_LLVM_MAJOR < 22
static int is_one_of(const char *s, const char *a, const char *b) {
  return strcmp(s, a) == 0 || (b && strcmp(s, b) == 0);
}

static void check_old(const char *stem, const char *kernel, const char *target, int opt,
                      const char *ext) {
  char path[1024];
  int len = snprintf(path, sizeof path, "%s/%s.%s.O%d.%s", FLYC_FRONTEND_DIR, stem, target, opt,
                     ext);
  assert_true(len > 0 && (size_t)len < sizeof path);
  const char *base = strrchr(path, '/') + 1;
  int nvptx = strncmp(target, "sm_", 3) == 0;
  flyc_artifact_t *a = NULL;
  int rc;
  if (flyc_target_check(target) != FLYC_OK) {
    rc = fe_compile(&a, path, target, opt, 0);
    assert_error(rc, FLYC_EUNSUPPORTED, target, "needs LLVM");
  } else if (strcmp(ext, "bc") == 0) {
    /* Refused before any reader sees it: LLVM 15 and 19's readers take some
     * LLVM 22 bitcode without a word (and may misread it). */
    rc = fe_compile(&a, path, target, opt, 0);
    assert_error(rc, FLYC_EIR, base, "is bitcode from LLVM 22.", flyc_llvm_version());
  } else if (FLYC_TEST_LLVM_MAJOR == 19 && nvptx && opt == 0 &&
             (is_one_of(stem, "vadd", "math") ||
              strcmp(stem, "vadd_g") == 0)) {
    if (strcmp(stem, "math") == 0 && !tu_have_libdevice())
      print_message("%s: skipped, CUDA's libdevice.10.bc is not installed\n", base);
    else
      check_nvptx_ext(stem, kernel, target, opt, ext, 0);
  } else if (FLYC_TEST_LLVM_MAJOR == 19 && nvptx && opt == 0 &&
             is_one_of(stem, "reduce", "histogram")) {
    rc = fe_compile(&a, path, target, opt, 0);
    assert_error(rc, FLYC_EIR, "'llvm.nvvm.barrier.cta.sync.aligned.all' is not an intrinsic",
                 base);
  } else {
    rc = fe_compile(&a, path, target, opt, 0);
    /* Text names the file and the line LLVM's parser stopped at. */
    assert_error(rc, FLYC_EIR, base, "does not parse as LLVM IR");
  }
  assert_null(a);
}

static void check_old_all(const fe_kernel_t *ks, size_t nk, const char *const *targets,
                          size_t nt) {
  for (size_t k = 0; k < nk; k++)
    for (size_t t = 0; t < nt; t++)
      for (int opt = 0; opt <= 3; opt += 3)
        for (size_t f = 0; f < 2; f++)
          check_old(ks[k].src, ks[k].kernel, targets[t], opt, formats[f]);
}
#endif

static void test_frontends__cuda(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR < 22
  check_old_all(cuda_kernels, sizeof cuda_kernels / sizeof *cuda_kernels, cuda_archs, 2);
  static const char *const sm90a[] = {"sm_90a"};
  static const fe_kernel_t wgmma[] = {{"wgmma_gemm", "wgmma_gemm", 0, 0}};
  check_old_all(wgmma, 1, sm90a, 1);
  check_old("vadd_g", "vadd", "sm_90", 0, "ll");
  check_old("vadd_g", "vadd", "sm_90", 0, "bc");
#else
  for (size_t k = 0; k < sizeof cuda_kernels / sizeof *cuda_kernels; k++)
    for (size_t a = 0; a < 2; a++)
      for (int opt = 0; opt <= 3; opt += 3) {
        if (cuda_kernels[k].needs_libdevice && !tu_have_libdevice()) {
          print_message("%s: skipped, CUDA's libdevice.10.bc is not installed\n",
                        cuda_kernels[k].src);
          continue;
        }
        check_nvptx(cuda_kernels[k].src, cuda_kernels[k].kernel, cuda_archs[a], opt);
      }
  for (int opt = 0; opt <= 3; opt += 3)
    check_nvptx("wgmma_gemm", "wgmma_gemm", "sm_90a", opt);
  check_nvptx("vadd_g", "vadd", "sm_90", 0);
#endif
}

/* ---- Triton 3.6 (tests/frontends/triton)
 *
 * Triton's own LLVM IR for five kernels, for CUDA and HIP gfx942, with
 * Triton's own PTX and hsaco to compare against (frontends/triton/README.md).
 * Compiled as a Triton user would hand it to flyc: no cache, default options
 * (`auto` codegen for AMDGPU). The IR is LLVM 21+ text. */

#define TR(name) FLYC_TRITON_DIR "/" name

static const char *const triton_kernels[] = {"vadd", "softmax", "layernorm", "histogram",
                                             "gemm"};
#define TRITON_KERNEL_COUNT (sizeof triton_kernels / sizeof *triton_kernels)

/* <dir>/<k>.<family>.<ext>, malloc'd. */
static char *tr_path(const char *k, const char *family, const char *ext) {
  char *p = NULL;
  if (asprintf(&p, "%s/%s.%s.%s", FLYC_TRITON_DIR, k, family, ext) < 0)
    p = NULL;
  assert_non_null(p);
  return p;
}

static int tr_compile(flyc_artifact_t **out, const char *path, const char *target,
                      uint32_t flags) {
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = target;
  o.flags = FLYC_COMPILE_NO_CACHE | flags;
  return flyc_compile_file(out, path, &o);
}

#if FLYC_TEST_LLVM_MAJOR >= 22
/* Fails when flyc's log for `in` has a warning (LLVM diagnostics below error
 * severity land there; the `auto` codegen note does not count). */
static void tr_assert_no_warning(const flyc_artifact_t *a, const char *in, const char *target) {
  const char *log = flyc_artifact_log(a);
  assert_non_null(log);
  if (strstr(log, "warning: "))
    print_error("%s for %s: flyc warns:\n%s\n", in, target, log);
  assert_null(strstr(log, "warning: "));
}

/* HIP gfx942: the kernel table equals Triton's hsaco's, registers aside
 * (Triton's LLVM is another revision; README.md lists the differences). */
static void check_triton_hip(const char *k) {
  char *ref_path = tr_path(k, "hip", "hsaco");
  char *in = tr_path(k, "hip", "ll");
  size_t n;
  void *bytes = tu_read(ref_path, &n);
  assert_non_null(bytes);
  flyc_artifact_t *ref = NULL;
  assert_ok(flyc_artifact_read(&ref, bytes, n));
  free(bytes);
  flyc_artifact_t *ours = NULL;
  int rc = tr_compile(&ours, in, "gfx942", 0);
  if (rc != FLYC_OK)
    print_error("%s for gfx942:\n", in);
  assert_ok(rc);
  tr_assert_no_warning(ours, in, "gfx942");
  assert_int_equal(flyc_artifact_format(ours), flyc_artifact_format(ref));
  assert_string_equal(flyc_artifact_target(ours), flyc_artifact_target(ref));
  assert_string_equal(flyc_artifact_target(ours), "gfx942");
  /* The IR's amdhsa_code_object_version 500: COV 5, as Triton's. */
  assert_int_equal(flyc_artifact_code_object_version(ref), 5);
  assert_int_equal(flyc_artifact_code_object_version(ours), 5);
  assert_int_equal(flyc_artifact_kernel_count(ref), 1);
  assert_int_equal(flyc_artifact_kernel_count(ours), 1);
  const flyc_kernel_info_t *c = flyc_artifact_kernel(ref, 0);
  char name[64];
  snprintf(name, sizeof name, "%s_kernel", k);
  assert_string_equal(c->name, name);
  const flyc_kernel_info_t *h = flyc_artifact_kernel_lookup(ours, c->name);
  if (!h)
    print_error("%s: no kernel '%s' in flyc's code object\n", in, c->name);
  assert_non_null(h);
  /* kernarg segment size and alignment, max flat workgroup size, every
   * argument's offset, size, value kind and address space. */
  tu_assert_same_kernargs(h, c);
  assert_int_equal(c->wavefront_size, 64);
  assert_int_equal(h->wavefront_size, 64);
  assert_int_equal(h->group_segment_fixed_size, c->group_segment_fixed_size);
  assert_int_equal(h->private_segment_fixed_size, c->private_segment_fixed_size);
  assert_int_equal(h->uses_dynamic_stack, c->uses_dynamic_stack);
  flyc_artifact_destroy(ours);
  flyc_artifact_destroy(ref);
  free(in);
  free(ref_path);
}

/* The `.target` directive's operands ("sm_90a" or "sm_90a, debug"), malloc'd. */
static char *ptx_target(const char *ptx) {
  const char *s = strstr(ptx, "\n.target ");
  assert_non_null(s);
  s += strlen("\n.target ");
  size_t len = strcspn(s, "\n");
  char *out = strndup(s, len);
  assert_non_null(out);
  return out;
}

static int count_lines_with(const char *ptx, const char *a, const char *b) {
  int n = 0;
  for (const char *p = ptx; *p;) {
    size_t len = strcspn(p, "\n");
    char *line = strndup(p, len);
    assert_non_null(line);
    if (strstr(line, a) && (!b || strstr(line, b)))
      n++;
    free(line);
    p += len;
    if (*p)
      p++;
  }
  return n;
}

/* Lines that access .shared (ld/st/atom/cp.async/ldmatrix ... .shared) with
 * the address in a 64-bit %rd register: the first `[` of such an
 * instruction holds the shared address (cp.async's destination comes first). */
static int shared_access_through_rd(const char *ptx) {
  int n = 0;
  for (const char *p = ptx; *p;) {
    size_t len = strcspn(p, "\n");
    char *line = strndup(p, len);
    assert_non_null(line);
    const char *lb = strchr(line, '[');
    if (strstr(line, ".shared") && lb && !strstr(line, ".shared .align")) {
      lb++;
      while (*lb == ' ')
        lb++;
      if (strncmp(lb, "%rd", 3) == 0)
        n++;
    }
    free(line);
    p += len;
    if (*p)
      p++;
  }
  return n;
}

/* Shared-window pointers: `mov.b32 %r, global_smem` when they are 32 bits
 * (-nvptx-short-ptr, which Triton's data layout asks for); 64-bit ones show
 * as a 64-bit move of the symbol, a cvta to or from .shared, or a .shared
 * access through a %rd register. */
static void shared_ptr_uses(const char *ptx, int *narrow, int *wide) {
  *narrow = count_lines_with(ptx, "mov.b32", "global_smem");
  *wide = count_lines_with(ptx, "mov.b64", "global_smem") +
          count_lines_with(ptx, "mov.u64", "global_smem") +
          count_lines_with(ptx, "cvta", "shared") +
          shared_access_through_rd(ptx);
}

/* CUDA: Triton's PTX is for sm_90a; its .entry text (parameters, .reqntid)
 * does not depend on the arch, so sm_90 and sm_80 are held to it too. */
static void check_triton_cuda(const char *k, const char *arch) {
  char *ref_path = tr_path(k, "cuda", "ptx");
  char *in = tr_path(k, "cuda", "ll");
  size_t n;
  char *ref = tu_read(ref_path, &n);
  assert_non_null(ref);
  flyc_artifact_t *ref_a = NULL;
  assert_ok(flyc_artifact_read(&ref_a, ref, n));
  flyc_artifact_t *ours = NULL;
  int rc = tr_compile(&ours, in, arch, 0);
  if (rc != FLYC_OK)
    print_error("%s for %s:\n", in, arch);
  assert_ok(rc);
  tr_assert_no_warning(ours, in, arch);
  assert_int_equal(flyc_artifact_format(ours), FLYC_CODE_PTX);
  assert_string_equal(flyc_artifact_target(ours), arch);
  const char *ptx = flyc_artifact_code(ours, NULL);

  /* No `, debug` (it makes ptxas compile unoptimized); the line table stays. */
  char *t = ptx_target(ptx);
  if (strcmp(t, arch) != 0)
    print_error("%s: flyc's PTX says '.target %s'\n", in, t);
  assert_string_equal(t, arch);
  free(t);
  assert_true(count_lines_with(ptx, "\t.loc\t", NULL) > 0);
  assert_true(count_lines_with(ref, "\t.loc\t", NULL) > 0);
  assert_non_null(strstr(ptx, "\n.address_size 64\n"));
  assert_non_null(strstr(ref, "\n.address_size 64\n"));

  /* Each .entry: parameter types, .ptr/.align, .reqntid/.maxntid. */
  assert_int_equal(entry_count(ref), 1);
  assert_int_equal(entry_count(ptx), 1);
  char name[64];
  snprintf(name, sizeof name, "%s_kernel", k);
  char *hdr = entry_header(ptx, name);
  char *ref_hdr = entry_header(ref, name);
  assert_non_null(ref_hdr);
  if (!hdr || strcmp(hdr, ref_hdr) != 0)
    print_error("%s for %s: entry differs from Triton's\n  flyc:   %s\n  Triton: %s\n", in, arch,
                hdr ? hdr : "(none)", ref_hdr);
  assert_non_null(hdr);
  assert_string_equal(hdr, ref_hdr);
  assert_non_null(strstr(ref_hdr, ".reqntid "));
  free(hdr);
  free(ref_hdr);
  assert_int_equal(count_lines_with(ptx, ".maxntid", NULL),
                   count_lines_with(ref, ".maxntid", NULL));
  assert_int_equal(count_lines_with(ptx, ".reqntid", NULL),
                   count_lines_with(ref, ".reqntid", NULL));
  const flyc_kernel_info_t *h = flyc_artifact_kernel_lookup(ours, name);
  const flyc_kernel_info_t *c = flyc_artifact_kernel_lookup(ref_a, name);
  assert_non_null(h);
  assert_non_null(c);
  assert_int_equal(h->max_flat_workgroup_size, c->max_flat_workgroup_size);
  assert_memory_equal(h->reqd_workgroup_size, c->reqd_workgroup_size,
                      sizeof c->reqd_workgroup_size);
  assert_int_equal(h->arg_count, c->arg_count);
  for (size_t j = 0; j < c->arg_count; j++) {
    assert_int_equal(h->args[j].offset, c->args[j].offset);
    assert_int_equal(h->args[j].size, c->args[j].size);
  }

  /* The dynamic shared window, declared as Triton's, addressed by 32 bits. */
  assert_int_equal(count_lines_with(ptx, ".extern .shared .align 16 .b8 global_smem[];", NULL),
                   count_lines_with(ref, ".extern .shared .align 16 .b8 global_smem[];", NULL));
  int narrow, wide, ref_narrow, ref_wide;
  shared_ptr_uses(ref, &ref_narrow, &ref_wide);
  shared_ptr_uses(ptx, &narrow, &wide);
  assert_int_equal(ref_wide, 0);
  if (wide != 0 || narrow != ref_narrow)
    print_error("%s for %s: shared pointers: flyc %d 32-bit / %d 64-bit uses, Triton %d / %d\n",
                in, arch, narrow, wide, ref_narrow, ref_wide);
  assert_int_equal(wide, 0);
  assert_int_equal(narrow, ref_narrow);
  flyc_artifact_destroy(ours);

  /* FLYC_COMPILE_DEBUG_INFO keeps what LLVM wrote. */
  if (strcmp(arch, "sm_90a") == 0) {
    assert_ok(tr_compile(&ours, in, arch, FLYC_COMPILE_DEBUG_INFO));
    t = ptx_target(flyc_artifact_code(ours, NULL));
    assert_string_equal(t, "sm_90a, debug");
    free(t);
    flyc_artifact_destroy(ours);
  }
  flyc_artifact_destroy(ref_a);
  free(ref);
  free(in);
  free(ref_path);
}

/* Triton's TMA kernels (host tensor descriptors, tma_<k>.cuda.ll): each
 * descriptor a `ptr byval([128 x i8]) align 64 "nvvm.grid_constant"`
 * parameter. flyc's .entry is Triton's, the descriptors are addressed in
 * the parameter space as in Triton's PTX (cvta.param; a copy to local
 * memory would hand TMA a local address), and the bulk tensor copies are
 * all there. On sm_80, Triton's elect.sync is refused by name. The same
 * IR's binary ran bit-identically to Triton's through Triton's launcher
 * (bench/results/gpu-2026-12-05-h100-triton-tma.txt). */
static void check_triton_tma(const char *k, const char *arch) {
  char *ref_path = tr_path(k, "cuda", "ptx");
  char *in = tr_path(k, "cuda", "ll");
  size_t n;
  char *ref = tu_read(ref_path, &n);
  assert_non_null(ref);
  flyc_artifact_t *ours = NULL;
  int rc = tr_compile(&ours, in, arch, 0);
  if (rc != FLYC_OK)
    print_error("%s for %s:\n", in, arch);
  assert_ok(rc);
  tr_assert_no_warning(ours, in, arch);
  const char *ptx = flyc_artifact_code(ours, NULL);
  char *hdr = entry_header(ptx, k), *ref_hdr = entry_header(ref, k);
  assert_non_null(ref_hdr);
  assert_non_null(strstr(ref_hdr, ".param .align 64 .b8 "));
  if (!hdr || strcmp(hdr, ref_hdr) != 0)
    print_error("%s for %s: entry differs from Triton's\n  flyc:   %s\n  Triton: %s\n", in, arch,
                hdr ? hdr : "(none)", ref_hdr);
  assert_non_null(hdr);
  assert_string_equal(hdr, ref_hdr);
  assert_true(count_lines_with(ref, "cvta.param.u64", NULL) > 0);
  assert_int_equal(count_lines_with(ptx, "cvta.param.u64", NULL),
                   count_lines_with(ref, "cvta.param.u64", NULL));
  assert_int_equal(count_lines_with(ref, ".local", NULL), 0);
  assert_int_equal(count_lines_with(ptx, ".local", NULL), 0);
  assert_int_equal(count_lines_with(ptx, "cp.async.bulk.tensor", NULL),
                   count_lines_with(ref, "cp.async.bulk.tensor", NULL));
  free(hdr);
  free(ref_hdr);
  flyc_artifact_destroy(ours);
  free(ref);
  free(in);
  free(ref_path);
}
#endif

#if FLYC_TEST_LLVM_MAJOR < 22
/* LLVM 15/19 cannot read LLVM 21+ text: FLYC_EIR naming the file, for a
 * processor the build knows; `newer` (gfx942, sm_90a) on LLVM 15 is
 * unsupported first, `older` (gfx90a, sm_80) always parses-fails. */
static void check_triton_old(const char *family, const char *newer, const char *older) {
  for (size_t k = 0; k < TRITON_KERNEL_COUNT; k++) {
    char base[64];
    snprintf(base, sizeof base, "%s.%s.ll", triton_kernels[k], family);
    char *in = tr_path(triton_kernels[k], family, "ll");
    flyc_artifact_t *a = NULL;
    if (flyc_target_check(newer) == FLYC_OK)
      assert_error(tr_compile(&a, in, newer, 0), FLYC_EIR, base, "does not parse as LLVM IR");
    else
      assert_error(tr_compile(&a, in, newer, 0), FLYC_EUNSUPPORTED, newer, "needs LLVM");
    assert_null(a);
    assert_error(tr_compile(&a, in, older, 0), FLYC_EIR, base, "does not parse as LLVM IR");
    assert_null(a);
    free(in);
  }
}
#endif

static void test_frontends__triton_hip(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR < 22
  check_triton_old("hip", "gfx942", "gfx90a");
#else
  if (flyc_target_check("gfx942") != FLYC_OK) {
    print_message("skipped: this build cannot target gfx942\n");
    skip();
  }
  for (size_t k = 0; k < TRITON_KERNEL_COUNT; k++)
    check_triton_hip(triton_kernels[k]);
#endif
}

static void test_frontends__triton_cuda(void **state) {
  (void)state;
#if FLYC_TEST_LLVM_MAJOR < 22
  check_triton_old("cuda", "sm_90a", "sm_80");
#else
  static const char *const archs[] = {"sm_90a", "sm_90", "sm_80"};
  for (size_t k = 0; k < TRITON_KERNEL_COUNT; k++)
    for (size_t a = 0; a < 3; a++) {
      if (strcmp(triton_kernels[k], "gemm") == 0 && a > 0)
        continue;
      check_triton_cuda(triton_kernels[k], archs[a]);
    }
  static const char *const tma[] = {"tma_axpb", "tma_rowsum"};
  for (size_t k = 0; k < 2; k++) {
    check_triton_tma(tma[k], "sm_90a");
    check_triton_tma(tma[k], "sm_90");
    char *in = tr_path(tma[k], "cuda", "ll");
    flyc_artifact_t *o = NULL;
    assert_error(tr_compile(&o, in, "sm_80", 0), FLYC_EIR, "llvm.nvvm.elect.sync", tma[k],
                 "sm_90", "sm_80");
    assert_null(o);
    free(in);
  }
  /* wgmma needs the arch-specific sm_90a: refused, never miscompiled. */
  for (size_t a = 1; a < 3; a++) {
    flyc_artifact_t *o = NULL;
    assert_error(tr_compile(&o, TR("gemm.cuda.ll"), archs[a], 0), FLYC_EIR, "gemm.cuda.ll",
                 "wgmma", "sm_90a", archs[a]);
    assert_null(o);
  }
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_frontends__hip),
      cmocka_unit_test(test_frontends__hip_needs_hip_bc),
      cmocka_unit_test(test_frontends__cuda),
      cmocka_unit_test(test_frontends__triton_hip),
      cmocka_unit_test(test_frontends__triton_cuda),
  };
  return cmocka_run_group_tests_name("frontends", tests, NULL, NULL);
}

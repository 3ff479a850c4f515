/* The tensor memory accelerator (flyc/builder.h: flyc_kb_tma_*(),
 * flyc_kb_mbarrier_*(); flyc/kernel.h: FLYC_PARAM_TENSOR_MAP; flyc/runtime.h:
 * flyc_tensor_map_encode): the PTX it becomes on sm_90 (the tensor map a
 * grid-constant parameter as clang-22 writes CUDA's `const
 * __grid_constant__ CUtensorMap`, the bulk tensor copies and mbarrier
 * forms CUTLASS writes), ptxas's verdict where ptxas is installed, the
 * kernel's argument table, and every error: targets without TMA, bad
 * operands, bad tensor-map descriptions, drivers without tensor maps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/builder.h"
#include "flyc/driver.h"
#include "flyc/kernel.h"
#include "util.h"

/* TMA needs LLVM 18 (PTX ISA 8.0 and grid-constant parameters). */
#define HAVE_TMA (FLYC_TEST_LLVM_MAJOR >= 18)

static flyc_param_t params[3] = {FLYC_PARAM_INIT, FLYC_PARAM_INIT, FLYC_PARAM_INIT};

static const flyc_param_t *probe_params(void) {
  params[0].name = "tmap", params[0].kind = FLYC_PARAM_TENSOR_MAP;
  params[1].name = "out", params[1].kind = FLYC_PARAM_PTR, params[1].addrspace = 1;
  params[2].name = "n", params[2].kind = FLYC_PARAM_INT, params[2].bits = 32;
  return params;
}

static LLVMValueRef i32(flyc_kernel_builder_t *kb, int v) { return flyc_kb_i32(kb, v); }

/* A 2-D tile through shared memory: thread 0 loads it with TMA, everyone
 * waits on the barrier, thread 0 stores it back. */
static int round_trip(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  flyc_shared_allocator_t *al = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 128);
  LLVMValueRef tile = flyc_kb_shared_alloc(al, 64 * 32 * 4, 128);
  LLVMValueRef bar = flyc_kb_shared_alloc(al, 8, 8);
  LLVMValueRef t0 = LLVMBuildICmp(b, LLVMIntEQ, flyc_kb_thread_idx(kb, 0), i32(kb, 0), "");
  LLVMValueRef xy[2] = {LLVMBuildMul(b, flyc_kb_block_idx(kb, 0), i32(kb, 64), "x"),
                        LLVMBuildMul(b, flyc_kb_block_idx(kb, 1), i32(kb, 32), "y")};
  flyc_kb_if_begin(kb, t0);
  assert_ok(flyc_kb_mbarrier_init(kb, bar, i32(kb, 1)));
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_barrier(kb);
  flyc_kb_if_begin(kb, t0);
  assert_ok(flyc_kb_mbarrier_arrive(kb, bar, i32(kb, 64 * 32 * 4)));
  assert_ok(flyc_kb_tma_load(kb, tile, args[0], xy, 2, bar));
  flyc_kb_if_end(kb, 0, NULL, NULL);
  assert_ok(flyc_kb_mbarrier_wait(kb, bar, i32(kb, 0)));
  assert_ok(flyc_kb_tma_fence(kb));
  flyc_kb_barrier(kb);
  flyc_kb_if_begin(kb, t0);
  assert_ok(flyc_kb_tma_store(kb, args[0], xy, 2, tile));
  assert_ok(flyc_kb_tma_commit(kb));
  assert_ok(flyc_kb_tma_wait(kb, 0));
  flyc_kb_if_end(kb, 0, NULL, NULL);
  return 0;
}

static void test_tma__ptx_is_what_cuda_writes(void **state) {
  (void)state;
  if (FLYC_TEST_LLVM_MAJOR < 16)
    return; /* LLVM 15 knows no sm_90: test_tma__targets_without_tma */
  if (!HAVE_TMA) {
    assert_error(tu_emit_probe("sm_90", probe_params(), 3, round_trip, NULL), FLYC_EUNSUPPORTED,
                 "kernel 'probe', parameter 0 ('tmap'): a tensor map on sm_90",
                 "LLVM 18 or newer");
    return;
  }
  flyc_ctx_t *ctx = NULL;
  assert_ok(tu_emit_probe("sm_90", probe_params(), 3, round_trip, &ctx));
  flyc_artifact_t *a = NULL;
  assert_ok(flyc_ctx_compile(ctx, NULL, &a));
  size_t size;
  const char *ptx = (const char *)flyc_artifact_code(a, &size);
  static const char *const want[] = {
      /* clang-22's CUDA `const __grid_constant__ CUtensorMap tmap`: the
       * 128 bytes in the parameter space, its address the parameter's own */
      ".param .align 64 .b8 probe_param_0[128]",
      "cvta.param.u64",
      /* PTX ISA 8.0 asked for by the kernel */
      ".version 8.",
      "mbarrier.init.shared::cta.b64",
      "fence.proxy.async.shared::cta;",
      "mbarrier.arrive.expect_tx.shared::cta.b64 _,",
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes",
      "mbarrier.try_wait.parity.shared::cta.b64",
      "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group",
      "cp.async.bulk.commit_group;",
      "cp.async.bulk.wait_group.read 0;",
  };
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    if (!strstr(ptx, want[i]) && !(i == 0 && strstr(ptx, ".param .align 64 .b8 tmap[128]"))) {
      print_message("%s\n", ptx);
      fail_msg("the PTX lacks '%s'", want[i]);
    }
  /* no copy of the map in local memory: TMA reads the parameter itself */
  assert_null(strstr(ptx, ".local"));
  /* the argument table: 128 bytes at offset 0, the pointer after it at 128 */
  assert_int_equal(flyc_artifact_kernel_count(a), 1);
  const flyc_kernel_info_t *k = flyc_artifact_kernel(a, 0);
  assert_int_equal(k->arg_count, 3);
  assert_string_equal(k->args[0].value_kind, "by_value");
  assert_int_equal(k->args[0].size, 128);
  assert_int_equal(k->args[1].offset, 128);
  assert_string_equal(k->args[1].value_kind, "global_buffer");
  assert_int_equal(k->kernarg_segment_align, 64);
  const char *ptxas = tu_ptxas();
  if (ptxas) {
    char path[] = "/tmp/flyc-tma-XXXXXX.ptx", cmd[512];
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fwrite(ptx, 1, strlen(ptx), f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -arch=sm_90 %s -o /dev/null", ptxas, path);
    assert_int_equal(system(cmd), 0);
    remove(path);
  } else {
    print_message("ptxas not installed: the PTX is checked by its text alone\n");
  }
  flyc_artifact_destroy(a);
  flyc_ctx_destroy(ctx);
}

/* ---- frontends' grid constants ---- */

/* A kernel reading byte 3 of a 128-byte parameter whose address it also
 * hands to inline PTX, marked as clang 21+ marks CUDA's __grid_constant__
 * (%s: the attribute or nothing), with %s more annotations. */
static const char *const gc_ir =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "%%struct.TM = type { [128 x i8] }\n"
    "define %s void @k(ptr byval(%%struct.TM) align 64 %s %%0, ptr %%1) {\n"
    "  %%a = ptrtoint ptr %%0 to i64\n"
    "  call void asm sideeffect \"prefetch.tensormap [$0];\", \"l,~{memory}\"(i64 %%a)\n"
    "  %%p = getelementptr i8, ptr %%0, i64 3\n"
    "  %%v = load i8, ptr %%p\n"
    "  store i8 %%v, ptr %%1\n"
    "  ret void\n"
    "}\n%s";

static int compile_gc(const char *cc, const char *attr, const char *md, flyc_artifact_t **a) {
  char ir[2048];
  snprintf(ir, sizeof ir, gc_ir, cc, attr, md);
  flyc_compile_options_t o = FLYC_COMPILE_OPTIONS_INIT;
  o.target = HAVE_TMA ? "sm_90" : "sm_80";
  o.flags = FLYC_COMPILE_NO_CACHE;
  return flyc_compile_buffer(a, ir, strlen(ir), "gc.ll", &o);
}

/* The parameter's own address (cvta.param), no copy in local memory. */
static void assert_param_address(const flyc_artifact_t *a) {
  size_t n;
  const char *ptx = flyc_artifact_code(a, &n);
  if (!strstr(ptx, "cvta.param.u64") || strstr(ptx, ".local")) {
    print_message("%s\n", ptx);
    fail_msg("the grid constant was copied to local memory");
  }
}

static void test_tma__frontends_grid_constants(void **state) {
  (void)state;
  flyc_artifact_t *a = NULL;
  /* clang 21+: the parameter attribute (an older LLVM gets the annotation) */
  assert_ok(compile_gc("ptx_kernel", "\"nvvm.grid_constant\"", "", &a));
  if (HAVE_TMA)
    assert_param_address(a);
  flyc_artifact_destroy(a);
  /* clang 18-20: {fn, !"grid_constant", !{i32 1}} (LLVM 22's backend
   * crashed on it before flyc made it the attribute) */
  const char *md = "!nvvm.annotations = !{!0, !1}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"
                   "!1 = !{ptr @k, !\"grid_constant\", !2}\n!2 = !{i32 1}\n";
  if (!HAVE_TMA) { /* LLVM 15-17's backend crashed on the entry */
    assert_error(compile_gc("", "", md, &a), FLYC_EUNSUPPORTED,
                 "grid_constant (CUDA's __grid_constant__) needs a flyc built on LLVM 18");
    return;
  }
  assert_ok(compile_gc("", "", md, &a));
  if (HAVE_TMA)
    assert_param_address(a);
  flyc_artifact_destroy(a);
  /* the same entry twice, an index twice: each entry retired once, safely */
  const char *twice = "!nvvm.annotations = !{!0, !1, !1}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"
                      "!1 = !{ptr @k, !\"grid_constant\", !2}\n!2 = !{i32 1, i32 1}\n";
  assert_ok(compile_gc("", "", twice, &a));
  if (HAVE_TMA)
    assert_param_address(a);
  flyc_artifact_destroy(a);
  /* an index that is no parameter: refused, not a crash */
  const char *bad = "!nvvm.annotations = !{!0, !1}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"
                    "!1 = !{ptr @k, !\"grid_constant\", !2}\n!2 = !{i32 3}\n";
  assert_error(compile_gc("", "", bad, &a), FLYC_EIR,
               "grid_constant index 3 is not a parameter of 'k' (1 to 2)");
  const char *notlist = "!nvvm.annotations = !{!0, !1}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"
                        "!1 = !{ptr @k, !\"grid_constant\", i32 1}\n";
  assert_error(compile_gc("", "", notlist, &a), FLYC_EIR,
               "grid_constant must name a function's parameters by a list of 1-based indices");
}

/* ---- errors ---- */

static int which;

static int bad_ops(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b;
  flyc_shared_allocator_t *al = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 128);
  LLVMValueRef tile = flyc_kb_shared_alloc(al, 256, 128), bar = flyc_kb_shared_alloc(al, 8, 8);
  LLVMValueRef xy[2] = {i32(kb, 0), i32(kb, 0)};
  LLVMValueRef wide[2] = {i32(kb, 0), LLVMConstInt(LLVMInt64TypeInContext(flyc_kb_llvm_context(kb)),
                                                   0, 0)};
  switch (which) {
  case 0: return flyc_kb_tma_load(kb, args[1], args[0], xy, 2, bar); /* global dst */
  case 1: return flyc_kb_tma_load(kb, tile, args[1], xy, 2, bar);    /* map a pointer */
  case 2: return flyc_kb_tma_load(kb, tile, args[0], xy, 6, bar);
  case 3: return flyc_kb_tma_load(kb, tile, args[0], NULL, 2, bar);
  case 4: return flyc_kb_tma_load(kb, tile, args[0], wide, 2, bar);
  case 5: return flyc_kb_tma_store(kb, args[0], xy, 2, args[1]);
  case 6: return flyc_kb_mbarrier_init(kb, bar, i32(kb, 0));
  case 7: return flyc_kb_mbarrier_init(kb, bar, i32(kb, 1 << 20));
  case 8: return flyc_kb_mbarrier_init(kb, args[1], i32(kb, 1));
  case 9: return flyc_kb_mbarrier_arrive(kb, bar, wide[1]);
  case 10: return flyc_kb_mbarrier_wait(kb, bar, NULL);
  case 11: return flyc_kb_tma_wait(kb, 64);
  case 13: return flyc_kb_mbarrier_arrive(kb, bar, i32(kb, -5));
  case 14: /* a store into the map (LLVM's NVPTX backend crashed on it) */
    flyc_kb_let(kb, "p", args[0], LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)));
    flyc_kb_do(kb, 0, "p[1] = 7");
    return flyc_kb_tma_load(kb, tile, args[0], xy, 2, bar);
  case 15: /* the map handed to a call, which could write it */
    flyc_kb_printf(kb, "%p\n", &args[0], 1);
    return 0;
  default: return flyc_kb_tma_load(kb, tile, args[0], xy, 0, bar); /* 12 */
  }
}

static void test_tma__operand_errors_name_the_culprit(void **state) {
  (void)state;
  if (!HAVE_TMA)
    return; /* the parameter is refused first: test_tma__targets_without_tma */
  static const char *const msg[][2] = {
      {"flyc_kb_tma_load: dst must be a pointer to shared memory", NULL},
      {"flyc_kb_tma_load: map is not a FLYC_PARAM_TENSOR_MAP parameter of kernel 'probe'", NULL},
      {"flyc_kb_tma_load: rank 6 is not 1 to 5", NULL},
      {"flyc_kb_tma_load: coords is NULL", NULL},
      {"flyc_kb_tma_load: coords[1] is i64, not an i32", NULL},
      {"flyc_kb_tma_store: src must be a pointer to shared memory", NULL},
      {"flyc_kb_mbarrier_init: count 0 is not 1 to 1048575", NULL},
      {"flyc_kb_mbarrier_init: count 1048576", NULL},
      {"flyc_kb_mbarrier_init: bar must be a pointer to shared memory", NULL},
      {"flyc_kb_mbarrier_arrive: tx_bytes is i64, not an i32", NULL},
      {"flyc_kb_mbarrier_wait: phase is NULL", NULL},
      {"flyc_kb_tma_wait: pending 64 is over 63", NULL},
      {"flyc_kb_tma_load: rank 0 is not 1 to 5", NULL},
      {"flyc_kb_mbarrier_arrive: tx_bytes -5 is not 0 to 1048575", NULL},
      {"kernel 'probe': parameter 0 ('tmap') is a tensor map, read-only", NULL},
      {"kernel 'probe': parameter 0 ('tmap') is a tensor map, read-only", NULL},
  };
  for (which = 0; which < (int)(sizeof msg / sizeof *msg); which++)
    assert_error(tu_emit_probe("sm_90", probe_params(), 3, bad_ops, NULL), FLYC_EINVAL,
                 msg[which][0]);
  /* outside a body: only returned */
  assert_int_equal(flyc_kb_tma_commit(NULL), FLYC_EINVAL);
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_tma_commit: called outside a kernel "
                                                     "body");
  assert_int_equal(flyc_kb_mbarrier_init(NULL, NULL, NULL), FLYC_EINVAL);
}

static int fence_only(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  return flyc_kb_tma_fence(kb);
}

static void test_tma__targets_without_tma(void **state) {
  (void)state;
  const char *amd = FLYC_TEST_LLVM_MAJOR >= 19 ? "gfx942" : "gfx90a";
  /* the parameter: refused at the emit, naming it and the target */
  assert_error(tu_emit_probe(amd, probe_params(), 3, round_trip, NULL), FLYC_EUNSUPPORTED,
               "kernel 'probe', parameter 0 ('tmap'): a tensor map on", amd,
               "NVIDIA sm_90's and newer");
  assert_error(tu_emit_probe("sm_80", probe_params(), 3, round_trip, NULL), FLYC_EUNSUPPORTED,
               "parameter 0 ('tmap'): a tensor map on sm_80", "sm_90's and newer");
  /* the helpers, in a kernel without a map */
  assert_error(tu_emit_probe(amd, probe_params() + 1, 2, fence_only, NULL), FLYC_EUNSUPPORTED,
               "flyc_kb_tma_fence:", amd, "the target has no TMA");
  assert_error(tu_emit_probe("sm_80", probe_params() + 1, 2, fence_only, NULL), FLYC_EUNSUPPORTED,
               "flyc_kb_tma_fence: sm_80", "sm_90's and newer");
  /* a map with fields it does not have */
  flyc_param_t p[1] = {FLYC_PARAM_INIT};
  p[0].name = "m", p[0].kind = FLYC_PARAM_TENSOR_MAP, p[0].bits = 32;
  assert_error(tu_emit_probe(HAVE_TMA ? "sm_90" : "sm_80", p, 1, fence_only, NULL), FLYC_EINVAL,
               "parameter 0 ('m'): a tensor map has no bits, addrspace, align or noalias");
}

/* ---- the host's description ---- */

static flyc_tensor_map_desc_t seen;
static int encodes;

static int t_encode(void *self, const flyc_tensor_map_desc_t *d, flyc_tensor_map_t *out) {
  (void)self;
  seen = *d, encodes++;
  memset(out, 0xab, sizeof *out);
  return FLYC_OK;
}
static int t_count(void *s, int *c) { (void)s, *c = 1; return FLYC_OK; }
static int t_load(void *s, int d, flyc_code_format_t f, const void *i, size_t n, void **h) {
  (void)s, (void)d, (void)f, (void)i, (void)n, *h = NULL;
  return FLYC_OK;
}
static int t_unload(void *s, int d, void *h) { (void)s, (void)d, (void)h; return FLYC_OK; }
static int t_fn(void *s, int d, void *h, const char *n, void **fn) {
  (void)s, (void)d, (void)h, (void)n, *fn = NULL;
  return FLYC_OK;
}
static int t_global(void *s, int d, void *h, const char *n, uint64_t *a, size_t *z) {
  (void)s, (void)d, (void)h, (void)n, (void)a, (void)z;
  return FLYC_ENOTFOUND;
}
static int t_copy(void *s, int d, uint64_t dst, const void *src, size_t n) {
  (void)s, (void)d, (void)dst, (void)src, (void)n;
  return FLYC_OK;
}
static int t_launch(void *s, int d, void *fn, const flyc_launch_config_t *c, void **a) {
  (void)s, (void)d, (void)fn, (void)c, (void)a;
  return FLYC_OK;
}

static flyc_driver_t *test_driver(int with_encode) {
  flyc_driver_ops_t ops;
  memset(&ops, 0, sizeof ops);
  ops.size = sizeof ops, ops.name = "test";
  ops.device_count = t_count, ops.module_load = t_load, ops.module_unload = t_unload;
  ops.function_get = t_fn, ops.global_get = t_global, ops.memcpy_htod = t_copy;
  ops.launch = t_launch;
  ops.tensor_map_encode = with_encode ? t_encode : NULL;
  flyc_driver_t *d = NULL;
  assert_ok(flyc_driver_create(&d, &ops, NULL));
  return d;
}

/* A 1000 x 1030 f32 matrix, rows 4128 bytes apart, 64 x 32 boxes, only
 * loaded through (its rows do not end on 16 bytes). */
static flyc_tensor_map_desc_t good(void) {
  flyc_tensor_map_desc_t d = FLYC_TENSOR_MAP_DESC_INIT;
  d.flags = FLYC_TENSOR_MAP_LOADS_ONLY;
  d.rank = 2, d.elem = FLYC_TENSOR_F32, d.address = 0x7f0000000000ull;
  d.dims[0] = 1030, d.dims[1] = 1000, d.strides[0] = 4128, d.box[0] = 64, d.box[1] = 32;
  return d;
}

static void test_tma__descriptions_are_checked(void **state) {
  (void)state;
  flyc_driver_t *drv = test_driver(1);
  flyc_tensor_map_t map;
  flyc_tensor_map_desc_t d = good();
  assert_int_equal(sizeof map, 128);
  assert_int_equal(_Alignof(flyc_tensor_map_t), 64);
  assert_ok(flyc_tensor_map_encode(drv, &d, &map));
  assert_int_equal(encodes, 1);
  assert_int_equal(seen.dims[1], 1000);
  assert_int_equal(seen.strides[0], 4128);
  assert_int_equal(((unsigned char *)&map)[127], 0xab);
#define BAD(field_set, ...)                                                                      \
  do {                                                                                           \
    d = good();                                                                                  \
    field_set;                                                                                   \
    assert_error(flyc_tensor_map_encode(drv, &d, &map), FLYC_EINVAL, __VA_ARGS__);               \
  } while (0)
  BAD(d.rank = 0, "rank 0 is not 1 to 5");
  BAD(d.rank = 6, "rank 6 is not 1 to 5");
  BAD(d.elem = (flyc_tensor_elem_t)13, "elem 13 is not a flyc_tensor_elem_t");
  BAD(d.swizzle = 16, "swizzle 16 is not 0, 32, 64 or 128 bytes");
  BAD(d.address = 0x1008, "address 0x1008 is not a 16-byte aligned device address");
  BAD(d.address = 0, "address 0x0");
  BAD(d.dims[1] = 0, "dims[1] 0 is not 1 to 2^32");
  BAD(d.dims[0] = (1ull << 32) + 1, "dims[0] 4294967297 is not 1 to 2^32");
  BAD(d.box[1] = 257, "box[1] 257 is not 1 to 256");
  BAD(d.box[0] = 0, "box[0] 0 is not 1 to 256");
  BAD(d.strides[0] = 4120, "strides[0] 4120", "not a nonzero multiple of 16 below 2^40");
  BAD(d.strides[0] = 1ull << 40, "strides[0] 1099511627776");
  BAD(d.box[0] = 6, "box[0] 6 elements of 4 bytes is 24 bytes, not a multiple of 16");
  BAD(d.swizzle = 128, "box[0] 64 elements is 256 bytes, wider than the 128-byte swizzle");
  BAD(d.size = 8, "flyc_tensor_map_desc_t");
  /* a map that may be stored through must end its rows on 16 bytes */
  BAD(d.flags = 0, "dims[0] 1030 elements of 4 bytes end a row at byte 4120, not on 16 bytes",
      "FLYC_TENSOR_MAP_LOADS_ONLY");
  BAD(d.flags = 6, "flags 0x6 has bits that are not FLYC_TENSOR_MAP_*");
  BAD(d.strides[0] = 16, "strides[0] 16 bytes is less than dimension 0's 1030 elements of 4 "
                         "bytes: its indices would overlap");
  BAD((d.rank = 3, d.dims[2] = 2, d.box[2] = 1, d.strides[1] = 4128 * 999),
      "strides[1] 4123872 bytes is less than dimension 1's 1000 elements of 4128 bytes");
  assert_int_equal(encodes, 1); /* none of those reached the driver */
  d = good(), d.swizzle = 128, d.box[0] = 32;
  assert_ok(flyc_tensor_map_encode(drv, &d, &map));
  assert_int_equal(seen.swizzle, 128);
  d = good(), d.flags = 0, d.dims[0] = 1032; /* rows on 16 bytes: stores may use it */
  assert_ok(flyc_tensor_map_encode(drv, &d, &map));
  /* entries past the rank do not reach the driver */
  d = good(), d.dims[3] = 77, d.box[4] = 9999, d.strides[2] = 5;
  assert_ok(flyc_tensor_map_encode(drv, &d, &map));
  assert_int_equal(seen.dims[3], 0);
  assert_int_equal(seen.box[4], 0);
  assert_int_equal(seen.strides[2], 0);
  assert_int_equal(seen.strides[0], 4128);
  /* the map itself must be aligned as CUtensorMap is */
  static unsigned char raw[256] __attribute__((aligned(64)));
  assert_error(flyc_tensor_map_encode(drv, &d, (flyc_tensor_map_t *)(void *)(raw + 16)),
               FLYC_EINVAL, "is not 64-byte aligned");
  assert_error(flyc_tensor_map_encode(NULL, &d, &map), FLYC_EINVAL, "driver, desc and out");
  assert_error(flyc_tensor_map_encode(drv, NULL, &map), FLYC_EINVAL, "driver, desc and out");
  flyc_driver_destroy(drv);
  /* a driver without tensor maps (HIP's, an old CUDA's) */
  drv = test_driver(0);
  d = good();
  assert_error(flyc_tensor_map_encode(drv, &d, &map), FLYC_EUNSUPPORTED,
               "driver 'test' has no tensor maps");
  flyc_driver_destroy(drv);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tma__ptx_is_what_cuda_writes),
      cmocka_unit_test(test_tma__operand_errors_name_the_culprit),
      cmocka_unit_test(test_tma__targets_without_tma),
      cmocka_unit_test(test_tma__descriptions_are_checked),
      cmocka_unit_test(test_tma__frontends_grid_constants),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

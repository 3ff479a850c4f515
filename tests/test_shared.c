/* Shared memory (LDS) through the kernel builder's allocator, the target
 * limits, and the launch check that gives a launch the dynamic part. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

/* What a body allocates: `n` allocations of bytes[i] aligned align[i]. */
typedef struct plan {
  flyc_shared_mode_t mode;
  unsigned base_align;
  int n;
  uint64_t bytes[4];
  unsigned align[4];
  int second_allocator; /* ask for another allocator afterwards */
  uint64_t allocated;   /* out: flyc_kb_shared_allocated() */
} plan_t;

/* shared[k][tid] = tid; out[tid] = shared[k][tid] for each allocation. */
static int shared_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                       void *payload) {
  plan_t *p = payload;
  flyc_shared_allocator_t *a = flyc_kb_shared_allocator(kb, p->mode, p->base_align);
  if (!a)
    return -1;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0);
  for (int i = 0; i < p->n; i++) {
    LLVMValueRef s = flyc_kb_shared_alloc(a, p->bytes[i], p->align[i]);
    if (!s)
      return -1;
    LLVMValueRef slot = LLVMBuildGEP2(b, i8, s, &tid, 1, "");
    LLVMBuildStore(b, LLVMBuildTrunc(b, tid, i8, ""), slot);
    flyc_kb_barrier(kb);
    LLVMValueRef v = LLVMBuildLoad2(b, i8, slot, "");
    LLVMBuildStore(b, v, LLVMBuildGEP2(b, i8, args[0], &tid, 1, ""));
  }
  p->allocated = flyc_kb_shared_allocated(a);
  if (p->second_allocator && !flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 0))
    return -1;
  LLVMBuildRetVoid(b);
  return 0;
}

static const flyc_param_t out_param = {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 1, 0, NULL};

/* Ignores what flyc_kb_shared_alloc() returns for a NULL allocator. */
static int null_alloc_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                           void *payload) {
  (void)kb, (void)args, (void)payload;
  flyc_kb_shared_alloc(NULL, 16, 0);
  LLVMBuildRetVoid(b);
  return 0;
}

static int emit_plan(flyc_ctx_t *ctx, plan_t *p, const char **name) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "smem";
  d.params = &out_param;
  d.param_count = 1;
  d.body = shared_body;
  d.payload = p;
  return flyc_kernel_emit(ctx, &d, name);
}

static void test_shared__static(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    plan_t p = {FLYC_SHARED_STATIC, 0, 2, {256, 100}, {0, 64}, 0, 0};
    assert_ok(emit_plan(ctx, &p, NULL));
    /* 256, then 100 at the next 64-byte boundary. */
    assert_int_equal(p.allocated, 256 + 100);
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "smem");
    assert_non_null(k);
    assert_int_equal(k->dynamic_shared_size, 0);
    /* LLVM lays the two out; both must be there, nothing else (PTX: flyc
     * counts the .shared variables the kernel uses). */
    assert_true(k->group_segment_fixed_size >= 356);
    assert_true(k->group_segment_fixed_size <= 356 + 64);
    if (t == 1) {
      const char *ptx = flyc_artifact_code(a, NULL);
      assert_non_null(strstr(ptx, ".shared .align 16 .b8"));
      assert_non_null(strstr(ptx, "[256]"));
      assert_non_null(strstr(ptx, ".shared .align 64 .b8"));
      assert_non_null(strstr(ptx, "[100]"));
    }
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

static void test_shared__dynamic(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a", "sm_80"};
  for (int t = 0; t < 2; t++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(flyc_ctx_create(&ctx, targets[t]));
    /* 100 bytes at 0, then 64 at the next 128-byte boundary: 192 taken. */
    plan_t p = {FLYC_SHARED_DYNAMIC, 0, 2, {100, 64}, {0, 128}, 0, 0};
    assert_ok(emit_plan(ctx, &p, NULL));
    assert_int_equal(p.allocated, 192);
    /* A second kernel shares the module's one dynamic region. */
    plan_t q = {FLYC_SHARED_DYNAMIC, 32, 1, {40}, {0}, 0, 0};
    const char *second;
    assert_ok(emit_plan(ctx, &q, &second));
    assert_int_equal(q.allocated, 40);
    flyc_artifact_t *a = NULL;
    assert_ok(flyc_ctx_compile(ctx, NULL, &a));
    const flyc_kernel_info_t *k = flyc_artifact_kernel_lookup(a, "smem");
    assert_non_null(k);
    assert_int_equal(k->dynamic_shared_size, 192);
    assert_int_equal(flyc_artifact_kernel_lookup(a, second)->dynamic_shared_size, 40);
    if (t == 0) {
      assert_int_equal(k->group_segment_fixed_size, 0); /* all of it dynamic */
    } else {
      const char *ptx = flyc_artifact_code(a, NULL);
      assert_non_null(strstr(ptx, ".extern .shared .align 128 .b8 __flyc_dynamic_shared[]"));
    }
    /* The launch gets what the allocator took, and no less. */
    flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
    c.block[0] = 64;
    assert_ok(flyc_launch_check(k, flyc_artifact_target(a), &c));
    assert_int_equal(c.shared_size, 192);
    assert_int_equal(c.grid[0], 1);
    assert_int_equal(c.block[1], 1);
    c.shared_size = 100;
    assert_error(flyc_launch_check(k, flyc_artifact_target(a), &c), FLYC_EINVAL, "'smem'",
                 "100 bytes", "less than the 192 bytes");
    c.shared_size = 4096;
    assert_ok(flyc_launch_check(k, flyc_artifact_target(a), &c));
    assert_int_equal(c.shared_size, 4096);
    /* More than a block may have on the target, before the driver. */
    c.shared_size = 1u << 20;
    assert_error(flyc_launch_check(k, flyc_artifact_target(a), &c), FLYC_EINVAL, "'smem'",
                 "1048576 bytes of dynamic", t == 0 ? "65536 a block may have on gfx90a"
                                                   : "166912 a block may have on sm_80");
    c.shared_size = t == 0 ? 65536 : 166912;
    assert_ok(flyc_launch_check(k, flyc_artifact_target(a), &c));
    flyc_artifact_destroy(a);
    flyc_ctx_destroy(ctx);
  }
}

static void test_shared__errors(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  plan_t two = {FLYC_SHARED_STATIC, 0, 1, {64}, {0}, 1, 0};
  assert_error(emit_plan(ctx, &two, NULL), FLYC_EINVAL, "kernel 'smem'",
               "only one shared allocator");
  plan_t zero = {FLYC_SHARED_STATIC, 0, 1, {0}, {0}, 0, 0};
  assert_error(emit_plan(ctx, &zero, NULL), FLYC_EINVAL, "larger than 0 bytes");
  plan_t odd = {FLYC_SHARED_DYNAMIC, 0, 1, {8}, {24}, 0, 0};
  assert_error(emit_plan(ctx, &odd, NULL), FLYC_EINVAL, "alignment 24");
  plan_t base = {FLYC_SHARED_STATIC, 8192, 1, {8}, {0}, 0, 0};
  assert_error(emit_plan(ctx, &base, NULL), FLYC_EINVAL, "base alignment 8192");
  plan_t mode = {(flyc_shared_mode_t)7, 0, 1, {8}, {0}, 0, 0};
  assert_error(emit_plan(ctx, &mode, NULL), FLYC_EINVAL, "mode 7");
  /* A NULL allocator handed on anyway still fails the emit. */
  flyc_kernel_def_t nd = FLYC_KERNEL_DEF_INIT;
  nd.name = "smem";
  nd.body = null_alloc_body;
  assert_error(flyc_kernel_emit(ctx, &nd, NULL), FLYC_EINVAL, "flyc_kb_shared_alloc: no allocator");
  /* Over the LDS: both numbers, at emit time, not a device fault. */
  plan_t big = {FLYC_SHARED_STATIC, 0, 2, {40000, 30000}, {0, 0}, 0, 0};
  assert_error(emit_plan(ctx, &big, NULL), FLYC_ECOMPILE, "static shared memory of 70000 bytes",
               "65536 bytes gfx90a allows");
  plan_t huge = {FLYC_SHARED_DYNAMIC, 0, 1, {UINT64_MAX - 8}, {0}, 0, 0};
  assert_error(emit_plan(ctx, &huge, NULL), FLYC_ECOMPILE, "65536");
  /* Failures left nothing: the first kernel is still called smem. */
  plan_t ok = {FLYC_SHARED_STATIC, 0, 1, {65536}, {0}, 0, 0};
  const char *name;
  assert_ok(emit_plan(ctx, &ok, &name));
  assert_string_equal(name, "smem");
  flyc_ctx_destroy(ctx);

  /* NVPTX: 48 KiB of static shared memory; the SM's opt-in maximum with the
   * dynamic part. */
  assert_ok(flyc_ctx_create(&ctx, "sm_80"));
  plan_t s49 = {FLYC_SHARED_STATIC, 0, 1, {49153}, {0}, 0, 0};
  assert_error(emit_plan(ctx, &s49, NULL), FLYC_ECOMPILE, "49153", "49152 bytes sm_80");
  plan_t d160 = {FLYC_SHARED_DYNAMIC, 0, 1, {160 << 10}, {0}, 0, 0};
  assert_ok(emit_plan(ctx, &d160, NULL));
  plan_t d200 = {FLYC_SHARED_DYNAMIC, 0, 1, {200 << 10}, {0}, 0, 0};
  assert_error(emit_plan(ctx, &d200, NULL), FLYC_ECOMPILE, "204800", "166912 bytes sm_80");
  flyc_ctx_destroy(ctx);
  assert_ok(flyc_ctx_create(&ctx, "sm_86"));
  assert_error(emit_plan(ctx, &d160, NULL), FLYC_ECOMPILE, "163840", "101376 bytes sm_86");
  flyc_ctx_destroy(ctx);
  if (FLYC_TEST_LLVM_MAJOR >= 16) { /* sm_90: 227 KiB */
    assert_ok(flyc_ctx_create(&ctx, "sm_90"));
    assert_ok(emit_plan(ctx, &d200, NULL));
    flyc_ctx_destroy(ctx);
  }
}

/* flyc_launch_check() on its own: the rules flyc_launch() applies. */
static void test_shared__launch_check(void **state) {
  (void)state;
  flyc_kernel_info_t k;
  memset(&k, 0, sizeof k);
  k.size = sizeof k;
  k.name = "k";
  k.max_flat_workgroup_size = 256;
  k.reqd_workgroup_size[0] = 16;
  k.reqd_workgroup_size[1] = 4;
  k.reqd_workgroup_size[2] = 1;
  k.dynamic_shared_size = 512;
  flyc_launch_config_t c = FLYC_LAUNCH_CONFIG_INIT;
  c.block[0] = 16;
  c.block[1] = 4;
  assert_ok(flyc_launch_check(&k, "sm_90", &c));
  assert_int_equal(c.shared_size, 512);
  assert_int_equal(c.block[2], 1);
  assert_int_equal(c.cluster[0], 0);
  c.block[1] = 8;
  assert_error(flyc_launch_check(&k, "sm_90", &c), FLYC_EINVAL, "'k'", "16,4,1", "block y is 8",
               "not 4");
  c.block[1] = 4;
  c.cluster[0] = 2;
  c.grid[0] = 3;
  assert_error(flyc_launch_check(&k, "sm_90", &c), FLYC_EINVAL, "grid x (3)", "cluster x (2)");
  c.grid[0] = 4;
  assert_ok(flyc_launch_check(&k, "sm_90", &c));
  assert_int_equal(c.cluster[1], 1);
  c.cluster[0] = 2;
  assert_error(flyc_launch_check(&k, "gfx942", &c), FLYC_EUNSUPPORTED, "gfx942", "sm_90");
  assert_error(flyc_launch_check(&k, NULL, &c), FLYC_EUNSUPPORTED, "unknown target");
  /* An older library's struct (no dynamic_shared_size) asks for nothing. */
  k.size = offsetof(flyc_kernel_info_t, dynamic_shared_size);
  flyc_launch_config_t d = FLYC_LAUNCH_CONFIG_INIT;
  d.block[0] = 16;
  d.block[1] = 4;
  assert_ok(flyc_launch_check(&k, "sm_90", &d));
  assert_int_equal(d.shared_size, 0);
  /* The static part counts against the limit too. */
  k.size = sizeof k;
  k.group_segment_fixed_size = 40000;
  d.shared_size = 30000;
  assert_error(flyc_launch_check(&k, "gfx942", &d), FLYC_EINVAL, "30000 bytes of dynamic",
               "40000 of static", "make 70000", "65536");
  d.shared_size = 25536;
  assert_ok(flyc_launch_check(&k, "gfx942", &d));
  d.shared_size = 163840 - 40000; /* gfx950: 160 KiB */
  assert_ok(flyc_launch_check(&k, "gfx950", &d));
  /* No metadata: the device limits alone. */
  flyc_launch_config_t e = FLYC_LAUNCH_CONFIG_INIT;
  e.block[0] = 1025;
  assert_error(flyc_launch_check(NULL, "sm_90", &e), FLYC_EINVAL, "block x is 1025", "1024");
  e.block[0] = 32;
  e.block[1] = 64;
  assert_error(flyc_launch_check(NULL, "sm_90", &e), FLYC_EINVAL, "32 x 64 x 1 = 2048");
  /* The grid the driver takes. */
  flyc_launch_config_t g = FLYC_LAUNCH_CONFIG_INIT;
  g.grid[1] = 70000;
  assert_error(flyc_launch_check(NULL, "sm_80", &g), FLYC_EINVAL, "grid y is 70000",
               "at most 65535 on sm_80");
  assert_ok(flyc_launch_check(NULL, "gfx90a", &g)); /* HIP counts work-items */
  g.grid[1] = 1;
  g.grid[0] = 1u << 31;
  assert_error(flyc_launch_check(NULL, "sm_80", &g), FLYC_EINVAL, "grid x is 2147483648");
  g.grid[0] = 1u << 23;
  g.block[0] = 1024;
  assert_error(flyc_launch_check(NULL, "gfx90a", &g), FLYC_EINVAL, "grid x is 8388608",
               "below 2^32");
  flyc_launch_config_t z = FLYC_LAUNCH_CONFIG_INIT;
  z.block[2] = 128;
  assert_error(flyc_launch_check(NULL, "sm_90", &z), FLYC_EINVAL, "block z is 128",
               "at most 64");
  assert_ok(flyc_launch_check(NULL, "gfx942", &z));
  /* Clusters need a real sm_90-or-newer target name. */
  flyc_launch_config_t cl = FLYC_LAUNCH_CONFIG_INIT;
  cl.grid[0] = 2;
  cl.cluster[0] = 2;
  assert_ok(flyc_launch_check(NULL, "sm_90a", &cl));
  assert_error(flyc_launch_check(NULL, "sm_90garbage", &cl), FLYC_EUNSUPPORTED, "sm_90garbage");
  assert_error(flyc_launch_check(NULL, "sm_9000", &cl), FLYC_EUNSUPPORTED, "sm_9000");
  e.size = 4;
  assert_error(flyc_launch_check(NULL, "sm_90", &e), FLYC_EINVAL, "flyc_launch_config_t",
               "below the first version's 56");
  assert_error(flyc_launch_check(&k, "sm_90", NULL), FLYC_EINVAL, "config");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shared__static),
      cmocka_unit_test(test_shared__dynamic),
      cmocka_unit_test(test_shared__errors),
      cmocka_unit_test(test_shared__launch_check),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

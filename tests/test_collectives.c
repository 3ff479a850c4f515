/* The kernel-body helpers of flyc/builder.h: warp collectives, atomics,
 * global and warp ids, target queries. What they build and compile to on
 * gfx90a (LLVM 15's too), wave32 gfx1100 and sm_80, and every error they
 * return (exact codes, messages naming the culprit). The instruction
 * selection against clang is test_golden_collectives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "flyc/kernel.h"
#include "util.h"

/* A body that runs `fn` (the helpers under test), then returns. Params: a
 * global i32 pointer, an i32, a shared i32 pointer, a global f32 pointer. */
typedef void (*probe_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args);

static int probe_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  ((probe_fn *)payload)[0](kb, b, args);
  LLVMBuildRetVoid(b);
  return 0;
}

static const flyc_param_t *probe_params(void) {
  static flyc_param_t ps[4];
  static const unsigned as[4] = {1, 0, 3, 1};
  for (int i = 0; i < 4; i++) {
    flyc_param_t p = FLYC_PARAM_INIT;
    p.kind = i == 1 ? FLYC_PARAM_INT : FLYC_PARAM_PTR;
    p.bits = 32;
    p.addrspace = as[i];
    ps[i] = p;
  }
  return ps;
}

/* Emits a kernel running `fn` for `target` into a new context (returned
 * in *ctx_out, or destroyed when NULL); the emit's status. */
static int emit_probe(const char *target, probe_fn fn, flyc_ctx_t **ctx_out) {
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, target));
  static probe_fn slot;
  slot = fn;
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "probe";
  d.params = probe_params();
  d.param_count = 4;
  d.body = probe_body;
  d.payload = &slot;
  int rc = flyc_kernel_emit(ctx, &d, NULL);
  if (ctx_out)
    *ctx_out = ctx;
  else
    flyc_ctx_destroy(ctx);
  return rc;
}

static LLVMValueRef i32c(flyc_kernel_builder_t *kb, long long v) {
  return LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), (unsigned long long)v, 1);
}

/* ---------------------------------------------------------------- queries */

static flyc_target_family_t q_family;
static const char *q_proc;
static uint32_t q_wave;
static void p_query(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  (void)b, (void)args;
  q_family = flyc_kb_target_family(kb);
  q_proc = flyc_kb_target_processor(kb);
  q_wave = flyc_kb_target_wave_size(kb);
}

static void test_collectives__target_queries(void **state) {
  (void)state;
  static const struct {
    const char *target, *proc;
    flyc_target_family_t family;
    uint32_t wave;
  } cases[] = {{"gfx90a:xnack-", "gfx90a", FLYC_TARGET_AMDGPU, 64},
               {"gfx1100", "gfx1100", FLYC_TARGET_AMDGPU, 32},
               {"sm_80", "sm_80", FLYC_TARGET_NVPTX, 32}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(cases[i].target, p_query, &ctx));
    assert_int_equal(q_family, cases[i].family);
    assert_string_equal(q_proc, cases[i].proc);
    assert_int_equal(q_wave, cases[i].wave);
    flyc_ctx_destroy(ctx);
  }
  assert_int_equal(flyc_kb_target_family(NULL), 0);
  assert_null(flyc_kb_target_processor(NULL));
  assert_int_equal(flyc_kb_target_wave_size(NULL), 0);
}

/* ------------------------------------------------------- ids, collectives */

/* Stores every helper's result, so that none is optimized away. */
static void p_everything(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), i64 = LLVMInt64TypeInContext(lc);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0), v = LLVMBuildAdd(b, args[1], tid, "");
  LLVMValueRef f = LLVMBuildSIToFP(b, v, LLVMFloatTypeInContext(lc), "");
  LLVMValueRef d = LLVMBuildSIToFP(b, v, LLVMDoubleTypeInContext(lc), "");
  LLVMValueRef acc = LLVMBuildAdd(b, flyc_kb_global_id(kb, 0), flyc_kb_warp_id(kb), "");
  acc = LLVMBuildAdd(b, acc, LLVMBuildTrunc(b, flyc_kb_global_id64(kb, 1), i32, ""), "");
  for (int k = FLYC_SHUFFLE_IDX; k <= FLYC_SHUFFLE_XOR; k++) {
    acc = LLVMBuildAdd(b, acc, flyc_kb_shuffle(kb, k, v, i32c(kb, 3), 16), "");
    LLVMValueRef s64 = flyc_kb_shuffle(kb, k, LLVMBuildZExt(b, v, i64, ""), i32c(kb, 1), 0);
    acc = LLVMBuildAdd(b, acc, LLVMBuildTrunc(b, s64, i32, ""), "");
    acc = LLVMBuildAdd(b, acc, LLVMBuildFPToSI(b, flyc_kb_shuffle(kb, k, f, tid, 8), i32, ""), "");
  }
  LLVMValueRef pred = LLVMBuildICmp(b, LLVMIntSGT, v, i32c(kb, 7), "");
  acc = LLVMBuildAdd(b, acc, LLVMBuildTrunc(b, flyc_kb_ballot(kb, pred), i32, ""), "");
  acc = LLVMBuildAdd(b, acc, LLVMBuildZExt(b, flyc_kb_vote_any(kb, pred), i32, ""), "");
  acc = LLVMBuildAdd(b, acc, LLVMBuildZExt(b, flyc_kb_vote_all(kb, pred), i32, ""), "");
  for (int op = FLYC_REDUCE_SUM; op <= FLYC_REDUCE_UMAX; op++)
    acc = LLVMBuildAdd(b, acc, flyc_kb_warp_reduce(kb, op, v, 0), "");
  acc = LLVMBuildAdd(b, acc, LLVMBuildFPToSI(b, flyc_kb_warp_reduce(kb, FLYC_REDUCE_MAX, f, 4),
                                             i32, ""), "");
  acc = LLVMBuildAdd(b, acc, LLVMBuildFPToSI(b, flyc_kb_warp_reduce(kb, FLYC_REDUCE_SUM, d, 0),
                                             i32, ""), "");
  LLVMBuildStore(b, acc, LLVMBuildGEP2(b, i32, args[0], &tid, 1, ""));
}

static void test_collectives__everything_compiles(void **state) {
  (void)state;
  /* sm_50's lowest PTX ISA is 4.0: the .sync forms ask for 6.0. */
  const char *targets[] = {"gfx90a:xnack-", "gfx1100", "sm_80", "sm_50"};
  for (size_t i = 0; i < 4; i++) {
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(targets[i], p_everything, &ctx));
    char *text = tu_ctx_text(ctx);
    if (i < 2) {
      assert_non_null(strstr(text, "ds_bpermute_b32"));
      /* the reductions' steps: ds_swizzle for xor 4-16, DPP for 1 and 2 */
      assert_non_null(strstr(text, "ds_swizzle_b32"));
      assert_non_null(strstr(text, "quad_perm:[1,0,3,2]"));
      assert_non_null(strstr(text, "quad_perm:[2,3,0,1]"));
    } else {
      assert_non_null(strstr(text, "shfl.sync.idx.b32"));
      assert_non_null(strstr(text, "shfl.sync.up.b32"));
      assert_non_null(strstr(text, "vote.sync.ballot.b32"));
      assert_non_null(strstr(text, "vote.sync.any.pred"));
      assert_non_null(strstr(text, "vote.sync.all.pred"));
      if (i == 3)
        assert_non_null(strstr(text, ".version 6.0"));
      /* sm_80's i32 full-warp reductions are redux.sync; sm_50 has none. */
      const char *const redux[] = {"redux.sync.add.s32", "redux.sync.min.s32",
                                   "redux.sync.max.s32", "redux.sync.min.u32",
                                   "redux.sync.max.u32"};
      for (int r = 0; r < 5; r++)
        assert_true((strstr(text, redux[r]) != NULL) == (i == 2));

    }
    free(text);
  }
}

/* The known 1-D block's warp id is tid.x >> log2(wave), and the global id
 * folds blockDim to the constant. */
static void p_ids(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef w = flyc_kb_warp_id(kb), g = flyc_kb_global_id(kb, 0);
  LLVMBuildStore(b, LLVMBuildAdd(b, w, g, ""), LLVMBuildGEP2(b, i32, args[0], &g, 1, ""));
}

static void test_collectives__ids_ir(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  assert_ok(flyc_ctx_create(&ctx, "gfx90a"));
  static probe_fn slot = p_ids;
  const uint32_t block[3] = {256, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "ids";
  d.params = probe_params();
  d.param_count = 4;
  d.body = probe_body;
  d.payload = &slot;
  d.launch_block = block;
  assert_ok(flyc_kernel_emit(ctx, &d, NULL));
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_non_null(strstr(ir, "lshr i32 %"));   /* the warp id */
  assert_non_null(strstr(ir, ", 6"));          /* log2(64) */
  assert_non_null(strstr(ir, "mul i32 %"));    /* blockIdx * 256 */
  assert_non_null(strstr(ir, ", 256"));
  assert_null(strstr(ir, "workitem.id.y")); /* 1-D: no y term */
  LLVMDisposeMessage(ir);
  flyc_ctx_destroy(ctx);
}

/* ---------------------------------------------------------------- atomics */

static flyc_atomic_op_t a_op;
static flyc_memory_order_t a_order;
static flyc_memory_scope_t a_scope;
static int a_ptr; /* the probe parameter holding the pointer: 0 global, 2 shared */
static int a_wide; /* 64-bit values */
static void p_atomic(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef v = a_wide ? LLVMBuildSExt(b, args[1], LLVMInt64TypeInContext(lc), "") : args[1];
  if (a_op == FLYC_ATOMIC_FADD)
    v = LLVMBuildSIToFP(b, args[1], a_wide ? LLVMDoubleTypeInContext(lc)
                                           : LLVMFloatTypeInContext(lc), "");
  LLVMValueRef old = a_op ? flyc_kb_atomic_rmw(kb, a_op, args[a_ptr], v, a_order, a_scope)
                          : flyc_kb_atomic_cas(kb, args[a_ptr], v, v, a_order, a_scope);
  if (old && LLVMGetTypeKind(LLVMTypeOf(old)) == LLVMIntegerTypeKind)
    LLVMBuildStore(b, LLVMBuildTrunc(b, old, LLVMInt32TypeInContext(lc), ""), args[0]);
}

/* Every op, scope and order, in global and shared memory, 32 and 64 bits:
 * they compile (on LLVM 15 and 19 through the linked IR functions). */
static void test_collectives__atomics_compile(void **state) {
  (void)state;
  const char *targets[] = {"gfx90a:xnack-", "sm_80"};
  for (size_t t = 0; t < 2; t++)
    for (int op = 0; op <= FLYC_ATOMIC_FADD; op++)
      for (int sc = FLYC_SCOPE_WORKGROUP; sc <= FLYC_SCOPE_WAVEFRONT; sc++) {
        flyc_ctx_t *ctx = NULL;
        assert_ok(flyc_ctx_create(&ctx, targets[t]));
        for (int k = 0; k < 5 * 4; k++) {
          a_op = (flyc_atomic_op_t)op, a_scope = (flyc_memory_scope_t)sc;
          a_order = (flyc_memory_order_t)(k % 5 + 1);
          a_ptr = (k / 5) % 2 ? 2 : 0;
          a_wide = k / 10;
          static probe_fn slot = p_atomic;
          flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
          d.base = "atomic";
          d.params = probe_params();
          d.param_count = 4;
          d.body = probe_body;
          d.payload = &slot;
          assert_ok(flyc_kernel_emit(ctx, &d, NULL));
        }
        char *text = tu_ctx_text(ctx);
        free(text);
      }
}

/* The scope and order reach the code. NVPTX: the scope's atom form with
 * its fences; UMAX as inline PTX; a shared pointer's `atom.shared` at any
 * scope (no cvta), as CUDA's atomicAdd on __shared__ memory. gfx90a (LLVM 15 and 19 through the linked IR functions): the
 * memory legalizer's cache maintenance of the scope, none for a relaxed
 * workgroup atomic. */
static void test_collectives__atomic_forms(void **state) {
  (void)state;
  static const struct {
    const char *target;
    flyc_atomic_op_t op;
    flyc_memory_order_t order;
    flyc_memory_scope_t scope;
    int ptr;
    const char *want[3], *absent;
  } cases[] = {
      {"sm_80", FLYC_ATOMIC_ADD, FLYC_ORDER_RELAXED, FLYC_SCOPE_WORKGROUP, 0,
       {"atom.cta.add.s32"}, "membar"},
      {"sm_80", FLYC_ATOMIC_SUB, FLYC_ORDER_RELAXED, FLYC_SCOPE_SYSTEM, 0,
       {"atom.sys.add.s32", "neg"}, "membar"},
      {"sm_80", FLYC_ATOMIC_UMAX, FLYC_ORDER_RELAXED, FLYC_SCOPE_SYSTEM, 0,
       {"atom.sys.max.u32"}, NULL},
      {"sm_80", FLYC_ATOMIC_UMIN, FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT, 0,
       {"atom.global.min.u32"}, NULL},
      {"sm_80", FLYC_ATOMIC_ADD, FLYC_ORDER_ACQUIRE, FLYC_SCOPE_WORKGROUP, 2,
       {"atom.shared.add.u32", "membar.cta"}, "cvta.shared"},
      {"sm_80", FLYC_ATOMIC_UMAX, FLYC_ORDER_RELAXED, FLYC_SCOPE_WORKGROUP, 2,
       {"atom.shared.max.u32"}, "cvta.shared"},
      {"sm_80", FLYC_ATOMIC_XCHG, FLYC_ORDER_RELEASE, FLYC_SCOPE_AGENT, 0,
       {"membar.gl", "atom.global.exch.b32"}, NULL},
      {"gfx90a:xnack-", FLYC_ATOMIC_ADD, FLYC_ORDER_SEQ_CST, FLYC_SCOPE_SYSTEM, 0,
       {"buffer_wbl2", "global_atomic_add", "buffer_invl2"}, NULL},
      {"gfx90a:xnack-", FLYC_ATOMIC_MAX, FLYC_ORDER_ACQ_REL, FLYC_SCOPE_AGENT, 0,
       {"buffer_wbinvl1_vol"}, "buffer_wbl2"}, /* smax or a cmpswap loop, by LLVM */
      {"gfx90a:xnack-", FLYC_ATOMIC_ADD, FLYC_ORDER_RELAXED, FLYC_SCOPE_WORKGROUP, 0,
       {"global_atomic_add"}, "buffer_"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    a_op = cases[i].op, a_order = cases[i].order, a_scope = cases[i].scope;
    a_ptr = cases[i].ptr, a_wide = 0;
    flyc_ctx_t *ctx = NULL;
    assert_ok(emit_probe(cases[i].target, p_atomic, &ctx));
    char *text = tu_ctx_text(ctx);
    for (int w = 0; w < 3 && cases[i].want[w]; w++)
      if (!strstr(text, cases[i].want[w])) {
        print_error("case %zu: no '%s' in:\n%s\n", i, cases[i].want[w], text);
        fail();
      }
    if (cases[i].absent && strstr(text, cases[i].absent)) {
      print_error("case %zu: '%s' in:\n%s\n", i, cases[i].absent, text);
      fail();
    }
    free(text);
  }
}

/* ----------------------------------------------------------------- errors */

#define PROBE(name, stmt)                                                                    \
  static void name(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args) {        \
    LLVMContextRef lc = flyc_kb_llvm_context(kb);                                            \
    (void)b, (void)args, (void)lc;                                                           \
    stmt;                                                                                    \
  }
#define I1(v) LLVMConstInt(LLVMInt1TypeInContext(lc), (v), 0)
#define I16(v) LLVMConstInt(LLVMInt16TypeInContext(lc), (v), 0)
#define F32(v) LLVMConstReal(LLVMFloatTypeInContext(lc), (v))

static LLVMContextRef other_lc;
PROBE(e_shfl_kind, flyc_kb_shuffle(kb, (flyc_shuffle_kind_t)9, args[1], i32c(kb, 1), 0))
PROBE(e_shfl_width48, flyc_kb_shuffle(kb, FLYC_SHUFFLE_XOR, args[1], i32c(kb, 1), 48))
PROBE(e_shfl_width64, flyc_kb_shuffle(kb, FLYC_SHUFFLE_XOR, args[1], i32c(kb, 1), 64))
PROBE(e_shfl_null, flyc_kb_shuffle(kb, FLYC_SHUFFLE_IDX, NULL, i32c(kb, 1), 0))
PROBE(e_shfl_foreign, flyc_kb_shuffle(kb, FLYC_SHUFFLE_IDX,
                                      LLVMConstInt(LLVMInt32TypeInContext(other_lc), 1, 0),
                                      i32c(kb, 1), 0))
PROBE(e_shfl_i16, flyc_kb_shuffle(kb, FLYC_SHUFFLE_IDX, I16(1), i32c(kb, 1), 0))
PROBE(e_shfl_lane_i16, flyc_kb_shuffle(kb, FLYC_SHUFFLE_IDX, args[1], I16(1), 0))
PROBE(e_ballot_i32, flyc_kb_ballot(kb, args[1]))
PROBE(e_any_null, flyc_kb_vote_any(kb, NULL))
PROBE(e_all_i32, flyc_kb_vote_all(kb, args[1]))
PROBE(e_reduce_op, flyc_kb_warp_reduce(kb, (flyc_reduce_op_t)0, args[1], 0))
PROBE(e_reduce_umin_f, flyc_kb_warp_reduce(kb, FLYC_REDUCE_UMIN, F32(1), 0))
PROBE(e_reduce_width, flyc_kb_warp_reduce(kb, FLYC_REDUCE_SUM, args[1], 3))
PROBE(e_rmw_op, flyc_kb_atomic_rmw(kb, (flyc_atomic_op_t)12, args[0], args[1],
                                   FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_rmw_order0, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[0], args[1],
                                       (flyc_memory_order_t)0, FLYC_SCOPE_AGENT))
PROBE(e_rmw_order6, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[0], args[1],
                                       (flyc_memory_order_t)6, FLYC_SCOPE_AGENT))
PROBE(e_rmw_scope, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[0], args[1],
                                      FLYC_ORDER_RELAXED, (flyc_memory_scope_t)5))
PROBE(e_rmw_notptr, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[1], args[1],
                                       FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_rmw_const_space,
      flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD,
                         LLVMBuildAddrSpaceCast(b, args[0], LLVMPointerTypeInContext(lc, 4), ""),
                         args[1], FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_rmw_fadd_int, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_FADD, args[3], args[1],
                                         FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_rmw_add_float, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[3], F32(1),
                                          FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_rmw_null_ptr, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, NULL, args[1],
                                         FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_cas_mismatch, flyc_kb_atomic_cas(kb, args[0], args[1],
                                         LLVMConstInt(LLVMInt64TypeInContext(lc), 1, 0),
                                         FLYC_ORDER_SEQ_CST, FLYC_SCOPE_AGENT))
PROBE(e_cas_null, flyc_kb_atomic_cas(kb, args[0], NULL, args[1], FLYC_ORDER_SEQ_CST,
                                     FLYC_SCOPE_AGENT))
PROBE(e_fence_relaxed, flyc_kb_fence(kb, FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT))
PROBE(e_gid_axis, flyc_kb_global_id(kb, 3))
PROBE(e_gid64_axis, flyc_kb_global_id64(kb, 7))
PROBE(e_scoped_sm50, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[0], args[1],
                                        FLYC_ORDER_RELAXED, FLYC_SCOPE_WORKGROUP))
PROBE(e_f64_add_sm50,
      flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_FADD, args[3],
                         LLVMConstReal(LLVMDoubleTypeInContext(lc), 1), FLYC_ORDER_RELAXED,
                         FLYC_SCOPE_AGENT))
PROBE(e_shfl_sm20, flyc_kb_shuffle(kb, FLYC_SHUFFLE_XOR, args[1], i32c(kb, 1), 0))
PROBE(e_ballot_sm20, flyc_kb_ballot(kb, I1(1)))
PROBE(e_reduce_gfx6, flyc_kb_warp_reduce(kb, FLYC_REDUCE_SUM, args[1], 0))
PROBE(ok_agent_sm50, flyc_kb_atomic_rmw(kb, FLYC_ATOMIC_ADD, args[0], args[1],
                                        FLYC_ORDER_SEQ_CST, FLYC_SCOPE_AGENT))

static void test_collectives__errors(void **state) {
  (void)state;
  other_lc = LLVMContextCreate();
  static const struct {
    const char *target;
    probe_fn fn;
    int code;
    const char *msg[3];
  } cases[] = {
      {"gfx90a", e_shfl_kind, FLYC_EINVAL, {"flyc_kb_shuffle", "kind 9"}},
      {"gfx90a", e_shfl_width48, FLYC_EINVAL, {"flyc_kb_shuffle", "width 48", "64"}},
      {"sm_80", e_shfl_width64, FLYC_EINVAL, {"width 64", "from 1 to 32", "sm_80"}},
      {"gfx1100", e_shfl_width64, FLYC_EINVAL, {"width 64", "from 1 to 32", "gfx1100"}},
      {"gfx90a", e_shfl_null, FLYC_EINVAL, {"flyc_kb_shuffle", "value is NULL"}},
      {"gfx90a", e_shfl_foreign, FLYC_EINVAL, {"value is a value of another LLVM context"}},
      {"sm_80", e_shfl_i16, FLYC_EINVAL, {"value must be an i32, f32, i64 or f64"}},
      {"sm_80", e_shfl_lane_i16, FLYC_EINVAL, {"b (the lane, delta or mask) must be an i32"}},
      {"gfx90a", e_ballot_i32, FLYC_EINVAL, {"flyc_kb_ballot", "pred must be an i1"}},
      {"sm_80", e_any_null, FLYC_EINVAL, {"flyc_kb_vote_any", "pred is NULL"}},
      {"sm_80", e_all_i32, FLYC_EINVAL, {"flyc_kb_vote_all", "pred must be an i1"}},
      {"gfx90a", e_reduce_op, FLYC_EINVAL, {"flyc_kb_warp_reduce", "op 0"}},
      {"gfx90a", e_reduce_umin_f, FLYC_EINVAL, {"UMIN takes integers"}},
      {"sm_80", e_reduce_width, FLYC_EINVAL, {"flyc_kb_warp_reduce", "width 3"}},
      {"gfx90a", e_rmw_op, FLYC_EINVAL, {"flyc_kb_atomic_rmw", "op 12"}},
      {"gfx90a", e_rmw_order0, FLYC_EINVAL, {"order 0"}},
      {"sm_80", e_rmw_order6, FLYC_EINVAL, {"order 6"}},
      {"gfx90a", e_rmw_scope, FLYC_EINVAL, {"scope 5"}},
      {"gfx90a", e_rmw_notptr, FLYC_EINVAL, {"ptr must be a pointer", "a non-pointer"}},
      {"sm_80", e_rmw_const_space, FLYC_EINVAL, {"address space 0, 1 or 3", "another space"}},
      {"gfx90a", e_rmw_fadd_int, FLYC_EINVAL, {"FADD takes an f32 or f64, not i32"}},
      {"sm_80", e_rmw_add_float, FLYC_EINVAL, {"ADD takes an i32 or i64, not float"}},
      {"gfx90a", e_rmw_null_ptr, FLYC_EINVAL, {"ptr is NULL"}},
      {"gfx90a", e_cas_mismatch, FLYC_EINVAL, {"flyc_kb_atomic_cas", "differ in type"}},
      {"sm_80", e_cas_null, FLYC_EINVAL, {"flyc_kb_atomic_cas", "expected is NULL"}},
      {"gfx90a", e_fence_relaxed, FLYC_EINVAL, {"flyc_kb_fence", "order 5"}},
      {"gfx90a", e_gid_axis, FLYC_EINVAL, {"flyc_kb_global_id", "axis 3"}},
      {"sm_80", e_gid64_axis, FLYC_EINVAL, {"flyc_kb_global_id64", "axis 7"}},
      {"sm_50", e_scoped_sm50, FLYC_EUNSUPPORTED, {"sm_50", "atom.cta", "sm_60"}},
      {"sm_50", e_f64_add_sm50, FLYC_EUNSUPPORTED, {"sm_50", "atom.add.f64"}},
      {"sm_20", e_shfl_width64, FLYC_EINVAL, {"width 64"}}, /* checked first */
      {"sm_20", e_shfl_sm20, FLYC_EUNSUPPORTED, {"flyc_kb_shuffle", "sm_20", "sm_30"}},
      {"sm_20", e_ballot_sm20, FLYC_EUNSUPPORTED, {"flyc_kb_ballot", "sm_20", "sm_30"}},
      {"gfx700", e_shfl_sm20, FLYC_EUNSUPPORTED, {"flyc_kb_shuffle", "gfx700", "ds_bpermute"}},
      {"gfx600", e_reduce_gfx6, FLYC_EUNSUPPORTED, {"flyc_kb_shuffle", "gfx600"}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int rc = emit_probe(cases[i].target, cases[i].fn, NULL);
    print_message("case %zu (%s)\n", i, cases[i].target);
    assert_error(rc, cases[i].code, cases[i].msg[0], cases[i].msg[1] ? cases[i].msg[1] : "",
                 cases[i].msg[2] ? cases[i].msg[2] : "");
  }
  LLVMContextDispose(other_lc);
  /* The device scope needs no sm_60: an atom of PTX's default .gpu scope. */
  assert_ok(emit_probe("sm_50", ok_agent_sm50, NULL));
  /* Outside a body: NULL, FLYC_EINVAL naming the helper. */
  assert_null(flyc_kb_shuffle(NULL, FLYC_SHUFFLE_XOR, NULL, NULL, 0));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_shuffle", "outside a kernel body");
  assert_null(flyc_kb_atomic_cas(NULL, NULL, NULL, NULL, FLYC_ORDER_RELAXED, FLYC_SCOPE_AGENT));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_atomic_cas");
  assert_null(flyc_kb_ballot(NULL, NULL));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_ballot");
  assert_null(flyc_kb_warp_id(NULL));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "flyc_kb_warp_id");
}

/* ---- block reductions ---- */

static flyc_reduce_op_t block_op;
static LLVMTypeRef (*block_type)(LLVMContextRef);

/* out[0] = the block's reduction (op, type) of the thread index, twice
 * (the scratch is reused); known_block_size `block` (0: none). */
static int block_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                      void *payload) {
  (void)payload;
  LLVMTypeRef t = block_type(flyc_kb_llvm_context(kb));
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0);
  LLVMValueRef v = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMBuildZExt(b, tid, t, "")
                                                             : LLVMBuildUIToFP(b, tid, t, "");
  LLVMValueRef r = flyc_kb_block_reduce(kb, block_op, v);
  if (!r)
    return FLYC_EINVAL;
  r = flyc_kb_block_reduce(kb, block_op, r);
  if (!r)
    return FLYC_EINVAL;
  LLVMBuildStore(b, r, args[0]);
  return 0;
}

static int emit_block(const char *target, uint32_t block, flyc_ctx_t **ctx) {
  assert_ok(flyc_ctx_create(ctx, target));
  uint32_t launch[3] = {block, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "block";
  d.params = probe_params();
  d.param_count = 4;
  d.body = block_body;
  d.launch_block = block ? launch : NULL;
  return flyc_kernel_emit(*ctx, &d, NULL);
}

static void test_collectives__block_reduce(void **state) {
  (void)state;
  flyc_ctx_t *ctx = NULL;
  block_op = FLYC_REDUCE_SUM, block_type = LLVMInt32TypeInContext;
  assert_error(emit_block("sm_80", 0, &ctx), FLYC_EINVAL, "flyc_kb_block_reduce",
               "kernel 'block' has no known_block_size or launch_block");
  flyc_ctx_destroy(ctx);
  assert_error(emit_block("sm_80", 48, &ctx), FLYC_EINVAL,
               "kernel 'block' has 48 threads a block, not a multiple of the wave size 32");
  flyc_ctx_destroy(ctx);
  assert_error(emit_block("gfx90a", 96, &ctx), FLYC_EINVAL, "not a multiple of the wave size 64");
  flyc_ctx_destroy(ctx);
  assert_null(flyc_kb_block_reduce(NULL, FLYC_REDUCE_SUM, NULL));
  assert_error(flyc_error_last()->code, FLYC_EINVAL, "outside a kernel body");

  /* One wave: a warp reduction, no shared memory, no barrier. */
  assert_ok(emit_block("sm_80", 32, &ctx));
  char *ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_null(strstr(ir, "__flyc_block_reduce"));
  LLVMDisposeMessage(ir);
  char *text = tu_ctx_text(ctx);
  assert_int_equal(tu_count(text, "bar.sync"), 0);
  assert_int_equal(tu_count(text, "redux.sync.add"), 2);
  free(text);

  /* 8 waves of 32: one scratch of 32 slots for both calls, two barriers
   * each, the identity past the last wave: INT64_MAX for an i64 min,
   * +inf for a float min. */
  block_op = FLYC_REDUCE_MIN, block_type = LLVMInt64TypeInContext;
  assert_ok(emit_block("sm_80", 256, &ctx));
  ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_int_equal(tu_count(ir, "@__flyc_block_reduce = internal addrspace(3) global [32 x i64]"), 1);
  assert_non_null(strstr(ir, "9223372036854775807"));
  assert_non_null(strstr(ir, "icmp ult i32")); /* lane < 8 */
  LLVMDisposeMessage(ir);
  text = tu_ctx_text(ctx);
  assert_int_equal(tu_count(text, "bar.sync"), 4);
  assert_non_null(strstr(text, ".shared .align 8 .b8 __flyc_block_reduce[256]"));
  free(text);
  block_op = FLYC_REDUCE_MIN, block_type = LLVMFloatTypeInContext;
  assert_ok(emit_block("gfx90a", 1024, &ctx));
  ir = LLVMPrintModuleToString(flyc_ctx_module(ctx));
  assert_non_null(strstr(ir, "0x7FF0000000000000")); /* +inf */
  assert_non_null(strstr(ir, "llvm.minnum.f32"));
  LLVMDisposeMessage(ir);
  text = tu_ctx_text(ctx);
  assert_int_equal(tu_count(text, "s_barrier"), 4);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_collectives__target_queries),
      cmocka_unit_test(test_collectives__everything_compiles),
      cmocka_unit_test(test_collectives__ids_ir),
      cmocka_unit_test(test_collectives__atomics_compile),
      cmocka_unit_test(test_collectives__atomic_forms),
      cmocka_unit_test(test_collectives__errors),
      cmocka_unit_test(test_collectives__block_reduce),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

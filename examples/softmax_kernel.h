/* A row softmax with warp and block reductions, written once with the kernel
 * builder's collectives (flyc/builder.h) for every target: gfx942 (wave64),
 * sm_90 (warp 32), gfx1100 (wave32) alike. The CUDA it stands for:
 *
 *   __shared__ float red[32];                  // one slot a warp
 *   row = blockIdx.x; t = threadIdx.x;
 *   m = -inf; for (j = t; j < n; j += BLOCK) m = fmaxf(m, in[row * n + j]);
 *   m = block_max(m);                          // warp reduce, red[], warp reduce
 *   s = 0;    for (j = t; j < n; j += BLOCK) s += expf(in[row * n + j] - m);
 *   s = block_sum(s);
 *             for (j = t; j < n; j += BLOCK) out[row * n + j] = expf(in[row * n + j] - m) / s;
 *
 * block_max / block_sum: flyc_kb_warp_reduce in every warp, lane 0 writes
 * red[warp id], a barrier, then every warp reduces red[0 .. BLOCK/wave) again
 * (so each thread has the result without a broadcast), and a barrier before
 * red[] is reused. BLOCK is a constexpr: a power of two from the wave size to
 * 1024, the kernel's launch block {BLOCK, 1, 1}. One block a row.
 * Parameters: in, out (float, global, 4-byte aligned, noalias), n (i32, the
 * row length; rows = the grid). exp is the device library's
 * (flyc_kb_math: __ocml_exp_f32 / __nv_expf). */
#ifndef FLYC_EXAMPLE_SOFTMAX_KERNEL_H
#define FLYC_EXAMPLE_SOFTMAX_KERNEL_H

#include <math.h>

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static const flyc_param_t softmax_params[3] = {
    {sizeof(flyc_param_t), "in", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0},
};

/* What one pass of the strided loop does with column j and the running
 * value (NULL for the last pass, which only stores). */
typedef LLVMValueRef (*softmax_step_fn)(flyc_kernel_builder_t *kb, LLVMBuilderRef b,
                                        LLVMValueRef *arg, LLVMValueRef j, LLVMValueRef acc,
                                        LLVMValueRef m, LLVMValueRef s);

/* for (j = t; j < n; j += BLOCK) acc = step(j, acc); the final acc. */
static LLVMValueRef softmax_loop(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                                 unsigned block, LLVMValueRef init, softmax_step_fn step,
                                 LLVMValueRef m, LLVMValueRef s) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef fn = flyc_kb_function(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), f32 = LLVMFloatTypeInContext(lc);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(lc, fn, "head");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(lc, fn, "body");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(lc, fn, "exit");
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0);
  LLVMBuildBr(b, head);
  LLVMPositionBuilderAtEnd(b, head);
  LLVMValueRef j = LLVMBuildPhi(b, i32, "j"), acc = LLVMBuildPhi(b, f32, "acc");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, j, arg[2], ""), body, exit);
  LLVMPositionBuilderAtEnd(b, body);
  LLVMValueRef next = step(kb, b, arg, j, acc, m, s);
  LLVMValueRef jn = LLVMBuildNSWAdd(b, j, LLVMConstInt(i32, block, 0), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, head);
  LLVMValueRef jv[2] = {t, jn}, av[2] = {init, next ? next : init};
  LLVMBasicBlockRef from[2] = {pre, latch};
  LLVMAddIncoming(j, jv, from, 2);
  LLVMAddIncoming(acc, av, from, 2);
  LLVMPositionBuilderAtEnd(b, exit);
  return acc;
}

/* &in[row * n + j] (or out's, `which` 1) and the element in[row * n + j]. */
static LLVMValueRef softmax_at(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                               int which, LLVMValueRef j) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef i = LLVMBuildAdd(b, LLVMBuildMul(b, flyc_kb_block_idx(kb, 0), arg[2], ""), j, "");
  return LLVMBuildGEP2(b, f32, arg[which], &i, 1, "");
}

static LLVMValueRef softmax_load(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                                 LLVMValueRef j) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  return LLVMBuildLoad2(b, f32, softmax_at(kb, b, arg, 0, j), "x");
}

static LLVMValueRef softmax_max_step(flyc_kernel_builder_t *kb, LLVMBuilderRef b,
                                     LLVMValueRef *arg, LLVMValueRef j, LLVMValueRef acc,
                                     LLVMValueRef m, LLVMValueRef s) {
  (void)m, (void)s;
  LLVMValueRef x = softmax_load(kb, b, arg, j);
  return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, x, acc, ""), x, acc, "");
}

static LLVMValueRef softmax_sum_step(flyc_kernel_builder_t *kb, LLVMBuilderRef b,
                                     LLVMValueRef *arg, LLVMValueRef j, LLVMValueRef acc,
                                     LLVMValueRef m, LLVMValueRef s) {
  (void)s;
  LLVMValueRef e = flyc_kb_math(kb, FLYC_MATH_EXP,
                                LLVMBuildFSub(b, softmax_load(kb, b, arg, j), m, ""), NULL);
  return e ? LLVMBuildFAdd(b, acc, e, "") : acc;
}

static LLVMValueRef softmax_store_step(flyc_kernel_builder_t *kb, LLVMBuilderRef b,
                                       LLVMValueRef *arg, LLVMValueRef j, LLVMValueRef acc,
                                       LLVMValueRef m, LLVMValueRef s) {
  (void)acc;
  LLVMValueRef e = flyc_kb_math(kb, FLYC_MATH_EXP,
                                LLVMBuildFSub(b, softmax_load(kb, b, arg, j), m, ""), NULL);
  if (e)
    LLVMBuildStore(b, LLVMBuildFDiv(b, e, s, ""), softmax_at(kb, b, arg, 1, j));
  return NULL;
}

/* The block-wide reduction of every thread's `v` (op MAX or SUM, `none` the
 * identity), in every thread; NULL when a helper failed. */
static LLVMValueRef softmax_block_reduce(flyc_kernel_builder_t *kb, LLVMBuilderRef b,
                                         LLVMValueRef red, unsigned block, flyc_reduce_op_t op,
                                         LLVMValueRef v, LLVMValueRef none) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMValueRef fn = flyc_kb_function(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), f32 = LLVMFloatTypeInContext(lc);
  LLVMValueRef lane = flyc_kb_lane_id(kb), warp = flyc_kb_warp_id(kb);
  LLVMValueRef w = flyc_kb_warp_reduce(kb, op, v, 0);
  if (!lane || !warp || !w)
    return NULL;
  /* if (lane == 0) red[warp] = w */
  LLVMBasicBlockRef wr = LLVMAppendBasicBlockInContext(lc, fn, "write");
  LLVMBasicBlockRef go = LLVMAppendBasicBlockInContext(lc, fn, "written");
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, lane, zero, ""), wr, go);
  LLVMPositionBuilderAtEnd(b, wr);
  LLVMBuildStore(b, w, LLVMBuildGEP2(b, f32, red, &warp, 1, ""));
  LLVMBuildBr(b, go);
  LLVMPositionBuilderAtEnd(b, go);
  if (flyc_kb_barrier(kb))
    return NULL;
  /* lane < BLOCK / wave ? red[lane] : none, reduced again in every warp */
  LLVMValueRef nw = LLVMConstInt(i32, block / flyc_kb_target_wave_size(kb), 0);
  LLVMValueRef have = LLVMBuildICmp(b, LLVMIntULT, lane, nw, "");
  LLVMValueRef idx = LLVMBuildSelect(b, have, lane, zero, "");
  LLVMValueRef part = LLVMBuildLoad2(b, f32, LLVMBuildGEP2(b, f32, red, &idx, 1, ""), "");
  LLVMValueRef r = flyc_kb_warp_reduce(kb, op, LLVMBuildSelect(b, have, part, none, ""), 0);
  if (!r || flyc_kb_barrier(kb)) /* red[] is written again next */
    return NULL;
  return r;
}

static int softmax_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                        void *payload) {
  (void)payload;
  const flyc_constexpr_t *bk = flyc_kb_constexpr(kb, "BLOCK");
  unsigned wave = flyc_kb_target_wave_size(kb);
  if (!bk || bk->i < wave || bk->i > 1024 || (bk->i & (bk->i - 1)))
    return FLYC_EINVAL;
  unsigned block = (unsigned)bk->i;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 16);
  LLVMValueRef red = flyc_kb_shared_alloc(sa, 32 * 4, 16); /* 1024 threads / 32 lanes */
  if (!red)
    return FLYC_EINVAL;
  LLVMValueRef ninf = LLVMConstReal(f32, -INFINITY), fzero = LLVMConstReal(f32, 0.0);
  LLVMValueRef m = softmax_loop(kb, b, arg, block, ninf, softmax_max_step, NULL, NULL);
  m = softmax_block_reduce(kb, b, red, block, FLYC_REDUCE_MAX, m, ninf);
  if (!m)
    return FLYC_EINVAL;
  LLVMValueRef s = softmax_loop(kb, b, arg, block, fzero, softmax_sum_step, m, NULL);
  s = softmax_block_reduce(kb, b, red, block, FLYC_REDUCE_SUM, s, fzero);
  if (!s)
    return FLYC_EINVAL;
  softmax_loop(kb, b, arg, block, fzero, softmax_store_step, m, s);
  LLVMBuildRetVoid(b);
  return 0;
}

/* ---- one pass: the row in registers ----
 * When the JIT knows the row length (constexpr COLS, a multiple of
 * 4 * BLOCK, at most 64 floats a thread), each thread loads its part of the
 * row once, as float4s (x[k] = in4[row * COLS / 4 + t + k * BLOCK]), keeps
 * it in registers through both reductions, and stores exp(x - m) / s once:
 * the row is read once and written once, as a copy is (the strided kernel
 * above reads it three times). The CUDA it stands for:
 *
 *   float4 x[V]; for (k...) x[k] = in4[row * COLS / 4 + t + k * BLOCK];
 *   m = block_max(max of x); e = expf(x - m); s = block_sum(sum of e);
 *   for (k...) out4[...] = e[k] / s;
 *
 * Same parameters as softmax (n is not read: COLS is the row length). */
#define SOFTMAX_ROW_MAX_FLOATS 64

static int softmax_row_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                            void *payload) {
  (void)payload;
  const flyc_constexpr_t *bk = flyc_kb_constexpr(kb, "BLOCK"), *ck = flyc_kb_constexpr(kb, "COLS");
  unsigned wave = flyc_kb_target_wave_size(kb);
  if (!bk || !ck || bk->i < wave || bk->i > 1024 || (bk->i & (bk->i - 1)) || ck->i <= 0 ||
      ck->i % (4 * bk->i) || ck->i / bk->i > SOFTMAX_ROW_MAX_FLOATS)
    return FLYC_EINVAL;
  unsigned block = (unsigned)bk->i, nv = (unsigned)(ck->i / (4 * bk->i));
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(lc), i32 = LLVMInt32TypeInContext(lc);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(lc);
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 16);
  LLVMValueRef red = flyc_kb_shared_alloc(sa, 32 * 4, 16);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), row = flyc_kb_block_idx(kb, 0);
  if (!red || !t || !row)
    return FLYC_EINVAL;
  /* in + row * COLS and out + row * COLS, as float pointers (64-bit offset). */
  LLVMValueRef off = LLVMBuildMul(b, LLVMBuildZExt(b, row, i64, ""),
                                  LLVMConstInt(i64, (unsigned long long)ck->i, 0), "");
  LLVMValueRef in = LLVMBuildGEP2(b, f32, arg[0], &off, 1, "in_row");
  LLVMValueRef out = LLVMBuildGEP2(b, f32, arg[1], &off, 1, "out_row");
  LLVMValueRef x[SOFTMAX_ROW_MAX_FLOATS], m = LLVMConstReal(f32, -INFINITY);
  for (unsigned k = 0; k < nv; k++) {
    LLVMValueRef i = LLVMBuildAdd(b, t, LLVMConstInt(i32, k * block, 0), "");
    LLVMValueRef v = flyc_kb_load(kb, f32, 4, in, i, 16, 0);
    if (!v)
      return FLYC_EINVAL;
    for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef e = LLVMBuildExtractElement(b, v, LLVMConstInt(i32, c, 0), "");
      x[4 * k + c] = e;
      m = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, e, m, ""), e, m, "");
    }
  }
  m = softmax_block_reduce(kb, b, red, block, FLYC_REDUCE_MAX, m, LLVMConstReal(f32, -INFINITY));
  if (!m)
    return FLYC_EINVAL;
  LLVMValueRef s = LLVMConstReal(f32, 0.0);
  for (unsigned j = 0; j < 4 * nv; j++) {
    if (!(x[j] = flyc_kb_math(kb, FLYC_MATH_EXP, LLVMBuildFSub(b, x[j], m, ""), NULL)))
      return FLYC_EINVAL;
    s = LLVMBuildFAdd(b, s, x[j], "");
  }
  s = softmax_block_reduce(kb, b, red, block, FLYC_REDUCE_SUM, s, LLVMConstReal(f32, 0.0));
  if (!s)
    return FLYC_EINVAL;
  for (unsigned k = 0; k < nv; k++) {
    LLVMValueRef v = LLVMGetUndef(LLVMVectorType(f32, 4));
    for (unsigned c = 0; c < 4; c++)
      v = LLVMBuildInsertElement(b, v, LLVMBuildFDiv(b, x[4 * k + c], s, ""),
                                 LLVMConstInt(i32, c, 0), "");
    LLVMValueRef i = LLVMBuildAdd(b, t, LLVMConstInt(i32, k * block, 0), "");
    if (flyc_kb_store(kb, v, out, i, 16, 0))
      return FLYC_EINVAL;
  }
  LLVMBuildRetVoid(b);
  return 0;
}

/* Emits kernel `kname` with `body` and its constexprs (BLOCK first), the
 * launch block {BLOCK, 1, 1}; `*name` gets the kernel's name. */
static int softmax_emit_def(flyc_ctx_t *ctx, const char *kname, flyc_kernel_body_fn body,
                            const flyc_constexpr_t *cx, size_t ncx, const char **name) {
  uint32_t launch[3] = {(uint32_t)cx[0].i, 1, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = kname;
  d.params = softmax_params;
  d.param_count = 3;
  d.body = body;
  d.constexprs = cx;
  d.constexpr_count = ncx;
  d.launch_block = launch;
  return flyc_kernel_emit(ctx, &d, name);
}

/* Emits softmax_row for one BLOCK and row length COLS (see above). */
static int softmax_row_emit(flyc_ctx_t *ctx, unsigned block, unsigned cols, const char **name) {
  flyc_constexpr_t cx[2] = {{"BLOCK", FLYC_CONSTEXPR_INT, block, 0},
                            {"COLS", FLYC_CONSTEXPR_INT, cols, 0}};
  return softmax_emit_def(ctx, "softmax_row", softmax_row_body, cx, 2, name);
}

/* Emits the softmax for one BLOCK; `*name` gets the kernel's name. */
static int softmax_emit(flyc_ctx_t *ctx, unsigned block, const char **name) {
  flyc_constexpr_t cx[1] = {{"BLOCK", FLYC_CONSTEXPR_INT, block, 0}};
  return softmax_emit_def(ctx, "softmax", softmax_body, cx, 1, name);
}

#endif

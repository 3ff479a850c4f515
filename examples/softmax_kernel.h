/* A row softmax with warp and block reductions, written once with the kernel
 * builder's collectives (flyc/builder.h) for every target: gfx942 (wave64),
 * sm_90 (warp 32), gfx1100 (wave32) alike. The strided kernel reads its row
 * twice: once for the running max and sum (the online softmax of Milakov and
 * Gimelshein, 2018, as FlashAttention keeps it), once for the output. The
 * CUDA it stands for (bench/lines/softmax.cu):
 *
 *   row = blockIdx.x; t = threadIdx.x;
 *   m = -inf; s = 0;
 *   for (j = t; j < n; j += BLOCK) {           // x > m: s * e^(m - x) + 1, else s + e^(x - m)
 *     x = in[row * n + j]; e = expf(-fabsf(x - m));
 *     s = x == -inf ? s : x > m ? fmaf(s, e, 1) : s + e;  m = fmaxf(m, x);
 *   }
 *   M = block_max(m);                          // warp reduce, red[], warp reduce
 *   S = block_sum(s == 0 ? 0 : s * expf(m - M)); // s == 0: the thread saw only -inf
 *   for (j = t; j < n; j += BLOCK) out[row * n + j] = expf(in[row * n + j] - M) / S;
 *
 * Rows of -inf or with a +inf or NaN give NaN, as torch.softmax does (a
 * thread's s is NaN once it met a NaN, whatever its m). n < 2^31 - BLOCK.
 * block_max / block_sum: flyc_kb_block_reduce (a warp reduction in every
 * warp, lane 0 writes a shared slot, a barrier, every warp reduces the
 * slots again, a barrier). The loops are inline flyc_kb_for_begin / _end
 * regions carrying the running max and sum. BLOCK is a constexpr, the
 * kernel's launch block {BLOCK, 1, 1}: a whole number of waves up to 1024
 * (flyc_kb_block_reduce refuses another). One block a row.
 * Parameters: in, out (float, global, 4-byte aligned, noalias), n (i32, the
 * row length; rows = the grid). exp is the device library's
 * (flyc_kb_math: __ocml_exp_f32 / __nv_expf). */
#ifndef FLYC_EXAMPLE_SOFTMAX_KERNEL_H
#define FLYC_EXAMPLE_SOFTMAX_KERNEL_H

#include <math.h>

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

static const flyc_param_t softmax_params[3] = {
    {sizeof(flyc_param_t), "in", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 1, 4, 1, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* lines: softmax */
static int softmax_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                        void *payload) {
  (void)b, (void)payload;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), n = arg[2], step = flyc_kb_block_dim(kb, 0);
  LLVMValueRef zero = flyc_kb_i32(kb, 0), row = flyc_kb_block_idx(kb, 0);
  LLVMValueRef in = flyc_kb_at(kb, f32, arg[0], row, n, zero); /* &in[row * n], 64-bit */
  LLVMValueRef out = flyc_kb_at(kb, f32, arg[1], row, n, zero), acc[2], ms[2];
  LLVMValueRef lo = flyc_kb_f32(kb, -INFINITY), init[2] = {lo, flyc_kb_f32(kb, 0)};
  LLVMValueRef j = flyc_kb_for_begin(kb, t, n, step, 2, init, acc); /* online max and sum */
  flyc_kb_for_unroll(kb, 8); /* eight loads in flight, not one */
  LLVMValueRef x = flyc_kb_load(kb, f32, 1, in, j, 0, 0), m = acc[0], s = acc[1];
  LLVMValueRef e = FLYC_EXPR(kb, "exp(-fabs(x - m))", x, m); /* one exp an element */
  ms[0] = flyc_kb_math(kb, FLYC_MATH_FMAX, m, x);
  ms[1] = FLYC_EXPR(kb, "x == lo ? s : x > m ? fma(s, e, 1) : s + e", x, lo, s, m, e);
  flyc_kb_for_end(kb, ms, acc);
  m = flyc_kb_block_reduce(kb, FLYC_REDUCE_MAX, acc[0]); /* the row's max, then its sum */
  s = flyc_kb_block_reduce(kb, FLYC_REDUCE_SUM,
                           FLYC_EXPR(kb, "st == 0 ? 0 : st * exp(mt - m)", acc[1], acc[0], m));
  j = flyc_kb_for_begin(kb, t, n, step, 0, NULL, NULL); /* out = exp(x - m) / s */
  flyc_kb_for_unroll(kb, 8);
  x = flyc_kb_load(kb, f32, 1, in, j, 0, 0);
  flyc_kb_store(kb, FLYC_EXPR(kb, "exp(x - m) / s", x, m, s), out, j, 0, 0);
  return flyc_kb_for_end(kb, NULL, NULL);
}
/* lines: end */

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

/* lines: softmax_row */
static int softmax_row_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                            void *payload) {
  (void)payload;
  unsigned block = flyc_kb_known_block_size(kb, 0);
  const flyc_constexpr_t *ck = flyc_kb_constexpr(kb, "COLS");
  if (!block || !ck || ck->i <= 0 || ck->i % (4 * block) ||
      ck->i / block > SOFTMAX_ROW_MAX_FLOATS)
    return FLYC_EINVAL;
  unsigned nv = (unsigned)(ck->i / (4 * block));
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(lc), i32 = LLVMInt32TypeInContext(lc);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(lc);
  LLVMValueRef t = flyc_kb_thread_idx(kb, 0), row = flyc_kb_block_idx(kb, 0);
  /* in + row * COLS and out + row * COLS, as float pointers (64-bit offset). */
  LLVMValueRef off = LLVMBuildMul(b, LLVMBuildZExt(b, row, i64, ""),
                                  LLVMConstInt(i64, (unsigned long long)ck->i, 0), "");
  LLVMValueRef in = LLVMBuildGEP2(b, f32, arg[0], &off, 1, "in_row");
  LLVMValueRef out = LLVMBuildGEP2(b, f32, arg[1], &off, 1, "out_row");
  LLVMValueRef x[SOFTMAX_ROW_MAX_FLOATS], m = LLVMConstReal(f32, -INFINITY);
  for (unsigned k = 0; k < nv; k++) { /* x = this thread's float4s; m = their max */
    LLVMValueRef i = LLVMBuildAdd(b, t, LLVMConstInt(i32, k * block, 0), "");
    LLVMValueRef v = flyc_kb_load(kb, f32, 4, in, i, 16, 0);
    for (unsigned c = 0; c < 4; c++) {
      x[4 * k + c] = LLVMBuildExtractElement(b, v, LLVMConstInt(i32, c, 0), "");
      m = flyc_kb_math(kb, FLYC_MATH_FMAX, m, x[4 * k + c]);
    }
  }
  m = flyc_kb_block_reduce(kb, FLYC_REDUCE_MAX, m);
  LLVMValueRef s = LLVMConstReal(f32, 0.0);
  for (unsigned j = 0; j < 4 * nv; j++) { /* x = exp(x - m); s = their sum */
    x[j] = flyc_kb_math(kb, FLYC_MATH_EXP, LLVMBuildFSub(b, x[j], m, ""), NULL);
    s = LLVMBuildFAdd(b, s, x[j], "");
  }
  s = flyc_kb_block_reduce(kb, FLYC_REDUCE_SUM, s);
  for (unsigned k = 0; k < nv; k++) { /* out = x / s, as float4s */
    LLVMValueRef v = LLVMGetUndef(LLVMVectorType(f32, 4));
    for (unsigned c = 0; c < 4; c++)
      v = LLVMBuildInsertElement(b, v, LLVMBuildFDiv(b, x[4 * k + c], s, ""),
                                 LLVMConstInt(i32, c, 0), "");
    LLVMValueRef i = LLVMBuildAdd(b, t, LLVMConstInt(i32, k * block, 0), "");
    flyc_kb_store(kb, v, out, i, 16, 0);
  }
  return 0;
}
/* lines: end */

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

/* Fused attention, FlashAttention's online softmax (Dao et al. 2022,
 * algorithm 1, one query row at a time), written once with the kernel
 * builder for every target: gfx942 (wave64), sm_90 (warp 32) alike. One
 * wave a query: lane l holds q[l + k * W] (W the wave size, k < HEAD_DIM /
 * W) and the same elements of the output's accumulator; for each key j the
 * score s = q . K[j] / sqrt(HEAD_DIM) is a warp reduction that every lane
 * gets, and the running max m, sum l and accumulator are rescaled by
 * exp(m - m') as m grows, so that the L x L scores are never stored:
 *
 *   m = -1e30; l = 0; acc[] = 0;
 *   for (j = 0; j < nkeys; j++) {
 *     s = warp_sum(sum_k q[k] * K[j][lane + k * W]) * scale;
 *     m2 = max(m, s); c = exp(m - m2); p = exp(s - m2);   // as exp2, q scaled by log2(e)
 *     l = l * c + p; acc[k] = acc[k] * c + p * V[j][lane + k * W]; m = m2;
 *   }
 *   O[q][lane + k * W] = acc[k] / l;
 *
 * Constexprs: HEAD_DIM (a multiple of the wave size, at most 8 waves of
 * it), WAVES (queries a block, the launch block {WAVES * W, 1, 1}).
 * Parameters: q (nq x HEAD_DIM), k and v (nkeys x HEAD_DIM), o (nq x
 * HEAD_DIM): float, row-major, global, noalias; nq, nkeys: i32. A wave
 * past nq returns. exp is the device library's (flyc_kb_math). */
#ifndef FLYC_EXAMPLE_ATTENTION_KERNEL_H
#define FLYC_EXAMPLE_ATTENTION_KERNEL_H

#include <math.h>

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define ATTENTION_MAX_PER_LANE 8           /* HEAD_DIM / W */
#define ATT_N (ATTENTION_MAX_PER_LANE + 2) /* carried: the accumulators, m, l */

static const flyc_param_t attention_params[6] = {
    {sizeof(flyc_param_t), "q", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "k", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "v", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "o", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "nq", FLYC_PARAM_INT, 32, 0, 0, 0},
    {sizeof(flyc_param_t), "nkeys", FLYC_PARAM_INT, 32, 0, 0, 0},
};

/* lines: attention */
#define I32(v) flyc_kb_i32(kb, (int32_t)(v))
#define X(...) FLYC_UEXPR(kb, __VA_ARGS__)
#define PTR(p, row, k) flyc_kb_at(kb, f32, (p), (row), I32(d), X("l + k", lane, I32((k)*w)))
#define AT(p, row, k) flyc_kb_load(kb, f32, 1, PTR(p, row, k), I32(0), 0, 0)
static int attention_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                          void *payload) {
  (void)b, (void)payload; /* HEAD_DIM and WAVES are checked by attention_emit() */
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  unsigned w = flyc_kb_target_wave_size(kb), d = (unsigned)flyc_kb_constexpr(kb, "HEAD_DIM")->i;
  unsigned nk = d / w, waves = (unsigned)flyc_kb_constexpr(kb, "WAVES")->i;
  LLVMValueRef lane = X("t % w", flyc_kb_thread_idx(kb, 0), I32(w));
  LLVMValueRef qi = X("b * n + w", flyc_kb_block_idx(kb, 0), I32(waves), flyc_kb_warp_id(kb));
  flyc_kb_exit_if(kb, X("q >= n", qi, arg[4])); /* a whole wave: its reductions stay whole */
  LLVMValueRef q[ATT_N], init[ATT_N], cur[ATT_N], next[ATT_N];
  LLVMValueRef sc = flyc_kb_f32(kb, 1.4426950f / sqrtf((float)d)); /* log2(e) / sqrt(d) */
  for (unsigned k = 0; k < nk; k++) /* q, scaled: scores in log2 units, for exp2 */
    q[k] = FLYC_EXPR(kb, "x * c", AT(arg[0], qi, k), sc), init[k] = flyc_kb_f32(kb, 0);
  init[nk] = flyc_kb_f32(kb, -1e30f), init[nk + 1] = flyc_kb_f32(kb, 0); /* m, l */
  LLVMValueRef j = flyc_kb_for_begin(kb, I32(0), arg[5], I32(1), nk + 2, init, cur);
  LLVMValueRef s = FLYC_EXPR(kb, "q * k", q[0], AT(arg[1], j, 0)), m = cur[nk];
  for (unsigned k = 1; k < nk; k++)
    s = FLYC_EXPR(kb, "fma(q, k, s)", q[k], AT(arg[1], j, k), s);
  s = flyc_kb_warp_reduce(kb, FLYC_REDUCE_SUM, s, 0);
  next[nk] = FLYC_EXPR(kb, "max(m, s)", m, s);
  LLVMValueRef c = FLYC_EXPR(kb, "exp2(m - n)", m, next[nk]),
               p = FLYC_EXPR(kb, "exp2(s - n)", s, next[nk]);
  for (unsigned k = 0; k < nk; k++)
    next[k] = FLYC_EXPR(kb, "fma(p, v, a * c)", p, AT(arg[2], j, k), cur[k], c);
  next[nk + 1] = FLYC_EXPR(kb, "fma(l, c, p)", cur[nk + 1], c, p);
  flyc_kb_for_end(kb, next, cur);
  for (unsigned k = 0; k < nk; k++)
    flyc_kb_store(kb, FLYC_EXPR(kb, "a / l", cur[k], cur[nk + 1]), PTR(arg[3], qi, k), I32(0), 0,
                  0);
  return FLYC_OK;
}
#undef AT
#undef PTR
#undef X
#undef I32
/* lines: end */

/* Whether HEAD_DIM and WAVES suit wave size `w` (attention_emit's check). */
static int attention_sizes_ok(uint32_t w, unsigned head_dim, unsigned waves) {
  return w && head_dim && head_dim % w == 0 && head_dim / w <= ATTENTION_MAX_PER_LANE && waves &&
         waves * w <= 1024;
}

/* Emits the attention kernel for one HEAD_DIM and WAVES (queries a block);
 * `*name` gets the kernel's name. FLYC_EINVAL, with no error recorded
 * (the caller says why: attention_sizes_ok() is the check), for a HEAD_DIM
 * that is not a multiple of the context's wave size up to 8 of it, or
 * WAVES not 1 to 1024 / W. */
static int attention_emit(flyc_ctx_t *ctx, unsigned head_dim, unsigned waves, const char **name) {
  uint32_t w = flyc_ctx_wave_size(ctx);
  if (!attention_sizes_ok(w, head_dim, waves))
    return FLYC_EINVAL;
  flyc_constexpr_t cx[2] = {{"HEAD_DIM", FLYC_CONSTEXPR_INT, head_dim, 0},
                            {"WAVES", FLYC_CONSTEXPR_INT, waves, 0}};
  uint32_t launch[3] = {waves * w, 1, 1};
  flyc_kernel_def_t def = FLYC_KERNEL_DEF_INIT;
  def.name = "attention";
  def.params = attention_params;
  def.param_count = 6;
  def.body = attention_body;
  def.constexprs = cx;
  def.constexpr_count = 2;
  def.launch_block = launch;
  return flyc_kernel_emit(ctx, &def, name);
}

#endif

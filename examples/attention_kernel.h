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

static const flyc_param_t attention_params[6] = {
    {sizeof(flyc_param_t), "q", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "k", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "v", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "o", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "nq", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "nkeys", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* lines: attention */
static int attention_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                          void *payload) {
  (void)b, (void)arg, (void)payload; /* HEAD_DIM and WAVES are checked by attention_emit() */
  uint32_t w = flyc_kb_target_wave_size(kb), d = (uint32_t)flyc_kb_constexpr(kb, "HEAD_DIM")->i;
  flyc_kb_let_int(kb, "W", w);
  flyc_kb_let_int(kb, "NK", d / w);
  flyc_kb_let(kb, "SCALE", flyc_kb_f32(kb, 1.4426950f / sqrtf((float)d)), NULL); /* log2(e)/√d */
  flyc_kb_local_array(kb, "qr", "f32", d / w);
  flyc_kb_local_array(kb, "acc", "f32", d / w);
  return flyc_kb_do(kb, FLYC_EXPR_UNSIGNED, /* rows in 64 bits; scores in log2 units, for exp2 */
      "lane = threadIdx.x % W; qi = blockIdx.x * WAVES + threadIdx.x / W;"
      "if (qi >= nq) return;" /* a whole wave: its reductions stay whole */
      "m = -1e30f; l = 0.0f;"
      "#pragma unroll\n for (c = 0; c < NK; c++) {"
      "  qr[c] = q[i64(qi) * HEAD_DIM + lane + c * W] * SCALE; acc[c] = 0.0f; }"
      "for (j = 0; j < nkeys; j++) {"
      "  s = 0.0f;"
      "  #pragma unroll\n for (c = 0; c < NK; c++)"
      "    s = fma(qr[c], k[i64(j) * HEAD_DIM + lane + c * W], s);"
      "  s = warp_sum(s); m2 = max(m, s); r = exp2(m - m2); p = exp2(s - m2);"
      "  #pragma unroll\n for (c = 0; c < NK; c++)"
      "    acc[c] = fma(p, v[i64(j) * HEAD_DIM + lane + c * W], acc[c] * r);"
      "  l = fma(l, r, p); m = m2;"
      "}"
      "#pragma unroll\n for (c = 0; c < NK; c++)"
      "  o[i64(qi) * HEAD_DIM + lane + c * W] = acc[c] / l");
}
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

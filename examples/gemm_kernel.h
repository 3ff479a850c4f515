/* A tensor-core GEMM written once with the kernel builder's matrix-unit
 * tiles, asynchronous copies and inline regions (flyc/builder.h), for every
 * target with a matrix unit (gfx942's MFMA and sm_90's mma.sync alike):
 *
 *   C[M][N] (f32) = A[M][K] (f16) * B[N][K]^T (f16)     ("TN", as cuBLAS's
 *                                                       C = A * B^T)
 *
 * A block of four waves (warps) computes a 128 x 128 tile of C; each wave a
 * 64 x 64 quarter, as 4 x 4 accumulator fragments of 16 x 16. K goes in
 * steps of bk through a ring of `stages` shared buffers (gemm_bk(),
 * gemm_stages(): 64 and three on NVPTX, 32 and two within gfx942's 64 KiB
 * of LDS): while the matrix unit works on step kt, the copies of steps
 * kt + 1 .. kt + stages - 1 are in flight (cp.async on sm_80+). Fragments
 * come out of shared memory by ldmatrix on NVPTX (rows 16-byte aligned).
 * M and N must be multiples of 128, K of GEMM_K_MULTIPLE (64); the grid is
 * (N / 128, M / 128); the shared memory is dynamic, gemm_shared_bytes().
 * The CUDA it stands for, per block (bench/lines/gemm.cu):
 *
 *   extern __shared__ half sm[];     // [stages][2][128][bk + 8]: rows padded
 *   for (s = 0; s < stages - 1; s++) { if (s < steps) copy(s); commit(); }
 *   for (kt = 0; kt < steps; kt++) {
 *     wait(stages - 2); __syncthreads();
 *     if (kt + stages - 1 < steps) copy(kt + stages - 1); commit();
 *     for (ks = 0; ks < bk; ks += 16)
 *       for (i, j < 4) acc[i][j] = mma(A frag i, B frag j, acc[i][j]);
 *   }
 *   store acc[i][j] into C.
 *
 * Parameters: a, b (f16, global, 16-byte aligned), c (f32, global), m, n, k
 * (i32). */
#ifndef FLYC_EXAMPLE_GEMM_KERNEL_H
#define FLYC_EXAMPLE_GEMM_KERNEL_H

#include <string.h>

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#include "gemm_wgmma_kernel.h"

/* sm_90a builds the warpgroup version (gemm_wgmma_kernel.h): the same
 * problem and parameters, other tiles. */
static int gemm_is_wgmma(const char *proc) { return proc && strcmp(proc, "sm_90a") == 0; }

/* Waves (warps) of a block along M and along N, each computing 64 x 64 of
 * C: a block tile of 64 wm x 64 wn. -DGEMM_NV_WM / _WN build others for
 * NVPTX (a benchmark's sweep). */
#ifndef GEMM_NV_WM
#define GEMM_NV_WM 2
#endif
#ifndef GEMM_NV_WN
#define GEMM_NV_WN 2
#endif
static unsigned gemm_waves(flyc_target_family_t family, int along_n) {
  return family == FLYC_TARGET_NVPTX ? (along_n ? GEMM_NV_WN : GEMM_NV_WM) : 2;
}
/* The block tile of C: rows (M), or columns (N) when `along_n`. */
static unsigned gemm_tile(flyc_target_family_t family, int along_n) {
  return 64 * gemm_waves(family, along_n);
}
/* The block tile and threads a block of processor `proc` ("sm_90a",
 * "gfx942"). */
static unsigned gemm_block_tile(const char *proc, int along_n) {
  if (gemm_is_wgmma(proc))
    return along_n ? WG_BN : WG_BM;
  return gemm_tile(strncmp(proc, "sm_", 3) ? FLYC_TARGET_AMDGPU : FLYC_TARGET_NVPTX, along_n);
}
static unsigned gemm_threads(const char *proc, unsigned wave) {
  flyc_target_family_t f = strncmp(proc, "sm_", 3) ? FLYC_TARGET_AMDGPU : FLYC_TARGET_NVPTX;
  return gemm_is_wgmma(proc) ? WG_THREADS : gemm_waves(f, 0) * gemm_waves(f, 1) * wave;
}

static const flyc_param_t gemm_params[6] = {
    {sizeof(flyc_param_t), "a", FLYC_PARAM_PTR, 0, 1, 16, 1, NULL},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_PTR, 0, 1, 16, 1, NULL},
    {sizeof(flyc_param_t), "c", FLYC_PARAM_PTR, 0, 1, 16, 1, NULL},
    {sizeof(flyc_param_t), "m", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "k", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* K a step and shared buffers in the ring: on NVPTX, where a block may
 * have up to 227 KiB (sm_80+), 64 and three (108 KiB; two blocks an SM);
 * within gfx942's 64 KiB of LDS, 32 and two (40 KiB). -DGEMM_NV_BK=K and
 * -DGEMM_NV_STAGES=S build others for NVPTX (a benchmark's sweep). */
#ifndef GEMM_NV_BK
#define GEMM_NV_BK 64
#endif
#ifndef GEMM_NV_STAGES
#define GEMM_NV_STAGES 3
#endif
/* What K must be a multiple of, on every target. */
#define GEMM_K_MULTIPLE (GEMM_NV_BK > 32 ? GEMM_NV_BK : 32)
static unsigned gemm_bk(flyc_target_family_t family) {
  return family == FLYC_TARGET_NVPTX ? GEMM_NV_BK : 32;
}
static unsigned gemm_stages(flyc_target_family_t family) {
  return family == FLYC_TARGET_NVPTX ? GEMM_NV_STAGES : 2;
}
/* Halves a shared row: bk + 8 of padding, so that the rows' 16-byte pieces
 * that ldmatrix (or a lane's loads) take at once fall in distinct banks. */
static unsigned gemm_lds(flyc_target_family_t family) { return gemm_bk(family) + 8; }
/* Halves a stage: A's 128 rows, then B's. */
static unsigned gemm_stage(flyc_target_family_t family) {
  return (gemm_tile(family, 0) + gemm_tile(family, 1)) * gemm_lds(family);
}
static unsigned gemm_shared_bytes(flyc_target_family_t family) {
  return gemm_stages(family) * gemm_stage(family) * 2;
}

typedef struct gemm {
  LLVMTypeRef f16;
  LLVMValueRef a, b, k, sm, tid;
  LLVMValueRef row[2]; /* the block's first row of A, of B */
  unsigned tile[2];    /* rows of A, of B a block */
  unsigned threads, stages, bk, lds, stage;
} gemm_t;

/* lines: gemm */
#define I32(v) flyc_kb_i32(kb, (int32_t)(v))
#define X(...) FLYC_UEXPR(kb, __VA_ARGS__)

/* Starts the copy of K step `kt`'s tiles of A and B (rows x bk) into its
 * stage when there is a step kt: 16-byte pieces, a thread's every
 * `threads`th. A commit either way, so that every step owns one group. */
static void gemm_prefetch(flyc_kernel_builder_t *kb, const gemm_t *g, LLVMValueRef kt,
                          LLVMValueRef steps) {
  flyc_kb_if_begin(kb, X("kt < steps", kt, steps));
  LLVMValueRef q = I32(g->bk / 8), st = /* step kt's stage of the ring: its first half */
      flyc_kb_at(kb, g->f16, g->sm, X("kt % s", kt, I32(g->stages)), I32(g->stage), I32(0));
  for (int w = 0; w < 2; w++) /* A's rows, then B's */
    for (unsigned p = 0; p < g->tile[w] * g->bk / 8; p += g->threads) {
      LLVMValueRef row = X("(t + p) / q", g->tid, I32(p), q);
      LLVMValueRef col = X("(t + p) % q * 8", g->tid, I32(p), q);
      LLVMValueRef dst = flyc_kb_at(kb, g->f16, st, X("r + a", row, I32(w ? g->tile[0] : 0)),
                                    I32(g->lds), col);
      LLVMValueRef src = flyc_kb_at(kb, g->f16, w ? g->b : g->a, X("r0 + r", g->row[w], row),
                                    g->k, X("kt * bk + c", kt, I32(g->bk), col));
      flyc_kb_async_copy(kb, dst, src, 16);
    }
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_async_commit(kb);
}

static int gemm_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)b, (void)payload;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  flyc_target_family_t fam = flyc_kb_target_family(kb);
  unsigned wn = gemm_waves(fam, 1);
  gemm_t g = {.f16 = LLVMHalfTypeInContext(flyc_kb_llvm_context(kb)), .a = args[0], .b = args[1],
              .k = args[5], .tile = {gemm_tile(fam, 0), gemm_tile(fam, 1)},
              .threads = gemm_waves(fam, 0) * wn * flyc_kb_target_wave_size(kb),
              .stages = gemm_stages(fam), .bk = gemm_bk(fam), .lds = gemm_lds(fam),
              .stage = gemm_stage(fam), .tid = flyc_kb_thread_idx(kb, 0)};
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_DYNAMIC, 16);
  g.sm = sa ? flyc_kb_shared_alloc(sa, gemm_shared_bytes(fam), 16) : NULL;
  LLVMTypeRef acct = flyc_kb_mma_type(kb, FLYC_MMA_ACC);
  if (!g.sm || !acct)
    return FLYC_EINVAL;
  /* The wave's quarter of C: rows wm, columns wn (64 each); the block's rows of A, of B. */
  LLVMValueRef w = flyc_kb_warp_id(kb),
               wq[2] = {X("w / n * 64", w, I32(wn)), X("w % n * 64", w, I32(wn))};
  g.row[0] = X("y * t", flyc_kb_block_idx(kb, 1), I32(g.tile[0]));
  g.row[1] = X("x * t", flyc_kb_block_idx(kb, 0), I32(g.tile[1]));
  LLVMValueRef steps = X("k / bk", args[5], I32(g.bk));
  for (unsigned s = 0; s + 1 < g.stages; s++)
    gemm_prefetch(kb, &g, I32(s), steps);
  LLVMValueRef init[16], acc[16], next[16];
  for (int i = 0; i < 16; i++)
    init[i] = LLVMConstNull(acct);
  LLVMValueRef kt = flyc_kb_for_begin(kb, I32(0), steps, I32(1), 16, init, acc);
  flyc_kb_async_wait(kb, g.stages - 2); /* step kt's copy has landed */
  flyc_kb_barrier(kb);                  /* ... for every thread, and kt - 1's stage is free */
  gemm_prefetch(kb, &g, X("kt + s - 1", kt, I32(g.stages)), steps);
  LLVMValueRef st = /* step kt's stage */
      flyc_kb_at(kb, g.f16, g.sm, X("kt % s", kt, I32(g.stages)), I32(g.stage), I32(0));
  for (unsigned ks = 0; ks < g.bk; ks += 16) {
    LLVMValueRef f[2][4]; /* A's fragments, B's: K contiguous in both */
    for (int j = 0; j < 8; j++)
      f[j / 4][j % 4] = flyc_kb_mma_load(
          kb, j / 4 ? FLYC_MMA_B : FLYC_MMA_A,
          flyc_kb_at(kb, g.f16, st,
                     X("q + r", wq[j / 4], I32((j / 4 ? g.tile[0] : 0) + j % 4 * 16)), I32(g.lds),
                     I32(ks)),
          I32(g.lds), j / 4 ? FLYC_MMA_COL_MAJOR : FLYC_MMA_ROW_MAJOR, 16);
    for (int i = 0; i < 16; i++)
      next[i] = flyc_kb_mma(kb, f[0][i / 4], f[1][i % 4], ks ? next[i] : acc[i]);
  }
  flyc_kb_for_end(kb, next, acc);
  for (int i = 0; i < 16; i++) /* C's rows row_a + wm + i/4*16, columns row_b + wn + i%4*16 */
    flyc_kb_mma_store(kb, acc[i],
                      flyc_kb_at(kb, f32, args[2], X("a + m + i", g.row[0], wq[0], I32(i / 4 * 16)),
                                 args[4], X("b + n + j", g.row[1], wq[1], I32(i % 4 * 16))),
                      args[4], FLYC_MMA_ROW_MAJOR, 8);
  return FLYC_OK;
}
#undef I32
#undef X

/* lines: end */

/* Emits `gemm` into `ctx`, made for processor `proc`, for blocks of
 * gemm_threads(). */
static int gemm_emit(flyc_ctx_t *ctx, const char *proc, const char **name_out) {
  unsigned threads = gemm_threads(proc, flyc_ctx_wave_size(ctx));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  uint32_t block[3] = {threads, 1, 1};
  d.name = "gemm";
  d.params = gemm_params;
  d.param_count = 6;
  d.known_block_size = block;
  d.body = gemm_is_wgmma(proc) ? gemm_wgmma_body : gemm_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

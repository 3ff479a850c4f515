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
    {sizeof(flyc_param_t), "a", FLYC_PARAM_PTR, 0, 1, 16, 1, "f16"},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_PTR, 0, 1, 16, 1, "f16"},
    {sizeof(flyc_param_t), "c", FLYC_PARAM_PTR, 0, 1, 16, 1, "f32"},
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

/* lines: gemm */
/* Starts the copy of K step pk's tiles of A and B (TA, TB rows x BK) into
 * its stage when there is a step pk: 16-byte pieces, a thread's every
 * THREADS-th. A commit either way, so that every step owns one group. */
#define GEMM_PREFETCH                                                                          \
  "if (pk < steps) {"                                                                          \
  "  st = pk % STAGES * STAGE;"                                                                \
  "  #pragma unroll\n for (p = 0; p < TA * BK / 8; p += THREADS) {"                           \
  "    r = (tid + p) / (BK / 8); q = (tid + p) % (BK / 8) * 8;"                                \
  "    async_copy(&sm[st + r * LDS + q], &a[i64(ra + r) * k + (pk * BK + q)], 16) }"             \
  "  #pragma unroll\n for (p = 0; p < TB * BK / 8; p += THREADS) {"                           \
  "    r = (tid + p) / (BK / 8); q = (tid + p) % (BK / 8) * 8;"                                \
  "    async_copy(&sm[st + (TA + r) * LDS + q], &b[i64(rb + r) * k + (pk * BK + q)], 16) }"      \
  "}"                                                                                          \
  "async_commit();"

static int gemm_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)b, (void)payload; /* the tiles, BK, STAGES ...: gemm_emit()'s constexprs */
  LLVMTypeRef acct = flyc_kb_mma_type(kb, FLYC_MMA_ACC);
  flyc_kb_shared_allocator(kb, FLYC_SHARED_DYNAMIC, 16);
  if (!acct || !flyc_kb_shared_array(kb, "sm", "f16", flyc_kb_constexpr(kb, "SHARED")->i / 2))
    return FLYC_EINVAL;
  flyc_kb_do(kb, FLYC_EXPR_UNSIGNED, /* the wave's 64 x 64 of C: rows wm, columns wn */
             "tid = threadIdx.x; w = tid / WAVE; wm = w / WN * 64; wn = w % WN * 64;"
             "ra = blockIdx.y * TA; rb = blockIdx.x * TB; steps = k / BK;"
             "#pragma unroll\n for (s = 0; s < STAGES - 1; s++) { pk = s;" GEMM_PREFETCH "}");
  LLVMValueRef init[16], acc[16], next[16];
  for (int i = 0; i < 16; i++)
    init[i] = LLVMConstNull(acct);
  flyc_kb_let(kb, "kt", flyc_kb_for_begin(kb, flyc_kb_i32(kb, 0), flyc_kb_eval(kb, 0, "steps"),
                                          flyc_kb_i32(kb, 1), 16, init, acc), NULL);
  flyc_kb_do(kb, FLYC_EXPR_UNSIGNED, /* step kt has landed, for every thread; kt - 1's is free */
             "async_wait(STAGES - 2); barrier(); pk = kt + STAGES - 1;" GEMM_PREFETCH);
  for (int ks = 0; ks < flyc_kb_constexpr(kb, "BK")->i; ks += 16) {
    LLVMValueRef f[2][4]; /* A's fragments, B's: K contiguous in both */
    flyc_kb_let_int(kb, "ks", ks);
    for (int j = 0; j < 8; j++) {
      flyc_kb_let_int(kb, "j", j);
      f[j / 4][j % 4] = flyc_kb_mma_load(
          kb, j / 4 ? FLYC_MMA_B : FLYC_MMA_A,
          flyc_kb_eval(kb, FLYC_EXPR_UNSIGNED, "&sm[kt % STAGES * STAGE + "
                                               "((j < 4 ? wm : TA + wn) + j % 4 * 16) * LDS + ks]"),
          flyc_kb_eval(kb, 0, "LDS"), j / 4 ? FLYC_MMA_COL_MAJOR : FLYC_MMA_ROW_MAJOR, 16);
    }
    for (int i = 0; i < 16; i++)
      next[i] = flyc_kb_mma(kb, f[0][i / 4], f[1][i % 4], ks ? next[i] : acc[i]);
  }
  flyc_kb_for_end(kb, next, acc);
  for (int i = 0; i < 16; i++) { /* C's rows ra + wm + i / 4 * 16, columns rb + wn + i % 4 * 16 */
    flyc_kb_let_int(kb, "i", i);
    flyc_kb_mma_store(kb, acc[i],
                      flyc_kb_eval(kb, FLYC_EXPR_UNSIGNED,
                                   "&c[i64(ra + wm + i / 4 * 16) * n + (rb + wn + i % 4 * 16)]"),
                      args[4], FLYC_MMA_ROW_MAJOR, 8);
  }
  return FLYC_OK;
}
#undef GEMM_PREFETCH

/* lines: end */

/* Emits `gemm` into `ctx`, made for processor `proc`, for blocks of
 * gemm_threads(). */
static int gemm_emit(flyc_ctx_t *ctx, const char *proc, const char **name_out) {
  unsigned threads = gemm_threads(proc, flyc_ctx_wave_size(ctx));
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  uint32_t block[3] = {threads, 1, 1};
  flyc_target_family_t f = strncmp(proc, "sm_", 3) ? FLYC_TARGET_AMDGPU : FLYC_TARGET_NVPTX;
  const int64_t v[10] = {gemm_tile(f, 0),  gemm_tile(f, 1), threads,       gemm_waves(f, 1),
                         flyc_ctx_wave_size(ctx), gemm_bk(f), gemm_stages(f), gemm_lds(f),
                         gemm_stage(f), gemm_shared_bytes(f)};
  static const char *const names[10] = {"TA", "TB", "THREADS", "WN", "WAVE",
                                        "BK", "STAGES", "LDS", "STAGE", "SHARED"};
  flyc_constexpr_t cx[10];
  for (int i = 0; i < 10; i++)
    cx[i] = (flyc_constexpr_t){names[i], FLYC_CONSTEXPR_INT, v[i], 0};
  if (!gemm_is_wgmma(proc))
    d.constexprs = cx, d.constexpr_count = 10;
  d.name = "gemm";
  d.params = gemm_params;
  d.param_count = 6;
  d.known_block_size = block;
  d.body = gemm_is_wgmma(proc) ? gemm_wgmma_body : gemm_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

/* A tensor-core GEMM written once with the kernel builder's matrix-unit
 * tiles and asynchronous copies (flyc/builder.h), for every target with a
 * matrix unit (gfx942's MFMA and sm_90's mma.sync alike):
 *
 *   C[M][N] (f32) = A[M][K] (f16) * B[N][K]^T (f16)     ("TN", as cuBLAS's
 *                                                       C = A * B^T)
 *
 * A block of four waves (warps) computes a 128 x 128 tile of C; each wave a
 * 64 x 64 quarter, as 4 x 4 accumulator fragments of 16 x 16. K goes in
 * steps of 32: the next step's 128 x 32 tiles of A and B are copied into
 * shared memory (cp.async on sm_80+) while the matrix unit works on this
 * one's (two buffers). M and N must be multiples of 128, K of 32; the grid
 * is (N / 128, M / 128). The CUDA it stands for, per block:
 *
 *   __shared__ half As[2][128][40], Bs[2][128][40];   // rows padded: no
 *   copy(As[0], Bs[0], k0 = 0); commit();             // bank conflicts
 *   for (kt = 0; kt < K / 32; kt++) {
 *     copy(As[(kt+1)%2], Bs[(kt+1)%2], min(kt+1, K/32-1) * 32); commit();
 *     wait(1); __syncthreads();
 *     for (ks = 0; ks < 32; ks += 16)
 *       for (i, j < 4) acc[i][j] = mma(A frag i, B frag j, acc[i][j]);
 *     __syncthreads();
 *   }
 *   store acc[i][j] into C.
 *
 * Parameters: a, b (f16, global, 16-byte aligned), c (f32, global), m, n, k
 * (i32). */
#ifndef FLYC_EXAMPLE_GEMM_KERNEL_H
#define FLYC_EXAMPLE_GEMM_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define GEMM_TILE 128 /* block tile of C, both dimensions */
#define GEMM_BK 32    /* K a step */
#define GEMM_LDS 40   /* halves a shared row: 32 + 8 of padding (80 bytes) */
#define GEMM_STAGE (GEMM_TILE * GEMM_LDS) /* halves a shared buffer */

static const flyc_param_t gemm_params[6] = {
    {sizeof(flyc_param_t), "a", FLYC_PARAM_PTR, 0, 1, 16, 1},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_PTR, 0, 1, 16, 1},
    {sizeof(flyc_param_t), "c", FLYC_PARAM_PTR, 0, 1, 16, 1},
    {sizeof(flyc_param_t), "m", FLYC_PARAM_INT, 32, 0, 0, 0},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0},
    {sizeof(flyc_param_t), "k", FLYC_PARAM_INT, 32, 0, 0, 0},
};

typedef struct gemm {
  LLVMValueRef a, b, k, k64, as, bs; /* as, bs: both buffers, shared */
  LLVMValueRef row_a, row_b;    /* the block's first row of A and of B */
  LLVMValueRef tid, wm, wn;     /* thread; the wave's quarter (0, 1 each) */
  LLVMValueRef last;            /* K / 32 - 1 */
  unsigned threads;
} gemm_t;

/* lines: gemm */
static LLVMValueRef gemm_i32(flyc_kernel_builder_t *kb, long long v) {
  return LLVMConstInt(LLVMInt32TypeInContext(flyc_kb_llvm_context(kb)), (unsigned long long)v, 1);
}

/* Starts the copy of step `kt`'s tiles of A and B into buffer `buf`: each
 * 128 x 32 tile is 512 pieces of 16 bytes, a thread's every `threads`th. */
static int gemm_copy(flyc_kernel_builder_t *kb, LLVMBuilderRef b, const gemm_t *g,
                     LLVMValueRef kt, LLVMValueRef buf) {
  LLVMTypeRef f16 = LLVMHalfTypeInContext(flyc_kb_llvm_context(kb));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef k0 = LLVMBuildMul(b, kt, gemm_i32(kb, GEMM_BK), "k0");
  LLVMValueRef sbase = LLVMBuildMul(b, buf, gemm_i32(kb, GEMM_STAGE), "");
  for (unsigned p = 0; p < GEMM_TILE * GEMM_BK / 8; p += g->threads) {
    LLVMValueRef piece = LLVMBuildAdd(b, g->tid, gemm_i32(kb, p), "");
    LLVMValueRef row = LLVMBuildLShr(b, piece, gemm_i32(kb, 2), "");
    LLVMValueRef col = LLVMBuildShl(b, LLVMBuildAnd(b, piece, gemm_i32(kb, 3), ""),
                                    gemm_i32(kb, 3), "");
    LLVMValueRef soff = LLVMBuildAdd(b, sbase, LLVMBuildAdd(b, LLVMBuildMul(b, row,
                                     gemm_i32(kb, GEMM_LDS), ""), col, ""), "");
    LLVMValueRef gcol = LLVMBuildAdd(b, k0, col, "");
    for (int which = 0; which < 2; which++) {
      LLVMValueRef grow = LLVMBuildAdd(b, which ? g->row_b : g->row_a, row, "");
      LLVMValueRef goff = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildZExt(b, grow, i64, ""), g->k64,
                                                    ""), LLVMBuildZExt(b, gcol, i64, ""), "");
      LLVMValueRef src = LLVMBuildInBoundsGEP2(b, f16, which ? g->b : g->a, &goff, 1, "");
      LLVMValueRef dst = LLVMBuildInBoundsGEP2(b, f16, which ? g->bs : g->as, &soff, 1, "");
      int rc = flyc_kb_async_copy(kb, dst, src, 16);
      if (rc)
        return rc;
    }
  }
  return flyc_kb_async_commit(kb);
}

/* One step of K: copy the next tiles, wait for this one's, 2 x 16 MMAs. */
static int gemm_step(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef kt,
                     const LLVMValueRef *acc, LLVMValueRef *next, void *payload) {
  const gemm_t *g = payload;
  LLVMTypeRef f16 = LLVMHalfTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef one = gemm_i32(kb, 1), nk = LLVMBuildAdd(b, kt, one, "");
  LLVMValueRef pre = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, nk, g->last, ""), nk,
                                     g->last, "");
  int rc = gemm_copy(kb, b, g, pre, LLVMBuildAnd(b, nk, one, ""));
  rc = rc ? rc : flyc_kb_async_wait(kb, 1);
  rc = rc ? rc : flyc_kb_barrier(kb);
  if (rc)
    return rc;
  LLVMValueRef sbase = LLVMBuildMul(b, LLVMBuildAnd(b, kt, one, ""), gemm_i32(kb, GEMM_STAGE), "");
  LLVMValueRef ld = gemm_i32(kb, GEMM_LDS), fa[4], fb[4];
  for (int ks = 0; ks < GEMM_BK; ks += 16) {
    for (int i = 0; i < 4; i++) {
      /* A rows wm*64 + i*16 (row-major, K contiguous); B rows (columns of
       * the K x N operand) wn*64 + i*16: column-major, K contiguous. */
      for (int which = 0; which < 2; which++) {
        LLVMValueRef r0 = LLVMBuildAdd(b, LLVMBuildMul(b, which ? g->wn : g->wm,
                                       gemm_i32(kb, 64), ""), gemm_i32(kb, i * 16), "");
        LLVMValueRef off = LLVMBuildAdd(b, sbase, LLVMBuildAdd(b, LLVMBuildMul(b, r0, ld, ""),
                                        gemm_i32(kb, ks), ""), "");
        LLVMValueRef p = LLVMBuildInBoundsGEP2(b, f16, which ? g->bs : g->as, &off, 1, "");
        LLVMValueRef f = flyc_kb_mma_load(kb, which ? FLYC_MMA_B : FLYC_MMA_A, p, ld,
                                          which ? FLYC_MMA_COL_MAJOR : FLYC_MMA_ROW_MAJOR, 16);
        if (!f)
          return FLYC_EINVAL;
        (which ? fb : fa)[i] = f;
      }
    }
    for (int i = 0; i < 16; i++) {
      next[i] = flyc_kb_mma(kb, fa[i / 4], fb[i % 4], ks ? next[i] : acc[i]);
      if (!next[i])
        return FLYC_EINVAL;
    }
  }
  return flyc_kb_barrier(kb);
}

static int gemm_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                     void *payload) {
  (void)payload;
  gemm_t g = {.a = args[0], .b = args[1], .k = args[5]};
  g.threads = 4 * flyc_kb_target_wave_size(kb);
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 16);
  g.as = sa ? flyc_kb_shared_alloc(sa, 2 * GEMM_STAGE * 2, 16) : NULL;
  g.bs = sa ? flyc_kb_shared_alloc(sa, 2 * GEMM_STAGE * 2, 16) : NULL;
  LLVMValueRef warp = flyc_kb_warp_id(kb);
  g.tid = flyc_kb_thread_idx(kb, 0);
  LLVMValueRef bx = flyc_kb_block_idx(kb, 0), by = flyc_kb_block_idx(kb, 1);
  LLVMTypeRef acct = flyc_kb_mma_type(kb, FLYC_MMA_ACC);
  if (!g.as || !g.bs || !warp || !g.tid || !bx || !by || !acct)
    return FLYC_EINVAL;
  g.wm = LLVMBuildLShr(b, warp, gemm_i32(kb, 1), "wm");
  g.wn = LLVMBuildAnd(b, warp, gemm_i32(kb, 1), "wn");
  g.row_a = LLVMBuildMul(b, by, gemm_i32(kb, GEMM_TILE), "row_a");
  g.row_b = LLVMBuildMul(b, bx, gemm_i32(kb, GEMM_TILE), "row_b");
  LLVMValueRef steps = LLVMBuildLShr(b, g.k, gemm_i32(kb, 5), "steps");
  g.last = LLVMBuildSub(b, steps, gemm_i32(kb, 1), "last");
  g.k64 = LLVMBuildZExt(b, g.k, LLVMInt64TypeInContext(flyc_kb_llvm_context(kb)), "k64");
  int rc = gemm_copy(kb, b, &g, gemm_i32(kb, 0), gemm_i32(kb, 0));
  LLVMValueRef init[16], acc[16];
  for (int i = 0; i < 16; i++)
    init[i] = LLVMConstNull(acct);
  rc = rc ? rc : flyc_kb_for(kb, gemm_i32(kb, 0), steps, gemm_i32(kb, 1), 16, init, gemm_step,
                             &g, acc);
  if (rc)
    return rc;
  /* C's rows row_a + wm*64 + i*16, columns row_b + wn*64 + j*16. */
  LLVMTypeRef i64 = LLVMInt64TypeInContext(flyc_kb_llvm_context(kb));
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef n = LLVMBuildZExt(b, args[4], i64, "");
  for (int i = 0; i < 16; i++) {
    LLVMValueRef r = LLVMBuildAdd(b, g.row_a, LLVMBuildAdd(b, LLVMBuildMul(b, g.wm,
                                  gemm_i32(kb, 64), ""), gemm_i32(kb, i / 4 * 16), ""), "");
    LLVMValueRef c = LLVMBuildAdd(b, g.row_b, LLVMBuildAdd(b, LLVMBuildMul(b, g.wn,
                                  gemm_i32(kb, 64), ""), gemm_i32(kb, i % 4 * 16), ""), "");
    LLVMValueRef off = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildZExt(b, r, i64, ""), n, ""),
                                    LLVMBuildZExt(b, c, i64, ""), "");
    LLVMValueRef p = LLVMBuildInBoundsGEP2(b, f32, args[2], &off, 1, "");
    rc = flyc_kb_mma_store(kb, acc[i], p, n, FLYC_MMA_ROW_MAJOR, 8);
    if (rc)
      return rc;
  }
  LLVMBuildRetVoid(b);
  return FLYC_OK;
}

/* lines: end */

/* Emits `gemm` into `ctx` for blocks of `threads` (four waves). */
static int gemm_emit(flyc_ctx_t *ctx, unsigned threads, const char **name_out) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  uint32_t block[3] = {threads, 1, 1};
  d.name = "gemm";
  d.params = gemm_params;
  d.param_count = 6;
  d.known_block_size = block;
  d.body = gemm_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

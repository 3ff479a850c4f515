/* examples/gemm_kernel.h's GEMM on sm_90a's warpgroup matrix unit
 * (flyc_kb_wgmma()): the same problem, C[M][N] (f32) = A[M][K] (f16) *
 * B[N][K]^T, the same parameters, a block tile of 128 x 256 of C.
 *
 * A block is two warpgroups (256 threads); each computes 64 x 256 of C in
 * one accumulator (128 floats a thread) with wgmma.m64n256k16, its A and B
 * read straight from shared memory. K goes in steps of 64 through a ring
 * of four stages of (128 + 256) rows x 128 bytes, laid out in wgmma's
 * 128-byte swizzle (flyc_kb_wgmma_offset()) by cp.async. One step's
 * products stay in flight while the next step's start (wait with 1
 * pending), so a stage is rewritten two steps after it was read: copies run
 * two steps ahead. M a multiple of 128, N of 256, K of 64; grid (N / 256,
 * M / 128); 192 KiB of dynamic shared memory. The CUDA with inline PTX it
 * stands for: bench/lines/gemm_wgmma.cu. */
#ifndef FLYC_EXAMPLE_GEMM_WGMMA_KERNEL_H
#define FLYC_EXAMPLE_GEMM_WGMMA_KERNEL_H

#include <flyc/builder.h>
#include <llvm-c/Core.h>

enum { WG_BM = 128, WG_BN = 256, WG_BK = 64, WG_STAGES = 4, WG_THREADS = 256 };
#define WG_STAGE_BYTES ((WG_BM + WG_BN) * WG_BK * 2)
#define WG_SHARED_BYTES (WG_STAGES * WG_STAGE_BYTES)

/* lines: gemm_wgmma */
#define I32(v) flyc_kb_i32(kb, (int32_t)(v))
#define X(...) FLYC_UEXPR(kb, __VA_ARGS__)

/* Starts the copy of step `kt`'s rows of A, then B (64 halves each), into
 * its stage when there is a step kt: a thread's 16-byte pieces, every
 * 256th. A commit either way, so that every step owns one group. */
static void wg_prefetch(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                        LLVMValueRef sm, LLVMValueRef kt, LLVMValueRef *row, LLVMValueRef steps) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc), f16 = LLVMHalfTypeInContext(lc);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0), col = X("t % 8 * 8", tid);
  flyc_kb_if_begin(kb, X("kt < steps", kt, steps));
  for (int p = 0; p < (WG_BM + WG_BN) * 8; p += WG_THREADS) {
    int w = p / 8 >= WG_BM; /* A's rows, then B's: each its own tile */
    LLVMValueRef r = X("t / 8 + p", tid, I32(p / 8));
    LLVMValueRef so = X("kt % s * bytes + o", kt, I32(WG_STAGES), I32(WG_STAGE_BYTES),
                        flyc_kb_wgmma_offset(kb, r, col));
    LLVMValueRef grow = X("r0 + (r - o)", row[w], r, I32(w ? WG_BM : 0)); /* grouped: o folds */
    LLVMValueRef gcol = X("kt * bk + c", kt, I32(WG_BK), col);
    flyc_kb_async_copy(kb, LLVMBuildInBoundsGEP2(b, i8, sm, &so, 1, ""),
                       flyc_kb_at(kb, f16, args[w], grow, args[5], gcol), 16);
  }
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_async_commit(kb);
}

static int gemm_wgmma_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                           void *payload) {
  (void)payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc), f32 = LLVMFloatTypeInContext(lc);
  LLVMTypeRef acct = flyc_kb_wgmma_type(kb, WG_BN);
  LLVMValueRef sm = flyc_kb_shared_alloc(
      flyc_kb_shared_allocator(kb, FLYC_SHARED_DYNAMIC, 1024), WG_SHARED_BYTES, 1024);
  if (!sm || !acct)
    return FLYC_EINVAL;
  LLVMValueRef wg = X("w / 4", flyc_kb_warp_id(kb)), steps = X("k / bk", args[5], I32(WG_BK));
  LLVMValueRef row[2] = {X("y * bm", flyc_kb_block_idx(kb, 1), I32(WG_BM)),
                         X("x * bn", flyc_kb_block_idx(kb, 0), I32(WG_BN))};
  for (int s = 0; s < WG_STAGES - 2; s++)
    wg_prefetch(kb, b, args, sm, I32(s), row, steps);
  LLVMValueRef acc = LLVMConstNull(acct), next;
  LLVMValueRef kt = flyc_kb_for_begin(kb, I32(0), steps, I32(1), 1, &acc, &acc);
  flyc_kb_async_wait(kb, WG_STAGES - 3); /* step kt has landed, in this thread */
  flyc_kb_wgmma_shared_fence(kb);        /* ... for wgmma to read */
  flyc_kb_barrier(kb);                   /* ... every thread's; kt - 2 is read */
  wg_prefetch(kb, b, args, sm, X("kt + s - 2", kt, I32(WG_STAGES)), row, steps);
  LLVMValueRef st = X("kt % s * bytes", kt, I32(WG_STAGES), I32(WG_STAGE_BYTES));
  next = acc;
  flyc_kb_wgmma_fence(kb, &next, 1);
  for (int ks = 0; ks < WG_BK; ks += 16) { /* A: wg's 64 rows of the stage, B after A's */
    LLVMValueRef ao = X("st + wg * 8192 + ks", st, wg, I32(ks * 2)),
                 bo = X("st + bm * 128 + ks", st, I32(WG_BM), I32(ks * 2));
    next = flyc_kb_wgmma(kb, LLVMBuildInBoundsGEP2(b, i8, sm, &ao, 1, ""),
                         LLVMBuildInBoundsGEP2(b, i8, sm, &bo, 1, ""), next);
  }
  flyc_kb_wgmma_commit(kb);
  flyc_kb_wgmma_wait(kb, 1, &next, 1); /* step kt - 1's products are done */
  flyc_kb_for_end(kb, &next, &acc);
  flyc_kb_wgmma_wait(kb, 0, &acc, 1);
  /* This warpgroup's 64 x 256 of C: rows row_a + 64 wg, columns row_b. */
  LLVMValueRef c = flyc_kb_at(kb, f32, args[2], X("r + wg * 64", row[0], wg), args[4], row[1]);
  return flyc_kb_wgmma_store(kb, acc, c, args[4]);
}
#undef I32
#undef X

/* lines: end */

#endif

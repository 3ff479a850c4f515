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
#define I32(v) flyc_kb_i32(kb, (v))

/* Starts the copy of step `kt`'s rows of A, then B (64 halves each), into
 * its stage: a thread's 16-byte pieces, every 256th. */
static void wg_copy(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                    LLVMValueRef sm, LLVMValueRef kt, LLVMValueRef *row) {
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc), f16 = LLVMHalfTypeInContext(lc);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0), col = LLVMBuildMul(b, LLVMBuildURem(b, tid,
                                                                     I32(8), ""), I32(8), "");
  LLVMValueRef st = LLVMBuildMul(b, LLVMBuildURem(b, kt, I32(WG_STAGES), ""),
                                 I32(WG_STAGE_BYTES), "");
  LLVMValueRef gcol = LLVMBuildAdd(b, LLVMBuildMul(b, kt, I32(WG_BK), ""), col, "");
  for (int p = 0; p < (WG_BM + WG_BN) * 8; p += WG_THREADS) {
    int w = p / 8 >= WG_BM; /* A's rows, then B's: each its own tile */
    LLVMValueRef r = LLVMBuildAdd(b, LLVMBuildUDiv(b, tid, I32(8), ""), I32(p / 8), "");
    LLVMValueRef soff = LLVMBuildAdd(b, st, flyc_kb_wgmma_offset(kb, r, col), "");
    LLVMValueRef grow = LLVMBuildAdd(b, row[w], LLVMBuildSub(b, r, I32(w ? WG_BM : 0), ""), "");
    flyc_kb_async_copy(kb, LLVMBuildInBoundsGEP2(b, i8, sm, &soff, 1, ""),
                       flyc_kb_at(kb, f16, args[w], grow, args[5], gcol), 16);
  }
}

static void wg_prefetch(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                        LLVMValueRef sm, LLVMValueRef kt, LLVMValueRef *row, LLVMValueRef steps) {
  flyc_kb_if_begin(kb, LLVMBuildICmp(b, LLVMIntSLT, kt, steps, ""));
  wg_copy(kb, b, args, sm, kt, row);
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_async_commit(kb);
}

static int gemm_wgmma_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *args,
                           void *payload) {
  (void)payload;
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(lc), f32 = LLVMFloatTypeInContext(lc);
  LLVMTypeRef acct = flyc_kb_wgmma_type(kb, WG_BN);
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_DYNAMIC, 1024);
  LLVMValueRef sm = sa ? flyc_kb_shared_alloc(sa, WG_SHARED_BYTES, 1024) : NULL;
  LLVMValueRef wg = LLVMBuildUDiv(b, flyc_kb_warp_id(kb), I32(4), "wg");
  if (!sm || !acct)
    return FLYC_EINVAL;
  LLVMValueRef row[2] = {LLVMBuildMul(b, flyc_kb_block_idx(kb, 1), I32(WG_BM), "row_a"),
                         LLVMBuildMul(b, flyc_kb_block_idx(kb, 0), I32(WG_BN), "row_b")};
  LLVMValueRef steps = LLVMBuildUDiv(b, args[5], I32(WG_BK), "steps");
  for (int s = 0; s < WG_STAGES - 2; s++)
    wg_prefetch(kb, b, args, sm, I32(s), row, steps);
  LLVMValueRef acc = LLVMConstNull(acct), next;
  LLVMValueRef kt = flyc_kb_for_begin(kb, I32(0), steps, I32(1), 1, &acc, &acc);
  if (!kt)
    return FLYC_EINVAL;
  flyc_kb_async_wait(kb, WG_STAGES - 3); /* step kt has landed, in this thread */
  flyc_kb_wgmma_shared_fence(kb);        /* ... for wgmma to read */
  flyc_kb_barrier(kb);                   /* ... every thread's; kt - 2 is read */
  wg_prefetch(kb, b, args, sm, LLVMBuildAdd(b, kt, I32(WG_STAGES - 2), ""), row, steps);
  LLVMValueRef st = LLVMBuildMul(b, LLVMBuildURem(b, kt, I32(WG_STAGES), ""),
                                 I32(WG_STAGE_BYTES), "");
  LLVMValueRef a0 = LLVMBuildAdd(b, st, LLVMBuildMul(b, wg, I32(64 * 128), ""), "");
  LLVMValueRef b0 = LLVMBuildAdd(b, st, I32(WG_BM * 128), "");
  next = acc;
  flyc_kb_wgmma_fence(kb, &next, 1);
  for (int ks = 0; ks < WG_BK; ks += 16) {
    LLVMValueRef ao = LLVMBuildAdd(b, a0, I32(ks * 2), ""), bo = LLVMBuildAdd(b, b0, I32(ks * 2), "");
    next = flyc_kb_wgmma(kb, LLVMBuildInBoundsGEP2(b, i8, sm, &ao, 1, ""),
                         LLVMBuildInBoundsGEP2(b, i8, sm, &bo, 1, ""), next);
  }
  flyc_kb_wgmma_commit(kb);
  flyc_kb_wgmma_wait(kb, 1, &next, 1); /* step kt - 1's products are done */
  flyc_kb_for_end(kb, &next, &acc);
  flyc_kb_wgmma_wait(kb, 0, &acc, 1);
  /* This warpgroup's 64 x 256 of C: rows row_a + 64 wg, columns row_b. */
  LLVMValueRef r = LLVMBuildAdd(b, row[0], LLVMBuildMul(b, wg, I32(64), ""), "");
  return flyc_kb_wgmma_store(kb, acc, flyc_kb_at(kb, f32, args[2], r, args[4], row[1]), args[4]);
}
#undef I32

/* lines: end */

#endif

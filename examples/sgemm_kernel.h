/* The classic shared-memory SGEMM, C = A B in f32 (row-major A: M x K,
 * B: K x N, C: M x N), written once with the kernel builder for every
 * target (gfx942 and sm_90 alike): a block of SGEMM_T x SGEMM_T threads
 * computes one SGEMM_T x SGEMM_T tile of C; for each step of SGEMM_T along
 * K it stages a tile of A and of B in shared memory (LDS), zero outside the
 * matrices, and each thread adds its row of the A tile times its column of
 * the B tile with fmaf, in order of k. So every element of C is the
 * sequential `acc = fmaf(A[r][k], B[k][c], acc)` over k = 0 .. K-1, bit for
 * bit (the padding adds fmaf(0, 0, acc) = acc, except that an exact -0
 * becomes +0, which compares equal). The CUDA it stands for
 * (bench/lines/sgemm.cu):
 *
 *   __shared__ float As[T][T], Bs[T][T];
 *   int tx = threadIdx.x, ty = threadIdx.y;
 *   int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
 *   float acc = 0.0f;
 *   for (int k0 = 0; k0 < K; k0 += T) {
 *     As[ty][tx] = row < M && k0 + tx < K ? A[row * K + k0 + tx] : 0.0f;
 *     Bs[ty][tx] = k0 + ty < K && col < N ? B[(k0 + ty) * N + col] : 0.0f;
 *     __syncthreads();
 *     for (int k = 0; k < T; k++) acc = fmaf(As[ty][k], Bs[k][tx], acc);
 *     __syncthreads();
 *   }
 *   if (row < M && col < N) C[row * N + col] = acc;
 *
 * Parameters: A, B, C (float, global, noalias), M, N, K (i32, >= 0, K <
 * 2^31 - SGEMM_T; A, B and C are indexed in 64 bits, so M K, K N and M N may
 * pass 2^31). The
 * launch: block {SGEMM_T, SGEMM_T, 1} (the kernel's known_block_size),
 * grid {ceil(N / SGEMM_T), ceil(M / SGEMM_T), 1}. */
#ifndef FLYC_EXAMPLE_SGEMM_KERNEL_H
#define FLYC_EXAMPLE_SGEMM_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define SGEMM_T 32

static const flyc_param_t sgemm_params[6] = {
    {sizeof(flyc_param_t), "A", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "B", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "C", FLYC_PARAM_PTR, 0, 1, 4, 1},
    {sizeof(flyc_param_t), "M", FLYC_PARAM_INT, 32, 0, 0, 0},
    {sizeof(flyc_param_t), "N", FLYC_PARAM_INT, 32, 0, 0, 0},
    {sizeof(flyc_param_t), "K", FLYC_PARAM_INT, 32, 0, 0, 0},
};

/* lines: sgemm */
#define SG_I32(v) flyc_kb_i32(kb, (int32_t)(v))
#define SG_AT(p, r, ld, c) flyc_kb_at(kb, f32, (p), (r), (ld), (c)) /* &p[r * ld + c] */
#define SG_LOAD(p, r, c) flyc_kb_load(kb, f32, 1, SG_AT(p, r, SG_I32(SGEMM_T), c), SG_I32(0), 0, 0)
static int sgemm_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                      void *payload) {
  (void)b, (void)payload;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(flyc_kb_llvm_context(kb));
  LLVMValueRef A = arg[0], B = arg[1], M = arg[3], N = arg[4], K = arg[5], T = SG_I32(SGEMM_T);
  flyc_shared_allocator_t *sa = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 16);
  LLVMValueRef As = flyc_kb_shared_alloc(sa, SGEMM_T * SGEMM_T * 4, 16);
  LLVMValueRef Bs = flyc_kb_shared_alloc(sa, SGEMM_T * SGEMM_T * 4, 16);
  LLVMValueRef tx = flyc_kb_thread_idx(kb, 0), ty = flyc_kb_thread_idx(kb, 1);
  LLVMValueRef row = FLYC_EXPR(kb, "by * T + ty", flyc_kb_block_idx(kb, 1), T, ty);
  LLVMValueRef col = FLYC_EXPR(kb, "bx * T + tx", flyc_kb_block_idx(kb, 0), T, tx);
  LLVMValueRef zero = flyc_kb_f32(kb, 0), acc;
  LLVMValueRef k0 = flyc_kb_for_begin(kb, SG_I32(0), K, T, 1, &zero, &acc);
  LLVMValueRef ka = FLYC_EXPR(kb, "k0 + tx", k0, tx), kr = FLYC_EXPR(kb, "k0 + ty", k0, ty);
  LLVMValueRef a = flyc_kb_load_if(kb, FLYC_EXPR(kb, "row < M && ka < K", row, M, ka, K), f32, 1,
                                   SG_AT(A, row, K, ka), SG_I32(0), zero, 0, 0);
  flyc_kb_store(kb, a, SG_AT(As, ty, T, tx), SG_I32(0), 0, 0); /* As[ty][tx] = a */
  LLVMValueRef bv = flyc_kb_load_if(kb, FLYC_EXPR(kb, "kr < K && col < N", kr, K, col, N), f32, 1,
                                    SG_AT(B, kr, N, col), SG_I32(0), zero, 0, 0);
  flyc_kb_store(kb, bv, SG_AT(Bs, ty, T, tx), SG_I32(0), 0, 0); /* Bs[ty][tx] = b */
  flyc_kb_barrier(kb);
  for (int k = 0; k < SGEMM_T; k++) /* unrolled at build time, as CUDA's #pragma unroll */
    acc = FLYC_EXPR(kb, "fma(a, b, acc)", SG_LOAD(As, ty, SG_I32(k)), SG_LOAD(Bs, SG_I32(k), tx),
                    acc);
  flyc_kb_barrier(kb);
  flyc_kb_for_end(kb, &acc, &acc);
  return flyc_kb_store_if(kb, FLYC_EXPR(kb, "row < M && col < N", row, M, col, N), acc,
                          SG_AT(arg[2], row, N, col), SG_I32(0), 0, 0);
}
/* lines: end */

static int sgemm_emit(flyc_ctx_t *ctx, const char **name_out) {
  static const uint32_t block[3] = {SGEMM_T, SGEMM_T, 1};
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "sgemm";
  d.params = sgemm_params;
  d.param_count = 6;
  d.known_block_size = block;
  d.body = sgemm_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

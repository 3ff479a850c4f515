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
    {sizeof(flyc_param_t), "A", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "B", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "C", FLYC_PARAM_PTR, 0, 1, 4, 1, "f32"},
    {sizeof(flyc_param_t), "M", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "N", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "K", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

/* lines: sgemm */
static int sgemm_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                      void *payload) {
  (void)b, (void)arg, (void)payload;
  flyc_kb_let_int(kb, "T", SGEMM_T);
  flyc_kb_shared_array(kb, "As", "f32", SGEMM_T * SGEMM_T);
  flyc_kb_shared_array(kb, "Bs", "f32", SGEMM_T * SGEMM_T);
  return flyc_kb_do(kb, 0, /* i64(): A, B and C are indexed in 64 bits */
      "tx = threadIdx.x; ty = threadIdx.y;"
      "row = blockIdx.y * T + ty; col = blockIdx.x * T + tx;"
      "acc = 0.0f;"
      "for (k0 = 0; k0 < K; k0 += T) {"
      "  As[ty * T + tx] = row < M && k0 + tx < K ? A[i64(row) * K + k0 + tx] : 0.0f;"
      "  Bs[ty * T + tx] = k0 + ty < K && col < N ? B[i64(k0 + ty) * N + col] : 0.0f;"
      "  barrier();"
      "  #pragma unroll"
      "  for (k = 0; k < T; k++) acc = fma(As[ty * T + k], Bs[k * T + tx], acc);"
      "  barrier();"
      "}"
      "if (row < M && col < N) C[i64(row) * N + col] = acc");
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

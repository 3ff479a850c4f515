/* A 2-D tile kernel through NVIDIA's tensor memory accelerator (TMA,
 * sm_90 and newer), written with the kernel builder's TMA helpers
 * (flyc/builder.h): each block moves one TMA_BOX_X x TMA_BOX_Y box of a
 * row-major f32 matrix into shared memory with one bulk tensor copy, every
 * thread computes y = x * a + b on its share of the box, and one bulk
 * tensor copy stores the box into the output matrix. TMA does the bounds:
 * a box past the matrix's edge reads zeros and writes nothing outside it,
 * so the kernel has no bounds checks of its own. The CUDA it stands for
 * (CUDA Programming Guide, "Using TMA to transfer multi-dimensional arrays";
 * cuda::barrier and cuda::device::experimental's TMA functions):
 *
 *   __global__ void tma_axpb(const __grid_constant__ CUtensorMap in,
 *                            const __grid_constant__ CUtensorMap out, float a, float b) {
 *     __shared__ alignas(128) float tile[BOX_Y * BOX_X];
 *     __shared__ barrier bar;
 *     int x = blockIdx.x * BOX_X, y = blockIdx.y * BOX_Y;
 *     if (threadIdx.x == 0) { init(&bar, 1); fence_proxy_async_shared_cta(); }
 *     __syncthreads();
 *     if (threadIdx.x == 0) {
 *       barrier_arrive_tx(bar, 1, sizeof tile);
 *       cp_async_bulk_tensor_2d_global_to_shared(tile, &in, x, y, bar);
 *     }
 *     bar.wait(0);
 *     for (int i = threadIdx.x; i < BOX_Y * BOX_X; i += blockDim.x) tile[i] = tile[i] * a + b;
 *     fence_proxy_async_shared_cta(); __syncthreads();
 *     if (threadIdx.x == 0) {
 *       cp_async_bulk_tensor_2d_shared_to_global(&out, x, y, tile);
 *       cp_async_bulk_commit_group(); cp_async_bulk_wait_group_read<0>();
 *     }
 *   }
 *
 * Parameters: in, out (tensor maps of the same rows x cols f32 matrix
 * shape, boxes TMA_BOX_X x TMA_BOX_Y, no swizzle: flyc_tensor_map_encode()),
 * a, b (f32). Block TMA_THREADS threads; grid ceil(cols / TMA_BOX_X) x
 * ceil(rows / TMA_BOX_Y). */
#ifndef FLYC_EXAMPLE_TMA_KERNEL_H
#define FLYC_EXAMPLE_TMA_KERNEL_H

#include <flyc/builder.h>
#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define TMA_BOX_X 64 /* floats: 256 bytes a box row */
#define TMA_BOX_Y 32
#define TMA_THREADS 256

static const flyc_param_t tma_params[4] = {
    {sizeof(flyc_param_t), "in", FLYC_PARAM_TENSOR_MAP, 0, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_TENSOR_MAP, 0, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "a", FLYC_PARAM_FLOAT, 32, 0, 0, 0, NULL},
    {sizeof(flyc_param_t), "b", FLYC_PARAM_FLOAT, 32, 0, 0, 0, NULL},
};

static const uint32_t tma_block[3] = {TMA_THREADS, 1, 1};

/* lines: tma */
static int tma_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg, void *payload) {
  (void)b, (void)payload;
  flyc_shared_allocator_t *al = flyc_kb_shared_allocator(kb, FLYC_SHARED_STATIC, 128);
  LLVMValueRef tile = flyc_kb_shared_alloc(al, TMA_BOX_X * TMA_BOX_Y * 4, 128);
  LLVMValueRef bar = flyc_kb_shared_alloc(al, 8, 8);
  LLVMValueRef xy[2] = {flyc_kb_eval(kb, 0, "blockIdx.x * 64"),
                        flyc_kb_eval(kb, 0, "blockIdx.y * 32")};
  LLVMValueRef t0 = flyc_kb_eval(kb, 0, "threadIdx.x == 0");
  flyc_kb_let(kb, "tile", tile, LLVMFloatTypeInContext(flyc_kb_llvm_context(kb)));
  flyc_kb_if_begin(kb, t0);
  flyc_kb_mbarrier_init(kb, bar, flyc_kb_i32(kb, 1));
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_barrier(kb);
  flyc_kb_if_begin(kb, t0);
  flyc_kb_mbarrier_arrive(kb, bar, flyc_kb_i32(kb, TMA_BOX_X * TMA_BOX_Y * 4));
  flyc_kb_tma_load(kb, tile, arg[0], xy, 2, bar);
  flyc_kb_if_end(kb, 0, NULL, NULL);
  flyc_kb_mbarrier_wait(kb, bar, flyc_kb_i32(kb, 0));
  flyc_kb_do(kb, 0, "for (i = threadIdx.x; i < 64 * 32; i += blockDim.x)"
                    "  tile[i] = tile[i] * a + b");
  flyc_kb_tma_fence(kb);
  flyc_kb_barrier(kb);
  flyc_kb_if_begin(kb, t0);
  flyc_kb_tma_store(kb, arg[1], xy, 2, tile);
  flyc_kb_tma_commit(kb);
  flyc_kb_tma_wait(kb, 0);
  return flyc_kb_if_end(kb, 0, NULL, NULL);
}
/* lines: end */

static int tma_emit(flyc_ctx_t *ctx, const char **name_out) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "tma_axpb";
  d.params = tma_params;
  d.param_count = 4;
  d.known_block_size = tma_block;
  d.body = tma_body;
  return flyc_kernel_emit(ctx, &d, name_out);
}

#endif

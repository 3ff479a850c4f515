/* A kernel that calls NVSHMEM's device API (libnvshmem_device.bc) through
 * ffi + link_extern, built with the kernel builder; shared by
 * examples/nvshmem_ring.c and the tests. One block of NVSHMEM_RING_BLOCK
 * threads, on every PE:
 *
 *   me = nvshmem_my_pe(), np = nvshmem_n_pes(), peer = (me + 1) % np
 *   thread 0: out[0] = me, out[1] = np; nvshmem_int_p(&sym[0], 1000 + me, peer)
 *   block:    nvshmemx_int_put_block(&sym[16], &out[16], n, peer)
 *   nvshmem_quiet(); thread 0: nvshmem_barrier_all(); __syncthreads()
 *   thread 0: out[2] = nvshmem_int_g(&sym[0], me)     (1000 + the left PE)
 *   block:    nvshmemx_int_get_block(&out[16 + n], &sym[16], n, me)
 *
 * so that out[16 + n + i] is the left PE's out[16 + i]. Parameters: sym (a
 * symmetric buffer from nvshmem_malloc, at least 16 + n ints), out (at least
 * 16 + 2n ints of device memory), n (i32). Every call names the post-load
 * processor NVSHMEM_RING_PROCESSOR (nvshmemx_cumodule_init on each loaded
 * CUmodule, registered by the host program): without it the library's state
 * global nvshmemi_device_state_d stays zero and the kernel faults. */
#ifndef FLYC_EXAMPLE_NVSHMEM_KERNEL_H
#define FLYC_EXAMPLE_NVSHMEM_KERNEL_H

#include <flyc/kernel.h>
#include <llvm-c/Core.h>

#define NVSHMEM_RING_PROCESSOR "nvshmem.cumodule_init"
#define NVSHMEM_RING_BLOCK 256

static const flyc_param_t nvshmem_ring_params[3] = {
    {sizeof(flyc_param_t), "sym", FLYC_PARAM_PTR, 0, 0, 4, 0, NULL},
    {sizeof(flyc_param_t), "out", FLYC_PARAM_PTR, 0, 0, 4, 0, NULL},
    {sizeof(flyc_param_t), "n", FLYC_PARAM_INT, 32, 0, 0, 0, NULL},
};

#define NVSHMEM_PTR {FLYC_TYPE_PTR, 0}
static const flyc_type_t nvshmem_p_args[3] = {NVSHMEM_PTR, {FLYC_TYPE_I32, 0}, {FLYC_TYPE_I32, 0}};
static const flyc_type_t nvshmem_g_args[2] = {NVSHMEM_PTR, {FLYC_TYPE_I32, 0}};
static const flyc_type_t nvshmem_block_args[4] = {NVSHMEM_PTR, NVSHMEM_PTR, {FLYC_TYPE_U64, 0},
                                                  {FLYC_TYPE_I32, 0}};
static const flyc_ffi_t nvshmem_ffi[8] = {
    {sizeof(flyc_ffi_t), "nvshmem_my_pe", {FLYC_TYPE_I32, 0}, NULL, 0, 0},
    {sizeof(flyc_ffi_t), "nvshmem_n_pes", {FLYC_TYPE_I32, 0}, NULL, 0, 0},
    {sizeof(flyc_ffi_t), "nvshmem_int_p", {FLYC_TYPE_VOID, 0}, nvshmem_p_args, 3, 0},
    {sizeof(flyc_ffi_t), "nvshmem_int_g", {FLYC_TYPE_I32, 0}, nvshmem_g_args, 2, 0},
    {sizeof(flyc_ffi_t), "nvshmemx_int_put_block", {FLYC_TYPE_VOID, 0}, nvshmem_block_args, 4, 0},
    {sizeof(flyc_ffi_t), "nvshmemx_int_get_block", {FLYC_TYPE_VOID, 0}, nvshmem_block_args, 4, 0},
    {sizeof(flyc_ffi_t), "nvshmem_quiet", {FLYC_TYPE_VOID, 0}, NULL, 0, 0},
    {sizeof(flyc_ffi_t), "nvshmem_barrier_all", {FLYC_TYPE_VOID, 0}, NULL, 0, 0},
};
enum { NV_MY_PE, NV_N_PES, NV_P, NV_G, NV_PUT_BLOCK, NV_GET_BLOCK, NV_QUIET, NV_BARRIER_ALL };

typedef struct nvshmem_ring {
  const char *device_bc; /* libnvshmem_device.bc */
  flyc_kernel_builder_t *kb;
  LLVMBuilderRef b;
  int failed;
} nvshmem_ring_t;

static LLVMValueRef nvshmem_call(nvshmem_ring_t *r, int which, LLVMValueRef *args, size_t n) {
  if (r->failed)
    return NULL; /* the first failure's error stands */
  const flyc_extern_t ext = {sizeof(flyc_extern_t), &nvshmem_ffi[which], r->device_bc,
                             {NVSHMEM_RING_PROCESSOR, NULL, NULL}};
  LLVMValueRef v = flyc_kb_call_extern(r->kb, &ext, args, n);
  r->failed |= !v;
  return v;
}

/* &p[i] for an i32 pointer p. */
static LLVMValueRef nvshmem_at(LLVMBuilderRef b, LLVMContextRef lc, LLVMValueRef p, LLVMValueRef i) {
  return LLVMBuildGEP2(b, LLVMInt32TypeInContext(lc), p, &i, 1, "");
}

/* Runs `then` (thread 0's part) under `if (tid == 0)`. */
static void nvshmem_thread0(nvshmem_ring_t *r, LLVMValueRef tid,
                            void (*then)(nvshmem_ring_t *, LLVMValueRef *), LLVMValueRef *v) {
  LLVMContextRef lc = flyc_kb_llvm_context(r->kb);
  LLVMValueRef fn = flyc_kb_function(r->kb);
  LLVMBasicBlockRef t = LLVMAppendBasicBlockInContext(lc, fn, "t0");
  LLVMBasicBlockRef j = LLVMAppendBasicBlockInContext(lc, fn, "join");
  LLVMBuildCondBr(r->b, LLVMBuildICmp(r->b, LLVMIntEQ, tid, LLVMConstInt(LLVMTypeOf(tid), 0, 0), ""),
                  t, j);
  LLVMPositionBuilderAtEnd(r->b, t);
  then(r, v);
  LLVMBuildBr(r->b, j);
  LLVMPositionBuilderAtEnd(r->b, j);
}

/* v: sym, out, n, me, np, peer. */
static void nvshmem_first(nvshmem_ring_t *r, LLVMValueRef *v) {
  LLVMContextRef lc = flyc_kb_llvm_context(r->kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc);
  LLVMBuildStore(r->b, v[3], nvshmem_at(r->b, lc, v[1], LLVMConstInt(i32, 0, 0)));
  LLVMBuildStore(r->b, v[4], nvshmem_at(r->b, lc, v[1], LLVMConstInt(i32, 1, 0)));
  LLVMValueRef p[3] = {v[0], LLVMBuildAdd(r->b, v[3], LLVMConstInt(i32, 1000, 0), ""), v[5]};
  nvshmem_call(r, NV_P, p, 3);
}

static void nvshmem_barrier(nvshmem_ring_t *r, LLVMValueRef *v) {
  (void)v;
  nvshmem_call(r, NV_BARRIER_ALL, NULL, 0);
}

static void nvshmem_last(nvshmem_ring_t *r, LLVMValueRef *v) {
  LLVMContextRef lc = flyc_kb_llvm_context(r->kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc);
  LLVMValueRef g[2] = {v[0], v[3]};
  LLVMValueRef got = nvshmem_call(r, NV_G, g, 2);
  if (got)
    LLVMBuildStore(r->b, got, nvshmem_at(r->b, lc, v[1], LLVMConstInt(i32, 2, 0)));
}

static int nvshmem_ring_body(flyc_kernel_builder_t *kb, LLVMBuilderRef b, LLVMValueRef *arg,
                             void *payload) {
  nvshmem_ring_t r = {(const char *)payload, kb, b, 0};
  LLVMContextRef lc = flyc_kb_llvm_context(kb);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(lc), i64 = LLVMInt64TypeInContext(lc);
  LLVMValueRef tid = flyc_kb_thread_idx(kb, 0);
  LLVMValueRef me = nvshmem_call(&r, NV_MY_PE, NULL, 0);
  LLVMValueRef np = nvshmem_call(&r, NV_N_PES, NULL, 0);
  if (r.failed)
    return FLYC_EINVAL;
  LLVMValueRef peer = LLVMBuildSRem(b, LLVMBuildAdd(b, me, LLVMConstInt(i32, 1, 0), ""), np, "peer");
  LLVMValueRef v[6] = {arg[0], arg[1], arg[2], me, np, peer};
  nvshmem_thread0(&r, tid, nvshmem_first, v);
  LLVMValueRef sym16 = nvshmem_at(b, lc, arg[0], LLVMConstInt(i32, 16, 0));
  LLVMValueRef out16 = nvshmem_at(b, lc, arg[1], LLVMConstInt(i32, 16, 0));
  LLVMValueRef n64 = LLVMBuildZExt(b, arg[2], i64, "");
  LLVMValueRef put[4] = {sym16, out16, n64, peer};
  nvshmem_call(&r, NV_PUT_BLOCK, put, 4);
  nvshmem_call(&r, NV_QUIET, NULL, 0);
  nvshmem_thread0(&r, tid, nvshmem_barrier, v);
  flyc_kb_barrier(kb);
  nvshmem_thread0(&r, tid, nvshmem_last, v);
  LLVMValueRef outn = nvshmem_at(b, lc, out16, arg[2]);
  LLVMValueRef get[4] = {outn, sym16, n64, me};
  nvshmem_call(&r, NV_GET_BLOCK, get, 4);
  LLVMBuildRetVoid(b);
  return r.failed ? FLYC_EINVAL : 0;
}

/* Emits the kernel; `device_bc` is NVSHMEM's libnvshmem_device.bc. */
static int nvshmem_ring_emit(flyc_ctx_t *ctx, const char *device_bc, const char **name) {
  flyc_kernel_def_t d = FLYC_KERNEL_DEF_INIT;
  d.name = "nvshmem_ring";
  d.params = nvshmem_ring_params;
  d.param_count = 3;
  d.body = nvshmem_ring_body;
  d.payload = (void *)device_bc;
  return flyc_kernel_emit(ctx, &d, name);
}

#endif

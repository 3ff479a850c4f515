"""The kernel builder's examples against their peers on the H200, in one process
(issue 14's speed goals): the tensor-core GEMM (examples/gemm_kernel.h) next to
torch.matmul (cuBLAS) and a Triton GEMM, and the float4 vector add and the row
softmax next to a device-to-device copy of the same bytes. flyc's kernels come as
the PTX flyc made on the CPU machine (bench/gpu/examples_prep.sh, or the older
mma_prep.sh), loaded with CuPy
(cuModuleLoad, the driver's JIT); every output is checked before it is timed.
Times are CUDA-event medians of 7 runs of `reps` launches each.

    python3 bench/gpu/mma_bench.py .dev/gpu-mma [softmax]
"""
import glob
import os
import re
import statistics
import sys

import cupy as cp
import numpy as np
import torch
import triton
import triton.language as tl

D = sys.argv[1]
ONLY = sys.argv[2] if len(sys.argv) > 2 else None  # "softmax": only the softmax sweep
torch.backends.cuda.matmul.allow_tf32 = False


def entry(ptx):
    return re.search(r"\.entry\s+(\w+)", open(ptx).read()).group(1)


def load(name, kernel=None):
    path = f"{D}/{name}.ptx"
    return cp.RawModule(path=path).get_function(kernel or entry(path))


def timed(fn, reps=20):
    """Median seconds of one call."""
    fn()
    torch.cuda.synchronize()
    out = []
    for _ in range(7):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(reps):
            fn()
        e.record()
        e.synchronize()
        out.append(s.elapsed_time(e) / 1e3 / reps)
    return statistics.median(out)


@triton.jit
def triton_mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
              BK: tl.constexpr):
    # C = A * B^T, A M x K and B N x K row-major, C f32: the same problem.
    pm, pn = tl.program_id(1), tl.program_id(0)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rn[None, :] * K + rk[:, None]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, K, BK):
        acc += tl.dot(tl.load(a), tl.load(b))
        a += BK
        b += BK
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


def gemm(m, n, k, name="gemm", peers=True):
    """name: gemm (the example as built: K steps of 64, 3 stages, 2 x 2 waves), or
    gemm_k<K>s<S>w<WM>x<WN> (built with -DGEMM_NV_BK=K -DGEMM_NV_STAGES=S
    -DGEMM_NV_WM=WM -DGEMM_NV_WN=WN): a block tile of 64 WM x 64 WN, S stages of
    (64 WM + 64 WN) x (K + 8) halves in dynamic shared memory; or gemm_wgmma (built
    for sm_90a, examples/gemm_wgmma_kernel.h): 128 x 256 a block of two warpgroups,
    4 stages of 384 rows x 128 bytes."""
    if name == "gemm_wgmma":
        smem, grid, block = 4 * 384 * 128, (n // 256, m // 128), (256,)
    else:
        bk, stages, wm, wn = map(int, re.fullmatch(r"gemm_k(\d+)s(\d+)w(\d+)x(\d+)(?:_c)?", name).groups()
                                 ) if name != "gemm" else (64, 3, 2, 2)
        smem = stages * 64 * (wm + wn) * (bk + 8) * 2
        grid, block = (n // (64 * wn), m // (64 * wm)), (32 * wm * wn,)
    # Small multiples of 1/4 and 1/2: every product and sum is exact in f32.
    i = torch.arange(m, device="cuda")[:, None]
    j = torch.arange(n, device="cuda")[:, None]
    t = torch.arange(k, device="cuda")[None, :]
    a = (((i * 7 + t * 3) % 9 - 4) * 0.25).half().contiguous()
    b = (((j * 5 + t * 11) % 7 - 3) * 0.5).half().contiguous()
    ref = a.float() @ b.float().t()
    c = torch.full((m, n), float("nan"), device="cuda")
    f = load(name, "gemm")
    f.max_dynamic_shared_size_bytes = smem
    args = (a.data_ptr(), b.data_ptr(), c.data_ptr(), np.int32(m), np.int32(n), np.int32(k))
    run = lambda: f(grid, block, args, shared_mem=smem)
    run()
    torch.cuda.synchronize()
    bad = int((c != ref).sum())
    flop = 2.0 * m * n * k
    tf = flop / timed(run) / 1e12
    tc = flop / timed(lambda: torch.matmul(a, b.t())) / 1e12
    print(f"{name} {m}x{n}x{k}: flyc {'exact' if not bad else f'{bad} WRONG'}, "
          f"{tf:.1f} TFLOP/s; cuBLAS (torch.matmul, f16 out) {tc:.1f} TFLOP/s; "
          f"flyc/cuBLAS {tf / tc:.3f}")
    for bm, bn, bk, w, s in ((128, 128, 64, 8, 3), (128, 256, 64, 8, 3), (128, 128, 32, 4, 4)) if peers else ():
        ct = torch.empty((m, n), device="cuda")
        g = (n // bn, m // bm)
        tr = lambda: triton_mm[g](a, b, ct, m, n, k, BM=bm, BN=bn, BK=bk, num_warps=w,
                                  num_stages=s)
        tr()
        torch.cuda.synchronize()
        ok = bool((ct == ref).all())
        tt = flop / timed(tr) / 1e12
        print(f"  triton {bm}x{bn}x{bk} w{w} s{s}: {'exact' if ok else 'WRONG'} {tt:.1f} TFLOP/s; "
              f"flyc/triton {tf / tt:.3f}")
    return bad == 0


def vadd4(n):
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    f = load("vadd4")
    grid = ((n // 4 + 255) // 256,)
    run = lambda: f(grid, (256,), (x.data_ptr(), y.data_ptr(), out.data_ptr(), np.int32(n)))
    run()
    torch.cuda.synchronize()
    ok = bool((out == x + y).all())
    t = timed(run)
    src = torch.empty(3 * n // 2, device="cuda")  # a copy that moves the same 12n bytes
    dst = torch.empty_like(src)
    tc = timed(lambda: dst.copy_(src))
    gb, gbc = 12 * n / t / 1e9, 12 * n / tc / 1e9
    print(f"vadd4 n={n}: {'ok' if ok else 'WRONG'}, {gb:.0f} GB/s; device copy of the same "
          f"bytes {gbc:.0f} GB/s; ratio {gb / gbc:.3f}")
    return ok


def softmax(rows, cols, kernel="softmax", name="softmax"):
    """kernel: softmax (any row length, the row read twice: the online max and sum, then
    the output) or softmax_row (built for 4096 columns: the row in registers, read
    once); name "softmax3": the strided kernel before the online softmax (its row read
    three times), "softmax_nu": today's without its unroll hints, for the ratios in the same run."""
    x = torch.randn(rows, cols, device="cuda")
    out = torch.empty_like(x)
    f = load(name, kernel)
    run = lambda: f((rows,), (256,), (x.data_ptr(), out.data_ptr(), np.int32(cols)))
    run()
    torch.cuda.synchronize()
    err = float(((out - torch.softmax(x.double(), 1)).abs() / torch.softmax(x.double(), 1)).max())
    t = timed(run)
    dst = torch.empty_like(x)
    tc = timed(lambda: dst.copy_(x))
    tt = timed(lambda: torch.softmax(x, 1))
    by = 8 * rows * cols  # read once, write once
    print(f"{name}:{kernel} {rows}x{cols}: max rel err {err:.2e}, {by / t / 1e9:.0f} GB/s; device copy "
          f"{by / tc / 1e9:.0f} GB/s, ratio {tc / t:.3f}; torch.softmax {by / tt / 1e9:.0f} GB/s")
    return err < 1e-5


def softmax_edges(name="softmax"):
    """The strided softmax on rows of -inf, +inf and NaN (alone in a thread, beside -inf,
    beside finite values), huge and tiny values, at 3000 and 100 columns (a row shorter
    than the block): NaN exactly where torch.softmax has NaN, the rest within 1e-5."""
    ok = True
    for cols in (3000, 100):
        x = torch.randn(8, cols, device="cuda")
        ninf, nan = float("-inf"), float("nan")
        x[0] = ninf                      # all -inf
        x[1, 0] = nan                    # NaN in a thread of finite values
        x[2] = ninf; x[2, 1] = nan; x[2, 5] = 0.0  # NaN in a thread that saw only -inf
        x[3, 7] = float("inf")           # +inf
        x[4] = ninf; x[4, 3] = 1.0       # one finite value among -inf
        x[5] *= 1e30                     # huge
        x[6] *= 1e-30                    # tiny
        x[7, ::2] = ninf                 # every other -inf
        out = torch.empty_like(x)
        load(name, "softmax")((8,), (256,), (x.data_ptr(), out.data_ptr(), np.int32(cols)))
        torch.cuda.synchronize()
        want = torch.softmax(x.double(), 1)
        same_nan = bool((out.isnan() == want.isnan()).all())
        fin = ~want.isnan()
        err = float((out.double()[fin] - want[fin]).abs().max())
        print(f"{name}:softmax edges, {cols} columns: NaN where torch has NaN: {same_nan}; "
              f"max abs err elsewhere {err:.1e}")
        ok = ok and same_nan and err < 1e-5
    return ok


def histogram(n):
    """flyc's byte histogram (histogram.ptx) next to its CUDA twin (histogram_cuda.ptx,
    nvcc -ptx of bench/lines/histogram.cu), same grid and block; both checked against
    torch.bincount first. GB/s of bytes counted."""
    data = torch.randint(0, 256, (n,), dtype=torch.uint8, device="cuda")
    data[: n // 4] = 7  # a hot bin: the shared atomics contend
    want = torch.bincount((data.long() % 64), minlength=64).to(torch.int64)
    bins = torch.zeros(64, dtype=torch.int32, device="cuda")
    res = []
    for name in ("histogram", "histogram_cuda"):
        f = load(name)
        run = lambda: f((132 * 8,), (256,), (data.data_ptr(), np.int32(n), bins.data_ptr()))
        bins.zero_()
        run()
        torch.cuda.synchronize()
        ok = bool((bins.long() == want).all())
        t = timed(lambda: (bins.zero_(), run()))
        res.append((name, ok, n / t / 1e9))
    for name, ok, gb in res:
        print(f"{name} n={n}: {'ok' if ok else 'WRONG'}, {gb:.0f} GB/s")
    print(f"histogram ratio flyc / CUDA twin: {res[0][2] / res[1][2]:.3f}")
    return res[0][1] and res[1][1]


def sgemm(m, n, k):
    """flyc's shared-memory SGEMM (sgemm.ptx) next to its CUDA twin (sgemm_cuda.ptx), one
    32 x 32 tile a block; both checked against torch's f32 product (fp32, no TF32)."""
    a = torch.randn(m, k, device="cuda")
    b = torch.randn(k, n, device="cuda")
    want = a @ b
    res = []
    names = ["sgemm", "sgemm_cuda"] + (["sgemm_c"] if os.path.exists(f"{D}/sgemm_c.ptx") else [])
    for name in names:  # sgemm_c: the example before kernel text, in the same run
        f = load(name)
        c = torch.empty(m, n, device="cuda")
        run = lambda: f(((n + 31) // 32, (m + 31) // 32), (32, 32),
                        (a.data_ptr(), b.data_ptr(), c.data_ptr(), np.int32(m), np.int32(n),
                         np.int32(k)))
        run()
        torch.cuda.synchronize()
        err = float((c - want).abs().max() / want.abs().max())
        t = timed(run, 5)
        res.append((name, err < 1e-5, 2 * m * n * k / t / 1e12, err))
    for name, ok, tf, err in res:
        print(f"{name} {m}x{n}x{k}: {'ok' if ok else 'WRONG'} (max err {err:.1e} of max |C|), "
              f"{tf:.2f} TFLOP/s")
    print(f"sgemm ratio flyc / CUDA twin: {res[0][2] / res[1][2]:.3f}")
    if len(res) > 2:
        print(f"sgemm ratio kernel text / C helpers: {res[0][2] / res[2][2]:.3f}")
    return all(r[1] for r in res)


print(torch.cuda.get_device_name(), "torch", torch.__version__, "triton", triton.__version__)
ok = True
if ONLY == "softmax":  # the strided softmax at three shapes, today's and the variants, twice
    for rep in range(2):
        for name in ("softmax", "softmax3", "softmax_nu", "softmax_u4", "softmax_u16"):
            if os.path.exists(f"{D}/{name}.ptx"):
                for rows, cols in ((16384, 4096), (4096, 16384), (1000, 3000)):
                    ok = softmax(rows, cols, "softmax", name) and ok
    print("RESULT:", "ok" if ok else "FAIL")
    sys.exit(0 if ok else 1)
ok = gemm(512, 512, 512) and gemm(512, 512, 128) and gemm(4096, 4096, 4096)
if os.path.exists(f"{D}/gemm_wgmma.ptx"):
    ok = gemm(512, 512, 128, "gemm_wgmma", False) and gemm(4096, 4096, 4096, "gemm_wgmma") and ok
for v in sorted(glob.glob(f"{D}/gemm_k*.ptx")):
    name = os.path.basename(v)[:-4]
    ok = gemm(512, 512, 128, name, False) and gemm(4096, 4096, 4096, name, False) and ok
if os.path.exists(f"{D}/vadd4.ptx"):
    ok = vadd4(1 << 28) and ok
if os.path.exists(f"{D}/softmax.ptx"):
    ok = softmax(16384, 4096) and ok
    ok = softmax(16384, 4096, "softmax_row") and ok
    ok = softmax(1000, 3000) and ok
    ok = softmax_edges() and ok
for other in ("softmax3", "softmax_nu", "softmax_u4", "softmax_u16"):  # before; other unrolls
    if os.path.exists(f"{D}/{other}.ptx"):
        ok = softmax(16384, 4096, "softmax", other) and ok
        ok = softmax(1000, 3000, "softmax", other) and ok
if os.path.exists(f"{D}/histogram_cuda.ptx"):
    ok = histogram(1 << 28) and ok
if os.path.exists(f"{D}/sgemm_cuda.ptx"):
    ok = sgemm(4096, 4096, 4096) and ok
print("RESULT:", "ok" if ok else "FAIL")

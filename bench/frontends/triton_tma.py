#!/usr/bin/env python3
"""Triton 3.6's TMA kernels (host tensor descriptors: a CUtensorMap passed as a
__grid_constant__ parameter) for flyc: runs each through Triton's JIT on the GPU, checks its
output against torch, and writes Triton's LLVM IR, PTX and launch facts into DIR, so that flyc
can compile the same IR here and there.

    python bench/frontends/triton_tma.py --out DIR      (on the GPU machine)
    python bench/frontends/triton_tma.py --out DIR --flyc DIR2

With --flyc, each kernel is run a second time with DIR2/<kernel>.flyc.sm_90a.cubin (flyc's PTX
of the IR written before, through ptxas) in place of Triton's binary, through Triton's own
launcher (which builds the CUtensorMap arguments), and its output compared with Triton's, bit
for bit.

Kernels: tma_axpb (y = x * 2 + 1 through one load and one store descriptor, fp32) and
tma_rowsum (a K loop of descriptor loads, fp16 in, fp32 out through a plain store).
"""
import argparse
import json
import sys
from pathlib import Path

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def tma_axpb(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    t = x_desc.load([pm * BM, pn * BN])
    y_desc.store([pm * BM, pn * BN], t * 2.0 + 1.0)


@triton.jit
def tma_rowsum(x_desc, out_ptr, M, K, BM: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    acc = tl.zeros([BM], dtype=tl.float32)
    for k in range(0, K, BK):
        t = x_desc.load([pm * BM, k])
        acc += tl.sum(t.to(tl.float32), axis=1)
    rows = pm * BM + tl.arange(0, BM)
    tl.store(out_ptr + rows, acc, mask=rows < M)


def save(out, name, ck, facts):
    for key, ext in (("llir", "ll"), ("ptx", "ptx"), ("ttgir", "ttgir")):
        if key in ck.asm:
            (out / f"{name}.{ext}").write_text(ck.asm[key])
    if "cubin" in ck.asm:
        (out / f"{name}.cubin").write_bytes(ck.asm["cubin"])
    md = ck.metadata
    facts.update({"symbol": md.name, "num_warps": md.num_warps, "shared": md.shared,
                  "target": str(md.target)})
    (out / f"{name}.json").write_text(json.dumps(facts, indent=1, default=str))


def swap_run(ck, cubin, grid, args, outs):
    """Runs `ck` with `cubin` in place of its binary: outputs poisoned first; returns them."""
    before = ck.function
    ck.kernel = cubin.read_bytes()
    ck.module = ck.function = None
    for o in outs:
        o.fill_(float("nan"))
    ck[tuple(grid) + (1,) * (3 - len(grid))](*args)
    torch.cuda.synchronize()
    if ck.function == before or ck.kernel != cubin.read_bytes():
        raise SystemExit(f"{cubin}: Triton's launcher did not take flyc's binary")
    return [o.clone() for o in outs]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--flyc")
    opts = ap.parse_args()
    out = Path(opts.out)
    flyc = Path(opts.flyc) if opts.flyc else None
    out.mkdir(parents=True, exist_ok=True)
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8,
                                                                 device="cuda"))
    ok = True
    M, N, BM, BN = 1000, 1032, 64, 32
    x = torch.randn(M, N, device="cuda")
    y = torch.full_like(x, float("nan"))
    xd = TensorDescriptor.from_tensor(x, block_shape=[BM, BN])
    yd = TensorDescriptor.from_tensor(y, block_shape=[BM, BN])
    grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
    ck = tma_axpb[grid](xd, yd, BM=BM, BN=BN)
    torch.cuda.synchronize()
    good = torch.equal(y, x * 2.0 + 1.0)
    ok &= good
    print(f"tma_axpb {M}x{N}: Triton's own run {'exact' if good else 'WRONG'}")
    save(out, "tma_axpb", ck, {"M": M, "N": N, "BM": BM, "BN": BN, "grid": grid})
    if flyc:
        want = y.clone()
        (got,) = swap_run(ck, flyc / "tma_axpb.flyc.sm_90a.cubin", grid, (xd, yd, BM, BN), [y])
        same = torch.equal(got, want)
        ok &= same
        print(f"tma_axpb: flyc's binary through Triton's launcher: "
              f"{'bit-identical to Triton' if same else 'DIFFERS'}")

    M, K, BM, BK = 999, 1024, 64, 64
    x = torch.randn(M, K, device="cuda", dtype=torch.float16)
    o = torch.full((M,), float("nan"), device="cuda")
    xd = TensorDescriptor.from_tensor(x, block_shape=[BM, BK])
    grid = (triton.cdiv(M, BM),)
    ck = tma_rowsum[grid](xd, o, M, K, BM=BM, BK=BK)
    torch.cuda.synchronize()
    err = (o - x.float().sum(dim=1)).abs().max().item()
    good = err < 1e-2
    ok &= good
    print(f"tma_rowsum {M}x{K}: Triton's own run, max abs err {err:.2e} {'ok' if good else 'WRONG'}")
    save(out, "tma_rowsum", ck, {"M": M, "K": K, "BM": BM, "BK": BK, "grid": grid})
    if flyc:
        want = o.clone()
        (got,) = swap_run(ck, flyc / "tma_rowsum.flyc.sm_90a.cubin", grid,
                          (xd, o, M, K, BM, BK), [o])
        same = torch.equal(got, want)
        diff = (got - want).abs().max().item()
        ok &= diff < 1e-2
        print(f"tma_rowsum: flyc's binary through Triton's launcher: "
              f"{'bit-identical to Triton' if same else f'max abs diff {diff:.2e} from Triton'}")
    print("RESULT:", "ok" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

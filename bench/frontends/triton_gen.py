#!/usr/bin/env python3
"""Generate Triton 3.6's LLVM IR (and Triton's own binaries) for flyc's frontend tests.

Five kernels: vadd (elementwise), softmax (row reduction), layernorm (row reductions in loops),
histogram (tl.atomic_add), gemm (fp16 in, fp32 accumulate: wgmma on sm_90a, MFMA on gfx942).

For each kernel, on a CUDA GPU (the H200):
  1. launches it through Triton's JIT at the realistic timing size (triton_run.PROBLEMS) and
     checks every output element against torch (the frontend's own result);
  2. takes the JIT's own specialization (signature, constexprs, divisibility attributes) and
     recompiles it with triton.compile(ASTSource(...), target=GPUTarget("cuda", 90, 32)),
     recording whether that reproduces the JIT's IR (it should: same inputs);
  3. compiles the same specialization with target=GPUTarget("hip", "gfx942", 64), which needs
     no AMD GPU (Triton's AMD backend and its device libraries ship in the wheel);
  4. writes <key>.<cuda|hip>.{ll,ttgir,json} and Triton's binaries: .ptx/.cubin (CUDA),
     .amdgcn/.hsaco (HIP). The JSON holds the launch facts: kernel symbol, num_warps, block,
     shared bytes, parameters in order with Triton and LLVM types, the two trailing scratch
     pointers, constexprs, specialization, the problem size and the grid for it, scratch sizes,
     and Triton's whole metadata.

--offline skips the GPU (no JIT launch, no check): it builds the specialization itself (16-byte
divisibility for pointers and for integers that are multiples of 16, as the JIT does) and only
compiles, for both targets.

Run on the H200 (python there is /opt/torch/.venv/bin/python):
    python bench/frontends/triton_gen.py --out DIR
"""
import argparse
import hashlib
import json
import os
import re
import sys
import traceback
from pathlib import Path

import triton
import triton.language as tl

sys.path.insert(0, str(Path(__file__).resolve().parent))
import triton_run  # noqa: E402  (problems, inputs, references, tolerances)

# ----------------------------------------------------------------------------------------------
# The kernels.


@triton.jit
def vadd_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(in_ptr + row * n_cols + offs, mask=m, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(out_ptr + row * n_cols + offs, e / tl.sum(e, axis=0), mask=m)


@triton.jit
def layernorm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row.to(tl.int64) * n_cols
    y_row = y_ptr + row.to(tl.int64) * n_cols
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_row + cols, mask=cols < n_cols, other=0.0)
    mean = tl.sum(acc, axis=0) / n_cols
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        a = tl.load(x_row + cols, mask=cols < n_cols, other=0.0)
        d = tl.where(cols < n_cols, a - mean, 0.0)
        acc += d * d
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / n_cols + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        m = cols < n_cols
        w = tl.load(w_ptr + cols, mask=m)
        b = tl.load(b_ptr + cols, mask=m)
        a = tl.load(x_row + cols, mask=m, other=0.0)
        tl.store(y_row + cols, (a - mean) * rstd * w + b, mask=m)


@triton.jit
def histogram_kernel(v_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(v_ptr + offs, mask=m, other=0)
    tl.atomic_add(bins_ptr + v, 1, mask=m)


@triton.jit
def gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                GROUP_M: tl.constexpr):
    # C[M, N] = A[M, K] @ B[K, N], all row-major and contiguous; fp16 in, fp32 accumulate.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_pid_n
    first_m = (pid // in_group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    offs_m = (pid_m * BM + tl.arange(0, BM)) % M
    offs_n = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * N + offs_n[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * N
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * N + cn[None, :], acc.to(tl.float16),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


# Per kernel: the CUDA configuration and the HIP ones to try in order (gfx942 has 64 KiB of LDS,
# so the H100-style 128x256x64 three-stage GEMM does not fit there).
SPECS = {
    "vadd": dict(fn=vadd_kernel, cuda=dict(constexprs=dict(BLOCK=1024), num_warps=4, num_stages=3),
                 hip=[dict(constexprs=dict(BLOCK=1024), num_warps=4, num_stages=2)]),
    "softmax": dict(fn=softmax_kernel, cuda=dict(constexprs=dict(BLOCK=4096), num_warps=8, num_stages=3),
                    hip=[dict(constexprs=dict(BLOCK=4096), num_warps=8, num_stages=2)]),
    "layernorm": dict(fn=layernorm_kernel, cuda=dict(constexprs=dict(BLOCK=1024), num_warps=4, num_stages=3),
                      hip=[dict(constexprs=dict(BLOCK=1024), num_warps=4, num_stages=2)]),
    "histogram": dict(fn=histogram_kernel, cuda=dict(constexprs=dict(BLOCK=1024), num_warps=4, num_stages=3),
                      hip=[dict(constexprs=dict(BLOCK=1024), num_warps=4, num_stages=2)]),
    "gemm": dict(fn=gemm_kernel,
                 cuda=dict(constexprs=dict(BM=128, BN=256, BK=64, GROUP_M=8), num_warps=8, num_stages=3),
                 hip=[dict(constexprs=dict(BM=128, BN=128, BK=32, GROUP_M=8), num_warps=4, num_stages=2),
                      dict(constexprs=dict(BM=64, BN=64, BK=32, GROUP_M=8), num_warps=4, num_stages=2)]),
}

SCRATCH_PARAMS = ["global_scratch", "profile_scratch"]


def launch_jit(key, meta, args):
    """Triton's own JIT launch of kernel `key` with the configuration in `meta` (a JSON from
    this script) on the runtime arguments `args` (triton_run.make_inputs). Returns the
    CompiledKernel."""
    fn = SPECS[key]["fn"]
    cx = meta["constexprs"]
    pos = [args[n] for n in fn.arg_names if n not in cx]
    return fn[tuple(meta["grid"])](*pos, **cx, num_warps=meta["num_warps"], num_stages=meta["num_stages"])


# ----------------------------------------------------------------------------------------------


def triton_type(v):
    import torch
    if isinstance(v, torch.Tensor):
        return "*" + {torch.float32: "fp32", torch.float16: "fp16", torch.int32: "i32"}[v.dtype]
    if isinstance(v, bool):
        return "i1"
    if isinstance(v, int):
        return "i32" if -2**31 <= v < 2**31 else "i64"
    if isinstance(v, float):
        return "fp32"
    raise TypeError(type(v))


def own_specialization(fn, args, constexprs):
    """What Triton's JIT derives from the arguments: the signature (constexprs as 'constexpr'),
    the constexpr values keyed by argument path, and tt.divisibility=16 for pointers and for
    integers divisible by 16 (torch allocations are 16-byte aligned)."""
    sig, consts, attrs = {}, {}, {}
    for i, n in enumerate(fn.arg_names):
        if n in constexprs:
            sig[n] = "constexpr"
            consts[(i,)] = constexprs[n]
            continue
        v = args[n]
        sig[n] = triton_type(v)
        if sig[n].startswith("*") or (isinstance(v, int) and not isinstance(v, bool) and v % 16 == 0):
            attrs[(i,)] = [["tt.divisibility", 16]]
    return sig, consts, attrs


def parse_params(llir, name):
    """The LLVM parameter types of `define ... @name(...)`, in order."""
    m = re.search(r"^define\b[^\n]*?@" + re.escape(name) + r"\(", llir, re.M)
    if not m:
        return None
    i = m.end()
    depth, cur, out = 1, "", []
    while depth:
        c = llir[i]
        i += 1
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        if c == "," and depth == 1:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    types = []
    for p in out:
        tm = re.match(r"(ptr(?:\s+addrspace\(\d+\))?|\S+)", p)
        types.append(tm.group(1))
    return dict(types=types, text=out)


def jsonable(x):
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    if hasattr(x, "backend") and hasattr(x, "arch"):
        return dict(backend=x.backend, arch=x.arch, warp_size=getattr(x, "warp_size", None))
    return str(x)


def sha(b):
    return hashlib.sha256(b if isinstance(b, bytes) else b.encode()).hexdigest()


def save(out, key, family, fn, ck, sig, consts, cfg, problem, grid, extra):
    md = ck.metadata._asdict() if hasattr(ck.metadata, "_asdict") else dict(vars(ck.metadata))
    tgt = md.get("target")
    warp = getattr(tgt, "warp_size", None) or (32 if family == "cuda" else 64)
    name = md.get("name") or ck.name
    asm = ck.asm
    files = {}

    def w(ext, data):
        p = out / f"{key}.{family}.{ext}"
        if isinstance(data, bytes):
            p.write_bytes(data)
        else:
            p.write_text(data)
        files[ext] = dict(file=p.name, bytes=p.stat().st_size, sha256=sha(data))

    w("ll", asm["llir"])
    w("ttgir", asm["ttgir"])
    if family == "cuda":
        w("ptx", asm["ptx"])
        w("cubin", asm["cubin"])
    else:
        w("amdgcn", asm["amdgcn"])
        w("hsaco", asm["hsaco"])
    names = [n for i, n in enumerate(fn.arg_names) if sig.get(n) != "constexpr" and (i,) not in consts]
    llp = parse_params(asm["llir"], name)
    llvm_types = llp["types"] if llp else []
    params_ok = llp is not None and len(llvm_types) == len(names) + len(SCRATCH_PARAMS)
    params = [dict(name=n, triton_type=sig[n], llvm_type=llvm_types[i] if params_ok else None)
              for i, n in enumerate(names)]
    scratch = [dict(name=s, llvm_type=llvm_types[len(names) + j] if params_ok else None)
               for j, s in enumerate(SCRATCH_PARAMS)]
    cx = {fn.arg_names[k[0]]: v for k, v in consts.items()}
    meta = dict(
        key=key, family=family, triton_version=triton.__version__, name=name,
        target=jsonable(tgt), num_warps=md.get("num_warps"), warp_size=warp,
        num_stages=md.get("num_stages"), num_ctas=md.get("num_ctas"),
        cluster_dims=jsonable(md.get("cluster_dims")),
        block=[md.get("num_warps") * warp, 1, 1], shared=md.get("shared"),
        global_scratch_size=md.get("global_scratch_size", 0),
        global_scratch_align=md.get("global_scratch_align", 1),
        profile_scratch_size=md.get("profile_scratch_size", 0),
        profile_scratch_align=md.get("profile_scratch_align", 1),
        params=params, scratch_params=SCRATCH_PARAMS, scratch=scratch,
        llvm_params=llp["text"] if llp else None, params_match_llvm=params_ok,
        constexprs=cx, signature=sig, options=dict(num_warps=cfg["num_warps"], num_stages=cfg["num_stages"]),
        problem=problem, grid=grid, files=files, metadata=jsonable(md))
    meta.update(extra)
    (out / f"{key}.{family}.json").write_text(json.dumps(meta, indent=1, sort_keys=False) + "\n")
    return meta


def generate(key, out, offline, log):
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    spec = SPECS[key]
    fn = spec["fn"]
    cfg = spec["cuda"]
    problem = dict(triton_run.PROBLEMS[key])
    grid = triton_run.grid_for(key, problem, cfg["constexprs"])
    extra = {}
    ck = None
    if not offline:
        import torch
        args, outputs = triton_run.make_inputs(key, problem)
        triton_run.poison(args, outputs)
        meta0 = dict(constexprs=cfg["constexprs"], grid=grid, num_warps=cfg["num_warps"],
                     num_stages=cfg["num_stages"])
        ck = launch_jit(key, meta0, args)
        torch.cuda.synchronize()
        ref = triton_run.reference(key, args, problem)
        chk = {}
        for o in outputs:
            atol, rtol = triton_run.TOLERANCE[key][o]
            chk[o] = triton_run.compare(args[o], ref[o], atol, rtol)
        extra["jit_check_vs_torch"] = chk
        extra["jit_check_ok"] = all(c["bad"] == 0 for c in chk.values())
        log(f"{key}: JIT launch grid {grid}: check vs torch "
            + ", ".join(f"{o} bad {c['bad']}/{c['n']} max_abs {c['max_abs']:.3g}" for o, c in chk.items()))
        own = own_specialization(fn, args, cfg["constexprs"])
        del args, ref
        torch.cuda.empty_cache()
    else:
        own = None
    src = getattr(ck, "src", None) if ck is not None else None
    if src is not None and hasattr(src, "signature") and hasattr(src, "attrs"):
        sig, consts, attrs = dict(src.signature), dict(src.constants), dict(src.attrs)
        extra["specialization_from"] = "triton JIT (CompiledKernel.src)"
        if own is not None:
            extra["own_specialization_matches_jit"] = (own[0] == sig and own[1] == consts
                                                       and {k: v for k, v in own[2].items()} == attrs)
    else:
        if own is None:
            own = offline_specialization(fn, key, problem, cfg["constexprs"])
        sig, consts, attrs = own
        extra["specialization_from"] = "triton_gen.own_specialization"
    extra["specialization"] = {fn.arg_names[k[0]]: v for k, v in attrs.items()}

    # CUDA: the offline path, compared with the JIT's output.
    opts = dict(num_warps=cfg["num_warps"], num_stages=cfg["num_stages"])
    ck2 = triton.compile(ASTSource(fn, sig, constexprs=consts, attrs=attrs), target=GPUTarget("cuda", 90, 32),
                         options=opts)
    if ck is not None:
        extra["astsource_llir_equals_jit"] = ck2.asm["llir"] == ck.asm["llir"]
        extra["astsource_ptx_equals_jit"] = ck2.asm["ptx"] == ck.asm["ptx"]
        extra["n_regs"] = getattr(ck, "n_regs", None)
        extra["n_spills"] = getattr(ck, "n_spills", None)
        log(f"{key}: ASTSource(cuda 90) == JIT: llir {extra['astsource_llir_equals_jit']}, "
            f"ptx {extra['astsource_ptx_equals_jit']}; n_regs {extra['n_regs']} n_spills {extra['n_spills']}")
    use = ck if ck is not None else ck2
    m = save(out, key, "cuda", fn, use, sig, consts, cfg, problem, grid, extra)
    log(f"{key}: cuda {m['name']} warps {m['num_warps']} block {m['block']} shared {m['shared']} "
        f"scratch {m['global_scratch_size']}/{m['profile_scratch_size']} params_match_llvm {m['params_match_llvm']} "
        f"ll {m['files']['ll']['bytes']} B ptx {m['files']['ptx']['bytes']} B cubin {m['files']['cubin']['bytes']} B")

    # HIP gfx942 wave64: same signature and divisibility, the HIP configuration's constexprs.
    err = None
    for hcfg in spec["hip"]:
        hconsts = dict(consts)
        for n, v in hcfg["constexprs"].items():
            hconsts[(fn.arg_names.index(n),)] = v
        try:
            ckh = triton.compile(ASTSource(fn, sig, constexprs=hconsts, attrs=attrs),
                                 target=GPUTarget("hip", "gfx942", 64),
                                 options=dict(num_warps=hcfg["num_warps"], num_stages=hcfg["num_stages"]))
        except Exception as e:
            err = e
            log(f"{key}: hip config {hcfg} failed: {type(e).__name__}: {str(e)[:400]}")
            continue
        hgrid = triton_run.grid_for(key, problem, hcfg["constexprs"])
        m = save(out, key, "hip", fn, ckh, sig, hconsts, hcfg, problem, hgrid,
                 dict(specialization=extra["specialization"]))
        log(f"{key}: hip {m['name']} warps {m['num_warps']} block {m['block']} LDS {m['shared']} "
            f"scratch {m['global_scratch_size']}/{m['profile_scratch_size']} params_match_llvm {m['params_match_llvm']} "
            f"ll {m['files']['ll']['bytes']} B hsaco {m['files']['hsaco']['bytes']} B")
        return True
    raise RuntimeError(f"{key}: no HIP configuration compiled: {err}")


def offline_specialization(fn, key, problem, constexprs):
    """own_specialization without tensors: pointer types from the problem's dtypes."""
    ptr_types = {
        "vadd": dict(x_ptr="*fp32", y_ptr="*fp32", out_ptr="*fp32"),
        "softmax": dict(out_ptr="*fp32", in_ptr="*fp32"),
        "layernorm": dict(x_ptr="*fp32", y_ptr="*fp32", w_ptr="*fp32", b_ptr="*fp32", mean_ptr="*fp32",
                          rstd_ptr="*fp32"),
        "histogram": dict(v_ptr="*i32", bins_ptr="*i32"),
        "gemm": dict(a_ptr="*fp16", b_ptr="*fp16", c_ptr="*fp16"),
    }[key]
    scal = dict(n=problem.get("n"), n_cols=problem.get("cols"), eps=problem.get("eps"),
                M=problem.get("M"), N=problem.get("N"), K=problem.get("K"))
    sig, consts, attrs = {}, {}, {}
    for i, n in enumerate(fn.arg_names):
        if n in constexprs:
            sig[n] = "constexpr"
            consts[(i,)] = constexprs[n]
        elif n in ptr_types:
            sig[n] = ptr_types[n]
            attrs[(i,)] = [["tt.divisibility", 16]]
        else:
            v = scal[n]
            sig[n] = triton_type(v)
            if isinstance(v, int) and v % 16 == 0:
                attrs[(i,)] = [["tt.divisibility", 16]]
    return sig, consts, attrs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--kernels", nargs="*", default=list(SPECS))
    ap.add_argument("--offline", action="store_true", help="no GPU: compile only, own specialization")
    opt = ap.parse_args()
    opt.out.mkdir(parents=True, exist_ok=True)

    def log(s):
        print(s, flush=True)

    info = dict(triton=triton.__version__, python=sys.version.split()[0], offline=opt.offline,
                command=" ".join([Path(sys.argv[0]).name] + sys.argv[1:]))
    try:
        import torch
        info["torch"] = torch.__version__
        if not opt.offline:
            info["device"] = torch.cuda.get_device_name()
            info["capability"] = list(torch.cuda.get_device_capability())
    except Exception as e:
        info["torch"] = f"unavailable: {e}"
    try:
        from triton.backends.nvidia.compiler import get_ptxas
        try:
            px = get_ptxas()
        except TypeError:
            px = get_ptxas(90)
        info["ptxas"] = dict(path=str(getattr(px, "path", px)), version=str(getattr(px, "version", "")))
    except Exception as e:
        info["ptxas"] = f"unknown: {type(e).__name__}: {e}"
    log(f"generator: {info}")
    failed = []
    for key in opt.kernels:
        try:
            generate(key, opt.out, opt.offline, log)
        except Exception:
            traceback.print_exc()
            failed.append(key)
    info["failed"] = failed
    (opt.out / "generator.json").write_text(json.dumps(info, indent=1) + "\n")
    log(f"{len(opt.kernels) - len(failed)} passed, {len(failed)} failed" + (f": {failed}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

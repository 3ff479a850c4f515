#!/usr/bin/env python3
"""Run flyc-compiled PTX of the Triton kernels against Triton's own cubin on a CUDA GPU.

For each kernel <k> in the metadata directory (tests/frontends/triton/<k>.cuda.json, written by
bench/frontends/triton_gen.py) and a PTX file <flyc-dir>/<k>.flyc.ptx (or <symbol>.flyc.ptx):
  * allocates the inputs with torch at the problem size recorded in the JSON (the realistic
    timing sizes: vadd 64M, softmax/layernorm 16384x4096, histogram 64M values / 1024 bins,
    GEMM 4096^3 fp16),
  * loads Triton's cubin (<k>.cuda.cubin; without one, Triton's PTX, JIT-compiled by the driver)
    and flyc's PTX (cuModuleLoadData: the driver JIT-compiles it) through libcuda with ctypes,
  * launches both with Triton's launch configuration (grid from the JSON, block = num_warps*32,
    dynamic shared = metadata.shared, opt-in above 48 KiB, the two trailing scratch pointers
    passed as null since global_scratch_size == profile_scratch_size == 0),
  * checks EVERY output element of flyc's run against Triton's own output and a torch
    reference (outputs are poisoned with NaN, bins zeroed, before each checked run),
  * optionally (--jit, needs triton and triton_gen.py beside this file) against Triton's own
    JIT launch of the same kernel,
  * times each: N launches between two CUDA events, median of R repeats, flyc and Triton
    interleaved, and reports flyc/Triton per kernel,
  * reports the PTX .target line of both and whether it carries ", debug".

Exit status: 0 if every checked kernel passed, 1 if any check failed, 2 on a setup error.
"""
import argparse
import ctypes
import json
import os
import re
import statistics
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cudadrv import (CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,  # noqa: E402
                     CU_FUNC_ATTRIBUTE_NUM_REGS, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, Driver,
                     time_interleaved)

# ----------------------------------------------------------------------------------------------
# The problems: inputs, outputs, references and tolerances. triton_gen.py uses the same.

PROBLEMS = {
    "vadd": dict(n=64 * 1024 * 1024),
    "softmax": dict(rows=16384, cols=4096),
    "layernorm": dict(rows=16384, cols=4096, eps=1e-5),
    "histogram": dict(n=64 * 1024 * 1024, bins=1024),
    "gemm": dict(M=4096, N=4096, K=4096),
}


def cdiv(a, b):
    return (a + b - 1) // b


def grid_for(key, problem, constexprs):
    """The 1-D grid Triton's user code launches for this problem."""
    if key == "vadd" or key == "histogram":
        return [cdiv(problem["n"], constexprs["BLOCK"]), 1, 1]
    if key in ("softmax", "layernorm"):
        return [problem["rows"], 1, 1]
    if key == "gemm":
        return [cdiv(problem["M"], constexprs["BM"]) * cdiv(problem["N"], constexprs["BN"]), 1, 1]
    raise KeyError(key)


def make_inputs(key, p, dev="cuda", seed=1234):
    """Returns (args, outputs): args maps every runtime parameter name to a tensor or a Python
    scalar; outputs names the tensors the kernel writes."""
    g = torch.Generator(device=dev)
    g.manual_seed(seed)
    if key == "vadd":
        n = p["n"]
        x = torch.randn(n, device=dev, generator=g)
        y = torch.randn(n, device=dev, generator=g)
        return dict(x_ptr=x, y_ptr=y, out_ptr=torch.empty_like(x), n=n), ["out_ptr"]
    if key == "softmax":
        x = torch.randn(p["rows"], p["cols"], device=dev, generator=g) * 4
        return dict(out_ptr=torch.empty_like(x), in_ptr=x, n_cols=p["cols"]), ["out_ptr"]
    if key == "layernorm":
        R, C = p["rows"], p["cols"]
        x = torch.randn(R, C, device=dev, generator=g) * 2 + 0.5
        w = torch.randn(C, device=dev, generator=g)
        b = torch.randn(C, device=dev, generator=g)
        return dict(x_ptr=x, y_ptr=torch.empty_like(x), w_ptr=w, b_ptr=b,
                    mean_ptr=torch.empty(R, device=dev), rstd_ptr=torch.empty(R, device=dev),
                    n_cols=C, eps=p["eps"]), ["y_ptr", "mean_ptr", "rstd_ptr"]
    if key == "histogram":
        v = torch.randint(0, p["bins"], (p["n"],), device=dev, dtype=torch.int32, generator=g)
        return dict(v_ptr=v, bins_ptr=torch.zeros(p["bins"], device=dev, dtype=torch.int32),
                    n=p["n"]), ["bins_ptr"]
    if key == "gemm":
        M, N, K = p["M"], p["N"], p["K"]
        a = torch.randn(M, K, device=dev, generator=g).half()
        b = torch.randn(K, N, device=dev, generator=g).half()
        return dict(a_ptr=a, b_ptr=b, c_ptr=torch.empty(M, N, device=dev, dtype=torch.float16),
                    M=M, N=N, K=K), ["c_ptr"]
    raise KeyError(key)


def poison(args, outputs):
    for o in outputs:
        t = args[o]
        if t.dtype.is_floating_point:
            t.fill_(float("nan"))
        else:
            t.zero_()


def reference(key, args, p):
    """torch's result for each output, in float64 where that is cheap, else float32."""
    if key == "vadd":
        return {"out_ptr": args["x_ptr"] + args["y_ptr"]}
    if key == "softmax":
        return {"out_ptr": torch.softmax(args["in_ptr"].double(), dim=1)}
    if key == "layernorm":
        x = args["x_ptr"].double()
        mean = x.mean(dim=1)
        var = x.var(dim=1, unbiased=False)
        rstd = 1.0 / torch.sqrt(var + p["eps"])
        y = (x - mean[:, None]) * rstd[:, None] * args["w_ptr"].double() + args["b_ptr"].double()
        return {"y_ptr": y, "mean_ptr": mean, "rstd_ptr": rstd}
    if key == "histogram":
        return {"bins_ptr": torch.bincount(args["v_ptr"].long(), minlength=p["bins"]).int()}
    if key == "gemm":
        return {"c_ptr": args["a_ptr"].float() @ args["b_ptr"].float()}
    raise KeyError(key)


# |got - ref| <= atol + rtol * |ref| for every element (exact for integers); NaN fails.
TOLERANCE = {
    "vadd": {"out_ptr": (0.0, 0.0)},
    "softmax": {"out_ptr": (1e-9, 1e-5)},
    "layernorm": {"y_ptr": (1e-4, 1e-4), "mean_ptr": (1e-5, 1e-5), "rstd_ptr": (1e-6, 1e-5)},
    "histogram": {"bins_ptr": (0, 0)},
    # fp16 output: half an fp16 ulp is 2^-11 relative; the fp32 accumulation order adds little.
    "gemm": {"c_ptr": (2e-2, 1e-3)},
}


def compare(got, ref, atol, rtol):
    """Every element: max abs / rel error, count of elements out of tolerance (NaN counts)."""
    if not got.dtype.is_floating_point:
        bad = int((got.long() != ref.long()).sum().item())
        d = (got.long() - ref.long()).abs()
        return dict(n=got.numel(), bad=bad, max_abs=int(d.max().item()), exact=bad == 0)
    g = got.double()
    r = ref.double()
    d = (g - r).abs()
    nan = int(torch.isnan(g).sum().item())
    d = torch.nan_to_num(d, nan=float("inf"))
    bad = int((d > atol + rtol * r.abs()).sum().item())
    rel = d / r.abs().clamp_min(1e-30)
    return dict(n=got.numel(), bad=bad, nan=nan, max_abs=float(d.max().item()),
                max_rel=float(torch.nan_to_num(rel, posinf=float("inf")).max().item()),
                exact=bool(torch.equal(got, ref.to(got.dtype))) if nan == 0 else False)


def compare_exact(a, b):
    """Two runs' outputs against each other: bitwise equal? how many elements differ?"""
    if a.dtype.is_floating_point:
        same = (a == b) | (torch.isnan(a) & torch.isnan(b))
        d = torch.nan_to_num((a.double() - b.double()).abs(), nan=float("inf"))
        return dict(n=a.numel(), differ=int((~same).sum().item()), max_abs=float(d.max().item()))
    return dict(n=a.numel(), differ=int((a != b).sum().item()),
                max_abs=int((a.long() - b.long()).abs().max().item()))


# ----------------------------------------------------------------------------------------------
# The CUDA driver through ctypes.

CTYPE = {"i1": ctypes.c_int8, "i8": ctypes.c_int8, "u8": ctypes.c_uint8, "i16": ctypes.c_int16,
         "u16": ctypes.c_uint16, "i32": ctypes.c_int32, "u32": ctypes.c_uint32,
         "i64": ctypes.c_int64, "u64": ctypes.c_uint64, "fp32": ctypes.c_float,
         "f32": ctypes.c_float, "fp64": ctypes.c_double}


def pack_params(meta, args):
    """The kernel's parameters in order (from the JSON), then the two scratch pointers (null:
    both scratch sizes are 0). Returns (void*[] array, keep-alive list)."""
    vals = []
    for prm in meta["params"]:
        v = args[prm["name"]]
        ty = prm["triton_type"]
        if ty.startswith("*"):
            vals.append(ctypes.c_uint64(v.data_ptr()))
        else:
            vals.append(CTYPE[ty](v))
    for s in meta["scratch_params"]:
        if meta.get(s + "_size", 0):
            raise RuntimeError(f"{meta['key']}: {s}_size = {meta[s + '_size']}: needs a scratch buffer")
        vals.append(ctypes.c_uint64(0))
    arr = (ctypes.c_void_p * len(vals))(*[ctypes.addressof(v) for v in vals])
    return arr, vals


def ptx_target(ptx):
    m = re.search(r"^\s*\.target\s+([^\n/]*)", ptx, re.M)
    t = m.group(1).strip() if m else None
    v = re.search(r"^\s*\.version\s+(\S+)", ptx, re.M)
    return dict(target=t, debug=bool(t and re.search(r",\s*debug\b", t)), version=v.group(1) if v else None)


class Loaded:
    def __init__(self, drv, data, what, meta):
        self.what = what
        self.mod = drv.load(data, what)
        self.fn = drv.function(self.mod, meta["name"])
        self.shared = meta["shared"]
        if self.shared > 48 * 1024:
            drv.set_dynamic_shared(self.fn, self.shared)
        self.regs = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_NUM_REGS)
        self.local = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)
        self.static_shared = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)
        self.max_threads = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)


def work(key, p):
    """(bytes moved at least once, flops) for a rate."""
    if key == "vadd":
        return 3 * 4 * p["n"], p["n"]
    if key == "softmax":
        return 2 * 4 * p["rows"] * p["cols"], None
    if key == "layernorm":
        return 2 * 4 * p["rows"] * p["cols"] + 8 * p["cols"] + 8 * p["rows"], None
    if key == "histogram":
        return 4 * p["n"], None
    if key == "gemm":
        return 2 * (p["M"] * p["K"] + p["K"] * p["N"] + p["M"] * p["N"]), 2 * p["M"] * p["N"] * p["K"]
    return None, None


def run_kernel(drv, key, meta, meta_dir, flyc_ptx_path, opt, jit):
    res = dict(key=key, name=meta["name"], flyc_ptx=str(flyc_ptx_path))
    p = meta["problem"]
    grid = meta["grid"]
    block = meta["block"]
    cubin = meta_dir / f"{key}.cuda.cubin"
    tptx = meta_dir / f"{key}.cuda.ptx"
    if cubin.exists():
        tri = Loaded(drv, cubin.read_bytes(), str(cubin), meta)
        res["triton_binary"] = "cubin"
    else:
        tri = Loaded(drv, tptx.read_text(), str(tptx), meta)
        res["triton_binary"] = "ptx (no cubin: driver JIT)"
    fptx = flyc_ptx_path.read_text()
    res["flyc_ptx_target"] = ptx_target(fptx)
    if tptx.exists():
        res["triton_ptx_target"] = ptx_target(tptx.read_text())
    fly = Loaded(drv, fptx, str(flyc_ptx_path), meta)
    for lb, m in (("triton", tri), ("flyc", fly)):
        res[lb + "_func"] = dict(regs=m.regs, local_bytes=m.local, static_shared=m.static_shared,
                                 max_threads=m.max_threads)
        if m.max_threads < block[0] * block[1] * block[2]:
            raise RuntimeError(f"{key}: {lb} allows {m.max_threads} threads, launch needs {block}")

    args, outputs = make_inputs(key, p)
    params, keep = pack_params(meta, args)
    ref = reference(key, args, p)

    def launcher(m):
        return lambda: drv.launch(m.fn, grid, block, m.shared, params)

    runs = {"triton": launcher(tri), "flyc": launcher(fly)}
    got = {}
    for lb in ("triton", "flyc"):
        poison(args, outputs)
        runs[lb]()
        torch.cuda.synchronize()
        got[lb] = {o: args[o].clone() for o in outputs}
    if jit is not None:
        poison(args, outputs)
        jit(key, meta, args)
        torch.cuda.synchronize()
        got["triton_jit"] = {o: args[o].clone() for o in outputs}

    ok = True
    res["check"] = {}
    for o in outputs:
        atol, rtol = TOLERANCE[key][o]
        c = dict(flyc_vs_torch=compare(got["flyc"][o], ref[o], atol, rtol),
                 triton_vs_torch=compare(got["triton"][o], ref[o], atol, rtol),
                 flyc_vs_triton=compare_exact(got["flyc"][o], got["triton"][o]),
                 tolerance=dict(atol=atol, rtol=rtol))
        if "triton_jit" in got:
            c["triton_binary_vs_jit"] = compare_exact(got["triton"][o], got["triton_jit"][o])
            c["flyc_vs_jit"] = compare_exact(got["flyc"][o], got["triton_jit"][o])
        res["check"][o] = c
        ok &= c["flyc_vs_torch"]["bad"] == 0
        ok &= c["triton_vs_torch"]["bad"] == 0
        if "triton_jit" in got:
            ok &= c["triton_binary_vs_jit"]["differ"] == 0
    res["check_ok"] = bool(ok)
    del got

    t = time_interleaved(runs, opt.launches, opt.repeats)
    med = {lb: statistics.median(v) for lb, v in t.items()}
    res["time_ms"] = {lb: dict(median=med[lb], min=min(v), max=max(v), all=v) for lb, v in t.items()}
    res["ratio_flyc_over_triton"] = med["flyc"] / med["triton"]
    nbytes, flops = work(key, p)
    if nbytes:
        res["GBps"] = {lb: nbytes / (med[lb] * 1e-3) / 1e9 for lb in med}
    if flops and key == "gemm":
        res["TFLOPs"] = {lb: flops / (med[lb] * 1e-3) / 1e12 for lb in med}
    drv.cu.cuModuleUnload(tri.mod)
    drv.cu.cuModuleUnload(fly.mod)
    del args, keep
    torch.cuda.empty_cache()
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--flyc-dir", required=True, type=Path, help="directory of <kernel>.flyc.ptx files")
    ap.add_argument("--meta-dir", type=Path,
                    default=Path(__file__).resolve().parents[2] / "tests" / "frontends" / "triton",
                    help="directory of <kernel>.cuda.json (+ .cubin / .ptx); default the committed one")
    ap.add_argument("--kernels", nargs="*", default=None, help="keys to run (default: every JSON)")
    ap.add_argument("--launches", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=11)
    ap.add_argument("--jit", action="store_true", help="also compare with Triton's own JIT launch")
    ap.add_argument("--json", type=Path, default=None, help="write all results here")
    opt = ap.parse_args()

    torch.cuda.init()
    torch.zeros(1, device="cuda")
    drv = Driver()
    jit = None
    if opt.jit:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import triton_gen
        jit = triton_gen.launch_jit

    metas = sorted(opt.meta_dir.glob("*.cuda.json"))
    keys = [m.name[:-len(".cuda.json")] for m in metas]
    if opt.kernels:
        keys = [k for k in keys if k in opt.kernels]
    results = dict(device=torch.cuda.get_device_name(), torch=torch.__version__, kernels=[])
    status = 0
    for key in keys:
        meta = json.loads((opt.meta_dir / f"{key}.cuda.json").read_text())
        cand = [opt.flyc_dir / f"{key}.flyc.ptx", opt.flyc_dir / f"{meta['name']}.flyc.ptx"]
        ptx = next((c for c in cand if c.exists()), None)
        if ptx is None:
            print(f"{key}: SKIP: no {cand[0]} (or {cand[1].name})")
            continue
        try:
            r = run_kernel(drv, key, meta, opt.meta_dir, ptx, opt, jit)
        except Exception as e:  # one kernel's failure is reported, the others still run
            import traceback
            traceback.print_exc()
            r = dict(key=key, error=f"{type(e).__name__}: {e}", check_ok=False)
        results["kernels"].append(r)
        if not r.get("check_ok"):
            status = 1
        print_result(r)
    if opt.json:
        opt.json.write_text(json.dumps(results, indent=1))
    n_ok = sum(1 for r in results["kernels"] if r.get("check_ok"))
    print(f"{n_ok} passed, {len(results['kernels']) - n_ok} failed")
    return status


def print_result(r):
    if "error" in r:
        print(f"{r['key']}: ERROR {r['error']}")
        return
    tm = r["time_ms"]
    rate = ""
    if "TFLOPs" in r:
        rate = f" TFLOP/s triton {r['TFLOPs']['triton']:.0f} flyc {r['TFLOPs']['flyc']:.0f}"
    elif "GBps" in r:
        rate = f" GB/s triton {r['GBps']['triton']:.0f} flyc {r['GBps']['flyc']:.0f}"
    print(f"{r['key']} ({r['name']}): {'OK' if r['check_ok'] else 'FAIL'}; median ms/launch "
          f"triton {tm['triton']['median']:.4f} flyc {tm['flyc']['median']:.4f} "
          f"ratio flyc/triton {r['ratio_flyc_over_triton']:.3f};{rate}")
    print(f"  triton {r['triton_binary']} regs {r['triton_func']['regs']} local {r['triton_func']['local_bytes']}; "
          f"flyc regs {r['flyc_func']['regs']} local {r['flyc_func']['local_bytes']}; "
          f"flyc .target {r['flyc_ptx_target']['target']!r} debug={r['flyc_ptx_target']['debug']} "
          f".version {r['flyc_ptx_target']['version']}")
    for o, c in r["check"].items():
        fv, tv, ft = c["flyc_vs_torch"], c["triton_vs_torch"], c["flyc_vs_triton"]
        line = (f"  {o}: {fv['n']} elements; flyc vs torch bad {fv['bad']} max_abs {fv['max_abs']:.3g}"
                + (f" max_rel {fv['max_rel']:.3g}" if "max_rel" in fv else "")
                + f"; triton vs torch bad {tv['bad']} max_abs {tv['max_abs']:.3g}"
                + f"; flyc vs triton differ {ft['differ']} max_abs {ft['max_abs']:.3g}")
        if "triton_binary_vs_jit" in c:
            line += (f"; triton binary vs JIT differ {c['triton_binary_vs_jit']['differ']}"
                     f", flyc vs JIT differ {c['flyc_vs_jit']['differ']}")
        print(line)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        import traceback
        traceback.print_exc()
        sys.exit(2)

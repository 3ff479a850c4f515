#!/usr/bin/env python3
"""Run flyc's PTX of clang-22's CUDA kernels against clang's own PTX on a CUDA GPU.

For each kernel <k> of tests/frontends/clang/src/<k>.cu (vadd, reduce, histogram, wmma_gemm,
math, wgmma_gemm) and a PTX file <flyc-dir>/<k>.flyc.ptx (flyc's compile of
tests/frontends/clang/out/<k>.<arch>.O3.ll; bench/frontends/compile_for_h200.sh makes them):
  * loads clang's own PTX (out/<k>.sm_90.O3.ptx, else sm_90a, else sm_80) and flyc's PTX through
    cuModuleLoadDataEx (the driver JIT-compiles both), entry name from each PTX's one .entry,
    whose parameter list must be what the source declares (pointers .u64, ints .u32),
  * launches both with the configuration the source implies (block size from the comments and
    __launch_bounds__, grid from the indexing; no dynamic shared memory: every kernel's shared
    memory is static) at sizes where the kernel dominates: vadd / reduce / math 64M floats,
    histogram 64M bytes, wmma_gemm 4096^3 (f16 in, f32 out), wgmma_gemm its one 64x8x16 tile,
  * checks EVERY output element: flyc's run against clang's run (bit-exact, except math: clang's
    libdevice answers __CUDA_PREC_SQRT with 0 (sqrt.approx) where flyc answers 1 (sqrt.rn, as
    nvcc), and clang contracts mul+add into fma where flyc does not, so a tight tolerance), and
    each against a torch reference (float64) within a tolerance (outputs are poisoned with NaN,
    bins zeroed, before each checked run),
  * times each: N launches between two CUDA events, median of R repeats, flyc and clang
    interleaved, and reports flyc/clang per kernel,
  * reports the PTX .target of both and whether it carries ", debug".
--dry-run needs neither GPU nor torch: it parses the PTX entries and prints the launch plan.

Exit status: 0 if every check of every kernel run passed, 1 if any failed, 2 on a setup error.
"""
import argparse
import ctypes
import json
import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cudadrv import (CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,  # noqa: E402
                     CU_FUNC_ATTRIBUTE_NUM_REGS, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, Driver,
                     time_interleaved)

ROOT = Path(__file__).resolve().parents[2]
CLANG_OUT = ROOT / "tests" / "frontends" / "clang" / "out"
H200_SMS = 132  # only for --dry-run's plan; a real run asks the device


def cdiv(a, b):
    return (a + b - 1) // b


# ----------------------------------------------------------------------------------------------
# The kernels, as tests/frontends/clang/src/<k>.cu declares them. params: (name, kind) in order;
# kind "ptr" (.u64) or "i32" (.u32). outputs: the pointer params the kernel writes.
# vs_clang: "exact" or (atol, rtol); vs_torch: {output: (atol, rtol)}, |got-ref| <= atol+rtol*|ref|.

KERNELS = {
    # c[i] = a[i] + b[i]; one element a thread, any block size: 256.
    "vadd": dict(entry="vadd", params=[("a", "ptr"), ("b", "ptr"), ("c", "ptr"), ("n", "i32")],
                 outputs=["c"], problem=dict(n=64 * 1024 * 1024), block=(256, 1, 1),
                 vs_clang="exact", vs_torch={"c": (0.0, 0.0)}),
    # "Launch with 256 threads a block" (__launch_bounds__(256)); one partial per block.
    "reduce": dict(entry="block_reduce", params=[("x", "ptr"), ("partial", "ptr"), ("n", "i32")],
                   outputs=["partial"], problem=dict(n=64 * 1024 * 1024), block=(256, 1, 1),
                   vs_clang="exact", vs_torch={"partial": (1e-4, 1e-5)}),
    # Grid-stride loop over unsigned char data, 64 bins in shared memory: 256 threads a block,
    # 8 blocks an SM (a full SM at 2048 threads).
    "histogram": dict(entry="histogram", params=[("data", "ptr"), ("n", "i32"), ("bins", "ptr")],
                      outputs=["bins"], problem=dict(n=64 * 1024 * 1024, bins=64),
                      block=(256, 1, 1), vs_clang="exact", vs_torch={"bins": (0, 0)}),
    # "Launch with 32 threads a block and a (N/16, M/16) grid"; A MxK row-major, B KxN
    # column-major (stored NxK), C MxN row-major f32; M, N, K multiples of 16.
    "wmma_gemm": dict(entry="wmma_gemm",
                      params=[("A", "ptr"), ("B", "ptr"), ("C", "ptr"), ("M", "i32"), ("N", "i32"),
                              ("K", "i32")],
                      outputs=["C"], problem=dict(M=4096, N=4096, K=4096), block=(32, 1, 1),
                      vs_clang="exact", vs_torch={"C": (1e-2, 1e-3)}),
    # y = expf(x) + sqrtf(|x|) + tanhf(x) + erff(x); one element a thread: 256.
    "math": dict(entry="math", params=[("x", "ptr"), ("y", "ptr"), ("n", "i32")], outputs=["y"],
                 problem=dict(n=64 * 1024 * 1024), block=(256, 1, 1),
                 vs_clang=(4e-6, 4e-6), vs_torch={"y": (1e-5, 1e-5)}),
    # One warpgroup (__launch_bounds__(128)), one block: C(64x8) = A(64x16) B(16x8), operands in
    # the no-swizzle K-major canonical layout the descriptors describe (see wgmma_reference).
    "wgmma_gemm": dict(entry="wgmma_gemm", params=[("A", "ptr"), ("B", "ptr"), ("C", "ptr")],
                       outputs=["C"], problem=dict(M=64, N=8, K=16), block=(128, 1, 1),
                       vs_clang="exact", vs_torch={"C": (0.0, 0.0)}),
}


def grid_for(key, p, sms):
    if key in ("vadd", "reduce", "math"):
        return (cdiv(p["n"], 256), 1, 1)
    if key == "histogram":
        return (8 * sms, 1, 1)
    if key == "wmma_gemm":
        return (p["N"] // 16, p["M"] // 16, 1)
    if key == "wgmma_gemm":
        return (1, 1, 1)
    raise KeyError(key)


def scalar_args(key, p):
    """The integer parameters' values."""
    if key in ("vadd", "reduce", "math", "histogram"):
        return dict(n=p["n"])
    if key == "wmma_gemm":
        return dict(M=p["M"], N=p["N"], K=p["K"])
    return {}


def buffer_shapes(key, p):
    """(shape, dtype name) per pointer parameter: for the plan, and make_inputs follows it."""
    if key == "vadd":
        return {"a": ((p["n"],), "float32"), "b": ((p["n"],), "float32"), "c": ((p["n"],), "float32")}
    if key == "reduce":
        return {"x": ((p["n"],), "float32"), "partial": ((cdiv(p["n"], 256),), "float32")}
    if key == "histogram":
        return {"data": ((p["n"],), "uint8"), "bins": ((p["bins"],), "int32 (unsigned)")}
    if key == "wmma_gemm":
        return {"A": ((p["M"], p["K"]), "float16"), "B": ((p["N"], p["K"]), "float16 (KxN col-major)"),
                "C": ((p["M"], p["N"]), "float32")}
    if key == "math":
        return {"x": ((p["n"],), "float32"), "y": ((p["n"],), "float32")}
    if key == "wgmma_gemm":
        return {"A": ((p["M"] * p["K"],), "float16 (canonical layout)"),
                "B": ((p["K"] * p["N"],), "float16 (canonical layout)"), "C": ((p["M"], p["N"]), "float32")}
    raise KeyError(key)


def wgmma_index(p):
    """Element indices of the logical A (MxK) and B (KxN) in the kernel's linear arrays.

    The kernel copies A[0:1024] and B[0:128] to shared memory as they are and describes them with
    LBO = 128 bytes, SBO = 256 bytes, no swizzle, both K-major (tnspA = tnspB = 0). PTX ISA
    (asynchronous warpgroup matrix descriptor): a core matrix is 8 rows x 16 bytes (8 halves),
    contiguous; LBO is the distance between core matrices adjacent in K, SBO between core
    matrices adjacent in M (N). So A(m, k) is at 128*(m/8) + 64*(k/8) + 8*(m%8) + k%8 halves and
    B(k, n) at 128*(n/8) + 64*(k/8) + 8*(n%8) + k%8 (N = 8: n/8 = 0)."""
    import torch
    m = torch.arange(p["M"]).view(-1, 1)
    k = torch.arange(p["K"]).view(1, -1)
    ia = 128 * (m // 8) + 64 * (k // 8) + 8 * (m % 8) + k % 8          # [M, K]
    kk = torch.arange(p["K"]).view(-1, 1)
    n = torch.arange(p["N"]).view(1, -1)
    ib = 128 * (n // 8) + 64 * (kk // 8) + 8 * (n % 8) + kk % 8          # [K, N]
    return ia, ib


def make_inputs(key, p, dev="cuda", seed=1234):
    """Tensors for every pointer parameter (outputs included)."""
    import torch
    g = torch.Generator(device=dev)
    g.manual_seed(seed)
    if key == "vadd":
        n = p["n"]
        a = torch.randn(n, device=dev, generator=g)
        b = torch.randn(n, device=dev, generator=g)
        return dict(a=a, b=b, c=torch.empty_like(a))
    if key == "reduce":
        x = torch.randn(p["n"], device=dev, generator=g)
        return dict(x=x, partial=torch.empty(cdiv(p["n"], 256), device=dev))
    if key == "histogram":
        d = torch.randint(0, 256, (p["n"],), device=dev, dtype=torch.uint8, generator=g)
        return dict(data=d, bins=torch.zeros(p["bins"], device=dev, dtype=torch.int32))
    if key == "wmma_gemm":
        M, N, K = p["M"], p["N"], p["K"]
        a = torch.randn(M, K, device=dev, generator=g).half()
        bt = torch.randn(N, K, device=dev, generator=g).half()  # B column-major: B[k, n] = bt[n, k]
        return dict(A=a, B=bt, C=torch.empty(M, N, device=dev))
    if key == "math":
        x = torch.randn(p["n"], device=dev, generator=g) * 3
        return dict(x=x, y=torch.empty_like(x))
    if key == "wgmma_gemm":
        # Small integers: every product and sum is exact in f16 x f16 -> f32, so the tile's
        # result is exact and any layout mistake shows.
        a = torch.randint(-3, 4, (p["M"] * p["K"],), device=dev, generator=g).half()
        b = torch.randint(-3, 4, (p["K"] * p["N"],), device=dev, generator=g).half()
        return dict(A=a, B=b, C=torch.empty(p["M"], p["N"], device=dev))
    raise KeyError(key)


def reference(key, t, p):
    """torch's result for each output, in float64 (int for the histogram)."""
    import torch
    if key == "vadd":
        return {"c": t["a"] + t["b"]}  # one IEEE f32 add: exact
    if key == "reduce":
        return {"partial": t["x"].double().view(-1, 256).sum(dim=1)}
    if key == "histogram":
        return {"bins": torch.bincount((t["data"].long() % p["bins"]), minlength=p["bins"]).int()}
    if key == "wmma_gemm":
        return {"C": t["A"].double() @ t["B"].double().t()}
    if key == "math":
        x = t["x"].double()
        return {"y": torch.exp(x) + torch.sqrt(x.abs()) + torch.tanh(x) + torch.erf(x)}
    if key == "wgmma_gemm":
        ia, ib = wgmma_index(p)
        a = t["A"].double()[ia.to(t["A"].device)]
        b = t["B"].double()[ib.to(t["B"].device)]
        return {"C": a @ b}
    raise KeyError(key)


def wgmma_swapped_reference(t, p):
    """The result if LBO and SBO swapped roles (LBO along M/N, SBO along K): a diagnostic only,
    so that a reference mismatch says whether the layout reading or the code is wrong. (Under
    that reading B's second K block lies past B's 128 halves; those indices are clamped.)"""
    import torch
    m = torch.arange(p["M"]).view(-1, 1)
    k = torch.arange(p["K"]).view(1, -1)
    ia = (64 * (m // 8) + 128 * (k // 8) + 8 * (m % 8) + k % 8).clamp_max(p["M"] * p["K"] - 1)
    kk = torch.arange(p["K"]).view(-1, 1)
    n = torch.arange(p["N"]).view(1, -1)
    ib = (64 * (n // 8) + 128 * (kk // 8) + 8 * (n % 8) + kk % 8).clamp_max(p["K"] * p["N"] - 1)
    dev = t["A"].device
    return t["A"].double()[ia.to(dev)] @ t["B"].double()[ib.to(dev)]


def poison(t, outputs):
    for o in outputs:
        if t[o].dtype.is_floating_point:
            t[o].fill_(float("nan"))
        else:
            t[o].zero_()


def compare(got, ref, atol, rtol):
    """Every element: how many are out of |got-ref| <= atol + rtol*|ref| (NaN counts), max errors."""
    import torch
    if not got.dtype.is_floating_point:
        d = (got.long() - ref.long()).abs()
        bad = int((d != 0).sum().item())
        return dict(n=got.numel(), bad=bad, max_abs=int(d.max().item()), exact=bad == 0)
    g = got.double()
    r = ref.double()
    d = torch.nan_to_num((g - r).abs(), nan=float("inf"))
    nan = int(torch.isnan(g).sum().item())
    bad = int((d > atol + rtol * r.abs()).sum().item())
    rel = d / r.abs().clamp_min(1e-30)
    return dict(n=got.numel(), bad=bad, nan=nan, max_abs=float(d.max().item()),
                max_rel=float(rel.max().item()))


def compare_runs(a, b, tol):
    """flyc's output against clang's: elements that differ in bits, and, with a tolerance, those
    outside it. ok: bit-exact when tol == "exact", else every element within tol."""
    import torch
    if a.dtype.is_floating_point:
        same = (a.view(torch.int32) == b.view(torch.int32)) if a.dtype == torch.float32 else (a == b)
        d = torch.nan_to_num((a.double() - b.double()).abs(), nan=float("inf"))
        nan = int((torch.isnan(a) | torch.isnan(b)).sum().item())
    else:
        same = a == b
        d = (a.long() - b.long()).abs()
        nan = 0
    differ = int((~same).sum().item())
    res = dict(n=a.numel(), differ=differ, nan=nan, max_abs=float(d.max().item()))
    if tol == "exact":
        res["ok"] = differ == 0
    else:
        atol, rtol = tol
        bad = int((d > atol + rtol * b.double().abs()).sum().item())
        res.update(bad=bad, atol=atol, rtol=rtol, ok=bad == 0 and nan == 0)
    return res


# ----------------------------------------------------------------------------------------------
# PTX: the one .entry, its parameter list, .target.

def ptx_target(ptx):
    m = re.search(r"^\s*\.target\s+([^\n/]*)", ptx, re.M)
    t = m.group(1).strip() if m else None
    v = re.search(r"^\s*\.version\s+(\S+)", ptx, re.M)
    return dict(target=t, debug=bool(t and re.search(r",\s*debug\b", t)),
                version=v.group(1) if v else None)


def ptx_entries(ptx):
    """[{name, params: [{type, ptr, align, name}], maxntid, reqntid}] for every .entry."""
    out = []
    for m in re.finditer(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)([^{]*)\{", ptx):
        params = []
        for pm in re.finditer(r"\.param\s+([^,\n]*?)\s+([\w$]+)\s*(?:,|$)", m.group(2).strip()):
            spec = pm.group(1).split()
            ty = next((s for s in spec if re.fullmatch(r"\.[busf]\d+", s)), None)
            al = next((spec[i + 1] for i, s in enumerate(spec) if s == ".align" and i + 1 < len(spec)), None)
            params.append(dict(type=ty, ptr=".ptr" in spec, align=al, name=pm.group(2),
                               decl=" ".join(spec)))
        tail = m.group(3)
        ntid = re.search(r"\.maxntid\s+([\d, ]+)", tail)
        req = re.search(r"\.reqntid\s+([\d, ]+)", tail)
        out.append(dict(name=m.group(1), params=params,
                        maxntid=[int(x) for x in ntid.group(1).replace(" ", "").split(",") if x] if ntid else None,
                        reqntid=[int(x) for x in req.group(1).replace(" ", "").split(",") if x] if req else None))
    return out


def ptx_static_shared(ptx):
    return sum(int(m.group(1)) for m in re.finditer(r"\.shared\s+(?:\.align\s+\d+\s+)?\.\w+\s+[\w$]+\[(\d+)\]", ptx))


def parse_and_match(key, ptx, what):
    """The kernel's entry in this PTX, checked against the source's parameter list. Raises on a
    mismatch (wrong count, a pointer that is not .u64, an int that is not 32-bit)."""
    spec = KERNELS[key]
    ents = ptx_entries(ptx)
    if len(ents) != 1:
        raise RuntimeError(f"{what}: {len(ents)} .entry directives ({[e['name'] for e in ents]}), want 1")
    e = ents[0]
    if e["name"] != spec["entry"]:
        print(f"  note: {what}: .entry {e['name']!r}, the source's name is {spec['entry']!r}; using the PTX's")
    if len(e["params"]) != len(spec["params"]):
        raise RuntimeError(f"{what}: .entry {e['name']} has {len(e['params'])} params, the source "
                           f"{len(spec['params'])}: {[q['decl'] for q in e['params']]}")
    for (pname, kind), q in zip(spec["params"], e["params"]):
        if kind == "ptr" and q["type"] not in (".u64", ".b64", ".s64"):
            raise RuntimeError(f"{what}: param {q['name']} ({pname}) is {q['decl']!r}, want a 64-bit pointer")
        if kind == "i32" and q["type"] not in (".u32", ".s32", ".b32"):
            raise RuntimeError(f"{what}: param {q['name']} ({pname}) is {q['decl']!r}, want a 32-bit int")
    block = spec["block"]
    for lim, lab in ((e["maxntid"], ".maxntid"), (e["reqntid"], ".reqntid")):
        if lim:
            nt = 1
            for x in lim:
                nt *= x
            if (lab == ".maxntid" and block[0] * block[1] * block[2] > nt) or \
               (lab == ".reqntid" and list(block[:len(lim)]) != lim):
                raise RuntimeError(f"{what}: {lab} {lim} does not admit block {block}")
    e["target"] = ptx_target(ptx)
    e["static_shared"] = ptx_static_shared(ptx)
    return e


def clang_ptx_path(key, clang_dir):
    for arch in ("sm_90", "sm_90a", "sm_80"):
        f = clang_dir / f"{key}.{arch}.O3.ptx"
        if f.exists():
            return f, arch
    return None, None


# ----------------------------------------------------------------------------------------------
# The CUDA driver through ctypes (as triton_run.py).

class Loaded:
    def __init__(self, drv, ptx, what, entry):
        self.what = what
        self.mod = drv.load(ptx, what)
        self.fn = drv.function(self.mod, entry)
        self.regs = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_NUM_REGS)
        self.local = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)
        self.static_shared = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)
        self.max_threads = drv.attr(self.fn, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)


def pack_params(key, tensors, scalars):
    vals = []
    for name, kind in KERNELS[key]["params"]:
        if kind == "ptr":
            vals.append(ctypes.c_uint64(tensors[name].data_ptr()))
        else:
            vals.append(ctypes.c_int32(scalars[name]))
    arr = (ctypes.c_void_p * len(vals))(*[ctypes.addressof(v) for v in vals])
    return arr, vals


def work(key, p):
    """(bytes moved at least once, flops) for a rate."""
    if key in ("vadd",):
        return 3 * 4 * p["n"], None
    if key == "reduce":
        return 4 * p["n"] + 4 * cdiv(p["n"], 256), None
    if key == "histogram":
        return p["n"], None
    if key == "math":
        return 2 * 4 * p["n"], None
    if key == "wmma_gemm":
        return 2 * (p["M"] * p["K"] + p["K"] * p["N"]) + 4 * p["M"] * p["N"], 2 * p["M"] * p["N"] * p["K"]
    return None, None


# ----------------------------------------------------------------------------------------------

def plan(key, clang_dir, flyc_dir, sms):
    """Everything about a kernel that needs no GPU: the two PTX files, their entries (checked
    against the source), the launch configuration and the arguments."""
    spec = KERNELS[key]
    cpath, arch = clang_ptx_path(key, clang_dir)
    if cpath is None:
        raise RuntimeError(f"no clang PTX {clang_dir}/{key}.{{sm_90,sm_90a,sm_80}}.O3.ptx")
    cptx = cpath.read_text()
    pl = dict(key=key, arch=arch, clang_ptx=str(cpath), clang_entry=parse_and_match(key, cptx, str(cpath)))
    fpath = flyc_dir / f"{key}.flyc.ptx" if flyc_dir else None
    if fpath is not None and fpath.exists():
        fptx = fpath.read_text()
        pl["flyc_ptx"] = str(fpath)
        pl["flyc_entry"] = parse_and_match(key, fptx, str(fpath))
        ce, fe = pl["clang_entry"], pl["flyc_entry"]
        if [(q["type"], q["ptr"]) for q in ce["params"]] != [(q["type"], q["ptr"]) for q in fe["params"]]:
            raise RuntimeError(f"{key}: parameter lists differ: clang {[q['decl'] for q in ce['params']]}, "
                               f"flyc {[q['decl'] for q in fe['params']]}")
        if ce["name"] != fe["name"]:
            raise RuntimeError(f"{key}: entry names differ: clang {ce['name']}, flyc {fe['name']}")
        pl["texts"] = (cptx, fptx)
    else:
        pl["flyc_ptx"] = None
        pl["texts"] = (cptx, None)
    p = spec["problem"]
    pl["problem"] = p
    pl["grid"] = grid_for(key, p, sms)
    pl["block"] = spec["block"]
    pl["dynamic_shared"] = 0
    pl["scalars"] = scalar_args(key, p)
    pl["buffers"] = buffer_shapes(key, p)
    return pl


def print_plan(pl):
    ce = pl["clang_entry"]
    print(f"{pl['key']}: .entry {ce['name']} ({pl['arch']}); grid {pl['grid']} block {pl['block']} "
          f"dynamic shared {pl['dynamic_shared']}")
    args = []
    for (name, kind), q in zip(KERNELS[pl["key"]]["params"], ce["params"]):
        if kind == "ptr":
            shape, dt = pl["buffers"][name]
            args.append(f"{name}: {dt}{list(shape)} -> {q['decl']}")
        else:
            args.append(f"{name} = {pl['scalars'][name]} -> {q['decl']}")
    print("  args: " + "; ".join(args))
    for lab, path, e in (("clang", pl["clang_ptx"], ce), ("flyc", pl["flyc_ptx"], pl.get("flyc_entry"))):
        if e is None:
            print(f"  {lab}: (no PTX)")
            continue
        print(f"  {lab}: {path}: .version {e['target']['version']} .target {e['target']['target']!r} "
              f"debug={e['target']['debug']} maxntid={e['maxntid']} reqntid={e['reqntid']} "
              f"static .shared {e['static_shared']} B")
    print(f"  checks: flyc vs clang {KERNELS[pl['key']]['vs_clang']}, vs torch {KERNELS[pl['key']]['vs_torch']}")


def run_kernel(drv, pl, opt):
    import torch
    key = pl["key"]
    spec = KERNELS[key]
    p = pl["problem"]
    grid, block = pl["grid"], pl["block"]
    entry = pl["clang_entry"]["name"]
    res = dict(key=key, entry=entry, arch=pl["arch"], clang_ptx=pl["clang_ptx"], flyc_ptx=pl["flyc_ptx"],
               grid=list(grid), block=list(block), problem=p,
               clang_ptx_target=pl["clang_entry"]["target"], flyc_ptx_target=pl["flyc_entry"]["target"])
    cptx, fptx = pl["texts"]
    cl = Loaded(drv, cptx, pl["clang_ptx"], entry)
    fl = Loaded(drv, fptx, pl["flyc_ptx"], entry)
    nthreads = block[0] * block[1] * block[2]
    for lb, m in (("clang", cl), ("flyc", fl)):
        res[lb + "_func"] = dict(regs=m.regs, local_bytes=m.local, static_shared=m.static_shared,
                                 max_threads=m.max_threads)
        if m.max_threads < nthreads:
            raise RuntimeError(f"{key}: {lb} allows {m.max_threads} threads a block, the launch needs {nthreads}")

    t = make_inputs(key, p)
    params, keep = pack_params(key, t, pl["scalars"])
    ref = reference(key, t, p)

    def launcher(m):
        return lambda: drv.launch(m.fn, grid, block, 0, params)

    runs = {"clang": launcher(cl), "flyc": launcher(fl)}
    got = {}
    for lb in ("clang", "flyc"):
        poison(t, spec["outputs"])
        runs[lb]()
        torch.cuda.synchronize()
        got[lb] = {o: t[o].clone() for o in spec["outputs"]}

    ok = True
    res["check"] = {}
    for o in spec["outputs"]:
        atol, rtol = spec["vs_torch"][o]
        c = dict(flyc_vs_clang=compare_runs(got["flyc"][o], got["clang"][o], spec["vs_clang"]),
                 flyc_vs_torch=compare(got["flyc"][o], ref[o], atol, rtol),
                 clang_vs_torch=compare(got["clang"][o], ref[o], atol, rtol),
                 tolerance=dict(vs_torch=dict(atol=atol, rtol=rtol), vs_clang=spec["vs_clang"]))
        if key == "wgmma_gemm" and c["clang_vs_torch"]["bad"]:
            sw = wgmma_swapped_reference(t, p)
            c["clang_vs_swapped_layout_reference"] = compare(got["clang"][o], sw, 0.0, 0.0)
        res["check"][o] = c
        ok &= c["flyc_vs_clang"]["ok"]
        ok &= c["flyc_vs_torch"]["bad"] == 0
        ok &= c["clang_vs_torch"]["bad"] == 0
    res["check_ok"] = bool(ok)
    del got, ref

    tm = time_interleaved(runs, opt.launches, opt.repeats)
    med = {lb: statistics.median(v) for lb, v in tm.items()}
    res["time_ms"] = {lb: dict(median=med[lb], min=min(v), max=max(v), all=v) for lb, v in tm.items()}
    res["ratio_flyc_over_clang"] = med["flyc"] / med["clang"]
    nbytes, flops = work(key, p)
    if nbytes:
        res["GBps"] = {lb: nbytes / (med[lb] * 1e-3) / 1e9 for lb in med}
    if flops:
        res["TFLOPs"] = {lb: flops / (med[lb] * 1e-3) / 1e12 for lb in med}
    drv.cu.cuModuleUnload(cl.mod)
    drv.cu.cuModuleUnload(fl.mod)
    del t, keep
    torch.cuda.empty_cache()
    return res


def fmt(v):
    return f"{v:.3g}" if isinstance(v, float) else str(v)


def print_result(r):
    if "error" in r:
        print(f"{r['key']}: ERROR {r['error']}")
        return
    tm = r["time_ms"]
    rate = ""
    if "TFLOPs" in r:
        rate = f"; TFLOP/s clang {r['TFLOPs']['clang']:.1f} flyc {r['TFLOPs']['flyc']:.1f}"
    elif "GBps" in r:
        rate = f"; GB/s clang {r['GBps']['clang']:.0f} flyc {r['GBps']['flyc']:.0f}"
    print(f"{r['key']} ({r['entry']}, {r['arch']}): {'OK' if r['check_ok'] else 'FAIL'}; median ms/launch "
          f"clang {tm['clang']['median']:.4f} flyc {tm['flyc']['median']:.4f} "
          f"flyc/clang {r['ratio_flyc_over_clang']:.3f}{rate}")
    cf, ff = r["clang_func"], r["flyc_func"]
    print(f"  clang regs {cf['regs']} local {cf['local_bytes']} shared {cf['static_shared']} "
          f".target {r['clang_ptx_target']['target']!r} debug={r['clang_ptx_target']['debug']}; "
          f"flyc regs {ff['regs']} local {ff['local_bytes']} shared {ff['static_shared']} "
          f".target {r['flyc_ptx_target']['target']!r} debug={r['flyc_ptx_target']['debug']} "
          f".version {r['flyc_ptx_target']['version']} (clang {r['clang_ptx_target']['version']})")
    for o, c in r["check"].items():
        fc, fv, cv = c["flyc_vs_clang"], c["flyc_vs_torch"], c["clang_vs_torch"]
        line = (f"  {o}: {fc['n']} elements; flyc vs clang differ {fc['differ']} max_abs {fmt(fc['max_abs'])}"
                + (f" (out of tol {fc['bad']})" if "bad" in fc else "")
                + f"; flyc vs torch bad {fv['bad']} max_abs {fmt(fv['max_abs'])}"
                + (f" max_rel {fmt(fv['max_rel'])}" if "max_rel" in fv else "")
                + f"; clang vs torch bad {cv['bad']} max_abs {fmt(cv['max_abs'])}")
        if "clang_vs_swapped_layout_reference" in c:
            line += f"; clang vs swapped-LBO/SBO reference bad {c['clang_vs_swapped_layout_reference']['bad']}"
        print(line)


def print_table(results):
    print()
    print(f"{'kernel':<11} {'check':<5} {'clang ms':>10} {'flyc ms':>10} {'flyc/clang':>10} "
          f"{'differ':>8} {'regs c/f':>9} {'debug c/f':>10}")
    for r in results:
        if "error" in r:
            print(f"{r['key']:<11} ERROR  {r['error'][:90]}")
            continue
        differ = sum(c["flyc_vs_clang"]["differ"] for c in r["check"].values())
        print(f"{r['key']:<11} {'OK' if r['check_ok'] else 'FAIL':<5} {r['time_ms']['clang']['median']:>10.4f} "
              f"{r['time_ms']['flyc']['median']:>10.4f} {r['ratio_flyc_over_clang']:>10.3f} {differ:>8} "
              f"{str(r['clang_func']['regs']) + '/' + str(r['flyc_func']['regs']):>9} "
              f"{str(r['clang_ptx_target']['debug'])[0] + '/' + str(r['flyc_ptx_target']['debug'])[0]:>10}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--flyc-dir", type=Path, default=None,
                    help="directory of <kernel>.flyc.ptx files (required unless --dry-run)")
    ap.add_argument("--clang-dir", type=Path, default=CLANG_OUT,
                    help="directory of clang's <kernel>.<arch>.O3.ptx (default the committed corpus)")
    ap.add_argument("--kernels", nargs="*", default=None, help=f"keys to run (default all: {' '.join(KERNELS)})")
    ap.add_argument("--launches", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=11)
    ap.add_argument("--json", type=Path, default=None, help="write all results here")
    ap.add_argument("--dry-run", action="store_true",
                    help="no GPU, no torch: parse the PTX entries and print the launch plan")
    opt = ap.parse_args()
    if not opt.dry_run and opt.flyc_dir is None:
        ap.error("--flyc-dir is required (unless --dry-run)")
    keys = list(KERNELS)
    if opt.kernels:
        unknown = [k for k in opt.kernels if k not in KERNELS]
        if unknown:
            ap.error(f"unknown kernels {unknown}; known: {keys}")
        keys = [k for k in keys if k in opt.kernels]

    if opt.dry_run:
        status = 0
        plans = []
        for key in keys:
            try:
                pl = plan(key, opt.clang_dir, opt.flyc_dir, H200_SMS)
            except Exception as e:
                print(f"{key}: ERROR {type(e).__name__}: {e}")
                status = 1
                continue
            print_plan(pl)
            if opt.flyc_dir is not None and pl["flyc_ptx"] is None:
                print(f"  flyc: MISSING {opt.flyc_dir / (key + '.flyc.ptx')}")
                status = 1
            plans.append({k: v for k, v in pl.items() if k != "texts"})
        print(f"(histogram's grid assumes {H200_SMS} SMs here; a real run asks the device)")
        if opt.json:
            opt.json.write_text(json.dumps(dict(dry_run=True, kernels=plans), indent=1))
        return status

    import torch
    torch.cuda.init()
    torch.zeros(1, device="cuda")
    drv = Driver()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    results = dict(device=torch.cuda.get_device_name(), torch=torch.__version__, sms=sms,
                   launches=opt.launches, repeats=opt.repeats, kernels=[])
    status = 0
    for key in keys:
        try:
            pl = plan(key, opt.clang_dir, opt.flyc_dir, sms)
            if pl["flyc_ptx"] is None:
                raise RuntimeError(f"no flyc PTX {opt.flyc_dir / (key + '.flyc.ptx')}")
            r = run_kernel(drv, pl, opt)
        except Exception as e:  # one kernel's failure is reported, the others still run
            import traceback
            traceback.print_exc()
            r = dict(key=key, error=f"{type(e).__name__}: {e}", check_ok=False)
        results["kernels"].append(r)
        if not r.get("check_ok"):
            status = 1
        print_result(r)
    print_table(results["kernels"])
    if opt.json:
        opt.json.write_text(json.dumps(results, indent=1))
    n_ok = sum(1 for r in results["kernels"] if r.get("check_ok"))
    print(f"{n_ok} passed, {len(results['kernels']) - n_ok} failed")
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        import traceback
        traceback.print_exc()
        sys.exit(2)

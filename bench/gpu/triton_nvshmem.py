# Triton 3.6 compiling a kernel that links NVSHMEM's device bitcode (the peer
# of flyc's NVSHMEM compile): extern calls to nvshmem_my_pe and nvshmem_n_pes
# through core.extern_elementwise (a pointer argument's type is not hashable
# there, so nvshmem_int_g cannot be declared) with the library as the
# extern lib, compiled without a launch (warmup) in a fresh process with an
# empty TRITON_CACHE_DIR (set by the caller). `--plain` compiles the same
# kernel without the library calls. Prints one line: the compile's wall time.
import os, sys, time
t0 = time.perf_counter()
import torch, triton, triton.language as tl
from triton.language import core
t_import = time.perf_counter() - t0
LIB = sys.argv[1]
plain = "--plain" in sys.argv

@core.extern
def my_pe(_semantic=None):
    return core.extern_elementwise("libnvshmem_device", LIB, [],
                                   {(): ("nvshmem_my_pe", core.int32)}, is_pure=False,
                                   _semantic=_semantic)

@core.extern
def n_pes(_semantic=None):
    return core.extern_elementwise("libnvshmem_device", LIB, [],
                                   {(): ("nvshmem_n_pes", core.int32)}, is_pure=False,
                                   _semantic=_semantic)

@triton.jit
def with_lib(sym, out):
    pe = my_pe()
    n = n_pes()
    tl.store(out, pe * 100 + n + tl.load(sym))

@triton.jit
def without_lib(sym, out):
    tl.store(out, tl.load(sym) + 7)

sym = torch.zeros(16, dtype=torch.int32, device="cuda")
out = torch.zeros(16, dtype=torch.int32, device="cuda")
k = without_lib if plain else with_lib
t0 = time.perf_counter()
# Triton links the libraries of the `extern_libs` option (the extern call's
# lib_path is not what it links).
extra = {} if plain else {"extern_libs": {"libnvshmem_device": LIB}}
k.warmup(sym, out, grid=(1,), **extra)
ms = (time.perf_counter() - t0) * 1e3
print(f"triton {triton.__version__} {'without' if plain else 'with'} libnvshmem_device.bc: "
      f"compile {ms:.1f} ms (import {t_import*1e3:.0f} ms)")

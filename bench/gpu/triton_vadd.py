# Triton's vector add, timed as a user sees it: the first call in a fresh
# process (compile + load + launch + sync), with an empty and with a warm
# cache (TRITON_CACHE_DIR set by the caller), and its achieved bandwidth.
import sys, time, os
t0 = time.perf_counter()
import torch, triton, triton.language as tl
t_import = time.perf_counter() - t0

@triton.jit
def vadd(a, b, c, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(c + i, tl.load(a + i, mask=m) + tl.load(b + i, mask=m), mask=m)

n = 1 << 28
a = torch.ones(n, device="cuda"); b = torch.full((n,), 2.0, device="cuda"); c = torch.empty_like(a)
torch.cuda.synchronize()
t0 = time.perf_counter()
vadd[(n // 1024,)](a, b, c, n, BLOCK=1024)
torch.cuda.synchronize()
first = (time.perf_counter() - t0) * 1e3
times = []
for _ in range(11):
    s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
    s.record(); vadd[(n // 1024,)](a, b, c, n, BLOCK=1024); e.record(); e.synchronize()
    times.append(s.elapsed_time(e))
times.sort()
bw = 3 * n * 4 / 1e9 / (times[5] / 1e3)
print(f"triton {triton.__version__}: first call {first:.1f} ms ({sys.argv[1]} cache), "
      f"import {t_import*1e3:.0f} ms, vadd {bw:.0f} GB/s, c[-1]={c[-1].item()}")

"""The CUDA driver through ctypes, and interleaved kernel timing: what the H200 runners
(triton_run.py, clang_run.py) share. libcuda.so.1 is opened by Driver(); torch (for CUDA
events) is imported by time_interleaved only, so --dry-run modes need neither."""
import ctypes

CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0
CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1
CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3
CU_FUNC_ATTRIBUTE_NUM_REGS = 4
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


class Driver:
    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")
        self.check(self.cu.cuInit(0), "cuInit")
        ctx = ctypes.c_void_p()
        self.check(self.cu.cuCtxGetCurrent(ctypes.byref(ctx)), "cuCtxGetCurrent")
        if not ctx.value:
            raise RuntimeError("no current CUDA context (torch should have made its primary one current)")

    def check(self, rc, what):
        if rc != 0:
            name = ctypes.c_char_p()
            self.cu.cuGetErrorName(rc, ctypes.byref(name))
            raise RuntimeError(f"{what} failed: {rc} {name.value.decode() if name.value else ''}")

    def load(self, data, what):
        """cuModuleLoadDataEx with a JIT error log, so a PTX the driver rejects says why."""
        buf = ctypes.create_string_buffer(data if isinstance(data, bytes) else data.encode())
        mod = ctypes.c_void_p()
        log = ctypes.create_string_buffer(16384)
        CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 5, 6
        opts = (ctypes.c_int * 2)(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p), ctypes.c_void_p(len(log)))
        rc = self.cu.cuModuleLoadDataEx(ctypes.byref(mod), buf, 2, opts, vals)
        if rc != 0:
            self.check(rc, f"cuModuleLoadDataEx({what}): {log.value.decode(errors='replace')}")
        return mod

    def function(self, mod, name):
        fn = ctypes.c_void_p()
        self.check(self.cu.cuModuleGetFunction(ctypes.byref(fn), mod, name.encode()),
                   f"cuModuleGetFunction({name})")
        return fn

    def attr(self, fn, a):
        v = ctypes.c_int()
        self.check(self.cu.cuFuncGetAttribute(ctypes.byref(v), a, fn), "cuFuncGetAttribute")
        return v.value

    def set_dynamic_shared(self, fn, nbytes):
        self.check(self.cu.cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                              nbytes), "cuFuncSetAttribute(MAX_DYNAMIC_SHARED)")

    def launch(self, fn, grid, block, shared, params, stream=None):
        self.check(self.cu.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                          shared, stream, params, None), "cuLaunchKernel")


def time_interleaved(runs, launches, repeats):
    """runs: {label: launch()}. Per repeat, each label times `launches` launches between two CUDA
    events; labels alternate their order per repeat. Returns {label: [ms per launch, ...]}."""
    import torch

    labels = list(runs)
    for lb in labels:  # warm-up
        for _ in range(3):
            runs[lb]()
    torch.cuda.synchronize()
    out = {lb: [] for lb in labels}
    for r in range(repeats):
        order = labels if r % 2 == 0 else labels[::-1]
        for lb in order:
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            for _ in range(launches):
                runs[lb]()
            e.record()
            e.synchronize()
            out[lb].append(s.elapsed_time(e) / launches)
    return out

#!/usr/bin/env bash
# The main job: set up, build flyc against LLVM 22 (the default), then compile
# a real kernel that calls the stand-in shmem library and device-library math,
# for gfx90a linked by comgr (comgr 2.4 reads only LLVM 15 bitcode, so with
# LLVM 22 flyc makes the object and comgr links it) and for sm_80 as PTX, and
# print the kernel table of each.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup-debian.sh
cmake -S . -B build -DFLYC_BUILD_BENCH=OFF >/dev/null
cmake --build build -j"${FLYC_JOBS:-$(nproc)}" --target flyc_cli flyc_fixtures >/dev/null
fx=build/tests/fixtures
out=build/main-job
mkdir -p "$out"
echo "== gfx90a, codegen comgr-link: kernel + stand-in shmem library (mstl) + ocml"
./build/flyc compile "$fx/k_mstl_amdgcn.gfx90a.ll" --link "$fx/mstl_amdgcn.gfx90a.cov4.bc" \
  --arch gfx90a --codegen comgr-link -o "$out/mstl_kernel.gfx90a.hsaco" --time
echo
if ./build/flyc compile "$fx/k_mstl_nvptx.sm_80.ll" --link "$fx/mstl_nvptx.sm_80.bc" \
     --arch sm_80 -o "$out/mstl_kernel.sm_80.ptx" --quiet 2>/dev/null; then
  echo "== sm_80, PTX: kernel + stand-in shmem library (mstl) + libdevice"
else
  echo "== sm_80, PTX: kernel + stand-in shmem library (mstl); CUDA's libdevice is not"
  echo "   installed, so the variant with LLVM math intrinsics instead of __nv_* is compiled"
  ./build/flyc compile "$fx/k_mstl_nvptx_intrinsics.sm_80.ll" --link "$fx/mstl_nvptx.sm_80.bc" \
    --arch sm_80 -o "$out/mstl_kernel.sm_80.ptx" --quiet
fi
./build/flyc inspect "$out/mstl_kernel.sm_80.ptx"
echo
echo "outputs: $out/mstl_kernel.gfx90a.hsaco $out/mstl_kernel.sm_80.ptx"

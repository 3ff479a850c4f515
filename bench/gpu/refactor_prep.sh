#!/bin/bash
# Builds, here, what the H200 run of the refactored tree needs (static LLVM 22, no lld-lib, no comgr).
set -e
cd "$(dirname "$0")/../.." # the repository root; outputs go to .dev/ (git-ignored), which the device run carries
. bench/gpu/static_flyc.sh # $B, $libs
for p in runtime_run builder_examples_run; do
  (cd $B && g++ -O2 -x c ../bench/gpu/$p.c -x none -I../include -I../examples -I/usr/lib/llvm-22/include $libs -lm -Wl,--gc-sections -s -o ../.dev/gpu/$p)
done
strip -o .dev/gpu/flyc $B/flyc
cp build22/tests/fixtures/k_mstl_nvptx.sm_80.ll build22/tests/fixtures/mstl_nvptx.sm_80.bc .dev/gpu/
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l .dev/gpu/ 2>/dev/null || true; done
rm -rf .dev/ptx && bash bench/frontends/compile_for_h200.sh $B/flyc .dev/ptx > /tmp/gpu-ptx.log 2>&1 || { tail /tmp/gpu-ptx.log; exit 1; }
$B/flyc compile tests/frontends/clang/out/math.sm_90.O3.ll --arch sm_90 --approx-sqrt -o .dev/ptx/clang_approx/math.flyc.ptx --no-cache 2>/dev/null || { mkdir -p .dev/ptx/clang_approx; $B/flyc compile tests/frontends/clang/out/math.sm_90.O3.ll --arch sm_90 --approx-sqrt -o .dev/ptx/clang_approx/math.flyc.ptx --no-cache; }
cp bench/frontends/{triton_run,clang_run,cudadrv}.py .dev/
cp build22/tests/fixtures/{k_mstl_nvptx,mstl_nvptx}.sm_90.* .dev/gpu/ 2>/dev/null || true
# 66 MB each stripped; xz'd to about 13 MB so that the carry stays under 64 MiB
rm -f .dev/gpu/*.xz && xz -T2 -6 .dev/gpu/runtime_run .dev/gpu/builder_examples_run .dev/gpu/flyc
ls -la .dev/gpu; du -sh .dev

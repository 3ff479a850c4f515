#!/bin/bash
# Builds, here, what the H200 NVSHMEM run (bench/gpu/nvshmem_run.sh) needs: the static
# LLVM 22 flyc CLI, examples/nvshmem_ring and bench_libs, and the IR kernels; into
# .dev/gpu12 (git-ignored), which the device run carries.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu12
. bench/gpu/static_flyc.sh # $B, $libs
rm -rf $O && mkdir -p $O
gcc -O2 -c examples/nvshmem_ring.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/nvshmem_ring.o
gcc -O2 -c bench/flyc/bench_libs.c -Iinclude -Ibench/harness -o /tmp/bench_libs.o
gcc -O2 -c bench/harness/bench.c -Ibench/harness -o /tmp/bench_harness.o
(cd $B && g++ /tmp/nvshmem_ring.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/nvshmem_ring)
(cd $B && g++ /tmp/bench_libs.o /tmp/bench_harness.o $libs -lm -Wl,--gc-sections -s -o ../$O/bench_libs)
strip -o $O/flyc $B/flyc
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
cp bench/kernels/nvshmem_k.ll.in bench/gpu/triton_nvshmem.py $O/
xz -T2 -6 $O/nvshmem_ring $O/bench_libs $O/flyc
ls -la $O; du -sh .dev/gpu12

#!/bin/bash
# Builds, here, what the H200 cubin-cache run (bench/gpu/cubin_run.sh) needs: the static
# LLVM 22 flyc, bench/gpu/cache_first_launch and examples/nvshmem_ring linked against it,
# Triton's vector add; into .dev/gpu15 (git-ignored), which the device run carries.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu15
. bench/gpu/static_flyc.sh # $B, $libs
rm -rf $O && mkdir -p $O
gcc -O2 -c bench/gpu/cache_first_launch.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/cfl.o
gcc -O2 -c examples/nvshmem_ring.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/nvshmem_ring.o
(cd $B && g++ /tmp/cfl.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/cache_first_launch)
(cd $B && g++ /tmp/nvshmem_ring.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/nvshmem_ring)
for l in libelf.so.1 libmsgpackc.so.2; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
cp bench/gpu/triton_vadd.py $O/
xz -T2 -6 $O/cache_first_launch $O/nvshmem_ring
ls -la $O; du -sh $O

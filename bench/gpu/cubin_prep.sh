#!/bin/bash
# Builds, here, what the H200 cubin-cache run (bench/gpu/cubin_run.sh) needs: the static
# LLVM 22 flyc, bench/gpu/cache_first_launch and examples/nvshmem_ring linked against it,
# Triton's vector add; into .dev/gpu15 (git-ignored), which the device run carries.
set -e
cd "$(dirname "$0")/../.."
B=build-gpu
O=.dev/gpu15
cmake -S . -B $B -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm -DFLYC_STATIC_LLVM=ON -DFLYC_WITH_LLD_LIB=OFF \
  -DFLYC_BUILD_TESTS=OFF -DFLYC_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Release > /tmp/gpu-cfg.log
nice cmake --build $B -j2 --target flyc_cli > /tmp/gpu-build.log
rm -rf $O && mkdir -p $O
libs=$(sed 's/^.* -o flyc //' $B/CMakeFiles/flyc_cli.dir/link.txt)
gcc -O2 -c bench/gpu/cache_first_launch.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/cfl.o
gcc -O2 -c examples/nvshmem_ring.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/nvshmem_ring.o
(cd $B && g++ /tmp/cfl.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/cache_first_launch)
(cd $B && g++ /tmp/nvshmem_ring.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/nvshmem_ring)
for l in libelf.so.1 libmsgpackc.so.2; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
cp bench/gpu/triton_vadd.py $O/
xz -T2 -6 $O/cache_first_launch $O/nvshmem_ring
ls -la $O; du -sh $O

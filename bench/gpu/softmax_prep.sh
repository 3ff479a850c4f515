#!/bin/bash
# Builds, here, what the H200 builder run (bench/gpu/softmax_run.sh) needs: the static
# LLVM 22 flyc CLI and examples/softmax_builder linked against it; into .dev/gpu14
# (git-ignored), which the device run carries.
set -e
cd "$(dirname "$0")/../.."
B=build-gpu
O=.dev/gpu14
cmake -S . -B $B -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm -DFLYC_STATIC_LLVM=ON -DFLYC_WITH_LLD_LIB=OFF \
  -DFLYC_BUILD_TESTS=OFF -DFLYC_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Release > /tmp/gpu-cfg.log
nice cmake --build $B -j2 --target flyc_cli > /tmp/gpu-build.log
rm -rf $O && mkdir -p $O
libs=$(sed 's/^.* -o flyc //' $B/CMakeFiles/flyc_cli.dir/link.txt)
gcc -O2 -c examples/softmax_builder.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/softmax.o
(cd $B && g++ /tmp/softmax.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/softmax_builder)
strip -o $O/flyc $B/flyc
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
cp tests/fixtures/vadd_nvptx.ll.in $O/ 2>/dev/null || true
xz -T2 -6 $O/softmax_builder $O/flyc
ls -la $O; du -sh $O

#!/bin/bash
# Builds, here, what the H200 builder run (bench/gpu/builder_run.sh) needs: the static
# LLVM 22 flyc CLI and examples/softmax_builder linked against it; into .dev/gpu14
# (git-ignored), which the device run carries.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu14
. bench/gpu/static_flyc.sh # $B, $libs
rm -rf $O && mkdir -p $O
gcc -O2 -c examples/softmax_builder.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/softmax.o
(cd $B && g++ /tmp/softmax.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/softmax_builder)
strip -o $O/flyc $B/flyc
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/softmax_builder $O/flyc
ls -la $O; du -sh $O

#!/bin/bash
# Builds, here, what the H200 float4 vadd run (bench/gpu/vadd4_run.sh) needs:
# examples/vadd4_builder linked against the static LLVM 22 flyc; into
# .dev/gpu14v (git-ignored), which the device run carries.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu14v
. bench/gpu/static_flyc.sh # $B, $libs
rm -rf $O && mkdir -p $O
gcc -O2 -c examples/vadd4_builder.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/vadd4.o
(cd $B && g++ /tmp/vadd4.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/vadd4_builder)
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/vadd4_builder
ls -la $O; du -sh $O

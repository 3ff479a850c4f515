#!/bin/bash
# Builds, here, what the H200 builder run (bench/gpu/builder_run.sh) needs: the static
# LLVM 22 flyc CLI and, linked against it, examples/softmax_builder (warp collectives),
# examples/vadd4_builder (float4 streaming loads, a flyc_kb_for tail) and
# bench/gpu/printf_run (flyc_kb_printf); into .dev/gpu14 (git-ignored), which the device
# run carries.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu14
. bench/gpu/static_flyc.sh # $B, $libs
rm -rf $O && mkdir -p $O
for p in examples/softmax_builder examples/vadd4_builder bench/gpu/printf_run; do
  gcc -O2 -c $p.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/$(basename $p).o
  (cd $B && g++ /tmp/$(basename $p).o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/$(basename $p))
done
strip -o $O/flyc $B/flyc
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/softmax_builder $O/vadd4_builder $O/printf_run $O/flyc
ls -la $O; du -sh $O

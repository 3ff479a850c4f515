#!/bin/bash
# Builds, here, what the H200 run of the matrix-unit examples (bench/gpu/mma_run.sh)
# needs, into .dev/gpu-mma (git-ignored), which the device run carries: the PTX flyc makes
# for sm_90 of examples/gemm_kernel.h, vadd4_kernel.h and softmax_kernel.h (through the
# examples and FLYC_DUMP_DIR; softmax needs libdevice), and examples/gemm_builder linked
# statically against flyc (the run through flyc's own runtime).
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu-mma
[ -x build22/tests/example_gemm_builder ] || { echo "build build22 first" >&2; exit 1; }
rm -rf $O /tmp/mma-dump && mkdir -p $O
for e in gemm vadd4 softmax; do
  FLYC_CACHE=0 FLYC_DUMP_DIR=/tmp/mma-dump/$e build22/tests/example_${e}_builder sm_90
  cp /tmp/mma-dump/$e/*.4.ptx $O/$e.ptx
done
. bench/gpu/static_flyc.sh # $B, $libs
gcc -O2 -c examples/gemm_builder.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/gemm_builder.o
(cd $B && g++ /tmp/gemm_builder.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/gemm_builder)
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/gemm_builder
cp bench/gpu/mma_bench.py $O/
ls -la $O; du -sh $O

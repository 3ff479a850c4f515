#!/bin/bash
# Builds, here, what the H200 run of the builder's examples after the inline-region
# rewrite (bench/gpu/examples_run.sh) needs, into .dev/gpu-ex (git-ignored), which the
# device run carries: examples/softmax_builder, vadd4_builder, attention_builder and
# bench/gpu/builder_examples_run (the shared-memory reduce) linked statically against
# flyc, the sm_90 PTX of gemm, vadd4 and softmax for bench/gpu/mma_bench.py (through the
# examples and FLYC_DUMP_DIR), and the stand-in shmem library builder_examples_run links.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu-ex
[ -x build22/tests/example_softmax_builder ] || { echo "build build22 first" >&2; exit 1; }
rm -rf $O /tmp/ex-dump && mkdir -p $O
for e in gemm vadd4 softmax; do
  FLYC_CACHE=0 FLYC_DUMP_DIR=/tmp/ex-dump/$e build22/tests/example_${e}_builder sm_90
  cp /tmp/ex-dump/$e/*.4.ptx $O/$e.ptx
done
# The GEMM's K step, ring of shared buffers and waves swept: gemm_k<K>s<S>w<M>x<N>.ptx
# built with -DGEMM_NV_BK=K -DGEMM_NV_STAGES=S -DGEMM_NV_WM=M -DGEMM_NV_WN=N (the
# example's own: K 64, S 3, 2 x 2 waves).
for v in 32,4,2,2 64,3,4,2 64,3,2,4 32,4,4,2 64,2,4,2; do
  IFS=, read k s wm wn <<< "$v"
  n=gemm_k${k}s${s}w${wm}x$wn
  gcc -O2 -DGEMM_NV_BK=$k -DGEMM_NV_STAGES=$s -DGEMM_NV_WM=$wm -DGEMM_NV_WN=$wn examples/gemm_builder.c -Iinclude -Iexamples \
    -I/usr/lib/llvm-22/include -Lbuild22 -lflyc -lflyc_runtime -L/usr/lib/llvm-22/lib -lLLVM -Wl,-rpath,$PWD/build22 -o /tmp/$n
  FLYC_CACHE=0 FLYC_DUMP_DIR=/tmp/ex-dump/$n /tmp/$n sm_90
  cp /tmp/ex-dump/$n/*.4.ptx $O/$n.ptx
done
. bench/gpu/static_flyc.sh # $B, $libs
for p in examples/softmax_builder examples/vadd4_builder examples/gemm_builder examples/attention_builder \
  bench/gpu/builder_examples_run; do
  gcc -O2 -c $p.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/$(basename $p).o
  (cd $B && g++ /tmp/$(basename $p).o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/$(basename $p))
done
cp build22/tests/fixtures/mstl_nvptx.sm_80.bc build22/tests/fixtures/mstl_nvptx.sm_90.bc $O/
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/softmax_builder $O/vadd4_builder $O/gemm_builder $O/attention_builder $O/builder_examples_run
cp bench/gpu/mma_bench.py $O/
ls -la $O; du -sh $O

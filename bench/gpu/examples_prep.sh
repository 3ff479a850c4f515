#!/bin/bash
# Builds, here, what the H200 run of the builder's examples after the inline-region
# rewrite (bench/gpu/examples_run.sh) needs, into .dev/gpu-ex (git-ignored), which the
# device run carries: examples/softmax_builder, vadd4_builder, gemm_builder,
# attention_builder, histogram_builder, sgemm_builder and bench/gpu/builder_examples_run
# (the shared-memory reduce) as one program, gpu_examples (bench/gpu/examples_main.c),
# linked statically against flyc, the sm_90 PTX of gemm, vadd4 and softmax for bench/gpu/mma_bench.py (through the
# examples and FLYC_DUMP_DIR), and the stand-in shmem library builder_examples_run links.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu-ex
[ -x build22/tests/example_softmax_builder ] || { echo "build build22 first" >&2; exit 1; }
rm -rf $O /tmp/ex-dump && mkdir -p $O
for e in gemm vadd4 softmax histogram sgemm; do
  FLYC_CACHE=0 FLYC_DUMP_DIR=/tmp/ex-dump/$e build22/tests/example_${e}_builder sm_90
  cp /tmp/ex-dump/$e/*.4.ptx $O/$e.ptx
done
# Variants, for the ratios in the same run: variant EXAMPLE NAME builds
# examples/EXAMPLE_builder.c against the EXAMPLE_kernel.h on its standard input (a
# copy beside it, so that its "EXAMPLE_kernel.h" is that one) into $O/NAME.ptx.
variant() {
  mkdir -p /tmp/ex-$2 && cat > /tmp/ex-$2/$1_kernel.h && cp examples/$1_builder.c /tmp/ex-$2/
  gcc -O2 /tmp/ex-$2/$1_builder.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include \
    -Lbuild22 -lflyc -lflyc_runtime -L/usr/lib/llvm-22/lib -lLLVM -lm -Wl,-rpath,$PWD/build22 \
    -o /tmp/$2
  FLYC_CACHE=0 FLYC_DUMP_DIR=/tmp/ex-dump/$2 /tmp/$2 sm_90
  cp /tmp/ex-dump/$2/*.4.ptx $O/$2.ptx
}
softmax_variant() { variant softmax "$1"; }
# The GEMM and the SGEMM before kernel text (f2c561c: built with the C helpers), beside
# today's in the same run (gemm_k64s3w2x2_c: the gemm sweep's glob runs it).
git show f2c561c:examples/gemm_kernel.h | variant gemm gemm_k64s3w2x2_c
git show f2c561c:examples/sgemm_kernel.h | variant sgemm sgemm_c
# Before the online softmax (its row read three times; 23252f3's), today's without its
# flyc_kb_for_unroll hints, and at other unroll counts (the example's is 8).
git show 23252f3:examples/softmax_kernel.h | softmax_variant softmax3
sed '/flyc_kb_for_unroll/d' examples/softmax_kernel.h | softmax_variant softmax_nu
for u in 4 16; do
  sed "s/flyc_kb_for_unroll(kb, 8)/flyc_kb_for_unroll(kb, $u)/" examples/softmax_kernel.h |
    softmax_variant softmax_u$u
done
# The CUDA twins of the histogram and the SGEMM (bench/lines/*.cu), as PTX from nvcc.
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
for e in histogram sgemm; do $NVCC -ptx -arch=sm_90 -O3 -o $O/${e}_cuda.ptx bench/lines/$e.cu; done
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
# One program for all of them (bench/gpu/examples_main.c): one copy of LLVM in the carry.
objs=
for p in examples/softmax_builder:softmax examples/vadd4_builder:vadd4 examples/gemm_builder:gemm \
  examples/attention_builder:attention examples/histogram_builder:histogram \
  examples/sgemm_builder:sgemm bench/gpu/builder_examples_run:reduce examples/tma_builder:tma \
  bench/gpu/assert_run:assert bench/gpu/examples_main:; do
  f=${p%:*} n=${p#*:}
  gcc -O2 -c $f.c ${n:+-Dmain=${n}_main} -Iinclude -Iexamples -I/usr/lib/llvm-22/include \
    -o /tmp/$(basename $f).o
  objs="$objs /tmp/$(basename $f).o"
done
(cd $B && g++ $objs $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/gpu_examples)
cp build22/tests/fixtures/mstl_nvptx.sm_80.bc build22/tests/fixtures/mstl_nvptx.sm_90.bc $O/
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/gpu_examples
cp bench/gpu/mma_bench.py $O/
ls -la $O; du -sh $O

#!/bin/bash
# Builds, here, what the H200 run of the sm_90a warpgroup GEMM (bench/gpu/wgmma_run.sh)
# needs, into .dev/gpu-wg (git-ignored), which the device run carries:
# examples/gemm_builder linked statically against flyc (it builds gemm_wgmma_kernel.h for
# sm_90a and gemm_kernel.h's mma.sync version for sm_90), the sm_90 and sm_90a PTX of both
# for bench/gpu/mma_bench.py (through FLYC_DUMP_DIR), and bench/lines/gemm_wgmma.cu, the
# CUDA twin (nvcc -arch sm_90a), built at the example's tile and at the probe's variants.
set -e
cd "$(dirname "$0")/../.."
O=.dev/gpu-wg
[ -x build22/tests/example_gemm_builder ] || { echo "build build22 first" >&2; exit 1; }
rm -rf $O /tmp/wg-dump && mkdir -p $O
for t in sm_90:gemm sm_90a:gemm_wgmma; do
  FLYC_CACHE=0 FLYC_DUMP_DIR=/tmp/wg-dump/${t#*:} build22/tests/example_gemm_builder ${t%:*}
  cp /tmp/wg-dump/${t#*:}/*.4.ptx $O/${t#*:}.ptx
done
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
for v in "256 2 4 1" "256 2 4 0" "128 2 4 1"; do
  set -- $v
  $NVCC -gencode arch=compute_90a,code=sm_90a -O3 -DBN=$1 -DWG=$2 -DS=$3 -DOV=$4 \
    -o $O/wgmma_probe_$1_$2_$3_$4 bench/lines/gemm_wgmma.cu
done
. bench/gpu/static_flyc.sh # $B, $libs
gcc -O2 -c examples/gemm_builder.c -Iinclude -Iexamples -I/usr/lib/llvm-22/include -o /tmp/gemm_builder.o
(cd $B && g++ /tmp/gemm_builder.o $libs -ldl -lm -Wl,--gc-sections -s -o ../$O/gemm_builder)
for l in libelf.so.1 libmsgpackc.so.2 libcjson.so.1; do cp -L /usr/lib/x86_64-linux-gnu/$l $O/; done
xz -T2 -6 $O/gemm_builder
cp bench/gpu/mma_bench.py $O/
ls -la $O; du -sh $O

#!/bin/bash
# On the H200 (device run, carry [".dev/gpu-ex"]): the builder's examples written with the
# inline regions, flyc_kb_block_reduce and the guarded accesses, TMA and device assert,
# checked element by element
# through flyc's runtime (softmax and softmax_row against a double-precision host softmax,
# vadd4 with its n % 4 tail, the byte histogram (every bin, three launch shapes), the
# shared-memory SGEMM (bit for bit the host's fmaf loop), fused attention against a double-precision host one, the shared-memory reduce at BLOCK 256/512/1024), then
# bench/gpu/mma_bench.py: softmax, softmax_row and vadd4 next to a device copy, and the
# GEMM (ldmatrix, K steps of 64 through a ring of 3 stages; others swept) through flyc's runtime (checked,
# timed) and next to cuBLAS and Triton, every output checked first.
#   bash bench/gpu/examples_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu-ex
cd $D && unxz -f *.xz && chmod +x gpu_examples
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
export FLYC_CACHE_DIR=$D/fc; rm -rf $FLYC_CACHE_DIR
x() { ./gpu_examples "$@"; echo "rc=$? ($*)"; }
for t in sm_90 sm_80; do x softmax $t --run; x vadd4 $t --run; x attention $t --run; done
x attention sm_90 --run 2048 3001
for t in sm_90 sm_80; do x histogram $t --run; x sgemm $t --run; done
x sgemm sm_90 --run 1000 1030 517
for t in sm_90 sm_80; do x gemm $t --run 512 512 192; done
x gemm sm_90 --bench 4096 4096 4096
for sm in 90 80; do x reduce mstl_nvptx.sm_$sm.bc sm_$sm; done
# TMA (sm_90): the default odd shape, one box exactly, a matrix smaller than a box, a big
# odd one, then timed next to plain loads; sm_80 has no TMA (refused: rc=1 expected).
x tma sm_90 --run; x tma sm_90 --run 32 64; x tma sm_90 --run 5 7; x tma sm_90 --run 4097 3001
x tma sm_90 --bench 16384 16384; x tma sm_80
# Device assert: holds, then fails in one thread (CUDA's assert error expected).
x assert sm_90 pass; x assert sm_90 fail
/opt/torch/.venv/bin/python3 mma_bench.py $D; echo "rc=$?"
/opt/torch/.venv/bin/python3 mma_bench.py $D softmax; echo "rc=$? (the strided softmax sweep)"

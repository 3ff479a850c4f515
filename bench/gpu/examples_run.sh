#!/bin/bash
# On the H200 (device run, carry [".dev/gpu-ex"]): the builder's examples written with the
# inline regions, flyc_kb_block_reduce and the guarded accesses, checked element by element
# through flyc's runtime (softmax and softmax_row against a double-precision host softmax,
# vadd4 with its n % 4 tail, fused attention against a double-precision host one, the shared-memory reduce at BLOCK 256/512/1024), then
# bench/gpu/mma_bench.py: softmax, softmax_row and vadd4 next to a device copy, and the
# GEMM (ldmatrix, K steps of 64 through a ring of 3 stages; others swept) through flyc's runtime (checked,
# timed) and next to cuBLAS and Triton, every output checked first.
#   bash bench/gpu/examples_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu-ex
cd $D && unxz -f *.xz && chmod +x softmax_builder vadd4_builder gemm_builder attention_builder builder_examples_run
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
export FLYC_CACHE_DIR=$D/fc; rm -rf $FLYC_CACHE_DIR
for t in sm_90 sm_80; do ./softmax_builder $t --run; echo "rc=$? (softmax_builder $t)"; done
for t in sm_90 sm_80; do ./vadd4_builder $t --run; echo "rc=$? (vadd4_builder $t)"; done
for t in sm_90 sm_80; do ./attention_builder $t --run; echo "rc=$? (attention_builder $t)"; done
./attention_builder sm_90 --run 2048 3001; echo "rc=$? (attention_builder sm_90 2048 3001)"
for t in sm_90 sm_80; do ./gemm_builder $t --run 512 512 192; echo "rc=$? (gemm_builder $t)"; done
./gemm_builder sm_90 --bench 4096 4096 4096; echo "rc=$? (gemm_builder sm_90 --bench)"
for sm in 90 80; do ./builder_examples_run mstl_nvptx.sm_$sm.bc sm_$sm; echo "rc=$? (builder_examples_run sm_$sm)"; done
/opt/torch/.venv/bin/python3 mma_bench.py $D; echo "rc=$?"

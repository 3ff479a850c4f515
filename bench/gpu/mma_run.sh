#!/bin/bash
# On the H200 (device run, carry [".dev/gpu-mma"]): the tensor-core GEMM through flyc's
# runtime (exact, 512^3 all elements, 4096^3 sampled rows and columns), then
# bench/gpu/mma_bench.py: the GEMM next to cuBLAS and Triton, vadd4 and softmax next to a
# device copy, every output checked first.
#   bash bench/gpu/mma_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu-mma
cd $D && unxz -f *.xz && chmod +x gemm_builder
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
export FLYC_CACHE_DIR=$D/fc
./gemm_builder sm_90 --run 512 512 512; echo "rc=$?"
./gemm_builder sm_90 --bench 4096 4096 4096; echo "rc=$?"
/opt/torch/.venv/bin/python3 mma_bench.py $D; echo "rc=$?"

#!/bin/bash
# On the H200 (device run, carry [".dev/gpu-wg"], after bench/gpu/wgmma_prep.sh): the GEMM
# on sm_90a's wgmma (examples/gemm_wgmma_kernel.h) checked exactly through flyc's runtime
# at small and ragged-K sizes and timed at 4096^3, the mma.sync version (sm_90) next to it,
# the CUDA twin (bench/lines/gemm_wgmma.cu) at three variants, then bench/gpu/mma_bench.py:
# both flyc GEMMs loaded by CuPy next to cuBLAS and Triton in one process, every output
# checked first.
#   bash bench/gpu/wgmma_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu-wg
cd $D && unxz -f *.xz && chmod +x gemm_builder wgmma_probe_*
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
export FLYC_CACHE_DIR=$D/fc; rm -rf $FLYC_CACHE_DIR
for d in "256 256 64" "512 512 192" "384 768 640" "1024 1024 1024"; do
  ./gemm_builder sm_90a --run $d; echo "rc=$? (gemm_builder sm_90a --run $d)"
done
./gemm_builder sm_90a --bench 4096 4096 4096; echo "rc=$? (gemm_builder sm_90a --bench)"
./gemm_builder sm_90 --bench 4096 4096 4096; echo "rc=$? (gemm_builder sm_90 --bench)"
for p in wgmma_probe_*; do ./$p; echo "rc=$? ($p)"; done
/opt/torch/.venv/bin/python3 mma_bench.py $D 2>&1 ; echo "rc=$?"

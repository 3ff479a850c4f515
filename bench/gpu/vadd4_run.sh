#!/bin/bash
# On the H200 (device run, carry [".dev/gpu14v"]): examples/vadd4_builder (float4
# streaming loads, the n % 4 tail as a flyc_kb_for; issue 14) checked element by element.
#   bash bench/gpu/vadd4_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu14v
cd $D && unxz -f *.xz && chmod +x vadd4_builder
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FLYC_CACHE_DIR=$D/fc; rm -rf $FLYC_CACHE_DIR
for t in sm_90 sm_80; do ./vadd4_builder $t --run; echo "rc=$? ($t)"; done

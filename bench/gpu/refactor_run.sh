#!/bin/bash
# One H200 call for issue 11: the refactored runtime and NVPTX path, end to end.
# Prepared by bench/gpu/refactor_prep.sh here; run there from the repository root, .dev carried.
set -o pipefail
export PYTHONUNBUFFERED=1
P=/opt/torch/.venv/bin/python
R=$PWD
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv | tee $OUT/smi.txt
cd .dev/gpu && for f in *.xz; do xz -d -T8 "$f"; done; chmod +x runtime_run builder_examples_run flyc
export LD_LIBRARY_PATH=$PWD FLYC_CACHE_DIR=/tmp/flyc-cache
{
for sm in 80 90; do
  echo "\$ ./runtime_run k_mstl_nvptx.sm_$sm.ll mstl_nvptx.sm_$sm.bc sm_$sm"
  ./runtime_run k_mstl_nvptx.sm_$sm.ll mstl_nvptx.sm_$sm.bc sm_$sm; echo "rc=$?"
  echo "\$ ./builder_examples_run mstl_nvptx.sm_$sm.bc sm_$sm   (cold cache)"
  ./builder_examples_run mstl_nvptx.sm_$sm.bc sm_$sm; echo "rc=$?"
  echo "\$ ./builder_examples_run mstl_nvptx.sm_$sm.bc sm_$sm   (second process: disk cache)"
  ./builder_examples_run mstl_nvptx.sm_$sm.bc sm_$sm; echo "rc=$?"
done
} 2>&1 | tee $OUT/runtime.txt
cd $R
echo "== Triton"
$P .dev/triton_run.py --flyc-dir .dev/ptx/triton --meta-dir tests/frontends/triton --json $OUT/triton.json 2>&1 | tee $OUT/triton.log; echo "rc=$?"
echo "== clang"
$P .dev/clang_run.py --clang-dir tests/frontends/clang/out --flyc-dir .dev/ptx/clang --json $OUT/clang.json 2>&1 | tee $OUT/clang.log; echo "rc=$?"

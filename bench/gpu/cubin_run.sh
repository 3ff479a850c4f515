#!/bin/bash
# On the H200 (device run, carry [".dev/gpu15"]): the first launch in a fresh process with
# flyc's disk cache warm, CUDA's own JIT cache off (CUDA_CACHE_DISABLE=1): with flyc's
# cubin cache (the driver-made cubin kept in <cache dir>/cubin) and without it
# (FLYC_CUBIN_CACHE=0, the driver JITs the PTX at every load), next to Triton's warm first
# call; then examples/nvshmem_ring loaded from a kept cubin. Writes everything to stdout.
#   bash bench/gpu/cubin_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu15
NV=${NVSHMEM_HOME:-/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nvshmem}
PY=/opt/torch/.venv/bin/python3; [ -x $PY ] || PY=python3
cd $D && unxz -f *.xz && chmod +x cache_first_launch nvshmem_ring
export LD_LIBRARY_PATH=$D:$NV/lib:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
summary() { # $1 file, $2 label
  echo "$2: first median $(field first < $1 | median) ms (compile $(field compile < $1 | median), load $(field load < $1 | median), launch+sync $(field 'launch+sync' < $1 | median)); wrong total $(field wrong < $1 | awk "{s+=\$1} END {print s+0}")"
}
export FLYC_CACHE_DIR=$D/flyc-cache TRITON_CACHE_DIR=$D/triton-cache
rm -rf "$FLYC_CACHE_DIR" "$TRITON_CACHE_DIR"
for L in 28 20; do
  echo "== vadd of 2^$L floats, sm_90: empty flyc cache (compile, JIT, cubin kept), then fresh processes"
  rm -rf "$FLYC_CACHE_DIR"
  ./cache_first_launch sm_90 $L
  ls -la $FLYC_CACHE_DIR/cubin
  # Interleaved, so that the machine's drift hits both alike.
  : > cub$L.txt; : > jit$L.txt; : > drv$L.txt
  for i in $(seq 11); do
    CUDA_CACHE_DISABLE=1 ./cache_first_launch sm_90 $L >> cub$L.txt
    CUDA_CACHE_DISABLE=1 FLYC_CUBIN_CACHE=0 ./cache_first_launch sm_90 $L >> jit$L.txt
    FLYC_CUBIN_CACHE=0 ./cache_first_launch sm_90 $L >> drv$L.txt
  done
  summary cub$L.txt "2^$L, CUDA_CACHE_DISABLE=1, flyc cubin cache"
  summary jit$L.txt "2^$L, CUDA_CACHE_DISABLE=1, FLYC_CUBIN_CACHE=0 (driver JIT every load)"
  summary drv$L.txt "2^$L, CUDA's JIT cache on, FLYC_CUBIN_CACHE=0 (the driver's cache)"
done
echo "== Triton 3.6 vadd (2^28), warm cache, CUDA_CACHE_DISABLE=1, 5 fresh processes"
$PY triton_vadd.py empty
for i in $(seq 5); do CUDA_CACHE_DISABLE=1 $PY triton_vadd.py warm; done | tee triton.txt
t=$(sed -n 's/.*first call \([0-9.]*\) ms.*/\1/p' triton.txt | median)
f=$(field first < cub28.txt | median)
echo "RESULT: Triton warm first call $t ms; flyc warm first launch with the cubin cache $f ms (2^28), $(field first < cub20.txt | median) ms (2^20)"
echo "== examples/nvshmem_ring from a kept cubin (one PE)"
export FLYC_CACHE_DIR=/tmp/fc-ring; rm -rf $FLYC_CACHE_DIR
./nvshmem_ring --nvshmem $NV; echo "rc=$? (first: compiled, JIT, cubin kept)"
ls $FLYC_CACHE_DIR/cubin
CUDA_CACHE_DISABLE=1 ./nvshmem_ring --nvshmem $NV --n 65536; echo "rc=$? (second process: disk cache, kept cubin, nvshmemx_cumodule_init on it)"

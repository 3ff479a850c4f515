#!/bin/bash
# On the H200 (device run, carry [".dev/gpu12"]): NVSHMEM end to end and the compile
# benchmark beside Triton. Writes everything to stdout.
#   bash bench/gpu/nvshmem_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu12
NV=${NVSHMEM_HOME:-/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nvshmem}
BC=$NV/lib/libnvshmem_device.bc
cd $D && unxz -f *.xz && chmod +x nvshmem_ring bench_libs flyc
export LD_LIBRARY_PATH=$D:$NV/lib:${LD_LIBRARY_PATH:-}
PY=/opt/torch/.venv/bin/python3
nproc; grep -m1 'model name' /proc/cpuinfo; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== 1. examples/nvshmem_ring: compile, load with nvshmemx_cumodule_init, run, check (one PE)"
export FLYC_CACHE_DIR=/tmp/fc-ring; rm -rf $FLYC_CACHE_DIR
for n in 256 65536; do ./nvshmem_ring --nvshmem $NV --n $n; echo "rc=$? (n=$n, first: compiled)"; done
./nvshmem_ring --nvshmem $NV; echo "rc=$? (a second process: from the disk cache, the processor re-resolved by name)"
./nvshmem_ring --nvshmem $NV --no-register; echo "rc=$? (3 expected: refused, naming the processor)"
echo "== 2. compile: kernel + libnvshmem_device.bc -> PTX (sm_90), flyc's C API (bench_libs)"
mk() { sed "s/KNAME/$1/" nvshmem_k.ll.in > /tmp/$1.ll; }
for i in 1 2 3 4 5 6 7; do
  rm -rf /tmp/fc-b; export FLYC_CACHE_DIR=/tmp/fc-b
  mk cold$i; mk second$i
  echo "cold run $i:"; /usr/bin/time -f "process %e s, peak %M KB" ./bench_libs -a sm_90 -l $BC /tmp/cold$i.ll /tmp/second$i.ll
  mk warm$i; mk warm2_$i
  echo "warm library cache, fresh process, run $i:"; /usr/bin/time -f "process %e s, peak %M KB" ./bench_libs -a sm_90 -l $BC /tmp/warm$i.ll /tmp/warm2_$i.ll
done
echo "== 3. the CLI, fresh process (isolated compile in a child), cold then warm library cache"
for i in 1 2 3 4 5; do
  rm -rf /tmp/fc-c; export FLYC_CACHE_DIR=/tmp/fc-c; mk cli$i; mk cliw$i
  /usr/bin/time -f "cold: process %e s, peak %M KB" ./flyc compile /tmp/cli$i.ll --link $BC --arch sm_90 -o /tmp/cli.ptx --time --quiet
  /usr/bin/time -f "warm lib: process %e s, peak %M KB" ./flyc compile /tmp/cliw$i.ll --link $BC --arch sm_90 -o /tmp/cli.ptx --time --quiet
done
echo "== 4. Triton 3.6, fresh process, empty cache: with the library, then without"
for i in 1 2 3 4 5; do
  export TRITON_CACHE_DIR=/tmp/tc-$i-a; rm -rf $TRITON_CACHE_DIR
  /usr/bin/time -f "  process %e s, peak %M KB" $PY triton_nvshmem.py $BC 2>&1 | tail -3
  export TRITON_CACHE_DIR=/tmp/tc-$i-b; rm -rf $TRITON_CACHE_DIR
  /usr/bin/time -f "  process %e s, peak %M KB" $PY triton_nvshmem.py $BC --plain 2>&1 | tail -3
done

#!/usr/bin/env bash
# The compile-speed benchmark on the CPU machine: flyc (C API, from .ll, each
# codegen path, one core) next to hiprtc, comgr from HIP source and clang-15
# compiling the same kernels, all in one run. Writes the raw output and a
# markdown table.
#
# usage: bench/run_cpu_compile.sh [-b BUILD] [-w W] [-n N]
#   BUILD: a flyc build directory with bench/ and tests/fixtures/ (default build)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
B=$root/build W=2 N=15
while getopts "b:w:n:h" o; do
  case $o in b) B=$(cd "$OPTARG" && pwd) ;; w) W=$OPTARG ;; n) N=$OPTARG ;;
    *) sed -n '2,9p' "$0" >&2; exit 2 ;; esac
done
day=$(date -u +%Y-%m-%d)
RAW=$here/results/cpu-$day-raw.txt
MD=$here/results/cpu-$day.md
fx=$B/tests/fixtures
BF=$B/bench/bench_flyc
cd "$root"

declare -A FLYC_IN=(
  [vadd]="$fx/vadd_amdgcn.gfx90a.ll"
  [reduce]="bench/kernels/reduce_amdgcn.ll"
  [mstl_math]="-l $fx/mstl_amdgcn.gfx90a.cov4.bc $fx/k_mstl_amdgcn.gfx90a.ll")
cmds=()
for k in vadd reduce mstl_math; do
  for p in comgr-link comgr lld; do
    cmds+=("$BF -p -w $W -n $N -a gfx90a -c $p -N $k ${FLYC_IN[$k]}")
  done
  [ "$k" = mstl_math ] && cmds+=("$BF -p -i -w $W -n $N -a gfx90a -c comgr-link -N $k ${FLYC_IN[$k]}")
  cmds+=("$B/bench/bench_hiprtc -p -a gfx90a -w $W -n $N bench/kernels/$k.hip")
  cmds+=("$B/bench/bench_comgr_source -p -a gfx90a -w $W -n $N bench/kernels/$k.hip")
  cmds+=("env BENCH_RUN_CMD=$B/bench/bench_run_cmd bench/peers/clang_hip.sh -a gfx90a -w 1 -n 7 bench/kernels/$k.hip")
done
cmds+=("$BF -p -w $W -n $N -a sm_80 -N mstl_math -l $fx/mstl_nvptx.sm_80.bc $fx/k_mstl_nvptx.sm_80.ll")
# The same kernels written with the kernel builder (the C API from the IR up:
# context, emit, compile), to a gfx90a code object (auto) and to PTX.
for t in gfx90a sm_80; do
  lib=$fx/mstl_amdgcn.gfx90a.cov4.bc; [ $t = sm_80 ] && lib=$fx/mstl_nvptx.sm_80.bc
  cmds+=("$BF -p -w $W -n $N -a $t -N builder-vadd builder:vadd")
  cmds+=("$BF -p -w $W -n $N -a $t -N builder-reduce builder:reduce")
  cmds+=("$BF -p -w $W -n $N -a $t -N builder-shmem_math -l $lib builder:shmem_math")
done
# Two threads compiling (no pinning), against one thread: compiles per second.
cmds+=("$BF -w 1 -n 20 -t 1 -a gfx90a -c comgr-link -N mstl_math ${FLYC_IN[mstl_math]}")
cmds+=("$BF -w 1 -n 20 -t 2 -a gfx90a -c comgr-link -N mstl_math ${FLYC_IN[mstl_math]}")
cmds+=("$BF -w 1 -n 20 -t 1 -a gfx90a -c lld -N mstl_math ${FLYC_IN[mstl_math]}")
cmds+=("$BF -w 1 -n 20 -t 2 -a gfx90a -c lld -N mstl_math ${FLYC_IN[mstl_math]}")

{
  echo "# flyc compile-speed benchmark, CPU machine, raw output"
  echo "# date: $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
  echo "# host: $(uname -srm); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "# loadavg at start: $(cat /proc/loadavg)"
  echo "# versions: $($B/flyc --version); $(clang-15 --version | head -1); HIP $(dpkg-query -W -f '${Version}' libamdhip64-dev 2>/dev/null)"
  echo "# warm-ups=$W runs=$N; -p pins to CPU 0; times in ms (median, p10, p90)"
  echo "# commands (from the repository root):"
  for c in "${cmds[@]}"; do echo "#   $c"; done
  echo
} > "$RAW"
for c in "${cmds[@]}"; do
  echo "\$ $c" | tee -a "$RAW"
  $c >> "$RAW" 2>&1 || echo "# FAILED (exit $?)" >> "$RAW"
  tail -1 "$RAW"
done
(cd "$root" && bash bench/table_cpu.sh "bench/results/$(basename "$RAW")") > "$MD"
cat "$MD"

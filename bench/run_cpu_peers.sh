#!/usr/bin/env bash
# Run every CPU peer (hiprtc, comgr HIP source, clang-15) on the benchmark kernels for one arch,
# pinned to CPU 0, and write the raw output with a header (date, machine, commands).
#
# usage: bench/run_cpu_peers.sh [-b build/bench] [-w 1] [-n 7] [-a gfx90a] [-o OUT (default $TMPDIR/flyc-cpu-peers-raw.txt)]
#   -b  directory holding bench_hiprtc, bench_comgr_source and bench_run_cmd
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
BIN=$here/../build/bench W=1 N=7 ARCH=gfx90a OUT=${TMPDIR:-/tmp}/flyc-cpu-peers-raw.txt
while getopts "b:w:n:a:o:h" o; do
  case $o in
    b) BIN=$OPTARG ;; w) W=$OPTARG ;; n) N=$OPTARG ;; a) ARCH=$OPTARG ;; o) OUT=$OPTARG ;;
    *) sed -n '2,6p' "$0" >&2; exit 2 ;;
  esac
done
BIN=$(cd "$BIN" && pwd) || exit 1
KERNELS="vadd reduce mstl_math"
mkdir -p "$(dirname "$OUT")"

cmds=()
for k in $KERNELS; do
  src=bench/kernels/$k.hip
  [ -x "$BIN/bench_hiprtc" ] && cmds+=("$BIN/bench_hiprtc -p -v -a $ARCH -w $W -n $N $src")
  if [ -x "$BIN/bench_comgr_source" ]; then
    cmds+=("$BIN/bench_comgr_source -p -v -a $ARCH -w $W -n $N $src")
    cmds+=("$BIN/bench_comgr_source -p -v -L add -a $ARCH -w $W -n $N $src")
  fi
  [ -x "$BIN/bench_run_cmd" ] && cmds+=("env BENCH_RUN_CMD=$BIN/bench_run_cmd bench/peers/clang_hip.sh -v -a $ARCH -w $W -n $N $src")
done

cd "$here/.."
{
  echo "# flyc compile-speed benchmark: CPU peers, raw output"
  echo "# date: $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
  echo "# host: $(uname -srm); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "# os: $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "# loadavg at start: $(cat /proc/loadavg)"
  echo "# versions: $(clang-15 --version | head -1); HIP $(dpkg-query -W -f '${Version}' libamdhip64-dev 2>/dev/null); comgr $(dpkg-query -W -f '${Version}' libamd-comgr-dev 2>/dev/null)"
  echo "# all peers pin themselves to CPU 0 (sched_setaffinity; clang_hip.sh via bench_run_cmd -p)"
  echo "# warm-ups=$W runs=$N arch=$ARCH; times in ms; 'stage.X' are per-stage medians; '# <name> run=i' lines are raw samples"
  echo "# commands (run from the repository root):"
  for c in "${cmds[@]}"; do echo "#   $c"; done
  echo
} > "$OUT"

rc=0
for c in "${cmds[@]}"; do
  echo "\$ $c" >> "$OUT"
  $c >> "$OUT" 2>&1 || { echo "# FAILED (exit $?)" >> "$OUT"; rc=1; }
  echo >> "$OUT"
done
echo "# loadavg at end: $(cat /proc/loadavg)" >> "$OUT"
grep '^name=' "$OUT"
exit $rc

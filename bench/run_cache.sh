#!/usr/bin/env bash
# The compile cache benchmark (issue target: a hit in a new process gives the
# artifact in at most 1 ms median for a small kernel), next to the cold
# compile of the same kernel in the same run. Every number is the first
# compile of a fresh process (bench_flyc -H), N processes each, one core:
#   cold  FLYC_CACHE=0: the whole compile
#   hit   the disk entry is there: key (module bytes, link and device library
#         content hashes), read, check, deserialize
# plus the in-memory hit (same process, later compiles).
#
# usage: bench/run_cache.sh [-b BUILD] [-n N]     (writes to stdout)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
B=$root/build N=21
while getopts "b:n:h" o; do
  case $o in b) B=$(cd "$OPTARG" && pwd) ;; n) N=$OPTARG ;; *) sed -n '2,12p' "$0" >&2; exit 2 ;; esac
done
fx=$B/tests/fixtures
BF="taskset -c 0 $B/bench/bench_flyc -p -H -w 1"
export FLYC_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$FLYC_CACHE_DIR"' EXIT
median() { sort -g | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else printf "%.3f\n", (v[NR/2]+v[NR/2+1])/2}'; }
first() { sed -n 's/.*\/first unit=ms n=1 median=\([0-9.]*\).*/\1/p'; }
echo "# compile cache, one core, $(date -u +%FT%TZ), $N fresh processes each; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "# $(LD_LIBRARY_PATH= $B/flyc --version)"
printf "%-34s %10s %10s %8s %12s\n" "kernel" "cold ms" "hit ms" "ratio" "memory-hit"
run() { # NAME ARGS...
  local name=$1; shift
  local cold hit mem
  cold=$(for i in $(seq $N); do FLYC_CACHE=0 $BF -n 1 -N $name "$@" | first; done | median)
  rm -rf "$FLYC_CACHE_DIR"/*; $BF -n 1 -N $name "$@" > /dev/null   # fills the entry
  hit=$(for i in $(seq $N); do $BF -n 1 -N $name "$@" | first; done | median)
  mem=$($BF -n 101 -N $name "$@" | sed -n 's/.*+cache unit=ms n=101 median=\([0-9.]*\).*/\1/p')
  printf "%-34s %10.3f %10.3f %7.0fx %9.1f us\n" "$name" "$cold" "$hit" \
    "$(echo "$cold / $hit" | bc -l)" "$(echo "$mem * 1000" | bc -l)"
}
run vadd.ll/gfx90a -a gfx90a "$fx/vadd_amdgcn.gfx90a.ll"
run mstl_math.ll+lib/gfx90a -a gfx90a -l "$fx/mstl_amdgcn.gfx90a.cov4.bc" "$fx/k_mstl_amdgcn.gfx90a.ll"
run builder:vadd/gfx90a -a gfx90a builder:vadd
run builder:vadd/sm_80 -a sm_80 builder:vadd
run builder:shmem_math/gfx90a -a gfx90a -l "$fx/mstl_amdgcn.gfx90a.cov4.bc" builder:shmem_math

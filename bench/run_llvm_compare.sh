#!/usr/bin/env bash
# flyc built on two LLVMs, the same kernels and codegen paths, interleaved in
# one run (A, B, A, B per case), one core: the compile-time cost of moving to
# a newer LLVM. Writes results/cpu-<date>-llvm-compare.txt.
#
# usage: bench/run_llvm_compare.sh [-a BUILD_A] [-b BUILD_B] [-n N] [-r ROUNDS]
#   BUILD_A, BUILD_B: flyc builds with bench/ and tests/fixtures/
#   (default buildb15 and buildb22, configured with -DFLYC_BUILD_BENCH=ON
#   -DCMAKE_BUILD_TYPE=Release against LLVM 15 and LLVM 22)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
A=$root/buildb15 B=$root/buildb22 N=11 R=2
while getopts "a:b:n:r:h" o; do
  case $o in a) A=$(cd "$OPTARG" && pwd) ;; b) B=$(cd "$OPTARG" && pwd) ;;
    n) N=$OPTARG ;; r) R=$OPTARG ;; *) sed -n '2,10p' "$0" >&2; exit 2 ;; esac
done
out=$here/results/cpu-$(date -u +%Y-%m-%d)-llvm-compare.txt
cd "$root"
# case: name|target|path|input args (relative to a build's fixtures as @FX@)
cases=(
  "vadd|gfx90a|comgr-link|@FX@/vadd_amdgcn.gfx90a.ll"
  "vadd|gfx90a|lld|@FX@/vadd_amdgcn.gfx90a.ll"
  "reduce|gfx90a|comgr-link|bench/kernels/reduce_amdgcn.ll"
  "reduce|gfx90a|lld|bench/kernels/reduce_amdgcn.ll"
  "mstl_math|gfx90a|comgr-link|-l @FX@/mstl_amdgcn.gfx90a.cov4.bc @FX@/k_mstl_amdgcn.gfx90a.ll"
  "mstl_math|gfx90a|lld|-l @FX@/mstl_amdgcn.gfx90a.cov4.bc @FX@/k_mstl_amdgcn.gfx90a.ll"
  "mstl_math|sm_80|ptx|-l @FX@/mstl_nvptx.sm_80.bc @FX@/k_mstl_nvptx.sm_80.ll"
  "builder-vadd|gfx90a|auto|builder:vadd"
  "builder-vadd|sm_80|ptx|builder:vadd"
  "builder-reduce|sm_80|ptx|builder:reduce"
)
# Paths only one build has (lld-lib: liblld, LLVM 22), run once per round.
only_b=(
  "vadd|gfx90a|lld-lib|@FX@/vadd_amdgcn.gfx90a.ll"
  "mstl_math|gfx90a|lld-lib|-l @FX@/mstl_amdgcn.gfx90a.cov4.bc @FX@/k_mstl_amdgcn.gfx90a.ll"
)
run() { # build case -> the summary line
  local build=$1 name target path args
  IFS='|' read -r name target path args <<<"$2"
  args=${args//@FX@/$build/tests/fixtures}
  local c=(-c "$path")
  [ "$path" = ptx ] && c=()
  # shellcheck disable=SC2086
  FLYC_CACHE=0 "$build/bench/bench_flyc" -p -w 2 -n "$N" -a "$target" "${c[@]}" -N "$name" $args 2>&1 |
    grep '^name=' | grep -v '/cold ' | tail -1
}
median_of() { sed -n 's/.* median=\([0-9.]*\).*/\1/p'; }
{
  echo "# flyc on two LLVMs, interleaved, one core (taskset via bench_flyc -p), caches off (FLYC_CACHE=0)"
  echo "# date: $(date -u '+%Y-%m-%dT%H:%M:%SZ'); host: $(nproc) cores; loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# A: $A ($("$A/flyc" --version 2>&1 | head -1))"
  echo "# B: $B ($("$B/flyc" --version 2>&1 | head -1))"
  echo "# command: bench/run_llvm_compare.sh -a $A -b $B -n $N -r $R"
  echo "# each case: A then B, $R rounds of $N runs (2 warm-ups); a row is the median of the rounds' medians (ms)"
  printf '%-16s %-7s %-11s %10s %10s %7s\n' kernel target path A_ms B_ms B/A
  for cs in "${cases[@]}"; do
    a=() b=()
    for ((i = 0; i < R; i++)); do
      la=$(run "$A" "$cs"); lb=$(run "$B" "$cs")
      echo "#A $la" >&2; echo "#B $lb" >&2
      a+=("$(median_of <<<"$la")") b+=("$(median_of <<<"$lb")")
    done
    ma=$(printf '%s\n' "${a[@]}" | sort -g | awk '{v[NR]=$1} END{print (NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2}')
    mb=$(printf '%s\n' "${b[@]}" | sort -g | awk '{v[NR]=$1} END{print (NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2}')
    IFS='|' read -r name target path _ <<<"$cs"
    printf '%-16s %-7s %-11s %10.2f %10.2f %7.2f\n' "$name" "$target" "$path" "$ma" "$mb" \
      "$(awk -v a="$ma" -v b="$mb" 'BEGIN{print (a>0)?b/a:0}')"
  done
  for cs in "${only_b[@]}"; do
    b=()
    for ((i = 0; i < R; i++)); do
      lb=$(run "$B" "$cs"); echo "#B $lb" >&2
      b+=("$(median_of <<<"$lb")")
    done
    mb=$(printf '%s\n' "${b[@]}" | sort -g | head -1)
    IFS='|' read -r name target path _ <<<"$cs"
    printf '%-16s %-7s %-11s %10s %10.2f %7s\n' "$name" "$target" "$path" "-" "$mb" "-"
  done
} 2> >(tee "$out.raw" >&2) | tee "$out"

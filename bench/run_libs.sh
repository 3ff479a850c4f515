#!/usr/bin/env bash
# The link-library benchmark on the CPU (issue 12): flyc compiling a small
# kernel against a big link library, next to clang-22 making the same code
# object or PTX from the same kernel and library, in one run. Cases:
#   biglib/<gfx>   the generated library (tests/fixtures/biglib_gen.c, 21 MB), COV 5
#   biglib/<sm>    its NVPTX twin
#   mori/gfx942    mori's real libmori_shmem_device.bc (MORI_BC; default the copy
#                  in tests/fixtures/vendor/mori), COV 5, with
#                  bench/kernels/mori_k.ll.in (five mori_shmem_* calls)
#   nvshmem/sm_90  NVSHMEM's libnvshmem_device.bc, only when NVSHMEM_BC names it
#                  (bench/kernels/nvshmem_k.ll.in: my_pe, n_pes, int_p, quiet)
# N runs of each flyc scenario (bench_libs; every kernel gets a fresh name, so
# the compile cache misses and only the library cache can hit):
#   cold    a fresh FLYC_CACHE_DIR, a fresh process, its first compile
#   warm    a fresh process whose FLYC_CACHE_DIR the cold run filled: the
#           library's closure comes from the library cache on disk
#   second  the cold process's second kernel: the closure from memory
# and N runs of clang-22 -O3 -mlink-builtin-bitcode on the same kernel and
# library (mori: with ROCm's ockl.bc and oclc_*.bc, which flyc links by itself).
# Everything is pinned to CPU 0. Reported: medians of flyc_compile_file's time
# (ms), of its link stage, and of the whole process (start to exit: what
# clang's number is); the peak RSS of the process tree (/usr/bin/time: the
# largest process, the child that reads an untrusted library included); flyc
# over clang.
#
# usage: bench/run_libs.sh [-b BUILD] [-n N] [-o OUT]
#   BUILD  a build with -DFLYC_BUILD_BENCH=ON (default build-bench): bench/bench_libs
#          and tests/fixtures/ (biglib_*.bc, k_biglib_*.ll)
#   OUT    also write the report there (e.g. bench/results/cpu-libs-<date>.txt)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
B=$root/build-bench N=7 OUT=
while getopts "b:n:o:h" o; do
  case $o in
    b) B=$(cd "$OPTARG" && pwd) ;; n) N=$OPTARG ;; o) OUT=$OPTARG ;;
    *) sed -n '2,29p' "$0" >&2; exit 2 ;;
  esac
done
BL=$B/bench/bench_libs fx=$B/tests/fixtures
# mori's library: MORI_BC, else the copy vendored in tests/fixtures/vendor/mori
# (the same bytes as ../shared/vendor/mori's).
MORI_BC=${MORI_BC:-$root/tests/fixtures/vendor/mori/libmori_shmem_device.bc}
CLANG=${CLANG:-clang-22}
ROCM_BC=${ROCM_BC:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
for f in "$BL" /usr/bin/time; do [ -x "$f" ] || { echo "missing $f" >&2; exit 1; }; done
command -v "$CLANG" > /dev/null || { echo "missing $CLANG" >&2; exit 1; }
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
unset FLYC_CACHE # the caches on: each run names its own FLYC_CACHE_DIR
PIN="taskset -c 0"
now() { date +%s%N; }
ms() { echo "scale=2; ($2 - $1) / 1000000" | bc; }
median() { sort -g | awk '{v[NR]=$1} END {if (!NR) print "-"; else if (NR % 2) print v[(NR+1)/2]; else printf "%.2f\n", (v[NR/2]+v[NR/2+1])/2}'; }
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; } # KEY < line

# A kernel template with KNAME where the kernel's name goes.
sed 's/@biglib_kernel\b/@KNAME/g' "$fx"/k_biglib_amdgcn.*.ll > "$work/biglib_amdgcn.ll.in" 2>/dev/null
sed 's/@biglib_kernel\b/@KNAME/g' "$fx"/k_biglib_nvptx.*.ll > "$work/biglib_nvptx.ll.in" 2>/dev/null
gfx=$(ls "$fx"/biglib_amdgcn.*.bc 2>/dev/null | sed 's/.*biglib_amdgcn\.\(.*\)\.bc/\1/')
sm=$(ls "$fx"/biglib_nvptx.*.bc 2>/dev/null | sed 's/.*biglib_nvptx\.\(.*\)\.bc/\1/')
[ -n "$gfx" ] && [ -n "$sm" ] || { echo "no biglib fixtures in $fx" >&2; exit 1; }
cov_of() { [ "$1" = gfx90a ] && echo 4 || echo 5; }

# name target cov lib template [clang extra args...]
cases=()
add_case() { cases+=("$*"); }
add_case "biglib/$gfx" "$gfx" "$(cov_of "$gfx")" "$fx/biglib_amdgcn.$gfx.bc" "$work/biglib_amdgcn.ll.in"
add_case "biglib/$sm" "$sm" 0 "$fx/biglib_nvptx.$sm.bc" "$work/biglib_nvptx.ll.in"
if [ -f "$MORI_BC" ]; then
  ocl=""
  for f in ockl oclc_isa_version_940 oclc_abi_version_500 oclc_wavefrontsize64_on \
           oclc_daz_opt_off oclc_finite_only_off oclc_correctly_rounded_sqrt_on oclc_unsafe_math_off; do
    ocl="$ocl -Xclang -mlink-builtin-bitcode -Xclang $ROCM_BC/$f.bc"
  done
  add_case mori/gfx942 gfx942 5 "$MORI_BC" "$here/kernels/mori_k.ll.in" $ocl
else
  echo "run_libs.sh: mori's libmori_shmem_device.bc not found (MORI_BC): no mori case" >&2
fi
[ -n "${NVSHMEM_BC:-}" ] && add_case nvshmem/sm_90 sm_90 0 "$NVSHMEM_BC" "$here/kernels/nvshmem_k.ll.in"

kernel() { sed "s/KNAME/$2/g" "$1" > "$work/$2.ll"; echo "$work/$2.ll"; } # TEMPLATE NAME

raw=$work/raw
: > "$raw"
run_case() { # name target cov lib template [clang extra...]
  local name=$1 t=$2 cov=$3 lib=$4 tmpl=$5; shift 5
  local copt=() peer
  [ "$cov" != 0 ] && copt=(-c "$cov")
  if [[ $t == gfx* ]]; then
    peer=(--target=amdgcn-amd-amdhsa -mcpu="$t" -nogpulib -x ir)
  else
    peer=(--target=nvptx64-nvidia-cuda -march="$t" -S -x ir)
  fi
  for i in $(seq "$N"); do
    local tag k0 k1 k2 k3 dir dir2 t0 t1 out
    tag=k$(echo "$name" | tr -c 'a-z0-9\n' _)_${i}_$$
    k0=$(kernel "$tmpl" "${tag}_cold") k1=$(kernel "$tmpl" "${tag}_first")
    k2=$(kernel "$tmpl" "${tag}_second") k3=$(kernel "$tmpl" "${tag}_warm")
    dir=$(mktemp -d -p "$work") dir2=$(mktemp -d -p "$work")
    # cold: a process of its own, so that its time and RSS are the first compile's
    t0=$(now)
    out=$(FLYC_CACHE_DIR=$dir /usr/bin/time -f "tree_rss_kb=%M" $PIN "$BL" -a "$t" "${copt[@]}" -l "$lib" "$k0" 2>&1)
    t1=$(now)
    grep -q '^kernel=0' <<< "$out" || { echo "$name: bench_libs failed: $out" >&2; return 1; }
    echo "case=$name run=$i scenario=cold $(echo "$out" | grep '^kernel=0' | cut -d' ' -f3-) proc_ms=$(ms "$t0" "$t1") tree_rss_kb=$(echo "$out" | field tree_rss_kb)" >> "$raw"
    # warm: a fresh process on the cold run's cache directory
    t0=$(now)
    out=$(FLYC_CACHE_DIR=$dir /usr/bin/time -f "tree_rss_kb=%M" $PIN "$BL" -a "$t" "${copt[@]}" -l "$lib" "$k3" 2>&1)
    t1=$(now)
    grep -q '^kernel=0' <<< "$out" || { echo "$name: bench_libs failed: $out" >&2; return 1; }
    echo "case=$name run=$i scenario=warm $(echo "$out" | grep '^kernel=0' | cut -d' ' -f3-) proc_ms=$(ms "$t0" "$t1") tree_rss_kb=$(echo "$out" | field tree_rss_kb)" >> "$raw"
    # second: the second kernel of a process that compiled a first one cold
    out=$(FLYC_CACHE_DIR=$dir2 /usr/bin/time -f "tree_rss_kb=%M" $PIN "$BL" -a "$t" "${copt[@]}" -l "$lib" "$k1" "$k2" 2>&1)
    grep -q '^kernel=1' <<< "$out" || { echo "$name: bench_libs failed: $out" >&2; return 1; }
    echo "case=$name run=$i scenario=second $(echo "$out" | grep '^kernel=1' | cut -d' ' -f3-) tree_rss_kb=$(echo "$out" | field tree_rss_kb)" >> "$raw"
    t0=$(now)
    out=$(/usr/bin/time -f "tree_rss_kb=%M" $PIN "$CLANG" -O3 "${peer[@]}" "$k0" -Xclang -mlink-builtin-bitcode -Xclang "$lib" "$@" -o "$work/clang.out" 2>&1)
    local rc=$?
    t1=$(now)
    [ $rc = 0 ] || { echo "$name: clang failed: $out" >&2; return 1; }
    echo "case=$name run=$i scenario=clang proc_ms=$(ms "$t0" "$t1") tree_rss_kb=$(echo "$out" | field tree_rss_kb)" >> "$raw"
    rm -rf "$dir" "$dir2" "$k0" "$k1" "$k2" "$k3"
  done
}

sizes() { printf "%.0f/%.0f" "$(echo "$1 / 1024" | bc -l)" "$(echo "$2 / 1024" | bc -l)"; } # KB KB -> MB/MB
stat_of() { # case scenario key
  grep "^case=$1 .*scenario=$2 " "$raw" | field "$3" | median
}

report() {
  echo "# link libraries, CPU, $(date -u +%FT%TZ), $N runs each, pinned to CPU 0; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); $(nproc) cores"
  echo "# $(LD_LIBRARY_PATH= "$B/flyc" --version 2>/dev/null | head -1); $("$CLANG" --version | head -1)"
  echo "# loadavg at end: $(cat /proc/loadavg)"
  echo "# command: bench/run_libs.sh $ARGS${NVSHMEM_BC:+ (NVSHMEM_BC=$NVSHMEM_BC)}"
  echo "# ms: compile = flyc_compile_file, link = its link stage, proc = the whole process (start to"
  echo "# exit, as clang's); rss = peak RSS (MB) of the largest process of the tree, cold / warm"
  printf "%-16s %9s %8s %9s %9s %8s %9s %8s %8s %9s | %9s %7s | %10s %10s %10s\n" case \
    cold link proc warm link proc second link rss clang rss cold/clang warm/clang 2nd/clang
  for c in "${cases[@]}"; do
    set -- $c
    local n=$1 cc cl cp wc wl wp sc sl rss wrss kc kr
    cc=$(stat_of "$n" cold total_ms) cl=$(stat_of "$n" cold link_ms) cp=$(stat_of "$n" cold proc_ms)
    wc=$(stat_of "$n" warm total_ms) wl=$(stat_of "$n" warm link_ms) wp=$(stat_of "$n" warm proc_ms)
    sc=$(stat_of "$n" second total_ms) sl=$(stat_of "$n" second link_ms)
    rss=$(stat_of "$n" cold tree_rss_kb) wrss=$(stat_of "$n" warm tree_rss_kb)
    kc=$(stat_of "$n" clang proc_ms) kr=$(stat_of "$n" clang tree_rss_kb)
    printf "%-16s %9s %8s %9s %9s %8s %9s %8s %8s %9s | %9s %7.0f | %10.3f %10.3f %10.3f\n" "$n" \
      "$cc" "$cl" "$cp" "$wc" "$wl" "$wp" "$sc" "$sl" "$(sizes "$rss" "$wrss")" \
      "$kc" "$(echo "$kr / 1024" | bc -l)" "$(echo "$cc / $kc" | bc -l)" \
      "$(echo "$wc / $kc" | bc -l)" "$(echo "$sc / $kc" | bc -l)"
  done
  echo
  echo "# origins (every flyc compile must be 'compiled': the compile cache never served one):" \
    "$(field origin < "$raw" | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
  echo "# raw samples:"
  sed 's/^/# /' "$raw"
}

ARGS="$*"
rc=0
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086
  run_case $c || rc=1
done
if [ -n "$OUT" ]; then report > "$OUT" && cat "$OUT"; else report; fi
exit $rc

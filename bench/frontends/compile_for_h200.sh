#!/bin/sh
# Compiles, with flyc, every kernel that bench/frontends/triton_run.py and clang_run.py run on
# an H200 (sm_90), into one directory:
#   tests/frontends/triton/<k>.cuda.ll          -> DIR/triton/<k>.flyc.ptx  (--arch sm_90a: Triton
#                                                  compiled them for sm_90a; the gemm uses wgmma)
#   tests/frontends/clang/out/<k>.sm_90.O3.ll   -> DIR/clang/<k>.flyc.ptx   (--arch sm_90; sm_80's
#                                                  IR with --arch sm_80 where no sm_90 IR exists;
#                                                  wgmma_gemm's sm_90a IR with --arch sm_90a)
# No --link: flyc links libdevice on demand (from /usr/local/cuda) for the __nv_* calls.
# Every compile is --no-cache -O 3. A failure is printed with flyc's message and the script goes
# on; it exits 1 if any compile failed.
#
# Usage: compile_for_h200.sh [FLYC [DIR]]   (defaults: build22/flyc, h200-ptx)
# Then, on the GPU machine:
#   python bench/frontends/triton_run.py --flyc-dir DIR/triton
#   python bench/frontends/clang_run.py  --flyc-dir DIR/clang
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
FLYC=${1:-$root/build22/flyc}
DIR=${2:-h200-ptx}
if [ ! -x "$FLYC" ]; then
  echo "compile_for_h200.sh: no flyc binary at $FLYC" >&2
  exit 2
fi
mkdir -p "$DIR/triton" "$DIR/clang"
fail=0
n=0

compile() { # in arch out
  n=$((n + 1))
  if log=$("$FLYC" compile "$1" --arch "$2" -o "$3" --no-cache -O 3 --quiet 2>&1); then
    echo "ok    $2  $1 -> $3"
  else
    rc=$?
    echo "FAIL  $2  $1 -> $3 (exit $rc)"
    printf '%s\n' "$log" | sed 's/^/      /'
    fail=$((fail + 1))
  fi
}

for ll in "$root"/tests/frontends/triton/*.cuda.ll; do
  k=$(basename "$ll" .cuda.ll)
  compile "$ll" sm_90a "$DIR/triton/$k.flyc.ptx"
done

out=$root/tests/frontends/clang/out
for k in vadd reduce histogram wmma_gemm math wgmma_gemm; do
  ll=
  for s in sm_90 sm_90a sm_80; do
    if [ -e "$out/$k.$s.O3.ll" ]; then
      ll=$out/$k.$s.O3.ll
      break
    fi
  done
  if [ -z "$ll" ]; then
    echo "FAIL  $k: no $out/$k.{sm_90,sm_90a,sm_80}.O3.ll"
    fail=$((fail + 1))
    continue
  fi
  compile "$ll" "$s" "$DIR/clang/$k.flyc.ptx"
done

echo "$((n - fail)) of $n compiled into $DIR ($fail failed)"
[ "$fail" -eq 0 ]

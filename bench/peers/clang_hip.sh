#!/usr/bin/env bash
# clang_hip.sh: time clang-15 compiling a HIP file to a gfx90a code object (out of process),
# W warm-ups then N runs, pinned to CPU 0, through bench_run_cmd so the summary line has the
# harness format: name=clang_hip/<kernel>/<arch> unit=ms n=.. median=.. ...
#
# usage: bench/peers/clang_hip.sh [-n N] [-w W] [-a gfx90a] [-O -O3] [-o out.co] [-v] file.hip
# env:   CLANG (default clang-15), BENCH_RUN_CMD (path of bench_run_cmd; default: found next to
#        this script's build tree or on PATH), ROCM_DEVICE_LIB_PATH
#        (default /usr/lib/x86_64-linux-gnu/amdgcn/bitcode), ROCM_PATH (default /usr)
set -euo pipefail

N=7 W=1 ARCH=gfx90a OPT=-O3 OUT= VERBOSE=
usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "n:w:a:O:o:vh" o; do
  case $o in
    n) N=$OPTARG ;; w) W=$OPTARG ;; a) ARCH=$OPTARG ;; O) OPT=$OPTARG ;; o) OUT=$OPTARG ;;
    v) VERBOSE=-v ;; *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
SRC=$1
[ -r "$SRC" ] || { echo "cannot read $SRC" >&2; exit 1; }

CLANG=${CLANG:-clang-15}
ROCM_PATH=${ROCM_PATH:-/usr}
ROCM_DEVICE_LIB_PATH=${ROCM_DEVICE_LIB_PATH:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
command -v "$CLANG" >/dev/null || { echo "$CLANG not found" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
RUN=${BENCH_RUN_CMD:-}
if [ -z "$RUN" ]; then
  for c in "$here/../../build/bench/bench_run_cmd" "$here/../../build/bench_run_cmd" \
           "$(command -v bench_run_cmd || true)"; do
    if [ -n "$c" ] && [ -x "$c" ]; then RUN=$c; break; fi
  done
fi
[ -n "$RUN" ] && [ -x "$RUN" ] || { echo "bench_run_cmd not found: build bench/ and set BENCH_RUN_CMD" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "$OUT" ] || OUT=$tmp/out.co
kernel=$(basename "$SRC"); kernel=${kernel%.*}

cmd=("$CLANG" -x hip --cuda-device-only "--offload-arch=$ARCH" "--rocm-path=$ROCM_PATH"
     "--rocm-device-lib-path=$ROCM_DEVICE_LIB_PATH" --no-gpu-bundle-output "$OPT" "$SRC" -o "$OUT")
echo "# $("$CLANG" --version | head -1)" >&2
echo "# command: ${cmd[*]}" >&2
# -p: bench_run_cmd pins itself to CPU 0 (sched_setaffinity) and its children inherit it.
"$RUN" -p $VERBOSE -w "$W" -n "$N" -N "clang_hip/$kernel/$ARCH" -- "${cmd[@]}"
echo "# code object: $(stat -c %s "$OUT") bytes" >&2

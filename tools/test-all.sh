#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite: against LLVM 15 (Debian 12's
# default), against LLVM 19 (gfx942, sm_90), LLVM 15 without comgr (the lld
# path and the msgpack metadata reader, as the static tool has them), and
# LLVM 15 under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup-debian.sh --tests
jobs=$(nproc)
run() {
  local dir=$1; shift
  echo "== $dir: cmake $*"
  cmake -S . -B "$dir" -DFLYC_BUILD_BENCH=OFF "$@" >/dev/null
  cmake --build "$dir" -j"$jobs" >/dev/null
  (cd "$dir" && ctest --output-on-failure -j"$jobs")
}
run build-test-llvm15 -DLLVM_DIR=/usr/lib/llvm-15/lib/cmake/llvm
run build-test-llvm19 -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm
run build-test-nocomgr -DLLVM_DIR=/usr/lib/llvm-15/lib/cmake/llvm -DFLYC_WITH_COMGR=OFF
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  run build-test-asan -DLLVM_DIR=/usr/lib/llvm-15/lib/cmake/llvm -DCMAKE_BUILD_TYPE=Debug \
  "-DFLYC_SANITIZE=address,undefined"

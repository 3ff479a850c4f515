#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite in every configuration CI
# keeps, and prints the time of each:
#   llvm22         LLVM 22, flyc's primary LLVM (comgr 2.4 serves comgr-link:
#                  it links our objects, but reads only LLVM 15 bitcode)
#   llvm19         LLVM 19
#   llvm15         LLVM 15 with comgr's full path (comgr 2.4 carries LLVM 15)
#   llvm22-nocomgr LLVM 22 without comgr: the lld path and the msgpack
#                  metadata reader, as the static tool has them
#   asan           LLVM 22 under AddressSanitizer + UndefinedBehaviorSanitizer
#   static         the self-contained tool (static LLVM 22): its stripped
#                  size (at most 75 MiB, no LLVM target but AMDGPU and
#                  NVPTX), `flyc targets` and compiles for gfx90a (lld,
#                  lld-lib) and sm_80 (PTX)
#   tsan           LLVM 22 under clang-22's ThreadSanitizer: the tests that compile,
#                  cache, read and load from several threads (tsan_tests
#                  below); a race report fails the test (tools/tsan.supp has
#                  the few suppressions, each with its reason)
#   fuzz           the fuzz targets (tools/fuzz.sh: clang-22, libFuzzer with
#                  ASan+UBSan), FLYC_FUZZ_SECONDS (default 60) each
# Every configuration runs even when one fails; the exit status is 1 when
# any did. Usage: tools/test-all.sh [CONFIG]... (default: all of them)
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup-debian.sh --tests || exit 1
jobs=${FLYC_JOBS:-$(nproc)}  # FLYC_JOBS=N: fewer cores on a shared machine
llvm() { echo "-DLLVM_DIR=/usr/lib/llvm-$1/lib/cmake/llvm"; }
build() {
  local dir=$1; shift
  mkdir -p "$dir"
  cmake -S . -B "$dir" -DFLYC_BUILD_BENCH=OFF "$@" >"$dir/cmake.log" 2>&1 &&
    cmake --build "$dir" -j"$jobs" >"$dir/build.log" 2>&1 ||
    { echo "build failed; the end of $dir/cmake.log and $dir/build.log:";
      tail -n 30 "$dir/cmake.log" "$dir/build.log"; return 1; }
}
suite() {
  local dir=$1; shift
  build "$dir" "$@" || return 1
  # A private, empty compile cache: a warm ~/.cache/flyc would skip codegen.
  rm -rf "$dir/cache"
  (cd "$dir" && FLYC_CACHE_DIR="$PWD/cache" ctest --output-on-failure -j"$jobs")
}
static_tool() {
  local dir=build-test-static fx=build-test-llvm22/tests/fixtures
  build "$dir" "$(llvm 22)" -DFLYC_STATIC_LLVM=ON -DFLYC_BUILD_TESTS=OFF || return 1
  [ -f "$fx/vadd_amdgcn.gfx90a.ll" ] || build build-test-llvm22 "$(llvm 22)" || return 1
  ls -l "$dir/flyc" && ldd "$dir/flyc" | grep -i llvm && return 1
  # Stripped size, and no LLVM target but AMDGPU and NVPTX inside (the
  # empty initializers of CMakeLists.txt keep lld's others out).
  strip -o "$dir/flyc.stripped" "$dir/flyc" && ls -l "$dir/flyc.stripped" || return 1
  if [ "$(nm "$dir/flyc" | grep -cE '(X86|AArch64|RISCV|PPC|ARM)TargetMachine')" != 0 ]; then
    echo "static: an LLVM target other than AMDGPU and NVPTX is linked in"; return 1
  fi
  [ "$(stat -c %s "$dir/flyc.stripped")" -le $((75 * 1024 * 1024)) ] ||
    { echo "static: the stripped tool grew past 75 MiB"; return 1; }
  "$dir/flyc" targets >"$dir/targets.txt" && head -4 "$dir/targets.txt" &&
    FLYC_CACHE=off "$dir/flyc" compile "$fx/vadd_amdgcn.gfx90a.ll" --arch gfx90a --codegen lld \
      -o "$dir/vadd.gfx90a.hsaco" &&
    FLYC_CACHE=off "$dir/flyc" compile "$fx/vadd_amdgcn.gfx90a.ll" --arch gfx90a \
      --codegen lld-lib -o "$dir/vadd.gfx90a.lld-lib.hsaco" &&
    FLYC_CACHE=off "$dir/flyc" compile "$fx/k_mstl_nvptx_intrinsics.sm_80.ll" \
      --link "$fx/mstl_nvptx.sm_80.bc" --arch sm_80 -o "$dir/mstl.sm_80.ptx"
}
# The tests that run flyc from several threads at once.
tsan_tests=(threads cache runtime lld_lib bitcode builder hints signals)
tsan_suite() {
  local dir=build-test-tsan t targets=() re
  for t in "${tsan_tests[@]}"; do targets+=("test_$t"); done
  mkdir -p "$dir"
  # clang-22's ThreadSanitizer: GCC 12's libtsan takes no allocator lock
  # around fork(), so a child forked while another thread allocates (the
  # bitcode pre-check) waits forever on that lock (seen in 1 run of 10).
  cmake -S . -B "$dir" -DFLYC_BUILD_BENCH=OFF "$(llvm 22)" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DFLYC_SANITIZE=thread >"$dir/cmake.log" 2>&1 &&
    cmake --build "$dir" -j"$jobs" --target "${targets[@]}" >"$dir/build.log" 2>&1 ||
    { echo "build failed; the end of $dir/cmake.log and $dir/build.log:";
      tail -n 30 "$dir/cmake.log" "$dir/build.log"; return 1; }
  rm -rf "$dir/cache"
  re="^($(IFS='|'; echo "${tsan_tests[*]}"))\$"
  (cd "$dir" && FLYC_CACHE_DIR="$PWD/cache" \
    TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/../tools/tsan.supp" \
    ctest --output-on-failure -j"$jobs" -R "$re")
}
run_config() {
  case "$1" in
    llvm22) suite build-test-llvm22 "$(llvm 22)" ;;
    llvm19) suite build-test-llvm19 "$(llvm 19)" ;;
    llvm15) suite build-test-llvm15 "$(llvm 15)" ;;
    llvm22-nocomgr) suite build-test-nocomgr "$(llvm 22)" -DFLYC_WITH_COMGR=OFF ;;
    asan)
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        suite build-test-asan "$(llvm 22)" -DCMAKE_BUILD_TYPE=Debug "-DFLYC_SANITIZE=address,undefined" ;;
    static) static_tool ;;
    tsan) tsan_suite ;;
    fuzz) FLYC_FUZZ_BUILD=build-test-fuzz bash tools/fuzz.sh ;;
    *) echo "test-all.sh: unknown configuration $1" >&2; return 2 ;;
  esac
}
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(llvm22 llvm19 llvm15 llvm22-nocomgr asan static tsan fuzz)
summary=() status=0
for c in "${configs[@]}"; do
  echo "== $c"
  t0=$(date +%s)
  if run_config "$c"; then r=ok; else r=FAILED; status=1; fi
  summary+=("$(printf '%-15s %-7s %4ds' "$c" "$r" $(($(date +%s) - t0)))")
done
echo "== summary ($jobs cores)"
printf '%s\n' "${summary[@]}"
exit $status

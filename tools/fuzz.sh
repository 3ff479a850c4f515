#!/usr/bin/env bash
# Builds flyc's fuzz targets (fuzz/: libFuzzer with AddressSanitizer and
# UndefinedBehaviorSanitizer, clang-22, LLVM 22) and runs each for a bounded
# time, starting from the committed seeds (fuzz/corpus/<target>) and every
# crash input found so far (fuzz/regressions/<target>).
#   tools/fuzz.sh [TARGET]...    (default: all; FLYC_FUZZ_SECONDS=60 each)
# Environment: FLYC_FUZZ_SECONDS (per target, default 60), FLYC_FUZZ_BUILD
# (the build directory, default build-fuzz), FLYC_JOBS (build cores).
# Fails when any target finds a crash, a sanitizer report, a leak, an input
# slower than 25 s, or one that allocates over 2 GiB; the input is kept as
# <build>/findings/<target>/{crash,leak,timeout,oom}-<sha1>, to go into
# fuzz/regressions/<target>/ (replayed by ctest's fuzz_<target> in every
# build) once its cause is fixed. The in-process compile targets (ir,
# linklib) run in fork mode: an input on which LLVM ends the process with a
# fatal error, and which an isolated compile (FLYC_COMPILE_ISOLATED) turns
# into a status, is what README says only isolation makes safe: it is
# listed, kept in <build>/findings/<target>/isolated-only/ (for
# fuzz/regressions/<target>_isolated/, replayed isolated), and does not
# fail the run. New coverage goes to <build>/corpus/<target>
# (kept between runs; the committed seeds are not touched).
set -uo pipefail
cd "$(dirname "$0")/.."
b=${FLYC_FUZZ_BUILD:-build-fuzz}
secs=${FLYC_FUZZ_SECONDS:-60}
jobs=${FLYC_JOBS:-$(nproc)}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(codeobj ptx disasm cache_entry artifact ir linklib expr text)
mkdir -p "$b"
cmake -S . -B "$b" -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DFLYC_BUILD_BENCH=OFF \
  -DFLYC_FUZZ=ON "-DFLYC_SANITIZE=address,undefined,fuzzer-no-link" >"$b/cmake.log" 2>&1 &&
  cmake --build "$b" -j"$jobs" --target fuzz_targets >"$b/build.log" 2>&1 ||
  { echo "fuzz.sh: build failed; the end of $b/cmake.log and $b/build.log:";
    tail -n 30 "$b/cmake.log" "$b/build.log"; exit 1; }
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export FLYC_CACHE=0
status=0 summary=()
for t in "${targets[@]}"; do
  seeds=fuzz/corpus/$t
  [ "$t" = disasm ] && seeds=fuzz/corpus/codeobj # the same code objects
  dirs=("$b/corpus/$t" "$seeds")
  [ -n "$(ls -A "fuzz/regressions/$t" 2>/dev/null | grep -v README)" ] && dirs+=("fuzz/regressions/$t")
  mkdir -p "$b/corpus/$t" "$b/findings/$t"
  log=$b/findings/$t.log
  echo "== fuzz_$t ${secs}s"
  bin=$b/fuzz/fuzz_$t
  opts=(-max_total_time="$secs" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$b/findings/$t/")
  case $t in
    # In-process compiles: an LLVM fatal error ends the process, as README
    # says; fork mode goes on past it, and each input is judged below.
    ir|linklib) opts+=(-fork=1 -ignore_crashes=1) ;;
  esac
  "$bin" "${opts[@]}" "${dirs[@]}" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\): cov.*/\1/p' "$log" | tail -1)
  r=ok isolated_only=0
  [ $rc -eq 0 ] || r=FAILED
  # Every input kept: an LLVM fatal error in process that the isolated
  # compile turns into a status is a finding (isolated-only/); anything
  # else fails.
  for f in "$b/findings/$t"/crash-* "$b/findings/$t"/leak-* "$b/findings/$t"/timeout-* \
           "$b/findings/$t"/oom-*; do
    [ -e "$f" ] || continue
    # The replay's output first: under pipefail, the replay's own failing
    # status (a fatal error ends the process) would fail a pipe into grep.
    replay=$("$bin" "$f" 2>&1)
    if [ "${f##*/crash-}" != "$f" ] && grep -q '^fuzz: LLVM fatal error in process' <<< "$replay" &&
       FLYC_FUZZ_ISOLATED=1 "$bin" "$f" >"$f.isolated.log" 2>&1; then
      mkdir -p "$b/findings/$t/isolated-only"
      mv "$f" "$b/findings/$t/isolated-only/"
      isolated_only=$((isolated_only + 1))
    else
      r=FAILED
      echo "fuzz_$t: $f:"
      grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz:|LLVM ERROR)' <<< "$replay" | head -6
    fi
  done
  if [ $r = FAILED ]; then
    status=1
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz:|artifact_prefix|Test unit written)' "$log" | head -8
    tail -n 40 "$log"
  fi
  note=
  [ $isolated_only -eq 0 ] || note=" ($isolated_only safe only isolated: $b/findings/$t/isolated-only)"
  summary+=("$(printf '%-12s %-7s %10s executions%s' "$t" "$r" "${execs:-?}" "$note")")
done
echo "== fuzz summary (${secs}s each)"
printf '%s\n' "${summary[@]}"
exit $status

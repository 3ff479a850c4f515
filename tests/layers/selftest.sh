#!/usr/bin/env bash
# The self-test of tools/check-layers.sh: a few tiny C files (tree/) compiled
# into a build directory laid out as CMake's, checked against map, with an
# upward edge, a cycle, an unmapped file, a deny rule with its allowed symbol,
# runtime including src/, a lingering old object and allow lists (a known
# line, a stale one, a "? " one, a cycle allowed by a bigger one).
# Usage: tests/layers/selftest.sh [C compiler]   (KEEP=1 keeps its files)
set -uo pipefail
cd "$(dirname "$0")" || exit 1
cc=${1:-${CC:-cc}}
check=../../tools/check-layers.sh
tmp=$(mktemp -d) || exit 1
if [ -n "${KEEP:-}" ]; then echo "kept $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
fail=0
obj=$tmp/build/CMakeFiles/fx.dir/src
mkdir -p "$obj"
for f in low high a b new; do
  "$cc" -O2 -c "tree/src/$f.c" -o "$obj/$f.c.o" || exit 1
done
"$cc" -O2 -x c -c tree/src/gone.c.in -o "$obj/gone.c.o" || exit 1

# run NAME STATUS ARGS...: the check's output must be expected/NAME.
run() {
  local name=$1 want=$2; shift 2
  bash "$check" "$@" >"$tmp/$name.raw" 2>&1
  local rc=$?
  sed "s|$tmp|TMP|g" "$tmp/$name.raw" >"$tmp/$name.out"
  if [ $rc -ne "$want" ]; then
    echo "FAIL $name: exit status $rc, expected $want"; fail=1
  fi
  if ! diff -u "expected/$name" "$tmp/$name.out"; then
    echo "FAIL $name: output differs from expected/$name"; fail=1
  fi
}
args=(--map map --src tree "$tmp/build")
run all 1 --allow /dev/null "${args[@]}"
run allow 1 --allow allow "${args[@]}"
# Every violation allowed, the cycle by one of three files: clean.
grep -v '^check-layers.sh:' "$tmp/all.out" |
  sed 's|^cycle: src/a.c src/b.c: .*|cycle: src/a.c src/b.c src/high.c: file-level cycle of 3 files|' \
    >"$tmp/allow-all"
run clean 0 --allow "$tmp/allow-all" "${args[@]}"

# Usage errors.
for bad in "" "--map" "--bogus $tmp/build" "--map map $tmp/none" "--map map --src tree $tmp/build $tmp/build"; do
  # shellcheck disable=SC2086
  bash "$check" $bad >/dev/null 2>&1
  rc=$?
  [ $rc -eq 2 ] || { echo "FAIL usage '$bad': exit status $rc, expected 2"; fail=1; }
done
printf 'target fx\nsrc/a.c one\n' >"$tmp/badmap"
bash "$check" --map "$tmp/badmap" --src tree "$tmp/build" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL bad map: exit status $rc, expected 2"; fail=1; }
[ $fail -eq 0 ] && echo "check-layers.sh self-test: ok"
exit $fail

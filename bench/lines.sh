#!/usr/bin/env bash
# Lines of kernel body (issue 14's goal: within 1.5x of the CUDA version):
# each example kernel in examples/*_kernel.h next to the CUDA it stands for
# in bench/lines/*.cu. What is counted is what sits between the markers
# '/* lines: NAME */' and '/* lines: end */' (the body and the helpers it
# calls, signatures included): lines that are not blank and not only a
# comment. With nvcc on the PATH or in /usr/local/cuda, each .cu is also
# compiled (-arch=sm_90 -c) so that the peer is real code.
#   bench/lines.sh [-o OUT]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=
[ "${1:-}" = -o ] && OUT=$2
count() { # FILE NAME: the lines of block NAME, or - when the file has none
  awk -v n="$2" '
    $0 ~ "/\\* lines: " n " \\*/" { on = 1; found = 1; next }
    on && $0 ~ "/\\* lines: end \\*/" { on = 0; next }
    on && $0 !~ /^[ \t]*$/ && $0 !~ /^[ \t]*(\/\/.*|\/\*.*\*\/|\*.*|\/\*[^*]*)$/ { c++ }
    END { if (found) print c + 0; else print "-" }' "$1"
}
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
report() {
  echo "# kernel body lines, $(date -u +%F); command: bench/lines.sh${OUT:+ -o $OUT}"
  echo "# counted: non-blank, non-comment lines between the '/* lines: NAME */' markers"
  [ -n "$nvcc" ] && echo "# peers compiled with $("$nvcc" --version | tail -1) -arch=sm_90 -c"
  printf "%-14s %-28s %6s %6s %7s\n" kernel flyc flyc cuda ratio
  for h in "$root"/examples/*_kernel.h; do
    for n in $(sed -n 's|.*/\* lines: \([a-z0-9_]*\) \*/.*|\1|p' "$h" | grep -v '^end$'); do
      f=$(count "$h" "$n") cu=-
      for c in "$root"/bench/lines/*.cu; do
        [ "$(count "$c" "$n")" != - ] && cu=$(count "$c" "$n") && peer=$c
      done
      ratio=-
      [ "$cu" != - ] && ratio=$(echo "scale=2; $f / $cu" | bc)
      printf "%-14s %-28s %6s %6s %7s\n" "$n" "examples/${h##*/}" "$f" "$cu" "$ratio"
    done
  done
}
if [ -n "$nvcc" ]; then
  for c in "$root"/bench/lines/*.cu; do
    "$nvcc" -arch=sm_90 -c "$c" -o /dev/null || { echo "lines.sh: $c does not compile" >&2; exit 1; }
  done
fi
if [ -n "$OUT" ]; then report > "$OUT" && cat "$OUT"; else report; fi

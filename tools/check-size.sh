#!/usr/bin/env bash
# The size rule of the one-way layout (issue 11): no library or CLI file over
# 600 lines and no function over 80, unless tools/size.allow names it with a
# reason. A function starts at a signature at column 0 and runs to the brace
# that closes its body (braces counted outside strings, characters and
# comments), however the code is laid out. Exit 0 when clean, 1 with the list when not;
# an allow line that no longer applies is reported too, so the list only
# shrinks. Usage: tools/check-size.sh [ROOT]
set -uo pipefail
root=${1:-$(dirname "$0")/..}
cd "$root" || exit 2
allow=tools/size.allow
max_file=600 max_fn=80
found=$(mktemp) && trap 'rm -f "$found"' EXIT
while IFS= read -r f; do
  n=$(wc -l <"$f")
  [ "$n" -gt "$max_file" ] && echo "file $f $n" >>"$found"
  awk -v file="$f" -v max="$max_fn" '
    # The braces of a line, outside strings, characters and comments.
    function depth_of(l,   c) {
      gsub(/\\./, "", l); gsub(/"[^"]*"/, "", l); gsub(/\047[^\047]*\047/, "", l)
      sub(/\/\/.*/, "", l); gsub(/\/\*[^*]*\*+([^\/*][^*]*\*+)*\//, "", l)
      c = gsub(/\{/, "{", l); return c - gsub(/\}/, "}", l)
    }
    function begin(s) { sig = s; start = NR; infn = 1; depth = 0; pending = "" }
    !infn && /^[A-Za-z_][^=;]*\)[^;=]*\{/ { begin($0) }
    !infn && /^[A-Za-z_][^=;]*\)$/ || !infn && /^[A-Za-z_][^=;]*,$/ { pending = $0; next }
    !infn && /^\{/ && pending != "" { begin(pending) }
    !infn && /^ .*\)[^;=]*\{/ && pending != "" { begin(pending) }
    !infn { if (!(/^ / && pending != "")) pending = ""; next }
    {
      depth += depth_of($0)
      if (depth <= 0) {
        len = NR - start + 1; infn = 0
        name = sig; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
        if (len > max) printf "function %s:%s %d\n", file, name, len
      }
    }' "$f" >>"$found"
done < <(find src runtime tools/cli \( -name '*.c' -o -name '*.cpp' \) | sort)
status=0
while read -r kind what n; do
  if ! grep -q "^$kind $what " "$allow" 2>/dev/null; then
    lim=$max_fn; [ "$kind" = file ] && lim=$max_file
    echo "$kind $what: $n lines (over $lim): split it, or give the reason in $allow"
    status=1
  fi
done <"$found"
if [ -f "$allow" ]; then
  while read -r kind what _; do
    case "$kind" in '' | '#'*) continue ;; esac
    grep -q "^$kind $what " "$found" ||
      { echo "stale line in $allow (no longer over the limit: delete it): $kind $what"; status=1; }
  done <"$allow"
fi
exit $status

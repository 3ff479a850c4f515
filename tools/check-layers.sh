#!/usr/bin/env bash
# Checks that flyc keeps its one-way shape (README.md's Layout), from the
# object files of a build: which file calls which.
#
# Usage: tools/check-layers.sh [-v] [--map FILE] [--allow FILE] [--src DIR] BUILD_DIR
#
# The graph: file A -> file B when A's object has an undefined external
# symbol that B's object defines (nm; inlined static functions are gone, and
# calls through function pointers are no edges: the check is about the
# external symbols between files). Objects are those of the targets named by
# the map's `target` lines (BUILD_DIR/CMakeFiles/<target>.dir/...), the source
# of each read from its path. The checks, each violation one line:
#   a. every source file (of an object, or any *.c/*.cpp under src/, runtime/,
#      tools/) has a layer in the map:   FILE: no layer in the map (...)
#   b. no edge goes up a layer:          A -> B (symbol): upward call, L2 (..) -> L4 (..)
#   c. no file-level cycle among the files of the map's `nocycle` globs:
#                                        cycle: A B C: ...
#   d. runtime/ never includes src/ headers (runtime/**.c, .h, .def), and
#      the map's `deny-include` rules:   FILE -> HEADER (#include): why
#   e. the map's `deny` rules, less its `allow` exceptions:
#                                        A -> B (symbol): why
# An edge gets one line, for the first rule it breaks in that order.
#
# The map (tools/layers.map by default, next to this script), one rule a line,
# `#` starts a comment, a reason may be quoted:
#   <glob> <layer number> [name]          a file's layer: the first match wins
#   deny <from-glob> <to-glob> <reason>   a banned edge (any layers)
#   allow <from-glob> <to-glob> [<symbol-glob>]
#                                         an exception to the deny line above
#                                         it (not to the layers): its edges, or
#                                         only the symbols matching
#   deny-include <file-glob> <header-glob> <reason>
#   nocycle <glob>                        files checked for cycles
#   target <name>                         a CMake target whose objects are read
# Globs: `*` and `?` within one path segment, `**` across segments
# (`a/**` is everything below a/, `**/x.c` any x.c), `[...]`, `{a,b}`.
#
# Known violations: the allow file (tools/layers.allow by default) lists lines
# exactly as printed; they are subtracted and counted in a warning. A line
# there that no longer happens is itself a failure ("stale"): the list can
# only shrink. An allowed cycle also allows any cycle of some of its files (a
# configuration without comgr has a smaller one; a cycle being broken up
# shrinks), with a note. A line starting with "? " may not happen in every
# configuration and is never stale (keep those few). `#` starts a comment.
#
# Exit status: 0 clean (allowed violations aside), 1 violations or stale
# allow lines, 2 usage errors. Needs bash, POSIX tools and nm.
set -uo pipefail
me=check-layers.sh
usage() {
  echo "usage: $me [-v] [--map FILE] [--allow FILE] [--src DIR] BUILD_DIR" >&2
  exit 2
}
here=$(cd "$(dirname "$0")" && pwd)
map=$here/layers.map allow=$here/layers.allow src="" build="" verbose=0
while [ $# -gt 0 ]; do
  case "$1" in
    -v) verbose=1 ;;
    --map) [ $# -ge 2 ] || usage; map=$2; shift ;;
    --allow) [ $# -ge 2 ] || usage; allow=$2; shift ;;
    --src) [ $# -ge 2 ] || usage; src=$2; shift ;;
    -h|--help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;;
    -*) echo "$me: unknown option $1" >&2; usage ;;
    *) [ -z "$build" ] || usage; build=$1 ;;
  esac
  shift
done
[ -n "$build" ] || usage
[ -d "$build" ] || { echo "$me: no build directory $build" >&2; exit 2; }
[ -f "$map" ] || { echo "$me: no layer map $map" >&2; exit 2; }
if [ -z "$src" ]; then
  # The tree the objects were built from; else this script's tree.
  src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null)
  [ -n "$src" ] || src=$here/..
fi
[ -d "$src" ] || { echo "$me: no source directory $src" >&2; exit 2; }
build=$(cd "$build" && pwd) src=$(cd "$src" && pwd)
[ -f "$allow" ] || allow=/dev/null

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# The objects of each target: those its link step names (link.txt, with the
# Makefile generators), else every object under its directory whose source
# still exists (a moved file's old object may linger in the build directory).
: >"$tmp/objs"
targets=$(awk '$1 == "target" { print $2 }' "$map")
[ -n "$targets" ] || { echo "$me: $map names no target" >&2; exit 2; }
for t in $targets; do
  d=CMakeFiles/$t.dir
  [ -d "$build/$d" ] || { echo "$me: no $build/$d (is the target built?)" >&2; exit 2; }
  if [ -f "$build/$d/link.txt" ]; then
    tr ' ' '\n' <"$build/$d/link.txt" | grep -E "^$d/.*\\.o\$" >>"$tmp/objs"
  else
    (cd "$build" && find "$d" -name '*.o') | while read -r o; do
      s=${o#"$d"/}
      [ ! -f "$src/${s%.o}" ] || echo "$o"
    done >>"$tmp/objs"
  fi
done
[ -s "$tmp/objs" ] || { echo "$me: no object files under $build/CMakeFiles" >&2; exit 2; }
missing=$(cd "$build" && while read -r o; do [ -f "$o" ] || echo "$o"; done <"$tmp/objs")
[ -z "$missing" ] || { echo "$me: objects not built: $missing" >&2; exit 2; }

# External symbols of every object, POSIX format: "OBJ: NAME TYPE ...".
(cd "$build" && xargs nm -P -A -g <"$tmp/objs") >"$tmp/nm" 2>"$tmp/nm.err"
rc=$?
if [ $rc -ne 0 ] && grep -qv 'no symbols' "$tmp/nm.err"; then
  cat "$tmp/nm.err" >&2; exit 2
fi

# Every source file in the tree (a file no configuration builds still needs
# its layer), and the include lines of every file.
(cd "$src" && for d in src runtime tools; do
  [ ! -d "$d" ] || find "$d" -type f \( -name '*.c' -o -name '*.cpp' \)
done) >"$tmp/sources"
(cd "$src" && for d in src runtime tools; do
  [ ! -d "$d" ] ||
    find "$d" -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.h' -o -name '*.def' \)
done | sort | xargs awk '/^[ \t]*#[ \t]*include[ \t]*["<]/ {
  s = $0; sub(/^[ \t]*#[ \t]*include[ \t]*["<]/, "", s); sub(/[">].*/, "", s)
  print FILENAME " " s
}' /dev/null) >"$tmp/includes"

prog=$(cat <<'AWK'
function die(msg) { print "check-layers.sh: " msg >"/dev/stderr"; bad = 2; exit 2 }
# A glob as an anchored regular expression.
function g2r(g,   r, i, n, c, depth) {
  r = "^"; n = length(g); depth = 0
  for (i = 1; i <= n; i++) {
    c = substr(g, i, 1)
    if (c == "*") {
      if (substr(g, i + 1, 1) == "*") {
        i++
        if (substr(g, i + 1, 1) == "/") { i++; r = r "(.*/)?" } else r = r ".*"
      } else r = r "[^/]*"
    } else if (c == "?") r = r "[^/]"
    else if (c == "[") {
      r = r "["; i++
      if (substr(g, i, 1) == "!") { r = r "^"; i++ }
      while (i <= n && substr(g, i, 1) != "]") { r = r substr(g, i, 1); i++ }
      r = r "]"
    } else if (c == "{") { r = r "("; depth++ }
    else if (c == "}" && depth > 0) { r = r ")"; depth-- }
    else if (c == "," && depth > 0) r = r "|"
    else if (index(".+()|^$\\", c)) r = r "\\" c
    else r = r c
  }
  return r "$"
}
function rest(from,   i, s) {
  s = ""
  for (i = from; i <= NF; i++) s = s (s == "" ? "" : " ") $i
  if (s ~ /^".*"$/) s = substr(s, 2, length(s) - 2)
  return s
}
function layer_of(f,   i) {
  if (f in lay) return lay[f]
  for (i = 1; i <= nlayer; i++)
    if (f ~ lglob[i]) { lay[f] = lnum[i]; lname[f] = lnm[i]; return lnum[i] }
  lay[f] = ""
  return ""
}
function lname_of(f) { return "L" layer_of(f) (lname[f] == "" ? "" : " (" lname[f] ")") }
function denied(a, b, s,   i, j) {
  for (i = 1; i <= ndeny; i++) {
    if (a !~ dfrom[i] || b !~ dto[i]) continue
    for (j = 1; j <= nallow; j++)
      if (aof[j] == i && a ~ afrom[j] && b ~ ato[j] && s ~ asym[j]) break
    if (j > nallow) return dwhy[i]
  }
  return ""
}
function violation(line) { if (!(line in seen)) { seen[line] = 1; out[++nout] = line } }
function nocycle(f,   i) {
  for (i = 1; i <= ncyc; i++) if (f ~ cglob[i]) return 1
  return 0
}
# Tarjan's strongly connected components.
function scc(v,   parts, n, i, w, members, m, cnt) {
  idx[v] = low[v] = ++counter; stk[++sp] = v; on[v] = 1
  n = split(adj[v], parts, " ")
  for (i = 1; i <= n; i++) {
    w = parts[i]
    if (!(w in idx)) { scc(w); if (low[w] < low[v]) low[v] = low[w] }
    else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
  }
  if (low[v] == idx[v]) {
    cnt = 0
    do { w = stk[sp--]; on[w] = 0; members[++cnt] = w } while (w != v)
    if (cnt > 1) {
      sortarr(members, cnt); m = ""
      for (i = 1; i <= cnt; i++) { m = m " " members[i]; incyc[members[i]] = ncycles + 1 }
      cycles[++ncycles] = m; cyclen[ncycles] = cnt
    }
  }
}
# The files of a cycle line, " a b c ".
function members_of(line,   s) {
  s = substr(line, 8); sub(/: .*/, "", s)
  return " " s " "
}
function sortarr(a, n,   i, j, t) {
  for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
}
function rel(o,   f) {
  f = o; sub(/:$/, "", f); sub(/^CMakeFiles\/[^\/]*\.dir\//, "", f); sub(/\.o$/, "", f)
  return f
}
kind == "map" {
  sub(/#.*/, "")
  if (NF == 0) next
  if ($1 == "deny") {
    if (NF < 4) die(FILENAME ":" FNR ": deny FROM TO REASON")
    ndeny++; dfrom[ndeny] = g2r($2); dto[ndeny] = g2r($3); dwhy[ndeny] = rest(4)
  } else if ($1 == "allow" || $1 == "allow-symbol") {
    if (NF < 3 || NF > 4) die(FILENAME ":" FNR ": allow FROM TO [SYMBOL]")
    if (!ndeny) die(FILENAME ":" FNR ": an allow line excepts from the deny line above it: there is none")
    nallow++; aof[nallow] = ndeny; afrom[nallow] = g2r($2); ato[nallow] = g2r($3); asym[nallow] = g2r(NF == 4 ? $4 : "**")
  } else if ($1 == "deny-include") {
    if (NF < 4) die(FILENAME ":" FNR ": deny-include FILE HEADER REASON")
    ninc++; ifrom[ninc] = g2r($2); ihdr[ninc] = g2r($3); iwhy[ninc] = rest(4)
  } else if ($1 == "nocycle") {
    if (NF != 2) die(FILENAME ":" FNR ": nocycle GLOB")
    cglob[++ncyc] = g2r($2)
  } else if ($1 == "target") {
    if (NF != 2) die(FILENAME ":" FNR ": target NAME")
  } else {
    if ($2 !~ /^[0-9]+$/) die(FILENAME ":" FNR ": GLOB LAYER [NAME], or a deny/allow/deny-include/nocycle/target rule")
    nlayer++; lglob[nlayer] = g2r($1); lnum[nlayer] = $2 + 0; lnm[nlayer] = rest(3)
  }
  next
}
kind == "nm" {
  f = rel($1); files[f] = 1
  if ($3 == "U" || $3 == "w" || $3 == "v") { if (!((f, $2) in und)) { und[f, $2] = 1; undl[++nund] = f SUBSEP $2 } }
  else if (!((f, $2) in defd)) { defd[f, $2] = 1; def[$2] = def[$2] " " f }
  next
}
kind == "sources" { files[$0] = 1; next }
kind == "includes" { incf[++nincl] = $1; inch[nincl] = $2; next }
kind == "allow" {
  if ($0 ~ /^[[:space:]]*(#|$)/) next
  line = $0; m = 0
  if (line ~ /^\? /) { line = substr(line, 3); m = 1 }
  allowed[line] = 1; allowl[++nallowl] = line; amaybe[nallowl] = m
  if (line ~ /^cycle: /) acyc[nallowl] = members_of(line)
  next
}
END {
  if (bad) exit 2
  # a. every file has a layer.
  for (f in files) if (layer_of(f) == "")
    violation(f ": no layer in the map (every source file needs a line there)")
  # The edges, each (file, symbol) once; b and e.
  for (k = 1; k <= nund; k++) {
    split(undl[k], p, SUBSEP); a = p[1]; s = p[2]
    if (!(s in def)) continue
    n = split(def[s], to, " ")
    for (i = 1; i <= n; i++) {
      b = to[i]
      if (b == a) continue
      if (!((a, b) in edge)) { edge[a, b] = 1; if (nocycle(a) && nocycle(b)) adj[a] = adj[a] " " b }
      esym[a, b] = esym[a, b] " " s
      la = layer_of(a); lb = layer_of(b)
      if (la == "" || lb == "") continue
      if (lb > la) { violation(a " -> " b " (" s "): upward call, " lname_of(a) " -> " lname_of(b)); continue }
      why = denied(a, b, s)
      if (why != "") violation(a " -> " b " (" s "): " why)
    }
  }
  # d. includes.
  for (k = 1; k <= nincl; k++) {
    f = incf[k]; h = inch[k]
    if (f ~ /^runtime\// && (h ~ /(^|\/)src\// || h ~ /^\.\.\/(\.\.\/)*src(\/|$)/)) {
      violation(f " -> " h " (#include): runtime never includes src/ headers"); continue
    }
    for (i = 1; i <= ninc; i++)
      if (f ~ ifrom[i] && h ~ ihdr[i]) { violation(f " -> " h " (#include): " iwhy[i]); break }
  }
  # c. cycles, visiting the files in order so that the output is stable.
  nv = 0
  for (f in files) if (nocycle(f)) vs[++nv] = f
  sortarr(vs, nv)
  for (i = 1; i <= nv; i++) {
    n = split(adj[vs[i]], q, " "); sortarr(q, n); s = ""
    for (j = 1; j <= n; j++) s = s " " q[j]
    adj[vs[i]] = s
  }
  for (i = 1; i <= nv; i++) if (!(vs[i] in idx)) scc(vs[i])
  for (c = 1; c <= ncycles; c++)
    violation("cycle:" cycles[c] ": file-level cycle of " cyclen[c] " files")
  # The allow list. A cycle is also allowed by an allowed cycle of more
  # files (the cycle of another configuration, or one being broken up).
  nnew = 0; nknown = 0; nstale = 0
  sortarr(out, nout)
  for (i = 1; i <= nout; i++) {
    if (out[i] in allowed) { nknown++; continue }
    if (out[i] ~ /^cycle: /) {
      m = members_of(out[i]); n = split(m, q, " ")
      for (k = 1; k <= nallowl; k++) {
        if (!(k in acyc)) continue
        for (j = 1; j <= n; j++) if (!index(acyc[k], " " q[j] " ")) break
        if (j > n) break
      }
      if (k <= nallowl) {
        used[k] = 1; nknown++
        notes[++nnotes] = "check-layers.sh: note: an allowed cycle has shrunk to this one here (where every configuration agrees, put it in the allow file): " out[i]
        continue
      }
    }
    print out[i]; nnew++
  }
  for (i = 1; i <= nallowl; i++)
    if (!(allowl[i] in seen) && !(i in used) && !amaybe[i]) {
      print "stale allow line (it no longer happens: delete it): " allowl[i]; nstale++
    }
  for (i = 1; i <= nnotes; i++) print notes[i]
  if (verbose && ncycles) {
    print "the edges inside each cycle (file -> file: symbols):"
    for (c = 1; c <= ncycles; c++) {
      print "cycle" cycles[c] ":"
      for (i = 1; i <= nv; i++) {
        a = vs[i]; if (incyc[a] != c) continue
        n = split(adj[a], q, " ")
        for (j = 1; j <= n; j++) if (incyc[q[j]] == c) print "  " a " -> " q[j] ":" esym[a, q[j]]
      }
    }
  }
  if (nknown) printf "check-layers.sh: warning: %d known violation(s) allowed by %s\n", nknown, allowname
  if (nnew || nstale) {
    printf "check-layers.sh: %d violation(s), %d stale allow line(s)\n", nnew, nstale
    exit 1
  }
  exit 0
}
AWK
)
awk -v verbose="$verbose" -v allowname="$allow" "$prog" \
  kind=map "$map" kind=nm "$tmp/nm" kind=sources "$tmp/sources" \
  kind=includes "$tmp/includes" kind=allow "$allow"

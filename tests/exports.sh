#!/usr/bin/env bash
# The shared libraries export the public API and nothing else (ctest
# `exports`): the dynamic symbols each defines (nm -D --defined-only) against
# the functions the public headers declare (GCC's -aux-info over every
# header):
#   libflyc.so          every function of include/flyc.h and include/flyc/*.h;
#   libflyc_runtime.so  every function of the runtime's headers (common.h,
#                       artifact.h, runtime.h, driver.h: no LLVM).
# Each symbol out of place is one line: exported but declared in no header
# (LLVM, lld, comgr, a flyc__ helper, C++), or declared and not exported. Every
# export carries the FLYC_0 version (cmake/flyc.map).
# Usage: exports.sh CC INCLUDE_DIR LLVM_INCLUDE_DIR LIBFLYC LIBFLYC_RUNTIME
set -uo pipefail
cc=$1 inc=$(cd "$2" && pwd) llvminc=$3 lib=$4 rtlib=$5
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
{
  echo '#include <flyc.h>'
  for h in "$inc"/flyc/*.h; do echo "#include <flyc/$(basename "$h")>"; done
} >"$tmp/all.c"
"$cc" -fsyntax-only -aux-info "$tmp/aux" -I"$inc" -I"$llvminc" "$tmp/all.c" ||
  { echo "exports: the public headers do not compile"; exit 1; }
# "/* DIR/include/flyc/compile.h:215:NC */ extern int flyc_compile_file (...);"
declared() { # the functions of the headers matching $1
  grep -F "/* $inc/flyc" "$tmp/aux" | grep -E "$1" |
    sed -E 's/\(.*//; s/ +$//; s/.*[ *]//' | sort -u
}
declared '.' >"$tmp/all"
declared '/flyc/(common|artifact|runtime|driver)\.h:' >"$tmp/rt"
[ -s "$tmp/all" ] && [ -s "$tmp/rt" ] || { echo "exports: no declarations read"; exit 1; }
status=0
one() { # $1 the library, $2 the declared list
  local l=$1 want=$2
  [ -f "$l" ] || { echo "exports: no $l"; status=1; return; }
  # Local symbols (t, d, b, r, s) are no exports: GNU ld leaves a local
  # template instantiation (libstdc++'s, from LLVM's Error in cxx.cpp) in
  # .dynsym of some builds (llvm22-nocomgr), bound nowhere.
  nm -D --defined-only --with-symbol-versions "$l" |
    awk '$2 != "A" && $2 !~ /^[tdbrs]$/ {print $3}' >"$tmp/syms"
  sed 's/@.*//' "$tmp/syms" | sort -u >"$tmp/got"
  grep -v '@@FLYC_0$' "$tmp/syms" | sed "s|^|exports: $(basename "$l"): not in version FLYC_0: |"
  grep -vq '@@FLYC_0$' "$tmp/syms" && status=1
  comm -23 "$tmp/got" "$want" | sed "s|^|exports: $(basename "$l") exports a symbol no public header declares: |"
  comm -13 "$tmp/got" "$want" | sed "s|^|exports: $(basename "$l") does not export a declared function: |"
  cmp -s "$tmp/got" "$want" || status=1
  echo "exports: $(basename "$l"): $(wc -l <"$tmp/got") symbols, $(wc -l <"$want") declared"
}
one "$lib" "$tmp/all"
one "$rtlib" "$tmp/rt"
exit $status

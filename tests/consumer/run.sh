#!/usr/bin/env bash
# The install and consume paths as a user takes them (ctest `consumer`):
#  1. `cmake --install BUILD --prefix A`, then A moved to B: everything must
#     be found from B (relocatable CMake package and pkg-config files);
#  2. this directory's CMake project against B with find_package(flyc):
#     flyc::flyc and flyc::runtime (shared), flyc::flyc_static and
#     flyc::runtime_static, each built and run;
#  3. the same two programs with pkg-config (flyc, flyc-runtime) from B;
#  4. the headers, package files and static libraries alone (install
#     components flyc_dev and flyc_static) in S: `pkg-config --static`;
#  5. the CMake project against the build tree (flyc_DIR=BUILD).
# The runtime programs must not need LLVM. Usage:
#   run.sh BUILD_DIR C_COMPILER SHARED(ON|OFF) [SANITIZE_FLAGS]
set -euo pipefail
build=$1 cc=$2 shared=$3 san=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "consumer: FAIL: $*" >&2; exit 1; }
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
# A program's output and what it links: $1 the program, $2 the regex of its
# line, then the libraries it must and must not need (flyc's, LLVM).
check() {
  local prog=$1 want=$2 must=$3 mustnot=$4 out
  out=$("$prog") || fail "$prog exited with $?: $out"
  echo "  $(basename "$prog"): $out"
  [[ $out =~ $want ]] || fail "$prog printed '$out', not /$want/"
  if [ -n "$must" ]; then needed "$prog" | grep -qE "$must" || fail "$prog does not need $must"; fi
  if [ -n "$mustnot" ] && needed "$prog" | grep -E "$mustnot"; then fail "$prog needs $mustnot"; fi
  return 0
}
rt_line='^flyc runtime [0-9]+\.[0-9]+\.[0-9]+: a NULL load is FLYC_EINVAL$'
cc_line='^flyc [0-9]+\.[0-9]+\.[0-9]+ compiled consumer_kernel for sm_80$'
cmake_project() { # $1 build dir, then cmake arguments
  local dir=$1; shift
  cmake -S "$here" -B "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$san" \
    -DCMAKE_EXE_LINKER_FLAGS="$san" "$@" >"$dir.log" 2>&1 &&
    cmake --build "$dir" >>"$dir.log" 2>&1 || { cat "$dir.log"; fail "the CMake project in $dir"; }
}

echo "1. install, then move the prefix"
cmake --install "$build" --prefix "$tmp/a" >"$tmp/install.log" || fail "cmake --install"
mv "$tmp/a" "$tmp/b"
p=$tmp/b
libdir=$(dirname "$(find "$p" -name flyc.pc)")
[ -n "$libdir" ] && libdir=$(dirname "$libdir") || fail "no flyc.pc installed"
grep -q "$tmp/a" -r "$p/lib" "$p/include" &&
  fail "an installed file names the install prefix: $(grep -rl "$tmp/a" "$p")"

echo "2. find_package from the moved prefix"
if [ "$shared" = ON ]; then
  cmake_project "$tmp/cm" -DCMAKE_PREFIX_PATH="$p"
  check "$tmp/cm/compile_shared" "$cc_line" 'libflyc\.so\.0' 'libflyc_runtime'
  check "$tmp/cm/runtime_shared" "$rt_line" 'libflyc_runtime\.so\.0' 'LLVM|libflyc\.so'
else
  cmake_project "$tmp/cm" -DCMAKE_PREFIX_PATH="$p" # flyc::flyc is the static one
  check "$tmp/cm/compile_shared" "$cc_line" '' 'libflyc'
  check "$tmp/cm/runtime_shared" "$rt_line" '' 'LLVM|libflyc'
fi
check "$tmp/cm/compile_static" "$cc_line" '' 'libflyc'
check "$tmp/cm/runtime_static" "$rt_line" '' 'LLVM|libflyc'

echo "3. pkg-config from the moved prefix"
export PKG_CONFIG_PATH=$libdir/pkgconfig
[ "$(pkg-config --variable=prefix flyc)" -ef "$p" ] ||
  fail "flyc.pc's prefix is $(pkg-config --variable=prefix flyc), not $p"
# shellcheck disable=SC2046
$cc $san "$here/compile.c" -o "$tmp/pc_compile" $(pkg-config --cflags --libs flyc) ||
  fail "cc compile.c \$(pkg-config --cflags --libs flyc)"
# shellcheck disable=SC2046
$cc $san "$here/runtime.c" -o "$tmp/pc_runtime" $(pkg-config --cflags --libs flyc-runtime) ||
  fail "cc runtime.c \$(pkg-config --cflags --libs flyc-runtime)"
if [ "$shared" = ON ]; then
  LD_LIBRARY_PATH=$libdir check "$tmp/pc_compile" "$cc_line" 'libflyc\.so\.0' ''
  LD_LIBRARY_PATH=$libdir check "$tmp/pc_runtime" "$rt_line" 'libflyc_runtime\.so\.0' 'LLVM'
fi

echo "4. the static libraries alone, pkg-config --static"
for c in flyc_dev flyc_static; do
  cmake --install "$build" --prefix "$tmp/s" --component $c >>"$tmp/install.log" ||
    fail "cmake --install --component $c"
done
find "$tmp/s" -name '*.so*' | grep . && fail "the static components installed a shared library"
export PKG_CONFIG_PATH=$tmp/s/${libdir#"$p"/}/pkgconfig
# shellcheck disable=SC2046
$cc $san "$here/compile.c" -o "$tmp/st_compile" $(pkg-config --static --cflags --libs flyc) ||
  fail "cc compile.c \$(pkg-config --static --cflags --libs flyc): $(pkg-config --static --libs flyc)"
# shellcheck disable=SC2046
$cc $san "$here/runtime.c" -o "$tmp/st_runtime" $(pkg-config --static --cflags --libs flyc-runtime) ||
  fail "cc runtime.c \$(pkg-config --static --cflags --libs flyc-runtime)"
check "$tmp/st_compile" "$cc_line" '' 'libflyc'
check "$tmp/st_runtime" "$rt_line" '' 'LLVM|libflyc'
# CMake finds the static libraries alone too (flyc::flyc is then the static one).
cmake_project "$tmp/cs" -DCMAKE_PREFIX_PATH="$tmp/s"
check "$tmp/cs/compile_shared" "$cc_line" '' 'libflyc'

echo "5. find_package from the build tree"
cmake_project "$tmp/bt" -Dflyc_DIR="$(cd "$build" && pwd)"
check "$tmp/bt/compile_shared" "$cc_line" '' ''
check "$tmp/bt/runtime_static" "$rt_line" '' 'LLVM|libflyc'
echo "consumer: ok"

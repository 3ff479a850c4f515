#!/bin/sh
# Regenerates the seed corpus of the fuzz targets (fuzz/corpus/<target>/),
# from an LLVM 22 build of flyc with its test fixtures (the build's `flyc`
# and tests/fixtures/), and the committed fixtures of tests/fixtures/objects:
#   fuzz/corpus/gen.sh build-test-llvm22      (needs /usr/lib/llvm-22, python3)
# Committed, not built, so that every build replays the same bytes. Each seed
# is a real input of its surface, a few KB:
#   codeobj  code objects: flyc's (gfx90a COV 4, gfx942 COV 5), clang's HIP
#            vadd (gfx90a), LLVM 22's llc for gfx942 and gfx600; the disasm
#            target reads the same seeds
#   ptx      PTX: flyc's (sm_80), clang's CUDA vadd and transpose
#   cache_entry  disk cache entries flyc wrote (gfx90a, sm_80)
#   artifact the artifact byte form: those entries' payloads
#   ir       kernels as text (AMDGPU, NVPTX) and one as bitcode
#   linklib  link libraries for fuzz_linklib's kernel (mstl): bitcode, text,
#            and a broken variant
# (expr's seeds, a flags byte and an expression each, are written by hand:
# fuzz/fuzz_expr.c says what the byte means.)
set -eu
b=$(cd "$1" && pwd)
cd "$(dirname "$0")"
fx=$b/tests/fixtures obj=../../tests/fixtures/objects
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
rm -rf codeobj ptx cache_entry artifact ir linklib
mkdir -p codeobj ptx cache_entry artifact ir linklib
# The kernel of fuzz_linklib.c, calling mstl.
cat > "$t/k.ll" <<'IR'
target triple = "amdgcn-amd-amdhsa"
declare i32 @mstl_my_pe()
declare i32 @mstl_magic()
declare i32 @mstl_n_pes()
declare i32 @mstl_block_dim_x()
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %a = call i32 @mstl_my_pe()
  %b = call i32 @mstl_magic()
  %c = call i32 @mstl_n_pes()
  %d = call i32 @mstl_block_dim_x()
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}
IR
export FLYC_CACHE=0
"$b/flyc" compile "$t/k.ll" --link "$fx/mstl_amdgcn.gfx90a.cov4.bc" --arch gfx90a \
  -o codeobj/flyc_mstl.gfx90a.cov4.hsaco >/dev/null
"$b/flyc" compile "$fx/vadd_amdgcn.gfx942.ll" --arch gfx942 --cov 5 \
  -o codeobj/flyc_vadd.gfx942.cov5.hsaco >/dev/null
cp "$fx/vadd_clang.gfx90a.hsaco" codeobj/clang_vadd.gfx90a.hsaco
cp "$obj/k_gfx942.hsaco" "$obj/k_gfx600.hsaco" codeobj/
"$b/flyc" compile "$fx/k_mstl_nvptx.sm_80.ll" --link "$fx/mstl_nvptx.sm_80.bc" --arch sm_80 \
  -o ptx/flyc_mstl.sm_80.ptx >/dev/null
cp "$fx/vadd_clang.sm_80.ptx" ptx/clang_vadd.sm_80.ptx
cp "$obj/transpose.sm_90.ptx" ptx/
# Cache entries: the same compiles with a private cache.
FLYC_CACHE=1 FLYC_CACHE_DIR=$t/c "$b/flyc" compile "$fx/vadd_amdgcn.gfx90a.ll" --arch gfx90a \
  -o "$t/x.hsaco" >/dev/null
FLYC_CACHE=1 FLYC_CACHE_DIR=$t/c "$b/flyc" compile "$fx/k_mstl_nvptx.sm_80.ll" \
  --link "$fx/mstl_nvptx.sm_80.bc" --arch sm_80 -o "$t/x.ptx" >/dev/null
python3 - "$t/c" <<'PY'
import glob, os, struct, sys
for p in sorted(glob.glob(os.path.join(sys.argv[1], "*.flyc"))):
    d = open(p, "rb").read()
    kl = struct.unpack_from("<Q", d, 12)[0]
    key = d[20:20 + kl]
    pl = struct.unpack_from("<Q", d, 20 + kl)[0]
    payload = d[28 + kl:28 + kl + pl]
    name = "sm_80" if b"\ntarget 5:sm_80" in key else "gfx90a"
    open("cache_entry/%s.flyc" % name, "wb").write(d)
    open("artifact/%s.bin" % name, "wb").write(payload)
PY
cp "$fx/vadd_amdgcn.gfx90a.ll" "$fx/k_mstl_amdgcn.gfx90a.ll" "$fx/k_mstl_nvptx.sm_80.ll" \
   "$fx/k_mstl_nvptx_intrinsics.sm_80.ll" "$obj/transpose.sm_90.ll" ir/
cp "$fx/vadd_amdgcn.gfx90a.bc" ir/
cp "$fx/mstl_amdgcn.gfx90a.cov4.bc" "$fx/mstl_plain_amdgcn.gfx90a.cov4.bc" \
   "$fx/mstl_sig_mismatch.gfx90a.cov4.bc" linklib/
/usr/lib/llvm-22/bin/llvm-dis "$fx/mstl_amdgcn.gfx90a.cov4.bc" -o linklib/mstl_amdgcn.gfx90a.cov4.ll
ls -l codeobj ptx cache_entry artifact ir linklib

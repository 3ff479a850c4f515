#!/bin/sh
# Regenerates the clang-22 corpus in tests/frontends/clang/out/ from src/.
# See README.md for what each flag is for. Usage: gen.sh [CLANG]
#
# Per HIP kernel K and processor P in gfx90a gfx942, at O in 0 3:
#   out/K.P.O<O>.ll / .bc   device IR (-emit-llvm --cuda-device-only -nogpulib)
#   out/K.P.O<O>.hsaco      clang's own code object (device libraries linked)
# Per CUDA kernel K and arch S in sm_80 sm_90 (wgmma_gemm: sm_90a only):
#   out/K.S.O<O>.ll / .bc   device IR (-emit-llvm --cuda-device-only -nocudalib)
#   out/K.S.O<O>.ptx        clang's own PTX (libdevice linked)
# and one -g variant of vadd per family: out/vadd_g.{gfx942,sm_90}.O0.{ll,bc,hsaco|ptx}.
set -eu

CLANG=${1:-clang-22}
LLVM_AS=${LLVM_AS:-llvm-as-22}
LLVM_DIS=${LLVM_DIS:-llvm-dis-22}
CUDA=${CUDA_PATH:-/usr/local/cuda}
ROCM_BC=${ROCM_DEVICE_LIB_PATH:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}

here=$(cd "$(dirname "$0")" && pwd)
src=$here/src
out=$here/out
mkdir -p "$out"
rm -f "$out"/*
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- HIP
# ROCm 5.2's device libraries (Debian's rocm-device-libs) predate COV 6 (the
# default of clang-22: it asks for oclc_abi_version_600.bc) and gfx942 (no
# oclc_isa_version_942.bc). clang's own code objects are made against a copy
# of the library directory with those two one-constant libraries added; the
# kernel metadata compared does not depend on their values.
devlibs=$tmp/bitcode
mkdir -p "$devlibs"
for f in "$ROCM_BC"/*.bc; do ln -s "$f" "$devlibs/"; done
# Each is oclc_isa_version_940.bc's one constant with another name and value.
for c in "oclc_abi_version_600 __oclc_ABI_version 600" "oclc_isa_version_942 __oclc_ISA_version 9402"; do
  set -- $c
  [ -e "$devlibs/$1.bc" ] && continue
  "$LLVM_DIS" "$ROCM_BC/oclc_isa_version_940.bc" -o - |
    sed -e "s/@__oclc_ISA_version/@$2/" -e "s/constant i32 9400/constant i32 $3/" >"$tmp/$1.ll"
  "$LLVM_AS" "$tmp/$1.ll" -o "$devlibs/$1.bc"
done

# ROCm 5.2's HIP headers implement __syncthreads() with
# __atomic_work_item_fence, which only ROCm 5.2's hip.bc defines; clang-22 no
# longer links hip.bc (newer ROCm needs none), so clang's own code objects link
# it explicitly; the IR keeps the call, which flyc resolves by linking hip.bc
# on demand from the device-library search path, like ocml and ockl (README.md). Likewise ROCm 5.2's ocml reads
# __oclc_daz_opt, which clang-22 no longer links (oclc_daz_opt_off.bc).
rocm52="-Xclang -mlink-builtin-bitcode -Xclang $ROCM_BC/hip.bc"
rocm52="$rocm52 -Xclang -mlink-builtin-bitcode -Xclang $ROCM_BC/oclc_daz_opt_off.bc"
# ROCm 5.2's HIP headers use __AMDGCN_WAVEFRONT_SIZE, which clang-22 no longer
# defines (both processors are wave64).
hip_common="-x hip --cuda-device-only --rocm-path=/usr -D__AMDGCN_WAVEFRONT_SIZE=64"
hip() { # kernel proc opt outbase [extra flags]
  k=$1 p=$2 o=$3 b=$4
  shift 4
  "$CLANG" $hip_common --offload-arch="$p" -O"$o" -nogpulib -emit-llvm -S "$@" "$src/$k.hip" -o "$out/$b.ll"
  "$CLANG" $hip_common --offload-arch="$p" -O"$o" -nogpulib -emit-llvm -c "$@" "$src/$k.hip" -o "$out/$b.bc"
  "$CLANG" $hip_common --offload-arch="$p" -O"$o" --rocm-device-lib-path="$devlibs" --no-gpu-bundle-output \
    $rocm52 "$@" "$src/$k.hip" -o "$out/$b.hsaco"
}
for k in vadd reduce histogram mfma_gemm math; do
  for p in gfx90a gfx942; do
    for o in 0 3; do hip $k $p $o $k.$p.O$o; done
  done
done
hip vadd gfx942 0 vadd_g.gfx942.O0 -g

# ---- CUDA
# clang-22 knows CUDA up to 12.9; CUDA 13's headers work (the warning is
# silenced). -nocudalib keeps libdevice out of the IR (flyc links it on
# demand for the __nv_* calls); clang's own PTX links it.
cuda_common="-x cuda --cuda-device-only --cuda-path=$CUDA -Wno-unknown-cuda-version"
cuda() { # kernel arch opt outbase [extra flags]
  k=$1 s=$2 o=$3 b=$4
  shift 4
  "$CLANG" $cuda_common --cuda-gpu-arch="$s" -O"$o" -nocudalib -emit-llvm -S "$@" "$src/$k.cu" -o "$out/$b.ll"
  "$CLANG" $cuda_common --cuda-gpu-arch="$s" -O"$o" -nocudalib -emit-llvm -c "$@" "$src/$k.cu" -o "$out/$b.bc"
  "$CLANG" $cuda_common --cuda-gpu-arch="$s" -O"$o" -S "$@" "$src/$k.cu" -o "$out/$b.ptx"
}
for k in vadd reduce histogram wmma_gemm math; do
  for s in sm_80 sm_90; do
    for o in 0 3; do cuda $k $s $o $k.$s.O$o; done
  done
done
for o in 0 3; do cuda wgmma_gemm sm_90a $o wgmma_gemm.sm_90a.O$o; done
cuda vadd sm_90 0 vadd_g.sm_90.O0 -g

"$CLANG" --version | head -1 >"$out/CLANG_VERSION"
du -sh "$out"

#!/bin/bash
# On the H200 (device run, carry [".dev/gpu14"]): the kernel builder's examples (issue 14)
# checked element by element: the row softmax (warp shuffles and reductions, a block
# reduction through shared memory), the float4 vector add (streaming float4 loads and
# stores, the n % 4 tail as a flyc_kb_for), device printf (its lines compared with what
# they must be); and the CLI loading PTX through the cubin cache in fresh processes
# (issue 15).
#   bash bench/gpu/builder_run.sh 2>&1 | tee $OUT/log
set -u
D=$PWD/.dev/gpu14
cd $D && unxz -f *.xz && chmod +x softmax_builder vadd4_builder printf_run flyc
export LD_LIBRARY_PATH=$D:${LD_LIBRARY_PATH:-}
date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FLYC_CACHE_DIR=$D/fc; rm -rf $FLYC_CACHE_DIR
echo "== examples/softmax_builder, 1000 x 3000, every element against a double-precision host softmax"
for t in sm_90 sm_80; do ./softmax_builder $t --run; echo "rc=$? ($t)"; done
CUDA_CACHE_DISABLE=1 ./softmax_builder sm_90 --run; echo "rc=$? (a second process: disk cache, kept cubin)"
echo "== examples/vadd4_builder, 2^20 + 3 floats, every element checked"
for t in sm_90 sm_80; do ./vadd4_builder $t --run; echo "rc=$? ($t)"; done
echo "== flyc_kb_printf: four threads, each line compared"
./printf_run sm_90 > printf.out; echo "rc=$?"; cat printf.out
for i in 0 1 2 3; do
  want="thread $i of 4: $(awk -v i=$i 'BEGIN {printf "%.2f", i * 0.5}') $(( i << 33 ))"
  grep -qxF "$want" printf.out && echo "ok: $want" || echo "MISSING: $want"
done
echo "== flyc compile + flyc run (CLI), the cubin cache across processes, CUDA_CACHE_DISABLE=1"
cat > k.ll <<'LL'
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @axpy(ptr addrspace(1) %x, ptr addrspace(1) %y, float %a) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %px = getelementptr float, ptr addrspace(1) %x, i32 %i
  %py = getelementptr float, ptr addrspace(1) %y, i32 %i
  %vx = load float, ptr addrspace(1) %px
  %vy = load float, ptr addrspace(1) %py
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, ptr addrspace(1) %py
  ret void
}
LL
./flyc compile k.ll --arch sm_90 -o k.ptx; echo "compile rc=$?"
for i in 1 2 3; do
  s=$(date +%s%N); CUDA_CACHE_DISABLE=1 ./flyc run k.ptx --kernel axpy --grid 1,1,1 --block 8,1,1 \
    --arg buf:f32:8:iota --arg buf:f32:8:value=1 --arg f32=2 --print 8; echo "run $i rc=$? $(( ($(date +%s%N) - s) / 1000000 )) ms (process)"
done
ls -la $FLYC_CACHE_DIR/cubin; ./flyc cache stats; ./flyc cache clear; ls $FLYC_CACHE_DIR/cubin | wc -l

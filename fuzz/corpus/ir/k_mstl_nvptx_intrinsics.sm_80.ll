; ModuleID = 'k_mstl_nvptx_intrinsics.ll.in'
source_filename = "k_mstl_nvptx_intrinsics.ll.in"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @mstl_my_pe()

declare i32 @mstl_magic()

declare i32 @mstl_n_pes()

declare i32 @mstl_block_dim_x()

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #0

; Function Attrs: nounwind
define ptx_kernel void @mstl_kernel(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %n) #1 {
entry:
  %wg = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bd = call i32 @mstl_block_dim_x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %wg, %bd
  %i = add i32 %base, %tid
  %first = icmp eq i32 %i, 0
  br i1 %first, label %header, label %body

header:                                           ; preds = %entry
  %pe = call i32 @mstl_my_pe()
  %mg = call i32 @mstl_magic()
  %np = call i32 @mstl_n_pes()
  store i32 %pe, ptr addrspace(1) %out, align 4
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %mg, ptr addrspace(1) %o1, align 4
  %o2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 2
  store i32 %np, ptr addrspace(1) %o2, align 4
  %o3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 3
  store i32 %bd, ptr addrspace(1) %o3, align 4
  br label %body

body:                                             ; preds = %header, %entry
  %inb = icmp slt i32 %i, %n
  br i1 %inb, label %elem, label %exit

elem:                                             ; preds = %body
  %ix = sext i32 %i to i64
  %ip = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ix
  %x = load float, ptr addrspace(1) %ip, align 4
  %sq = call float @llvm.sqrt.f32(float %x)
  %xl = fmul float %x, 0x3FF7154760000000
  %0 = call float @llvm.nvvm.ex2.approx.f32(float %xl)
  %y = fadd float %sq, %0
  %ox = add nsw i64 %ix, 4
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ox
  store float %y, ptr addrspace(1) %op, align 4
  br label %exit

exit:                                             ; preds = %elem, %body
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f32(float) #3

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nounwind "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(none) }

!nvvm.annotations = !{}

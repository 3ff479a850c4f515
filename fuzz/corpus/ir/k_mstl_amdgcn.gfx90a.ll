; ModuleID = 'k_mstl_amdgcn.ll.in'
source_filename = "k_mstl_amdgcn.ll.in"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i32 @mstl_my_pe()

declare i32 @mstl_magic()

declare i32 @mstl_n_pes()

declare i32 @mstl_block_dim_x()

declare float @__ocml_sqrt_f32(float)

declare float @__ocml_exp_f32(float)

; Function Attrs: nounwind
define amdgpu_kernel void @mstl_kernel(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %n) #0 {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %bd = call i32 @mstl_block_dim_x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
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
  %sq = call float @__ocml_sqrt_f32(float %x)
  %ex = call float @__ocml_exp_f32(float %x)
  %y = fadd float %sq, %ex
  %ox = add nsw i64 %ix, 4
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ox
  store float %y, ptr addrspace(1) %op, align 4
  br label %exit

exit:                                             ; preds = %elem, %body
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

attributes #0 = { nounwind "amdgpu-flat-work-group-size"="1,1024" "target-cpu"="gfx90a" "target-features"="+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

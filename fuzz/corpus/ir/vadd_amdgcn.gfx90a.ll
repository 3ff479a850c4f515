; ModuleID = 'vadd_amdgcn.ll.in'
source_filename = "vadd_amdgcn.ll.in"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: nounwind
define protected amdgpu_kernel void @vadd(ptr addrspace(1) noalias readonly captures(none) %0, ptr addrspace(1) noalias readonly captures(none) %1, ptr addrspace(1) noalias captures(none) %2, i32 %3) #0 {
entry:
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %szp = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 4
  %sz16 = load i16, ptr addrspace(4) %szp, align 4
  %sz = zext i16 %sz16 to i32
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %base = mul i32 %wg, %sz
  %i = add i32 %base, %tid
  %inb = icmp slt i32 %i, %3
  br i1 %inb, label %body, label %exit

body:                                             ; preds = %entry
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %0, i64 %ix
  %pb = getelementptr inbounds float, ptr addrspace(1) %1, i64 %ix
  %pc = getelementptr inbounds float, ptr addrspace(1) %2, i64 %ix
  %va = load float, ptr addrspace(1) %pa, align 4
  %vb = load float, ptr addrspace(1) %pb, align 4
  %s = fadd float %va, %vb
  store float %s, ptr addrspace(1) %pc, align 4
  br label %exit

exit:                                             ; preds = %body, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

attributes #0 = { nounwind "amdgpu-flat-work-group-size"="1,1024" "target-cpu"="gfx90a" "target-features"="+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!opencl.ocl.version = !{!0}

!0 = !{i32 2, i32 0}

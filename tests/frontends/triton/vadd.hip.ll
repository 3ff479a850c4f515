; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define amdgpu_kernel void @vadd_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg readonly captures(none) %1, ptr addrspace(1) inreg writeonly captures(none) %2, i32 inreg %3, ptr addrspace(1) inreg readnone captures(none) %4, ptr addrspace(1) inreg readnone captures(none) %5) local_unnamed_addr #0 !dbg !4 {
  %7 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !7
  %8 = shl i32 %7, 10, !dbg !8
  %9 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !9
  %10 = shl nuw nsw i32 %9, 2, !dbg !9
  %11 = and i32 %10, 1020, !dbg !9
  %12 = or disjoint i32 %11, %8, !dbg !10
  %13 = icmp slt i32 %12, %3, !dbg !11
  br i1 %13, label %14, label %.critedge, !dbg !12

14:                                               ; preds = %6
  %15 = sext i32 %12 to i64, !dbg !13
  %16 = getelementptr float, ptr addrspace(1) %2, i64 %15, !dbg !13
  %17 = getelementptr float, ptr addrspace(1) %0, i64 %15, !dbg !14
  %18 = load <4 x float>, ptr addrspace(1) %17, align 16, !dbg !12
  %19 = getelementptr float, ptr addrspace(1) %1, i64 %15, !dbg !15
  %20 = load <4 x float>, ptr addrspace(1) %19, align 16, !dbg !16
  %21 = fadd <4 x float> %18, %20, !dbg !17
  store <4 x float> %21, ptr addrspace(1) %16, align 16, !dbg !17
  br label %.critedge, !dbg !17

.critedge:                                        ; preds = %6, %14
  ret void, !dbg !18
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "vadd_kernel", linkageName: "vadd_kernel", scope: !1, file: !1, line: 48, type: !5, scopeLine: 48, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 49, column: 25, scope: !4)
!8 = !DILocation(line: 49, column: 30, scope: !4)
!9 = !DILocation(line: 49, column: 51, scope: !4)
!10 = !DILocation(line: 49, column: 38, scope: !4)
!11 = !DILocation(line: 50, column: 15, scope: !4)
!12 = !DILocation(line: 51, column: 37, scope: !4)
!13 = !DILocation(line: 51, column: 23, scope: !4)
!14 = !DILocation(line: 51, column: 45, scope: !4)
!15 = !DILocation(line: 51, column: 77, scope: !4)
!16 = !DILocation(line: 51, column: 69, scope: !4)
!17 = !DILocation(line: 51, column: 29, scope: !4)
!18 = !DILocation(line: 51, column: 4, scope: !4)

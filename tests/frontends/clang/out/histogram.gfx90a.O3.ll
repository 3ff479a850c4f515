; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/histogram.hip'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/histogram.hip"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@_ZZ9histogramE5local = internal addrspace(3) global [64 x i32] undef, align 16
@__hip_cuid_54899d3f364af49f = addrspace(1) global i8 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_54899d3f364af49f to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress norecurse nounwind
define protected amdgpu_kernel void @histogram(ptr addrspace(1) noalias noundef readonly captures(none) %0, i32 noundef %1, ptr addrspace(1) noalias noundef captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call i64 @__ockl_get_local_id(i32 noundef 0) #4
  %5 = trunc i64 %4 to i32
  %6 = icmp slt i32 %5, 64
  br i1 %6, label %17, label %7

7:                                                ; preds = %17, %3
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 3, i32 noundef 1) #5
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 2, i32 noundef 1) #5
  %8 = tail call i64 @__ockl_get_group_id(i32 noundef 0) #4
  %9 = trunc i64 %8 to i32
  %10 = tail call i64 @__ockl_get_local_size(i32 noundef 0) #4
  %11 = trunc i64 %10 to i32
  %12 = mul i32 %11, %9
  %13 = tail call i64 @__ockl_get_local_id(i32 noundef 0) #4
  %14 = trunc i64 %13 to i32
  %15 = add i32 %12, %14
  %16 = icmp slt i32 %15, %1
  br i1 %16, label %28, label %24

17:                                               ; preds = %3, %17
  %18 = phi i32 [ %22, %17 ], [ %5, %3 ]
  %19 = getelementptr inbounds i32, ptr addrspace(3) @_ZZ9histogramE5local, i32 %18
  store i32 0, ptr addrspace(3) %19, align 4, !tbaa !5
  %20 = tail call i64 @__ockl_get_local_size(i32 noundef 0) #4
  %21 = trunc i64 %20 to i32
  %22 = add i32 %18, %21
  %23 = icmp slt i32 %22, 64
  br i1 %23, label %17, label %7, !llvm.loop !9

24:                                               ; preds = %28, %7
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 3, i32 noundef 1) #5
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 2, i32 noundef 1) #5
  %25 = tail call i64 @__ockl_get_local_id(i32 noundef 0) #4
  %26 = trunc i64 %25 to i32
  %27 = icmp slt i32 %26, 64
  br i1 %27, label %42, label %41

28:                                               ; preds = %7, %28
  %29 = phi i32 [ %39, %28 ], [ %15, %7 ]
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds i8, ptr addrspace(1) %0, i64 %30
  %32 = load i8, ptr addrspace(1) %31, align 1, !tbaa !11
  %33 = and i8 %32, 63
  %34 = zext nneg i8 %33 to i32
  %35 = getelementptr inbounds nuw i32, ptr addrspace(3) @_ZZ9histogramE5local, i32 %34
  %36 = atomicrmw add ptr addrspace(3) %35, i32 1 syncscope("agent") monotonic, align 4, !noalias.addrspace !12, !amdgpu.no.fine.grained.memory !13, !amdgpu.no.remote.memory !13
  %37 = tail call i64 @__ockl_get_global_size(i32 noundef 0) #4
  %38 = trunc i64 %37 to i32
  %39 = add i32 %29, %38
  %40 = icmp slt i32 %39, %1
  br i1 %40, label %28, label %24, !llvm.loop !14

41:                                               ; preds = %42, %24
  ret void

42:                                               ; preds = %24, %42
  %43 = phi i32 [ %51, %42 ], [ %26, %24 ]
  %44 = sext i32 %43 to i64
  %45 = getelementptr inbounds i32, ptr addrspace(1) %2, i64 %44
  %46 = getelementptr inbounds i32, ptr addrspace(3) @_ZZ9histogramE5local, i32 %43
  %47 = load i32, ptr addrspace(3) %46, align 4, !tbaa !5
  %48 = atomicrmw add ptr addrspace(1) %45, i32 %47 syncscope("agent") monotonic, align 4, !noalias.addrspace !12, !amdgpu.no.fine.grained.memory !13, !amdgpu.no.remote.memory !13
  %49 = tail call i64 @__ockl_get_local_size(i32 noundef 0) #4
  %50 = trunc i64 %49 to i32
  %51 = add i32 %43, %50
  %52 = icmp slt i32 %51, 64
  br i1 %52, label %42, label %41, !llvm.loop !15
}

; Function Attrs: convergent nounwind
declare hidden void @__atomic_work_item_fence(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_global_size(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_local_id(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_local_size(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_group_id(i32 noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "amdgpu-flat-work-group-size"="1,1024" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="false" }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { convergent mustprogress nofree nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="false" }
attributes #4 = { convergent nounwind willreturn memory(none) }
attributes #5 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!1 = !{i32 1, !"amdgpu_printf_kind", !"hostcall"}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!7, !7, i64 0}
!12 = !{i32 5, i32 6}
!13 = !{}
!14 = distinct !{!14, !10}
!15 = distinct !{!15, !10}

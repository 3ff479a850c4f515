; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/reduce.hip'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/reduce.hip"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@_ZZ12block_reduceE1s = internal unnamed_addr addrspace(3) global [256 x float] undef, align 16
@__hip_cuid_b5901bbef68e9784 = addrspace(1) global i8 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_b5901bbef68e9784 to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress norecurse nounwind
define protected amdgpu_kernel void @block_reduce(ptr addrspace(1) noalias noundef readonly captures(none) %0, ptr addrspace(1) noalias noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call i64 @__ockl_get_local_id(i32 noundef 0) #4
  %5 = trunc i64 %4 to i32
  %6 = tail call i64 @__ockl_get_group_id(i32 noundef 0) #4
  %7 = trunc i64 %6 to i32
  %8 = tail call i64 @__ockl_get_local_size(i32 noundef 0) #4
  %9 = trunc i64 %8 to i32
  %10 = mul i32 %9, %7
  %11 = add i32 %10, %5
  %12 = icmp slt i32 %11, %2
  br i1 %12, label %13, label %17

13:                                               ; preds = %3
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %14
  %16 = load float, ptr addrspace(1) %15, align 4, !tbaa !9
  br label %17

17:                                               ; preds = %3, %13
  %18 = phi contract float [ %16, %13 ], [ 0.000000e+00, %3 ]
  %19 = getelementptr float, ptr addrspace(3) @_ZZ12block_reduceE1s, i32 %5
  store float %18, ptr addrspace(3) %19, align 4, !tbaa !9
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 3, i32 noundef 1) #5
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 2, i32 noundef 1) #5
  %20 = tail call i64 @__ockl_get_local_size(i32 noundef 0) #4
  %21 = trunc i64 %20 to i32
  %22 = lshr i32 %21, 1
  %23 = icmp eq i32 %22, 0
  br i1 %23, label %24, label %26

24:                                               ; preds = %34, %17
  %25 = icmp eq i32 %5, 0
  br i1 %25, label %37, label %42

26:                                               ; preds = %17, %34
  %27 = phi i32 [ %35, %34 ], [ %22, %17 ]
  %28 = icmp sgt i32 %27, %5
  br i1 %28, label %29, label %34

29:                                               ; preds = %26
  %30 = getelementptr float, ptr addrspace(3) %19, i32 %27
  %31 = load float, ptr addrspace(3) %30, align 4, !tbaa !9
  %32 = load float, ptr addrspace(3) %19, align 4, !tbaa !9
  %33 = fadd contract float %31, %32
  store float %33, ptr addrspace(3) %19, align 4, !tbaa !9
  br label %34

34:                                               ; preds = %29, %26
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 3, i32 noundef 1) #5
  tail call void @llvm.amdgcn.s.barrier()
  tail call void @__atomic_work_item_fence(i32 noundef 1, i32 noundef 2, i32 noundef 1) #5
  %35 = lshr i32 %27, 1
  %36 = icmp eq i32 %35, 0
  br i1 %36, label %24, label %26, !llvm.loop !11

37:                                               ; preds = %24
  %38 = load float, ptr addrspace(3) @_ZZ12block_reduceE1s, align 16, !tbaa !9
  %39 = tail call i64 @__ockl_get_group_id(i32 noundef 0) #4
  %40 = and i64 %39, 4294967295
  %41 = getelementptr inbounds nuw float, ptr addrspace(1) %1, i64 %40
  store float %38, ptr addrspace(1) %41, align 4, !tbaa !9
  br label %42

42:                                               ; preds = %37, %24
  ret void
}

; Function Attrs: convergent nounwind
declare hidden void @__atomic_work_item_fence(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_local_id(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_group_id(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_local_size(i32 noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "amdgpu-flat-work-group-size"="1,256" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="true" }
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
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}

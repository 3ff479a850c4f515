; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/mfma_gemm.hip'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/mfma_gemm.hip"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__hip_cuid_fd16ba23907a0c0f = addrspace(1) global i8 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_fd16ba23907a0c0f to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress nofree norecurse nounwind memory(argmem: readwrite)
define protected amdgpu_kernel void @mfma_gemm(ptr addrspace(1) noalias noundef readonly captures(none) %0, ptr addrspace(1) noalias noundef readonly captures(none) %1, ptr addrspace(1) noalias noundef writeonly captures(none) %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call i64 @__ockl_get_local_id(i32 noundef 0) #3
  %8 = trunc i64 %7 to i32
  %9 = tail call i64 @__ockl_get_group_id(i32 noundef 1) #3
  %10 = trunc i64 %9 to i32
  %11 = shl i32 %10, 5
  %12 = tail call i64 @__ockl_get_group_id(i32 noundef 0) #3
  %13 = trunc i64 %12 to i32
  %14 = shl i32 %13, 5
  %15 = freeze i32 %8
  %16 = sdiv i32 %15, 32
  %17 = mul i32 %16, 32
  %18 = sub i32 %15, %17
  %19 = shl nsw i32 %16, 2
  %20 = icmp sgt i32 %5, 0
  br i1 %20, label %21, label %51

21:                                               ; preds = %6
  %22 = add nsw i32 %11, %18
  %23 = sext i32 %22 to i64
  %24 = zext nneg i32 %5 to i64
  %25 = mul nsw i64 %23, %24
  %26 = sext i32 %19 to i64
  %27 = getelementptr half, ptr addrspace(1) %0, i64 %25
  %28 = getelementptr half, ptr addrspace(1) %27, i64 %26
  %29 = add nsw i32 %14, %18
  %30 = sext i32 %29 to i64
  %31 = mul nsw i64 %30, %24
  %32 = getelementptr half, ptr addrspace(1) %1, i64 %31
  %33 = getelementptr half, ptr addrspace(1) %32, i64 %26
  br label %34

34:                                               ; preds = %21, %34
  %35 = phi <16 x float> [ zeroinitializer, %21 ], [ %48, %34 ]
  %36 = phi i32 [ 0, %21 ], [ %49, %34 ]
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr half, ptr addrspace(1) %28, i64 %37
  %39 = getelementptr half, ptr addrspace(1) %33, i64 %37
  %40 = load <2 x half>, ptr addrspace(1) %38, align 2, !tbaa !9
  %41 = load <2 x half>, ptr addrspace(1) %39, align 2, !tbaa !9
  %42 = getelementptr i8, ptr addrspace(1) %38, i64 4
  %43 = getelementptr i8, ptr addrspace(1) %39, i64 4
  %44 = load <2 x half>, ptr addrspace(1) %42, align 2, !tbaa !9
  %45 = shufflevector <2 x half> %40, <2 x half> %44, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %46 = load <2 x half>, ptr addrspace(1) %43, align 2, !tbaa !9
  %47 = shufflevector <2 x half> %41, <2 x half> %46, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %48 = tail call contract <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %45, <4 x half> %47, <16 x float> %35, i32 0, i32 0, i32 0)
  %49 = add nuw nsw i32 %36, 8
  %50 = icmp slt i32 %49, %5
  br i1 %50, label %34, label %51, !llvm.loop !11

51:                                               ; preds = %34, %6
  %52 = phi <16 x float> [ zeroinitializer, %6 ], [ %48, %34 ]
  %53 = add i32 %19, %11
  %54 = sext i32 %4 to i64
  %55 = sext i32 %14 to i64
  %56 = sext i32 %18 to i64
  %57 = getelementptr float, ptr addrspace(1) %2, i64 %55
  %58 = getelementptr float, ptr addrspace(1) %57, i64 %56
  %59 = extractelement <16 x float> %52, i64 0
  %60 = sext i32 %53 to i64
  %61 = mul nsw i64 %60, %54
  %62 = getelementptr float, ptr addrspace(1) %58, i64 %61
  store float %59, ptr addrspace(1) %62, align 4, !tbaa !13
  %63 = or disjoint i32 %53, 1
  %64 = extractelement <16 x float> %52, i64 1
  %65 = sext i32 %63 to i64
  %66 = mul nsw i64 %65, %54
  %67 = getelementptr float, ptr addrspace(1) %58, i64 %66
  store float %64, ptr addrspace(1) %67, align 4, !tbaa !13
  %68 = or disjoint i32 %53, 2
  %69 = extractelement <16 x float> %52, i64 2
  %70 = sext i32 %68 to i64
  %71 = mul nsw i64 %70, %54
  %72 = getelementptr float, ptr addrspace(1) %58, i64 %71
  store float %69, ptr addrspace(1) %72, align 4, !tbaa !13
  %73 = or disjoint i32 %53, 3
  %74 = extractelement <16 x float> %52, i64 3
  %75 = sext i32 %73 to i64
  %76 = mul nsw i64 %75, %54
  %77 = getelementptr float, ptr addrspace(1) %58, i64 %76
  store float %74, ptr addrspace(1) %77, align 4, !tbaa !13
  %78 = add i32 %53, 8
  %79 = extractelement <16 x float> %52, i64 4
  %80 = sext i32 %78 to i64
  %81 = mul nsw i64 %80, %54
  %82 = getelementptr float, ptr addrspace(1) %58, i64 %81
  store float %79, ptr addrspace(1) %82, align 4, !tbaa !13
  %83 = add i32 %53, 9
  %84 = extractelement <16 x float> %52, i64 5
  %85 = sext i32 %83 to i64
  %86 = mul nsw i64 %85, %54
  %87 = getelementptr float, ptr addrspace(1) %58, i64 %86
  store float %84, ptr addrspace(1) %87, align 4, !tbaa !13
  %88 = add i32 %53, 10
  %89 = extractelement <16 x float> %52, i64 6
  %90 = sext i32 %88 to i64
  %91 = mul nsw i64 %90, %54
  %92 = getelementptr float, ptr addrspace(1) %58, i64 %91
  store float %89, ptr addrspace(1) %92, align 4, !tbaa !13
  %93 = add i32 %53, 11
  %94 = extractelement <16 x float> %52, i64 7
  %95 = sext i32 %93 to i64
  %96 = mul nsw i64 %95, %54
  %97 = getelementptr float, ptr addrspace(1) %58, i64 %96
  store float %94, ptr addrspace(1) %97, align 4, !tbaa !13
  %98 = add i32 %53, 16
  %99 = extractelement <16 x float> %52, i64 8
  %100 = sext i32 %98 to i64
  %101 = mul nsw i64 %100, %54
  %102 = getelementptr float, ptr addrspace(1) %58, i64 %101
  store float %99, ptr addrspace(1) %102, align 4, !tbaa !13
  %103 = add i32 %53, 17
  %104 = extractelement <16 x float> %52, i64 9
  %105 = sext i32 %103 to i64
  %106 = mul nsw i64 %105, %54
  %107 = getelementptr float, ptr addrspace(1) %58, i64 %106
  store float %104, ptr addrspace(1) %107, align 4, !tbaa !13
  %108 = add i32 %53, 18
  %109 = extractelement <16 x float> %52, i64 10
  %110 = sext i32 %108 to i64
  %111 = mul nsw i64 %110, %54
  %112 = getelementptr float, ptr addrspace(1) %58, i64 %111
  store float %109, ptr addrspace(1) %112, align 4, !tbaa !13
  %113 = add i32 %53, 19
  %114 = extractelement <16 x float> %52, i64 11
  %115 = sext i32 %113 to i64
  %116 = mul nsw i64 %115, %54
  %117 = getelementptr float, ptr addrspace(1) %58, i64 %116
  store float %114, ptr addrspace(1) %117, align 4, !tbaa !13
  %118 = add i32 %53, 24
  %119 = extractelement <16 x float> %52, i64 12
  %120 = sext i32 %118 to i64
  %121 = mul nsw i64 %120, %54
  %122 = getelementptr float, ptr addrspace(1) %58, i64 %121
  store float %119, ptr addrspace(1) %122, align 4, !tbaa !13
  %123 = add i32 %53, 25
  %124 = extractelement <16 x float> %52, i64 13
  %125 = sext i32 %123 to i64
  %126 = mul nsw i64 %125, %54
  %127 = getelementptr float, ptr addrspace(1) %58, i64 %126
  store float %124, ptr addrspace(1) %127, align 4, !tbaa !13
  %128 = add i32 %53, 26
  %129 = extractelement <16 x float> %52, i64 14
  %130 = sext i32 %128 to i64
  %131 = mul nsw i64 %130, %54
  %132 = getelementptr float, ptr addrspace(1) %58, i64 %131
  store float %129, ptr addrspace(1) %132, align 4, !tbaa !13
  %133 = add i32 %53, 27
  %134 = extractelement <16 x float> %52, i64 15
  %135 = sext i32 %133 to i64
  %136 = mul nsw i64 %135, %54
  %137 = getelementptr float, ptr addrspace(1) %58, i64 %136
  store float %134, ptr addrspace(1) %137, align 4, !tbaa !13
  ret void
}

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #1

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_local_id(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_group_id(i32 noundef) local_unnamed_addr #2

attributes #0 = { convergent mustprogress nofree norecurse nounwind memory(argmem: readwrite) "amdgpu-flat-work-group-size"="1,64" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }
attributes #2 = { convergent mustprogress nofree nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="false" }
attributes #3 = { convergent nounwind willreturn memory(none) }

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
!10 = !{!"_Float16", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!14, !14, i64 0}
!14 = !{!"float", !7, i64 0}

; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare !dbg !4 float @llvm.amdgcn.sqrt.f32(float) #0

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @layernorm_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg writeonly captures(none) %1, ptr addrspace(1) inreg readonly captures(none) %2, ptr addrspace(1) inreg readonly captures(none) %3, ptr addrspace(1) inreg writeonly captures(none) %4, ptr addrspace(1) inreg writeonly captures(none) %5, i32 inreg %6, float inreg %7, ptr addrspace(1) inreg readnone captures(none) %8, ptr addrspace(1) inreg readnone captures(none) %9) local_unnamed_addr #1 !dbg !7 {
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !8
  %12 = sext i32 %11 to i64, !dbg !9
  %13 = sext i32 %6 to i64, !dbg !10
  %14 = mul nsw i64 %13, %12, !dbg !10
  %15 = getelementptr float, ptr addrspace(1) %0, i64 %14, !dbg !11
  %16 = getelementptr float, ptr addrspace(1) %1, i64 %14, !dbg !12
  %17 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !13
  %18 = and i32 %17, 255, !dbg !13
  %19 = and i32 %17, 63, !dbg !13
  %20 = lshr i32 %18, 6, !dbg !13
  %21 = shl nuw nsw i32 %17, 2, !dbg !13
  %22 = and i32 %21, 1020, !dbg !13
  %23 = icmp sgt i32 %6, 0, !dbg !14
  br i1 %23, label %.lr.ph, label %._crit_edge, !dbg !14

.lr.ph:                                           ; preds = %10, %33
  %24 = phi i32 [ %39, %33 ], [ 0, %10 ]
  %25 = phi <2 x float> [ %36, %33 ], [ zeroinitializer, %10 ]
  %26 = phi <2 x float> [ %38, %33 ], [ zeroinitializer, %10 ]
  %27 = or disjoint i32 %24, %22, !dbg !15
  %28 = icmp slt i32 %27, %6, !dbg !16
  br i1 %28, label %29, label %33, !dbg !17

29:                                               ; preds = %.lr.ph
  %30 = sext i32 %27 to i64
  %31 = getelementptr float, ptr addrspace(1) %15, i64 %30
  %32 = load <4 x float>, ptr addrspace(1) %31, align 16, !dbg !17
  br label %33, !dbg !17

33:                                               ; preds = %29, %.lr.ph
  %34 = phi <4 x float> [ %32, %29 ], [ zeroinitializer, %.lr.ph ], !dbg !17
  %35 = shufflevector <4 x float> %34, <4 x float> poison, <2 x i32> <i32 0, i32 1>, !dbg !18
  %36 = fadd <2 x float> %25, %35, !dbg !18
  %37 = shufflevector <4 x float> %34, <4 x float> poison, <2 x i32> <i32 2, i32 3>, !dbg !18
  %38 = fadd <2 x float> %26, %37, !dbg !18
  %39 = add i32 %24, 1024, !dbg !14
  %40 = icmp slt i32 %39, %6, !dbg !14
  br i1 %40, label %.lr.ph, label %._crit_edge.loopexit, !dbg !14

._crit_edge.loopexit:                             ; preds = %33
  %shift = shufflevector <2 x float> %36, <2 x float> poison, <2 x i32> <i32 1, i32 poison>, !dbg !19
  %foldExtExtBinop = fadd <2 x float> %36, %shift, !dbg !19
  %foldExtExtBinop33 = fadd <2 x float> %38, %foldExtExtBinop, !dbg !19
  %shift35 = shufflevector <2 x float> %38, <2 x float> poison, <2 x i32> <i32 1, i32 poison>, !dbg !19
  %foldExtExtBinop36 = fadd <2 x float> %shift35, %foldExtExtBinop33, !dbg !19
  %41 = extractelement <2 x float> %foldExtExtBinop36, i64 0, !dbg !19
  br label %._crit_edge, !dbg !19

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %10
  %42 = phi float [ 0.000000e+00, %10 ], [ %41, %._crit_edge.loopexit ], !dbg !19
  %43 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %42, i32 280, i32 15, i32 15, i1 true), !dbg !22
  %44 = fadd float %42, %43, !dbg !19
  %45 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %44, i32 276, i32 15, i32 15, i1 true), !dbg !22
  %46 = fadd float %44, %45, !dbg !19
  %47 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %46, i32 274, i32 15, i32 15, i1 true), !dbg !22
  %48 = fadd float %46, %47, !dbg !19
  %49 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %48, i32 273, i32 15, i32 15, i1 true), !dbg !22
  %50 = fadd float %48, %49, !dbg !19
  %51 = tail call float @llvm.amdgcn.update.dpp.f32(float %50, float %50, i32 322, i32 10, i32 15, i1 true), !dbg !22
  %52 = fadd float %50, %51, !dbg !19
  %53 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %52, i32 323, i32 15, i32 15, i1 true), !dbg !22
  %54 = fadd float %52, %53, !dbg !19
  %55 = tail call float @llvm.amdgcn.readlane.f32(float %54, i32 63), !dbg !22
  %56 = icmp eq i32 %19, 0, !dbg !22
  %57 = getelementptr float, ptr addrspace(3) @global_smem, i32 %20, !dbg !22
  br i1 %56, label %58, label %59, !dbg !22

58:                                               ; preds = %._crit_edge
  store float %55, ptr addrspace(3) %57, align 4, !dbg !22
  br label %59, !dbg !22

59:                                               ; preds = %58, %._crit_edge
  fence syncscope("workgroup") release, !dbg !22
  tail call void @llvm.amdgcn.s.barrier(), !dbg !22
  fence syncscope("workgroup") acquire, !dbg !22
  %60 = icmp samesign ult i32 %18, 4, !dbg !22
  %61 = getelementptr float, ptr addrspace(3) @global_smem, i32 %18, !dbg !22
  br i1 %60, label %62, label %64, !dbg !22

62:                                               ; preds = %59
  %63 = load float, ptr addrspace(3) %61, align 4, !dbg !22
  br label %64, !dbg !22

64:                                               ; preds = %62, %59
  %65 = phi float [ %63, %62 ], [ 0.000000e+00, %59 ], !dbg !25
  %66 = bitcast float %65 to i32, !dbg !22
  %67 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %66, i32 %66, i32 78, i32 15, i32 15, i1 false), !dbg !22
  %68 = bitcast i32 %67 to float, !dbg !22
  %69 = fadd float %65, %68, !dbg !19
  %70 = bitcast float %69 to i32, !dbg !22
  %71 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %70, i32 %70, i32 177, i32 15, i32 15, i1 false), !dbg !22
  %72 = and i32 %17, 3, !dbg !22
  %73 = icmp eq i32 %72, 0, !dbg !22
  %74 = and i1 %60, %73, !dbg !22
  br i1 %74, label %75, label %78, !dbg !22

75:                                               ; preds = %64
  %76 = bitcast i32 %71 to float
  %77 = fadd float %69, %76
  store float %77, ptr addrspace(3) %61, align 4, !dbg !22
  br label %78, !dbg !22

78:                                               ; preds = %75, %64
  fence syncscope("workgroup") release, !dbg !22
  tail call void @llvm.amdgcn.s.barrier(), !dbg !22
  fence syncscope("workgroup") acquire, !dbg !22
  %79 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !22
  %80 = sitofp i32 %6 to float, !dbg !26
  %81 = fdiv float %79, %80, !dbg !26
  br i1 %23, label %.lr.ph10, label %._crit_edge11, !dbg !27

.lr.ph10:                                         ; preds = %78, %93
  %82 = phi float [ %111, %93 ], [ 0.000000e+00, %78 ]
  %83 = phi float [ %112, %93 ], [ 0.000000e+00, %78 ]
  %84 = phi float [ %113, %93 ], [ 0.000000e+00, %78 ]
  %85 = phi float [ %114, %93 ], [ 0.000000e+00, %78 ]
  %86 = phi i32 [ %115, %93 ], [ 0, %78 ]
  %87 = or disjoint i32 %86, %22, !dbg !28
  %88 = icmp slt i32 %87, %6, !dbg !29
  br i1 %88, label %89, label %93, !dbg !30

89:                                               ; preds = %.lr.ph10
  %90 = sext i32 %87 to i64
  %91 = getelementptr float, ptr addrspace(1) %15, i64 %90
  %92 = load <4 x float>, ptr addrspace(1) %91, align 16, !dbg !30
  br label %93, !dbg !30

93:                                               ; preds = %89, %.lr.ph10
  %94 = phi <4 x float> [ %92, %89 ], [ zeroinitializer, %.lr.ph10 ], !dbg !30
  %95 = extractelement <4 x float> %94, i64 0, !dbg !30
  %96 = extractelement <4 x float> %94, i64 1, !dbg !30
  %97 = extractelement <4 x float> %94, i64 2, !dbg !30
  %98 = extractelement <4 x float> %94, i64 3, !dbg !30
  %99 = fsub float %95, %81, !dbg !31
  %100 = fsub float %96, %81, !dbg !31
  %101 = fsub float %97, %81, !dbg !31
  %102 = fsub float %98, %81, !dbg !31
  %103 = select i1 %88, float %99, float 0.000000e+00, !dbg !32
  %104 = select i1 %88, float %100, float 0.000000e+00, !dbg !32
  %105 = select i1 %88, float %101, float 0.000000e+00, !dbg !32
  %106 = select i1 %88, float %102, float 0.000000e+00, !dbg !32
  %107 = fmul float %103, %103, !dbg !33
  %108 = fmul float %104, %104, !dbg !33
  %109 = fmul float %105, %105, !dbg !33
  %110 = fmul float %106, %106, !dbg !33
  %111 = fadd float %82, %107, !dbg !34
  %112 = fadd float %83, %108, !dbg !34
  %113 = fadd float %84, %109, !dbg !34
  %114 = fadd float %85, %110, !dbg !34
  %115 = add i32 %86, 1024, !dbg !27
  %116 = icmp slt i32 %115, %6, !dbg !27
  br i1 %116, label %.lr.ph10, label %._crit_edge11.loopexit, !dbg !27

._crit_edge11.loopexit:                           ; preds = %93
  %117 = fadd float %111, %112, !dbg !35
  %118 = fadd float %113, %117, !dbg !35
  %119 = fadd float %114, %118, !dbg !35
  br label %._crit_edge11, !dbg !35

._crit_edge11:                                    ; preds = %._crit_edge11.loopexit, %78
  %120 = phi float [ 0.000000e+00, %78 ], [ %119, %._crit_edge11.loopexit ], !dbg !37
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !35
  tail call void @llvm.amdgcn.s.barrier(), !dbg !35
  %121 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %120, i32 280, i32 15, i32 15, i1 true), !dbg !35
  %122 = fadd float %120, %121, !dbg !37
  %123 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %122, i32 276, i32 15, i32 15, i1 true), !dbg !35
  %124 = fadd float %122, %123, !dbg !37
  %125 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %124, i32 274, i32 15, i32 15, i1 true), !dbg !35
  %126 = fadd float %124, %125, !dbg !37
  %127 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %126, i32 273, i32 15, i32 15, i1 true), !dbg !35
  %128 = fadd float %126, %127, !dbg !37
  %129 = tail call float @llvm.amdgcn.update.dpp.f32(float %128, float %128, i32 322, i32 10, i32 15, i1 true), !dbg !35
  %130 = fadd float %128, %129, !dbg !37
  %131 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %130, i32 323, i32 15, i32 15, i1 true), !dbg !35
  %132 = fadd float %130, %131, !dbg !37
  %133 = tail call float @llvm.amdgcn.readlane.f32(float %132, i32 63), !dbg !35
  br i1 %56, label %134, label %135, !dbg !35

134:                                              ; preds = %._crit_edge11
  store float %133, ptr addrspace(3) %57, align 4, !dbg !35
  br label %135, !dbg !35

135:                                              ; preds = %134, %._crit_edge11
  fence syncscope("workgroup") release, !dbg !35
  tail call void @llvm.amdgcn.s.barrier(), !dbg !35
  fence syncscope("workgroup") acquire, !dbg !35
  br i1 %60, label %136, label %138, !dbg !35

136:                                              ; preds = %135
  %137 = load float, ptr addrspace(3) %61, align 4, !dbg !35
  br label %138, !dbg !35

138:                                              ; preds = %136, %135
  %139 = phi float [ %137, %136 ], [ 0.000000e+00, %135 ], !dbg !38
  %140 = bitcast float %139 to i32, !dbg !35
  %141 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %140, i32 %140, i32 78, i32 15, i32 15, i1 false), !dbg !35
  %142 = bitcast i32 %141 to float, !dbg !35
  %143 = fadd float %139, %142, !dbg !37
  %144 = bitcast float %143 to i32, !dbg !35
  %145 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %144, i32 %144, i32 177, i32 15, i32 15, i1 false), !dbg !35
  br i1 %74, label %146, label %149, !dbg !35

146:                                              ; preds = %138
  %147 = bitcast i32 %145 to float
  %148 = fadd float %143, %147
  store float %148, ptr addrspace(3) %61, align 4, !dbg !35
  br label %149, !dbg !35

149:                                              ; preds = %146, %138
  fence syncscope("workgroup") release, !dbg !35
  tail call void @llvm.amdgcn.s.barrier(), !dbg !35
  fence syncscope("workgroup") acquire, !dbg !35
  %150 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !35
  %151 = fdiv float %150, %80, !dbg !39
  %152 = fadd float %7, %151, !dbg !40
  %153 = tail call float @llvm.amdgcn.sqrt.f32(float %152), !dbg !41
  %154 = fdiv float 1.000000e+00, %153, !dbg !42
  %155 = icmp samesign ult i32 %18, 64, !dbg !43
  %156 = and i1 %56, %155, !dbg !43
  br i1 %156, label %157, label %.critedge, !dbg !43

157:                                              ; preds = %149
  %158 = insertelement <1 x float> poison, float %154, i64 0
  %159 = getelementptr float, ptr addrspace(1) %5, i64 %12
  %160 = getelementptr float, ptr addrspace(1) %4, i64 %12
  %161 = insertelement <1 x float> poison, float %81, i64 0
  store <1 x float> %161, ptr addrspace(1) %160, align 4, !dbg !43
  store <1 x float> %158, ptr addrspace(1) %159, align 4, !dbg !44
  br label %.critedge, !dbg !44

.critedge:                                        ; preds = %149, %157
  br i1 %23, label %.lr.ph13.preheader, label %._crit_edge14, !dbg !45

.lr.ph13.preheader:                               ; preds = %.critedge
  %162 = insertelement <2 x float> poison, float %81, i64 0
  %163 = insertelement <2 x float> poison, float %154, i64 0
  %164 = shufflevector <2 x float> %163, <2 x float> poison, <4 x i32> zeroinitializer
  %165 = shufflevector <2 x float> %162, <2 x float> poison, <4 x i32> zeroinitializer
  br label %.lr.ph13, !dbg !46

.lr.ph13:                                         ; preds = %.lr.ph13.preheader, %.critedge5
  %166 = phi i32 [ %182, %.critedge5 ], [ 0, %.lr.ph13.preheader ]
  %167 = or disjoint i32 %166, %22, !dbg !47
  %168 = icmp slt i32 %167, %6, !dbg !48
  br i1 %168, label %169, label %.critedge5, !dbg !46

169:                                              ; preds = %.lr.ph13
  %170 = sext i32 %167 to i64, !dbg !49
  %171 = getelementptr float, ptr addrspace(1) %2, i64 %170, !dbg !49
  %172 = load <4 x float>, ptr addrspace(1) %171, align 16, !dbg !46
  %173 = getelementptr float, ptr addrspace(1) %3, i64 %170, !dbg !50
  %174 = load <4 x float>, ptr addrspace(1) %173, align 16, !dbg !51
  %175 = getelementptr float, ptr addrspace(1) %15, i64 %170, !dbg !52
  %176 = load <4 x float>, ptr addrspace(1) %175, align 16, !dbg !53
  %177 = fsub <4 x float> %176, %165, !dbg !54
  %178 = fmul <4 x float> %164, %177, !dbg !54
  %179 = fmul <4 x float> %172, %178, !dbg !54
  %180 = fadd <4 x float> %174, %179, !dbg !54
  %181 = getelementptr float, ptr addrspace(1) %16, i64 %170, !dbg !55
  store <4 x float> %180, ptr addrspace(1) %181, align 16, !dbg !54
  br label %.critedge5, !dbg !54

.critedge5:                                       ; preds = %.lr.ph13, %169
  %182 = add i32 %166, 1024, !dbg !45
  %183 = icmp slt i32 %182, %6, !dbg !45
  br i1 %183, label %.lr.ph13, label %._crit_edge14, !dbg !45

._crit_edge14:                                    ; preds = %.critedge5, %.critedge
  ret void, !dbg !56
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #0

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #2

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.waitcnt(i32 immarg) #4

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.readlane.f32(float, i32) #5

attributes #0 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { mustprogress nocallback nofree nounwind willreturn }
attributes #5 = { convergent nocallback nofree nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = !DISubprogram(name: "llvm.amdgcn.sqrt.f32", linkageName: "llvm.amdgcn.sqrt.f32", scope: !1, file: !1, line: 81, type: !5, scopeLine: 81, spFlags: DISPFlagOptimized)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = distinct !DISubprogram(name: "layernorm_kernel", linkageName: "layernorm_kernel", scope: !1, file: !1, line: 66, type: !5, scopeLine: 66, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 67, column: 24, scope: !7)
!9 = !DILocation(line: 68, column: 27, scope: !7)
!10 = !DILocation(line: 68, column: 39, scope: !7)
!11 = !DILocation(line: 68, column: 20, scope: !7)
!12 = !DILocation(line: 69, column: 20, scope: !7)
!13 = !DILocation(line: 72, column: 34, scope: !7)
!14 = !DILocation(line: 71, column: 32, scope: !7)
!15 = !DILocation(line: 72, column: 21, scope: !7)
!16 = !DILocation(line: 73, column: 49, scope: !7)
!17 = !DILocation(line: 73, column: 23, scope: !7)
!18 = !DILocation(line: 73, column: 15, scope: !7)
!19 = !DILocation(line: 263, column: 15, scope: !20, inlinedAt: !22)
!20 = distinct !DILexicalBlockFile(scope: !7, file: !21, discriminator: 0)
!21 = !DIFile(filename: "standard.py", directory: "/opt/torch/.venv/lib/python3.12/site-packages/triton/language")
!22 = !DILocation(line: 293, column: 36, scope: !20, inlinedAt: !23)
!23 = !DILocation(line: 74, column: 18, scope: !24)
!24 = distinct !DILexicalBlockFile(scope: !7, file: !1, discriminator: 0)
!25 = !DILocation(line: 74, column: 18, scope: !7)
!26 = !DILocation(line: 74, column: 33, scope: !7)
!27 = !DILocation(line: 76, column: 32, scope: !7)
!28 = !DILocation(line: 77, column: 21, scope: !7)
!29 = !DILocation(line: 78, column: 46, scope: !7)
!30 = !DILocation(line: 78, column: 20, scope: !7)
!31 = !DILocation(line: 79, column: 40, scope: !7)
!32 = !DILocation(line: 79, column: 46, scope: !7)
!33 = !DILocation(line: 80, column: 19, scope: !7)
!34 = !DILocation(line: 80, column: 15, scope: !7)
!35 = !DILocation(line: 293, column: 36, scope: !20, inlinedAt: !36)
!36 = !DILocation(line: 81, column: 30, scope: !24)
!37 = !DILocation(line: 263, column: 15, scope: !20, inlinedAt: !35)
!38 = !DILocation(line: 81, column: 30, scope: !7)
!39 = !DILocation(line: 81, column: 45, scope: !7)
!40 = !DILocation(line: 81, column: 54, scope: !7)
!41 = !DILocation(line: 81, column: 23, scope: !7)
!42 = !DILocation(line: 81, column: 15, scope: !7)
!43 = !DILocation(line: 82, column: 29, scope: !7)
!44 = !DILocation(line: 83, column: 29, scope: !7)
!45 = !DILocation(line: 84, column: 32, scope: !7)
!46 = !DILocation(line: 87, column: 20, scope: !7)
!47 = !DILocation(line: 85, column: 21, scope: !7)
!48 = !DILocation(line: 86, column: 19, scope: !7)
!49 = !DILocation(line: 87, column: 28, scope: !7)
!50 = !DILocation(line: 88, column: 28, scope: !7)
!51 = !DILocation(line: 88, column: 20, scope: !7)
!52 = !DILocation(line: 89, column: 28, scope: !7)
!53 = !DILocation(line: 89, column: 20, scope: !7)
!54 = !DILocation(line: 90, column: 31, scope: !7)
!55 = !DILocation(line: 90, column: 25, scope: !7)
!56 = !DILocation(line: 84, column: 4, scope: !7)

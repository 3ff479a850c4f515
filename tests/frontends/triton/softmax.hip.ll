; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare !dbg !4 float @llvm.exp2.f32(float) #0

; Function Attrs: mustprogress nofree norecurse nounwind willreturn
define amdgpu_kernel void @softmax_kernel(ptr addrspace(1) inreg writeonly captures(none) %0, ptr addrspace(1) inreg readonly captures(none) %1, i32 inreg %2, ptr addrspace(1) inreg readnone captures(none) %3, ptr addrspace(1) inreg readnone captures(none) %4) local_unnamed_addr #1 !dbg !7 {
  %6 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !8
  %7 = sext i32 %6 to i64, !dbg !9
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !10
  %9 = and i32 %8, 511, !dbg !10
  %10 = and i32 %8, 63, !dbg !10
  %11 = lshr i32 %9, 6, !dbg !10
  %12 = shl nuw nsw i32 %8, 2, !dbg !10
  %13 = and i32 %12, 2044, !dbg !10
  %14 = or i32 %12, 2048, !dbg !10
  %15 = icmp slt i32 %13, %2, !dbg !11
  %16 = icmp slt i32 %14, %2, !dbg !11
  %17 = sext i32 %2 to i64, !dbg !12
  %18 = mul nsw i64 %17, %7, !dbg !12
  %19 = getelementptr float, ptr addrspace(1) %1, i64 %18, !dbg !13
  %20 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %19, i16 0, i64 2147483646, i32 159744), !dbg !14
  %21 = shl nuw nsw i32 %13, 2, !dbg !14
  %22 = select i1 %15, i32 %21, i32 -2147483648, !dbg !14
  %23 = tail call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) %20, i32 %22, i32 0, i32 0), !dbg !14
  %24 = select i1 %15, <4 x float> %23, <4 x float> splat (float 0xFFF0000000000000), !dbg !14
  %25 = extractelement <4 x float> %24, i64 0, !dbg !14
  %26 = extractelement <4 x float> %24, i64 1, !dbg !14
  %27 = extractelement <4 x float> %24, i64 2, !dbg !14
  %28 = extractelement <4 x float> %24, i64 3, !dbg !14
  %29 = shl nuw nsw i32 %14, 2, !dbg !14
  %30 = select i1 %16, i32 %29, i32 -2147483648, !dbg !14
  %31 = tail call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) %20, i32 %30, i32 0, i32 0), !dbg !14
  %32 = select i1 %16, <4 x float> %31, <4 x float> splat (float 0xFFF0000000000000), !dbg !14
  %33 = extractelement <4 x float> %32, i64 0, !dbg !14
  %34 = extractelement <4 x float> %32, i64 1, !dbg !14
  %35 = extractelement <4 x float> %32, i64 2, !dbg !14
  %36 = extractelement <4 x float> %32, i64 3, !dbg !14
  %37 = tail call float @llvm.maxnum.f32(float %25, float %26), !dbg !15
  %38 = tail call float @llvm.maxnum.f32(float %37, float %27), !dbg !15
  %39 = tail call float @llvm.maxnum.f32(float %38, float %28), !dbg !15
  %40 = tail call float @llvm.maxnum.f32(float %39, float %33), !dbg !15
  %41 = tail call float @llvm.maxnum.f32(float %40, float %34), !dbg !15
  %42 = tail call float @llvm.maxnum.f32(float %41, float %35), !dbg !15
  %43 = tail call float @llvm.maxnum.f32(float %42, float %36), !dbg !15
  %44 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %43, i32 280, i32 15, i32 15, i1 true), !dbg !18
  %45 = tail call float @llvm.maxnum.f32(float %43, float %44), !dbg !15
  %46 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %45, i32 276, i32 15, i32 15, i1 true), !dbg !18
  %47 = tail call float @llvm.maxnum.f32(float %45, float %46), !dbg !15
  %48 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %47, i32 274, i32 15, i32 15, i1 true), !dbg !18
  %49 = tail call float @llvm.maxnum.f32(float %47, float %48), !dbg !15
  %50 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %49, i32 273, i32 15, i32 15, i1 true), !dbg !18
  %51 = tail call float @llvm.maxnum.f32(float %49, float %50), !dbg !15
  %52 = tail call float @llvm.amdgcn.update.dpp.f32(float %51, float %51, i32 322, i32 10, i32 15, i1 true), !dbg !18
  %53 = tail call float @llvm.maxnum.f32(float %51, float %52), !dbg !15
  %54 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %53, i32 323, i32 15, i32 15, i1 true), !dbg !18
  %55 = tail call float @llvm.maxnum.f32(float %53, float %54), !dbg !15
  %56 = tail call float @llvm.amdgcn.readlane.f32(float %55, i32 63), !dbg !18
  %57 = icmp eq i32 %10, 0, !dbg !18
  %58 = getelementptr float, ptr addrspace(3) @global_smem, i32 %11, !dbg !18
  br i1 %57, label %59, label %60, !dbg !18

59:                                               ; preds = %5
  store float %56, ptr addrspace(3) %58, align 4, !dbg !18
  br label %60, !dbg !18

60:                                               ; preds = %59, %5
  fence syncscope("workgroup") release, !dbg !18
  tail call void @llvm.amdgcn.s.barrier(), !dbg !18
  fence syncscope("workgroup") acquire, !dbg !18
  %61 = icmp samesign ult i32 %9, 8, !dbg !18
  %62 = getelementptr float, ptr addrspace(3) @global_smem, i32 %9, !dbg !18
  br i1 %61, label %63, label %65, !dbg !18

63:                                               ; preds = %60
  %64 = load float, ptr addrspace(3) %62, align 4, !dbg !18
  br label %65, !dbg !18

65:                                               ; preds = %63, %60
  %66 = phi float [ %64, %63 ], [ 0.000000e+00, %60 ], !dbg !21
  %67 = bitcast float %66 to i32, !dbg !18
  %68 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %67, i32 %67, i32 276, i32 15, i32 10, i1 false), !dbg !18
  %69 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %68, i32 %67, i32 260, i32 15, i32 5, i1 false), !dbg !18
  %70 = bitcast i32 %69 to float, !dbg !18
  %71 = tail call float @llvm.maxnum.f32(float %66, float %70), !dbg !15
  %72 = bitcast float %71 to i32, !dbg !18
  %73 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %72, i32 %72, i32 78, i32 15, i32 15, i1 false), !dbg !18
  %74 = bitcast i32 %73 to float, !dbg !18
  %75 = tail call float @llvm.maxnum.f32(float %71, float %74), !dbg !15
  %76 = bitcast float %75 to i32, !dbg !18
  %77 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %76, i32 %76, i32 177, i32 15, i32 15, i1 false), !dbg !18
  %78 = and i32 %8, 7, !dbg !18
  %79 = icmp eq i32 %78, 0, !dbg !18
  %80 = and i1 %61, %79, !dbg !18
  br i1 %80, label %81, label %84, !dbg !18

81:                                               ; preds = %65
  %82 = bitcast i32 %77 to float
  %83 = tail call float @llvm.maxnum.f32(float %75, float %82)
  store float %83, ptr addrspace(3) %62, align 4, !dbg !18
  br label %84, !dbg !18

84:                                               ; preds = %81, %65
  fence syncscope("workgroup") release, !dbg !18
  tail call void @llvm.amdgcn.s.barrier(), !dbg !18
  fence syncscope("workgroup") acquire, !dbg !18
  %85 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !18
  %86 = fsub float %25, %85, !dbg !22
  %87 = fsub float %26, %85, !dbg !22
  %88 = fsub float %27, %85, !dbg !22
  %89 = fsub float %28, %85, !dbg !22
  %90 = fsub float %33, %85, !dbg !22
  %91 = fsub float %34, %85, !dbg !22
  %92 = fsub float %35, %85, !dbg !22
  %93 = fsub float %36, %85, !dbg !22
  %94 = fmul float %86, 0x3FF7154760000000, !dbg !23
  %95 = tail call float @llvm.exp2.f32(float %94), !dbg !23
  %96 = fmul float %87, 0x3FF7154760000000, !dbg !23
  %97 = tail call float @llvm.exp2.f32(float %96), !dbg !23
  %98 = fmul float %88, 0x3FF7154760000000, !dbg !23
  %99 = tail call float @llvm.exp2.f32(float %98), !dbg !23
  %100 = fmul float %89, 0x3FF7154760000000, !dbg !23
  %101 = tail call float @llvm.exp2.f32(float %100), !dbg !23
  %102 = fmul float %90, 0x3FF7154760000000, !dbg !23
  %103 = tail call float @llvm.exp2.f32(float %102), !dbg !23
  %104 = fmul float %91, 0x3FF7154760000000, !dbg !23
  %105 = tail call float @llvm.exp2.f32(float %104), !dbg !23
  %106 = fmul float %92, 0x3FF7154760000000, !dbg !23
  %107 = tail call float @llvm.exp2.f32(float %106), !dbg !23
  %108 = fmul float %93, 0x3FF7154760000000, !dbg !23
  %109 = tail call float @llvm.exp2.f32(float %108), !dbg !23
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !24
  %110 = fadd float %95, %97, !dbg !26
  %111 = fadd float %99, %110, !dbg !26
  %112 = fadd float %101, %111, !dbg !26
  %113 = fadd float %103, %112, !dbg !26
  %114 = fadd float %105, %113, !dbg !26
  %115 = fadd float %107, %114, !dbg !26
  %116 = fadd float %109, %115, !dbg !26
  %117 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %116, i32 280, i32 15, i32 15, i1 true), !dbg !24
  %118 = fadd float %117, %116, !dbg !26
  %119 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %118, i32 276, i32 15, i32 15, i1 true), !dbg !24
  %120 = fadd float %119, %118, !dbg !26
  %121 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %120, i32 274, i32 15, i32 15, i1 true), !dbg !24
  %122 = fadd float %121, %120, !dbg !26
  %123 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %122, i32 273, i32 15, i32 15, i1 true), !dbg !24
  %124 = fadd float %123, %122, !dbg !26
  %125 = tail call float @llvm.amdgcn.update.dpp.f32(float %124, float %124, i32 322, i32 10, i32 15, i1 true), !dbg !24
  %126 = fadd float %125, %124, !dbg !26
  %127 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %126, i32 323, i32 15, i32 15, i1 true), !dbg !24
  %128 = fadd float %127, %126, !dbg !26
  %129 = tail call float @llvm.amdgcn.readlane.f32(float %128, i32 63), !dbg !24
  br i1 %57, label %130, label %131, !dbg !24

130:                                              ; preds = %84
  store float %129, ptr addrspace(3) %58, align 4, !dbg !24
  br label %131, !dbg !24

131:                                              ; preds = %130, %84
  fence syncscope("workgroup") release, !dbg !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !24
  fence syncscope("workgroup") acquire, !dbg !24
  br i1 %61, label %132, label %134, !dbg !24

132:                                              ; preds = %131
  %133 = load float, ptr addrspace(3) %62, align 4, !dbg !24
  br label %134, !dbg !24

134:                                              ; preds = %132, %131
  %135 = phi float [ %133, %132 ], [ 0.000000e+00, %131 ], !dbg !27
  %136 = bitcast float %135 to i32, !dbg !24
  %137 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %136, i32 %136, i32 276, i32 15, i32 10, i1 false), !dbg !24
  %138 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %137, i32 %136, i32 260, i32 15, i32 5, i1 false), !dbg !24
  %139 = bitcast i32 %138 to float, !dbg !24
  %140 = fadd float %135, %139, !dbg !26
  %141 = bitcast float %140 to i32, !dbg !24
  %142 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %141, i32 %141, i32 78, i32 15, i32 15, i1 false), !dbg !24
  %143 = bitcast i32 %142 to float, !dbg !24
  %144 = fadd float %140, %143, !dbg !26
  %145 = bitcast float %144 to i32, !dbg !24
  %146 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 %145, i32 %145, i32 177, i32 15, i32 15, i1 false), !dbg !24
  br i1 %80, label %147, label %150, !dbg !24

147:                                              ; preds = %134
  %148 = bitcast i32 %146 to float
  %149 = fadd float %144, %148
  store float %149, ptr addrspace(3) %62, align 4, !dbg !24
  br label %150, !dbg !24

150:                                              ; preds = %147, %134
  %151 = getelementptr float, ptr addrspace(1) %0, i64 %18, !dbg !28
  fence syncscope("workgroup") release, !dbg !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !24
  fence syncscope("workgroup") acquire, !dbg !24
  %152 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !24
  %153 = fdiv float %95, %152, !dbg !29
  %154 = fdiv float %97, %152, !dbg !29
  %155 = fdiv float %99, %152, !dbg !29
  %156 = fdiv float %101, %152, !dbg !29
  %157 = fdiv float %103, %152, !dbg !29
  %158 = fdiv float %105, %152, !dbg !29
  %159 = fdiv float %107, %152, !dbg !29
  %160 = fdiv float %109, %152, !dbg !29
  %161 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %151, i16 0, i64 2147483646, i32 159744), !dbg !30
  %162 = insertelement <4 x float> poison, float %153, i64 0, !dbg !30
  %163 = insertelement <4 x float> %162, float %154, i64 1, !dbg !30
  %164 = insertelement <4 x float> %163, float %155, i64 2, !dbg !30
  %165 = insertelement <4 x float> %164, float %156, i64 3, !dbg !30
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.v4f32(<4 x float> %165, ptr addrspace(8) %161, i32 %22, i32 0, i32 0), !dbg !30
  %166 = insertelement <4 x float> poison, float %157, i64 0, !dbg !30
  %167 = insertelement <4 x float> %166, float %158, i64 1, !dbg !30
  %168 = insertelement <4 x float> %167, float %159, i64 2, !dbg !30
  %169 = insertelement <4 x float> %168, float %160, i64 3, !dbg !30
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.v4f32(<4 x float> %169, ptr addrspace(8) %161, i32 %30, i32 0, i32 0), !dbg !30
  ret void, !dbg !31
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) readnone, i16, i64, i32) #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #0

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #4

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #3

; Function Attrs: mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.waitcnt(i32 immarg) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.v4f32(<4 x float>, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #6

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.readlane.f32(float, i32) #7

attributes #0 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { mustprogress nofree norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,512" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #4 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #5 = { mustprogress nocallback nofree nounwind willreturn }
attributes #6 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #7 = { convergent nocallback nofree nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = !DISubprogram(name: "llvm.exp2.f32", linkageName: "llvm.exp2.f32", scope: !1, file: !1, line: 61, type: !5, scopeLine: 61, spFlags: DISPFlagOptimized)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = distinct !DISubprogram(name: "softmax_kernel", linkageName: "softmax_kernel", scope: !1, file: !1, line: 55, type: !5, scopeLine: 55, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 56, column: 24, scope: !7)
!9 = !DILocation(line: 56, column: 30, scope: !7)
!10 = !DILocation(line: 57, column: 24, scope: !7)
!11 = !DILocation(line: 58, column: 15, scope: !7)
!12 = !DILocation(line: 59, column: 31, scope: !7)
!13 = !DILocation(line: 59, column: 25, scope: !7)
!14 = !DILocation(line: 59, column: 16, scope: !7)
!15 = !DILocation(line: 170, column: 27, scope: !16, inlinedAt: !18)
!16 = distinct !DILexicalBlockFile(scope: !7, file: !17, discriminator: 0)
!17 = !DIFile(filename: "standard.py", directory: "/opt/torch/.venv/lib/python3.12/site-packages/triton/language")
!18 = !DILocation(line: 191, column: 40, scope: !16, inlinedAt: !19)
!19 = !DILocation(line: 60, column: 19, scope: !20)
!20 = distinct !DILexicalBlockFile(scope: !7, file: !1, discriminator: 0)
!21 = !DILocation(line: 60, column: 19, scope: !7)
!22 = !DILocation(line: 60, column: 12, scope: !7)
!23 = !DILocation(line: 61, column: 15, scope: !7)
!24 = !DILocation(line: 293, column: 36, scope: !16, inlinedAt: !25)
!25 = !DILocation(line: 62, column: 55, scope: !20)
!26 = !DILocation(line: 263, column: 15, scope: !16, inlinedAt: !24)
!27 = !DILocation(line: 62, column: 55, scope: !7)
!28 = !DILocation(line: 62, column: 23, scope: !7)
!29 = !DILocation(line: 62, column: 48, scope: !7)
!30 = !DILocation(line: 62, column: 44, scope: !7)
!31 = !DILocation(line: 62, column: 4, scope: !7)

; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/wgmma_gemm.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/wgmma_gemm.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__half = type { i16 }

@_ZZ10wgmma_gemmE2sa = internal addrspace(3) global [1024 x %struct.__half] undef, align 128
@_ZZ10wgmma_gemmE2sb = internal addrspace(3) global [128 x %struct.__half] undef, align 128

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @wgmma_gemm(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %5
  %7 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %5
  %8 = load i16, ptr %6, align 2, !tbaa !8
  store i16 %8, ptr %7, align 2, !tbaa !8
  %9 = icmp samesign ult i32 %4, 896
  br i1 %9, label %12, label %10, !llvm.loop !10

10:                                               ; preds = %54, %47, %40, %33, %26, %19, %12, %3
  %11 = icmp samesign ult i32 %4, 128
  br i1 %11, label %60, label %65

12:                                               ; preds = %3
  %13 = add nuw nsw i32 %4, 128
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %14
  %16 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %14
  %17 = load i16, ptr %15, align 2, !tbaa !8
  store i16 %17, ptr %16, align 2, !tbaa !8
  %18 = icmp samesign ult i32 %4, 768
  br i1 %18, label %19, label %10, !llvm.loop !10

19:                                               ; preds = %12
  %20 = add nuw nsw i32 %4, 256
  %21 = zext nneg i32 %20 to i64
  %22 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %21
  %23 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %21
  %24 = load i16, ptr %22, align 2, !tbaa !8
  store i16 %24, ptr %23, align 2, !tbaa !8
  %25 = icmp samesign ult i32 %4, 640
  br i1 %25, label %26, label %10, !llvm.loop !10

26:                                               ; preds = %19
  %27 = add nuw nsw i32 %4, 384
  %28 = zext nneg i32 %27 to i64
  %29 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %28
  %30 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %28
  %31 = load i16, ptr %29, align 2, !tbaa !8
  store i16 %31, ptr %30, align 2, !tbaa !8
  %32 = icmp samesign ult i32 %4, 512
  br i1 %32, label %33, label %10, !llvm.loop !10

33:                                               ; preds = %26
  %34 = or disjoint i32 %4, 512
  %35 = zext nneg i32 %34 to i64
  %36 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %35
  %37 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %35
  %38 = load i16, ptr %36, align 2, !tbaa !8
  store i16 %38, ptr %37, align 2, !tbaa !8
  %39 = icmp samesign ult i32 %4, 384
  br i1 %39, label %40, label %10, !llvm.loop !10

40:                                               ; preds = %33
  %41 = add nuw nsw i32 %4, 640
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %42
  %44 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %42
  %45 = load i16, ptr %43, align 2, !tbaa !8
  store i16 %45, ptr %44, align 2, !tbaa !8
  %46 = icmp samesign ult i32 %4, 256
  br i1 %46, label %47, label %10, !llvm.loop !10

47:                                               ; preds = %40
  %48 = or disjoint i32 %4, 768
  %49 = zext nneg i32 %48 to i64
  %50 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %49
  %51 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %49
  %52 = load i16, ptr %50, align 2, !tbaa !8
  store i16 %52, ptr %51, align 2, !tbaa !8
  %53 = icmp samesign ult i32 %4, 128
  br i1 %53, label %54, label %10, !llvm.loop !10

54:                                               ; preds = %47
  %55 = add nuw nsw i32 %4, 896
  %56 = zext nneg i32 %55 to i64
  %57 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %56
  %58 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 %56
  %59 = load i16, ptr %57, align 2, !tbaa !8
  store i16 %59, ptr %58, align 2, !tbaa !8
  br label %10

60:                                               ; preds = %10
  %61 = zext nneg i32 %4 to i64
  %62 = getelementptr inbounds nuw %struct.__half, ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sb to ptr), i64 %61
  %63 = getelementptr inbounds nuw %struct.__half, ptr %1, i64 %61
  %64 = load i16, ptr %63, align 2, !tbaa !8
  store i16 %64, ptr %62, align 2, !tbaa !8
  br label %65

65:                                               ; preds = %60, %10
  tail call void asm sideeffect "fence.proxy.async.shared::cta;\0A", "~{memory}"() #3, !srcloc !12
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %66 = lshr exact i64 ptrtoint (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to i64), 4
  %67 = and i64 %66, 16376
  %68 = or disjoint i64 %67, 68720001024
  %69 = lshr exact i64 ptrtoint (ptr addrspace(3) @_ZZ10wgmma_gemmE2sb to i64), 4
  %70 = and i64 %69, 16376
  %71 = or disjoint i64 %70, 68720001024
  tail call void asm sideeffect "wgmma.fence.sync.aligned;\0A", "~{memory}"() #3, !srcloc !13
  %72 = tail call contract { float, float, float, float } asm sideeffect "{\0A.reg .pred p;\0Asetp.ne.b32 p, $6, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $4, $5, p, 1, 1, 0, 0;\0A}\0A", "=f,=f,=f,=f,l,l,r,0,1,2,3"(i64 %68, i64 %71, i32 0, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00) #3, !srcloc !14
  %73 = extractvalue { float, float, float, float } %72, 0
  %74 = extractvalue { float, float, float, float } %72, 1
  %75 = extractvalue { float, float, float, float } %72, 2
  %76 = extractvalue { float, float, float, float } %72, 3
  tail call void asm sideeffect "wgmma.commit_group.sync.aligned;\0A", "~{memory}"() #3, !srcloc !15
  tail call void asm sideeffect "wgmma.wait_group.sync.aligned 0;\0A", "~{memory}"() #3, !srcloc !16
  %77 = lshr i32 %4, 1
  %78 = and i32 %77, 496
  %79 = lshr i32 %4, 2
  %80 = and i32 %79, 7
  %81 = or disjoint i32 %78, %80
  %82 = shl nuw nsw i32 %4, 1
  %83 = and i32 %82, 6
  %84 = shl nuw nsw i32 %81, 3
  %85 = or disjoint i32 %84, %83
  %86 = zext nneg i32 %85 to i64
  %87 = getelementptr inbounds nuw float, ptr %2, i64 %86
  store float %73, ptr %87, align 4, !tbaa !17
  %88 = getelementptr i8, ptr %87, i64 4
  store float %74, ptr %88, align 4, !tbaa !17
  %89 = getelementptr inbounds nuw i8, ptr %87, i64 256
  store float %75, ptr %89, align 4, !tbaa !17
  %90 = getelementptr i8, ptr %87, i64 260
  store float %76, ptr %90, align 4, !tbaa !17
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="128" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"short", !6, i64 0}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{i64 1212}
!13 = !{i64 1425}
!14 = !{i64 1485, i64 1507, i64 1540, i64 1581, i64 1709}
!15 = !{i64 1829}
!16 = !{i64 1896}
!17 = !{!18, !18, i64 0}
!18 = !{!"float", !6, i64 0}

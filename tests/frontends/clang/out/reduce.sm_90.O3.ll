; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/reduce.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/reduce.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12block_reduceE1s = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @block_reduce(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !8
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi contract float [ %13, %10 ], [ 0.000000e+00, %3 ]
  %16 = zext nneg i32 %4 to i64
  %17 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12block_reduceE1s to ptr), i64 %16
  store float %15, ptr %17, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %18 = lshr i32 %6, 1
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %20, label %22

20:                                               ; preds = %32, %14
  %21 = icmp eq i32 %4, 0
  br i1 %21, label %35, label %39

22:                                               ; preds = %14, %32
  %23 = phi i32 [ %33, %32 ], [ %18, %14 ]
  %24 = icmp samesign ult i32 %4, %23
  br i1 %24, label %25, label %32

25:                                               ; preds = %22
  %26 = add nuw nsw i32 %23, %4
  %27 = zext nneg i32 %26 to i64
  %28 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12block_reduceE1s to ptr), i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !8
  %30 = load float, ptr %17, align 4, !tbaa !8
  %31 = fadd contract float %29, %30
  store float %31, ptr %17, align 4, !tbaa !8
  br label %32

32:                                               ; preds = %25, %22
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %33 = lshr i32 %23, 1
  %34 = icmp eq i32 %33, 0
  br i1 %34, label %20, label %22, !llvm.loop !10

35:                                               ; preds = %20
  %36 = zext nneg i32 %5 to i64
  %37 = getelementptr inbounds nuw float, ptr %1, i64 %36
  %38 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ12block_reduceE1s to ptr), align 4, !tbaa !8
  store float %38, ptr %37, align 4, !tbaa !8
  br label %39

39:                                               ; preds = %35, %20
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="256" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!9 = !{!"float", !6, i64 0}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}

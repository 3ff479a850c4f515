; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/histogram.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/histogram.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9histogramE5local = internal addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @histogram(ptr noalias noundef readonly captures(none) %0, i32 noundef %1, ptr noalias noundef captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp samesign ult i32 %4, 64
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br i1 %5, label %15, label %7

7:                                                ; preds = %15, %3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = mul i32 %8, %6
  %10 = add i32 %9, %4
  %11 = icmp slt i32 %10, %1
  br i1 %11, label %12, label %21

12:                                               ; preds = %7
  %13 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %14 = mul i32 %13, %6
  br label %22

15:                                               ; preds = %3, %15
  %16 = phi i32 [ %19, %15 ], [ %4, %3 ]
  %17 = zext nneg i32 %16 to i64
  %18 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ9histogramE5local to ptr), i64 %17
  store i32 0, ptr %18, align 4, !tbaa !4
  %19 = add nuw nsw i32 %16, %6
  %20 = icmp samesign ult i32 %19, 64
  br i1 %20, label %15, label %7, !llvm.loop !8

21:                                               ; preds = %22, %7
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %5, label %34, label %33

22:                                               ; preds = %12, %22
  %23 = phi i32 [ %10, %12 ], [ %31, %22 ]
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds i8, ptr %0, i64 %24
  %26 = load i8, ptr %25, align 1, !tbaa !10
  %27 = and i8 %26, 63
  %28 = zext nneg i8 %27 to i64
  %29 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ9histogramE5local to ptr), i64 %28
  %30 = atomicrmw add ptr %29, i32 1 seq_cst, align 4
  %31 = add i32 %23, %14
  %32 = icmp slt i32 %31, %1
  br i1 %32, label %22, label %21, !llvm.loop !11

33:                                               ; preds = %34, %21
  ret void

34:                                               ; preds = %21, %34
  %35 = phi i32 [ %41, %34 ], [ %4, %21 ]
  %36 = zext nneg i32 %35 to i64
  %37 = getelementptr inbounds nuw i32, ptr %2, i64 %36
  %38 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ9histogramE5local to ptr), i64 %36
  %39 = load i32, ptr %38, align 4, !tbaa !4
  %40 = atomicrmw add ptr %37, i32 %39 seq_cst, align 4
  %41 = add nuw nsw i32 %35, %6
  %42 = icmp samesign ult i32 %41, 64
  br i1 %42, label %34, label %33, !llvm.loop !12
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
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
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.mustprogress"}
!10 = !{!6, !6, i64 0}
!11 = distinct !{!11, !9}
!12 = distinct !{!12, !9}

; ModuleID = 'transpose.cu'
source_filename = "transpose.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9transposePfPKfiE1t = internal unnamed_addr addrspace(3) global [1056 x float] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z9transposePfPKfi(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = shl i32 %4, 5
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %9 = shl nuw nsw i32 %8, 5
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %11 = add nuw nsw i32 %9, %10
  %12 = icmp slt i32 %7, %2
  %13 = icmp slt i32 %11, %2
  %14 = and i1 %12, %13
  br i1 %14, label %15, label %25

15:                                               ; preds = %3
  %16 = mul nsw i32 %2, %11
  %17 = add nsw i32 %16, %7
  %18 = sext i32 %17 to i64
  %19 = getelementptr inbounds float, ptr %1, i64 %18
  %20 = load float, ptr %19, align 4, !tbaa !8
  %21 = mul nuw nsw i32 %10, 33
  %22 = add nuw nsw i32 %21, %6
  %23 = zext nneg i32 %22 to i64
  %24 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ9transposePfPKfiE1t to ptr), i64 %23
  store float %20, ptr %24, align 4, !tbaa !8
  br label %25

25:                                               ; preds = %15, %3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %26 = add nuw nsw i32 %9, %6
  %27 = add i32 %5, %10
  %28 = icmp slt i32 %26, %2
  %29 = icmp slt i32 %27, %2
  %30 = and i1 %28, %29
  br i1 %30, label %31, label %41

31:                                               ; preds = %25
  %32 = mul nuw nsw i32 %6, 33
  %33 = add nuw nsw i32 %32, %10
  %34 = zext nneg i32 %33 to i64
  %35 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ9transposePfPKfiE1t to ptr), i64 %34
  %36 = load float, ptr %35, align 4, !tbaa !8
  %37 = mul nsw i32 %2, %27
  %38 = add nsw i32 %37, %26
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds float, ptr %0, i64 %39
  store float %36, ptr %40, align 4, !tbaa !8
  br label %41

41:                                               ; preds = %31, %25
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
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

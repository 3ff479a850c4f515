; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/wmma_gemm.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/wmma_gemm.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__half = type { i16 }

; Function Attrs: mustprogress noinline norecurse nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @wmma_gemm(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %8 = shl nuw nsw i32 %7, 4
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %10 = shl i32 %9, 4
  %11 = icmp sgt i32 %5, 0
  %12 = zext nneg i32 %8 to i64
  br i1 %11, label %15, label %13

13:                                               ; preds = %6
  %14 = sext i32 %10 to i64
  br label %22

15:                                               ; preds = %6
  %16 = zext nneg i32 %5 to i64
  %17 = mul nuw nsw i64 %16, %12
  %18 = getelementptr inbounds nuw %struct.__half, ptr %0, i64 %17
  %19 = sext i32 %10 to i64
  %20 = mul nsw i64 %16, %19
  %21 = getelementptr inbounds nuw %struct.__half, ptr %1, i64 %20
  br label %36

22:                                               ; preds = %36, %13
  %23 = phi i64 [ %14, %13 ], [ %19, %36 ]
  %24 = phi float [ 0.000000e+00, %13 ], [ %74, %36 ]
  %25 = phi float [ 0.000000e+00, %13 ], [ %73, %36 ]
  %26 = phi float [ 0.000000e+00, %13 ], [ %72, %36 ]
  %27 = phi float [ 0.000000e+00, %13 ], [ %71, %36 ]
  %28 = phi float [ 0.000000e+00, %13 ], [ %70, %36 ]
  %29 = phi float [ 0.000000e+00, %13 ], [ %69, %36 ]
  %30 = phi float [ 0.000000e+00, %13 ], [ %68, %36 ]
  %31 = phi float [ 0.000000e+00, %13 ], [ %75, %36 ]
  %32 = sext i32 %4 to i64
  %33 = mul nsw i64 %12, %32
  %34 = getelementptr inbounds nuw float, ptr %2, i64 %33
  %35 = getelementptr inbounds float, ptr %34, i64 %23
  tail call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %35, float %30, float %29, float %28, float %27, float %26, float %25, float %24, float %31, i32 %4)
  ret void

36:                                               ; preds = %15, %36
  %37 = phi i32 [ 0, %15 ], [ %76, %36 ]
  %38 = phi float [ 0.000000e+00, %15 ], [ %75, %36 ]
  %39 = phi float [ 0.000000e+00, %15 ], [ %68, %36 ]
  %40 = phi float [ 0.000000e+00, %15 ], [ %69, %36 ]
  %41 = phi float [ 0.000000e+00, %15 ], [ %70, %36 ]
  %42 = phi float [ 0.000000e+00, %15 ], [ %71, %36 ]
  %43 = phi float [ 0.000000e+00, %15 ], [ %72, %36 ]
  %44 = phi float [ 0.000000e+00, %15 ], [ %73, %36 ]
  %45 = phi float [ 0.000000e+00, %15 ], [ %74, %36 ]
  %46 = zext nneg i32 %37 to i64
  %47 = getelementptr inbounds nuw %struct.__half, ptr %18, i64 %46
  %48 = tail call contract { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr readonly %47, i32 %5)
  %49 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 0
  %50 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 1
  %51 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 2
  %52 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 3
  %53 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 4
  %54 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 5
  %55 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 6
  %56 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %48, 7
  %57 = getelementptr inbounds nuw %struct.__half, ptr %21, i64 %46
  %58 = tail call contract { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr readonly %57, i32 %5)
  %59 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 0
  %60 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 1
  %61 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 2
  %62 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 3
  %63 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 4
  %64 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 5
  %65 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 6
  %66 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %58, 7
  %67 = tail call contract { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %49, <2 x half> %50, <2 x half> %51, <2 x half> %52, <2 x half> %53, <2 x half> %54, <2 x half> %55, <2 x half> %56, <2 x half> %59, <2 x half> %60, <2 x half> %61, <2 x half> %62, <2 x half> %63, <2 x half> %64, <2 x half> %65, <2 x half> %66, float %39, float %40, float %41, float %42, float %43, float %44, float %45, float %38)
  %68 = extractvalue { float, float, float, float, float, float, float, float } %67, 0
  %69 = extractvalue { float, float, float, float, float, float, float, float } %67, 1
  %70 = extractvalue { float, float, float, float, float, float, float, float } %67, 2
  %71 = extractvalue { float, float, float, float, float, float, float, float } %67, 3
  %72 = extractvalue { float, float, float, float, float, float, float, float } %67, 4
  %73 = extractvalue { float, float, float, float, float, float, float, float } %67, 5
  %74 = extractvalue { float, float, float, float, float, float, float, float } %67, 6
  %75 = extractvalue { float, float, float, float, float, float, float, float } %67, 7
  %76 = add nuw nsw i32 %37, 16
  %77 = icmp slt i32 %76, %5
  br i1 %77, label %36, label %22, !llvm.loop !8
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr readonly captures(none), i32) #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr readonly captures(none), i32) #2

; Function Attrs: nocallback nofree nosync nounwind memory(none)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float) #3

; Function Attrs: nocallback nounwind memory(argmem: write)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr writeonly captures(none), float, float, float, float, float, float, float, float, i32) #4

attributes #0 = { mustprogress noinline norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="32" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: read) }
attributes #3 = { nocallback nofree nosync nounwind memory(none) }
attributes #4 = { nocallback nounwind memory(argmem: write) }

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

; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/histogram.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/histogram.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_gridDim_t = type { i8 }

@_ZZ9histogramE5local = internal addrspace(3) global [64 x i32] undef, align 4
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@gridDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_gridDim_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @histogram(ptr noalias noundef %0, i32 noundef %1, ptr noalias noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca i32, align 4
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store i32 %1, ptr %5, align 4
  store ptr %2, ptr %6, align 8
  %10 = call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %10, ptr %7, align 4
  br label %11

11:                                               ; preds = %18, %3
  %12 = load i32, ptr %7, align 4
  %13 = icmp slt i32 %12, 64
  br i1 %13, label %14, label %22

14:                                               ; preds = %11
  %15 = load i32, ptr %7, align 4
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9histogramE5local to ptr), i64 0, i64 %16
  store i32 0, ptr %17, align 4
  br label %18

18:                                               ; preds = %14
  %19 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %20 = load i32, ptr %7, align 4
  %21 = add i32 %20, %19
  store i32 %21, ptr %7, align 4
  br label %11, !llvm.loop !4

22:                                               ; preds = %11
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %23 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %24 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %25 = mul i32 %23, %24
  %26 = call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %27 = add i32 %25, %26
  store i32 %27, ptr %8, align 4
  br label %28

28:                                               ; preds = %43, %22
  %29 = load i32, ptr %8, align 4
  %30 = load i32, ptr %5, align 4
  %31 = icmp slt i32 %29, %30
  br i1 %31, label %32, label %49

32:                                               ; preds = %28
  %33 = load ptr, ptr %4, align 8
  %34 = load i32, ptr %8, align 4
  %35 = sext i32 %34 to i64
  %36 = getelementptr inbounds i8, ptr %33, i64 %35
  %37 = load i8, ptr %36, align 1
  %38 = zext i8 %37 to i32
  %39 = srem i32 %38, 64
  %40 = sext i32 %39 to i64
  %41 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9histogramE5local to ptr), i64 0, i64 %40
  %42 = call noundef i32 @_ZL9atomicAddPjj(ptr noundef %41, i32 noundef 1) #4
  br label %43

43:                                               ; preds = %32
  %44 = call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %45 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %46 = mul i32 %44, %45
  %47 = load i32, ptr %8, align 4
  %48 = add i32 %47, %46
  store i32 %48, ptr %8, align 4
  br label %28, !llvm.loop !6

49:                                               ; preds = %28
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %50 = call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %50, ptr %9, align 4
  br label %51

51:                                               ; preds = %64, %49
  %52 = load i32, ptr %9, align 4
  %53 = icmp slt i32 %52, 64
  br i1 %53, label %54, label %68

54:                                               ; preds = %51
  %55 = load ptr, ptr %6, align 8
  %56 = load i32, ptr %9, align 4
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds i32, ptr %55, i64 %57
  %59 = load i32, ptr %9, align 4
  %60 = sext i32 %59 to i64
  %61 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9histogramE5local to ptr), i64 0, i64 %60
  %62 = load i32, ptr %61, align 4
  %63 = call noundef i32 @_ZL9atomicAddPjj(ptr noundef %58, i32 noundef %62) #4
  br label %64

64:                                               ; preds = %54
  %65 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %66 = load i32, ptr %9, align 4
  %67 = add i32 %66, %65
  store i32 %67, ptr %9, align 4
  br label %51, !llvm.loop !7

68:                                               ; preds = %51
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal noundef i32 @_ZL9atomicAddPjj(ptr noundef %0, i32 noundef %1) #2 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  store ptr %0, ptr %5, align 8
  store i32 %1, ptr %6, align 4
  %7 = load ptr, ptr %5, align 8
  %8 = load i32, ptr %6, align 4
  store ptr %7, ptr %3, align 8
  store i32 %8, ptr %4, align 4
  %9 = load ptr, ptr %3, align 8
  %10 = load i32, ptr %4, align 4
  %11 = atomicrmw add ptr %9, i32 %10 seq_cst, align 4
  ret i32 %11
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
!6 = distinct !{!6, !5}
!7 = distinct !{!7, !5}

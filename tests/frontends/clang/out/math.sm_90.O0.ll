; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/math.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/math.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @math(ptr noalias noundef %0, ptr noalias noundef %1, i32 noundef %2) #0 {
  %4 = alloca float, align 4
  %5 = alloca float, align 4
  %6 = alloca float, align 4
  %7 = alloca float, align 4
  %8 = alloca float, align 4
  %9 = alloca ptr, align 8
  %10 = alloca ptr, align 8
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca float, align 4
  store ptr %0, ptr %9, align 8
  store ptr %1, ptr %10, align 8
  store i32 %2, ptr %11, align 4
  %14 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %15 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %16 = mul i32 %14, %15
  %17 = call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %18 = add i32 %16, %17
  store i32 %18, ptr %12, align 4
  %19 = load i32, ptr %12, align 4
  %20 = load i32, ptr %11, align 4
  %21 = icmp slt i32 %19, %20
  br i1 %21, label %22, label %49

22:                                               ; preds = %3
  %23 = load ptr, ptr %9, align 8
  %24 = load i32, ptr %12, align 4
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds float, ptr %23, i64 %25
  %27 = load float, ptr %26, align 4
  store float %27, ptr %13, align 4
  %28 = load float, ptr %13, align 4
  store float %28, ptr %8, align 4
  %29 = load float, ptr %8, align 4
  %30 = call contract noundef float @__nv_expf(float noundef %29) #3
  %31 = load float, ptr %13, align 4
  store float %31, ptr %6, align 4
  %32 = load float, ptr %6, align 4
  %33 = call contract noundef float @__nv_fabsf(float noundef %32) #3
  store float %33, ptr %7, align 4
  %34 = load float, ptr %7, align 4
  %35 = call contract noundef float @__nv_sqrtf(float noundef %34) #3
  %36 = fadd contract float %30, %35
  %37 = load float, ptr %13, align 4
  store float %37, ptr %5, align 4
  %38 = load float, ptr %5, align 4
  %39 = call contract noundef float @__nv_tanhf(float noundef %38) #3
  %40 = fadd contract float %36, %39
  %41 = load float, ptr %13, align 4
  store float %41, ptr %4, align 4
  %42 = load float, ptr %4, align 4
  %43 = call contract noundef float @__nv_erff(float noundef %42) #3
  %44 = fadd contract float %40, %43
  %45 = load ptr, ptr %10, align 8
  %46 = load i32, ptr %12, align 4
  %47 = sext i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %45, i64 %47
  store float %44, ptr %48, align 4
  br label %49

49:                                               ; preds = %22, %3
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_sqrtf(float noundef) #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_fabsf(float noundef) #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_tanhf(float noundef) #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_erff(float noundef) #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #3 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}

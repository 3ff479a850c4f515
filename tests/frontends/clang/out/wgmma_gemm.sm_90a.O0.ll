; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/wgmma_gemm.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/wgmma_gemm.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__half = type { i16 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

$__nv_cvta_generic_to_shared_impl = comdat any

@_ZZ10wgmma_gemmE2sa = internal addrspace(3) global [1024 x %struct.__half] undef, align 128
@_ZZ10wgmma_gemmE2sb = internal addrspace(3) global [128 x %struct.__half] undef, align 128
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @wgmma_gemm(ptr noalias noundef %0, ptr noalias noundef %1, ptr noalias noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i64, align 8
  %10 = alloca i64, align 8
  %11 = alloca float, align 4
  %12 = alloca float, align 4
  %13 = alloca float, align 4
  %14 = alloca float, align 4
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store ptr %2, ptr %6, align 8
  %17 = call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %17, ptr %7, align 4
  %18 = load i32, ptr %7, align 4
  store i32 %18, ptr %8, align 4
  br label %19

19:                                               ; preds = %30, %3
  %20 = load i32, ptr %8, align 4
  %21 = icmp slt i32 %20, 1024
  br i1 %21, label %22, label %33

22:                                               ; preds = %19
  %23 = load ptr, ptr %4, align 8
  %24 = load i32, ptr %8, align 4
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds %struct.__half, ptr %23, i64 %25
  %27 = load i32, ptr %8, align 4
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds [1024 x %struct.__half], ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i64 0, i64 %28
  call void @llvm.memcpy.p0.p0.i64(ptr align 2 %29, ptr align 2 %26, i64 2, i1 false)
  br label %30

30:                                               ; preds = %22
  %31 = load i32, ptr %8, align 4
  %32 = add nsw i32 %31, 128
  store i32 %32, ptr %8, align 4
  br label %19, !llvm.loop !4

33:                                               ; preds = %19
  %34 = load i32, ptr %7, align 4
  %35 = icmp slt i32 %34, 128
  br i1 %35, label %36, label %44

36:                                               ; preds = %33
  %37 = load ptr, ptr %5, align 8
  %38 = load i32, ptr %7, align 4
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds %struct.__half, ptr %37, i64 %39
  %41 = load i32, ptr %7, align 4
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds [128 x %struct.__half], ptr addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sb to ptr), i64 0, i64 %42
  call void @llvm.memcpy.p0.p0.i64(ptr align 2 %43, ptr align 2 %40, i64 2, i1 false)
  br label %44

44:                                               ; preds = %36, %33
  call void asm sideeffect "fence.proxy.async.shared::cta;\0A", "~{memory}"() #5, !srcloc !6
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %45 = call noundef i64 @_ZL9smem_descPKvjj(ptr noundef addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sa to ptr), i32 noundef 128, i32 noundef 256) #5
  store i64 %45, ptr %9, align 8
  %46 = call noundef i64 @_ZL9smem_descPKvjj(ptr noundef addrspacecast (ptr addrspace(3) @_ZZ10wgmma_gemmE2sb to ptr), i32 noundef 128, i32 noundef 256) #5
  store i64 %46, ptr %10, align 8
  store float 0.000000e+00, ptr %11, align 4
  store float 0.000000e+00, ptr %12, align 4
  store float 0.000000e+00, ptr %13, align 4
  store float 0.000000e+00, ptr %14, align 4
  call void asm sideeffect "wgmma.fence.sync.aligned;\0A", "~{memory}"() #5, !srcloc !7
  %47 = load float, ptr %11, align 4
  %48 = load float, ptr %12, align 4
  %49 = load float, ptr %13, align 4
  %50 = load float, ptr %14, align 4
  %51 = load i64, ptr %9, align 8
  %52 = load i64, ptr %10, align 8
  %53 = call contract { float, float, float, float } asm sideeffect "{\0A.reg .pred p;\0Asetp.ne.b32 p, $6, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $4, $5, p, 1, 1, 0, 0;\0A}\0A", "=f,=f,=f,=f,l,l,r,0,1,2,3"(i64 %51, i64 %52, i32 0, float %47, float %48, float %49, float %50) #5, !srcloc !8
  %54 = extractvalue { float, float, float, float } %53, 0
  %55 = extractvalue { float, float, float, float } %53, 1
  %56 = extractvalue { float, float, float, float } %53, 2
  %57 = extractvalue { float, float, float, float } %53, 3
  store float %54, ptr %11, align 4
  store float %55, ptr %12, align 4
  store float %56, ptr %13, align 4
  store float %57, ptr %14, align 4
  call void asm sideeffect "wgmma.commit_group.sync.aligned;\0A", "~{memory}"() #5, !srcloc !9
  call void asm sideeffect "wgmma.wait_group.sync.aligned 0;\0A", "~{memory}"() #5, !srcloc !10
  %58 = load i32, ptr %7, align 4
  %59 = sdiv i32 %58, 32
  %60 = mul nsw i32 16, %59
  %61 = load i32, ptr %7, align 4
  %62 = srem i32 %61, 32
  %63 = sdiv i32 %62, 4
  %64 = add nsw i32 %60, %63
  store i32 %64, ptr %15, align 4
  %65 = load i32, ptr %7, align 4
  %66 = srem i32 %65, 4
  %67 = mul nsw i32 2, %66
  store i32 %67, ptr %16, align 4
  %68 = load float, ptr %11, align 4
  %69 = load ptr, ptr %6, align 8
  %70 = load i32, ptr %15, align 4
  %71 = mul nsw i32 %70, 8
  %72 = load i32, ptr %16, align 4
  %73 = add nsw i32 %71, %72
  %74 = sext i32 %73 to i64
  %75 = getelementptr inbounds float, ptr %69, i64 %74
  store float %68, ptr %75, align 4
  %76 = load float, ptr %12, align 4
  %77 = load ptr, ptr %6, align 8
  %78 = load i32, ptr %15, align 4
  %79 = mul nsw i32 %78, 8
  %80 = load i32, ptr %16, align 4
  %81 = add nsw i32 %79, %80
  %82 = add nsw i32 %81, 1
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds float, ptr %77, i64 %83
  store float %76, ptr %84, align 4
  %85 = load float, ptr %13, align 4
  %86 = load ptr, ptr %6, align 8
  %87 = load i32, ptr %15, align 4
  %88 = add nsw i32 %87, 8
  %89 = mul nsw i32 %88, 8
  %90 = load i32, ptr %16, align 4
  %91 = add nsw i32 %89, %90
  %92 = sext i32 %91 to i64
  %93 = getelementptr inbounds float, ptr %86, i64 %92
  store float %85, ptr %93, align 4
  %94 = load float, ptr %14, align 4
  %95 = load ptr, ptr %6, align 8
  %96 = load i32, ptr %15, align 4
  %97 = add nsw i32 %96, 8
  %98 = mul nsw i32 %97, 8
  %99 = load i32, ptr %16, align 4
  %100 = add nsw i32 %98, %99
  %101 = add nsw i32 %100, 1
  %102 = sext i32 %101 to i64
  %103 = getelementptr inbounds float, ptr %95, i64 %102
  store float %94, ptr %103, align 4
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal noundef i64 @_ZL9smem_descPKvjj(ptr noundef %0, i32 noundef %1, i32 noundef %2) #3 {
  %4 = alloca ptr, align 8
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i64, align 8
  store ptr %0, ptr %4, align 8
  store i32 %1, ptr %5, align 4
  store i32 %2, ptr %6, align 4
  %9 = load ptr, ptr %4, align 8
  %10 = call noundef i64 @_ZL24__cvta_generic_to_sharedPKv(ptr noundef %9) #5
  %11 = trunc i64 %10 to i32
  store i32 %11, ptr %7, align 4
  store i64 0, ptr %8, align 8
  %12 = load i32, ptr %7, align 4
  %13 = and i32 %12, 262143
  %14 = lshr i32 %13, 4
  %15 = zext i32 %14 to i64
  %16 = load i64, ptr %8, align 8
  %17 = or i64 %16, %15
  store i64 %17, ptr %8, align 8
  %18 = load i32, ptr %5, align 4
  %19 = and i32 %18, 262143
  %20 = lshr i32 %19, 4
  %21 = zext i32 %20 to i64
  %22 = shl i64 %21, 16
  %23 = load i64, ptr %8, align 8
  %24 = or i64 %23, %22
  store i64 %24, ptr %8, align 8
  %25 = load i32, ptr %6, align 4
  %26 = and i32 %25, 262143
  %27 = lshr i32 %26, 4
  %28 = zext i32 %27 to i64
  %29 = shl i64 %28, 32
  %30 = load i64, ptr %8, align 8
  %31 = or i64 %30, %29
  store i64 %31, ptr %8, align 8
  %32 = load i64, ptr %8, align 8
  ret i64 %32
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal noundef i64 @_ZL24__cvta_generic_to_sharedPKv(ptr noundef %0) #3 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
  %3 = load ptr, ptr %2, align 8
  %4 = call i64 @__nv_cvta_generic_to_shared_impl(ptr noundef %3) #5
  ret i64 %4
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define linkonce_odr dso_local i64 @__nv_cvta_generic_to_shared_impl(ptr noundef %0) #3 comdat {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
  %3 = load ptr, ptr %2, align 8
  %4 = addrspacecast ptr %3 to ptr addrspace(3)
  %5 = ptrtoint ptr addrspace(3) %4 to i64
  ret i64 %5
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="128" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
!6 = !{i64 1212}
!7 = !{i64 1425}
!8 = !{i64 1485, i64 1507, i64 1540, i64 1581, i64 1709}
!9 = !{i64 1829}
!10 = !{i64 1896}

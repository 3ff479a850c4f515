; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/wmma_gemm.cu'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/wmma_gemm.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%"class.nvcuda::wmma::fragment" = type { %"struct.nvcuda::wmma::__frag_base" }
%"struct.nvcuda::wmma::__frag_base" = type { [16 x %struct.__half] }
%struct.__half = type { i16 }
%"class.nvcuda::wmma::fragment.0" = type { %"struct.nvcuda::wmma::__frag_base" }
%"class.nvcuda::wmma::fragment.1" = type { %"struct.nvcuda::wmma::__frag_base.2" }
%"struct.nvcuda::wmma::__frag_base.2" = type { [8 x float] }

@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local ptx_kernel void @wmma_gemm(ptr noalias noundef %0, ptr noalias noundef %1, ptr noalias noundef %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) #0 {
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca ptr, align 8
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca %"class.nvcuda::wmma::fragment", align 8
  %16 = alloca %"class.nvcuda::wmma::fragment.0", align 8
  %17 = alloca %"class.nvcuda::wmma::fragment.1", align 8
  %18 = alloca float, align 4
  %19 = alloca i32, align 4
  store ptr %0, ptr %7, align 8
  store ptr %1, ptr %8, align 8
  store ptr %2, ptr %9, align 8
  store i32 %3, ptr %10, align 4
  store i32 %4, ptr %11, align 4
  store i32 %5, ptr %12, align 4
  %20 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %21 = mul i32 %20, 16
  store i32 %21, ptr %13, align 4
  %22 = call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %23 = mul i32 %22, 16
  store i32 %23, ptr %14, align 4
  store float 0.000000e+00, ptr %18, align 4
  call void @_ZN6nvcuda4wmmaL13fill_fragmentIfLi8ELi8EEEvRNS0_11__frag_baseIT_XT0_EXT1_EEERKNS0_13helper_traitsIS3_E18fill_argument_typeE(ptr noundef nonnull align 8 dereferenceable(32) %17, ptr noundef nonnull align 4 dereferenceable(4) %18) #6
  store i32 0, ptr %19, align 4
  br label %24

24:                                               ; preds = %51, %6
  %25 = load i32, ptr %19, align 4
  %26 = load i32, ptr %12, align 4
  %27 = icmp slt i32 %25, %26
  br i1 %27, label %28, label %54

28:                                               ; preds = %24
  %29 = load ptr, ptr %7, align 8
  %30 = load i32, ptr %13, align 4
  %31 = sext i32 %30 to i64
  %32 = load i32, ptr %12, align 4
  %33 = sext i32 %32 to i64
  %34 = mul i64 %31, %33
  %35 = getelementptr inbounds nuw %struct.__half, ptr %29, i64 %34
  %36 = load i32, ptr %19, align 4
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds %struct.__half, ptr %35, i64 %37
  %39 = load i32, ptr %12, align 4
  call void @_ZN6nvcuda4wmmaL16load_matrix_syncERNS0_8fragmentINS0_8matrix_aELi16ELi16ELi16E6__halfNS0_9row_majorEEEPKS3_j(ptr noundef nonnull align 8 dereferenceable(32) %15, ptr noundef %38, i32 noundef %39) #6
  %40 = load ptr, ptr %8, align 8
  %41 = load i32, ptr %14, align 4
  %42 = sext i32 %41 to i64
  %43 = load i32, ptr %12, align 4
  %44 = sext i32 %43 to i64
  %45 = mul i64 %42, %44
  %46 = getelementptr inbounds nuw %struct.__half, ptr %40, i64 %45
  %47 = load i32, ptr %19, align 4
  %48 = sext i32 %47 to i64
  %49 = getelementptr inbounds %struct.__half, ptr %46, i64 %48
  %50 = load i32, ptr %12, align 4
  call void @_ZN6nvcuda4wmmaL16load_matrix_syncERNS0_8fragmentINS0_8matrix_bELi16ELi16ELi16E6__halfNS0_9col_majorEEEPKS3_j(ptr noundef nonnull align 8 dereferenceable(32) %16, ptr noundef %49, i32 noundef %50) #6
  call void @_ZN6nvcuda4wmmaL8mma_syncERNS0_8fragmentINS0_11accumulatorELi16ELi16ELi16EfvEERKNS1_INS0_8matrix_aELi16ELi16ELi16E6__halfNS0_9row_majorEEERKNS1_INS0_8matrix_bELi16ELi16ELi16ES6_NS0_9col_majorEEERKS3_(ptr noundef nonnull align 8 dereferenceable(32) %17, ptr noundef nonnull align 8 dereferenceable(32) %15, ptr noundef nonnull align 8 dereferenceable(32) %16, ptr noundef nonnull align 8 dereferenceable(32) %17) #6
  br label %51

51:                                               ; preds = %28
  %52 = load i32, ptr %19, align 4
  %53 = add nsw i32 %52, 16
  store i32 %53, ptr %19, align 4
  br label %24, !llvm.loop !4

54:                                               ; preds = %24
  %55 = load ptr, ptr %9, align 8
  %56 = load i32, ptr %13, align 4
  %57 = sext i32 %56 to i64
  %58 = load i32, ptr %11, align 4
  %59 = sext i32 %58 to i64
  %60 = mul i64 %57, %59
  %61 = getelementptr inbounds nuw float, ptr %55, i64 %60
  %62 = load i32, ptr %14, align 4
  %63 = sext i32 %62 to i64
  %64 = getelementptr inbounds float, ptr %61, i64 %63
  %65 = load i32, ptr %11, align 4
  call void @_ZN6nvcuda4wmmaL17store_matrix_syncEPfRKNS0_8fragmentINS0_11accumulatorELi16ELi16ELi16EfvEEjNS0_8layout_tE(ptr noundef %64, ptr noundef nonnull align 8 dereferenceable(32) %17, i32 noundef %65, i32 noundef 0) #6
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal void @_ZN6nvcuda4wmmaL13fill_fragmentIfLi8ELi8EEEvRNS0_11__frag_baseIT_XT0_EXT1_EEERKNS0_13helper_traitsIS3_E18fill_argument_typeE(ptr noundef nonnull align 8 dereferenceable(32) %0, ptr noundef nonnull align 4 dereferenceable(4) %1) #1 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca float, align 4
  %6 = alloca i32, align 4
  store ptr %0, ptr %3, align 8
  store ptr %1, ptr %4, align 8
  %7 = load ptr, ptr %4, align 8, !nonnull !6, !align !7
  %8 = load float, ptr %7, align 4
  %9 = call contract noundef float @_ZN6nvcuda4wmmaL19__get_storage_valueIfffEET0_T1_(float noundef %8) #6
  store float %9, ptr %5, align 4
  store i32 0, ptr %6, align 4
  br label %10

10:                                               ; preds = %21, %2
  %11 = load i32, ptr %6, align 4
  %12 = load ptr, ptr %3, align 8, !nonnull !6, !align !8
  %13 = icmp slt i32 %11, 8
  br i1 %13, label %14, label %24

14:                                               ; preds = %10
  %15 = load float, ptr %5, align 4
  %16 = load ptr, ptr %3, align 8, !nonnull !6, !align !8
  %17 = getelementptr inbounds nuw %"struct.nvcuda::wmma::__frag_base.2", ptr %16, i32 0, i32 0
  %18 = load i32, ptr %6, align 4
  %19 = sext i32 %18 to i64
  %20 = getelementptr inbounds [8 x float], ptr %17, i64 0, i64 %19
  store float %15, ptr %20, align 4
  br label %21

21:                                               ; preds = %14
  %22 = load i32, ptr %6, align 4
  %23 = add nsw i32 %22, 1
  store i32 %23, ptr %6, align 4
  br label %10, !llvm.loop !9

24:                                               ; preds = %10
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal void @_ZN6nvcuda4wmmaL16load_matrix_syncERNS0_8fragmentINS0_8matrix_aELi16ELi16ELi16E6__halfNS0_9row_majorEEEPKS3_j(ptr noundef nonnull align 8 dereferenceable(32) %0, ptr noundef %1, i32 noundef %2) #1 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store i32 %2, ptr %6, align 4
  %7 = load ptr, ptr %4, align 8, !nonnull !6, !align !8
  %8 = load ptr, ptr %5, align 8
  %9 = load i32, ptr %6, align 4
  %10 = call contract { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %8, i32 %9)
  %11 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 0
  %12 = bitcast <2 x half> %11 to i32
  %13 = getelementptr i32, ptr %7, i32 0
  store i32 %12, ptr %13, align 4
  %14 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 1
  %15 = bitcast <2 x half> %14 to i32
  %16 = getelementptr i32, ptr %7, i32 1
  store i32 %15, ptr %16, align 4
  %17 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 2
  %18 = bitcast <2 x half> %17 to i32
  %19 = getelementptr i32, ptr %7, i32 2
  store i32 %18, ptr %19, align 4
  %20 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 3
  %21 = bitcast <2 x half> %20 to i32
  %22 = getelementptr i32, ptr %7, i32 3
  store i32 %21, ptr %22, align 4
  %23 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 4
  %24 = bitcast <2 x half> %23 to i32
  %25 = getelementptr i32, ptr %7, i32 4
  store i32 %24, ptr %25, align 4
  %26 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 5
  %27 = bitcast <2 x half> %26 to i32
  %28 = getelementptr i32, ptr %7, i32 5
  store i32 %27, ptr %28, align 4
  %29 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 6
  %30 = bitcast <2 x half> %29 to i32
  %31 = getelementptr i32, ptr %7, i32 6
  store i32 %30, ptr %31, align 4
  %32 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 7
  %33 = bitcast <2 x half> %32 to i32
  %34 = getelementptr i32, ptr %7, i32 7
  store i32 %33, ptr %34, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal void @_ZN6nvcuda4wmmaL16load_matrix_syncERNS0_8fragmentINS0_8matrix_bELi16ELi16ELi16E6__halfNS0_9col_majorEEEPKS3_j(ptr noundef nonnull align 8 dereferenceable(32) %0, ptr noundef %1, i32 noundef %2) #1 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store i32 %2, ptr %6, align 4
  %7 = load ptr, ptr %4, align 8, !nonnull !6, !align !8
  %8 = load ptr, ptr %5, align 8
  %9 = load i32, ptr %6, align 4
  %10 = call contract { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr %8, i32 %9)
  %11 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 0
  %12 = bitcast <2 x half> %11 to i32
  %13 = getelementptr i32, ptr %7, i32 0
  store i32 %12, ptr %13, align 4
  %14 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 1
  %15 = bitcast <2 x half> %14 to i32
  %16 = getelementptr i32, ptr %7, i32 1
  store i32 %15, ptr %16, align 4
  %17 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 2
  %18 = bitcast <2 x half> %17 to i32
  %19 = getelementptr i32, ptr %7, i32 2
  store i32 %18, ptr %19, align 4
  %20 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 3
  %21 = bitcast <2 x half> %20 to i32
  %22 = getelementptr i32, ptr %7, i32 3
  store i32 %21, ptr %22, align 4
  %23 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 4
  %24 = bitcast <2 x half> %23 to i32
  %25 = getelementptr i32, ptr %7, i32 4
  store i32 %24, ptr %25, align 4
  %26 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 5
  %27 = bitcast <2 x half> %26 to i32
  %28 = getelementptr i32, ptr %7, i32 5
  store i32 %27, ptr %28, align 4
  %29 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 6
  %30 = bitcast <2 x half> %29 to i32
  %31 = getelementptr i32, ptr %7, i32 6
  store i32 %30, ptr %31, align 4
  %32 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %10, 7
  %33 = bitcast <2 x half> %32 to i32
  %34 = getelementptr i32, ptr %7, i32 7
  store i32 %33, ptr %34, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal void @_ZN6nvcuda4wmmaL8mma_syncERNS0_8fragmentINS0_11accumulatorELi16ELi16ELi16EfvEERKNS1_INS0_8matrix_aELi16ELi16ELi16E6__halfNS0_9row_majorEEERKNS1_INS0_8matrix_bELi16ELi16ELi16ES6_NS0_9col_majorEEERKS3_(ptr noundef nonnull align 8 dereferenceable(32) %0, ptr noundef nonnull align 8 dereferenceable(32) %1, ptr noundef nonnull align 8 dereferenceable(32) %2, ptr noundef nonnull align 8 dereferenceable(32) %3) #1 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  store ptr %0, ptr %5, align 8
  store ptr %1, ptr %6, align 8
  store ptr %2, ptr %7, align 8
  store ptr %3, ptr %8, align 8
  %9 = load ptr, ptr %5, align 8, !nonnull !6, !align !8
  %10 = load ptr, ptr %6, align 8, !nonnull !6, !align !8
  %11 = load ptr, ptr %7, align 8, !nonnull !6, !align !8
  %12 = load ptr, ptr %8, align 8, !nonnull !6, !align !8
  %13 = getelementptr i32, ptr %10, i32 0
  %14 = load i32, ptr %13, align 4
  %15 = bitcast i32 %14 to <2 x half>
  %16 = getelementptr i32, ptr %10, i32 1
  %17 = load i32, ptr %16, align 4
  %18 = bitcast i32 %17 to <2 x half>
  %19 = getelementptr i32, ptr %10, i32 2
  %20 = load i32, ptr %19, align 4
  %21 = bitcast i32 %20 to <2 x half>
  %22 = getelementptr i32, ptr %10, i32 3
  %23 = load i32, ptr %22, align 4
  %24 = bitcast i32 %23 to <2 x half>
  %25 = getelementptr i32, ptr %10, i32 4
  %26 = load i32, ptr %25, align 4
  %27 = bitcast i32 %26 to <2 x half>
  %28 = getelementptr i32, ptr %10, i32 5
  %29 = load i32, ptr %28, align 4
  %30 = bitcast i32 %29 to <2 x half>
  %31 = getelementptr i32, ptr %10, i32 6
  %32 = load i32, ptr %31, align 4
  %33 = bitcast i32 %32 to <2 x half>
  %34 = getelementptr i32, ptr %10, i32 7
  %35 = load i32, ptr %34, align 4
  %36 = bitcast i32 %35 to <2 x half>
  %37 = getelementptr i32, ptr %11, i32 0
  %38 = load i32, ptr %37, align 4
  %39 = bitcast i32 %38 to <2 x half>
  %40 = getelementptr i32, ptr %11, i32 1
  %41 = load i32, ptr %40, align 4
  %42 = bitcast i32 %41 to <2 x half>
  %43 = getelementptr i32, ptr %11, i32 2
  %44 = load i32, ptr %43, align 4
  %45 = bitcast i32 %44 to <2 x half>
  %46 = getelementptr i32, ptr %11, i32 3
  %47 = load i32, ptr %46, align 4
  %48 = bitcast i32 %47 to <2 x half>
  %49 = getelementptr i32, ptr %11, i32 4
  %50 = load i32, ptr %49, align 4
  %51 = bitcast i32 %50 to <2 x half>
  %52 = getelementptr i32, ptr %11, i32 5
  %53 = load i32, ptr %52, align 4
  %54 = bitcast i32 %53 to <2 x half>
  %55 = getelementptr i32, ptr %11, i32 6
  %56 = load i32, ptr %55, align 4
  %57 = bitcast i32 %56 to <2 x half>
  %58 = getelementptr i32, ptr %11, i32 7
  %59 = load i32, ptr %58, align 4
  %60 = bitcast i32 %59 to <2 x half>
  %61 = getelementptr float, ptr %12, i32 0
  %62 = load float, ptr %61, align 4
  %63 = getelementptr float, ptr %12, i32 1
  %64 = load float, ptr %63, align 4
  %65 = getelementptr float, ptr %12, i32 2
  %66 = load float, ptr %65, align 4
  %67 = getelementptr float, ptr %12, i32 3
  %68 = load float, ptr %67, align 4
  %69 = getelementptr float, ptr %12, i32 4
  %70 = load float, ptr %69, align 4
  %71 = getelementptr float, ptr %12, i32 5
  %72 = load float, ptr %71, align 4
  %73 = getelementptr float, ptr %12, i32 6
  %74 = load float, ptr %73, align 4
  %75 = getelementptr float, ptr %12, i32 7
  %76 = load float, ptr %75, align 4
  %77 = call contract { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %15, <2 x half> %18, <2 x half> %21, <2 x half> %24, <2 x half> %27, <2 x half> %30, <2 x half> %33, <2 x half> %36, <2 x half> %39, <2 x half> %42, <2 x half> %45, <2 x half> %48, <2 x half> %51, <2 x half> %54, <2 x half> %57, <2 x half> %60, float %62, float %64, float %66, float %68, float %70, float %72, float %74, float %76)
  %78 = extractvalue { float, float, float, float, float, float, float, float } %77, 0
  %79 = getelementptr float, ptr %9, i32 0
  store float %78, ptr %79, align 4
  %80 = extractvalue { float, float, float, float, float, float, float, float } %77, 1
  %81 = getelementptr float, ptr %9, i32 1
  store float %80, ptr %81, align 4
  %82 = extractvalue { float, float, float, float, float, float, float, float } %77, 2
  %83 = getelementptr float, ptr %9, i32 2
  store float %82, ptr %83, align 4
  %84 = extractvalue { float, float, float, float, float, float, float, float } %77, 3
  %85 = getelementptr float, ptr %9, i32 3
  store float %84, ptr %85, align 4
  %86 = extractvalue { float, float, float, float, float, float, float, float } %77, 4
  %87 = getelementptr float, ptr %9, i32 4
  store float %86, ptr %87, align 4
  %88 = extractvalue { float, float, float, float, float, float, float, float } %77, 5
  %89 = getelementptr float, ptr %9, i32 5
  store float %88, ptr %89, align 4
  %90 = extractvalue { float, float, float, float, float, float, float, float } %77, 6
  %91 = getelementptr float, ptr %9, i32 6
  store float %90, ptr %91, align 4
  %92 = extractvalue { float, float, float, float, float, float, float, float } %77, 7
  %93 = getelementptr float, ptr %9, i32 7
  store float %92, ptr %93, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal void @_ZN6nvcuda4wmmaL17store_matrix_syncEPfRKNS0_8fragmentINS0_11accumulatorELi16ELi16ELi16EfvEEjNS0_8layout_tE(ptr noundef %0, ptr noundef nonnull align 8 dereferenceable(32) %1, i32 noundef %2, i32 noundef %3) #1 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  store ptr %0, ptr %5, align 8
  store ptr %1, ptr %6, align 8
  store i32 %2, ptr %7, align 4
  store i32 %3, ptr %8, align 4
  %9 = load i32, ptr %8, align 4
  %10 = icmp eq i32 %9, 0
  br i1 %10, label %11, label %31

11:                                               ; preds = %4
  %12 = load ptr, ptr %5, align 8
  %13 = load ptr, ptr %6, align 8, !nonnull !6, !align !8
  %14 = load i32, ptr %7, align 4
  %15 = getelementptr float, ptr %13, i32 0
  %16 = load float, ptr %15, align 4
  %17 = getelementptr float, ptr %13, i32 1
  %18 = load float, ptr %17, align 4
  %19 = getelementptr float, ptr %13, i32 2
  %20 = load float, ptr %19, align 4
  %21 = getelementptr float, ptr %13, i32 3
  %22 = load float, ptr %21, align 4
  %23 = getelementptr float, ptr %13, i32 4
  %24 = load float, ptr %23, align 4
  %25 = getelementptr float, ptr %13, i32 5
  %26 = load float, ptr %25, align 4
  %27 = getelementptr float, ptr %13, i32 6
  %28 = load float, ptr %27, align 4
  %29 = getelementptr float, ptr %13, i32 7
  %30 = load float, ptr %29, align 4
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %12, float %16, float %18, float %20, float %22, float %24, float %26, float %28, float %30, i32 %14)
  br label %51

31:                                               ; preds = %4
  %32 = load ptr, ptr %5, align 8
  %33 = load ptr, ptr %6, align 8, !nonnull !6, !align !8
  %34 = load i32, ptr %7, align 4
  %35 = getelementptr float, ptr %33, i32 0
  %36 = load float, ptr %35, align 4
  %37 = getelementptr float, ptr %33, i32 1
  %38 = load float, ptr %37, align 4
  %39 = getelementptr float, ptr %33, i32 2
  %40 = load float, ptr %39, align 4
  %41 = getelementptr float, ptr %33, i32 3
  %42 = load float, ptr %41, align 4
  %43 = getelementptr float, ptr %33, i32 4
  %44 = load float, ptr %43, align 4
  %45 = getelementptr float, ptr %33, i32 5
  %46 = load float, ptr %45, align 4
  %47 = getelementptr float, ptr %33, i32 6
  %48 = load float, ptr %47, align 4
  %49 = getelementptr float, ptr %33, i32 7
  %50 = load float, ptr %49, align 4
  call void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p0(ptr %32, float %36, float %38, float %40, float %42, float %44, float %46, float %48, float %50, i32 %34)
  br label %51

51:                                               ; preds = %31, %11
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nocallback nounwind willreturn memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr readonly captures(none), i32) #3

; Function Attrs: nocallback nounwind willreturn memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr readonly captures(none), i32) #3

; Function Attrs: nocallback nounwind memory(none)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float) #4

; Function Attrs: nocallback nounwind memory(argmem: write)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr writeonly captures(none), float, float, float, float, float, float, float, float, i32) #5

; Function Attrs: nocallback nounwind memory(argmem: write)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p0(ptr writeonly captures(none), float, float, float, float, float, float, float, float, i32) #5

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal noundef float @_ZN6nvcuda4wmmaL19__get_storage_valueIfffEET0_T1_(float noundef %0) #1 {
  %2 = alloca float, align 4
  store float %0, ptr %2, align 4
  %3 = load float, ptr %2, align 4
  ret float %3
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="32" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nounwind willreturn memory(argmem: read) }
attributes #4 = { nocallback nounwind memory(none) }
attributes #5 = { nocallback nounwind memory(argmem: write) }
attributes #6 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
!6 = !{}
!7 = !{i64 4}
!8 = !{i64 8}
!9 = distinct !{!9, !5, !10}
!10 = !{!"llvm.loop.unroll.enable"}

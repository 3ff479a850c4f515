; ModuleID = '/work/wt/corpus/tests/frontends/clang/src/mfma_gemm.hip'
source_filename = "/work/wt/corpus/tests/frontends/clang/src/mfma_gemm.hip"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.__HIP_Coordinates = type { i8 }
%"struct.__HIP_Coordinates<__HIP_ThreadIdx>::__X" = type { i8 }
%struct.__HIP_Coordinates.0 = type { i8 }
%"struct.__HIP_Coordinates<__HIP_BlockIdx>::__Y" = type { i8 }
%"struct.__HIP_Coordinates<__HIP_BlockIdx>::__X" = type { i8 }
%struct.__HIP_ThreadIdx = type { i8 }
%struct.__HIP_BlockIdx = type { i8 }

$_ZNK17__HIP_CoordinatesI15__HIP_ThreadIdxE3__XcvjEv = comdat any

$_ZNK17__HIP_CoordinatesI14__HIP_BlockIdxE3__YcvjEv = comdat any

$_ZNK17__HIP_CoordinatesI14__HIP_BlockIdxE3__XcvjEv = comdat any

$_ZNK15__HIP_ThreadIdxclEj = comdat any

$_ZNK14__HIP_BlockIdxclEj = comdat any

$_ZN17__HIP_CoordinatesI15__HIP_ThreadIdxE1xE = comdat any

$_ZN17__HIP_CoordinatesI14__HIP_BlockIdxE1yE = comdat any

$_ZN17__HIP_CoordinatesI14__HIP_BlockIdxE1xE = comdat any

@__const.__assert_fail.fmt = private unnamed_addr addrspace(4) constant [47 x i8] c"%s:%u: %s: Device-side assertion `%s' failed.\0A\00", align 16
@_ZL9threadIdx = internal addrspace(4) constant %struct.__HIP_Coordinates undef, align 1
@_ZN17__HIP_CoordinatesI15__HIP_ThreadIdxE1xE = linkonce_odr protected addrspace(4) externally_initialized constant %"struct.__HIP_Coordinates<__HIP_ThreadIdx>::__X" undef, comdat, align 1
@_ZL8blockIdx = internal addrspace(4) constant %struct.__HIP_Coordinates.0 undef, align 1
@_ZN17__HIP_CoordinatesI14__HIP_BlockIdxE1yE = linkonce_odr protected addrspace(4) externally_initialized constant %"struct.__HIP_Coordinates<__HIP_BlockIdx>::__Y" undef, comdat, align 1
@_ZN17__HIP_CoordinatesI14__HIP_BlockIdxE1xE = linkonce_odr protected addrspace(4) externally_initialized constant %"struct.__HIP_Coordinates<__HIP_BlockIdx>::__X" undef, comdat, align 1
@__hip_cuid_2111c57c858704a9 = addrspace(1) global i8 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_2111c57c858704a9 to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline noreturn nounwind optnone
define weak void @__cxa_pure_virtual() #0 {
  call void @llvm.trap()
  unreachable
}

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.trap() #1

; Function Attrs: convergent mustprogress noinline noreturn nounwind optnone
define weak void @__cxa_deleted_virtual() #0 {
  call void @llvm.trap()
  unreachable
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define weak hidden void @__assert_fail(ptr noundef %0, ptr noundef %1, i32 noundef %2, ptr noundef %3) #2 {
  %5 = alloca ptr, align 8, addrspace(5)
  %6 = alloca ptr, align 8, addrspace(5)
  %7 = alloca i32, align 4, addrspace(5)
  %8 = alloca ptr, align 8, addrspace(5)
  %9 = alloca [47 x i8], align 16, addrspace(5)
  %10 = alloca i64, align 8, addrspace(5)
  %11 = alloca i32, align 4, addrspace(5)
  %12 = alloca ptr, align 8, addrspace(5)
  %13 = alloca ptr, align 8, addrspace(5)
  %14 = alloca ptr, align 8, addrspace(5)
  %15 = alloca ptr, align 8, addrspace(5)
  %16 = addrspacecast ptr addrspace(5) %5 to ptr
  %17 = addrspacecast ptr addrspace(5) %6 to ptr
  %18 = addrspacecast ptr addrspace(5) %7 to ptr
  %19 = addrspacecast ptr addrspace(5) %8 to ptr
  %20 = addrspacecast ptr addrspace(5) %9 to ptr
  %21 = addrspacecast ptr addrspace(5) %10 to ptr
  %22 = addrspacecast ptr addrspace(5) %11 to ptr
  %23 = addrspacecast ptr addrspace(5) %12 to ptr
  %24 = addrspacecast ptr addrspace(5) %13 to ptr
  %25 = addrspacecast ptr addrspace(5) %14 to ptr
  %26 = addrspacecast ptr addrspace(5) %15 to ptr
  store ptr %0, ptr %16, align 8
  store ptr %1, ptr %17, align 8
  store i32 %2, ptr %18, align 4
  store ptr %3, ptr %19, align 8
  call void @llvm.memcpy.p0.p4.i64(ptr align 16 %20, ptr addrspace(4) align 16 @__const.__assert_fail.fmt, i64 47, i1 false)
  %27 = call i64 @__ockl_fprintf_stderr_begin() #8
  store i64 %27, ptr %21, align 8
  store i32 0, ptr %22, align 4
  br label %28

28:                                               ; preds = %4
  %29 = getelementptr inbounds [47 x i8], ptr %20, i64 0, i64 0
  store ptr %29, ptr %23, align 8
  br label %30

30:                                               ; preds = %35, %28
  %31 = load ptr, ptr %23, align 8
  %32 = getelementptr inbounds nuw i8, ptr %31, i32 1
  store ptr %32, ptr %23, align 8
  %33 = load i8, ptr %31, align 1
  %34 = icmp ne i8 %33, 0
  br i1 %34, label %35, label %36

35:                                               ; preds = %30
  br label %30, !llvm.loop !6

36:                                               ; preds = %30
  %37 = load ptr, ptr %23, align 8
  %38 = getelementptr inbounds [47 x i8], ptr %20, i64 0, i64 0
  %39 = ptrtoint ptr %37 to i64
  %40 = ptrtoint ptr %38 to i64
  %41 = sub i64 %39, %40
  %42 = trunc i64 %41 to i32
  store i32 %42, ptr %22, align 4
  br label %43

43:                                               ; preds = %36
  %44 = load i64, ptr %21, align 8
  %45 = getelementptr inbounds [47 x i8], ptr %20, i64 0, i64 0
  %46 = load i32, ptr %22, align 4
  %47 = sext i32 %46 to i64
  %48 = call i64 @__ockl_fprintf_append_string_n(i64 noundef %44, ptr noundef %45, i64 noundef %47, i32 noundef 0) #8
  store i64 %48, ptr %21, align 8
  br label %49

49:                                               ; preds = %43
  %50 = load ptr, ptr %17, align 8
  store ptr %50, ptr %24, align 8
  br label %51

51:                                               ; preds = %56, %49
  %52 = load ptr, ptr %24, align 8
  %53 = getelementptr inbounds nuw i8, ptr %52, i32 1
  store ptr %53, ptr %24, align 8
  %54 = load i8, ptr %52, align 1
  %55 = icmp ne i8 %54, 0
  br i1 %55, label %56, label %57

56:                                               ; preds = %51
  br label %51, !llvm.loop !8

57:                                               ; preds = %51
  %58 = load ptr, ptr %24, align 8
  %59 = load ptr, ptr %17, align 8
  %60 = ptrtoint ptr %58 to i64
  %61 = ptrtoint ptr %59 to i64
  %62 = sub i64 %60, %61
  %63 = trunc i64 %62 to i32
  store i32 %63, ptr %22, align 4
  br label %64

64:                                               ; preds = %57
  %65 = load i64, ptr %21, align 8
  %66 = load ptr, ptr %17, align 8
  %67 = load i32, ptr %22, align 4
  %68 = sext i32 %67 to i64
  %69 = call i64 @__ockl_fprintf_append_string_n(i64 noundef %65, ptr noundef %66, i64 noundef %68, i32 noundef 0) #8
  store i64 %69, ptr %21, align 8
  %70 = load i64, ptr %21, align 8
  %71 = load i32, ptr %18, align 4
  %72 = zext i32 %71 to i64
  %73 = call i64 @__ockl_fprintf_append_args(i64 noundef %70, i32 noundef 1, i64 noundef %72, i64 noundef 0, i64 noundef 0, i64 noundef 0, i64 noundef 0, i64 noundef 0, i64 noundef 0, i32 noundef 0) #8
  store i64 %73, ptr %21, align 8
  br label %74

74:                                               ; preds = %64
  %75 = load ptr, ptr %19, align 8
  store ptr %75, ptr %25, align 8
  br label %76

76:                                               ; preds = %81, %74
  %77 = load ptr, ptr %25, align 8
  %78 = getelementptr inbounds nuw i8, ptr %77, i32 1
  store ptr %78, ptr %25, align 8
  %79 = load i8, ptr %77, align 1
  %80 = icmp ne i8 %79, 0
  br i1 %80, label %81, label %82

81:                                               ; preds = %76
  br label %76, !llvm.loop !9

82:                                               ; preds = %76
  %83 = load ptr, ptr %25, align 8
  %84 = load ptr, ptr %19, align 8
  %85 = ptrtoint ptr %83 to i64
  %86 = ptrtoint ptr %84 to i64
  %87 = sub i64 %85, %86
  %88 = trunc i64 %87 to i32
  store i32 %88, ptr %22, align 4
  br label %89

89:                                               ; preds = %82
  %90 = load i64, ptr %21, align 8
  %91 = load ptr, ptr %19, align 8
  %92 = load i32, ptr %22, align 4
  %93 = sext i32 %92 to i64
  %94 = call i64 @__ockl_fprintf_append_string_n(i64 noundef %90, ptr noundef %91, i64 noundef %93, i32 noundef 0) #8
  store i64 %94, ptr %21, align 8
  br label %95

95:                                               ; preds = %89
  %96 = load ptr, ptr %16, align 8
  store ptr %96, ptr %26, align 8
  br label %97

97:                                               ; preds = %102, %95
  %98 = load ptr, ptr %26, align 8
  %99 = getelementptr inbounds nuw i8, ptr %98, i32 1
  store ptr %99, ptr %26, align 8
  %100 = load i8, ptr %98, align 1
  %101 = icmp ne i8 %100, 0
  br i1 %101, label %102, label %103

102:                                              ; preds = %97
  br label %97, !llvm.loop !10

103:                                              ; preds = %97
  %104 = load ptr, ptr %26, align 8
  %105 = load ptr, ptr %16, align 8
  %106 = ptrtoint ptr %104 to i64
  %107 = ptrtoint ptr %105 to i64
  %108 = sub i64 %106, %107
  %109 = trunc i64 %108 to i32
  store i32 %109, ptr %22, align 4
  br label %110

110:                                              ; preds = %103
  %111 = load i64, ptr %21, align 8
  %112 = load ptr, ptr %16, align 8
  %113 = load i32, ptr %22, align 4
  %114 = sext i32 %113 to i64
  %115 = call i64 @__ockl_fprintf_append_string_n(i64 noundef %111, ptr noundef %112, i64 noundef %114, i32 noundef 1) #8
  call void @llvm.trap()
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p4.i64(ptr noalias writeonly captures(none), ptr addrspace(4) noalias readonly captures(none), i64, i1 immarg) #3

; Function Attrs: convergent nounwind
declare hidden i64 @__ockl_fprintf_stderr_begin() #4

; Function Attrs: convergent nounwind
declare hidden i64 @__ockl_fprintf_append_string_n(i64 noundef, ptr noundef, i64 noundef, i32 noundef) #4

; Function Attrs: convergent nounwind
declare hidden i64 @__ockl_fprintf_append_args(i64 noundef, i32 noundef, i64 noundef, i64 noundef, i64 noundef, i64 noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef) #4

; Function Attrs: convergent mustprogress noinline nounwind optnone
define weak hidden void @__assertfail(ptr noundef %0, ptr noundef %1, i32 noundef %2, ptr noundef %3, i64 noundef %4) #2 {
  %6 = alloca ptr, align 8, addrspace(5)
  %7 = alloca ptr, align 8, addrspace(5)
  %8 = alloca i32, align 4, addrspace(5)
  %9 = alloca ptr, align 8, addrspace(5)
  %10 = alloca i64, align 8, addrspace(5)
  %11 = addrspacecast ptr addrspace(5) %6 to ptr
  %12 = addrspacecast ptr addrspace(5) %7 to ptr
  %13 = addrspacecast ptr addrspace(5) %8 to ptr
  %14 = addrspacecast ptr addrspace(5) %9 to ptr
  %15 = addrspacecast ptr addrspace(5) %10 to ptr
  store ptr %0, ptr %11, align 8
  store ptr %1, ptr %12, align 8
  store i32 %2, ptr %13, align 4
  store ptr %3, ptr %14, align 8
  store i64 %4, ptr %15, align 8
  call void @llvm.trap()
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define protected amdgpu_kernel void @mfma_gemm(ptr addrspace(1) noalias noundef %0, ptr addrspace(1) noalias noundef %1, ptr addrspace(1) noalias noundef %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) #5 {
  %7 = alloca ptr, align 8, addrspace(5)
  %8 = alloca ptr, align 8, addrspace(5)
  %9 = alloca ptr, align 8, addrspace(5)
  %10 = alloca ptr, align 8, addrspace(5)
  %11 = alloca ptr, align 8, addrspace(5)
  %12 = alloca ptr, align 8, addrspace(5)
  %13 = alloca i32, align 4, addrspace(5)
  %14 = alloca i32, align 4, addrspace(5)
  %15 = alloca i32, align 4, addrspace(5)
  %16 = alloca i32, align 4, addrspace(5)
  %17 = alloca i32, align 4, addrspace(5)
  %18 = alloca i32, align 4, addrspace(5)
  %19 = alloca i32, align 4, addrspace(5)
  %20 = alloca i32, align 4, addrspace(5)
  %21 = alloca <16 x float>, align 64, addrspace(5)
  %22 = alloca i32, align 4, addrspace(5)
  %23 = alloca <4 x half>, align 8, addrspace(5)
  %24 = alloca <4 x half>, align 8, addrspace(5)
  %25 = alloca i32, align 4, addrspace(5)
  %26 = alloca i32, align 4, addrspace(5)
  %27 = alloca i32, align 4, addrspace(5)
  %28 = addrspacecast ptr addrspace(5) %7 to ptr
  %29 = addrspacecast ptr addrspace(5) %8 to ptr
  %30 = addrspacecast ptr addrspace(5) %9 to ptr
  %31 = addrspacecast ptr addrspace(5) %10 to ptr
  %32 = addrspacecast ptr addrspace(5) %11 to ptr
  %33 = addrspacecast ptr addrspace(5) %12 to ptr
  %34 = addrspacecast ptr addrspace(5) %13 to ptr
  %35 = addrspacecast ptr addrspace(5) %14 to ptr
  %36 = addrspacecast ptr addrspace(5) %15 to ptr
  %37 = addrspacecast ptr addrspace(5) %16 to ptr
  %38 = addrspacecast ptr addrspace(5) %17 to ptr
  %39 = addrspacecast ptr addrspace(5) %18 to ptr
  %40 = addrspacecast ptr addrspace(5) %19 to ptr
  %41 = addrspacecast ptr addrspace(5) %20 to ptr
  %42 = addrspacecast ptr addrspace(5) %21 to ptr
  %43 = addrspacecast ptr addrspace(5) %22 to ptr
  %44 = addrspacecast ptr addrspace(5) %23 to ptr
  %45 = addrspacecast ptr addrspace(5) %24 to ptr
  %46 = addrspacecast ptr addrspace(5) %25 to ptr
  %47 = addrspacecast ptr addrspace(5) %26 to ptr
  %48 = addrspacecast ptr addrspace(5) %27 to ptr
  store ptr addrspace(1) %0, ptr %28, align 8
  %49 = load ptr, ptr %28, align 8
  store ptr addrspace(1) %1, ptr %29, align 8
  %50 = load ptr, ptr %29, align 8
  store ptr addrspace(1) %2, ptr %30, align 8
  %51 = load ptr, ptr %30, align 8
  store ptr %49, ptr %31, align 8
  store ptr %50, ptr %32, align 8
  store ptr %51, ptr %33, align 8
  store i32 %3, ptr %34, align 4
  store i32 %4, ptr %35, align 4
  store i32 %5, ptr %36, align 4
  %52 = call noundef i32 @_ZNK17__HIP_CoordinatesI15__HIP_ThreadIdxE3__XcvjEv(ptr noundef nonnull align 1 dereferenceable(1) addrspacecast (ptr addrspace(4) @_ZN17__HIP_CoordinatesI15__HIP_ThreadIdxE1xE to ptr)) #8
  store i32 %52, ptr %37, align 4
  %53 = call noundef i32 @_ZNK17__HIP_CoordinatesI14__HIP_BlockIdxE3__YcvjEv(ptr noundef nonnull align 1 dereferenceable(1) addrspacecast (ptr addrspace(4) @_ZN17__HIP_CoordinatesI14__HIP_BlockIdxE1yE to ptr)) #8
  %54 = mul i32 %53, 32
  store i32 %54, ptr %38, align 4
  %55 = call noundef i32 @_ZNK17__HIP_CoordinatesI14__HIP_BlockIdxE3__XcvjEv(ptr noundef nonnull align 1 dereferenceable(1) addrspacecast (ptr addrspace(4) @_ZN17__HIP_CoordinatesI14__HIP_BlockIdxE1xE to ptr)) #8
  %56 = mul i32 %55, 32
  store i32 %56, ptr %39, align 4
  %57 = load i32, ptr %37, align 4
  %58 = srem i32 %57, 32
  store i32 %58, ptr %40, align 4
  %59 = load i32, ptr %37, align 4
  %60 = sdiv i32 %59, 32
  %61 = mul nsw i32 4, %60
  store i32 %61, ptr %41, align 4
  store <16 x float> zeroinitializer, ptr %42, align 64
  store i32 0, ptr %43, align 4
  br label %62

62:                                               ; preds = %123, %6
  %63 = load i32, ptr %43, align 4
  %64 = load i32, ptr %36, align 4
  %65 = icmp slt i32 %63, %64
  br i1 %65, label %66, label %126

66:                                               ; preds = %62
  store i32 0, ptr %46, align 4
  br label %67

67:                                               ; preds = %115, %66
  %68 = load i32, ptr %46, align 4
  %69 = icmp slt i32 %68, 4
  br i1 %69, label %70, label %118

70:                                               ; preds = %67
  %71 = load ptr, ptr %31, align 8
  %72 = load i32, ptr %38, align 4
  %73 = load i32, ptr %40, align 4
  %74 = add nsw i32 %72, %73
  %75 = sext i32 %74 to i64
  %76 = load i32, ptr %36, align 4
  %77 = sext i32 %76 to i64
  %78 = mul i64 %75, %77
  %79 = load i32, ptr %43, align 4
  %80 = sext i32 %79 to i64
  %81 = add i64 %78, %80
  %82 = load i32, ptr %41, align 4
  %83 = sext i32 %82 to i64
  %84 = add i64 %81, %83
  %85 = load i32, ptr %46, align 4
  %86 = sext i32 %85 to i64
  %87 = add i64 %84, %86
  %88 = getelementptr inbounds nuw half, ptr %71, i64 %87
  %89 = load half, ptr %88, align 2
  %90 = load i32, ptr %46, align 4
  %91 = load <4 x half>, ptr %44, align 8
  %92 = insertelement <4 x half> %91, half %89, i32 %90
  store <4 x half> %92, ptr %44, align 8
  %93 = load ptr, ptr %32, align 8
  %94 = load i32, ptr %39, align 4
  %95 = load i32, ptr %40, align 4
  %96 = add nsw i32 %94, %95
  %97 = sext i32 %96 to i64
  %98 = load i32, ptr %36, align 4
  %99 = sext i32 %98 to i64
  %100 = mul i64 %97, %99
  %101 = load i32, ptr %43, align 4
  %102 = sext i32 %101 to i64
  %103 = add i64 %100, %102
  %104 = load i32, ptr %41, align 4
  %105 = sext i32 %104 to i64
  %106 = add i64 %103, %105
  %107 = load i32, ptr %46, align 4
  %108 = sext i32 %107 to i64
  %109 = add i64 %106, %108
  %110 = getelementptr inbounds nuw half, ptr %93, i64 %109
  %111 = load half, ptr %110, align 2
  %112 = load i32, ptr %46, align 4
  %113 = load <4 x half>, ptr %45, align 8
  %114 = insertelement <4 x half> %113, half %111, i32 %112
  store <4 x half> %114, ptr %45, align 8
  br label %115

115:                                              ; preds = %70
  %116 = load i32, ptr %46, align 4
  %117 = add nsw i32 %116, 1
  store i32 %117, ptr %46, align 4
  br label %67, !llvm.loop !11

118:                                              ; preds = %67
  %119 = load <4 x half>, ptr %44, align 8
  %120 = load <4 x half>, ptr %45, align 8
  %121 = load <16 x float>, ptr %42, align 64
  %122 = call contract <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %119, <4 x half> %120, <16 x float> %121, i32 0, i32 0, i32 0)
  store <16 x float> %122, ptr %42, align 64
  br label %123

123:                                              ; preds = %118
  %124 = load i32, ptr %43, align 4
  %125 = add nsw i32 %124, 8
  store i32 %125, ptr %43, align 4
  br label %62, !llvm.loop !12

126:                                              ; preds = %62
  store i32 0, ptr %47, align 4
  br label %127

127:                                              ; preds = %157, %126
  %128 = load i32, ptr %47, align 4
  %129 = icmp slt i32 %128, 16
  br i1 %129, label %130, label %160

130:                                              ; preds = %127
  %131 = load i32, ptr %38, align 4
  %132 = load i32, ptr %47, align 4
  %133 = sdiv i32 %132, 4
  %134 = mul nsw i32 8, %133
  %135 = add nsw i32 %131, %134
  %136 = load i32, ptr %41, align 4
  %137 = add nsw i32 %135, %136
  %138 = load i32, ptr %47, align 4
  %139 = srem i32 %138, 4
  %140 = add nsw i32 %137, %139
  store i32 %140, ptr %48, align 4
  %141 = load <16 x float>, ptr %42, align 64
  %142 = load i32, ptr %47, align 4
  %143 = extractelement <16 x float> %141, i32 %142
  %144 = load ptr, ptr %33, align 8
  %145 = load i32, ptr %48, align 4
  %146 = sext i32 %145 to i64
  %147 = load i32, ptr %35, align 4
  %148 = sext i32 %147 to i64
  %149 = mul i64 %146, %148
  %150 = load i32, ptr %39, align 4
  %151 = sext i32 %150 to i64
  %152 = add i64 %149, %151
  %153 = load i32, ptr %40, align 4
  %154 = sext i32 %153 to i64
  %155 = add i64 %152, %154
  %156 = getelementptr inbounds nuw float, ptr %144, i64 %155
  store float %143, ptr %156, align 4
  br label %157

157:                                              ; preds = %130
  %158 = load i32, ptr %47, align 4
  %159 = add nsw i32 %158, 1
  store i32 %159, ptr %47, align 4
  br label %127, !llvm.loop !13

160:                                              ; preds = %127
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define linkonce_odr hidden noundef i32 @_ZNK17__HIP_CoordinatesI15__HIP_ThreadIdxE3__XcvjEv(ptr noundef nonnull align 1 dereferenceable(1) %0) #2 comdat align 2 {
  %2 = alloca i32, align 4, addrspace(5)
  %3 = alloca ptr, align 8, addrspace(5)
  %4 = alloca %struct.__HIP_ThreadIdx, align 1, addrspace(5)
  %5 = addrspacecast ptr addrspace(5) %2 to ptr
  %6 = addrspacecast ptr addrspace(5) %3 to ptr
  %7 = addrspacecast ptr addrspace(5) %4 to ptr
  store ptr %0, ptr %6, align 8
  %8 = load ptr, ptr %6, align 8
  %9 = call noundef i32 @_ZNK15__HIP_ThreadIdxclEj(ptr noundef nonnull align 1 dereferenceable(1) %7, i32 noundef 0) #8
  ret i32 %9
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define linkonce_odr hidden noundef i32 @_ZNK17__HIP_CoordinatesI14__HIP_BlockIdxE3__YcvjEv(ptr noundef nonnull align 1 dereferenceable(1) %0) #2 comdat align 2 {
  %2 = alloca i32, align 4, addrspace(5)
  %3 = alloca ptr, align 8, addrspace(5)
  %4 = alloca %struct.__HIP_BlockIdx, align 1, addrspace(5)
  %5 = addrspacecast ptr addrspace(5) %2 to ptr
  %6 = addrspacecast ptr addrspace(5) %3 to ptr
  %7 = addrspacecast ptr addrspace(5) %4 to ptr
  store ptr %0, ptr %6, align 8
  %8 = load ptr, ptr %6, align 8
  %9 = call noundef i32 @_ZNK14__HIP_BlockIdxclEj(ptr noundef nonnull align 1 dereferenceable(1) %7, i32 noundef 1) #8
  ret i32 %9
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define linkonce_odr hidden noundef i32 @_ZNK17__HIP_CoordinatesI14__HIP_BlockIdxE3__XcvjEv(ptr noundef nonnull align 1 dereferenceable(1) %0) #2 comdat align 2 {
  %2 = alloca i32, align 4, addrspace(5)
  %3 = alloca ptr, align 8, addrspace(5)
  %4 = alloca %struct.__HIP_BlockIdx, align 1, addrspace(5)
  %5 = addrspacecast ptr addrspace(5) %2 to ptr
  %6 = addrspacecast ptr addrspace(5) %3 to ptr
  %7 = addrspacecast ptr addrspace(5) %4 to ptr
  store ptr %0, ptr %6, align 8
  %8 = load ptr, ptr %6, align 8
  %9 = call noundef i32 @_ZNK14__HIP_BlockIdxclEj(ptr noundef nonnull align 1 dereferenceable(1) %7, i32 noundef 0) #8
  ret i32 %9
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #6

; Function Attrs: convergent mustprogress noinline nounwind optnone
define linkonce_odr hidden noundef i32 @_ZNK15__HIP_ThreadIdxclEj(ptr noundef nonnull align 1 dereferenceable(1) %0, i32 noundef %1) #2 comdat align 2 {
  %3 = alloca i32, align 4, addrspace(5)
  %4 = alloca ptr, align 8, addrspace(5)
  %5 = alloca i32, align 4, addrspace(5)
  %6 = addrspacecast ptr addrspace(5) %3 to ptr
  %7 = addrspacecast ptr addrspace(5) %4 to ptr
  %8 = addrspacecast ptr addrspace(5) %5 to ptr
  store ptr %0, ptr %7, align 8
  store i32 %1, ptr %8, align 4
  %9 = load ptr, ptr %7, align 8
  %10 = load i32, ptr %8, align 4
  %11 = call i64 @__ockl_get_local_id(i32 noundef %10) #9
  %12 = trunc i64 %11 to i32
  ret i32 %12
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_local_id(i32 noundef) #7

; Function Attrs: convergent mustprogress noinline nounwind optnone
define linkonce_odr hidden noundef i32 @_ZNK14__HIP_BlockIdxclEj(ptr noundef nonnull align 1 dereferenceable(1) %0, i32 noundef %1) #2 comdat align 2 {
  %3 = alloca i32, align 4, addrspace(5)
  %4 = alloca ptr, align 8, addrspace(5)
  %5 = alloca i32, align 4, addrspace(5)
  %6 = addrspacecast ptr addrspace(5) %3 to ptr
  %7 = addrspacecast ptr addrspace(5) %4 to ptr
  %8 = addrspacecast ptr addrspace(5) %5 to ptr
  store ptr %0, ptr %7, align 8
  store i32 %1, ptr %8, align 4
  %9 = load ptr, ptr %7, align 8
  %10 = load i32, ptr %8, align 4
  %11 = call i64 @__ockl_get_group_id(i32 noundef %10) #9
  %12 = trunc i64 %11 to i32
  ret i32 %12
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare hidden i64 @__ockl_get_group_id(i32 noundef) #7

attributes #0 = { convergent mustprogress noinline noreturn nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" }
attributes #1 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #2 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" }
attributes #5 = { convergent mustprogress noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="1,64" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #6 = { convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }
attributes #7 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+wavefrontsize64" }
attributes #8 = { convergent nounwind }
attributes #9 = { convergent nounwind willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!1 = !{i32 1, !"amdgpu_printf_kind", !"hostcall"}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
!12 = distinct !{!12, !7}
!13 = distinct !{!13, !7}

; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

@global_smem = external addrspace(3) global [0 x i8], align 16
@.str = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\00", align 1
@.str.2 = private unnamed_addr constant [17 x i8] c"__CUDA_PREC_SQRT\00", align 1

; Function Attrs: nounwind
define ptx_kernel void @layernorm_kernel(ptr addrspace(1) %0, ptr addrspace(1) %1, ptr addrspace(1) %2, ptr addrspace(1) %3, ptr addrspace(1) %4, ptr addrspace(1) %5, i32 %6, float %7, ptr addrspace(1) readnone captures(none) %8, ptr addrspace(1) readnone captures(none) %9) local_unnamed_addr #0 !dbg !5 {
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !8
  %12 = zext nneg i32 %11 to i64, !dbg !9
  %13 = sext i32 %6 to i64, !dbg !10
  %14 = mul nsw i64 %13, %12, !dbg !10
  %15 = getelementptr float, ptr addrspace(1) %0, i64 %14, !dbg !11
  %16 = getelementptr float, ptr addrspace(1) %1, i64 %14, !dbg !12
  %17 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !13
  %18 = and i32 %17, 127, !dbg !13
  %19 = and i32 %17, 31, !dbg !13
  %20 = lshr i32 %18, 5, !dbg !13
  %21 = shl nuw nsw i32 %17, 2, !dbg !13
  %22 = and i32 %21, 508, !dbg !13
  %23 = or disjoint i32 %22, 512, !dbg !13
  %24 = icmp sgt i32 %6, 0, !dbg !14
  br i1 %24, label %.lr.ph, label %._crit_edge, !dbg !14

.lr.ph:                                           ; preds = %10, %.lr.ph
  %25 = phi i32 [ %55, %.lr.ph ], [ 0, %10 ]
  %26 = phi <8 x float> [ %54, %.lr.ph ], [ zeroinitializer, %10 ]
  %27 = or disjoint i32 %25, %22, !dbg !15
  %28 = or disjoint i32 %25, %23, !dbg !15
  %29 = icmp slt i32 %27, %6, !dbg !16
  %30 = icmp slt i32 %28, %6, !dbg !16
  %31 = sext i32 %27 to i64, !dbg !17
  %32 = getelementptr float, ptr addrspace(1) %15, i64 %31, !dbg !17
  %33 = sext i32 %28 to i64, !dbg !17
  %34 = getelementptr float, ptr addrspace(1) %15, i64 %33, !dbg !17
  %35 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 0, i32 0, i32 0, i32 0, ptr addrspace(1) %32, i1 %29) #6, !dbg !18
  %36 = extractvalue { i32, i32, i32, i32 } %35, 0, !dbg !18
  %37 = extractvalue { i32, i32, i32, i32 } %35, 1, !dbg !18
  %38 = extractvalue { i32, i32, i32, i32 } %35, 2, !dbg !18
  %39 = extractvalue { i32, i32, i32, i32 } %35, 3, !dbg !18
  %40 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 0, i32 0, i32 0, i32 0, ptr addrspace(1) %34, i1 %30) #6, !dbg !18
  %41 = extractvalue { i32, i32, i32, i32 } %40, 0, !dbg !18
  %42 = extractvalue { i32, i32, i32, i32 } %40, 1, !dbg !18
  %43 = extractvalue { i32, i32, i32, i32 } %40, 2, !dbg !18
  %44 = extractvalue { i32, i32, i32, i32 } %40, 3, !dbg !18
  %45 = insertelement <8 x i32> poison, i32 %36, i64 0, !dbg !18
  %46 = insertelement <8 x i32> %45, i32 %37, i64 1, !dbg !18
  %47 = insertelement <8 x i32> %46, i32 %38, i64 2, !dbg !18
  %48 = insertelement <8 x i32> %47, i32 %39, i64 3, !dbg !18
  %49 = insertelement <8 x i32> %48, i32 %41, i64 4, !dbg !18
  %50 = insertelement <8 x i32> %49, i32 %42, i64 5, !dbg !18
  %51 = insertelement <8 x i32> %50, i32 %43, i64 6, !dbg !18
  %52 = insertelement <8 x i32> %51, i32 %44, i64 7, !dbg !18
  %53 = bitcast <8 x i32> %52 to <8 x float>, !dbg !18
  %54 = fadd <8 x float> %26, %53, !dbg !19
  %55 = add i32 %25, 1024, !dbg !14
  %56 = icmp slt i32 %55, %6, !dbg !14
  br i1 %56, label %.lr.ph, label %._crit_edge.loopexit, !dbg !14

._crit_edge.loopexit:                             ; preds = %.lr.ph
  %shift = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop = fadd <8 x float> %54, %shift, !dbg !20
  %shift31 = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop32 = fadd <8 x float> %shift31, %foldExtExtBinop, !dbg !20
  %shift34 = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 3, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop35 = fadd <8 x float> %shift34, %foldExtExtBinop32, !dbg !20
  %shift37 = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 4, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop38 = fadd <8 x float> %shift37, %foldExtExtBinop35, !dbg !20
  %shift40 = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 5, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop41 = fadd <8 x float> %shift40, %foldExtExtBinop38, !dbg !20
  %shift43 = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 6, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop44 = fadd <8 x float> %shift43, %foldExtExtBinop41, !dbg !20
  %shift46 = shufflevector <8 x float> %54, <8 x float> poison, <8 x i32> <i32 7, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !20
  %foldExtExtBinop47 = fadd <8 x float> %shift46, %foldExtExtBinop44, !dbg !20
  %57 = extractelement <8 x float> %foldExtExtBinop47, i64 0, !dbg !20
  br label %._crit_edge, !dbg !20

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %10
  %58 = phi float [ 0.000000e+00, %10 ], [ %57, %._crit_edge.loopexit ], !dbg !20
  %59 = bitcast float %58 to i32, !dbg !23
  %60 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %59, i32 16, i32 31), !dbg !23
  %61 = bitcast i32 %60 to float, !dbg !23
  %62 = fadd float %58, %61, !dbg !20
  %63 = bitcast float %62 to i32, !dbg !23
  %64 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %63, i32 8, i32 31), !dbg !23
  %65 = bitcast i32 %64 to float, !dbg !23
  %66 = fadd float %62, %65, !dbg !20
  %67 = bitcast float %66 to i32, !dbg !23
  %68 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %67, i32 4, i32 31), !dbg !23
  %69 = bitcast i32 %68 to float, !dbg !23
  %70 = fadd float %66, %69, !dbg !20
  %71 = bitcast float %70 to i32, !dbg !23
  %72 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %71, i32 2, i32 31), !dbg !23
  %73 = bitcast i32 %72 to float, !dbg !23
  %74 = fadd float %70, %73, !dbg !20
  %75 = bitcast float %74 to i32, !dbg !23
  %76 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %75, i32 1, i32 31), !dbg !23
  %77 = bitcast i32 %76 to float, !dbg !23
  %78 = fadd float %74, %77, !dbg !20
  %79 = icmp eq i32 %19, 0, !dbg !23
  %80 = getelementptr float, ptr addrspace(3) @global_smem, i32 %20, !dbg !23
  %81 = bitcast float %78 to <1 x i32>, !dbg !23
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %80, <1 x i32> %81, i1 %79) #6, !dbg !23
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !23
  %82 = icmp samesign ult i32 %18, 4, !dbg !23
  %83 = getelementptr float, ptr addrspace(3) @global_smem, i32 %18, !dbg !23
  %84 = tail call i32 asm sideeffect "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b"(ptr addrspace(3) %83, i1 %82) #6, !dbg !23
  %85 = bitcast i32 %84 to float, !dbg !23
  %86 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %84, i32 2, i32 31), !dbg !23
  %87 = bitcast i32 %86 to float, !dbg !23
  %88 = fadd float %85, %87, !dbg !20
  %89 = bitcast float %88 to i32, !dbg !23
  %90 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %89, i32 1, i32 31), !dbg !23
  %91 = bitcast i32 %90 to float, !dbg !23
  %92 = fadd float %88, %91, !dbg !20
  %93 = and i32 %17, 3, !dbg !23
  %94 = icmp eq i32 %93, 0, !dbg !23
  %95 = and i1 %82, %94, !dbg !23
  %96 = bitcast float %92 to <1 x i32>, !dbg !23
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %83, <1 x i32> %96, i1 %95) #6, !dbg !23
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !23
  %97 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !23
  %98 = sitofp i32 %6 to float, !dbg !26
  %99 = tail call float @llvm.nvvm.div.full(float %97, float %98), !dbg !26
  br i1 %24, label %.lr.ph6.preheader, label %._crit_edge7, !dbg !27

.lr.ph6.preheader:                                ; preds = %._crit_edge
  %100 = insertelement <2 x i32> poison, i32 %22, i64 0
  %101 = insertelement <2 x i32> %100, i32 %23, i64 1
  %102 = insertelement <2 x i32> poison, i32 %6, i64 0
  %103 = shufflevector <2 x i32> %102, <2 x i32> poison, <2 x i32> zeroinitializer
  %104 = insertelement <8 x float> poison, float %99, i64 0
  %105 = shufflevector <8 x float> %104, <8 x float> poison, <8 x i32> zeroinitializer
  br label %.lr.ph6, !dbg !27

.lr.ph6:                                          ; preds = %.lr.ph6.preheader, %.lr.ph6
  %106 = phi i32 [ %144, %.lr.ph6 ], [ 0, %.lr.ph6.preheader ]
  %107 = phi <8 x float> [ %143, %.lr.ph6 ], [ zeroinitializer, %.lr.ph6.preheader ]
  %108 = insertelement <2 x i32> poison, i32 %106, i64 0, !dbg !28
  %109 = shufflevector <2 x i32> %108, <2 x i32> poison, <2 x i32> zeroinitializer, !dbg !28
  %110 = or disjoint <2 x i32> %109, %101, !dbg !28
  %111 = extractelement <2 x i32> %110, i64 0, !dbg !29
  %112 = sext i32 %111 to i64, !dbg !29
  %113 = getelementptr float, ptr addrspace(1) %15, i64 %112, !dbg !29
  %114 = extractelement <2 x i32> %110, i64 1, !dbg !29
  %115 = sext i32 %114 to i64, !dbg !29
  %116 = getelementptr float, ptr addrspace(1) %15, i64 %115, !dbg !29
  %117 = icmp slt <2 x i32> %110, %103, !dbg !30
  %118 = shufflevector <2 x i1> %117, <2 x i1> poison, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 1, i32 1, i32 1, i32 1>, !dbg !30
  %119 = extractelement <2 x i1> %117, i64 0, !dbg !31
  %120 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 0, i32 0, i32 0, i32 0, ptr addrspace(1) %113, i1 %119) #6, !dbg !31
  %121 = extractvalue { i32, i32, i32, i32 } %120, 0, !dbg !31
  %122 = extractvalue { i32, i32, i32, i32 } %120, 1, !dbg !31
  %123 = extractvalue { i32, i32, i32, i32 } %120, 2, !dbg !31
  %124 = extractvalue { i32, i32, i32, i32 } %120, 3, !dbg !31
  %125 = extractelement <2 x i1> %117, i64 1, !dbg !31
  %126 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 0, i32 0, i32 0, i32 0, ptr addrspace(1) %116, i1 %125) #6, !dbg !31
  %127 = extractvalue { i32, i32, i32, i32 } %126, 0, !dbg !31
  %128 = extractvalue { i32, i32, i32, i32 } %126, 1, !dbg !31
  %129 = extractvalue { i32, i32, i32, i32 } %126, 2, !dbg !31
  %130 = extractvalue { i32, i32, i32, i32 } %126, 3, !dbg !31
  %131 = insertelement <8 x i32> poison, i32 %121, i64 0, !dbg !31
  %132 = insertelement <8 x i32> %131, i32 %122, i64 1, !dbg !31
  %133 = insertelement <8 x i32> %132, i32 %123, i64 2, !dbg !31
  %134 = insertelement <8 x i32> %133, i32 %124, i64 3, !dbg !31
  %135 = insertelement <8 x i32> %134, i32 %127, i64 4, !dbg !31
  %136 = insertelement <8 x i32> %135, i32 %128, i64 5, !dbg !31
  %137 = insertelement <8 x i32> %136, i32 %129, i64 6, !dbg !31
  %138 = insertelement <8 x i32> %137, i32 %130, i64 7, !dbg !31
  %139 = bitcast <8 x i32> %138 to <8 x float>, !dbg !31
  %140 = fsub <8 x float> %139, %105, !dbg !32
  %141 = select <8 x i1> %118, <8 x float> %140, <8 x float> zeroinitializer, !dbg !33
  %142 = fmul <8 x float> %141, %141, !dbg !34
  %143 = fadd <8 x float> %107, %142, !dbg !35
  %144 = add i32 %106, 1024, !dbg !27
  %145 = icmp slt i32 %144, %6, !dbg !27
  br i1 %145, label %.lr.ph6, label %._crit_edge7, !dbg !27

._crit_edge7:                                     ; preds = %.lr.ph6, %._crit_edge
  %146 = phi <8 x float> [ zeroinitializer, %._crit_edge ], [ %143, %.lr.ph6 ]
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !36
  %shift49 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop50 = fadd <8 x float> %146, %shift49, !dbg !38
  %shift52 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop53 = fadd <8 x float> %shift52, %foldExtExtBinop50, !dbg !38
  %shift55 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 3, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop56 = fadd <8 x float> %shift55, %foldExtExtBinop53, !dbg !38
  %shift58 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 4, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop59 = fadd <8 x float> %shift58, %foldExtExtBinop56, !dbg !38
  %shift61 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 5, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop62 = fadd <8 x float> %shift61, %foldExtExtBinop59, !dbg !38
  %shift64 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 6, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop65 = fadd <8 x float> %shift64, %foldExtExtBinop62, !dbg !38
  %shift67 = shufflevector <8 x float> %146, <8 x float> poison, <8 x i32> <i32 7, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !38
  %foldExtExtBinop68 = fadd <8 x float> %shift67, %foldExtExtBinop65, !dbg !38
  %147 = extractelement <8 x float> %foldExtExtBinop68, i64 0, !dbg !38
  %148 = bitcast float %147 to i32, !dbg !36
  %149 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %148, i32 16, i32 31), !dbg !36
  %150 = bitcast i32 %149 to float, !dbg !36
  %151 = fadd float %147, %150, !dbg !38
  %152 = bitcast float %151 to i32, !dbg !36
  %153 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %152, i32 8, i32 31), !dbg !36
  %154 = bitcast i32 %153 to float, !dbg !36
  %155 = fadd float %151, %154, !dbg !38
  %156 = bitcast float %155 to i32, !dbg !36
  %157 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %156, i32 4, i32 31), !dbg !36
  %158 = bitcast i32 %157 to float, !dbg !36
  %159 = fadd float %155, %158, !dbg !38
  %160 = bitcast float %159 to i32, !dbg !36
  %161 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %160, i32 2, i32 31), !dbg !36
  %162 = bitcast i32 %161 to float, !dbg !36
  %163 = fadd float %159, %162, !dbg !38
  %164 = bitcast float %163 to i32, !dbg !36
  %165 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %164, i32 1, i32 31), !dbg !36
  %166 = bitcast i32 %165 to float, !dbg !36
  %167 = fadd float %163, %166, !dbg !38
  %168 = bitcast float %167 to <1 x i32>, !dbg !36
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %80, <1 x i32> %168, i1 %79) #6, !dbg !36
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !36
  %169 = tail call i32 asm sideeffect "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b"(ptr addrspace(3) %83, i1 %82) #6, !dbg !36
  %170 = bitcast i32 %169 to float, !dbg !36
  %171 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %169, i32 2, i32 31), !dbg !36
  %172 = bitcast i32 %171 to float, !dbg !36
  %173 = fadd float %170, %172, !dbg !38
  %174 = bitcast float %173 to i32, !dbg !36
  %175 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %174, i32 1, i32 31), !dbg !36
  %176 = bitcast i32 %175 to float, !dbg !36
  %177 = fadd float %173, %176, !dbg !38
  %178 = bitcast float %177 to <1 x i32>, !dbg !36
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %83, <1 x i32> %178, i1 %95) #6, !dbg !36
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !36
  %179 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !36
  %180 = tail call float @llvm.nvvm.div.full(float %179, float %98), !dbg !39
  %181 = fadd float %7, %180, !dbg !40
  %182 = tail call i32 @__nvvm_reflect(ptr nonnull @.str) #6, !dbg !41
  %.not.i = icmp eq i32 %182, 0, !dbg !41
  %183 = tail call i32 @__nvvm_reflect(ptr nonnull @.str.2) #6, !dbg !41
  %.not1.i = icmp eq i32 %183, 0, !dbg !41
  br i1 %.not.i, label %189, label %184, !dbg !41

184:                                              ; preds = %._crit_edge7
  br i1 %.not1.i, label %187, label %185, !dbg !41

185:                                              ; preds = %184
  %186 = tail call float @llvm.nvvm.sqrt.rn.ftz.f(float %181) #6, !dbg !41
  br label %__nv_sqrtf.exit, !dbg !41

187:                                              ; preds = %184
  %188 = tail call float @llvm.nvvm.sqrt.approx.ftz.f(float %181) #6, !dbg !41
  br label %__nv_sqrtf.exit, !dbg !41

189:                                              ; preds = %._crit_edge7
  br i1 %.not1.i, label %192, label %190, !dbg !41

190:                                              ; preds = %189
  %191 = tail call float @llvm.nvvm.sqrt.rn.f(float %181) #6, !dbg !41
  br label %__nv_sqrtf.exit, !dbg !41

192:                                              ; preds = %189
  %193 = tail call float @llvm.nvvm.sqrt.approx.f(float %181) #6, !dbg !41
  br label %__nv_sqrtf.exit, !dbg !41

__nv_sqrtf.exit:                                  ; preds = %185, %187, %190, %192
  %.0.i = phi float [ %186, %185 ], [ %188, %187 ], [ %191, %190 ], [ %193, %192 ], !dbg !41
  %194 = tail call float @llvm.nvvm.div.full(float 1.000000e+00, float %.0.i), !dbg !42
  %195 = getelementptr float, ptr addrspace(1) %4, i64 %12, !dbg !43
  %196 = icmp samesign ult i32 %18, 32, !dbg !44
  %197 = and i1 %79, %196, !dbg !44
  %198 = bitcast float %99 to i32, !dbg !44
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %198, ptr addrspace(1) %195, i1 %197) #6, !dbg !44
  %199 = getelementptr float, ptr addrspace(1) %5, i64 %12, !dbg !45
  %200 = bitcast float %194 to i32, !dbg !46
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %200, ptr addrspace(1) %199, i1 %197) #6, !dbg !46
  br i1 %24, label %.lr.ph9, label %._crit_edge10, !dbg !47

.lr.ph9:                                          ; preds = %__nv_sqrtf.exit, %.lr.ph9
  %201 = phi i32 [ %310, %.lr.ph9 ], [ 0, %__nv_sqrtf.exit ]
  %202 = or disjoint i32 %201, %22, !dbg !48
  %203 = or disjoint i32 %201, %23, !dbg !48
  %204 = icmp slt i32 %202, %6, !dbg !49
  %205 = icmp slt i32 %203, %6, !dbg !49
  %206 = sext i32 %202 to i64, !dbg !50
  %207 = getelementptr float, ptr addrspace(1) %2, i64 %206, !dbg !50
  %208 = sext i32 %203 to i64, !dbg !50
  %209 = getelementptr float, ptr addrspace(1) %2, i64 %208, !dbg !50
  %210 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(ptr addrspace(1) %207, i1 %204) #6, !dbg !51
  %211 = extractvalue { i32, i32, i32, i32 } %210, 0, !dbg !51
  %212 = extractvalue { i32, i32, i32, i32 } %210, 1, !dbg !51
  %213 = extractvalue { i32, i32, i32, i32 } %210, 2, !dbg !51
  %214 = extractvalue { i32, i32, i32, i32 } %210, 3, !dbg !51
  %215 = bitcast i32 %211 to float, !dbg !51
  %216 = bitcast i32 %212 to float, !dbg !51
  %217 = bitcast i32 %213 to float, !dbg !51
  %218 = bitcast i32 %214 to float, !dbg !51
  %219 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(ptr addrspace(1) %209, i1 %205) #6, !dbg !51
  %220 = extractvalue { i32, i32, i32, i32 } %219, 0, !dbg !51
  %221 = extractvalue { i32, i32, i32, i32 } %219, 1, !dbg !51
  %222 = extractvalue { i32, i32, i32, i32 } %219, 2, !dbg !51
  %223 = extractvalue { i32, i32, i32, i32 } %219, 3, !dbg !51
  %224 = bitcast i32 %220 to float, !dbg !51
  %225 = bitcast i32 %221 to float, !dbg !51
  %226 = bitcast i32 %222 to float, !dbg !51
  %227 = bitcast i32 %223 to float, !dbg !51
  %228 = getelementptr float, ptr addrspace(1) %3, i64 %206, !dbg !52
  %229 = getelementptr float, ptr addrspace(1) %3, i64 %208, !dbg !52
  %230 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(ptr addrspace(1) %228, i1 %204) #6, !dbg !53
  %231 = extractvalue { i32, i32, i32, i32 } %230, 0, !dbg !53
  %232 = extractvalue { i32, i32, i32, i32 } %230, 1, !dbg !53
  %233 = extractvalue { i32, i32, i32, i32 } %230, 2, !dbg !53
  %234 = extractvalue { i32, i32, i32, i32 } %230, 3, !dbg !53
  %235 = bitcast i32 %231 to float, !dbg !53
  %236 = bitcast i32 %232 to float, !dbg !53
  %237 = bitcast i32 %233 to float, !dbg !53
  %238 = bitcast i32 %234 to float, !dbg !53
  %239 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(ptr addrspace(1) %229, i1 %205) #6, !dbg !53
  %240 = extractvalue { i32, i32, i32, i32 } %239, 0, !dbg !53
  %241 = extractvalue { i32, i32, i32, i32 } %239, 1, !dbg !53
  %242 = extractvalue { i32, i32, i32, i32 } %239, 2, !dbg !53
  %243 = extractvalue { i32, i32, i32, i32 } %239, 3, !dbg !53
  %244 = bitcast i32 %240 to float, !dbg !53
  %245 = bitcast i32 %241 to float, !dbg !53
  %246 = bitcast i32 %242 to float, !dbg !53
  %247 = bitcast i32 %243 to float, !dbg !53
  %248 = getelementptr float, ptr addrspace(1) %15, i64 %206, !dbg !54
  %249 = getelementptr float, ptr addrspace(1) %15, i64 %208, !dbg !54
  %250 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 0, i32 0, i32 0, i32 0, ptr addrspace(1) %248, i1 %204) #6, !dbg !55
  %251 = extractvalue { i32, i32, i32, i32 } %250, 0, !dbg !55
  %252 = extractvalue { i32, i32, i32, i32 } %250, 1, !dbg !55
  %253 = extractvalue { i32, i32, i32, i32 } %250, 2, !dbg !55
  %254 = extractvalue { i32, i32, i32, i32 } %250, 3, !dbg !55
  %255 = bitcast i32 %251 to float, !dbg !55
  %256 = bitcast i32 %252 to float, !dbg !55
  %257 = bitcast i32 %253 to float, !dbg !55
  %258 = bitcast i32 %254 to float, !dbg !55
  %259 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 0, i32 0, i32 0, i32 0, ptr addrspace(1) %249, i1 %205) #6, !dbg !55
  %260 = extractvalue { i32, i32, i32, i32 } %259, 0, !dbg !55
  %261 = extractvalue { i32, i32, i32, i32 } %259, 1, !dbg !55
  %262 = extractvalue { i32, i32, i32, i32 } %259, 2, !dbg !55
  %263 = extractvalue { i32, i32, i32, i32 } %259, 3, !dbg !55
  %264 = bitcast i32 %260 to float, !dbg !55
  %265 = bitcast i32 %261 to float, !dbg !55
  %266 = bitcast i32 %262 to float, !dbg !55
  %267 = bitcast i32 %263 to float, !dbg !55
  %268 = getelementptr float, ptr addrspace(1) %16, i64 %206, !dbg !56
  %269 = getelementptr float, ptr addrspace(1) %16, i64 %208, !dbg !56
  %270 = fsub float %255, %99, !dbg !57
  %271 = fsub float %256, %99, !dbg !57
  %272 = fsub float %257, %99, !dbg !57
  %273 = fsub float %258, %99, !dbg !57
  %274 = fsub float %264, %99, !dbg !57
  %275 = fsub float %265, %99, !dbg !57
  %276 = fsub float %266, %99, !dbg !57
  %277 = fsub float %267, %99, !dbg !57
  %278 = fmul float %194, %270, !dbg !58
  %279 = fmul float %194, %271, !dbg !58
  %280 = fmul float %194, %272, !dbg !58
  %281 = fmul float %194, %273, !dbg !58
  %282 = fmul float %194, %274, !dbg !58
  %283 = fmul float %194, %275, !dbg !58
  %284 = fmul float %194, %276, !dbg !58
  %285 = fmul float %194, %277, !dbg !58
  %286 = fmul float %278, %215, !dbg !59
  %287 = fmul float %279, %216, !dbg !59
  %288 = fmul float %280, %217, !dbg !59
  %289 = fmul float %281, %218, !dbg !59
  %290 = fmul float %282, %224, !dbg !59
  %291 = fmul float %283, %225, !dbg !59
  %292 = fmul float %284, %226, !dbg !59
  %293 = fmul float %285, %227, !dbg !59
  %294 = fadd float %286, %235, !dbg !60
  %295 = fadd float %287, %236, !dbg !60
  %296 = fadd float %288, %237, !dbg !60
  %297 = fadd float %289, %238, !dbg !60
  %298 = fadd float %290, %244, !dbg !60
  %299 = fadd float %291, %245, !dbg !60
  %300 = fadd float %292, %246, !dbg !60
  %301 = fadd float %293, %247, !dbg !60
  %302 = bitcast float %294 to i32, !dbg !61
  %303 = bitcast float %295 to i32, !dbg !61
  %304 = bitcast float %296 to i32, !dbg !61
  %305 = bitcast float %297 to i32, !dbg !61
  tail call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %302, i32 %303, i32 %304, i32 %305, ptr addrspace(1) %268, i1 %204) #6, !dbg !61
  %306 = bitcast float %298 to i32, !dbg !61
  %307 = bitcast float %299 to i32, !dbg !61
  %308 = bitcast float %300 to i32, !dbg !61
  %309 = bitcast float %301 to i32, !dbg !61
  tail call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %306, i32 %307, i32 %308, i32 %309, ptr addrspace(1) %269, i1 %205) #6, !dbg !61
  %310 = add i32 %201, 1024, !dbg !47
  %311 = icmp slt i32 %310, %6, !dbg !47
  br i1 %311, label %.lr.ph9, label %._crit_edge10, !dbg !47

._crit_edge10:                                    ; preds = %.lr.ph9, %__nv_sqrtf.exit
  ret void, !dbg !62
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #2

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.div.full(float, float) #4

declare i32 @__nvvm_reflect(ptr) local_unnamed_addr #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sqrt.rn.ftz.f(float) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sqrt.approx.ftz.f(float) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sqrt.rn.f(float) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sqrt.approx.f(float) #4

attributes #0 = { nounwind "nvvm.reqntid"="128" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #3 = { convergent nocallback nounwind }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #5 = { "disable-tail-calls"="false" "frame-pointer"="all" "less-precise-fpmad"="false" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "stack-protector-buffer-size"="8" "unsafe-fp-math"="false" "use-soft-float"="false" }
attributes #6 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!llvm.ident = !{!4}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!4 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!5 = distinct !DISubprogram(name: "layernorm_kernel", linkageName: "layernorm_kernel", scope: !1, file: !1, line: 66, type: !6, scopeLine: 66, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(cc: DW_CC_normal, types: !7)
!7 = !{}
!8 = !DILocation(line: 67, column: 24, scope: !5)
!9 = !DILocation(line: 68, column: 27, scope: !5)
!10 = !DILocation(line: 68, column: 39, scope: !5)
!11 = !DILocation(line: 68, column: 20, scope: !5)
!12 = !DILocation(line: 69, column: 20, scope: !5)
!13 = !DILocation(line: 72, column: 34, scope: !5)
!14 = !DILocation(line: 71, column: 32, scope: !5)
!15 = !DILocation(line: 72, column: 21, scope: !5)
!16 = !DILocation(line: 73, column: 49, scope: !5)
!17 = !DILocation(line: 73, column: 31, scope: !5)
!18 = !DILocation(line: 73, column: 23, scope: !5)
!19 = !DILocation(line: 73, column: 15, scope: !5)
!20 = !DILocation(line: 263, column: 15, scope: !21, inlinedAt: !23)
!21 = distinct !DILexicalBlockFile(scope: !5, file: !22, discriminator: 0)
!22 = !DIFile(filename: "standard.py", directory: "/opt/torch/.venv/lib/python3.12/site-packages/triton/language")
!23 = !DILocation(line: 293, column: 36, scope: !21, inlinedAt: !24)
!24 = !DILocation(line: 74, column: 18, scope: !25)
!25 = distinct !DILexicalBlockFile(scope: !5, file: !1, discriminator: 0)
!26 = !DILocation(line: 74, column: 33, scope: !5)
!27 = !DILocation(line: 76, column: 32, scope: !5)
!28 = !DILocation(line: 77, column: 21, scope: !5)
!29 = !DILocation(line: 78, column: 28, scope: !5)
!30 = !DILocation(line: 78, column: 46, scope: !5)
!31 = !DILocation(line: 78, column: 20, scope: !5)
!32 = !DILocation(line: 79, column: 40, scope: !5)
!33 = !DILocation(line: 79, column: 46, scope: !5)
!34 = !DILocation(line: 80, column: 19, scope: !5)
!35 = !DILocation(line: 80, column: 15, scope: !5)
!36 = !DILocation(line: 293, column: 36, scope: !21, inlinedAt: !37)
!37 = !DILocation(line: 81, column: 30, scope: !25)
!38 = !DILocation(line: 263, column: 15, scope: !21, inlinedAt: !36)
!39 = !DILocation(line: 81, column: 45, scope: !5)
!40 = !DILocation(line: 81, column: 54, scope: !5)
!41 = !DILocation(line: 81, column: 23, scope: !5)
!42 = !DILocation(line: 81, column: 15, scope: !5)
!43 = !DILocation(line: 82, column: 24, scope: !5)
!44 = !DILocation(line: 82, column: 29, scope: !5)
!45 = !DILocation(line: 83, column: 24, scope: !5)
!46 = !DILocation(line: 83, column: 29, scope: !5)
!47 = !DILocation(line: 84, column: 32, scope: !5)
!48 = !DILocation(line: 85, column: 21, scope: !5)
!49 = !DILocation(line: 86, column: 19, scope: !5)
!50 = !DILocation(line: 87, column: 28, scope: !5)
!51 = !DILocation(line: 87, column: 20, scope: !5)
!52 = !DILocation(line: 88, column: 28, scope: !5)
!53 = !DILocation(line: 88, column: 20, scope: !5)
!54 = !DILocation(line: 89, column: 28, scope: !5)
!55 = !DILocation(line: 89, column: 20, scope: !5)
!56 = !DILocation(line: 90, column: 25, scope: !5)
!57 = !DILocation(line: 90, column: 36, scope: !5)
!58 = !DILocation(line: 90, column: 44, scope: !5)
!59 = !DILocation(line: 90, column: 51, scope: !5)
!60 = !DILocation(line: 90, column: 55, scope: !5)
!61 = !DILocation(line: 90, column: 31, scope: !5)
!62 = !DILocation(line: 84, column: 4, scope: !5)

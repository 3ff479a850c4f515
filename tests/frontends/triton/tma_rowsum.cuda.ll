; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nounwind
define ptx_kernel void @tma_rowsum(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %0, i32 %1, i32 %2, i64 %3, i64 %4, ptr addrspace(1) %5, i32 %6, i32 %7, ptr addrspace(1) readnone captures(none) %8, ptr addrspace(1) readnone captures(none) %9) local_unnamed_addr #0 !dbg !4 {
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !7
  %12 = shl i32 %11, 6, !dbg !8
  %13 = icmp sgt i32 %7, 0, !dbg !9
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %13, label %.lr.ph, label %._crit_edge, !dbg !9

.lr.ph:                                           ; preds = %10
  %15 = and i32 %14, 127
  %16 = icmp eq i32 %15, 0
  %17 = icmp samesign ult i32 %15, 32
  %18 = shl nuw nsw i32 %14, 4
  %19 = and i32 %18, 2032
  %20 = shl nuw nsw i32 %14, 1
  %21 = and i32 %20, 112
  %22 = xor i32 %19, %21
  %23 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %22
  %24 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2048
  %25 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4096
  %26 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6144
  %27 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2
  %28 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4
  %29 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6
  %30 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 8
  %31 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 10
  %32 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 12
  %33 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 14
  %34 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2050
  %35 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2052
  %36 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2054
  %37 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2056
  %38 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2058
  %39 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2060
  %40 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 2062
  %41 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4098
  %42 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4100
  %43 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4102
  %44 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4104
  %45 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4106
  %46 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4108
  %47 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 4110
  %48 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6146
  %49 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6148
  %50 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6150
  %51 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6152
  %52 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6154
  %53 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6156
  %54 = getelementptr inbounds nuw i8, ptr addrspace(3) %23, i32 6158
  br label %55, !dbg !9

55:                                               ; preds = %.lr.ph, %55
  %56 = phi i32 [ 0, %.lr.ph ], [ %204, %55 ]
  %57 = phi <4 x float> [ zeroinitializer, %.lr.ph ], [ %203, %55 ]
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  call void asm sideeffect "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r"(i1 %16, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #5, !dbg !10
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  call void asm sideeffect "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 8192;", "b,r"(i1 %16, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #5, !dbg !10
  call void asm sideeffect "fence.proxy.async.shared::cta;", ""() #5, !dbg !10
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  %58 = call { i32, i1 } @llvm.nvvm.elect.sync(i32 -1), !dbg !10
  %59 = extractvalue { i32, i1 } %58, 1, !dbg !10
  %60 = and i1 %17, %59, !dbg !10
  call void asm sideeffect "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r"(i1 %60, ptr addrspace(3) @global_smem, ptr nonnull %0, i32 %56, i32 %12, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #5, !dbg !10
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  call void asm sideeffect "\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r"(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 0) #5, !dbg !10
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  call void asm sideeffect "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r"(i1 %16, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #5, !dbg !10
  %61 = load half, ptr addrspace(3) %23, align 16, !dbg !10
  %62 = load half, ptr addrspace(3) %27, align 2, !dbg !10
  %63 = load half, ptr addrspace(3) %28, align 4, !dbg !10
  %64 = load half, ptr addrspace(3) %29, align 2, !dbg !10
  %65 = load half, ptr addrspace(3) %30, align 8, !dbg !10
  %66 = load half, ptr addrspace(3) %31, align 2, !dbg !10
  %67 = load half, ptr addrspace(3) %32, align 4, !dbg !10
  %68 = load half, ptr addrspace(3) %33, align 2, !dbg !10
  %69 = load half, ptr addrspace(3) %24, align 16, !dbg !10
  %70 = load half, ptr addrspace(3) %34, align 2, !dbg !10
  %71 = load half, ptr addrspace(3) %35, align 4, !dbg !10
  %72 = load half, ptr addrspace(3) %36, align 2, !dbg !10
  %73 = load half, ptr addrspace(3) %37, align 8, !dbg !10
  %74 = load half, ptr addrspace(3) %38, align 2, !dbg !10
  %75 = load half, ptr addrspace(3) %39, align 4, !dbg !10
  %76 = load half, ptr addrspace(3) %40, align 2, !dbg !10
  %77 = load half, ptr addrspace(3) %25, align 16, !dbg !10
  %78 = load half, ptr addrspace(3) %41, align 2, !dbg !10
  %79 = load half, ptr addrspace(3) %42, align 4, !dbg !10
  %80 = load half, ptr addrspace(3) %43, align 2, !dbg !10
  %81 = load half, ptr addrspace(3) %44, align 8, !dbg !10
  %82 = load half, ptr addrspace(3) %45, align 2, !dbg !10
  %83 = load half, ptr addrspace(3) %46, align 4, !dbg !10
  %84 = load half, ptr addrspace(3) %47, align 2, !dbg !10
  %85 = load half, ptr addrspace(3) %26, align 16, !dbg !10
  %86 = load half, ptr addrspace(3) %48, align 2, !dbg !10
  %87 = load half, ptr addrspace(3) %49, align 4, !dbg !10
  %88 = load half, ptr addrspace(3) %50, align 2, !dbg !10
  %89 = load half, ptr addrspace(3) %51, align 8, !dbg !10
  %90 = load half, ptr addrspace(3) %52, align 2, !dbg !10
  %91 = load half, ptr addrspace(3) %53, align 4, !dbg !10
  %92 = load half, ptr addrspace(3) %54, align 2, !dbg !10
  %93 = fpext half %61 to float, !dbg !11
  %94 = fpext half %62 to float, !dbg !11
  %95 = fpext half %63 to float, !dbg !11
  %96 = fpext half %64 to float, !dbg !11
  %97 = fpext half %65 to float, !dbg !11
  %98 = fpext half %66 to float, !dbg !11
  %99 = fpext half %67 to float, !dbg !11
  %100 = fpext half %68 to float, !dbg !11
  %101 = fpext half %69 to float, !dbg !11
  %102 = fpext half %70 to float, !dbg !11
  %103 = fpext half %71 to float, !dbg !11
  %104 = fpext half %72 to float, !dbg !11
  %105 = fpext half %73 to float, !dbg !11
  %106 = fpext half %74 to float, !dbg !11
  %107 = fpext half %75 to float, !dbg !11
  %108 = fpext half %76 to float, !dbg !11
  %109 = fpext half %77 to float, !dbg !11
  %110 = fpext half %78 to float, !dbg !11
  %111 = fpext half %79 to float, !dbg !11
  %112 = fpext half %80 to float, !dbg !11
  %113 = fpext half %81 to float, !dbg !11
  %114 = fpext half %82 to float, !dbg !11
  %115 = fpext half %83 to float, !dbg !11
  %116 = fpext half %84 to float, !dbg !11
  %117 = fpext half %85 to float, !dbg !11
  %118 = fpext half %86 to float, !dbg !11
  %119 = fpext half %87 to float, !dbg !11
  %120 = fpext half %88 to float, !dbg !11
  %121 = fpext half %89 to float, !dbg !11
  %122 = fpext half %90 to float, !dbg !11
  %123 = fpext half %91 to float, !dbg !11
  %124 = fpext half %92 to float, !dbg !11
  %125 = fadd float %93, %94, !dbg !12
  %126 = fadd float %125, %95, !dbg !12
  %127 = fadd float %126, %96, !dbg !12
  %128 = fadd float %127, %97, !dbg !12
  %129 = fadd float %128, %98, !dbg !12
  %130 = fadd float %129, %99, !dbg !12
  %131 = fadd float %130, %100, !dbg !12
  %132 = fadd float %101, %102, !dbg !12
  %133 = fadd float %132, %103, !dbg !12
  %134 = fadd float %133, %104, !dbg !12
  %135 = fadd float %134, %105, !dbg !12
  %136 = fadd float %135, %106, !dbg !12
  %137 = fadd float %136, %107, !dbg !12
  %138 = fadd float %137, %108, !dbg !12
  %139 = fadd float %109, %110, !dbg !12
  %140 = fadd float %139, %111, !dbg !12
  %141 = fadd float %140, %112, !dbg !12
  %142 = fadd float %141, %113, !dbg !12
  %143 = fadd float %142, %114, !dbg !12
  %144 = fadd float %143, %115, !dbg !12
  %145 = fadd float %144, %116, !dbg !12
  %146 = fadd float %117, %118, !dbg !12
  %147 = fadd float %146, %119, !dbg !12
  %148 = fadd float %147, %120, !dbg !12
  %149 = fadd float %148, %121, !dbg !12
  %150 = fadd float %149, %122, !dbg !12
  %151 = fadd float %150, %123, !dbg !12
  %152 = fadd float %151, %124, !dbg !12
  %153 = bitcast float %131 to i32, !dbg !15
  %154 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %153, i32 4, i32 31), !dbg !15
  %155 = bitcast i32 %154 to float, !dbg !15
  %156 = fadd float %131, %155, !dbg !12
  %157 = bitcast float %156 to i32, !dbg !15
  %158 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %157, i32 2, i32 31), !dbg !15
  %159 = bitcast i32 %158 to float, !dbg !15
  %160 = bitcast float %138 to i32, !dbg !15
  %161 = bitcast float %145 to i32, !dbg !15
  %162 = bitcast float %152 to i32, !dbg !15
  %163 = fadd float %156, %159, !dbg !12
  %164 = bitcast float %163 to i32, !dbg !15
  %165 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %164, i32 1, i32 31), !dbg !15
  %166 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %160, i32 4, i32 31), !dbg !15
  %167 = bitcast i32 %166 to float, !dbg !15
  %168 = fadd float %138, %167, !dbg !12
  %169 = bitcast float %168 to i32, !dbg !15
  %170 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %169, i32 2, i32 31), !dbg !15
  %171 = bitcast i32 %170 to float, !dbg !15
  %172 = fadd float %168, %171, !dbg !12
  %173 = bitcast float %172 to i32, !dbg !15
  %174 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %173, i32 1, i32 31), !dbg !15
  %175 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %161, i32 4, i32 31), !dbg !15
  %176 = bitcast i32 %175 to float, !dbg !15
  %177 = fadd float %145, %176, !dbg !12
  %178 = bitcast float %177 to i32, !dbg !15
  %179 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %178, i32 2, i32 31), !dbg !15
  %180 = bitcast i32 %179 to float, !dbg !15
  %181 = fadd float %177, %180, !dbg !12
  %182 = bitcast float %181 to i32, !dbg !15
  %183 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %182, i32 1, i32 31), !dbg !15
  %184 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %162, i32 4, i32 31), !dbg !15
  %185 = bitcast i32 %184 to float, !dbg !15
  %186 = fadd float %152, %185, !dbg !12
  %187 = bitcast float %186 to i32, !dbg !15
  %188 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %187, i32 2, i32 31), !dbg !15
  %189 = bitcast i32 %188 to float, !dbg !15
  %190 = fadd float %186, %189, !dbg !12
  %191 = bitcast float %190 to i32, !dbg !15
  %192 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %191, i32 1, i32 31), !dbg !15
  %193 = insertelement <4 x i32> poison, i32 %165, i64 0, !dbg !15
  %194 = insertelement <4 x i32> %193, i32 %174, i64 1, !dbg !15
  %195 = insertelement <4 x i32> %194, i32 %183, i64 2, !dbg !15
  %196 = insertelement <4 x i32> %195, i32 %192, i64 3, !dbg !15
  %197 = bitcast <4 x i32> %196 to <4 x float>, !dbg !15
  %198 = insertelement <4 x float> poison, float %163, i64 0, !dbg !12
  %199 = insertelement <4 x float> %198, float %172, i64 1, !dbg !12
  %200 = insertelement <4 x float> %199, float %181, i64 2, !dbg !12
  %201 = insertelement <4 x float> %200, float %190, i64 3, !dbg !12
  %202 = fadd <4 x float> %201, %197, !dbg !12
  %203 = fadd <4 x float> %57, %202, !dbg !18
  %204 = add i32 %56, 64, !dbg !9
  %205 = icmp slt i32 %204, %7, !dbg !9
  br i1 %205, label %55, label %._crit_edge, !dbg !9

._crit_edge:                                      ; preds = %55, %10
  %206 = phi <4 x float> [ zeroinitializer, %10 ], [ %203, %55 ], !dbg !19
  %207 = and i32 %14, 63, !dbg !20
  %208 = or disjoint i32 %12, %207, !dbg !21
  %209 = icmp slt i32 %208, %6, !dbg !22
  %210 = sext i32 %208 to i64, !dbg !23
  %211 = getelementptr float, ptr addrspace(1) %5, i64 %210, !dbg !23
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !24
  %212 = and i32 %14, 120, !dbg !24
  %213 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %212, !dbg !24
  %214 = shufflevector <4 x float> %206, <4 x float> poison, <2 x i32> <i32 0, i32 1>, !dbg !24
  store <2 x float> %214, ptr addrspace(3) %213, align 8, !dbg !24
  %215 = getelementptr inbounds nuw i8, ptr addrspace(3) %213, i32 128, !dbg !24
  %216 = shufflevector <4 x float> %206, <4 x float> poison, <2 x i32> <i32 2, i32 3>, !dbg !24
  store <2 x float> %216, ptr addrspace(3) %215, align 8, !dbg !24
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !24
  %217 = shl nuw nsw i32 %14, 3, !dbg !24
  %218 = and i32 %217, 120, !dbg !24
  %219 = lshr i32 %14, 2, !dbg !24
  %220 = and i32 %219, 4, !dbg !24
  %221 = shl nuw nsw i32 %14, 2, !dbg !24
  %222 = and i32 %221, 128, !dbg !24
  %223 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %218, !dbg !24
  %224 = getelementptr inbounds nuw i8, ptr addrspace(3) %223, i32 %220, !dbg !24
  %225 = getelementptr inbounds nuw i8, ptr addrspace(3) %224, i32 %222, !dbg !24
  %226 = load i32, ptr addrspace(3) %225, align 4, !dbg !24
  %227 = and i32 %14, 64, !dbg !24
  %228 = icmp eq i32 %227, 0, !dbg !24
  %229 = and i1 %228, %209, !dbg !24
  call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %226, ptr addrspace(1) %211, i1 %229) #5, !dbg !24
  ret void, !dbg !25
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare { i32, i1 } @llvm.nvvm.elect.sync(i32) #3

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #4

attributes #0 = { nounwind "nvvm.reqntid"="128" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #4 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_tma.py", directory: "/work/main/bench/frontends")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!4 = distinct !DISubprogram(name: "tma_rowsum", linkageName: "tma_rowsum", scope: !1, file: !1, line: 38, type: !5, scopeLine: 38, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 39, column: 23, scope: !4)
!8 = !DILocation(line: 42, column: 30, scope: !4)
!9 = !DILocation(line: 41, column: 25, scope: !4)
!10 = !DILocation(line: 42, column: 24, scope: !4)
!11 = !DILocation(line: 43, column: 27, scope: !4)
!12 = !DILocation(line: 263, column: 15, scope: !13, inlinedAt: !15)
!13 = distinct !DILexicalBlockFile(scope: !4, file: !14, discriminator: 0)
!14 = !DIFile(filename: "standard.py", directory: "/opt/torch/.venv/lib/python3.12/site-packages/triton/language")
!15 = !DILocation(line: 293, column: 36, scope: !13, inlinedAt: !16)
!16 = !DILocation(line: 43, column: 22, scope: !17)
!17 = distinct !DILexicalBlockFile(scope: !4, file: !1, discriminator: 0)
!18 = !DILocation(line: 43, column: 15, scope: !4)
!19 = !DILocation(line: 40, column: 19, scope: !4)
!20 = !DILocation(line: 44, column: 34, scope: !4)
!21 = !DILocation(line: 44, column: 21, scope: !4)
!22 = !DILocation(line: 45, column: 46, scope: !4)
!23 = !DILocation(line: 45, column: 23, scope: !4)
!24 = !DILocation(line: 45, column: 29, scope: !4)
!25 = !DILocation(line: 45, column: 4, scope: !4)

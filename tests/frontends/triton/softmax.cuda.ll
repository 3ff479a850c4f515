; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nounwind
define ptx_kernel void @softmax_kernel(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %2, ptr addrspace(1) readnone captures(none) %3, ptr addrspace(1) readnone captures(none) %4) local_unnamed_addr #0 !dbg !4 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !7
  %7 = zext nneg i32 %6 to i64, !dbg !8
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !9
  %9 = and i32 %8, 255, !dbg !9
  %10 = and i32 %8, 31, !dbg !9
  %11 = lshr i32 %9, 5, !dbg !9
  %12 = shl nuw nsw i32 %8, 2, !dbg !9
  %13 = and i32 %12, 1020, !dbg !9
  %14 = or disjoint i32 %13, 1024, !dbg !9
  %15 = or disjoint i32 %13, 2048, !dbg !9
  %16 = or i32 %12, 3072, !dbg !9
  %17 = icmp slt i32 %13, %2, !dbg !10
  %18 = icmp slt i32 %14, %2, !dbg !10
  %19 = icmp slt i32 %15, %2, !dbg !10
  %20 = icmp slt i32 %16, %2, !dbg !10
  %21 = sext i32 %2 to i64, !dbg !11
  %22 = mul nsw i64 %21, %7, !dbg !11
  %23 = getelementptr float, ptr addrspace(1) %1, i64 %22, !dbg !12
  %24 = zext nneg i32 %13 to i64, !dbg !13
  %25 = getelementptr float, ptr addrspace(1) %23, i64 %24, !dbg !13
  %26 = zext nneg i32 %14 to i64, !dbg !13
  %27 = getelementptr float, ptr addrspace(1) %23, i64 %26, !dbg !13
  %28 = zext nneg i32 %15 to i64, !dbg !13
  %29 = getelementptr float, ptr addrspace(1) %23, i64 %28, !dbg !13
  %30 = zext nneg i32 %16 to i64, !dbg !13
  %31 = getelementptr float, ptr addrspace(1) %23, i64 %30, !dbg !13
  %32 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 -8388608, i32 -8388608, i32 -8388608, i32 -8388608, ptr addrspace(1) %25, i1 %17) #5, !dbg !14
  %33 = extractvalue { i32, i32, i32, i32 } %32, 0, !dbg !14
  %34 = extractvalue { i32, i32, i32, i32 } %32, 1, !dbg !14
  %35 = extractvalue { i32, i32, i32, i32 } %32, 2, !dbg !14
  %36 = extractvalue { i32, i32, i32, i32 } %32, 3, !dbg !14
  %37 = bitcast i32 %33 to float, !dbg !14
  %38 = bitcast i32 %34 to float, !dbg !14
  %39 = bitcast i32 %35 to float, !dbg !14
  %40 = bitcast i32 %36 to float, !dbg !14
  %41 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 -8388608, i32 -8388608, i32 -8388608, i32 -8388608, ptr addrspace(1) %27, i1 %18) #5, !dbg !14
  %42 = extractvalue { i32, i32, i32, i32 } %41, 0, !dbg !14
  %43 = extractvalue { i32, i32, i32, i32 } %41, 1, !dbg !14
  %44 = extractvalue { i32, i32, i32, i32 } %41, 2, !dbg !14
  %45 = extractvalue { i32, i32, i32, i32 } %41, 3, !dbg !14
  %46 = bitcast i32 %42 to float, !dbg !14
  %47 = bitcast i32 %43 to float, !dbg !14
  %48 = bitcast i32 %44 to float, !dbg !14
  %49 = bitcast i32 %45 to float, !dbg !14
  %50 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 -8388608, i32 -8388608, i32 -8388608, i32 -8388608, ptr addrspace(1) %29, i1 %19) #5, !dbg !14
  %51 = extractvalue { i32, i32, i32, i32 } %50, 0, !dbg !14
  %52 = extractvalue { i32, i32, i32, i32 } %50, 1, !dbg !14
  %53 = extractvalue { i32, i32, i32, i32 } %50, 2, !dbg !14
  %54 = extractvalue { i32, i32, i32, i32 } %50, 3, !dbg !14
  %55 = bitcast i32 %51 to float, !dbg !14
  %56 = bitcast i32 %52 to float, !dbg !14
  %57 = bitcast i32 %53 to float, !dbg !14
  %58 = bitcast i32 %54 to float, !dbg !14
  %59 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 -8388608, i32 -8388608, i32 -8388608, i32 -8388608, ptr addrspace(1) %31, i1 %20) #5, !dbg !14
  %60 = extractvalue { i32, i32, i32, i32 } %59, 0, !dbg !14
  %61 = extractvalue { i32, i32, i32, i32 } %59, 1, !dbg !14
  %62 = extractvalue { i32, i32, i32, i32 } %59, 2, !dbg !14
  %63 = extractvalue { i32, i32, i32, i32 } %59, 3, !dbg !14
  %64 = bitcast i32 %60 to float, !dbg !14
  %65 = bitcast i32 %61 to float, !dbg !14
  %66 = bitcast i32 %62 to float, !dbg !14
  %67 = bitcast i32 %63 to float, !dbg !14
  %68 = tail call float @llvm.maxnum.f32(float %37, float %38), !dbg !15
  %69 = tail call float @llvm.maxnum.f32(float %68, float %39), !dbg !15
  %70 = tail call float @llvm.maxnum.f32(float %69, float %40), !dbg !15
  %71 = tail call float @llvm.maxnum.f32(float %70, float %46), !dbg !15
  %72 = tail call float @llvm.maxnum.f32(float %71, float %47), !dbg !15
  %73 = tail call float @llvm.maxnum.f32(float %72, float %48), !dbg !15
  %74 = tail call float @llvm.maxnum.f32(float %73, float %49), !dbg !15
  %75 = tail call float @llvm.maxnum.f32(float %74, float %55), !dbg !15
  %76 = tail call float @llvm.maxnum.f32(float %75, float %56), !dbg !15
  %77 = tail call float @llvm.maxnum.f32(float %76, float %57), !dbg !15
  %78 = tail call float @llvm.maxnum.f32(float %77, float %58), !dbg !15
  %79 = tail call float @llvm.maxnum.f32(float %78, float %64), !dbg !15
  %80 = tail call float @llvm.maxnum.f32(float %79, float %65), !dbg !15
  %81 = tail call float @llvm.maxnum.f32(float %80, float %66), !dbg !15
  %82 = tail call float @llvm.maxnum.f32(float %81, float %67), !dbg !15
  %83 = bitcast float %82 to i32, !dbg !18
  %84 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %83, i32 16, i32 31), !dbg !18
  %85 = bitcast i32 %84 to float, !dbg !18
  %86 = tail call float @llvm.maxnum.f32(float %82, float %85), !dbg !15
  %87 = bitcast float %86 to i32, !dbg !18
  %88 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %87, i32 8, i32 31), !dbg !18
  %89 = bitcast i32 %88 to float, !dbg !18
  %90 = tail call float @llvm.maxnum.f32(float %86, float %89), !dbg !15
  %91 = bitcast float %90 to i32, !dbg !18
  %92 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %91, i32 4, i32 31), !dbg !18
  %93 = bitcast i32 %92 to float, !dbg !18
  %94 = tail call float @llvm.maxnum.f32(float %90, float %93), !dbg !15
  %95 = bitcast float %94 to i32, !dbg !18
  %96 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %95, i32 2, i32 31), !dbg !18
  %97 = bitcast i32 %96 to float, !dbg !18
  %98 = tail call float @llvm.maxnum.f32(float %94, float %97), !dbg !15
  %99 = bitcast float %98 to i32, !dbg !18
  %100 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %99, i32 1, i32 31), !dbg !18
  %101 = bitcast i32 %100 to float, !dbg !18
  %102 = tail call float @llvm.maxnum.f32(float %98, float %101), !dbg !15
  %103 = icmp eq i32 %10, 0, !dbg !18
  %104 = getelementptr float, ptr addrspace(3) @global_smem, i32 %11, !dbg !18
  %105 = bitcast float %102 to <1 x i32>, !dbg !18
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %104, <1 x i32> %105, i1 %103) #5, !dbg !18
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !18
  %106 = icmp samesign ult i32 %9, 8, !dbg !18
  %107 = getelementptr float, ptr addrspace(3) @global_smem, i32 %9, !dbg !18
  %108 = tail call i32 asm sideeffect "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b"(ptr addrspace(3) %107, i1 %106) #5, !dbg !18
  %109 = bitcast i32 %108 to float, !dbg !18
  %110 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %108, i32 4, i32 31), !dbg !18
  %111 = bitcast i32 %110 to float, !dbg !18
  %112 = tail call float @llvm.maxnum.f32(float %109, float %111), !dbg !15
  %113 = bitcast float %112 to i32, !dbg !18
  %114 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %113, i32 2, i32 31), !dbg !18
  %115 = bitcast i32 %114 to float, !dbg !18
  %116 = tail call float @llvm.maxnum.f32(float %112, float %115), !dbg !15
  %117 = bitcast float %116 to i32, !dbg !18
  %118 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %117, i32 1, i32 31), !dbg !18
  %119 = bitcast i32 %118 to float, !dbg !18
  %120 = tail call float @llvm.maxnum.f32(float %116, float %119), !dbg !15
  %121 = and i32 %8, 7, !dbg !18
  %122 = icmp eq i32 %121, 0, !dbg !18
  %123 = and i1 %106, %122, !dbg !18
  %124 = bitcast float %120 to <1 x i32>, !dbg !18
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %107, <1 x i32> %124, i1 %123) #5, !dbg !18
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !18
  %125 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !18
  %126 = fsub float %37, %125, !dbg !21
  %127 = fsub float %38, %125, !dbg !21
  %128 = fsub float %39, %125, !dbg !21
  %129 = fsub float %40, %125, !dbg !21
  %130 = fsub float %46, %125, !dbg !21
  %131 = fsub float %47, %125, !dbg !21
  %132 = fsub float %48, %125, !dbg !21
  %133 = fsub float %49, %125, !dbg !21
  %134 = fsub float %55, %125, !dbg !21
  %135 = fsub float %56, %125, !dbg !21
  %136 = fsub float %57, %125, !dbg !21
  %137 = fsub float %58, %125, !dbg !21
  %138 = fsub float %64, %125, !dbg !21
  %139 = fsub float %65, %125, !dbg !21
  %140 = fsub float %66, %125, !dbg !21
  %141 = fsub float %67, %125, !dbg !21
  %142 = fmul float %126, 0x3FF7154760000000, !dbg !22
  %143 = tail call float @llvm.nvvm.ex2.approx.f(float %142), !dbg !22
  %144 = fmul float %127, 0x3FF7154760000000, !dbg !22
  %145 = tail call float @llvm.nvvm.ex2.approx.f(float %144), !dbg !22
  %146 = fmul float %128, 0x3FF7154760000000, !dbg !22
  %147 = tail call float @llvm.nvvm.ex2.approx.f(float %146), !dbg !22
  %148 = fmul float %129, 0x3FF7154760000000, !dbg !22
  %149 = tail call float @llvm.nvvm.ex2.approx.f(float %148), !dbg !22
  %150 = fmul float %130, 0x3FF7154760000000, !dbg !22
  %151 = tail call float @llvm.nvvm.ex2.approx.f(float %150), !dbg !22
  %152 = fmul float %131, 0x3FF7154760000000, !dbg !22
  %153 = tail call float @llvm.nvvm.ex2.approx.f(float %152), !dbg !22
  %154 = fmul float %132, 0x3FF7154760000000, !dbg !22
  %155 = tail call float @llvm.nvvm.ex2.approx.f(float %154), !dbg !22
  %156 = fmul float %133, 0x3FF7154760000000, !dbg !22
  %157 = tail call float @llvm.nvvm.ex2.approx.f(float %156), !dbg !22
  %158 = fmul float %134, 0x3FF7154760000000, !dbg !22
  %159 = tail call float @llvm.nvvm.ex2.approx.f(float %158), !dbg !22
  %160 = fmul float %135, 0x3FF7154760000000, !dbg !22
  %161 = tail call float @llvm.nvvm.ex2.approx.f(float %160), !dbg !22
  %162 = fmul float %136, 0x3FF7154760000000, !dbg !22
  %163 = tail call float @llvm.nvvm.ex2.approx.f(float %162), !dbg !22
  %164 = fmul float %137, 0x3FF7154760000000, !dbg !22
  %165 = tail call float @llvm.nvvm.ex2.approx.f(float %164), !dbg !22
  %166 = fmul float %138, 0x3FF7154760000000, !dbg !22
  %167 = tail call float @llvm.nvvm.ex2.approx.f(float %166), !dbg !22
  %168 = fmul float %139, 0x3FF7154760000000, !dbg !22
  %169 = tail call float @llvm.nvvm.ex2.approx.f(float %168), !dbg !22
  %170 = fmul float %140, 0x3FF7154760000000, !dbg !22
  %171 = tail call float @llvm.nvvm.ex2.approx.f(float %170), !dbg !22
  %172 = fmul float %141, 0x3FF7154760000000, !dbg !22
  %173 = tail call float @llvm.nvvm.ex2.approx.f(float %172), !dbg !22
  %174 = getelementptr float, ptr addrspace(1) %0, i64 %22, !dbg !23
  %175 = getelementptr float, ptr addrspace(1) %174, i64 %24, !dbg !24
  %176 = getelementptr float, ptr addrspace(1) %174, i64 %26, !dbg !24
  %177 = getelementptr float, ptr addrspace(1) %174, i64 %28, !dbg !24
  %178 = getelementptr float, ptr addrspace(1) %174, i64 %30, !dbg !24
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !25
  %179 = fadd float %143, %145, !dbg !27
  %180 = fadd float %179, %147, !dbg !27
  %181 = fadd float %180, %149, !dbg !27
  %182 = fadd float %181, %151, !dbg !27
  %183 = fadd float %182, %153, !dbg !27
  %184 = fadd float %183, %155, !dbg !27
  %185 = fadd float %184, %157, !dbg !27
  %186 = fadd float %185, %159, !dbg !27
  %187 = fadd float %186, %161, !dbg !27
  %188 = fadd float %187, %163, !dbg !27
  %189 = fadd float %188, %165, !dbg !27
  %190 = fadd float %189, %167, !dbg !27
  %191 = fadd float %190, %169, !dbg !27
  %192 = fadd float %191, %171, !dbg !27
  %193 = fadd float %192, %173, !dbg !27
  %194 = bitcast float %193 to i32, !dbg !25
  %195 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %194, i32 16, i32 31), !dbg !25
  %196 = bitcast i32 %195 to float, !dbg !25
  %197 = fadd float %193, %196, !dbg !27
  %198 = bitcast float %197 to i32, !dbg !25
  %199 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %198, i32 8, i32 31), !dbg !25
  %200 = bitcast i32 %199 to float, !dbg !25
  %201 = fadd float %197, %200, !dbg !27
  %202 = bitcast float %201 to i32, !dbg !25
  %203 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %202, i32 4, i32 31), !dbg !25
  %204 = bitcast i32 %203 to float, !dbg !25
  %205 = fadd float %201, %204, !dbg !27
  %206 = bitcast float %205 to i32, !dbg !25
  %207 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %206, i32 2, i32 31), !dbg !25
  %208 = bitcast i32 %207 to float, !dbg !25
  %209 = fadd float %205, %208, !dbg !27
  %210 = bitcast float %209 to i32, !dbg !25
  %211 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %210, i32 1, i32 31), !dbg !25
  %212 = bitcast i32 %211 to float, !dbg !25
  %213 = fadd float %209, %212, !dbg !27
  %214 = bitcast float %213 to <1 x i32>, !dbg !25
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %104, <1 x i32> %214, i1 %103) #5, !dbg !25
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !25
  %215 = tail call i32 asm sideeffect "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b"(ptr addrspace(3) %107, i1 %106) #5, !dbg !25
  %216 = bitcast i32 %215 to float, !dbg !25
  %217 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %215, i32 4, i32 31), !dbg !25
  %218 = bitcast i32 %217 to float, !dbg !25
  %219 = fadd float %216, %218, !dbg !27
  %220 = bitcast float %219 to i32, !dbg !25
  %221 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %220, i32 2, i32 31), !dbg !25
  %222 = bitcast i32 %221 to float, !dbg !25
  %223 = fadd float %219, %222, !dbg !27
  %224 = bitcast float %223 to i32, !dbg !25
  %225 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %224, i32 1, i32 31), !dbg !25
  %226 = bitcast i32 %225 to float, !dbg !25
  %227 = fadd float %223, %226, !dbg !27
  %228 = bitcast float %227 to <1 x i32>, !dbg !25
  tail call void asm sideeffect "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"(ptr addrspace(3) %107, <1 x i32> %228, i1 %123) #5, !dbg !25
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !25
  %229 = load float, ptr addrspace(3) @global_smem, align 16, !dbg !25
  %230 = tail call float @llvm.nvvm.div.full(float %143, float %229), !dbg !28
  %231 = tail call float @llvm.nvvm.div.full(float %145, float %229), !dbg !28
  %232 = tail call float @llvm.nvvm.div.full(float %147, float %229), !dbg !28
  %233 = tail call float @llvm.nvvm.div.full(float %149, float %229), !dbg !28
  %234 = tail call float @llvm.nvvm.div.full(float %151, float %229), !dbg !28
  %235 = tail call float @llvm.nvvm.div.full(float %153, float %229), !dbg !28
  %236 = tail call float @llvm.nvvm.div.full(float %155, float %229), !dbg !28
  %237 = tail call float @llvm.nvvm.div.full(float %157, float %229), !dbg !28
  %238 = tail call float @llvm.nvvm.div.full(float %159, float %229), !dbg !28
  %239 = tail call float @llvm.nvvm.div.full(float %161, float %229), !dbg !28
  %240 = tail call float @llvm.nvvm.div.full(float %163, float %229), !dbg !28
  %241 = tail call float @llvm.nvvm.div.full(float %165, float %229), !dbg !28
  %242 = tail call float @llvm.nvvm.div.full(float %167, float %229), !dbg !28
  %243 = tail call float @llvm.nvvm.div.full(float %169, float %229), !dbg !28
  %244 = tail call float @llvm.nvvm.div.full(float %171, float %229), !dbg !28
  %245 = tail call float @llvm.nvvm.div.full(float %173, float %229), !dbg !28
  %246 = bitcast float %230 to i32, !dbg !29
  %247 = bitcast float %231 to i32, !dbg !29
  %248 = bitcast float %232 to i32, !dbg !29
  %249 = bitcast float %233 to i32, !dbg !29
  tail call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %246, i32 %247, i32 %248, i32 %249, ptr addrspace(1) %175, i1 %17) #5, !dbg !29
  %250 = bitcast float %234 to i32, !dbg !29
  %251 = bitcast float %235 to i32, !dbg !29
  %252 = bitcast float %236 to i32, !dbg !29
  %253 = bitcast float %237 to i32, !dbg !29
  tail call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %250, i32 %251, i32 %252, i32 %253, ptr addrspace(1) %176, i1 %18) #5, !dbg !29
  %254 = bitcast float %238 to i32, !dbg !29
  %255 = bitcast float %239 to i32, !dbg !29
  %256 = bitcast float %240 to i32, !dbg !29
  %257 = bitcast float %241 to i32, !dbg !29
  tail call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %254, i32 %255, i32 %256, i32 %257, ptr addrspace(1) %177, i1 %19) #5, !dbg !29
  %258 = bitcast float %242 to i32, !dbg !29
  %259 = bitcast float %243 to i32, !dbg !29
  %260 = bitcast float %244 to i32, !dbg !29
  %261 = bitcast float %245 to i32, !dbg !29
  tail call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %258, i32 %259, i32 %260, i32 %261, ptr addrspace(1) %178, i1 %20) #5, !dbg !29
  ret void, !dbg !30
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #1

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #2

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f(float) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.div.full(float, float) #4

attributes #0 = { nounwind "nvvm.reqntid"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #3 = { convergent nocallback nounwind }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!4 = distinct !DISubprogram(name: "softmax_kernel", linkageName: "softmax_kernel", scope: !1, file: !1, line: 55, type: !5, scopeLine: 55, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 56, column: 24, scope: !4)
!8 = !DILocation(line: 56, column: 30, scope: !4)
!9 = !DILocation(line: 57, column: 24, scope: !4)
!10 = !DILocation(line: 58, column: 15, scope: !4)
!11 = !DILocation(line: 59, column: 31, scope: !4)
!12 = !DILocation(line: 59, column: 25, scope: !4)
!13 = !DILocation(line: 59, column: 40, scope: !4)
!14 = !DILocation(line: 59, column: 16, scope: !4)
!15 = !DILocation(line: 170, column: 27, scope: !16, inlinedAt: !18)
!16 = distinct !DILexicalBlockFile(scope: !4, file: !17, discriminator: 0)
!17 = !DIFile(filename: "standard.py", directory: "/opt/torch/.venv/lib/python3.12/site-packages/triton/language")
!18 = !DILocation(line: 191, column: 40, scope: !16, inlinedAt: !19)
!19 = !DILocation(line: 60, column: 19, scope: !20)
!20 = distinct !DILexicalBlockFile(scope: !4, file: !1, discriminator: 0)
!21 = !DILocation(line: 60, column: 12, scope: !4)
!22 = !DILocation(line: 61, column: 15, scope: !4)
!23 = !DILocation(line: 62, column: 23, scope: !4)
!24 = !DILocation(line: 62, column: 38, scope: !4)
!25 = !DILocation(line: 293, column: 36, scope: !16, inlinedAt: !26)
!26 = !DILocation(line: 62, column: 55, scope: !20)
!27 = !DILocation(line: 263, column: 15, scope: !16, inlinedAt: !25)
!28 = !DILocation(line: 62, column: 48, scope: !4)
!29 = !DILocation(line: 62, column: 44, scope: !4)
!30 = !DILocation(line: 62, column: 4, scope: !4)

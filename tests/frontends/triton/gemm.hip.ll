; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @gemm_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg readonly captures(none) %1, ptr addrspace(1) inreg writeonly captures(none) %2, i32 inreg %3, i32 inreg %4, i32 inreg %5, ptr addrspace(1) inreg readnone captures(none) %6, ptr addrspace(1) inreg readnone captures(none) %7) local_unnamed_addr #0 !dbg !4 {
  %9 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !7
  %10 = add i32 %3, 127, !dbg !8
  %11 = sdiv i32 %10, 128, !dbg !13
  %12 = add i32 %4, 127, !dbg !14
  %13 = sdiv i32 %12, 128, !dbg !16
  %14 = shl nsw i32 %13, 3, !dbg !17
  %.frozen = freeze i32 %14, !dbg !18
  %15 = sdiv i32 %9, %.frozen, !dbg !18
  %16 = shl i32 %15, 3, !dbg !19
  %17 = sub i32 %11, %16, !dbg !20
  %18 = tail call i32 @llvm.smin.i32(i32 %17, i32 8), !dbg !21
  %19 = mul i32 %15, %.frozen, !dbg !22
  %.decomposed = sub i32 %9, %19, !dbg !22
  %.frozen498 = freeze i32 %18, !dbg !23
  %20 = sdiv i32 %.decomposed, %.frozen498, !dbg !23
  %21 = mul i32 %20, %.frozen498, !dbg !24
  %.decomposed499 = sub i32 %.decomposed, %21, !dbg !24
  %22 = add i32 %.decomposed499, %16, !dbg !25
  %23 = shl i32 %22, 7, !dbg !26
  %24 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !27
  %25 = lshr i32 %24, 2, !dbg !27
  %26 = and i32 %25, 63, !dbg !27
  %27 = and i32 %24, 31, !dbg !27
  %28 = and i32 %24, 128, !dbg !27
  %29 = lshr exact i32 %28, 2, !dbg !27
  %30 = or disjoint i32 %29, %27, !dbg !27
  %31 = and i32 %24, 32, !dbg !27
  %32 = lshr exact i32 %31, 3, !dbg !27
  %33 = and i32 %24, 64, !dbg !27
  %34 = icmp eq i32 %33, 0, !dbg !27
  %35 = lshr exact i32 %33, 1, !dbg !27
  %36 = or disjoint i32 %32, %35, !dbg !27
  %37 = and i32 %24, 15, !dbg !27
  %38 = shl nuw nsw i32 %37, 3, !dbg !27
  %39 = or disjoint i32 %23, %26, !dbg !28
  %40 = or disjoint i32 %39, 64, !dbg !28
  %41 = or disjoint i32 %23, %30, !dbg !28
  %42 = or disjoint i32 %41, 64, !dbg !28
  %43 = srem i32 %39, %3, !dbg !29
  %44 = srem i32 %40, %3, !dbg !29
  %45 = shl i32 %20, 7, !dbg !30
  %46 = or disjoint i32 %45, %36, !dbg !31
  %47 = or disjoint i32 %46, 8, !dbg !31
  %48 = or disjoint i32 %46, 16, !dbg !31
  %49 = or disjoint i32 %46, 24, !dbg !31
  %50 = or disjoint i32 %46, 64, !dbg !31
  %51 = or disjoint i32 %46, 72, !dbg !31
  %52 = or disjoint i32 %46, 80, !dbg !31
  %53 = or disjoint i32 %46, 88, !dbg !31
  %54 = or disjoint i32 %45, %38, !dbg !31
  %55 = srem i32 %54, %4, !dbg !32
  %56 = mul i32 %43, %5, !dbg !33
  %57 = mul i32 %44, %5, !dbg !33
  %58 = sext i32 %56 to i64, !dbg !34
  %59 = getelementptr half, ptr addrspace(1) %0, i64 %58, !dbg !34
  %60 = sext i32 %57 to i64, !dbg !34
  %61 = getelementptr half, ptr addrspace(1) %0, i64 %60, !dbg !34
  %62 = shl nuw nsw i32 %24, 3, !dbg !35
  %63 = and i32 %62, 24, !dbg !35
  %64 = zext nneg i32 %63 to i64, !dbg !36
  %65 = getelementptr half, ptr addrspace(1) %59, i64 %64, !dbg !36
  %66 = getelementptr half, ptr addrspace(1) %61, i64 %64, !dbg !36
  %67 = add i32 %5, 31, !dbg !37
  %68 = sdiv i32 %67, 32, !dbg !39
  %69 = icmp sgt i32 %67, 31, !dbg !40
  %70 = icmp slt i32 %63, %5, !dbg !41
  %71 = and i1 %70, %69, !dbg !40
  br i1 %71, label %72, label %74, !dbg !42

72:                                               ; preds = %8
  %73 = load <8 x half>, ptr addrspace(1) %65, align 16, !dbg !42
  br label %74, !dbg !42

74:                                               ; preds = %72, %8
  %75 = phi <8 x half> [ %73, %72 ], [ zeroinitializer, %8 ], !dbg !42
  br i1 %71, label %76, label %78, !dbg !42

76:                                               ; preds = %74
  %77 = load <8 x half>, ptr addrspace(1) %66, align 16, !dbg !42
  br label %78, !dbg !42

78:                                               ; preds = %76, %74
  %79 = phi <8 x half> [ %77, %76 ], [ zeroinitializer, %74 ], !dbg !42
  %80 = and i32 %24, 240, !dbg !43
  %81 = lshr exact i32 %80, 3, !dbg !43
  %82 = or disjoint i32 %81, 1, !dbg !43
  %83 = mul i32 %4, %81, !dbg !44
  %84 = mul i32 %4, %82, !dbg !44
  %85 = sext i32 %83 to i64, !dbg !45
  %86 = getelementptr half, ptr addrspace(1) %1, i64 %85, !dbg !45
  %87 = sext i32 %84 to i64, !dbg !45
  %88 = getelementptr half, ptr addrspace(1) %1, i64 %87, !dbg !45
  %89 = sext i32 %55 to i64, !dbg !46
  %90 = getelementptr half, ptr addrspace(1) %86, i64 %89, !dbg !46
  %91 = getelementptr half, ptr addrspace(1) %88, i64 %89, !dbg !46
  %92 = icmp slt i32 %81, %5, !dbg !47
  %93 = and i1 %92, %69, !dbg !40
  br i1 %93, label %94, label %96, !dbg !48

94:                                               ; preds = %78
  %95 = load <8 x half>, ptr addrspace(1) %90, align 16, !dbg !48
  br label %96, !dbg !48

96:                                               ; preds = %94, %78
  %97 = phi <8 x half> [ %95, %94 ], [ zeroinitializer, %78 ], !dbg !48
  br i1 %93, label %98, label %100, !dbg !48

98:                                               ; preds = %96
  %99 = load <8 x half>, ptr addrspace(1) %91, align 16, !dbg !48
  br label %100, !dbg !48

100:                                              ; preds = %98, %96
  %101 = phi <8 x half> [ %99, %98 ], [ zeroinitializer, %96 ], !dbg !48
  %102 = shl nuw nsw i32 %24, 4, !dbg !42
  %103 = and i32 %102, 4080, !dbg !42
  %104 = and i32 %24, 56, !dbg !42
  %105 = xor i32 %103, %104, !dbg !42
  %106 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %105, !dbg !42
  %107 = shufflevector <8 x half> %75, <8 x half> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !42
  store <4 x half> %107, ptr addrspace(3) %106, align 8, !dbg !42
  %108 = getelementptr inbounds nuw i8, ptr addrspace(3) %106, i32 4096, !dbg !42
  %109 = shufflevector <8 x half> %79, <8 x half> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !42
  store <4 x half> %109, ptr addrspace(3) %108, align 8, !dbg !42
  %110 = xor i32 %105, 8, !dbg !42
  %111 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %110, !dbg !42
  %112 = shufflevector <8 x half> %75, <8 x half> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !dbg !42
  store <4 x half> %112, ptr addrspace(3) %111, align 8, !dbg !42
  %113 = getelementptr inbounds nuw i8, ptr addrspace(3) %111, i32 4096, !dbg !42
  %114 = shufflevector <8 x half> %79, <8 x half> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !dbg !42
  store <4 x half> %114, ptr addrspace(3) %113, align 8, !dbg !42
  %115 = and i32 %24, 14, !dbg !48
  %116 = shl nuw nsw i32 %115, 9, !dbg !48
  %117 = shl nuw nsw i32 %115, 2, !dbg !48
  %118 = lshr exact i32 %80, 2, !dbg !48
  %119 = and i32 %24, 1, !dbg !48
  %120 = icmp eq i32 %119, 0, !dbg !48
  %121 = select i1 %120, i32 0, i32 544, !dbg !48
  %122 = xor i32 %118, %121, !dbg !48
  %123 = xor i32 %122, %117, !dbg !48
  %124 = or disjoint i32 %123, %116, !dbg !48
  %125 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %124, !dbg !48
  %126 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 0, i32 8>, !dbg !48
  store <2 x half> %126, ptr addrspace(3) %125, align 4, !dbg !48
  %127 = getelementptr inbounds nuw i8, ptr addrspace(3) %125, i32 64, !dbg !48
  %128 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 1, i32 9>, !dbg !48
  store <2 x half> %128, ptr addrspace(3) %127, align 4, !dbg !48
  %129 = xor i32 %124, 136, !dbg !48
  %130 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %129, !dbg !48
  %131 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 2, i32 10>, !dbg !48
  store <2 x half> %131, ptr addrspace(3) %130, align 4, !dbg !48
  %132 = getelementptr inbounds nuw i8, ptr addrspace(3) %130, i32 64, !dbg !48
  %133 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 3, i32 11>, !dbg !48
  store <2 x half> %133, ptr addrspace(3) %132, align 4, !dbg !48
  %134 = xor i32 %124, 272, !dbg !48
  %135 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %134, !dbg !48
  %136 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 4, i32 12>, !dbg !48
  store <2 x half> %136, ptr addrspace(3) %135, align 4, !dbg !48
  %137 = getelementptr inbounds nuw i8, ptr addrspace(3) %135, i32 64, !dbg !48
  %138 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 5, i32 13>, !dbg !48
  store <2 x half> %138, ptr addrspace(3) %137, align 4, !dbg !48
  %139 = xor i32 %124, 408, !dbg !48
  %140 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %139, !dbg !48
  %141 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 6, i32 14>, !dbg !48
  store <2 x half> %141, ptr addrspace(3) %140, align 4, !dbg !48
  %142 = getelementptr inbounds nuw i8, ptr addrspace(3) %140, i32 64, !dbg !48
  %143 = shufflevector <8 x half> %97, <8 x half> %101, <2 x i32> <i32 7, i32 15>, !dbg !48
  store <2 x half> %143, ptr addrspace(3) %142, align 4, !dbg !48
  %144 = icmp sgt i32 %67, 63, !dbg !40
  br i1 %144, label %.lr.ph, label %._crit_edge, !dbg !40

.lr.ph:                                           ; preds = %100
  %145 = shl i32 %4, 5, !dbg !49
  %146 = sext i32 %145 to i64
  %147 = shl nuw nsw i32 %27, 6
  %148 = lshr exact i32 %31, 2
  %149 = shl nuw nsw i32 %28, 4
  %150 = or disjoint i32 %147, %117
  %151 = xor i32 %150, %148
  %152 = or disjoint i32 %151, %149
  %153 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %152
  %154 = getelementptr inbounds nuw i8, ptr addrspace(3) %153, i32 4096
  %155 = xor i32 %152, 16
  %156 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %155
  %157 = getelementptr inbounds nuw i8, ptr addrspace(3) %156, i32 4096
  %158 = xor i32 %152, 32
  %159 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %158
  %160 = getelementptr inbounds nuw i8, ptr addrspace(3) %159, i32 4096
  %161 = xor i32 %152, 48
  %162 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %161
  %163 = getelementptr inbounds nuw i8, ptr addrspace(3) %162, i32 4096
  %164 = shl nuw nsw i32 %37, 6
  %165 = and i32 %24, 16
  %166 = icmp eq i32 %165, 0
  %167 = select i1 %166, i32 0, i32 1032
  %168 = select i1 %34, i32 0, i32 2064
  %169 = or disjoint i32 %164, %117
  %170 = xor i32 %169, %167
  %171 = xor i32 %170, %168
  %172 = xor i32 %171, %148
  %173 = xor i32 %172, 16
  %174 = xor i32 %172, 32
  %175 = xor i32 %172, 48
  %176 = xor i32 %172, 4128
  %177 = xor i32 %172, 4144
  %178 = xor i32 %172, 4096
  %179 = xor i32 %172, 4112
  %180 = tail call i32 @llvm.smax.i32(i32 %68, i32 2), !dbg !40
  %smax = add nsw i32 %180, -1, !dbg !40
  %181 = getelementptr i8, ptr addrspace(1) %65, i64 64, !dbg !50
  %182 = getelementptr i8, ptr addrspace(1) %66, i64 64, !dbg !50
  %183 = getelementptr half, ptr addrspace(1) %90, i64 %146, !dbg !51
  %184 = getelementptr half, ptr addrspace(1) %91, i64 %146, !dbg !51
  %185 = add nsw i32 %5, -32, !dbg !52
  %186 = icmp samesign ult i32 %63, %185, !dbg !41
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !42
  tail call void @llvm.amdgcn.s.barrier(), !dbg !42
  %187 = load <4 x half>, ptr addrspace(3) %153, align 8, !dbg !42
  %188 = load <4 x half>, ptr addrspace(3) %154, align 8, !dbg !42
  %189 = load <4 x half>, ptr addrspace(3) %156, align 8, !dbg !42
  %190 = load <4 x half>, ptr addrspace(3) %157, align 8, !dbg !42
  %191 = load <4 x half>, ptr addrspace(3) %159, align 8, !dbg !42
  %192 = load <4 x half>, ptr addrspace(3) %160, align 8, !dbg !42
  %193 = load <4 x half>, ptr addrspace(3) %162, align 8, !dbg !42
  %194 = load <4 x half>, ptr addrspace(3) %163, align 8, !dbg !42
  tail call void @llvm.amdgcn.s.setprio(i16 1), !dbg !40
  br i1 %186, label %195, label %197, !dbg !42

195:                                              ; preds = %.lr.ph
  %196 = load <8 x half>, ptr addrspace(1) %181, align 16, !dbg !42
  br label %197, !dbg !42

197:                                              ; preds = %195, %.lr.ph
  %198 = phi <8 x half> [ %196, %195 ], [ zeroinitializer, %.lr.ph ], !dbg !42
  br i1 %186, label %199, label %201, !dbg !42

199:                                              ; preds = %197
  %200 = load <8 x half>, ptr addrspace(1) %182, align 16, !dbg !42
  br label %201, !dbg !42

201:                                              ; preds = %199, %197
  %202 = phi <8 x half> [ %200, %199 ], [ zeroinitializer, %197 ], !dbg !42
  tail call void @llvm.amdgcn.sched.barrier(i32 0), !dbg !40
  %203 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %172, !dbg !48
  %204 = load <4 x half>, ptr addrspace(3) %203, align 8, !dbg !48
  %205 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %173, !dbg !48
  %206 = load <4 x half>, ptr addrspace(3) %205, align 8, !dbg !48
  %207 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %174, !dbg !48
  %208 = load <4 x half>, ptr addrspace(3) %207, align 8, !dbg !48
  %209 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %175, !dbg !48
  %210 = load <4 x half>, ptr addrspace(3) %209, align 8, !dbg !48
  %211 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %176, !dbg !48
  %212 = load <4 x half>, ptr addrspace(3) %211, align 8, !dbg !48
  %213 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %177, !dbg !48
  %214 = load <4 x half>, ptr addrspace(3) %213, align 8, !dbg !48
  %215 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %178, !dbg !48
  %216 = load <4 x half>, ptr addrspace(3) %215, align 8, !dbg !48
  %217 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %179, !dbg !48
  %218 = load <4 x half>, ptr addrspace(3) %217, align 8, !dbg !48
  tail call void @llvm.amdgcn.s.setprio(i16 0), !dbg !40
  %219 = icmp samesign ult i32 %81, %185, !dbg !47
  br i1 %219, label %220, label %222, !dbg !48

220:                                              ; preds = %201
  %221 = load <8 x half>, ptr addrspace(1) %183, align 16, !dbg !48
  br label %222, !dbg !48

222:                                              ; preds = %220, %201
  %223 = phi <8 x half> [ %221, %220 ], [ zeroinitializer, %201 ], !dbg !48
  br i1 %219, label %224, label %226, !dbg !48

224:                                              ; preds = %222
  %225 = load <8 x half>, ptr addrspace(1) %184, align 16, !dbg !48
  br label %226, !dbg !48

226:                                              ; preds = %224, %222
  %227 = phi <8 x half> [ %225, %224 ], [ zeroinitializer, %222 ], !dbg !48
  tail call void @llvm.amdgcn.sched.barrier(i32 1), !dbg !40
  %228 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %204, <4 x half> %187, <16 x float> zeroinitializer, i32 0, i32 0, i32 0), !dbg !53
  tail call void @llvm.amdgcn.s.setprio(i16 1), !dbg !40
  %229 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %206, <4 x half> %189, <16 x float> %228, i32 0, i32 0, i32 0), !dbg !53
  %230 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %208, <4 x half> %191, <16 x float> %229, i32 0, i32 0, i32 0), !dbg !53
  %231 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %210, <4 x half> %193, <16 x float> %230, i32 0, i32 0, i32 0), !dbg !53
  %232 = extractelement <16 x float> %231, i64 0, !dbg !53
  %233 = extractelement <16 x float> %231, i64 1, !dbg !53
  %234 = extractelement <16 x float> %231, i64 2, !dbg !53
  %235 = extractelement <16 x float> %231, i64 3, !dbg !53
  %236 = extractelement <16 x float> %231, i64 4, !dbg !53
  %237 = extractelement <16 x float> %231, i64 5, !dbg !53
  %238 = extractelement <16 x float> %231, i64 6, !dbg !53
  %239 = extractelement <16 x float> %231, i64 7, !dbg !53
  %240 = extractelement <16 x float> %231, i64 8, !dbg !53
  %241 = extractelement <16 x float> %231, i64 9, !dbg !53
  %242 = extractelement <16 x float> %231, i64 10, !dbg !53
  %243 = extractelement <16 x float> %231, i64 11, !dbg !53
  %244 = extractelement <16 x float> %231, i64 12, !dbg !53
  %245 = extractelement <16 x float> %231, i64 13, !dbg !53
  %246 = extractelement <16 x float> %231, i64 14, !dbg !53
  %247 = extractelement <16 x float> %231, i64 15, !dbg !53
  %248 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %212, <4 x half> %187, <16 x float> zeroinitializer, i32 0, i32 0, i32 0), !dbg !53
  %249 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %214, <4 x half> %189, <16 x float> %248, i32 0, i32 0, i32 0), !dbg !53
  %250 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %216, <4 x half> %191, <16 x float> %249, i32 0, i32 0, i32 0), !dbg !53
  %251 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %218, <4 x half> %193, <16 x float> %250, i32 0, i32 0, i32 0), !dbg !53
  %252 = extractelement <16 x float> %251, i64 0, !dbg !53
  %253 = extractelement <16 x float> %251, i64 1, !dbg !53
  %254 = extractelement <16 x float> %251, i64 2, !dbg !53
  %255 = extractelement <16 x float> %251, i64 3, !dbg !53
  %256 = extractelement <16 x float> %251, i64 4, !dbg !53
  %257 = extractelement <16 x float> %251, i64 5, !dbg !53
  %258 = extractelement <16 x float> %251, i64 6, !dbg !53
  %259 = extractelement <16 x float> %251, i64 7, !dbg !53
  %260 = extractelement <16 x float> %251, i64 8, !dbg !53
  %261 = extractelement <16 x float> %251, i64 9, !dbg !53
  %262 = extractelement <16 x float> %251, i64 10, !dbg !53
  %263 = extractelement <16 x float> %251, i64 11, !dbg !53
  %264 = extractelement <16 x float> %251, i64 12, !dbg !53
  %265 = extractelement <16 x float> %251, i64 13, !dbg !53
  %266 = extractelement <16 x float> %251, i64 14, !dbg !53
  %267 = extractelement <16 x float> %251, i64 15, !dbg !53
  %268 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %204, <4 x half> %188, <16 x float> zeroinitializer, i32 0, i32 0, i32 0), !dbg !53
  %269 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %206, <4 x half> %190, <16 x float> %268, i32 0, i32 0, i32 0), !dbg !53
  %270 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %208, <4 x half> %192, <16 x float> %269, i32 0, i32 0, i32 0), !dbg !53
  %271 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %210, <4 x half> %194, <16 x float> %270, i32 0, i32 0, i32 0), !dbg !53
  %272 = extractelement <16 x float> %271, i64 0, !dbg !53
  %273 = extractelement <16 x float> %271, i64 1, !dbg !53
  %274 = extractelement <16 x float> %271, i64 2, !dbg !53
  %275 = extractelement <16 x float> %271, i64 3, !dbg !53
  %276 = extractelement <16 x float> %271, i64 4, !dbg !53
  %277 = extractelement <16 x float> %271, i64 5, !dbg !53
  %278 = extractelement <16 x float> %271, i64 6, !dbg !53
  %279 = extractelement <16 x float> %271, i64 7, !dbg !53
  %280 = extractelement <16 x float> %271, i64 8, !dbg !53
  %281 = extractelement <16 x float> %271, i64 9, !dbg !53
  %282 = extractelement <16 x float> %271, i64 10, !dbg !53
  %283 = extractelement <16 x float> %271, i64 11, !dbg !53
  %284 = extractelement <16 x float> %271, i64 12, !dbg !53
  %285 = extractelement <16 x float> %271, i64 13, !dbg !53
  %286 = extractelement <16 x float> %271, i64 14, !dbg !53
  %287 = extractelement <16 x float> %271, i64 15, !dbg !53
  %288 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %212, <4 x half> %188, <16 x float> zeroinitializer, i32 0, i32 0, i32 0), !dbg !53
  %289 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %214, <4 x half> %190, <16 x float> %288, i32 0, i32 0, i32 0), !dbg !53
  %290 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %216, <4 x half> %192, <16 x float> %289, i32 0, i32 0, i32 0), !dbg !53
  %291 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %218, <4 x half> %194, <16 x float> %290, i32 0, i32 0, i32 0), !dbg !53
  %292 = extractelement <16 x float> %291, i64 0, !dbg !53
  %293 = extractelement <16 x float> %291, i64 1, !dbg !53
  %294 = extractelement <16 x float> %291, i64 2, !dbg !53
  %295 = extractelement <16 x float> %291, i64 3, !dbg !53
  %296 = extractelement <16 x float> %291, i64 4, !dbg !53
  %297 = extractelement <16 x float> %291, i64 5, !dbg !53
  %298 = extractelement <16 x float> %291, i64 6, !dbg !53
  %299 = extractelement <16 x float> %291, i64 7, !dbg !53
  %300 = extractelement <16 x float> %291, i64 8, !dbg !53
  %301 = extractelement <16 x float> %291, i64 9, !dbg !53
  %302 = extractelement <16 x float> %291, i64 10, !dbg !53
  %303 = extractelement <16 x float> %291, i64 11, !dbg !53
  %304 = extractelement <16 x float> %291, i64 12, !dbg !53
  %305 = extractelement <16 x float> %291, i64 13, !dbg !53
  %306 = extractelement <16 x float> %291, i64 14, !dbg !53
  %307 = extractelement <16 x float> %291, i64 15, !dbg !53
  tail call void @llvm.amdgcn.s.setprio(i16 0), !dbg !40
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !42
  tail call void @llvm.amdgcn.s.barrier(), !dbg !42
  %308 = shufflevector <8 x half> %198, <8 x half> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !42
  store <4 x half> %308, ptr addrspace(3) %106, align 8, !dbg !42
  %309 = shufflevector <8 x half> %202, <8 x half> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !42
  store <4 x half> %309, ptr addrspace(3) %108, align 8, !dbg !42
  %310 = shufflevector <8 x half> %198, <8 x half> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !dbg !42
  store <4 x half> %310, ptr addrspace(3) %111, align 8, !dbg !42
  %311 = shufflevector <8 x half> %202, <8 x half> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !dbg !42
  store <4 x half> %311, ptr addrspace(3) %113, align 8, !dbg !42
  %312 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 0, i32 8>, !dbg !48
  store <2 x half> %312, ptr addrspace(3) %125, align 4, !dbg !48
  %313 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 1, i32 9>, !dbg !48
  store <2 x half> %313, ptr addrspace(3) %127, align 4, !dbg !48
  %314 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 2, i32 10>, !dbg !48
  store <2 x half> %314, ptr addrspace(3) %130, align 4, !dbg !48
  %315 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 3, i32 11>, !dbg !48
  store <2 x half> %315, ptr addrspace(3) %132, align 4, !dbg !48
  %316 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 4, i32 12>, !dbg !48
  store <2 x half> %316, ptr addrspace(3) %135, align 4, !dbg !48
  %317 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 5, i32 13>, !dbg !48
  store <2 x half> %317, ptr addrspace(3) %137, align 4, !dbg !48
  %318 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 6, i32 14>, !dbg !48
  store <2 x half> %318, ptr addrspace(3) %140, align 4, !dbg !48
  %319 = shufflevector <8 x half> %223, <8 x half> %227, <2 x i32> <i32 7, i32 15>, !dbg !48
  store <2 x half> %319, ptr addrspace(3) %142, align 4, !dbg !48
  %exitcond.peel.not = icmp eq i32 %smax, 1, !dbg !40
  br i1 %exitcond.peel.not, label %._crit_edge, label %.peel.next, !dbg !40

.peel.next:                                       ; preds = %226
  %320 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %172
  %321 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %173
  %322 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %174
  %323 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %175
  %324 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %176
  %325 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %177
  %326 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %178
  %327 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %179
  br label %328, !dbg !40

328:                                              ; preds = %.peel.next, %433
  %.pn6182 = phi ptr addrspace(1) [ %184, %.peel.next ], [ %397, %433 ]
  %.pn7781 = phi ptr addrspace(1) [ %183, %.peel.next ], [ %396, %433 ]
  %.pn2980 = phi ptr addrspace(1) [ %182, %.peel.next ], [ %395, %433 ]
  %.pn4579 = phi ptr addrspace(1) [ %181, %.peel.next ], [ %394, %433 ]
  %329 = phi float [ %232, %.peel.next ], [ %455, %433 ]
  %330 = phi float [ %233, %.peel.next ], [ %456, %433 ]
  %331 = phi float [ %234, %.peel.next ], [ %457, %433 ]
  %332 = phi float [ %235, %.peel.next ], [ %458, %433 ]
  %333 = phi float [ %236, %.peel.next ], [ %459, %433 ]
  %334 = phi float [ %237, %.peel.next ], [ %460, %433 ]
  %335 = phi float [ %238, %.peel.next ], [ %461, %433 ]
  %336 = phi float [ %239, %.peel.next ], [ %462, %433 ]
  %337 = phi float [ %240, %.peel.next ], [ %463, %433 ]
  %338 = phi float [ %241, %.peel.next ], [ %464, %433 ]
  %339 = phi float [ %242, %.peel.next ], [ %465, %433 ]
  %340 = phi float [ %243, %.peel.next ], [ %466, %433 ]
  %341 = phi float [ %244, %.peel.next ], [ %467, %433 ]
  %342 = phi float [ %245, %.peel.next ], [ %468, %433 ]
  %343 = phi float [ %246, %.peel.next ], [ %469, %433 ]
  %344 = phi float [ %247, %.peel.next ], [ %470, %433 ]
  %345 = phi float [ %252, %.peel.next ], [ %491, %433 ]
  %346 = phi float [ %253, %.peel.next ], [ %492, %433 ]
  %347 = phi float [ %254, %.peel.next ], [ %493, %433 ]
  %348 = phi float [ %255, %.peel.next ], [ %494, %433 ]
  %349 = phi float [ %256, %.peel.next ], [ %495, %433 ]
  %350 = phi float [ %257, %.peel.next ], [ %496, %433 ]
  %351 = phi float [ %258, %.peel.next ], [ %497, %433 ]
  %352 = phi float [ %259, %.peel.next ], [ %498, %433 ]
  %353 = phi float [ %260, %.peel.next ], [ %499, %433 ]
  %354 = phi float [ %261, %.peel.next ], [ %500, %433 ]
  %355 = phi float [ %262, %.peel.next ], [ %501, %433 ]
  %356 = phi float [ %263, %.peel.next ], [ %502, %433 ]
  %357 = phi float [ %264, %.peel.next ], [ %503, %433 ]
  %358 = phi float [ %265, %.peel.next ], [ %504, %433 ]
  %359 = phi float [ %266, %.peel.next ], [ %505, %433 ]
  %360 = phi float [ %267, %.peel.next ], [ %506, %433 ]
  %361 = phi float [ %272, %.peel.next ], [ %527, %433 ]
  %362 = phi float [ %273, %.peel.next ], [ %528, %433 ]
  %363 = phi float [ %274, %.peel.next ], [ %529, %433 ]
  %364 = phi float [ %275, %.peel.next ], [ %530, %433 ]
  %365 = phi float [ %276, %.peel.next ], [ %531, %433 ]
  %366 = phi float [ %277, %.peel.next ], [ %532, %433 ]
  %367 = phi float [ %278, %.peel.next ], [ %533, %433 ]
  %368 = phi float [ %279, %.peel.next ], [ %534, %433 ]
  %369 = phi float [ %280, %.peel.next ], [ %535, %433 ]
  %370 = phi float [ %281, %.peel.next ], [ %536, %433 ]
  %371 = phi float [ %282, %.peel.next ], [ %537, %433 ]
  %372 = phi float [ %283, %.peel.next ], [ %538, %433 ]
  %373 = phi float [ %284, %.peel.next ], [ %539, %433 ]
  %374 = phi float [ %285, %.peel.next ], [ %540, %433 ]
  %375 = phi float [ %286, %.peel.next ], [ %541, %433 ]
  %376 = phi float [ %287, %.peel.next ], [ %542, %433 ]
  %377 = phi float [ %292, %.peel.next ], [ %563, %433 ]
  %378 = phi float [ %293, %.peel.next ], [ %564, %433 ]
  %379 = phi float [ %294, %.peel.next ], [ %565, %433 ]
  %380 = phi float [ %295, %.peel.next ], [ %566, %433 ]
  %381 = phi float [ %296, %.peel.next ], [ %567, %433 ]
  %382 = phi float [ %297, %.peel.next ], [ %568, %433 ]
  %383 = phi float [ %298, %.peel.next ], [ %569, %433 ]
  %384 = phi float [ %299, %.peel.next ], [ %570, %433 ]
  %385 = phi float [ %300, %.peel.next ], [ %571, %433 ]
  %386 = phi float [ %301, %.peel.next ], [ %572, %433 ]
  %387 = phi float [ %302, %.peel.next ], [ %573, %433 ]
  %388 = phi float [ %303, %.peel.next ], [ %574, %433 ]
  %389 = phi float [ %304, %.peel.next ], [ %575, %433 ]
  %390 = phi float [ %305, %.peel.next ], [ %576, %433 ]
  %391 = phi float [ %306, %.peel.next ], [ %577, %433 ]
  %392 = phi float [ %307, %.peel.next ], [ %578, %433 ]
  %393 = phi i32 [ 1, %.peel.next ], [ %398, %433 ]
  %394 = getelementptr i8, ptr addrspace(1) %.pn4579, i64 64, !dbg !50
  %395 = getelementptr i8, ptr addrspace(1) %.pn2980, i64 64, !dbg !50
  %396 = getelementptr half, ptr addrspace(1) %.pn7781, i64 %146, !dbg !51
  %397 = getelementptr half, ptr addrspace(1) %.pn6182, i64 %146, !dbg !51
  %398 = add nuw nsw i32 %393, 1, !dbg !40
  %399 = shl i32 %398, 5, !dbg !54
  %400 = sub i32 %5, %399, !dbg !52
  %401 = icmp slt i32 %63, %400, !dbg !41
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !42
  tail call void @llvm.amdgcn.s.barrier(), !dbg !42
  %402 = load <4 x half>, ptr addrspace(3) %153, align 8, !dbg !42
  %403 = load <4 x half>, ptr addrspace(3) %154, align 8, !dbg !42
  %404 = load <4 x half>, ptr addrspace(3) %156, align 8, !dbg !42
  %405 = load <4 x half>, ptr addrspace(3) %157, align 8, !dbg !42
  %406 = load <4 x half>, ptr addrspace(3) %159, align 8, !dbg !42
  %407 = load <4 x half>, ptr addrspace(3) %160, align 8, !dbg !42
  %408 = load <4 x half>, ptr addrspace(3) %162, align 8, !dbg !42
  %409 = load <4 x half>, ptr addrspace(3) %163, align 8, !dbg !42
  tail call void @llvm.amdgcn.s.setprio(i16 1), !dbg !40
  br i1 %401, label %410, label %412, !dbg !42

410:                                              ; preds = %328
  %411 = load <8 x half>, ptr addrspace(1) %394, align 16, !dbg !42
  br label %412, !dbg !42

412:                                              ; preds = %410, %328
  %413 = phi <8 x half> [ %411, %410 ], [ zeroinitializer, %328 ], !dbg !42
  br i1 %401, label %414, label %416, !dbg !42

414:                                              ; preds = %412
  %415 = load <8 x half>, ptr addrspace(1) %395, align 16, !dbg !42
  br label %416, !dbg !42

416:                                              ; preds = %414, %412
  %417 = phi <8 x half> [ %415, %414 ], [ zeroinitializer, %412 ], !dbg !42
  tail call void @llvm.amdgcn.sched.barrier(i32 0), !dbg !40
  %418 = load <4 x half>, ptr addrspace(3) %320, align 8, !dbg !48
  %419 = load <4 x half>, ptr addrspace(3) %321, align 8, !dbg !48
  %420 = load <4 x half>, ptr addrspace(3) %322, align 8, !dbg !48
  %421 = load <4 x half>, ptr addrspace(3) %323, align 8, !dbg !48
  %422 = load <4 x half>, ptr addrspace(3) %324, align 8, !dbg !48
  %423 = load <4 x half>, ptr addrspace(3) %325, align 8, !dbg !48
  %424 = load <4 x half>, ptr addrspace(3) %326, align 8, !dbg !48
  %425 = load <4 x half>, ptr addrspace(3) %327, align 8, !dbg !48
  tail call void @llvm.amdgcn.s.setprio(i16 0), !dbg !40
  %426 = icmp slt i32 %81, %400, !dbg !47
  br i1 %426, label %427, label %429, !dbg !48

427:                                              ; preds = %416
  %428 = load <8 x half>, ptr addrspace(1) %396, align 16, !dbg !48
  br label %429, !dbg !48

429:                                              ; preds = %427, %416
  %430 = phi <8 x half> [ %428, %427 ], [ zeroinitializer, %416 ], !dbg !48
  br i1 %426, label %431, label %433, !dbg !48

431:                                              ; preds = %429
  %432 = load <8 x half>, ptr addrspace(1) %397, align 16, !dbg !48
  br label %433, !dbg !48

433:                                              ; preds = %431, %429
  %434 = phi <8 x half> [ %432, %431 ], [ zeroinitializer, %429 ], !dbg !48
  tail call void @llvm.amdgcn.sched.barrier(i32 1), !dbg !40
  %435 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %329, i64 0, !dbg !53
  %436 = insertelement <16 x float> %435, float %330, i64 1, !dbg !53
  %437 = insertelement <16 x float> %436, float %331, i64 2, !dbg !53
  %438 = insertelement <16 x float> %437, float %332, i64 3, !dbg !53
  %439 = insertelement <16 x float> %438, float %333, i64 4, !dbg !53
  %440 = insertelement <16 x float> %439, float %334, i64 5, !dbg !53
  %441 = insertelement <16 x float> %440, float %335, i64 6, !dbg !53
  %442 = insertelement <16 x float> %441, float %336, i64 7, !dbg !53
  %443 = insertelement <16 x float> %442, float %337, i64 8, !dbg !53
  %444 = insertelement <16 x float> %443, float %338, i64 9, !dbg !53
  %445 = insertelement <16 x float> %444, float %339, i64 10, !dbg !53
  %446 = insertelement <16 x float> %445, float %340, i64 11, !dbg !53
  %447 = insertelement <16 x float> %446, float %341, i64 12, !dbg !53
  %448 = insertelement <16 x float> %447, float %342, i64 13, !dbg !53
  %449 = insertelement <16 x float> %448, float %343, i64 14, !dbg !53
  %450 = insertelement <16 x float> %449, float %344, i64 15, !dbg !53
  %451 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %418, <4 x half> %402, <16 x float> %450, i32 0, i32 0, i32 0), !dbg !53
  tail call void @llvm.amdgcn.s.setprio(i16 1), !dbg !40
  %452 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %419, <4 x half> %404, <16 x float> %451, i32 0, i32 0, i32 0), !dbg !53
  %453 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %420, <4 x half> %406, <16 x float> %452, i32 0, i32 0, i32 0), !dbg !53
  %454 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %421, <4 x half> %408, <16 x float> %453, i32 0, i32 0, i32 0), !dbg !53
  %455 = extractelement <16 x float> %454, i64 0, !dbg !53
  %456 = extractelement <16 x float> %454, i64 1, !dbg !53
  %457 = extractelement <16 x float> %454, i64 2, !dbg !53
  %458 = extractelement <16 x float> %454, i64 3, !dbg !53
  %459 = extractelement <16 x float> %454, i64 4, !dbg !53
  %460 = extractelement <16 x float> %454, i64 5, !dbg !53
  %461 = extractelement <16 x float> %454, i64 6, !dbg !53
  %462 = extractelement <16 x float> %454, i64 7, !dbg !53
  %463 = extractelement <16 x float> %454, i64 8, !dbg !53
  %464 = extractelement <16 x float> %454, i64 9, !dbg !53
  %465 = extractelement <16 x float> %454, i64 10, !dbg !53
  %466 = extractelement <16 x float> %454, i64 11, !dbg !53
  %467 = extractelement <16 x float> %454, i64 12, !dbg !53
  %468 = extractelement <16 x float> %454, i64 13, !dbg !53
  %469 = extractelement <16 x float> %454, i64 14, !dbg !53
  %470 = extractelement <16 x float> %454, i64 15, !dbg !53
  %471 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %345, i64 0, !dbg !53
  %472 = insertelement <16 x float> %471, float %346, i64 1, !dbg !53
  %473 = insertelement <16 x float> %472, float %347, i64 2, !dbg !53
  %474 = insertelement <16 x float> %473, float %348, i64 3, !dbg !53
  %475 = insertelement <16 x float> %474, float %349, i64 4, !dbg !53
  %476 = insertelement <16 x float> %475, float %350, i64 5, !dbg !53
  %477 = insertelement <16 x float> %476, float %351, i64 6, !dbg !53
  %478 = insertelement <16 x float> %477, float %352, i64 7, !dbg !53
  %479 = insertelement <16 x float> %478, float %353, i64 8, !dbg !53
  %480 = insertelement <16 x float> %479, float %354, i64 9, !dbg !53
  %481 = insertelement <16 x float> %480, float %355, i64 10, !dbg !53
  %482 = insertelement <16 x float> %481, float %356, i64 11, !dbg !53
  %483 = insertelement <16 x float> %482, float %357, i64 12, !dbg !53
  %484 = insertelement <16 x float> %483, float %358, i64 13, !dbg !53
  %485 = insertelement <16 x float> %484, float %359, i64 14, !dbg !53
  %486 = insertelement <16 x float> %485, float %360, i64 15, !dbg !53
  %487 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %422, <4 x half> %402, <16 x float> %486, i32 0, i32 0, i32 0), !dbg !53
  %488 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %423, <4 x half> %404, <16 x float> %487, i32 0, i32 0, i32 0), !dbg !53
  %489 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %424, <4 x half> %406, <16 x float> %488, i32 0, i32 0, i32 0), !dbg !53
  %490 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %425, <4 x half> %408, <16 x float> %489, i32 0, i32 0, i32 0), !dbg !53
  %491 = extractelement <16 x float> %490, i64 0, !dbg !53
  %492 = extractelement <16 x float> %490, i64 1, !dbg !53
  %493 = extractelement <16 x float> %490, i64 2, !dbg !53
  %494 = extractelement <16 x float> %490, i64 3, !dbg !53
  %495 = extractelement <16 x float> %490, i64 4, !dbg !53
  %496 = extractelement <16 x float> %490, i64 5, !dbg !53
  %497 = extractelement <16 x float> %490, i64 6, !dbg !53
  %498 = extractelement <16 x float> %490, i64 7, !dbg !53
  %499 = extractelement <16 x float> %490, i64 8, !dbg !53
  %500 = extractelement <16 x float> %490, i64 9, !dbg !53
  %501 = extractelement <16 x float> %490, i64 10, !dbg !53
  %502 = extractelement <16 x float> %490, i64 11, !dbg !53
  %503 = extractelement <16 x float> %490, i64 12, !dbg !53
  %504 = extractelement <16 x float> %490, i64 13, !dbg !53
  %505 = extractelement <16 x float> %490, i64 14, !dbg !53
  %506 = extractelement <16 x float> %490, i64 15, !dbg !53
  %507 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %361, i64 0, !dbg !53
  %508 = insertelement <16 x float> %507, float %362, i64 1, !dbg !53
  %509 = insertelement <16 x float> %508, float %363, i64 2, !dbg !53
  %510 = insertelement <16 x float> %509, float %364, i64 3, !dbg !53
  %511 = insertelement <16 x float> %510, float %365, i64 4, !dbg !53
  %512 = insertelement <16 x float> %511, float %366, i64 5, !dbg !53
  %513 = insertelement <16 x float> %512, float %367, i64 6, !dbg !53
  %514 = insertelement <16 x float> %513, float %368, i64 7, !dbg !53
  %515 = insertelement <16 x float> %514, float %369, i64 8, !dbg !53
  %516 = insertelement <16 x float> %515, float %370, i64 9, !dbg !53
  %517 = insertelement <16 x float> %516, float %371, i64 10, !dbg !53
  %518 = insertelement <16 x float> %517, float %372, i64 11, !dbg !53
  %519 = insertelement <16 x float> %518, float %373, i64 12, !dbg !53
  %520 = insertelement <16 x float> %519, float %374, i64 13, !dbg !53
  %521 = insertelement <16 x float> %520, float %375, i64 14, !dbg !53
  %522 = insertelement <16 x float> %521, float %376, i64 15, !dbg !53
  %523 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %418, <4 x half> %403, <16 x float> %522, i32 0, i32 0, i32 0), !dbg !53
  %524 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %419, <4 x half> %405, <16 x float> %523, i32 0, i32 0, i32 0), !dbg !53
  %525 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %420, <4 x half> %407, <16 x float> %524, i32 0, i32 0, i32 0), !dbg !53
  %526 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %421, <4 x half> %409, <16 x float> %525, i32 0, i32 0, i32 0), !dbg !53
  %527 = extractelement <16 x float> %526, i64 0, !dbg !53
  %528 = extractelement <16 x float> %526, i64 1, !dbg !53
  %529 = extractelement <16 x float> %526, i64 2, !dbg !53
  %530 = extractelement <16 x float> %526, i64 3, !dbg !53
  %531 = extractelement <16 x float> %526, i64 4, !dbg !53
  %532 = extractelement <16 x float> %526, i64 5, !dbg !53
  %533 = extractelement <16 x float> %526, i64 6, !dbg !53
  %534 = extractelement <16 x float> %526, i64 7, !dbg !53
  %535 = extractelement <16 x float> %526, i64 8, !dbg !53
  %536 = extractelement <16 x float> %526, i64 9, !dbg !53
  %537 = extractelement <16 x float> %526, i64 10, !dbg !53
  %538 = extractelement <16 x float> %526, i64 11, !dbg !53
  %539 = extractelement <16 x float> %526, i64 12, !dbg !53
  %540 = extractelement <16 x float> %526, i64 13, !dbg !53
  %541 = extractelement <16 x float> %526, i64 14, !dbg !53
  %542 = extractelement <16 x float> %526, i64 15, !dbg !53
  %543 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %377, i64 0, !dbg !53
  %544 = insertelement <16 x float> %543, float %378, i64 1, !dbg !53
  %545 = insertelement <16 x float> %544, float %379, i64 2, !dbg !53
  %546 = insertelement <16 x float> %545, float %380, i64 3, !dbg !53
  %547 = insertelement <16 x float> %546, float %381, i64 4, !dbg !53
  %548 = insertelement <16 x float> %547, float %382, i64 5, !dbg !53
  %549 = insertelement <16 x float> %548, float %383, i64 6, !dbg !53
  %550 = insertelement <16 x float> %549, float %384, i64 7, !dbg !53
  %551 = insertelement <16 x float> %550, float %385, i64 8, !dbg !53
  %552 = insertelement <16 x float> %551, float %386, i64 9, !dbg !53
  %553 = insertelement <16 x float> %552, float %387, i64 10, !dbg !53
  %554 = insertelement <16 x float> %553, float %388, i64 11, !dbg !53
  %555 = insertelement <16 x float> %554, float %389, i64 12, !dbg !53
  %556 = insertelement <16 x float> %555, float %390, i64 13, !dbg !53
  %557 = insertelement <16 x float> %556, float %391, i64 14, !dbg !53
  %558 = insertelement <16 x float> %557, float %392, i64 15, !dbg !53
  %559 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %422, <4 x half> %403, <16 x float> %558, i32 0, i32 0, i32 0), !dbg !53
  %560 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %423, <4 x half> %405, <16 x float> %559, i32 0, i32 0, i32 0), !dbg !53
  %561 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %424, <4 x half> %407, <16 x float> %560, i32 0, i32 0, i32 0), !dbg !53
  %562 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %425, <4 x half> %409, <16 x float> %561, i32 0, i32 0, i32 0), !dbg !53
  %563 = extractelement <16 x float> %562, i64 0, !dbg !53
  %564 = extractelement <16 x float> %562, i64 1, !dbg !53
  %565 = extractelement <16 x float> %562, i64 2, !dbg !53
  %566 = extractelement <16 x float> %562, i64 3, !dbg !53
  %567 = extractelement <16 x float> %562, i64 4, !dbg !53
  %568 = extractelement <16 x float> %562, i64 5, !dbg !53
  %569 = extractelement <16 x float> %562, i64 6, !dbg !53
  %570 = extractelement <16 x float> %562, i64 7, !dbg !53
  %571 = extractelement <16 x float> %562, i64 8, !dbg !53
  %572 = extractelement <16 x float> %562, i64 9, !dbg !53
  %573 = extractelement <16 x float> %562, i64 10, !dbg !53
  %574 = extractelement <16 x float> %562, i64 11, !dbg !53
  %575 = extractelement <16 x float> %562, i64 12, !dbg !53
  %576 = extractelement <16 x float> %562, i64 13, !dbg !53
  %577 = extractelement <16 x float> %562, i64 14, !dbg !53
  %578 = extractelement <16 x float> %562, i64 15, !dbg !53
  tail call void @llvm.amdgcn.s.setprio(i16 0), !dbg !40
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !42
  tail call void @llvm.amdgcn.s.barrier(), !dbg !42
  %579 = shufflevector <8 x half> %413, <8 x half> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !42
  store <4 x half> %579, ptr addrspace(3) %106, align 8, !dbg !42
  %580 = shufflevector <8 x half> %417, <8 x half> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>, !dbg !42
  store <4 x half> %580, ptr addrspace(3) %108, align 8, !dbg !42
  %581 = shufflevector <8 x half> %413, <8 x half> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !dbg !42
  store <4 x half> %581, ptr addrspace(3) %111, align 8, !dbg !42
  %582 = shufflevector <8 x half> %417, <8 x half> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !dbg !42
  store <4 x half> %582, ptr addrspace(3) %113, align 8, !dbg !42
  %583 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 0, i32 8>, !dbg !48
  store <2 x half> %583, ptr addrspace(3) %125, align 4, !dbg !48
  %584 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 1, i32 9>, !dbg !48
  store <2 x half> %584, ptr addrspace(3) %127, align 4, !dbg !48
  %585 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 2, i32 10>, !dbg !48
  store <2 x half> %585, ptr addrspace(3) %130, align 4, !dbg !48
  %586 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 3, i32 11>, !dbg !48
  store <2 x half> %586, ptr addrspace(3) %132, align 4, !dbg !48
  %587 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 4, i32 12>, !dbg !48
  store <2 x half> %587, ptr addrspace(3) %135, align 4, !dbg !48
  %588 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 5, i32 13>, !dbg !48
  store <2 x half> %588, ptr addrspace(3) %137, align 4, !dbg !48
  %589 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 6, i32 14>, !dbg !48
  store <2 x half> %589, ptr addrspace(3) %140, align 4, !dbg !48
  %590 = shufflevector <8 x half> %430, <8 x half> %434, <2 x i32> <i32 7, i32 15>, !dbg !48
  store <2 x half> %590, ptr addrspace(3) %142, align 4, !dbg !48
  %exitcond.not = icmp eq i32 %398, %smax, !dbg !40
  br i1 %exitcond.not, label %._crit_edge, label %328, !dbg !40, !llvm.loop !55

._crit_edge:                                      ; preds = %433, %226, %100
  %591 = phi float [ 0.000000e+00, %100 ], [ %232, %226 ], [ %455, %433 ], !dbg !57
  %592 = phi float [ 0.000000e+00, %100 ], [ %233, %226 ], [ %456, %433 ], !dbg !57
  %593 = phi float [ 0.000000e+00, %100 ], [ %234, %226 ], [ %457, %433 ], !dbg !57
  %594 = phi float [ 0.000000e+00, %100 ], [ %235, %226 ], [ %458, %433 ], !dbg !57
  %595 = phi float [ 0.000000e+00, %100 ], [ %236, %226 ], [ %459, %433 ], !dbg !57
  %596 = phi float [ 0.000000e+00, %100 ], [ %237, %226 ], [ %460, %433 ], !dbg !57
  %597 = phi float [ 0.000000e+00, %100 ], [ %238, %226 ], [ %461, %433 ], !dbg !57
  %598 = phi float [ 0.000000e+00, %100 ], [ %239, %226 ], [ %462, %433 ], !dbg !57
  %599 = phi float [ 0.000000e+00, %100 ], [ %240, %226 ], [ %463, %433 ], !dbg !57
  %600 = phi float [ 0.000000e+00, %100 ], [ %241, %226 ], [ %464, %433 ], !dbg !57
  %601 = phi float [ 0.000000e+00, %100 ], [ %242, %226 ], [ %465, %433 ], !dbg !57
  %602 = phi float [ 0.000000e+00, %100 ], [ %243, %226 ], [ %466, %433 ], !dbg !57
  %603 = phi float [ 0.000000e+00, %100 ], [ %244, %226 ], [ %467, %433 ], !dbg !57
  %604 = phi float [ 0.000000e+00, %100 ], [ %245, %226 ], [ %468, %433 ], !dbg !57
  %605 = phi float [ 0.000000e+00, %100 ], [ %246, %226 ], [ %469, %433 ], !dbg !57
  %606 = phi float [ 0.000000e+00, %100 ], [ %247, %226 ], [ %470, %433 ], !dbg !57
  %607 = phi float [ 0.000000e+00, %100 ], [ %252, %226 ], [ %491, %433 ], !dbg !57
  %608 = phi float [ 0.000000e+00, %100 ], [ %253, %226 ], [ %492, %433 ], !dbg !57
  %609 = phi float [ 0.000000e+00, %100 ], [ %254, %226 ], [ %493, %433 ], !dbg !57
  %610 = phi float [ 0.000000e+00, %100 ], [ %255, %226 ], [ %494, %433 ], !dbg !57
  %611 = phi float [ 0.000000e+00, %100 ], [ %256, %226 ], [ %495, %433 ], !dbg !57
  %612 = phi float [ 0.000000e+00, %100 ], [ %257, %226 ], [ %496, %433 ], !dbg !57
  %613 = phi float [ 0.000000e+00, %100 ], [ %258, %226 ], [ %497, %433 ], !dbg !57
  %614 = phi float [ 0.000000e+00, %100 ], [ %259, %226 ], [ %498, %433 ], !dbg !57
  %615 = phi float [ 0.000000e+00, %100 ], [ %260, %226 ], [ %499, %433 ], !dbg !57
  %616 = phi float [ 0.000000e+00, %100 ], [ %261, %226 ], [ %500, %433 ], !dbg !57
  %617 = phi float [ 0.000000e+00, %100 ], [ %262, %226 ], [ %501, %433 ], !dbg !57
  %618 = phi float [ 0.000000e+00, %100 ], [ %263, %226 ], [ %502, %433 ], !dbg !57
  %619 = phi float [ 0.000000e+00, %100 ], [ %264, %226 ], [ %503, %433 ], !dbg !57
  %620 = phi float [ 0.000000e+00, %100 ], [ %265, %226 ], [ %504, %433 ], !dbg !57
  %621 = phi float [ 0.000000e+00, %100 ], [ %266, %226 ], [ %505, %433 ], !dbg !57
  %622 = phi float [ 0.000000e+00, %100 ], [ %267, %226 ], [ %506, %433 ], !dbg !57
  %623 = phi float [ 0.000000e+00, %100 ], [ %272, %226 ], [ %527, %433 ], !dbg !57
  %624 = phi float [ 0.000000e+00, %100 ], [ %273, %226 ], [ %528, %433 ], !dbg !57
  %625 = phi float [ 0.000000e+00, %100 ], [ %274, %226 ], [ %529, %433 ], !dbg !57
  %626 = phi float [ 0.000000e+00, %100 ], [ %275, %226 ], [ %530, %433 ], !dbg !57
  %627 = phi float [ 0.000000e+00, %100 ], [ %276, %226 ], [ %531, %433 ], !dbg !57
  %628 = phi float [ 0.000000e+00, %100 ], [ %277, %226 ], [ %532, %433 ], !dbg !57
  %629 = phi float [ 0.000000e+00, %100 ], [ %278, %226 ], [ %533, %433 ], !dbg !57
  %630 = phi float [ 0.000000e+00, %100 ], [ %279, %226 ], [ %534, %433 ], !dbg !57
  %631 = phi float [ 0.000000e+00, %100 ], [ %280, %226 ], [ %535, %433 ], !dbg !57
  %632 = phi float [ 0.000000e+00, %100 ], [ %281, %226 ], [ %536, %433 ], !dbg !57
  %633 = phi float [ 0.000000e+00, %100 ], [ %282, %226 ], [ %537, %433 ], !dbg !57
  %634 = phi float [ 0.000000e+00, %100 ], [ %283, %226 ], [ %538, %433 ], !dbg !57
  %635 = phi float [ 0.000000e+00, %100 ], [ %284, %226 ], [ %539, %433 ], !dbg !57
  %636 = phi float [ 0.000000e+00, %100 ], [ %285, %226 ], [ %540, %433 ], !dbg !57
  %637 = phi float [ 0.000000e+00, %100 ], [ %286, %226 ], [ %541, %433 ], !dbg !57
  %638 = phi float [ 0.000000e+00, %100 ], [ %287, %226 ], [ %542, %433 ], !dbg !57
  %639 = phi float [ 0.000000e+00, %100 ], [ %292, %226 ], [ %563, %433 ], !dbg !57
  %640 = phi float [ 0.000000e+00, %100 ], [ %293, %226 ], [ %564, %433 ], !dbg !57
  %641 = phi float [ 0.000000e+00, %100 ], [ %294, %226 ], [ %565, %433 ], !dbg !57
  %642 = phi float [ 0.000000e+00, %100 ], [ %295, %226 ], [ %566, %433 ], !dbg !57
  %643 = phi float [ 0.000000e+00, %100 ], [ %296, %226 ], [ %567, %433 ], !dbg !57
  %644 = phi float [ 0.000000e+00, %100 ], [ %297, %226 ], [ %568, %433 ], !dbg !57
  %645 = phi float [ 0.000000e+00, %100 ], [ %298, %226 ], [ %569, %433 ], !dbg !57
  %646 = phi float [ 0.000000e+00, %100 ], [ %299, %226 ], [ %570, %433 ], !dbg !57
  %647 = phi float [ 0.000000e+00, %100 ], [ %300, %226 ], [ %571, %433 ], !dbg !57
  %648 = phi float [ 0.000000e+00, %100 ], [ %301, %226 ], [ %572, %433 ], !dbg !57
  %649 = phi float [ 0.000000e+00, %100 ], [ %302, %226 ], [ %573, %433 ], !dbg !57
  %650 = phi float [ 0.000000e+00, %100 ], [ %303, %226 ], [ %574, %433 ], !dbg !57
  %651 = phi float [ 0.000000e+00, %100 ], [ %304, %226 ], [ %575, %433 ], !dbg !57
  %652 = phi float [ 0.000000e+00, %100 ], [ %305, %226 ], [ %576, %433 ], !dbg !57
  %653 = phi float [ 0.000000e+00, %100 ], [ %306, %226 ], [ %577, %433 ], !dbg !57
  %654 = phi float [ 0.000000e+00, %100 ], [ %307, %226 ], [ %578, %433 ], !dbg !57
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279), !dbg !42
  tail call void @llvm.amdgcn.s.barrier(), !dbg !42
  br i1 %69, label %655, label %._crit_edge._crit_edge, !dbg !53

655:                                              ; preds = %._crit_edge
  %656 = and i32 %24, 16, !dbg !48
  %657 = icmp eq i32 %656, 0, !dbg !48
  %658 = select i1 %657, i32 0, i32 1032, !dbg !48
  %659 = shl nuw nsw i32 %37, 6, !dbg !48
  %660 = or disjoint i32 %659, %117, !dbg !48
  %661 = select i1 %34, i32 0, i32 2064, !dbg !48
  %662 = lshr exact i32 %31, 2, !dbg !42
  %663 = xor i32 %660, %658, !dbg !48
  %664 = xor i32 %663, %661, !dbg !48
  %665 = xor i32 %664, %662, !dbg !48
  %666 = xor i32 %665, 4112, !dbg !48
  %667 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %666, !dbg !48
  %668 = load <4 x half>, ptr addrspace(3) %667, align 8, !dbg !48
  %669 = xor i32 %665, 4096, !dbg !48
  %670 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %669, !dbg !48
  %671 = load <4 x half>, ptr addrspace(3) %670, align 8, !dbg !48
  %672 = xor i32 %665, 4144, !dbg !48
  %673 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %672, !dbg !48
  %674 = load <4 x half>, ptr addrspace(3) %673, align 8, !dbg !48
  %675 = xor i32 %665, 4128, !dbg !48
  %676 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %675, !dbg !48
  %677 = load <4 x half>, ptr addrspace(3) %676, align 8, !dbg !48
  %678 = xor i32 %665, 48, !dbg !48
  %679 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %678, !dbg !48
  %680 = load <4 x half>, ptr addrspace(3) %679, align 8, !dbg !48
  %681 = xor i32 %665, 32, !dbg !48
  %682 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %681, !dbg !48
  %683 = load <4 x half>, ptr addrspace(3) %682, align 8, !dbg !48
  %684 = xor i32 %665, 16, !dbg !48
  %685 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %684, !dbg !48
  %686 = load <4 x half>, ptr addrspace(3) %685, align 8, !dbg !48
  %687 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %665, !dbg !48
  %688 = load <4 x half>, ptr addrspace(3) %687, align 8, !dbg !48
  %689 = shl nuw nsw i32 %28, 4, !dbg !42
  %690 = shl nuw nsw i32 %27, 6, !dbg !42
  %691 = or disjoint i32 %690, %117, !dbg !42
  %692 = xor i32 %691, %662, !dbg !42
  %693 = or disjoint i32 %692, %689, !dbg !42
  %694 = xor i32 %693, 48, !dbg !42
  %695 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %694, !dbg !42
  %696 = getelementptr inbounds nuw i8, ptr addrspace(3) %695, i32 4096, !dbg !42
  %697 = load <4 x half>, ptr addrspace(3) %696, align 8, !dbg !42
  %698 = load <4 x half>, ptr addrspace(3) %695, align 8, !dbg !42
  %699 = xor i32 %693, 32, !dbg !42
  %700 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %699, !dbg !42
  %701 = getelementptr inbounds nuw i8, ptr addrspace(3) %700, i32 4096, !dbg !42
  %702 = load <4 x half>, ptr addrspace(3) %701, align 8, !dbg !42
  %703 = load <4 x half>, ptr addrspace(3) %700, align 8, !dbg !42
  %704 = xor i32 %693, 16, !dbg !42
  %705 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %704, !dbg !42
  %706 = getelementptr inbounds nuw i8, ptr addrspace(3) %705, i32 4096, !dbg !42
  %707 = load <4 x half>, ptr addrspace(3) %706, align 8, !dbg !42
  %708 = load <4 x half>, ptr addrspace(3) %705, align 8, !dbg !42
  %709 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %693, !dbg !42
  %710 = getelementptr inbounds nuw i8, ptr addrspace(3) %709, i32 4096, !dbg !42
  %711 = load <4 x half>, ptr addrspace(3) %710, align 8, !dbg !42
  %712 = load <4 x half>, ptr addrspace(3) %709, align 8, !dbg !42
  %713 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %591, i64 0, !dbg !53
  %714 = insertelement <16 x float> %713, float %592, i64 1, !dbg !53
  %715 = insertelement <16 x float> %714, float %593, i64 2, !dbg !53
  %716 = insertelement <16 x float> %715, float %594, i64 3, !dbg !53
  %717 = insertelement <16 x float> %716, float %595, i64 4, !dbg !53
  %718 = insertelement <16 x float> %717, float %596, i64 5, !dbg !53
  %719 = insertelement <16 x float> %718, float %597, i64 6, !dbg !53
  %720 = insertelement <16 x float> %719, float %598, i64 7, !dbg !53
  %721 = insertelement <16 x float> %720, float %599, i64 8, !dbg !53
  %722 = insertelement <16 x float> %721, float %600, i64 9, !dbg !53
  %723 = insertelement <16 x float> %722, float %601, i64 10, !dbg !53
  %724 = insertelement <16 x float> %723, float %602, i64 11, !dbg !53
  %725 = insertelement <16 x float> %724, float %603, i64 12, !dbg !53
  %726 = insertelement <16 x float> %725, float %604, i64 13, !dbg !53
  %727 = insertelement <16 x float> %726, float %605, i64 14, !dbg !53
  %728 = insertelement <16 x float> %727, float %606, i64 15, !dbg !53
  %729 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %688, <4 x half> %712, <16 x float> %728, i32 0, i32 0, i32 0), !dbg !53
  %730 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %686, <4 x half> %708, <16 x float> %729, i32 0, i32 0, i32 0), !dbg !53
  %731 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %683, <4 x half> %703, <16 x float> %730, i32 0, i32 0, i32 0), !dbg !53
  %732 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %680, <4 x half> %698, <16 x float> %731, i32 0, i32 0, i32 0), !dbg !53
  %733 = extractelement <16 x float> %732, i64 0, !dbg !53
  %734 = extractelement <16 x float> %732, i64 1, !dbg !53
  %735 = extractelement <16 x float> %732, i64 2, !dbg !53
  %736 = extractelement <16 x float> %732, i64 3, !dbg !53
  %737 = extractelement <16 x float> %732, i64 4, !dbg !53
  %738 = extractelement <16 x float> %732, i64 5, !dbg !53
  %739 = extractelement <16 x float> %732, i64 6, !dbg !53
  %740 = extractelement <16 x float> %732, i64 7, !dbg !53
  %741 = extractelement <16 x float> %732, i64 8, !dbg !53
  %742 = extractelement <16 x float> %732, i64 9, !dbg !53
  %743 = extractelement <16 x float> %732, i64 10, !dbg !53
  %744 = extractelement <16 x float> %732, i64 11, !dbg !53
  %745 = extractelement <16 x float> %732, i64 12, !dbg !53
  %746 = extractelement <16 x float> %732, i64 13, !dbg !53
  %747 = extractelement <16 x float> %732, i64 14, !dbg !53
  %748 = extractelement <16 x float> %732, i64 15, !dbg !53
  %749 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %607, i64 0, !dbg !53
  %750 = insertelement <16 x float> %749, float %608, i64 1, !dbg !53
  %751 = insertelement <16 x float> %750, float %609, i64 2, !dbg !53
  %752 = insertelement <16 x float> %751, float %610, i64 3, !dbg !53
  %753 = insertelement <16 x float> %752, float %611, i64 4, !dbg !53
  %754 = insertelement <16 x float> %753, float %612, i64 5, !dbg !53
  %755 = insertelement <16 x float> %754, float %613, i64 6, !dbg !53
  %756 = insertelement <16 x float> %755, float %614, i64 7, !dbg !53
  %757 = insertelement <16 x float> %756, float %615, i64 8, !dbg !53
  %758 = insertelement <16 x float> %757, float %616, i64 9, !dbg !53
  %759 = insertelement <16 x float> %758, float %617, i64 10, !dbg !53
  %760 = insertelement <16 x float> %759, float %618, i64 11, !dbg !53
  %761 = insertelement <16 x float> %760, float %619, i64 12, !dbg !53
  %762 = insertelement <16 x float> %761, float %620, i64 13, !dbg !53
  %763 = insertelement <16 x float> %762, float %621, i64 14, !dbg !53
  %764 = insertelement <16 x float> %763, float %622, i64 15, !dbg !53
  %765 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %677, <4 x half> %712, <16 x float> %764, i32 0, i32 0, i32 0), !dbg !53
  %766 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %674, <4 x half> %708, <16 x float> %765, i32 0, i32 0, i32 0), !dbg !53
  %767 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %671, <4 x half> %703, <16 x float> %766, i32 0, i32 0, i32 0), !dbg !53
  %768 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %668, <4 x half> %698, <16 x float> %767, i32 0, i32 0, i32 0), !dbg !53
  %769 = extractelement <16 x float> %768, i64 0, !dbg !53
  %770 = extractelement <16 x float> %768, i64 1, !dbg !53
  %771 = extractelement <16 x float> %768, i64 2, !dbg !53
  %772 = extractelement <16 x float> %768, i64 3, !dbg !53
  %773 = extractelement <16 x float> %768, i64 4, !dbg !53
  %774 = extractelement <16 x float> %768, i64 5, !dbg !53
  %775 = extractelement <16 x float> %768, i64 6, !dbg !53
  %776 = extractelement <16 x float> %768, i64 7, !dbg !53
  %777 = extractelement <16 x float> %768, i64 8, !dbg !53
  %778 = extractelement <16 x float> %768, i64 9, !dbg !53
  %779 = extractelement <16 x float> %768, i64 10, !dbg !53
  %780 = extractelement <16 x float> %768, i64 11, !dbg !53
  %781 = extractelement <16 x float> %768, i64 12, !dbg !53
  %782 = extractelement <16 x float> %768, i64 13, !dbg !53
  %783 = extractelement <16 x float> %768, i64 14, !dbg !53
  %784 = extractelement <16 x float> %768, i64 15, !dbg !53
  %785 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %623, i64 0, !dbg !53
  %786 = insertelement <16 x float> %785, float %624, i64 1, !dbg !53
  %787 = insertelement <16 x float> %786, float %625, i64 2, !dbg !53
  %788 = insertelement <16 x float> %787, float %626, i64 3, !dbg !53
  %789 = insertelement <16 x float> %788, float %627, i64 4, !dbg !53
  %790 = insertelement <16 x float> %789, float %628, i64 5, !dbg !53
  %791 = insertelement <16 x float> %790, float %629, i64 6, !dbg !53
  %792 = insertelement <16 x float> %791, float %630, i64 7, !dbg !53
  %793 = insertelement <16 x float> %792, float %631, i64 8, !dbg !53
  %794 = insertelement <16 x float> %793, float %632, i64 9, !dbg !53
  %795 = insertelement <16 x float> %794, float %633, i64 10, !dbg !53
  %796 = insertelement <16 x float> %795, float %634, i64 11, !dbg !53
  %797 = insertelement <16 x float> %796, float %635, i64 12, !dbg !53
  %798 = insertelement <16 x float> %797, float %636, i64 13, !dbg !53
  %799 = insertelement <16 x float> %798, float %637, i64 14, !dbg !53
  %800 = insertelement <16 x float> %799, float %638, i64 15, !dbg !53
  %801 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %688, <4 x half> %711, <16 x float> %800, i32 0, i32 0, i32 0), !dbg !53
  %802 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %686, <4 x half> %707, <16 x float> %801, i32 0, i32 0, i32 0), !dbg !53
  %803 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %683, <4 x half> %702, <16 x float> %802, i32 0, i32 0, i32 0), !dbg !53
  %804 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %680, <4 x half> %697, <16 x float> %803, i32 0, i32 0, i32 0), !dbg !53
  %805 = extractelement <16 x float> %804, i64 0, !dbg !53
  %806 = extractelement <16 x float> %804, i64 1, !dbg !53
  %807 = extractelement <16 x float> %804, i64 2, !dbg !53
  %808 = extractelement <16 x float> %804, i64 3, !dbg !53
  %809 = extractelement <16 x float> %804, i64 4, !dbg !53
  %810 = extractelement <16 x float> %804, i64 5, !dbg !53
  %811 = extractelement <16 x float> %804, i64 6, !dbg !53
  %812 = extractelement <16 x float> %804, i64 7, !dbg !53
  %813 = extractelement <16 x float> %804, i64 8, !dbg !53
  %814 = extractelement <16 x float> %804, i64 9, !dbg !53
  %815 = extractelement <16 x float> %804, i64 10, !dbg !53
  %816 = extractelement <16 x float> %804, i64 11, !dbg !53
  %817 = extractelement <16 x float> %804, i64 12, !dbg !53
  %818 = extractelement <16 x float> %804, i64 13, !dbg !53
  %819 = extractelement <16 x float> %804, i64 14, !dbg !53
  %820 = extractelement <16 x float> %804, i64 15, !dbg !53
  %821 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %639, i64 0, !dbg !53
  %822 = insertelement <16 x float> %821, float %640, i64 1, !dbg !53
  %823 = insertelement <16 x float> %822, float %641, i64 2, !dbg !53
  %824 = insertelement <16 x float> %823, float %642, i64 3, !dbg !53
  %825 = insertelement <16 x float> %824, float %643, i64 4, !dbg !53
  %826 = insertelement <16 x float> %825, float %644, i64 5, !dbg !53
  %827 = insertelement <16 x float> %826, float %645, i64 6, !dbg !53
  %828 = insertelement <16 x float> %827, float %646, i64 7, !dbg !53
  %829 = insertelement <16 x float> %828, float %647, i64 8, !dbg !53
  %830 = insertelement <16 x float> %829, float %648, i64 9, !dbg !53
  %831 = insertelement <16 x float> %830, float %649, i64 10, !dbg !53
  %832 = insertelement <16 x float> %831, float %650, i64 11, !dbg !53
  %833 = insertelement <16 x float> %832, float %651, i64 12, !dbg !53
  %834 = insertelement <16 x float> %833, float %652, i64 13, !dbg !53
  %835 = insertelement <16 x float> %834, float %653, i64 14, !dbg !53
  %836 = insertelement <16 x float> %835, float %654, i64 15, !dbg !53
  %837 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %677, <4 x half> %711, <16 x float> %836, i32 0, i32 0, i32 0), !dbg !53
  %838 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %674, <4 x half> %707, <16 x float> %837, i32 0, i32 0, i32 0), !dbg !53
  %839 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %671, <4 x half> %702, <16 x float> %838, i32 0, i32 0, i32 0), !dbg !53
  %840 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %668, <4 x half> %697, <16 x float> %839, i32 0, i32 0, i32 0), !dbg !53
  %841 = extractelement <16 x float> %840, i64 0, !dbg !53
  %842 = extractelement <16 x float> %840, i64 1, !dbg !53
  %843 = extractelement <16 x float> %840, i64 2, !dbg !53
  %844 = extractelement <16 x float> %840, i64 3, !dbg !53
  %845 = extractelement <16 x float> %840, i64 4, !dbg !53
  %846 = extractelement <16 x float> %840, i64 5, !dbg !53
  %847 = extractelement <16 x float> %840, i64 6, !dbg !53
  %848 = extractelement <16 x float> %840, i64 7, !dbg !53
  %849 = extractelement <16 x float> %840, i64 8, !dbg !53
  %850 = extractelement <16 x float> %840, i64 9, !dbg !53
  %851 = extractelement <16 x float> %840, i64 10, !dbg !53
  %852 = extractelement <16 x float> %840, i64 11, !dbg !53
  %853 = extractelement <16 x float> %840, i64 12, !dbg !53
  %854 = extractelement <16 x float> %840, i64 13, !dbg !53
  %855 = extractelement <16 x float> %840, i64 14, !dbg !53
  %856 = extractelement <16 x float> %840, i64 15, !dbg !53
  br label %._crit_edge._crit_edge, !dbg !53

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %655
  %857 = phi float [ %737, %655 ], [ %595, %._crit_edge ], !dbg !53
  %858 = phi float [ %733, %655 ], [ %591, %._crit_edge ], !dbg !53
  %859 = phi float [ %734, %655 ], [ %592, %._crit_edge ], !dbg !53
  %860 = phi float [ %735, %655 ], [ %593, %._crit_edge ], !dbg !53
  %861 = phi float [ %736, %655 ], [ %594, %._crit_edge ], !dbg !53
  %862 = phi float [ %738, %655 ], [ %596, %._crit_edge ], !dbg !53
  %863 = phi float [ %739, %655 ], [ %597, %._crit_edge ], !dbg !53
  %864 = phi float [ %740, %655 ], [ %598, %._crit_edge ], !dbg !53
  %865 = phi float [ %741, %655 ], [ %599, %._crit_edge ], !dbg !53
  %866 = phi float [ %742, %655 ], [ %600, %._crit_edge ], !dbg !53
  %867 = phi float [ %743, %655 ], [ %601, %._crit_edge ], !dbg !53
  %868 = phi float [ %744, %655 ], [ %602, %._crit_edge ], !dbg !53
  %869 = phi float [ %745, %655 ], [ %603, %._crit_edge ], !dbg !53
  %870 = phi float [ %746, %655 ], [ %604, %._crit_edge ], !dbg !53
  %871 = phi float [ %747, %655 ], [ %605, %._crit_edge ], !dbg !53
  %872 = phi float [ %748, %655 ], [ %606, %._crit_edge ], !dbg !53
  %873 = phi float [ %769, %655 ], [ %607, %._crit_edge ], !dbg !53
  %874 = phi float [ %770, %655 ], [ %608, %._crit_edge ], !dbg !53
  %875 = phi float [ %771, %655 ], [ %609, %._crit_edge ], !dbg !53
  %876 = phi float [ %772, %655 ], [ %610, %._crit_edge ], !dbg !53
  %877 = phi float [ %773, %655 ], [ %611, %._crit_edge ], !dbg !53
  %878 = phi float [ %774, %655 ], [ %612, %._crit_edge ], !dbg !53
  %879 = phi float [ %775, %655 ], [ %613, %._crit_edge ], !dbg !53
  %880 = phi float [ %776, %655 ], [ %614, %._crit_edge ], !dbg !53
  %881 = phi float [ %777, %655 ], [ %615, %._crit_edge ], !dbg !53
  %882 = phi float [ %778, %655 ], [ %616, %._crit_edge ], !dbg !53
  %883 = phi float [ %779, %655 ], [ %617, %._crit_edge ], !dbg !53
  %884 = phi float [ %780, %655 ], [ %618, %._crit_edge ], !dbg !53
  %885 = phi float [ %781, %655 ], [ %619, %._crit_edge ], !dbg !53
  %886 = phi float [ %782, %655 ], [ %620, %._crit_edge ], !dbg !53
  %887 = phi float [ %783, %655 ], [ %621, %._crit_edge ], !dbg !53
  %888 = phi float [ %784, %655 ], [ %622, %._crit_edge ], !dbg !53
  %889 = phi float [ %805, %655 ], [ %623, %._crit_edge ], !dbg !53
  %890 = phi float [ %806, %655 ], [ %624, %._crit_edge ], !dbg !53
  %891 = phi float [ %807, %655 ], [ %625, %._crit_edge ], !dbg !53
  %892 = phi float [ %808, %655 ], [ %626, %._crit_edge ], !dbg !53
  %893 = phi float [ %809, %655 ], [ %627, %._crit_edge ], !dbg !53
  %894 = phi float [ %810, %655 ], [ %628, %._crit_edge ], !dbg !53
  %895 = phi float [ %811, %655 ], [ %629, %._crit_edge ], !dbg !53
  %896 = phi float [ %812, %655 ], [ %630, %._crit_edge ], !dbg !53
  %897 = phi float [ %813, %655 ], [ %631, %._crit_edge ], !dbg !53
  %898 = phi float [ %814, %655 ], [ %632, %._crit_edge ], !dbg !53
  %899 = phi float [ %815, %655 ], [ %633, %._crit_edge ], !dbg !53
  %900 = phi float [ %816, %655 ], [ %634, %._crit_edge ], !dbg !53
  %901 = phi float [ %817, %655 ], [ %635, %._crit_edge ], !dbg !53
  %902 = phi float [ %818, %655 ], [ %636, %._crit_edge ], !dbg !53
  %903 = phi float [ %819, %655 ], [ %637, %._crit_edge ], !dbg !53
  %904 = phi float [ %820, %655 ], [ %638, %._crit_edge ], !dbg !53
  %905 = phi float [ %841, %655 ], [ %639, %._crit_edge ], !dbg !53
  %906 = phi float [ %842, %655 ], [ %640, %._crit_edge ], !dbg !53
  %907 = phi float [ %843, %655 ], [ %641, %._crit_edge ], !dbg !53
  %908 = phi float [ %844, %655 ], [ %642, %._crit_edge ], !dbg !53
  %909 = phi float [ %845, %655 ], [ %643, %._crit_edge ], !dbg !53
  %910 = phi float [ %846, %655 ], [ %644, %._crit_edge ], !dbg !53
  %911 = phi float [ %847, %655 ], [ %645, %._crit_edge ], !dbg !53
  %912 = phi float [ %848, %655 ], [ %646, %._crit_edge ], !dbg !53
  %913 = phi float [ %849, %655 ], [ %647, %._crit_edge ], !dbg !53
  %914 = phi float [ %850, %655 ], [ %648, %._crit_edge ], !dbg !53
  %915 = phi float [ %851, %655 ], [ %649, %._crit_edge ], !dbg !53
  %916 = phi float [ %852, %655 ], [ %650, %._crit_edge ], !dbg !53
  %917 = phi float [ %853, %655 ], [ %651, %._crit_edge ], !dbg !53
  %918 = phi float [ %854, %655 ], [ %652, %._crit_edge ], !dbg !53
  %919 = phi float [ %855, %655 ], [ %653, %._crit_edge ], !dbg !53
  %920 = phi float [ %856, %655 ], [ %654, %._crit_edge ], !dbg !53
  %921 = icmp slt i32 %41, %3, !dbg !58
  %922 = icmp slt i32 %42, %3, !dbg !58
  %923 = icmp slt i32 %46, %4, !dbg !59
  %924 = icmp slt i32 %48, %4, !dbg !59
  %925 = icmp slt i32 %50, %4, !dbg !59
  %926 = icmp slt i32 %52, %4, !dbg !59
  %927 = and i1 %921, %923, !dbg !60
  %928 = and i1 %924, %921, !dbg !60
  %929 = and i1 %925, %921, !dbg !60
  %930 = and i1 %926, %921, !dbg !60
  %931 = and i1 %922, %923, !dbg !60
  %932 = and i1 %922, %924, !dbg !60
  %933 = and i1 %922, %925, !dbg !60
  %934 = and i1 %922, %926, !dbg !60
  %935 = mul i32 %41, %4, !dbg !61
  %936 = mul i32 %4, %42, !dbg !61
  %937 = sext i32 %935 to i64, !dbg !62
  %938 = getelementptr half, ptr addrspace(1) %2, i64 %937, !dbg !62
  %939 = sext i32 %936 to i64, !dbg !62
  %940 = getelementptr half, ptr addrspace(1) %2, i64 %939, !dbg !62
  %941 = sext i32 %48 to i64, !dbg !63
  %942 = getelementptr half, ptr addrspace(1) %938, i64 %941, !dbg !63
  %943 = sext i32 %49 to i64, !dbg !63
  %944 = getelementptr half, ptr addrspace(1) %938, i64 %943, !dbg !63
  %945 = sext i32 %50 to i64, !dbg !63
  %946 = getelementptr half, ptr addrspace(1) %938, i64 %945, !dbg !63
  %947 = sext i32 %51 to i64, !dbg !63
  %948 = getelementptr half, ptr addrspace(1) %938, i64 %947, !dbg !63
  %949 = sext i32 %52 to i64, !dbg !63
  %950 = getelementptr half, ptr addrspace(1) %938, i64 %949, !dbg !63
  %951 = sext i32 %53 to i64, !dbg !63
  %952 = getelementptr half, ptr addrspace(1) %938, i64 %951, !dbg !63
  %953 = sext i32 %46 to i64, !dbg !63
  %954 = getelementptr half, ptr addrspace(1) %940, i64 %953, !dbg !63
  %955 = sext i32 %47 to i64, !dbg !63
  %956 = getelementptr half, ptr addrspace(1) %940, i64 %955, !dbg !63
  %957 = getelementptr half, ptr addrspace(1) %940, i64 %941, !dbg !63
  %958 = getelementptr half, ptr addrspace(1) %940, i64 %943, !dbg !63
  %959 = getelementptr half, ptr addrspace(1) %940, i64 %945, !dbg !63
  %960 = getelementptr half, ptr addrspace(1) %940, i64 %947, !dbg !63
  %961 = getelementptr half, ptr addrspace(1) %940, i64 %949, !dbg !63
  %962 = getelementptr half, ptr addrspace(1) %940, i64 %951, !dbg !63
  %963 = fptrunc float %865 to half, !dbg !64
  %964 = fptrunc float %866 to half, !dbg !64
  %965 = fptrunc float %867 to half, !dbg !64
  %966 = fptrunc float %868 to half, !dbg !64
  %967 = fptrunc float %869 to half, !dbg !64
  %968 = fptrunc float %870 to half, !dbg !64
  %969 = fptrunc float %871 to half, !dbg !64
  %970 = fptrunc float %872 to half, !dbg !64
  %971 = fptrunc float %873 to half, !dbg !64
  %972 = fptrunc float %874 to half, !dbg !64
  %973 = fptrunc float %875 to half, !dbg !64
  %974 = fptrunc float %876 to half, !dbg !64
  %975 = fptrunc float %877 to half, !dbg !64
  %976 = fptrunc float %878 to half, !dbg !64
  %977 = fptrunc float %879 to half, !dbg !64
  %978 = fptrunc float %880 to half, !dbg !64
  %979 = fptrunc float %881 to half, !dbg !64
  %980 = fptrunc float %882 to half, !dbg !64
  %981 = fptrunc float %883 to half, !dbg !64
  %982 = fptrunc float %884 to half, !dbg !64
  %983 = fptrunc float %885 to half, !dbg !64
  %984 = fptrunc float %886 to half, !dbg !64
  %985 = fptrunc float %887 to half, !dbg !64
  %986 = fptrunc float %888 to half, !dbg !64
  %987 = fptrunc float %889 to half, !dbg !64
  %988 = fptrunc float %890 to half, !dbg !64
  %989 = fptrunc float %891 to half, !dbg !64
  %990 = fptrunc float %892 to half, !dbg !64
  %991 = fptrunc float %893 to half, !dbg !64
  %992 = fptrunc float %894 to half, !dbg !64
  %993 = fptrunc float %895 to half, !dbg !64
  %994 = fptrunc float %896 to half, !dbg !64
  %995 = fptrunc float %897 to half, !dbg !64
  %996 = fptrunc float %898 to half, !dbg !64
  %997 = fptrunc float %899 to half, !dbg !64
  %998 = fptrunc float %900 to half, !dbg !64
  %999 = fptrunc float %901 to half, !dbg !64
  %1000 = fptrunc float %902 to half, !dbg !64
  %1001 = fptrunc float %903 to half, !dbg !64
  %1002 = fptrunc float %904 to half, !dbg !64
  %1003 = fptrunc float %905 to half, !dbg !64
  %1004 = fptrunc float %906 to half, !dbg !64
  %1005 = fptrunc float %907 to half, !dbg !64
  %1006 = fptrunc float %908 to half, !dbg !64
  %1007 = fptrunc float %909 to half, !dbg !64
  %1008 = fptrunc float %910 to half, !dbg !64
  %1009 = fptrunc float %911 to half, !dbg !64
  %1010 = fptrunc float %912 to half, !dbg !64
  %1011 = fptrunc float %913 to half, !dbg !64
  %1012 = fptrunc float %914 to half, !dbg !64
  %1013 = fptrunc float %915 to half, !dbg !64
  %1014 = fptrunc float %916 to half, !dbg !64
  %1015 = fptrunc float %917 to half, !dbg !64
  %1016 = fptrunc float %918 to half, !dbg !64
  %1017 = fptrunc float %919 to half, !dbg !64
  %1018 = fptrunc float %920 to half, !dbg !64
  br i1 %927, label %1019, label %.critedge, !dbg !65

1019:                                             ; preds = %._crit_edge._crit_edge
  %1020 = fptrunc float %858 to half, !dbg !64
  %1021 = insertelement <4 x half> poison, half %1020, i64 0, !dbg !65
  %1022 = fptrunc float %859 to half, !dbg !64
  %1023 = insertelement <4 x half> %1021, half %1022, i64 1, !dbg !65
  %1024 = fptrunc float %860 to half, !dbg !64
  %1025 = insertelement <4 x half> %1023, half %1024, i64 2, !dbg !65
  %1026 = fptrunc float %861 to half, !dbg !64
  %1027 = insertelement <4 x half> %1025, half %1026, i64 3, !dbg !65
  %1028 = fptrunc float %864 to half, !dbg !64
  %1029 = fptrunc float %863 to half, !dbg !64
  %1030 = fptrunc float %862 to half, !dbg !64
  %1031 = fptrunc float %857 to half, !dbg !64
  %1032 = getelementptr half, ptr addrspace(1) %938, i64 %955, !dbg !63
  %1033 = getelementptr half, ptr addrspace(1) %938, i64 %953, !dbg !63
  store <4 x half> %1027, ptr addrspace(1) %1033, align 8, !dbg !65
  %1034 = insertelement <4 x half> poison, half %1031, i64 0, !dbg !65
  %1035 = insertelement <4 x half> %1034, half %1030, i64 1, !dbg !65
  %1036 = insertelement <4 x half> %1035, half %1029, i64 2, !dbg !65
  %1037 = insertelement <4 x half> %1036, half %1028, i64 3, !dbg !65
  store <4 x half> %1037, ptr addrspace(1) %1032, align 8, !dbg !65
  br label %.critedge, !dbg !65

.critedge:                                        ; preds = %._crit_edge._crit_edge, %1019
  br i1 %928, label %1038, label %.critedge2, !dbg !65

1038:                                             ; preds = %.critedge
  %1039 = insertelement <4 x half> poison, half %967, i64 0
  %1040 = insertelement <4 x half> %1039, half %968, i64 1
  %1041 = insertelement <4 x half> %1040, half %969, i64 2
  %1042 = insertelement <4 x half> %1041, half %970, i64 3
  %1043 = insertelement <4 x half> poison, half %963, i64 0
  %1044 = insertelement <4 x half> %1043, half %964, i64 1
  %1045 = insertelement <4 x half> %1044, half %965, i64 2
  %1046 = insertelement <4 x half> %1045, half %966, i64 3
  store <4 x half> %1046, ptr addrspace(1) %942, align 8, !dbg !65
  store <4 x half> %1042, ptr addrspace(1) %944, align 8, !dbg !65
  br label %.critedge2, !dbg !65

.critedge2:                                       ; preds = %.critedge, %1038
  br i1 %929, label %1047, label %.critedge4, !dbg !65

1047:                                             ; preds = %.critedge2
  %1048 = insertelement <4 x half> poison, half %975, i64 0
  %1049 = insertelement <4 x half> %1048, half %976, i64 1
  %1050 = insertelement <4 x half> %1049, half %977, i64 2
  %1051 = insertelement <4 x half> %1050, half %978, i64 3
  %1052 = insertelement <4 x half> poison, half %971, i64 0
  %1053 = insertelement <4 x half> %1052, half %972, i64 1
  %1054 = insertelement <4 x half> %1053, half %973, i64 2
  %1055 = insertelement <4 x half> %1054, half %974, i64 3
  store <4 x half> %1055, ptr addrspace(1) %946, align 8, !dbg !65
  store <4 x half> %1051, ptr addrspace(1) %948, align 8, !dbg !65
  br label %.critedge4, !dbg !65

.critedge4:                                       ; preds = %.critedge2, %1047
  br i1 %930, label %1056, label %.critedge6, !dbg !65

1056:                                             ; preds = %.critedge4
  %1057 = insertelement <4 x half> poison, half %983, i64 0
  %1058 = insertelement <4 x half> %1057, half %984, i64 1
  %1059 = insertelement <4 x half> %1058, half %985, i64 2
  %1060 = insertelement <4 x half> %1059, half %986, i64 3
  %1061 = insertelement <4 x half> poison, half %979, i64 0
  %1062 = insertelement <4 x half> %1061, half %980, i64 1
  %1063 = insertelement <4 x half> %1062, half %981, i64 2
  %1064 = insertelement <4 x half> %1063, half %982, i64 3
  store <4 x half> %1064, ptr addrspace(1) %950, align 8, !dbg !65
  store <4 x half> %1060, ptr addrspace(1) %952, align 8, !dbg !65
  br label %.critedge6, !dbg !65

.critedge6:                                       ; preds = %.critedge4, %1056
  br i1 %931, label %1065, label %.critedge8, !dbg !65

1065:                                             ; preds = %.critedge6
  %1066 = insertelement <4 x half> poison, half %991, i64 0
  %1067 = insertelement <4 x half> %1066, half %992, i64 1
  %1068 = insertelement <4 x half> %1067, half %993, i64 2
  %1069 = insertelement <4 x half> %1068, half %994, i64 3
  %1070 = insertelement <4 x half> poison, half %987, i64 0
  %1071 = insertelement <4 x half> %1070, half %988, i64 1
  %1072 = insertelement <4 x half> %1071, half %989, i64 2
  %1073 = insertelement <4 x half> %1072, half %990, i64 3
  store <4 x half> %1073, ptr addrspace(1) %954, align 8, !dbg !65
  store <4 x half> %1069, ptr addrspace(1) %956, align 8, !dbg !65
  br label %.critedge8, !dbg !65

.critedge8:                                       ; preds = %.critedge6, %1065
  br i1 %932, label %1074, label %.critedge10, !dbg !65

1074:                                             ; preds = %.critedge8
  %1075 = insertelement <4 x half> poison, half %999, i64 0
  %1076 = insertelement <4 x half> %1075, half %1000, i64 1
  %1077 = insertelement <4 x half> %1076, half %1001, i64 2
  %1078 = insertelement <4 x half> %1077, half %1002, i64 3
  %1079 = insertelement <4 x half> poison, half %995, i64 0
  %1080 = insertelement <4 x half> %1079, half %996, i64 1
  %1081 = insertelement <4 x half> %1080, half %997, i64 2
  %1082 = insertelement <4 x half> %1081, half %998, i64 3
  store <4 x half> %1082, ptr addrspace(1) %957, align 8, !dbg !65
  store <4 x half> %1078, ptr addrspace(1) %958, align 8, !dbg !65
  br label %.critedge10, !dbg !65

.critedge10:                                      ; preds = %.critedge8, %1074
  br i1 %933, label %1083, label %.critedge12, !dbg !65

1083:                                             ; preds = %.critedge10
  %1084 = insertelement <4 x half> poison, half %1007, i64 0
  %1085 = insertelement <4 x half> %1084, half %1008, i64 1
  %1086 = insertelement <4 x half> %1085, half %1009, i64 2
  %1087 = insertelement <4 x half> %1086, half %1010, i64 3
  %1088 = insertelement <4 x half> poison, half %1003, i64 0
  %1089 = insertelement <4 x half> %1088, half %1004, i64 1
  %1090 = insertelement <4 x half> %1089, half %1005, i64 2
  %1091 = insertelement <4 x half> %1090, half %1006, i64 3
  store <4 x half> %1091, ptr addrspace(1) %959, align 8, !dbg !65
  store <4 x half> %1087, ptr addrspace(1) %960, align 8, !dbg !65
  br label %.critedge12, !dbg !65

.critedge12:                                      ; preds = %.critedge10, %1083
  br i1 %934, label %1092, label %.critedge14, !dbg !65

1092:                                             ; preds = %.critedge12
  %1093 = insertelement <4 x half> poison, half %1015, i64 0
  %1094 = insertelement <4 x half> %1093, half %1016, i64 1
  %1095 = insertelement <4 x half> %1094, half %1017, i64 2
  %1096 = insertelement <4 x half> %1095, half %1018, i64 3
  %1097 = insertelement <4 x half> poison, half %1011, i64 0
  %1098 = insertelement <4 x half> %1097, half %1012, i64 1
  %1099 = insertelement <4 x half> %1098, half %1013, i64 2
  %1100 = insertelement <4 x half> %1099, half %1014, i64 3
  store <4 x half> %1100, ptr addrspace(1) %961, align 8, !dbg !65
  store <4 x half> %1096, ptr addrspace(1) %962, align 8, !dbg !65
  br label %.critedge14, !dbg !65

.critedge14:                                      ; preds = %.critedge12, %1092
  ret void, !dbg !66
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.waitcnt(i32 immarg) #2

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.amdgcn.s.setprio(i16 immarg) #5

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.sched.barrier(i32 immarg) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #6

attributes #0 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { convergent mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #5 = { mustprogress nocallback nofree nosync nounwind willreturn }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "gemm_kernel", linkageName: "gemm_kernel", scope: !1, file: !1, line: 102, type: !5, scopeLine: 102, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 105, column: 24, scope: !4)
!8 = !DILocation(line: 43, column: 17, scope: !9, inlinedAt: !11)
!9 = distinct !DILexicalBlockFile(scope: !4, file: !10, discriminator: 0)
!10 = !DIFile(filename: "standard.py", directory: "/opt/torch/.venv/lib/python3.12/site-packages/triton/language")
!11 = !DILocation(line: 106, column: 27, scope: !12)
!12 = distinct !DILexicalBlockFile(scope: !4, file: !1, discriminator: 0)
!13 = !DILocation(line: 43, column: 30, scope: !9, inlinedAt: !11)
!14 = !DILocation(line: 43, column: 17, scope: !9, inlinedAt: !15)
!15 = !DILocation(line: 107, column: 27, scope: !12)
!16 = !DILocation(line: 43, column: 30, scope: !9, inlinedAt: !15)
!17 = !DILocation(line: 108, column: 25, scope: !4)
!18 = !DILocation(line: 109, column: 22, scope: !4)
!19 = !DILocation(line: 109, column: 34, scope: !4)
!20 = !DILocation(line: 110, column: 30, scope: !4)
!21 = !DILocation(line: 110, column: 39, scope: !4)
!22 = !DILocation(line: 111, column: 30, scope: !4)
!23 = !DILocation(line: 112, column: 32, scope: !4)
!24 = !DILocation(line: 111, column: 42, scope: !4)
!25 = !DILocation(line: 111, column: 23, scope: !4)
!26 = !DILocation(line: 113, column: 22, scope: !4)
!27 = !DILocation(line: 113, column: 40, scope: !4)
!28 = !DILocation(line: 113, column: 27, scope: !4)
!29 = !DILocation(line: 113, column: 47, scope: !4)
!30 = !DILocation(line: 114, column: 22, scope: !4)
!31 = !DILocation(line: 114, column: 27, scope: !4)
!32 = !DILocation(line: 114, column: 47, scope: !4)
!33 = !DILocation(line: 116, column: 39, scope: !4)
!34 = !DILocation(line: 116, column: 21, scope: !4)
!35 = !DILocation(line: 116, column: 50, scope: !4)
!36 = !DILocation(line: 116, column: 43, scope: !4)
!37 = !DILocation(line: 43, column: 17, scope: !9, inlinedAt: !38)
!38 = !DILocation(line: 119, column: 33, scope: !12)
!39 = !DILocation(line: 43, column: 30, scope: !9, inlinedAt: !38)
!40 = !DILocation(line: 119, column: 22, scope: !4)
!41 = !DILocation(line: 120, column: 51, scope: !4)
!42 = !DILocation(line: 120, column: 20, scope: !4)
!43 = !DILocation(line: 117, column: 28, scope: !4)
!44 = !DILocation(line: 117, column: 39, scope: !4)
!45 = !DILocation(line: 117, column: 21, scope: !4)
!46 = !DILocation(line: 117, column: 43, scope: !4)
!47 = !DILocation(line: 121, column: 51, scope: !4)
!48 = !DILocation(line: 121, column: 20, scope: !4)
!49 = !DILocation(line: 124, column: 23, scope: !4)
!50 = !DILocation(line: 123, column: 18, scope: !4)
!51 = !DILocation(line: 124, column: 18, scope: !4)
!52 = !DILocation(line: 120, column: 55, scope: !4)
!53 = !DILocation(line: 122, column: 27, scope: !4)
!54 = !DILocation(line: 120, column: 59, scope: !4)
!55 = distinct !{!55, !56}
!56 = !{!"llvm.loop.peeled.count", i32 1}
!57 = !DILocation(line: 118, column: 19, scope: !4)
!58 = !DILocation(line: 128, column: 33, scope: !4)
!59 = !DILocation(line: 128, column: 53, scope: !4)
!60 = !DILocation(line: 128, column: 39, scope: !4)
!61 = !DILocation(line: 127, column: 35, scope: !4)
!62 = !DILocation(line: 127, column: 21, scope: !4)
!63 = !DILocation(line: 127, column: 39, scope: !4)
!64 = !DILocation(line: 127, column: 59, scope: !4)
!65 = !DILocation(line: 127, column: 52, scope: !4)
!66 = !DILocation(line: 127, column: 4, scope: !4)

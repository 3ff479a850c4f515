; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @histogram_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg %1, i32 inreg %2, ptr addrspace(1) inreg readnone captures(none) %3, ptr addrspace(1) inreg readnone captures(none) %4) local_unnamed_addr #0 !dbg !4 {
  %6 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !7
  %7 = shl i32 %6, 10, !dbg !8
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !9
  %9 = and i32 %8, 63, !dbg !9
  %10 = and i32 %8, 255, !dbg !9
  %11 = shl nuw nsw i32 %10, 2, !dbg !9
  %12 = or disjoint i32 %11, %7, !dbg !10
  %13 = or disjoint i32 %7, %10, !dbg !10
  %14 = or disjoint i32 %13, 256, !dbg !10
  %15 = or disjoint i32 %13, 512, !dbg !10
  %16 = or disjoint i32 %8, %7, !dbg !10
  %17 = or i32 %16, 768, !dbg !10
  %18 = icmp slt i32 %12, %2, !dbg !11
  %19 = icmp slt i32 %13, %2, !dbg !11
  %20 = icmp slt i32 %14, %2, !dbg !11
  %21 = icmp slt i32 %15, %2, !dbg !11
  %22 = icmp slt i32 %17, %2, !dbg !11
  br i1 %18, label %23, label %27, !dbg !12

23:                                               ; preds = %5
  %24 = sext i32 %12 to i64
  %25 = getelementptr i32, ptr addrspace(1) %0, i64 %24
  %26 = load <4 x i32>, ptr addrspace(1) %25, align 16, !dbg !12
  br label %27, !dbg !12

27:                                               ; preds = %23, %5
  %28 = phi <4 x i32> [ %26, %23 ], [ zeroinitializer, %5 ], !dbg !12
  %29 = extractelement <4 x i32> %28, i64 0, !dbg !12
  %30 = extractelement <4 x i32> %28, i64 1, !dbg !12
  %31 = extractelement <4 x i32> %28, i64 2, !dbg !12
  %32 = extractelement <4 x i32> %28, i64 3, !dbg !12
  %33 = sext i32 %29 to i64, !dbg !13
  %34 = getelementptr i32, ptr addrspace(1) %1, i64 %33, !dbg !13
  %35 = sext i32 %30 to i64, !dbg !13
  %36 = getelementptr i32, ptr addrspace(1) %1, i64 %35, !dbg !13
  %37 = sext i32 %31 to i64, !dbg !13
  %38 = getelementptr i32, ptr addrspace(1) %1, i64 %37, !dbg !13
  %39 = sext i32 %32 to i64, !dbg !13
  %40 = getelementptr i32, ptr addrspace(1) %1, i64 %39, !dbg !13
  %41 = ptrtoint ptr addrspace(1) %34 to i64, !dbg !14
  %42 = ptrtoint ptr addrspace(1) %36 to i64, !dbg !14
  %43 = ptrtoint ptr addrspace(1) %38 to i64, !dbg !14
  %44 = ptrtoint ptr addrspace(1) %40 to i64, !dbg !14
  %45 = shl nuw nsw i32 %8, 3, !dbg !14
  %46 = and i32 %45, 56, !dbg !14
  %47 = shl nuw nsw i32 %8, 2, !dbg !14
  %48 = and i32 %47, 960, !dbg !14
  %49 = shl nuw nsw i32 %8, 8, !dbg !14
  %50 = and i32 %49, 2048, !dbg !14
  %51 = or disjoint i32 %46, %48, !dbg !14
  %52 = or disjoint i32 %51, %50, !dbg !14
  %53 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %52, !dbg !14
  %54 = insertelement <1 x i64> poison, i64 %41, i64 0, !dbg !14
  store <1 x i64> %54, ptr addrspace(3) %53, align 8, !dbg !14
  %55 = getelementptr inbounds nuw i8, ptr addrspace(3) %53, i32 4096, !dbg !14
  %56 = insertelement <1 x i64> poison, i64 %42, i64 0, !dbg !14
  store <1 x i64> %56, ptr addrspace(3) %55, align 8, !dbg !14
  %57 = xor i32 %52, 1088, !dbg !14
  %58 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %57, !dbg !14
  %59 = insertelement <1 x i64> poison, i64 %43, i64 0, !dbg !14
  store <1 x i64> %59, ptr addrspace(3) %58, align 8, !dbg !14
  %60 = getelementptr inbounds nuw i8, ptr addrspace(3) %58, i32 4096, !dbg !14
  %61 = insertelement <1 x i64> poison, i64 %44, i64 0, !dbg !14
  store <1 x i64> %61, ptr addrspace(3) %60, align 8, !dbg !14
  fence syncscope("workgroup") release, !dbg !14
  tail call void @llvm.amdgcn.s.barrier(), !dbg !14
  fence syncscope("workgroup") acquire, !dbg !14
  %62 = shl nuw nsw i32 %8, 1, !dbg !14
  %63 = and i32 %62, 56, !dbg !14
  %64 = and i32 %8, 192, !dbg !14
  %65 = shl nuw nsw i32 %8, 12, !dbg !14
  %66 = and i32 %65, 4096, !dbg !14
  %67 = and i32 %8, 2, !dbg !14
  %68 = icmp eq i32 %67, 0, !dbg !14
  %69 = select i1 %68, i32 0, i32 1088, !dbg !14
  %70 = shl nuw nsw i32 %8, 6, !dbg !14
  %71 = and i32 %70, 2048, !dbg !14
  %72 = or disjoint i32 %63, %64, !dbg !14
  %73 = xor i32 %72, %69, !dbg !14
  %74 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %66, !dbg !14
  %75 = getelementptr inbounds nuw i8, ptr addrspace(3) %74, i32 %71, !dbg !14
  %76 = getelementptr inbounds nuw i8, ptr addrspace(3) %75, i32 %73, !dbg !14
  %77 = load <2 x i32>, ptr addrspace(3) %76, align 8, !dbg !14
  %78 = getelementptr inbounds nuw i8, ptr addrspace(3) %76, i32 256, !dbg !14
  %79 = load <2 x i32>, ptr addrspace(3) %78, align 8, !dbg !14
  %80 = getelementptr inbounds nuw i8, ptr addrspace(3) %76, i32 512, !dbg !14
  %81 = load <2 x i32>, ptr addrspace(3) %80, align 8, !dbg !14
  %82 = getelementptr inbounds nuw i8, ptr addrspace(3) %76, i32 768, !dbg !14
  %83 = load <2 x i32>, ptr addrspace(3) %82, align 8, !dbg !14
  %84 = zext i1 %19 to i32, !dbg !14
  %85 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %84, i32 273, i32 15, i32 15, i1 false), !dbg !14
  %86 = add i32 %85, %84, !dbg !14
  %87 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %84, i32 274, i32 15, i32 15, i1 false), !dbg !14
  %88 = add i32 %86, %87, !dbg !14
  %89 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %84, i32 275, i32 15, i32 15, i1 false), !dbg !14
  %90 = add i32 %88, %89, !dbg !14
  %91 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %90, i32 276, i32 15, i32 14, i1 true), !dbg !14
  %92 = add i32 %90, %91, !dbg !14
  %93 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %92, i32 280, i32 15, i32 12, i1 true), !dbg !14
  %94 = add i32 %92, %93, !dbg !14
  %95 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %94, i32 322, i32 10, i32 15, i1 true), !dbg !14
  %96 = add i32 %94, %95, !dbg !14
  %97 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %96, i32 323, i32 12, i32 15, i1 true), !dbg !14
  %98 = add i32 %96, %97, !dbg !14
  %99 = select i1 %19, i32 %98, i32 0, !dbg !14
  %100 = icmp eq i32 %99, 0, !dbg !14
  %101 = shl i32 %99, 2, !dbg !14
  %102 = add i32 %101, -4, !dbg !14
  %103 = select i1 %100, i32 252, i32 %102, !dbg !14
  %104 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 1), !dbg !14
  %105 = extractelement <2 x i32> %77, i64 0, !dbg !14
  %106 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 %105), !dbg !14
  %107 = insertelement <2 x i32> poison, i32 %106, i64 0, !dbg !14
  %108 = extractelement <2 x i32> %77, i64 1, !dbg !14
  %109 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 %108), !dbg !14
  %110 = insertelement <2 x i32> %107, i32 %109, i64 1, !dbg !14
  %111 = bitcast <2 x i32> %110 to i64, !dbg !14
  %112 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %19), !dbg !14
  %113 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %112), !dbg !14
  %114 = trunc nuw nsw i64 %113 to i32, !dbg !14
  %115 = icmp samesign ult i32 %9, %114, !dbg !14
  br i1 %115, label %116, label %212, !dbg !14

116:                                              ; preds = %27
  %117 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %106, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %118 = insertelement <2 x i32> poison, i32 %117, i64 0, !dbg !14
  %119 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %109, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %120 = insertelement <2 x i32> %118, i32 %119, i64 1, !dbg !14
  %121 = bitcast <2 x i32> %120 to i64, !dbg !14
  %122 = add i64 %111, 4, !dbg !14
  %123 = icmp eq i64 %122, %121, !dbg !14
  %124 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %123), !dbg !14
  %125 = lshr i64 %124, 1, !dbg !14
  %126 = and i64 %125, 6148914691236517205, !dbg !14
  %127 = sub i64 %124, %126, !dbg !14
  %128 = and i64 %127, 3689348814741910323, !dbg !14
  %129 = lshr i64 %127, 2, !dbg !14
  %130 = and i64 %129, 3689348814741910323, !dbg !14
  %131 = add nuw nsw i64 %130, %128, !dbg !14
  %132 = lshr i64 %131, 4, !dbg !14
  %133 = add nuw nsw i64 %132, %131, !dbg !14
  %134 = and i64 %133, 1085102592571150095, !dbg !14
  %135 = mul i64 %134, 72340172838076673, !dbg !14
  %136 = icmp ult i64 %135, 2305843009213693952, !dbg !14
  br i1 %136, label %.preheader10, label %207, !dbg !14

.preheader10:                                     ; preds = %116, %.preheader10
  %137 = phi i32 [ %147, %.preheader10 ], [ 0, %116 ], !dbg !14
  %138 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %106), !dbg !14
  %139 = insertelement <2 x i32> poison, i32 %138, i64 0, !dbg !14
  %140 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %109), !dbg !14
  %141 = insertelement <2 x i32> %139, i32 %140, i64 1, !dbg !14
  %142 = bitcast <2 x i32> %141 to i64, !dbg !14
  %143 = icmp eq i64 %142, %111, !dbg !14
  %144 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %143), !dbg !14
  %145 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %144), !dbg !14
  %146 = trunc nuw nsw i64 %145 to i32, !dbg !14
  %147 = add i32 %137, %146, !dbg !14
  br i1 %143, label %148, label %.preheader10, !dbg !14

148:                                              ; preds = %.preheader10
  %149 = lshr i64 %144, 32, !dbg !14
  %150 = trunc nuw i64 %149 to i32, !dbg !14
  %151 = trunc i64 %144 to i32, !dbg !14
  %152 = tail call i32 @llvm.amdgcn.mbcnt.lo(i32 %151, i32 0), !dbg !14
  %153 = tail call i32 @llvm.amdgcn.mbcnt.hi(i32 %150, i32 %152), !dbg !14
  %154 = add i32 %153, %137, !dbg !14
  %155 = sub i32 %146, %153, !dbg !14
  %156 = icmp eq i32 %153, 0, !dbg !14
  %157 = shl i32 %154, 2, !dbg !14
  %158 = tail call i32 @llvm.amdgcn.ds.permute(i32 %157, i32 %106), !dbg !14
  %159 = insertelement <2 x i32> poison, i32 %158, i64 0, !dbg !14
  %160 = tail call i32 @llvm.amdgcn.ds.permute(i32 %157, i32 %109), !dbg !14
  %161 = insertelement <2 x i32> %159, i32 %160, i64 1, !dbg !14
  %162 = bitcast <2 x i32> %161 to i64, !dbg !14
  %163 = tail call i32 @llvm.amdgcn.ds.permute(i32 %157, i32 %104), !dbg !14
  %164 = zext i1 %156 to i32, !dbg !14
  %165 = shl i32 %155, 8, !dbg !14
  %166 = or disjoint i32 %165, %164, !dbg !14
  %167 = or i32 %166, %157, !dbg !14
  %168 = tail call i32 @llvm.amdgcn.ds.permute(i32 %157, i32 %167), !dbg !14
  %169 = lshr i32 %168, 8, !dbg !14
  %170 = and i32 %169, 255, !dbg !14
  %171 = and i32 %168, 1, !dbg !14
  %.not = icmp eq i32 %171, 0, !dbg !14
  %172 = icmp ne i32 %170, 1, !dbg !14
  %173 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %172), !dbg !14
  %.not1 = icmp eq i64 %173, 0, !dbg !14
  br i1 %.not1, label %205, label %174, !dbg !14

174:                                              ; preds = %148
  %175 = add i32 %168, 128, !dbg !14
  %176 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %175, i32 %163), !dbg !14
  %177 = icmp samesign ugt i32 %170, 32, !dbg !14
  %178 = select i1 %177, i32 %176, i32 0, !dbg !14
  %179 = add i32 %178, %163, !dbg !14
  %180 = add i32 %168, 64, !dbg !14
  %181 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %180, i32 %179), !dbg !14
  %182 = icmp samesign ugt i32 %170, 16, !dbg !14
  %183 = select i1 %182, i32 %181, i32 0, !dbg !14
  %184 = add i32 %179, %183, !dbg !14
  %185 = add i32 %168, 32, !dbg !14
  %186 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %185, i32 %184), !dbg !14
  %187 = icmp samesign ugt i32 %170, 8, !dbg !14
  %188 = select i1 %187, i32 %186, i32 0, !dbg !14
  %189 = add i32 %184, %188, !dbg !14
  %190 = add i32 %168, 16, !dbg !14
  %191 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %190, i32 %189), !dbg !14
  %192 = icmp samesign ugt i32 %170, 4, !dbg !14
  %193 = select i1 %192, i32 %191, i32 0, !dbg !14
  %194 = add i32 %189, %193, !dbg !14
  %195 = add i32 %168, 8, !dbg !14
  %196 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %195, i32 %194), !dbg !14
  %197 = icmp samesign ugt i32 %170, 2, !dbg !14
  %198 = select i1 %197, i32 %196, i32 0, !dbg !14
  %199 = add i32 %194, %198, !dbg !14
  %200 = add i32 %168, 4, !dbg !14
  %201 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %200, i32 %199), !dbg !14
  %202 = icmp samesign ugt i32 %170, 1, !dbg !14
  %203 = select i1 %202, i32 %201, i32 0, !dbg !14
  %204 = add i32 %199, %203, !dbg !14
  br label %205, !dbg !14

205:                                              ; preds = %174, %148
  %206 = phi i32 [ %204, %174 ], [ %163, %148 ], !dbg !14
  br i1 %.not, label %212, label %207, !dbg !14

207:                                              ; preds = %205, %116
  %208 = phi i64 [ %162, %205 ], [ %111, %116 ], !dbg !14
  %209 = phi i32 [ %206, %205 ], [ %104, %116 ], !dbg !14
  %210 = inttoptr i64 %208 to ptr addrspace(1), !dbg !14
  %211 = atomicrmw add ptr addrspace(1) %210, i32 %209 syncscope("agent") release, align 4, !dbg !14
  br label %212, !dbg !14

212:                                              ; preds = %205, %207, %27
  %213 = zext i1 %20 to i32, !dbg !14
  %214 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %213, i32 273, i32 15, i32 15, i1 false), !dbg !14
  %215 = add i32 %214, %213, !dbg !14
  %216 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %213, i32 274, i32 15, i32 15, i1 false), !dbg !14
  %217 = add i32 %215, %216, !dbg !14
  %218 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %213, i32 275, i32 15, i32 15, i1 false), !dbg !14
  %219 = add i32 %217, %218, !dbg !14
  %220 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %219, i32 276, i32 15, i32 14, i1 true), !dbg !14
  %221 = add i32 %219, %220, !dbg !14
  %222 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %221, i32 280, i32 15, i32 12, i1 true), !dbg !14
  %223 = add i32 %221, %222, !dbg !14
  %224 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %223, i32 322, i32 10, i32 15, i1 true), !dbg !14
  %225 = add i32 %223, %224, !dbg !14
  %226 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %225, i32 323, i32 12, i32 15, i1 true), !dbg !14
  %227 = add i32 %225, %226, !dbg !14
  %228 = select i1 %20, i32 %227, i32 0, !dbg !14
  %229 = icmp eq i32 %228, 0, !dbg !14
  %230 = shl i32 %228, 2, !dbg !14
  %231 = add i32 %230, -4, !dbg !14
  %232 = select i1 %229, i32 252, i32 %231, !dbg !14
  %233 = tail call i32 @llvm.amdgcn.ds.permute(i32 %232, i32 1), !dbg !14
  %234 = extractelement <2 x i32> %79, i64 0, !dbg !14
  %235 = tail call i32 @llvm.amdgcn.ds.permute(i32 %232, i32 %234), !dbg !14
  %236 = insertelement <2 x i32> poison, i32 %235, i64 0, !dbg !14
  %237 = extractelement <2 x i32> %79, i64 1, !dbg !14
  %238 = tail call i32 @llvm.amdgcn.ds.permute(i32 %232, i32 %237), !dbg !14
  %239 = insertelement <2 x i32> %236, i32 %238, i64 1, !dbg !14
  %240 = bitcast <2 x i32> %239 to i64, !dbg !14
  %241 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %20), !dbg !14
  %242 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %241), !dbg !14
  %243 = trunc nuw nsw i64 %242 to i32, !dbg !14
  %244 = icmp samesign ult i32 %9, %243, !dbg !14
  br i1 %244, label %245, label %341, !dbg !14

245:                                              ; preds = %212
  %246 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %235, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %247 = insertelement <2 x i32> poison, i32 %246, i64 0, !dbg !14
  %248 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %238, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %249 = insertelement <2 x i32> %247, i32 %248, i64 1, !dbg !14
  %250 = bitcast <2 x i32> %249 to i64, !dbg !14
  %251 = add i64 %240, 4, !dbg !14
  %252 = icmp eq i64 %251, %250, !dbg !14
  %253 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %252), !dbg !14
  %254 = lshr i64 %253, 1, !dbg !14
  %255 = and i64 %254, 6148914691236517205, !dbg !14
  %256 = sub i64 %253, %255, !dbg !14
  %257 = and i64 %256, 3689348814741910323, !dbg !14
  %258 = lshr i64 %256, 2, !dbg !14
  %259 = and i64 %258, 3689348814741910323, !dbg !14
  %260 = add nuw nsw i64 %259, %257, !dbg !14
  %261 = lshr i64 %260, 4, !dbg !14
  %262 = add nuw nsw i64 %261, %260, !dbg !14
  %263 = and i64 %262, 1085102592571150095, !dbg !14
  %264 = mul i64 %263, 72340172838076673, !dbg !14
  %265 = icmp ult i64 %264, 2305843009213693952, !dbg !14
  br i1 %265, label %.preheader9, label %336, !dbg !14

.preheader9:                                      ; preds = %245, %.preheader9
  %266 = phi i32 [ %276, %.preheader9 ], [ 0, %245 ], !dbg !14
  %267 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %235), !dbg !14
  %268 = insertelement <2 x i32> poison, i32 %267, i64 0, !dbg !14
  %269 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %238), !dbg !14
  %270 = insertelement <2 x i32> %268, i32 %269, i64 1, !dbg !14
  %271 = bitcast <2 x i32> %270 to i64, !dbg !14
  %272 = icmp eq i64 %271, %240, !dbg !14
  %273 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %272), !dbg !14
  %274 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %273), !dbg !14
  %275 = trunc nuw nsw i64 %274 to i32, !dbg !14
  %276 = add i32 %266, %275, !dbg !14
  br i1 %272, label %277, label %.preheader9, !dbg !14

277:                                              ; preds = %.preheader9
  %278 = lshr i64 %273, 32, !dbg !14
  %279 = trunc nuw i64 %278 to i32, !dbg !14
  %280 = trunc i64 %273 to i32, !dbg !14
  %281 = tail call i32 @llvm.amdgcn.mbcnt.lo(i32 %280, i32 0), !dbg !14
  %282 = tail call i32 @llvm.amdgcn.mbcnt.hi(i32 %279, i32 %281), !dbg !14
  %283 = add i32 %282, %266, !dbg !14
  %284 = sub i32 %275, %282, !dbg !14
  %285 = icmp eq i32 %282, 0, !dbg !14
  %286 = shl i32 %283, 2, !dbg !14
  %287 = tail call i32 @llvm.amdgcn.ds.permute(i32 %286, i32 %235), !dbg !14
  %288 = insertelement <2 x i32> poison, i32 %287, i64 0, !dbg !14
  %289 = tail call i32 @llvm.amdgcn.ds.permute(i32 %286, i32 %238), !dbg !14
  %290 = insertelement <2 x i32> %288, i32 %289, i64 1, !dbg !14
  %291 = bitcast <2 x i32> %290 to i64, !dbg !14
  %292 = tail call i32 @llvm.amdgcn.ds.permute(i32 %286, i32 %233), !dbg !14
  %293 = zext i1 %285 to i32, !dbg !14
  %294 = shl i32 %284, 8, !dbg !14
  %295 = or disjoint i32 %294, %293, !dbg !14
  %296 = or i32 %295, %286, !dbg !14
  %297 = tail call i32 @llvm.amdgcn.ds.permute(i32 %286, i32 %296), !dbg !14
  %298 = lshr i32 %297, 8, !dbg !14
  %299 = and i32 %298, 255, !dbg !14
  %300 = and i32 %297, 1, !dbg !14
  %.not2 = icmp eq i32 %300, 0, !dbg !14
  %301 = icmp ne i32 %299, 1, !dbg !14
  %302 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %301), !dbg !14
  %.not3 = icmp eq i64 %302, 0, !dbg !14
  br i1 %.not3, label %334, label %303, !dbg !14

303:                                              ; preds = %277
  %304 = add i32 %297, 128, !dbg !14
  %305 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %304, i32 %292), !dbg !14
  %306 = icmp samesign ugt i32 %299, 32, !dbg !14
  %307 = select i1 %306, i32 %305, i32 0, !dbg !14
  %308 = add i32 %307, %292, !dbg !14
  %309 = add i32 %297, 64, !dbg !14
  %310 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %309, i32 %308), !dbg !14
  %311 = icmp samesign ugt i32 %299, 16, !dbg !14
  %312 = select i1 %311, i32 %310, i32 0, !dbg !14
  %313 = add i32 %308, %312, !dbg !14
  %314 = add i32 %297, 32, !dbg !14
  %315 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %314, i32 %313), !dbg !14
  %316 = icmp samesign ugt i32 %299, 8, !dbg !14
  %317 = select i1 %316, i32 %315, i32 0, !dbg !14
  %318 = add i32 %313, %317, !dbg !14
  %319 = add i32 %297, 16, !dbg !14
  %320 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %319, i32 %318), !dbg !14
  %321 = icmp samesign ugt i32 %299, 4, !dbg !14
  %322 = select i1 %321, i32 %320, i32 0, !dbg !14
  %323 = add i32 %318, %322, !dbg !14
  %324 = add i32 %297, 8, !dbg !14
  %325 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %324, i32 %323), !dbg !14
  %326 = icmp samesign ugt i32 %299, 2, !dbg !14
  %327 = select i1 %326, i32 %325, i32 0, !dbg !14
  %328 = add i32 %323, %327, !dbg !14
  %329 = add i32 %297, 4, !dbg !14
  %330 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %329, i32 %328), !dbg !14
  %331 = icmp samesign ugt i32 %299, 1, !dbg !14
  %332 = select i1 %331, i32 %330, i32 0, !dbg !14
  %333 = add i32 %328, %332, !dbg !14
  br label %334, !dbg !14

334:                                              ; preds = %303, %277
  %335 = phi i32 [ %333, %303 ], [ %292, %277 ], !dbg !14
  br i1 %.not2, label %341, label %336, !dbg !14

336:                                              ; preds = %334, %245
  %337 = phi i64 [ %291, %334 ], [ %240, %245 ], !dbg !14
  %338 = phi i32 [ %335, %334 ], [ %233, %245 ], !dbg !14
  %339 = inttoptr i64 %337 to ptr addrspace(1), !dbg !14
  %340 = atomicrmw add ptr addrspace(1) %339, i32 %338 syncscope("agent") monotonic, align 4, !dbg !14
  br label %341, !dbg !14

341:                                              ; preds = %334, %336, %212
  %342 = zext i1 %21 to i32, !dbg !14
  %343 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %342, i32 273, i32 15, i32 15, i1 false), !dbg !14
  %344 = add i32 %343, %342, !dbg !14
  %345 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %342, i32 274, i32 15, i32 15, i1 false), !dbg !14
  %346 = add i32 %344, %345, !dbg !14
  %347 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %342, i32 275, i32 15, i32 15, i1 false), !dbg !14
  %348 = add i32 %346, %347, !dbg !14
  %349 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %348, i32 276, i32 15, i32 14, i1 true), !dbg !14
  %350 = add i32 %348, %349, !dbg !14
  %351 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %350, i32 280, i32 15, i32 12, i1 true), !dbg !14
  %352 = add i32 %350, %351, !dbg !14
  %353 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %352, i32 322, i32 10, i32 15, i1 true), !dbg !14
  %354 = add i32 %352, %353, !dbg !14
  %355 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %354, i32 323, i32 12, i32 15, i1 true), !dbg !14
  %356 = add i32 %354, %355, !dbg !14
  %357 = select i1 %21, i32 %356, i32 0, !dbg !14
  %358 = icmp eq i32 %357, 0, !dbg !14
  %359 = shl i32 %357, 2, !dbg !14
  %360 = add i32 %359, -4, !dbg !14
  %361 = select i1 %358, i32 252, i32 %360, !dbg !14
  %362 = tail call i32 @llvm.amdgcn.ds.permute(i32 %361, i32 1), !dbg !14
  %363 = extractelement <2 x i32> %81, i64 0, !dbg !14
  %364 = tail call i32 @llvm.amdgcn.ds.permute(i32 %361, i32 %363), !dbg !14
  %365 = insertelement <2 x i32> poison, i32 %364, i64 0, !dbg !14
  %366 = extractelement <2 x i32> %81, i64 1, !dbg !14
  %367 = tail call i32 @llvm.amdgcn.ds.permute(i32 %361, i32 %366), !dbg !14
  %368 = insertelement <2 x i32> %365, i32 %367, i64 1, !dbg !14
  %369 = bitcast <2 x i32> %368 to i64, !dbg !14
  %370 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %21), !dbg !14
  %371 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %370), !dbg !14
  %372 = trunc nuw nsw i64 %371 to i32, !dbg !14
  %373 = icmp samesign ult i32 %9, %372, !dbg !14
  br i1 %373, label %374, label %470, !dbg !14

374:                                              ; preds = %341
  %375 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %364, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %376 = insertelement <2 x i32> poison, i32 %375, i64 0, !dbg !14
  %377 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %367, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %378 = insertelement <2 x i32> %376, i32 %377, i64 1, !dbg !14
  %379 = bitcast <2 x i32> %378 to i64, !dbg !14
  %380 = add i64 %369, 4, !dbg !14
  %381 = icmp eq i64 %380, %379, !dbg !14
  %382 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %381), !dbg !14
  %383 = lshr i64 %382, 1, !dbg !14
  %384 = and i64 %383, 6148914691236517205, !dbg !14
  %385 = sub i64 %382, %384, !dbg !14
  %386 = and i64 %385, 3689348814741910323, !dbg !14
  %387 = lshr i64 %385, 2, !dbg !14
  %388 = and i64 %387, 3689348814741910323, !dbg !14
  %389 = add nuw nsw i64 %388, %386, !dbg !14
  %390 = lshr i64 %389, 4, !dbg !14
  %391 = add nuw nsw i64 %390, %389, !dbg !14
  %392 = and i64 %391, 1085102592571150095, !dbg !14
  %393 = mul i64 %392, 72340172838076673, !dbg !14
  %394 = icmp ult i64 %393, 2305843009213693952, !dbg !14
  br i1 %394, label %.preheader8, label %465, !dbg !14

.preheader8:                                      ; preds = %374, %.preheader8
  %395 = phi i32 [ %405, %.preheader8 ], [ 0, %374 ], !dbg !14
  %396 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %364), !dbg !14
  %397 = insertelement <2 x i32> poison, i32 %396, i64 0, !dbg !14
  %398 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %367), !dbg !14
  %399 = insertelement <2 x i32> %397, i32 %398, i64 1, !dbg !14
  %400 = bitcast <2 x i32> %399 to i64, !dbg !14
  %401 = icmp eq i64 %400, %369, !dbg !14
  %402 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %401), !dbg !14
  %403 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %402), !dbg !14
  %404 = trunc nuw nsw i64 %403 to i32, !dbg !14
  %405 = add i32 %395, %404, !dbg !14
  br i1 %401, label %406, label %.preheader8, !dbg !14

406:                                              ; preds = %.preheader8
  %407 = lshr i64 %402, 32, !dbg !14
  %408 = trunc nuw i64 %407 to i32, !dbg !14
  %409 = trunc i64 %402 to i32, !dbg !14
  %410 = tail call i32 @llvm.amdgcn.mbcnt.lo(i32 %409, i32 0), !dbg !14
  %411 = tail call i32 @llvm.amdgcn.mbcnt.hi(i32 %408, i32 %410), !dbg !14
  %412 = add i32 %411, %395, !dbg !14
  %413 = sub i32 %404, %411, !dbg !14
  %414 = icmp eq i32 %411, 0, !dbg !14
  %415 = shl i32 %412, 2, !dbg !14
  %416 = tail call i32 @llvm.amdgcn.ds.permute(i32 %415, i32 %364), !dbg !14
  %417 = insertelement <2 x i32> poison, i32 %416, i64 0, !dbg !14
  %418 = tail call i32 @llvm.amdgcn.ds.permute(i32 %415, i32 %367), !dbg !14
  %419 = insertelement <2 x i32> %417, i32 %418, i64 1, !dbg !14
  %420 = bitcast <2 x i32> %419 to i64, !dbg !14
  %421 = tail call i32 @llvm.amdgcn.ds.permute(i32 %415, i32 %362), !dbg !14
  %422 = zext i1 %414 to i32, !dbg !14
  %423 = shl i32 %413, 8, !dbg !14
  %424 = or disjoint i32 %423, %422, !dbg !14
  %425 = or i32 %424, %415, !dbg !14
  %426 = tail call i32 @llvm.amdgcn.ds.permute(i32 %415, i32 %425), !dbg !14
  %427 = lshr i32 %426, 8, !dbg !14
  %428 = and i32 %427, 255, !dbg !14
  %429 = and i32 %426, 1, !dbg !14
  %.not4 = icmp eq i32 %429, 0, !dbg !14
  %430 = icmp ne i32 %428, 1, !dbg !14
  %431 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %430), !dbg !14
  %.not5 = icmp eq i64 %431, 0, !dbg !14
  br i1 %.not5, label %463, label %432, !dbg !14

432:                                              ; preds = %406
  %433 = add i32 %426, 128, !dbg !14
  %434 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %433, i32 %421), !dbg !14
  %435 = icmp samesign ugt i32 %428, 32, !dbg !14
  %436 = select i1 %435, i32 %434, i32 0, !dbg !14
  %437 = add i32 %436, %421, !dbg !14
  %438 = add i32 %426, 64, !dbg !14
  %439 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %438, i32 %437), !dbg !14
  %440 = icmp samesign ugt i32 %428, 16, !dbg !14
  %441 = select i1 %440, i32 %439, i32 0, !dbg !14
  %442 = add i32 %437, %441, !dbg !14
  %443 = add i32 %426, 32, !dbg !14
  %444 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %443, i32 %442), !dbg !14
  %445 = icmp samesign ugt i32 %428, 8, !dbg !14
  %446 = select i1 %445, i32 %444, i32 0, !dbg !14
  %447 = add i32 %442, %446, !dbg !14
  %448 = add i32 %426, 16, !dbg !14
  %449 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %448, i32 %447), !dbg !14
  %450 = icmp samesign ugt i32 %428, 4, !dbg !14
  %451 = select i1 %450, i32 %449, i32 0, !dbg !14
  %452 = add i32 %447, %451, !dbg !14
  %453 = add i32 %426, 8, !dbg !14
  %454 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %453, i32 %452), !dbg !14
  %455 = icmp samesign ugt i32 %428, 2, !dbg !14
  %456 = select i1 %455, i32 %454, i32 0, !dbg !14
  %457 = add i32 %452, %456, !dbg !14
  %458 = add i32 %426, 4, !dbg !14
  %459 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %458, i32 %457), !dbg !14
  %460 = icmp samesign ugt i32 %428, 1, !dbg !14
  %461 = select i1 %460, i32 %459, i32 0, !dbg !14
  %462 = add i32 %457, %461, !dbg !14
  br label %463, !dbg !14

463:                                              ; preds = %432, %406
  %464 = phi i32 [ %462, %432 ], [ %421, %406 ], !dbg !14
  br i1 %.not4, label %470, label %465, !dbg !14

465:                                              ; preds = %463, %374
  %466 = phi i64 [ %420, %463 ], [ %369, %374 ], !dbg !14
  %467 = phi i32 [ %464, %463 ], [ %362, %374 ], !dbg !14
  %468 = inttoptr i64 %466 to ptr addrspace(1), !dbg !14
  %469 = atomicrmw add ptr addrspace(1) %468, i32 %467 syncscope("agent") monotonic, align 4, !dbg !14
  br label %470, !dbg !14

470:                                              ; preds = %463, %465, %341
  %471 = zext i1 %22 to i32, !dbg !14
  %472 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %471, i32 273, i32 15, i32 15, i1 false), !dbg !14
  %473 = add i32 %472, %471, !dbg !14
  %474 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %471, i32 274, i32 15, i32 15, i1 false), !dbg !14
  %475 = add i32 %473, %474, !dbg !14
  %476 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %471, i32 275, i32 15, i32 15, i1 false), !dbg !14
  %477 = add i32 %475, %476, !dbg !14
  %478 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %477, i32 276, i32 15, i32 14, i1 true), !dbg !14
  %479 = add i32 %477, %478, !dbg !14
  %480 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %479, i32 280, i32 15, i32 12, i1 true), !dbg !14
  %481 = add i32 %479, %480, !dbg !14
  %482 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %481, i32 322, i32 10, i32 15, i1 true), !dbg !14
  %483 = add i32 %481, %482, !dbg !14
  %484 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %483, i32 323, i32 12, i32 15, i1 true), !dbg !14
  %485 = add i32 %483, %484, !dbg !14
  %486 = select i1 %22, i32 %485, i32 0, !dbg !14
  %487 = icmp eq i32 %486, 0, !dbg !14
  %488 = shl i32 %486, 2, !dbg !14
  %489 = add i32 %488, -4, !dbg !14
  %490 = select i1 %487, i32 252, i32 %489, !dbg !14
  %491 = tail call i32 @llvm.amdgcn.ds.permute(i32 %490, i32 1), !dbg !14
  %492 = extractelement <2 x i32> %83, i64 0, !dbg !14
  %493 = tail call i32 @llvm.amdgcn.ds.permute(i32 %490, i32 %492), !dbg !14
  %494 = insertelement <2 x i32> poison, i32 %493, i64 0, !dbg !14
  %495 = extractelement <2 x i32> %83, i64 1, !dbg !14
  %496 = tail call i32 @llvm.amdgcn.ds.permute(i32 %490, i32 %495), !dbg !14
  %497 = insertelement <2 x i32> %494, i32 %496, i64 1, !dbg !14
  %498 = bitcast <2 x i32> %497 to i64, !dbg !14
  %499 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %22), !dbg !14
  %500 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %499), !dbg !14
  %501 = trunc nuw nsw i64 %500 to i32, !dbg !14
  %502 = icmp samesign ult i32 %9, %501, !dbg !14
  br i1 %502, label %503, label %599, !dbg !14

503:                                              ; preds = %470
  %504 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %493, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %505 = insertelement <2 x i32> poison, i32 %504, i64 0, !dbg !14
  %506 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %496, i32 304, i32 15, i32 15, i1 false), !dbg !14
  %507 = insertelement <2 x i32> %505, i32 %506, i64 1, !dbg !14
  %508 = bitcast <2 x i32> %507 to i64, !dbg !14
  %509 = add i64 %498, 4, !dbg !14
  %510 = icmp eq i64 %509, %508, !dbg !14
  %511 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %510), !dbg !14
  %512 = lshr i64 %511, 1, !dbg !14
  %513 = and i64 %512, 6148914691236517205, !dbg !14
  %514 = sub i64 %511, %513, !dbg !14
  %515 = and i64 %514, 3689348814741910323, !dbg !14
  %516 = lshr i64 %514, 2, !dbg !14
  %517 = and i64 %516, 3689348814741910323, !dbg !14
  %518 = add nuw nsw i64 %517, %515, !dbg !14
  %519 = lshr i64 %518, 4, !dbg !14
  %520 = add nuw nsw i64 %519, %518, !dbg !14
  %521 = and i64 %520, 1085102592571150095, !dbg !14
  %522 = mul i64 %521, 72340172838076673, !dbg !14
  %523 = icmp ult i64 %522, 2305843009213693952, !dbg !14
  br i1 %523, label %.preheader, label %594, !dbg !14

.preheader:                                       ; preds = %503, %.preheader
  %524 = phi i32 [ %534, %.preheader ], [ 0, %503 ], !dbg !14
  %525 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %493), !dbg !14
  %526 = insertelement <2 x i32> poison, i32 %525, i64 0, !dbg !14
  %527 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %496), !dbg !14
  %528 = insertelement <2 x i32> %526, i32 %527, i64 1, !dbg !14
  %529 = bitcast <2 x i32> %528 to i64, !dbg !14
  %530 = icmp eq i64 %529, %498, !dbg !14
  %531 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %530), !dbg !14
  %532 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %531), !dbg !14
  %533 = trunc nuw nsw i64 %532 to i32, !dbg !14
  %534 = add i32 %524, %533, !dbg !14
  br i1 %530, label %535, label %.preheader, !dbg !14

535:                                              ; preds = %.preheader
  %536 = lshr i64 %531, 32, !dbg !14
  %537 = trunc nuw i64 %536 to i32, !dbg !14
  %538 = trunc i64 %531 to i32, !dbg !14
  %539 = tail call i32 @llvm.amdgcn.mbcnt.lo(i32 %538, i32 0), !dbg !14
  %540 = tail call i32 @llvm.amdgcn.mbcnt.hi(i32 %537, i32 %539), !dbg !14
  %541 = add i32 %540, %524, !dbg !14
  %542 = sub i32 %533, %540, !dbg !14
  %543 = icmp eq i32 %540, 0, !dbg !14
  %544 = shl i32 %541, 2, !dbg !14
  %545 = tail call i32 @llvm.amdgcn.ds.permute(i32 %544, i32 %493), !dbg !14
  %546 = insertelement <2 x i32> poison, i32 %545, i64 0, !dbg !14
  %547 = tail call i32 @llvm.amdgcn.ds.permute(i32 %544, i32 %496), !dbg !14
  %548 = insertelement <2 x i32> %546, i32 %547, i64 1, !dbg !14
  %549 = bitcast <2 x i32> %548 to i64, !dbg !14
  %550 = tail call i32 @llvm.amdgcn.ds.permute(i32 %544, i32 %491), !dbg !14
  %551 = zext i1 %543 to i32, !dbg !14
  %552 = shl i32 %542, 8, !dbg !14
  %553 = or disjoint i32 %552, %551, !dbg !14
  %554 = or i32 %553, %544, !dbg !14
  %555 = tail call i32 @llvm.amdgcn.ds.permute(i32 %544, i32 %554), !dbg !14
  %556 = lshr i32 %555, 8, !dbg !14
  %557 = and i32 %556, 255, !dbg !14
  %558 = and i32 %555, 1, !dbg !14
  %.not6 = icmp eq i32 %558, 0, !dbg !14
  %559 = icmp ne i32 %557, 1, !dbg !14
  %560 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %559), !dbg !14
  %.not7 = icmp eq i64 %560, 0, !dbg !14
  br i1 %.not7, label %592, label %561, !dbg !14

561:                                              ; preds = %535
  %562 = add i32 %555, 128, !dbg !14
  %563 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %562, i32 %550), !dbg !14
  %564 = icmp samesign ugt i32 %557, 32, !dbg !14
  %565 = select i1 %564, i32 %563, i32 0, !dbg !14
  %566 = add i32 %565, %550, !dbg !14
  %567 = add i32 %555, 64, !dbg !14
  %568 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %567, i32 %566), !dbg !14
  %569 = icmp samesign ugt i32 %557, 16, !dbg !14
  %570 = select i1 %569, i32 %568, i32 0, !dbg !14
  %571 = add i32 %566, %570, !dbg !14
  %572 = add i32 %555, 32, !dbg !14
  %573 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %572, i32 %571), !dbg !14
  %574 = icmp samesign ugt i32 %557, 8, !dbg !14
  %575 = select i1 %574, i32 %573, i32 0, !dbg !14
  %576 = add i32 %571, %575, !dbg !14
  %577 = add i32 %555, 16, !dbg !14
  %578 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %577, i32 %576), !dbg !14
  %579 = icmp samesign ugt i32 %557, 4, !dbg !14
  %580 = select i1 %579, i32 %578, i32 0, !dbg !14
  %581 = add i32 %576, %580, !dbg !14
  %582 = add i32 %555, 8, !dbg !14
  %583 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %582, i32 %581), !dbg !14
  %584 = icmp samesign ugt i32 %557, 2, !dbg !14
  %585 = select i1 %584, i32 %583, i32 0, !dbg !14
  %586 = add i32 %581, %585, !dbg !14
  %587 = add i32 %555, 4, !dbg !14
  %588 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %587, i32 %586), !dbg !14
  %589 = icmp samesign ugt i32 %557, 1, !dbg !14
  %590 = select i1 %589, i32 %588, i32 0, !dbg !14
  %591 = add i32 %586, %590, !dbg !14
  br label %592, !dbg !14

592:                                              ; preds = %561, %535
  %593 = phi i32 [ %591, %561 ], [ %550, %535 ], !dbg !14
  br i1 %.not6, label %599, label %594, !dbg !14

594:                                              ; preds = %592, %503
  %595 = phi i64 [ %549, %592 ], [ %498, %503 ], !dbg !14
  %596 = phi i32 [ %593, %592 ], [ %491, %503 ], !dbg !14
  %597 = inttoptr i64 %595 to ptr addrspace(1), !dbg !14
  %598 = atomicrmw add ptr addrspace(1) %597, i32 %596 syncscope("agent") acquire, align 4, !dbg !14
  br label %599, !dbg !14

599:                                              ; preds = %592, %594, %470
  ret void, !dbg !15
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.ds.permute(i32, i32) #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i64 @llvm.amdgcn.ballot.i64(i1) #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32) #4

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #5

attributes #0 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "histogram_kernel", linkageName: "histogram_kernel", scope: !1, file: !1, line: 94, type: !5, scopeLine: 94, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 95, column: 25, scope: !4)
!8 = !DILocation(line: 95, column: 30, scope: !4)
!9 = !DILocation(line: 95, column: 51, scope: !4)
!10 = !DILocation(line: 95, column: 38, scope: !4)
!11 = !DILocation(line: 96, column: 15, scope: !4)
!12 = !DILocation(line: 97, column: 16, scope: !4)
!13 = !DILocation(line: 98, column: 29, scope: !4)
!14 = !DILocation(line: 98, column: 32, scope: !4)
!15 = !DILocation(line: 98, column: 4, scope: !4)

; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: nounwind
define ptx_kernel void @histogram_kernel(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %2, ptr addrspace(1) readnone captures(none) %3, ptr addrspace(1) readnone captures(none) %4) local_unnamed_addr #0 !dbg !4 {
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !7
  %7 = shl i32 %6, 10, !dbg !8
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !9
  %9 = and i32 %8, 127, !dbg !9
  %10 = shl nuw nsw i32 %9, 2, !dbg !9
  %11 = or disjoint i32 %10, %7, !dbg !10
  %12 = or disjoint i32 %11, 512, !dbg !10
  %13 = or disjoint i32 %7, %9, !dbg !10
  %14 = or disjoint i32 %13, 128, !dbg !10
  %15 = or disjoint i32 %13, 256, !dbg !10
  %16 = or disjoint i32 %13, 384, !dbg !10
  %17 = or disjoint i32 %13, 512, !dbg !10
  %18 = or disjoint i32 %13, 640, !dbg !10
  %19 = or disjoint i32 %13, 768, !dbg !10
  %20 = or disjoint i32 %8, %7, !dbg !10
  %21 = or i32 %20, 896, !dbg !10
  %22 = icmp slt i32 %11, %2, !dbg !11
  %23 = icmp slt i32 %12, %2, !dbg !11
  %24 = icmp slt i32 %13, %2, !dbg !11
  %25 = icmp slt i32 %14, %2, !dbg !11
  %26 = icmp slt i32 %15, %2, !dbg !11
  %27 = icmp slt i32 %16, %2, !dbg !11
  %28 = icmp slt i32 %17, %2, !dbg !11
  %29 = icmp slt i32 %18, %2, !dbg !11
  %30 = icmp slt i32 %19, %2, !dbg !11
  %31 = icmp slt i32 %21, %2, !dbg !11
  %32 = sext i32 %11 to i64, !dbg !12
  %33 = getelementptr i32, ptr addrspace(1) %0, i64 %32, !dbg !12
  %34 = sext i32 %12 to i64, !dbg !12
  %35 = getelementptr i32, ptr addrspace(1) %0, i64 %34, !dbg !12
  %36 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(ptr addrspace(1) %33, i1 %22) #3, !dbg !13
  %37 = extractvalue { i32, i32, i32, i32 } %36, 0, !dbg !13
  %38 = extractvalue { i32, i32, i32, i32 } %36, 1, !dbg !13
  %39 = extractvalue { i32, i32, i32, i32 } %36, 2, !dbg !13
  %40 = extractvalue { i32, i32, i32, i32 } %36, 3, !dbg !13
  %41 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(ptr addrspace(1) %35, i1 %23) #3, !dbg !13
  %42 = extractvalue { i32, i32, i32, i32 } %41, 0, !dbg !13
  %43 = extractvalue { i32, i32, i32, i32 } %41, 1, !dbg !13
  %44 = extractvalue { i32, i32, i32, i32 } %41, 2, !dbg !13
  %45 = extractvalue { i32, i32, i32, i32 } %41, 3, !dbg !13
  %46 = sext i32 %37 to i64, !dbg !14
  %47 = getelementptr i32, ptr addrspace(1) %1, i64 %46, !dbg !14
  %48 = sext i32 %38 to i64, !dbg !14
  %49 = getelementptr i32, ptr addrspace(1) %1, i64 %48, !dbg !14
  %50 = sext i32 %39 to i64, !dbg !14
  %51 = getelementptr i32, ptr addrspace(1) %1, i64 %50, !dbg !14
  %52 = sext i32 %40 to i64, !dbg !14
  %53 = getelementptr i32, ptr addrspace(1) %1, i64 %52, !dbg !14
  %54 = sext i32 %42 to i64, !dbg !14
  %55 = getelementptr i32, ptr addrspace(1) %1, i64 %54, !dbg !14
  %56 = sext i32 %43 to i64, !dbg !14
  %57 = getelementptr i32, ptr addrspace(1) %1, i64 %56, !dbg !14
  %58 = sext i32 %44 to i64, !dbg !14
  %59 = getelementptr i32, ptr addrspace(1) %1, i64 %58, !dbg !14
  %60 = sext i32 %45 to i64, !dbg !14
  %61 = getelementptr i32, ptr addrspace(1) %1, i64 %60, !dbg !14
  %62 = ptrtoint ptr addrspace(1) %47 to i64, !dbg !15
  %63 = ptrtoint ptr addrspace(1) %49 to i64, !dbg !15
  %64 = ptrtoint ptr addrspace(1) %51 to i64, !dbg !15
  %65 = ptrtoint ptr addrspace(1) %53 to i64, !dbg !15
  %66 = ptrtoint ptr addrspace(1) %55 to i64, !dbg !15
  %67 = ptrtoint ptr addrspace(1) %57 to i64, !dbg !15
  %68 = ptrtoint ptr addrspace(1) %59 to i64, !dbg !15
  %69 = ptrtoint ptr addrspace(1) %61 to i64, !dbg !15
  %70 = shl nuw nsw i32 %9, 4, !dbg !15
  %71 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %70, !dbg !15
  %72 = insertelement <2 x i64> poison, i64 %62, i64 0, !dbg !15
  %73 = insertelement <2 x i64> %72, i64 %66, i64 1, !dbg !15
  store <2 x i64> %73, ptr addrspace(3) %71, align 16, !dbg !15
  %74 = xor i32 %70, 2080, !dbg !15
  %75 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %74, !dbg !15
  %76 = insertelement <2 x i64> poison, i64 %63, i64 0, !dbg !15
  %77 = insertelement <2 x i64> %76, i64 %67, i64 1, !dbg !15
  store <2 x i64> %77, ptr addrspace(3) %75, align 16, !dbg !15
  %78 = xor i32 %70, 4160, !dbg !15
  %79 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %78, !dbg !15
  %80 = insertelement <2 x i64> poison, i64 %64, i64 0, !dbg !15
  %81 = insertelement <2 x i64> %80, i64 %68, i64 1, !dbg !15
  store <2 x i64> %81, ptr addrspace(3) %79, align 16, !dbg !15
  %82 = xor i32 %70, 6240, !dbg !15
  %83 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %82, !dbg !15
  %84 = insertelement <2 x i64> poison, i64 %65, i64 0, !dbg !15
  %85 = insertelement <2 x i64> %84, i64 %69, i64 1, !dbg !15
  store <2 x i64> %85, ptr addrspace(3) %83, align 16, !dbg !15
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !15
  %86 = and i32 %8, 3, !dbg !15
  %87 = shl nuw nsw i32 %86, 11, !dbg !15
  %88 = shl nuw nsw i32 %86, 5, !dbg !15
  %89 = shl nuw nsw i32 %8, 2, !dbg !15
  %90 = and i32 %89, 496, !dbg !15
  %91 = xor i32 %88, %90, !dbg !15
  %92 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %87, !dbg !15
  %93 = getelementptr inbounds nuw i8, ptr addrspace(3) %92, i32 %91, !dbg !15
  %94 = load i64, ptr addrspace(3) %93, align 16, !dbg !15
  %95 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 8, !dbg !15
  %96 = load i64, ptr addrspace(3) %95, align 8, !dbg !15
  %97 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 512, !dbg !15
  %98 = load i64, ptr addrspace(3) %97, align 16, !dbg !15
  %99 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 520, !dbg !15
  %100 = load i64, ptr addrspace(3) %99, align 8, !dbg !15
  %101 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 1024, !dbg !15
  %102 = load i64, ptr addrspace(3) %101, align 16, !dbg !15
  %103 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 1032, !dbg !15
  %104 = load i64, ptr addrspace(3) %103, align 8, !dbg !15
  %105 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 1536, !dbg !15
  %106 = load i64, ptr addrspace(3) %105, align 16, !dbg !15
  %107 = getelementptr inbounds nuw i8, ptr addrspace(3) %93, i32 1544, !dbg !15
  %108 = load i64, ptr addrspace(3) %107, align 8, !dbg !15
  %109 = inttoptr i64 %94 to ptr addrspace(1), !dbg !15
  %110 = inttoptr i64 %98 to ptr addrspace(1), !dbg !15
  %111 = inttoptr i64 %102 to ptr addrspace(1), !dbg !15
  %112 = inttoptr i64 %106 to ptr addrspace(1), !dbg !15
  %113 = inttoptr i64 %96 to ptr addrspace(1), !dbg !15
  %114 = inttoptr i64 %100 to ptr addrspace(1), !dbg !15
  %115 = inttoptr i64 %104 to ptr addrspace(1), !dbg !15
  %116 = inttoptr i64 %108 to ptr addrspace(1), !dbg !15
  %117 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %109, i32 1, i1 %24) #3, !dbg !15
  %118 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %110, i32 1, i1 %25) #3, !dbg !15
  %119 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %111, i32 1, i1 %26) #3, !dbg !15
  %120 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %112, i32 1, i1 %27) #3, !dbg !15
  %121 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %113, i32 1, i1 %28) #3, !dbg !15
  %122 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %114, i32 1, i1 %29) #3, !dbg !15
  %123 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %115, i32 1, i1 %30) #3, !dbg !15
  %124 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(ptr addrspace(1) %116, i32 1, i1 %31) #3, !dbg !15
  ret void, !dbg !16
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

attributes #0 = { nounwind "nvvm.reqntid"="128" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_gen.py", directory: "/work/main/.dev")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!4 = distinct !DISubprogram(name: "histogram_kernel", linkageName: "histogram_kernel", scope: !1, file: !1, line: 94, type: !5, scopeLine: 94, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 95, column: 25, scope: !4)
!8 = !DILocation(line: 95, column: 30, scope: !4)
!9 = !DILocation(line: 95, column: 51, scope: !4)
!10 = !DILocation(line: 95, column: 38, scope: !4)
!11 = !DILocation(line: 96, column: 15, scope: !4)
!12 = !DILocation(line: 97, column: 24, scope: !4)
!13 = !DILocation(line: 97, column: 16, scope: !4)
!14 = !DILocation(line: 98, column: 29, scope: !4)
!15 = !DILocation(line: 98, column: 32, scope: !4)
!16 = !DILocation(line: 98, column: 4, scope: !4)

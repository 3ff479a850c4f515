; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nounwind
define ptx_kernel void @tma_axpb(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %0, i32 %1, i32 %2, i64 %3, i64 %4, ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %5, i32 %6, i32 %7, i64 %8, i64 %9, ptr addrspace(1) readnone captures(none) %10, ptr addrspace(1) readnone captures(none) %11) local_unnamed_addr #0 !dbg !4 {
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !7
  %14 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !dbg !8
  %15 = shl i32 %13, 6, !dbg !9
  %16 = shl nuw nsw i32 %14, 5, !dbg !10
  %17 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !11
  %18 = and i32 %17, 127, !dbg !11
  %19 = icmp eq i32 %18, 0, !dbg !11
  tail call void asm sideeffect "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r"(i1 %19, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #4, !dbg !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !11
  tail call void asm sideeffect "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 8192;", "b,r"(i1 %19, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #4, !dbg !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !11
  %20 = tail call { i32, i1 } @llvm.nvvm.elect.sync(i32 -1), !dbg !11
  %21 = extractvalue { i32, i1 } %20, 1, !dbg !11
  %22 = icmp samesign ult i32 %18, 32, !dbg !11
  %23 = and i1 %22, %21, !dbg !11
  call void asm sideeffect "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r"(i1 %23, ptr addrspace(3) @global_smem, ptr nonnull %0, i32 %16, i32 %15, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #4, !dbg !11
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !11
  call void asm sideeffect "\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r"(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 0) #4, !dbg !11
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !11
  call void asm sideeffect "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r"(i1 %19, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192)) #4, !dbg !11
  %24 = shl nuw nsw i32 %17, 4, !dbg !11
  %25 = and i32 %24, 2032, !dbg !11
  %26 = shl nuw nsw i32 %17, 1, !dbg !11
  %27 = and i32 %26, 112, !dbg !11
  %28 = xor i32 %25, %27, !dbg !11
  %29 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %28, !dbg !11
  %30 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 2048, !dbg !11
  %31 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 4096, !dbg !11
  %32 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 6144, !dbg !11
  %33 = load <4 x float>, ptr addrspace(3) %29, align 16, !dbg !11
  %34 = fmul <4 x float> %33, splat (float 2.000000e+00), !dbg !12
  %35 = fadd <4 x float> %34, splat (float 1.000000e+00), !dbg !13
  %36 = load <4 x float>, ptr addrspace(3) %30, align 16, !dbg !11
  %37 = fmul <4 x float> %36, splat (float 2.000000e+00), !dbg !12
  %38 = fadd <4 x float> %37, splat (float 1.000000e+00), !dbg !13
  %39 = load <4 x float>, ptr addrspace(3) %31, align 16, !dbg !11
  %40 = fmul <4 x float> %39, splat (float 2.000000e+00), !dbg !12
  %41 = fadd <4 x float> %40, splat (float 1.000000e+00), !dbg !13
  %42 = load <4 x float>, ptr addrspace(3) %32, align 16, !dbg !11
  %43 = fmul <4 x float> %42, splat (float 2.000000e+00), !dbg !12
  %44 = fadd <4 x float> %43, splat (float 1.000000e+00), !dbg !13
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !14
  store <4 x float> %35, ptr addrspace(3) %29, align 16, !dbg !14
  store <4 x float> %38, ptr addrspace(3) %30, align 16, !dbg !14
  store <4 x float> %41, ptr addrspace(3) %31, align 16, !dbg !14
  store <4 x float> %44, ptr addrspace(3) %32, align 16, !dbg !14
  call void asm sideeffect "fence.proxy.async.shared::cta;", ""() #4, !dbg !14
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !14
  %45 = call { i32, i1 } @llvm.nvvm.elect.sync(i32 -1), !dbg !14
  %46 = extractvalue { i32, i1 } %45, 1, !dbg !14
  %47 = and i1 %22, %46, !dbg !14
  call void asm sideeffect "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"(i1 %47, ptr nonnull %5, i32 %16, i32 %15, ptr addrspace(3) @global_smem) #4, !dbg !14
  call void @llvm.nvvm.cp.async.bulk.commit.group(), !dbg !14
  call void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 0), !dbg !14
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !14
  ret void, !dbg !15
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare { i32, i1 } @llvm.nvvm.elect.sync(i32) #3

; Function Attrs: nounwind
declare void @llvm.nvvm.cp.async.bulk.commit.group() #4

; Function Attrs: nounwind
declare void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 immarg) #4

attributes #0 = { nounwind "nvvm.reqntid"="128" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_tma.py", directory: "/work/main/bench/frontends")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!4 = distinct !DISubprogram(name: "tma_axpb", linkageName: "tma_axpb", scope: !1, file: !1, line: 30, type: !5, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{}
!7 = !DILocation(line: 31, column: 23, scope: !4)
!8 = !DILocation(line: 32, column: 23, scope: !4)
!9 = !DILocation(line: 33, column: 26, scope: !4)
!10 = !DILocation(line: 33, column: 35, scope: !4)
!11 = !DILocation(line: 33, column: 20, scope: !4)
!12 = !DILocation(line: 34, column: 41, scope: !4)
!13 = !DILocation(line: 34, column: 47, scope: !4)
!14 = !DILocation(line: 34, column: 37, scope: !4)
!15 = !DILocation(line: 34, column: 4, scope: !4)

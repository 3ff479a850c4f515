; ModuleID = '/work/main/build-test-llvm22/tests/fixtures/mstl_amdgcn.gfx90a.cov4.bc'
source_filename = "mstl_amdgcn.ll.in"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%"struct.mstl::State" = type { i32, i32, i32, ptr, ptr, ptr, i8, i8, i64, i64, ptr, ptr }

@_ZN4mstl11globalStateE = addrspace(1) externally_initialized global %"struct.mstl::State" { i32 -1, i32 -1, i32 24301, ptr null, ptr null, ptr null, i8 0, i8 0, i64 0, i64 0, ptr null, ptr null }, align 8
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @_ZN4mstl11globalStateE to ptr)], section "llvm.metadata"
@__oclc_ABI_version = external addrspace(4) constant i32, align 4

; Function Attrs: nounwind
define internal ptr addrspace(1) @mstl_state_ptr() #0 {
entry:
  ret ptr addrspace(1) @_ZN4mstl11globalStateE
}

; Function Attrs: nounwind
define linkonce_odr i32 @mstl_odr_clamp(i32 %x, i32 %lo, i32 %hi) #0 {
entry:
  %a = call i32 @llvm.smax.i32(i32 %x, i32 %lo)
  %b = call i32 @llvm.smin.i32(i32 %a, i32 %hi)
  ret i32 %b
}

; Function Attrs: nounwind
define i32 @mstl_my_pe() #0 {
entry:
  %s = call ptr addrspace(1) @mstl_state_ptr()
  %v = load i32, ptr addrspace(1) %s, align 8
  ret i32 %v
}

; Function Attrs: nounwind
define i32 @mstl_n_pes() #0 {
entry:
  %s = call ptr addrspace(1) @mstl_state_ptr()
  %p = getelementptr inbounds %"struct.mstl::State", ptr addrspace(1) %s, i64 0, i32 1
  %v = load i32, ptr addrspace(1) %p, align 4
  ret i32 %v
}

; Function Attrs: nounwind
define i32 @mstl_magic() #0 {
entry:
  %s = call ptr addrspace(1) @mstl_state_ptr()
  %p = getelementptr inbounds %"struct.mstl::State", ptr addrspace(1) %s, i64 0, i32 2
  %v = load i32, ptr addrspace(1) %p, align 8
  ret i32 %v
}

; Function Attrs: nounwind
define i64 @mstl_ptr(i64 %addr, i32 %pe) #0 {
entry:
  %s = call ptr addrspace(1) @mstl_state_ptr()
  %tab.p = getelementptr inbounds %"struct.mstl::State", ptr addrspace(1) %s, i64 0, i32 3
  %tab = load ptr, ptr addrspace(1) %tab.p, align 8
  %uninit = icmp eq ptr %tab, null
  br i1 %uninit, label %done, label %xlate

xlate:                                            ; preds = %entry
  %me = load i32, ptr addrspace(1) %s, align 8
  %world.p = getelementptr inbounds %"struct.mstl::State", ptr addrspace(1) %s, i64 0, i32 1
  %world = load i32, ptr addrspace(1) %world.p, align 4
  %last = add nsw i32 %world, -1
  %me.c = call i32 @mstl_odr_clamp(i32 %me, i32 0, i32 %last)
  %pe.c = call i32 @mstl_odr_clamp(i32 %pe, i32 0, i32 %last)
  %me.x = sext i32 %me.c to i64
  %pe.x = sext i32 %pe.c to i64
  %me.bp = getelementptr inbounds i64, ptr %tab, i64 %me.x
  %me.b = load i64, ptr %me.bp, align 8
  %pe.bp = getelementptr inbounds i64, ptr %tab, i64 %pe.x
  %pe.b = load i64, ptr %pe.bp, align 8
  %off = sub i64 %addr, %me.b
  %r = add i64 %pe.b, %off
  br label %done

done:                                             ; preds = %xlate, %entry
  %res = phi i64 [ %addr, %entry ], [ %r, %xlate ]
  ret i64 %res
}

; Function Attrs: nounwind
define i32 @mstl_put_i32(ptr %dst, i32 %v, i32 %pe, i32 %qp) #0 {
entry:
  %a = ptrtoint ptr %dst to i64
  %r = call i64 @mstl_ptr(i64 %a, i32 %pe)
  %p = inttoptr i64 %r to ptr
  store i32 %v, ptr %p, align 4
  ret i32 0
}

; Function Attrs: nounwind
define i64 @mstl_atomic_add_u64(ptr %addr, i64 %v) #0 {
entry:
  %s = call ptr addrspace(1) @mstl_state_ptr()
  %me = load i32, ptr addrspace(1) %s, align 8
  %a = ptrtoint ptr %addr to i64
  %r = call i64 @mstl_ptr(i64 %a, i32 %me)
  %p = inttoptr i64 %r to ptr
  %old = atomicrmw add ptr %p, i64 %v seq_cst, align 8
  ret i64 %old
}

; Function Attrs: nounwind
define i32 @mstl_block_dim_x() #0 {
entry:
  %abi = load i32, ptr addrspace(4) @__oclc_ABI_version, align 4
  %is5 = icmp sge i32 %abi, 500
  br i1 %is5, label %cov5, label %cov4

cov5:                                             ; preds = %entry
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p5 = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 12
  %s5 = load i16, ptr addrspace(4) %p5, align 4
  br label %done

cov4:                                             ; preds = %entry
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %p4 = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 4
  %s4 = load i16, ptr addrspace(4) %p4, align 4
  br label %done

done:                                             ; preds = %cov4, %cov5
  %s = phi i16 [ %s5, %cov5 ], [ %s4, %cov4 ]
  %r = zext i16 %s to i32
  ret i32 %r
}

; Function Attrs: convergent nounwind
define i32 @mstl_lane_count() #1 {
entry:
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 true)
  %c = call i64 @llvm.ctpop.i64(i64 %b)
  %t = trunc i64 %c to i32
  %r = call i32 @llvm.umin.i32(i32 %t, i32 64)
  ret i32 %r
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #2

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i64 @llvm.amdgcn.ballot.i64(i1) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef align 4 ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr() #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #4

attributes #0 = { nounwind "target-cpu"="gfx90a" "target-features"="+wavefrontsize64" }
attributes #1 = { convergent nounwind "target-cpu"="gfx90a" "target-features"="+wavefrontsize64" }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!opencl.ocl.version = !{!4}

!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{!"flyc mstl test fixture (hand-written IR)"}
!4 = !{i32 2, i32 0}

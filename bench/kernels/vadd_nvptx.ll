; The vector add and a copy kernel for NVPTX, as a frontend would hand them to
; flyc (bench/gpu/h200_peers.c); c[i] = a[i] + b[i], out[i] = in[i].
define void @vadd(ptr addrspace(1) noalias readonly %a, ptr addrspace(1) noalias readonly %b, ptr addrspace(1) noalias %c, i32 %n) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ix
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %ix
  %pc = getelementptr inbounds float, ptr addrspace(1) %c, i64 %ix
  %x = load float, ptr addrspace(1) %pa, align 4
  %y = load float, ptr addrspace(1) %pb, align 4
  %s = fadd float %x, %y
  store float %s, ptr addrspace(1) %pc, align 4
  br label %exit
exit:
  ret void
}

define void @copy(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %ok = icmp slt i32 %i, %n
  br i1 %ok, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ix
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  %v = load float, ptr addrspace(1) %pi, align 4
  store float %v, ptr addrspace(1) %po, align 4
  br label %exit
exit:
  ret void
}

; The same with 16-byte accesses (4 floats a thread; n4 = n / 4), as a
; tuned kernel would be written.
define void @vadd4(ptr addrspace(1) noalias readonly %a, ptr addrspace(1) noalias readonly %b, ptr addrspace(1) noalias %c, i32 %n4) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n4
  br i1 %in, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds <4 x float>, ptr addrspace(1) %a, i64 %ix
  %pb = getelementptr inbounds <4 x float>, ptr addrspace(1) %b, i64 %ix
  %pc = getelementptr inbounds <4 x float>, ptr addrspace(1) %c, i64 %ix
  %x = load <4 x float>, ptr addrspace(1) %pa, align 16
  %y = load <4 x float>, ptr addrspace(1) %pb, align 16
  %s = fadd <4 x float> %x, %y
  store <4 x float> %s, ptr addrspace(1) %pc, align 16
  br label %exit
exit:
  ret void
}

define void @copy4(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n4) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %ok = icmp slt i32 %i, %n4
  br i1 %ok, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pi = getelementptr inbounds <4 x float>, ptr addrspace(1) %in, i64 %ix
  %po = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %ix
  %v = load <4 x float>, ptr addrspace(1) %pi, align 16
  store <4 x float> %v, ptr addrspace(1) %po, align 16
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @vadd, !"kernel", i32 1}
!1 = !{ptr @copy, !"kernel", i32 1}
!2 = !{ptr @vadd4, !"kernel", i32 1}
!3 = !{ptr @copy4, !"kernel", i32 1}

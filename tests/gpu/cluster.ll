declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
define void @cl(ptr addrspace(1) %out) {
entry:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = icmp eq i32 %t, 0
  br i1 %z, label %w, label %e
w:
  %n = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
  %r = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  %v = mul i32 %n, 100
  %v2 = add i32 %v, %r
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %b
  store i32 %v2, ptr addrspace(1) %p
  br label %e
e:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @cl, !"kernel", i32 1}

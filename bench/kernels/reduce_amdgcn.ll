; Benchmark kernel 2 in LLVM IR: the shared-memory block sum of reduce.hip
; (256 threads, LDS tree reduction with workgroup barriers).
define amdgpu_kernel void @block_sum(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %bid, 8
  %i = add i32 %base, %tid
  %inb = icmp slt i32 %i, %n
  br i1 %inb, label %load, label %store0

load:
  %ix = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ix
  %v = load float, ptr addrspace(1) %p, align 4
  br label %store0

store0:
  %x = phi float [ %v, %load ], [ 0.0, %entry ]
  %sp = getelementptr inbounds [256 x float], ptr addrspace(3) @smem, i32 0, i32 %tid
  store float %x, ptr addrspace(3) %sp, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br label %loop

loop:
  %s = phi i32 [ 128, %store0 ], [ %s2, %next ]
  %lt = icmp ult i32 %tid, %s
  br i1 %lt, label %add, label %next

add:
  %j = add i32 %tid, %s
  %jp = getelementptr inbounds [256 x float], ptr addrspace(3) @smem, i32 0, i32 %j
  %a = load float, ptr addrspace(3) %sp, align 4
  %b = load float, ptr addrspace(3) %jp, align 4
  %c = fadd float %a, %b
  store float %c, ptr addrspace(3) %sp, align 4
  br label %next

next:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %s2 = lshr i32 %s, 1
  %done = icmp eq i32 %s2, 0
  br i1 %done, label %fin, label %loop

fin:
  %t0 = icmp eq i32 %tid, 0
  br i1 %t0, label %w, label %ret

w:
  %r = load float, ptr addrspace(3) @smem, align 4
  %bx = zext i32 %bid to i64
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %bx
  store float %r, ptr addrspace(1) %op, align 4
  br label %ret

ret:
  ret void
}

@smem = internal addrspace(3) global [256 x float] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "uniform-work-group-size"="true" }

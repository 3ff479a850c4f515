target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void asm sideeffect "s_nop $5", ""()
  ret void
}

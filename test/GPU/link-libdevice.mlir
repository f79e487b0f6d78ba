// pallas-gpu-link-libdevice: a gpu.module declaring libdevice functions
// (what convert-gpu-to-nvvm makes of math ops) gets the libdevice bitcode in
// the link list of its #nvvm.target; PALLAS_LIBDEVICE names the file here.
// RUN: env PALLAS_LIBDEVICE=%S/Inputs/libdevice-stand-in.bc %mlir_opt %s \
// RUN:   -p 'builtin.module(pallas-gpu-link-libdevice)' | FileCheck %s

// CHECK: gpu.module @uses [#nvvm.target<chip = "sm_90a", link = ["{{.*}}/Inputs/libdevice-stand-in.bc"]>]
// CHECK: gpu.module @already [#nvvm.target<chip = "sm_90a", link = ["{{.*}}/Inputs/libdevice-stand-in.bc", "/elsewhere/other.bc"]>, #nvvm.target<chip = "sm_100a", link = ["{{.*}}/Inputs/libdevice-stand-in.bc"]>]
// CHECK: gpu.module @plain [#nvvm.target<chip = "sm_90a">]
module attributes {gpu.container_module} {
  gpu.module @uses [#nvvm.target<chip = "sm_90a">] {
    llvm.func @__nv_exp2f(f32) -> f32
    llvm.func @k(%x: f32) attributes {gpu.kernel, nvvm.kernel} {
      %y = llvm.call @__nv_exp2f(%x) : (f32) -> f32
      llvm.return
    }
  }
  gpu.module @already [#nvvm.target<chip = "sm_90a", link = ["/elsewhere/other.bc"]>, #nvvm.target<chip = "sm_100a">] {
    llvm.func @__nv_rsqrtf(f32) -> f32
  }
  gpu.module @plain [#nvvm.target<chip = "sm_90a">] {
    llvm.func @k(%x: f32) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

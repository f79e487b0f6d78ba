// pallas-gpu-link-libdevice without a libdevice to link: an error at the
// gpu.module naming the function and where it looked.
// RUN: env PALLAS_LIBDEVICE=/nonexistent/libdevice.10.bc %mlir_opt %s --split-input-file \
// RUN:   -p 'builtin.module(pallas-gpu-link-libdevice)' --verify-diagnostics -o /dev/null

module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op calls the libdevice function __nv_exp2f, but no libdevice.10.bc was found (set PALLAS_LIBDEVICE or CUDA_ROOT, or run scripts/setup.sh, which installs nvidia-cuda-nvcc-cu12); tried: /nonexistent/libdevice.10.bc}}
  gpu.module @uses [#nvvm.target<chip = "sm_90a">] {
    llvm.func @__nv_exp2f(f32) -> f32
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op has no targets: run nvvm-attach-target before pallas-gpu-link-libdevice}}
  gpu.module @untargeted {
    llvm.func @__nv_exp2f(f32) -> f32
  }
}

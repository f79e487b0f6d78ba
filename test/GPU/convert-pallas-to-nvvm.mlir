// The registered pipelines from a pallas kernel (examples/gpu/gpu_wgmma_matmul,
// an f16 matmul with 128x128 tiles and K steps of 64):
// * convert-pallas-to-nvvm leaves the kernel outlined into a gpu.module in
//   the NVVM/LLVM dialects with its sm_90a target, and the host in func/gpu,
//   which gpu-module-to-binary{format=isa} turns into PTX with 2 (M = 128 / 64)
//   x 4 (K = 64 / 16) m64n128k16 WGMMAs per K step;
// * pallas-gpu-pipeline goes on to the LLVM dialect with the PTX embedded.
// RUN: %pallas_opt %repo/examples/gpu/gpu_wgmma_matmul.mlir --convert-pallas-to-nvvm -o %t.nvvm.mlir
// RUN: FileCheck %s --check-prefix=NVVM < %t.nvvm.mlir
// RUN: %pallas_opt %t.nvvm.mlir -p 'builtin.module(gpu-module-to-binary{format=isa})' -o %t.bin.mlir
// RUN: %python %repo/scripts/gpu/extract_ptx.py %t.bin.mlir | FileCheck %s --check-prefix=PTX
// RUN: %pallas_opt %repo/examples/gpu/gpu_wgmma_matmul.mlir --pallas-gpu-pipeline -o %t.llvm.mlir 2> %t.err
// RUN: not grep . %t.err
// RUN: FileCheck %s --check-prefix=LLVM < %t.llvm.mlir

// NVVM: module attributes {gpu.container_module
// NVVM: func.func @gpu_wgmma_matmul_mosaic_gpu(
// NVVM: gpu.launch_func
// NVVM: gpu.module @gpu_wgmma_matmul_mosaic_gpu_kernel [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx81">]
// NVVM: llvm.func @gpu_wgmma_matmul_mosaic_gpu_kernel(
// NVVM-SAME: gpu.kernel
// NVVM-NOT: mosaic_gpu.

// PTX: .target sm_90a
// PTX: .visible .entry gpu_wgmma_matmul_mosaic_gpu_kernel(
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX-NOT: wgmma.mma_async

// LLVM: llvm.func @gpu_wgmma_matmul_mosaic_gpu(
// LLVM: gpu.binary @gpu_wgmma_matmul_mosaic_gpu_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx81">, {{.*}}assembly = "

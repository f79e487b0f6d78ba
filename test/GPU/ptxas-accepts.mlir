// ptxas (the nvidia-cuda-nvcc-cu12 wheel scripts/setup.sh installs) accepts
// the PTX pallas-gpu-to-llvm makes of JAX's final modules, with no spills:
// * gpu_wgmma_matmul: a 128x128 f32 accumulator over K steps of 64, f16
//   operands, i.e. per step 2 (M = 128 / 64) x 4 (K = 64 / 16) WGMMAs of
//   shape m64n128k16 = 8, one commit group;
// * gpu_layer_norm: math.rsqrt becomes libdevice's __nv_rsqrtf, linked in by
//   pallas-gpu-link-libdevice (found next to ptxas), so the PTX calls
//   nothing and ptxas resolves every symbol.
// REQUIRES: ptxas
// RUN: %mlir_opt %repo/test/Reference/GPU/lowered/gpu_wgmma_matmul.mlir \
// RUN:   -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.mm.mlir
// RUN: %python %repo/scripts/gpu/extract_ptx.py %t.mm.mlir -o %t.mm.ptx
// RUN: FileCheck %s --check-prefix=MM < %t.mm.ptx
// RUN: %ptxas -arch=sm_90a -v %t.mm.ptx -o %t.mm.cubin 2>&1 | FileCheck %s --check-prefix=MMAS
// RUN: %mlir_opt %repo/test/Reference/GPU/lowered/gpu_layer_norm.mlir \
// RUN:   -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.ln.mlir
// RUN: %python %repo/scripts/gpu/extract_ptx.py %t.ln.mlir -o %t.ln.ptx
// RUN: FileCheck %s --check-prefix=LN < %t.ln.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ln.ptx -o %t.ln.cubin 2>&1 | FileCheck %s --check-prefix=LNAS

// MM: .entry kernel_mosaic_gpu_kernel(
// MM: wgmma.fence.sync.aligned;
// MM-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// MM-NOT: wgmma.mma_async
// MM: wgmma.commit_group.sync.aligned;
// MM: wgmma.wait_group.sync.aligned

// MMAS: Compiling entry function 'kernel_mosaic_gpu_kernel' for 'sm_90a'
// MMAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// LN-NOT: __nv_
// LN: rsqrt.approx.f32
// LN-NOT: call

// LNAS: Compiling entry function 'kernel_mosaic_gpu_kernel' for 'sm_90a'
// LNAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

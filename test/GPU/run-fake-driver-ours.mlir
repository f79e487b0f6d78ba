// Our own lowering of examples/gpu/gpu_run_scoped (a 64x128 f32 block copied
// by TMA into scoped shared memory, plus one) as a whole program with the
// timing harness (make_main.py --repeat 3: four calls of the host function),
// against the stand-in driver. Our convert-mosaic-gpu-to-nvvm makes the TMA
// descriptor on the host with nvgpu.tma.create.descriptor, i.e. through
// mgpuTensorMapEncodeTiledMemref, on every call: one, for the TMA load of
// the input, 64x128 f32 in one 64x128 box (dims 128 64, rows 512 bytes
// apart); the store of the whole output is a plain bulk copy of a
// contiguous window, which takes no descriptor (as jaxlib's). The runtime
// encodes and copies it to the device once and hands the same device
// pointer to the later calls.
// REQUIRES: venv-python
// RUN: %pallas_opt %repo/examples/gpu/gpu_run_scoped.mlir \
// RUN:   -p 'builtin.module(convert-pallas-to-mosaic-gpu,%gpu_from_pallas)' -o %t.nvvm.mlir
// RUN: %venv_python %repo/scripts/gpu/make_main.py %t.nvvm.mlir --num-inputs 1 --repeat 3 -o %t.main.mlir
// RUN: %mlir_opt %t.main.mlir -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.llvm.mlir 2> %t.opt.err
// The pipeline says nothing (no diagnostic on the way).
// RUN: not grep . %t.opt.err
// RUN: %clang -shared -fPIC %repo/test/Runtime/Inputs/fake_cuda.c -o %t.fake.so
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so %mlir_runner %t.llvm.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so,%llvm_lib/libmlir_runner_utils.so \
// RUN:   > %t.out 2> %t.err
// RUN: grep -E "TensorMap|MemAlloc|HtoD|Launch" %t.err | FileCheck %s

// CHECK:      fake: cuMemAlloc_v2(32768)
// CHECK-NEXT: fake: cuMemAlloc_v2(32768)
// CHECK-NEXT: fake: cuTensorMapEncodeTiled(type 7, rank 2, address % 128 = 0, dims 128 64, strides 512, box 128 64, element strides 1 1, interleave 0, swizzle 0, l2 0, oob 0, map % 64 = 0)
// CHECK-NEXT: fake: cuMemAlloc_v2(128)
// CHECK-NEXT: fake: cuMemcpyHtoD_v2(128 bytes)
// CHECK-NEXT: fake: cuLaunchKernel(gpu_run_scoped_mosaic_gpu_kernel, grid 1x1x1, block 128x1x1, smem 65544, stream 1, extra null)
// The timing harness's allocation of its marker word, then three calls.
// CHECK-NEXT: fake: cuMemAlloc_v2(4)
// CHECK-NEXT: fake: cuLaunchKernel(gpu_run_scoped_mosaic_gpu_kernel, {{.*}} stream 2, extra null)
// CHECK-NEXT: fake: cuLaunchKernel(gpu_run_scoped_mosaic_gpu_kernel, {{.*}} stream 2, extra null)
// CHECK-NEXT: fake: cuLaunchKernel(gpu_run_scoped_mosaic_gpu_kernel, {{.*}} stream 2, extra null)
// CHECK-NOT:  {{.}}

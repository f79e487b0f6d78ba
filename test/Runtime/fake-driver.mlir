// The runtime against a stand-in driver (Inputs/fake_cuda.c, which prints
// every call it receives): a host program lowered by upstream passes runs to
// completion in mlir-runner on any machine, and the driver calls it makes are
// checked one by one. The expected trace is derived from the program: the
// PTX module is loaded by the binary's constructor (JIT level 2, the default
// of gpu-module-to-binary) and unloaded by its destructor; the 64 x f32
// buffer is 256 bytes; 2.0f is 0x40000000; 100000 bytes of dynamic shared
// memory exceed the default 48 KiB, so the function's limit is raised
// (attribute 8) after reading the device's opt-in maximum (attribute 97);
// the cluster launch carries attribute 4 (cluster dimensions); the TMA
// descriptor of a 16x64 f16 tensor in 8x64 boxes is encoded innermost first
// (dims 64 16, row stride 128 bytes, box 64 8; f16 is data type 6, the
// 128-byte swizzle 3) and copied to 128 bytes of device memory.
// RUN: clang -shared -fPIC %S/Inputs/fake_cuda.c -o %t.fake.so
// RUN: mlir-opt %s --nvvm-attach-target="chip=sm_90a" --convert-gpu-to-nvvm \
// RUN:   --gpu-module-to-binary="format=isa" --convert-nvgpu-to-nvvm --gpu-to-llvm \
// RUN:   --convert-vector-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts -o %t.mlir
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so %mlir_runner %t.mlir -e main -entry-point-result=void \
// RUN:   -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=TRACE < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: not grep "context depth" %t.err
// A failing driver call is reported with the driver's error name and text.
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so FAKE_CUDA_FAIL=cuLaunchKernelEx not %mlir_runner %t.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so FAKE_CUDA_FAIL=cuInit not %mlir_runner %t.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INIT

// TRACE:      fake: cuInit(0)
// TRACE-NEXT: fake: cuDevicePrimaryCtxRetain(device 0)
// TRACE-NEXT: fake: cuModuleLoadDataEx({{[0-9]+}} bytes of PTX, entry 'scale', 3 options: 7=2 5=buffer 6=4096)
// TRACE-NEXT: fake: cuMemHostRegister_v2(256 bytes, flags 0)
// TRACE-NEXT: fake: cuStreamCreate(flags 1)
// TRACE-NEXT: fake: cuMemAlloc_v2(256)
// TRACE-NEXT: fake: cuMemcpyAsync(256 bytes, stream 1)
// TRACE-NEXT: fake: cuMemsetD32Async(0x40000000, 64, stream 1)
// TRACE-NEXT: fake: cuModuleGetFunction(the module, scale)
// TRACE-NEXT: fake: cuDeviceGetAttribute(97, device 0)
// TRACE-NEXT: fake: cuFuncSetAttribute(scale, 8, 100000)
// TRACE-NEXT: fake: cuLaunchKernel(scale, grid 2x1x1, block 32x1x1, smem 100000, stream 1, extra null)
// TRACE-NEXT: fake:   params: offset 0, size 64, stride 1, s 2, data[0] 2, data[63] 2
// TRACE-NEXT: fake: cuModuleGetFunction(the module, scale)
// TRACE-NEXT: fake: cuLaunchKernelEx(scale, grid 4x1x1, block 32x1x1, smem 0, stream 1, extra null, 1 attribute(s): id 4 cluster 2x1x1)
// TRACE-NEXT: fake:   params: offset 0, size 64, stride 1, s 2, data[0] 2, data[63] 2
// TRACE-NEXT: fake: cuMemcpyAsync(256 bytes, stream 1)
// TRACE-NEXT: fake: cuMemFree_v2
// TRACE-NEXT: fake: cuStreamSynchronize(stream 1)
// TRACE-NEXT: fake: cuStreamDestroy_v2(stream 1)
// TRACE-NEXT: fake: cuTensorMapEncodeTiled(type 6, rank 2, address % 128 = 0, dims 64 16, strides 128, box 64 8, element strides 1 1, interleave 0, swizzle 3, l2 0, oob 0, map % 64 = 0)
// TRACE-NEXT: fake: cuMemAlloc_v2(128)
// TRACE-NEXT: fake: cuMemcpyHtoD_v2(128 bytes)
// TRACE-NEXT: fake: cuMemHostUnregister(the registered pointer)
// TRACE-NEXT: fake: cuModuleUnload(the module)
// TRACE-NOT:  {{.}}

// The buffer copied back holds the memset value (the stand-in runs no kernel).
// OUT:      2
// OUT-NEXT: 2
// OUT-NOT:  {{.}}

// FAIL: pallas_cuda_runtime: error: mgpuLaunchClusterKernel: cuLaunchKernelEx failed with CUDA_ERROR_INVALID_VALUE (invalid argument)
// INIT: pallas_cuda_runtime: error: mgpuModuleLoadJIT: cuInit failed with CUDA_ERROR_INVALID_VALUE (invalid argument)

!swizzled = !nvgpu.tensormap.descriptor<tensor = memref<8x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<64xf32>, %s: f32) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %i0 = arith.muli %b, %n : index
      %i = arith.addi %i0, %t : index
      %v = memref.load %buf[%i] : memref<64xf32>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %buf[%i] : memref<64xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %smem = arith.constant 100000 : i32
    %s = arith.constant 2.0 : f32
    %host = memref.alloc() : memref<64xf32>
    %uhost = memref.cast %host : memref<64xf32> to memref<*xf32>
    gpu.host_register %uhost : memref<*xf32>
    %t0 = gpu.wait async
    %dev, %t1 = gpu.alloc async [%t0] () : memref<64xf32>
    %t2 = gpu.memcpy async [%t1] %dev, %host : memref<64xf32>, memref<64xf32>
    %t3 = gpu.memset async [%t2] %dev, %s : memref<64xf32>, f32
    %t4 = gpu.launch_func async [%t3] @kernels::@scale blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %smem args(%dev : memref<64xf32>, %s : f32)
    %t5 = gpu.launch_func async [%t4] @kernels::@scale clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1) args(%dev : memref<64xf32>, %s : f32)
    %t6 = gpu.memcpy async [%t5] %host, %dev : memref<64xf32>, memref<64xf32>
    %t7 = gpu.dealloc async [%t6] %dev : memref<64xf32>
    gpu.wait [%t7]
    %tensor = memref.alloc() {alignment = 128 : i64} : memref<16x64xf16>
    %ut = memref.cast %tensor : memref<16x64xf16> to memref<*xf16>
    %d = nvgpu.tma.create.descriptor %ut box[%c8, %c64] : memref<*xf16> -> !swizzled
    gpu.host_unregister %uhost : memref<*xf32>
    %first = memref.load %host[%c0] : memref<64xf32>
    %last = memref.load %host[%c63] : memref<64xf32>
    vector.print %first : f32
    vector.print %last : f32
    return
  }
}

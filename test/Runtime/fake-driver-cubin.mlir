// The runtime against the stand-in driver (Inputs/fake_cuda.c) with a cubin
// (a gpu.binary of format bin, loaded with mgpuModuleLoad at its size) and
// the stream/event traffic gpu-to-llvm emits when an async token joins two
// streams: each mgpu call becomes one driver call, in the order of the
// lowered host code (read from `mlir-translate` output of the RUN line's
// pipeline). Streams and events are numbered in creation order; 1.5 in f16
// is 0x3e00; the event flag 2 disables timing, the stream flag 1 makes
// streams non-blocking.
// RUN: clang -shared -fPIC %S/Inputs/fake_cuda.c -o %t.fake.so
// RUN: mlir-opt %s --gpu-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts -o %t.mlir
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so %mlir_runner %t.mlir -e main -entry-point-result=void \
// RUN:   -shared-libs=%cuda_runtime 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: not grep "context depth" %t.err
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=NODRIVER

// CHECK:      fake: cuInit(0)
// CHECK-NEXT: fake: cuDevicePrimaryCtxRetain(device 0)
// CHECK-NEXT: fake: cuModuleLoadData(image starting 7f 45 4c 46)
// CHECK-NEXT: fake: cuStreamCreate(flags 1)
// CHECK-NEXT: fake: cuStreamCreate(flags 1)
// CHECK-NEXT: fake: cuEventCreate(flags 2) = event 1
// CHECK-NEXT: fake: cuEventRecord(event 1, stream 2)
// CHECK-NEXT: fake: cuMemAlloc_v2(16)
// CHECK-NEXT: fake: cuMemsetD16Async(0x3e00, 8, stream 1)
// CHECK-NEXT: fake: cuEventCreate(flags 2) = event 2
// CHECK-NEXT: fake: cuEventRecord(event 2, stream 1)
// CHECK-NEXT: fake: cuStreamCreate(flags 1)
// CHECK-NEXT: fake: cuStreamWaitEvent(stream 3, event 2, flags 0)
// CHECK-NEXT: fake: cuStreamWaitEvent(stream 3, event 1, flags 0)
// CHECK-NEXT: fake: cuEventDestroy_v2(event 2)
// CHECK-NEXT: fake: cuEventDestroy_v2(event 1)
// CHECK-NEXT: fake: cuModuleGetFunction(the module, k)
// CHECK-NEXT: fake: cuLaunchKernel(k, grid 1x1x1, block 128x1x1, smem 0, stream 3, extra null)
// CHECK-NEXT: fake: cuStreamSynchronize(stream 3)
// CHECK-NEXT: fake: cuStreamDestroy_v2(stream 3)
// The synchronous launch gets a stream of its own.
// CHECK-NEXT: fake: cuModuleGetFunction(the module, k)
// CHECK-NEXT: fake: cuStreamCreate(flags 1)
// CHECK-NEXT: fake: cuLaunchKernel(k, grid 1x1x1, block 128x1x1, smem 0, stream 4, extra null)
// CHECK-NEXT: fake: cuStreamSynchronize(stream 4)
// CHECK-NEXT: fake: cuStreamDestroy_v2(stream 4)
// CHECK-NEXT: fake: cuModuleUnload(the module)
// CHECK-NOT:  {{.}}

// NODRIVER: pallas_cuda_runtime: error: mgpuModuleLoad: cannot load the CUDA driver /nonexistent/libcuda.so.1

module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "\7FELF, not a real cubin">]

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %x = arith.constant 1.5 : f16
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %d, %t2 = gpu.alloc async [%t0] () : memref<8xf16>
    %t3 = gpu.memset async [%t2] %d, %x : memref<8xf16>, f16
    %t4 = gpu.wait async [%t3, %t1]
    %t5 = gpu.launch_func async [%t4] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    gpu.wait [%t5]
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

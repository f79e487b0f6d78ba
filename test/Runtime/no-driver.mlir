// libpallas_cuda_runtime.so without a CUDA driver: a host program lowered by
// upstream gpu-to-llvm (a gpu.module compiled to PTX by gpu-module-to-binary,
// device memory, a copy, a launch with dynamic shared memory and a cluster
// launch) runs in mlir-runner with our runtime. PALLAS_CUDA_DRIVER points at
// a library that does not exist, so the outcome is the same on machines with
// a GPU: the first runtime call (the module load the binary's global
// constructor makes) reports one line naming the entry point and the cause,
// and the process exits with status 1.
// RUN: mlir-opt %s --nvvm-attach-target="chip=sm_90a" --convert-gpu-to-nvvm \
// RUN:   --gpu-module-to-binary="format=isa" --gpu-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts -o %t.mlir
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s
// A library that is not a CUDA driver is refused by name.
// RUN: env PALLAS_CUDA_DRIVER=%llvm_lib/libmlir_c_runner_utils.so not %mlir_runner %t.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=NOTCUDA
// The calls gpu-to-llvm emits, with the argument types the runtime's entry
// points take (runtime/cuda/src/exports.rs).
// RUN: mlir-translate --mlir-to-llvmir %t.mlir | FileCheck %s --check-prefix=ABI
// Every entry point is exported.
// RUN: llvm-nm -D --defined-only %cuda_runtime | FileCheck %s --check-prefix=SYMS

// CHECK: pallas_cuda_runtime: error: mgpuModuleLoadJIT: cannot load the CUDA driver /nonexistent/libcuda.so.1 (named by PALLAS_CUDA_DRIVER): /nonexistent/libcuda.so.1: cannot open shared object file: No such file or directory; running GPU code needs an NVIDIA GPU and its driver
// CHECK-NOT: {{.}}

// NOTCUDA: pallas_cuda_runtime: error: mgpuModuleLoadJIT: {{.*}}libmlir_c_runner_utils.so (named by PALLAS_CUDA_DRIVER) is not a CUDA driver library: it has no cuInit
// NOTCUDA-NOT: {{.}}

// ABI-DAG: declare ptr @mgpuModuleLoadJIT(ptr, i32)
// ABI-DAG: declare void @mgpuModuleUnload(ptr)
// ABI-DAG: declare ptr @mgpuModuleGetFunction(ptr, ptr)
// ABI-DAG: declare void @mgpuLaunchKernel(ptr, i64, i64, i64, i64, i64, i64, i32, ptr, ptr, ptr, i64)
// ABI-DAG: declare void @mgpuLaunchClusterKernel(ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64, i32, ptr, ptr, ptr)
// ABI-DAG: declare ptr @mgpuStreamCreate()
// ABI-DAG: declare void @mgpuStreamSynchronize(ptr)
// ABI-DAG: declare void @mgpuStreamDestroy(ptr)
// ABI-DAG: declare ptr @mgpuMemAlloc(i64, ptr, i8)
// ABI-DAG: declare void @mgpuMemFree(ptr, ptr)
// ABI-DAG: declare void @mgpuMemcpy(ptr, ptr, i64, ptr)
// ABI-DAG: declare void @mgpuMemset32(ptr, i32, i64, ptr)
// The launch: grid 2x1x1, block 32x1x1, 1024 bytes of dynamic shared
// memory, six parameters (gpu-to-llvm passes the memref<64xf32> as its five
// descriptor fields, then the f32).
// ABI-DAG: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 2, i64 1, i64 1, i64 32, i64 1, i64 1, i32 1024, ptr %{{.*}}, ptr %{{.*}}, ptr null, i64 6)
// ABI-DAG: call void @mgpuLaunchClusterKernel(ptr %{{.*}}, i64 2, i64 1, i64 1, i64 2, i64 1, i64 1, i64 32, i64 1, i64 1, i32 0, ptr %{{.*}}, ptr %{{.*}}, ptr null)

// SYMS-COUNT-26: T mgpu
// SYMS-NOT: T mgpu
// jaxlib's host-side TMA descriptor encoder (see test/Runtime/mosaic-init-tma-desc.mlir).
// SYMS: T mosaic_gpu_init_tma_desc

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // out[i] = in[i] * s over 64 elements.
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
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %smem = arith.constant 1024 : i32
    %s = arith.constant 2.0 : f32
    %host = memref.alloc() : memref<64xf32>
    %t0 = gpu.wait async
    %dev, %t1 = gpu.alloc async [%t0] () : memref<64xf32>
    %t2 = gpu.memcpy async [%t1] %dev, %host : memref<64xf32>, memref<64xf32>
    %t3 = gpu.memset async [%t2] %dev, %s : memref<64xf32>, f32
    %t4 = gpu.launch_func async [%t3] @kernels::@scale blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %smem args(%dev : memref<64xf32>, %s : f32)
    %t5 = gpu.launch_func async [%t4] @kernels::@scale clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%dev : memref<64xf32>, %s : f32)
    %t6 = gpu.memcpy async [%t5] %host, %dev : memref<64xf32>, memref<64xf32>
    %t7 = gpu.dealloc async [%t6] %dev : memref<64xf32>
    gpu.wait [%t7]
    memref.dealloc %host : memref<64xf32>
    return
  }
}

// Arguments that the runtime checks itself before (or without) calling the
// driver, through the calls upstream lowerings emit: nvgpu's TMA descriptor
// creation (mgpuTensorMapEncodeTiledMemref reads the memref descriptor and
// the box sizes), gpu.host_register, gpu.alloc host_shared and
// gpu.set_default_device. Each entry function is run on its own; a request
// that passes the checks goes on to load the driver, which PALLAS_CUDA_DRIVER
// makes fail on every machine.
// RUN: mlir-opt %s --expand-strided-metadata --convert-nvgpu-to-nvvm --gpu-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-func-to-llvm --convert-arith-to-llvm \
// RUN:   --reconcile-unrealized-casts -o %t.mlir
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e tma_row_stride \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e tma_misaligned \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e tma_valid \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=VALID
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e register_strided \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=REGISTER
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e register_dense \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e alloc_shared \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e bad_device \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=DEVICE

!tile = !nvgpu.tensormap.descriptor<tensor = memref<8x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!swizzled = !nvgpu.tensormap.descriptor<tensor = memref<8x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

// Rows of 20 f16 are 40 bytes apart; TMA strides are multiples of 16 bytes.
// STRIDE: pallas_cuda_runtime: error: mgpuTensorMapEncodeTiledMemref: TMA global stride of memref dimension 0 (20 elements of 2 bytes) must be a positive multiple of 16 bytes below 2^40
// STRIDE-NOT: {{.}}
func.func @tma_row_stride() {
  %c8 = arith.constant 8 : index
  %m = memref.alloc() {alignment = 128 : i64} : memref<8x20xf16>
  %u = memref.cast %m : memref<8x20xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %u box[%c8, %c8] : memref<*xf16> -> !tile
  return
}

// A view starting one f16 (2 bytes) into a 128-byte aligned buffer.
// ALIGN: pallas_cuda_runtime: error: mgpuTensorMapEncodeTiledMemref: TMA global address 0x{{[0-9a-f]*}}2 (first element of the memref) is not 16-byte aligned
// ALIGN-NOT: {{.}}
func.func @tma_misaligned() {
  %c8 = arith.constant 8 : index
  %m = memref.alloc() {alignment = 128 : i64} : memref<16x64xf16>
  %v = memref.subview %m[0, 1] [8, 8] [1, 1] : memref<16x64xf16> to memref<8x8xf16, strided<[64, 1], offset: 1>>
  %u = memref.cast %v : memref<8x8xf16, strided<[64, 1], offset: 1>> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %u box[%c8, %c8] : memref<*xf16> -> !tile
  return
}

// 8x64 boxes of a 16x64 f16 tensor with the 128-byte swizzle: valid, so the
// next step is the driver.
// VALID: pallas_cuda_runtime: error: mgpuTensorMapEncodeTiledMemref: cannot load the CUDA driver /nonexistent/libcuda.so.1 (named by PALLAS_CUDA_DRIVER){{.*}}
// VALID-NOT: {{.}}
func.func @tma_valid() {
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %m = memref.alloc() {alignment = 128 : i64} : memref<16x64xf16>
  %u = memref.cast %m : memref<16x64xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %u box[%c8, %c64] : memref<*xf16> -> !swizzled
  return
}

// A 4x4 window of an 8x8 f32 buffer: its rows are 8 elements apart.
// REGISTER: pallas_cuda_runtime: error: mgpuMemHostRegisterMemRef: not yet supported: a non-contiguous memref (dimension 0 has stride 8, a row-major contiguous layout has 4)
// REGISTER-NOT: {{.}}
func.func @register_strided() {
  %m = memref.alloc() : memref<8x8xf32>
  %v = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %u = memref.cast %v : memref<4x4xf32, strided<[8, 1]>> to memref<*xf32>
  gpu.host_register %u : memref<*xf32>
  return
}

// DENSE: pallas_cuda_runtime: error: mgpuMemHostRegisterMemRef: cannot load the CUDA driver /nonexistent/libcuda.so.1{{.*}}
// DENSE-NOT: {{.}}
func.func @register_dense() {
  %m = memref.alloc() : memref<8x8xf32>
  %u = memref.cast %m : memref<8x8xf32> to memref<*xf32>
  gpu.host_register %u : memref<*xf32>
  return
}

// SHARED: pallas_cuda_runtime: error: mgpuMemAlloc: cannot load the CUDA driver /nonexistent/libcuda.so.1{{.*}}
// SHARED-NOT: {{.}}
func.func @alloc_shared() {
  // Managed memory is host-visible: the store (which also keeps the
  // allocation alive) would write it directly.
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = gpu.alloc host_shared () : memref<64xf32>
  memref.store %one, %m[%c0] : memref<64xf32>
  return
}

// DEVICE: pallas_cuda_runtime: error: mgpuSetDefaultDevice: device ordinal -1 is negative
// DEVICE-NOT: {{.}}
func.func @bad_device() {
  %d = arith.constant -1 : i32
  gpu.set_default_device %d
  return
}

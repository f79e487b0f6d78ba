// pallas-gpu-flatten-modules: the kernel modules nested in a file's module
// (one per kernel, as convert-pallas-to-mosaic-gpu emits them) are merged
// into it; identical declarations are kept once; the arch attributes move
// up. A module with nothing nested is left alone.
// RUN: %mlir_opt %s --split-input-file -p 'builtin.module(pallas-gpu-flatten-modules)' | FileCheck %s

// CHECK-LABEL: module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
// CHECK-NEXT:    func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
// CHECK-NEXT:    llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
// CHECK-NEXT:    func.func @a_mosaic_gpu(
// CHECK:         func.func @b_mosaic_gpu(
// CHECK-NOT:     module
// CHECK-NOT:     @mosaic_gpu_init_tma_desc(
module {
  module @a attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
    func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
    llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
    func.func @a_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
      return
    }
  }
  module @b attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
    func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
    llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
    func.func @b_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
      return
    }
  }
}

// -----

// CHECK-LABEL: module @alone attributes {mosaic_gpu.arch_major = 9 : i32
// CHECK: func.func @k_mosaic_gpu
module @alone attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @k_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) {
    return
  }
}

// mosaic_gpu_init_tma_desc, the entry point jaxlib's Mosaic GPU host code
// calls to encode a TMA descriptor into its host-side descriptor array:
// (descriptor slot, base address of the first element, element-type code,
// rank, sizes, strides in elements, swizzle bytes, window shape; arrays
// outermost first). Against the stand-in driver (Inputs/fake_cuda.c) each
// call becomes one cuTensorMapEncodeTiled, expected here by hand: arrays
// innermost first, byte strides of the outer dimensions, codes 7 (bf16),
// 6 (f32), 0 (4-bit) as CUtensorMapDataType 9, 7, 0 (u8, two per byte),
// 128/16-byte swizzle as 3/0, the L2 promotion of 256 bytes (3), zero fill.
// Bad requests are refused before the driver is loaded.
// RUN: %clang -shared -fPIC %S/Inputs/fake_cuda.c -o %t.fake.so
// RUN: mlir-opt %s --convert-func-to-llvm --convert-arith-to-llvm --reconcile-unrealized-casts -o %t.mlir
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so %mlir_runner %t.mlir -e valid -entry-point-result=void \
// RUN:   -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=VALID
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e bad_type \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e bad_swizzle \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=SWIZZLE
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e big_window \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e odd_nibbles \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=NIBBLES
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e rank6 \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.mlir -e valid \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime 2>&1 | FileCheck %s --check-prefix=NODRIVER

// VALID:      fake: cuInit(0)
// VALID-NEXT: fake: cuDevicePrimaryCtxRetain(device 0)
// A 128x256 bf16 matrix in 64x64 windows, 128-byte swizzle: rows 512 bytes apart.
// VALID-NEXT: fake: cuTensorMapEncodeTiled(type 9, rank 2, address % 128 = 0, dims 256 128, strides 512, box 64 64, element strides 1 1, interleave 0, swizzle 3, l2 3, oob 0, map % 64 = 0)
// 256 f32, one 256-element window, no swizzle.
// VALID-NEXT: fake: cuTensorMapEncodeTiled(type 7, rank 1, address % 128 = 0, dims 256, strides, box 256, element strides 1, interleave 0, swizzle 0, l2 3, oob 0, map % 64 = 0)
// 64x256 4-bit integers are 64x128 bytes.
// VALID-NEXT: fake: cuTensorMapEncodeTiled(type 0, rank 2, address % 128 = 0, dims 128 64, strides 128, box 128 64, element strides 1 1, interleave 0, swizzle 3, l2 3, oob 0, map % 64 = 0)
// VALID-NOT:  {{.}}

// TYPE: pallas_cuda_runtime: error: mosaic_gpu_init_tma_desc: TMA element type code 11 is not one of 0 (4-bit), 1 (8-bit), 2 (16-bit), 3 (32-bit), 4 (64-bit), 5 (f16), 6 (f32), 7 (bf16), 8 (2-bit), 9 (i32), 10 (i64)
// SWIZZLE: pallas_cuda_runtime: error: mosaic_gpu_init_tma_desc: TMA swizzle of 48 bytes is not one of 16 (none), 32, 64, 128
// WINDOW: pallas_cuda_runtime: error: mosaic_gpu_init_tma_desc: TMA box size 512 of memref dimension 1 is out of range (1 to 256)
// NIBBLES: pallas_cuda_runtime: error: mosaic_gpu_init_tma_desc: TMA innermost size 255 of 4-bit elements is not a whole number of bytes
// RANK: pallas_cuda_runtime: error: mosaic_gpu_init_tma_desc: TMA descriptor rank 6 is out of range (1 to 5)
// NODRIVER: pallas_cuda_runtime: error: mosaic_gpu_init_tma_desc: cannot load the CUDA driver /nonexistent/libcuda.so.1 (named by PALLAS_CUDA_DRIVER)

module {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)

  // Stores a, b into the two-element i64 array at p.
  func.func @pair(%p: !llvm.ptr, %a: i64, %b: i64) {
    %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, i64
    llvm.store %a, %p : i64, !llvm.ptr
    llvm.store %b, %q : i64, !llvm.ptr
    return
  }

  // Encodes a rank-2 descriptor into a 128-byte slot (64-byte aligned, as
  // the descriptor arrays are) for a device buffer at 0x7f0000000000.
  func.func @encode2(%code: i64, %s0: i64, %s1: i64, %st0: i64, %w0: i64, %w1: i64, %swizzle: i64) {
    %one = llvm.mlir.constant(1 : i64) : i64
    %two = llvm.mlir.constant(2 : i64) : i64
    %slot = llvm.alloca %one x !llvm.array<128 x i8> {alignment = 64 : i64} : (i64) -> !llvm.ptr
    %addr = llvm.mlir.constant(139637976727552 : i64) : i64
    %base = llvm.inttoptr %addr : i64 to !llvm.ptr
    %sizes = llvm.alloca %two x i64 : (i64) -> !llvm.ptr
    %strides = llvm.alloca %two x i64 : (i64) -> !llvm.ptr
    %window = llvm.alloca %two x i64 : (i64) -> !llvm.ptr
    call @pair(%sizes, %s0, %s1) : (!llvm.ptr, i64, i64) -> ()
    call @pair(%strides, %st0, %one) : (!llvm.ptr, i64, i64) -> ()
    call @pair(%window, %w0, %w1) : (!llvm.ptr, i64, i64) -> ()
    call @mosaic_gpu_init_tma_desc(%slot, %base, %code, %two, %sizes, %strides, %swizzle, %window)
      : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
    return
  }

  func.func @valid() {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %c7 = arith.constant 7 : i64
    %c16 = arith.constant 16 : i64
    %c64 = arith.constant 64 : i64
    %c128 = arith.constant 128 : i64
    %c256 = arith.constant 256 : i64
    call @encode2(%c7, %c128, %c256, %c256, %c64, %c64, %c128) : (i64, i64, i64, i64, i64, i64, i64) -> ()
    // Rank 1: the arrays hold one element each.
    %slot = llvm.alloca %c1 x !llvm.array<128 x i8> {alignment = 64 : i64} : (i64) -> !llvm.ptr
    %addr = llvm.mlir.constant(139637976727552 : i64) : i64
    %base = llvm.inttoptr %addr : i64 to !llvm.ptr
    %arr = llvm.alloca %c1 x i64 : (i64) -> !llvm.ptr
    %one = llvm.alloca %c1 x i64 : (i64) -> !llvm.ptr
    llvm.store %c256, %arr : i64, !llvm.ptr
    llvm.store %c1, %one : i64, !llvm.ptr
    call @mosaic_gpu_init_tma_desc(%slot, %base, %c6, %c1, %arr, %one, %c16, %arr)
      : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
    call @encode2(%c0, %c64, %c256, %c256, %c64, %c256, %c128) : (i64, i64, i64, i64, i64, i64, i64) -> ()
    return
  }

  func.func @bad_type() {
    %c11 = arith.constant 11 : i64
    %c16 = arith.constant 16 : i64
    %c64 = arith.constant 64 : i64
    call @encode2(%c11, %c64, %c64, %c64, %c16, %c16, %c16) : (i64, i64, i64, i64, i64, i64, i64) -> ()
    return
  }

  func.func @bad_swizzle() {
    %c6 = arith.constant 6 : i64
    %c48 = arith.constant 48 : i64
    %c64 = arith.constant 64 : i64
    call @encode2(%c6, %c64, %c64, %c64, %c64, %c64, %c48) : (i64, i64, i64, i64, i64, i64, i64) -> ()
    return
  }

  func.func @big_window() {
    %c6 = arith.constant 6 : i64
    %c8 = arith.constant 8 : i64
    %c16 = arith.constant 16 : i64
    %c1024 = arith.constant 1024 : i64
    %c512 = arith.constant 512 : i64
    call @encode2(%c6, %c8, %c1024, %c1024, %c8, %c512, %c16) : (i64, i64, i64, i64, i64, i64, i64) -> ()
    return
  }

  // 255 nibbles per row are not whole bytes.
  func.func @odd_nibbles() {
    %c0 = arith.constant 0 : i64
    %c16 = arith.constant 16 : i64
    %c64 = arith.constant 64 : i64
    %c255 = arith.constant 255 : i64
    call @encode2(%c0, %c64, %c255, %c255, %c64, %c64, %c16) : (i64, i64, i64, i64, i64, i64, i64) -> ()
    return
  }

  func.func @rank6() {
    %one = llvm.mlir.constant(1 : i64) : i64
    %c6 = arith.constant 6 : i64
    %c16 = arith.constant 16 : i64
    %slot = llvm.alloca %one x !llvm.array<128 x i8> {alignment = 64 : i64} : (i64) -> !llvm.ptr
    %arr = llvm.alloca %c6 x i64 : (i64) -> !llvm.ptr
    call @mosaic_gpu_init_tma_desc(%slot, %slot, %c6, %c6, %arr, %arr, %c16, %arr)
      : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
    return
  }
}

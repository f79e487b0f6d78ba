// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics
// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Views whose bounds are constants must lie inside the ref they view
// (src/conversion/common/views.rs), in every lowering (SparseCore and
// Mosaic GPU kernels: invalid-view-bounds-sparsecore.mlir and
// invalid-view-bounds-gpu.mlir).

// Index 2 of a dim of 2, as a constant operand: outside.
pallas.kernel @k grid(1) scratch(%s: memref<2x8x128xf32, #pallas.memory_space<vmem>>) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'memref.subview' op reaches outside its source along dim 0: 1 element from offset 2, but the source has 2 elements there (a view whose bounds are constants must lie inside the ref it views)}}
  %v = memref.subview %s[%c2, 0, 0] [1, 8, 128] [1, 1, 1] : memref<2x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
  pallas.return
}

// -----

// The fuzzer's case: an offset of 2^63 - 1, whose byte offset overflows
// i64 once upstream folds it (in dead code: the loop never runs).
pallas.kernel @k grid(1) scratch(%s: memref<2x8x128xf32, #pallas.memory_space<vmem>>) {
  %big = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %big to %c2 step %c1 {
    // expected-error @+1 {{'memref.subview' op reaches outside its source along dim 0: 1 element from offset 9223372036854775807, but the source has 2 elements there}}
    %v = memref.subview %s[%big, 0, 0] [1, 8, 128] [1, 1, 1] : memref<2x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
  }
  pallas.return
}

// -----

// Rows 4, 6 and 8 of 8 (stride 2 from a constant 4, size 3): the last is
// outside. (All-static views are the upstream verifier's: it rejects them
// when it parses them.)
pallas.kernel @k grid(1) scratch(%s: memref<8x128xf32, #pallas.memory_space<vmem>>) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'memref.subview' op reaches outside its source along dim 0: 3 elements from offset 4 with stride 2, but the source has 8 elements there}}
  %v = memref.subview %s[%c4, 0] [3, 128] [2, 1] : memref<8x128xf32, #pallas.memory_space<vmem>> to memref<3x128xf32, strided<[256, 1], offset: ?>, #pallas.memory_space<vmem>>
  pallas.return
}

// -----

// A negative constant offset.
pallas.kernel @k grid(1) scratch(%s: memref<8x128xf32, #pallas.memory_space<vmem>>) {
  %m = arith.constant -1 : index
  // expected-error @+1 {{'memref.subview' op reaches outside its source along dim 0: 4 elements from offset -1, but the source has 8 elements there}}
  %v = memref.subview %s[%m, 0] [4, 128] [1, 1] : memref<8x128xf32, #pallas.memory_space<vmem>> to memref<4x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
  pallas.return
}

// -----

// Inside: rows 4 to 7 at a constant offset, and rows from a dynamic one
// (not known here: the lowerings take it).
pallas.kernel @k grid(2) scratch(%s: memref<8x128xf32, #pallas.memory_space<vmem>>) {
  %c4 = arith.constant 4 : index
  %v = memref.subview %s[%c4, 0] [4, 128] [1, 1] : memref<8x128xf32, #pallas.memory_space<vmem>> to memref<4x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
  %p = pallas.program_id 0
  %i = arith.index_cast %p : i32 to index
  %w = memref.subview %s[%i, 0] [4, 128] [1, 1] : memref<8x128xf32, #pallas.memory_space<vmem>> to memref<4x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
  pallas.return
}

// RUN: %pallas_opt %s --convert-pallas-to-scf -verify-diagnostics
// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -verify-diagnostics

// The view bounds rule of invalid-view-bounds.mlir in a Mosaic GPU kernel:
// slot 2 of a 2-slot shared-memory buffer.

pallas.kernel @k grid(1)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c2 = arith.constant 2 : index
  pallas.run_scoped {
  ^bb0(%t: memref<2x64x64xf16, #pallas.memory_space<shared>>):
    // expected-error @+1 {{'memref.subview' op reaches outside its source along dim 0: 1 element from offset 2, but the source has 2 elements there}}
    %w = memref.subview %t[%c2, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
    pallas.yield
  }
}

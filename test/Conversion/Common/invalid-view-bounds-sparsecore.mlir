// RUN: %pallas_opt %s --convert-pallas-to-scf -verify-diagnostics
// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -verify-diagnostics

// The view bounds rule of invalid-view-bounds.mlir on the SparseCore.


// A SparseCore vector subcore kernel: index 16 of 16.
pallas.kernel @k grid(2, 16) names("core", "subcore")
    scratch(%s: memref<16x16xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'memref.subview' op reaches outside its source along dim 0: 1 element from offset 16, but the source has 16 elements there}}
  %v = memref.subview %s[%c16, 0] [1, 16] [1, 1] : memref<16x16xf32, #pallas.memory_space<vmem>> to memref<16xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem>>
  pallas.return
}

// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// Scratch buffers and run_scoped allocations with a dynamic dim have no size
// to allocate (JAX's are static; the TPU lowering rejects the run_scoped one
// with "Cannot allocate"): reported at the op, before the conversion.

// expected-error @+1 {{'pallas.kernel' op scratch[1] of type memref<?x128xf32, #pallas.memory_space<vmem>> has a dynamic shape: there is no size to allocate (give it a static shape)}}
pallas.kernel @k grid(1)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>,
            %s: memref<?x128xf32, #pallas.memory_space<vmem>>) {
}

// -----

pallas.kernel @k grid(1)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{'pallas.run_scoped' op allocation 1 of type memref<4x?xi32, #pallas.memory_space<vmem>> has a dynamic shape: there is no size to allocate (give it a static shape)}}
  pallas.run_scoped {
  ^bb0(%t: memref<8xf32, #pallas.memory_space<vmem>>, %u: memref<4x?xi32, #pallas.memory_space<vmem>>):
  }
}

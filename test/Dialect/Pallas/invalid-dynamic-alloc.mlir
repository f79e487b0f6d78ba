// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// Scratch buffers and run_scoped allocations with a dynamic dim have no size
// to allocate (JAX's scratch shapes are static): the dialect rejects them, so
// no target (TPU, SparseCore, GPU, CPU reference) sees one.

// expected-error @+1 {{'pallas.kernel' op scratch[1] of type memref<?x128xf32, #pallas.memory_space<vmem>> has a dynamic shape: scratch buffers and scoped allocations need a static shape (their size is fixed before the kernel runs)}}
pallas.kernel @k grid(1)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>,
            %s: memref<?x128xf32, #pallas.memory_space<vmem>>) {
}

// -----

pallas.kernel @k grid(1)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{'pallas.run_scoped' op allocation 1 of type memref<4x?xi32, #pallas.memory_space<vmem>> has a dynamic shape: scratch buffers and scoped allocations need a static shape (their size is fixed before the kernel runs)}}
  pallas.run_scoped {
  ^bb0(%t: memref<8xf32, #pallas.memory_space<vmem>>, %u: memref<4x?xi32, #pallas.memory_space<vmem>>):
  }
}

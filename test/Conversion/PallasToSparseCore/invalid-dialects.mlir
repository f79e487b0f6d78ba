// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// As for TensorCore kernels (PallasToTPU/invalid-dialects.mlir): ops of
// dialects a Mosaic kernel cannot hold are rejected at the op.

pallas.kernel @k grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'async.execute' op is an op of dialect 'async', which a Mosaic TPU kernel cannot hold (it takes ops of arith, math, vector, scf, memref, cf, affine, ub, func, tpu)}}
  %t = async.execute {
    // expected-error @+1 {{'async.yield' op is an op of dialect 'async'}}
    async.yield
  }
}

// -----

// expected-error @+1 {{'pallas.kernel' op body operand 0 of type memref<8xcomplex<f32>, #pallas.memory_space<vmem>> has complex elements, which Mosaic has no types for}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%s: memref<8xcomplex<f32>, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
}

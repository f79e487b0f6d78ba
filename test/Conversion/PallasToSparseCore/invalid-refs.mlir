// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// Ref reshapes JAX's Pallas SparseCore lowering rejects (it shares the
// TensorCore ref transforms and their messages).

pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<64xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{Reshape 1D ref is not supported.}}
  %r = pallas.ref_reshape %a : memref<64xf32, #pallas.memory_space<vmem>> -> memref<8x8xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{Not implemented: 1d memref reshape. (Mosaic rejects the tpu.memref_reshape to memref<64xf32, #pallas.memory_space<vmem>>)}}
  %r = pallas.ref_reshape %a : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<64xf32, #pallas.memory_space<vmem>>
}

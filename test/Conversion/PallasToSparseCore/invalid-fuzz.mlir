// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// Rejections found by the semantic fuzzer (scripts/fuzz/semantic_fuzz.py):
// inputs that used to reach a generated tpu op's verifier.

// tpu.vector_load_idx / tpu.vector_store_idx take i32 or f32 lanes only.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf64, #pallas.memory_space<vmem>>, %h: memref<8xf16, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %i = pallas.iota dim 0 : vector<8xi32>
  // expected-error @+1 {{'pallas.load_gather' op not yet supported: 'pallas.load_gather' on SparseCore moves 32-bit lanes (i32 or f32), got memref<8xf64, #pallas.memory_space<vmem>> and vector<8xf64>}}
  %g = pallas.load_gather %a[%i] : memref<8xf64, #pallas.memory_space<vmem>>, vector<8xi32> -> vector<8xf64>
  %f = arith.constant dense<1.0> : vector<8xf16>
  // expected-error @+1 {{'pallas.store_scatter' op not yet supported: 'pallas.store_scatter' on SparseCore moves 32-bit lanes (i32 or f32), got memref<8xf16, #pallas.memory_space<vmem>> and vector<8xf16>}}
  pallas.store_scatter %f, %h[%i] {add} : vector<8xf16>, memref<8xf16, #pallas.memory_space<vmem>>, vector<8xi32>
}

// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// A full unroll needs constant bounds on SparseCore too (a parallel loop
// takes any bounds).

pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%v: memref<32x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %sub = pallas.program_id 1
  %zero = arith.constant dense<0.0> : vector<8xf32>
  // expected-error @+1 {{'scf.for' op {pallas.unroll} (a full unroll) needs constant loop bounds and step; the upper bound is not an arith.constant}}
  scf.for %i = %c0 to %sub step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    pallas.store %zero, %v[%ix, 0:8] : vector<8xf32>, memref<32x8xf32, #pallas.memory_space<vmem>>
  } {pallas.unroll}
}

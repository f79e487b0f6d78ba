// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// The CPU reference expands unrolled loops like the TPU lowerings: a full
// unroll needs constant bounds and step.

pallas.kernel @k grid(4)
    outs(%o: memref<32xf32> block [8] map affine_map<(i) -> (i)>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = pallas.program_id 0
  %step = arith.index_cast %p : i32 to index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'scf.for' op {pallas.unroll} (a full unroll) needs constant loop bounds and step; the step is not an arith.constant}}
  scf.for %i = %c0 to %c8 step %step {
    memref.store %f, %o[%i] : memref<8xf32>
  } {pallas.unroll}
}

// RUN: %pallas_opt %s -split-input-file --convert-pallas-to-scf -verify-diagnostics

// Arithmetic on 8-bit floats has no CPU lowering yet (LLVM has no such
// types; the output used to reach the CPU pipeline with them as integers
// and fail there after the pass exited 0). Moving them is supported.

pallas.kernel @k grid(1)
    ins(%x: memref<4x8xf8E5M2> block [4, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<4x8xf8E5M2> block [4, 8] map affine_map<(i) -> (0, 0)>) {
  %v = pallas.load %x[] : memref<4x8xf8E5M2> -> vector<4x8xf8E5M2>
  // expected-error @+1 {{'arith.mulf' op not yet supported: arithmetic on f8E5M2 in the CPU reference lowering}}
  %s = arith.mulf %v, %v : vector<4x8xf8E5M2>
  pallas.store %s, %r[] : vector<4x8xf8E5M2>, memref<4x8xf8E5M2>
}

// -----

pallas.kernel @k grid(1)
    ins(%x: memref<4x8xf8E4M3FN> block [4, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<4xf8E4M3FN> block [4] map affine_map<(i) -> (0)>) {
  %v = pallas.load %x[] : memref<4x8xf8E4M3FN> -> vector<4x8xf8E4M3FN>
  %z = arith.constant dense<0.0> : vector<4xf8E4M3FN>
  // expected-error @+1 {{'vector.multi_reduction' op not yet supported: arithmetic on f8E4M3FN in the CPU reference lowering}}
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<4x8xf8E4M3FN> to vector<4xf8E4M3FN>
  pallas.store %s, %r[] : vector<4xf8E4M3FN>, memref<4xf8E4M3FN>
}

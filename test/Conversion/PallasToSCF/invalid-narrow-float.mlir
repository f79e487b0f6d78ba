// RUN: %pallas_opt %s -split-input-file --convert-pallas-to-scf -verify-diagnostics

// Arithmetic on the narrow float format without a rounding rule on the CPU
// (f8E8M0FNU: no sign, no mantissa, no zero) is reported at the op; moving
// it is supported. The other 8-, 6- and 4-bit formats compute in f32
// (narrow-float.mlir, run_narrow_float*.mlir).

pallas.kernel @k grid(1)
    ins(%x: memref<4x8xf8E8M0FNU> block [4, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<4x8xf8E8M0FNU> block [4, 8] map affine_map<(i) -> (0, 0)>) {
  %v = pallas.load %x[] : memref<4x8xf8E8M0FNU> -> vector<4x8xf8E8M0FNU>
  // expected-error @+1 {{'arith.mulf' op not yet supported: arithmetic on f8E8M0FNU in the CPU reference lowering}}
  %s = arith.mulf %v, %v : vector<4x8xf8E8M0FNU>
  pallas.store %s, %r[] : vector<4x8xf8E8M0FNU>, memref<4x8xf8E8M0FNU>
}

// -----

pallas.kernel @k grid(1)
    ins(%x: memref<4x8xf8E8M0FNU> block [4, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<4xf8E8M0FNU> block [4] map affine_map<(i) -> (0)>) {
  %v = pallas.load %x[] : memref<4x8xf8E8M0FNU> -> vector<4x8xf8E8M0FNU>
  %z = arith.constant dense<1.0> : vector<4xf8E8M0FNU>
  // expected-error @+1 {{'vector.multi_reduction' op not yet supported: arithmetic on f8E8M0FNU in the CPU reference lowering}}
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<4x8xf8E8M0FNU> to vector<4xf8E8M0FNU>
  pallas.store %s, %r[] : vector<4xf8E8M0FNU>, memref<4xf8E8M0FNU>
}

// -----

pallas.kernel @k grid(1)
    ins(%x: memref<8x8xf8E8M0FNU> block [8, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<8x8xf32> block [8, 8] map affine_map<(i) -> (0, 0)>) {
  %v = pallas.load %x[] : memref<8x8xf8E8M0FNU> -> vector<8x8xf8E8M0FNU>
  // expected-error @+1 {{'pallas.dot' op not yet supported: arithmetic on f8E8M0FNU in the CPU reference lowering}}
  %d = pallas.dot %v, %v : vector<8x8xf8E8M0FNU>, vector<8x8xf8E8M0FNU> -> vector<8x8xf32>
  pallas.store %d, %r[] : vector<8x8xf32>, memref<8x8xf32>
}

// RUN: %pallas_opt %s -split-input-file --convert-pallas-to-scf -verify-diagnostics

// Arithmetic on the narrow float formats without a rounding rule on the CPU
// (f8E8M0FNU, the 4- and 6-bit formats) is reported at the op; moving them
// is supported. The 8-bit formats with a sign and a mantissa compute in f32
// (narrow-float.mlir).

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
    ins(%x: memref<4x8xf4E2M1FN> block [4, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<4xf4E2M1FN> block [4] map affine_map<(i) -> (0)>) {
  %v = pallas.load %x[] : memref<4x8xf4E2M1FN> -> vector<4x8xf4E2M1FN>
  %z = arith.constant dense<0.0> : vector<4xf4E2M1FN>
  // expected-error @+1 {{'vector.multi_reduction' op not yet supported: arithmetic on f4E2M1FN in the CPU reference lowering}}
  %s = vector.multi_reduction <add>, %v, %z [1] : vector<4x8xf4E2M1FN> to vector<4xf4E2M1FN>
  pallas.store %s, %r[] : vector<4xf4E2M1FN>, memref<4xf4E2M1FN>
}

// -----

pallas.kernel @k grid(1)
    ins(%x: memref<8x8xf6E3M2FN> block [8, 8] map affine_map<(i) -> (0, 0)>)
    outs(%r: memref<8x8xf32> block [8, 8] map affine_map<(i) -> (0, 0)>) {
  %v = pallas.load %x[] : memref<8x8xf6E3M2FN> -> vector<8x8xf6E3M2FN>
  // expected-error @+1 {{'pallas.dot' op not yet supported: arithmetic on f6E3M2FN in the CPU reference lowering}}
  %d = pallas.dot %v, %v : vector<8x8xf6E3M2FN>, vector<8x8xf6E3M2FN> -> vector<8x8xf32>
  pallas.store %d, %r[] : vector<8x8xf32>, memref<8x8xf32>
}

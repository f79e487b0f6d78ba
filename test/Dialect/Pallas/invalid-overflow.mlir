// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// Shapes whose element or bit counts are past i64: every count the
// verifiers take is checked (these used to abort on an arithmetic overflow).

#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<8x128xf32, #vmem>) {
  // expected-error @+1 {{cannot reshape ref of shape (8, 128) into shape (4611686018427387904, 4): ref memref<8x128xf32, #pallas.memory_space<vmem>> has 1024 elements, result memref<4611686018427387904x4xf32, #pallas.memory_space<vmem>> has more than 2^63 - 1}}
  %r = pallas.ref_reshape %x : memref<8x128xf32, #vmem> -> memref<4611686018427387904x4xf32, #vmem>
}

// -----

#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<4611686018427387904x4xf32, #vmem>) {
  // expected-error @+1 {{has more than 2^63 - 1 elements, result memref<1024xf32, #pallas.memory_space<vmem>> has 1024}}
  %r = pallas.ref_reshape %x : memref<4611686018427387904x4xf32, #vmem> -> memref<1024xf32, #vmem>
}

// -----

pallas.kernel @k grid(1) {
  %v = arith.constant dense<0.0> : vector<8x128xf32>
  // 8 * 2^62 is past i64.
  // expected-error @+1 {{repeating vector<8x128xf32> 4611686018427387904 times along dim 0 does not give vector<16x128xf32>}}
  %r = pallas.repeat %v dim 0 times 4611686018427387904 : vector<8x128xf32> -> vector<16x128xf32>
}

// -----

pallas.kernel @k grid(1) {
  %v = arith.constant dense<0> : vector<8x128xi32>
  // expected-error @+1 {{input vector<8x128xi32> has 32768 bits but result vector<4611686018427387904x4611686018427387904x4611686018427387904xi32> has more than 2^63 - 1 bits; a bitcast keeps the total bit count}}
  %r = pallas.bitcast %v : vector<8x128xi32> -> vector<4611686018427387904x4611686018427387904x4611686018427387904xi32>
}

// -----

// The same Mosaic checks on tpu ops.
func.func @f(%v: vector<8x128xf32>) -> vector<4611686018427387904x4xf32> {
  // expected-error @+1 {{'tpu.reshape' op element count must match}}
  %r = tpu.reshape %v : vector<8x128xf32> -> vector<4611686018427387904x4xf32>
  return %r : vector<4611686018427387904x4xf32>
}

// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

pallas.kernel @k grid(1) {
  %a = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{'pallas.dot' op Unsupported dot precision: HIGH}}
  %p = pallas.dot %a, %a {transpose_rhs, precision = "high"} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x8xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<1.0> : vector<8x128xf16>
  // expected-error @+1 {{'pallas.dot' op not yet supported: dot with result element type f16 in the TPU lowering}}
  %p = pallas.dot %a, %a {transpose_rhs} : vector<8x128xf16>, vector<8x128xf16> -> vector<8x8xf16>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  // expected-error @+1 {{'arith.constant' op 64-bit types are not supported}}
  %a = arith.constant dense<1.0> : vector<8x128xf64>
  // expected-error @+1 {{'pallas.dot' op 64-bit types are not supported}}
  %p = pallas.dot %a, %a {transpose_rhs} : vector<8x128xf64>, vector<8x128xf64> -> vector<8x8xf64>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %a = arith.constant dense<1.0> : vector<8x128xf32>
  %v = arith.constant dense<1.0> : vector<1x128xbf16>
  // The matrix-vector form widens operands only to f32.
  // expected-error @+1 {{'pallas.dot' op Unsupported preferred_element_type=bf16}}
  %p = pallas.dot %a, %v {transpose_rhs} : vector<8x128xf32>, vector<1x128xbf16> -> vector<8x1xbf16>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %pid = pallas.program_id 0
  // expected-error @+1 {{'arith.extsi' op 64-bit types are not supported}}
  %w = arith.extsi %pid : i32 to i64
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{'math.expm1' op not yet supported: 'math.expm1' in the TPU lowering (Unimplemented primitive in Pallas TPU lowering for tc: expm1)}}
  %e = math.expm1 %x : vector<8x128xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{'math.cbrt' op not yet supported: 'math.cbrt' in the TPU lowering}}
  %e = math.cbrt %x : vector<8x128xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %pid = pallas.program_id 0
  // expected-error @+1 {{'math.ctpop' op Population count is not supported on scalars}}
  %c = math.ctpop %pid : i32
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %i = pallas.iota dim 1 : vector<8x128xi32>
  %n = pallas.iota dim 0 : vector<8x128xi32>
  // expected-error @+1 {{'math.ipowi' op not yet supported: math.ipowi with a non-constant exponent in the TPU lowering}}
  %p = math.ipowi %i, %n : vector<8x128xi32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  // JAX casts to bool by comparing with zero.
  // expected-error @+1 {{'arith.fptosi' op Unsupported cast: f32 -> i1}}
  %b = arith.fptosi %x : vector<8x128xf32> to vector<8x128xi1>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %i = pallas.iota dim 1 : vector<8x128xi32>
  %z = arith.constant dense<0> : vector<8xi32>
  // expected-error @+1 {{'vector.multi_reduction' op Reductions over unsigned integers not implemented.}}
  %r = vector.multi_reduction <maxui>, %i, %z [1] : vector<8x128xi32> to vector<8xi32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %i = arith.constant dense<1> : vector<8x128xi8>
  %z = arith.constant dense<0> : vector<8xi8>
  // expected-error @+1 {{'vector.multi_reduction' op Reductions over i8 not implemented.}}
  %r = vector.multi_reduction <add>, %i, %z [1] : vector<8x128xi8> to vector<8xi8>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  %z = arith.constant dense<1.0> : vector<8xf32>
  // expected-error @+1 {{'vector.multi_reduction' op not yet supported: <mul> reductions in the TPU lowering}}
  %r = vector.multi_reduction <mul>, %x, %z [1] : vector<8x128xf32> to vector<8xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<128xbf16>
  %z = arith.constant 0.0 : bf16
  // expected-error @+1 {{'vector.reduction' op Only arrays with 32-bit element types can be converted to scalars, but got: bf16. Try casting the input before squeezing the scalar.}}
  %r = vector.reduction <add>, %x, %z : vector<128xbf16> into bf16
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1> : vector<2x128xi8>
  // expected-error @+1 {{'pallas.bitcast' op Not implemented: the 2nd minor dim can not be perfectly packed or unpacked}}
  %b = pallas.bitcast %x : vector<2x128xi8> -> vector<1x64xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<256xf32>
  // expected-error @+1 {{'pallas.bitcast' op Not implemented: bitcast 1D}}
  %b = pallas.bitcast %x : vector<256xf32> -> vector<512xbf16>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{'pallas.bitcast' op bitcast of vector<8x128xf32> to bf16 gives vector<16x128xbf16>, not vector<8x256xbf16>}}
  %b = pallas.bitcast %x : vector<8x128xf32> -> vector<8x256xbf16>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xbf16>
  // expected-error @+1 {{'pallas.reciprocal' op Only float32 is supported.}}
  %r = pallas.reciprocal %x approx : vector<8x128xbf16>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  %s = arith.constant -1 : i32
  // expected-error @+1 {{'pallas.roll' op shift must be non-negative.}}
  %r = pallas.roll %x, %s axis 1 : vector<8x128xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  %s = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.roll' op stride must be non-negative.}}
  %r = pallas.roll %x, %s axis 1 {stride = -1 : i64, stride_axis = 0 : i64} : vector<8x128xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  %s = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.roll' op expected axis and stride_axis are different.}}
  %r = pallas.roll %x, %s axis 1 {stride = 1 : i64, stride_axis = 1 : i64} : vector<8x128xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.prng_random_bits' op random_bits only supports rank>=2 outputs.}}
  %b = pallas.prng_random_bits : vector<128xi32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant 1.0 : f32
  // expected-error @+1 {{'pallas.debug_print' op All arguments must be 32-bit integers when using placeholders (`{...}`). If you need to print values of other types, remove placeholders from the format string.}}
  pallas.debug_print "x={}" (%x : f32)
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1> : vector<8x128xi32>
  %y = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.debug_print' op All inputs to debug_print must be all scalars or a single vector, but got [vector<8x128xi32>, i32]}}
  pallas.debug_print "x={} y={}" (%x, %y : vector<8x128xi32>, i32)
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %x = arith.constant dense<1> : vector<8x128xi32>
  // expected-error @+1 {{'pallas.debug_print' op For vector input, the format string must end with {}.}}
  pallas.debug_print "x={}!" (%x : vector<8x128xi32>)
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %y = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.debug_print' op The format string should not contain any format specs or conversions}}
  pallas.debug_print "y={} {:x}" (%y : i32)
  pallas.return
}

// -----

// Attribute values that do not fit the i32 of the generated op are rejected
// at the user's op (they used to be spliced into attribute text: a panic).
pallas.kernel @k grid(1) {
  %x = arith.constant dense<1.0> : vector<8x128xf32>
  %s = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.roll' op stride 4294967296 does not fit tpu.dynamic_rotate's si32}}
  %r = pallas.roll %x, %s axis 1 {stride = 4294967296 : i64, stride_axis = 0 : i64} : vector<8x128xf32>
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  %c = arith.constant 8 : i32
  // expected-error @+1 {{'pallas.multiple_of' op multiple 4294967296 does not fit tpu.assume_multiple's positive i32}}
  %m = pallas.multiple_of %c, 4294967296 : i32
  pallas.return
}

// -----

// A bf16 result would be tpu.matmul's accumulator, which Mosaic rejects
// ("Expected matmul acc to be 32-bit"): reported at the dot, not at the
// generated op.
pallas.kernel @k grid(1) {
  %a = arith.constant dense<1.0> : vector<128x128xbf16>
  // expected-error @+1 {{'pallas.dot' op Expected matmul acc to be 32-bit: the result element type bf16 becomes tpu.matmul's accumulator}}
  %d = pallas.dot %a, %a : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xbf16>
  pallas.return
}

// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// Value bitcasts the CPU reference does not lower: when the bit width
// changes, pltpu.bitcast needs rank >= 2 and scales only the second-minor
// dim (the dialect verifier only checks the total bit count).

pallas.kernel @k grid(1) outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  %v = arith.constant dense<1.0> : vector<16xf32>
  // expected-error @+1 {{not yet supported: a pallas.bitcast from vector<16xf32> to vector<32xi16> on the CPU reference (a bitcast that changes the bit width needs rank >= 2 and scales only the second-minor dim by the bit-width ratio, as pltpu.bitcast)}}
  %b = pallas.bitcast %v : vector<16xf32> -> vector<32xi16>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  %v = arith.constant dense<1> : vector<2x128xi8>
  // expected-error @+1 {{not yet supported: a pallas.bitcast from vector<2x128xi8> to vector<1x64xf32> on the CPU reference}}
  %b = pallas.bitcast %v : vector<2x128xi8> -> vector<1x64xf32>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  %v = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{not yet supported: a pallas.bitcast from vector<8x128xf32> to vector<8x256xi16> on the CPU reference}}
  %b = pallas.bitcast %v : vector<8x128xf32> -> vector<8x256xi16>
}

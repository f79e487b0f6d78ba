// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// A dot with an f8E4M3FN result accumulates in f32 (the fused multiply-adds
// of the dot lowering are on f32 vectors, not rounded to f8 per step) and
// rounds the sums to f16, then to f8E4M3FN (what XLA's CPU backend computes
// for jnp.dot(..., preferred_element_type=float8_e4m3fn): the oracle kernel
// f8_dot). The f8 encoding of f8E4M3FN: largest finite 448 (4.480000e+02),
// NaN 127.

// CHECK:     math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xf32>
// CHECK-NOT: math.fma %{{.*}} : vector<{{[0-9]+}}xf8E4M3FN>
// CHECK:     %[[H:.*]] = arith.truncf %{{.*}} : vector<8x8xf32> to vector<8x8xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : vector<8x8xf16> to vector<8x8xf32>
// CHECK-NEXT: arith.bitcast %[[W]] : vector<8x8xf32> to vector<8x8xi32>
// CHECK:     arith.constant dense<4.480000e+02> : vector<8x8xf32>
// CHECK:     arith.constant dense<127> : vector<8x8xi32>
// CHECK:     arith.bitcast %{{.*}} : vector<8x8xi8> to vector<8x8xf8E4M3FN>

pallas.kernel @k grid(1)
    ins(%x: memref<8x8xf8E4M3FN> block [8, 8] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x8xf8E4M3FN> block [8, 8] map affine_map<(i) -> (0, 0)>) {
  %v = pallas.load %x[] : memref<8x8xf8E4M3FN> -> vector<8x8xf8E4M3FN>
  %d = pallas.dot %v, %v : vector<8x8xf8E4M3FN>, vector<8x8xf8E4M3FN> -> vector<8x8xf8E4M3FN>
  pallas.store %d, %o[] : vector<8x8xf8E4M3FN>, memref<8x8xf8E4M3FN>
}

// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// f8E8M0FNU (powers of two 2^(e - 127), no sign, no zero, 0xFF NaN) on the
// CPU: decoded as f32's exponent field (code 0, 2^-127, is the f32
// subnormal 0x400000 = 4194304); the f32 product has its subnormals flushed
// to zero (exponent mask 0x7F800000 = 2139095040, sign 0x80000000 =
// -2147483648 as i32), as XLA's CPU backend; encoded with halves rounded
// up (f32 mantissa bit 22), f32 subnormals above 0x400000 to code 1, NaN
// (255) for NaN, zero, negatives and overflow. Expected constants by hand.

// CHECK:      %[[B:.*]] = arith.bitcast %{{.*}} : vector<4xf8E8M0FNU> to vector<4xi8>
// CHECK-NEXT: %[[E:.*]] = arith.extui %[[B]] : vector<4xi8> to vector<4xi32>
// CHECK-NEXT: %[[C23:.*]] = arith.constant dense<23> : vector<4xi32>
// CHECK-NEXT: arith.shli %[[E]], %[[C23]] : vector<4xi32>
// CHECK:      arith.constant dense<4194304> : vector<4xi32>
// CHECK:      arith.constant dense<255> : vector<4xi32>
// CHECK:      %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:      arith.constant dense<2139095040> : vector<4xi32>
// CHECK:      arith.constant dense<-2147483648> : vector<4xi32>
// CHECK:      arith.constant dense<22> : vector<4xi32>
// CHECK:      arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:      arith.cmpf ule, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:      arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK-NEXT: arith.bitcast %{{.*}} : vector<4xi8> to vector<4xf8E8M0FNU>

pallas.kernel @k grid(1)
    ins(%x: memref<4xf8E8M0FNU> block [4] map affine_map<(i) -> (0)>)
    outs(%r: memref<4xf8E8M0FNU> block [4] map affine_map<(i) -> (0)>) {
  %v = pallas.load %x[] : memref<4xf8E8M0FNU> -> vector<4xf8E8M0FNU>
  %s = arith.mulf %v, %v : vector<4xf8E8M0FNU>
  pallas.store %s, %r[] : vector<4xf8E8M0FNU>, memref<4xf8E8M0FNU>
}

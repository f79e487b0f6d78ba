// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// An f8E5M2 product on the CPU: both operands (the same value, widened
// once) are decoded to f32, multiplied in f32 and rounded back. Constants by
// hand for f8E5M2 (5 exponent bits, bias 15, 2 mantissa bits):
//   decode: magnitude mask 127, sign shift 7, exponent = magnitude >> 2,
//   mantissa = magnitude & 3, f32 exponent = e + (127 - 15) = e + 112,
//   mantissa to bit 21 (23 - 2); subnormal unit 2^(1 - 15 - 2) = 2^-16;
//   all-ones exponent 31: infinity (mantissa 0) or NaN.
//   round: smallest normal 2^-14 = 6.10351563E-5; below it add and subtract
//   2^(-14 - 2 + 23) = 128; above it add 2^20 - 1 = 1048575 plus the kept
//   lowest bit (bit 21) and clear 21 bits (mask -2097152); subnormal code =
//   r * 2^16; largest finite 1.75 * 2^15 = 57344, past it infinity 31 << 2 =
//   124; NaN 124 | 2 = 126.

// CHECK:      %[[X:.*]] = vector.transfer_read %alloc[%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<4xf8E5M2>, vector<4xf8E5M2>
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[X]] : vector<4xf8E5M2> to vector<4xi8>
// CHECK-NEXT: %[[U:.*]] = arith.extui %[[B]] : vector<4xi8> to vector<4xi32>
// CHECK:      arith.constant dense<127> : vector<4xi32>
// CHECK:      arith.constant dense<112> : vector<4xi32>
// CHECK:      arith.constant dense<21> : vector<4xi32>
// CHECK:      arith.constant dense<1.52587891E-5> : vector<4xf32>
// CHECK:      arith.constant dense<31> : vector<4xi32>
// CHECK:      arith.constant dense<0x7F800000> : vector<4xf32>
// CHECK:      %[[W:.*]] = arith.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[W]], %[[W]] : vector<4xf32>
// CHECK:      arith.constant dense<6.10351563E-5> : vector<4xf32>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.280000e+02> : vector<4xf32>
// CHECK-NEXT: %[[A:.*]] = arith.addf %{{.*}}, %[[C]] : vector<4xf32>
// CHECK-NEXT: arith.subf %[[A]], %[[C]] : vector<4xf32>
// CHECK:      arith.constant dense<1048575> : vector<4xi32>
// CHECK:      arith.constant dense<-2097152> : vector<4xi32>
// CHECK:      arith.constant dense<6.553600e+04> : vector<4xf32>
// CHECK:      arith.constant dense<5.734400e+04> : vector<4xf32>
// CHECK:      arith.cmpf uno, %[[P]], %[[P]] : vector<4xf32>
// CHECK-NEXT: arith.constant dense<124> : vector<4xi32>
// CHECK:      arith.constant dense<126> : vector<4xi32>
// CHECK:      %[[T:.*]] = arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[T]] : vector<4xi8> to vector<4xf8E5M2>
// CHECK-NEXT: %{{.*}} = arith.constant 0 : index
// CHECK-NEXT: vector.transfer_write %[[R]], %alloc_0
// CHECK-NOT:  arith.mulf %{{.*}} : vector<4xf8E5M2>

pallas.kernel @k grid(1)
    ins(%x: memref<4xf8E5M2> block [4] map affine_map<(i) -> (0)>)
    outs(%r: memref<4xf8E5M2> block [4] map affine_map<(i) -> (0)>) {
  %v = pallas.load %x[] : memref<4xf8E5M2> -> vector<4xf8E5M2>
  %s = arith.mulf %v, %v : vector<4xf8E5M2>
  pallas.store %s, %r[] : vector<4xf8E5M2>, memref<4xf8E5M2>
}

// RUN: %mlir_opt -p 'builtin.module(pallas-expand-exp)' %s | FileCheck %s

// exp(x) = 2^k exp(r): x clamped to [-104, 89] (NaN goes to -104 here),
// k = round(x log2(e)) by adding and subtracting 1.5 * 2^23 (0x4B400000),
// r = x - k ln2_hi - k ln2_lo (ln2_hi = 0.693147182 is ln 2 rounded to f32,
// the second constant is -(ln 2 - ln2_hi)), exp(r) = 1 + (r + r^2 q(r)) with
// q's Horner coefficients 1/8!, 1/7!, ..., 1/2 rounded to f32, then 2^k as
// 2^(k >> 1) * 2^(k - (k >> 1)), each from its biased exponent shifted
// into place; NaN inputs come back as they are.
// CHECK-LABEL: func.func @vec
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
// CHECK: %[[LO:.*]] = arith.constant dense<-1.040000e+02> : vector<4xf32>
// CHECK: %[[HI:.*]] = arith.constant dense<8.900000e+01> : vector<4xf32>
// CHECK: %[[GE:.*]] = arith.cmpf oge, %[[X]], %[[LO]]
// CHECK: %[[X1:.*]] = arith.select %[[GE]], %[[X]], %[[LO]]
// CHECK: %[[LE:.*]] = arith.cmpf ole, %[[X1]], %[[HI]]
// CHECK: %[[XC:.*]] = arith.select %[[LE]], %[[X1]], %[[HI]]
// CHECK: %[[RND:.*]] = arith.constant dense<0x4B400000> : vector<4xf32>
// CHECK: %[[L2E:.*]] = arith.constant dense<1.44269502> : vector<4xf32>
// CHECK: %[[T:.*]] = math.fma %[[XC]], %[[L2E]], %[[RND]]
// CHECK: %[[K:.*]] = arith.subf %[[T]], %[[RND]]
// CHECK: %[[NHI:.*]] = arith.constant dense<-0.693147182> : vector<4xf32>
// CHECK: %[[R0:.*]] = math.fma %[[K]], %[[NHI]], %[[XC]]
// CHECK: %[[NLO:.*]] = arith.constant dense<1.90465421E-9> : vector<4xf32>
// CHECK: %[[R:.*]] = math.fma %[[K]], %[[NLO]], %[[R0]]
// CHECK: %[[C8:.*]] = arith.constant dense<2.48015876E-5> : vector<4xf32>
// CHECK: %[[C7:.*]] = arith.constant dense<1.98412701E-4> : vector<4xf32>
// CHECK: %[[Q7:.*]] = math.fma %[[C8]], %[[R]], %[[C7]]
// CHECK: %[[C6:.*]] = arith.constant dense<0.00138888892> : vector<4xf32>
// CHECK: %[[Q6:.*]] = math.fma %[[Q7]], %[[R]], %[[C6]]
// CHECK: %[[C5:.*]] = arith.constant dense<0.00833333377> : vector<4xf32>
// CHECK: %[[Q5:.*]] = math.fma %[[Q6]], %[[R]], %[[C5]]
// CHECK: %[[C4:.*]] = arith.constant dense<0.0416666679> : vector<4xf32>
// CHECK: %[[Q4:.*]] = math.fma %[[Q5]], %[[R]], %[[C4]]
// CHECK: %[[C3:.*]] = arith.constant dense<0.166666672> : vector<4xf32>
// CHECK: %[[Q3:.*]] = math.fma %[[Q4]], %[[R]], %[[C3]]
// CHECK: %[[C2:.*]] = arith.constant dense<5.000000e-01> : vector<4xf32>
// CHECK: %[[Q:.*]] = math.fma %[[Q3]], %[[R]], %[[C2]]
// CHECK: %[[R2:.*]] = arith.mulf %[[R]], %[[R]]
// CHECK: %[[S:.*]] = math.fma %[[R2]], %[[Q]], %[[R]]
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK: %[[P:.*]] = arith.addf %[[S]], %[[ONE]]
// CHECK: %[[KI:.*]] = arith.fptosi %[[K]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[K1:.*]] = arith.shrsi %[[KI]], %{{.*}} : vector<4xi32>
// CHECK: %[[K2:.*]] = arith.subi %[[KI]], %[[K1]]
// CHECK: %[[B1:.*]] = arith.addi %[[K1]], %{{.*}} : vector<4xi32>
// CHECK: %[[E1:.*]] = arith.shli %[[B1]], %{{.*}} : vector<4xi32>
// CHECK: %[[S1:.*]] = arith.bitcast %[[E1]] : vector<4xi32> to vector<4xf32>
// CHECK: %[[Y1:.*]] = arith.mulf %[[P]], %[[S1]]
// CHECK: %[[B2:.*]] = arith.addi %[[K2]], %{{.*}} : vector<4xi32>
// CHECK: %[[E2:.*]] = arith.shli %[[B2]], %{{.*}} : vector<4xi32>
// CHECK: %[[S2:.*]] = arith.bitcast %[[E2]] : vector<4xi32> to vector<4xf32>
// CHECK: %[[Y:.*]] = arith.mulf %[[Y1]], %[[S2]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: %[[OUT:.*]] = arith.select %[[NAN]], %[[X]], %[[Y]]
// CHECK: return %[[OUT]]
func.func @vec(%x: vector<4xf32>) -> vector<4xf32> {
  %e = math.exp %x : vector<4xf32>
  return %e : vector<4xf32>
}

// Scalars get the same ops on f32; bf16 (and f16) go through f32; other
// types keep math.exp.
// CHECK-LABEL: func.func @types
// CHECK-SAME: (%[[S:.*]]: f32, %[[B:.*]]: vector<8xbf16>, %[[D:.*]]: f64)
// CHECK-NOT: math.exp %[[S]]
// CHECK: arith.cmpf oge, %[[S]], %{{.*}} : f32
// CHECK: %[[SN:.*]] = arith.cmpf uno, %[[S]], %[[S]] : f32
// CHECK: %[[SE:.*]] = arith.select %[[SN]], %[[S]], %{{.*}} : f32
// CHECK: %[[W:.*]] = arith.extf %[[B]] : vector<8xbf16> to vector<8xf32>
// CHECK: arith.cmpf oge, %[[W]], %{{.*}} : vector<8xf32>
// CHECK: %[[WN:.*]] = arith.cmpf uno, %[[W]], %[[W]] : vector<8xf32>
// CHECK: %[[WE:.*]] = arith.select %[[WN]], %[[W]], %{{.*}} : vector<8xi1>, vector<8xf32>
// CHECK: %[[BE:.*]] = arith.truncf %[[WE]] : vector<8xf32> to vector<8xbf16>
// CHECK: %[[DE:.*]] = math.exp %[[D]] : f64
// CHECK: return %[[SE]], %[[BE]], %[[DE]]
func.func @types(%s: f32, %b: vector<8xbf16>, %d: f64) -> (f32, vector<8xbf16>, f64) {
  %se = math.exp %s : f32
  %be = math.exp %b : vector<8xbf16>
  %de = math.exp %d : f64
  return %se, %be, %de : f32, vector<8xbf16>, f64
}

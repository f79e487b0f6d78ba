// RUN: %mlir_opt -p 'builtin.module(pallas-row-loops)' %s | FileCheck %s

// A vector.reduction of a vector longer than a chunk (64 lanes) is reduced
// chunk by chunk like a row of a vector.multi_reduction: a loop over the
// 4096 lanes in 64-lane chunks, each chunk reduced as a halving tree and
// combined into the running value, which starts from the kind's neutral
// value (NaN for maxnumf, which passes over NaNs). Left whole, LLVM got one
// vector of all the lanes (2^20 f32 crashed llc; fuzz seed 20261126). A
// 16-lane reduction is a chunk already and stays as it is.

// CHECK-LABEL: func.func @long_and_short
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[C4096]] step %[[C64]] iter_args(%[[ACC:.*]] = %[[NAN]]) -> (f32)
// CHECK: vector.transfer_read {{.*}} : memref<4096xf32>, vector<64xf32>
// CHECK: arith.maxnumf {{.*}} : vector<32xf32>
// CHECK: %[[ONE:.*]] = arith.maxnumf {{.*}} : vector<1xf32>
// CHECK: %[[LANE:.*]] = vector.extract %[[ONE]][0] : f32 from vector<1xf32>
// CHECK: %[[NEXT:.*]] = arith.maxnumf %[[ACC]], %[[LANE]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: %[[SHORT:.*]] = vector.transfer_read {{.*}} : memref<16xf32>, vector<16xf32>
// CHECK: %[[Q:.*]] = vector.reduction <add>, %[[SHORT]] : vector<16xf32> into f32
// CHECK: memref.store %[[R]]
// CHECK: memref.store %[[Q]]
// CHECK-NOT: vector<4096xf32>
func.func @long_and_short(%m: memref<4096xf32>, %s: memref<16xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0], %z {in_bounds = [true]} : memref<4096xf32>, vector<4096xf32>
  %r = vector.reduction <maxnumf>, %v : vector<4096xf32> into f32
  %w = vector.transfer_read %s[%c0], %z {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %q = vector.reduction <add>, %w : vector<16xf32> into f32
  memref.store %r, %out[%c0] : memref<2xf32>
  memref.store %q, %out[%c1] : memref<2xf32>
  return
}

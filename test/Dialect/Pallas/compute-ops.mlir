// RUN: %mlir_opt %s | %mlir_opt | FileCheck %s
// RUN: %mlir_opt %s --mlir-print-op-generic | %mlir_opt | FileCheck %s

// The vector compute ops without an upstream equivalent, round-tripped.

// CHECK-LABEL: pallas.kernel @compute
pallas.kernel @compute grid(1) {
  // CHECK: %[[I:.*]] = pallas.iota dim 1 : vector<8x128xi32>
  %i = pallas.iota dim 1 : vector<8x128xi32>
  %x = arith.sitofp %i : vector<8x128xi32> to vector<8x128xf32>
  // CHECK: pallas.reciprocal %{{.*}} approx : vector<8x128xf32>
  %r = pallas.reciprocal %x approx : vector<8x128xf32>
  // CHECK: pallas.reciprocal %{{.*}} : vector<8x128xf32>
  %e = pallas.reciprocal %r : vector<8x128xf32>
  // CHECK: pallas.concatenate %{{.*}}, %{{.*}} dim 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
  %c = pallas.concatenate %r, %e dim 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
  // CHECK: pallas.repeat %{{.*}} dim 0 times 2 : vector<8x256xf32> -> vector<16x256xf32>
  %t = pallas.repeat %c dim 0 times 2 : vector<8x256xf32> -> vector<16x256xf32>
  // CHECK: pallas.named_scope "scope" {
  pallas.named_scope "scope" {
    // CHECK: pallas.iota dim 0 : vector<8x128xi32>
    %j = pallas.iota dim 0 : vector<8x128xi32>
  }
  // CHECK: %[[S:.*]]:2 = pallas.named_scope "with_results" -> vector<8x128xi32>, vector<8x128xf32> {
  // CHECK:   pallas.yield %{{.*}}, %{{.*}} : vector<8x128xi32>, vector<8x128xf32>
  // CHECK: }
  // CHECK: arith.addf %[[S]]#1, %{{.*}} : vector<8x128xf32>
  %k, %f = pallas.named_scope "with_results" -> vector<8x128xi32>, vector<8x128xf32> {
    %j = pallas.iota dim 0 : vector<8x128xi32>
    %jf = arith.sitofp %j : vector<8x128xi32> to vector<8x128xf32>
    pallas.yield %j, %jf : vector<8x128xi32>, vector<8x128xf32>
  }
  %g = arith.addf %f, %x : vector<8x128xf32>
  pallas.return
}

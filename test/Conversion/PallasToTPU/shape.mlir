// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// CHECK-LABEL: module @shapes
pallas.kernel @shapes grid(1) {
  // CHECK: %[[I:.*]] = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
  %i = pallas.iota dim 1 : vector<8x128xi32>
  // CHECK: tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
  %i0 = pallas.iota dim 0 : vector<8x128xi32>
  // A 1-D iota is a 1xN iota along dim 1, reshaped (JAX's _1d_iota_helper).
  // CHECK: %[[I1:.*]] = tpu.iota {dimensions = array<i32: 1>} : vector<1x128xi32>
  // CHECK: vector.shape_cast %[[I1]] : vector<1x128xi32> to vector<128xi32>
  %i1 = pallas.iota dim 0 : vector<128xi32>
  %x = arith.sitofp %i : vector<8x128xi32> to vector<8x128xf32>
  // CHECK: %[[X:.*]] = arith.sitofp
  %c1 = arith.constant 1 : i32
  // CHECK: tpu.dynamic_rotate %[[X]] by %{{.*}} dim 1 : vector<8x128xf32>, i32 -> vector<8x128xf32>
  %r = pallas.roll %x, %c1 axis 1 : vector<8x128xf32>
  // CHECK: tpu.dynamic_rotate %[[X]] by %{{.*}} dim 1 {stride = 1 : si32, stride_dimension = 0 : si32} : vector<8x128xf32>, i32 -> vector<8x128xf32>
  %rs = pallas.roll %x, %c1 axis 1 {stride = 1, stride_axis = 0} : vector<8x128xf32>
  // CHECK: tpu.bitcast %[[X]] : vector<8x128xf32> -> vector<16x128xbf16>
  %b = pallas.bitcast %x : vector<8x128xf32> -> vector<16x128xbf16>
  // CHECK: tpu.bitcast %[[X]] : vector<8x128xf32> -> vector<8x128xi32>
  %b2 = pallas.bitcast %x : vector<8x128xf32> -> vector<8x128xi32>
  // CHECK: tpu.concatenate %[[X]], %{{.*}} in 0 : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
  %c = pallas.concatenate %x, %r dim 0 : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
  // repeat is JAX 0.10.2's tile: copies concatenated.
  // CHECK: tpu.concatenate %[[X]], %[[X]], %[[X]] in 1 : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x384xf32>
  %t = pallas.repeat %x dim 1 times 3 : vector<8x128xf32> -> vector<8x384xf32>
  // CHECK: tpu.reciprocal %[[X]] {approx = true} : vector<8x128xf32> -> vector<8x128xf32>
  %ra = pallas.reciprocal %x approx : vector<8x128xf32>
  // CHECK: tpu.reciprocal %[[X]] : vector<8x128xf32> -> vector<8x128xf32>
  %re = pallas.reciprocal %x : vector<8x128xf32>
  // tpu.reciprocal takes vectors only: a scalar one is 1 / x.
  // CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK: arith.divf %[[ONE]], %{{.*}} : f32
  %pid = pallas.program_id 0
  %s = arith.sitofp %pid : i32 to f32
  %rsc = pallas.reciprocal %s approx : f32
  // Transposes are tpu.transpose for any permutation (JAX 0.10.2).
  // CHECK: tpu.transpose %[[X]], [1, 0] : vector<8x128xf32> -> vector<128x8xf32>
  %tr = vector.transpose %x, [1, 0] : vector<8x128xf32> to vector<128x8xf32>
  %x3 = vector.shape_cast %c : vector<16x128xf32> to vector<2x8x128xf32>
  // CHECK: tpu.transpose %{{.*}}, [0, 2, 1] : vector<2x8x128xf32> -> vector<2x128x8xf32>
  %tr3 = vector.transpose %x3, [0, 2, 1] : vector<2x8x128xf32> to vector<2x128x8xf32>
  // CHECK-NOT: pallas.
  // CHECK-NOT: vector.transpose
  pallas.return
}

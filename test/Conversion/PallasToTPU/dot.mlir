// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// pallas.dot -> a zero accumulator of the result type + tpu.matmul with
// JAX's dimension numbers (output_dim_order: lhs non-contracting dim, then
// rhs non-contracting dim), the required transpose_lhs_hint = false, and
// precision only for "highest".

// CHECK-LABEL: module @dots
pallas.kernel @dots grid(1) {
  %a = arith.constant dense<1.0> : vector<128x128xbf16>
  %b = arith.constant dense<2.0> : vector<128x256xbf16>
  %c = arith.constant dense<3.0> : vector<8x128xf32>
  %d = arith.constant dense<4.0> : vector<128x8xf32>
  %e = arith.constant dense<5.0> : vector<128x128xf32>
  %i = arith.constant dense<1> : vector<16x128xi8>
  // A . B
  // CHECK: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : vector<128x256xf32>
  // CHECK: tpu.matmul %{{.*}}, %{{.*}}, %[[ACC0]] {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x256xbf16>, vector<128x256xf32> -> vector<128x256xf32>
  %p0 = pallas.dot %a, %b : vector<128x128xbf16>, vector<128x256xbf16> -> vector<128x256xf32>
  // A . B^T (the attention q.k^T of tpu_attention_misc.mlir)
  // CHECK: tpu.matmul {{.*}} {dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32> -> vector<128x128xf32>
  %p1 = pallas.dot %a, %a {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
  // A^T . B, highest precision (checked against JAX: dot_general contracting (0, 0))
  // CHECK: tpu.matmul {{.*}} {dimension_numbers = #tpu.dot_dimension_numbers<[0], [0], [1], [1], [0, 1, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<128x8xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
  %p2 = pallas.dot %d, %e {transpose_lhs, precision = "highest"} : vector<128x8xf32>, vector<128x128xf32> -> vector<8x128xf32>
  // A^T . B^T
  // CHECK: tpu.matmul {{.*}} {dimension_numbers = #tpu.dot_dimension_numbers<[0], [1], [1], [0], [0, 1, 1, 0], [], []>, transpose_lhs_hint = false} : vector<128x8xf32>, vector<8x128xf32>, vector<8x8xf32> -> vector<8x8xf32>
  %p3 = pallas.dot %d, %c {transpose_lhs, transpose_rhs, precision = "default"} : vector<128x8xf32>, vector<8x128xf32> -> vector<8x8xf32>
  // Integers accumulate in an integer zero.
  // CHECK: %[[IACC:.*]] = arith.constant dense<0> : vector<16x16xi32>
  // CHECK: tpu.matmul %{{.*}}, %{{.*}}, %[[IACC]] {dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, transpose_lhs_hint = false} : vector<16x128xi8>, vector<16x128xi8>, vector<16x16xi32> -> vector<16x16xi32>
  %p4 = pallas.dot %i, %i {transpose_rhs} : vector<16x128xi8>, vector<16x128xi8> -> vector<16x16xi32>
  // CHECK-NOT: pallas.dot
  pallas.return
}

// The matrix-vector special case (contracting (1, 1), one rhs row, not
// both f32): widen to the accumulation type, broadcast the row, multiply,
// reduce the lanes. (JAX 0.10.2 broadcasts before widening and fails to
// verify; this is the intended sequence.)
// CHECK-LABEL: module @matvec
pallas.kernel @matvec grid(1) {
  %m = arith.constant dense<1.0> : vector<8x128xbf16>
  %v = arith.constant dense<2.0> : vector<1x128xbf16>
  // CHECK: %[[M:.*]] = arith.extf %{{.*}} : vector<8x128xbf16> to vector<8x128xf32>
  // CHECK: %[[V:.*]] = arith.extf %{{.*}} : vector<1x128xbf16> to vector<1x128xf32>
  // CHECK: %[[VB:.*]] = vector.broadcast %[[V]] : vector<1x128xf32> to vector<8x128xf32>
  // CHECK: %[[P:.*]] = arith.mulf %[[M]], %[[VB]] : vector<8x128xf32>
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
  // CHECK: %[[R:.*]] = vector.multi_reduction <add>, %[[P]], %[[Z]] [1] : vector<8x128xf32> to vector<8xf32>
  // CHECK: vector.shape_cast %[[R]] : vector<8xf32> to vector<8x1xf32>
  // CHECK-NOT: tpu.matmul
  %r = pallas.dot %m, %v {transpose_rhs} : vector<8x128xbf16>, vector<1x128xbf16> -> vector<8x1xf32>
  // Same dtype in and out: no extf.
  // CHECK: %[[VB2:.*]] = vector.broadcast %{{.*}} : vector<1x128xbf16> to vector<8x128xbf16>
  // CHECK: arith.mulf %{{.*}}, %[[VB2]] : vector<8x128xbf16>
  // CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<8x128xbf16> to vector<8xbf16>
  %r2 = pallas.dot %m, %v {transpose_rhs} : vector<8x128xbf16>, vector<1x128xbf16> -> vector<8x1xbf16>
  pallas.return
}

// Both operands f32: the general path.
// CHECK-LABEL: module @matvec_f32
pallas.kernel @matvec_f32 grid(1) {
  %m = arith.constant dense<1.0> : vector<8x128xf32>
  %v = arith.constant dense<2.0> : vector<1x128xf32>
  // CHECK: tpu.matmul {{.*}} : vector<8x128xf32>, vector<1x128xf32>, vector<8x1xf32> -> vector<8x1xf32>
  %r = pallas.dot %m, %v {transpose_rhs} : vector<8x128xf32>, vector<1x128xf32> -> vector<8x1xf32>
  pallas.return
}

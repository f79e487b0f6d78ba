// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s

// The SparseCore lane ops become loops over buffers, not per-lane code: a
// 64-lane sort is one insertion-sort loop nest whose inner body swaps one
// pair of lanes under an scf.if (no vector.extract/insert per lane).

// CHECK-LABEL: func.func @sort
// CHECK-NOT: vector.extract
// CHECK: vector.transfer_write
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load
// CHECK: arith.cmpf olt
// CHECK: scf.if
// CHECK: memref.store
// CHECK: vector.transfer_read
// CHECK-NOT: vector.extract
// CHECK: return
pallas.kernel @sort grid(1) outs(%o: memref<64xf32> block [64] map affine_map<(i) -> (0)>) {
  %k = pallas.load %o[] : memref<64xf32> -> vector<64xf32>
  %i = pallas.iota dim 0 : vector<64xi32>
  %sk, %sv, %valid = pallas.sort %k, %i : vector<64xf32>, vector<64xi32>
  pallas.store %sk, %o[] : vector<64xf32>, memref<64xf32>
}

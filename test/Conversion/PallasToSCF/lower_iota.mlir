// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s

// An n-D pallas.iota is its counts along its dim, broadcast to the tile
// (no tile-sized literal): along dim 0 of 4x8, the counts 0..3 as a 4x1
// column; along dim 1, the counts 0..7 as a row. A 1-D iota stays one
// constant.
// CHECK-LABEL: func.func @iotas
// CHECK: %[[COL:.*]] = arith.constant dense<{{\[\[}}0], [1], [2], [3]]> : vector<4x1xi32>
// CHECK: vector.broadcast %[[COL]] : vector<4x1xi32> to vector<4x8xi32>
// CHECK: %[[ROW:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK: vector.broadcast %[[ROW]] : vector<8xi32> to vector<4x8xi32>
// CHECK: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK-NOT: vector.broadcast
// CHECK: return
module {
  pallas.kernel @iotas grid(1)
      outs(%o: memref<4x8xi32> block [4, 8] map affine_map<(i) -> (0, 0)>,
           %p: memref<8xi32> block [8] map affine_map<(i) -> (0)>) {
    %r = pallas.iota dim 0 : vector<4x8xi32>
    %c = pallas.iota dim 1 : vector<4x8xi32>
    %s = arith.addi %r, %c : vector<4x8xi32>
    pallas.store %s, %o[] : vector<4x8xi32>, memref<4x8xi32>
    %l = pallas.iota dim 0 : vector<8xi32>
    pallas.store %l, %p[] : vector<8xi32>, memref<8xi32>
  }
}

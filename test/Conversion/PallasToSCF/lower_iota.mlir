// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s

// A pallas.iota is a vector.step of its dim's size (never a literal that
// grows with the vector), given unit dims after it by a shape_cast when
// its dim is not the last, broadcast to the tile (aligned to the right),
// and cast from index to the element type. pallas-row-loops remakes each
// chunk of this form from its loop indices (test/Transforms/row-loops.mlir).
// CHECK-LABEL: func.func @iotas
// CHECK: %[[S0:.*]] = vector.step : vector<4xindex>
// CHECK: %[[C0:.*]] = vector.shape_cast %[[S0]] : vector<4xindex> to vector<4x1xindex>
// CHECK: %[[B0:.*]] = vector.broadcast %[[C0]] : vector<4x1xindex> to vector<4x8xindex>
// CHECK: arith.index_cast %[[B0]] : vector<4x8xindex> to vector<4x8xi32>
// CHECK: %[[S1:.*]] = vector.step : vector<8xindex>
// CHECK-NOT: vector.shape_cast
// CHECK: %[[B1:.*]] = vector.broadcast %[[S1]] : vector<8xindex> to vector<4x8xindex>
// CHECK: arith.index_cast %[[B1]] : vector<4x8xindex> to vector<4x8xi32>
// CHECK: %[[S2:.*]] = vector.step : vector<8xindex>
// CHECK-NOT: vector.broadcast
// CHECK: arith.index_cast %[[S2]] : vector<8xindex> to vector<8xi32>
// CHECK: %[[S3:.*]] = vector.step : vector<3xindex>
// CHECK: %[[C3:.*]] = vector.shape_cast %[[S3]] : vector<3xindex> to vector<3x1x1xindex>
// CHECK: %[[B3:.*]] = vector.broadcast %[[C3]] : vector<3x1x1xindex> to vector<2x3x4x5xindex>
// CHECK: arith.index_cast %[[B3]] : vector<2x3x4x5xindex> to vector<2x3x4x5xi8>
// CHECK-NOT: arith.constant dense<[
// CHECK: return
module {
  pallas.kernel @iotas grid(1)
      outs(%o: memref<4x8xi32> block [4, 8] map affine_map<(i) -> (0, 0)>,
           %p: memref<8xi32> block [8] map affine_map<(i) -> (0)>,
           %q: memref<2x3x4x5xi8> block [2, 3, 4, 5] map affine_map<(i) -> (0, 0, 0, 0)>) {
    %r = pallas.iota dim 0 : vector<4x8xi32>
    %c = pallas.iota dim 1 : vector<4x8xi32>
    %s = arith.addi %r, %c : vector<4x8xi32>
    pallas.store %s, %o[] : vector<4x8xi32>, memref<4x8xi32>
    %l = pallas.iota dim 0 : vector<8xi32>
    pallas.store %l, %p[] : vector<8xi32>, memref<8xi32>
    %d = pallas.iota dim 1 : vector<2x3x4x5xi8>
    pallas.store %d, %q[] : vector<2x3x4x5xi8>, memref<2x3x4x5xi8>
  }
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s

// A 2-D tile transpose copies element by element between two buffers; when
// both dims are multiples of 16 it goes by 16x16 tiles (two loops of step
// 16 over the tile corners, two of step 1 within a tile), so the column of
// the destination being written spans 16 cache lines, not the whole tile.
// CHECK-LABEL: func.func @tiled
// CHECK: %[[SRC:.*]] = memref.alloc() : memref<32x48xf32>
// CHECK: %[[DST:.*]] = memref.alloc() : memref<48x32xf32>
// CHECK: %[[T:.*]] = arith.constant 16 : index
// CHECK: scf.for %[[I0:.*]] = %{{.*}} to %{{.*}} step %[[T]] {
// CHECK: scf.for %[[J0:.*]] = %{{.*}} to %{{.*}} step %[[T]] {
// CHECK: %[[IE:.*]] = arith.addi %[[I0]], %[[T]] : index
// CHECK: scf.for %[[I:.*]] = %[[I0]] to %[[IE]] step
// CHECK: %[[JE:.*]] = arith.addi %[[J0]], %[[T]] : index
// CHECK: scf.for %[[J:.*]] = %[[J0]] to %[[JE]] step
// CHECK: %[[X:.*]] = memref.load %[[SRC]][%[[I]], %[[J]]] : memref<32x48xf32>
// CHECK: memref.store %[[X]], %[[DST]][%[[J]], %[[I]]] : memref<48x32xf32>
func.func @tiled(%v: vector<32x48xf32>) -> vector<48x32xf32> {
  %a = vector.transpose %v, [1, 0] : vector<32x48xf32> to vector<48x32xf32>
  return %a : vector<48x32xf32>
}

// Other shapes keep one loop per dim, step 1.
// CHECK-LABEL: func.func @plain
// CHECK: %[[SRC:.*]] = memref.alloc() : memref<6x4xf32>
// CHECK: %[[DST:.*]] = memref.alloc() : memref<4x6xf32>
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[ONE]] {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[ONE]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[SRC]][%[[I]], %[[J]]] : memref<6x4xf32>
// CHECK-NEXT: memref.store %[[X]], %[[DST]][%[[J]], %[[I]]] : memref<4x6xf32>
func.func @plain(%w: vector<6x4xf32>) -> vector<4x6xf32> {
  %b = vector.transpose %w, [1, 0] : vector<6x4xf32> to vector<4x6xf32>
  return %b : vector<4x6xf32>
}

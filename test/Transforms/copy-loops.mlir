// RUN: %mlir_opt -p 'builtin.module(pallas-copy-loops)' %s | FileCheck %s

// A copy between strided views (a window of a bigger array into a block
// buffer) becomes a loop over the rows; per row, 64-byte vectors (16 f32)
// up to the largest multiple of 16 of the row length, then single elements.
// CHECK-LABEL: func.func @window
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32, strided<[256, 1], offset: ?>>, %[[B:.*]]: memref<?x?xf32, strided<[128, 1], offset: ?>>)
// CHECK-NOT: memref.copy
// CHECK: %[[ROWS:.*]] = memref.dim %[[A]], %{{.*}}
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[ROWS]] step
// CHECK: %[[N:.*]] = memref.dim %[[A]], %{{.*}}
// CHECK: %[[W:.*]] = arith.constant 16 : index
// CHECK: %[[Q:.*]] = arith.divui %[[N]], %[[W]] : index
// CHECK: %[[WHOLE:.*]] = arith.muli %[[Q]], %[[W]] : index
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %[[WHOLE]] step %[[W]] {
// CHECK: %[[V:.*]] = vector.load %[[A]][%[[R]], %[[C]]] : memref<?x?xf32, strided<[256, 1], offset: ?>>, vector<16xf32>
// CHECK: vector.store %[[V]], %[[B]][%[[R]], %[[C]]] : memref<?x?xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
// CHECK: scf.for %[[T:.*]] = %[[WHOLE]] to %[[N]] step
// CHECK: %[[X:.*]] = memref.load %[[A]][%[[R]], %[[T]]]
// CHECK: memref.store %[[X]], %[[B]][%[[R]], %[[T]]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @window(%a: memref<?x?xf32, strided<[256, 1], offset: ?>>,
                  %b: memref<?x?xf32, strided<[128, 1], offset: ?>>) {
  memref.copy %a, %b : memref<?x?xf32, strided<[256, 1], offset: ?>> to memref<?x?xf32, strided<[128, 1], offset: ?>>
  return
}

// bf16: 32 lanes per vector.
// CHECK-LABEL: func.func @bf16
// CHECK: arith.constant 32 : index
// CHECK: vector.load %{{.*}} : memref<4x8xbf16, strided<[16, 1], offset: ?>>, vector<32xbf16>
func.func @bf16(%a: memref<4x8xbf16, strided<[16, 1], offset: ?>>, %b: memref<4x8xbf16>) {
  memref.copy %a, %b : memref<4x8xbf16, strided<[16, 1], offset: ?>> to memref<4x8xbf16>
  return
}

// Left as they are: identity layouts on both sides (the upstream lowering
// makes a memcpy of those), a non-unit innermost stride, and i1 elements
// (packed in memory).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: scf.for
// CHECK: memref.copy %{{.*}} : memref<4x8xf32> to memref<4x8xf32>
// CHECK: memref.copy %{{.*}} : memref<4x4xf32, strided<[8, 2]>> to memref<4x4xf32>
// CHECK: memref.copy %{{.*}} : memref<4x8xi1, strided<[16, 1], offset: ?>> to memref<4x8xi1>
// CHECK-NOT: scf.for
func.func @kept(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %s: memref<4x4xf32, strided<[8, 2]>>,
                %t: memref<4x4xf32>, %p: memref<4x8xi1, strided<[16, 1], offset: ?>>, %q: memref<4x8xi1>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %s, %t : memref<4x4xf32, strided<[8, 2]>> to memref<4x4xf32>
  memref.copy %p, %q : memref<4x8xi1, strided<[16, 1], offset: ?>> to memref<4x8xi1>
  return
}

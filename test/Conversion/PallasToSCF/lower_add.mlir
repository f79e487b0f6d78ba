// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %S/../../../examples/add.mlir | FileCheck %s

// The kernel becomes a function over the arrays with block buffers allocated
// once, a grid loop, window copies in, the body, and the output copy back.
// CHECK-LABEL: func.func @add(%{{.*}}: memref<32x8xf32>, %{{.*}}: memref<32x8xf32>, %{{.*}}: memref<32x8xf32>)
// CHECK-COUNT-3: memref.alloc() : memref<8x8xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// The index map (i) -> (i, 0) applied to the grid id, the block row scaled
// by the block's 8 rows.
// CHECK: %[[ID:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: arith.muli %[[ROW]], %[[C8]] : index
// CHECK: vector.transfer_write
// CHECK: memref.subview %arg0
// CHECK: memref.copy
// CHECK: memref.subview %arg1
// CHECK: memref.copy
// CHECK: vector.transfer_read
// CHECK: arith.addf
// CHECK: vector.transfer_write
// CHECK: memref.subview %arg2
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<?x?xf32, strided<[8, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1], offset: ?>>
// CHECK: memref.dealloc
// CHECK-LABEL: func.func @main
// CHECK: call @add(
// CHECK-NOT: pallas.

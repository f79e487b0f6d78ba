// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %S/../../../examples/matmul.mlir | FileCheck %s

// Three nested grid loops (row-major), scratch allocated once without its
// memory space, program_id -> loop iv as i32, dot -> a multiply-add loop
// nest over buffers holding the operands.
// CHECK-LABEL: func.func @matmul
// CHECK: memref.alloc() : memref<8x8xf32>
// CHECK: scf.for %[[I:[a-z0-9]+]] =
// CHECK: scf.for %[[J:[a-z0-9]+]] =
// CHECK: scf.for %[[K:[a-z0-9]+]] =
// CHECK: arith.index_cast %[[K]] : index to i32
// The dot: row i of the result gets lhs[i, k] * rhs[k, :] for every k, as
// 1-D vectors of the row's width.
// CHECK: vector.transfer_write
// CHECK: scf.for %[[DI:[a-z0-9]+]] =
// CHECK: scf.for %[[DK:[a-z0-9]+]] =
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%[[DI]], %[[DK]]] : memref<8x8xf32>
// CHECK: %[[AB:.*]] = vector.broadcast %[[A]] : f32 to vector<8xf32>
// CHECK: %[[B:.*]] = vector.load %{{.*}}[%[[DK]], %{{.*}}] : memref<8x8xf32>, vector<8xf32>
// CHECK: %[[ACC:.*]] = vector.load %[[OUT:.*]][%[[DI]], %{{.*}}] : memref<8x8xf32>, vector<8xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[AB]], %[[B]] : vector<8xf32>
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : vector<8xf32>
// CHECK: vector.store %[[S]], %[[OUT]][%[[DI]], %{{.*}}] : memref<8x8xf32>, vector<8xf32>
// CHECK: vector.transfer_read %[[OUT]]
// CHECK-NOT: vector.contract
// CHECK-NOT: #pallas.memory_space
// CHECK-NOT: pallas.

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %S/../../../examples/matmul.mlir | FileCheck %s

// Three nested grid loops (row-major), scratch allocated once without its
// memory space, program_id -> loop iv as i32, dot -> a register-blocked
// multiply-add loop nest over buffers holding the operands.
// CHECK-LABEL: func.func @matmul
// CHECK: memref.alloc() : memref<8x8xf32>
// CHECK: scf.for %[[I:[a-z0-9]+]] =
// CHECK: scf.for %[[J:[a-z0-9]+]] =
// CHECK: scf.for %[[K:[a-z0-9]+]] =
// CHECK: arith.index_cast %[[K]] : index to i32
// The dot (8x8x8 f32): the operands go to buffers, then blocks of 4 rows by
// 8 columns: the loop over k carries one accumulator row per result row
// (from zero) and adds lhs[i + r, k] * rhs[k, j..j+8] with a fused
// multiply-add; each block is stored once at the end.
// CHECK: %[[LHS:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[LHS]][
// CHECK: %[[RHS:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[RHS]][
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for %[[DI:[a-z0-9]+]] = %{{.*}} to %{{.*}} step %[[C4]] {
// CHECK: scf.for %[[DJ:[a-z0-9]+]] =
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK: %[[ACC:.*]]:4 = scf.for %[[DK:[a-z0-9]+]] = {{.*}} iter_args(%[[A0:.*]] = %[[Z]], %[[A1:.*]] = %[[Z]], %[[A2:.*]] = %[[Z]], %[[A3:.*]] = %[[Z]]) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK: %[[B:.*]] = vector.load %[[RHS]][%[[DK]], %[[DJ]]] : memref<8x8xf32>, vector<8xf32>
// CHECK: %[[X0:.*]] = memref.load %[[LHS]][%[[DI]], %[[DK]]] : memref<8x8xf32>
// CHECK: %[[XB0:.*]] = vector.broadcast %[[X0]] : f32 to vector<8xf32>
// CHECK: %[[S0:.*]] = math.fma %[[XB0]], %[[B]], %[[A0]] : vector<8xf32>
// CHECK: %[[I1:.*]] = arith.addi %[[DI]], %{{.*}} : index
// CHECK: %[[X1:.*]] = memref.load %[[LHS]][%[[I1]], %[[DK]]] : memref<8x8xf32>
// CHECK: %[[S1:.*]] = math.fma %{{.*}}, %[[B]], %[[A1]] : vector<8xf32>
// CHECK: %[[S2:.*]] = math.fma %{{.*}}, %[[B]], %[[A2]] : vector<8xf32>
// CHECK: %[[S3:.*]] = math.fma %{{.*}}, %[[B]], %[[A3]] : vector<8xf32>
// CHECK: scf.yield %[[S0]], %[[S1]], %[[S2]], %[[S3]]
// CHECK: vector.store %[[ACC]]#0, %[[OUT]][%[[DI]], %[[DJ]]] : memref<8x8xf32>, vector<8xf32>
// CHECK: vector.store %[[ACC]]#3, %[[OUT]][%{{.*}}, %[[DJ]]] : memref<8x8xf32>, vector<8xf32>
// CHECK: vector.transfer_read %[[OUT]]
// CHECK-NOT: vector.contract
// CHECK-NOT: #pallas.memory_space
// CHECK-NOT: pallas.

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
// CHECK: vector.transfer_write
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: vector.transfer_read
// CHECK-NOT: vector.contract
// CHECK-NOT: #pallas.memory_space
// CHECK-NOT: pallas.

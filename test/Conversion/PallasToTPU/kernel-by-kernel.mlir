// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// The pass converts a module kernel by kernel: each kernel's unrolled loops
// are expanded just before it is converted, and it is cleaned up right
// after. What must still hold across kernels:
// * a view of a scalar prefetch ref is in SMEM in every unrolled copy (the
//   views follow their source's memory space before the unroll copies them);
// * an index map defined after the kernels that use it gives each one a
//   transform function: a copy for @first, the map itself for @second, the
//   last user (its subview of the prefetch ref follows it into SMEM in
//   both);
// * no index map is left once every kernel is lowered.
// (The loop bounds' constants stay, unused, as in JAX's output; each copy
// makes its own induction value.)

// CHECK-NOT: pallas.index_map
// CHECK-LABEL: module @first {
// CHECK: func.func @first(%{{.*}}: i32, %[[S:.*]]: memref<8x1xi32, #tpu.memory_space<smem>>, %[[O:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK-NOT: scf.for
// CHECK: arith.constant 2 : i32
// CHECK: %[[I0:.*]] = arith.constant 0 : i32
// CHECK: %[[X0:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK: %[[R0:.*]] = tpu.memref_reshape %[[S]] : memref<8x1xi32, #tpu.memory_space<smem>> -> memref<2x4xi32, #tpu.memory_space<smem>>
// CHECK: %[[V0:.*]] = memref.load %[[R0]][%[[X0]], %{{.*}}] : memref<2x4xi32, #tpu.memory_space<smem>>
// CHECK: memref.store %[[V0]], %[[O]]
// CHECK: %[[I1:.*]] = arith.constant 1 : i32
// CHECK: %[[X1:.*]] = arith.index_cast %[[I1]] : i32 to index
// CHECK: %[[R1:.*]] = tpu.memref_reshape %[[S]] : memref<8x1xi32, #tpu.memory_space<smem>> -> memref<2x4xi32, #tpu.memory_space<smem>>
// CHECK: %[[V1:.*]] = memref.load %[[R1]][%[[X1]], %{{.*}}] : memref<2x4xi32, #tpu.memory_space<smem>>
// CHECK: memref.store %[[V1]], %[[O]]
// CHECK: return
// CHECK: func.func @transform_0(%{{.*}}: i32, %[[TS:.*]]: memref<8x1xi32, #tpu.memory_space<smem>>) -> i32
// CHECK: tpu.memref_slice %[[TS]][{{.*}}] : memref<8x1xi32, #tpu.memory_space<smem>> -> memref<4x1xi32, #tpu.memory_space<smem>>
// CHECK-LABEL: module @second {
// CHECK: func.func @second(
// CHECK-NOT: scf.for
// CHECK: arith.constant 2 : i32
// CHECK: %[[J0:.*]] = arith.constant 0 : i32
// CHECK: memref.store %[[J0]],
// CHECK: %[[J1:.*]] = arith.constant 1 : i32
// CHECK: memref.store %[[J1]],
// CHECK: return
// CHECK: func.func @transform_0(%{{.*}}: i32, %[[TS2:.*]]: memref<8x1xi32, #tpu.memory_space<smem>>) -> i32
// CHECK: tpu.memref_slice %[[TS2]][{{.*}}] : memref<8x1xi32, #tpu.memory_space<smem>> -> memref<4x1xi32, #tpu.memory_space<smem>>
// CHECK-NOT: pallas.index_map
pallas.kernel @first grid(2)
    prefetch(%s: memref<8x1xi32>)
    outs(%o: memref<8xi32> block [8] map @late in smem) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %r = pallas.ref_reshape %s : memref<8x1xi32> -> memref<2x4xi32>
    %ix = arith.index_cast %i : i32 to index
    %v = pallas.load %r[%ix, 3] : memref<2x4xi32> -> i32
    pallas.store %v, %o[0] : i32, memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll}
}
pallas.kernel @second grid(2)
    prefetch(%s: memref<8x1xi32>)
    outs(%o: memref<8xi32> block [8] map @late in smem) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    pallas.store %i, %o[0] : i32, memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll}
}
pallas.index_map @late(%i: i32, %s: memref<8x1xi32>) -> (i32) {
  %r = memref.subview %s[2, 0] [4, 1] [1, 1] : memref<8x1xi32> to memref<4x1xi32, strided<[1, 1], offset: 2>>
  %ix = arith.index_cast %i : i32 to index
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%ix, %c0] : memref<4x1xi32, strided<[1, 1], offset: 2>>
  pallas.yield %v : i32
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// Unrolled and parallel loops on the CPU reference: the loops the TPU
// lowerings expand (full unroll, factor with a straight-line remainder,
// dynamic trip counts with a remainder loop, a step of 3, nested loops,
// a loop without iterations) stay loops here, with their carried values:
// an unroll does not change what the loop computes. Parallel loops
// (plsc.parallel_loop) run as ordinary sequential loops.
// x[i] = i + 1 (8 values); the kernel writes o (24 values):
//   o[0..2]   running sums of x[0..2] (full unroll): 1 3 6
//   o[3..6]   s = 6 + x[0..3] prefix sums (unroll=3 over 4): 7 9 12 16,
//   o[7]      p = x[0] * x[1] * x[2] * x[3] carried beside s: 24
//   o[8..10]  x[i] + 100 for i < int(x[2]) = 3 (dynamic trip, unroll=2):
//             101 102 103, o[12] its iteration count carried: 3
//   o[11]     sum of x in a parallel loop with a carry: 36
//   o[13], o[16], o[19]  10 x[i] for i = 1, 4, 7 (step 3, unroll=2): 20 50 80
//   o[14 + 3 i + j] = 10 i + j + 1 for i, j < 2 (nested): 1 2 11 12
//   o[20]     a loop without iterations returns its initial value: 7
//   o[21], o[22] count and sum of i = 0, 2, 4 (i < int(x[4]) = 5, step 2,
//             dynamic, unroll=2): 3 6
//   o[23]     only the parallel zero fill: 0
// The values were derived by hand from these definitions.

// CHECK: Unranked Memref
// CHECK-NEXT: [1,  3,  6,  7,  9,  12,  16,  24,  101,  102,  103,  36,  3,  20,  1,  2,  50,  11,  12,  80,  7,  3,  6,  0]

// The marked loops leave no attribute behind, none stays a parallel loop,
// and the fully unrolled 3-iteration loop (the only i32 one) is still a
// loop.
// LOWER: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32) : i32
// LOWER-NOT: pallas.unroll
// LOWER-NOT: pallas.parallel_loop
// LOWER-NOT: sc.parallel_access
module {
  pallas.kernel @loops grid(1)
      ins(%x: memref<8xf32> block [8] map affine_map<(i) -> (0)>)
      outs(%o: memref<24xf32> block [24] map affine_map<(i) -> (0)>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %f0 = arith.constant 0.0 : f32
    %f1 = arith.constant 1.0 : f32
    // Zero fill, parallel (unroll=4).
    scf.for %i = %c0 to %c24 step %c1 {
      memref.store %f0, %o[%i] : memref<24xf32>
    } {pallas.parallel_loop, pallas.unroll = 4}
    // o[0..2]: full unroll over an i32 induction variable.
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i3 = arith.constant 3 : i32
    %acc = scf.for %i = %i0 to %i3 step %i1 iter_args(%a = %f0) -> (f32) : i32 {
      %ix = arith.index_cast %i : i32 to index
      %xv = memref.load %x[%ix] : memref<8xf32>
      %n = arith.addf %a, %xv : f32
      memref.store %n, %o[%ix] : memref<24xf32>
      scf.yield %n : f32
    } {pallas.unroll}
    // o[3..7]: unroll=3 over 4 iterations, two carried values.
    %s, %p = scf.for %i = %c0 to %c4 step %c1 iter_args(%sa = %acc, %pa = %f1) -> (f32, f32) {
      %xv = memref.load %x[%i] : memref<8xf32>
      %sn = arith.addf %sa, %xv : f32
      %pn = arith.mulf %pa, %xv : f32
      %oi = arith.addi %i, %c3 : index
      memref.store %sn, %o[%oi] : memref<24xf32>
      scf.yield %sn, %pn : f32, f32
    } {pallas.unroll = 3}
    %c7 = arith.constant 7 : index
    memref.store %p, %o[%c7] : memref<24xf32>
    // o[8..10], o[12]: trip count int(x[2]) = 3, unroll=2.
    %x2 = memref.load %x[%c2] : memref<8xf32>
    %n2 = arith.fptosi %x2 : f32 to i32
    %ub = arith.index_cast %n2 : i32 to index
    %hundred = arith.constant 100.0 : f32
    %count = scf.for %i = %c0 to %ub step %c1 iter_args(%k = %f0) -> (f32) {
      %xv = memref.load %x[%i] : memref<8xf32>
      %v = arith.addf %xv, %hundred : f32
      %oi = arith.addi %i, %c8 : index
      memref.store %v, %o[%oi] : memref<24xf32>
      %kn = arith.addf %k, %f1 : f32
      scf.yield %kn : f32
    } {pallas.unroll = 2}
    %c12 = arith.constant 12 : index
    memref.store %count, %o[%c12] : memref<24xf32>
    // o[11]: a parallel loop with a carry.
    %total = scf.for %i = %c0 to %c8 step %c1 iter_args(%t = %f0) -> (f32) {
      %xv = memref.load %x[%i] : memref<8xf32>
      %tn = arith.addf %t, %xv : f32
      scf.yield %tn : f32
    } {pallas.parallel_loop}
    %c11 = arith.constant 11 : index
    memref.store %total, %o[%c11] : memref<24xf32>
    // o[13], o[16], o[19]: i = 1, 4, 7 (step 3), unroll=2.
    %ten = arith.constant 10.0 : f32
    scf.for %i = %c1 to %c8 step %c3 {
      %xv = memref.load %x[%i] : memref<8xf32>
      %v = arith.mulf %xv, %ten : f32
      %oi = arith.addi %i, %c12 : index
      memref.store %v, %o[%oi] : memref<24xf32>
    } {pallas.unroll = 2}
    // o[14 + 3 i + j] = 10 i + j + 1: an inner full unroll inside an outer
    // unroll=2 over 2 iterations.
    %c14 = arith.constant 14 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %i3x = arith.muli %i, %c3 : index
        %ij = arith.addi %i3x, %j : index
        %oi = arith.addi %ij, %c14 : index
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %fj = arith.sitofp %jj : i32 to f32
        %ti = arith.mulf %fi, %ten : f32
        %tj = arith.addf %ti, %fj : f32
        %v = arith.addf %tj, %f1 : f32
        memref.store %v, %o[%oi] : memref<24xf32>
      } {pallas.unroll}
    } {pallas.unroll = 2}
    // o[20]: no iteration.
    %seven = arith.constant 7.0 : f32
    %none = scf.for %i = %c4 to %c4 step %c1 iter_args(%z = %seven) -> (f32) {
      %zn = arith.addf %z, %f1 : f32
      scf.yield %zn : f32
    } {pallas.unroll}
    %c20 = arith.constant 20 : index
    memref.store %none, %o[%c20] : memref<24xf32>
    // o[21], o[22]: i = 0, 2, 4 below int(x[4]) = 5, unroll=2.
    %x4 = memref.load %x[%c4] : memref<8xf32>
    %n4 = arith.fptosi %x4 : f32 to i32
    %ub4 = arith.index_cast %n4 : i32 to index
    %cnt, %sum = scf.for %i = %c0 to %ub4 step %c2 iter_args(%ca = %f0, %sa2 = %f0) -> (f32, f32) {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %cn = arith.addf %ca, %f1 : f32
      %sn = arith.addf %sa2, %fi : f32
      scf.yield %cn, %sn : f32, f32
    } {pallas.unroll = 2}
    %c21 = arith.constant 21 : index
    %c22 = arith.constant 22 : index
    memref.store %cnt, %o[%c21] : memref<24xf32>
    memref.store %sum, %o[%c22] : memref<24xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<8xf32>
    %o = memref.alloc() : memref<24xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %one = arith.constant 1.0 : f32
      %v = arith.addf %fi, %one : f32
      memref.store %v, %x[%i] : memref<8xf32>
    }
    pallas.call @loops(%x, %o) : (memref<8xf32>, memref<24xf32>) -> ()
    %u = memref.cast %o : memref<24xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<8xf32>
    memref.dealloc %o : memref<24xf32>
    return
  }
}

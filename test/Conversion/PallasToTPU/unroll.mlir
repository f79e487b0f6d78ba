// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s
// RUN: %pallas_opt %s --convert-pallas-to-sparsecore --convert-pallas-to-tpu | FileCheck %s

// Unrolled loops: {pallas.unroll} (lax.fori_loop / pl.loop with
// unroll=True) and {pallas.unroll = N} (unroll=N) on scf.for become the ops
// JAX 0.10.2 emits, measured on `fori_loop(0, 4, body, init, unroll=k)`:
// unroll=True gives 4 straight-line copies; unroll=2 an scf.for 0..4 step 2
// holding 2 copies (copy k at iv + k); unroll=3 an scf.for 0..3 step 3 with
// 3 copies, then one straight-line copy at 3; a factor >= the trip count
// only straight-line copies; a dynamic trip count a loop up to
// lb + (n / N) * N and a remainder loop of one copy per iteration.
// Carried values thread through the copies. Each copy here stores
// acc + iv into t[iv], so copies and their induction values show.
// The SparseCore pass leaves TensorCore kernels alone (second RUN).

// CHECK-LABEL: func.func @full(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NOT: scf.for
// CHECK: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X0:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK-NEXT: %[[A0:.*]] = arith.addi %[[C0]], %[[I0]] : i32
// CHECK-NEXT: memref.store %[[A0]], %[[T]][%[[X0]]]
// CHECK-NEXT: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[X1:.*]] = arith.index_cast %[[I1]] : i32 to index
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A0]], %[[I1]] : i32
// CHECK-NEXT: memref.store %[[A1]], %[[T]][%[[X1]]]
// CHECK-NEXT: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[X2:.*]] = arith.index_cast %[[I2]] : i32 to index
// CHECK-NEXT: %[[A2:.*]] = arith.addi %[[A1]], %[[I2]] : i32
// CHECK-NEXT: memref.store %[[A2]], %[[T]][%[[X2]]]
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: memref.store %[[A2]], %[[T]][%[[C7]]]
// CHECK-NEXT: return
pallas.kernel @full grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %ix = arith.index_cast %i : i32 to index
    %n = arith.addi %acc, %i : i32
    memref.store %n, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
    scf.yield %n : i32
  } {pallas.unroll}
  %c7 = arith.constant 7 : index
  memref.store %r, %t[%c7] : memref<8xi32, #pallas.memory_space<smem>>
}

// unroll=2 over 0..4: one loop 0..4 step 2, copies at iv and iv + 1.
// CHECK-LABEL: func.func @factor2(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: arith.constant 4 : i32
// CHECK-NEXT: %[[UB:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[R:.*]] = scf.for %[[IV:.*]] = %[[C0]] to %[[UB]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[C0]]) -> (i32) : i32 {
// CHECK-NEXT: %[[X0:.*]] = arith.index_cast %[[IV]] : i32 to index
// CHECK-NEXT: %[[A0:.*]] = arith.addi %[[ACC]], %[[IV]] : i32
// CHECK-NEXT: memref.store %[[A0]], %[[T]][%[[X0]]]
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[IV1:.*]] = arith.addi %[[IV]], %[[ONE]] : i32
// CHECK-NEXT: %[[X1:.*]] = arith.index_cast %[[IV1]] : i32 to index
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A0]], %[[IV1]] : i32
// CHECK-NEXT: memref.store %[[A1]], %[[T]][%[[X1]]]
// CHECK-NEXT: scf.yield %[[A1]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: memref.store %[[R]], %[[T]][%[[C7]]]
pallas.kernel @factor2 grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %ix = arith.index_cast %i : i32 to index
    %n = arith.addi %acc, %i : i32
    memref.store %n, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
    scf.yield %n : i32
  } {pallas.unroll = 2}
  %c7 = arith.constant 7 : index
  memref.store %r, %t[%c7] : memref<8xi32, #pallas.memory_space<smem>>
}

// unroll=3 over 0..4: a loop 0..3 step 3 with copies at iv, iv + 1, iv + 2,
// then the remainder copy at 3, fed by the loop's result.
// CHECK-LABEL: func.func @factor3(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[UB:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[R:.*]] = scf.for %[[IV:.*]] = %[[C0]] to %[[UB]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[C0]]) -> (i32) : i32 {
// CHECK-NEXT: arith.index_cast %[[IV]]
// CHECK-NEXT: %[[A0:.*]] = arith.addi %[[ACC]], %[[IV]] : i32
// CHECK-NEXT: memref.store %[[A0]]
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[IV1:.*]] = arith.addi %[[IV]], %[[ONE]] : i32
// CHECK-NEXT: arith.index_cast %[[IV1]]
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A0]], %[[IV1]] : i32
// CHECK-NEXT: memref.store %[[A1]]
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[IV2:.*]] = arith.addi %[[IV]], %[[TWO]] : i32
// CHECK-NEXT: arith.index_cast %[[IV2]]
// CHECK-NEXT: %[[A2:.*]] = arith.addi %[[A1]], %[[IV2]] : i32
// CHECK-NEXT: memref.store %[[A2]]
// CHECK-NEXT: scf.yield %[[A2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[I3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[X3:.*]] = arith.index_cast %[[I3]] : i32 to index
// CHECK-NEXT: %[[A3:.*]] = arith.addi %[[R]], %[[I3]] : i32
// CHECK-NEXT: memref.store %[[A3]], %[[T]][%[[X3]]]
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: memref.store %[[A3]], %[[T]][%[[C7]]]
pallas.kernel @factor3 grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %ix = arith.index_cast %i : i32 to index
    %n = arith.addi %acc, %i : i32
    memref.store %n, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
    scf.yield %n : i32
  } {pallas.unroll = 3}
  %c7 = arith.constant 7 : index
  memref.store %r, %t[%c7] : memref<8xi32, #pallas.memory_space<smem>>
}

// A factor above the trip count (unroll=5 over 0..4 measured in JAX) or
// equal to it: only straight-line copies at 0, 1, 2, 3.
// CHECK-LABEL: func.func @factor_above_trip(
// CHECK-NOT: scf.for
// CHECK-COUNT-4: memref.store
// CHECK-NOT: memref.store
// CHECK: return
pallas.kernel @factor_above_trip grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 5}
}

// CHECK-LABEL: func.func @factor_equal_trip(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK-NOT: scf.for
// CHECK: arith.constant 4 : i32
// CHECK-NEXT: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X0:.*]] = arith.index_cast %[[I0]]
// CHECK-NEXT: memref.store %[[I0]], %[[T]][%[[X0]]]
// CHECK-NEXT: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[X1:.*]] = arith.index_cast %[[I1]]
// CHECK-NEXT: memref.store %[[I1]], %[[T]][%[[X1]]]
// CHECK-NEXT: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[X2:.*]] = arith.index_cast %[[I2]]
// CHECK-NEXT: memref.store %[[I2]], %[[T]][%[[X2]]]
// CHECK-NEXT: %[[I3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[X3:.*]] = arith.index_cast %[[I3]]
// CHECK-NEXT: memref.store %[[I3]], %[[T]][%[[X3]]]
// CHECK-NEXT: return
pallas.kernel @factor_equal_trip grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 4}
}

// unroll=1 keeps one loop (0..4 step 1, one copy); over a single iteration
// JAX emits the copy alone, at the constant lower bound.
// CHECK-LABEL: func.func @factor1(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: arith.constant 6 : i32
// CHECK-NEXT: %[[UB:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 1 : i32
// CHECK-NEXT: scf.for %[[IV:.*]] = %[[C0]] to %[[UB]] step %[[STEP]] : i32 {
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[IV]]
// CHECK-NEXT: memref.store %[[IV]], %[[T]][%[[X]]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[I5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[X5:.*]] = arith.index_cast %[[I5]]
// CHECK-NEXT: memref.store %[[I5]], %[[T]][%[[X5]]]
// CHECK-NEXT: return
pallas.kernel @factor1 grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 1}
  scf.for %i = %c5 to %c6 step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 1}
}

// pl.loop(1, 8, step=3, unroll=2): iterations 1, 4, 7; a loop 1..7 stepping
// 6 with copies at iv and iv + 3, then the remainder copy at 7.
// CHECK-LABEL: func.func @step3(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[UB:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 6 : i32
// CHECK-NEXT: scf.for %[[IV:.*]] = %[[C1]] to %[[UB]] step %[[STEP]] : i32 {
// CHECK-NEXT: %[[X0:.*]] = arith.index_cast %[[IV]]
// CHECK-NEXT: memref.store %[[IV]], %[[T]][%[[X0]]]
// CHECK-NEXT: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[IV1:.*]] = arith.addi %[[IV]], %[[THREE]] : i32
// CHECK-NEXT: %[[X1:.*]] = arith.index_cast %[[IV1]]
// CHECK-NEXT: memref.store %[[IV1]], %[[T]][%[[X1]]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[I7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[X7:.*]] = arith.index_cast %[[I7]]
// CHECK-NEXT: memref.store %[[I7]], %[[T]][%[[X7]]]
// CHECK-NEXT: return
pallas.kernel @step3 grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c1 to %c8 step %c3 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 2}
}

// No iteration: no copy, the results are the initial values.
// CHECK-LABEL: func.func @zero_trip(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[INIT:.*]] = arith.constant 9 : i32
// CHECK-NOT: scf.for
// CHECK-NOT: arith.addi
// CHECK: memref.store %[[INIT]], %[[T]]
// CHECK-NEXT: memref.store %[[INIT]], %[[T]]
// CHECK-NEXT: return
pallas.kernel @zero_trip grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c9 = arith.constant 9 : i32
  %r1 = scf.for %i = %c4 to %c4 step %c1 iter_args(%acc = %c9) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  } {pallas.unroll}
  %r2 = scf.for %i = %c4 to %c1 step %c1 iter_args(%acc = %c9) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  } {pallas.unroll = 2}
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  memref.store %r1, %t[%c0] : memref<8xi32, #pallas.memory_space<smem>>
  memref.store %r2, %t[%c7] : memref<8xi32, #pallas.memory_space<smem>>
}

// An index induction variable: the copies' induction values are index
// constants.
// CHECK-LABEL: func.func @index_iv(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[V:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[I0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %[[V]], %[[T]][%[[I0]]]
// CHECK-NEXT: %[[I1:.*]] = arith.constant 1 : index
// CHECK-NEXT: memref.store %[[V]], %[[T]][%[[I1]]]
// CHECK-NEXT: return
pallas.kernel @index_iv grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 3 : i32
  scf.for %i = %c0 to %c2 step %c1 {
    memref.store %v, %t[%i] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll}
}

// A trip count read from SMEM, unroll=2: n = ub - lb; a loop from lb to
// lb + (n / 2) * 2 stepping 2 with two copies, then a remainder loop from
// there to ub stepping 1 with one copy, carrying the main loop's result.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[LB:.*]] = arith.constant 0 : i32
// CHECK: %[[STEP1:.*]] = arith.constant 1 : i32
// CHECK: %[[UB:.*]] = memref.load %[[T]]
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[UB]], %[[LB]] : i32
// CHECK-NEXT: %[[F:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[N]], %[[F]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[Q]], %[[F]] : i32
// CHECK-NEXT: %[[MUB:.*]] = arith.addi %[[LB]], %[[M]] : i32
// CHECK-NEXT: %[[MSTEP:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[R:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[MUB]] step %[[MSTEP]] iter_args(%[[ACC:.*]] = %[[LB]]) -> (i32) : i32 {
// CHECK-NEXT: %[[A0:.*]] = arith.addi %[[ACC]], %[[IV]] : i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[IV1:.*]] = arith.addi %[[IV]], %[[ONE]] : i32
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A0]], %[[IV1]] : i32
// CHECK-NEXT: scf.yield %[[A1]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[R2:.*]] = scf.for %[[IV2:.*]] = %[[MUB]] to %[[UB]] step %[[STEP1]] iter_args(%[[ACC2:.*]] = %[[R]]) -> (i32) : i32 {
// CHECK-NEXT: %[[A2:.*]] = arith.addi %[[ACC2]], %[[IV2]] : i32
// CHECK-NEXT: scf.yield %[[A2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: memref.store %[[R2]], %[[T]][%[[C7]]]
pallas.kernel @dynamic grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ci = arith.constant 0 : index
  %ub = memref.load %t[%ci] : memref<8xi32, #pallas.memory_space<smem>>
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  } {pallas.unroll = 2}
  %c7 = arith.constant 7 : index
  memref.store %r, %t[%c7] : memref<8xi32, #pallas.memory_space<smem>>
}

// A dynamic trip count with step 2: n = (ub - lb + 1) / 2 iterations; the
// main loop ends at lb + (n / 2) * 2 * 2 and steps 4 (copies at iv, iv + 2);
// the remainder loop keeps step 2.
// CHECK-LABEL: func.func @dynamic_step(
// CHECK: %[[LB:.*]] = arith.constant 0 : i32
// CHECK: %[[STEP:.*]] = arith.constant 2 : i32
// CHECK: %[[UB:.*]] = memref.load
// CHECK-NEXT: %[[SPAN:.*]] = arith.subi %[[UB]], %[[LB]] : i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[SM1:.*]] = arith.subi %[[STEP]], %[[ONE]] : i32
// CHECK-NEXT: %[[UP:.*]] = arith.addi %[[SPAN]], %[[SM1]] : i32
// CHECK-NEXT: %[[N:.*]] = arith.divsi %[[UP]], %[[STEP]] : i32
// CHECK-NEXT: %[[F:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[N]], %[[F]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[Q]], %[[F]] : i32
// CHECK-NEXT: %[[MS:.*]] = arith.muli %[[M]], %[[STEP]] : i32
// CHECK-NEXT: %[[MUB:.*]] = arith.addi %[[LB]], %[[MS]] : i32
// CHECK-NEXT: %[[MSTEP:.*]] = arith.constant 4 : i32
// CHECK-NEXT: scf.for %[[IV:.*]] = %[[LB]] to %[[MUB]] step %[[MSTEP]] : i32 {
// CHECK-NEXT: arith.index_cast %[[IV]]
// CHECK-NEXT: memref.store %[[IV]]
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[IV1:.*]] = arith.addi %[[IV]], %[[TWO]] : i32
// CHECK-NEXT: arith.index_cast %[[IV1]]
// CHECK-NEXT: memref.store %[[IV1]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[IV2:.*]] = %[[MUB]] to %[[UB]] step %[[STEP]] : i32 {
// CHECK-NEXT: arith.index_cast %[[IV2]]
// CHECK-NEXT: memref.store %[[IV2]]
// CHECK-NEXT: }
// CHECK-NEXT: return
pallas.kernel @dynamic_step grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %ci = arith.constant 0 : index
  %ub = memref.load %t[%ci] : memref<8xi32, #pallas.memory_space<smem>>
  scf.for %i = %c0 to %ub step %c2 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 2}
}

// Nested: the inner loop (full unroll, 2 copies) is expanded first, then
// the outer one (unroll=2 over 2 iterations: straight-line) copies it:
// 4 stores, at 0 + 0, 0 + 1, 4 + 0, 4 + 1; and a marked loop inside an
// scf.if is expanded too.
// CHECK-LABEL: func.func @nested(
// CHECK-NOT: scf.for
// CHECK-COUNT-4: memref.store
// CHECK: scf.if
// CHECK-NEXT: arith.constant 6 : index
// CHECK-NEXT: memref.store
// CHECK-NEXT: arith.constant 7 : index
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NOT: scf.for
// CHECK: return
pallas.kernel @nested grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %v = arith.constant 1 : i32
  scf.for %i = %c0 to %c8 step %c4 {
    scf.for %j = %c0 to %c2 step %c1 {
      %k = arith.addi %i, %j : index
      memref.store %v, %t[%k] : memref<8xi32, #pallas.memory_space<smem>>
    } {pallas.unroll}
  } {pallas.unroll = 2}
  %p = pallas.program_id 0
  %z = arith.constant 0 : i32
  %first = arith.cmpi eq, %p, %z : i32
  scf.if %first {
    scf.for %i = %c6 to %c8 step %c1 {
      memref.store %v, %t[%i] : memref<8xi32, #pallas.memory_space<smem>>
    } {pallas.unroll}
  }
}

// Ops with regions in the body: uses of the induction variable, the carried
// value and earlier body values inside them follow each copy.
// CHECK-LABEL: func.func @regions_in_body(
// CHECK-SAME: %{{.*}}: i32, %[[T:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: %[[INIT:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X0:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK-NEXT: %[[P0:.*]] = arith.cmpi eq, %[[I0]], %{{.*}} : i32
// CHECK-NEXT: %[[R0:.*]] = scf.if %[[P0]] -> (i32) {
// CHECK-NEXT: memref.store %[[INIT]], %[[T]][%[[X0]]]
// CHECK-NEXT: scf.yield %[[I0]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[INIT]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[X1:.*]] = arith.index_cast %[[I1]] : i32 to index
// CHECK-NEXT: %[[P1:.*]] = arith.cmpi eq, %[[I1]], %{{.*}} : i32
// CHECK-NEXT: %[[R1:.*]] = scf.if %[[P1]] -> (i32) {
// CHECK-NEXT: memref.store %[[R0]], %[[T]][%[[X1]]]
// CHECK-NEXT: scf.yield %[[I1]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[R0]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: memref.store %[[R1]], %[[T]][%[[C7]]]
pallas.kernel @regions_in_body grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %c5) -> (i32) : i32 {
    %ix = arith.index_cast %i : i32 to index
    %p = arith.cmpi eq, %i, %c1 : i32
    %n = scf.if %p -> (i32) {
      memref.store %acc, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
      scf.yield %i : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %n : i32
  } {pallas.unroll}
  %c7 = arith.constant 7 : index
  memref.store %r, %t[%c7] : memref<8xi32, #pallas.memory_space<smem>>
}

// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Loops the TensorCore lowering cannot expand.

// A full unroll (unroll=True) needs the trip count: constant bounds and step.
pallas.kernel @k grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ci = arith.constant 0 : index
  %ub = memref.load %t[%ci] : memref<8xi32, #pallas.memory_space<smem>>
  // expected-error @+1 {{'scf.for' op {pallas.unroll} (a full unroll) needs constant loop bounds and step; the upper bound is not an arith.constant (write pallas.unroll = N for a factor)}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll}
}

// -----

pallas.kernel @k grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c8 = arith.constant 8 : i32
  %ci = arith.constant 0 : index
  %cj = arith.constant 1 : index
  %lb = memref.load %t[%ci] : memref<8xi32, #pallas.memory_space<smem>>
  %step = memref.load %t[%cj] : memref<8xi32, #pallas.memory_space<smem>>
  // expected-error @+1 {{the lower bound and the step are not an arith.constant}}
  scf.for %i = %lb to %c8 step %step : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll}
}

// -----

// plsc.parallel_loop has no TensorCore lowering in JAX.
pallas.kernel @k grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  // expected-error @+1 {{'scf.for' op pallas.parallel_loop (plsc.parallel_loop) is a SparseCore loop; TensorCore kernels cannot use it}}
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.parallel_loop, pallas.unroll = 2}
}

// -----

pallas.kernel @k grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  // expected-error @+1 {{'scf.for' op not yet supported: pallas.unroll on an scf.for with unsigned bounds}}
  scf.for unsigned %i = %c0 to %c8 step %c1 : i32 {
    %ix = arith.index_cast %i : i32 to index
    memref.store %i, %t[%ix] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll = 2}
}

// -----

// 20000 copies of a body of 14 ops (13 stores and the yield): 280000 ops,
// past the 2^18 an unroll may make (the fuzzer's 65535 copies of a
// 23-op body took the lowerings minutes).
pallas.kernel @k grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = arith.constant 20000 : i32
  %z = arith.constant 0 : index
  // expected-error @+1 {{'scf.for' op not yet supported: pallas.unroll making 20000 copies of a body of 14 ops (280000 ops; at most 262144 in all)}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    memref.store %i, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
  } {pallas.unroll}
}

// -----

// A nested unroll counts once per copy: 600 copies of (the inner loop of
// 500 copies of a store and its yield, 1 + 500 * 2 ops, and the yield).
pallas.kernel @k grid(1) scratch(%t: memref<8xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c500 = arith.constant 500 : i32
  %c600 = arith.constant 600 : i32
  %z = arith.constant 0 : index
  // expected-error @+1 {{'scf.for' op not yet supported: pallas.unroll making 600 copies of a body of 1002 ops (601200 ops; at most 262144 in all)}}
  scf.for %i = %c0 to %c600 step %c1 : i32 {
    scf.for %j = %c0 to %c500 step %c1 : i32 {
      memref.store %j, %t[%z] : memref<8xi32, #pallas.memory_space<smem>>
    } {pallas.unroll}
  } {pallas.unroll}
}

// RUN: %pallas_opt %s --convert-pallas-to-sparsecore | FileCheck %s
// RUN: %pallas_opt %s --convert-pallas-to-tpu --convert-pallas-to-sparsecore | FileCheck %s

// Loops in SparseCore kernels. {pallas.parallel_loop} is plsc.parallel_loop:
// JAX 0.10.2 emits the scf.for as written (bounds, step, carried values,
// body untouched) marked {sc.parallel_access, sc.loop_unroll_factor = N},
// N being the unroll argument (1 by default), for constant and dynamic
// bounds alike. {pallas.unroll = N} alone is fori_loop(unroll=N), expanded
// as on the TensorCore (JAX shares that lowering): measured on a SparseCore
// fori_loop over 4 rows with unroll=3, a loop 0..3 step 3 with 3 copies,
// then one straight-line copy. The TensorCore pass leaves SparseCore
// kernels, and their loop attributes, to this pass (second RUN).

// CHECK-LABEL: func.func @parallel(
// CHECK-SAME: %{{.*}}: i32, %[[SUB:.*]]: i32, %[[V:.*]]: memref<32x8xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-NEXT: %[[SUM:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[C32]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (vector<8xf32>) : i32 {
// CHECK: tpu.vector_load %[[V]]
// CHECK-NOT: tpu.vector_load
// CHECK: scf.yield
// CHECK-NEXT: } {sc.loop_unroll_factor = 1 : i64, sc.parallel_access}
// CHECK-NEXT: scf.for %[[J:.*]] = %[[SUB]] to %[[C32]] step %[[C2]] : i32 {
// CHECK: tpu.vector_store %[[V]]
// CHECK-NEXT: } {sc.loop_unroll_factor = 4 : i64, sc.parallel_access}
// CHECK-NOT: pallas.
// CHECK: return
pallas.kernel @parallel grid(1, 16) names("core", "subcore")
    scratch(%v: memref<32x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  // @plsc.parallel_loop(0, 32, carry=zeros): acc + v[i]
  %sum = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (vector<8xf32>) : i32 {
    %ix = arith.index_cast %i : i32 to index
    %row = pallas.load %v[%ix, 0:8] : memref<32x8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %n = arith.addf %acc, %row : vector<8xf32>
    scf.yield %n : vector<8xf32>
  } {pallas.parallel_loop}
  // @plsc.parallel_loop(subcore, 32, 2, unroll=4): v[j] = sum
  %sub = pallas.program_id 1
  scf.for %j = %sub to %c32 step %c2 : i32 {
    %jx = arith.index_cast %j : i32 to index
    pallas.store %sum, %v[%jx, 0:8] : vector<8xf32>, memref<32x8xf32, #pallas.memory_space<vmem>>
  } {pallas.parallel_loop, pallas.unroll = 4}
}

// fori_loop(0, 4, body, zeros, unroll=3): v[i] = v[i] * 2; acc += v[i].
// Each copy loads twice and stores once.
// CHECK-LABEL: func.func @unrolled(
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[UB:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[R:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[UB]] step %[[STEP]] iter_args(%{{.*}}) -> (vector<8xf32>) : i32 {
// CHECK-COUNT-3: tpu.vector_store
// CHECK-NOT: tpu.vector_store
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[I3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: arith.index_cast %[[I3]]
// CHECK: tpu.vector_store
// CHECK-NOT: scf.for
// CHECK-NOT: sc.
// CHECK: return
pallas.kernel @unrolled grid(1, 16) names("core", "subcore")
    scratch(%v: memref<32x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %two = arith.constant dense<2.0> : vector<8xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<8xf32>) : i32 {
    %ix = arith.index_cast %i : i32 to index
    %row = pallas.load %v[%ix, 0:8] : memref<32x8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %d = arith.mulf %row, %two : vector<8xf32>
    pallas.store %d, %v[%ix, 0:8] : vector<8xf32>, memref<32x8xf32, #pallas.memory_space<vmem>>
    %n = arith.addf %acc, %d : vector<8xf32>
    scf.yield %n : vector<8xf32>
  } {pallas.unroll = 3}
  %c0i = arith.constant 0 : index
  pallas.store %sum, %v[%c0i, 0:8] : vector<8xf32>, memref<32x8xf32, #pallas.memory_space<vmem>>
}

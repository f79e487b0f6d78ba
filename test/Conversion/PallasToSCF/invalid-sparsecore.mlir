// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// The SparseCore forms the CPU reference does not run, each reported at the
// op. Subcore barriers split the body into phases run for every subcore in
// turn, which needs a (cores, subcores) grid, barriers at the top of the
// body, and values carried across them that can be recomputed or kept per
// subcore (scalars and vectors: run_sc_barrier_carry.mlir; a ref chosen by
// scf.if cannot).

pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.subcore_barrier' op not yet supported: a pallas.subcore_barrier in a kernel whose grid [1] is not (cores, subcores) with a static number of subcores on the CPU reference}}
  pallas.subcore_barrier
}

// -----

// Barriers inside scf.if and scf.for run (run_sc_barrier_loop.mlir,
// run_sc_barrier_dynamic_loop.mlir); a loop with results does not, nor a
// loop the CPU reference cannot unroll inside an scf.if.
pallas.kernel @k grid(1, 16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> (i32) {
    // expected-error @+1 {{'pallas.subcore_barrier' op not yet supported: a pallas.subcore_barrier inside an scf.for with results on the CPU reference}}
    pallas.subcore_barrier
    scf.yield %a : i32
  }
}

// -----

pallas.kernel @k grid(1, 16) scratch(%n: memref<1xi32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = pallas.load %n[%c0] : memref<1xi32, #pallas.memory_space<smem>> -> i32
  %ub = arith.index_cast %ni : i32 to index
  %t = arith.constant true
  // expected-error @+1 {{'scf.if' op not yet supported: a pallas.subcore_barrier inside an scf.for whose bounds are not constants, itself inside scf.if, on the CPU reference}}
  scf.if %t {
    scf.for %i = %c0 to %ub step %c1 {
      pallas.subcore_barrier
    }
  }
}

// -----

pallas.kernel @k grid(1, 16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  scf.if %t {
    %v = pallas.program_id 1
    pallas.subcore_barrier
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'arith.addi' op not yet supported: a value computed before a pallas.subcore_barrier inside an scf.if and used after it on the CPU reference}}
    %w = arith.addi %v, %c : i32
  }
}

// -----

pallas.kernel @k grid(1, 16) scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>, %b: memref<8xf32, #pallas.memory_space<vmem>>) {
  %t = arith.constant true
  %r = scf.if %t -> (memref<8xf32, #pallas.memory_space<vmem>>) {
    scf.yield %a : memref<8xf32, #pallas.memory_space<vmem>>
  } else {
    scf.yield %b : memref<8xf32, #pallas.memory_space<vmem>>
  }
  pallas.subcore_barrier
  %v = arith.constant dense<1.0> : vector<8xf32>
  // expected-error @+1 {{'pallas.store' op not yet supported: a value of scf.if (memref<8xf32, #pallas.memory_space<vmem>>) computed before a pallas.subcore_barrier and used after it on the CPU reference}}
  pallas.store %v, %r[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

// A store_scatter {add} of ui32 lanes (the SparseCore lowering rejects it
// too: "'pallas.store_scatter' on SparseCore moves 32-bit lanes (i32 or
// f32)"). An indirect DMA {add} of ui32 runs: run_sc_indirect_add_unsigned.mlir.
pallas.kernel @k grid(1) scratch(%u: memref<64xui32, #pallas.memory_space<vmem>>) {
  %v = arith.constant dense<2> : vector<16xi32>
  %x = pallas.load_gather %u[%v] : memref<64xui32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xui32>
  // expected-error @+1 {{'pallas.store_scatter' op not yet supported: pallas.store_scatter {add} of ui32 elements on the CPU reference}}
  pallas.store_scatter %x, %u[%v] {add} : vector<16xui32>, memref<64xui32, #pallas.memory_space<vmem>>, vector<16xi32>
}

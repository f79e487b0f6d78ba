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

pallas.kernel @k grid(1, 16) {
  %t = arith.constant true
  scf.if %t {
    // expected-error @+1 {{'pallas.subcore_barrier' op not yet supported: a pallas.subcore_barrier inside a region on the CPU reference}}
    pallas.subcore_barrier
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

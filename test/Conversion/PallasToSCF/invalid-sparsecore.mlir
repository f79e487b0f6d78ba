// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// The SparseCore forms the CPU reference does not run, each reported at the
// op. Subcore barriers split the body into phases run for every subcore in
// turn, which needs a (cores, subcores) grid, barriers at the top of the
// body, and values carried across them that can be recomputed.

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

pallas.kernel @k grid(1, 16) scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>) {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  pallas.subcore_barrier
  // expected-error @+1 {{'pallas.store' op not yet supported: a value of pallas.load computed before a pallas.subcore_barrier and used after it on the CPU reference}}
  pallas.store %v, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1, 16) scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  pallas.dma_start %a -> %a, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.subcore_barrier
  // expected-error @+1 {{'pallas.dma_wait' op not yet supported: a subcore's memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>> used on both sides of a pallas.subcore_barrier on the CPU reference}}
  pallas.dma_wait %a -> %a, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
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

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// The SparseCore forms the CPU reference does not run, each reported at the
// op (subcore barriers: invalid-sc-barrier.mlir).

// A store_scatter {add} of ui32 lanes (the SparseCore lowering rejects it
// too: "'pallas.store_scatter' on SparseCore moves 32-bit lanes (i32 or
// f32)"). An indirect DMA {add} of ui32 runs: run_sc_indirect_add_unsigned.mlir.
pallas.kernel @k grid(1) scratch(%u: memref<64xui32, #pallas.memory_space<vmem>>) {
  %v = arith.constant dense<2> : vector<16xi32>
  %x = pallas.load_gather %u[%v] : memref<64xui32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xui32>
  // expected-error @+1 {{'pallas.store_scatter' op not yet supported: pallas.store_scatter {add} of ui32 elements on the CPU reference}}
  pallas.store_scatter %x, %u[%v] {add} : vector<16xui32>, memref<64xui32, #pallas.memory_space<vmem>>, vector<16xi32>
}

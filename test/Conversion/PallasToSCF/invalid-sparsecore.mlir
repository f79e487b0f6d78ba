// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// The SparseCore forms the CPU reference does not run, each reported at the
// op. The subcores run one after the other on the CPU, so a subcore barrier
// cannot be honoured.

pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.subcore_barrier' op not yet supported: pallas.subcore_barrier on the CPU reference (the subcores run sequentially)}}
  pallas.subcore_barrier
}

// -----

pallas.kernel @k grid(1) scratch(%acc: memref<4x16xf32, #pallas.memory_space<vmem>>) {
  %m = arith.constant dense<true> : vector<4x16xi1>
  // expected-error @+1 {{'pallas.load' op not yet supported: pallas.load {expand} of a vector<4x16xf32> (the CPU reference handles 1-D vectors)}}
  %e = pallas.load %acc[0:4, 0:16] mask(%m : vector<4x16xi1>) {expand} : memref<4x16xf32, #pallas.memory_space<vmem>> -> vector<4x16xf32>
  // expected-error @+1 {{'pallas.store' op not yet supported: pallas.store {compress} of a vector<4x16xf32> (the CPU reference handles 1-D vectors)}}
  pallas.store %e, %acc[0:4, 0:16] mask(%m : vector<4x16xi1>) {compress} : vector<4x16xf32>, memref<4x16xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1) scratch(%u: memref<64xui32, #pallas.memory_space<vmem>>, %rows: memref<8xui32, #pallas.memory_space<vmem>>, %t: memref<64xui32, #pallas.memory_space<hbm>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  %v = arith.constant dense<2> : vector<16xi32>
  %x = pallas.load_gather %u[%v] : memref<64xui32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xui32>
  // expected-error @+1 {{'pallas.store_scatter' op not yet supported: pallas.store_scatter {add} of ui32 elements on the CPU reference}}
  pallas.store_scatter %x, %u[%v] {add} : vector<16xui32>, memref<64xui32, #pallas.memory_space<vmem>>, vector<16xi32>
  // expected-error @+1 {{'pallas.dma_start' op not yet supported: pallas.dma_start {add} of ui32 elements on the CPU reference}}
  pallas.dma_start %rows -> %t, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xui32, #pallas.memory_space<vmem>> -> memref<64xui32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// The CPU reference has no lowering of the SparseCore ops and of the
// SparseCore forms of load, store and DMA: each is reported at the op.

pallas.kernel @k grid(1) scratch(%acc: memref<64xf32, #pallas.memory_space<vmem>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  // expected-error @+1 {{'pallas.sort' op not yet supported: pallas.sort on the CPU reference (SparseCore-only op)}}
  %a, %b, %c = pallas.sort %k, %v mask(%m : vector<16xi1>) : vector<16xf32>, vector<16xi32>
  // expected-error @+1 {{not yet supported: pallas.cumulative on the CPU reference (SparseCore-only op)}}
  %s = pallas.cumulative sum %k : vector<16xf32>
  // expected-error @+1 {{not yet supported: pallas.scan_count on the CPU reference (SparseCore-only op)}}
  %n, %l = pallas.scan_count %v : vector<16xi32>
  // expected-error @+1 {{not yet supported: pallas.take_along_axis on the CPU reference (SparseCore-only op)}}
  %t = pallas.take_along_axis %k, %v dim 0 : vector<16xf32>, vector<16xi32>
  // expected-error @+1 {{not yet supported: pallas.rev on the CPU reference (SparseCore-only op)}}
  %r = pallas.rev %k dims [0] : vector<16xf32>
  // expected-error @+1 {{not yet supported: pallas.load_gather on the CPU reference (SparseCore-only op)}}
  %g = pallas.load_gather %tile[%v, %v] : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32> -> vector<16xf32>
  // expected-error @+1 {{not yet supported: pallas.store_scatter on the CPU reference (SparseCore-only op)}}
  pallas.store_scatter %k, %acc[%v] {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
  // expected-error @+1 {{not yet supported: pallas.subcore_barrier on the CPU reference (SparseCore-only op)}}
  pallas.subcore_barrier
}

// -----

pallas.kernel @k grid(1) scratch(%acc: memref<64xf32, #pallas.memory_space<vmem>>) {
  %m = arith.constant dense<true> : vector<16xi1>
  // expected-error @+1 {{'pallas.load' op not yet supported: pallas.load {expand} on the CPU reference (SparseCore-only)}}
  %e = pallas.load %acc[0:16] mask(%m : vector<16xi1>) {expand} : memref<64xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %k = arith.constant dense<1.0> : vector<16xf32>
  // expected-error @+1 {{'pallas.store' op not yet supported: pallas.store {compress} on the CPU reference (SparseCore-only)}}
  pallas.store %k, %acc[0:16] mask(%m : vector<16xi1>) {compress} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{'pallas.store' op not yet supported: pallas.store {add} on the CPU reference (SparseCore-only)}}
  pallas.store %k, %acc[16:16] {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1) scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>, %rows: memref<8x8xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  // expected-error @+1 {{'pallas.dma_start' op not yet supported: an indirect pallas.dma_start (offsets/filter/add) on the CPU reference (SparseCore-only)}}
  pallas.dma_start %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'pallas.dma_wait' op not yet supported: an indirect pallas.dma_wait (offsets/filter/add) on the CPU reference (SparseCore-only)}}
  pallas.dma_wait %rows -> %table, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<64x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

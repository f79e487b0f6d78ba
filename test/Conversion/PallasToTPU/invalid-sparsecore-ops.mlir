// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// TensorCore kernels cannot use the SparseCore ops, nor the SparseCore forms
// of load, store and DMA.

pallas.kernel @k grid(1) scratch(%acc: memref<64xf32, #pallas.memory_space<vmem>>, %tile: memref<8x64xf32, #pallas.memory_space<vmem>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>
  // expected-error @+1 {{'pallas.sort' op 'pallas.sort' is a SparseCore op; TensorCore kernels cannot use it}}
  %a, %b, %c = pallas.sort %k, %v mask(%m : vector<16xi1>) : vector<16xf32>, vector<16xi32>
  // expected-error @+1 {{'pallas.cumulative' is a SparseCore op; TensorCore kernels cannot use it}}
  %s = pallas.cumulative sum %k : vector<16xf32>
  // expected-error @+1 {{'pallas.scan_count' is a SparseCore op; TensorCore kernels cannot use it}}
  %n, %l = pallas.scan_count %v : vector<16xi32>
  // expected-error @+1 {{'pallas.take_along_axis' is a SparseCore op; TensorCore kernels cannot use it}}
  %t = pallas.take_along_axis %k, %v dim 0 : vector<16xf32>, vector<16xi32>
  // expected-error @+1 {{'pallas.rev' is a SparseCore op; TensorCore kernels cannot use it}}
  %r = pallas.rev %k dims [0] : vector<16xf32>
  // expected-error @+1 {{'pallas.load_gather' is a SparseCore op; TensorCore kernels cannot use it}}
  %g = pallas.load_gather %tile[%v, %v] : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32> -> vector<16xf32>
  // expected-error @+1 {{'pallas.store_scatter' is a SparseCore op; TensorCore kernels cannot use it}}
  pallas.store_scatter %k, %acc[%v] {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
  // expected-error @+1 {{'pallas.subcore_barrier' is a SparseCore op; TensorCore kernels cannot use it}}
  pallas.subcore_barrier
}

// -----

pallas.kernel @k grid(1) scratch(%acc: memref<8x128xf32, #pallas.memory_space<vmem>>) {
  %m = arith.constant dense<true> : vector<8x128xi1>
  // expected-error @+1 {{'pallas.load' op 'expand' on 'pallas.load' is SparseCore-only; TensorCore kernels cannot use it}}
  %e = pallas.load %acc[] mask(%m : vector<8x128xi1>) {expand} : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
  %k = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{'compress' on 'pallas.store' is SparseCore-only; TensorCore kernels cannot use it}}
  pallas.store %k, %acc[] mask(%m : vector<8x128xi1>) {compress} : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{'add' on 'pallas.store' is SparseCore-only; TensorCore kernels cannot use it}}
  pallas.store %k, %acc[] {add} : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1) ins(%table: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%rows: memref<8x128xf32, #pallas.memory_space<vmem>>, %idx: memref<8xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  // expected-error @+1 {{'pallas.dma_start' op an indirect DMA (offsets(...)/filter(...) on 'pallas.dma_start') is SparseCore-only; TensorCore kernels cannot use it}}
  pallas.dma_start %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'add' on 'pallas.dma_wait' is SparseCore-only; TensorCore kernels cannot use it}}
  pallas.dma_wait %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<64x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// SparseCore kernels are left to the SparseCore lowering.
pallas.kernel @sc grid(1) scratch(%acc: memref<64xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %r = pallas.rev %k dims [0] : vector<16xf32>
  pallas.subcore_barrier
}

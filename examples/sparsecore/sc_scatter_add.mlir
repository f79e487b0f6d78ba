// Scatter-add through an indirect DMA with add: vector subcore s copies its 8
// index lanes idx[8s:8s+8] and its 8 update rows updates[8s:8s+8] into VMEM,
// then adds the rows into rows idx of the (32, 8) HBM accumulator with one
// DMA whose offsets are the index vector loaded from VMEM
// (`acc_hbm.at[idx_vmem[...]]`, add=True). The accumulator is a jax Ref in
// JAX: an input the kernel writes in place, aliased to the kernel's output
// (`aliases(2 -> 0)`; the body writes through the input ref, as JAX's does).
// Mirrors `sc_scatter_add` in scripts/jax/sc_kernels.py; JAX's lowering of it
// is test/Reference/SparseCore/sc_scatter_add.mlir.
module {
  pallas.kernel @sc_scatter_add grid(1, 16) names("core", "subcore")
      ins(%upd: memref<128x8xf32> block [128, 8] map affine_map<(c, s) -> (0, 0)> in hbm,
          %idx: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm,
          %acc: memref<32x8xf32> block [32, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
      outs(%acc_out: memref<32x8xf32> block [32, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
      scratch(%idx_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %upd_vmem: memref<8x8xf32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      aliases(2 -> 0)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // base = lax.axis_index("subcore") * 8
    %s = pallas.axis_index "subcore"
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %b = arith.index_cast %base : i32 to index
    // pltpu.sync_copy(idx_hbm.at[pl.ds(base, 8)], idx_vmem)
    %idx_s = memref.subview %idx[%b] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %idx_s -> %idx_vmem, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %idx_s -> %idx_vmem, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // pltpu.sync_copy(upd_hbm.at[pl.ds(base, 8)], upd_vmem)
    %upd_s = memref.subview %upd[%b, 0] [8, 8] [1, 1] : memref<128x8xf32, #pallas.memory_space<hbm>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %upd_s -> %upd_vmem, %t[] : memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %upd_s -> %upd_vmem, %t[] : memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // pltpu.async_copy(upd_vmem, acc_hbm.at[idx_vmem[...]], sem, add=True).wait()
    %iv = pallas.load %idx_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    pallas.dma_start %upd_vmem -> %acc, %sem[] offsets(%iv : vector<8xi32>) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %upd_vmem -> %acc, %sem[] offsets(%iv : vector<8xi32>) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
}

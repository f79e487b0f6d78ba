// Gather through an indirect DMA: copy the 8 indices HBM -> VMEM
// (sync_copy), then copy elements idx[0..8) of the 64-element HBM table into
// VMEM with one DMA whose offsets are the VMEM index ref (`x_hbm.at[idx_vmem]`,
// tpu.enqueue_indirect_dma / tpu.wait_indirect_dma), and copy the result out.
// Mirrors `sc_gather` in scripts/jax/sc_kernels.py; JAX's lowering of it is
// test/Reference/SparseCore/sc_gather.mlir.
module {
  pallas.kernel @sc_gather grid(1, 16) names("core", "subcore")
      ins(%x: memref<64xf32> block [64] map affine_map<(c, s) -> (0)> in hbm,
          %idx: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%idx_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %out_vmem: memref<8xf32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(idx_hbm, idx_vmem)
    pallas.run_scoped {
    ^bb0(%s: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %idx -> %idx_vmem, %s[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %idx -> %idx_vmem, %s[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // pltpu.async_copy(x_hbm.at[idx_vmem], out_vmem, sem).wait()
    pallas.dma_start %x -> %out_vmem, %sem[] offsets(%idx_vmem : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %out_vmem, %sem[] offsets(%idx_vmem : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    // pltpu.sync_copy(out_vmem, o_hbm)
    pallas.run_scoped {
    ^bb0(%s: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %out_vmem -> %o, %s[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %out_vmem -> %o, %s[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

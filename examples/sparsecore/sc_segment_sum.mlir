// Segment sum of 8 values by segment id inside one vector subcore: copy the
// values and ids HBM -> VMEM, zero a VMEM accumulator, then one indexed
// vector store with add (`plsc.addupdate_scatter`, tpu.vector_store_idx
// {add}) sums each value into its segment's lane; copy the sums to HBM.
// Mirrors `sc_segment_sum` in scripts/jax/sc_kernels.py; JAX's lowering of it
// is test/Reference/SparseCore/sc_segment_sum.mlir.
module {
  pallas.kernel @sc_segment_sum grid(1, 16) names("core", "subcore")
      ins(%vals: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm,
          %seg: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%vals_vmem: memref<8xf32, #pallas.memory_space<vmem>>,
              %seg_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %acc_vmem: memref<8xf32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(vals_hbm, vals_vmem); pltpu.sync_copy(seg_hbm, seg_vmem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %vals -> %vals_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %vals -> %vals_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %seg -> %seg_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %seg -> %seg_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // acc_vmem[...] = jnp.zeros((8,), f32)
    %zero = arith.constant dense<0.0> : vector<8xf32>
    pallas.store %zero, %acc_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // plsc.addupdate_scatter(acc_vmem, [seg_vmem[...]], vals_vmem[...])
    %sv = pallas.load %seg_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %vv = pallas.load %vals_vmem[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    pallas.store_scatter %vv, %acc_vmem[%sv] {add} : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>, vector<8xi32>
    // pltpu.sync_copy(acc_vmem, o_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %acc_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %acc_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

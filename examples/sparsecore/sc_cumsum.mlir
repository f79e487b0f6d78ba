// Inclusive prefix sums of one 8-lane vector: jnp.cumsum (JAX: tpu.scan
// <sum> under an all-true mask) into the first output, then plsc.cumsum
// masked to the positive lanes into the second, both through one VMEM
// staging buffer.
// Mirrors `sc_cumsum` in scripts/jax/sc_kernels.py; JAX's lowering of it is
// test/Reference/SparseCore/sc_cumsum.mlir.
module {
  pallas.kernel @sc_cumsum grid(1, 16) names("core", "subcore")
      ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm,
           %om: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%x_vmem: memref<8xf32, #pallas.memory_space<vmem>>,
              %o_vmem: memref<8xf32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(x_hbm, x_vmem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %x -> %x_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %x_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // x = x_vmem[...]; o_vmem[...] = jnp.cumsum(x)
    %xv = pallas.load %x_vmem[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %cs = pallas.cumulative sum %xv : vector<8xf32>
    pallas.store %cs, %o_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(o_vmem, o_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %o_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %o_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // o_vmem[...] = plsc.cumsum(x, mask=x > 0.0)
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %m = arith.cmpf ogt, %xv, %zero : vector<8xf32>
    %csm = pallas.cumulative sum %xv mask(%m : vector<8xi1>) : vector<8xf32>
    pallas.store %csm, %o_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(o_vmem, om_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %o_vmem -> %om, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %o_vmem -> %om, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

// In-VMEM gathers on one vector subcore: an indexed vector load
// (`plsc.load_gather`, tpu.vector_load_idx) of the 16-element VMEM copy of x
// by the indices read from VMEM, then a lane reversal (lax.rev; JAX: tpu.iota
// + tpu.dynamic_gather) stored back through an indexed store by lane id
// (`plsc.store_scatter`, tpu.vector_store_idx) masked to the lanes whose
// index is < 8, into a zeroed VMEM buffer that is copied to HBM.
// Mirrors `sc_load_gather` in scripts/jax/sc_kernels.py; JAX's lowering of it
// is test/Reference/SparseCore/sc_load_gather.mlir.
module {
  pallas.kernel @sc_load_gather grid(1, 16) names("core", "subcore")
      ins(%x: memref<16xf32> block [16] map affine_map<(c, s) -> (0)> in hbm,
          %idx: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%x_vmem: memref<16xf32, #pallas.memory_space<vmem>>,
              %idx_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %o_vmem: memref<8xf32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(x_hbm, x_vmem); pltpu.sync_copy(idx_hbm, idx_vmem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %x -> %x_vmem, %t[] : memref<16xf32, #pallas.memory_space<hbm>> -> memref<16xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %x_vmem, %t[] : memref<16xf32, #pallas.memory_space<hbm>> -> memref<16xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %idx -> %idx_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %idx -> %idx_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // idx = idx_vmem[...]; g = plsc.load_gather(x_vmem, [idx])
    %iv = pallas.load %idx_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %g = pallas.load_gather %x_vmem[%iv] : memref<16xf32, #pallas.memory_space<vmem>>, vector<8xi32> -> vector<8xf32>
    // o_vmem[...] = jnp.zeros((8,), f32)
    %zero = arith.constant dense<0.0> : vector<8xf32>
    pallas.store %zero, %o_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // lanes = lax.iota(i32, 8)
    // plsc.store_scatter(o_vmem, [lanes], lax.rev(g, (0,)), mask=idx < 8)
    %lanes = pallas.iota dim 0 : vector<8xi32>
    %rg = pallas.rev %g dims [0] : vector<8xf32>
    %c8 = arith.constant dense<8> : vector<8xi32>
    %m = arith.cmpi slt, %iv, %c8 : vector<8xi32>
    pallas.store_scatter %rg, %o_vmem[%lanes] mask(%m : vector<8xi1>) : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>, vector<8xi32>
    // pltpu.sync_copy(o_vmem, o_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %o_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %o_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

// Descending masked key/value sort with plsc.sort_key_val on i32 keys: only
// the lanes with a non-negative key take part (mask = keys >= 0); the sort's
// output mask selects which sorted values are kept (the rest become 0.0).
// JAX flips the keys' sign bit around tpu.sort {descending}.
// Mirrors `sc_sort_key_val` in scripts/jax/sc_kernels.py; JAX's lowering of
// it is test/Reference/SparseCore/sc_sort_key_val.mlir.
module {
  pallas.kernel @sc_sort_key_val grid(1, 16) names("core", "subcore")
      ins(%k: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm,
          %v: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%k_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %v_vmem: memref<8xf32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(k_hbm, k_vmem); pltpu.sync_copy(v_hbm, v_vmem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %k -> %k_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %k -> %k_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %v -> %v_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %v -> %v_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // keys = k_vmem[...]
    // _, sorted_vals, valid = plsc.sort_key_val(keys, v_vmem[...], mask=keys >= 0, descending=True)
    %keys = pallas.load %k_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %vals = pallas.load %v_vmem[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %zero = arith.constant dense<0> : vector<8xi32>
    %m = arith.cmpi sge, %keys, %zero : vector<8xi32>
    %sk, %sv, %valid = pallas.sort %keys, %vals mask(%m : vector<8xi1>) descending : vector<8xi32>, vector<8xf32>
    // v_vmem[...] = jnp.where(valid, sorted_vals, 0.0)
    %fzero = arith.constant dense<0.0> : vector<8xf32>
    %r = arith.select %valid, %sv, %fzero : vector<8xi1>, vector<8xf32>
    pallas.store %r, %v_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(v_vmem, o_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %v_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %v_vmem -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

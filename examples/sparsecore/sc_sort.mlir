// Key/value sort of one 8-lane vector with lax.sort (num_keys=1): f32 keys,
// i32 payload, ascending, no mask (JAX: tpu.sort under an all-true mask).
// Keys and values are copied HBM -> VMEM, sorted, stored back in place and
// copied to the two HBM outputs.
// Mirrors `sc_sort` in scripts/jax/sc_kernels.py; JAX's lowering of it is
// test/Reference/SparseCore/sc_sort.mlir.
module {
  pallas.kernel @sc_sort grid(1, 16) names("core", "subcore")
      ins(%k: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm,
          %v: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%ko: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm,
           %vo: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%k_vmem: memref<8xf32, #pallas.memory_space<vmem>>,
              %v_vmem: memref<8xi32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(k_hbm, k_vmem); pltpu.sync_copy(v_hbm, v_vmem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %k -> %k_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %k -> %k_vmem, %t[] : memref<8xf32, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %v -> %v_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %v -> %v_vmem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // k, v = lax.sort((k_vmem[...], v_vmem[...]), num_keys=1)
    %kv = pallas.load %k_vmem[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %vv = pallas.load %v_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %sk, %sv, %valid = pallas.sort %kv, %vv : vector<8xf32>, vector<8xi32>
    // k_vmem[...] = k; v_vmem[...] = v
    pallas.store %sk, %k_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    pallas.store %sv, %v_vmem[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(k_vmem, ko_hbm); pltpu.sync_copy(v_vmem, vo_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %k_vmem -> %ko, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %k_vmem -> %ko, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %v_vmem -> %vo, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %v_vmem -> %vo, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

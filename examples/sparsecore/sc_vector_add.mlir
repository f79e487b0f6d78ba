// The shared reference set's SparseCore kernel: on every vector subcore of a
// (1 core x 16 subcores) mesh, copy 8 lanes of x and y HBM -> VMEM
// (sync_copy: a scoped DMA semaphore), add them, copy the sum back to HBM.
// Mirrors `sc_vector_add` in scripts/jax/sc_kernels.py; JAX's lowering of it
// is test/Reference/SparseCore/sc_vector_add.mlir.
module {
  pallas.kernel @sc_vector_add grid(1, 16) names("core", "subcore")
      ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm,
          %y: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>,
              %b: memref<8xf32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(x_hbm.at[pl.ds(0, 8)], a)
    %xs = memref.subview %x[0] [8] [1] : memref<8xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %a, %sem[] : memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %xs -> %a, %sem[] : memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // pltpu.sync_copy(y_hbm.at[pl.ds(0, 8)], b)
    %ys = memref.subview %y[0] [8] [1] : memref<8xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %ys -> %b, %sem[] : memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %ys -> %b, %sem[] : memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // a[...] = a[...] + b[...]
    %av = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %bv = pallas.load %b[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %s = arith.addf %av, %bv : vector<8xf32>
    pallas.store %s, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(a, o_hbm.at[pl.ds(0, 8)])
    %os = memref.subview %o[0] [8] [1] : memref<8xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %sem[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %sem[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1]>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

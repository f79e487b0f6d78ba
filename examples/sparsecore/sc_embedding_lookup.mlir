// Embedding-bag lookup with a sum combiner: vector subcore s copies its 8 ids
// ids[8s:8s+8] into VMEM, gathers those rows of the (64, 8) HBM table into
// VMEM with an indirect DMA (`table_hbm.at[ids_vmem]`), sums the 8 rows in a
// fori_loop (scf.for over i32) and writes the bag's 8-wide embedding to row
// s of the output (`out_hbm.at[s]`: a rank-reducing slice).
// Mirrors `sc_embedding_lookup` in scripts/jax/sc_kernels.py; JAX's lowering
// of it is test/Reference/SparseCore/sc_embedding_lookup.mlir.
module {
  pallas.kernel @sc_embedding_lookup grid(1, 16) names("core", "subcore")
      ins(%table: memref<64x8xf32> block [64, 8] map affine_map<(c, s) -> (0, 0)> in hbm,
          %ids: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      outs(%out: memref<16x8xf32> block [16, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
      scratch(%ids_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %rows_vmem: memref<8x8xf32, #pallas.memory_space<vmem>>,
              %acc_vmem: memref<8xf32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // s = lax.axis_index("subcore")
    %s = pallas.axis_index "subcore"
    // pltpu.sync_copy(ids_hbm.at[pl.ds(s * 8, 8)], ids_vmem)
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %b = arith.index_cast %base : i32 to index
    %ids_s = memref.subview %ids[%b] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %ids_s -> %ids_vmem, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %ids_s -> %ids_vmem, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // pltpu.async_copy(table_hbm.at[ids_vmem], rows_vmem, sem).wait()
    pallas.dma_start %table -> %rows_vmem, %sem[] offsets(%ids_vmem : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %table -> %rows_vmem, %sem[] offsets(%ids_vmem : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    // acc_vmem[...] = lax.fori_loop(0, 8, lambda r, acc: acc + rows_vmem[r], zeros)
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sum = scf.for %r = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<8xf32>) : i32 {
      %ri = arith.index_cast %r : i32 to index
      %row = pallas.load %rows_vmem[%ri, 0:8] : memref<8x8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
      %n = arith.addf %acc, %row : vector<8xf32>
      scf.yield %n : vector<8xf32>
    }
    pallas.store %sum, %acc_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(acc_vmem, out_hbm.at[s])
    %si = arith.index_cast %s : i32 to index
    %out_s = memref.subview %out[%si, 0] [1, 8] [1, 1] : memref<16x8xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %acc_vmem -> %out_s, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %acc_vmem -> %out_s, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

// A scalar-subcore kernel (mesh: 1 SparseCore, its scalar subcore): copy 8
// segment lengths HBM -> SMEM, compute their exclusive prefix sum (the
// segment offsets) with scalar SMEM loads and stores in a fori_loop (scf.for
// over i32 carrying the running sum), copy the offsets back to HBM.
// Mirrors `sc_scalar_subcore` in scripts/jax/sc_kernels.py; JAX's lowering of
// it is test/Reference/SparseCore/sc_scalar_subcore.mlir.
module {
  pallas.kernel @sc_scalar_subcore grid(1) names("core")
      ins(%len: memref<8xi32> block [8] map affine_map<(c) -> (0)> in hbm)
      outs(%off: memref<8xi32> block [8] map affine_map<(c) -> (0)> in hbm)
      scratch(%len_smem: memref<8xi32, #pallas.memory_space<smem>>,
              %off_smem: memref<8xi32, #pallas.memory_space<smem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
    // pltpu.sync_copy(len_hbm, len_smem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %len -> %len_smem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<smem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %len -> %len_smem, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<smem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // lax.fori_loop(0, 8, body, jnp.int32(0)) with
    //   body(i, running): off_smem[i] = running; return running + len_smem[i]
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %total = scf.for %i = %c0 to %c8 step %c1 iter_args(%running = %c0) -> (i32) : i32 {
      %ii = arith.index_cast %i : i32 to index
      pallas.store %running, %off_smem[%ii] : i32, memref<8xi32, #pallas.memory_space<smem>>
      %l = pallas.load %len_smem[%ii] : memref<8xi32, #pallas.memory_space<smem>> -> i32
      %n = arith.addi %running, %l : i32
      scf.yield %n : i32
    }
    // pltpu.sync_copy(off_smem, off_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %off_smem -> %off, %t[] : memref<8xi32, #pallas.memory_space<smem>> -> memref<8xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %off_smem -> %off, %t[] : memref<8xi32, #pallas.memory_space<smem>> -> memref<8xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

// Row reductions over a (32, 8) VMEM block in a `plsc.parallel_loop` (an
// scf.for over i32 marked {pallas.parallel_loop, pallas.unroll = 2}, which
// the lowering turns into JAX's {sc.parallel_access, sc.loop_unroll_factor
// = 2}): each row is replaced by [sum, max, 0, ...] (jnp.sum /
// jnp.max as vector.reduction; JAX: tpu.scan + vector.extract; then
// iota/select lane picks) while the column sums are carried through the loop.
// Mirrors `sc_parallel_loop_reduce` in scripts/jax/sc_kernels.py; JAX's
// lowering of it is test/Reference/SparseCore/sc_parallel_loop_reduce.mlir.
module {
  pallas.kernel @sc_parallel_loop_reduce grid(1, 16) names("core", "subcore")
      ins(%x: memref<32x8xf32> block [32, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
      outs(%o: memref<32x8xf32> block [32, 8] map affine_map<(c, s) -> (0, 0)> in hbm,
           %col: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%x_vmem: memref<32x8xf32, #pallas.memory_space<vmem>>,
              %col_vmem: memref<8xf32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // pltpu.sync_copy(x_hbm, x_vmem)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %x -> %x_vmem, %t[] : memref<32x8xf32, #pallas.memory_space<hbm>> -> memref<32x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %x_vmem, %t[] : memref<32x8xf32, #pallas.memory_space<hbm>> -> memref<32x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // lanes = lax.iota(i32, 8)
    %lanes = pallas.iota dim 0 : vector<8xi32>
    // @plsc.parallel_loop(0, 32, unroll=2, carry=jnp.zeros((8,), f32))
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %colsum = scf.for %r = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (vector<8xf32>) : i32 {
      // row = x_vmem[r]; total = jnp.sum(row); peak = jnp.max(row)
      %ri = arith.index_cast %r : i32 to index
      %row = pallas.load %x_vmem[%ri, 0:8] : memref<32x8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
      %total = vector.reduction <add>, %row : vector<8xf32> into f32
      %peak = vector.reduction <maximumf>, %row : vector<8xf32> into f32
      // x_vmem[r] = jnp.where(lanes == 0, total, jnp.where(lanes == 1, peak, 0.0))
      %l0 = arith.constant dense<0> : vector<8xi32>
      %is0 = arith.cmpi eq, %lanes, %l0 : vector<8xi32>
      %l1 = arith.constant dense<1> : vector<8xi32>
      %is1 = arith.cmpi eq, %lanes, %l1 : vector<8xi32>
      %peakv = vector.broadcast %peak : f32 to vector<8xf32>
      %inner = arith.select %is1, %peakv, %zero : vector<8xi1>, vector<8xf32>
      %totalv = vector.broadcast %total : f32 to vector<8xf32>
      %new = arith.select %is0, %totalv, %inner : vector<8xi1>, vector<8xf32>
      pallas.store %new, %x_vmem[%ri, 0:8] : vector<8xf32>, memref<32x8xf32, #pallas.memory_space<vmem>>
      // return acc + row
      %n = arith.addf %acc, %row : vector<8xf32>
      scf.yield %n : vector<8xf32>
    } {pallas.parallel_loop, pallas.unroll = 2}
    // col_vmem[...] = col_sum
    pallas.store %colsum, %col_vmem[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(x_vmem, o_hbm); pltpu.sync_copy(col_vmem, col_hbm)
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %x_vmem -> %o, %t[] : memref<32x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x_vmem -> %o, %t[] : memref<32x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %col_vmem -> %col, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %col_vmem -> %col, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

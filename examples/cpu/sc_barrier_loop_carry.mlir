// A subcore barrier inside a loop carrying a vector: on each of the 16
// vector subcores of one SparseCore, v = x[8s:8s+8], then 3 rounds of:
// publish v to VMEM_SHARED, barrier, v = v * 0.5 + (v of subcore s + 1 mod
// 16), barrier (so that no subcore overwrites its slice before the others
// have read it); out[8s:8s+8] = v. Mirrors `sc_barrier_loop_carry` in
// scripts/jax/cpu_oracle.py (`lax.fori_loop` carrying v: scf.for with
// iter_args).
module {
  pallas.kernel @sc_barrier_loop_carry grid(1, 16) names("core", "subcore")
      ins(%x: memref<128xf32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<128xf32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>,
              %b: memref<8xf32, #pallas.memory_space<vmem>>,
              %sh: memref<128xf32, #pallas.memory_space<vmem_shared>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    // mine = sh.at[pl.ds(s * 8, 8)]; nxt = sh.at[pl.ds(rem(s + 1, 16) * 8, 8)]
    %base = arith.muli %s, %c8_i32 : i32
    %bi = arith.index_cast %base : i32 to index
    %mine = memref.subview %sh[%bi] [8] [1] : memref<128xf32, #pallas.memory_space<vmem_shared>> to memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    %s1 = arith.addi %s, %c1_i32 : i32
    %r1 = arith.remsi %s1, %c16_i32 : i32
    %nb = arith.muli %r1, %c8_i32 : i32
    %nbi = arith.index_cast %nb : i32 to index
    %nxt = memref.subview %sh[%nbi] [8] [1] : memref<128xf32, #pallas.memory_space<vmem_shared>> to memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    // pltpu.sync_copy(x_hbm.at[pl.ds(s * 8, 8)], a)
    %xs = memref.subview %x[%bi] [8] [1] : memref<128xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %a, %sem[] : memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %xs -> %a, %sem[] : memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // a[...] = lax.fori_loop(0, 3, round_, a[...])
    %v0 = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %half = arith.constant dense<0.5> : vector<8xf32>
    %v = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %v0) -> (vector<8xf32>) {
      pallas.store %cur, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
      pallas.run_scoped {
      ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %sem[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %sem[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      pallas.subcore_barrier
      pallas.run_scoped {
      ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %nxt -> %b, %sem[] : memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %nxt -> %b, %sem[] : memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %bv = pallas.load %b[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
      %h = arith.mulf %cur, %half : vector<8xf32>
      %new = arith.addf %h, %bv : vector<8xf32>
      pallas.subcore_barrier
      scf.yield %new : vector<8xf32>
    }
    pallas.store %v, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(a, o_hbm.at[pl.ds(s * 8, 8)])
    %os = memref.subview %o[%bi] [8] [1] : memref<128xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %sem[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %sem[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

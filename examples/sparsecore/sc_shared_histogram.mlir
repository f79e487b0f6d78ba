// Subcores cooperating through VMEM_SHARED (Spmem): subcore 0 zeroes the
// 16-bucket shared histogram (two 8-lane DMAs from a zeroed VMEM buffer), all
// subcores meet at a subcore barrier (tpu.barrier), each copies its 8 bucket
// ids ids[8s:8s+8] into VMEM, ranks them with scan_count (tpu.scan_count) and
// scatter-adds ones into the shared histogram with an indirect DMA with add
// (`hist_shared.at[ids_vmem]`, add=True); it writes its ranks to
// rank[8s:8s+8]; after a second barrier subcore 0 copies the histogram to HBM.
// Mirrors `sc_shared_histogram` in scripts/jax/sc_kernels.py; JAX's lowering
// of it is test/Reference/SparseCore/sc_shared_histogram.mlir.
module {
  pallas.kernel @sc_shared_histogram grid(1, 16) names("core", "subcore")
      ins(%ids: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      outs(%hist: memref<16xi32> block [16] map affine_map<(c, s) -> (0)> in hbm,
           %rank: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%hist_shared: memref<16xi32, #pallas.memory_space<vmem_shared>>,
              %ids_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %ones_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    // s = lax.axis_index("subcore"); base = s * 8
    %s = pallas.axis_index "subcore"
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %b = arith.index_cast %base : i32 to index
    // @pl.when(s == 0)
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %s, %c0 : i32
    scf.if %first {
      // ones_vmem[...] = jnp.zeros((8,), i32)
      %z = arith.constant dense<0> : vector<8xi32>
      pallas.store %z, %ones_vmem[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      // pltpu.sync_copy(ones_vmem, hist_shared.at[pl.ds(0, 8)])
      %lo = memref.subview %hist_shared[0] [8] [1] : memref<16xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1]>, #pallas.memory_space<vmem_shared>>
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %ones_vmem -> %lo, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1]>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %ones_vmem -> %lo, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1]>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      // pltpu.sync_copy(ones_vmem, hist_shared.at[pl.ds(8, 8)])
      %hi = memref.subview %hist_shared[8] [8] [1] : memref<16xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem_shared>>
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %ones_vmem -> %hi, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %ones_vmem -> %hi, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    }
    // plsc.subcore_barrier()
    pallas.subcore_barrier
    // pltpu.sync_copy(ids_hbm.at[pl.ds(base, 8)], ids_vmem)
    %ids_s = memref.subview %ids[%b] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %ids_s -> %ids_vmem, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %ids_s -> %ids_vmem, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // ids = ids_vmem[...]; rank, _ = plsc.scan_count(ids)
    %iv = pallas.load %ids_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %counts, %last = pallas.scan_count %iv : vector<8xi32>
    // ones_vmem[...] = jnp.ones((8,), i32)
    %one = arith.constant dense<1> : vector<8xi32>
    pallas.store %one, %ones_vmem[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    // pltpu.async_copy(ones_vmem, hist_shared.at[ids_vmem], sem, add=True).wait()
    pallas.dma_start %ones_vmem -> %hist_shared, %sem[] offsets(%ids_vmem : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xi32, #pallas.memory_space<vmem>> -> memref<16xi32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %ones_vmem -> %hist_shared, %sem[] offsets(%ids_vmem : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xi32, #pallas.memory_space<vmem>> -> memref<16xi32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    // ids_vmem[...] = rank
    pallas.store %counts, %ids_vmem[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(ids_vmem, rank_hbm.at[pl.ds(base, 8)])
    %rank_s = memref.subview %rank[%b] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %ids_vmem -> %rank_s, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %ids_vmem -> %rank_s, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // plsc.subcore_barrier()
    pallas.subcore_barrier
    // @pl.when(s == 0): pltpu.sync_copy(hist_shared, hist_hbm)
    %first2 = arith.cmpi eq, %s, %c0 : i32
    scf.if %first2 {
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %hist_shared -> %hist, %t[] : memref<16xi32, #pallas.memory_space<vmem_shared>> -> memref<16xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %hist_shared -> %hist, %t[] : memref<16xi32, #pallas.memory_space<vmem_shared>> -> memref<16xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    }
  }
}

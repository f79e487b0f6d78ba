// Subcore barriers inside a loop with a dynamic trip count inside a
// conditional: on each of the 16 vector subcores of one SparseCore,
// a = x[8s:8s+8]; cnt (8 lanes) is copied to VMEM; when cnt[1] != 0, cnt[0]
// rounds of: publish a to VMEM_SHARED, barrier, a = 2 a - (a of subcore
// s - 1 mod 16) + i, barrier; out[8s:8s+8] = a. Mirrors
// `sc_barrier_dynamic_loop_in_if` in scripts/jax/cpu_oracle.py (`pl.when`
// around `pl.loop(0, cnt[0])`).
module {
  pallas.kernel @sc_barrier_dynamic_loop_in_if grid(1, 16) names("core", "subcore")
      ins(%x: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm,
          %cnt: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %b: memref<8xi32, #pallas.memory_space<vmem>>,
              %cv: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<128xi32, #pallas.memory_space<vmem_shared>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c15_i32 = arith.constant 15 : i32
    %c16_i32 = arith.constant 16 : i32
    // mine = sh.at[pl.ds(s * 8, 8)]; prev = sh.at[pl.ds(rem(s + 15, 16) * 8, 8)]
    %base = arith.muli %s, %c8_i32 : i32
    %bi = arith.index_cast %base : i32 to index
    %mine = memref.subview %sh[%bi] [8] [1] : memref<128xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    %s15 = arith.addi %s, %c15_i32 : i32
    %r = arith.remsi %s15, %c16_i32 : i32
    %pb = arith.muli %r, %c8_i32 : i32
    %pbi = arith.index_cast %pb : i32 to index
    %prev = memref.subview %sh[%pbi] [8] [1] : memref<128xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    // pltpu.sync_copy(x_hbm.at[pl.ds(s * 8, 8)], a); pltpu.sync_copy(cnt_hbm, cv)
    %xs = memref.subview %x[%bi] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %a, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %xs -> %a, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %cnt -> %cv, %sem[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %cnt -> %cv, %sem[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    // c = cv[...]
    %c = pallas.load %cv[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %n = vector.extract %c[0] : i32 from vector<8xi32>
    %f = vector.extract %c[1] : i32 from vector<8xi32>
    // @pl.when(c[1] != 0)
    %on = arith.cmpi ne, %f, %c0_i32 : i32
    scf.if %on {
      // @pl.loop(0, c[0])
      %c1 = arith.constant 1 : index
      %lb = arith.constant 0 : index
      %ub = arith.index_cast %n : i32 to index
      scf.for %i = %lb to %ub step %c1 {
        pallas.run_scoped {
        ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
          pallas.dma_start %a -> %mine, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
          pallas.dma_wait %a -> %mine, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        }
        pallas.subcore_barrier
        pallas.run_scoped {
        ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
          pallas.dma_start %prev -> %b, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
          pallas.dma_wait %prev -> %b, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        }
        // a[...] = a[...] * 2 - b[...] + i
        %av = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
        %bv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
        %two = arith.addi %av, %av : vector<8xi32>
        %d = arith.subi %two, %bv : vector<8xi32>
        %ii = arith.index_cast %i : index to i32
        %iv = vector.broadcast %ii : i32 to vector<8xi32>
        %new = arith.addi %d, %iv : vector<8xi32>
        pallas.store %new, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
        pallas.subcore_barrier
      }
    }
    // pltpu.sync_copy(a, o_hbm.at[pl.ds(s * 8, 8)])
    %os = memref.subview %o[%bi] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

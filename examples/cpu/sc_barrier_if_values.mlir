// A subcore barrier inside a conditional with a result whose branch uses
// after the barrier what it computed before it: on each of the 16 vector
// subcores of one SparseCore, a = x[8s:8s+8]; when flag[0] > 0 the branch
// loads w = 3 a, takes the ref of subcore s + 5 (mod 16)'s slice of
// VMEM_SHARED and t = 7 s, publishes a, waits at the barrier, reads that
// slice into b and yields w + b + t + a; otherwise it yields a - 1;
// out[8s:8s+8] = the result. Mirrors `sc_barrier_if_values` in
// scripts/jax/cpu_oracle.py (`lax.cond` with a result).
module {
  pallas.kernel @sc_barrier_if_values grid(1, 16) names("core", "subcore")
      ins(%x: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm,
          %flag: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %b: memref<8xi32, #pallas.memory_space<vmem>>,
              %fv: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<128xi32, #pallas.memory_space<vmem_shared>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %base = arith.muli %s, %c8_i32 : i32
    %bi = arith.index_cast %base : i32 to index
    // pltpu.sync_copy(x_hbm.at[pl.ds(s * 8, 8)], a); pltpu.sync_copy(f_hbm, fv)
    %xs = memref.subview %x[%bi] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %a, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %xs -> %a, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %flag -> %fv, %sem[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %flag -> %fv, %sem[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    %fvv = pallas.load %fv[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %f0 = vector.extract %fvv[0] : i32 from vector<8xi32>
    %on = arith.cmpi sgt, %f0, %c0_i32 : i32
    %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    // a[...] = lax.cond(fv[...][0] > 0, then, lambda v: v - 1, a[...])
    %r = scf.if %on -> (vector<8xi32>) {
      // w = a[...] * 3
      %av = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %three = arith.constant dense<3> : vector<8xi32>
      %w = arith.muli %av, %three : vector<8xi32>
      // src = sh.at[pl.ds(rem(s + 5, 16) * 8, 8)]
      %c5_i32 = arith.constant 5 : i32
      %c16_i32 = arith.constant 16 : i32
      %s5 = arith.addi %s, %c5_i32 : i32
      %r5 = arith.remsi %s5, %c16_i32 : i32
      %fb = arith.muli %r5, %c8_i32 : i32
      %fbi = arith.index_cast %fb : i32 to index
      %src = memref.subview %sh[%fbi] [8] [1] : memref<128xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
      // t = s * 7
      %c7_i32 = arith.constant 7 : i32
      %t = arith.muli %s, %c7_i32 : i32
      // pltpu.sync_copy(a, sh.at[pl.ds(s * 8, 8)])
      %mine = memref.subview %sh[%bi] [8] [1] : memref<128xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
      pallas.run_scoped {
      ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      pallas.subcore_barrier
      // pltpu.sync_copy(src, b)
      pallas.run_scoped {
      ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %src -> %b, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %src -> %b, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      // w + b[...] + t + v
      %bv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %tv = vector.broadcast %t : i32 to vector<8xi32>
      %y0 = arith.addi %w, %bv : vector<8xi32>
      %y1 = arith.addi %y0, %tv : vector<8xi32>
      %y2 = arith.addi %y1, %v : vector<8xi32>
      scf.yield %y2 : vector<8xi32>
    } else {
      %one = arith.constant dense<1> : vector<8xi32>
      %m = arith.subi %v, %one : vector<8xi32>
      scf.yield %m : vector<8xi32>
    }
    pallas.store %r, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    // pltpu.sync_copy(a, o_hbm.at[pl.ds(s * 8, 8)])
    %os = memref.subview %o[%bi] [8] [1] : memref<128xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

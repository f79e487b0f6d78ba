// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: panic src/ir/builder.rs: cannot parse attribute `dense<N> : vector<NxNxindex>`
module {
  pallas.kernel @ops_all_gather
      outs(%o: memref<4x16x128xf32> block [4, 16, 128] map affine_map<() -> (0, 0, 0)> in vmem)
      scratch(%send0: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %send1: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv0: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv1: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 0>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %mi = arith.index_cast %me : i32 to index
    pallas.named_scope "initial_copy" {
      %mine = memref.subview %o[%mi, 0, 0] [1, 16, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
    }
    %left, %right = pallas.named_scope "neighbour_lookup" -> i32, i32 {
      %mm1 = arith.subi %me, %c1 : i32
      %wrap = arith.cmpi slt, %mm1, %c0 : i32
      %mm1p = arith.addi %mm1, %c4 : i32
      %l = arith.select %wrap, %mm1p, %mm1 : i32
      %mp1 = arith.addi %me, %c1 : i32
      %r = arith.remsi %mp1, %c4 : i32
      pallas.yield %l, %r : i32, i32
    }
    %rs0 = arith.subi %me, %c0 : i32
    %rneg0 = arith.cmpi slt, %rs0, %c0 : i32
    %rs0p = arith.addi %c4, %rs0 : i32
    %rslot0 = arith.select %rneg0, %rs0p, %rs0 : i32
    %ls0 = arith.addi %me, %c0 : i32
    %lslot0 = arith.remsi %ls0, %c4 : i32
    %li0 = arith.index_cast %lslot0 : i32 to index
    // goes left, each after the previous DMA in its direction is done.
    %rlast, %llast = scf.for %i = %c1 to %c3 step %c1 iter_args(%rprev = %rslot0, %lprev = %lslot0) -> (i32, i32) : i32 {
      %rs = arith.subi %me, %i : i32
      %rneg = arith.cmpi slt, %rs, %c0 : i32
      %rsp = arith.addi %c4, %rs : i32
      %rslot = arith.select %rneg, %rsp, %rs : i32
      pallas.named_scope "wait_right_dma" {
        %pi = arith.index_cast %rprev : i32 to index
        %prev = memref.subview %o[%pi, 8, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
        pallas.dma_wait %prev -> %prev, %recv1[] src_sem(%send1[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %ri = arith.index_cast %rslot : i32 to index
      %up = memref.subview %o[%ri, 8, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      %ls = arith.addi %me, %i : i32
      %lslot = arith.remsi %ls, %c4 : i32
      pallas.named_scope "wait_left_dma" {
        %pi = arith.index_cast %lprev : i32 to index
        %prev = memref.subview %o[%pi, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
        pallas.dma_wait %prev -> %prev, %recv0[] src_sem(%send0[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%left) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %li = arith.index_cast %lslot : i32 to index
      %lo = memref.subview %o[%li, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_start %lo -> %lo, %recv0[] src_sem(%send0[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%left) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      scf.yield %rslot, %lslot : i32, i32
    } {pallas.unroll}
    pallas.named_scope "wait_all_dma" {
      %ri = arith.index_cast %rlast : i32 to index
      %up = memref.subview %o[%ri, 8, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_wait %up -> %up, %recv1[] src_sem(%send1[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %li = arith.index_cast %llast : i32 to index
      %lo = memref.subview %o[%li, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_wait %lo -> %lo, %recv0[] src_sem(%send0[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%left) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

// fuzz reproducer: convert-pallas-to-tpu and -scf: timeout (seed 12, mutant 295 of the default seeds with examples/gpu: the unrolled ring loop's bound 3 became 65536, 65534 copies of a 23-op body; now the unroll's op limit)
// jax.experimental.pallas.ops.tpu.all_gather.all_gather over a 1-D mesh "x"
// of 4 devices (the pallas_call inside the op's shard_map, collective_id = 0,
// VMEM operands): each device holds a 16x128 shard and gathers all four into
// its 4x16x128 output. It copies its shard into slot `me` (local DMA), looks
// up its ring neighbours, meets them at the barrier semaphore, then in 3
// steps sends the lower half (rows 0:8) of a slot to the left neighbour and
// the upper half (rows 8:16) of a slot to the right one, each step first
// waiting for the previous step's DMA in that direction; finally it waits for
// the last two. Every phase is a named scope as in the Python kernel
// (tpu.trace_start/stop). The Python loop over steps runs at trace time with
// the first step's waits skipped; here step 0 is written out and steps 1-2
// are an scf.for {pallas.unroll} that carries the slots of the DMAs in
// flight. Semaphores: %send0/%recv0 for the leftward DMAs (and the initial
// copy), %send1/%recv1 for the rightward ones (JAX's send_sem / recv_sem
// pairs).
// Mirrors `ops_all_gather` in scripts/jax/public/all_gather.py; JAX's
// lowering of it is test/Reference/TPU/ops_all_gather.mlir.
module {
  pallas.kernel @ops_all_gather
      ins(%x: memref<16x128xf32> block [16, 128] map affine_map<() -> (0, 0)> in vmem)
      outs(%o: memref<4x16x128xf32> block [4, 16, 128] map affine_map<() -> (0, 0, 0)> in vmem)
      scratch(%send0: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %send1: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv0: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv1: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 128 : i32
    %c3 = arith.constant 65536 : i32
    %c4 = arith.constant 4 : i32
    %mi = arith.index_cast %me : i32 to index
    pallas.named_scope "initial_copy" {
      %mine = memref.subview %o[%mi, 0, 0] [1, 16, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_start %x -> %mine, %recv0[] : memref<16x128xf32, #pallas.memory_space<vmem>> -> memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %mine, %recv0[] : memref<16x128xf32, #pallas.memory_space<vmem>> -> memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
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
    pallas.named_scope "main_barrier" {
      %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_signal %bar[], %c1 device(%left) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_signal %bar[], %c1 device(%right) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %bar[], %c2 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    }
    // Step 0: slot me both ways.
    %rs0 = arith.subi %me, %c0 : i32
    %rneg0 = arith.cmpi slt, %rs0, %c0 : i32
    %rs0p = arith.addi %c4, %rs0 : i32
    %rslot0 = arith.select %rneg0, %rs0p, %rs0 : i32
    %ri0 = arith.index_cast %rslot0 : i32 to index
    %up0 = memref.subview %o[%ri0, 8, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
    pallas.dma_start %up0 -> %up0, %recv1[] src_sem(%send1[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %ls0 = arith.addi %me, %c0 : i32
    %lslot0 = arith.remsi %ls0, %c4 : i32
    %li0 = arith.index_cast %lslot0 : i32 to index
    %lo0 = memref.subview %o[%li0, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
    pallas.dma_start %lo0 -> %lo0, %recv0[] src_sem(%send0[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%left) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    // Steps 1 and 2: slot me - i (mod 4) goes right, slot me + i (mod 4)
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
      pallas.dma_start %up -> %up, %recv1[] src_sem(%send1[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
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

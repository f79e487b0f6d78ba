// Oracle twin (scripts/jax/cpu_oracle.py, kernel `dma_out`): the output
// stays in `any` memory and is written only by DMA: step i computes
// (x_i + i) * s[i] (x_i its 8x8 row block, s scalar-prefetched; added first
// so that no multiply-add can be fused) in a VMEM scratch and copies it by
// DMA to row block 3 - i of o (reversed).
module {
  pallas.kernel @dma_out grid(4) semantics(arbitrary)
      prefetch(%s: memref<4xi32>)
      ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x8xf32> block [32, 8] map affine_map<(i) -> (0, 0)> in any)
      scratch(%buf: memref<8x8xf32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
    %i = pallas.program_id 0
    %ii = arith.index_cast %i : i32 to index
    %si = pallas.load %s[%ii] : memref<4xi32> -> i32
    %sf = arith.sitofp %si : i32 to f32
    %if = arith.sitofp %i : i32 to f32
    %v = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %sb = vector.broadcast %sf : f32 to vector<8x8xf32>
    %ib = vector.broadcast %if : f32 to vector<8x8xf32>
    %a = arith.addf %v, %ib : vector<8x8xf32>
    %r = arith.mulf %a, %sb : vector<8x8xf32>
    pallas.store %r, %buf[] : vector<8x8xf32>, memref<8x8xf32, #pallas.memory_space<vmem>>
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %blk = arith.subi %c3, %ii : index
    %row = arith.muli %blk, %c8 : index
    %dst = memref.subview %o[%row, 0] [8, 8] [1, 1] : memref<32x8xf32, #pallas.memory_space<any>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>>
    pallas.dma_start %buf -> %dst, %sem[] : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %buf -> %dst, %sem[] : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
}

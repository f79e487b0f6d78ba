// Oracle twin (scripts/jax/cpu_oracle.py, kernel `run_scoped`): scoped
// VMEM buffers and a DMA semaphore (pl.run_scoped): block i of x (left in
// `any` memory) is copied by DMA into a scoped buffer, tripled, and stored
// to o's block; the scope returns the first element, added to o[8i, 0].
module {
  pallas.kernel @scoped grid(2) semantics(arbitrary)
      ins(%x: memref<16x8xf32> block [16, 8] map affine_map<(i) -> (0, 0)> in any)
      outs(%o: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %i = pallas.program_id 0
    %c8 = arith.constant 8 : i32
    %row32 = arith.muli %i, %c8 : i32
    %row = arith.index_cast %row32 : i32 to index
    %first = pallas.run_scoped -> f32 {
    ^bb0(%buf: memref<8x8xf32, #pallas.memory_space<vmem>>,
         %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      %src = memref.subview %x[%row, 0] [8, 8] [1, 1] : memref<16x8xf32, #pallas.memory_space<any>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>>
      pallas.dma_start %src -> %buf, %sem[] : memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %src -> %buf, %sem[] : memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %v = pallas.load %buf[] : memref<8x8xf32, #pallas.memory_space<vmem>> -> vector<8x8xf32>
      %three = arith.constant dense<3.0> : vector<8x8xf32>
      %t = arith.mulf %v, %three : vector<8x8xf32>
      pallas.store %t, %o[] : vector<8x8xf32>, memref<8x8xf32>
      %c0 = arith.constant 0 : index
      %e = pallas.load %buf[%c0, %c0] : memref<8x8xf32, #pallas.memory_space<vmem>> -> f32
      pallas.yield %e : f32
    }
    %z = arith.constant 0 : index
    %o00 = pallas.load %o[%z, %z] : memref<8x8xf32> -> f32
    %s = arith.addf %o00, %first : f32
    pallas.store %s, %o[%z, %z] : f32, memref<8x8xf32>
  }
}

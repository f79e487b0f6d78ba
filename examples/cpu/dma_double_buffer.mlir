// Oracle twin (scripts/jax/cpu_oracle.py, kernel `dma_double_buffer`): x
// stays in `any` memory; its 8-row chunks are copied by DMA into two VMEM
// slots (two DMA semaphores) while the previous chunk is doubled and
// stored into the VMEM output block.
module {
  pallas.kernel @pipeline grid(1) semantics(arbitrary)
      ins(%x: memref<32x8xf32> block [32, 8] map affine_map<(i) -> (0, 0)> in any)
      outs(%o: memref<32x8xf32> block [32, 8] map affine_map<(i) -> (0, 0)>)
      scratch(%buf: memref<2x8x8xf32, #pallas.memory_space<vmem>>,
              %sem: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %src0 = memref.subview %x[0, 0] [8, 8] [1, 1] : memref<32x8xf32, #pallas.memory_space<any>> to memref<8x8xf32, strided<[8, 1]>, #pallas.memory_space<any>>
    %dst0 = memref.subview %buf[0, 0, 0] [1, 8, 8] [1, 1, 1] : memref<2x8x8xf32, #pallas.memory_space<vmem>> to memref<8x8xf32, strided<[8, 1]>, #pallas.memory_space<vmem>>
    pallas.dma_start %src0 -> %dst0, %sem[%c0] : memref<8x8xf32, strided<[8, 1]>, #pallas.memory_space<any>> -> memref<8x8xf32, strided<[8, 1]>, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    scf.for %c = %c0 to %c4 step %c1 {
      %slot = arith.remui %c, %c2 : index
      %n = arith.addi %c, %c1 : index
      %more = arith.cmpi ult, %n, %c4 : index
      scf.if %more {
        %nslot = arith.remui %n, %c2 : index
        %row = arith.muli %n, %c8 : index
        %src = memref.subview %x[%row, 0] [8, 8] [1, 1] : memref<32x8xf32, #pallas.memory_space<any>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>>
        %dst = memref.subview %buf[%nslot, 0, 0] [1, 8, 8] [1, 1, 1] : memref<2x8x8xf32, #pallas.memory_space<vmem>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<vmem>>
        pallas.dma_start %src -> %dst, %sem[%nslot] : memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %row = arith.muli %c, %c8 : index
      %src = memref.subview %x[%row, 0] [8, 8] [1, 1] : memref<32x8xf32, #pallas.memory_space<any>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>>
      %dst = memref.subview %buf[%slot, 0, 0] [1, 8, 8] [1, 1, 1] : memref<2x8x8xf32, #pallas.memory_space<vmem>> to memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_wait %src -> %dst, %sem[%slot] : memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %v = pallas.load %buf[%slot, 0:8, 0:8] : memref<2x8x8xf32, #pallas.memory_space<vmem>> -> vector<8x8xf32>
      %two = arith.constant dense<2.0> : vector<8x8xf32>
      %d = arith.mulf %v, %two : vector<8x8xf32>
      pallas.store %d, %o[%row:8, 0:8] : vector<8x8xf32>, memref<32x8xf32>
    }
  }
}

// No grid; input and output stay in HBM (`in any`): DMA rows 0:8 into a VMEM
// scratch buffer, double them in place, DMA them back to rows 0:8 of the
// output, one DMA semaphore per direction.
// Mirrors `tpu_manual_dma` in scripts/jax/tpu_kernels.py; JAX's lowering of it
// is test/Reference/TPU/tpu_manual_dma.mlir.
module {
  pallas.kernel @tpu_manual_dma
      ins(%x: memref<16x128xf32> block [16, 128] map affine_map<() -> (0, 0)> in any)
      outs(%o: memref<16x128xf32> block [16, 128] map affine_map<() -> (0, 0)> in any)
      scratch(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
              %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %src = memref.subview %x[0, 0] [8, 128] [1, 1] : memref<16x128xf32, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>
    pallas.dma_start %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %v = pallas.load %buf[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %two = arith.constant dense<2.0> : vector<8x128xf32>
    %d = arith.mulf %v, %two : vector<8x128xf32>
    pallas.store %d, %buf[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<vmem>>
    %dst = memref.subview %o[0, 0] [8, 128] [1, 1] : memref<16x128xf32, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>
    pallas.dma_start %buf -> %dst, %sems[%c1] : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %buf -> %dst, %sems[%c1] : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
}

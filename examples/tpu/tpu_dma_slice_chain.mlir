// One ref view built in two steps (x.at[p].at[8:16]: a subview of a
// subview) feeding two DMAs and their waits; as JAX re-applies all of a
// ref's transforms at every use, each DMA slices and squeezes x itself.
// o[p] = 2 * x[p, 8:16].
// Mirrors `tpu_dma_slice_chain` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_dma_slice_chain.mlir.
module {
  pallas.kernel @tpu_dma_slice_chain grid(4) semantics(arbitrary)
      ins(%x: memref<4x16x128xf32> block [4, 16, 128] map affine_map<(i) -> (0, 0, 0)> in any)
      outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      scratch(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
              %buf2: memref<8x128xf32, #pallas.memory_space<vmem>>,
              %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %p = pallas.program_id 0
    %pi = arith.index_cast %p : i32 to index
    %row = memref.subview %x[%pi, 0, 0] [1, 16, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<any>> to memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
    %src = memref.subview %row[8, 0] [8, 128] [1, 1] : memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
    pallas.dma_start %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %src -> %buf2, %sems[%c1] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %src -> %buf2, %sems[%c1] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %a = pallas.load %buf[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %b = pallas.load %buf2[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %s = arith.addf %a, %b : vector<8x128xf32>
    pallas.store %s, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

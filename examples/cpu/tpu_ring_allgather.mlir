// Oracle twin of examples/tpu/tpu_ring_allgather.mlir (the same kernel, run
// by scripts/jax/cpu_oracle.py on the CPU reference's simulated mesh of 4
// devices against JAX's interpret mode under shard_map).
// Ring all-gather over a 1-D mesh "x" of 4 devices (JAX: the pallas_call
// inside shard_map, collective_id = 0): barrier handshake with both
// neighbours through the kernel's barrier semaphore, store the local block
// into slot `me` of the VMEM output, then 3 steps of remote DMA of one slot
// to the right neighbour with send/recv DMA semaphores.
// Mirrors `tpu_ring_allgather` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_ring_allgather.mlir.
module {
  pallas.kernel @tpu_ring_allgather
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      outs(%o: memref<4x8x128xf32> block [4, 8, 128] map affine_map<() -> (0, 0, 0)> in vmem)
      scratch(%send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %mp1 = arith.addi %me, %c1 : i32
    %right = arith.remsi %mp1, %c4 : i32
    %mp4 = arith.addi %me, %c4 : i32
    %mm1 = arith.subi %mp4, %c1 : i32
    %left = arith.remsi %mm1, %c4 : i32
    %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%left) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%right) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %bar[], %c2 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    %xv = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %mi = arith.index_cast %me : i32 to index
    pallas.store %xv, %o[%mi, 0:8, 0:128] : vector<8x128xf32>, memref<4x8x128xf32, #pallas.memory_space<vmem>>
    scf.for %i = %c0 to %c3 step %c1 : i32 {
      %d = arith.subi %me, %i : i32
      %d4 = arith.addi %d, %c4 : i32
      %slot = arith.remsi %d4, %c4 : i32
      %si = arith.index_cast %slot : i32 to index
      %buf = memref.subview %o[%si, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_start %buf -> %buf, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %buf -> %buf, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

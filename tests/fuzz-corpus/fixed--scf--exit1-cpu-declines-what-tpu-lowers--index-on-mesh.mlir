// fuzz reproducer: convert-pallas-to-scf: exit1-cpu-declines-what-tpu-lowers
// (seed 20261126: test kernel tpu_ring_allgather with its operand's
// elements mutated to index, minimised.) The CPU reference found no width
// for an index element of a device image slot and said "not yet
// supported" where the TPU lowering accepts the kernel; index elements are
// 8 bytes in the CPU reference now (test/Conversion/PallasToSCF/
// run_mesh_index.mlir).
module {
  pallas.kernel @tpu_ring_allgather
      ins(%x: memref<8x128xindex> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      scratch(%send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0}}} {
  }
}

// Explicit TMA (a plgpu.kernel on whole GMEM arrays): the two 128-row halves
// of x are copied into the two slots of a shared buffer on one barrier,
// scaled by 3 in shared memory, fenced with commit_smem, and copied back
// swapped, each copy closing a commit group; the final wait is read-only.
// Mirrors `gpu_tma_barrier` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_tma_barrier.mlir.
module {
  pallas.kernel @gpu_tma_barrier
      ins(%x: memref<256x128xf32> block [256, 128] map affine_map<() -> (0, 0)> in gmem)
      outs(%o: memref<256x128xf32> block [256, 128] map affine_map<() -> (0, 0)> in gmem)
      scratch(%smem: memref<2x128x128xf32, #pallas.memory_space<shared>>,
              %bar: memref<!pallas.barrier, #pallas.memory_space<shared>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %x0 = memref.subview %x[0, 0] [128, 128] [1, 1] : memref<256x128xf32, #pallas.memory_space<gmem>> to memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
    %x1 = memref.subview %x[128, 0] [128, 128] [1, 1] : memref<256x128xf32, #pallas.memory_space<gmem>> to memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<gmem>>
    %s0 = memref.subview %smem[0, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32, #pallas.memory_space<shared>> to memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<shared>>
    %s1 = memref.subview %smem[1, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32, #pallas.memory_space<shared>> to memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<shared>>
    pallas.copy_gmem_to_smem %x0 -> %s0, %bar[] : memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>> -> memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
    pallas.copy_gmem_to_smem %x1 -> %s1, %bar[] : memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<gmem>> -> memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
    pallas.barrier_wait %bar[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
    %v = pallas.load %smem[] : memref<2x128x128xf32, #pallas.memory_space<shared>> -> vector<2x128x128xf32>
    %three = arith.constant dense<3.0> : vector<2x128x128xf32>
    %s = arith.mulf %v, %three : vector<2x128x128xf32>
    pallas.store %s, %smem[] : vector<2x128x128xf32>, memref<2x128x128xf32, #pallas.memory_space<shared>>
    pallas.commit_smem
    %o0 = memref.subview %o[0, 0] [128, 128] [1, 1] : memref<256x128xf32, #pallas.memory_space<gmem>> to memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
    %o1 = memref.subview %o[128, 0] [128, 128] [1, 1] : memref<256x128xf32, #pallas.memory_space<gmem>> to memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<gmem>>
    pallas.copy_smem_to_gmem %s1 -> %o0 : memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<shared>> -> memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
    pallas.copy_smem_to_gmem %s0 -> %o1 : memref<128x128xf32, strided<[128, 1]>, #pallas.memory_space<shared>> -> memref<128x128xf32, strided<[128, 1], offset: 16384>, #pallas.memory_space<gmem>>
    pallas.wait_smem_to_gmem 0 read_only
  }
}

// A cluster of 2 CTAs ("c") over a grid of 2 ("g"): each cluster needs one
// 64-row tile of x, which one TMA copy multicasts to the shared memory of
// both of its CTAs (collective_axes = ["c"]); each CTA then writes the tile to
// its own 64 output rows, found from its grid and cluster axis indices.
// Mirrors `gpu_cluster_multicast` in scripts/jax/gpu_kernels.py; JAX's lowering
// of it is test/Reference/GPU/gpu_cluster_multicast.mlir.
module {
  pallas.kernel @gpu_cluster_multicast grid(2) names("g")
      ins(%x: memref<128x128xf32> block [128, 128] map affine_map<(g) -> (0, 0)> in gmem)
      outs(%o: memref<256x128xf32> block [256, 128] map affine_map<(g) -> (0, 0)> in gmem)
      scratch(%smem: memref<64x128xf32, #pallas.memory_space<shared>>,
              %bar: memref<!pallas.barrier, #pallas.memory_space<shared>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
    %c = pallas.axis_index "c"
    %g = pallas.axis_index "g"
    %c64 = arith.constant 64 : i32
    %c2 = arith.constant 2 : i32
    %g64 = arith.muli %g, %c64 : i32
    %start = arith.index_cast %g64 : i32 to index
    %tile = memref.subview %x[%start, 0] [64, 128] [1, 1] : memref<128x128xf32, #pallas.memory_space<gmem>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
    pallas.copy_gmem_to_smem %tile -> %smem, %bar[] {collective_axes = ["c"]} : memref<64x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
    pallas.barrier_wait %bar[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
    %g2 = arith.muli %g, %c2 : i32
    %cta = arith.addi %g2, %c : i32
    %row32 = arith.muli %cta, %c64 : i32
    %row = arith.index_cast %row32 : i32 to index
    %v = pallas.load %smem[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[%row:64, 0:128] : vector<64x128xf32>, memref<256x128xf32, #pallas.memory_space<gmem>>
  }
}

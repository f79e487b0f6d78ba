// A 2-D elementwise kernel, o = x * y + 1, over a (2, 2) grid of 64x128
// blocks in shared memory: the blocks move through the TMA pipeline the
// GPU lowering emits around the body (all grid axes parallel: the CUDA grid).
// Mirrors `gpu_elementwise_grid` in scripts/jax/gpu_kernels.py; JAX's lowering
// of it is test/Reference/GPU/gpu_elementwise_grid.mlir.
module {
  pallas.kernel @gpu_elementwise_grid grid(2, 2)
      ins(%x: memref<128x256xf32> block [64, 128] map affine_map<(i, j) -> (i, j)> in shared,
          %y: memref<128x256xf32> block [64, 128] map affine_map<(i, j) -> (i, j)> in shared)
      outs(%o: memref<128x256xf32> block [64, 128] map affine_map<(i, j) -> (i, j)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %a = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    %b = pallas.load %y[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    %p = arith.mulf %a, %b : vector<64x128xf32>
    %one = arith.constant dense<1.0> : vector<64x128xf32>
    %r = arith.addf %p, %one : vector<64x128xf32>
    pallas.store %r, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

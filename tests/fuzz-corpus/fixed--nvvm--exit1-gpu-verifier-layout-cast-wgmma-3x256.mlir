// fuzz reproducer: pallas-gpu-pipeline (nvvm): exit1-gpu-verifier 'mosaic_gpu.layout_cast' op cannot cast to layout #mosaic_gpu.TiledLayout<...>
// (seed 20261130, mutant 8 of examples/gpu/gpu_layer_norm.mlir: its 64x256 blocks made 3x256).
// A WGMMA layout_cast of a 3x256 vector: now rejected at the pallas.layout_cast
// by convert-pallas-to-mosaic-gpu, not by layout inference on the op it built.
// Layer norm of 64x256 row blocks over a grid of 2: row mean and variance
// (sums over the columns of a WGMMA-layout tile), rsqrt, then a weight and a
// bias row (loaded in the WGMMA column layout) broadcast over the rows.
// Mirrors `gpu_layer_norm` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_layer_norm.mlir.
module {
  pallas.kernel @gpu_layer_norm grid(2)
      ins(%x: memref<128x256xf32> block [3, 256] map affine_map<(i) -> (i, 0)> in shared,
          %w: memref<256xf32> block [256] map affine_map<(i) -> (0)> in shared,
          %b: memref<256xf32> block [256] map affine_map<(i) -> (0)> in shared)
      outs(%o: memref<128x256xf32> block [3, 256] map affine_map<(i) -> (i, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %l = pallas.load %x[] : memref<3x256xf32, #pallas.memory_space<shared>> -> vector<3x256xf32>
    %v = pallas.layout_cast %l wgmma : vector<3x256xf32>
    %zero = arith.constant dense<0.0> : vector<3xf32>
    %n = arith.constant dense<256.0> : vector<3xf32>
    %sum = vector.multi_reduction <add>, %v, %zero [1] : vector<3x256xf32> to vector<3xf32>
    %mean = arith.divf %sum, %n : vector<3xf32>
    %mean1 = vector.shape_cast %mean : vector<3xf32> to vector<3x1xf32>
    %meanb = vector.broadcast %mean1 : vector<3x1xf32> to vector<3x256xf32>
    %xc = arith.subf %v, %meanb : vector<3x256xf32>
    %sq = arith.mulf %xc, %xc : vector<3x256xf32>
    %sqsum = vector.multi_reduction <add>, %sq, %zero [1] : vector<3x256xf32> to vector<3xf32>
    %var = arith.divf %sqsum, %n : vector<3xf32>
    %eps = arith.constant dense<1.0e-05> : vector<3xf32>
    %ve = arith.addf %var, %eps : vector<3xf32>
    %inv = math.rsqrt %ve : vector<3xf32>
    %inv1 = vector.shape_cast %inv : vector<3xf32> to vector<3x1xf32>
    %invb = vector.broadcast %inv1 : vector<3x1xf32> to vector<3x256xf32>
    %y = arith.mulf %xc, %invb : vector<3x256xf32>
    %wl = pallas.load %w[] : memref<256xf32, #pallas.memory_space<shared>> -> vector<256xf32>
    %wv = pallas.layout_cast %wl wgmma_col : vector<256xf32>
    %bl = pallas.load %b[] : memref<256xf32, #pallas.memory_space<shared>> -> vector<256xf32>
    %bv = pallas.layout_cast %bl wgmma_col : vector<256xf32>
    %wb = vector.broadcast %wv : vector<256xf32> to vector<3x256xf32>
    %bb = vector.broadcast %bv : vector<256xf32> to vector<3x256xf32>
    %yw = arith.mulf %y, %wb : vector<3x256xf32>
    %r = arith.addf %yw, %bb : vector<3x256xf32>
    pallas.store %r, %o[] : vector<3x256xf32>, memref<3x256xf32, #pallas.memory_space<shared>>
  }
}

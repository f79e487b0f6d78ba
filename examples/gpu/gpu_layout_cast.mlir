// Register layouts: the loaded tile is cast to the WGMMA layout (which also
// tells the load how to read it) and a column iota is created in that layout
// (plgpu.broadcasted_iota(..., layout=WGMMA)), converted to f32 and added.
// Mirrors `gpu_layout_cast` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_layout_cast.mlir.
module {
  pallas.kernel @gpu_layout_cast
      ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %l = pallas.load %x[] : memref<128x128xf32, #pallas.memory_space<shared>> -> vector<128x128xf32>
    %v = pallas.layout_cast %l wgmma : vector<128x128xf32>
    %i = pallas.iota dim 1 : vector<128x128xi32>
    %col = pallas.layout_cast %i wgmma : vector<128x128xi32>
    %f = arith.sitofp %col : vector<128x128xi32> to vector<128x128xf32>
    %r = arith.addf %v, %f : vector<128x128xf32>
    pallas.store %r, %o[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<shared>>
  }
}

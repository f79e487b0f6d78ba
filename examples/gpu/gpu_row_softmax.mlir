// Row softmax of 64x128 blocks over a grid of 4, with approximate math: the
// tile is given the WGMMA layout, its rows reduced (max, then sum of exp) and
// the row results broadcast back along the columns.
// Mirrors `gpu_row_softmax` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_row_softmax.mlir.
module {
  pallas.kernel @gpu_row_softmax grid(4)
      ins(%x: memref<256x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
      outs(%o: memref<256x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", approx_math = true}}} {
    %l = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    %v = pallas.layout_cast %l wgmma : vector<64x128xf32>
    %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
    %m = vector.multi_reduction <maximumf>, %v, %ninf [1] : vector<64x128xf32> to vector<64xf32>
    %m1 = vector.shape_cast %m : vector<64xf32> to vector<64x1xf32>
    %mb = vector.broadcast %m1 : vector<64x1xf32> to vector<64x128xf32>
    %d = arith.subf %v, %mb : vector<64x128xf32>
    %e = math.exp %d : vector<64x128xf32>
    %zero = arith.constant dense<0.0> : vector<64xf32>
    %s = vector.multi_reduction <add>, %e, %zero [1] : vector<64x128xf32> to vector<64xf32>
    %s1 = vector.shape_cast %s : vector<64xf32> to vector<64x1xf32>
    %sb = vector.broadcast %s1 : vector<64x1xf32> to vector<64x128xf32>
    %r = arith.divf %e, %sb : vector<64x128xf32>
    pallas.store %r, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

// Elementwise add over a 1-D grid of (8, 128) row blocks.
// Mirrors `tpu_add_grid` in scripts/jax/tpu_kernels.py; JAX's lowering of it
// is test/Reference/TPU/tpu_add_grid.mlir.
module {
  pallas.kernel @tpu_add_grid grid(8) semantics(parallel)
      ins(%x: memref<64x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %y: memref<64x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<64x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %b = pallas.load %y[] : memref<8x128xf32> -> vector<8x128xf32>
    %s = arith.addf %a, %b : vector<8x128xf32>
    pallas.store %s, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

// Dense layer relu(x @ w + b) over a (row block, column block) grid: the
// weight column block is single-buffered (`buffers 1`, JAX pl.Buffered(1) ->
// pipeline_mode synchronous), the bias block explicitly double-buffered
// (`buffers 2`, pl.Buffered(2) -> double_buffered).
// Mirrors `tpu_buffered_weights` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_buffered_weights.mlir.
module {
  pallas.kernel @tpu_buffered_weights grid(8, 4) semantics(parallel, parallel)
      ins(%x: memref<64x256xbf16> block [8, 256] map affine_map<(i, j) -> (i, 0)>,
          %w: memref<256x512xbf16> block [256, 128] map affine_map<(i, j) -> (0, j)> buffers 1,
          %b: memref<1x512xf32> block [1, 128] map affine_map<(i, j) -> (0, j)> buffers 2)
      outs(%o: memref<64x512xf32> block [8, 128] map affine_map<(i, j) -> (i, j)>) {
    %xv = pallas.load %x[] : memref<8x256xbf16> -> vector<8x256xbf16>
    %wv = pallas.load %w[] : memref<256x128xbf16> -> vector<256x128xbf16>
    %y = pallas.dot %xv, %wv : vector<8x256xbf16>, vector<256x128xbf16> -> vector<8x128xf32>
    %bv = pallas.load %b[] : memref<1x128xf32> -> vector<1x128xf32>
    %bb = vector.broadcast %bv : vector<1x128xf32> to vector<8x128xf32>
    %yb = arith.addf %y, %bb : vector<8x128xf32>
    %z = arith.constant dense<0.0> : vector<8x128xf32>
    %r = arith.maximumf %yb, %z : vector<8x128xf32>
    pallas.store %r, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

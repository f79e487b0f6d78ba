// Squeezed leading block dims (JAX: `None` on the input, `pl.Squeezed()` on
// the output): per (batch, row block) x * 2 + the column sums of the block
// (a reduction over the sublane dim).
// Mirrors `tpu_squeezed_batch` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_squeezed_batch.mlir.
module {
  pallas.kernel @tpu_squeezed_batch grid(4, 2) semantics(parallel, parallel)
      ins(%x: memref<4x16x128xf32> block [squeezed, 8, 128] map affine_map<(b, i) -> (b, i, 0)>)
      outs(%o: memref<4x16x128xf32> block [squeezed, 8, 128] map affine_map<(b, i) -> (b, i, 0)>) {
    %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %two = arith.constant dense<2.0> : vector<8x128xf32>
    %d = arith.mulf %v, %two : vector<8x128xf32>
    %z = arith.constant dense<0.0> : vector<128xf32>
    %cs = vector.multi_reduction <add>, %v, %z [0] : vector<8x128xf32> to vector<128xf32>
    %cs2 = vector.shape_cast %cs : vector<128xf32> to vector<1x128xf32>
    %csb = vector.broadcast %cs2 : vector<1x128xf32> to vector<8x128xf32>
    %r = arith.addf %d, %csb : vector<8x128xf32>
    pallas.store %r, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

// jnp.concatenate of a block with its doubled copy along the lanes; the
// doubling runs in a named scope "scale" (tpu.trace_start / tpu.trace_stop)
// whose result, as in JAX, is used after the scope ends.
// Mirrors `tpu_concat_named_scope` in scripts/jax/tpu_kernels.py; JAX's
// lowering of it is test/Reference/TPU/tpu_concat_named_scope.mlir.
module {
  pallas.kernel @tpu_concat_named_scope grid(2) semantics(parallel)
      ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x256xf32> block [8, 256] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %y = pallas.named_scope "scale" -> vector<8x128xf32> {
      %two = arith.constant dense<2.0> : vector<8x128xf32>
      %d = arith.mulf %xv, %two : vector<8x128xf32>
      pallas.yield %d : vector<8x128xf32>
    }
    %cat = pallas.concatenate %xv, %y dim 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
    pallas.store %cat, %o[] : vector<8x256xf32>, memref<8x256xf32>
  }
}

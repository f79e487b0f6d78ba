// jnp.concatenate of a block with its doubled copy along the lanes; the
// doubling runs in a named scope "scale" (tpu.trace_start / tpu.trace_stop).
// pallas.named_scope has no results, so here the scope also holds the
// concatenate and the store (in JAX the scope ends after the multiply); the
// ops, and so the tpu ops, are the same.
// Mirrors `tpu_concat_named_scope` in scripts/jax/tpu_kernels.py; JAX's
// lowering of it is test/Reference/TPU/tpu_concat_named_scope.mlir.
module {
  pallas.kernel @tpu_concat_named_scope grid(2) semantics(parallel)
      ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x256xf32> block [8, 256] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    pallas.named_scope "scale" {
      %two = arith.constant dense<2.0> : vector<8x128xf32>
      %y = arith.mulf %xv, %two : vector<8x128xf32>
      %cat = pallas.concatenate %xv, %y dim 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
      pallas.store %cat, %o[] : vector<8x256xf32>, memref<8x256xf32>
    }
  }
}

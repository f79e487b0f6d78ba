// Element block dims with padding (window_kind = #tpu.element_window): a
// 3-row stencil; the 16-row input window of step i starts at element offset
// 8 * i of the array padded by 4 rows at both ends.
// Mirrors `tpu_element_window` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_element_window.mlir.
module {
  pallas.kernel @tpu_element_window grid(8) semantics(parallel)
      ins(%x: memref<64x128xf32> block [element(16, pad = [4, 4]), element(128)] map affine_map<(i) -> (i * 8, 0)>)
      outs(%o: memref<64x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %up = pallas.load %x[3:8, 0:128] : memref<16x128xf32> -> vector<8x128xf32>
    %mid = pallas.load %x[4:8, 0:128] : memref<16x128xf32> -> vector<8x128xf32>
    %down = pallas.load %x[5:8, 0:128] : memref<16x128xf32> -> vector<8x128xf32>
    %s1 = arith.addf %up, %mid : vector<8x128xf32>
    %s2 = arith.addf %s1, %down : vector<8x128xf32>
    %third = arith.constant dense<0.333333343> : vector<8x128xf32>
    %r = arith.mulf %s2, %third : vector<8x128xf32>
    pallas.store %r, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

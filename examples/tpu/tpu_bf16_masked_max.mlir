// bf16 row max over the first 200 of 256 columns (iota < 200, select -inf
// elsewhere), broadcast to an (8, 128) output block, negatives clamped to 0
// with a select.
// Mirrors `tpu_bf16_masked_max` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_bf16_masked_max.mlir.
module {
  pallas.kernel @tpu_bf16_masked_max grid(4) semantics(parallel)
      ins(%x: memref<32x256xbf16> block [8, 256] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x128xbf16> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x256xbf16> -> vector<8x256xbf16>
    %col = pallas.iota dim 1 : vector<8x256xi32>
    %c200 = arith.constant dense<200> : vector<8x256xi32>
    %mask = arith.cmpi slt, %col, %c200 : vector<8x256xi32>
    %ninf = arith.constant dense<0xFF80> : vector<8x256xbf16>
    %xm = arith.select %mask, %xv, %ninf : vector<8x256xi1>, vector<8x256xbf16>
    %init = arith.constant dense<0xFF80> : vector<8xbf16>
    %m = vector.multi_reduction <maximumf>, %xm, %init [1] : vector<8x256xbf16> to vector<8xbf16>
    %m2 = vector.shape_cast %m : vector<8xbf16> to vector<8x1xbf16>
    %mb = vector.broadcast %m2 : vector<8x1xbf16> to vector<8x128xbf16>
    %z = arith.constant dense<0.0> : vector<8x128xbf16>
    %pos = arith.cmpf ogt, %mb, %z : vector<8x128xbf16>
    %r = arith.select %pos, %mb, %z : vector<8x128xi1>, vector<8x128xbf16>
    pallas.store %r, %o[] : vector<8x128xbf16>, memref<8x128xbf16>
  }
}

// Layer norm over the last dim of (8, 256) row blocks: mean and variance by
// row reductions, rsqrt, then scale and shift by (1, 256) gamma / beta whose
// block is the whole array (constant map).
// Mirrors `tpu_layer_norm` in scripts/jax/tpu_kernels.py; JAX's lowering of it
// is test/Reference/TPU/tpu_layer_norm.mlir.
module {
  pallas.kernel @tpu_layer_norm grid(8) semantics(parallel)
      ins(%x: memref<64x256xf32> block [8, 256] map affine_map<(i) -> (i, 0)>,
          %g: memref<1x256xf32> block [1, 256] map affine_map<(i) -> (0, 0)>,
          %b: memref<1x256xf32> block [1, 256] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<64x256xf32> block [8, 256] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x256xf32> -> vector<8x256xf32>
    %z = arith.constant dense<0.0> : vector<8xf32>
    %n = arith.constant dense<256.0> : vector<8x1xf32>
    %sum = vector.multi_reduction <add>, %xv, %z [1] : vector<8x256xf32> to vector<8xf32>
    %sum2 = vector.shape_cast %sum : vector<8xf32> to vector<8x1xf32>
    %mean = arith.divf %sum2, %n : vector<8x1xf32>
    %meanb = vector.broadcast %mean : vector<8x1xf32> to vector<8x256xf32>
    %xc = arith.subf %xv, %meanb : vector<8x256xf32>
    %sq = arith.mulf %xc, %xc : vector<8x256xf32>
    %ss = vector.multi_reduction <add>, %sq, %z [1] : vector<8x256xf32> to vector<8xf32>
    %ss2 = vector.shape_cast %ss : vector<8xf32> to vector<8x1xf32>
    %var = arith.divf %ss2, %n : vector<8x1xf32>
    %eps = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
    %ve = arith.addf %var, %eps : vector<8x1xf32>
    %inv = math.rsqrt %ve : vector<8x1xf32>
    %invb = vector.broadcast %inv : vector<8x1xf32> to vector<8x256xf32>
    %xn = arith.mulf %xc, %invb : vector<8x256xf32>
    %gv = pallas.load %g[] : memref<1x256xf32> -> vector<1x256xf32>
    %gb = vector.broadcast %gv : vector<1x256xf32> to vector<8x256xf32>
    %y = arith.mulf %xn, %gb : vector<8x256xf32>
    %bv = pallas.load %b[] : memref<1x256xf32> -> vector<1x256xf32>
    %bb = vector.broadcast %bv : vector<1x256xf32> to vector<8x256xf32>
    %r = arith.addf %y, %bb : vector<8x256xf32>
    pallas.store %r, %o[] : vector<8x256xf32>, memref<8x256xf32>
  }
}

// Oracle twin (scripts/jax/cpu_oracle.py, kernel `unroll`): a loop over the
// 8 rows of x marked {pallas.unroll = 3} (two unrolled copies of 3 plus a
// remainder of 2) carrying a row accumulator: o = sum_r (r + 1) * x[r, :],
// summed in row order (lax.fori_loop(..., unroll=3) in JAX).
module {
  pallas.kernel @weighted_rows grid(1)
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<1x128xf32> block [1, 128] map affine_map<(i) -> (0, 0)>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant dense<0.0> : vector<128xf32>
    %one = arith.constant 1.0 : f32
    %acc = scf.for %r = %c0 to %c8 step %c1 iter_args(%a = %z) -> (vector<128xf32>) {
      %row = pallas.load %x[%r, 0:128] : memref<8x128xf32> -> vector<128xf32>
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %w = arith.addf %rf, %one : f32
      %wb = vector.broadcast %w : f32 to vector<128xf32>
      %p = arith.mulf %row, %wb : vector<128xf32>
      %n = arith.addf %a, %p : vector<128xf32>
      scf.yield %n : vector<128xf32>
    } {pallas.unroll = 3}
    pallas.store %acc, %o[%c0, 0:128] : vector<128xf32>, memref<1x128xf32>
  }
}

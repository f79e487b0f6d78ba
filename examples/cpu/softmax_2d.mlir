// Oracle twin (scripts/jax/cpu_oracle.py, kernel `softmax_2d`): row softmax
// over 8x16 blocks of an f32[16, 16] matrix, the row max and sum as 2-D
// vector.multi_reduction over dim 1 (what jnp.max/jnp.sum(axis=1) become).
module {
  pallas.kernel @softmax2d grid(2) semantics(parallel)
      ins(%x: memref<16x16xf32> block [8, 16] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x16xf32> block [8, 16] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<8x16xf32> -> vector<8x16xf32>
    %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
    %m = vector.multi_reduction <maximumf>, %v, %ninf [1] : vector<8x16xf32> to vector<8xf32>
    %mb = vector.broadcast %m : vector<8xf32> to vector<16x8xf32>
    %mt = vector.transpose %mb, [1, 0] : vector<16x8xf32> to vector<8x16xf32>
    %d = arith.subf %v, %mt : vector<8x16xf32>
    %e = math.exp %d : vector<8x16xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %s = vector.multi_reduction <add>, %e, %zero [1] : vector<8x16xf32> to vector<8xf32>
    %sb = vector.broadcast %s : vector<8xf32> to vector<16x8xf32>
    %st = vector.transpose %sb, [1, 0] : vector<16x8xf32> to vector<8x16xf32>
    %r = arith.divf %e, %st : vector<8x16xf32>
    pallas.store %r, %o[] : vector<8x16xf32>, memref<8x16xf32>
  }
}

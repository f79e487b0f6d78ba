// Oracle twin (scripts/jax/cpu_oracle.py, kernel `vector_ops`): reciprocal
// (approx), concatenate and repeat (pltpu.repeat tiles) over 4x8 blocks of
// an f32[8, 8] x in [0.5, 2): block i of o (8x16) is
// repeat(concatenate(1 / x_i, x_i, dim 1), dim 0, 2 times).
module {
  pallas.kernel @vops grid(2) semantics(parallel)
      ins(%x: memref<8x8xf32> block [4, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x16xf32> block [8, 16] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<4x8xf32> -> vector<4x8xf32>
    %r = pallas.reciprocal %a approx : vector<4x8xf32>
    %c = pallas.concatenate %r, %a dim 1 : vector<4x8xf32>, vector<4x8xf32> -> vector<4x16xf32>
    %t = pallas.repeat %c dim 0 times 2 : vector<4x16xf32> -> vector<8x16xf32>
    pallas.store %t, %o[] : vector<8x16xf32>, memref<8x16xf32>
  }
}

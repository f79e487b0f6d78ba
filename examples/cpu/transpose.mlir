// Oracle twin (scripts/jax/cpu_oracle.py, kernel `transpose`): o = x^T for
// an f32[16, 24] x, grid (2, 3): the (i, j) 8x8 block of x lands, transposed
// (vector.transpose), in the (j, i) block of o (the index maps swap).
module {
  pallas.kernel @transpose grid(2, 3) semantics(parallel, parallel)
      ins(%x: memref<16x24xf32> block [8, 8] map affine_map<(i, j) -> (i, j)>)
      outs(%o: memref<24x16xf32> block [8, 8] map affine_map<(i, j) -> (j, i)>) {
    %v = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %t = vector.transpose %v, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
    pallas.store %t, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

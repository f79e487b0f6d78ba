// Oracle twin (scripts/jax/cpu_oracle.py, kernel `dot_transpose`):
// o = x @ y^T (f32, 16x32 by 24x32) over a (2, 3) grid of 8x8 output
// blocks; both operands' blocks span the whole contraction (8x32), the
// right one is contracted on its last dimension (transpose_rhs).
module {
  pallas.kernel @xyt grid(2, 3) semantics(parallel, parallel)
      ins(%x: memref<16x32xf32> block [8, 32] map affine_map<(i, j) -> (i, 0)>,
          %y: memref<24x32xf32> block [8, 32] map affine_map<(i, j) -> (j, 0)>)
      outs(%o: memref<16x24xf32> block [8, 8] map affine_map<(i, j) -> (i, j)>) {
    %a = pallas.load %x[] : memref<8x32xf32> -> vector<8x32xf32>
    %b = pallas.load %y[] : memref<8x32xf32> -> vector<8x32xf32>
    %p = pallas.dot %a, %b {transpose_rhs} : vector<8x32xf32>, vector<8x32xf32> -> vector<8x8xf32>
    pallas.store %p, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

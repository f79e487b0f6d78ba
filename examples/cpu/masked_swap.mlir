// Oracle twin (scripts/jax/cpu_oracle.py, kernel `masked_swap`): a masked
// pallas.swap over 8x8 blocks of f32[16, 8] arrays. o's block first gets x;
// then y is swapped in where y > x, and p = the values swapped out (x
// there, 0 elsewhere: the masked-off lanes of the result are not used).
// So o = max(x, y) and p = x where y > x.
module {
  pallas.kernel @mswap grid(2) semantics(parallel)
      ins(%x: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>,
           %p: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %b = pallas.load %y[] : memref<8x8xf32> -> vector<8x8xf32>
    pallas.store %a, %o[] : vector<8x8xf32>, memref<8x8xf32>
    %m = arith.cmpf ogt, %b, %a : vector<8x8xf32>
    %old = pallas.swap %b, %o[0:8, 0:8] mask(%m : vector<8x8xi1>) : vector<8x8xf32>, memref<8x8xf32> -> vector<8x8xf32>
    %zero = arith.constant dense<0.0> : vector<8x8xf32>
    %kept = arith.select %m, %old, %zero : vector<8x8xi1>, vector<8x8xf32>
    pallas.store %kept, %p[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

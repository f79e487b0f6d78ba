// Oracle twin (scripts/jax/cpu_oracle.py, kernel `oversized_block`): a
// [2, 8] block over an f32[2, 3] array (the block is larger than the
// array): y = 2 x; the padding lanes are read but never reach y.
module {
  pallas.kernel @double grid(1)
      ins(%x: memref<2x3xf32> block [2, 8] map affine_map<(i) -> (0, 0)>)
      outs(%y: memref<2x3xf32> block [2, 8] map affine_map<(i) -> (0, 0)>) {
    %v = pallas.load %x[] : memref<2x8xf32> -> vector<2x8xf32>
    %d = arith.addf %v, %v : vector<2x8xf32>
    pallas.store %d, %y[] : vector<2x8xf32>, memref<2x8xf32>
  }
}

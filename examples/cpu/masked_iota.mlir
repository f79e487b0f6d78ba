// Oracle twin (scripts/jax/cpu_oracle.py, kernel `masked_iota`): a
// triangular mask from iotas: over 8x8 row blocks of a 32x8 f32 array,
// o[r, c] = x[r, c] where r + c < 21 (r the global row), else -x[r, c].
module {
  pallas.kernel @masked grid(4) semantics(parallel)
      ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %i = pallas.program_id 0
    %c8 = arith.constant 8 : i32
    %base = arith.muli %i, %c8 : i32
    %rows = pallas.iota dim 0 : vector<8x8xi32>
    %cols = pallas.iota dim 1 : vector<8x8xi32>
    %bb = vector.broadcast %base : i32 to vector<8x8xi32>
    %grow = arith.addi %rows, %bb : vector<8x8xi32>
    %sum = arith.addi %grow, %cols : vector<8x8xi32>
    %lim = arith.constant dense<21> : vector<8x8xi32>
    %keep = arith.cmpi slt, %sum, %lim : vector<8x8xi32>
    %v = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %n = arith.negf %v : vector<8x8xf32>
    %r = arith.select %keep, %v, %n : vector<8x8xi1>, vector<8x8xf32>
    pallas.store %r, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

// Oracle twin (scripts/jax/cpu_oracle.py, kernel `int32_ops`): int32
// arithmetic with wrap-around over 8x8 blocks of 16x8 arrays:
// o = max((x * 7) ^ y + (x >> 3), y) & 0x7fffffff (arithmetic shift,
// signed max), x and y drawn over the whole int32 range.
module {
  pallas.kernel @ints grid(2) semantics(parallel)
      ins(%x: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x8xi32> -> vector<8x8xi32>
    %b = pallas.load %y[] : memref<8x8xi32> -> vector<8x8xi32>
    %seven = arith.constant dense<7> : vector<8x8xi32>
    %three = arith.constant dense<3> : vector<8x8xi32>
    %mask = arith.constant dense<2147483647> : vector<8x8xi32>
    %m = arith.muli %a, %seven : vector<8x8xi32>
    %x1 = arith.xori %m, %b : vector<8x8xi32>
    %sh = arith.shrsi %a, %three : vector<8x8xi32>
    %s = arith.addi %x1, %sh : vector<8x8xi32>
    %mx = arith.maxsi %s, %b : vector<8x8xi32>
    %r = arith.andi %mx, %mask : vector<8x8xi32>
    pallas.store %r, %o[] : vector<8x8xi32>, memref<8x8xi32>
  }
}

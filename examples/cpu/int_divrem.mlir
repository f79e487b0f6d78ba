// Oracle twin (scripts/jax/cpu_oracle.py, kernel `int_divrem`): int32
// division and remainder, both rounding toward zero (arith.divsi/remsi, as
// lax.div/lax.rem), and an unsigned shift right (arith.shrui, as
// lax.shift_right_logical), over 8x8 blocks of 16x8 arrays; y has no zeros
// and never -1 against INT_MIN (x, y drawn in [-10^6, 10^6]).
module {
  pallas.kernel @divrem grid(2) semantics(parallel)
      ins(%x: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%q: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>,
           %r: memref<16x8xi32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x8xi32> -> vector<8x8xi32>
    %b = pallas.load %y[] : memref<8x8xi32> -> vector<8x8xi32>
    %d = arith.divsi %a, %b : vector<8x8xi32>
    %m = arith.remsi %a, %b : vector<8x8xi32>
    %five = arith.constant dense<5> : vector<8x8xi32>
    %u = arith.shrui %a, %five : vector<8x8xi32>
    %ru = arith.addi %m, %u : vector<8x8xi32>
    pallas.store %d, %q[] : vector<8x8xi32>, memref<8x8xi32>
    pallas.store %ru, %r[] : vector<8x8xi32>, memref<8x8xi32>
  }
}

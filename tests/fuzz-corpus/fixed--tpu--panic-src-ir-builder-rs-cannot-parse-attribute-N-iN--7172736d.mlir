// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-tpu: panic src/ir/builder.rs: cannot parse attribute `N : iN`
module {
  pallas.kernel @ops_philox_random_bits grid(2, 2)
      ins(%offset: memref<1xui32> block [1] map affine_map<(i, j) -> (j floordiv 4611686018427387904)> in smem,
          %key: memref<1x2xui32> block [1, 2] map affine_map<(i, j) -> (0, 0)> in smem)
      outs(%o: memref<512x512xui32> block [256, 256] map affine_map<(i, j) -> (i, j)>) {
    %i = pallas.program_id 0
    %j = pallas.program_id 1
    %c256 = arith.constant 256 : i32
    %c512 = arith.constant 512 : i32
    %col0 = arith.muli %j, %c256 : i32
    %row0 = arith.muli %i, %c256 : i32
    %rowbase = arith.muli %row0, %c512 : i32
    %base = arith.addi %col0, %rowbase : i32
    %cols = pallas.iota dim 1 : vector<256x256xi32>
    %rows = pallas.iota dim 0 : vector<256x256xi32>
    %width = arith.constant dense<512> : vector<256x256xi32>
    %rowcount = arith.muli %rows, %width : vector<256x256xi32>
    %local = arith.addi %cols, %rowcount : vector<256x256xi32>
    %basev = vector.broadcast %base : i32 to vector<256x256xi32>
    %blockcounts = arith.addi %local, %basev : vector<256x256xi32>
    %off = pallas.load %offset[0] : memref<1xui32, #pallas.memory_space<smem>> -> i32
    %offv = vector.broadcast %off : i32 to vector<256x256xi32>
    %counts = arith.addi %blockcounts, %offv : vector<256x256xi32>
    %zeros = arith.constant dense<0> : vector<256x256xi32>
    %k_hi = pallas.load %key[0, 0] : memref<1x2xui32, #pallas.memory_space<smem>> -> i32
    %k_lo = pallas.load %key[0, 1] : memref<1x2xui32, #pallas.memory_space<smem>> -> i32
    %a_hi = arith.constant dense<52638> : vector<256x256xi32>
    %a_lo = arith.constant dense<36183> : vector<256x256xi32>
    %b_hi = arith.constant dense<53841> : vector<256x256xi32>
    %b_lo = arith.constant dense<8019> : vector<256x256xi32>
    %inc_hi = arith.constant -1640531527 : i32
    %inc_lo = arith.constant -1150833019 : i32
    %s16 = arith.constant dense<16> : vector<256x256xi32>
    %m16 = arith.constant dense<65535> : vector<256x256xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c10 = arith.constant 10 : i32
    %hi0, %lo0, %hi1, %lo1, %kh, %kl = scf.for %r = %c0 to %c10 step %c1
        iter_args(%x_hi0 = %zeros, %x_lo0 = %counts, %x_hi1 = %zeros, %x_lo1 = %zeros,
                  %key_hi = %k_hi, %key_lo = %k_lo)
        -> (vector<256x256xi32>, vector<256x256xi32>, vector<256x256xi32>, vector<256x256xi32>, i32, i32) : i32 {
      // (pa_hi, pa_lo) = 32x32 -> 64-bit product %a_hi:%a_lo * %x_hi1 from 16-bit halves
      %pa_yhi = arith.shrui %x_hi1, %s16 : vector<256x256xi32>
      %pa_ylo = arith.andi %x_hi1, %m16 : vector<256x256xi32>
      %pa_hh = arith.muli %a_hi, %pa_yhi : vector<256x256xi32>
      %pa_ll = arith.muli %a_lo, %pa_ylo : vector<256x256xi32>
      %pa_hl = arith.muli %a_hi, %pa_ylo : vector<256x256xi32>
      %pa_lh = arith.muli %a_lo, %pa_yhi : vector<256x256xi32>
      %pa_hl_lo = arith.andi %pa_hl, %m16 : vector<256x256xi32>
      %pa_lh_lo = arith.andi %pa_lh, %m16 : vector<256x256xi32>
      %pa_ll_hi = arith.shrui %pa_ll, %s16 : vector<256x256xi32>
      %pa_c0 = arith.addi %pa_hl_lo, %pa_lh_lo : vector<256x256xi32>
      %pa_carry = arith.addi %pa_c0, %pa_ll_hi : vector<256x256xi32>
      %pa_hl_hi = arith.shrui %pa_hl, %s16 : vector<256x256xi32>
      %pa_lh_hi = arith.shrui %pa_lh, %s16 : vector<256x256xi32>
      %pa_carry_hi = arith.shrui %pa_carry, %s16 : vector<256x256xi32>
      %pa_h0 = arith.addi %pa_hh, %pa_hl_hi : vector<256x256xi32>
      %pa_h1 = arith.addi %pa_h0, %pa_lh_hi : vector<256x256xi32>
      %pa_hi = arith.addi %pa_h1, %pa_carry_hi : vector<256x256xi32>
      %pa_carry_lo = arith.shli %pa_carry, %s16 : vector<256x256xi32>
      %pa_ll_lo = arith.andi %pa_ll, %m16 : vector<256x256xi32>
      %pa_lo = arith.addi %pa_carry_lo, %pa_ll_lo : vector<256x256xi32>
      // (pb_hi, pb_lo) = 32x32 -> 64-bit product %b_hi:%b_lo * %x_hi0 from 16-bit halves
      %pb_yhi = arith.shrui %x_hi0, %s16 : vector<256x256xi32>
      %pb_ylo = arith.andi %x_hi0, %m16 : vector<256x256xi32>
      %pb_hh = arith.muli %b_hi, %pb_yhi : vector<256x256xi32>
      %pb_ll = arith.muli %b_lo, %pb_ylo : vector<256x256xi32>
      %pb_hl = arith.muli %b_hi, %pb_ylo : vector<256x256xi32>
      %pb_lh = arith.muli %b_lo, %pb_yhi : vector<256x256xi32>
      %pb_hl_lo = arith.andi %pb_hl, %m16 : vector<256x256xi32>
      %pb_lh_lo = arith.andi %pb_lh, %m16 : vector<256x256xi32>
      %pb_ll_hi = arith.shrui %pb_ll, %s16 : vector<256x256xi32>
      %pb_c0 = arith.addi %pb_hl_lo, %pb_lh_lo : vector<256x256xi32>
      %pb_carry = arith.addi %pb_c0, %pb_ll_hi : vector<256x256xi32>
      %pb_hl_hi = arith.shrui %pb_hl, %s16 : vector<256x256xi32>
      %pb_lh_hi = arith.shrui %pb_lh, %s16 : vector<256x256xi32>
      %pb_carry_hi = arith.shrui %pb_carry, %s16 : vector<256x256xi32>
      %pb_h0 = arith.addi %pb_hh, %pb_hl_hi : vector<256x256xi32>
      %pb_h1 = arith.addi %pb_h0, %pb_lh_hi : vector<256x256xi32>
      %pb_hi = arith.addi %pb_h1, %pb_carry_hi : vector<256x256xi32>
      %pb_carry_lo = arith.shli %pb_carry, %s16 : vector<256x256xi32>
      %pb_ll_lo = arith.andi %pb_ll, %m16 : vector<256x256xi32>
      %pb_lo = arith.addi %pb_carry_lo, %pb_ll_lo : vector<256x256xi32>
      // hi0' = hi(A * hi1) ^ lo0 ^ key_hi, lo0' = lo(A * hi1),
      // hi1' = hi(B * hi0) ^ lo1 ^ key_lo, lo1' = lo(B * hi0).
      %kh_v = vector.broadcast %key_hi : i32 to vector<256x256xi32>
      %kl_v = vector.broadcast %key_lo : i32 to vector<256x256xi32>
      %n_hi0a = arith.xori %pa_hi, %x_lo0 : vector<256x256xi32>
      %n_hi0 = arith.xori %n_hi0a, %kh_v : vector<256x256xi32>
      %n_hi1a = arith.xori %pb_hi, %x_lo1 : vector<256x256xi32>
      %n_hi1 = arith.xori %n_hi1a, %kl_v : vector<256x256xi32>
      %n_key_hi = arith.addi %key_hi, %inc_hi : i32
      %n_key_lo = arith.addi %key_lo, %inc_lo : i32
      scf.yield %n_hi0, %pa_lo, %n_hi1, %pb_lo, %n_key_hi, %n_key_lo : vector<256x256xi32>, vector<256x256xi32>, vector<256x256xi32>, vector<256x256xi32>, i32, i32
    } {pallas.unroll}
    %bits = arith.xori %hi0, %lo0 : vector<256x256xi32>
    pallas.store %bits, %o[] : vector<256x256xi32>, memref<256x256xui32>
  }
}

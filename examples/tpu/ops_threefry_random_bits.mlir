// jax.experimental.pallas.ops.tpu.random.threefry.plthreefry_random_bits(key,
// 32, (300, 512)): 300 is not a multiple of the 256x256 block, so the op pads
// the output to 512x512 (grid (2, 2), JAX's default "arbitrary" semantics)
// and the kernel counts elements of the unpadded 300x512 array: block (i, j)
// hashes the counters r * 512 + c of its rows r and columns c (the high
// counter word is 0) with Threefry-2x32 (20 rounds, a key injection after
// every 4) under the key held in SMEM as a 1x2 array, and stores the xor of
// the two output words. The hash is JAX's threefry2x32 primitive, which
// Pallas lowers inside a "threefry2x32" named scope (tpu.trace_start/stop).
// The arrays are uint32; their refs hold signless i32 values (the unsigned
// semantics are in the ops: logical shifts, wrap-around adds).
// Mirrors `ops_threefry_random_bits` in scripts/jax/public/random.py; JAX's
// lowering of it is test/Reference/TPU/ops_threefry_random_bits.mlir.
module {
  pallas.kernel @ops_threefry_random_bits grid(2, 2)
      ins(%key: memref<1x2xui32> block [1, 2] map affine_map<(i, j) -> (0, 0)> in smem)
      outs(%o: memref<512x512xui32> block [256, 256] map affine_map<(i, j) -> (i, j)>) {
    // Counter of the block's first element: (i * 256) * 512 + j * 256.
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
    %counts_lo = arith.addi %local, %basev : vector<256x256xi32>
    %k0 = pallas.load %key[0, 0] : memref<1x2xui32, #pallas.memory_space<smem>> -> i32
    %k1 = pallas.load %key[0, 1] : memref<1x2xui32, #pallas.memory_space<smem>> -> i32
    %x0, %x1 = pallas.named_scope "threefry2x32" -> vector<256x256xi32>, vector<256x256xi32> {
      // Key schedule: ks2 = k0 ^ k1 ^ 0x1BD11BDA.
      %parity = arith.constant 466688986 : i32
      %k01 = arith.xori %k0, %k1 : i32
      %k2 = arith.xori %k01, %parity : i32
      %ks0 = vector.broadcast %k0 : i32 to vector<256x256xi32>
      %ks1 = vector.broadcast %k1 : i32 to vector<256x256xi32>
      %ks2 = vector.broadcast %k2 : i32 to vector<256x256xi32>
      %i1 = arith.constant dense<1> : vector<256x256xi32>
      %i2 = arith.constant dense<2> : vector<256x256xi32>
      %i3 = arith.constant dense<3> : vector<256x256xi32>
      %i4 = arith.constant dense<4> : vector<256x256xi32>
      %i5 = arith.constant dense<5> : vector<256x256xi32>
      // Rotate-left amounts r and their complements 32 - r.
      %s3 = arith.constant dense<3> : vector<256x256xi32>
      %s6 = arith.constant dense<6> : vector<256x256xi32>
      %s8 = arith.constant dense<8> : vector<256x256xi32>
      %s13 = arith.constant dense<13> : vector<256x256xi32>
      %s15 = arith.constant dense<15> : vector<256x256xi32>
      %s16 = arith.constant dense<16> : vector<256x256xi32>
      %s17 = arith.constant dense<17> : vector<256x256xi32>
      %s19 = arith.constant dense<19> : vector<256x256xi32>
      %s24 = arith.constant dense<24> : vector<256x256xi32>
      %s26 = arith.constant dense<26> : vector<256x256xi32>
      %s29 = arith.constant dense<29> : vector<256x256xi32>
      // Initial injection: x0 = counts_hi + ks0 = ks0, x1 = counts_lo + ks1.
      %x1_0 = arith.addi %counts_lo, %ks1 : vector<256x256xi32>
      // rounds 1-4: rotations [13, 15, 26, 6]
      %a1 = arith.addi %ks0, %x1_0 : vector<256x256xi32>
      %l1 = arith.shli %x1_0, %s13 : vector<256x256xi32>
      %h1 = arith.shrui %x1_0, %s19 : vector<256x256xi32>
      %r1 = arith.ori %l1, %h1 : vector<256x256xi32>
      %b1 = arith.xori %a1, %r1 : vector<256x256xi32>
      %a2 = arith.addi %a1, %b1 : vector<256x256xi32>
      %l2 = arith.shli %b1, %s15 : vector<256x256xi32>
      %h2 = arith.shrui %b1, %s17 : vector<256x256xi32>
      %r2 = arith.ori %l2, %h2 : vector<256x256xi32>
      %b2 = arith.xori %a2, %r2 : vector<256x256xi32>
      %a3 = arith.addi %a2, %b2 : vector<256x256xi32>
      %l3 = arith.shli %b2, %s26 : vector<256x256xi32>
      %h3 = arith.shrui %b2, %s6 : vector<256x256xi32>
      %r3 = arith.ori %l3, %h3 : vector<256x256xi32>
      %b3 = arith.xori %a3, %r3 : vector<256x256xi32>
      %a4 = arith.addi %a3, %b3 : vector<256x256xi32>
      %l4 = arith.shli %b3, %s6 : vector<256x256xi32>
      %h4 = arith.shrui %b3, %s26 : vector<256x256xi32>
      %r4 = arith.ori %l4, %h4 : vector<256x256xi32>
      %b4 = arith.xori %a4, %r4 : vector<256x256xi32>
      // key injection 1: x0 += ks1, x1 += ks2 + 1
      %x0_1 = arith.addi %a4, %ks1 : vector<256x256xi32>
      %y1_1 = arith.addi %b4, %ks2 : vector<256x256xi32>
      %x1_1 = arith.addi %y1_1, %i1 : vector<256x256xi32>
      // rounds 5-8: rotations [17, 29, 16, 24]
      %a5 = arith.addi %x0_1, %x1_1 : vector<256x256xi32>
      %l5 = arith.shli %x1_1, %s17 : vector<256x256xi32>
      %h5 = arith.shrui %x1_1, %s15 : vector<256x256xi32>
      %r5 = arith.ori %l5, %h5 : vector<256x256xi32>
      %b5 = arith.xori %a5, %r5 : vector<256x256xi32>
      %a6 = arith.addi %a5, %b5 : vector<256x256xi32>
      %l6 = arith.shli %b5, %s29 : vector<256x256xi32>
      %h6 = arith.shrui %b5, %s3 : vector<256x256xi32>
      %r6 = arith.ori %l6, %h6 : vector<256x256xi32>
      %b6 = arith.xori %a6, %r6 : vector<256x256xi32>
      %a7 = arith.addi %a6, %b6 : vector<256x256xi32>
      %l7 = arith.shli %b6, %s16 : vector<256x256xi32>
      %h7 = arith.shrui %b6, %s16 : vector<256x256xi32>
      %r7 = arith.ori %l7, %h7 : vector<256x256xi32>
      %b7 = arith.xori %a7, %r7 : vector<256x256xi32>
      %a8 = arith.addi %a7, %b7 : vector<256x256xi32>
      %l8 = arith.shli %b7, %s24 : vector<256x256xi32>
      %h8 = arith.shrui %b7, %s8 : vector<256x256xi32>
      %r8 = arith.ori %l8, %h8 : vector<256x256xi32>
      %b8 = arith.xori %a8, %r8 : vector<256x256xi32>
      // key injection 2: x0 += ks2, x1 += ks0 + 2
      %x0_2 = arith.addi %a8, %ks2 : vector<256x256xi32>
      %y1_2 = arith.addi %b8, %ks0 : vector<256x256xi32>
      %x1_2 = arith.addi %y1_2, %i2 : vector<256x256xi32>
      // rounds 9-12: rotations [13, 15, 26, 6]
      %a9 = arith.addi %x0_2, %x1_2 : vector<256x256xi32>
      %l9 = arith.shli %x1_2, %s13 : vector<256x256xi32>
      %h9 = arith.shrui %x1_2, %s19 : vector<256x256xi32>
      %r9 = arith.ori %l9, %h9 : vector<256x256xi32>
      %b9 = arith.xori %a9, %r9 : vector<256x256xi32>
      %a10 = arith.addi %a9, %b9 : vector<256x256xi32>
      %l10 = arith.shli %b9, %s15 : vector<256x256xi32>
      %h10 = arith.shrui %b9, %s17 : vector<256x256xi32>
      %r10 = arith.ori %l10, %h10 : vector<256x256xi32>
      %b10 = arith.xori %a10, %r10 : vector<256x256xi32>
      %a11 = arith.addi %a10, %b10 : vector<256x256xi32>
      %l11 = arith.shli %b10, %s26 : vector<256x256xi32>
      %h11 = arith.shrui %b10, %s6 : vector<256x256xi32>
      %r11 = arith.ori %l11, %h11 : vector<256x256xi32>
      %b11 = arith.xori %a11, %r11 : vector<256x256xi32>
      %a12 = arith.addi %a11, %b11 : vector<256x256xi32>
      %l12 = arith.shli %b11, %s6 : vector<256x256xi32>
      %h12 = arith.shrui %b11, %s26 : vector<256x256xi32>
      %r12 = arith.ori %l12, %h12 : vector<256x256xi32>
      %b12 = arith.xori %a12, %r12 : vector<256x256xi32>
      // key injection 3: x0 += ks0, x1 += ks1 + 3
      %x0_3 = arith.addi %a12, %ks0 : vector<256x256xi32>
      %y1_3 = arith.addi %b12, %ks1 : vector<256x256xi32>
      %x1_3 = arith.addi %y1_3, %i3 : vector<256x256xi32>
      // rounds 13-16: rotations [17, 29, 16, 24]
      %a13 = arith.addi %x0_3, %x1_3 : vector<256x256xi32>
      %l13 = arith.shli %x1_3, %s17 : vector<256x256xi32>
      %h13 = arith.shrui %x1_3, %s15 : vector<256x256xi32>
      %r13 = arith.ori %l13, %h13 : vector<256x256xi32>
      %b13 = arith.xori %a13, %r13 : vector<256x256xi32>
      %a14 = arith.addi %a13, %b13 : vector<256x256xi32>
      %l14 = arith.shli %b13, %s29 : vector<256x256xi32>
      %h14 = arith.shrui %b13, %s3 : vector<256x256xi32>
      %r14 = arith.ori %l14, %h14 : vector<256x256xi32>
      %b14 = arith.xori %a14, %r14 : vector<256x256xi32>
      %a15 = arith.addi %a14, %b14 : vector<256x256xi32>
      %l15 = arith.shli %b14, %s16 : vector<256x256xi32>
      %h15 = arith.shrui %b14, %s16 : vector<256x256xi32>
      %r15 = arith.ori %l15, %h15 : vector<256x256xi32>
      %b15 = arith.xori %a15, %r15 : vector<256x256xi32>
      %a16 = arith.addi %a15, %b15 : vector<256x256xi32>
      %l16 = arith.shli %b15, %s24 : vector<256x256xi32>
      %h16 = arith.shrui %b15, %s8 : vector<256x256xi32>
      %r16 = arith.ori %l16, %h16 : vector<256x256xi32>
      %b16 = arith.xori %a16, %r16 : vector<256x256xi32>
      // key injection 4: x0 += ks1, x1 += ks2 + 4
      %x0_4 = arith.addi %a16, %ks1 : vector<256x256xi32>
      %y1_4 = arith.addi %b16, %ks2 : vector<256x256xi32>
      %x1_4 = arith.addi %y1_4, %i4 : vector<256x256xi32>
      // rounds 17-20: rotations [13, 15, 26, 6]
      %a17 = arith.addi %x0_4, %x1_4 : vector<256x256xi32>
      %l17 = arith.shli %x1_4, %s13 : vector<256x256xi32>
      %h17 = arith.shrui %x1_4, %s19 : vector<256x256xi32>
      %r17 = arith.ori %l17, %h17 : vector<256x256xi32>
      %b17 = arith.xori %a17, %r17 : vector<256x256xi32>
      %a18 = arith.addi %a17, %b17 : vector<256x256xi32>
      %l18 = arith.shli %b17, %s15 : vector<256x256xi32>
      %h18 = arith.shrui %b17, %s17 : vector<256x256xi32>
      %r18 = arith.ori %l18, %h18 : vector<256x256xi32>
      %b18 = arith.xori %a18, %r18 : vector<256x256xi32>
      %a19 = arith.addi %a18, %b18 : vector<256x256xi32>
      %l19 = arith.shli %b18, %s26 : vector<256x256xi32>
      %h19 = arith.shrui %b18, %s6 : vector<256x256xi32>
      %r19 = arith.ori %l19, %h19 : vector<256x256xi32>
      %b19 = arith.xori %a19, %r19 : vector<256x256xi32>
      %a20 = arith.addi %a19, %b19 : vector<256x256xi32>
      %l20 = arith.shli %b19, %s6 : vector<256x256xi32>
      %h20 = arith.shrui %b19, %s26 : vector<256x256xi32>
      %r20 = arith.ori %l20, %h20 : vector<256x256xi32>
      %b20 = arith.xori %a20, %r20 : vector<256x256xi32>
      // key injection 5: x0 += ks2, x1 += ks0 + 5
      %x0_5 = arith.addi %a20, %ks2 : vector<256x256xi32>
      %y1_5 = arith.addi %b20, %ks0 : vector<256x256xi32>
      %x1_5 = arith.addi %y1_5, %i5 : vector<256x256xi32>
      pallas.yield %x0_5, %x1_5 : vector<256x256xi32>, vector<256x256xi32>
    }
    %bits = arith.xori %x0, %x1 : vector<256x256xi32>
    pallas.store %bits, %o[] : vector<256x256xi32>, memref<256x256xui32>
  }
}

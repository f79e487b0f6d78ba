// Oracle twin (scripts/jax/cpu_oracle.py, kernel `e8m0_arith`): arithmetic on
// f8E8M0FNU (the powers of two 2^-127 .. 2^127, no sign, no zero, 0xFF NaN),
// computed in f32 and rounded back after every op. x holds every encoding;
// s is f32 with halves, subnormals, zero, negatives, NaN and infinities.
// Mirrors the JAX builder `e8m0_arith` there.
module {
  pallas.kernel @e8m0_arith grid(2) semantics(parallel)
      ins(%x: memref<16x128xf8E8M0FNU> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %s: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%a: memref<16x128xf8E8M0FNU> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %c: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %e: memref<16x128xf8E8M0FNU> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x128xf8E8M0FNU> -> vector<8x128xf8E8M0FNU>
    %sv = pallas.load %s[] : memref<8x128xf32> -> vector<8x128xf32>
    %xx = arith.mulf %xv, %xv : vector<8x128xf8E8M0FNU>
    %av = arith.divf %xx, %xv : vector<8x128xf8E8M0FNU>
    pallas.store %av, %a[] : vector<8x128xf8E8M0FNU>, memref<8x128xf8E8M0FNU>
    %cv = arith.extf %xv : vector<8x128xf8E8M0FNU> to vector<8x128xf32>
    pallas.store %cv, %c[] : vector<8x128xf32>, memref<8x128xf32>
    %ev = arith.truncf %sv : vector<8x128xf32> to vector<8x128xf8E8M0FNU>
    pallas.store %ev, %e[] : vector<8x128xf8E8M0FNU>, memref<8x128xf8E8M0FNU>
  }
}

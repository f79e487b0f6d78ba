// Oracle twin (scripts/jax/cpu_oracle.py, kernel `bf16_mixed`): bf16 and
// f32 mixed over 8x128 blocks of 16x128 arrays: with xf = f32(x),
// a = bf16(xf * y + 1) (one rounding to bf16, to nearest even) and
// d = xf - y in f32.
module {
  pallas.kernel @mixed grid(2) semantics(parallel)
      ins(%x: memref<16x128xbf16> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%a: memref<16x128xbf16> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %d: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x128xbf16> -> vector<8x128xbf16>
    %yv = pallas.load %y[] : memref<8x128xf32> -> vector<8x128xf32>
    %xf = arith.extf %xv : vector<8x128xbf16> to vector<8x128xf32>
    %p = arith.mulf %xf, %yv : vector<8x128xf32>
    %one = arith.constant dense<1.0> : vector<8x128xf32>
    %s = arith.addf %p, %one : vector<8x128xf32>
    %sb = arith.truncf %s : vector<8x128xf32> to vector<8x128xbf16>
    pallas.store %sb, %a[] : vector<8x128xbf16>, memref<8x128xbf16>
    %df = arith.subf %xf, %yv : vector<8x128xf32>
    pallas.store %df, %d[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

// Oracle twin (scripts/jax/cpu_oracle.py, kernel `bf16_math`): exp, abs and
// max on bf16 and f32 vectors, 8x128 blocks of 16x128 arrays:
// e = bf16(exp(f32(x))) * |x| in bf16, m = max(|y|, f32(x)) in f32.
module {
  pallas.kernel @bmath grid(2) semantics(parallel)
      ins(%x: memref<16x128xbf16> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%e: memref<16x128xbf16> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %m: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x128xbf16> -> vector<8x128xbf16>
    %yv = pallas.load %y[] : memref<8x128xf32> -> vector<8x128xf32>
    %xf = arith.extf %xv : vector<8x128xbf16> to vector<8x128xf32>
    %ex = math.exp %xf : vector<8x128xf32>
    %eb = arith.truncf %ex : vector<8x128xf32> to vector<8x128xbf16>
    %ax = math.absf %xv : vector<8x128xbf16>
    %p = arith.mulf %eb, %ax : vector<8x128xbf16>
    pallas.store %p, %e[] : vector<8x128xbf16>, memref<8x128xbf16>
    %ay = math.absf %yv : vector<8x128xf32>
    %mx = arith.maximumf %ay, %xf : vector<8x128xf32>
    pallas.store %mx, %m[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

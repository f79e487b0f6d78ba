// Oracle twin (scripts/jax/cpu_oracle.py, kernel `f8_arith`): arithmetic on
// 8-bit floats, which the CPU reference computes in f32 and rounds back to
// the 8-bit type after every op (as XLA's CPU backend does). x holds every
// f8E4M3FN encoding and y every f8E5M2 one (NaNs, infinities, subnormals);
// s is f32 over many magnitudes with ties, overflows, NaN and infinities.
// Mirrors the JAX builder `f8_arith` there.
module {
  pallas.kernel @f8_arith grid(2) semantics(parallel)
      ins(%x: memref<16x128xf8E4M3FN> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x128xf8E5M2> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %s: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%a: memref<16x128xf8E4M3FN> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %b: memref<16x128xf8E5M2> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %c: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %d: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %e: memref<16x128xf8E4M3FN> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %f: memref<16x128xf8E5M2> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %g: memref<16x128xf8E4M3B11FNUZ> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %m: memref<16xf8E4M3FN> block [8] map affine_map<(i) -> (i)>) {
    %xv = pallas.load %x[] : memref<8x128xf8E4M3FN> -> vector<8x128xf8E4M3FN>
    %yv = pallas.load %y[] : memref<8x128xf8E5M2> -> vector<8x128xf8E5M2>
    %sv = pallas.load %s[] : memref<8x128xf32> -> vector<8x128xf32>
    %xx = arith.mulf %xv, %xv : vector<8x128xf8E4M3FN>
    %av = arith.addf %xx, %xv : vector<8x128xf8E4M3FN>
    pallas.store %av, %a[] : vector<8x128xf8E4M3FN>, memref<8x128xf8E4M3FN>
    %yy = arith.mulf %yv, %yv : vector<8x128xf8E5M2>
    %bv = arith.subf %yy, %yv : vector<8x128xf8E5M2>
    pallas.store %bv, %b[] : vector<8x128xf8E5M2>, memref<8x128xf8E5M2>
    %cv = arith.extf %xv : vector<8x128xf8E4M3FN> to vector<8x128xf32>
    pallas.store %cv, %c[] : vector<8x128xf32>, memref<8x128xf32>
    %dv = arith.extf %yv : vector<8x128xf8E5M2> to vector<8x128xf32>
    pallas.store %dv, %d[] : vector<8x128xf32>, memref<8x128xf32>
    %ev = arith.truncf %sv : vector<8x128xf32> to vector<8x128xf8E4M3FN>
    pallas.store %ev, %e[] : vector<8x128xf8E4M3FN>, memref<8x128xf8E4M3FN>
    %fv = arith.truncf %sv : vector<8x128xf32> to vector<8x128xf8E5M2>
    pallas.store %fv, %f[] : vector<8x128xf8E5M2>, memref<8x128xf8E5M2>
    %gv = arith.truncf %sv : vector<8x128xf32> to vector<8x128xf8E4M3B11FNUZ>
    pallas.store %gv, %g[] : vector<8x128xf8E4M3B11FNUZ>, memref<8x128xf8E4M3B11FNUZ>
    // The lowest finite value, -448 (f8E4M3FN has no infinity).
    %low = arith.constant dense<0xFE> : vector<8xf8E4M3FN>
    %mv = vector.multi_reduction <maximumf>, %xv, %low [1] : vector<8x128xf8E4M3FN> to vector<8xf8E4M3FN>
    pallas.store %mv, %m[] : vector<8xf8E4M3FN>, memref<8xf8E4M3FN>
  }
}

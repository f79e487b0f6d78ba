// Oracle twin (scripts/jax/cpu_oracle.py, kernel `f8_dot`): an f8E4M3FN
// matmul accumulated in f32 (`jnp.dot(..., preferred_element_type=f32)`),
// and the same with an f8E4M3FN result (f32 sums rounded through f16 to
// f8E4M3FN, as XLA does), over a grid of 2 column blocks. The CPU reference
// widens both operands to f32 exactly; the products of two 8-bit floats are
// exact in f32. Mirrors the JAX builder `f8_dot` there.
module {
  pallas.kernel @f8_dot grid(2) semantics(parallel)
      ins(%x: memref<16x64xf8E4M3FN> block [16, 64] map affine_map<(j) -> (0, 0)>,
          %y: memref<64x256xf8E4M3FN> block [64, 128] map affine_map<(j) -> (0, j)>)
      outs(%o: memref<16x256xf32> block [16, 128] map affine_map<(j) -> (0, j)>,
           %q: memref<16x256xf8E4M3FN> block [16, 128] map affine_map<(j) -> (0, j)>) {
    %a = pallas.load %x[] : memref<16x64xf8E4M3FN> -> vector<16x64xf8E4M3FN>
    %b = pallas.load %y[] : memref<64x128xf8E4M3FN> -> vector<64x128xf8E4M3FN>
    %p = pallas.dot %a, %b : vector<16x64xf8E4M3FN>, vector<64x128xf8E4M3FN> -> vector<16x128xf32>
    pallas.store %p, %o[] : vector<16x128xf32>, memref<16x128xf32>
    %p8 = pallas.dot %a, %b : vector<16x64xf8E4M3FN>, vector<64x128xf8E4M3FN> -> vector<16x128xf8E4M3FN>
    pallas.store %p8, %q[] : vector<16x128xf8E4M3FN>, memref<16x128xf8E4M3FN>
  }
}

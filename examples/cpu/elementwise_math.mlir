// Oracle twin (scripts/jax/cpu_oracle.py, kernel `elementwise_math`):
// transcendental f32 math, compared with a tolerance (XLA's and libm's exp
// and tanh round differently): o = exp(x) * 0.5 + max(x, 0) - tanh(y),
// over 8x8 blocks of 16x8 arrays.
module {
  pallas.kernel @math grid(2) semantics(parallel)
      ins(%x: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>,
          %y: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %b = pallas.load %y[] : memref<8x8xf32> -> vector<8x8xf32>
    %e = math.exp %a : vector<8x8xf32>
    %half = arith.constant dense<0.5> : vector<8x8xf32>
    %zero = arith.constant dense<0.0> : vector<8x8xf32>
    %h = arith.mulf %e, %half : vector<8x8xf32>
    %r = arith.maximumf %a, %zero : vector<8x8xf32>
    %t = math.tanh %b : vector<8x8xf32>
    %s = arith.addf %h, %r : vector<8x8xf32>
    %d = arith.subf %s, %t : vector<8x8xf32>
    pallas.store %d, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

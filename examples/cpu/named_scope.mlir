// Oracle twin (scripts/jax/cpu_oracle.py, kernel `named_scope`): named
// scopes, one with a result used after it: v = 2 x + 1 inside scope "affine",
// then o = v * x (jax.named_scope in JAX), 8x8 blocks of a 16x8 f32 array.
module {
  pallas.kernel @scoped grid(2) semantics(parallel)
      ins(%x: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %v = pallas.named_scope "affine" -> vector<8x8xf32> {
      %two = arith.constant dense<2.0> : vector<8x8xf32>
      %one = arith.constant dense<1.0> : vector<8x8xf32>
      %t = arith.mulf %xv, %two : vector<8x8xf32>
      %s = arith.addf %t, %one : vector<8x8xf32>
      pallas.yield %s : vector<8x8xf32>
    }
    pallas.named_scope "product" {
      %p = arith.mulf %v, %xv : vector<8x8xf32>
      pallas.store %p, %o[] : vector<8x8xf32>, memref<8x8xf32>
    }
  }
}

// Oracle twin (scripts/jax/cpu_oracle.py, kernel `add`): o = x + y over a
// grid of 4 row blocks of 8x128, f32. Mirrors the JAX builder `add` there.
module {
  pallas.kernel @add grid(4) semantics(parallel)
      ins(%x: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %y: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %b = pallas.load %y[] : memref<8x128xf32> -> vector<8x128xf32>
    %s = arith.addf %a, %b : vector<8x128xf32>
    pallas.store %s, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

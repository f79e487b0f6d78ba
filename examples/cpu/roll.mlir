// Oracle twin (scripts/jax/cpu_oracle.py, kernel `roll`): pltpu.roll of an
// (8, 128) block by 3 along the lanes and by 5 along the rows (jnp.roll's
// direction: out[i] = x[i - shift]).
module {
  pallas.kernel @roll
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)>)
      outs(%lanes: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)>,
           %rows: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)>) {
    %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %three = arith.constant 3 : i32
    %five = arith.constant 5 : i32
    %l = pallas.roll %v, %three axis 1 : vector<8x128xf32>
    pallas.store %l, %lanes[] : vector<8x128xf32>, memref<8x128xf32>
    %r = pallas.roll %v, %five axis 0 : vector<8x128xf32>
    pallas.store %r, %rows[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

// jax.experimental.pallas.ops.tpu.example_kernel.double: a pallas_call
// without grid or block specs (whole arrays in VMEM), y = x * 2.
// Mirrors `ops_example_double` in scripts/jax/public/example_kernel.py; JAX's
// lowering of it is test/Reference/TPU/ops_example_double.mlir.
module {
  pallas.kernel @ops_example_double
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)>)
      outs(%y: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)>) {
    %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %two = arith.constant dense<2.0> : vector<8x128xf32>
    %d = arith.mulf %v, %two : vector<8x128xf32>
    pallas.store %d, %y[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

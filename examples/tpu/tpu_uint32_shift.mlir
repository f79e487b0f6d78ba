// uint32 arrays: the refs hold signless i32 values in the kernel (Mosaic
// sees i32 refs, as JAX gives it), and the unsigned semantics are in the
// ops: o = x >>u 4.
// Mirrors `tpu_uint32_shift` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_uint32_shift.mlir.
module {
  pallas.kernel @tpu_uint32_shift grid(2) semantics(parallel)
      ins(%x: memref<16x128xui32> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<16x128xui32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<8x128xui32> -> vector<8x128xi32>
    %four = arith.constant dense<4> : vector<8x128xi32>
    %s = arith.shrui %v, %four : vector<8x128xi32>
    pallas.store %s, %o[] : vector<8x128xi32>, memref<8x128xui32>
  }
}

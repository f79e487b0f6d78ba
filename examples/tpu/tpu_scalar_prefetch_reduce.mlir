// Scalar prefetch: the input row block of grid step i is idx[i] (an SMEM
// table read by the index map); the body takes row sums and writes
// where(column == idx[i], row sum, relu(x)).
// Mirrors `tpu_scalar_prefetch_reduce` in scripts/jax/tpu_kernels.py; JAX's
// lowering of it is test/Reference/TPU/tpu_scalar_prefetch_reduce.mlir.
module {
  pallas.index_map @from_table(%i: i32, %idx: memref<4xi32>) -> (i32, i32) {
    %ii = arith.index_cast %i : i32 to index
    %b = memref.load %idx[%ii] : memref<4xi32>
    %c0 = arith.constant 0 : i32
    pallas.yield %b, %c0 : i32, i32
  }

  pallas.kernel @tpu_scalar_prefetch_reduce grid(4) semantics(arbitrary)
      prefetch(%idx: memref<4xi32>)
      ins(%x: memref<32x128xf32> block [8, 128] map @from_table)
      outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %s = vector.multi_reduction <add>, %v, %zero [1] : vector<8x128xf32> to vector<8xf32>
    %s2 = vector.shape_cast %s : vector<8xf32> to vector<8x1xf32>
    %col = pallas.iota dim 1 : vector<8x128xi32>
    %i = pallas.program_id 0
    %ii = arith.index_cast %i : i32 to index
    %t = pallas.load %idx[%ii] : memref<4xi32> -> i32
    %tb = vector.broadcast %t : i32 to vector<8x128xi32>
    %eq = arith.cmpi eq, %col, %tb : vector<8x128xi32>
    %z = arith.constant dense<0.0> : vector<8x128xf32>
    %relu = arith.maximumf %v, %z : vector<8x128xf32>
    %sb = vector.broadcast %s2 : vector<8x1xf32> to vector<8x128xf32>
    %r = arith.select %eq, %sb, %relu : vector<8x128xi1>, vector<8x128xf32>
    pallas.store %r, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

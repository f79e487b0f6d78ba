// Oracle twin (scripts/jax/cpu_oracle.py, kernel `gather`): scalar-prefetch
// gather; output block b is input block ids[b] (a data-dependent index map
// that reads the prefetched ids), 4x4 f32 blocks.
module {
  pallas.index_map @rows(%i: i32, %ids: memref<4xi32>) -> (i32, i32) {
    %ii = arith.index_cast %i : i32 to index
    %b = pallas.load %ids[%ii] : memref<4xi32> -> i32
    %c0 = arith.constant 0 : i32
    pallas.yield %b, %c0 : i32, i32
  }

  pallas.kernel @gather grid(4) semantics(arbitrary)
      prefetch(%ids: memref<4xi32>)
      ins(%x: memref<16x4xf32> block [4, 4] map @rows)
      outs(%o: memref<16x4xf32> block [4, 4] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<4x4xf32> -> vector<4x4xf32>
    pallas.store %v, %o[] : vector<4x4xf32>, memref<4x4xf32>
  }
}

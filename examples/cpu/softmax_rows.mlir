// Oracle twin (scripts/jax/cpu_oracle.py, kernel `softmax_rows`): row
// softmax of an f32[8, 16] matrix, one grid step per row (the row dim
// squeezed), 1-D vector.reduction for the max and the sum.
module {
  pallas.kernel @softmax grid(8) semantics(parallel)
      ins(%x: memref<8x16xf32> block [squeezed, 16] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<8x16xf32> block [squeezed, 16] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<16xf32> -> vector<16xf32>
    %m = vector.reduction <maximumf>, %v : vector<16xf32> into f32
    %mb = vector.broadcast %m : f32 to vector<16xf32>
    %d = arith.subf %v, %mb : vector<16xf32>
    %e = math.exp %d : vector<16xf32>
    %s = vector.reduction <add>, %e : vector<16xf32> into f32
    %sb = vector.broadcast %s : f32 to vector<16xf32>
    %r = arith.divf %e, %sb : vector<16xf32>
    pallas.store %r, %o[] : vector<16xf32>, memref<16xf32>
  }
}

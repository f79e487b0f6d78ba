// Oracle twin (scripts/jax/cpu_oracle.py, kernel `batched_matmul`): a
// batch of 3 f32 matmuls (8x16 by 16x8), one grid step per batch element,
// the batch dim squeezed out of every block.
module {
  pallas.kernel @bmm grid(3) semantics(parallel)
      ins(%a: memref<3x8x16xf32> block [squeezed, 8, 16] map affine_map<(b) -> (b, 0, 0)>,
          %w: memref<3x16x8xf32> block [squeezed, 16, 8] map affine_map<(b) -> (b, 0, 0)>)
      outs(%o: memref<3x8x8xf32> block [squeezed, 8, 8] map affine_map<(b) -> (b, 0, 0)>) {
    %x = pallas.load %a[] : memref<8x16xf32> -> vector<8x16xf32>
    %y = pallas.load %w[] : memref<16x8xf32> -> vector<16x8xf32>
    %p = pallas.dot %x, %y : vector<8x16xf32>, vector<16x8xf32> -> vector<8x8xf32>
    pallas.store %p, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

// Oracle twin (scripts/jax/cpu_oracle.py, kernel `squeezed_fill`): a
// (squeezed, 4, squeezed, 128) block over an f32[2, 8, 1, 1] array, grid
// (2, 2): step (b, h) writes b * 10 + h to rows 4h..4h+3 of batch b; the
// 127 lanes past the array's last dimension are dropped.
module {
  pallas.kernel @fill grid(2, 2)
      outs(%o: memref<2x8x1x1xf32> block [squeezed, 4, squeezed, 128] map affine_map<(b, h) -> (b, h, 0, 0)>) {
    %b = pallas.program_id 0
    %h = pallas.program_id 1
    %bf = arith.sitofp %b : i32 to f32
    %hf = arith.sitofp %h : i32 to f32
    %ten = arith.constant 10.0 : f32
    %bt = arith.mulf %bf, %ten : f32
    %v = arith.addf %bt, %hf : f32
    %vb = vector.broadcast %v : f32 to vector<4x128xf32>
    pallas.store %vb, %o[] : vector<4x128xf32>, memref<4x128xf32>
  }
}

// A block larger than its array: the (squeezed, 4, squeezed, 128) output
// block of an f32[2, 8, 1, 1] array is padded from 1 to 128 lanes, as JAX
// allows; writes to the padding are dropped. Each grid step (b, h) fills
// its block with b * 10 + h.
// Mirrors `tpu_oversized_block` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_oversized_block.mlir.
module {
  pallas.kernel @tpu_oversized_block grid(2, 2) semantics(parallel, parallel)
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

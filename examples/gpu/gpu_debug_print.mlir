// Debug printing: each of the 2 grid steps prints its program id and the
// first element of its block, then copies the block.
// Mirrors `gpu_debug_print` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_debug_print.mlir.
module {
  pallas.kernel @gpu_debug_print grid(2)
      ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
      outs(%o: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %i = pallas.program_id 0
    %first = pallas.load %x[0, 0] : memref<64x128xf32, #pallas.memory_space<shared>> -> f32
    pallas.debug_print "block {} starts with {}" (%i, %first : i32, f32)
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

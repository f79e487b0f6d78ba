// Pipeline modes of windows (BlockSpec(pipeline_mode=...)): %s is a whole
// (1, 1) array in SMEM and gets no pipeline mode (only VMEM windows that
// never move are forced to single buffering); %w is the whole (8, 128) array
// in VMEM and asks for `buffers 2`, which Mosaic overrides with a single
// buffer; %x moves with the grid and asks for one buffer; the output asks for
// one buffer that may be revisited at any step (Buffered(1, revisit=ANY)).
// o = x * w + s[0, 0].
// Mirrors `tpu_pipeline_modes` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_pipeline_modes.mlir.
module {
  pallas.kernel @tpu_pipeline_modes grid(4) semantics(arbitrary)
      ins(%s: memref<1x1xf32> block [1, 1] map affine_map<(i) -> (0, 0)> in smem,
          %w: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> buffers 2,
          %x: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 1)
      outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 1 revisit any) {
    %c0 = arith.constant 0 : index
    %xv = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    %wv = pallas.load %w[] : memref<8x128xf32> -> vector<8x128xf32>
    %p = arith.mulf %xv, %wv : vector<8x128xf32>
    %sv = pallas.load %s[%c0, %c0] : memref<1x1xf32, #pallas.memory_space<smem>> -> f32
    %sb = vector.broadcast %sv : f32 to vector<8x128xf32>
    %r = arith.addf %p, %sb : vector<8x128xf32>
    pallas.store %r, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}

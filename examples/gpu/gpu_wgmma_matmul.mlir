// A WGMMA matmul, f16 x f16 -> f32 accumulated, f16 out: a (2, 2) parallel
// grid of 128x128 output tiles and a sequential K axis of 4 steps that the
// lowering pipelines with 2 concurrent steps. The 128x64 and 64x128 operand
// blocks are tiled (8, 64) and 128-byte swizzled in shared memory, as WGMMA
// needs; the accumulator is a register scratch that lives across the K steps
// and is read (after all WGMMAs complete) at the last one.
// Mirrors `gpu_wgmma_matmul` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_wgmma_matmul.mlir.
module {
  pallas.kernel @gpu_wgmma_matmul grid(2, 2, 4) semantics(parallel, parallel, arbitrary)
      ins(%a: memref<256x256xf16> block [128, 64] map affine_map<(i, j, k) -> (i, k)> in shared,
          %b: memref<256x256xf16> block [64, 128] map affine_map<(i, j, k) -> (k, j)> in shared)
      outs(%o: memref<256x256xf16> block [128, 128] map affine_map<(i, j, k) -> (i, j)> in shared)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<regs>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2}},
                  gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                                    "inputs[1]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}} {
    pallas.wgmma %acc, %a, %b : memref<128x128xf32, #pallas.memory_space<regs>>, memref<128x64xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
    %k = pallas.program_id 2
    %last = arith.constant 3 : i32
    %is_last = arith.cmpi eq, %k, %last : i32
    scf.if %is_last {
      %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<regs>> -> vector<128x128xf32>
      %h = arith.truncf %r : vector<128x128xf32> to vector<128x128xf16>
      pallas.store %h, %o[] : vector<128x128xf16>, memref<128x128xf16, #pallas.memory_space<shared>>
    }
    pallas.wgmma_wait 1
  }
}

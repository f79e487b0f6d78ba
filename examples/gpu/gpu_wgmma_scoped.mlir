// WGMMAs into a scoped register accumulator: a 64x64 f32 plgpu.ACC scope
// takes one WGMMA per 64-wide K step of a 64x128 f16 LHS block (a loop of 2
// steps, keeping one WGMMA in flight) against a scoped 64x64 f16 SMEM tile
// (tiled (8, 64), 128-byte swizzled) holding the RHS block, then, on program
// 0, one more with that tile read transposed; the scope returns the
// accumulator, stored to the output block.
// Mirrors `gpu_wgmma_scoped` in scripts/jax/gpu_kernels.py; JAX's lowering
// of it is test/Reference/GPU/gpu_wgmma_scoped.mlir.
module {
  pallas.kernel @gpu_wgmma_scoped grid(1)
      ins(%a: memref<64x128xf16> block [64, 128] map affine_map<(i) -> (0, 0)> in shared,
          %b: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
      outs(%o: memref<64x64xf32> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %i0 = arith.constant 0 : i32
    %acc_value = pallas.run_scoped -> vector<64x64xf32> {
    ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>,
         %t: memref<64x64xf16, #pallas.memory_space<shared>>):
      %bv = pallas.load %b[] : memref<64x64xf16, #pallas.memory_space<shared>> -> vector<64x64xf16>
      pallas.store %bv, %t[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
      pallas.commit_smem
      scf.for %k = %c0 to %c2 step %c1 {
        %k0 = arith.muli %k, %c64 : index
        %as = memref.subview %a[0, %k0] [64, 64] [1, 1] : memref<64x128xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<shared>>
        pallas.wgmma %acc, %as, %t : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
        pallas.wgmma_wait 1
      }
      %pid = pallas.program_id 0
      %first = arith.cmpi eq, %pid, %i0 : i32
      scf.if %first {
        %a0 = memref.subview %a[0, 0] [64, 64] [1, 1] : memref<64x128xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>
        pallas.wgmma %acc, %a0, %t {transpose_rhs} : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
      }
      %r = pallas.load %acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
      pallas.yield %r : vector<64x64xf32>
    } {gpu_transforms = {"1" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}}
    pallas.store %acc_value, %o[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<shared>>
    pallas.return
  }
}

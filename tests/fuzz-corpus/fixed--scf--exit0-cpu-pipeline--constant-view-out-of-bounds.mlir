// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-pipeline expected offsets to be non-negative, but got N
// (seed 20261124, mutant 8805 of a 10 000-mutant run: a constant of
// slice-at-uses.mlir made 2^63 - 1). A view at a constant offset of
// 2^63 - 1 (in a loop that never runs) passed every lowering; the CPU
// pipeline's expand-strided-metadata then folded it into a byte offset
// that overflowed. Now every lowering rejects a view whose constant bounds
// lie outside its source (common/views.rs).
pallas.kernel @reslice grid(1)
    ins(%x: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pallas.run_scoped {
  ^bb0(%t: memref<2x64x64xf16, #pallas.memory_space<shared>>,
       %u: memref<64x64xf16, #pallas.memory_space<shared>>,
       %dead: memref<64x64xf16, #pallas.memory_space<shared>>):
    %xv = pallas.load %x[] : memref<64x64xf16, #pallas.memory_space<shared>> -> vector<64x64xf16>
    scf.for %k = %c0 to %c2 step %c1 {
      %first = arith.cmpi eq, %k, %c0 : index
      scf.if %first {
      }
      %w = memref.subview %t[%k, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      %y = pallas.load %w[] : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> vector<64x64xf16>
      scf.if %first {
        %v = memref.subview %t[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
        pallas.store %y, %v[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      }
    }
    pallas.yield
  } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                       "1" = #pallas.gpu_transforms<swizzle = 128>}}
}

// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// Where the shared-memory slices of scoped buffers go. JAX slices a scoped
// buffer once in its tiled shape and casts it to its logical shape at each
// access; its canonicalize folds each cast of a tiled buffer into a fresh
// slice_smem at the access, and CSE keeps only the slices no identical one
// dominates (test/Reference/GPU/ops_transposed_ragged_dot.mlir: a slice in
// each `pl.when` branch of the pipeline body, one before its WGMMA, none in
// the refill branch that follows). A swizzled but untiled buffer's cast is
// the identity and folds away: its one slice stays at the allocation.
//
// %t (tiled, offset 16384, after the two 8192-byte pipelined blocks): sliced
// in the true branch and in the false branch (neither dominates the other),
// again after the conditional (not dominated by either), then reused in the
// later branch that this slice dominates and by the second access of the
// same block. %u (swizzle only, offset 32768): sliced at the allocation,
// before the loop. %dead (offset 40960) is never accessed: JAX's canonicalize
// drops its dead slice; there is none here. The conditionals are JAX's
// scf.index_switch, which prints case 0 (the false branch) before the
// default (the true one).

// CHECK-LABEL: module @reslice
// CHECK-NOT: offset = 40960
// CHECK: %[[U:.*]] = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}>
// CHECK: scf.for
// CHECK: scf.index_switch
// CHECK-NEXT: case 0 {
// CHECK-NEXT: %[[S2:.*]] = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[W2:.*]] = "mosaic_gpu.with_transforms"(%[[S2]]) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}>
// CHECK: memref.subview %[[W2]]
// CHECK: "mosaic_gpu.vector_load"
// CHECK: default {
// CHECK-NEXT: %[[S1:.*]] = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[W1:.*]] = "mosaic_gpu.with_transforms"(%[[S1]])
// CHECK: memref.subview %[[W1]]
// CHECK: "mosaic_gpu.vector_store"
// CHECK: {{^ *}}}{{$}}
// CHECK-NEXT: %[[S3:.*]] = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[W3:.*]] = "mosaic_gpu.with_transforms"(%[[S3]])
// CHECK: memref.subview %[[W3]]
// CHECK: "mosaic_gpu.vector_load"
// CHECK-NOT: "mosaic_gpu.slice_smem"
// CHECK: %[[W4:.*]] = "mosaic_gpu.with_transforms"(%[[S3]])
// CHECK: memref.subview %[[W4]]
// CHECK: "mosaic_gpu.vector_store"
// CHECK-NOT: "mosaic_gpu.slice_smem"
// CHECK: scf.index_switch
// CHECK-NOT: "mosaic_gpu.slice_smem"
// CHECK: %[[W5:.*]] = "mosaic_gpu.with_transforms"(%[[S3]])
// CHECK: memref.subview %[[W5]]
// CHECK: "mosaic_gpu.vector_store"
// CHECK: {{^ *}}}{{$}}
// CHECK-NOT: "mosaic_gpu.slice_smem"
// CHECK: %[[WU:.*]] = "mosaic_gpu.with_transforms"(%[[U]]) <{transforms = [#mosaic_gpu.swizzle<128 : i32>]}>
// CHECK: "mosaic_gpu.vector_store"(%{{.*}}, %[[WU]])
// CHECK-NOT: offset = 40960
pallas.kernel @reslice grid(1)
    ins(%x: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
    outs(%o: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 0 : index
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
        %v = memref.subview %t[%k, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
        pallas.store %xv, %v[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      } else {
        %v = memref.subview %t[%k, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
        %r = pallas.load %v[] : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> vector<64x64xf16>
        pallas.store %r, %o[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
      }
      %w = memref.subview %t[%k, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      %y = pallas.load %w[] : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> vector<64x64xf16>
      %w2 = memref.subview %t[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      pallas.store %y, %w2[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      scf.if %first {
        %v = memref.subview %t[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
        pallas.store %y, %v[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
      }
    }
    pallas.store %xv, %u[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
    pallas.yield
  } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                       "1" = #pallas.gpu_transforms<swizzle = 128>}}
}

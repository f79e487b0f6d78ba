// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// TMA copies through GMEM views as JAX emits them
// (test/Reference/GPU/ops_attention_pipeline_emitter.mlir,
// ops_collective_matmul.mlir): a view that drops unit dims copies from the
// whole array with slice length -1 in the dropped dims (q[0, row, 1, :]:
// starts [0, row, 1, 0], lengths [-1, 64, -1, 64]); nested views add their
// starts (r[row + 64, 0]); a constant offset operand is a constant start
// (the printer names i32 constants %cN_i32).
// TMA stores take the predicate, the reduction (add = 0) and the peer
// device (a 4th and 5th operand group).

// CHECK-LABEL: module @views
// CHECK: %[[Q:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1x256x2x64xf16> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: %[[O:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1x256x2x64xf16> {mosaic_gpu.from_kernel_arg_idx = 1 : i32
// CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<256x64xf32> {mosaic_gpu.from_kernel_arg_idx = 2 : i32
// CHECK: %[[BAR:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr<3> to memref<!mosaic_gpu.barrier
// CHECK: %[[S:.*]] = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[F:.*]] = "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[ROW32:.*]] = arith.index_cast %[[ROW]] : index to i32
// 64 * 64 * 2 bytes.
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[BAR]] : {{.*}}) 8192
// CHECK: "mosaic_gpu.async_load"(%[[Q]], %[[S]], %[[BAR]], %c0_i32{{[_0-9]*}}, %[[ROW32]], %c1_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}}) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: %[[START:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK: %[[START32:.*]] = arith.index_cast %[[START]] : index to i32
// CHECK: "mosaic_gpu.async_store"(%[[F]], %[[R]], %[[START32]], %{{.*}}, %[[FIRST]]) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>, reduction_op = 0 : i32, slice_lengths = array<i64: 64, 64>}>
// CHECK: %[[PEER:.*]] = arith.subi
// CHECK: "mosaic_gpu.async_store"(%[[S]], %[[O]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[PEER]]) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 4, 0, 1>, slice_lengths = array<i64: -1, 64, -1, 64>}>
pallas.kernel @views grid(2) names("g")
    ins(%q: memref<1x256x2x64xf16> block [1, 256, 2, 64] map affine_map<(i) -> (0, 0, 0, 0)> in gmem)
    outs(%o: memref<1x256x2x64xf16> block [1, 256, 2, 64] map affine_map<(i) -> (0, 0, 0, 0)> in gmem,
         %r: memref<256x64xf32> block [256, 64] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<64x64xf16, #pallas.memory_space<shared>>,
            %f: memref<64x64xf32, #pallas.memory_space<shared>>,
            %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %g32 = pallas.axis_index "g"
  %g = arith.index_cast %g32 : i32 to index
  %row = arith.muli %g, %c64 : index
  %src = memref.subview %q[0, %row, %c1, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
  pallas.copy_gmem_to_smem %src -> %s, %b[] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
  pallas.barrier_wait %b[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
  %half = memref.subview %r[%row, 0] [128, 64] [1, 1] : memref<256x64xf32, #pallas.memory_space<gmem>> to memref<128x64xf32, strided<[64, 1], offset: ?>, #pallas.memory_space<gmem>>
  %tile = memref.subview %half[%c64, 0] [64, 64] [1, 1] : memref<128x64xf32, strided<[64, 1], offset: ?>, #pallas.memory_space<gmem>> to memref<64x64xf32, strided<[64, 1], offset: ?>, #pallas.memory_space<gmem>>
  %first = arith.cmpi eq, %g, %c1 : index
  pallas.copy_smem_to_gmem %f -> %tile if (%first) reduce add : memref<64x64xf32, #pallas.memory_space<shared>> -> memref<64x64xf32, strided<[64, 1], offset: ?>, #pallas.memory_space<gmem>>
  %dst = memref.subview %o[0, %row, 0, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
  %d = pallas.axis_index "x"
  %one = arith.constant 1 : i32
  %peer = arith.subi %one, %d : i32
  pallas.copy_smem_to_gmem %s -> %dst device(%peer) : memref<64x64xf16, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
  pallas.wait_smem_to_gmem 0
  pallas.return
}

// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file | FileCheck %s

// Whole-tile compute of a grid-less kernel. By hand: x is 64 * 256 * 4 =
// 65536 bytes at 0, w 1024 bytes at 65536, o 65536 bytes at 66560; the
// body's scratch starts at 132096 and holds the 4096-byte reduction scratch
// (reduction_scratch_bytes), 136192 bytes in all (a multiple of 1024), then
// the barrier: 136200 bytes. The whole arrays are the blocks, at (0, 0).

// CHECK-LABEL: module @rows
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 136200 : i32
// CHECK: gpu.launch async [%{{.*}}] blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 136192 : i32}> : () -> memref<1x!mosaic_gpu.barrier
// CHECK: "mosaic_gpu.initialize_barrier"(%{{.*}}) <{arrival_count = 2 : i64
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<1x64x256xf32
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<1x256xf32
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 66560 : i32}> : () -> memref<1x64x256xf32
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%{{.*}}) 65536
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %{{.*}}, %c0_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}})
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%{{.*}}) 1024
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %{{.*}}, %c0_i32{{[_0-9]*}}) <{{{.*}}operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, slice_lengths = array<i64: 256>}>
// CHECK: %[[L:.*]] = "mosaic_gpu.vector_load"
// CHECK: %[[V:.*]] = mosaic_gpu.layout_cast x(%[[L]] : vector<64x256xf32>) {new_layout = #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
// CHECK: %[[M:.*]] = vector.multi_reduction <maximumf>, %[[V]], %{{.*}} {offset = 132096 : i32, scratch_size = 4096 : i32} [1] : vector<64x256xf32> to vector<64xf32>
// The reshape to 64x1 and its broadcast are one broadcast_in_dim.
// CHECK-NOT: vector.shape_cast
// CHECK: %[[MB:.*]] = mosaic_gpu.broadcast_in_dim(%[[M]] : vector<64xf32>) {broadcast_dimensions = array<i64: 0>} -> vector<64x256xf32>
// CHECK: %[[D:.*]] = arith.subf %[[V]], %[[MB]]
// CHECK: %[[E:.*]] = math.exp %[[D]] fastmath<afn> : vector<64x256xf32>
// CHECK: %[[T:.*]] = math.tanh %[[E]] fastmath<afn> : vector<64x256xf32>
// sqrt has no approximate form in JAX's rules.
// CHECK: %[[S:.*]] = math.sqrt %[[T]] : vector<64x256xf32>
// CHECK: %[[WL:.*]] = "mosaic_gpu.vector_load"
// CHECK: %[[WV:.*]] = mosaic_gpu.layout_cast x(%[[WL]] : vector<256xf32>) {new_layout = #mosaic_gpu.TiledLayout<{{\[\[}}8], [2]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [#mosaic_gpu.Replicated<times = 8>, -2], vector_dim = -1>}
// CHECK: %[[WB:.*]] = mosaic_gpu.broadcast_in_dim(%[[WV]] : vector<256xf32>) {broadcast_dimensions = array<i64: 1>} -> vector<64x256xf32>
// CHECK: %[[I:.*]] = "mosaic_gpu.broadcasted_iota"() <{dimension = 1 : i32}> : () -> vector<64x256xi32>
// CHECK: %[[IF:.*]] = arith.sitofp %[[I]]
// A scalar broadcast stays a vector.broadcast.
// CHECK: vector.broadcast %{{.*}} : f32 to vector<64x256xf32>
// CHECK: "mosaic_gpu.vector_store"
pallas.kernel @rows
    ins(%x: memref<64x256xf32> block [64, 256] map affine_map<() -> (0, 0)> in shared,
        %w: memref<256xf32> block [256] map affine_map<() -> (0)> in shared)
    outs(%o: memref<64x256xf32> block [64, 256] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", approx_math = true, reduction_scratch_bytes = 4096}}} {
  %l = pallas.load %x[] : memref<64x256xf32, #pallas.memory_space<shared>> -> vector<64x256xf32>
  %v = pallas.layout_cast %l wgmma : vector<64x256xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<64xf32>
  %m = vector.multi_reduction <maximumf>, %v, %ninf [1] : vector<64x256xf32> to vector<64xf32>
  %m1 = vector.shape_cast %m : vector<64xf32> to vector<64x1xf32>
  %mb = vector.broadcast %m1 : vector<64x1xf32> to vector<64x256xf32>
  %d = arith.subf %v, %mb : vector<64x256xf32>
  %e = math.exp %d : vector<64x256xf32>
  %t = math.tanh %e : vector<64x256xf32>
  %s = math.sqrt %t : vector<64x256xf32>
  %wl = pallas.load %w[] : memref<256xf32, #pallas.memory_space<shared>> -> vector<256xf32>
  %wv = pallas.layout_cast %wl wgmma_col : vector<256xf32>
  %wb = vector.broadcast %wv : vector<256xf32> to vector<64x256xf32>
  %p = arith.mulf %s, %wb : vector<64x256xf32>
  %i = pallas.iota dim 1 : vector<64x256xi32>
  %if = arith.sitofp %i : vector<64x256xi32> to vector<64x256xf32>
  %q = arith.addf %p, %if : vector<64x256xf32>
  %half = arith.constant 0.5 : f32
  %hb = vector.broadcast %half : f32 to vector<64x256xf32>
  %r = arith.mulf %q, %hb : vector<64x256xf32>
  pallas.store %r, %o[] : vector<64x256xf32>, memref<64x256xf32, #pallas.memory_space<shared>>
}

// -----

// Program ids and the grid size of a 3-D grid: axis 0 is CUDA z, axis 2 is
// x; num_programs is a constant. Without approx_math exp stays exact; no
// reduction, so no reduction scratch: 2 * 1024 bytes of blocks + barrier.

// CHECK-LABEL: module @ids
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 2056 : i32
// CHECK: gpu.launch async [%{{.*}}] blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C4]], %{{.*}} = %[[C3]], %{{.*}} = %[[C2]]) {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: %[[P0:.*]] = arith.index_cast %[[BZ]] : index to i32
// CHECK: gpu.block_id y
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[P2:.*]] = arith.index_cast %[[BX]] : index to i32
// The block index of operand x is (p0 + p2) * 8 along dim 0.
// CHECK: %[[SUM:.*]] = arith.addi %[[P0]], %[[P2]] : i32
// CHECK: %[[ROW:.*]] = arith.muli %[[SUM]], %{{.*}} : i32
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ROW]], %{{.*}})
// CHECK: math.exp %{{.*}} : vector<8x32xf32>
// CHECK: %[[N:.*]] = arith.constant 3 : i32
// CHECK: arith.muli %[[P0]], %[[N]] : i32
pallas.kernel @ids grid(2, 3, 4)
    ins(%x: memref<64x128xf32> block [8, 32] map affine_map<(i, j, k) -> (i + k, j)> in shared)
    outs(%o: memref<16x96xf32> block [8, 32] map affine_map<(i, j, k) -> (i, j)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<8x32xf32, #pallas.memory_space<shared>> -> vector<8x32xf32>
  %e = math.exp %v : vector<8x32xf32>
  %i = pallas.program_id 0
  %n = pallas.num_programs 1
  %k = arith.muli %i, %n : i32
  %kf = arith.sitofp %k : i32 to f32
  %kb = vector.broadcast %kf : f32 to vector<8x32xf32>
  %r = arith.addf %e, %kb : vector<8x32xf32>
  pallas.store %r, %o[] : vector<8x32xf32>, memref<8x32xf32, #pallas.memory_space<shared>>
}

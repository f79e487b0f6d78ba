// RUN: %pallas_opt %s --convert-pallas-to-tpu --split-input-file | FileCheck %s

// The Mosaic calling convention: one module per kernel, grid ids as i32,
// prefetch in SMEM, windows (squeezed dims kept as 1), scratch; transform
// functions from affine and symbol index maps; window_params per operand.

pallas.index_map @page_map(%i: i32, %j: i32, %pt: memref<8xi32>) -> (i32, i32, i32) {
  %ii = arith.index_cast %i : i32 to index
  %p = memref.load %pt[%ii] : memref<8xi32>
  %c0 = arith.constant 0 : i32
  pallas.yield %p, %j, %c0 : i32, i32, i32
}
pallas.kernel @k grid(4, ?) semantics(parallel, arbitrary)
    prefetch(%pt: memref<8xi32>)
    ins(%x: memref<16x64x128xf32> block [squeezed, 8, 128] map @page_map,
        %w: memref<128x128xbf16> block [128, 128] map affine_map<(i, j) -> (0, 0)>,
        %h: memref<64x128xf32> block [64, 128] map affine_map<(i, j) -> (0, 0)> in any,
        %e: memref<64x256xf32> block [element(16, pad = [2, 2]), 256] map affine_map<(i, j) -> (i * 16, 0)> buffers 2)
    outs(%o: memref<64x128xf32> block [8, 128] map affine_map<(i, j) -> (i + j * 4, j mod 2)> buffers 1)
    scratch(%acc: memref<8x128xf32, #pallas.memory_space<vmem>>,
            %sem: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  %i = pallas.program_id 0
  %n0 = pallas.num_programs 0
  %n1 = pallas.num_programs 1
  %s = arith.addi %i, %n0 : i32
  %t = arith.addi %s, %n1 : i32
  pallas.return
}

// CHECK-LABEL: module @k {
// CHECK: func.func @k(%[[I:.*]]: i32, %{{.*}}: i32, %{{.*}}: memref<8xi32, #tpu.memory_space<smem>>, %{{.*}}: memref<1x8x128xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<128x128xbf16, #tpu.memory_space<vmem>>, %{{.*}}: memref<64x128xf32, #tpu.memory_space<any>>, %{{.*}}: memref<16x256xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<8x128xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<8x128xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-SAME: dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>]
// CHECK-SAME: iteration_bounds = array<i64: 4, -9223372036854775808>
// CHECK-SAME: scalar_prefetch = 1 : i64, scratch_operands = 2 : i64, tpu.core_type = #tpu.core_type<tc>
// CHECK-SAME: window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 8, 128>},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_1, window_bounds = array<i64: 128, 128>},
// CHECK-SAME: {},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<double_buffered>, transform_indices = @transform_3, window_bounds = array<i64: 16, 256>, window_kind = #tpu.element_window<[2, 0], [2, 0]>},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_4, window_bounds = array<i64: 8, 128>}]
// Static extents fold, dynamic ones are read from Mosaic.
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[N1:.*]] = tpu.iteration_bound 1 : i32
// CHECK: %[[S:.*]] = arith.addi %[[I]], %[[C4]] : i32
// CHECK: arith.addi %[[S]], %[[N1]] : i32
// CHECK-NOT: tpu.memref_squeeze
// CHECK: return
// The symbol map's body, with the prefetch ref in SMEM.
// CHECK: func.func @transform_0(%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[PT:.*]]: memref<8xi32, #tpu.memory_space<smem>>) -> (i32, i32, i32)
// CHECK: %[[IX:.*]] = arith.index_cast %[[A0]] : i32 to index
// CHECK: %[[P:.*]] = memref.load %[[PT]][%[[IX]]] : memref<8xi32, #tpu.memory_space<smem>>
// CHECK: return %[[P]], %[[A1]], %{{.*}} : i32, i32, i32
// CHECK: func.func @transform_1(
// No transform for the `any` operand.
// CHECK-NOT: func.func @transform_2
// Element dims return the element offset.
// CHECK: func.func @transform_3(%[[B0:.*]]: i32, %{{.*}}: i32, %{{.*}}: memref<8xi32, #tpu.memory_space<smem>>) -> (i32, i32)
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: arith.muli %[[B0]], %[[C16]] : i32
// Affine mod stays non-negative.
// CHECK: func.func @transform_4(%[[D0:.*]]: i32, %[[D1:.*]]: i32
// CHECK: arith.muli %[[D1]]
// CHECK: arith.addi %[[D0]]
// CHECK: %[[R:.*]] = arith.remsi %[[D1]], %[[C2:.*]] : i32
// CHECK: %[[R2:.*]] = arith.addi %[[R]], %[[C2]] : i32
// CHECK: arith.remsi %[[R2]], %[[C2]] : i32
// The index map itself is gone once copied.
// CHECK-NOT: pallas.index_map

// -----

// A grid-less kernel: no iteration_bounds and no window_params; `any`
// operands are passed whole.
pallas.kernel @copy grid() ins(%x: memref<16x128xf32> block [16, 128] map affine_map<() -> (0, 0)> in any)
    outs(%o: memref<16x128xf32> block [16, 128] map affine_map<() -> (0, 0)> in any) {
  pallas.return
}
// CHECK-LABEL: module @copy {
// CHECK: func.func @copy(%{{.*}}: memref<16x128xf32, #tpu.memory_space<any>>, %{{.*}}: memref<16x128xf32, #tpu.memory_space<any>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>} {
// CHECK-NOT: transform_

// -----

// Grid axis names: axis_index of a grid axis is that grid id; of a mesh
// axis, the device's coordinate along it.
pallas.kernel @named grid(2) names("i") semantics(parallel)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 4>}}} {
  %a = pallas.axis_index "i"
  %b = pallas.axis_index "x"
  %c = arith.addi %a, %b : i32
  pallas.return
}
// CHECK-LABEL: module @named {
// CHECK: func.func @named(%[[G:.*]]: i32,
// CHECK-NOT: pallas.compiler_params
// CHECK: %[[ID:.*]] = tpu.device_id : i32
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[ID]], %[[C4]] : i32
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: %[[X:.*]] = arith.remsi %[[Q]], %[[C2]] : i32
// CHECK: arith.addi %[[G]], %[[X]] : i32

// -----

// Pipeline modes: JAX forces single buffering on VMEM windows that never
// move (even when they ask for two buffers), never on SMEM ones (no
// pipeline_mode at all); other windows keep what they ask for, with the
// revisit mode of pl.Buffered(n, revisit=...).
pallas.kernel @modes grid(4) semantics(arbitrary)
    ins(%s: memref<1x1xf32> block [1, 1] map affine_map<(i) -> (0, 0)> in smem,
        %w: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> buffers 2,
        %v: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in vmem buffers 2 revisit immediate,
        %x: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
        %y: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 2 revisit immediate)
    outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 1 revisit any) {
  pallas.return
}
// CHECK-LABEL: module @modes {
// CHECK: window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 1>},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_1, window_bounds = array<i64: 8, 128>},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_2, window_bounds = array<i64: 8, 128>},
// CHECK-SAME: {transform_indices = @transform_3, window_bounds = array<i64: 8, 128>},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<double_buffered>, revisit_mode = #tpu.revisit_mode<immediate>, transform_indices = @transform_4, window_bounds = array<i64: 8, 128>},
// CHECK-SAME: {pipeline_mode = #tpu.pipeline_mode<synchronous>, revisit_mode = #tpu.revisit_mode<any>, transform_indices = @transform_5, window_bounds = array<i64: 8, 128>}]

// -----

// A block larger than its array dim is legal (JAX pads the window): the
// window keeps the block's size.
pallas.kernel @oversized grid(2, 2) semantics(parallel, parallel)
    outs(%o: memref<2x8x1x1xf32> block [squeezed, 4, squeezed, 128] map affine_map<(b, h) -> (b, h, 0, 0)>) {
  pallas.return
}
// CHECK-LABEL: module @oversized {
// CHECK: func.func @oversized(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: memref<1x4x1x128xf32, #tpu.memory_space<vmem>>)
// CHECK-SAME: window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 4, 1, 128>}]

// -----

// Index maps read scalar prefetch with pallas.load as kernels do; in the
// transform function it is a memref.load of the SMEM ref.
pallas.index_map @by_id(%i: i32, %ids: memref<4xi32>) -> (i32, i32) {
  %ii = arith.index_cast %i : i32 to index
  %b = pallas.load %ids[%ii] : memref<4xi32> -> i32
  %c0 = arith.constant 0 : i32
  pallas.yield %b, %c0 : i32, i32
}
pallas.kernel @prefetch_load grid(4) semantics(arbitrary)
    prefetch(%ids: memref<4xi32>)
    ins(%x: memref<64x128xf32> block [8, 128] map @by_id)
    outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}
// CHECK-LABEL: module @prefetch_load {
// CHECK: func.func @transform_0(%[[I:.*]]: i32, %[[IDS:.*]]: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32)
// CHECK-NEXT: %[[II:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: %[[B:.*]] = memref.load %[[IDS]][%[[II]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: return %[[B]], %{{.*}} : i32, i32

// -----

// Unsigned arrays are signless i32 refs in Mosaic, as JAX gives them.
pallas.kernel @unsigned grid(2) semantics(parallel)
    ins(%x: memref<16x128xui32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xui32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %v = pallas.load %x[] : memref<8x128xui32> -> vector<8x128xi32>
  pallas.store %v, %o[] : vector<8x128xi32>, memref<8x128xui32>
}
// CHECK-LABEL: module @unsigned {
// CHECK: func.func @unsigned(%{{.*}}: i32, %{{.*}}: memref<8x128xi32, #tpu.memory_space<vmem>>, %{{.*}}: memref<8x128xi32, #tpu.memory_space<vmem>>)
// CHECK: vector.load %{{.*}} : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>

// -----

// A grid-less kernel has no transform functions: its symbol index map is
// not copied for it. The map stays, as the SparseCore kernel left for its
// own pass keeps the module's index maps; nothing else is added.
pallas.index_map @zero() -> (i32) {
  %c0 = arith.constant 0 : i32
  pallas.yield %c0 : i32
}
pallas.kernel @gridless
    ins(%x: memref<128xf32> block [128] map @zero)
    outs(%y: memref<128xf32> block [128] map @zero) {
  %v = pallas.load %x[0:128] : memref<128xf32> -> vector<128xf32>
  pallas.store %v, %y[0:128] : vector<128xf32>, memref<128xf32>
  pallas.return
}
pallas.kernel @sc_left grid(1, 16) names("core", "subcore")
    ins(%a: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
    outs(%b: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}
// CHECK-LABEL: pallas.index_map @zero() -> i32 {
// CHECK-NOT: pallas.index_map
// CHECK: module @gridless {
// CHECK-NOT: transform_
// CHECK-NOT: pallas.index_map
// CHECK: pallas.kernel @sc_left
// CHECK-NOT: pallas.index_map

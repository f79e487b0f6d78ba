// RUN: %pallas_opt %s --split-input-file --convert-pallas-to-mosaic-gpu | FileCheck %s

// GMEM semaphores and the device mesh, checked against JAX's lowering of the
// same forms (test/Reference/GPU/ops_reduce_scatter.mlir, ops_all_gather.mlir,
// ops_collective_matmul.mlir) and counted by hand.
//
// Operands as JAX numbers them: x (0), then one aliased input per semaphore
// scope (1: block-local, key (); 2: global, key ("b",)), y (3), the scopes
// again (4, 5; the only copies read), and the collective metadata at 6 =
// the number of operands. Block-local: 2 semaphores per CTA of a grid of 2
// = memref<4xi32>; global: the one get_global = memref<1xi32>. Metadata:
// 4 header words + 2 devices * 6 operands + 6 multicast addresses = 22.
// Operand p's address on device d is word 4 + 2 * p + d; its multicast
// address word 4 + 12 + p.

// CHECK-LABEL: module @sems attributes {
// CHECK-SAME: mosaic_gpu.collective_metadata_used
// CHECK-SAME: mosaic_gpu.multimem_args = dense<[false, false, false, true, true, false]> : tensor<6xi1>
// CHECK-SAME: mosaic_gpu.multimem_used
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<128x128xf32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: llvm.getelementptr %arg1[3]
// CHECK: %[[Y:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<256x128xf32> {mosaic_gpu.from_kernel_arg_idx = 3 : i32
// CHECK: llvm.getelementptr %arg1[4]
// CHECK: %[[LOCAL:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xi32> {mosaic_gpu.from_kernel_arg_idx = 4 : i32
// CHECK: llvm.getelementptr %arg1[5]
// CHECK: %[[GLOBAL:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1xi32> {mosaic_gpu.from_kernel_arg_idx = 5 : i32
// CHECK: llvm.getelementptr %arg1[6]
// CHECK: %[[META:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<22xi64>
// CHECK-NOT: from_kernel_arg_idx
// CHECK: gpu.launch
// CHECK: gpu.barrier
// The global scope is the whole operand; the block-local one this CTA's two.
// CHECK: %[[GBASE:.*]] = memref.cast %[[GLOBAL]] : memref<1xi32> to memref<1xi32, strided<[1], offset: ?>>
// CHECK: %[[BLOCK:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK: %[[START:.*]] = arith.muli %[[BLOCK]], %{{.*}} : index
// CHECK: %[[MINE:.*]] = memref.subview %[[LOCAL]][%[[START]]] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: ?>>
// The warpgroup's single lane: elected, in warp 0 of the warpgroup.
// CHECK: %[[ELECT:.*]] = nvvm.elect.sync
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[WIG:.*]] = arith.remui %[[WARP]], %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[WIG]], %{{.*}} : i32
// CHECK: %[[LANE:.*]] = arith.andi %[[FIRST]], %[[ELECT]] : i1
// CHECK: %[[G:.*]] = memref.collapse_shape %[[GBASE]] [] {{.*}}: memref<1xi32, strided<[1], offset: ?>> into memref<i32, strided<[], offset: ?>>
// axis_index "x" of a mesh of 2: the rank (word 0) mod 2.
// CHECK: %[[W0:.*]] = memref.load %[[META]][%{{.*}}] : memref<22xi64>
// CHECK: %[[RANK:.*]] = arith.trunci %[[W0]] {mosaic_gpu.device_id_load} : i64 to i32
// CHECK: %[[DEV:.*]] = arith.remsi %[[RANK]], %{{.*}} : i32
// ref_reshape 256x128 -> 2x128x128 splits dim 0.
// CHECK: %[[Y3:.*]] = memref.expand_shape %[[Y]] {{\[\[}}0, 1], [2]] output_shape [2, 128, 128] : memref<256x128xf32> into memref<2x128x128xf32>
// CHECK: %[[V:.*]] = "mosaic_gpu.vector_load"(%[[X]]) <{optimized = true}> : (memref<128x128xf32>) -> vector<128x128xf32>
// CHECK: %[[DST:.*]] = memref.subview %[[Y3]][%{{.*}}, 0, 0] [1, 128, 128] [1, 1, 1]
// CHECK: %[[V3:.*]] = vector.shape_cast %[[V]]
// multimem_store to y (operand 3): its multicast address is word 19, its
// address here word 10 + rank.
// CHECK: %[[C19:.*]] = arith.constant 19 : index
// CHECK: %[[MC:.*]] = memref.load %[[META]][%[[C19]]]
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[C10]] : index
// CHECK: %[[HERE:.*]] = memref.load %[[META]][%[[AT]]]
// CHECK: builtin.unrealized_conversion_cast %[[DST]]
// CHECK: %[[OFF:.*]] = arith.subi %{{.*}}, %[[HERE]] : i64
// CHECK: %[[ADDR:.*]] = arith.addi %[[MC]], %[[OFF]] : i64
// CHECK: llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr
// CHECK: %[[MDST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1x128x128xf32, strided<[16384, 128, 1]>>
// CHECK: "mosaic_gpu.vector_store"(%[[V3]], %[[MDST]]) <{multimem = true, optimized = false}>
// semaphore_signal_multicast of element 1 of the block-local pair (operand
// 4: words 20 and 12 + rank), one lane, after a warpgroup barrier.
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[E1:.*]] = memref.subview %[[MINE]][%{{.*}}] [1] [1] {{.*}}: memref<2xi32, strided<[1], offset: ?>> to memref<i32, strided<[], offset: ?>>
// CHECK: arith.constant 20 : index
// CHECK: arith.constant 12 : index
// CHECK: %[[ME1:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<i32, strided<[]>>
// CHECK: "mosaic_gpu.custom_primitive"(%[[ME1]], %[[ONE]], %[[LANE]]) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
// CHECK: ^bb0(%{{.*}}: memref<i32, strided<[]>>, %[[INC:.*]]: i32, %[[P:.*]]: i1):
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, 128;"
// CHECK: %[[PTR:.*]] = llvm.inttoptr
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$2 multimem.red.release.sys.global.add.u32 [$0], $1;{{.*}}fence.proxy.alias;{{.*}}", "l,r,b" %[[PTR]], %[[INC]], %[[P]]
// CHECK: mosaic_gpu.return
// semaphore_wait (decrementing): one lane swaps the count down by 1.
// CHECK: %[[E1W:.*]] = memref.subview %[[MINE]][%{{.*}}] [1] [1]
// CHECK: "mosaic_gpu.custom_primitive"(%[[E1W]], %[[ONE]]) <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
// CHECK: ^bb0(%{{.*}}: memref<i32, strided<[], offset: ?>>, %[[WANT:.*]]: i32):
// CHECK: scf.if
// CHECK: scf.while (%[[EXP:.*]] = %[[WANT]]) : (i32) -> i32 {
// CHECK: %[[NEXT:.*]] = arith.subi %[[EXP]], %[[WANT]] : i32
// CHECK: %[[SEEN:.*]] = llvm.inline_asm has_side_effects "atom.relaxed.sys.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r" %{{.*}}, %[[EXP]], %[[NEXT]]
// CHECK: arith.cmpi ne, %[[SEEN]], %[[EXP]] : i32
// CHECK: arith.maxui %[[SEEN]], %[[WANT]] : i32
// CHECK: llvm.inline_asm has_side_effects "fence.acquire.sys;"
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, 128;"
// CHECK: mosaic_gpu.return
// semaphore_signal of the global semaphore (operand 5) on device 1 - x:
// the offset from word 14 + rank, moved to word 14 + peer.
// CHECK: %[[PEER:.*]] = arith.subi %[[ONE]], %[[DEV]] : i32
// CHECK: arith.constant 14 : index
// CHECK: builtin.unrealized_conversion_cast %[[G]]
// CHECK: %[[GOFF:.*]] = arith.subi
// CHECK: arith.constant 14 : index
// CHECK: arith.index_cast %[[PEER]] : i32 to index
// CHECK: %[[THERE:.*]] = memref.load %[[META]]
// CHECK: arith.addi %[[THERE]], %[[GOFF]] : i64
// CHECK: %[[RG:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<i32, strided<[]>> {mosaic_gpu.from_kernel_arg_idx = 5 : i32}
// CHECK: "mosaic_gpu.custom_primitive"(%[[RG]], %[[ONE]], %[[LANE]])
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, 128;"
// CHECK: llvm.inline_asm has_side_effects "@$2 red.release.sys.global.add.u32 [$0], $1;", "l,r,b"
// semaphore_wait without decrementing: a load loop.
// CHECK: "mosaic_gpu.custom_primitive"(%[[G]], %[[ONE]])
// CHECK: scf.while : () -> () {
// CHECK: llvm.inline_asm has_side_effects "ld.relaxed.sys.global.b32 $0, [$1];", "=r,l"
// CHECK: arith.cmpi ult
pallas.kernel @sems grid(2) names("b")
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<(i) -> (0, 0)> in gmem)
    outs(%y: memref<256x128xf32> block [256, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%done: memref<2x!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %g = pallas.get_global : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  %d = pallas.axis_index "x"
  %y3 = pallas.ref_reshape %y : memref<256x128xf32, #pallas.memory_space<gmem>> -> memref<2x128x128xf32, #pallas.memory_space<gmem>>
  %v = pallas.load %x[] : memref<128x128xf32, #pallas.memory_space<gmem>> -> vector<128x128xf32>
  %di = arith.index_cast %d : i32 to index
  %dst = memref.subview %y3[%di, 0, 0] [1, 128, 128] [1, 1, 1] : memref<2x128x128xf32, #pallas.memory_space<gmem>> to memref<1x128x128xf32, strided<[16384, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
  %v3 = vector.shape_cast %v : vector<128x128xf32> to vector<1x128x128xf32>
  pallas.multimem_store %v3, %dst {collective_axes = ["x"]} : vector<1x128x128xf32>, memref<1x128x128xf32, strided<[16384, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
  %one = arith.constant 1 : i32
  %c1 = arith.constant 1 : index
  pallas.semaphore_signal_multicast %done[%c1], %one {collective_axes = ["x"]} : memref<2x!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.semaphore_wait %done[%c1], %one : memref<2x!pallas.semaphore, #pallas.memory_space<gmem>>
  %peer = arith.subi %one, %d : i32
  pallas.semaphore_signal %g[], %one device(%peer) : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.semaphore_wait %g[], %one {decrement = false} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// A 2x4 mesh: axis "y" is (rank / 1) % 4, axis "x" (rank / 4) % 2. A
// scoped block of 3 semaphores above a scratch semaphore: at offset 1 of
// the CTA's 4 (one grid step: the block-local operand holds 4), seen as
// 3 elements. multimem_load_reduce min of i32 is the signed min (8).
// Operands: x (0), semaphores in (1), out (2), semaphores (3); metadata at
// 4: 4 + 8 * 4 + 4 = 40 words; x's multicast address is word 4 + 32.

// CHECK-LABEL: module @mesh2d
// CHECK: memref<4xi32> {mosaic_gpu.from_kernel_arg_idx = 3 : i32
// CHECK: %[[META:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<40xi64>
// CHECK: %[[R1:.*]] = arith.trunci %{{.*}} {mosaic_gpu.device_id_load} : i64 to i32
// CHECK: %[[Q:.*]] = arith.divsi %[[R1]], %[[C4:.*]] : i32
// CHECK: arith.remsi %[[Q]], %{{.*}} : i32
// CHECK: %[[R2:.*]] = arith.trunci %{{.*}} {mosaic_gpu.device_id_load} : i64 to i32
// CHECK-NOT: arith.divsi
// CHECK: arith.remsi %[[R2]], %{{.*}} : i32
// CHECK: arith.constant 36 : index
// CHECK: "mosaic_gpu.multimem_load_reduce"(%{{.*}}) <{reduction_type = 8 : i32}> : (memref<8x128xi32, strided<[128, 1]>>) -> vector<8x128xi32>
// CHECK: %[[AT1:.*]] = arith.constant 1 : index
// CHECK: memref.subview %{{.*}}[%[[AT1]]] [3] [1] : memref<4xi32, strided<[1], offset: ?>> to memref<3xi32, strided<[1], offset: ?>>
pallas.kernel @mesh2d
    ins(%x: memref<8x128xi32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    outs(%o: memref<8x128xi32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 4>}}} {
  %ax = pallas.axis_index "x"
  %ay = pallas.axis_index "y"
  %v = pallas.multimem_load_reduce %x min {collective_axes = ["y", "x"]} : memref<8x128xi32, #pallas.memory_space<gmem>> -> vector<8x128xi32>
  pallas.store %v, %o[] : vector<8x128xi32>, memref<8x128xi32, #pallas.memory_space<gmem>>
  pallas.run_scoped {
  ^bb0(%t: memref<3x!pallas.semaphore, #pallas.memory_space<gmem>>):
    %c2 = arith.constant 2 : index
    %n = arith.addi %ax, %ay : i32
    pallas.semaphore_wait %t[%c2], %n {decrement = false} : memref<3x!pallas.semaphore, #pallas.memory_space<gmem>>
    pallas.yield
  }
  pallas.return
}

// -----

// Block-local semaphores with a sequential grid dim: JAX sizes the scope's
// operand by the CUDA grid (the parallel dims times the cluster), since the
// sequential dims are steps inside each CTA: grid (2, 3) parallel x 5 x 7
// steps, 4 semaphores per CTA = 2 * 3 * 4 = 24 (not 2 * 3 * 5 * 7 * 4; the
// four dims also overran the 3 CUDA dims there). The launch is 3 x 2 x 1
// CTAs.

// CHECK-LABEL: module @seq_sems
// CHECK: memref<24xi32> {mosaic_gpu.from_kernel_arg_idx = 2 : i32
// CHECK: gpu.launch async [%{{.*}}] blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c2, %{{.*}} = %c1)
pallas.kernel @seq_sems grid(2, 3, 5, 7) names("a", "b", "c", "d") semantics(parallel, parallel, arbitrary, arbitrary)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(a, b, c, d) -> (0, 0)> in gmem)
    scratch(%s: memref<4x!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  pallas.semaphore_wait %s[%c1], %one : memref<4x!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.return
}

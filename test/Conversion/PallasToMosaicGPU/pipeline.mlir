// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file | FileCheck %s

// A sequential grid dim is the in-kernel TMA pipeline (JAX's emit_pipeline),
// in the form JAX 0.10.2 emits for the same kernel (a plgpu.BlockSpec
// (32, 128) input at (i, k), output at (i, 0), grid (2, 3) with semantics
// (parallel, sequential), max_concurrent_steps = 2). By hand: the CUDA grid
// is the parallel dim only (x = 2); 2 slots per operand (min(2, 3 steps)):
// 2 * 32 * 128 * 4 = 32768 bytes for x at 0 and for o at 32768, then 2
// barriers (one per slot, 1 arrival: one input) at 65536: 65552 bytes. The
// prologue fetches steps 0 and 1 (columns 0 and 128) into slots 0 and 1;
// step s waits for slot s % 2 and fetches step s + 2 (columns 128 (s + 2))
// when there is one; the output, the same block at every step, is stored
// once from the last step's slot, (3 - 1) % 2 = 0.

// CHECK-LABEL: module @seq
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<64x384xf32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: %[[O:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<64x128xf32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 65552 : i32
// CHECK: gpu.launch async [%{{.*}}] blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[BAR:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[BAR]]) <{arrival_count = 1 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[I:.*]] = arith.index_cast %[[BX]] : index to i32
// CHECK: %[[B0:.*]] = builtin.unrealized_conversion_cast %[[BAR]] : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[XB:.*]] = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x32x128xf32, #gpu.address_space<workgroup>>
// CHECK: %[[OB:.*]] = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> : () -> memref<2x32x128xf32, #gpu.address_space<workgroup>>
// Step 0 into slot 0.
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : i32
// CHECK: %[[S0:.*]] = memref.subview %[[XB]][0, 0, 0] [1, 32, 128] [1, 1, 1]
// CHECK: %[[V0:.*]] = memref.cast %[[S0]] : {{.*}} to memref<32x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[B0]] : {{.*}}) 16384
// CHECK: "mosaic_gpu.async_load"(%[[X]], %[[V0]], %[[B0]], %[[ROW]], %{{.*}})
// Step 1 into slot 1, at column 128, on the second barrier.
// CHECK: %[[K1:.*]] = arith.constant 128 : i32
// CHECK: %[[S1:.*]] = memref.subview %[[XB]][1, 0, 0] [1, 32, 128] [1, 1, 1] : {{.*}} to memref<32x128xf32, strided<[128, 1], offset: 4096>, #gpu.address_space<workgroup>>
// CHECK: %[[V1:.*]] = memref.cast %[[S1]]
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[BAR]][1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
// CHECK: %[[B1:.*]] = builtin.unrealized_conversion_cast %[[P1]]
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[B1]] : {{.*}}) 16384
// CHECK: "mosaic_gpu.async_load"(%[[X]], %[[V1]], %[[B1]], %[[ROW]], %[[K1]])
// The steps.
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[SLOT:.*]] = arith.remsi %[[S]], %{{.*}} : i32
// CHECK:   %[[SLOTI:.*]] = arith.index_cast %[[SLOT]] : i32 to index
// CHECK:   %[[BIT:.*]] = arith.index_castui %[[SLOTI]] : index to i32
// CHECK:   %[[PW:.*]] = llvm.getelementptr %[[BAR]][%[[BIT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK:   arith.shli %{{.*}}, %[[BIT]] : i32
// CHECK:   nvvm.mbarrier.try_wait.parity %[[PW]]
// CHECK:   %[[XS:.*]] = memref.subview %[[XB]][%[[SLOTI]], 0, 0] [1, 32, 128] [1, 1, 1] : {{.*}} to memref<32x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:   %[[OS:.*]] = memref.subview %[[OB]][%[[SLOTI]], 0, 0] [1, 32, 128] [1, 1, 1]
// program_id(1) is the step. The kernel's pl.when and the pipeline's refill
// (a lax.cond in JAX's pipeline) are scf.index_switch ops on the predicate
// widened to i32 and cast to index, whose case 0 (the false branch) only
// yields, as in test/Reference/GPU/gpu_wgmma_matmul.
// CHECK:   %[[LAST:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : i32
// CHECK-NEXT: %[[LAST32:.*]] = arith.extui %[[LAST]] : i1 to i32
// CHECK-NEXT: %[[LASTI:.*]] = arith.index_cast %[[LAST32]] : i32 to index
// CHECK-NEXT: scf.index_switch %[[LASTI]]
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   "mosaic_gpu.vector_load"(%[[XS]])
// CHECK:     "mosaic_gpu.vector_store"(%{{.*}}, %[[OS]])
// CHECK:   %[[AHEAD:.*]] = arith.addi %[[S]], %{{.*}} : i32
// CHECK:   %[[STARTED:.*]] = arith.cmpi sge, %[[S]], %{{.*}} : i32
// CHECK:   %[[IN:.*]] = arith.cmpi slt, %[[AHEAD]], %{{.*}} : i32
// CHECK:   %[[COND:.*]] = arith.andi %[[STARTED]], %[[IN]] : i1
// CHECK-NEXT: %[[COND32:.*]] = arith.extui %[[COND]] : i1 to i32
// CHECK-NEXT: %[[CONDI:.*]] = arith.index_cast %[[COND32]] : i32 to index
// CHECK-NEXT: scf.index_switch %[[CONDI]]
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK:     %[[FS:.*]] = arith.remsi %[[AHEAD]], %{{.*}} : i32
// CHECK:     %[[FSI:.*]] = arith.index_cast %[[FS]] : i32 to index
// CHECK:     %[[FB:.*]] = arith.index_castui %[[FSI]] : index to i32
// CHECK:     %[[COL:.*]] = arith.muli %[[AHEAD]], %{{.*}} : i32
// CHECK:     %[[FV:.*]] = memref.subview %[[XB]][%[[FSI]], 0, 0] [1, 32, 128] [1, 1, 1]
// CHECK:     %[[FP:.*]] = llvm.getelementptr %[[BAR]][%[[FB]]]
// CHECK:     %[[FBAR:.*]] = builtin.unrealized_conversion_cast %[[FP]]
// CHECK:     mosaic_gpu.arrive_expect_tx barrier(%[[FBAR]] : {{.*}}) 16384
// CHECK:     "mosaic_gpu.async_load"(%[[X]], %[[FV]], %[[FBAR]], %{{.*}}, %[[COL]])
// The output, from slot 0, at (32 i, 0).
// CHECK: nvvm.fence.proxy
// CHECK: %[[LS:.*]] = memref.subview %[[OB]][0, 0, 0] [1, 32, 128] [1, 1, 1]
// CHECK: %[[LV:.*]] = memref.cast %[[LS]]
// CHECK: "mosaic_gpu.async_store"(%[[LV]], %[[O]], %{{.*}}, %{{.*}}) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 32, 128>}>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0
pallas.kernel @seq grid(2, 3) semantics(parallel, arbitrary)
    ins(%x: memref<64x384xf32> block [32, 128] map affine_map<(i, k) -> (i, k)> in shared)
    outs(%o: memref<64x128xf32> block [32, 128] map affine_map<(i, k) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2}}} {
  %k = pallas.program_id 1
  %last = arith.constant 2 : i32
  %is_last = arith.cmpi eq, %k, %last : i32
  scf.if %is_last {
    %v = pallas.load %x[] : memref<32x128xf32, #pallas.memory_space<shared>> -> vector<32x128xf32>
    %two = arith.constant dense<2.0> : vector<32x128xf32>
    %w = arith.mulf %v, %two : vector<32x128xf32>
    pallas.store %w, %o[] : vector<32x128xf32>, memref<32x128xf32, #pallas.memory_space<shared>>
  }
  pallas.return
}

// -----

// A WGMMA accumulator among the kernel's scratch operands lives across the
// steps (as in JAX's gpu_wgmma_matmul, test/Reference/GPU): it starts from
// a zero tile behind an optimization barrier and the WGMMA fence before the
// loop, the loop carries it, and the body's WGMMA takes the carried value
// and yields the new one; reading it at the last step waits for the WGMMAs.
// The input blocks carry their transforms: each slot view is sliced from
// the marked buffer, and the body marks the block it reads again.

// CHECK-LABEL: module @acc
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64x64xf32>
// CHECK-NEXT: %[[INIT:.*]] = "mosaic_gpu.optimization_barrier"(%[[ZERO]])
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<64x64xf32>) : i32 {
// CHECK:   %[[AW:.*]] = "mosaic_gpu.with_transforms"(%{{.*}}) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> : (memref<2x64x64xf16, #gpu.address_space<workgroup>>)
// CHECK-NEXT: %[[AS:.*]] = memref.subview %[[AW]][%{{.*}}, 0, 0] [1, 64, 64] [1, 1, 1]
// CHECK:   %[[AM:.*]] = "mosaic_gpu.with_transforms"(%[[AS]])
// CHECK:   %[[NEW:.*]] = mosaic_gpu.wgmma accumulator(%[[ACC]] : vector<64x64xf32>) a(%[[AM]] : {{.*}}) b(%{{.*}}) -> vector<64x64xf32>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// The pl.when on the last step, JAX's scf.index_switch (as in
// test/Reference/GPU/gpu_wgmma_matmul).
// CHECK:   %[[ISLAST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[ISLAST32:.*]] = arith.extui %[[ISLAST]] : i1 to i32
// CHECK-NEXT: %[[ISLASTI:.*]] = arith.index_cast %[[ISLAST32]] : i32 to index
// CHECK-NEXT: scf.index_switch %[[ISLASTI]]
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK:     nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[NEW]], %{{.*}})
// CHECK:   scf.yield %[[NEW]] : vector<64x64xf32>
pallas.kernel @acc grid(2) semantics(arbitrary)
    ins(%a: memref<64x128xf16> block [64, 64] map affine_map<(k) -> (0, k)> in shared,
        %b: memref<128x64xf16> block [64, 64] map affine_map<(k) -> (k, 0)> in shared)
    outs(%o: memref<64x64xf32> block [64, 64] map affine_map<(k) -> (0, 0)> in shared)
    scratch(%acc: memref<64x64xf32, #pallas.memory_space<regs>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2}},
                gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                                  "inputs[1]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}} {
  pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
  %k = pallas.program_id 0
  %last = arith.constant 1 : i32
  %is_last = arith.cmpi eq, %k, %last : i32
  scf.if %is_last {
    %r = pallas.load %acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
    pallas.store %r, %o[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<shared>>
  }
  pallas.return
}

// -----

// An output whose block moves with the sequential dim is stored inside the
// loop, as JAX 0.10.2 emits it for the same kernel (o = 2 x, both blocks at
// (i, k)): each step first waits until at most slots - 1 = 1 store group
// still reads shared memory (so the slot it writes is free), then, after
// the body, fences the slot and stores it where the block changes or at the
// last step (a predicated TMA store), and commits the group. The offsets it
// was last stored at are loop-carried (-1 before the first store). After
// the loop every store is waited for.

// CHECK-LABEL: module @moving
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[LR:.*]] = %c-1_i32{{.*}}, %[[LC:.*]] = %c-1_i32{{.*}}) -> (i32, i32) : i32 {
// CHECK:   nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1 {read}
// CHECK:   llvm.inline_asm has_side_effects "bar.sync $0, 128;"
// CHECK:   memref.subview %{{.*}}[%{{.*}}, 0, 0] [1, 32, 128]
// CHECK-NEXT: %[[OS:.*]] = memref.subview %{{.*}}[%{{.*}}, 0, 0] [1, 32, 128]
// CHECK:   "mosaic_gpu.vector_store"(%{{.*}}, %[[OS]])
// CHECK:   nvvm.fence.proxy
// CHECK:   llvm.inline_asm has_side_effects "bar.sync $0, 128;"
// CHECK:   %[[LAST:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : i32
// CHECK:   %[[COL:.*]] = arith.muli %[[S]], %{{.*}} : i32
// CHECK:   %[[D0:.*]] = arith.cmpi ne, %[[LR]], %[[ROW:.*]] : i32
// CHECK:   %[[D1:.*]] = arith.cmpi ne, %[[LC]], %[[COL]] : i32
// CHECK:   %[[D:.*]] = arith.ori %[[D0]], %[[D1]] : i1
// CHECK:   %[[P:.*]] = arith.ori %[[D]], %[[LAST]] : i1
// CHECK:   "mosaic_gpu.async_store"(%[[OS]], %{{.*}}, %[[ROW]], %[[COL]], %[[P]]) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>, slice_lengths = array<i64: 32, 128>}>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK:   scf.yield %[[ROW]], %[[COL]] : i32, i32
// CHECK: nvvm.cp.async.bulk.wait_group 0
// CHECK-NOT: {read}
// CHECK: gpu.terminator
pallas.kernel @moving grid(2, 3) semantics(parallel, arbitrary)
    ins(%x: memref<64x384xf32> block [32, 128] map affine_map<(i, k) -> (i, k)> in shared)
    outs(%o: memref<64x384xf32> block [32, 128] map affine_map<(i, k) -> (i, k)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2}}} {
  %v = pallas.load %x[] : memref<32x128xf32, #pallas.memory_space<shared>> -> vector<32x128xf32>
  %two = arith.constant dense<2.0> : vector<32x128xf32>
  %w = arith.mulf %v, %two : vector<32x128xf32>
  pallas.store %w, %o[] : vector<32x128xf32>, memref<32x128xf32, #pallas.memory_space<shared>>
  pallas.return
}

// -----

// Two sequential dims are the 2 x 3 = 6 steps, row-major (the last moves
// fastest, as JAX increments its indices): step s is (j, k) = (s / 3, s % 3).
// The prologue's steps (0, 0) and (0, 1) read columns (3 j + k) * 128 = 0
// and 128 as constants (JAX folds them too); the loop runs 6 steps.

// CHECK-LABEL: module @two
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c0_i32{{.*}})
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c128_i32{{.*}})
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %c6_i32 step %{{.*}} : i32 {
// CHECK:   %[[J:.*]] = arith.divsi %[[S]], %c3_i32{{.*}} : i32
// CHECK:   %[[K:.*]] = arith.remsi %[[S]], %c3_i32{{.*}} : i32
// CHECK:   arith.cmpi eq, %[[J]], %{{.*}} : i32
// CHECK:   arith.cmpi eq, %[[K]], %{{.*}} : i32
pallas.kernel @two grid(2, 2, 3) semantics(parallel, arbitrary, arbitrary)
    ins(%x: memref<64x768xf32> block [32, 128] map affine_map<(i, j, k) -> (i, j * 3 + k)> in shared)
    outs(%o: memref<64x128xf32> block [32, 128] map affine_map<(i, j, k) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2}}} {
  %j = pallas.program_id 1
  %k = pallas.program_id 2
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %jl = arith.cmpi eq, %j, %c1 : i32
  %kl = arith.cmpi eq, %k, %c2 : i32
  %last = arith.andi %jl, %kl : i1
  scf.if %last {
    %v = pallas.load %x[] : memref<32x128xf32, #pallas.memory_space<shared>> -> vector<32x128xf32>
    %two = arith.constant dense<2.0> : vector<32x128xf32>
    %w = arith.mulf %v, %two : vector<32x128xf32>
    pallas.store %w, %o[] : vector<32x128xf32>, memref<32x128xf32, #pallas.memory_space<shared>>
  }
  pallas.return
}

// -----

// A scratch accumulator no step writes is carried as it came (by hand: the
// loop yields its own iter_arg; no pipelined operand, so no barrier waits).

// CHECK-LABEL: module @unwritten
// CHECK: %[[INIT:.*]] = "mosaic_gpu.optimization_barrier"
// CHECK: scf.for %{{.*}} = %{{.*}} to %c3_i32 step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<64x64xf32>) : i32 {
// CHECK-NOT: nvvm.mbarrier.try_wait.parity
// CHECK: scf.yield %[[ACC]] : vector<64x64xf32>
pallas.kernel @unwritten grid(3) semantics(arbitrary)
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<(k) -> (0, 0)> in gmem)
    outs(%o: memref<64x64xf32> block [64, 64] map affine_map<(k) -> (0, 0)> in gmem)
    scratch(%acc: memref<64x64xf32, #pallas.memory_space<regs>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 5}}} {
  %k = pallas.program_id 0
  pallas.return
}

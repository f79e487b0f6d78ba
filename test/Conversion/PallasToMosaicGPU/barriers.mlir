// RUN: %pallas_opt %s --split-input-file --convert-pallas-to-mosaic-gpu | FileCheck %s

// Barrier groups as JAX's planner makes them (lowering.py's Resources):
// one pool per barrier kind (arrivals, barriers per group, ordering with
// the tensor core), as many groups of a kind as are in use at once (nested
// scopes add up, sibling scopes share), kinds in the order the planner first
// meets them (the kernel's scratch first). A scope takes the last free group
// of its kind and gives it back when it ends.
//
// Here: scope a holds one group while the scope b inside it takes another,
// so the kind needs 2 groups (at 0 and 8). a takes the last (8), b the other
// (0); when both ended, the sibling scope c takes the last again: a's.

// CHECK-LABEL: module @pooled
// CHECK: arith.constant 16 : i32
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<1x!mosaic_gpu.barrier
// CHECK: %[[G0:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[G0]]) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}>
// CHECK: %[[PH0:.*]] = memref.alloca() : memref<i32>
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8 : i32}> : () -> memref<1x!mosaic_gpu.barrier
// CHECK: %[[G1:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[G1]]) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}>
// CHECK: %[[PH1:.*]] = memref.alloca() : memref<i32>
// CHECK-NOT: initialize_barrier
// CHECK: memref.load %[[PH0]][]
// CHECK: nvvm.mbarrier.try_wait.parity %[[G0]]
// CHECK: memref.load %[[PH1]][]
// CHECK: nvvm.mbarrier.try_wait.parity %[[G1]]
// CHECK: memref.load %[[PH1]][]
// CHECK: nvvm.mbarrier.try_wait.parity %[[G1]]
pallas.kernel @pooled
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.run_scoped {
  ^bb0(%a: memref<!pallas.barrier, #pallas.memory_space<shared>>):
    pallas.run_scoped {
    ^bb0(%b: memref<!pallas.barrier, #pallas.memory_space<shared>>):
      pallas.barrier_wait %b[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
      pallas.yield
    }
    pallas.barrier_wait %a[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
    pallas.yield
  }
  pallas.run_scoped {
  ^bb0(%c: memref<!pallas.barrier, #pallas.memory_space<shared>>):
    pallas.barrier_wait %c[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
    pallas.yield
  }
  pallas.return
}

// -----

// The barrier layout of JAX's ops_attention_pipeline_emitter
// (test/Reference/GPU): the scratch's kinds (2 barriers of 1 arrival, 1 of
// 2), then 3 groups of 2 barriers of 2 arrivals for the scope's 3
// allocations, 8 bytes a barrier above the 8192 bytes of shared scratch:
// 8192, 8208, 8216, 8232, 8248; 8264 in all. The scope's first allocation
// takes the last group (8248), the second the one before (8232).
//
// A dynamic index (the warpgroup's) addresses the barrier with a
// getelementptr of the index as i32, and its phase bit is 1 << index.

// CHECK-LABEL: module @kinds
// CHECK: arith.constant 8264 : i32
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<2x!mosaic_gpu.barrier
// CHECK: %[[Q:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[Q]]) <{arrival_count = 1 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK: %[[QPH:.*]] = memref.alloca() : memref<i32>
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8208 : i32}> : () -> memref<1x!mosaic_gpu.barrier
// CHECK: "mosaic_gpu.initialize_barrier"(%{{.*}}) <{arrival_count = 2 : i64, num_barriers = 1 : i32, orders_tensor_core = false}>
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8216 : i32}> : () -> memref<2x!mosaic_gpu.barrier
// CHECK: "mosaic_gpu.initialize_barrier"(%{{.*}}) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8232 : i32}> : () -> memref<2x!mosaic_gpu.barrier
// CHECK: %[[K:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[K]]) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8248 : i32}> : () -> memref<2x!mosaic_gpu.barrier
// CHECK: %[[L:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[L]]) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK-NOT: initialize_barrier
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[I32:.*]] = arith.index_castui %[[I]] : index to i32
// CHECK: %[[QI:.*]] = llvm.getelementptr %[[Q]][%[[I32]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: %[[BITS:.*]] = memref.load %[[QPH]][]
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[MASK:.*]] = arith.shli %[[ONE]], %[[I32]] : i32
// CHECK: arith.andi %[[BITS]], %[[MASK]] : i32
// CHECK: arith.xori %[[BITS]], %[[MASK]] : i32
// CHECK: nvvm.mbarrier.try_wait.parity %[[QI]]
// CHECK: %[[KI:.*]] = llvm.getelementptr %[[K]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: %[[KREF:.*]] = builtin.unrealized_conversion_cast %[[KI]] : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: "mosaic_gpu.arrive"(%[[KREF]]) <{orders_tensor_core = false}>
// CHECK: %[[LI:.*]] = llvm.getelementptr %[[L]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: nvvm.mbarrier.try_wait.parity %[[LI]]
pallas.kernel @kinds
    ins(%x: memref<128x64xf16> block [128, 64] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<64x64xf16, #pallas.memory_space<shared>>,
            %q: memref<2x!pallas.barrier, #pallas.memory_space<shared>>,
            %sched: memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", num_threads = 2 : i64, thread_name = "wg"}}} {
  %wg = pallas.axis_index "wg"
  %i = arith.index_cast %wg : i32 to index
  pallas.barrier_wait %q[%i] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>
  pallas.run_scoped {
  ^bb0(%l: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>,
       %k: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>,
       %v: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>):
    pallas.barrier_arrive %k[%i] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    pallas.barrier_wait %l[%i] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    pallas.yield
  }
  pallas.return
}

// -----

// Cluster barriers (the consumed barriers of JAX's ops_hopper_matmul_cluster,
// test/Reference/GPU): one thread of the CTA (the elected lane of warp 0)
// initializes each barrier for 2 arrivals from each of the 2 CTAs along
// the cluster axis (4), with nvvm.mbarrier.init rather than
// mosaic_gpu.initialize_barrier. An arrival signals every CTA of the
// cluster's x slice, mask 0b11: thread 8 k of the warpgroup signals CTA k
// through its shared memory window (mapa). Waiting is as for CTA barriers.

// CHECK-LABEL: module @cluster_barriers
// CHECK: arith.constant 65568 : i32
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[C:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[PH:.*]] = memref.alloca() : memref<i32>
// CHECK: %[[ELECT:.*]] = nvvm.elect.sync
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[W0:.*]] = arith.cmpi eq, %[[WARP]], %{{.*}} : i32
// CHECK: %[[ONE_THREAD:.*]] = arith.andi %[[W0]], %[[ELECT]] : i1
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: nvvm.mbarrier.init %[[C]], %[[FOUR]], predicate = %[[ONE_THREAD]]
// CHECK: %[[C1:.*]] = llvm.getelementptr %[[C]][1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
// CHECK: nvvm.mbarrier.init %[[C1]], %[[FOUR]], predicate = %[[ONE_THREAD]]
// CHECK: %[[MASK:.*]] = arith.constant 3 : i32
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 65552 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: "mosaic_gpu.initialize_barrier"(%{{.*}}) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.cluster.arrive.relaxed
// CHECK: nvvm.cluster.wait
// CHECK: %[[W:.*]] = llvm.getelementptr %[[C]][1]
// CHECK: memref.load %[[PH]][]
// CHECK: nvvm.mbarrier.try_wait.parity %[[W]]
// CHECK: %[[A:.*]] = llvm.getelementptr %[[C]][1]
// CHECK: %[[T:.*]] = arith.remui %{{.*}}, %{{.*}} : i32
// CHECK: %[[CTA:.*]] = arith.divui %[[T]], %{{.*}} : i32
// CHECK: %[[BIT:.*]] = arith.shli %{{.*}}, %[[CTA]] : i32
// CHECK: %[[IN:.*]] = arith.andi %[[BIT]], %[[MASK]] : i32
// CHECK: %[[MEMBER:.*]] = arith.cmpi ne, %[[IN]], %{{.*}} : i32
// CHECK: %[[LANE:.*]] = arith.remui %[[T]], %{{.*}} : i32
// CHECK: %[[SIG:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : i32
// CHECK: %[[GO:.*]] = arith.andi %[[MEMBER]], %[[SIG]] : i1
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$0 mapa.shared::cluster.u32 remote, $1, $2;{{.*}}@$0 mbarrier.arrive.shared::cluster.b64 _, [remote];{{.*}}", "b,r,r" %[[GO]], %[[A]], %[[CTA]]
// CHECK-NOT: mosaic_gpu.arrive
pallas.kernel @cluster_barriers grid(2) names("g")
    ins(%x: memref<256x128xf32> block [256, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<128x128xf32, #pallas.memory_space<shared>>,
            %consumed: memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["c"]>, #pallas.memory_space<shared>>,
            %loaded: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  %c1 = arith.constant 1 : index
  pallas.barrier_wait %consumed[%c1] : memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["c"]>, #pallas.memory_space<shared>>
  pallas.barrier_arrive %consumed[%c1] : memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["c"]>, #pallas.memory_space<shared>>
  pallas.return
}

// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// A (3, 2) grid of clusters of (1, 2) CTAs: the CUDA grid counts CTAs,
// x = 2 * 2 = 4 and y = 3 * 1 = 3, the cluster is (x, y, z) = (2, 1, 1).
// axis_index of a cluster axis is the CTA's position in its cluster; of a
// grid axis, the block id divided by the cluster size along its dim (no
// division where the cluster is 1). A copy multicast over cluster axis "c"
// (CUDA x) has collective = [0]. A dynamic GMEM slice start becomes the
// copy's start index; a vector store into GMEM goes through a view.

// CHECK-LABEL: module @k
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch async [%{{.*}}] clusters(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C4]], %{{.*}} = %[[C3]], %{{.*}} = %[[C1]])
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[CB:.*]] = gpu.cluster_block_id x
// CHECK: %[[CI:.*]] = arith.index_cast %[[CB]] : index to i32
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[Q:.*]] = arith.divui %[[BX]], %{{.*}} : index
// CHECK: %[[J:.*]] = arith.index_cast %[[Q]] : index to i32
// CHECK: %[[START:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[S32:.*]] = arith.index_cast %[[START]] : index to i32
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %{{.*}}, %[[S32]], %{{.*}}) <{collective = [0 : i32], {{.*}}slice_lengths = array<i64: 32, 128>}>
// CHECK: %[[V:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [32, 128] [1, 1] : memref<96x256xf32> to memref<32x128xf32, strided<[256, 1], offset: ?>>
// CHECK: "mosaic_gpu.vector_store"(%{{.*}}, %[[V]]) <{multimem = false}>
pallas.kernel @k grid(3, 2) names("i", "j")
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i, j) -> (0, 0)> in gmem)
    outs(%o: memref<96x256xf32> block [96, 256] map affine_map<(i, j) -> (0, 0)> in gmem)
    scratch(%s: memref<32x128xf32, #pallas.memory_space<shared>>,
            %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 1, 2>, cluster_names = ["d", "c"]}}} {
  %c = pallas.axis_index "c"
  %j = pallas.axis_index "j"
  %c32 = arith.constant 32 : i32
  %r = arith.muli %c, %c32 : i32
  %start = arith.index_cast %r : i32 to index
  %tile = memref.subview %x[%start, 0] [32, 128] [1, 1] : memref<64x128xf32, #pallas.memory_space<gmem>> to memref<32x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
  pallas.copy_gmem_to_smem %tile -> %s, %b[] {collective_axes = ["c"]} : memref<32x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<32x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
  pallas.barrier_wait %b[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
  %v = pallas.load %s[] : memref<32x128xf32, #pallas.memory_space<shared>> -> vector<32x128xf32>
  %jr = arith.muli %j, %c32 : i32
  %row = arith.index_cast %jr : i32 to index
  pallas.store %v, %o[%row:32, 0:128] : vector<32x128xf32>, memref<96x256xf32, #pallas.memory_space<gmem>>
}

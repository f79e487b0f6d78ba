// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// Three warpgroups (384 threads) specialized on their index, with an array
// of two barriers and a barrier that orders the tensor core. By hand: the
// scratch buffer (64 * 128 f16 = 16384 bytes) at 0; the barrier array (2 x
// 8 bytes) at 16384, the other barrier at 16400; 16408 bytes in all.

// CHECK-LABEL: module @k
// CHECK-DAG: %[[T:.*]] = arith.constant 384 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 16408 : i32
// CHECK: gpu.launch {{.*}} threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[T]], {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[FULL:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[FULL]]) <{arrival_count = 1 : i64, num_barriers = 2 : i32, orders_tensor_core = false}>
// CHECK: %[[FPH:.*]] = memref.alloca() : memref<i32>
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 16400 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[DONE:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[DONE]]) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = true}>
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: gpu.barrier
// CHECK: arith.shrui %[[LIN:[0-9]+]], %c5_i32 : i32
// CHECK: nvvm.elect.sync
// CHECK: %[[DONEREF:.*]] = builtin.unrealized_conversion_cast %[[DONE]] : !llvm.ptr<3> to memref<!mosaic_gpu.barrier
// The scratch is shared by the warpgroups: a CTA barrier before it is sliced.
// CHECK: gpu.barrier
// CHECK-NEXT: "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
// axis_index "wg": the warpgroup index, linear / 128, broadcast over the warp.
// CHECK: %[[WG:.*]] = arith.shrui %[[LIN]], %{{.*}} : i32
// CHECK: %[[WGU:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WG]], %{{.*}}, %{{.*}} : i32 -> i32
// Each pl.when on the warpgroup index is JAX's scf.index_switch on the
// predicate widened to i32 (test/Reference/GPU/gpu_warp_specialized).
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[WGU]]
// CHECK-NEXT: %[[IS0W:.*]] = arith.extui %[[IS0]] : i1 to i32
// CHECK-NEXT: %[[IS0I:.*]] = arith.index_cast %[[IS0W]] : i32 to index
// CHECK-NEXT: scf.index_switch %[[IS0I]]
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK: nvvm.setmaxregister decrease 40
// Barrier 1 of the array: 8 bytes further, phase bit 1 (mask 2).
// CHECK: %[[F1:.*]] = llvm.getelementptr %[[FULL]][1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
// CHECK: %[[F1REF:.*]] = builtin.unrealized_conversion_cast %[[F1]] : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[F1REF]] : {{.*}}) 16384
// CHECK: "mosaic_gpu.async_load"(%{{.*}}, %{{.*}}, %[[F1REF]], %{{.*}}, %{{.*}})
// CHECK: scf.index_switch
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK: nvvm.setmaxregister increase 232
// CHECK: %[[W1:.*]] = llvm.getelementptr %[[FULL]][1]
// CHECK: %[[BITS:.*]] = memref.load %[[FPH]][] : memref<i32>
// CHECK: %[[MASK:.*]] = arith.constant 2 : i32
// CHECK: arith.andi %[[BITS]], %[[MASK]]
// CHECK: arith.xori %[[BITS]], %[[MASK]]
// CHECK: nvvm.mbarrier.try_wait.parity %[[W1]]
// CHECK: "mosaic_gpu.arrive"(%[[DONEREF]]) <{orders_tensor_core = true}>
pallas.kernel @k
    ins(%x: memref<64x128xf16> block [64, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<64x128xf16, #pallas.memory_space<shared>>,
            %full: memref<2x!pallas.barrier, #pallas.memory_space<shared>>,
            %done: memref<!pallas.barrier<orders_tensor_core = true>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", num_threads = 3, thread_name = "wg"}}} {
  %c1 = arith.constant 1 : index
  %wg = pallas.axis_index "wg"
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %producer = arith.cmpi eq, %wg, %zero : i32
  scf.if %producer {
    pallas.set_max_registers 40 decrease
    pallas.copy_gmem_to_smem %x -> %s, %full[%c1] : memref<64x128xf16, #pallas.memory_space<gmem>> -> memref<64x128xf16, #pallas.memory_space<shared>>, memref<2x!pallas.barrier, #pallas.memory_space<shared>>
  }
  %consumer = arith.cmpi eq, %wg, %one : i32
  scf.if %consumer {
    pallas.set_max_registers 232 increase
    pallas.barrier_wait %full[%c1] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>
    pallas.barrier_arrive %done[] : memref<!pallas.barrier<orders_tensor_core = true>, #pallas.memory_space<shared>>
  }
}

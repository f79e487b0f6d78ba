// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
//
// Input: JAX-derived data. examples/gpu/gpu_cluster_multicast.mlir (clusters
// of 2 blocks along x sharing a 64x128 f32 tile) lowered by `pallas-opt
// --convert-pallas-to-mosaic-gpu`, then annotated by jaxlib 0.10.2
// (canonicalize, cse, mosaic_gpu.infer_layout), as scripts/jax/compare_nvvm.py
// does. CHECK lines from jaxlib's lower_mgpu_dialect on this module (with
// the launch's cluster shape): each block loads half the rows (box 32x128,
// rows from its cluster index x 32) into the same half of every block's
// shared memory with multicast mask 3 << 0, and the barrier still expects
// the whole 32768 bytes (256 per thread); barriers around the GMEM store.

// CHECK: nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<32x128xf32, 3>
// CHECK: gpu.launch
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c256_i32
// CHECK: %[[ID:.*]] = gpu.cluster_block_id  x
// CHECK: %[[MASK:.*]] = arith.shli %c3_i32, %c0_i32{{.*}} : i32
// CHECK: %[[M16:.*]] = arith.trunci %[[MASK]] : i32 to i16
// CHECK: %[[PART:.*]] = arith.muli %{{.*}}, %c32{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %c16384{{.*}} : index
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%c0_i32{{.*}}, %[[ROW]]] multicast_mask = %[[M16]] predicate
// CHECK: nvvm.barrier
// CHECK-COUNT-32: vector.store
// CHECK: nvvm.barrier

module @gpu_cluster_multicast attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @gpu_cluster_multicast_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %c10000000_i32 = arith.constant 10000000 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c64_i32 = arith.constant 64 : i32
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c32776_i32 = arith.constant 32776 : i32
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = llvm.mlir.constant(256 : i64) : i64
    %1 = llvm.mlir.constant(1 : i64) : i64
    %2 = llvm.mlir.constant(128 : i64) : i64
    %3 = llvm.mlir.constant(0 : i64) : i64
    %4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %6 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %7 = llvm.insertvalue %6, %4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %8 = llvm.insertvalue %6, %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %9 = llvm.insertvalue %3, %8[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %10 = llvm.insertvalue %2, %9[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %11 = llvm.insertvalue %2, %10[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %12 = llvm.insertvalue %2, %11[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %13 = llvm.insertvalue %1, %12[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %14 = builtin.unrealized_conversion_cast %13 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<128x128xf32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %15 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %16 = llvm.load %15 : !llvm.ptr -> !llvm.ptr
    %17 = llvm.insertvalue %16, %4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %16, %17[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %3, %18[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %0, %19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %2, %20[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = llvm.insertvalue %2, %21[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = llvm.insertvalue %1, %22[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %24 = builtin.unrealized_conversion_cast %23 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x128xf32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %25 = gpu.launch async [%5] clusters(%arg14, %arg15, %arg16) in (%arg17 = %c2, %arg18 = %c1, %arg19 = %c1) blocks(%arg2, %arg3, %arg4) in (%arg8 = %c4, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c32776_i32 {
      %26 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %27 = builtin.unrealized_conversion_cast %26 : memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %28 = llvm.extractvalue %27[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %29 = llvm.extractvalue %27[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %30 = llvm.mul %29, %c8_i64 : i64
      %31 = llvm.ptrtoint %28 : !llvm.ptr<3> to i64
      %32 = llvm.add %31, %30 : i64
      %33 = llvm.inttoptr %32 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%33) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca[] : memref<i32>
      nvvm.fence.mbarrier.init
      nvvm.cluster.arrive.relaxed {aligned}
      nvvm.cluster.wait {aligned}
      gpu.barrier
      %34 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %35 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %36 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %37 = arith.index_cast %thread_id_y : index to i32
      %38 = arith.muli %37, %36 : i32
      %39 = arith.addi %35, %38 : i32
      %block_dim_y = gpu.block_dim y
      %40 = arith.index_cast %block_dim_y : index to i32
      %41 = arith.muli %36, %40 : i32
      %thread_id_z = gpu.thread_id z
      %42 = arith.index_cast %thread_id_z : index to i32
      %43 = arith.muli %42, %41 : i32
      %44 = arith.addi %39, %43 : i32
      %45 = arith.shrui %44, %c5_i32 : i32
      %46 = nvvm.shfl.sync idx %c-1_i32, %45, %c0_i32, %c31_i32 : i32 -> i32
      %47 = nvvm.elect.sync -> i1
      %48 = builtin.unrealized_conversion_cast %33 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %49 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[]]} : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
      %cluster_block_id_x = gpu.cluster_block_id x
      %50 = arith.index_cast %cluster_block_id_x : index to i32
      %block_id_x = gpu.block_id x
      %51 = arith.divui %block_id_x, %c2 : index
      %52 = arith.index_cast %51 : index to i32
      %53 = arith.muli %52, %c64_i32 : i32
      mosaic_gpu.arrive_expect_tx barrier(%48 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 32768
      "mosaic_gpu.async_load"(%14, %49, %48, %53, %c0_i32) <{collective = [0 : i32], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[]]} : (memref<128x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %54 = memref.load %alloca[] : memref<i32>
      %55 = arith.andi %54, %c1_i32 : i32
      %56 = arith.cmpi ne, %55, %c0_i32 : i32
      %57 = arith.xori %54, %c1_i32 : i32
      memref.store %57, %alloca[] : memref<i32>
      %58 = arith.extui %56 : i1 to i32
      nvvm.mbarrier.try_wait.parity %33, %58, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %59 = arith.muli %52, %c2_i32 : i32
      %60 = arith.addi %59, %50 : i32
      %61 = arith.muli %60, %c64_i32 : i32
      %62 = arith.index_cast %61 : i32 to index
      %63 = "mosaic_gpu.vector_load"(%49) <{optimized = true}> {in_transforms = [[]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]} : (memref<64x128xf32, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
      %subview = memref.subview %24[%62, 0] [64, 128] [1, 1] : memref<256x128xf32> to memref<64x128xf32, strided<[128, 1], offset: ?>>
      "mosaic_gpu.vector_store"(%63, %subview) <{multimem = false}> {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]} : (vector<64x128xf32>, memref<64x128xf32, strided<[128, 1], offset: ?>>) -> ()
      gpu.terminator
    }
    return
  }
}

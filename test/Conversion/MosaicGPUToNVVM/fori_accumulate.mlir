// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
//
// Input: JAX-derived data. examples/gpu/gpu_fori_accumulate.mlir lowered by
// `pallas-opt --convert-pallas-to-mosaic-gpu`, then annotated by jaxlib
// 0.10.2 (canonicalize, cse, mosaic_gpu.infer_layout), as
// scripts/jax/compare_nvvm.py does. The splat accumulator (hoisted to the
// host code by canonicalization) becomes its scalar in the kernel, broadcast
// into the 32 vector<2xf32> registers the loop carries (jaxlib's
// lower_mgpu_dialect also carries 32 vector<2xf32>); the loop body adds the
// 32 loaded registers to them and yields them. The result goes to the whole
// 64x128 output, a contiguous GMEM window: one thread issues a plain bulk
// copy of its 32768 bytes (clamped to the end of the ref), no descriptor, as
// jaxlib's cp.async.bulk.global.shared::cta.

// CHECK: gpu.launch
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[Z:.*]] = vector.broadcast %[[ZERO]] : f32 to vector<2xf32>
// CHECK: %[[R:.*]]:32 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:[a-z0-9]+]] = %[[Z]], %{{[a-z0-9]+}} = %[[Z]],
// CHECK-SAME: -> (vector<2xf32>,
// CHECK-COUNT-32: vector.load {{.*}} vector<2xf32>
// CHECK: arith.addf %[[A0]], %{{.*}} : vector<2xf32>
// CHECK-COUNT-31: arith.addf
// CHECK: scf.yield %{{.*}} : vector<2xf32>, vector<2xf32>,
// CHECK: vector.store %[[R]]#0, %{{.*}}[%{{.*}}] : {{.*}}, vector<2xf32>
// CHECK-NOT: unrealized_conversion_cast {{.*}} to vector<64x128xf32>
// CHECK: %[[BYTES:.*]] = arith.minui %c32768{{.*}}, %{{.*}} : index
// CHECK: scf.if
// CHECK-NEXT: nvvm.cp.async.bulk.global.shared.cta %{{.*}}, %{{.*}}, %{{.*}} : <1>, <3>
// CHECK-NOT: nvgpu.tma.create.descriptor

module @gpu_fori_accumulate attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @gpu_fori_accumulate_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %c7_i32 = arith.constant 7 : i32
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 128]>]} dense<0.000000e+00> : vector<64x128xf32>
    %c64 = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %c10000000_i32 = arith.constant 10000000 : i32
    %c1_i32 = arith.constant 1 : i32
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c163848_i32 = arith.constant 163848 : i32
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %0 = llvm.mlir.constant(64 : i64) : i64
    %1 = llvm.mlir.constant(1 : i64) : i64
    %2 = llvm.mlir.constant(128 : i64) : i64
    %3 = llvm.mlir.constant(256 : i64) : i64
    %4 = llvm.mlir.constant(0 : i64) : i64
    %5 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %7 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %8 = llvm.insertvalue %7, %5[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %9 = llvm.insertvalue %7, %8[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %10 = llvm.insertvalue %4, %9[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %11 = llvm.insertvalue %3, %10[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %12 = llvm.insertvalue %2, %11[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %13 = llvm.insertvalue %2, %12[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %14 = llvm.insertvalue %1, %13[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %15 = builtin.unrealized_conversion_cast %14 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x128xf32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %16 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %17 = llvm.load %16 : !llvm.ptr -> !llvm.ptr
    %18 = llvm.insertvalue %17, %5[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %17, %18[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %4, %19[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %0, %20[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = llvm.insertvalue %2, %21[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = llvm.insertvalue %2, %22[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %24 = llvm.insertvalue %1, %23[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %25 = builtin.unrealized_conversion_cast %24 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<64x128xf32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %26 = gpu.launch async [%6] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c163848_i32 {
      %27 = "mosaic_gpu.slice_smem"() <{offset = 163840 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %28 = builtin.unrealized_conversion_cast %27 : memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %29 = llvm.extractvalue %28[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %30 = llvm.extractvalue %28[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %31 = llvm.mul %30, %c8_i64 : i64
      %32 = llvm.ptrtoint %29 : !llvm.ptr<3> to i64
      %33 = llvm.add %32, %31 : i64
      %34 = llvm.inttoptr %33 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%34) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca[] : memref<i32>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %35 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %36 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %37 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %38 = arith.index_cast %thread_id_y : index to i32
      %39 = arith.muli %38, %37 : i32
      %40 = arith.addi %36, %39 : i32
      %block_dim_y = gpu.block_dim y
      %41 = arith.index_cast %block_dim_y : index to i32
      %42 = arith.muli %37, %41 : i32
      %thread_id_z = gpu.thread_id z
      %43 = arith.index_cast %thread_id_z : index to i32
      %44 = arith.muli %43, %42 : i32
      %45 = arith.addi %40, %44 : i32
      %46 = arith.shrui %45, %c5_i32 : i32
      %47 = nvvm.shfl.sync idx %c-1_i32, %46, %c0_i32, %c31_i32 : i32 -> i32
      %48 = nvvm.elect.sync -> i1
      %49 = builtin.unrealized_conversion_cast %34 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %50 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[]]} : () -> memref<1x256x128xf32, #gpu.address_space<workgroup>>
      %51 = "mosaic_gpu.slice_smem"() <{offset = 131072 : i32}> {out_transforms = [[]]} : () -> memref<1x64x128xf32, #gpu.address_space<workgroup>>
      %subview = memref.subview %50[0, 0, 0] [1, 256, 128] [1, 1, 1] {in_transforms = [[]], out_transforms = [[]]} : memref<1x256x128xf32, #gpu.address_space<workgroup>> to memref<256x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast = memref.cast %subview {in_transforms = [[]], out_transforms = [[]]} : memref<256x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%49 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 131072
      "mosaic_gpu.async_load"(%15, %cast, %49, %c0_i32, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 256, 128>}> {in_transforms = [[]]} : (memref<256x128xf32>, memref<256x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %52 = memref.load %alloca[] : memref<i32>
      %53 = arith.andi %52, %c1_i32 : i32
      %54 = arith.cmpi ne, %53, %c0_i32 : i32
      %55 = arith.xori %52, %c1_i32 : i32
      memref.store %55, %alloca[] : memref<i32>
      %56 = arith.extui %54 : i1 to i32
      nvvm.mbarrier.try_wait.parity %34, %56, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %subview_0 = memref.subview %51[0, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[]], out_transforms = [[]]} : memref<1x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast_1 = memref.cast %subview_0 {in_transforms = [[]], out_transforms = [[]]} : memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      %57 = scf.for %arg14 = %c0 to %c4 step %c1 iter_args(%arg15 = %cst) -> (vector<64x128xf32>) {
        %62 = arith.muli %arg14, %c64 : index
        %subview_2 = memref.subview %subview[%62, 0] [64, 128] [1, 1] {in_transforms = [[]], out_transforms = [[]]} : memref<256x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
        %63 = "mosaic_gpu.vector_load"(%subview_2) <{optimized = true}> {in_transforms = [[]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]} : (memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
        %64 = arith.addf %arg15, %63 {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>, #mosaic_gpu.WGStridedFragLayout<[64, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]} : vector<64x128xf32>
        scf.yield {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]} %64 : vector<64x128xf32>
      } {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]}
      "mosaic_gpu.vector_store"(%57, %cast_1) <{multimem = false}> {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>], in_transforms = [[]]} : (vector<64x128xf32>, memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      %58 = arith.shrui %45, %c7_i32 : i32
      %59 = arith.addi %58, %c1_i32 : i32
      %60 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %59 : (i32) -> !llvm.void
      "mosaic_gpu.async_store"(%cast_1, %25, %c0_i32, %c0_i32) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[]]} : (memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<64x128xf32>, i32, i32) -> ()
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
      %61 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %59 : (i32) -> !llvm.void
      gpu.terminator
    }
    return
  }
}

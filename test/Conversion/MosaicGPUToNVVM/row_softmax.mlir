// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin --verify-each -o /dev/null
//
// Input: JAX-derived data. examples/gpu/gpu_row_softmax.mlir (64x128 f32
// rows, tile<[8, 32]> + 128-byte swizzle) lowered by `pallas-opt
// --convert-pallas-to-mosaic-gpu`, then annotated by jaxlib 0.10.2
// (canonicalize, cse, mosaic_gpu.infer_layout), as scripts/jax/compare_nvvm.py
// does. CHECK lines from jaxlib's lower_mgpu_dialect on this module: the
// block is read from swizzled shared memory as 32 vector<2xf32> per thread
// (WGMMA layout), each of the two row reductions (max, then sum) takes 4
// butterfly shuffles per thread (2 rows x xor 1, xor 2; jaxlib has 8 in
// all), no shared memory; the result is stored back as 32 vector<2xf32>.

// CHECK: gpu.launch
// CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xf32>
// CHECK: arith.maximumf
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %c1_i32{{.*}}, %c31_i32{{.*}} : f32 -> f32
// CHECK: arith.maximumf
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %c2_i32{{.*}}, %c31_i32{{.*}} : f32 -> f32
// CHECK-COUNT-2: nvvm.shfl.sync  bfly
// CHECK-COUNT-32: arith.subf {{.*}} : vector<2xf32>
// CHECK-COUNT-32: math.exp {{.*}} : vector<2xf32>
// CHECK: arith.addf
// CHECK-COUNT-4: nvvm.shfl.sync  bfly
// CHECK-NOT: nvvm.shfl.sync  bfly
// CHECK-COUNT-32: arith.divf {{.*}} : vector<2xf32>
// CHECK: nvvm.barrier
// CHECK-COUNT-32: llvm.store {{.*}} : vector<2xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK-NOT: vector.multi_reduction
// CHECK-NOT: broadcast_in_dim

module @gpu_row_softmax attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @gpu_row_softmax_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %c7_i32 = arith.constant 7 : i32
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64]>]} dense<0.000000e+00> : vector<64xf32>
    %cst_0 = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64]>]} dense<0xFF800000> : vector<64xf32>
    %c10000000_i32 = arith.constant 10000000 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c67592_i32 = arith.constant 67592 : i32
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = llvm.mlir.constant(1 : i64) : i64
    %1 = llvm.mlir.constant(128 : i64) : i64
    %2 = llvm.mlir.constant(256 : i64) : i64
    %3 = llvm.mlir.constant(0 : i64) : i64
    %4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %6 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %7 = llvm.insertvalue %6, %4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %8 = llvm.insertvalue %6, %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %9 = llvm.insertvalue %3, %8[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %10 = llvm.insertvalue %2, %9[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %11 = llvm.insertvalue %1, %10[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %12 = llvm.insertvalue %1, %11[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %13 = llvm.insertvalue %0, %12[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %14 = builtin.unrealized_conversion_cast %13 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x128xf32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %15 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %16 = llvm.load %15 : !llvm.ptr -> !llvm.ptr
    %17 = llvm.insertvalue %16, %4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %16, %17[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %3, %18[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %2, %19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %1, %20[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = llvm.insertvalue %1, %21[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = llvm.insertvalue %0, %22[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %24 = builtin.unrealized_conversion_cast %23 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x128xf32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %25 = gpu.launch async [%5] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c4, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c67592_i32 {
      %26 = "mosaic_gpu.slice_smem"() <{offset = 67584 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
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
      %block_id_x = gpu.block_id x
      %48 = arith.index_cast %block_id_x : index to i32
      %49 = builtin.unrealized_conversion_cast %33 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %50 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<1x64x128xf32, #gpu.address_space<workgroup>>
      %51 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<1x64x128xf32, #gpu.address_space<workgroup>>
      %52 = arith.muli %48, %c64_i32 : i32
      %subview = memref.subview %50[0, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<1x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast = memref.cast %subview {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%49 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 32768
      "mosaic_gpu.async_load"(%14, %cast, %49, %52, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x128xf32>, memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %53 = memref.load %alloca[] : memref<i32>
      %54 = arith.andi %53, %c1_i32 : i32
      %55 = arith.cmpi ne, %54, %c0_i32 : i32
      %56 = arith.xori %53, %c1_i32 : i32
      memref.store %56, %alloca[] : memref<i32>
      %57 = arith.extui %55 : i1 to i32
      nvvm.mbarrier.try_wait.parity %33, %57, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %subview_1 = memref.subview %51[0, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<1x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast_2 = memref.cast %subview_1 {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      %58 = "mosaic_gpu.vector_load"(%cast) <{optimized = true}> {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
      %59 = mosaic_gpu.layout_cast x(%58 : vector<64x128xf32>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
      %60 = vector.multi_reduction <maximumf>, %59, %cst_0 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], offset = 65536 : i32, out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], scratch_size = 2048 : i32} [1] : vector<64x128xf32> to vector<64xf32>
      %61 = mosaic_gpu.broadcast_in_dim(%60 : vector<64xf32>) {broadcast_dimensions = array<i64: 0>, in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x128xf32>
      %62 = arith.subf %59, %61 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x128xf32>
      %63 = math.exp %62 fastmath<afn> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x128xf32>
      %64 = vector.multi_reduction <add>, %63, %cst {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], offset = 65536 : i32, out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], scratch_size = 2048 : i32} [1] : vector<64x128xf32> to vector<64xf32>
      %65 = mosaic_gpu.broadcast_in_dim(%64 : vector<64xf32>) {broadcast_dimensions = array<i64: 0>, in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x128xf32>
      %66 = arith.divf %63, %65 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x128xf32>
      "mosaic_gpu.vector_store"(%66, %cast_2) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x128xf32>, memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      %67 = arith.shrui %44, %c7_i32 : i32
      %68 = arith.addi %67, %c1_i32 : i32
      %69 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %68 : (i32) -> !llvm.void
      "mosaic_gpu.async_store"(%cast_2, %24, %52, %c0_i32) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<256x128xf32>, i32, i32) -> ()
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
      %70 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %68 : (i32) -> !llvm.void
      gpu.terminator
    }
    return
  }
}

// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin --verify-each -o /dev/null
//
// Input: JAX-derived data. JAX's own Mosaic GPU module of gpu_while_cond
// (test/Reference/GPU/gpu_while_cond.mlir: a while loop, then a
// two-way scf.index_switch choosing a 128x128 f32 value), annotated by
// jaxlib 0.10.2 (canonicalize, cse, mosaic_gpu.infer_layout), as
// `scripts/jax/compare_nvvm.py --references` does. CHECK lines from
// jaxlib's lower_mgpu_dialect on this module: the switch yields the 64
// vector<2xf32> registers of each strided branch value.

// CHECK: gpu.launch
// CHECK: scf.index_switch %{{.*}} -> vector<2xf32>, vector<2xf32>,
// CHECK: case 0 {
// CHECK-COUNT-64: arith.subf {{.*}} : vector<2xf32>
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}} : vector<2xf32>, vector<2xf32>, vector<2xf32>,
// CHECK: default {
// CHECK-COUNT-64: arith.mulf {{.*}} : vector<2xf32>
// CHECK: scf.yield
// CHECK-NOT: vector<128x128xf32>

module @kernel attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @kernel_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[128, 128]>]} dense<1.000000e+00> : vector<128x128xf32>
    %cst_0 = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[128, 128]>]} dense<2.000000e+00> : vector<128x128xf32>
    %c7_i32 = arith.constant 7 : i32
    %c16_i32 = arith.constant 16 : i32
    %c2_i32 = arith.constant 2 : i32
    %c10000000_i32 = arith.constant 10000000 : i32
    %c1_i32 = arith.constant 1 : i32
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c131080_i32 = arith.constant 131080 : i32
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %0 = llvm.mlir.constant(128 : i64) : i64
    %1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.mlir.constant(1 : i64) : i64
    %3 = llvm.mlir.constant(0 : i64) : i64
    %4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %5 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %6 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %7 = llvm.insertvalue %6, %4[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %8 = llvm.insertvalue %6, %7[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %9 = llvm.insertvalue %3, %8[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %10 = llvm.insertvalue %2, %9[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %11 = llvm.insertvalue %2, %10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %12 = builtin.unrealized_conversion_cast %11 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<1xi32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %13 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %14 = llvm.load %13 : !llvm.ptr -> !llvm.ptr
    %15 = llvm.insertvalue %14, %1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %16 = llvm.insertvalue %14, %15[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %17 = llvm.insertvalue %3, %16[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %0, %17[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %0, %18[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %0, %19[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %2, %20[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = builtin.unrealized_conversion_cast %21 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<128x128xf32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %23 = llvm.getelementptr %arg1[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %24 = llvm.load %23 : !llvm.ptr -> !llvm.ptr
    %25 = llvm.insertvalue %24, %1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %26 = llvm.insertvalue %24, %25[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %27 = llvm.insertvalue %3, %26[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %28 = llvm.insertvalue %0, %27[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %29 = llvm.insertvalue %0, %28[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %30 = llvm.insertvalue %0, %29[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %31 = llvm.insertvalue %2, %30[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %32 = builtin.unrealized_conversion_cast %31 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<128x128xf32> {mosaic_gpu.from_kernel_arg_idx = 2 : i32, mosaic_gpu.original_kernel_arg}
    %33 = gpu.launch async [%5] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c131080_i32 {
      %34 = "mosaic_gpu.slice_smem"() <{offset = 131072 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %35 = builtin.unrealized_conversion_cast %34 : memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %36 = llvm.extractvalue %35[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %37 = llvm.extractvalue %35[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %38 = llvm.mul %37, %c8_i64 : i64
      %39 = llvm.ptrtoint %36 : !llvm.ptr<3> to i64
      %40 = llvm.add %39, %38 : i64
      %41 = llvm.inttoptr %40 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%41) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca[] : memref<i32>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %42 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %43 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %44 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %45 = arith.index_cast %thread_id_y : index to i32
      %46 = arith.muli %45, %44 : i32
      %47 = arith.addi %43, %46 : i32
      %block_dim_y = gpu.block_dim y
      %48 = arith.index_cast %block_dim_y : index to i32
      %49 = arith.muli %44, %48 : i32
      %thread_id_z = gpu.thread_id z
      %50 = arith.index_cast %thread_id_z : index to i32
      %51 = arith.muli %50, %49 : i32
      %52 = arith.addi %47, %51 : i32
      %53 = arith.shrui %52, %c5_i32 : i32
      %54 = nvvm.shfl.sync idx %c-1_i32, %53, %c0_i32, %c31_i32 : i32 -> i32
      %55 = nvvm.elect.sync -> i1
      %56 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[]]} : () -> memref<1x128x128xf32, #gpu.address_space<workgroup>>
      %57 = "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> {out_transforms = [[]]} : () -> memref<1x128x128xf32, #gpu.address_space<workgroup>>
      %subview = memref.subview %56[0, 0, 0] [1, 128, 128] [1, 1, 1] {in_transforms = [[]], out_transforms = [[]]} : memref<1x128x128xf32, #gpu.address_space<workgroup>> to memref<128x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast = memref.cast %subview {in_transforms = [[]], out_transforms = [[]]} : memref<128x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      %58 = builtin.unrealized_conversion_cast %41 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%58 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 65536
      "mosaic_gpu.async_load"(%22, %cast, %58, %c0_i32, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 128>}> {in_transforms = [[]]} : (memref<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %59 = memref.load %alloca[] : memref<i32>
      %60 = arith.andi %59, %c1_i32 : i32
      %61 = arith.cmpi ne, %60, %c0_i32 : i32
      %62 = arith.xori %59, %c1_i32 : i32
      memref.store %62, %alloca[] : memref<i32>
      %63 = arith.extui %61 : i1 to i32
      nvvm.mbarrier.try_wait.parity %41, %63, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      %subview_1 = memref.subview %57[0, 0, 0] [1, 128, 128] [1, 1, 1] {in_transforms = [[]], out_transforms = [[]]} : memref<1x128x128xf32, #gpu.address_space<workgroup>> to memref<128x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast_2 = memref.cast %subview_1 {in_transforms = [[]], out_transforms = [[]]} : memref<128x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      %subview_3 = memref.subview %12[0] [1] [1] : memref<1xi32> to memref<i32, strided<[]>>
      %64 = memref.load %subview_3[] : memref<i32, strided<[]>>
      %65 = scf.while (%arg14 = %c1_i32) : (i32) -> i32 {
        %75 = arith.cmpi slt, %arg14, %64 : i32
        scf.condition(%75) %arg14 : i32
      } do {
      ^bb0(%arg14: i32):
        %75 = arith.muli %arg14, %c2_i32 : i32
        scf.yield %75 : i32
      }
      %66 = "mosaic_gpu.vector_load"(%cast) <{optimized = true}> {in_transforms = [[]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>]} : (memref<128x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<128x128xf32>
      %67 = arith.cmpi sgt, %65, %c16_i32 : i32
      %68 = arith.extui %67 : i1 to i32
      %69 = arith.index_cast %68 : i32 to index
      %70 = scf.index_switch %69 {out_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>]} -> vector<128x128xf32> 
      case 0 {
        %75 = arith.subf %66, %cst {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>, #mosaic_gpu.WGStridedFragLayout<[128, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>]} : vector<128x128xf32>
        scf.yield {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>]} %75 : vector<128x128xf32>
      }
      default {
        %75 = arith.mulf %66, %cst_0 {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>, #mosaic_gpu.WGStridedFragLayout<[128, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>]} : vector<128x128xf32>
        scf.yield {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>]} %75 : vector<128x128xf32>
      }
      "mosaic_gpu.vector_store"(%70, %cast_2) <{multimem = false}> {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[128, 128], 2>], in_transforms = [[]]} : (vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      %71 = arith.shrui %52, %c7_i32 : i32
      %72 = arith.addi %71, %c1_i32 : i32
      %73 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %72 : (i32) -> !llvm.void
      "mosaic_gpu.async_store"(%cast_2, %32, %c0_i32, %c0_i32) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 128, 128>}> {in_transforms = [[]]} : (memref<128x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<128x128xf32>, i32, i32) -> ()
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
      %74 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %72 : (i32) -> !llvm.void
      gpu.terminator
    }
    return
  }
}

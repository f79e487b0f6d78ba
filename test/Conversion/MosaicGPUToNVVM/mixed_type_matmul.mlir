// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
//
// Input: JAX-derived data. examples/gpu/ops_hopper_mixed_type_matmul.mlir
// (jax.experimental.pallas.ops.gpu's Hopper matmul with int8 A converted to
// bf16 in registers) lowered by `pallas-opt --convert-pallas-to-mosaic-gpu`,
// then annotated by jaxlib 0.10.2 (canonicalize, cse,
// mosaic_gpu.infer_layout), as scripts/jax/compare_nvvm.py does. CHECK
// lines from jaxlib's lower_mgpu_dialect on this module: the int8 A tiles
// use the 64-byte swizzle (tile<[8, 64]> of i8), read in the WGMMA layout as
// 32 vector<2xi8> per thread and converted to bf16; the 8 m64n128k16 bf16
// WGMMAs take A from registers (PTX, transposed B: `1, 1, 1`) and B from
// 128-byte swizzled memory (descriptor 4611687117943209984: leading byte
// offset 1024, stride 4096).

// CHECK: nvgpu.tma.create.descriptor {{.*}} : memref<*xi8> -> <tensor = memref<16x1x8x64xi8, 3>, swizzle = swizzle_64b
// CHECK: nvgpu.tma.create.descriptor {{.*}} : memref<*xbf16> -> <tensor = {{.*}}, swizzle = swizzle_128b
// CHECK: gpu.launch
// CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xi8>
// CHECK-COUNT-32: arith.sitofp {{.*}} : vector<2xi8> to vector<2xbf16>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: arith.constant 4611687117943209984 : i64
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 1; }
// CHECK-COUNT-7: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// CHECK-NOT: mosaic_gpu.wgmma

module @ops_hopper_mixed_type_matmul attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @ops_hopper_mixed_type_matmul_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[128, 128]>]} dense<0.000000e+00> : vector<128x128xf32>
    %c2_i32 = arith.constant 2 : i32
    %c10000000_i32 = arith.constant 10000000 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c7_i32 = arith.constant 7 : i32
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c114720_i32 = arith.constant 114720 : i32
    %c384 = arith.constant 384 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = llvm.mlir.constant(1 : i64) : i64
    %1 = llvm.mlir.constant(256 : i64) : i64
    %2 = llvm.mlir.constant(0 : i64) : i64
    %3 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %5 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %6 = llvm.insertvalue %5, %3[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %7 = llvm.insertvalue %5, %6[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %8 = llvm.insertvalue %2, %7[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %9 = llvm.insertvalue %1, %8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %10 = llvm.insertvalue %1, %9[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %11 = llvm.insertvalue %1, %10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %12 = llvm.insertvalue %0, %11[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x256xi8> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %14 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %15 = llvm.load %14 : !llvm.ptr -> !llvm.ptr
    %16 = llvm.insertvalue %15, %3[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %17 = llvm.insertvalue %15, %16[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %2, %17[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %1, %18[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %1, %19[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %1, %20[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = llvm.insertvalue %0, %21[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = builtin.unrealized_conversion_cast %22 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x256xbf16> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %24 = llvm.getelementptr %arg1[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %25 = llvm.load %24 : !llvm.ptr -> !llvm.ptr
    %26 = llvm.insertvalue %25, %3[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %27 = llvm.insertvalue %25, %26[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %28 = llvm.insertvalue %2, %27[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %29 = llvm.insertvalue %1, %28[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %30 = llvm.insertvalue %1, %29[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %31 = llvm.insertvalue %1, %30[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %32 = llvm.insertvalue %0, %31[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %33 = builtin.unrealized_conversion_cast %32 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x256xbf16> {mosaic_gpu.from_kernel_arg_idx = 2 : i32, mosaic_gpu.original_kernel_arg}
    %34 = gpu.launch async [%4] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c4, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c384, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c114720_i32 {
      %35 = "mosaic_gpu.slice_smem"() <{offset = 114688 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %36 = builtin.unrealized_conversion_cast %35 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %37 = llvm.extractvalue %36[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %38 = llvm.extractvalue %36[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %39 = llvm.mul %38, %c8_i64 : i64
      %40 = llvm.ptrtoint %37 : !llvm.ptr<3> to i64
      %41 = llvm.add %40, %39 : i64
      %42 = llvm.inttoptr %41 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%42) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca[] : memref<i32>
      %43 = "mosaic_gpu.slice_smem"() <{offset = 114704 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %44 = builtin.unrealized_conversion_cast %43 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %45 = llvm.extractvalue %44[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %46 = llvm.extractvalue %44[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %47 = llvm.mul %46, %c8_i64 : i64
      %48 = llvm.ptrtoint %45 : !llvm.ptr<3> to i64
      %49 = llvm.add %48, %47 : i64
      %50 = llvm.inttoptr %49 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%50) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca_0 = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca_0[] : memref<i32>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %51 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %52 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %53 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %54 = arith.index_cast %thread_id_y : index to i32
      %55 = arith.muli %54, %53 : i32
      %56 = arith.addi %52, %55 : i32
      %block_dim_y = gpu.block_dim y
      %57 = arith.index_cast %block_dim_y : index to i32
      %58 = arith.muli %53, %57 : i32
      %thread_id_z = gpu.thread_id z
      %59 = arith.index_cast %thread_id_z : index to i32
      %60 = arith.muli %59, %58 : i32
      %61 = arith.addi %56, %60 : i32
      %62 = arith.shrui %61, %c5_i32 : i32
      %63 = nvvm.shfl.sync idx %c-1_i32, %62, %c0_i32, %c31_i32 : i32 -> i32
      %64 = nvvm.elect.sync -> i1
      %block_id_x = gpu.block_id x
      %65 = arith.index_cast %block_id_x : index to i32
      %66 = builtin.unrealized_conversion_cast %50 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      gpu.barrier
      %67 = arith.shrui %61, %c7_i32 : i32
      %68 = nvvm.shfl.sync idx %c-1_i32, %67, %c0_i32, %c31_i32 : i32 -> i32
      %69 = arith.index_cast %68 : i32 to index
      %70 = arith.index_cast %65 : i32 to index
      scf.for %arg14 = %70 to %c2 step %c4 {
        %73 = arith.divui %arg14, %c2 : index
        %74 = arith.remui %arg14, %c2 : index
        %75 = arith.remui %73, %c2 : index
        %76 = arith.cmpi eq, %75, %c0 : index
        %77 = arith.subi %c1, %74 : index
        %78 = arith.select %76, %74, %77 : index
        %79 = arith.muli %78, %c128 : index
        %80 = arith.muli %73, %c256 : index
        %81 = arith.cmpi eq, %69, %c2 : index
        scf.if %81 {
          nvvm.setmaxregister decrease 40
          %82 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : () -> memref<2x128x64xi8, #gpu.address_space<workgroup>>
          %83 = "mosaic_gpu.with_transforms"(%82) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<2x128x64xi8, #gpu.address_space<workgroup>>) -> memref<2x128x64xi8, #gpu.address_space<workgroup>>
          %subview = memref.subview %83[0, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : memref<2x128x64xi8, #gpu.address_space<workgroup>> to memref<128x64xi8, strided<[64, 1]>, #gpu.address_space<workgroup>>
          %cast = memref.cast %subview {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : memref<128x64xi8, strided<[64, 1]>, #gpu.address_space<workgroup>> to memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %84 = arith.index_cast %79 : index to i32
          mosaic_gpu.arrive_expect_tx barrier(%66 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
          "mosaic_gpu.async_load"(%13, %cast, %66, %84, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<256x256xi8>, memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
          %85 = "mosaic_gpu.slice_smem"() <{offset = 49152 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x256xbf16, #gpu.address_space<workgroup>>
          %86 = "mosaic_gpu.with_transforms"(%85) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x256xbf16, #gpu.address_space<workgroup>>) -> memref<2x64x256xbf16, #gpu.address_space<workgroup>>
          %subview_1 = memref.subview %86[0, 0, 0] [1, 64, 256] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x256xbf16, #gpu.address_space<workgroup>> to memref<64x256xbf16, strided<[256, 1]>, #gpu.address_space<workgroup>>
          %cast_2 = memref.cast %subview_1 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x256xbf16, strided<[256, 1]>, #gpu.address_space<workgroup>> to memref<64x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>
          %87 = arith.index_cast %80 : index to i32
          mosaic_gpu.arrive_expect_tx barrier(%66 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 32768
          "mosaic_gpu.async_load"(%23, %cast_2, %66, %c0_i32, %87) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 256>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xbf16>, memref<64x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
          %88 = "mosaic_gpu.with_transforms"(%82) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<2x128x64xi8, #gpu.address_space<workgroup>>) -> memref<2x128x64xi8, #gpu.address_space<workgroup>>
          %subview_3 = memref.subview %88[1, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : memref<2x128x64xi8, #gpu.address_space<workgroup>> to memref<128x64xi8, strided<[64, 1], offset: 8192>, #gpu.address_space<workgroup>>
          %cast_4 = memref.cast %subview_3 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : memref<128x64xi8, strided<[64, 1], offset: 8192>, #gpu.address_space<workgroup>> to memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %89 = llvm.getelementptr %50[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
          %90 = builtin.unrealized_conversion_cast %89 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
          mosaic_gpu.arrive_expect_tx barrier(%90 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
          "mosaic_gpu.async_load"(%13, %cast_4, %90, %84, %c64_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<256x256xi8>, memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
          %91 = "mosaic_gpu.with_transforms"(%85) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x256xbf16, #gpu.address_space<workgroup>>) -> memref<2x64x256xbf16, #gpu.address_space<workgroup>>
          %subview_5 = memref.subview %91[1, 0, 0] [1, 64, 256] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x256xbf16, #gpu.address_space<workgroup>> to memref<64x256xbf16, strided<[256, 1], offset: 16384>, #gpu.address_space<workgroup>>
          %cast_6 = memref.cast %subview_5 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x256xbf16, strided<[256, 1], offset: 16384>, #gpu.address_space<workgroup>> to memref<64x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>
          mosaic_gpu.arrive_expect_tx barrier(%90 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 32768
          "mosaic_gpu.async_load"(%23, %cast_6, %90, %c64_i32, %87) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 256>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xbf16>, memref<64x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
          scf.for %arg15 = %c0 to %c2 step %c1 {
            %103 = arith.remui %arg15, %c2 : index
            %104 = arith.index_castui %103 : index to i32
            %105 = llvm.getelementptr %42[%104] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
            %106 = memref.load %alloca[] : memref<i32>
            %107 = arith.shli %c1_i32, %104 : i32
            %108 = arith.andi %106, %107 : i32
            %109 = arith.cmpi ne, %108, %c0_i32 : i32
            %110 = arith.xori %106, %107 : i32
            memref.store %110, %alloca[] : memref<i32>
            %111 = arith.extui %109 : i1 to i32
            nvvm.mbarrier.try_wait.parity %105, %111, %c10000000_i32 : !llvm.ptr<3>, i32, i32
            %112 = arith.addi %arg15, %c2 : index
            %113 = arith.muli %112, %c64 : index
            %114 = "mosaic_gpu.with_transforms"(%82) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<2x128x64xi8, #gpu.address_space<workgroup>>) -> memref<2x128x64xi8, #gpu.address_space<workgroup>>
            %subview_7 = memref.subview %114[%103, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : memref<2x128x64xi8, #gpu.address_space<workgroup>> to memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            %115 = llvm.getelementptr %50[%104] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
            %116 = builtin.unrealized_conversion_cast %115 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
            %117 = arith.index_cast %113 : index to i32
            mosaic_gpu.arrive_expect_tx barrier(%116 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
            "mosaic_gpu.async_load"(%13, %subview_7, %116, %84, %117) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<256x256xi8>, memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
            %118 = "mosaic_gpu.with_transforms"(%85) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x256xbf16, #gpu.address_space<workgroup>>) -> memref<2x64x256xbf16, #gpu.address_space<workgroup>>
            %subview_8 = memref.subview %118[%103, 0, 0] [1, 64, 256] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x256xbf16, #gpu.address_space<workgroup>> to memref<64x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>
            mosaic_gpu.arrive_expect_tx barrier(%116 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 32768
            "mosaic_gpu.async_load"(%23, %subview_8, %116, %117, %87) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 256>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xbf16>, memref<64x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
          }
          %92 = memref.load %alloca[] : memref<i32>
          %93 = arith.andi %92, %c1_i32 : i32
          %94 = arith.cmpi ne, %93, %c0_i32 : i32
          %95 = arith.xori %92, %c1_i32 : i32
          memref.store %95, %alloca[] : memref<i32>
          %96 = arith.extui %94 : i1 to i32
          nvvm.mbarrier.try_wait.parity %42, %96, %c10000000_i32 : !llvm.ptr<3>, i32, i32
          %97 = llvm.getelementptr %42[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
          %98 = memref.load %alloca[] : memref<i32>
          %99 = arith.andi %98, %c2_i32 : i32
          %100 = arith.cmpi ne, %99, %c0_i32 : i32
          %101 = arith.xori %98, %c2_i32 : i32
          memref.store %101, %alloca[] : memref<i32>
          %102 = arith.extui %100 : i1 to i32
          nvvm.mbarrier.try_wait.parity %97, %102, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        } else {
          nvvm.setmaxregister increase 232
          %82 = arith.muli %69, %c128 : index
          %83 = "mosaic_gpu.optimization_barrier"(%cst) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (vector<128x128xf32>) -> vector<128x128xf32>
          nvvm.wgmma.fence.aligned
          %84 = scf.for %arg15 = %c0 to %c4 step %c1 iter_args(%arg16 = %83) -> (vector<128x128xf32>) {
            %116 = arith.remui %arg15, %c2 : index
            %117 = arith.index_castui %116 : index to i32
            %118 = llvm.getelementptr %50[%117] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
            %119 = memref.load %alloca_0[] : memref<i32>
            %120 = arith.shli %c1_i32, %117 : i32
            %121 = arith.andi %119, %120 : i32
            %122 = arith.cmpi ne, %121, %c0_i32 : i32
            %123 = arith.xori %119, %120 : i32
            memref.store %123, %alloca_0[] : memref<i32>
            %124 = arith.extui %122 : i1 to i32
            nvvm.mbarrier.try_wait.parity %118, %124, %c10000000_i32 : !llvm.ptr<3>, i32, i32
            %125 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : () -> memref<2x128x64xi8, #gpu.address_space<workgroup>>
            %126 = "mosaic_gpu.with_transforms"(%125) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : (memref<2x128x64xi8, #gpu.address_space<workgroup>>) -> memref<2x128x64xi8, #gpu.address_space<workgroup>>
            %subview_8 = memref.subview %126[%116, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]} : memref<2x128x64xi8, #gpu.address_space<workgroup>> to memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            %127 = "mosaic_gpu.slice_smem"() <{offset = 49152 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x256xbf16, #gpu.address_space<workgroup>>
            %128 = "mosaic_gpu.with_transforms"(%127) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x256xbf16, #gpu.address_space<workgroup>>) -> memref<2x64x256xbf16, #gpu.address_space<workgroup>>
            %subview_9 = memref.subview %128[%116, 0, %82] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x256xbf16, #gpu.address_space<workgroup>> to memref<64x128xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>
            %129 = "mosaic_gpu.vector_load"(%subview_8) <{optimized = true}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (memref<128x64xi8, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<128x64xi8>
            %130 = arith.sitofp %129 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<128x64xi8> to vector<128x64xbf16>
            %131 = mosaic_gpu.wgmma accumulator(%arg16 : vector<128x128xf32>) a(%130 : vector<128x64xbf16>) b(%subview_9 : memref<64x128xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<128x128xf32>
            nvvm.wgmma.commit.group.sync.aligned
            nvvm.wgmma.wait.group.sync.aligned 0
            %132 = llvm.getelementptr %42[%117] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
            %133 = builtin.unrealized_conversion_cast %132 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
            "mosaic_gpu.arrive"(%133) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
            scf.yield {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} %131 : vector<128x128xf32>
          } {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
          nvvm.wgmma.wait.group.sync.aligned 0
          %85 = arith.truncf %84 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<128x128xf32> to vector<128x128xbf16>
          nvvm.cp.async.bulk.wait_group 0 {read}
          %86 = arith.addi %67, %c1_i32 : i32
          %87 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %88 = vector.extract_strided_slice %85 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [0, 0], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], sizes = [64, 64], strides = [1, 1]} : vector<128x128xbf16> to vector<64x64xbf16>
          %89 = vector.extract_strided_slice %85 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [0, 64], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], sizes = [64, 64], strides = [1, 1]} : vector<128x128xbf16> to vector<64x64xbf16>
          %90 = vector.extract_strided_slice %85 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [64, 0], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], sizes = [64, 64], strides = [1, 1]} : vector<128x128xbf16> to vector<64x64xbf16>
          %91 = vector.extract_strided_slice %85 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [64, 64], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], sizes = [64, 64], strides = [1, 1]} : vector<128x128xbf16> to vector<64x64xbf16>
          %92 = arith.addi %80, %82 : index
          %93 = arith.addi %92, %c64 : index
          %94 = arith.addi %79, %c64 : index
          nvvm.cp.async.bulk.wait_group 1 {read}
          %95 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %96 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %97 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview = memref.subview %97[%69, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          "mosaic_gpu.vector_store"(%88, %subview) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xbf16>, memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          %98 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %99 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_1 = memref.subview %99[%69, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %100 = arith.index_cast %79 : index to i32
          %101 = arith.index_cast %92 : index to i32
          "mosaic_gpu.async_store"(%subview_1, %33, %100, %101) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<256x256xbf16>, i32, i32) -> ()
          nvvm.cp.async.bulk.wait_group 1 {read}
          %102 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %103 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_2 = memref.subview %103[%69, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          "mosaic_gpu.vector_store"(%89, %subview_2) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xbf16>, memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          %104 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %105 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_3 = memref.subview %105[%69, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %106 = arith.index_cast %93 : index to i32
          "mosaic_gpu.async_store"(%subview_3, %33, %100, %106) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<256x256xbf16>, i32, i32) -> ()
          nvvm.cp.async.bulk.wait_group 1 {read}
          %107 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %108 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_4 = memref.subview %108[%69, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          "mosaic_gpu.vector_store"(%90, %subview_4) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xbf16>, memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          %109 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %110 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_5 = memref.subview %110[%69, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %111 = arith.index_cast %94 : index to i32
          "mosaic_gpu.async_store"(%subview_5, %33, %111, %101) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<256x256xbf16>, i32, i32) -> ()
          nvvm.cp.async.bulk.wait_group 1 {read}
          %112 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %113 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_6 = memref.subview %113[%69, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          "mosaic_gpu.vector_store"(%91, %subview_6) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xbf16>, memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          %114 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %86 : (i32) -> !llvm.void
          %115 = "mosaic_gpu.with_transforms"(%96) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xbf16, #gpu.address_space<workgroup>>
          %subview_7 = memref.subview %115[%69, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          "mosaic_gpu.async_store"(%subview_7, %33, %111, %106) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<256x256xbf16>, i32, i32) -> ()
        }
      }
      nvvm.cp.async.bulk.wait_group 0 {read}
      %71 = arith.addi %67, %c1_i32 : i32
      %72 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %71 : (i32) -> !llvm.void
      gpu.terminator
    }
    return
  }
}

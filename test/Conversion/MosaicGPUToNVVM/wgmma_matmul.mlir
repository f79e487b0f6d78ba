// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin --verify-each -o /dev/null
//
// Input: JAX-derived data. examples/gpu/gpu_wgmma_matmul.mlir (256x256 f16
// matmul, 128x128 blocks, K pipeline of 2 x 64, tile<[8, 64]> + 128-byte
// swizzle on the operands) lowered by `pallas-opt
// --convert-pallas-to-mosaic-gpu`, then annotated by jaxlib 0.10.2
// (canonicalize, cse, mosaic_gpu.infer_layout), as scripts/jax/compare_nvvm.py
// does. CHECK lines from jaxlib's lower_mgpu_dialect on this module: TMA
// descriptors over the 4-D tiled view of each operand (rank-4 boxes, A
// 16x1x8x64, B 8x2x8x64, the output 16x2x8x64), the loop carrying the
// 128x128 f32 accumulator as 64 vector<2xf32> registers per thread, 8
// m64n128k16 WGMMAs per step (2 row blocks x 4 K steps) with the matrix
// descriptor constants jaxlib computes (A: leading byte offset 0, stride
// 1024, 128-byte swizzle = 4611686293305294848; B, transposed: leading 1024,
// stride 2048 = 4611686568187396096), and the f16 result stored to swizzled
// shared memory as 64 vector<2xf16> per thread.

// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<16x1x8x64xf16, 3>, swizzle = swizzle_128b
// CHECK: nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<8x2x8x64xf16, 3>, swizzle = swizzle_128b
// CHECK: nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<16x2x8x64xf16, 3>, swizzle = swizzle_128b
// CHECK: gpu.launch
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] predicate
// CHECK: scf.for {{.*}} -> (vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>)
// CHECK: arith.constant 4611686293305294848 : i64
// CHECK: arith.constant 4611686568187396096 : i64
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-COUNT-7: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: scf.if
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-64: arith.truncf {{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: nvvm.barrier
// CHECK-COUNT-64: llvm.store {{.*}} : vector<2xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], predicate
// CHECK-NOT: mosaic_gpu.wgmma
// CHECK-NOT: with_transforms

module @gpu_wgmma_matmul attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @gpu_wgmma_matmul_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %c7_i32 = arith.constant 7 : i32
    %c3_i32 = arith.constant 3 : i32
    %c10000000_i32 = arith.constant 10000000 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[128, 128]>]} dense<0.000000e+00> : vector<128x128xf32>
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c131088_i32 = arith.constant 131088 : i32
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
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
    %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x256xf16> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %14 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %15 = llvm.load %14 : !llvm.ptr -> !llvm.ptr
    %16 = llvm.insertvalue %15, %3[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %17 = llvm.insertvalue %15, %16[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %2, %17[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.insertvalue %1, %18[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %20 = llvm.insertvalue %1, %19[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %1, %20[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = llvm.insertvalue %0, %21[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = builtin.unrealized_conversion_cast %22 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x256xf16> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %24 = llvm.getelementptr %arg1[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %25 = llvm.load %24 : !llvm.ptr -> !llvm.ptr
    %26 = llvm.insertvalue %25, %3[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %27 = llvm.insertvalue %25, %26[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %28 = llvm.insertvalue %2, %27[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %29 = llvm.insertvalue %1, %28[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %30 = llvm.insertvalue %1, %29[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %31 = llvm.insertvalue %1, %30[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %32 = llvm.insertvalue %0, %31[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %33 = builtin.unrealized_conversion_cast %32 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x256xf16> {mosaic_gpu.from_kernel_arg_idx = 2 : i32, mosaic_gpu.original_kernel_arg}
    %34 = gpu.launch async [%4] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c2, %arg9 = %c2, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c131088_i32 {
      %35 = "mosaic_gpu.slice_smem"() <{offset = 131072 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
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
      nvvm.fence.mbarrier.init
      gpu.barrier
      %43 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %44 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %45 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %46 = arith.index_cast %thread_id_y : index to i32
      %47 = arith.muli %46, %45 : i32
      %48 = arith.addi %44, %47 : i32
      %block_dim_y = gpu.block_dim y
      %49 = arith.index_cast %block_dim_y : index to i32
      %50 = arith.muli %45, %49 : i32
      %thread_id_z = gpu.thread_id z
      %51 = arith.index_cast %thread_id_z : index to i32
      %52 = arith.muli %51, %50 : i32
      %53 = arith.addi %48, %52 : i32
      %54 = arith.shrui %53, %c5_i32 : i32
      %55 = nvvm.shfl.sync idx %c-1_i32, %54, %c0_i32, %c31_i32 : i32 -> i32
      %56 = nvvm.elect.sync -> i1
      %block_id_y = gpu.block_id y
      %57 = arith.index_cast %block_id_y : index to i32
      %block_id_x = gpu.block_id x
      %58 = arith.index_cast %block_id_x : index to i32
      %59 = builtin.unrealized_conversion_cast %42 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %60 = "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x128x128xf16, #gpu.address_space<workgroup>>
      %61 = arith.muli %57, %c128_i32 : i32
      %62 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x128x64xf16, #gpu.address_space<workgroup>>
      %63 = "mosaic_gpu.with_transforms"(%62) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x128x64xf16, #gpu.address_space<workgroup>>) -> memref<2x128x64xf16, #gpu.address_space<workgroup>>
      %subview = memref.subview %63[0, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      %cast = memref.cast %subview {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<128x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%59 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
      "mosaic_gpu.async_load"(%13, %cast, %59, %61, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xf16>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %64 = arith.muli %58, %c128_i32 : i32
      %65 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
      %66 = "mosaic_gpu.with_transforms"(%65) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
      %subview_0 = memref.subview %66[0, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x128xf16, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
      %cast_1 = memref.cast %subview_0 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x128xf16, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%59 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
      "mosaic_gpu.async_load"(%23, %cast_1, %59, %c0_i32, %64) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xf16>, memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %67 = "mosaic_gpu.with_transforms"(%62) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x128x64xf16, #gpu.address_space<workgroup>>) -> memref<2x128x64xf16, #gpu.address_space<workgroup>>
      %subview_2 = memref.subview %67[1, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: 8192>, #gpu.address_space<workgroup>>
      %cast_3 = memref.cast %subview_2 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<128x64xf16, strided<[64, 1], offset: 8192>, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %68 = llvm.getelementptr %42[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
      %69 = builtin.unrealized_conversion_cast %68 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%69 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
      "mosaic_gpu.async_load"(%13, %cast_3, %69, %61, %c64_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xf16>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %70 = "mosaic_gpu.with_transforms"(%65) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
      %subview_4 = memref.subview %70[1, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x128xf16, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: 8192>, #gpu.address_space<workgroup>>
      %cast_5 = memref.cast %subview_4 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x128xf16, strided<[128, 1], offset: 8192>, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      mosaic_gpu.arrive_expect_tx barrier(%69 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
      "mosaic_gpu.async_load"(%23, %cast_5, %69, %c64_i32, %64) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xf16>, memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
      %71 = "mosaic_gpu.optimization_barrier"(%cst) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (vector<128x128xf32>) -> vector<128x128xf32>
      nvvm.wgmma.fence.aligned
      %72 = scf.for %arg14 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg15 = %71) -> (vector<128x128xf32>)  : i32 {
        %77 = arith.remsi %arg14, %c2_i32 : i32
        %78 = arith.index_cast %77 : i32 to index
        %79 = arith.index_castui %78 : index to i32
        %80 = llvm.getelementptr %42[%79] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
        %81 = memref.load %alloca[] : memref<i32>
        %82 = arith.shli %c1_i32, %79 : i32
        %83 = arith.andi %81, %82 : i32
        %84 = arith.cmpi ne, %83, %c0_i32 : i32
        %85 = arith.xori %81, %82 : i32
        memref.store %85, %alloca[] : memref<i32>
        %86 = arith.extui %84 : i1 to i32
        nvvm.mbarrier.try_wait.parity %80, %86, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        %87 = "mosaic_gpu.with_transforms"(%62) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x128x64xf16, #gpu.address_space<workgroup>>) -> memref<2x128x64xf16, #gpu.address_space<workgroup>>
        %subview_8 = memref.subview %87[%78, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %88 = "mosaic_gpu.with_transforms"(%65) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
        %subview_9 = memref.subview %88[%78, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x128xf16, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
        %subview_10 = memref.subview %60[%78, 0, 0] [1, 128, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x128x128xf16, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
        %89 = "mosaic_gpu.with_transforms"(%subview_8) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %90 = "mosaic_gpu.with_transforms"(%subview_9) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
        %91 = mosaic_gpu.wgmma accumulator(%arg15 : vector<128x128xf32>) a(%89 : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) b(%90 : memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<128x128xf32>
        nvvm.wgmma.commit.group.sync.aligned
        %92 = arith.cmpi eq, %arg14, %c3_i32 : i32
        scf.if %92 {
          nvvm.wgmma.wait.group.sync.aligned 0
          %97 = arith.truncf %91 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<128x128xf32> to vector<128x128xf16>
          "mosaic_gpu.vector_store"(%97, %subview_10) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<128x128xf16>, memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
        }
        nvvm.wgmma.wait.group.sync.aligned 1
        %93 = arith.addi %arg14, %c2_i32 : i32
        %94 = arith.cmpi sge, %arg14, %c0_i32 : i32
        %95 = arith.cmpi slt, %93, %c4_i32 : i32
        %96 = arith.andi %94, %95 : i1
        scf.if %96 {
          %97 = arith.remsi %93, %c2_i32 : i32
          %98 = arith.index_cast %97 : i32 to index
          %99 = arith.index_castui %98 : index to i32
          %100 = arith.muli %93, %c64_i32 : i32
          %101 = "mosaic_gpu.with_transforms"(%62) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x128x64xf16, #gpu.address_space<workgroup>>) -> memref<2x128x64xf16, #gpu.address_space<workgroup>>
          %subview_11 = memref.subview %101[%98, 0, 0] [1, 128, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %102 = llvm.getelementptr %42[%99] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %103 = builtin.unrealized_conversion_cast %102 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
          mosaic_gpu.arrive_expect_tx barrier(%103 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
          "mosaic_gpu.async_load"(%13, %subview_11, %103, %61, %100) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 128, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xf16>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
          %104 = "mosaic_gpu.with_transforms"(%65) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
          %subview_12 = memref.subview %104[%98, 0, 0] [1, 64, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x128xf16, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
          mosaic_gpu.arrive_expect_tx barrier(%103 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
          "mosaic_gpu.async_load"(%23, %subview_12, %103, %100, %64) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x256xf16>, memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
        }
        scf.yield {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} %91 : vector<128x128xf32>
      } {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      %73 = arith.shrui %53, %c7_i32 : i32
      %74 = arith.addi %73, %c1_i32 : i32
      %75 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %74 : (i32) -> !llvm.void
      %subview_6 = memref.subview %60[1, 0, 0] [1, 128, 128] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x128x128xf16, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: 16384>, #gpu.address_space<workgroup>>
      %cast_7 = memref.cast %subview_6 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<128x128xf16, strided<[128, 1], offset: 16384>, #gpu.address_space<workgroup>> to memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
      "mosaic_gpu.async_store"(%cast_7, %33, %61, %64) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 128, 128>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<128x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<256x256xf16>, i32, i32) -> ()
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
      %76 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %74 : (i32) -> !llvm.void
      gpu.terminator
    }
    return
  }
}

// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin --verify-each -o /dev/null
//
// Input: JAX-derived data. examples/gpu/ops_attention_pipeline_emitter.mlir
// (the pipeline-emitter flash attention of jax.experimental.pallas.ops.gpu,
// 64x64 f16 blocks) lowered by `pallas-opt --convert-pallas-to-mosaic-gpu`,
// then annotated by jaxlib 0.10.2 (canonicalize, cse,
// mosaic_gpu.infer_layout), as scripts/jax/compare_nvvm.py does. CHECK lines
// from jaxlib's lower_mgpu_dialect on this module: Q, K, V come in through
// swizzled TMA of the rank-4 GMEM refs (1x256x2x64: a 5-D tiled view, box
// 8x1x1x8x64); S = Q K^T is 4 m64n64k16 WGMMAs with K^T a transposed
// (K-major) tile, both descriptors 4611686293305294848 (stride 1024); the
// softmax rows take 8 butterfly shuffles; P V is 4 WGMMAs with P in
// registers (a WGMMA fence first), V MN-major (descriptor
// 4611686293309489152: leading and stride byte offsets 1024), jaxlib writing
// those as PTX as we do.

// CHECK: nvgpu.tma.create.descriptor {{.*}} box[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<8x1x1x8x64xf16, 3>, swizzle = swizzle_128b
// CHECK: gpu.launch
// CHECK: arith.constant 4611686293305294848 : i64
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <col>]
// CHECK-COUNT-4: nvvm.shfl.sync  bfly
// CHECK-COUNT-4: nvvm.shfl.sync  bfly
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: arith.constant 4611686293309489152 : i64
// CHECK: llvm.inline_asm has_side_effects "{ .reg .pred p; setp.ne.b32 p, $69, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, {$64,$65,$66,$67}, $68, p, 1, 1, 1; }", "=f,{{.*}},=f,0,1,{{.*}},31,r,r,r,r,l,n"
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: mosaic_gpu.wgmma

module @ops_attention_pipeline_emitter attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @ops_attention_pipeline_emitter_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]} dense<1.44269502> : vector<64x64xf32>
    %cst_0 = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64]>]} dense<1.44269502> : vector<64xf32>
    %cst_1 = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64]>]} dense<0.000000e+00> : vector<64xf32>
    %cst_2 = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64]>]} dense<0xFF800000> : vector<64xf32>
    %cst_3 = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]} dense<0.000000e+00> : vector<64x64xf32>
    %c2_i32 = arith.constant 2 : i32
    %c10000000_i32 = arith.constant 10000000 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c7_i32 = arith.constant 7 : i32
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c51272_i32 = arith.constant 51272 : i32
    %c384 = arith.constant 384 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %0 = llvm.mlir.constant(128 : i64) : i64
    %1 = llvm.mlir.constant(32768 : i64) : i64
    %2 = llvm.mlir.constant(64 : i64) : i64
    %3 = llvm.mlir.constant(2 : i64) : i64
    %4 = llvm.mlir.constant(256 : i64) : i64
    %5 = llvm.mlir.constant(1 : i64) : i64
    %6 = llvm.mlir.constant(0 : i64) : i64
    %7 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)>
    %8 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %9 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %10 = llvm.insertvalue %9, %7[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %11 = llvm.insertvalue %9, %10[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %12 = llvm.insertvalue %6, %11[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %13 = llvm.insertvalue %5, %12[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %14 = llvm.insertvalue %4, %13[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %15 = llvm.insertvalue %3, %14[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %16 = llvm.insertvalue %2, %15[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %17 = llvm.insertvalue %1, %16[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %18 = llvm.insertvalue %0, %17[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %19 = llvm.insertvalue %2, %18[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %20 = llvm.insertvalue %5, %19[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %21 = builtin.unrealized_conversion_cast %20 : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> to memref<1x256x2x64xf16> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %22 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %23 = llvm.load %22 : !llvm.ptr -> !llvm.ptr
    %24 = llvm.insertvalue %23, %7[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %25 = llvm.insertvalue %23, %24[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %26 = llvm.insertvalue %6, %25[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %27 = llvm.insertvalue %5, %26[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %28 = llvm.insertvalue %4, %27[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %29 = llvm.insertvalue %3, %28[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %30 = llvm.insertvalue %2, %29[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %31 = llvm.insertvalue %1, %30[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %32 = llvm.insertvalue %0, %31[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %33 = llvm.insertvalue %2, %32[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %34 = llvm.insertvalue %5, %33[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %35 = builtin.unrealized_conversion_cast %34 : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> to memref<1x256x2x64xf16> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %36 = llvm.getelementptr %arg1[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %37 = llvm.load %36 : !llvm.ptr -> !llvm.ptr
    %38 = llvm.insertvalue %37, %7[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %39 = llvm.insertvalue %37, %38[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %40 = llvm.insertvalue %6, %39[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %41 = llvm.insertvalue %5, %40[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %42 = llvm.insertvalue %4, %41[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %43 = llvm.insertvalue %3, %42[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %44 = llvm.insertvalue %2, %43[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %45 = llvm.insertvalue %1, %44[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %46 = llvm.insertvalue %0, %45[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %47 = llvm.insertvalue %2, %46[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %48 = llvm.insertvalue %5, %47[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %49 = builtin.unrealized_conversion_cast %48 : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> to memref<1x256x2x64xf16> {mosaic_gpu.from_kernel_arg_idx = 2 : i32, mosaic_gpu.original_kernel_arg}
    %50 = llvm.getelementptr %arg1[3] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %51 = llvm.load %50 : !llvm.ptr -> !llvm.ptr
    %52 = llvm.insertvalue %51, %7[0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %53 = llvm.insertvalue %51, %52[1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %54 = llvm.insertvalue %6, %53[2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %55 = llvm.insertvalue %5, %54[3, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %56 = llvm.insertvalue %4, %55[3, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %57 = llvm.insertvalue %3, %56[3, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %58 = llvm.insertvalue %2, %57[3, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %59 = llvm.insertvalue %1, %58[4, 0] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %60 = llvm.insertvalue %0, %59[4, 1] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %61 = llvm.insertvalue %2, %60[4, 2] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %62 = llvm.insertvalue %5, %61[4, 3] : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> 
    %63 = builtin.unrealized_conversion_cast %62 : !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)> to memref<1x256x2x64xf16> {mosaic_gpu.from_kernel_arg_idx = 3 : i32, mosaic_gpu.original_kernel_arg}
    %64 = gpu.launch async [%8] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c2, %arg10 = %c2) threads(%arg5, %arg6, %arg7) in (%arg11 = %c384, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c51272_i32 {
      %65 = "mosaic_gpu.slice_smem"() <{offset = 51200 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %66 = builtin.unrealized_conversion_cast %65 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %67 = llvm.extractvalue %66[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %68 = llvm.extractvalue %66[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %69 = llvm.mul %68, %c8_i64 : i64
      %70 = llvm.ptrtoint %67 : !llvm.ptr<3> to i64
      %71 = llvm.add %70, %69 : i64
      %72 = llvm.inttoptr %71 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%72) <{arrival_count = 1 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca[] : memref<i32>
      %73 = "mosaic_gpu.slice_smem"() <{offset = 51216 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %74 = builtin.unrealized_conversion_cast %73 : memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %75 = llvm.extractvalue %74[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %76 = llvm.extractvalue %74[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %77 = llvm.mul %76, %c8_i64 : i64
      %78 = llvm.ptrtoint %75 : !llvm.ptr<3> to i64
      %79 = llvm.add %78, %77 : i64
      %80 = llvm.inttoptr %79 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%80) <{arrival_count = 2 : i64, num_barriers = 1 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca_4 = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca_4[] : memref<i32>
      %81 = "mosaic_gpu.slice_smem"() <{offset = 51224 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %82 = builtin.unrealized_conversion_cast %81 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %83 = llvm.extractvalue %82[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %84 = llvm.extractvalue %82[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %85 = llvm.mul %84, %c8_i64 : i64
      %86 = llvm.ptrtoint %83 : !llvm.ptr<3> to i64
      %87 = llvm.add %86, %85 : i64
      %88 = llvm.inttoptr %87 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%88) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca_5 = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca_5[] : memref<i32>
      %89 = "mosaic_gpu.slice_smem"() <{offset = 51240 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %90 = builtin.unrealized_conversion_cast %89 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %91 = llvm.extractvalue %90[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %92 = llvm.extractvalue %90[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %93 = llvm.mul %92, %c8_i64 : i64
      %94 = llvm.ptrtoint %91 : !llvm.ptr<3> to i64
      %95 = llvm.add %94, %93 : i64
      %96 = llvm.inttoptr %95 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%96) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca_6 = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca_6[] : memref<i32>
      %97 = "mosaic_gpu.slice_smem"() <{offset = 51256 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %98 = builtin.unrealized_conversion_cast %97 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %99 = llvm.extractvalue %98[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %100 = llvm.extractvalue %98[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %101 = llvm.mul %100, %c8_i64 : i64
      %102 = llvm.ptrtoint %99 : !llvm.ptr<3> to i64
      %103 = llvm.add %102, %101 : i64
      %104 = llvm.inttoptr %103 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%104) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca_7 = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca_7[] : memref<i32>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %105 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %106 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %107 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %108 = arith.index_cast %thread_id_y : index to i32
      %109 = arith.muli %108, %107 : i32
      %110 = arith.addi %106, %109 : i32
      %block_dim_y = gpu.block_dim y
      %111 = arith.index_cast %block_dim_y : index to i32
      %112 = arith.muli %107, %111 : i32
      %thread_id_z = gpu.thread_id z
      %113 = arith.index_cast %thread_id_z : index to i32
      %114 = arith.muli %113, %112 : i32
      %115 = arith.addi %110, %114 : i32
      %116 = arith.shrui %115, %c5_i32 : i32
      %117 = nvvm.shfl.sync idx %c-1_i32, %116, %c0_i32, %c31_i32 : i32 -> i32
      %118 = nvvm.elect.sync -> i1
      %block_id_z = gpu.block_id z
      %119 = arith.index_cast %block_id_z : index to i32
      %block_id_y = gpu.block_id y
      %120 = arith.index_cast %block_id_y : index to i32
      %block_id_x = gpu.block_id x
      %121 = arith.index_cast %block_id_x : index to i32
      %122 = builtin.unrealized_conversion_cast %80 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %123 = builtin.unrealized_conversion_cast %88 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      gpu.barrier
      %124 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
      %125 = arith.shrui %115, %c7_i32 : i32
      %126 = nvvm.shfl.sync idx %c-1_i32, %125, %c0_i32, %c31_i32 : i32 -> i32
      %127 = arith.index_cast %126 : i32 to index
      %128 = arith.index_cast %120 : i32 to index
      %129 = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
      %130 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
      %131 = arith.cmpi eq, %127, %c2 : index
      scf.if %131 {
        nvvm.setmaxregister decrease 40
        %subview = memref.subview %129[0, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
        %cast = memref.cast %subview {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        mosaic_gpu.arrive_expect_tx barrier(%123 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
        "mosaic_gpu.async_load"(%35, %cast, %123, %121, %c0_i32, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
        %subview_8 = memref.subview %130[0, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
        %cast_9 = memref.cast %subview_8 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        mosaic_gpu.arrive_expect_tx barrier(%123 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
        "mosaic_gpu.async_load"(%49, %cast_9, %123, %121, %c0_i32, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
        %subview_10 = memref.subview %129[1, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
        %cast_11 = memref.cast %subview_10 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %132 = llvm.getelementptr %88[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
        %133 = builtin.unrealized_conversion_cast %132 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
        mosaic_gpu.arrive_expect_tx barrier(%133 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
        "mosaic_gpu.async_load"(%35, %cast_11, %133, %121, %c64_i32, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
        %subview_12 = memref.subview %130[1, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
        %cast_13 = memref.cast %subview_12 {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        mosaic_gpu.arrive_expect_tx barrier(%133 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
        "mosaic_gpu.async_load"(%49, %cast_13, %133, %121, %c64_i32, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
        scf.for %arg14 = %c2 to %c4 step %c1 {
          %156 = arith.remui %arg14, %c2 : index
          %157 = arith.muli %arg14, %c64 : index
          %158 = arith.index_castui %156 : index to i32
          %159 = llvm.getelementptr %104[%158] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %160 = memref.load %alloca_7[] : memref<i32>
          %161 = arith.shli %c1_i32, %158 : i32
          %162 = arith.andi %160, %161 : i32
          %163 = arith.cmpi ne, %162, %c0_i32 : i32
          %164 = arith.xori %160, %161 : i32
          memref.store %164, %alloca_7[] : memref<i32>
          %165 = arith.extui %163 : i1 to i32
          nvvm.mbarrier.try_wait.parity %159, %165, %c10000000_i32 : !llvm.ptr<3>, i32, i32
          %subview_14 = memref.subview %129[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %166 = llvm.getelementptr %88[%158] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %167 = builtin.unrealized_conversion_cast %166 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
          %168 = arith.index_cast %157 : index to i32
          mosaic_gpu.arrive_expect_tx barrier(%167 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
          "mosaic_gpu.async_load"(%35, %subview_14, %167, %121, %168, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
          %169 = llvm.getelementptr %96[%158] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %170 = memref.load %alloca_6[] : memref<i32>
          %171 = arith.andi %170, %161 : i32
          %172 = arith.cmpi ne, %171, %c0_i32 : i32
          %173 = arith.xori %170, %161 : i32
          memref.store %173, %alloca_6[] : memref<i32>
          %174 = arith.extui %172 : i1 to i32
          nvvm.mbarrier.try_wait.parity %169, %174, %c10000000_i32 : !llvm.ptr<3>, i32, i32
          %subview_15 = memref.subview %130[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          mosaic_gpu.arrive_expect_tx barrier(%167 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
          "mosaic_gpu.async_load"(%49, %subview_15, %167, %121, %168, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
        }
        %134 = memref.load %alloca_7[] : memref<i32>
        %135 = arith.andi %134, %c1_i32 : i32
        %136 = arith.cmpi ne, %135, %c0_i32 : i32
        %137 = arith.xori %134, %c1_i32 : i32
        memref.store %137, %alloca_7[] : memref<i32>
        %138 = arith.extui %136 : i1 to i32
        nvvm.mbarrier.try_wait.parity %104, %138, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        %139 = memref.load %alloca_6[] : memref<i32>
        %140 = arith.andi %139, %c1_i32 : i32
        %141 = arith.cmpi ne, %140, %c0_i32 : i32
        %142 = arith.xori %139, %c1_i32 : i32
        memref.store %142, %alloca_6[] : memref<i32>
        %143 = arith.extui %141 : i1 to i32
        nvvm.mbarrier.try_wait.parity %96, %143, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        %144 = llvm.getelementptr %104[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
        %145 = memref.load %alloca_7[] : memref<i32>
        %146 = arith.andi %145, %c2_i32 : i32
        %147 = arith.cmpi ne, %146, %c0_i32 : i32
        %148 = arith.xori %145, %c2_i32 : i32
        memref.store %148, %alloca_7[] : memref<i32>
        %149 = arith.extui %147 : i1 to i32
        nvvm.mbarrier.try_wait.parity %144, %149, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        %150 = llvm.getelementptr %96[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
        %151 = memref.load %alloca_6[] : memref<i32>
        %152 = arith.andi %151, %c2_i32 : i32
        %153 = arith.cmpi ne, %152, %c0_i32 : i32
        %154 = arith.xori %151, %c2_i32 : i32
        memref.store %154, %alloca_6[] : memref<i32>
        %155 = arith.extui %153 : i1 to i32
        nvvm.mbarrier.try_wait.parity %150, %155, %c10000000_i32 : !llvm.ptr<3>, i32, i32
      } else {
        nvvm.setmaxregister increase 232
        %132 = arith.muli %128, %c128 : index
        %133 = arith.muli %127, %c64 : index
        %134 = arith.addi %132, %133 : index
        %subview = memref.subview %124[%127, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
        %135 = arith.index_castui %127 : index to i32
        %136 = llvm.getelementptr %72[%135] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
        %137 = builtin.unrealized_conversion_cast %136 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
        %138 = arith.index_cast %134 : index to i32
        mosaic_gpu.arrive_expect_tx barrier(%137 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
        "mosaic_gpu.async_load"(%21, %subview, %137, %121, %138, %119, %c0_i32) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 4, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<1x256x2x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i32, i32) -> ()
        %139 = memref.load %alloca[] : memref<i32>
        %140 = arith.shli %c1_i32, %135 : i32
        %141 = arith.andi %139, %140 : i32
        %142 = arith.cmpi ne, %141, %c0_i32 : i32
        %143 = arith.xori %139, %140 : i32
        memref.store %143, %alloca[] : memref<i32>
        %144 = arith.extui %142 : i1 to i32
        nvvm.mbarrier.try_wait.parity %136, %144, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        %145 = arith.cmpi eq, %127, %c1 : index
        scf.if %145 {
          "mosaic_gpu.arrive"(%122) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
          %154 = memref.load %alloca_4[] : memref<i32>
          %155 = arith.andi %154, %c1_i32 : i32
          %156 = arith.cmpi ne, %155, %c0_i32 : i32
          %157 = arith.xori %154, %c1_i32 : i32
          memref.store %157, %alloca_4[] : memref<i32>
          %158 = arith.extui %156 : i1 to i32
          nvvm.mbarrier.try_wait.parity %80, %158, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        }
        %146:3 = scf.for %arg14 = %c0 to %c4 step %c1 iter_args(%arg15 = %cst_3, %arg16 = %cst_2, %arg17 = %cst_1) -> (vector<64x64xf32>, vector<64xf32>, vector<64xf32>) {
          %154 = arith.remui %arg14, %c2 : index
          %155 = arith.index_castui %154 : index to i32
          %156 = llvm.getelementptr %88[%155] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %157 = memref.load %alloca_5[] : memref<i32>
          %158 = arith.shli %c1_i32, %155 : i32
          %159 = arith.andi %157, %158 : i32
          %160 = arith.cmpi ne, %159, %c0_i32 : i32
          %161 = arith.xori %157, %158 : i32
          memref.store %161, %alloca_5[] : memref<i32>
          %162 = arith.extui %160 : i1 to i32
          nvvm.mbarrier.try_wait.parity %156, %162, %c10000000_i32 : !llvm.ptr<3>, i32, i32
          %subview_8 = memref.subview %129[%154, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %subview_9 = memref.subview %130[%154, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %163 = "mosaic_gpu.optimization_barrier"(%cst_3) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (vector<64x64xf32>) -> vector<64x64xf32>
          nvvm.wgmma.fence.aligned
          %transpose = memref.transpose %subview_8 (d0, d1) -> (d1, d0) {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[64, 8]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[1, 64], offset: ?>, #gpu.address_space<workgroup>>
          %164 = mosaic_gpu.wgmma accumulator(%163 : vector<64x64xf32>) a(%subview : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) b(%transpose : memref<64x64xf16, strided<[1, 64], offset: ?>, #gpu.address_space<workgroup>>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[64, 8]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32>
          nvvm.wgmma.commit.group.sync.aligned
          "mosaic_gpu.arrive"(%122) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
          %165 = memref.load %alloca_4[] : memref<i32>
          %166 = arith.andi %165, %c1_i32 : i32
          %167 = arith.cmpi ne, %166, %c0_i32 : i32
          %168 = arith.xori %165, %c1_i32 : i32
          memref.store %168, %alloca_4[] : memref<i32>
          %169 = arith.extui %167 : i1 to i32
          nvvm.mbarrier.try_wait.parity %80, %169, %c10000000_i32 : !llvm.ptr<3>, i32, i32
          nvvm.wgmma.wait.group.sync.aligned 0
          %170 = llvm.getelementptr %104[%155] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %171 = builtin.unrealized_conversion_cast %170 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
          "mosaic_gpu.arrive"(%171) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
          %172 = vector.multi_reduction <maximumf>, %164, %cst_2 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], offset = 49152 : i32, out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], scratch_size = 2048 : i32} [1] : vector<64x64xf32> to vector<64xf32>
          %173 = arith.mulf %172, %cst_0 {in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} : vector<64xf32>
          %174 = arith.maximumf %arg16, %173 {in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} : vector<64xf32>
          %175 = arith.subf %arg16, %174 {in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} : vector<64xf32>
          %176 = math.exp2 %175 fastmath<afn> {in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} : vector<64xf32>
          %177 = arith.mulf %164, %cst {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32>
          %178 = mosaic_gpu.broadcast_in_dim(%174 : vector<64xf32>) {broadcast_dimensions = array<i64: 0>, in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32>
          %179 = arith.subf %177, %178 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32>
          %180 = math.exp2 %179 fastmath<afn> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32>
          %181 = mosaic_gpu.broadcast_in_dim(%176 : vector<64xf32>) {broadcast_dimensions = array<i64: 0>, in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32>
          %182 = arith.mulf %arg15, %181 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32>
          %183 = arith.mulf %arg17, %176 {in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} : vector<64xf32>
          %184 = arith.truncf %180 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32> to vector<64x64xf16>
          "mosaic_gpu.arrive"(%122) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
          %185 = memref.load %alloca_4[] : memref<i32>
          %186 = arith.andi %185, %c1_i32 : i32
          %187 = arith.cmpi ne, %186, %c0_i32 : i32
          %188 = arith.xori %185, %c1_i32 : i32
          memref.store %188, %alloca_4[] : memref<i32>
          %189 = arith.extui %187 : i1 to i32
          nvvm.mbarrier.try_wait.parity %80, %189, %c10000000_i32 : !llvm.ptr<3>, i32, i32
          %190 = vector.multi_reduction <add>, %180, %cst_1 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], offset = 49152 : i32, out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], scratch_size = 2048 : i32} [1] : vector<64x64xf32> to vector<64xf32>
          %191 = arith.addf %183, %190 {in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} : vector<64xf32>
          %192 = "mosaic_gpu.optimization_barrier"(%182) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (vector<64x64xf32>) -> vector<64x64xf32>
          nvvm.wgmma.fence.aligned
          %193 = mosaic_gpu.wgmma accumulator(%192 : vector<64x64xf32>) a(%184 : vector<64x64xf16>) b(%subview_9 : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32>
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          %194 = llvm.getelementptr %96[%155] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
          %195 = builtin.unrealized_conversion_cast %194 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
          "mosaic_gpu.arrive"(%195) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
          scf.yield {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]} %193, %174, %191 : vector<64x64xf32>, vector<64xf32>, vector<64xf32>
        } {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]}
        %147 = arith.cmpi eq, %127, %c0 : index
        scf.if %147 {
          "mosaic_gpu.arrive"(%122) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
          %154 = memref.load %alloca_4[] : memref<i32>
          %155 = arith.andi %154, %c1_i32 : i32
          %156 = arith.cmpi ne, %155, %c0_i32 : i32
          %157 = arith.xori %154, %c1_i32 : i32
          memref.store %157, %alloca_4[] : memref<i32>
          %158 = arith.extui %156 : i1 to i32
          nvvm.mbarrier.try_wait.parity %80, %158, %c10000000_i32 : !llvm.ptr<3>, i32, i32
        }
        %148 = mosaic_gpu.broadcast_in_dim(%146#2 : vector<64xf32>) {broadcast_dimensions = array<i64: 0>, in_layouts = [#mosaic_gpu.TiledLayout<[[64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32>
        %149 = arith.divf %146#0, %148 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32>
        %150 = arith.truncf %149 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32> to vector<64x64xf16>
        "mosaic_gpu.vector_store"(%150, %subview) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        %151 = arith.addi %125, %c1_i32 : i32
        %152 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %151 : (i32) -> !llvm.void
        "mosaic_gpu.async_store"(%subview, %63, %121, %138, %119, %c0_i32) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 4, 0, 0>, slice_lengths = array<i64: -1, 64, -1, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<1x256x2x64xf16>, i32, i32, i32, i32) -> ()
        nvvm.cp.async.bulk.wait_group 0
        %153 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %151 : (i32) -> !llvm.void
      }
      gpu.terminator
    }
    return
  }
}

// RUN: %pallas_opt --convert-mosaic-gpu-to-nvvm %s | FileCheck %s
//
// Input: JAX-derived data. JAX's own Mosaic GPU module of the transposed
// ragged dot of jax.experimental.pallas.ops.gpu
// (test/Reference/GPU/ops_transposed_ragged_dot.mlir), annotated by jaxlib
// 0.10.2 (canonicalize, cse, mosaic_gpu.infer_layout), as
// `scripts/jax/compare_nvvm.py --references` does. CHECK lines from jaxlib's
// lower_mgpu_dialect on this module: a while loop carries the 64x64 f32
// accumulator as 16 vector<2xf32> (and 3 scalars); its WGMMAs take a
// transposed (MN-major) A and an MN-major B, both with the descriptor
// 4611686293309489152 (leading and stride byte offsets 1024).

// CHECK: gpu.launch
// CHECK: %{{.*}}:19 = scf.while (%{{.*}}) : (vector<2xf32>, {{.*}}, i32, i32, i32) -> (vector<2xf32>,
// CHECK: scf.condition(%{{.*}}) %{{.*}} : vector<2xf32>,
// CHECK: arith.constant 4611686293309489152 : i64
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <col>], B[<f16>, <one>, <row>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} A[<f16>, <one>, <col>]
// CHECK: scf.yield {{.*}} : vector<2xf32>,

module @body attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
  llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
  func.func @body_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %cst = arith.constant {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]} dense<0.000000e+00> : vector<64x64xf32>
    %c7_i32 = arith.constant 7 : i32
    %c10000000_i32 = arith.constant 10000000 : i32
    %c64_i32 = arith.constant 64 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c31_i32 = arith.constant 31 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i64 = arith.constant 8 : i64
    %c32784_i32 = arith.constant 32784 : i32
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = llvm.mlir.constant(16384 : i64) : i64
    %1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
    %2 = llvm.mlir.constant(128 : i64) : i64
    %3 = llvm.mlir.constant(256 : i64) : i64
    %4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.mlir.constant(1 : i64) : i64
    %6 = llvm.mlir.constant(2 : i64) : i64
    %7 = llvm.mlir.constant(0 : i64) : i64
    %8 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %9 = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr to !gpu.async.token
    %10 = llvm.load %arg1 : !llvm.ptr -> !llvm.ptr
    %11 = llvm.insertvalue %10, %8[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %12 = llvm.insertvalue %10, %11[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %13 = llvm.insertvalue %7, %12[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %14 = llvm.insertvalue %6, %13[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %15 = llvm.insertvalue %5, %14[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %16 = builtin.unrealized_conversion_cast %15 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2xi32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
    %17 = llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %18 = llvm.load %17 : !llvm.ptr -> !llvm.ptr
    %19 = llvm.insertvalue %18, %8[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %20 = llvm.insertvalue %18, %19[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %21 = llvm.insertvalue %7, %20[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %22 = llvm.insertvalue %6, %21[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %23 = llvm.insertvalue %5, %22[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %24 = builtin.unrealized_conversion_cast %23 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2xi32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
    %25 = llvm.getelementptr %arg1[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %26 = llvm.load %25 : !llvm.ptr -> !llvm.ptr
    %27 = llvm.insertvalue %26, %8[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %28 = llvm.insertvalue %26, %27[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %29 = llvm.insertvalue %7, %28[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %30 = llvm.insertvalue %6, %29[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %31 = llvm.insertvalue %5, %30[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %32 = builtin.unrealized_conversion_cast %31 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2xi32> {mosaic_gpu.from_kernel_arg_idx = 2 : i32, mosaic_gpu.original_kernel_arg}
    %33 = llvm.getelementptr %arg1[3] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %34 = llvm.load %33 : !llvm.ptr -> !llvm.ptr
    %35 = llvm.insertvalue %34, %8[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %36 = llvm.insertvalue %34, %35[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %37 = llvm.insertvalue %7, %36[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %38 = llvm.insertvalue %6, %37[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %39 = llvm.insertvalue %5, %38[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %40 = builtin.unrealized_conversion_cast %39 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2xi32> {mosaic_gpu.from_kernel_arg_idx = 3 : i32, mosaic_gpu.original_kernel_arg}
    %41 = llvm.getelementptr %arg1[4] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %42 = llvm.load %41 : !llvm.ptr -> !llvm.ptr
    %43 = llvm.insertvalue %42, %8[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %44 = llvm.insertvalue %42, %43[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %45 = llvm.insertvalue %7, %44[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %46 = llvm.insertvalue %6, %45[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %47 = llvm.insertvalue %5, %46[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %48 = builtin.unrealized_conversion_cast %47 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<2xi32> {mosaic_gpu.from_kernel_arg_idx = 4 : i32, mosaic_gpu.original_kernel_arg}
    %49 = llvm.getelementptr %arg1[5] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %50 = llvm.load %49 : !llvm.ptr -> !llvm.ptr
    %51 = llvm.insertvalue %50, %4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %52 = llvm.insertvalue %50, %51[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %53 = llvm.insertvalue %7, %52[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %54 = llvm.insertvalue %3, %53[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %55 = llvm.insertvalue %2, %54[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %56 = llvm.insertvalue %2, %55[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %57 = llvm.insertvalue %5, %56[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %58 = builtin.unrealized_conversion_cast %57 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x128xf16> {mosaic_gpu.from_kernel_arg_idx = 5 : i32, mosaic_gpu.original_kernel_arg}
    %59 = llvm.getelementptr %arg1[6] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %60 = llvm.load %59 : !llvm.ptr -> !llvm.ptr
    %61 = llvm.insertvalue %60, %4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %62 = llvm.insertvalue %60, %61[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %63 = llvm.insertvalue %7, %62[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %64 = llvm.insertvalue %3, %63[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %65 = llvm.insertvalue %2, %64[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %66 = llvm.insertvalue %2, %65[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %67 = llvm.insertvalue %5, %66[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %68 = builtin.unrealized_conversion_cast %67 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<256x128xf16> {mosaic_gpu.from_kernel_arg_idx = 6 : i32, mosaic_gpu.original_kernel_arg}
    %69 = llvm.getelementptr %arg1[7] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %70 = llvm.load %69 : !llvm.ptr -> !llvm.ptr
    %71 = llvm.insertvalue %70, %1[0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %72 = llvm.insertvalue %70, %71[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %73 = llvm.insertvalue %7, %72[2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %74 = llvm.insertvalue %6, %73[3, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %75 = llvm.insertvalue %2, %74[3, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %76 = llvm.insertvalue %2, %75[3, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %77 = llvm.insertvalue %0, %76[4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %78 = llvm.insertvalue %2, %77[4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %79 = llvm.insertvalue %5, %78[4, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %80 = builtin.unrealized_conversion_cast %79 : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> to memref<2x128x128xf16> {mosaic_gpu.from_kernel_arg_idx = 7 : i32, mosaic_gpu.original_kernel_arg}
    %81 = gpu.launch async [%9] blocks(%arg2, %arg3, %arg4) in (%arg8 = %c4, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c128, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c32784_i32 {
      %82 = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
      %83 = builtin.unrealized_conversion_cast %82 : memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %84 = llvm.extractvalue %83[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %85 = llvm.extractvalue %83[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %86 = llvm.mul %85, %c8_i64 : i64
      %87 = llvm.ptrtoint %84 : !llvm.ptr<3> to i64
      %88 = llvm.add %87, %86 : i64
      %89 = llvm.inttoptr %88 : i64 to !llvm.ptr<3>
      "mosaic_gpu.initialize_barrier"(%89) <{arrival_count = 2 : i64, num_barriers = 2 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
      %alloca = memref.alloca() : memref<i32>
      memref.store %c0_i32, %alloca[] : memref<i32>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %90 = nvvm.elect.sync -> i1
      %thread_id_x = gpu.thread_id x
      %91 = arith.index_cast %thread_id_x : index to i32
      %block_dim_x = gpu.block_dim x
      %92 = arith.index_cast %block_dim_x : index to i32
      %thread_id_y = gpu.thread_id y
      %93 = arith.index_cast %thread_id_y : index to i32
      %94 = arith.muli %93, %92 : i32
      %95 = arith.addi %91, %94 : i32
      %block_dim_y = gpu.block_dim y
      %96 = arith.index_cast %block_dim_y : index to i32
      %97 = arith.muli %92, %96 : i32
      %thread_id_z = gpu.thread_id z
      %98 = arith.index_cast %thread_id_z : index to i32
      %99 = arith.muli %98, %97 : i32
      %100 = arith.addi %95, %99 : i32
      %101 = arith.shrui %100, %c5_i32 : i32
      %102 = nvvm.shfl.sync idx %c-1_i32, %101, %c0_i32, %c31_i32 : i32 -> i32
      %103 = nvvm.elect.sync -> i1
      %block_id_x = gpu.block_id x
      %104 = arith.index_cast %block_id_x : index to i32
      %105 = arith.cmpi slt, %104, %c0_i32 : i32
      %106 = arith.extui %105 : i1 to i32
      %107 = arith.addi %106, %c2_i32 : i32
      scf.for %arg14 = %c0_i32 to %107 step %c1_i32  : i32 {
        %108 = arith.muli %arg14, %c4_i32 : i32
        %109 = arith.addi %108, %104 : i32
        %110 = arith.remsi %109, %c4_i32 : i32
        %111 = arith.divsi %109, %c4_i32 : i32
        %112 = arith.remsi %111, %c2_i32 : i32
        %113 = arith.divsi %110, %c2_i32 : i32
        %114 = arith.cmpi slt, %110, %c4_i32 : i32
        %115 = arith.remsi %110, %c2_i32 : i32
        %116 = arith.remsi %113, %c2_i32 : i32
        %117 = arith.cmpi eq, %116, %c0_i32 : i32
        %118 = arith.subi %c1_i32, %115 : i32
        %119 = arith.select %117, %115, %118 : i32
        %120 = arith.subi %110, %c4_i32 : i32
        %121 = arith.remsi %120, %c0_i32 : i32
        %122 = arith.divsi %120, %c0_i32 : i32
        %123 = arith.remsi %122, %c2_i32 : i32
        %124 = arith.addi %113, %121 : i32
        %125 = arith.subi %c1_i32, %123 : i32
        %126 = arith.select %117, %123, %125 : i32
        %127 = arith.select %114, %119, %126 : i32
        %128 = arith.select %114, %113, %124 : i32
        %129 = arith.index_cast %112 : i32 to index
        %subview = memref.subview %48[%129] [1] [1] : memref<2xi32> to memref<i32, strided<[], offset: ?>>
        %130 = memref.load %subview[] : memref<i32, strided<[], offset: ?>>
        %131 = mosaic_gpu.assume_multiple %130, 64 : i32
        %132 = "mosaic_gpu.optimization_barrier"(%cst) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (vector<64x64xf32>) -> vector<64x64xf32>
        nvvm.wgmma.fence.aligned
        %subview_0 = memref.subview %16[%129] [1] [1] : memref<2xi32> to memref<i32, strided<[], offset: ?>>
        %133 = memref.load %subview_0[] : memref<i32, strided<[], offset: ?>>
        %134 = arith.cmpi sgt, %133, %c0_i32 : i32
        %135 = arith.extui %134 : i1 to i32
        %136 = arith.index_cast %135 : i32 to index
        %137 = scf.index_switch %136 {out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32> 
        case 0 {
          scf.yield {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} %132 : vector<64x64xf32>
        }
        default {
          %subview_1 = memref.subview %40[%129] [1] [1] : memref<2xi32> to memref<i32, strided<[], offset: ?>>
          %148 = memref.load %subview_1[] : memref<i32, strided<[], offset: ?>>
          %149 = arith.minsi %148, %c2_i32 : i32
          %150 = scf.for %arg15 = %c0_i32 to %149 step %c1_i32 iter_args(%arg16 = %c0_i32) -> (i32)  : i32 {
            %154 = arith.muli %arg16, %c64_i32 : i32
            %155 = arith.muli %127, %c64_i32 : i32
            %156 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %157 = "mosaic_gpu.with_transforms"(%156) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %158 = arith.index_cast %arg15 : i32 to index
            %subview_2 = memref.subview %157[%158, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            %159 = arith.addi %131, %154 : i32
            %160 = arith.index_castui %158 : index to i32
            %161 = llvm.getelementptr %89[%160] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
            %162 = builtin.unrealized_conversion_cast %161 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
            mosaic_gpu.arrive_expect_tx barrier(%162 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
            "mosaic_gpu.async_load"(%58, %subview_2, %162, %159, %155) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x128xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
            %163 = arith.muli %128, %c64_i32 : i32
            %164 = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %165 = "mosaic_gpu.with_transforms"(%164) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %subview_3 = memref.subview %165[%158, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            mosaic_gpu.arrive_expect_tx barrier(%162 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
            "mosaic_gpu.async_load"(%68, %subview_3, %162, %159, %163) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x128xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
            %166 = arith.addi %arg16, %c1_i32 : i32
            %167 = arith.cmpi eq, %166, %148 : i32
            %168 = arith.select %167, %c0_i32, %166 : i32
            scf.yield %168 : i32
          }
          %151 = arith.cmpi ne, %148, %c1_i32 : i32
          %152 = arith.extui %151 : i1 to i32
          %153:4 = scf.while (%arg15 = %132, %arg16 = %c0_i32, %arg17 = %c0_i32, %arg18 = %152) : (vector<64x64xf32>, i32, i32, i32) -> (vector<64x64xf32>, i32, i32, i32) {
            %154 = arith.cmpi slt, %arg16, %148 : i32
            scf.condition(%154) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} %arg15, %arg16, %arg17, %arg18 : vector<64x64xf32>, i32, i32, i32
          } do {
          ^bb0(%arg15: vector<64x64xf32>, %arg16: i32, %arg17: i32, %arg18: i32):
            %154 = arith.addi %arg16, %c1_i32 : i32
            %155 = arith.remsi %arg16, %c2_i32 : i32
            %156 = arith.index_cast %155 : i32 to index
            %157 = arith.index_castui %156 : index to i32
            %158 = memref.load %alloca[] : memref<i32>
            %159 = arith.shli %c1_i32, %157 : i32
            %160 = arith.andi %158, %159 : i32
            %161 = arith.cmpi ne, %160, %c0_i32 : i32
            %162 = arith.xori %158, %159 : i32
            memref.store %162, %alloca[] : memref<i32>
            %163 = arith.extui %161 : i1 to i32
            %164 = llvm.getelementptr %89[%157] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
            nvvm.mbarrier.try_wait.parity %164, %163, %c10000000_i32 : !llvm.ptr<3>, i32, i32
            %165 = arith.cmpi eq, %arg17, %c0_i32 : i32
            %166 = arith.extui %165 : i1 to i32
            %167 = arith.index_cast %166 : i32 to index
            scf.index_switch %167 
            case 0 {
              scf.yield
            }
            default {
              %190 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %191 = "mosaic_gpu.with_transforms"(%190) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %subview_4 = memref.subview %191[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
              %192 = "mosaic_gpu.vector_load"(%subview_4) <{optimized = true}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<64x64xf16>
              %subview_5 = memref.subview %24[%129] [1] [1] : memref<2xi32> to memref<i32, strided<[], offset: ?>>
              %193 = memref.load %subview_5[] : memref<i32, strided<[], offset: ?>>
              %194 = arith.remsi %193, %c64_i32 : i32
              %195 = "mosaic_gpu.broadcasted_iota"() <{dimension = 0 : i32}> {out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : () -> vector<64x64xi32>
              %196 = mosaic_gpu.layout_cast x(%195 : vector<64x64xi32>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
              %197 = vector.broadcast %194 {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]} : i32 to vector<64x64xi32>
              %198 = arith.cmpi sge, %196, %197 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xi32>
              %199 = arith.uitofp %198 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xi1> to vector<64x64xf16>
              %200 = arith.mulf %192, %199 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf16>
              %201 = "mosaic_gpu.with_transforms"(%190) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %subview_6 = memref.subview %201[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
              "mosaic_gpu.vector_store"(%200, %subview_6) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
              nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
              %202 = arith.shrui %100, %c7_i32 : i32
              %203 = arith.addi %202, %c1_i32 : i32
              %204 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %203 : (i32) -> !llvm.void
            }
            %168 = memref.load %subview_1[] : memref<i32, strided<[], offset: ?>>
            %169 = arith.subi %168, %c1_i32 : i32
            %170 = arith.cmpi eq, %arg17, %169 : i32
            %171 = arith.extui %170 : i1 to i32
            %172 = arith.index_cast %171 : i32 to index
            scf.index_switch %172 
            case 0 {
              scf.yield
            }
            default {
              %190 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %191 = "mosaic_gpu.with_transforms"(%190) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %subview_4 = memref.subview %191[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
              %192 = "mosaic_gpu.vector_load"(%subview_4) <{optimized = true}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : (memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<64x64xf16>
              %subview_5 = memref.subview %32[%129] [1] [1] : memref<2xi32> to memref<i32, strided<[], offset: ?>>
              %193 = memref.load %subview_5[] : memref<i32, strided<[], offset: ?>>
              %194 = arith.subi %193, %c1_i32 : i32
              %195 = arith.remsi %194, %c64_i32 : i32
              %196 = "mosaic_gpu.broadcasted_iota"() <{dimension = 0 : i32}> {out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : () -> vector<64x64xi32>
              %197 = mosaic_gpu.layout_cast x(%196 : vector<64x64xi32>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
              %198 = vector.broadcast %195 {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]} : i32 to vector<64x64xi32>
              %199 = arith.cmpi sle, %197, %198 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xi32>
              %200 = arith.uitofp %199 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xi1> to vector<64x64xf16>
              %201 = arith.mulf %192, %200 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf16>
              %202 = "mosaic_gpu.with_transforms"(%190) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %subview_6 = memref.subview %202[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
              "mosaic_gpu.vector_store"(%201, %subview_6) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
              nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
              %203 = arith.shrui %100, %c7_i32 : i32
              %204 = arith.addi %203, %c1_i32 : i32
              %205 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %204 : (i32) -> !llvm.void
            }
            %173 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %174 = "mosaic_gpu.with_transforms"(%173) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %subview_2 = memref.subview %174[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            %transpose = memref.transpose %subview_2 (d0, d1) -> (d1, d0) {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[64, 8]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[1, 64], offset: ?>, #gpu.address_space<workgroup>>
            %175 = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %176 = "mosaic_gpu.with_transforms"(%175) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
            %subview_3 = memref.subview %176[%156, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            %177 = mosaic_gpu.wgmma accumulator(%arg15 : vector<64x64xf32>) a(%transpose : memref<64x64xf16, strided<[1, 64], offset: ?>, #gpu.address_space<workgroup>>) b(%subview_3 : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[64, 8]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} -> vector<64x64xf32>
            nvvm.wgmma.commit.group.sync.aligned
            %178 = arith.remsi %154, %c2_i32 : i32
            %179 = arith.cmpi sge, %arg16, %c1_i32 : i32
            %180 = arith.cmpi slt, %154, %148 : i32
            %181 = arith.andi %179, %180 : i1
            %182 = arith.extui %181 : i1 to i32
            %183 = arith.index_cast %182 : i32 to index
            scf.index_switch %183 
            case 0 {
              scf.yield
            }
            default {
              %190 = arith.muli %arg18, %c64_i32 : i32
              %191 = arith.muli %127, %c64_i32 : i32
              %192 = "mosaic_gpu.with_transforms"(%173) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %193 = arith.index_cast %178 : i32 to index
              %subview_4 = memref.subview %192[%193, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
              %194 = arith.addi %131, %190 : i32
              %195 = arith.index_castui %193 : index to i32
              %196 = llvm.getelementptr %89[%195] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
              %197 = builtin.unrealized_conversion_cast %196 : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
              mosaic_gpu.arrive_expect_tx barrier(%197 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
              "mosaic_gpu.async_load"(%58, %subview_4, %197, %194, %191) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x128xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
              %198 = arith.muli %128, %c64_i32 : i32
              %199 = "mosaic_gpu.with_transforms"(%175) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xf16, #gpu.address_space<workgroup>>
              %subview_5 = memref.subview %199[%193, 0, 0] [1, 64, 64] [1, 1, 1] {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : memref<2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
              mosaic_gpu.arrive_expect_tx barrier(%197 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 8192
              "mosaic_gpu.async_load"(%68, %subview_5, %197, %194, %198) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<256x128xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
            }
            %184 = arith.addi %arg18, %c1_i32 : i32
            %185 = arith.cmpi eq, %184, %148 : i32
            %186 = arith.select %185, %c0_i32, %184 : i32
            %187 = arith.addi %arg17, %c1_i32 : i32
            %188 = arith.cmpi eq, %187, %148 : i32
            %189 = arith.select %188, %c0_i32, %187 : i32
            scf.yield {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} %177, %154, %189, %186 : vector<64x64xf32>, i32, i32, i32
          } attributes {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
          scf.yield {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} %153#0 : vector<64x64xf32>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        %138 = arith.truncf %137 {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]} : vector<64x64xf32> to vector<64x64xf16>
        %139 = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> {out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
        %140 = "mosaic_gpu.with_transforms"(%139) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> memref<64x64xf16, #gpu.address_space<workgroup>>
        "mosaic_gpu.vector_store"(%138, %140) <{multimem = false}> {in_layouts = [#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (vector<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>) -> ()
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        %141 = arith.shrui %100, %c7_i32 : i32
        %142 = arith.addi %141, %c1_i32 : i32
        %143 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %142 : (i32) -> !llvm.void
        %144 = arith.muli %127, %c64_i32 : i32
        %145 = arith.muli %128, %c64_i32 : i32
        %146 = "mosaic_gpu.with_transforms"(%139) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> memref<64x64xf16, #gpu.address_space<workgroup>>
        "mosaic_gpu.async_store"(%146, %80, %112, %144, %145) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 3, 0, 0>, slice_lengths = array<i64: -1, 64, 64>}> {in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]} : (memref<64x64xf16, #gpu.address_space<workgroup>>, memref<2x128x128xf16>, i32, i32, i32) -> ()
        nvvm.cp.async.bulk.wait_group 0 {read}
        %147 = llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r" %142 : (i32) -> !llvm.void
      }
      gpu.terminator
    }
    return
  }
}

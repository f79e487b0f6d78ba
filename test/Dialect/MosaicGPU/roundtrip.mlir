// Every mosaic_gpu op, type and attribute in the custom form jaxlib 0.10.2
// prints (this file is jaxlib's print of our own module: `make jax-check`
// re-checks that jaxlib parses it and prints it back unchanged). pallas-opt
// and mlir-opt with the plugin must print it back byte for byte.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s -o %t.plugin
// RUN: grep -v "^//" %s | diff -u - %t.plugin
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @barriers(%arg0: !llvm.ptr<3>, %arg1: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %arg2: memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>, %arg3: i1, %arg4: memref<16xi8, #gpu.address_space<workgroup>>) -> (i32, i32, i32, i1) {
    "mosaic_gpu.initialize_barrier"(%arg0) <{arrival_count = 2 : i64, num_barriers = 3 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
    "mosaic_gpu.arrive"(%arg1) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.arrive"(%arg2) <{orders_tensor_core = true}> : (memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>) -> ()
    mosaic_gpu.arrive_expect_tx barrier(%arg1 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) 16384
    mosaic_gpu.wait barrier(%arg1 : memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) parity(%arg3 : i1)
    "mosaic_gpu.tcgen05_commit_arrive"(%arg2) <{collective = true}> : (memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.try_cluster_cancel"(%arg4, %arg1) : (memref<16xi8, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.try_cluster_cancel"(%arg4, %arg1, %arg3) : (memref<16xi8, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i1) -> ()
    %x, %y, %z, %success = "mosaic_gpu.query_cluster_cancel"(%arg4) : (memref<16xi8, #gpu.address_space<workgroup>>) -> (i32, i32, i32, i1)
    return %x, %y, %z, %success : i32, i32, i32, i1
  }
  func.func @tma(%arg0: memref<256x128xf16>, %arg1: memref<64x128xf16, #gpu.address_space<workgroup>>, %arg2: memref<128xf16, #gpu.address_space<workgroup>>, %arg3: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %arg4: i32, %arg5: vector<64xi32>, %arg6: i1, %arg7: i32) {
    "mosaic_gpu.async_load"(%arg0, %arg1, %arg3, %arg4, %arg4) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
    "mosaic_gpu.async_load"(%arg0, %arg2, %arg3, %arg4, %arg4, %arg6) <{collective = [0 : i32, 2 : i32], leader_tracked = #mosaic_gpu.copy_partitioned<axis = 0>, oob_fill_mode = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1>, slice_lengths = array<i64: -1, 128>}> : (memref<256x128xf16>, memref<128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i1) -> ()
    "mosaic_gpu.async_load"(%arg0, %arg1, %arg3, %arg5, %arg4) <{collective = [1 : i32], leader_tracked = #mosaic_gpu.copy_replicated, oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, vector<64xi32>, i32) -> ()
    "mosaic_gpu.async_prefetch"(%arg0, %arg4, %arg4) <{collective = [], operandSegmentSizes = array<i32: 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, i32, i32) -> ()
    "mosaic_gpu.async_prefetch"(%arg0, %arg4, %arg4, %arg6) <{collective = [0 : i32], operandSegmentSizes = array<i32: 1, 2, 1>, slice_lengths = array<i64: -1, 128>}> : (memref<256x128xf16>, i32, i32, i1) -> ()
    "mosaic_gpu.async_store"(%arg1, %arg0, %arg4, %arg4) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32) -> ()
    "mosaic_gpu.async_store"(%arg2, %arg0, %arg4, %arg4, %arg6, %arg7) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 1, 1>, reduction_op = 0 : i32, slice_lengths = array<i64: -1, 128>}> : (memref<128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32, i1, i32) -> ()
    "mosaic_gpu.async_store"(%arg1, %arg0, %arg5, %arg4) <{is_global_broadcast = true, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, reduction_op = 11 : i32, slice_lengths = array<i64: 64, 128>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, vector<64xi32>, i32) -> ()
    return
  }
  func.func @registers(%arg0: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg1: memref<64x128xf32>, %arg2: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %arg3: i32) -> vector<64x128xf32> {
    %0 = "mosaic_gpu.vector_load"(%arg0) <{optimized = true}> : (memref<64x128xf32, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
    %1 = "mosaic_gpu.vector_load"(%arg1) : (memref<64x128xf32>) -> vector<64x128xf32>
    %2 = "mosaic_gpu.multimem_load_reduce"(%arg1) <{reduction_type = 0 : i32}> : (memref<64x128xf32>) -> vector<64x128xf32>
    "mosaic_gpu.vector_store"(%0, %arg0) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.vector_store"(%1, %arg1) <{atomic_type = 0 : i32, multimem = true, optimized = false}> : (vector<64x128xf32>, memref<64x128xf32>) -> ()
    "mosaic_gpu.async_store_smem"(%2, %arg0, %arg2, %arg3) <{atomic_type = 2 : i32, cluster_dim = 1 : i32, optimized = true}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
    "mosaic_gpu.async_store_smem"(%2, %arg0, %arg2, %arg3) <{cluster_dim = 0 : i32}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
    return %2 : vector<64x128xf32>
  }
  func.func @vectors(%arg0: vector<64x128xf32>, %arg1: vector<64xf32>, %arg2: vector<64x64xf16>, %arg3: index, %arg4: i32) -> (vector<64x128xf32>, vector<64x128xf32>, vector<64x128xi32>, index, i32) {
    %0 = mosaic_gpu.layout_cast x(%arg0 : vector<64x128xf32>) {new_layout = #mosaic_gpu.WGStridedFragLayout<[64, 128], 2>}
    %1 = mosaic_gpu.layout_cast x(%0 : vector<64x128xf32>) {new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    %2 = mosaic_gpu.broadcast_in_dim(%arg1 : vector<64xf32>) {broadcast_dimensions = array<i64: 0>} -> vector<64x128xf32>
    %3 = "mosaic_gpu.broadcasted_iota"() <{dimension = 1 : i32}> : () -> vector<64x128xi32>
    %4:2 = "mosaic_gpu.optimization_barrier"(%1, %arg2) : (vector<64x128xf32>, vector<64x64xf16>) -> (vector<64x128xf32>, vector<64x64xf16>)
    "mosaic_gpu.debug_print"(%2) <{format = "row {}"}> : (vector<64x128xf32>) -> ()
    "mosaic_gpu.print_layout"(%4#0) <{format = "layout: {}"}> : (vector<64x128xf32>) -> ()
    %5 = mosaic_gpu.assume_multiple %arg3, 16 : index
    %6 = mosaic_gpu.assume_multiple %arg4, 8 : i32
    return %4#0, %2, %3, %5, %6 : vector<64x128xf32>, vector<64x128xf32>, vector<64x128xi32>, index, i32
  }
  func.func @refs(%arg0: memref<2x64x128xf16, #gpu.address_space<workgroup>>, %arg1: i32) -> (memref<8192xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #mosaic_gpu.smem_cluster>) {
    %0 = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %1 = "mosaic_gpu.slice_smem"() <{alias_id = 3 : i32, offset = 0 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
    %2 = "mosaic_gpu.with_transforms"(%arg0) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
    %3 = "mosaic_gpu.reinterpret_cast"(%2) : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<16384xf16, #gpu.address_space<workgroup>>
    %4 = "mosaic_gpu.reinterpret_cast"(%0) : (memref<64x128xf16, #gpu.address_space<workgroup>>) -> memref<8192xf16, #gpu.address_space<workgroup>>
    %5 = "mosaic_gpu.get_cluster_ref"(%0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, i32) -> memref<64x128xf16, #mosaic_gpu.smem_cluster>
    %6 = "mosaic_gpu.get_cluster_ref"(%0, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, i32, i32, i32) -> memref<64x128xf16, #mosaic_gpu.smem_cluster>
    return %4, %6 : memref<8192xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #mosaic_gpu.smem_cluster>
  }
  func.func @matmul(%arg0: vector<64x192xf32>, %arg1: memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, %arg2: memref<128x192xf16, #gpu.address_space<workgroup>>, %arg3: vector<64x128xf16>, %arg4: vector<16x8xf32>, %arg5: vector<16x16xbf16>, %arg6: vector<16x8xbf16>) -> (vector<64x192xf32>, vector<64x192xf32>, vector<16x8xf32>) {
    %0 = mosaic_gpu.wgmma accumulator(%arg0 : vector<64x192xf32>) a(%arg1 : memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) b(%arg2 : memref<128x192xf16, #gpu.address_space<workgroup>>) -> vector<64x192xf32>
    %1 = mosaic_gpu.wgmma accumulator(%0 : vector<64x192xf32>) a(%arg3 : vector<64x128xf16>) b(%arg2 : memref<128x192xf16, #gpu.address_space<workgroup>>) -> vector<64x192xf32>
    %2 = mosaic_gpu.mma accumulator(%arg4 : vector<16x8xf32>) a(%arg5 : vector<16x16xbf16>) b(%arg6 : vector<16x8xbf16>) -> vector<16x8xf32>
    return %0, %1, %2 : vector<64x192xf32>, vector<64x192xf32>, vector<16x8xf32>
  }
  func.func @tmem(%arg0: memref<i32, #gpu.address_space<workgroup>>, %arg1: memref<128x64xbf16, #gpu.address_space<workgroup>>, %arg2: memref<64x256xbf16, #gpu.address_space<workgroup>>, %arg3: memref<64x128xbf16, #gpu.address_space<workgroup>>, %arg4: i1, %arg5: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg6: memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg7: memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, %arg8: memref<128x64xi2, #mosaic_gpu.tmem>, %arg9: memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, %arg10: vector<128x256xf32>) -> vector<128x256xf32> {
    %0 = mosaic_gpu.tmem_alloc smem_ptr(%arg0 : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %1 = mosaic_gpu.tmem_alloc smem_ptr(%arg0 : memref<i32, #gpu.address_space<workgroup>>) {collective = true, packing = 2 : i32} -> memref<128x512xbf16, #mosaic_gpu.tmem>
    "mosaic_gpu.tmem_relinquish_alloc_permit"() <{collective = false}> : () -> ()
    %2 = "mosaic_gpu.tmem_layout_cast"(%0) <{new_layout = #mosaic_gpu.TiledLayout<[[128, 8], [32, 8], [8, 8], [1]], warp_dims = [-8], lane_dims = [-4, -3], vector_dim = -1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %3 = "mosaic_gpu.slice_tmem"(%1) <{offset = 128 : i32}> : (memref<128x512xbf16, #mosaic_gpu.tmem>) -> memref<128x64xbf16, #mosaic_gpu.tmem>
    "mosaic_gpu.tcgen05_mma"(%2, %arg1, %arg2, %arg4) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<64x256xbf16, #gpu.address_space<workgroup>>, i1) -> ()
    "mosaic_gpu.tcgen05_mma"(%2, %3, %arg3, %arg4) <{collective = true, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xbf16, #mosaic_gpu.tmem>, memref<64x128xbf16, #gpu.address_space<workgroup>>, i1) -> ()
    "mosaic_gpu.async_store_smem_to_tmem"(%arg1, %3) <{collective = false}> : (memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<128x64xbf16, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.async_store_scales_smem_to_tmem"(%arg7, %arg5) <{collective = false}> : (memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%arg9, %arg8) <{collective = true}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
    %4 = "mosaic_gpu.async_load_tmem"(%2) : (memref<128x256xf32, #mosaic_gpu.tmem>) -> vector<128x256xf32>
    "mosaic_gpu.async_store_tmem"(%arg10, %2) : (vector<128x256xf32>, memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.print_layout"(%2) <{format = "tmem {}"}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    mosaic_gpu.tmem_dealloc tmem_ref(%0 : memref<128x256xf32, #mosaic_gpu.tmem>)
    return %4 : vector<128x256xf32>
  }
  func.func @scaled(%arg0: memref<128x256xf32, #mosaic_gpu.tmem>, %arg1: memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, %arg2: memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, %arg3: i1, %arg4: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg5: memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg6: memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>, %arg7: memref<128x64xi2, #mosaic_gpu.tmem>) {
    "mosaic_gpu.tcgen05_mma"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.tcgen05_mma"(%arg0, %arg6, %arg2, %arg3, %arg7) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
    return
  }
  func.func @regions(%arg0: vector<64x128xf32>, %arg1: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg2: i32) -> (vector<64x128xf32>, i32) {
    %0:2 = "mosaic_gpu.custom_primitive"(%arg0, %arg1, %arg2) <{in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 1>], in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 128]>]}> ({
    ^bb0(%arg3: vector<64x128xf32>, %arg4: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg5: i32):
      mosaic_gpu.return %arg3, %arg5 : vector<64x128xf32>, i32
    }) : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, i32) -> (vector<64x128xf32>, i32)
    "mosaic_gpu.custom_primitive"() <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
      mosaic_gpu.return
    }) : () -> ()
    "mosaic_gpu.warp_map"(%arg1, %arg2) ({
    ^bb0(%arg3: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg4: i32):
      %1 = arith.addi %arg4, %arg4 : i32
    }) : (memref<64x128xf32, #gpu.address_space<workgroup>>, i32) -> ()
    return %0#0, %0#1 : vector<64x128xf32>, i32
  }
}


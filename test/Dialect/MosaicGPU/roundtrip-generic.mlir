// The same module in MLIR's generic form, as jaxlib 0.10.2 prints it
// (print_generic_op_form): pallas-opt must print every op identically.
// RUN: %pallas_opt --mlir-print-op-generic %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
"builtin.module"() ({
  "func.func"() <{function_type = (!llvm.ptr<3>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>, i1, memref<16xi8, #gpu.address_space<workgroup>>) -> (i32, i32, i32, i1), sym_name = "barriers"}> ({
  ^bb0(%arg53: !llvm.ptr<3>, %arg54: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %arg55: memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>, %arg56: i1, %arg57: memref<16xi8, #gpu.address_space<workgroup>>):
    "mosaic_gpu.initialize_barrier"(%arg53) <{arrival_count = 2 : i64, num_barriers = 3 : i32, orders_tensor_core = false}> : (!llvm.ptr<3>) -> ()
    "mosaic_gpu.arrive"(%arg54) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.arrive"(%arg55) <{orders_tensor_core = true}> : (memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.arrive_expect_tx"(%arg54) <{expect_tx = 16384 : i32}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.wait"(%arg54, %arg56) : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i1) -> ()
    "mosaic_gpu.tcgen05_commit_arrive"(%arg55) <{collective = true}> : (memref<!mosaic_gpu.barrier<orders_tensor_core = true>, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.try_cluster_cancel"(%arg57, %arg54) : (memref<16xi8, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.try_cluster_cancel"(%arg57, %arg54, %arg56) : (memref<16xi8, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i1) -> ()
    %27:4 = "mosaic_gpu.query_cluster_cancel"(%arg57) : (memref<16xi8, #gpu.address_space<workgroup>>) -> (i32, i32, i32, i1)
    "func.return"(%27#0, %27#1, %27#2, %27#3) : (i32, i32, i32, i1) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, vector<64xi32>, i1, i32) -> (), sym_name = "tma"}> ({
  ^bb0(%arg45: memref<256x128xf16>, %arg46: memref<64x128xf16, #gpu.address_space<workgroup>>, %arg47: memref<128xf16, #gpu.address_space<workgroup>>, %arg48: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %arg49: i32, %arg50: vector<64xi32>, %arg51: i1, %arg52: i32):
    "mosaic_gpu.async_load"(%arg45, %arg46, %arg48, %arg49, %arg49) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
    "mosaic_gpu.async_load"(%arg45, %arg47, %arg48, %arg49, %arg49, %arg51) <{collective = [0 : i32, 2 : i32], leader_tracked = #mosaic_gpu.copy_partitioned<axis = 0>, oob_fill_mode = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 1>, slice_lengths = array<i64: -1, 128>}> : (memref<256x128xf16>, memref<128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32, i1) -> ()
    "mosaic_gpu.async_load"(%arg45, %arg46, %arg48, %arg50, %arg49) <{collective = [1 : i32], leader_tracked = #mosaic_gpu.copy_replicated, oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, vector<64xi32>, i32) -> ()
    "mosaic_gpu.async_prefetch"(%arg45, %arg49, %arg49) <{collective = [], operandSegmentSizes = array<i32: 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, i32, i32) -> ()
    "mosaic_gpu.async_prefetch"(%arg45, %arg49, %arg49, %arg51) <{collective = [0 : i32], operandSegmentSizes = array<i32: 1, 2, 1>, slice_lengths = array<i64: -1, 128>}> : (memref<256x128xf16>, i32, i32, i1) -> ()
    "mosaic_gpu.async_store"(%arg46, %arg45, %arg49, %arg49) <{commit_group = true, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32) -> ()
    "mosaic_gpu.async_store"(%arg47, %arg45, %arg49, %arg49, %arg51, %arg52) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 1, 1>, reduction_op = 0 : i32, slice_lengths = array<i64: -1, 128>}> : (memref<128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, i32, i32, i1, i32) -> ()
    "mosaic_gpu.async_store"(%arg46, %arg45, %arg50, %arg49) <{is_global_broadcast = true, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, reduction_op = 11 : i32, slice_lengths = array<i64: 64, 128>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, memref<256x128xf16>, vector<64xi32>, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<64x128xf32, #gpu.address_space<workgroup>>, memref<64x128xf32>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> vector<64x128xf32>, sym_name = "registers"}> ({
  ^bb0(%arg41: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg42: memref<64x128xf32>, %arg43: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, %arg44: i32):
    %24 = "mosaic_gpu.vector_load"(%arg41) <{optimized = true}> : (memref<64x128xf32, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
    %25 = "mosaic_gpu.vector_load"(%arg42) : (memref<64x128xf32>) -> vector<64x128xf32>
    %26 = "mosaic_gpu.multimem_load_reduce"(%arg42) <{reduction_type = 0 : i32}> : (memref<64x128xf32>) -> vector<64x128xf32>
    "mosaic_gpu.vector_store"(%24, %arg41) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.vector_store"(%25, %arg42) <{atomic_type = 0 : i32, multimem = true, optimized = false}> : (vector<64x128xf32>, memref<64x128xf32>) -> ()
    "mosaic_gpu.async_store_smem"(%26, %arg41, %arg43, %arg44) <{atomic_type = 2 : i32, cluster_dim = 1 : i32, optimized = true}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
    "mosaic_gpu.async_store_smem"(%26, %arg41, %arg43, %arg44) <{cluster_dim = 0 : i32}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32) -> ()
    "func.return"(%26) : (vector<64x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (vector<64x128xf32>, vector<64xf32>, vector<64x64xf16>, index, i32) -> (vector<64x128xf32>, vector<64x128xf32>, vector<64x128xi32>, index, i32), sym_name = "vectors"}> ({
  ^bb0(%arg36: vector<64x128xf32>, %arg37: vector<64xf32>, %arg38: vector<64x64xf16>, %arg39: index, %arg40: i32):
    %17 = "mosaic_gpu.layout_cast"(%arg36) <{new_layout = #mosaic_gpu.WGStridedFragLayout<[64, 128], 2>}> : (vector<64x128xf32>) -> vector<64x128xf32>
    %18 = "mosaic_gpu.layout_cast"(%17) <{new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}> : (vector<64x128xf32>) -> vector<64x128xf32>
    %19 = "mosaic_gpu.broadcast_in_dim"(%arg37) <{broadcast_dimensions = array<i64: 0>}> : (vector<64xf32>) -> vector<64x128xf32>
    %20 = "mosaic_gpu.broadcasted_iota"() <{dimension = 1 : i32}> : () -> vector<64x128xi32>
    %21:2 = "mosaic_gpu.optimization_barrier"(%18, %arg38) : (vector<64x128xf32>, vector<64x64xf16>) -> (vector<64x128xf32>, vector<64x64xf16>)
    "mosaic_gpu.debug_print"(%19) <{format = "row {}"}> : (vector<64x128xf32>) -> ()
    "mosaic_gpu.print_layout"(%21#0) <{format = "layout: {}"}> : (vector<64x128xf32>) -> ()
    %22 = "mosaic_gpu.assume_multiple"(%arg39) <{multiple = 16 : i32}> : (index) -> index
    %23 = "mosaic_gpu.assume_multiple"(%arg40) <{multiple = 8 : i32}> : (i32) -> i32
    "func.return"(%21#0, %19, %20, %22, %23) : (vector<64x128xf32>, vector<64x128xf32>, vector<64x128xi32>, index, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<2x64x128xf16, #gpu.address_space<workgroup>>, i32) -> (memref<8192xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #mosaic_gpu.smem_cluster>), sym_name = "refs"}> ({
  ^bb0(%arg34: memref<2x64x128xf16, #gpu.address_space<workgroup>>, %arg35: i32):
    %10 = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %11 = "mosaic_gpu.slice_smem"() <{alias_id = 3 : i32, offset = 0 : i32}> : () -> memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
    %12 = "mosaic_gpu.with_transforms"(%arg34) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
    %13 = "mosaic_gpu.reinterpret_cast"(%12) : (memref<2x64x128xf16, #gpu.address_space<workgroup>>) -> memref<16384xf16, #gpu.address_space<workgroup>>
    %14 = "mosaic_gpu.reinterpret_cast"(%10) : (memref<64x128xf16, #gpu.address_space<workgroup>>) -> memref<8192xf16, #gpu.address_space<workgroup>>
    %15 = "mosaic_gpu.get_cluster_ref"(%10, %arg35) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, i32) -> memref<64x128xf16, #mosaic_gpu.smem_cluster>
    %16 = "mosaic_gpu.get_cluster_ref"(%10, %arg35, %arg35, %arg35) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, i32, i32, i32) -> memref<64x128xf16, #mosaic_gpu.smem_cluster>
    "func.return"(%14, %16) : (memref<8192xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #mosaic_gpu.smem_cluster>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (vector<64x192xf32>, memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<128x192xf16, #gpu.address_space<workgroup>>, vector<64x128xf16>, vector<16x8xf32>, vector<16x16xbf16>, vector<16x8xbf16>) -> (vector<64x192xf32>, vector<64x192xf32>, vector<16x8xf32>), sym_name = "matmul"}> ({
  ^bb0(%arg27: vector<64x192xf32>, %arg28: memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, %arg29: memref<128x192xf16, #gpu.address_space<workgroup>>, %arg30: vector<64x128xf16>, %arg31: vector<16x8xf32>, %arg32: vector<16x16xbf16>, %arg33: vector<16x8xbf16>):
    %7 = "mosaic_gpu.wgmma"(%arg27, %arg28, %arg29) : (vector<64x192xf32>, memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<128x192xf16, #gpu.address_space<workgroup>>) -> vector<64x192xf32>
    %8 = "mosaic_gpu.wgmma"(%7, %arg30, %arg29) : (vector<64x192xf32>, vector<64x128xf16>, memref<128x192xf16, #gpu.address_space<workgroup>>) -> vector<64x192xf32>
    %9 = "mosaic_gpu.mma"(%arg31, %arg32, %arg33) : (vector<16x8xf32>, vector<16x16xbf16>, vector<16x8xbf16>) -> vector<16x8xf32>
    "func.return"(%7, %8, %9) : (vector<64x192xf32>, vector<64x192xf32>, vector<16x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<i32, #gpu.address_space<workgroup>>, memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<64x256xbf16, #gpu.address_space<workgroup>>, memref<64x128xbf16, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x64xi2, #mosaic_gpu.tmem>, memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, vector<128x256xf32>) -> vector<128x256xf32>, sym_name = "tmem"}> ({
  ^bb0(%arg16: memref<i32, #gpu.address_space<workgroup>>, %arg17: memref<128x64xbf16, #gpu.address_space<workgroup>>, %arg18: memref<64x256xbf16, #gpu.address_space<workgroup>>, %arg19: memref<64x128xbf16, #gpu.address_space<workgroup>>, %arg20: i1, %arg21: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg22: memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg23: memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, %arg24: memref<128x64xi2, #mosaic_gpu.tmem>, %arg25: memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, %arg26: vector<128x256xf32>):
    %2 = "mosaic_gpu.tmem_alloc"(%arg16) <{collective = false, packing = 1 : i32}> : (memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %3 = "mosaic_gpu.tmem_alloc"(%arg16) <{collective = true, packing = 2 : i32}> : (memref<i32, #gpu.address_space<workgroup>>) -> memref<128x512xbf16, #mosaic_gpu.tmem>
    "mosaic_gpu.tmem_relinquish_alloc_permit"() <{collective = false}> : () -> ()
    %4 = "mosaic_gpu.tmem_layout_cast"(%2) <{new_layout = #mosaic_gpu.TiledLayout<[[128, 8], [32, 8], [8, 8], [1]], warp_dims = [-8], lane_dims = [-4, -3], vector_dim = -1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %5 = "mosaic_gpu.slice_tmem"(%3) <{offset = 128 : i32}> : (memref<128x512xbf16, #mosaic_gpu.tmem>) -> memref<128x64xbf16, #mosaic_gpu.tmem>
    "mosaic_gpu.tcgen05_mma"(%4, %arg17, %arg18, %arg20) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<64x256xbf16, #gpu.address_space<workgroup>>, i1) -> ()
    "mosaic_gpu.tcgen05_mma"(%4, %5, %arg19, %arg20) <{collective = true, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xbf16, #mosaic_gpu.tmem>, memref<64x128xbf16, #gpu.address_space<workgroup>>, i1) -> ()
    "mosaic_gpu.async_store_smem_to_tmem"(%arg17, %5) <{collective = false}> : (memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<128x64xbf16, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.async_store_scales_smem_to_tmem"(%arg23, %arg21) <{collective = false}> : (memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%arg25, %arg24) <{collective = true}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
    %6 = "mosaic_gpu.async_load_tmem"(%4) : (memref<128x256xf32, #mosaic_gpu.tmem>) -> vector<128x256xf32>
    "mosaic_gpu.async_store_tmem"(%arg26, %4) : (vector<128x256xf32>, memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.print_layout"(%4) <{format = "tmem {}"}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.tmem_dealloc"(%2) : (memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    "func.return"(%6) : (vector<128x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x64xi2, #mosaic_gpu.tmem>) -> (), sym_name = "scaled"}> ({
  ^bb0(%arg8: memref<128x256xf32, #mosaic_gpu.tmem>, %arg9: memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, %arg10: memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, %arg11: i1, %arg12: memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg13: memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>, %arg14: memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>, %arg15: memref<128x64xi2, #mosaic_gpu.tmem>):
    "mosaic_gpu.tcgen05_mma"(%arg8, %arg9, %arg10, %arg11, %arg12, %arg13) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<256x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.tcgen05_mma"(%arg8, %arg14, %arg10, %arg11, %arg15) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, i32) -> (vector<64x128xf32>, i32), sym_name = "regions"}> ({
  ^bb0(%arg0: vector<64x128xf32>, %arg1: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg2: i32):
    %0:2 = "mosaic_gpu.custom_primitive"(%arg0, %arg1, %arg2) <{in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 1>], in_transforms = [[#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 128]>]}> ({
    ^bb0(%arg5: vector<64x128xf32>, %arg6: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg7: i32):
      "mosaic_gpu.return"(%arg5, %arg7) : (vector<64x128xf32>, i32) -> ()
    }) : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>, i32) -> (vector<64x128xf32>, i32)
    "mosaic_gpu.custom_primitive"() <{in_layouts = [], in_transforms = [], out_layouts = []}> ({
      "mosaic_gpu.return"() : () -> ()
    }) : () -> ()
    "mosaic_gpu.warp_map"(%arg1, %arg2) ({
    ^bb0(%arg3: memref<64x128xf32, #gpu.address_space<workgroup>>, %arg4: i32):
      %1 = "arith.addi"(%arg4, %arg4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    }) : (memref<64x128xf32, #gpu.address_space<workgroup>>, i32) -> ()
    "func.return"(%0#0, %0#1) : (vector<64x128xf32>, i32) -> ()
  }) : () -> ()
}) {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} : () -> ()


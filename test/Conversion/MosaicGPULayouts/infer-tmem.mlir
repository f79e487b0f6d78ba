// RUN: %pallas_opt %s --split-input-file --infer-mosaic-gpu-layouts | FileCheck %s

// TMEM (Blackwell, arch 10.0): allocations, slices, tcgen05 MMAs (also
// block-scaled and sparse), TMEM loads and stores, layout casts. The
// expected attributes are jaxlib 0.10.2's (`layout_inference.infer_layout`
// on each module), not our own output.

// A Blackwell MMA: the TMEM accumulator, its slice and the SMEM operands,
// loaded back to registers and stored again.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.slice_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.tcgen05_mma{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.async_load_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: arith.mulf{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.async_store_tmem{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.tmem_dealloc{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tcgen05(%p: i1) {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<128x64xf16, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 17408 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %acc = "mosaic_gpu.slice_tmem"(%t) <{offset = 0 : i32}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> memref<128x128xf32, #mosaic_gpu.tmem>
    "mosaic_gpu.tcgen05_mma"(%acc, %a, %b, %p) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
    %r = "mosaic_gpu.async_load_tmem"(%acc) : (memref<128x128xf32, #mosaic_gpu.tmem>) -> vector<128x128xf32>
    %s = arith.mulf %r, %r : vector<128x128xf32>
    "mosaic_gpu.async_store_tmem"(%s, %acc) : (vector<128x128xf32>, memref<128x128xf32, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.tmem_dealloc"(%t) : (memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    return
  }
}

// -----

// An M=64 accumulator (half-lane TMEM layout) read in the WGMMA fragment.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 128], [16, 64], [1]], warp_dims = [-5], lane_dims = [-4, -3], vector_dim = -1>]}
// CHECK: mosaic_gpu.tcgen05_mma{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 128], [16, 64], [1]], warp_dims = [-5], lane_dims = [-4, -3], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.async_load_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 128], [16, 64], [1]], warp_dims = [-5], lane_dims = [-4, -3], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 128], [16, 64], [1]], warp_dims = [-5], lane_dims = [-4, -3], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 128], [16, 64], [1]], warp_dims = [-5], lane_dims = [-4, -3], vector_dim = -1>], in_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.tmem_dealloc{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 128], [16, 64], [1]], warp_dims = [-5], lane_dims = [-4, -3], vector_dim = -1>]}
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @half_lane(%p: i1) {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 9216 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %o = "mosaic_gpu.slice_smem"() <{offset = 25600 : i32}> : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<64x128xf32, #mosaic_gpu.tmem>
    "mosaic_gpu.tcgen05_mma"(%t, %a, %b, %p) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<64x128xf32, #mosaic_gpu.tmem>, memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
    %r = "mosaic_gpu.async_load_tmem"(%t) : (memref<64x128xf32, #mosaic_gpu.tmem>) -> vector<64x128xf32>
    "mosaic_gpu.vector_store"(%r, %o) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.tmem_dealloc"(%t) : (memref<64x128xf32, #mosaic_gpu.tmem>) -> ()
    return
  }
}

// -----

// A TMEM layout cast, and SMEM copied into TMEM.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.slice_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 2], [32, 2]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.async_store_smem_to_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 2], [32, 2]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.tmem_layout_cast{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.async_load_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.tmem_dealloc{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tmem_cast() {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %src = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<128x64xbf16, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x512xbf16, #mosaic_gpu.tmem>
    %s = "mosaic_gpu.slice_tmem"(%t) <{offset = 128 : i32}> : (memref<128x512xbf16, #mosaic_gpu.tmem>) -> memref<128x64xbf16, #mosaic_gpu.tmem>
    "mosaic_gpu.async_store_smem_to_tmem"(%src, %s) <{collective = false}> : (memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<128x64xbf16, #mosaic_gpu.tmem>) -> ()
    %u = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %c = "mosaic_gpu.tmem_layout_cast"(%u) <{new_layout = #mosaic_gpu.TiledLayout<[[128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %r = "mosaic_gpu.async_load_tmem"(%c) : (memref<128x256xf32, #mosaic_gpu.tmem>) -> vector<128x256xf32>
    "mosaic_gpu.tmem_dealloc"(%u) : (memref<128x256xf32, #mosaic_gpu.tmem>) -> ()
    return
  }
}

// -----

// A block-scaled tcgen05 MMA: the scales get their TMEM layout.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 128]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 128]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 4], [32, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-2], vector_dim = -3>]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 4], [32, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-2], vector_dim = -3>]}
// CHECK: mosaic_gpu.async_store_scales_smem_to_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 4], [32, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-2], vector_dim = -3>], in_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.tcgen05_mma{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}128, 4], [32, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-2], vector_dim = -3>, #mosaic_gpu.TiledLayout<{{\[\[}}128, 4], [32, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-2], vector_dim = -3>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 128]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 128]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @scaled(%p: i1) {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 17408 : i32}> : () -> memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>
    %sa = "mosaic_gpu.slice_smem"() <{offset = 33792 : i32}> : () -> memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x128xf32, #mosaic_gpu.tmem>
    %as = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>
    %bs = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>
    "mosaic_gpu.async_store_scales_smem_to_tmem"(%sa, %as) <{collective = false}> : (memref<1x1x32x16xf8E8M0FNU, #gpu.address_space<workgroup>>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.tcgen05_mma"(%t, %a, %b, %p, %as, %bs) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<128x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    return
  }
}

// -----

// A sparse tcgen05 MMA: the metadata gets its TMEM layout.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 128]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>]}
// CHECK: mosaic_gpu.tmem_alloc{{.*}} {in_transforms = {{\[\[}}]], out_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 16], [32, 1], [16, 1], [8, 1]], warp_dims = [-8], lane_dims = [-2, -4, -6], vector_dim = -7>]}
// CHECK: mosaic_gpu.async_store_sparse_metadata_smem_to_tmem{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 16], [32, 1], [16, 1], [8, 1]], warp_dims = [-8], lane_dims = [-2, -4, -6], vector_dim = -7>], in_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.tcgen05_mma{{.*}} {in_tmem_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}128, 1], [32, 1]], warp_dims = [-4], lane_dims = [-2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}128, 16], [32, 1], [16, 1], [8, 1]], warp_dims = [-8], lane_dims = [-2, -4, -6], vector_dim = -7>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>], [#mosaic_gpu.tile<[8, 128]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @sparse(%p: i1) {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 9216 : i32}> : () -> memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>
    %ms = "mosaic_gpu.slice_smem"() <{offset = 41984 : i32}> : () -> memref<1x1x128x64xi2, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    %m = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x64xi2, #mosaic_gpu.tmem>
    "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"(%ms, %m) <{collective = false}> : (memref<1x1x128x64xi2, #gpu.address_space<workgroup>>, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
    "mosaic_gpu.tcgen05_mma"(%t, %a, %b, %p, %m) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>, memref<128x64xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x256xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<128x64xi2, #mosaic_gpu.tmem>) -> ()
    return
  }
}

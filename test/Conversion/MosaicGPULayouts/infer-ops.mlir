// RUN: %pallas_opt %s --split-input-file --infer-mosaic-gpu-layouts | FileCheck %s

// Transposed SMEM views, slices, optimization barriers, TMA ring slots, scalar
// broadcasts, switches, register MMAs, reshaped SMEM refs, custom primitives,
// scalar reductions, cluster refs, inserted slices, extracts and strided
// broadcasts. The expected attributes are jaxlib 0.10.2's
// (`layout_inference.infer_layout` on each module), not our own output.

// A WGMMA whose A operand is a transposed view; the tiling follows it.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: memref.transpose{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[64, 8]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: arith.constant{{.*}} {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]}
// CHECK: mosaic_gpu.wgmma{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[64, 8]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.optimization_barrier{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: vector.extract_strided_slice{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [0, 32], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], sizes = [64, 32], strides = [1, 1]}
// CHECK: arith.truncf{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @wgmma_transposed_a() {
    %a = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %at = memref.transpose %a (d0, d1) -> (d1, d0) : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[1, 64]>, #gpu.address_space<workgroup>>
    %acc = arith.constant dense<0.0> : vector<64x64xf32>
    %r = mosaic_gpu.wgmma accumulator(%acc : vector<64x64xf32>) a(%at : memref<64x64xf16, strided<[1, 64]>, #gpu.address_space<workgroup>>) b(%b : memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
    %o = "mosaic_gpu.optimization_barrier"(%r) : (vector<64x64xf32>) -> vector<64x64xf32>
    %lo = vector.extract_strided_slice %o {offsets = [0, 32], sizes = [64, 32], strides = [1, 1]} : vector<64x64xf32> to vector<64x32xf32>
    %h = arith.truncf %lo : vector<64x32xf32> to vector<64x32xf16>
    %s = "mosaic_gpu.slice_smem"() <{offset = 16384 : i32}> : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    "mosaic_gpu.vector_store"(%h, %s) <{multimem = false}> : (vector<64x32xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A TMA load into a sliced ring slot, a scalar broadcast and a switch.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: memref.subview{{.*}} {in_transforms = {{\[\[}}]], out_transforms = {{\[\[}}]]}
// CHECK: memref.cast{{.*}} {in_transforms = {{\[\[}}]], out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.async_load{{.*}} {in_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]}
// CHECK: scf.index_switch{{.*}} {out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]}
// CHECK: vector.broadcast{{.*}} {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 128]>]}
// CHECK: arith.mulf{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>, #mosaic_gpu.WGStridedFragLayout<[64, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]}
// CHECK: scf.yield{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]}
// CHECK: scf.yield{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>], in_transforms = {{\[\[}}]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tma_switch(%g: memref<256x128xf32>, %i: index, %f: f32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %bar = "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
    %ring = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x64x128xf32, #gpu.address_space<workgroup>>
    %slot = memref.subview %ring[1, 0, 0] [1, 64, 128] [1, 1, 1] : memref<2x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1], offset: 8192>, #gpu.address_space<workgroup>>
    %cast = memref.cast %slot : memref<64x128xf32, strided<[128, 1], offset: 8192>, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
    "mosaic_gpu.async_load"(%g, %cast, %bar, %c64, %c0) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf32>, memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, i32) -> ()
    %x = "mosaic_gpu.vector_load"(%cast) <{optimized = true}> : (memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
    %y = scf.index_switch %i -> vector<64x128xf32>
    case 0 {
      %b = vector.broadcast %f : f32 to vector<64x128xf32>
      %m = arith.mulf %x, %b : vector<64x128xf32>
      scf.yield %m : vector<64x128xf32>
    }
    default {
      scf.yield %x : vector<64x128xf32>
    }
    "mosaic_gpu.vector_store"(%y, %cast) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A register MMA (mma.sync) on loaded operands.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 16]>, #mosaic_gpu.swizzle<32 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 16]>, #mosaic_gpu.swizzle<32 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 16], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}16, 8], [8, 8], [2, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-3, -4], vector_dim = -2>]}
// CHECK: arith.constant{{.*}} {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 64]>]}
// CHECK: mosaic_gpu.mma{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}64, 16], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}16, 8], [8, 8], [2, 1]], warp_dims = [#mosaic_gpu.Replicated<times = 4>], lane_dims = [-3, -4], vector_dim = -2>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @mma() {
    %sa = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x16xf16, #gpu.address_space<workgroup>>
    %sb = "mosaic_gpu.slice_smem"() <{offset = 2048 : i32}> : () -> memref<16x64xf16, #gpu.address_space<workgroup>>
    %so = "mosaic_gpu.slice_smem"() <{offset = 4096 : i32}> : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.vector_load"(%sa) <{optimized = false}> : (memref<64x16xf16, #gpu.address_space<workgroup>>) -> vector<64x16xf16>
    %b = "mosaic_gpu.vector_load"(%sb) <{optimized = false}> : (memref<16x64xf16, #gpu.address_space<workgroup>>) -> vector<16x64xf16>
    %acc = arith.constant dense<0.0> : vector<64x64xf32>
    %r = mosaic_gpu.mma accumulator(%acc : vector<64x64xf32>) a(%a : vector<64x16xf16>) b(%b : vector<16x64xf16>) -> vector<64x64xf32>
    "mosaic_gpu.vector_store"(%r, %so) <{multimem = false}> : (vector<64x64xf32>, memref<64x64xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// An expand_shape and a collapse_shape of SMEM refs with explicit transforms.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: memref.expand_shape{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.with_transforms{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: memref.collapse_shape{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @reshape_refs() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<4x64x64xf16, #gpu.address_space<workgroup>>
    %e = memref.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : memref<4x64x64xf16, #gpu.address_space<workgroup>> into memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
    %t = "mosaic_gpu.with_transforms"(%e) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> : (memref<2x2x64x64xf16, #gpu.address_space<workgroup>>) -> memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
    %c = memref.collapse_shape %t [[0, 1], [2], [3]] : memref<2x2x64x64xf16, #gpu.address_space<workgroup>> into memref<4x64x64xf16, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%c) <{optimized = true}> : (memref<4x64x64xf16, #gpu.address_space<workgroup>>) -> vector<4x64x64xf16>
    "mosaic_gpu.vector_store"(%x, %c) <{multimem = false}> : (vector<4x64x64xf16>, memref<4x64x64xf16, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A custom primitive pins its operand's and result's layouts and its ref's
// transforms.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: mosaic_gpu.custom_primitive{{.*}} <{in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: arith.addf{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>, #mosaic_gpu.WGStridedFragLayout<[256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], in_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @custom() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %o = "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%o) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    %r = "mosaic_gpu.custom_primitive"(%x, %s) <{in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], in_transforms = [[#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}> ({
    ^bb0(%y: vector<256xf32>, %t: memref<64x64xf16, #gpu.address_space<workgroup>>):
      "mosaic_gpu.return"(%y) : (vector<256xf32>) -> ()
    }) : (vector<256xf32>, memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<256xf32>
    %z = arith.addf %r, %r : vector<256xf32>
    "mosaic_gpu.vector_store"(%z, %o) <{multimem = false}> : (vector<256xf32>, memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    %w = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf16>
    "mosaic_gpu.vector_store"(%w, %s) <{multimem = false}> : (vector<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A reduction to a scalar and a layout print of a strided vector.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: vector.reduction{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: mosaic_gpu.print_layout{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @to_scalar() -> f32 {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %r = "mosaic_gpu.vector_load"(%s) <{optimized = false}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    %sum = vector.reduction <add>, %r : vector<256xf32> into f32
    "mosaic_gpu.print_layout"(%r) <{format = "layout: {}"}> : (vector<256xf32>) -> ()
    return %sum : f32
  }
}

// -----

// A cluster ref, a slice written back into its vector, and a prefetch.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.get_cluster_ref{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.layout_cast{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: vector.extract_strided_slice{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [0, 0], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], sizes = [64, 64], strides = [1, 1]}
// CHECK: arith.addf{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: vector.insert_strided_slice{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], offsets = [0, 64], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], strides = [1, 1]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @cluster_slices(%g: memref<256x128xf16>, %i: i32, %dev: i32) {
    %h = "mosaic_gpu.slice_smem"() <{offset = 4096 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %c = "mosaic_gpu.get_cluster_ref"(%h, %dev) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<64x128xf16, #gpu.address_space<workgroup>>, i32) -> memref<64x128xf16, #mosaic_gpu.smem_cluster>
    %v = "mosaic_gpu.vector_load"(%c) <{optimized = false}> : (memref<64x128xf16, #mosaic_gpu.smem_cluster>) -> vector<64x128xf16>
    %w = mosaic_gpu.layout_cast x(%v : vector<64x128xf16>) {new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    %part = vector.extract_strided_slice %w {offsets = [0, 0], sizes = [64, 64], strides = [1, 1]} : vector<64x128xf16> to vector<64x64xf16>
    %two = arith.addf %part, %part : vector<64x64xf16>
    %back = vector.insert_strided_slice %two, %w {offsets = [0, 64], strides = [1, 1]} : vector<64x64xf16> into vector<64x128xf16>
    "mosaic_gpu.vector_store"(%back, %h) <{multimem = false}> : (vector<64x128xf16>, memref<64x128xf16, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.async_prefetch"(%g, %i, %i) <{collective = [], operandSegmentSizes = array<i32: 1, 2, 0>, slice_lengths = array<i64: 64, 128>}> : (memref<256x128xf16>, i32, i32) -> ()
    return
  }
}

// -----

// A 3-D tiled vector, one of its rows extracted.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.layout_cast{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: vector.extract{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @extract_row() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x64x64xf32, #gpu.address_space<workgroup>>
    %o = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> : () -> memref<64x64xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<2x64x64xf32, #gpu.address_space<workgroup>>) -> vector<2x64x64xf32>
    %w = mosaic_gpu.layout_cast x(%x : vector<2x64x64xf32>) {new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    %e = vector.extract %w[1] : vector<64x64xf32> from vector<2x64x64xf32>
    "mosaic_gpu.vector_store"(%e, %o) <{multimem = false}> : (vector<64x64xf32>, memref<64x64xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A strided vector broadcast along a new leading dim, and a size-1 dim
// expanded.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: mosaic_gpu.broadcast_in_dim{{.*}} {broadcast_dimensions = array<i64: 1>, in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[4, 256], 2>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[4, 256], 2>], in_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[1, 256], 2>]}
// CHECK: mosaic_gpu.broadcast_in_dim{{.*}} {broadcast_dimensions = array<i64: 0, 1>, in_layouts = [#mosaic_gpu.WGStridedFragLayout<[1, 256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[4, 256], 2>]}
// CHECK: arith.addf{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[4, 256], 2>, #mosaic_gpu.WGStridedFragLayout<[4, 256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[4, 256], 2>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[4, 256], 2>], in_transforms = {{\[\[}}]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @strided_broadcast() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %o = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<4x256xf32, #gpu.address_space<workgroup>>
    %t = "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<1x256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = false}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    %b = "mosaic_gpu.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 1>}> : (vector<256xf32>) -> vector<4x256xf32>
    "mosaic_gpu.vector_store"(%b, %o) <{multimem = false}> : (vector<4x256xf32>, memref<4x256xf32, #gpu.address_space<workgroup>>) -> ()
    %y = "mosaic_gpu.vector_load"(%t) <{optimized = false}> : (memref<1x256xf32, #gpu.address_space<workgroup>>) -> vector<1x256xf32>
    %e = "mosaic_gpu.broadcast_in_dim"(%y) <{broadcast_dimensions = array<i64: 0, 1>}> : (vector<1x256xf32>) -> vector<4x256xf32>
    %sum = arith.addf %b, %e : vector<4x256xf32>
    "mosaic_gpu.vector_store"(%sum, %o) <{multimem = false}> : (vector<4x256xf32>, memref<4x256xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

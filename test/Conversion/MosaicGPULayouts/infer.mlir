// RUN: %pallas_opt %s --split-input-file --infer-mosaic-gpu-layouts | FileCheck %s

// The expected attributes are jaxlib 0.10.2's: `layout_inference.infer_layout`
// run on each of these modules (scripts/jax/check_gpu_layouts.py runs both
// inferences on this file's chunks too), not our own output.

// Strided: a 1-D SMEM round trip with a splat constant.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: arith.constant{{.*}} {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[256]>]}
// CHECK: arith.addf{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>, #mosaic_gpu.WGStridedFragLayout<[256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], in_transforms = {{\[\[}}]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @strided() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    %c = arith.constant dense<1.0> : vector<256xf32>
    %y = arith.addf %x, %c : vector<256xf32>
    "mosaic_gpu.vector_store"(%y, %s) <{multimem = false}> : (vector<256xf32>, memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A layout cast to the WGMMA fragment: the SMEM ref gets a swizzled tiling.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.layout_cast{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: math.exp{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @cast_tiled() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<128x128xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<128x128xf32, #gpu.address_space<workgroup>>) -> vector<128x128xf32>
    %w = mosaic_gpu.layout_cast x(%x : vector<128x128xf32>) {new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    %e = math.exp %w : vector<128x128xf32>
    "mosaic_gpu.vector_store"(%e, %s) <{multimem = false}> : (vector<128x128xf32>, memref<128x128xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A row reduction of a WGMMA fragment and its broadcast back.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.layout_cast{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], new_layout = #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: arith.constant{{.*}} {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64]>]}
// CHECK: vector.multi_reduction{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>]}
// CHECK: mosaic_gpu.broadcast_in_dim{{.*}} {broadcast_dimensions = array<i64: 0>, in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64], [16], [8], [1]], warp_dims = [-4], lane_dims = [-2, #mosaic_gpu.Replicated<times = 4>], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: arith.subf{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>, #mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @reduce_rows() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<64x128xf32, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
    %w = mosaic_gpu.layout_cast x(%x : vector<64x128xf32>) {new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    %z = arith.constant dense<0.0> : vector<64xf32>
    %r = vector.multi_reduction <add>, %w, %z [1] : vector<64x128xf32> to vector<64xf32>
    %b = "mosaic_gpu.broadcast_in_dim"(%r) <{broadcast_dimensions = array<i64: 0>}> : (vector<64xf32>) -> vector<64x128xf32>
    %d = arith.subf %w, %b : vector<64x128xf32>
    "mosaic_gpu.vector_store"(%d, %s) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A WGMMA with both operands in SMEM and a zero accumulator, in a loop.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
// CHECK: arith.constant{{.*}} {out_layouts = [#mosaic_gpu.WGSplatFragLayout<[64, 128]>]}
// CHECK: mosaic_gpu.wgmma{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>], [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: scf.yield{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: } {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<128 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @wgmma_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %o = "mosaic_gpu.slice_smem"() <{offset = 24576 : i32}> : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    %acc0 = arith.constant dense<0.0> : vector<64x128xf32>
    %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc1 = %acc0) -> (vector<64x128xf32>) {
      %n = mosaic_gpu.wgmma accumulator(%acc1 : vector<64x128xf32>) a(%a : memref<64x64xf16, #gpu.address_space<workgroup>>) b(%b : memref<64x128xf16, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
      scf.yield %n : vector<64x128xf32>
    }
    "mosaic_gpu.vector_store"(%acc, %o) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// Transforms given by with_transforms, through a subview and a cast.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]]}
// CHECK: mosaic_gpu.with_transforms{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]]}
// CHECK: memref.subview{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]], out_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: arith.extf{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: arith.truncf{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], out_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.TiledLayout<{{\[\[}}64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>], in_transforms = {{\[\[}}#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @explicit(%i: index) {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x64x64xbf16, #gpu.address_space<workgroup>>
    %t = "mosaic_gpu.with_transforms"(%s) <{transforms = [#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]}> : (memref<2x64x64xbf16, #gpu.address_space<workgroup>>) -> memref<2x64x64xbf16, #gpu.address_space<workgroup>>
    %v = memref.subview %t[%i, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%v) <{optimized = true}> : (memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> vector<64x64xbf16>
    %y = arith.extf %x : vector<64x64xbf16> to vector<64x64xf32>
    %z = arith.truncf %y : vector<64x64xf32> to vector<64x64xbf16>
    "mosaic_gpu.vector_store"(%z, %v) <{multimem = false}> : (vector<64x64xbf16>, memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A while loop carrying a vector, a shape cast and an iota.
// CHECK: mosaic_gpu.slice_smem{{.*}} {out_transforms = {{\[\[}}]]}
// CHECK: mosaic_gpu.vector_load{{.*}} {in_transforms = {{\[\[}}]], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>]}
// CHECK: scf.condition{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>]}
// CHECK: arith.addi{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>, #mosaic_gpu.WGStridedFragLayout<[2, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>]}
// CHECK: scf.yield{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>]}
// CHECK: } attributes {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>]}
// CHECK: vector.shape_cast{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: mosaic_gpu.broadcasted_iota{{.*}} {out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: arith.addi{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>, #mosaic_gpu.WGStridedFragLayout<[256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>]}
// CHECK: vector.shape_cast{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], out_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>]}
// CHECK: mosaic_gpu.vector_store{{.*}} {in_layouts = [#mosaic_gpu.WGStridedFragLayout<[2, 128], 2>], in_transforms = {{\[\[}}]]}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @while_loop(%n: i32) {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x128xi32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<2x128xi32, #gpu.address_space<workgroup>>) -> vector<2x128xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.while (%k = %c0, %v = %x) : (i32, vector<2x128xi32>) -> (i32, vector<2x128xi32>) {
      %p = arith.cmpi slt, %k, %n : i32
      scf.condition(%p) %k, %v : i32, vector<2x128xi32>
    } do {
    ^bb0(%k2: i32, %v2: vector<2x128xi32>):
      %k3 = arith.addi %k2, %c1 : i32
      %v3 = arith.addi %v2, %v2 : vector<2x128xi32>
      scf.yield %k3, %v3 : i32, vector<2x128xi32>
    }
    %f = vector.shape_cast %r#1 : vector<2x128xi32> to vector<256xi32>
    %io = "mosaic_gpu.broadcasted_iota"() <{dimension = 0 : i32}> : () -> vector<256xi32>
    %g = arith.addi %f, %io : vector<256xi32>
    %h = vector.shape_cast %g : vector<256xi32> to vector<2x128xi32>
    "mosaic_gpu.vector_store"(%h, %s) <{multimem = false}> : (vector<2x128xi32>, memref<2x128xi32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// RUN: %pallas_opt %s --split-input-file --verify-diagnostics --infer-mosaic-gpu-layouts

// Modules whose layout inference fails. jaxlib 0.10.2's infer_layout raises
// on every one of them too (scripts/jax/check_gpu_layouts.py runs both on
// this file's chunks and checks it).

// jaxlib has no rule for scf.if with vector results.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @if_vector(%p: i1) {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    // expected-error @+1 {{no layout inference rule for 'scf.if'}}
    %y = scf.if %p -> vector<256xf32> {
      scf.yield %x : vector<256xf32>
    } else {
      %z = arith.addf %x, %x : vector<256xf32>
      scf.yield %z : vector<256xf32>
    }
    "mosaic_gpu.vector_store"(%y, %s) <{multimem = false}> : (vector<256xf32>, memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// Nor for math.sqrt.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @sqrt() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    // expected-error @+1 {{no layout inference rule for 'math.sqrt'}}
    %y = math.sqrt %x : vector<256xf32>
    "mosaic_gpu.vector_store"(%y, %s) <{multimem = false}> : (vector<256xf32>, memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// memref.load reads only scalar SMEM refs (barrier phases).
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @load_tile(%i: index) -> f32 {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{takes memref.load only on scalar SMEM refs, not of shape [64, 128]}}
    %v = memref.load %s[%i, %i] : memref<64x128xf32, #gpu.address_space<workgroup>>
    return %v : f32
  }
}

// -----

// A layout the cast's shape cannot take (64 rows are not a multiple of 128).
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @cast_misfit() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x128xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<64x128xf32, #gpu.address_space<workgroup>>) -> vector<64x128xf32>
    // expected-error @+1 {{cannot cast to layout}}
    %w = mosaic_gpu.layout_cast x(%x : vector<64x128xf32>) {new_layout = #mosaic_gpu.TiledLayout<[[128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    "mosaic_gpu.vector_store"(%w, %s) <{multimem = false}> : (vector<64x128xf32>, memref<64x128xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A scalar extracted from a loaded (never splat) vector: extraction needs a
// splat, so no assignment exists.
// expected-error @+1 {{no assignment satisfies the layout constraints}}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @extract_scalar() -> f32 {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    %e = vector.extract %x[0] : f32 from vector<256xf32>
    return %e : f32
  }
}

// -----

// A swizzle without a tiling is not a transform inference accepts.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @swizzle_only() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for the transforms [#mosaic_gpu.swizzle<128 : i32>]}}
    %t = "mosaic_gpu.with_transforms"(%s) <{transforms = [#mosaic_gpu.swizzle<128 : i32>]}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%t) <{optimized = false}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf16>
    "mosaic_gpu.vector_store"(%x, %t) <{multimem = false}> : (vector<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A swizzle other than the one the tiling implies (8x64 f16 rows: 128 bytes).
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @swizzle_mismatch() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for a swizzle of 64 bytes where the tiling implies 128}}
    %t = "mosaic_gpu.with_transforms"(%s) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<64 : i32>]}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%t) <{optimized = false}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf16>
    "mosaic_gpu.vector_store"(%x, %t) <{multimem = false}> : (vector<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// vector.broadcast takes scalars only (vectors go through broadcast_in_dim).
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @broadcast_vector(%v: vector<128xf32>) {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x128xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for vector.broadcast of a vector}}
    %b = vector.broadcast %v : vector<128xf32> to vector<2x128xf32>
    "mosaic_gpu.vector_store"(%b, %s) <{multimem = false}> : (vector<2x128xf32>, memref<2x128xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// An SMEM ref that comes from outside the module's ops has no variable.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @argument_ref(%s: memref<256xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{found no layout for the producer of operand #0}}
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    "mosaic_gpu.vector_store"(%x, %s) <{multimem = false}> : (vector<256xf32>, memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// A subview with a stride of 2.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @strided_subview() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for memref.subview with non-unit strides}}
    %v = memref.subview %s[0] [128] [2] : memref<256xf32, #gpu.address_space<workgroup>> to memref<128xf32, strided<[2]>, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%v) <{optimized = false}> : (memref<128xf32, strided<[2]>, #gpu.address_space<workgroup>>) -> vector<128xf32>
    return
  }
}

// -----

// Two with_transforms on one ref asking for different tilings.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @two_tilings() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
    %t = "mosaic_gpu.with_transforms"(%s) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> memref<64x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{the layout casts and transforms given conflict}}
    %u = "mosaic_gpu.with_transforms"(%t) <{transforms = [#mosaic_gpu.tile<[8, 32]>, #mosaic_gpu.swizzle<64 : i32>]}> : (memref<64x64xf16, #gpu.address_space<workgroup>>) -> memref<64x64xf16, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// An SMEM ref through an optimization barrier gets no transforms.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @barrier_ref() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{gave 0 in_transforms for 1 SMEM ref operands}}
    %t = "mosaic_gpu.optimization_barrier"(%s) : (memref<256xf32, #gpu.address_space<workgroup>>) -> memref<256xf32, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A cast of an SMEM ref to a dynamic shape.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @dynamic_cast() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{does not match the shape or memory space}}
    %c = memref.cast %s : memref<256xf32, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A gather along the second dimension.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @gather_minor(%g: memref<256x128xf32>, %rows: vector<16xi32>) {
    %c0 = arith.constant 0 : i32
    %bar = "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x16xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for gathers/scatters along other than the leading dimension}}
    "mosaic_gpu.async_load"(%g, %s, %bar, %c0, %rows) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 16>}> : (memref<256x128xf32>, memref<64x16xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, i32, vector<16xi32>) -> ()
    return
  }
}

// -----

// A gather whose rows are too narrow for the TMA's alignment.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @gather_narrow(%g: memref<256x128xf32>, %rows: vector<16xi32>) {
    %c0 = arith.constant 0 : i32
    %bar = "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<16x4xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{minor dimension is not a multiple of 8}}
    "mosaic_gpu.async_load"(%g, %s, %bar, %rows, %c0) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 16, 4>}> : (memref<256x128xf32>, memref<16x4xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, vector<16xi32>, i32) -> ()
    return
  }
}

// -----

// Gather indices in a number of rows TMA cannot take.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @gather_rows(%g: memref<256x128xf32>, %rows: vector<6xi32>) {
    %c0 = arith.constant 0 : i32
    %bar = "mosaic_gpu.slice_smem"() <{offset = 65536 : i32}> : () -> memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<6x128xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{TMA index vectors of 6 rows are not supported}}
    "mosaic_gpu.async_load"(%g, %s, %bar, %rows, %c0) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 6, 128>}> : (memref<256x128xf32>, memref<6x128xf32, #gpu.address_space<workgroup>>, memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>, vector<6xi32>, i32) -> ()
    return
  }
}

// -----

// A vector extracted at a dynamic position.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @extract_dynamic(%i: index) {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x128xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<2x128xf32, #gpu.address_space<workgroup>>) -> vector<2x128xf32>
    // expected-error @+1 {{not yet supported: layout inference for vector.extract at dynamic positions}}
    %e = vector.extract %x[%i] : vector<128xf32> from vector<2x128xf32>
    return
  }
}

// -----

// A 2-D tiling given to a 1-D ref.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tile_rank() {
    // expected-error @+1 {{a tiling of higher rank than its ref}}
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<512xf16, #gpu.address_space<workgroup>>
    %t = "mosaic_gpu.with_transforms"(%s) <{transforms = [#mosaic_gpu.tile<[8, 64]>]}> : (memref<512xf16, #gpu.address_space<workgroup>>) -> memref<512xf16, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A vector from outside the module's ops has no layout.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @argument_vector(%v: vector<256xf32>) {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{no layout for a vector value here}}
    %y = arith.addf %v, %v : vector<256xf32>
    "mosaic_gpu.vector_store"(%y, %s) <{multimem = false}> : (vector<256xf32>, memref<256xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

// -----

// An mma 'a' operand narrower than its fragment (16 columns for f16).
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @mma_narrow() {
    %sa = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x8xf16, #gpu.address_space<workgroup>>
    %sb = "mosaic_gpu.slice_smem"() <{offset = 2048 : i32}> : () -> memref<8x64xf16, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.vector_load"(%sa) <{optimized = false}> : (memref<64x8xf16, #gpu.address_space<workgroup>>) -> vector<64x8xf16>
    %b = "mosaic_gpu.vector_load"(%sb) <{optimized = false}> : (memref<8x64xf16, #gpu.address_space<workgroup>>) -> vector<8x64xf16>
    %acc = arith.constant dense<0.0> : vector<64x64xf32>
    // expected-error @+1 {{the mma 'a' operand of shape [64, 8] does not fit its fragment layout}}
    %r = mosaic_gpu.mma accumulator(%acc : vector<64x64xf32>) a(%a : vector<64x8xf16>) b(%b : vector<8x64xf16>) -> vector<64x64xf32>
    return
  }
}

// -----

// An expand_shape of a transposed ref.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @expand_transposed() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %t = memref.transpose %s (d0, d1) -> (d1, d0) : memref<64x128xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[1, 128]>, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for memref.expand_shape of a transposed ref}}
    %e = memref.expand_shape %t [[0, 1], [2]] output_shape [2, 64, 64] : memref<128x64xf16, strided<[1, 128]>, #gpu.address_space<workgroup>> into memref<2x64x64xf16, strided<[64, 1, 128]>, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A collapse_shape of a ref that is not contiguous.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @collapse_strided() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<4x64x128xf16, #gpu.address_space<workgroup>>
    %v = memref.subview %s[0, 0, 0] [4, 64, 64] [1, 1, 1] : memref<4x64x128xf16, #gpu.address_space<workgroup>> to memref<4x64x64xf16, strided<[8192, 128, 1]>, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for memref.collapse_shape of a non-contiguous ref}}
    %c = memref.collapse_shape %v [[0, 1], [2]] : memref<4x64x64xf16, strided<[8192, 128, 1]>, #gpu.address_space<workgroup>> into memref<256x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A collapse_shape to a rank-0 ref.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @collapse_all() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<1x1xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for memref.collapse_shape to a rank-0 ref}}
    %c = memref.collapse_shape %s [] : memref<1x1xf32, #gpu.address_space<workgroup>> into memref<f32, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A TMEM layout cast to a layout jaxlib cannot build (warp dim -8 is outside
// the tiled shape).
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tmem_bad_layout() {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %u = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    // expected-error @+1 {{is not a valid tiled layout}}
    %c = "mosaic_gpu.tmem_layout_cast"(%u) <{new_layout = #mosaic_gpu.TiledLayout<[[128, 8], [32, 8], [8, 8], [1]], warp_dims = [-8], lane_dims = [-4, -3], vector_dim = -1>}> : (memref<128x256xf32, #mosaic_gpu.tmem>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    return
  }
}

// -----

// A TMEM layout cast whose tiling does not divide the ref.
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tmem_cast_misfit() {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %u = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x4xf32, #mosaic_gpu.tmem>
    // expected-error @+1 {{cannot cast to TMEM layout}}
    %c = "mosaic_gpu.tmem_layout_cast"(%u) <{new_layout = #mosaic_gpu.TiledLayout<[[128, 8], [32, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}> : (memref<128x4xf32, #mosaic_gpu.tmem>) -> memref<128x4xf32, #mosaic_gpu.tmem>
    return
  }
}

// -----

// A strided layout cast that does not spread over a warpgroup.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @strided_misfit() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    // expected-error @+1 {{does not spread its elements evenly over a warpgroup}}
    %w = mosaic_gpu.layout_cast x(%x : vector<256xf32>) {new_layout = #mosaic_gpu.WGStridedFragLayout<[256], 4>}
    return
  }
}

// -----

// An accumulator of 96 rows has no TMEM layout.
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tcgen05_rows(%p: i1) {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<96x64xf16, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 17408 : i32}> : () -> memref<64x128xf16, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<96x128xf32, #mosaic_gpu.tmem>
    // expected-error @+1 {{no TMEM layout fits the tcgen05 accumulator of shape [96, 128]}}
    "mosaic_gpu.tcgen05_mma"(%t, %a, %b, %p) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>}> : (memref<96x128xf32, #mosaic_gpu.tmem>, memref<96x64xf16, #gpu.address_space<workgroup>>, memref<64x128xf16, #gpu.address_space<workgroup>>, i1) -> ()
    return
  }
}

// -----

// Scales of 64 rows (their TMEM layout tiles 128).
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @short_scales(%p: i1) {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %a = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>
    %b = "mosaic_gpu.slice_smem"() <{offset = 17408 : i32}> : () -> memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x128xf32, #mosaic_gpu.tmem>
    %as = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<64x4xf8E8M0FNU, #mosaic_gpu.tmem>
    %bs = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<64x4xf8E8M0FNU, #mosaic_gpu.tmem>
    // expected-error @+1 {{the tcgen05 scales of shape [64, 4] do not fit their TMEM layout}}
    "mosaic_gpu.tcgen05_mma"(%t, %a, %b, %p, %as, %bs) <{collective = false, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>}> : (memref<128x128xf32, #mosaic_gpu.tmem>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, memref<128x128xf8E4M3FN, #gpu.address_space<workgroup>>, i1, memref<64x4xf8E8M0FNU, #mosaic_gpu.tmem>, memref<64x4xf8E8M0FNU, #mosaic_gpu.tmem>) -> ()
    return
  }
}

// -----

// SMEM copied into a TMEM ref of 64 rows, which the default TMEM layout
// does not tile.
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @store_short() {
    %addr = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    %src = "mosaic_gpu.slice_smem"() <{offset = 1024 : i32}> : () -> memref<64x64xbf16, #gpu.address_space<workgroup>>
    %t = mosaic_gpu.tmem_alloc smem_ptr(%addr : memref<i32, #gpu.address_space<workgroup>>) -> memref<64x64xbf16, #mosaic_gpu.tmem>
    // expected-error @+1 {{cannot give the TMEM ref of shape [64, 64] its default layout}}
    "mosaic_gpu.async_store_smem_to_tmem"(%src, %t) <{collective = false}> : (memref<64x64xbf16, #gpu.address_space<workgroup>>, memref<64x64xbf16, #mosaic_gpu.tmem>) -> ()
    return
  }
}

// -----

// Transforms whose tile does not divide the ref (32 columns, 64-wide tiles).
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tile_misfit() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<64x32xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{cannot tile a ref of shape [64, 32] with these transforms}}
    %t = "mosaic_gpu.with_transforms"(%s) <{transforms = [#mosaic_gpu.tile<[8, 64]>]}> : (memref<64x32xf16, #gpu.address_space<workgroup>>) -> memref<64x32xf16, #gpu.address_space<workgroup>>
    return
  }
}

// RUN: %pallas_opt %s --split-input-file --verify-diagnostics --infer-mosaic-gpu-layouts

// Modules whose layout inference fails. jaxlib 0.10.2's infer_layout raises
// on every one of them too (scripts/jax/check_gpu_layouts.py runs both on
// this file's chunks and checks it), but the last two, whose forms our
// rules do not cover yet.

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

// Not yet supported by our rules (jaxlib infers these): TMEM...
module attributes {mosaic_gpu.arch_major = 10 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @tmem() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<i32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{not yet supported: layout inference for TMEM (tcgen05) ops}}
    %t = mosaic_gpu.tmem_alloc smem_ptr(%s : memref<i32, #gpu.address_space<workgroup>>) -> memref<128x256xf32, #mosaic_gpu.tmem>
    return
  }
}

// -----

// ... and custom primitives.
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @custom() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<256xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<256xf32, #gpu.address_space<workgroup>>) -> vector<256xf32>
    // expected-error @+1 {{not yet supported: layout inference for mosaic_gpu.custom_primitive}}
    "mosaic_gpu.custom_primitive"(%x) <{in_layouts = [#mosaic_gpu.WGStridedFragLayout<[256], 2>], in_transforms = [], out_layouts = []}> ({
    ^bb0(%y: vector<256xf32>):
      "mosaic_gpu.return"() : () -> ()
    }) : (vector<256xf32>) -> ()
    return
  }
}

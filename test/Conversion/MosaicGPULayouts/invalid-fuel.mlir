// RUN: %pallas_opt %s --verify-diagnostics --infer-mosaic-gpu-layouts=fuel=0

// With no fuel the search cannot try a single candidate (jaxlib's
// infer_layout(module, fuel=0) fails on this module the same way); with the
// default fuel the module infers (test infer.mlir, @cast_tiled).

// expected-error @+1 {{the search ran out of fuel}}
module attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32} {
  func.func @cast_tiled() {
    %s = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<128x128xf32, #gpu.address_space<workgroup>>
    %x = "mosaic_gpu.vector_load"(%s) <{optimized = true}> : (memref<128x128xf32, #gpu.address_space<workgroup>>) -> vector<128x128xf32>
    %w = mosaic_gpu.layout_cast x(%x : vector<128x128xf32>) {new_layout = #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>}
    "mosaic_gpu.vector_store"(%w, %s) <{multimem = false}> : (vector<128x128xf32>, memref<128x128xf32, #gpu.address_space<workgroup>>) -> ()
    return
  }
}

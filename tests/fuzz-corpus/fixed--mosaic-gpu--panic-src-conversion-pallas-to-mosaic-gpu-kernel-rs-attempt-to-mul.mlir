// fuzz reproducer: convert-pallas-to-mosaic-gpu: panic src/conversion/pallas_to_mosaic_gpu/kernel.rs: attempt to multiply with overflow
// (seed 20261124, mutant 154 of the GPU seeds: an extent of clusters.mlir's grid set to 2^63 - 1; grid x cluster overflowed i64)
pallas.kernel @k grid(3, 9223372036854775807) names("i", "j")
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i, j) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 1, 2>, cluster_names = ["d", "c"]}}} {
  pallas.return
}

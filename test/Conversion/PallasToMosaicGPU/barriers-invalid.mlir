// RUN: %pallas_opt %s --split-input-file --verify-diagnostics --convert-pallas-to-mosaic-gpu

// Cluster barrier forms the lowering does not cover yet.

// expected-error @+1 {{'pallas.kernel' op not yet supported: cluster barriers that span only their own CTA (no cluster axis of more than one CTA)}}
pallas.kernel @k grid(2) names("g")
    ins(%x: memref<256x128xf32> block [256, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%b: memref<!pallas.barrier<collective_axes = ["c"]>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 1, 2>, cluster_names = ["c", "d"]}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: cluster barriers ordered with the tensor core (memref<!pallas.barrier<orders_tensor_core = true, collective_axes = ["c"]>, #pallas.memory_space<shared>>)}}
pallas.kernel @k grid(2) names("g")
    ins(%x: memref<256x128xf32> block [256, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%b: memref<!pallas.barrier<orders_tensor_core = true, collective_axes = ["c"]>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  pallas.return
}

// -----

pallas.kernel @k grid(2) names("g")
    ins(%x: memref<256x128xf32> block [256, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<256x128xf32, #pallas.memory_space<shared>>,
            %b: memref<!pallas.barrier<collective_axes = ["c"]>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op not yet supported: TMA copies that complete on a cluster barrier}}
  pallas.copy_gmem_to_smem %x -> %s, %b[] : memref<256x128xf32, #pallas.memory_space<gmem>> -> memref<256x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier<collective_axes = ["c"]>, #pallas.memory_space<shared>>
  pallas.return
}


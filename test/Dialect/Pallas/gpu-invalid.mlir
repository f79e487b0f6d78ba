// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// The GPU rules of the pallas dialect, one case each: the mosaic_gpu params
// (decoded by src/dialect/pallas/gpu_params.rs, reported at the kernel),
// gpu_transforms, barriers, mesh axes and the GPU-only ops
// (src/dialect/pallas/verify/gpu.rs).

// lowering_semantics of the wrong kind.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.lowering_semantics must be a string, got 1 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = 1}}} {
  pallas.return
}

// -----

// An unknown lowering semantics.
// expected-error @+1 {{'pallas.kernel' op unknown mosaic_gpu.lowering_semantics "warp"; expected "lane" or "warpgroup"}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warp"}}} {
  pallas.return
}

// -----

// max_concurrent_steps must be at least 1.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.max_concurrent_steps must be an integer in [1, 2^31), got 0 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {max_concurrent_steps = 0}}} {
  pallas.return
}

// -----

// delay_release is a count of steps.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.delay_release must be an integer in [0, 2^31), got -1 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {delay_release = -1}}} {
  pallas.return
}

// -----

// approx_math is a boolean.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.approx_math must be a boolean (true or false), got 1 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {approx_math = 1}}} {
  pallas.return
}

// -----

// unsafe_no_auto_barriers is a boolean.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.unsafe_no_auto_barriers must be a boolean (true or false), got "yes"}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {unsafe_no_auto_barriers = "yes"}}} {
  pallas.return
}

// -----

// reduction_scratch_bytes is a byte count.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.reduction_scratch_bytes must be an integer in [0, 2^31), got -4 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {reduction_scratch_bytes = -4}}} {
  pallas.return
}

// -----

// profile_space is an event count.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.profile_space must be an integer in [0, 2^31), got 4294967296 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {profile_space = 4294967296}}} {
  pallas.return
}

// -----

// profile_dir is a string.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.profile_dir must be a string, got 3 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {profile_dir = 3}}} {
  pallas.return
}

// -----

// cluster is a dense array.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.cluster must be a DenseI64ArrayAttr (array<i64: ...>), got [2]}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = [2], cluster_names = ["c"]}}} {
  pallas.return
}

// -----

// A cluster has at most 3 dims.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.cluster must be at most 3 extents, got array<i64: 1, 1, 1, 2>}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 1, 1, 1, 2>}}} {
  pallas.return
}

// -----

// Cluster extents are positive.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.cluster must be an array of positive extents, got array<i64: 0>}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 0>, cluster_names = ["c"]}}} {
  pallas.return
}

// -----

// A cluster has at most 16 CTAs.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.cluster array<i64: 4, 8> has more than 16 CTAs}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 4, 8>, cluster_names = ["a", "b"]}}} {
  pallas.return
}

// -----

// Cluster axis names are distinct.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.cluster_names must be an array of distinct non-empty axis names, got ["c", "c"]}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 2, 2>, cluster_names = ["c", "c"]}}} {
  pallas.return
}

// -----

// A CTA has at most 16 warpgroups.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.num_threads must be an integer in [1, 16] (warpgroups of 128 threads, at most 2048 threads per CTA), got 17 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {num_threads = 17, thread_name = "wg"}}} {
  pallas.return
}

// -----

// The warpgroup axis needs a name.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.thread_name must be a non-empty string, got ""}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {num_threads = 2, thread_name = ""}}} {
  pallas.return
}

// -----

// An unknown key.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu has an unknown key 'num_warps'; expected one of lowering_semantics, max_concurrent_steps, delay_release, approx_math, unsafe_no_auto_barriers, reduction_scratch_bytes, profile_space, profile_dir, cluster, cluster_names, num_threads, thread_name}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {num_warps = 4}}} {
  pallas.return
}

// -----

// One name per cluster axis.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.cluster_names names 1 axes but cluster has 2 extents}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 2, 1>, cluster_names = ["c"]}}} {
  pallas.return
}

// -----

// num_threads and thread_name go together.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu needs num_threads and thread_name together}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {num_threads = 2}}} {
  pallas.return
}

// -----

// delay_release must leave a step to overlap.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu.delay_release (2) must be smaller than max_concurrent_steps (2)}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {max_concurrent_steps = 2, delay_release = 2}}} {
  pallas.return
}

// -----

// The warpgroup axis cannot reuse a cluster axis name.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_gpu names axis 'c' twice (cluster_names and thread_name)}}
pallas.kernel @k grid(2) ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 2>, cluster_names = ["c"], num_threads = 2, thread_name = "c"}}} {
  pallas.return
}

// -----

// gpu_transforms belong to GPU kernels.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms is for GPU kernels (compiler_params = {mosaic_gpu = {...}})}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<swizzle = 128>}} {
}

// -----

// Cluster and warpgroup axes cannot reuse a grid name.
// expected-error @+1 {{'pallas.kernel' op axis name 'g' of compiler_params.mosaic_gpu is also a grid name}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {num_threads = 2, thread_name = "g"}}} {
}

// -----

// gpu_transforms keys name operands.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms names 'inputs[1]', which is not an operand of the kernel (expected inputs[i], outputs[i] or scratch[i])}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[1]" = #pallas.gpu_transforms<swizzle = 128>}} {
}

// -----

// gpu_transforms values are #pallas.gpu_transforms.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of inputs[0] must be a #pallas.gpu_transforms, got 128 : i64}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[0]" = 128}} {
}

// -----

// Transforms lay out shared memory only.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of scratch[0]: transforms lay out shared memory, but the ref is memref<64x128xf32, #pallas.memory_space<gmem>>}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%s: memref<64x128xf32, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"scratch[0]" = #pallas.gpu_transforms<swizzle = 128>}} {
}

// -----

// A tiling has at most one size per dim.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of inputs[0]: tiling [1, 8, 32] must have 1 to 2 sizes for memref<64x128xf32, #pallas.memory_space<shared>>}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [1, 8, 32]>}} {
}

// -----

// Tiles divide the dims they tile.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of inputs[0]: tiling [8, 48] must divide the minor dims [64, 128] of memref<64x128xf32, #pallas.memory_space<shared>>}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [8, 48]>}} {
}

// -----

// Swizzles are 16, 32, 64 or 128 bytes.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of inputs[0]: swizzle must be 16, 32, 64 or 128 bytes, got 256}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<swizzle = 256>}} {
}

// -----

// The minor tile spans the swizzle.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of inputs[0]: the minor tile of 64 elements of 4 bytes spans 256 bytes, but the swizzle is 128 bytes}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}} {
}

// -----

// A transpose permutes the dims.
// expected-error @+1 {{'pallas.kernel' op gpu_transforms of inputs[0]: transpose [0, 0] must be a permutation of the 2 dims of memref<64x128xf32, #pallas.memory_space<shared>>}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}, gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<transpose = [0, 0]>}} {
}

// -----

// A barrier needs an arrival.
// expected-error @+1 {{'pallas.kernel' op scratch[0]: a barrier needs at least 1 arrival, got 0}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%b: memref<!pallas.barrier<arrivals = 0>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
}

// -----

// A cluster barrier names its cluster axes.
// expected-error @+1 {{'pallas.kernel' op scratch[0]: collective_axes of a cluster barrier must name at least one cluster axis, got memref<!pallas.barrier<collective_axes = []>, #pallas.memory_space<shared>>}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%b: memref<!pallas.barrier<collective_axes = []>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
}

// -----

// Cluster barrier axes are cluster axes.
// expected-error @+1 {{'pallas.kernel' op scratch[0]: collective_axes of memref<!pallas.barrier<collective_axes = ["g"]>, #pallas.memory_space<shared>> must name cluster axes ('c'), got 'g'}}
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%b: memref<!pallas.barrier<collective_axes = ["g"]>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 2>, cluster_names = ["c"]}}} {
}

// -----

// Scoped gpu_transforms belong to GPU kernels.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
  {
  // expected-error @+1 {{'pallas.run_scoped' op gpu_transforms is for GPU kernels (compiler_params = {mosaic_gpu = {...}})}}
  pallas.run_scoped {
  ^bb0(%s: memref<64x128xf16, #pallas.memory_space<shared>>):
    pallas.yield
  } {gpu_transforms = {"0" = #pallas.gpu_transforms<swizzle = 128>}}
}

// -----

// Scoped gpu_transforms keys are allocation indices.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op gpu_transforms names '1', which is not an allocation index (0 to 0)}}
  pallas.run_scoped {
  ^bb0(%s: memref<64x64xf16, #pallas.memory_space<shared>>):
    pallas.yield
  } {gpu_transforms = {"1" = #pallas.gpu_transforms<swizzle = 128>}}
}

// -----

// Scoped shared allocations are checked like scratch.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op gpu_transforms of allocation 0: swizzle must be 16, 32, 64 or 128 bytes, got 8}}
  pallas.run_scoped {
  ^bb0(%s: memref<64x64xf16, #pallas.memory_space<shared>>):
    pallas.yield
  } {gpu_transforms = {"0" = #pallas.gpu_transforms<swizzle = 8>}}
}

// -----

// Scoped barriers are checked like scratch.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op allocation 0: a barrier needs at least 1 arrival, got -1}}
  pallas.run_scoped {
  ^bb0(%b: memref<!pallas.barrier<arrivals = -1>, #pallas.memory_space<shared>>):
    pallas.yield
  }
}

// -----

// axis_index names an axis of the GPU kernel.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  // expected-error @+1 {{'pallas.axis_index' op axis 'wg' is not an axis of the GPU kernel (grid_names, cluster_names, thread_name: 'g', 'c')}}
  %a = pallas.axis_index "wg"
}

// -----

// wgmma_wait counts pending WGMMAs.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma_wait' op pending must be non-negative, got -1}}
  pallas.wgmma_wait -1
}

// -----

// Register budgets are multiples of 8 in [24, 256].
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.set_max_registers' op count must be a multiple of 8 in [24, 256], got 20}}
  pallas.set_max_registers 20 decrease
}

// -----

// A TMA load reads GMEM.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%s: memref<64x128xf32, #pallas.memory_space<shared>>, %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op src must be in memory space gmem, got memref<64x128xf32, #pallas.memory_space<shared>>}}
  pallas.copy_gmem_to_smem %x -> %s, %b[] : memref<64x128xf32, #pallas.memory_space<shared>> -> memref<64x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
}

// -----

// A TMA load writes shared memory.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%g: memref<64x128xf32, #pallas.memory_space<gmem>>, %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op dst must be in memory space shared, got memref<64x128xf32, #pallas.memory_space<gmem>>}}
  pallas.copy_gmem_to_smem %g -> %g, %b[] : memref<64x128xf32, #pallas.memory_space<gmem>> -> memref<64x128xf32, #pallas.memory_space<gmem>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
}

// -----

// Multicast goes along cluster axes.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%g: memref<64x128xf32, #pallas.memory_space<gmem>>, %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op collective_axes names 'g', which is not a cluster axis of the kernel (the kernel has none)}}
  pallas.copy_gmem_to_smem %g -> %x, %b[] {collective_axes = ["g"]} : memref<64x128xf32, #pallas.memory_space<gmem>> -> memref<64x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
}

// -----

// A partitioned copy is a multicast.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%g: memref<64x128xf32, #pallas.memory_space<gmem>>, %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op partitioned_axis needs collective_axes (the CTAs that share the tile)}}
  pallas.copy_gmem_to_smem %g -> %x, %b[] {partitioned_axis = 0} : memref<64x128xf32, #pallas.memory_space<gmem>> -> memref<64x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
}

// -----

// The partitioned axis is a dim of the tile.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%g: memref<64x128xf32, #pallas.memory_space<gmem>>, %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op partitioned_axis 2 is out of range for dst memref<64x128xf32, #pallas.memory_space<shared>> of rank 2}}
  pallas.copy_gmem_to_smem %g -> %x, %b[] {collective_axes = ["c"], partitioned_axis = 2} : memref<64x128xf32, #pallas.memory_space<gmem>> -> memref<64x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
}

// -----

// A TMA store reads shared memory.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%g: memref<64x128xf32, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.copy_smem_to_gmem' op src must be in memory space shared, got memref<64x128xf32, #pallas.memory_space<gmem>>}}
  pallas.copy_smem_to_gmem %g -> %g : memref<64x128xf32, #pallas.memory_space<gmem>> -> memref<64x128xf32, #pallas.memory_space<gmem>>
}

// -----

// A TMA store writes GMEM.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.copy_smem_to_gmem' op dst must be in memory space gmem, got memref<64x128xf32, #pallas.memory_space<shared>>}}
  pallas.copy_smem_to_gmem %x -> %x : memref<64x128xf32, #pallas.memory_space<shared>> -> memref<64x128xf32, #pallas.memory_space<shared>>
}

// -----

// The WGMMA accumulator lives in registers.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op acc must be a WGMMA accumulator, a ref in memory space regs, got memref<64x128xf32, #pallas.memory_space<shared>>}}
  pallas.wgmma %x, %a, %bb : memref<64x128xf32, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
}

// -----

// The WGMMA lhs is shared memory or registers.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %ga: memref<64x64xf16, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op lhs must be a ref in memory space shared or a vector in registers, got memref<64x64xf16, #pallas.memory_space<gmem>>}}
  pallas.wgmma %acc, %ga, %bb : memref<64x128xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<gmem>>, memref<64x128xf16, #pallas.memory_space<shared>>
}

// -----

// The WGMMA rhs is shared memory.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %rb: memref<64x128xf16, #pallas.memory_space<regs>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op rhs must be in memory space shared, got memref<64x128xf16, #pallas.memory_space<regs>>}}
  pallas.wgmma %acc, %a, %rb : memref<64x128xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<regs>>
}

// -----

// WGMMA operands are matrices.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %flat: memref<4096xf16, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op acc, lhs and rhs must be 2-D, got memref<64x128xf32, #pallas.memory_space<regs>>, memref<4096xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>}}
  pallas.wgmma %acc, %flat, %bb : memref<64x128xf32, #pallas.memory_space<regs>>, memref<4096xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
}

// -----

// WGMMA shapes compose.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %b32: memref<32x128xf16, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op shapes do not compose: acc memref<64x128xf32, #pallas.memory_space<regs>>, lhs memref<64x64xf16, #pallas.memory_space<shared>>, rhs memref<32x128xf16, #pallas.memory_space<shared>> (need acc [M, N], lhs [M, K], rhs [K, N])}}
  pallas.wgmma %acc, %a, %b32 : memref<64x128xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<32x128xf16, #pallas.memory_space<shared>>
}

// -----

// WGMMA tiles are m64 multiples.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %acc32: memref<32x128xf32, #pallas.memory_space<regs>>, %a32: memref<32x64xf16, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op acc memref<32x128xf32, #pallas.memory_space<regs>>: WGMMA needs M a multiple of 64 and N a multiple of 8 up to 256}}
  pallas.wgmma %acc32, %a32, %bb : memref<32x128xf32, #pallas.memory_space<regs>>, memref<32x64xf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
}

// -----

// WGMMA operands share an element type.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %abf: memref<64x64xbf16, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op lhs memref<64x64xbf16, #pallas.memory_space<shared>> and rhs memref<64x128xf16, #pallas.memory_space<shared>> must have the same element type}}
  pallas.wgmma %acc, %abf, %bb : memref<64x128xf32, #pallas.memory_space<regs>>, memref<64x64xbf16, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
}

// -----

// WGMMA accumulates 8-bit integers in i32.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xf32, #pallas.memory_space<regs>>, %a: memref<64x64xf16, #pallas.memory_space<shared>>, %bb: memref<64x128xf16, #pallas.memory_space<shared>>, %ai: memref<64x64xi8, #pallas.memory_space<shared>>, %bi: memref<64x128xi8, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.wgmma' op acc memref<64x128xf32, #pallas.memory_space<regs>> cannot accumulate i8: WGMMA accumulates floats in f32 (or f16 for 16-bit floats) and 8-bit integers in i32}}
  pallas.wgmma %acc, %ai, %bi : memref<64x128xf32, #pallas.memory_space<regs>>, memref<64x64xi8, #pallas.memory_space<shared>>, memref<64x128xi8, #pallas.memory_space<shared>>
}

// -----

// wg_strided needs a vector size.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
  // expected-error @+1 {{'pallas.layout_cast' op wg_strided needs a positive vec_size, got none}}
  %c = pallas.layout_cast %v wg_strided : vector<64x128xf32>
}

// -----

// Only wg_strided takes a vector size.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
  // expected-error @+1 {{'pallas.layout_cast' op vec_size is only for the wg_strided layout}}
  %c = pallas.layout_cast %v wgmma {vec_size = 2} : vector<64x128xf32>
}

// -----

// Row and column layouts are 1-D.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
  // expected-error @+1 {{'pallas.layout_cast' op wgmma_row and wgmma_col lay out 1-D vectors, got vector<64x128xf32>}}
  %c = pallas.layout_cast %v wgmma_row : vector<64x128xf32>
}

// -----

// Tile layouts are 2-D.
pallas.kernel @k grid(2) names("g") ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = arith.constant dense<0.0> : vector<128xf32>
  // expected-error @+1 {{'pallas.layout_cast' op this layout is for 2-D vectors, got vector<128xf32>}}
  %c = pallas.layout_cast %v wgmma : vector<128xf32>
}

// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file -verify-diagnostics
// RUN: not %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file 2>&1 | FileCheck %s --check-prefix=DETAILS

// JAX's rejections (jax/_src/pallas/mosaic_gpu/lowering.py, core.py), with
// JAX's words, then the forms not yet supported.

// expected-error @+1 {{'pallas.kernel' op Dynamic grid bounds not supported in the Mosaic GPU lowering.}}
pallas.kernel @k grid(?)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Scalar prefetch not supported in Mosaic GPU lowering.}}
pallas.kernel @k grid(2)
    prefetch(%s: memref<4xi32>)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// JAX's details follow on the next lines of the message.
// DETAILS: Block spec for inputs[0] in pallas_call k has block shape (64, 128), array shape (128, 128), and index_map (d0) -> (d0, 0) in memory space gmem. See details at https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec.
// expected-error @+1 {{'pallas.kernel' op Mosaic GPU lowering currently requires blocks in GMEM memory space to have same block shape as the array shape and a trivial index_map (returning all 0s).}}
pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Only Blocked indexing mode is supported in Mosaic GPU lowering.}}
pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [element(64, pad = [0, 0]), 128] map affine_map<(i) -> (i * 64, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Pipeline mode is not supported in Mosaic GPU lowering.}}
pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared buffers 3)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// Two 128 KiB blocks and the barrier: 262152 bytes > 227 KiB.
// expected-error @+1 {{'pallas.kernel' op Mosaic GPU kernel exceeds available shared memory: smem_bytes=262152 > max_smem_bytes=232448}}
pallas.kernel @k grid(2)
    ins(%x: memref<256x256xf32> block [128, 256] map affine_map<(i) -> (i, 0)> in shared)
    outs(%o: memref<256x256xf32> block [128, 256] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: Lane lowering semantics in convert-pallas-to-mosaic-gpu (only lowering_semantics = "warpgroup")}}
pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: inputs[0] in memory space tmem (only GMEM operands and blocks pipelined through shared memory)}}
pallas.kernel @k
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in tmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: inputs[0] with squeezed or bounded block dims}}
pallas.kernel @k grid(2)
    ins(%x: memref<2x128xf32> block [squeezed, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: a grid of 4 parallel dims (more than 3 are squashed into the CUDA z dim)}}
pallas.kernel @k grid(2, 2, 2, 2)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(a, b, c, d) -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: blocks pipelined through shared memory in a kernel of several warpgroups (num_threads)}}
pallas.kernel @k
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", num_threads = 2, thread_name = "wg"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: blocks pipelined through shared memory in a kernel with clusters}}
pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: profiling (profile_space)}}
pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", profile_space = 16}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: scratch in a memory space other than shared (memref<128x128xf32, #pallas.memory_space<tmem>>)}}
pallas.kernel @k
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%t: memref<128x128xf32, #pallas.memory_space<tmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// A pipeline barrier (for the pipelined input) and a user barrier.
// expected-error @+1 {{'pallas.kernel' op not yet supported: user barriers together with pipelined inputs}}
pallas.kernel @k
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in shared)
    scratch(%b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

pallas.kernel @k
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
    outs(%o: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<64x128xf32, #pallas.memory_space<shared>>,
            %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 0 : index
  %xs = memref.subview %x[%c0, 0] [64, 128] [1, 1] : memref<128x128xf32, #pallas.memory_space<gmem>> to memref<64x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
  %v = pallas.load %x[] : memref<128x128xf32, #pallas.memory_space<gmem>> -> vector<128x128xf32>
  %c1 = arith.constant 1 : i1
  %os = memref.subview %o[0, 0] [64, 128] [1, 1] : memref<128x128xf32, #pallas.memory_space<gmem>> to memref<64x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
  pallas.copy_smem_to_gmem %s -> %os if (%c1) : memref<64x128xf32, #pallas.memory_space<shared>> -> memref<64x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
  // expected-error @+1 {{'memref.subview' op not yet supported: GMEM subviews with dynamic sizes or strides, or dropping dims of more than one element}}
  %oe = memref.subview %o[0, 0] [32, 128] [2, 1] : memref<128x128xf32, #pallas.memory_space<gmem>> to memref<32x128xf32, strided<[256, 1]>, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pallas.load' op not yet supported: `pallas.load` of a vector with indexed (dropped) dims}}
  %v = pallas.load %x[%c0, 0:128] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<128xf32>
  %f = arith.constant 1.0 : f64
  // expected-error @+1 {{'pallas.debug_print' op not yet supported: debug_print of f64 (Mosaic GPU prints integers, f16, bf16 and f32)}}
  pallas.debug_print "x = {}" (%f : f64)
  // expected-error @+1 {{'pallas.debug_print' op not yet supported: debug_print of vectors}}
  pallas.debug_print "v = {}" (%v : vector<128xf32>)
  pallas.return
}

// -----

pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    outs(%o: memref<128x128xf32> block [64, 128] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
  // expected-error @+1 {{'pallas.layout_cast' op not yet supported: layout_cast to layout case 3 for vector<64x128xf32> in convert-pallas-to-mosaic-gpu (wgmma, wgmma_col and wg_strided are)}}
  %w = pallas.layout_cast %v wgmma_transposed : vector<64x128xf32>
  %r = vector.extract_strided_slice %w {offsets = [0, 0], sizes = [1, 128], strides = [1, 1]} : vector<64x128xf32> to vector<1x128xf32>
  // expected-error @+1 {{'vector.broadcast' op not yet supported: broadcast of vector<1x128xf32> to [64, 128] that stretches unit dims in convert-pallas-to-mosaic-gpu}}
  %b = vector.broadcast %r : vector<1x128xf32> to vector<64x128xf32>
  pallas.store %b, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
}

// -----

pallas.kernel @k
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op not yet supported: scratch in a memory space other than shared (memref<128x8xi32, #pallas.memory_space<tmem>>)}}
  pallas.run_scoped {
  ^bb0(%t: memref<128x8xi32, #pallas.memory_space<tmem>>):
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pallas.load' op not yet supported: scalar `pallas.load` other than of one element of a shared or GMEM ref}}
    %v = pallas.load %t[%c0, %c0] : memref<128x8xi32, #pallas.memory_space<tmem>> -> i32
    pallas.yield
  }
}

// -----

pallas.kernel @k grid(2)
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<128x128xf32, #pallas.memory_space<shared>>,
            %b: memref<!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op not yet supported: partitioned TMA copies}}
  pallas.copy_gmem_to_smem %x -> %s, %b[] {collective_axes = ["c"], partitioned_axis = 0 : i64} : memref<128x128xf32, #pallas.memory_space<gmem>> -> memref<128x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier, #pallas.memory_space<shared>>
  %xs = memref.subview %x[0, 0] [64, 128] [1, 1] : memref<128x128xf32, #pallas.memory_space<gmem>> to memref<64x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
  %c0 = arith.constant 0 : index
  %v = memref.subview %xs[%c0, 0] [32, 128] [1, 1] : memref<64x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>> to memref<32x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// A layout that does not apply to the value's shape (a WGMMA tile needs
// rows in multiples of 64): rejected at the user's cast, before a
// mosaic_gpu.layout_cast that layout inference would reject is built.
pallas.kernel @k grid(2)
    ins(%x: memref<6x256xf32> block [3, 256] map affine_map<(i) -> (i, 0)> in shared)
    outs(%o: memref<6x256xf32> block [3, 256] map affine_map<(i) -> (i, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<3x256xf32, #pallas.memory_space<shared>> -> vector<3x256xf32>
  // expected-error @+1 {{'pallas.layout_cast' op cannot cast to layout #mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], lane_dims = [-3, -2], vector_dim = -1>: it does not apply to the operand shape [3, 256] (jaxlib rejects it too)}}
  %w = pallas.layout_cast %v wgmma : vector<3x256xf32>
  pallas.store %w, %o[] : vector<3x256xf32>, memref<3x256xf32, #pallas.memory_space<shared>>
}

// fuzz reproducer: convert-pallas-to-mosaic-gpu: exit1-gpu-verifier 'mosaic_gpu.multimem_load_reduce' op Only supported N and N bit integer operations
// (seed 20261124, mutant 1636 of the GPU seeds: ops_reduce_scatter's f32 made i4)
// jax.experimental.pallas.ops.gpu.reduce_scatter_mgpu.reduce_scatter along the
// device mesh axis "x" (2 devices, run under jax.shard_map, reduction add,
// scatter_dimension 0): device d's 128x128 f32 output is the sum over the
// devices of rows [128 d, 128 d + 128) of their 256x128 inputs, read with
// multimem load-reduce (JAX's tiling: vec_size 4, tiles of 1x32x128, 4 tiles
// strided over a grid of 4 blocks). Afterwards every device signals a GMEM
// semaphore on all devices and waits until all of them finished reading.
// Mirrors `ops_reduce_scatter` in scripts/jax/gpu_kernels.py; JAX's lowering
// of it is test/Reference/GPU/ops_reduce_scatter.mlir.
module {
  pallas.kernel @ops_reduce_scatter grid(1) names("blocks")
      ins(%x: memref<256x128xi4> block [256, 128] map affine_map<(b) -> (0, 0)> in gmem)
      outs(%y: memref<128x128xi4> block [128, 128] map affine_map<(b) -> (0, 0)> in gmem)
      scratch(%done: memref<!pallas.semaphore, #pallas.memory_space<gmem>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %dev32 = pallas.axis_index "x"
    %dev = arith.index_cast %dev32 : i32 to index
    %x3 = pallas.ref_reshape %x : memref<256x128xi4, #pallas.memory_space<gmem>> -> memref<1x256x128xi4, #pallas.memory_space<gmem>>
    %y3 = pallas.ref_reshape %y : memref<128x128xi4, #pallas.memory_space<gmem>> -> memref<1x128x128xi4, #pallas.memory_space<gmem>>
    %slot = arith.muli %dev, %c128 : index
    %mine = memref.subview %x3[0, %slot, 0] [1, 128, 128] [1, 1, 1] : memref<1x256x128xi4, #pallas.memory_space<gmem>> to memref<1x128x128xi4, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
    %b32 = pallas.axis_index "blocks"
    %b = arith.index_cast %b32 : i32 to index
    // plgpu.nd_loop((1, 4, 1), collective_axes="blocks"): the scatter tile index.
    scf.for %t = %b to %c4 step %c4 {
      %row = arith.muli %t, %c32 : index
      %src = memref.subview %mine[0, %row, 0] [1, 32, 128] [1, 1, 1] : memref<1x128x128xi4, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>> to memref<1x32x128xi4, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
      %sum = pallas.multimem_load_reduce %src add {collective_axes = ["x"]} : memref<1x32x128xi4, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>> -> vector<1x32x128xi4>
      %ss = pallas.layout_cast %sum wg_strided {vec_size = 4} : vector<1x32x128xi4>
      pallas.store %ss, %y3[0:1, %row:32, 0:128] : vector<1x32x128xi4>, memref<1x128x128xi4, #pallas.memory_space<gmem>>
    }
    %one = arith.constant 1 : i32
    %devices = arith.constant 2 : i32
    pallas.semaphore_signal_multicast %done[], %one {collective_axes = ["x"]} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
    pallas.semaphore_wait %done[], %devices {decrement = false} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  }
}

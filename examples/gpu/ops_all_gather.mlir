// jax.experimental.pallas.ops.gpu.all_gather_mgpu.all_gather along the device
// mesh axis "x" (2 devices, run under jax.shard_map): each device's 128x128 f32
// shard is written into its 128-row slot of the 256x128 output of every
// device with multimem stores (gather_dimension 0; JAX's tiling: vec_size 4,
// tiles of 1x32x128 of the (1, 128, 128) view, 4 tiles strided over a grid
// of 4 blocks). Afterwards every device signals a GMEM semaphore on all
// devices and waits, without decrementing, until all of them signalled; the
// never-taken store to x is JAX's way to keep x in symmetric memory.
// Mirrors `ops_all_gather` in scripts/jax/gpu_kernels.py; JAX's lowering of it
// is test/Reference/GPU/ops_all_gather.mlir.
module {
  pallas.kernel @ops_all_gather grid(4) names("blocks")
      ins(%x: memref<128x128xf32> block [128, 128] map affine_map<(b) -> (0, 0)> in gmem)
      outs(%y: memref<256x128xf32> block [256, 128] map affine_map<(b) -> (0, 0)> in gmem)
      scratch(%done: memref<!pallas.semaphore, #pallas.memory_space<gmem>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %dev32 = pallas.axis_index "x"
    %dev = arith.index_cast %dev32 : i32 to index
    %x3 = pallas.ref_reshape %x : memref<128x128xf32, #pallas.memory_space<gmem>> -> memref<1x128x128xf32, #pallas.memory_space<gmem>>
    %y3 = pallas.ref_reshape %y : memref<256x128xf32, #pallas.memory_space<gmem>> -> memref<1x256x128xf32, #pallas.memory_space<gmem>>
    %slot = arith.muli %dev, %c128 : index
    %mine = memref.subview %y3[0, %slot, 0] [1, 128, 128] [1, 1, 1] : memref<1x256x128xf32, #pallas.memory_space<gmem>> to memref<1x128x128xf32, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
    %b32 = pallas.axis_index "blocks"
    %b = arith.index_cast %b32 : i32 to index
    // plgpu.nd_loop((1, 4, 1), collective_axes="blocks"): the gather tile index.
    scf.for %t = %b to %c4 step %c4 {
      %row = arith.muli %t, %c32 : index
      %v = pallas.load %x3[0:1, %row:32, 0:128] : memref<1x128x128xf32, #pallas.memory_space<gmem>> -> vector<1x32x128xf32>
      %vs = pallas.layout_cast %v wg_strided {vec_size = 4} : vector<1x32x128xf32>
      %dst = memref.subview %mine[0, %row, 0] [1, 32, 128] [1, 1, 1] : memref<1x128x128xf32, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>> to memref<1x32x128xf32, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
      pallas.multimem_store %vs, %dst {collective_axes = ["x"]} : vector<1x32x128xf32>, memref<1x32x128xf32, strided<[32768, 128, 1], offset: ?>, #pallas.memory_space<gmem>>
    }
    %one = arith.constant 1 : i32
    %devices = arith.constant 2 : i32
    pallas.semaphore_signal_multicast %done[], %one {collective_axes = ["x"]} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
    pallas.semaphore_wait %done[], %devices {decrement = false} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
    %none = arith.constant -1 : i32
    %never = arith.cmpi eq, %dev32, %none : i32
    scf.if %never {
      %zero = arith.constant 0.0 : f32
      pallas.store %zero, %x[0, 0] : f32, memref<128x128xf32, #pallas.memory_space<gmem>>
    }
  }
}

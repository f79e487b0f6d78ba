// A ring of 4 devices ("x") with a grid of 2 row blocks (8x128 of a 16x128
// f32 array per device) whose signals name the target device's TensorCore,
// `core(0)`: a device of the CPU reference (one TensorCore) and JAX's
// interpret mode (num_cores_per_device = 1) both take it as the device's own
// core. The receive buffer and the DMA semaphores are run_scoped
// allocations. At each step a device enters the scope, tells its left
// neighbour it is ready (barrier semaphore, core 0), waits for its right
// neighbour's word, sends its input block into the right neighbour's scoped
// buffer (remote DMA), combines the block from the left with its own, its
// id and the step:
//   o = recv * 2 + x + 1000 * axis_index("x") + 100 * step
// then tells the left neighbour it has read the block (core 0) and waits
// for the right neighbour's word before leaving the scope.
// Mirrors mesh_core_signal in scripts/jax/cpu_oracle.py.
module {
  pallas.kernel @mesh_core_signal grid(2)
      ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(s) -> (s, 0)> in vmem)
      outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(s) -> (s, 0)> in vmem)
      scratch(%ack: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %n = arith.constant 4 : i32
    %r1 = arith.addi %me, %one : i32
    %right = arith.remsi %r1, %n : i32
    %l1 = arith.addi %me, %n : i32
    %l2 = arith.subi %l1, %one : i32
    %left = arith.remsi %l2, %n : i32
    pallas.run_scoped {
    ^bb0(%recv: memref<8x128xf32, #pallas.memory_space<vmem>>,
         %send_sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
         %recv_sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_signal %bar[], %one device(%left) core(%zero) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %bar[], %one : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      %v = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
      pallas.dma_start %x -> %recv, %recv_sem[] src_sem(%send_sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %recv, %recv_sem[] src_sem(%send_sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %r = pallas.load %recv[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
      %two = arith.constant dense<2.0> : vector<8x128xf32>
      %r2 = arith.mulf %r, %two : vector<8x128xf32>
      %a = arith.addf %r2, %v : vector<8x128xf32>
      %mef = arith.sitofp %me : i32 to f32
      %k1000 = arith.constant 1000.0 : f32
      %meb = arith.mulf %mef, %k1000 : f32
      %mev = vector.broadcast %meb : f32 to vector<8x128xf32>
      %b = arith.addf %a, %mev : vector<8x128xf32>
      %s = pallas.program_id 0
      %sf = arith.sitofp %s : i32 to f32
      %k100 = arith.constant 100.0 : f32
      %sb = arith.mulf %sf, %k100 : f32
      %sv = vector.broadcast %sb : f32 to vector<8x128xf32>
      %c = arith.addf %b, %sv : vector<8x128xf32>
      pallas.store %c, %o[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<vmem>>
      pallas.semaphore_signal %ack[], %one device(%left) core(%zero) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %ack[], %one : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.yield
    }
  }
}

// A 2x2 mesh ("x", "y") of 4 devices with a grid of 2 row blocks (8x128 of a
// 16x128 f32 array per device). At each step a device meets the device at
// the transposed coordinates at the barrier semaphore (so that it runs the
// kernel before data arrives), sends it its input block (remote DMA;
// device ids as mesh coordinates), combines the block it receives with its own (loaded
// before the wait, so kept across it), its logical id and the step:
//   o = recv * 2 + x + 1000 * (2 * axis_index("x") + axis_index("y"))
//       + 100 * step
// then acknowledges to that device (semaphore_signal with a LOGICAL device
// id, 2 * y + x) and waits for its acknowledgement before the next step.
// Mirrors mesh_2d_exchange in scripts/jax/cpu_oracle.py.
module {
  pallas.kernel @mesh_2d_exchange grid(2)
      ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(s) -> (s, 0)> in vmem)
      outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(s) -> (s, 0)> in vmem)
      scratch(%recv: memref<8x128xf32, #pallas.memory_space<vmem>>,
              %send_sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv_sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %ack: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 2>,
                                                   collective_id = 0 : i64}}} {
    %i = pallas.axis_index "x"
    %j = pallas.axis_index "y"
    %one = arith.constant 1 : i32
    %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %one device(%j, %i) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %bar[], %one : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    %v = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    pallas.dma_start %x -> %recv, %recv_sem[] src_sem(%send_sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%j, %i) : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %recv, %recv_sem[] src_sem(%send_sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%j, %i) : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %r = pallas.load %recv[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %two = arith.constant dense<2.0> : vector<8x128xf32>
    %r2 = arith.mulf %r, %two : vector<8x128xf32>
    %a = arith.addf %r2, %v : vector<8x128xf32>
    %c2 = arith.constant 2 : i32
    %i2 = arith.muli %i, %c2 : i32
    %me = arith.addi %i2, %j : i32
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
    %j2 = arith.muli %j, %c2 : i32
    %partner = arith.addi %j2, %i : i32
    pallas.semaphore_signal %ack[], %one device(%partner) {device_id_type = 1 : i32} : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %ack[], %one : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  }
}

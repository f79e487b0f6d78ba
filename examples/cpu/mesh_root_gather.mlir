// Device 0 of a 1-D mesh of 4 devices gathers the others' blocks, and only
// some devices wait at each wait (pl.when(me == 0) / pl.when(me != 0), the
// pattern of collective kernels with a root). Every device first writes
// x + me. Device 0 then signals every other device that it is ready, waits
// for their 3 remote DMAs into its slots 1..3 (the receive semaphore), and
// writes ((x_0 + x_1) + x_2) + x_3. Every other device waits for device 0's
// signal, sends its block into device 0's slot `me` and waits for the send
// (the send semaphore only). On the CPU reference the devices take turns:
// device 0 blocks in its first receive wait, devices 1..3 run to the end,
// then device 0 finishes (mesh_schedule.rs).
// Mirrors mesh_root_gather in scripts/jax/cpu_oracle.py.
module {
  pallas.kernel @mesh_root_gather
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      outs(%o: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      scratch(%slots: memref<4x8x128xf32, #pallas.memory_space<vmem>>,
              %send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %ready: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %xv = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %mef = arith.sitofp %me : i32 to f32
    %mev = vector.broadcast %mef : f32 to vector<8x128xf32>
    %own = arith.addf %xv, %mev : vector<8x128xf32>
    pallas.store %own, %o[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<vmem>>
    %root = arith.cmpi eq, %me, %c0 : i32
    scf.if %root {
      scf.for %d = %c1 to %c4 step %c1 : i32 {
        pallas.semaphore_signal %ready[], %c1 device(%d) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      }
      scf.for %d = %c1 to %c4 step %c1 : i32 {
        %di = arith.index_cast %d : i32 to index
        %slot = memref.subview %slots[%di, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
        pallas.dma_wait %x -> %slot, %recv[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %acc = scf.for %d = %c1 to %c4 step %c1 iter_args(%a = %xv) -> (vector<8x128xf32>) : i32 {
        %di = arith.index_cast %d : i32 to index
        %slot = memref.subview %slots[%di, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
        %s = pallas.load %slot[] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> vector<8x128xf32>
        %n = arith.addf %a, %s : vector<8x128xf32>
        scf.yield %n : vector<8x128xf32>
      }
      pallas.store %acc, %o[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<vmem>>
    } else {
      pallas.semaphore_wait %ready[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %mi = arith.index_cast %me : i32 to index
      %slot = memref.subview %slots[%mi, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_start %x -> %slot, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%c0) : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %slot, %send[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
}

// The PRNG on a 1-D mesh of 4 devices with waits (int32 blocks). Each device
// seeds with its index and draws a, meets its ring neighbours at the barrier
// semaphore (on the CPU reference the devices take turns there, so the
// others seed between its draws), sends its block to its right neighbour
// (remote DMA) and draws b, then seeds again and draws a2 and b2. Each
// device has its own generator, so a == a2 and b == b2, and
//   o = recv + (0 if a == a2 and b == b2 everywhere, else 1000000)
// is the left neighbour's block. The bits themselves are compared in
// test/Conversion/PallasToSCF/run_mesh_prng.mlir (JAX's interpret mode
// draws zeros).
// Mirrors mesh_prng in scripts/jax/cpu_oracle.py.
module {
  pallas.kernel @mesh_prng
      ins(%x: memref<8x128xi32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      outs(%o: memref<8x128xi32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      scratch(%recv: memref<8x128xi32, #pallas.memory_space<vmem>>,
              %send_sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv_sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    pallas.prng_seed %me
    %a = pallas.prng_random_bits : vector<8x128xi32>
    %mp1 = arith.addi %me, %c1 : i32
    %right = arith.remsi %mp1, %c4 : i32
    %mp3 = arith.addi %me, %c3 : i32
    %left = arith.remsi %mp3, %c4 : i32
    %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%left) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%right) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %bar[], %c2 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %x -> %recv, %recv_sem[] src_sem(%send_sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xi32, #pallas.memory_space<vmem>> -> memref<8x128xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %recv, %recv_sem[] src_sem(%send_sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xi32, #pallas.memory_space<vmem>> -> memref<8x128xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %b = pallas.prng_random_bits : vector<8x128xi32>
    pallas.prng_seed %me
    %a2 = pallas.prng_random_bits : vector<8x128xi32>
    %b2 = pallas.prng_random_bits : vector<8x128xi32>
    %sa = arith.cmpi eq, %a, %a2 : vector<8x128xi32>
    %sb = arith.cmpi eq, %b, %b2 : vector<8x128xi32>
    %same = arith.andi %sa, %sb : vector<8x128xi1>
    %zero = arith.constant dense<0> : vector<8x128xi32>
    %big = arith.constant dense<1000000> : vector<8x128xi32>
    %flag = arith.select %same, %zero, %big : vector<8x128xi1>, vector<8x128xi32>
    %rv = pallas.load %recv[] : memref<8x128xi32, #pallas.memory_space<vmem>> -> vector<8x128xi32>
    %out = arith.addi %rv, %flag : vector<8x128xi32>
    pallas.store %out, %o[] : vector<8x128xi32>, memref<8x128xi32, #pallas.memory_space<vmem>>
  }
}

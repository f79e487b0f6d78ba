// fuzz reproducer: convert-pallas-to-mosaic-gpu: panic src/conversion/pallas_to_mosaic_gpu/kernel.rs: attempt to shift left with overflow
// (seed 20261124, mutant 702 of the GPU seeds: gpu_warp_specialized's barrier index %c1 became 2^62)
// Warp specialization over two warpgroups per CTA (num_threads = 2, axis
// "wg"): warpgroup 0 gives registers up and produces both tiles into shared
// memory by TMA, each on its barrier of a 2-barrier array, then waits until
// the consumer is done; warpgroup 1 takes registers, waits for the tiles,
// adds them in shared memory, stores the sum to GMEM by TMA and arrives on
// the consumer barrier.
// Mirrors `gpu_warp_specialized` in scripts/jax/gpu_kernels.py; JAX's lowering
// of it is test/Reference/GPU/gpu_warp_specialized.mlir.
module {
  pallas.kernel @gpu_warp_specialized
      ins(%x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem,
          %y: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
      outs(%o: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
      scratch(%xs: memref<128x128xf32, #pallas.memory_space<shared>>,
              %ys: memref<128x128xf32, #pallas.memory_space<shared>>,
              %loaded: memref<2x!pallas.barrier, #pallas.memory_space<shared>>,
              %consumed: memref<!pallas.barrier, #pallas.memory_space<shared>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", num_threads = 2, thread_name = "wg"}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 4611686018427387904 : index
    %wg = pallas.axis_index "wg"
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %is_producer = arith.cmpi eq, %wg, %zero : i32
    scf.if %is_producer {
      pallas.set_max_registers 40 decrease
      pallas.copy_gmem_to_smem %x -> %xs, %loaded[%c0] : memref<128x128xf32, #pallas.memory_space<gmem>> -> memref<128x128xf32, #pallas.memory_space<shared>>, memref<2x!pallas.barrier, #pallas.memory_space<shared>>
      pallas.copy_gmem_to_smem %y -> %ys, %loaded[%c1] : memref<128x128xf32, #pallas.memory_space<gmem>> -> memref<128x128xf32, #pallas.memory_space<shared>>, memref<2x!pallas.barrier, #pallas.memory_space<shared>>
      pallas.barrier_wait %consumed[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
    }
    %is_consumer = arith.cmpi eq, %wg, %one : i32
    scf.if %is_consumer {
      pallas.set_max_registers 232 increase
      pallas.barrier_wait %loaded[%c0] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>
      pallas.barrier_wait %loaded[%c1] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>
      %a = pallas.load %xs[] : memref<128x128xf32, #pallas.memory_space<shared>> -> vector<128x128xf32>
      %b = pallas.load %ys[] : memref<128x128xf32, #pallas.memory_space<shared>> -> vector<128x128xf32>
      %s = arith.addf %a, %b : vector<128x128xf32>
      pallas.store %s, %xs[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<shared>>
      pallas.commit_smem
      pallas.copy_smem_to_gmem %xs -> %o : memref<128x128xf32, #pallas.memory_space<shared>> -> memref<128x128xf32, #pallas.memory_space<gmem>>
      pallas.wait_smem_to_gmem 0
      pallas.barrier_arrive %consumed[] : memref<!pallas.barrier, #pallas.memory_space<shared>>
    }
  }
}

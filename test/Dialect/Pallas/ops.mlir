// RUN: %mlir_opt %s | %mlir_opt | FileCheck %s
// RUN: %mlir_opt %s --mlir-print-op-generic | %mlir_opt | FileCheck %s

// Every pallas op, valid, round-tripped through the custom and the generic form.

// CHECK-LABEL: pallas.kernel @tpu_ops grid(8, ?) names("i", "j") semantics(parallel, arbitrary)
// CHECK: prefetch(%{{.*}}: memref<8xi32, #pallas.memory_space<smem>>)
// CHECK: ins(
// CHECK: memref<1024x128xf32> block [128, 128] map #{{.*}}
// CHECK: memref<8x1024xf32> block [squeezed, element(64, pad = [1, 2])] map @rows in vmem buffers 2
// CHECK: outs({{.*}}: memref<1024x128xf32> block [128, 128] map #{{.*}})
// CHECK: scratch({{.*}}: memref<128x128xf32, #pallas.memory_space<vmem>>, {{.*}}: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>, {{.*}}: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
// CHECK: aliases(1 -> 0)
// CHECK: attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = 1024 : i64}}, cost_estimate = #pallas.cost_estimate<flops = 1, transcendentals = 0, bytes_accessed = 8>}
// CHECK: pallas.program_id 0
// CHECK: pallas.num_programs 1
// CHECK: pallas.axis_index "x"
// CHECK: pallas.device_id
// CHECK: pallas.load %{{.*}}[%{{.*}}, 0:128] : memref<128x128xf32> -> vector<128xf32>
// CHECK: pallas.load %{{.*}}[0:8, 0:128] mask(%{{.*}} : vector<8x128xi1>) other(%{{.*}} : vector<8x128xf32>) : memref<128x128xf32> -> vector<8x128xf32>
// CHECK: pallas.load %{{.*}}[] : memref<64xf32, #pallas.memory_space<vmem>> -> vector<64xf32>
// CHECK: pallas.load %{{.*}}[3, 5] : memref<128x128xf32> -> f32
// CHECK: pallas.store %{{.*}}, %{{.*}}[3, %{{.*}}:64:2] : vector<64xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
// CHECK: pallas.swap %{{.*}}, %{{.*}}[0:8, 0:128] mask(%{{.*}} : vector<8x128xi1>) : vector<8x128xf32>, memref<128x128xf32> -> vector<8x128xf32>
// CHECK: pallas.dot %{{.*}}, %{{.*}} {precision = "highest", transpose_rhs} : vector<8x128xf32>, vector<16x128xf32> -> vector<8x16xf32>
// CHECK: pallas.roll %{{.*}}, %{{.*}} axis 1 : vector<8x128xf32>
// CHECK: pallas.bitcast %{{.*}} : vector<8x128xf32> -> vector<16x128xi16>
// CHECK: pallas.multiple_of %{{.*}}, 8 : index
// CHECK: pallas.run_scoped -> i32 {
// CHECK: pallas.yield %{{.*}} : i32
// CHECK: pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
// CHECK: pallas.semaphore_signal %{{.*}}[], %{{.*}} device(%{{.*}}) core(%{{.*}}) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
// CHECK: pallas.semaphore_wait %{{.*}}[], %{{.*}} : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
// CHECK: pallas.semaphore_read %{{.*}}[%{{.*}}] : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
// CHECK: pallas.dma_start %{{.*}} -> %{{.*}}, %{{.*}}[%{{.*}}] : memref<128x128xf32> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
// CHECK: pallas.dma_start %{{.*}} -> %{{.*}}, %{{.*}}[%{{.*}}] src_sem(%{{.*}}[%{{.*}}] : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%{{.*}}) {priority = 1 : i64}
// CHECK: pallas.dma_wait %{{.*}} -> %{{.*}}, %{{.*}}[%{{.*}}] : memref<128x128xf32> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
// CHECK: pallas.debug_print "x = {}"(%{{.*}} : i32)
// CHECK: pallas.delay %{{.*}}
// CHECK: pallas.prng_seed %{{.*}}, %{{.*}}
// CHECK: pallas.prng_random_bits : vector<8x128xi32>
module {
  pallas.kernel @tpu_ops grid(8, ?) names("i", "j") semantics(parallel, arbitrary)
      prefetch(%ids: memref<8xi32, #pallas.memory_space<smem>>)
      ins(%x: memref<1024x128xf32> block [128, 128] map affine_map<(i, j) -> (i, 0)>,
          %y: memref<8x1024xf32> block [squeezed, element(64, pad = [1, 2])] map @rows in vmem buffers 2)
      outs(%o: memref<1024x128xf32> block [128, 128] map affine_map<(i, j) -> (i, 0)>)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>,
              %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      aliases(1 -> 0)
      attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = 1024 : i64}},
                  cost_estimate = #pallas.cost_estimate<flops = 1, transcendentals = 0, bytes_accessed = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %pid = pallas.program_id 0
    %n = pallas.num_programs 1
    %ax = pallas.axis_index "x"
    %dev = pallas.device_id
    %row = pallas.load %x[%c0, 0:128] : memref<128x128xf32> -> vector<128xf32>
    %m = arith.constant dense<true> : vector<8x128xi1>
    %zero = arith.constant dense<0.0> : vector<8x128xf32>
    %tile = pallas.load %x[0:8, 0:128] mask(%m : vector<8x128xi1>) other(%zero : vector<8x128xf32>) : memref<128x128xf32> -> vector<8x128xf32>
    %all = pallas.load %y[] : memref<64xf32, #pallas.memory_space<vmem>> -> vector<64xf32>
    %s = pallas.load %x[3, 5] : memref<128x128xf32> -> f32
    pallas.store %all, %acc[3, %c0:64:2] : vector<64xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %old = pallas.swap %tile, %o[0:8, 0:128] mask(%m : vector<8x128xi1>) : vector<8x128xf32>, memref<128x128xf32> -> vector<8x128xf32>
    %rhs = pallas.load %x[0:16, 0:128] : memref<128x128xf32> -> vector<16x128xf32>
    %d = pallas.dot %tile, %rhs {transpose_rhs, precision = "highest"} : vector<8x128xf32>, vector<16x128xf32> -> vector<8x16xf32>
    %r = pallas.roll %tile, %one axis 1 : vector<8x128xf32>
    %b = pallas.bitcast %tile : vector<8x128xf32> -> vector<16x128xi16>
    %mo = pallas.multiple_of %c0, 8 : index
    %v = pallas.run_scoped -> i32 {
    ^bb0(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>, %lsem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.yield %one : i32
    }
    %bs = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %sem[], %one device(%dev) core(%one) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %one : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %sv = pallas.semaphore_read %sems[%c1] : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %x -> %acc, %sems[%c0] : memref<128x128xf32> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %x -> %acc, %sems[%c0] src_sem(%sems[%c1] : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%dev) {priority = 1 : i64} : memref<128x128xf32> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %acc, %sems[%c0] : memref<128x128xf32> -> memref<128x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.debug_print "x = {}"(%pid : i32)
    pallas.delay %one
    pallas.prng_seed %one, %pid
    %bits = pallas.prng_random_bits : vector<8x128xi32>
  }

  // CHECK-LABEL: pallas.index_map @rows(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: memref<8xi32, #pallas.memory_space<smem>>) -> (i32, i32)
  // CHECK: pallas.program_id 1
  // CHECK: pallas.yield %{{.*}}, %{{.*}} : i32, i32
  pallas.index_map @rows(%i: i32, %j: i32, %ids: memref<8xi32, #pallas.memory_space<smem>>) -> (i32, i32) {
    %ii = arith.index_cast %i : i32 to index
    %r = memref.load %ids[%ii] : memref<8xi32, #pallas.memory_space<smem>>
    %p = pallas.program_id 1
    pallas.yield %r, %p : i32, i32
  }

  // CHECK-LABEL: pallas.kernel @gpu_ops grid(2)
  // CHECK: ins(%{{.*}}: memref<64x64xf16> block [64, 64] map #{{.*}} in gmem)
  // CHECK: outs(%{{.*}}: memref<256xi32> block [bounded(128)] map @bounded)
  // CHECK: scratch(%{{.*}}: memref<64x64xf32, #pallas.memory_space<regs>>)
  // CHECK: pallas.atomic_rmw add %{{.*}}, %{{.*}}[0:128] : vector<128xi32>, memref<128xi32> -> vector<128xi32>
  // CHECK: pallas.atomic_cas %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<128xi32>, i32
  // CHECK: pallas.barrier_arrive %{{.*}}[%{{.*}}] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
  // CHECK: pallas.barrier_wait %{{.*}}[%{{.*}}] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
  // CHECK: pallas.copy_gmem_to_smem %{{.*}} -> %{{.*}}, %{{.*}}[%{{.*}}] : memref<64x64xf16, #pallas.memory_space<gmem>> -> memref<64x64xf16, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
  // CHECK: pallas.copy_smem_to_gmem %{{.*}} -> %{{.*}} : memref<64x64xf16, #pallas.memory_space<shared>> -> memref<64x64xf16, #pallas.memory_space<gmem>>
  // CHECK: pallas.commit_smem
  // CHECK: pallas.wait_smem_to_gmem 0
  // CHECK: pallas.wgmma %{{.*}}, %{{.*}}, %{{.*}} : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
  pallas.kernel @gpu_ops grid(2)
      ins(%a: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in gmem)
      outs(%o: memref<256xi32> block [bounded(128)] map @bounded)
      scratch(%smem: memref<64x64xf16, #pallas.memory_space<shared>>,
              %bar: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>,
              %acc: memref<64x64xf32, #pallas.memory_space<regs>>)
      attributes {compiler_params = {mosaic_gpu = {}}} {
    %c0 = arith.constant 0 : index
    %i = arith.constant 1 : i32
    %v = arith.constant dense<1> : vector<128xi32>
    %old = pallas.atomic_rmw add %v, %o[0:128] : vector<128xi32>, memref<128xi32> -> vector<128xi32>
    %prev = pallas.atomic_cas %o[%c0], %i, %i : memref<128xi32>, i32
    pallas.barrier_arrive %bar[%c0] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    pallas.barrier_wait %bar[%c0] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    pallas.copy_gmem_to_smem %a -> %smem, %bar[%c0] : memref<64x64xf16, #pallas.memory_space<gmem>> -> memref<64x64xf16, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    pallas.copy_smem_to_gmem %smem -> %a : memref<64x64xf16, #pallas.memory_space<shared>> -> memref<64x64xf16, #pallas.memory_space<gmem>>
    pallas.commit_smem
    pallas.wait_smem_to_gmem 0
    pallas.wgmma %acc, %smem, %smem : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
  }

  // CHECK-LABEL: pallas.index_map @bounded
  pallas.index_map @bounded(%i: i32) -> (i32, i32) {
    %c128 = arith.constant 128 : i32
    %s = arith.muli %i, %c128 : i32
    pallas.yield %s, %c128 : i32, i32
  }

  // CHECK-LABEL: func.func @host
  // CHECK: pallas.call @tpu_ops(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (index, memref<8xi32, #pallas.memory_space<smem>>, memref<1024x128xf32>, memref<8x1024xf32>, memref<1024x128xf32>) -> ()
  func.func @host(%n: index, %ids: memref<8xi32, #pallas.memory_space<smem>>, %x: memref<1024x128xf32>, %y: memref<8x1024xf32>, %o: memref<1024x128xf32>) {
    pallas.call @tpu_ops(%n, %ids, %x, %y, %o) : (index, memref<8xi32, #pallas.memory_space<smem>>, memref<1024x128xf32>, memref<8x1024xf32>, memref<1024x128xf32>) -> ()
    return
  }
}

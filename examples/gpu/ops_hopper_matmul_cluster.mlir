// jax.experimental.pallas.ops.gpu.hopper_matmul_mgpu.matmul with
// cluster_dimension M: a 512x256 by 256x256 f16 matmul (tile 128x128x64, 2
// concurrent K steps, 64x64 epilogue tiles, wg_dimension N, 4 SMs), so a
// persistent grid of 2 clusters of 2 CTAs, each of 3 warpgroups. The two CTAs
// of a cluster compute vertically adjacent 128x256 output tiles that share
// their B tiles: the producer warpgroup of each CTA loads its own A tile and
// the shared B tile is multicast to both CTAs (collective_axes = ["cluster"]),
// so a ring slot is free only once the compute warpgroups of both CTAs
// released it (the `consumed` barriers are cluster barriers). Otherwise as
// ops_hopper_matmul: warpgroup 2 produces with 40 registers, warpgroups 0
// and 1 each accumulate a 128x128 half with WGMMA and store it through a
// double-buffered shared epilogue. As JAX does for a static grid, the
// producer's first two steps are unrolled (constant slots and K offsets);
// each access to a shared buffer takes its own view, as each JAX ref access
// lowers its ref at the point of use.
// Mirrors `ops_hopper_matmul_cluster` in scripts/jax/gpu_kernels.py; JAX's
// lowering of it is test/Reference/GPU/ops_hopper_matmul_cluster.mlir.
module {
  pallas.kernel @ops_hopper_matmul_cluster grid(2) names("cluster_grid")
      ins(%a: memref<512x256xf16> block [512, 256] map affine_map<(g) -> (0, 0)> in gmem,
          %b: memref<256x256xf16> block [256, 256] map affine_map<(g) -> (0, 0)> in gmem)
      outs(%o: memref<512x256xf16> block [512, 256] map affine_map<(g) -> (0, 0)> in gmem)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["cluster"],
                                                   num_threads = 3, thread_name = "wg"}}} {
    pallas.run_scoped {
    // The allocations in JAX's order (run_scoped's keyword allocations
    // flattened by key: out_smem, then the pipeline's consumed barriers,
    // input buffers and loaded barrier).
    ^bb0(%out_smem: memref<2x2x64x64xf16, #pallas.memory_space<shared>>,
         %consumed: memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["cluster"]>, #pallas.memory_space<shared>>,
         %a_smem: memref<2x128x64xf16, #pallas.memory_space<shared>>,
         %b_smem: memref<2x64x256xf16, #pallas.memory_space<shared>>,
         %loaded: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %m_iters = arith.constant 2 : index
      %num_tiles = arith.constant 2 : index
      %wg32 = pallas.axis_index "wg"
      %wg = arith.index_cast %wg32 : i32 to index
      %g32 = pallas.axis_index "cluster_grid"
      %g = arith.index_cast %g32 : i32 to index
      %cta32 = pallas.axis_index "cluster"
      %cta = arith.index_cast %cta32 : i32 to index
      // plgpu.nd_loop((m_iters * n_iters,), collective_axes="cluster_grid").
      scf.for %lin = %g to %num_tiles step %c2 {
        // plgpu.planar_snake(lin, (m_iters, n_iters), N, 1) over cluster tiles.
        %n_idx = arith.divui %lin, %m_iters : index
        %within = arith.remui %lin, %m_iters : index
        %odd = arith.remui %n_idx, %c2 : index
        %forward = arith.cmpi eq, %odd, %c0 : index
        %last = arith.subi %m_iters, %c1 : index
        %back = arith.subi %last, %within : index
        %m_cluster = arith.select %forward, %within, %back : index
        %m_pair = arith.muli %m_cluster, %c2 : index
        %m_idx = arith.addi %m_pair, %cta : index
        %m0 = arith.muli %m_idx, %c128 : index
        %n0 = arith.muli %n_idx, %c256 : index
        %is_producer = arith.cmpi eq, %wg, %c2 : index
        scf.if %is_producer {
          pallas.set_max_registers 40 decrease
          // The prologue, unrolled (static grid): steps 0 and 1 into slots 0 and 1.
          %a_tile_p0 = memref.subview %a[%m0, %c0] [128, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<128x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %a_slot_p0 = memref.subview %a_smem[%c0, 0, 0] [1, 128, 64] [1, 1, 1] : memref<2x128x64xf16, #pallas.memory_space<shared>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_gmem_to_smem %a_tile_p0 -> %a_slot_p0, %loaded[%c0] : memref<128x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %b_tile_p0 = memref.subview %b[%c0, %n0] [64, 256] [1, 1] : memref<256x256xf16, #pallas.memory_space<gmem>> to memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %b_slot_p0 = memref.subview %b_smem[%c0, 0, 0] [1, 64, 256] [1, 1, 1] : memref<2x64x256xf16, #pallas.memory_space<shared>> to memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_gmem_to_smem %b_tile_p0 -> %b_slot_p0, %loaded[%c0] {collective_axes = ["cluster"]} : memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %a_tile_p1 = memref.subview %a[%m0, %c64] [128, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<128x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %a_slot_p1 = memref.subview %a_smem[%c1, 0, 0] [1, 128, 64] [1, 1, 1] : memref<2x128x64xf16, #pallas.memory_space<shared>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_gmem_to_smem %a_tile_p1 -> %a_slot_p1, %loaded[%c1] : memref<128x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %b_tile_p1 = memref.subview %b[%c64, %n0] [64, 256] [1, 1] : memref<256x256xf16, #pallas.memory_space<gmem>> to memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %b_slot_p1 = memref.subview %b_smem[%c1, 0, 0] [1, 64, 256] [1, 1, 1] : memref<2x64x256xf16, #pallas.memory_space<shared>> to memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_gmem_to_smem %b_tile_p1 -> %b_slot_p1, %loaded[%c1] {collective_axes = ["cluster"]} : memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          // Steps 2 and 3, each once the consumers released its slot.
          scf.for %s = %c0 to %c2 step %c1 {
            %slot = arith.remui %s, %c2 : index
            pallas.barrier_wait %consumed[%slot] : memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["cluster"]>, #pallas.memory_space<shared>>
            %k = arith.addi %s, %c2 : index
            %k0 = arith.muli %k, %c64 : index
            %a_tile = memref.subview %a[%m0, %k0] [128, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<128x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
            %a_slot = memref.subview %a_smem[%slot, 0, 0] [1, 128, 64] [1, 1, 1] : memref<2x128x64xf16, #pallas.memory_space<shared>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
            pallas.copy_gmem_to_smem %a_tile -> %a_slot, %loaded[%slot] : memref<128x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
            %b_tile = memref.subview %b[%k0, %n0] [64, 256] [1, 1] : memref<256x256xf16, #pallas.memory_space<gmem>> to memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
            %b_slot = memref.subview %b_smem[%slot, 0, 0] [1, 64, 256] [1, 1, 1] : memref<2x64x256xf16, #pallas.memory_space<shared>> to memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>
            pallas.copy_gmem_to_smem %b_tile -> %b_slot, %loaded[%slot] {collective_axes = ["cluster"]} : memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x256xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          }
          // Drain the ring: both slots released before the next tile reuses them.
          pallas.barrier_wait %consumed[%c0] : memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["cluster"]>, #pallas.memory_space<shared>>
          pallas.barrier_wait %consumed[%c1] : memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["cluster"]>, #pallas.memory_space<shared>>
        } else {
          pallas.set_max_registers 232 increase
          %wg_n = arith.muli %wg, %c128 : index
          %tile = pallas.run_scoped -> vector<128x128xf16> {
          ^bb0(%acc: memref<128x128xf32, #pallas.memory_space<regs>>):
            scf.for %k = %c0 to %c4 step %c1 {
              %slot = arith.remui %k, %c2 : index
              pallas.barrier_wait %loaded[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
              %a_slot = memref.subview %a_smem[%slot, 0, 0] [1, 128, 64] [1, 1, 1] : memref<2x128x64xf16, #pallas.memory_space<shared>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              %b_half = memref.subview %b_smem[%slot, 0, %wg_n] [1, 64, 128] [1, 1, 1] : memref<2x64x256xf16, #pallas.memory_space<shared>> to memref<64x128xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.wgmma %acc, %a_slot, %b_half : memref<128x128xf32, #pallas.memory_space<regs>>, memref<128x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<64x128xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.wgmma_wait 0
              pallas.barrier_arrive %consumed[%slot] : memref<2x!pallas.barrier<arrivals = 2, collective_axes = ["cluster"]>, #pallas.memory_space<shared>>
            }
            %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<regs>> -> vector<128x128xf32>
            %h = arith.truncf %r : vector<128x128xf32> to vector<128x128xf16>
            pallas.yield %h : vector<128x128xf16>
          }
          pallas.wait_smem_to_gmem 0 read_only
          // The four 64x64 epilogue tiles, alternating between 2 slots.
          %e00 = vector.extract_strided_slice %tile {offsets = [0, 0], sizes = [64, 64], strides = [1, 1]} : vector<128x128xf16> to vector<64x64xf16>
          %e01 = vector.extract_strided_slice %tile {offsets = [0, 64], sizes = [64, 64], strides = [1, 1]} : vector<128x128xf16> to vector<64x64xf16>
          %e10 = vector.extract_strided_slice %tile {offsets = [64, 0], sizes = [64, 64], strides = [1, 1]} : vector<128x128xf16> to vector<64x64xf16>
          %e11 = vector.extract_strided_slice %tile {offsets = [64, 64], sizes = [64, 64], strides = [1, 1]} : vector<128x128xf16> to vector<64x64xf16>
          %col0 = arith.addi %n0, %wg_n : index
          %col1 = arith.addi %col0, %c64 : index
          %row1 = arith.addi %m0, %c64 : index
          pallas.wait_smem_to_gmem 1 read_only
          %ov1 = memref.subview %out_smem[%wg, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.store %e00, %ov1[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.commit_smem
          %g00 = memref.subview %o[%m0, %col0] [64, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %ov2 = memref.subview %out_smem[%wg, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_smem_to_gmem %ov2 -> %g00 : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.wait_smem_to_gmem 1 read_only
          %ov3 = memref.subview %out_smem[%wg, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.store %e01, %ov3[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.commit_smem
          %g01 = memref.subview %o[%m0, %col1] [64, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %ov4 = memref.subview %out_smem[%wg, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_smem_to_gmem %ov4 -> %g01 : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.wait_smem_to_gmem 1 read_only
          %ov5 = memref.subview %out_smem[%wg, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.store %e10, %ov5[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.commit_smem
          %g10 = memref.subview %o[%row1, %col0] [64, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %ov6 = memref.subview %out_smem[%wg, 0, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_smem_to_gmem %ov6 -> %g10 : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.wait_smem_to_gmem 1 read_only
          %ov7 = memref.subview %out_smem[%wg, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.store %e11, %ov7[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.commit_smem
          %g11 = memref.subview %o[%row1, %col1] [64, 64] [1, 1] : memref<512x256xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
          %ov8 = memref.subview %out_smem[%wg, 1, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_smem_to_gmem %ov8 -> %g11 : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[256, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
      }
      pallas.wait_smem_to_gmem 0 read_only
      pallas.yield
    } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                         "2" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                         "3" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}}
  }
}

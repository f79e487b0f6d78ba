// jax.experimental.pallas.ops.gpu.transposed_ragged_dot_mgpu.transposed_ragged_dot:
// per group g, out[g] = lhs[rows of g].T @ rhs[rows of g], for a 256x128 f16
// LHS (K x M) and RHS (K x N) whose 256 K rows are split into 2 groups, block
// 64x64x64, 2 concurrent K steps, grid_block_n 1, on a grid of 4 SMs ("sm").
// Each CTA walks (group, output block) pairs strided by the grid, output blocks
// along the planar snake (minor dim N, tile width 1). A non-empty group runs
// emit_pipeline written out over its dynamic number of 64-row K blocks
// (group_num_blocks[g]), starting at the 64-aligned group_block_starts[g]: two
// steps are fetched up front into a 2-slot ring, and step k fetches step k + 1
// once the WGMMA of step k - 1 is done (delay_release = 1). The first and last
// blocks of a group zero the rows of the LHS block outside the group in shared
// memory (an iota in the WGMMA layout, commit_smem) before the WGMMA, which
// reads the LHS block transposed. The accumulator goes out through a tiled,
// swizzled shared tile by one TMA store. Each access to a shared buffer takes
// its own view (the masking loads and stores, the WGMMA operands), as each JAX
// ref access lowers its ref at the point of use.
// Mirrors `ops_transposed_ragged_dot` in scripts/jax/gpu_kernels.py; JAX's
// lowering of it is test/Reference/GPU/ops_transposed_ragged_dot.mlir.
module {
  pallas.kernel @ops_transposed_ragged_dot grid(4) names("sm")
      ins(%group_sizes: memref<2xi32> block [2] map affine_map<(s) -> (0)> in gmem,
          %group_starts: memref<2xi32> block [2] map affine_map<(s) -> (0)> in gmem,
          %group_ends: memref<2xi32> block [2] map affine_map<(s) -> (0)> in gmem,
          %group_num_blocks: memref<2xi32> block [2] map affine_map<(s) -> (0)> in gmem,
          %group_block_starts: memref<2xi32> block [2] map affine_map<(s) -> (0)> in gmem,
          %lhs: memref<256x128xf16> block [256, 128] map affine_map<(s) -> (0, 0)> in gmem,
          %rhs: memref<256x128xf16> block [256, 128] map affine_map<(s) -> (0, 0)> in gmem)
      outs(%o: memref<2x128x128xf16> block [2, 128, 128] map affine_map<(s) -> (0, 0, 0)> in gmem)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i64 = arith.constant 64 : i32
    %sm32 = pallas.axis_index "sm"
    %sm = arith.index_cast %sm32 : i32 to index
    // plgpu.nd_loop((g, grid_m * grid_n), collective_axes="sm").
    scf.for %lin = %sm to %c8 step %c4 {
      %g = arith.divui %lin, %c4 : index
      %mn = arith.remui %lin, %c4 : index
      // plgpu.planar_snake(mn, (grid_m, grid_n), 1, 1).
      %n_i = arith.divui %mn, %c2 : index
      %within = arith.remui %mn, %c2 : index
      %odd = arith.remui %n_i, %c2 : index
      %forward = arith.cmpi eq, %odd, %c0 : index
      %back = arith.subi %c1, %within : index
      %m_i = arith.select %forward, %within, %back : index
      %m0 = arith.muli %m_i, %c64 : index
      %n0 = arith.muli %n_i, %c64 : index
      %gbs32 = pallas.load %group_block_starts[%g] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
      %gbs32m = pallas.multiple_of %gbs32, 64 : i32
      %gbs = arith.index_cast %gbs32m : i32 to index
      %size = pallas.load %group_sizes[%g] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
      %acc_value = pallas.run_scoped -> vector<64x64xf32> {
      ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
        %nonempty = arith.cmpi sgt, %size, %i0 : i32
        scf.if %nonempty {
          pallas.run_scoped {
          ^bb0(%lhs_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
               %rhs_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
               %loaded: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>):
            %nb32 = pallas.load %group_num_blocks[%g] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
            %nb = arith.index_cast %nb32 : i32 to index
            // The first min(2, nb) steps, up front.
            %ahead = arith.minui %nb, %c2 : index
            scf.for %s = %c0 to %ahead step %c1 {
              %slot_s = arith.remui %s, %c2 : index
              %kr_s = arith.muli %s, %c64 : index
              %row_s = arith.addi %gbs, %kr_s : index
              %lt_s = memref.subview %lhs[%row_s, %m0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
              %ls_s = memref.subview %lhs_smem[%slot_s, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.copy_gmem_to_smem %lt_s -> %ls_s, %loaded[%slot_s] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
              %rt_s = memref.subview %rhs[%row_s, %n0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
              %rs_s = memref.subview %rhs_smem[%slot_s, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.copy_gmem_to_smem %rt_s -> %rs_s, %loaded[%slot_s] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
            }
            %gstart = pallas.load %group_starts[%g] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
            %first_row = arith.remsi %gstart, %i64 : i32
            %gend = pallas.load %group_ends[%g] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
            %gend1 = arith.subi %gend, %i1 : i32
            %last_row = arith.remsi %gend1, %i64 : i32
            %last_block = arith.subi %nb, %c1 : index
            scf.for %k = %c0 to %nb step %c1 {
              %slot = arith.remui %k, %c2 : index
              pallas.barrier_wait %loaded[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
              %is_first = arith.cmpi eq, %k, %c0 : index
            scf.if %is_first {
              %lv = memref.subview %lhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              %lr = pallas.load %lv[] : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> vector<64x64xf16>
              %iota = pallas.iota dim 0 : vector<64x64xi32>
              %rows = pallas.layout_cast %iota wgmma : vector<64x64xi32>
              %bound_v = vector.broadcast %first_row : i32 to vector<64x64xi32>
              %keep = arith.cmpi sge, %rows, %bound_v : vector<64x64xi32>
              %one = arith.constant dense<1.0> : vector<64x64xf16>
              %zero = arith.constant dense<0.0> : vector<64x64xf16>
              %m = arith.select %keep, %one, %zero : vector<64x64xi1>, vector<64x64xf16>
              %masked = arith.mulf %lr, %m : vector<64x64xf16>
              %sv = memref.subview %lhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.store %masked, %sv[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.commit_smem
            }
              %is_last = arith.cmpi eq, %k, %last_block : index
            scf.if %is_last {
              %lv = memref.subview %lhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              %lr = pallas.load %lv[] : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> vector<64x64xf16>
              %iota = pallas.iota dim 0 : vector<64x64xi32>
              %rows = pallas.layout_cast %iota wgmma : vector<64x64xi32>
              %bound_v = vector.broadcast %last_row : i32 to vector<64x64xi32>
              %keep = arith.cmpi sle, %rows, %bound_v : vector<64x64xi32>
              %one = arith.constant dense<1.0> : vector<64x64xf16>
              %zero = arith.constant dense<0.0> : vector<64x64xf16>
              %m = arith.select %keep, %one, %zero : vector<64x64xi1>, vector<64x64xf16>
              %masked = arith.mulf %lr, %m : vector<64x64xf16>
              %sv = memref.subview %lhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.store %masked, %sv[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.commit_smem
            }
              %ls = memref.subview %lhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              %rs = memref.subview %rhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.wgmma %acc, %ls, %rs {transpose_lhs} : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
              pallas.wgmma_wait 1
              // Step k - 1's slot is free: fetch step k + 1 into it.
              %next = arith.addi %k, %c1 : index
              %past_first = arith.cmpi uge, %k, %c1 : index
              %in_range = arith.cmpi ult, %next, %nb : index
              %refill = arith.andi %past_first, %in_range : i1
              scf.if %refill {
                %slot_next = arith.remui %next, %c2 : index
                %kr_next = arith.muli %next, %c64 : index
                %row_next = arith.addi %gbs, %kr_next : index
                %lt_next = memref.subview %lhs[%row_next, %m0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
                %ls_next = memref.subview %lhs_smem[%slot_next, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
                pallas.copy_gmem_to_smem %lt_next -> %ls_next, %loaded[%slot_next] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
                %rt_next = memref.subview %rhs[%row_next, %n0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
                %rs_next = memref.subview %rhs_smem[%slot_next, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
                pallas.copy_gmem_to_smem %rt_next -> %rs_next, %loaded[%slot_next] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
              }
            }
            pallas.yield
          } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>,
                               "1" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}}
        }
        %r = pallas.load %acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
        pallas.yield %r : vector<64x64xf32>
      }
      pallas.run_scoped {
      ^bb0(%o_smem: memref<64x64xf16, #pallas.memory_space<shared>>):
        %h = arith.truncf %acc_value : vector<64x64xf32> to vector<64x64xf16>
        pallas.store %h, %o_smem[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
        pallas.commit_smem
        %dst = memref.subview %o[%g, %m0, %n0] [1, 64, 64] [1, 1, 1] : memref<2x128x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        pallas.copy_smem_to_gmem %o_smem -> %dst : memref<64x64xf16, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        pallas.wait_smem_to_gmem 0 read_only
      } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}}
    }
  }
}

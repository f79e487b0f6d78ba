// jax.experimental.pallas.ops.gpu.ragged_dot_mgpu.ragged_dot: a grouped matmul
// of a 256x128 f16 LHS whose rows are split into 2 groups (group_sizes, i32 in
// GMEM) by the 2x128x128 RHS of each group, block 64x64x64, 2 concurrent K
// steps, grid_block_n 1, on JAX's fixed grid of 132 SMs ("sm"). Each CTA walks
// the (cdiv(256, 64) + 2 - 1) x 2 output blocks of the planar snake (minor
// dim N, tile width 1) strided by the grid; GroupInfo (unrolled over the 2
// groups with selects) finds the group and the rows of the block that belong
// to it. The K loop is emit_pipeline written out as JAX emits it: a prologue
// fetching both K steps into a 2-slot ring (TMA, one barrier per slot), then
// a loop where each step waits for its slot, issues a WGMMA into a register
// accumulator (plgpu.ACC), and fetches the step after it into the slot the
// step before released (delay_release = 1). The accumulator goes to a scoped
// shared tile and out by TMA stores of 64, 32, ..., 1 rows, each issued only
// when that bit of the block's row count is set (static TMA shapes for a
// dynamic count).
// Mirrors `ops_ragged_dot` in scripts/jax/gpu_kernels.py; JAX's lowering of it
// is test/Reference/GPU/ops_ragged_dot.mlir.
module {
  pallas.kernel @ops_ragged_dot grid(132) names("sm")
      ins(%group_sizes: memref<2xi32> block [2] map affine_map<(s) -> (0)> in gmem,
          %lhs: memref<256x128xf16> block [256, 128] map affine_map<(s) -> (0, 0)> in gmem,
          %rhs: memref<2x128x128xf16> block [2, 128, 128] map affine_map<(s) -> (0, 0, 0)> in gmem)
      outs(%o: memref<256x128xf16> block [256, 128] map affine_map<(s) -> (0, 0)> in gmem)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %c132 = arith.constant 132 : index
    %c64 = arith.constant 64 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i4 = arith.constant 4 : i32
    %i64 = arith.constant 64 : i32
    %sm32 = pallas.axis_index "sm"
    %sm = arith.index_cast %sm32 : i32 to index
    %size0 = pallas.load %group_sizes[0] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
    %size1 = pallas.load %group_sizes[1] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
    // plgpu.nd_loop((grid_m * grid_n,), collective_axes="sm").
    scf.for %lin = %sm to %c10 step %c132 {
      // plgpu.planar_snake(lin, (grid_m, grid_n), 1, 1).
      %ni = arith.divui %lin, %c5 : index
      %within = arith.remui %lin, %c5 : index
      %odd = arith.remui %ni, %c2 : index
      %forward = arith.cmpi eq, %odd, %c0 : index
      %back = arith.subi %c5, %c1 : index
      %back_within = arith.subi %back, %within : index
      %mi_index = arith.select %forward, %within, %back_within : index
      %mi = arith.index_cast %mi_index : index to i32
      // GroupInfo.create(group_sizes, 64, mi), unrolled over the groups.
      %end0 = arith.addi %i0, %size0 : i32
      %final0 = arith.subi %end0, %i1 : i32
      %start_block0 = arith.divsi %i0, %i64 : i32
      %final_block0 = arith.divsi %final0, %i64 : i32
      %block_end0 = arith.addi %final_block0, %i1 : i32
      %gi0 = arith.constant 0 : i32
      %tid_begin0 = arith.addi %start_block0, %gi0 : i32
      %tid_end0 = arith.addi %block_end0, %gi0 : i32
      %after_begin0 = arith.cmpi sle, %tid_begin0, %mi : i32
      %before_end0 = arith.cmpi slt, %mi, %tid_end0 : i32
      %this0 = arith.andi %after_begin0, %before_end0 : i1
      %rel0 = arith.subi %mi, %tid_begin0 : i32
      %cand0 = arith.addi %rel0, %start_block0 : i32
      %block0 = arith.select %this0, %cand0, %i0 : i32
      %group0 = arith.select %this0, %gi0, %i0 : i32
      %group_start0 = arith.select %this0, %i0, %i0 : i32
      %group_end0 = arith.select %this0, %end0, %i0 : i32
      %end1 = arith.addi %end0, %size1 : i32
      %final1 = arith.subi %end1, %i1 : i32
      %start_block1 = arith.divsi %end0, %i64 : i32
      %final_block1 = arith.divsi %final1, %i64 : i32
      %block_end1 = arith.addi %final_block1, %i1 : i32
      %gi1 = arith.constant 1 : i32
      %tid_begin1 = arith.addi %start_block1, %gi1 : i32
      %tid_end1 = arith.addi %block_end1, %gi1 : i32
      %after_begin1 = arith.cmpi sle, %tid_begin1, %mi : i32
      %before_end1 = arith.cmpi slt, %mi, %tid_end1 : i32
      %this1 = arith.andi %after_begin1, %before_end1 : i1
      %rel1 = arith.subi %mi, %tid_begin1 : i32
      %cand1 = arith.addi %rel1, %start_block1 : i32
      %block1 = arith.select %this1, %cand1, %block0 : i32
      %group1 = arith.select %this1, %gi1, %group0 : i32
      %group_start1 = arith.select %this1, %end0, %group_start0 : i32
      %group_end1 = arith.select %this1, %end1, %group_end0 : i32
      %block_start = arith.muli %block1, %i64 : i32
      %actual_start = arith.maxsi %group_start1, %block_start : i32
      %block_stop = arith.addi %block_start, %i64 : i32
      %actual_end = arith.minsi %group_end1, %block_stop : i32
      %start_within_block = arith.subi %actual_start, %block_start : i32
      %actual_size = arith.subi %actual_end, %actual_start : i32
      %row0 = arith.index_cast %block_start : i32 to index
      %group = arith.index_cast %group1 : i32 to index
      %col0 = arith.muli %ni, %c64 : index
      %acc_value = pallas.run_scoped -> vector<64x64xf32> {
      ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>,
           %lhs_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
           %rhs_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
           %loaded: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>):
        // plgpu.emit_pipeline over the 2 K steps (max_concurrent_steps 2, both
        // inputs with delay_release 1). Prologue: steps 0 and 1 into slots 0 and 1.
        %lt0 = memref.subview %lhs[%row0, 0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %ls0 = memref.subview %lhs_smem[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %lt0 -> %ls0, %loaded[%c0] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        %rt0 = memref.subview %rhs[%group, 0, %col0] [1, 64, 64] [1, 1, 1] : memref<2x128x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %rs0 = memref.subview %rhs_smem[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %rt0 -> %rs0, %loaded[%c0] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        %lt1 = memref.subview %lhs[%row0, 64] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %ls1 = memref.subview %lhs_smem[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %lt1 -> %ls1, %loaded[%c1] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        %rt1 = memref.subview %rhs[%group, 64, %col0] [1, 64, 64] [1, 1, 1] : memref<2x128x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %rs1 = memref.subview %rhs_smem[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %rt1 -> %rs1, %loaded[%c1] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        // Step k waits for its slot, issues its WGMMA, and fetches step k + 1 into
        // slot (k + 1) % 2 once step k - 1 has released it (k >= 1; never with
        // 2 steps, but emitted all the same).
        scf.for %k = %c0 to %c2 step %c1 {
          %slot = arith.remui %k, %c2 : index
          pallas.barrier_wait %loaded[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %ls = memref.subview %lhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %rs = memref.subview %rhs_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.wgmma %acc, %ls, %rs : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %next = arith.addi %k, %c1 : index
          %released = arith.cmpi uge, %k, %c1 : index
          %in_range = arith.cmpi ult, %next, %c2 : index
          %refill = arith.andi %released, %in_range : i1
          scf.if %refill {
            %nslot = arith.remui %next, %c2 : index
            %nk0 = arith.muli %next, %c64 : index
            %ltn = memref.subview %lhs[%row0, %nk0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
            %lsn = memref.subview %lhs_smem[%nslot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
            pallas.copy_gmem_to_smem %ltn -> %lsn, %loaded[%nslot] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
            %rtn = memref.subview %rhs[%group, %nk0, %col0] [1, 64, 64] [1, 1, 1] : memref<2x128x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
            %rsn = memref.subview %rhs_smem[%nslot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
            pallas.copy_gmem_to_smem %rtn -> %rsn, %loaded[%nslot] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          }
        }
        %r = pallas.load %acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
        pallas.yield %r : vector<64x64xf32>
      }
      pallas.run_scoped {
      ^bb0(%o_smem: memref<64x64xf16, #pallas.memory_space<shared>>):
        %h = arith.truncf %acc_value : vector<64x64xf32> to vector<64x64xf16>
        pallas.store %h, %o_smem[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
        pallas.commit_smem
        // 64 row(s) when bit 64 of the row count is set.
        %len64 = arith.constant 64 : i32
        %bit64 = arith.andi %actual_size, %len64 : i32
        %has64 = arith.cmpi ne, %bit64, %i0 : i32
        scf.if %has64 {
          %s64 = arith.index_cast %start_within_block : i32 to index
          %gr32_64 = arith.addi %block_start, %start_within_block : i32
          %gr64 = arith.index_cast %gr32_64 : i32 to index
          %src64 = memref.subview %o_smem[%s64, 0] [64, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst64 = memref.subview %o[%gr64, %col0] [64, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src64 -> %dst64 : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next64 = arith.addi %start_within_block, %bit64 : i32
        // 32 row(s) when bit 32 of the row count is set.
        %len32 = arith.constant 32 : i32
        %bit32 = arith.andi %actual_size, %len32 : i32
        %has32 = arith.cmpi ne, %bit32, %i0 : i32
        scf.if %has32 {
          %s32 = arith.index_cast %next64 : i32 to index
          %gr32_32 = arith.addi %block_start, %next64 : i32
          %gr32 = arith.index_cast %gr32_32 : i32 to index
          %src32 = memref.subview %o_smem[%s32, 0] [32, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<32x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst32 = memref.subview %o[%gr32, %col0] [32, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<32x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src32 -> %dst32 : memref<32x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<32x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next32 = arith.addi %next64, %bit32 : i32
        // 16 row(s) when bit 16 of the row count is set.
        %len16 = arith.constant 16 : i32
        %bit16 = arith.andi %actual_size, %len16 : i32
        %has16 = arith.cmpi ne, %bit16, %i0 : i32
        scf.if %has16 {
          %s16 = arith.index_cast %next32 : i32 to index
          %gr32_16 = arith.addi %block_start, %next32 : i32
          %gr16 = arith.index_cast %gr32_16 : i32 to index
          %src16 = memref.subview %o_smem[%s16, 0] [16, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<16x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst16 = memref.subview %o[%gr16, %col0] [16, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<16x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src16 -> %dst16 : memref<16x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<16x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next16 = arith.addi %next32, %bit16 : i32
        // 8 row(s) when bit 8 of the row count is set.
        %len8 = arith.constant 8 : i32
        %bit8 = arith.andi %actual_size, %len8 : i32
        %has8 = arith.cmpi ne, %bit8, %i0 : i32
        scf.if %has8 {
          %s8 = arith.index_cast %next16 : i32 to index
          %gr32_8 = arith.addi %block_start, %next16 : i32
          %gr8 = arith.index_cast %gr32_8 : i32 to index
          %src8 = memref.subview %o_smem[%s8, 0] [8, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<8x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst8 = memref.subview %o[%gr8, %col0] [8, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<8x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src8 -> %dst8 : memref<8x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<8x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next8 = arith.addi %next16, %bit8 : i32
        // 4 row(s) when bit 4 of the row count is set.
        %len4 = arith.constant 4 : i32
        %bit4 = arith.andi %actual_size, %len4 : i32
        %has4 = arith.cmpi ne, %bit4, %i0 : i32
        scf.if %has4 {
          %s4 = arith.index_cast %next8 : i32 to index
          %gr32_4 = arith.addi %block_start, %next8 : i32
          %gr4 = arith.index_cast %gr32_4 : i32 to index
          %src4 = memref.subview %o_smem[%s4, 0] [4, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<4x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst4 = memref.subview %o[%gr4, %col0] [4, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<4x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src4 -> %dst4 : memref<4x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<4x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next4 = arith.addi %next8, %bit4 : i32
        // 2 row(s) when bit 2 of the row count is set.
        %len2 = arith.constant 2 : i32
        %bit2 = arith.andi %actual_size, %len2 : i32
        %has2 = arith.cmpi ne, %bit2, %i0 : i32
        scf.if %has2 {
          %s2 = arith.index_cast %next4 : i32 to index
          %gr32_2 = arith.addi %block_start, %next4 : i32
          %gr2 = arith.index_cast %gr32_2 : i32 to index
          %src2 = memref.subview %o_smem[%s2, 0] [2, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<2x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst2 = memref.subview %o[%gr2, %col0] [2, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<2x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src2 -> %dst2 : memref<2x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<2x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next2 = arith.addi %next4, %bit2 : i32
        // 1 row(s) when bit 1 of the row count is set.
        %len1 = arith.constant 1 : i32
        %bit1 = arith.andi %actual_size, %len1 : i32
        %has1 = arith.cmpi ne, %bit1, %i0 : i32
        scf.if %has1 {
          %s1 = arith.index_cast %next2 : i32 to index
          %gr32_1 = arith.addi %block_start, %next2 : i32
          %gr1 = arith.index_cast %gr32_1 : i32 to index
          %src1 = memref.subview %o_smem[%s1, 0] [1, 64] [1, 1] : memref<64x64xf16, #pallas.memory_space<shared>> to memref<1x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %dst1 = memref.subview %o[%gr1, %col0] [1, 64] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<1x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          pallas.copy_smem_to_gmem %src1 -> %dst1 : memref<1x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<1x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        }
        %next1 = arith.addi %next2, %bit1 : i32
        pallas.wait_smem_to_gmem 0 read_only
      }
    }
  }
}

// jax.experimental.pallas.ops.tpu.megablox.gmm.tgmm: transposed grouped
// matmul, the rhs gradient of gmm. The m = 512 rows of lhs (given as (k, m),
// transposed to (m, k) = (512, 256) bf16 outside the kernel) and of rhs
// ((m, n) = (512, 256) bf16) are split into 4 contiguous groups whose sizes
// are runtime data; out[g] (f32, k x n = 256 x 256) is the product of the
// transposed lhs rows of group g with the rhs rows of group g.
// Default options: tiling (128, 128, 128), no group_offset (it is [0]),
// num_actual_groups = 4, no existing_out.
//
// The group metadata is scalar-prefetched as in gmm: group_offsets (5),
// group_ids and m_tile_ids (7 = m tiles + groups - 1) and group_offset (1).
// The grid is (n tiles, k tiles, active m tiles); the tile axis is dynamic
// (it depends on the group sizes) and visits every group, empty ones
// included, so that each output block is written. Consecutive steps of one
// group accumulate into the scratch block: it is zeroed when the group
// starts, and stored when the group ends. Rows of a tile that belong to
// another group are masked to zero before the product.
// Mirrors `ops_megablox_tgmm` in scripts/jax/public/megablox.py; JAX's
// lowering of it is test/Reference/TPU/ops_megablox_tgmm.mlir.
module {
  pallas.index_map @lhs_map(%n: i32, %k: i32, %t: i32, %offsets: memref<5xi32>,
                            %gids: memref<7xi32>, %mtids: memref<7xi32>,
                            %goff: memref<1xi32>) -> (i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %row = pallas.load %mtids[%ti] : memref<7xi32> -> i32
    pallas.yield %row, %k : i32, i32
  }
  pallas.index_map @rhs_map(%n: i32, %k: i32, %t: i32, %offsets: memref<5xi32>,
                            %gids: memref<7xi32>, %mtids: memref<7xi32>,
                            %goff: memref<1xi32>) -> (i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %row = pallas.load %mtids[%ti] : memref<7xi32> -> i32
    pallas.yield %row, %n : i32, i32
  }
  // group_ids are global group numbers; out holds the groups from
  // group_offset on.
  pallas.index_map @out_map(%n: i32, %k: i32, %t: i32, %offsets: memref<5xi32>,
                            %gids: memref<7xi32>, %mtids: memref<7xi32>,
                            %goff: memref<1xi32>) -> (i32, i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %g = pallas.load %gids[%ti] : memref<7xi32> -> i32
    %c0 = arith.constant 0 : index
    %first = pallas.load %goff[%c0] : memref<1xi32> -> i32
    %local = arith.subi %g, %first : i32
    pallas.yield %local, %k, %n : i32, i32, i32
  }

  pallas.kernel @ops_megablox_tgmm grid(2, 2, ?) semantics(parallel, arbitrary, arbitrary)
      prefetch(%offsets: memref<5xi32>, %gids: memref<7xi32>, %mtids: memref<7xi32>,
               %goff: memref<1xi32>)
      ins(%lhs: memref<512x256xbf16> block [128, 128] map @lhs_map,
          %rhs: memref<512x256xbf16> block [128, 128] map @rhs_map)
      outs(%out: memref<4x256x256xf32> block [squeezed, 128, 128] map @out_map)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %t = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ti = arith.index_cast %t : i32 to index
    %group = pallas.load %gids[%ti] : memref<7xi32> -> i32

    // A new group starts at the first step or where the group id changes.
    %not_first = arith.cmpi sgt, %t, %c0 : i32
    %tm1 = arith.subi %t, %c1 : i32
    %prev_t = arith.select %not_first, %tm1, %c0 : i32
    %prev_ti = arith.index_cast %prev_t : i32 to index
    %prev_group = pallas.load %gids[%prev_ti] : memref<7xi32> -> i32
    %is_first = arith.cmpi eq, %t, %c0 : i32
    %group_changed = arith.cmpi ne, %prev_group, %group : i32
    %starts = arith.ori %is_first, %group_changed : i1
    scf.if %starts {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }

    // Empty groups only get their output block zeroed.
    %gi = arith.index_cast %group : i32 to index
    %start = pallas.load %offsets[%gi] : memref<5xi32> -> i32
    %g1 = arith.addi %group, %c1 : i32
    %g1i = arith.index_cast %g1 : i32 to index
    %end = pallas.load %offsets[%g1i] : memref<5xi32> -> i32
    %size = arith.subi %end, %start : i32
    %nonempty = arith.cmpi sgt, %size, %c0 : i32
    scf.if %nonempty {
      // Rows [start, end) of the row tile m_tile_ids[t] are this group's;
      // one mask for the rhs block (128 x tn) and one for the lhs block
      // (128 x tk).
      %tile = pallas.load %mtids[%ti] : memref<7xi32> -> i32
      %c128 = arith.constant 128 : i32
      %row0 = arith.muli %tile, %c128 : i32
      %row0v = vector.broadcast %row0 : i32 to vector<128x128xi32>
      %startv = vector.broadcast %start : i32 to vector<128x128xi32>
      %endv = vector.broadcast %end : i32 to vector<128x128xi32>
      %iota_n = pallas.iota dim 0 : vector<128x128xi32>
      %rows_n = arith.addi %iota_n, %row0v : vector<128x128xi32>
      %ge_n = arith.cmpi sge, %rows_n, %startv : vector<128x128xi32>
      %lt_n = arith.cmpi slt, %rows_n, %endv : vector<128x128xi32>
      %rhs_mask = arith.andi %ge_n, %lt_n : vector<128x128xi1>
      %iota_k = pallas.iota dim 0 : vector<128x128xi32>
      %rows_k = arith.addi %iota_k, %row0v : vector<128x128xi32>
      %ge_k = arith.cmpi sge, %rows_k, %startv : vector<128x128xi32>
      %lt_k = arith.cmpi slt, %rows_k, %endv : vector<128x128xi32>
      %lhs_mask = arith.andi %ge_k, %lt_k : vector<128x128xi1>

      %zero = arith.constant dense<0.0> : vector<128x128xf32>
      %a = pallas.load %lhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
      %b = pallas.load %rhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
      %a32 = arith.extf %a : vector<128x128xbf16> to vector<128x128xf32>
      %am = arith.select %lhs_mask, %a32, %zero : vector<128x128xi1>, vector<128x128xf32>
      %at = vector.transpose %am, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
      %b32 = arith.extf %b : vector<128x128xbf16> to vector<128x128xf32>
      %bm = arith.select %rhs_mask, %b32, %zero : vector<128x128xi1>, vector<128x128xf32>
      %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %a16 = arith.truncf %at : vector<128x128xf32> to vector<128x128xbf16>
      %b16 = arith.truncf %bm : vector<128x128xf32> to vector<128x128xbf16>
      %p = pallas.dot %a16, %b16 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %sum = arith.addf %old, %p : vector<128x128xf32>
      pallas.store %sum, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }

    // The group ends at the last step or where the next step's group differs.
    %nt = pallas.num_programs 2
    %last_t = arith.subi %nt, %c1 : i32
    %is_last = arith.cmpi eq, %t, %last_t : i32
    %tp1 = arith.addi %t, %c1 : i32
    %next_t = arith.select %is_last, %t, %tp1 : i32
    %next_ti = arith.index_cast %next_t : i32 to index
    %next_group = pallas.load %gids[%next_ti] : memref<7xi32> -> i32
    %group_changes = arith.cmpi ne, %group, %next_group : i32
    %ends = arith.ori %is_last, %group_changes : i1
    scf.if %ends {
      %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      pallas.store %r, %out[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

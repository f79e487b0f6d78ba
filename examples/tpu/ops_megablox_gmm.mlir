// jax.experimental.pallas.ops.tpu.megablox.gmm.gmm: grouped matmul. The rows
// of lhs (m = 512, k = 256, bf16) are split into 4 contiguous groups whose
// sizes are runtime data; the rows of group g are multiplied by rhs[g]
// (k x n = 256 x 256, bf16) into an f32 (512, 256) output.
// Default options: tiling (128, 128, 128), no group_offset (it is [0]), no
// existing_out, transpose_rhs = False.
//
// The group metadata is scalar-prefetched: group_offsets (5: the first row of
// each group, then m), group_ids and m_tile_ids (7 = m tiles + groups - 1: the
// group and the row tile of each step of the tile axis) and group_offset (the
// first group held by this rhs shard). The grid is (n tiles, active m tiles,
// k tiles); the number of active tiles depends on the group sizes, so that
// axis is dynamic. A row tile shared by two groups is visited once per group;
// on the last k step each visit stores only its own group's rows (a row mask
// built from the metadata) and keeps the rows already in the output block.
// Mirrors `ops_megablox_gmm` in scripts/jax/public/megablox.py; JAX's lowering
// of it is test/Reference/TPU/ops_megablox_gmm.mlir.
module {
  pallas.index_map @lhs_map(%n: i32, %t: i32, %k: i32, %offsets: memref<5xi32>,
                            %gids: memref<7xi32>, %mtids: memref<7xi32>,
                            %goff: memref<1xi32>) -> (i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %row = pallas.load %mtids[%ti] : memref<7xi32> -> i32
    pallas.yield %row, %k : i32, i32
  }
  // group_ids are global group numbers; rhs holds the groups from
  // group_offset on.
  pallas.index_map @rhs_map(%n: i32, %t: i32, %k: i32, %offsets: memref<5xi32>,
                            %gids: memref<7xi32>, %mtids: memref<7xi32>,
                            %goff: memref<1xi32>) -> (i32, i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %g = pallas.load %gids[%ti] : memref<7xi32> -> i32
    %c0 = arith.constant 0 : index
    %first = pallas.load %goff[%c0] : memref<1xi32> -> i32
    %local = arith.subi %g, %first : i32
    pallas.yield %local, %k, %n : i32, i32, i32
  }
  pallas.index_map @out_map(%n: i32, %t: i32, %k: i32, %offsets: memref<5xi32>,
                            %gids: memref<7xi32>, %mtids: memref<7xi32>,
                            %goff: memref<1xi32>) -> (i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %row = pallas.load %mtids[%ti] : memref<7xi32> -> i32
    pallas.yield %row, %n : i32, i32
  }

  pallas.kernel @ops_megablox_gmm grid(2, ?, 2) semantics(parallel, arbitrary, arbitrary)
      prefetch(%offsets: memref<5xi32>, %gids: memref<7xi32>, %mtids: memref<7xi32>,
               %goff: memref<1xi32>)
      ins(%lhs: memref<512x256xbf16> block [128, 128] map @lhs_map,
          %rhs: memref<4x256x256xbf16> block [squeezed, 128, 128] map @rhs_map)
      outs(%out: memref<512x256xf32> block [128, 128] map @out_map)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %t = pallas.program_id 1
    %k = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first_k = arith.cmpi eq, %k, %c0 : i32
    scf.if %first_k {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    // k = 256 is a multiple of tk, so the last k step needs no k masking;
    // both branches accumulate, the last one also stores.
    %c1 = arith.constant 1 : i32
    %last_k = arith.cmpi eq, %k, %c1 : i32
    scf.if %last_k {
      %a = pallas.load %lhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
      %b = pallas.load %rhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
      %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %p = pallas.dot %a, %b : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %sum = arith.addf %old, %p : vector<128x128xf32>
      pallas.store %sum, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>

      // Rows [offsets[g], offsets[g + 1]) of this row tile belong to the
      // group g of this step.
      %ti = arith.index_cast %t : i32 to index
      %g = pallas.load %gids[%ti] : memref<7xi32> -> i32
      %gi = arith.index_cast %g : i32 to index
      %start = pallas.load %offsets[%gi] : memref<5xi32> -> i32
      %g1 = arith.addi %g, %c1 : i32
      %g1i = arith.index_cast %g1 : i32 to index
      %end = pallas.load %offsets[%g1i] : memref<5xi32> -> i32
      %tile = pallas.load %mtids[%ti] : memref<7xi32> -> i32
      %c128 = arith.constant 128 : i32
      %row0 = arith.muli %tile, %c128 : i32
      %iota = pallas.iota dim 0 : vector<128x128xi32>
      %row0v = vector.broadcast %row0 : i32 to vector<128x128xi32>
      %rows = arith.addi %iota, %row0v : vector<128x128xi32>
      %startv = vector.broadcast %start : i32 to vector<128x128xi32>
      %ge = arith.cmpi sge, %rows, %startv : vector<128x128xi32>
      %endv = vector.broadcast %end : i32 to vector<128x128xi32>
      %lt = arith.cmpi slt, %rows, %endv : vector<128x128xi32>
      %mine = arith.andi %ge, %lt : vector<128x128xi1>

      %res = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %prev = pallas.load %out[] : memref<128x128xf32> -> vector<128x128xf32>
      %merged = arith.select %mine, %res, %prev : vector<128x128xi1>, vector<128x128xf32>
      pallas.store %merged, %out[] : vector<128x128xf32>, memref<128x128xf32>
    } else {
      %a = pallas.load %lhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
      %b = pallas.load %rhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
      %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %p = pallas.dot %a, %b : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %sum = arith.addf %old, %p : vector<128x128xf32>
      pallas.store %sum, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
  }
}

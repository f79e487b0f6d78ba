// Megablox-style grouped matmul (jax.experimental.pallas.ops.tpu.megablox
// gmm): grid (tile, n block, k block); the lhs/out row tile and the rhs group
// of each tile come from two scalar-prefetched tables read by the index maps;
// rhs is (groups, k, n) with the group dim squeezed; f32 accumulator over k,
// bf16 output.
// Mirrors `tpu_grouped_matmul` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_grouped_matmul.mlir.
module {
  pallas.index_map @lhs_map(%t: i32, %j: i32, %kk: i32, %gids: memref<4xi32>, %tids: memref<4xi32>) -> (i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %row = memref.load %tids[%ti] : memref<4xi32>
    pallas.yield %row, %kk : i32, i32
  }
  pallas.index_map @rhs_map(%t: i32, %j: i32, %kk: i32, %gids: memref<4xi32>, %tids: memref<4xi32>) -> (i32, i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %grp = memref.load %gids[%ti] : memref<4xi32>
    pallas.yield %grp, %kk, %j : i32, i32, i32
  }
  pallas.index_map @out_map(%t: i32, %j: i32, %kk: i32, %gids: memref<4xi32>, %tids: memref<4xi32>) -> (i32, i32) {
    %ti = arith.index_cast %t : i32 to index
    %row = memref.load %tids[%ti] : memref<4xi32>
    pallas.yield %row, %j : i32, i32
  }

  pallas.kernel @tpu_grouped_matmul grid(4, 2, 2) semantics(arbitrary, parallel, arbitrary)
      prefetch(%gids: memref<4xi32>, %tids: memref<4xi32>)
      ins(%lhs: memref<512x256xbf16> block [128, 128] map @lhs_map,
          %rhs: memref<3x256x256xbf16> block [squeezed, 128, 128] map @rhs_map)
      outs(%o: memref<512x256xbf16> block [128, 128] map @out_map)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %kk = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %kk, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %a = pallas.load %lhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %b = pallas.load %rhs[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %p = pallas.dot %a, %b : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %new = arith.addf %old, %p : vector<128x128xf32>
    pallas.store %new, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %nk = pallas.num_programs 2
    %c1 = arith.constant 1 : i32
    %last_k = arith.subi %nk, %c1 : i32
    %last = arith.cmpi eq, %kk, %last_k : i32
    scf.if %last {
      %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %rb = arith.truncf %r : vector<128x128xf32> to vector<128x128xbf16>
      pallas.store %rb, %o[] : vector<128x128xbf16>, memref<128x128xbf16>
    }
  }
}

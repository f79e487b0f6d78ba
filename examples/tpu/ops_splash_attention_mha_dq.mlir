// Splash attention backward, dq kernel, MHA, causal mask computed in the
// kernel (jax.experimental.pallas.ops.tpu.splash_attention:
// _splash_attention_bwd_dq / _flash_attention_dq_kernel, the second
// pallas_call of the public op's backward pass). Grid (head, q block, kv
// block) over 2 heads, q/kv sequence 256, head dim 128, 128 x 128 blocks.
//
// Per visible block: p = exp(masked(q k^T) - logsumexp), dp = do v^T,
// ds = (dp - di) * p, dq += ds k, accumulated in an f32 output block with a
// constant (0, 0) block and written at the last kv block. logsumexp and
// di (rowsum(o * do)) come as (heads, 1, q_seq) arrays read one (1, 128)
// row at a time and turned into a column. The mask info (block_mask,
// data_next; one head of it, both heads share the mask) is scalar-
// prefetched: empty blocks are skipped, k and v follow data_next, and the
// causal mask compares q_sequence with iota + the kv block offset.
// Mirrors `ops_splash_attention_mha_dq` in
// scripts/jax/public/splash_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_splash_attention_mha_dq.mlir.
module {
  // k and v: block (head, data_next[0, i, j], 0).
  pallas.index_map @kv_map(%h: i32, %i: i32, %j: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>) -> (i32, i32, i32) {
    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %n8 = pallas.load %data_next[%c0, %ii, %jj] : memref<1x2x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %h, %next, %z : i32, i32, i32
  }

  pallas.kernel @ops_splash_attention_mha_dq grid(2, 2, 2) semantics(arbitrary, arbitrary, arbitrary)
      prefetch(%data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>)
      ins(%q: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>,
          %k: memref<2x256x128xf32> block [squeezed, 128, 128] map @kv_map,
          %v: memref<2x256x128xf32> block [squeezed, 128, 128] map @kv_map,
          %lse: memref<2x1x256xf32> block [squeezed, 1, 128] map affine_map<(h, i, j) -> (h, 0, i)>,
          %do: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>,
          %di: memref<2x1x256xf32> block [squeezed, 1, 128] map affine_map<(h, i, j) -> (h, 0, i)>,
          %q_seq: memref<256x128xi32> block [128, 128] map affine_map<(h, i, j) -> (i, 0)>)
      outs(%dq_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %dq: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>) {
    %i = pallas.program_id 1
    %j = pallas.program_id 2
    %c0i = arith.constant 0 : i32
    %zeros = arith.constant dense<0.0> : vector<128x128xf32>

    %first = arith.cmpi eq, %j, %c0i : i32
    scf.if %first {
      pallas.store %zeros, %dq_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %bm8 = pallas.load %block_mask[%c0, %ii, %jj] : memref<1x2x2xi8> -> i8
    %bm = arith.extsi %bm8 : i8 to i32
    %should_run = arith.cmpi sgt, %bm, %c0i : i32
    %dn8 = pallas.load %data_next[%c0, %ii, %jj] : memref<1x2x2xi8> -> i8
    %kv_block = arith.extsi %dn8 : i8 to i32

    scf.if %should_run {
      %qv = pallas.load %q[] : memref<128x128xf32> -> vector<128x128xf32>
      %kb = pallas.load %k[] : memref<128x128xf32> -> vector<128x128xf32>
      %vb = pallas.load %v[] : memref<128x128xf32> -> vector<128x128xf32>
      %lse_row = pallas.load %lse[%c0, 0:128] : memref<1x128xf32> -> vector<128xf32>
      %lse_col = vector.shape_cast %lse_row : vector<128xf32> to vector<128x1xf32>
      %dov = pallas.load %do[] : memref<128x128xf32> -> vector<128x128xf32>
      %di_row = pallas.load %di[%c0, 0:128] : memref<1x128xf32> -> vector<128xf32>
      %di_col = vector.shape_cast %di_row : vector<128xf32> to vector<128x1xf32>

      %qk = pallas.dot %qv, %kb {transpose_rhs} : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      // Causal mask: q position >= kv position.
      %c128 = arith.constant 128 : i32
      %k_offset = arith.muli %kv_block, %c128 : i32
      %lane = pallas.iota dim 1 : vector<128x128xi32>
      %k_off_b = vector.broadcast %k_offset : i32 to vector<128x128xi32>
      %k_pos = arith.addi %k_off_b, %lane : vector<128x128xi32>
      %q_pos = pallas.load %q_seq[] : memref<128x128xi32> -> vector<128x128xi32>
      %visible = arith.cmpi sge, %q_pos, %k_pos : vector<128x128xi32>
      %mask_value = arith.constant dense<-2.38197633E+38> : vector<128x128xf32>
      %logits = arith.select %visible, %qk, %mask_value : vector<128x128xi1>, vector<128x128xf32>

      %lse_b = vector.broadcast %lse_col : vector<128x1xf32> to vector<128x128xf32>
      %shifted = arith.subf %logits, %lse_b : vector<128x128xf32>
      %p = math.exp %shifted : vector<128x128xf32>
      %dp = pallas.dot %dov, %vb {transpose_rhs} : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      %di_b = vector.broadcast %di_col : vector<128x1xf32> to vector<128x128xf32>
      %dpd = arith.subf %dp, %di_b : vector<128x128xf32>
      %ds = arith.mulf %dpd, %p : vector<128x128xf32>

      %acc = pallas.load %dq_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %dq_blk = pallas.dot %ds, %kb : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      %acc_n = arith.addf %acc, %dq_blk : vector<128x128xf32>
      pallas.store %acc_n, %dq_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    // Last kv block (grid width 2): write dq, reset the accumulator.
    %c1i = arith.constant 1 : i32
    %last = arith.cmpi eq, %j, %c1i : i32
    scf.if %last {
      %r = pallas.load %dq_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      pallas.store %r, %dq[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dq_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

// Splash attention backward, dk/dv kernel fused with dq, grouped-query
// attention, causal mask computed in the kernel
// (jax.experimental.pallas.ops.tpu.splash_attention: _splash_attention_bwd_dkv
// with use_fused_bwd_kernel=True / _flash_attention_dkv_kernel). Grid (kv
// block, q head, q block) = (2, 4, 2): 4 query heads over 2 k/v heads
// (query head h reads k/v head h / 2, lax.div: arith.divsi in the index
// maps), sequence 256, head dim 128, 128 x 128 blocks.
//
// Per visible block, with kv along sublanes and q along lanes:
// p = exp(masked(k q^T) - logsumexp), dv += p do, dp = v do^T,
// ds = (dp - di) * p, dk += ds q, and this kv block's share of dq,
// ds^T k, goes to its own (kv block, head, q block) block of a
// (2, 4, 256, 128) output (zero where the block is skipped; the public op
// sums over kv blocks). dk and dv accumulate in f32 output blocks with a
// constant (0, 0) block over the q blocks of both query heads of a k/v head:
// they start at the first q block of the group's first head (h % 2 == 0)
// and are written at the last q block of its second (h % 2 == 1).
// logsumexp and di come as (heads, 8, q_seq) arrays (the row repeated over
// 8 sublanes) of which the first row is used.
//
// The mask info (block_mask, data_next indexed [0, q block, kv block] and
// naming q blocks; one head of it, all heads share the mask) is
// scalar-prefetched: empty blocks are skipped, q, do, logsumexp, di and
// q_sequence follow data_next, and the causal mask compares the q positions
// (q_sequence, 8 sublanes x q) with iota + the kv block offset.
//
// block_kv_dkv_compute == block_kv_dkv, so splash's fori_loop(...,
// unroll=True) over compute blocks has one iteration (compute index 0): its
// body is written once, as JAX emits it, and dq needs no scratch.
// Mirrors `ops_splash_attention_gqa_dkv_fused` in
// scripts/jax/public/splash_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_splash_attention_gqa_dkv_fused.mlir.
module {
  // q and do: block (head, data_next[0, qi, kv], 0).
  pallas.index_map @q_map(%kv: i32, %h: i32, %qi: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>) -> (i32, i32, i32) {
    %c0 = arith.constant 0 : index
    %qq = arith.index_cast %qi : i32 to index
    %kk = arith.index_cast %kv : i32 to index
    %n8 = pallas.load %data_next[%c0, %qq, %kk] : memref<1x2x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %h, %next, %z : i32, i32, i32
  }

  // logsumexp and di: block (head, 0, data_next[0, qi, kv]).
  pallas.index_map @row_map(%kv: i32, %h: i32, %qi: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>) -> (i32, i32, i32) {
    %c0 = arith.constant 0 : index
    %qq = arith.index_cast %qi : i32 to index
    %kk = arith.index_cast %kv : i32 to index
    %n8 = pallas.load %data_next[%c0, %qq, %kk] : memref<1x2x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %h, %z, %next : i32, i32, i32
  }

  // q_sequence: block (0, data_next[0, qi, kv]).
  pallas.index_map @q_seq_map(%kv: i32, %h: i32, %qi: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>) -> (i32, i32) {
    %c0 = arith.constant 0 : index
    %qq = arith.index_cast %qi : i32 to index
    %kk = arith.index_cast %kv : i32 to index
    %n8 = pallas.load %data_next[%c0, %qq, %kk] : memref<1x2x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %z, %next : i32, i32
  }

  // k, v, dk and dv: block (h / 2, kv, 0) (truncating division, as lax.div).
  pallas.index_map @kv_map(%kv: i32, %h: i32, %qi: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>) -> (i32, i32, i32) {
    %c2 = arith.constant 2 : i32
    %kvh = arith.divsi %h, %c2 : i32
    %z = arith.constant 0 : i32
    pallas.yield %kvh, %kv, %z : i32, i32, i32
  }

  pallas.kernel @ops_splash_attention_gqa_dkv_fused grid(2, 4, 2) semantics(arbitrary, arbitrary, arbitrary)
      prefetch(%data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>)
      ins(%q: memref<4x256x128xf32> block [squeezed, 128, 128] map @q_map,
          %k: memref<2x256x128xf32> block [squeezed, 128, 128] map @kv_map,
          %v: memref<2x256x128xf32> block [squeezed, 128, 128] map @kv_map,
          %lse: memref<4x8x256xf32> block [squeezed, 8, 128] map @row_map,
          %do: memref<4x256x128xf32> block [squeezed, 128, 128] map @q_map,
          %di: memref<4x8x256xf32> block [squeezed, 8, 128] map @row_map,
          %q_seq: memref<8x256xi32> block [8, 128] map @q_seq_map)
      outs(%dk_sc: memref<128x128xf32> block [128, 128] map affine_map<(kv, h, qi) -> (0, 0)>,
           %dv_sc: memref<128x128xf32> block [128, 128] map affine_map<(kv, h, qi) -> (0, 0)>,
           %dq: memref<2x4x256x128xf32> block [squeezed, squeezed, 128, 128] map affine_map<(kv, h, qi) -> (kv, h, qi, 0)>,
           %dk: memref<2x256x128xf32> block [squeezed, 128, 128] map @kv_map,
           %dv: memref<2x256x128xf32> block [squeezed, 128, 128] map @kv_map) {
    %kv = pallas.program_id 0
    %h = pallas.program_id 1
    %qi = pallas.program_id 2
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %c2i = arith.constant 2 : i32
    %zeros = arith.constant dense<0.0> : vector<128x128xf32>

    // Position of this query head within its k/v head's group of 2.
    %h_in_group = arith.remsi %h, %c2i : i32
    %first_q = arith.cmpi eq, %qi, %c0i : i32
    %first_h = arith.cmpi eq, %h_in_group, %c0i : i32
    %init = arith.andi %first_q, %first_h : i1
    scf.if %init {
      pallas.store %zeros, %dk_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dv_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    %c0 = arith.constant 0 : index
    %qq = arith.index_cast %qi : i32 to index
    %kk = arith.index_cast %kv : i32 to index
    %bm8 = pallas.load %block_mask[%c0, %qq, %kk] : memref<1x2x2xi8> -> i8
    %bm = arith.extsi %bm8 : i8 to i32
    %should_run = arith.cmpi sgt, %bm, %c0i : i32

    // This kv block's dq contribution is zero unless the block runs.
    pallas.store %zeros, %dq[] : vector<128x128xf32>, memref<128x128xf32>

    scf.if %should_run {
      %qv = pallas.load %q[] : memref<128x128xf32> -> vector<128x128xf32>
      %kb = pallas.load %k[] : memref<128x128xf32> -> vector<128x128xf32>
      %vb = pallas.load %v[] : memref<128x128xf32> -> vector<128x128xf32>
      %lse_row = pallas.load %lse[0:1, 0:128] : memref<8x128xf32> -> vector<1x128xf32>
      %dov = pallas.load %do[] : memref<128x128xf32> -> vector<128x128xf32>
      %di_row = pallas.load %di[0:1, 0:128] : memref<8x128xf32> -> vector<1x128xf32>

      %kq = pallas.dot %kb, %qv {transpose_rhs} : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      // Causal mask: q position (lanes) >= kv position (sublanes).
      %c128 = arith.constant 128 : i32
      %k_offset = arith.muli %kv, %c128 : i32
      %sublane = pallas.iota dim 0 : vector<128x128xi32>
      %k_off_b = vector.broadcast %k_offset : i32 to vector<128x128xi32>
      %k_pos = arith.addi %k_off_b, %sublane : vector<128x128xi32>
      %q_row = pallas.load %q_seq[0:1, 0:128] : memref<8x128xi32> -> vector<1x128xi32>
      %q_pos = vector.broadcast %q_row : vector<1x128xi32> to vector<128x128xi32>
      %visible = arith.cmpi sge, %q_pos, %k_pos : vector<128x128xi32>
      %mask_value = arith.constant dense<-2.38197633E+38> : vector<128x128xf32>
      %logits = arith.select %visible, %kq, %mask_value : vector<128x128xi1>, vector<128x128xf32>

      %lse_b = vector.broadcast %lse_row : vector<1x128xf32> to vector<128x128xf32>
      %shifted = arith.subf %logits, %lse_b : vector<128x128xf32>
      %p = math.exp %shifted : vector<128x128xf32>
      %dv_blk = pallas.dot %p, %dov : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      %dv_acc = pallas.load %dv_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %dv_n = arith.addf %dv_blk, %dv_acc : vector<128x128xf32>
      pallas.store %dv_n, %dv_sc[] : vector<128x128xf32>, memref<128x128xf32>

      %dp = pallas.dot %vb, %dov {transpose_rhs} : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      %di_b = vector.broadcast %di_row : vector<1x128xf32> to vector<128x128xf32>
      %dpd = arith.subf %dp, %di_b : vector<128x128xf32>
      %ds = arith.mulf %dpd, %p : vector<128x128xf32>
      %dk_blk = pallas.dot %ds, %qv : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      %dk_acc = pallas.load %dk_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %dk_n = arith.addf %dk_blk, %dk_acc : vector<128x128xf32>
      pallas.store %dk_n, %dk_sc[] : vector<128x128xf32>, memref<128x128xf32>

      %ds_t = vector.transpose %ds, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
      %dq_blk = pallas.dot %ds_t, %kb : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      pallas.store %dq_blk, %dq[] : vector<128x128xf32>, memref<128x128xf32>
    }

    // Last q block (grid width 2) of the group's last head: write dk and
    // dv, reset the accumulators.
    %last_q = arith.cmpi eq, %qi, %c1i : i32
    %last_h = arith.cmpi eq, %h_in_group, %c1i : i32
    %write = arith.andi %last_q, %last_h : i1
    scf.if %write {
      %rk = pallas.load %dk_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      pallas.store %rk, %dk[] : vector<128x128xf32>, memref<128x128xf32>
      %rv = pallas.load %dv_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      pallas.store %rv, %dv[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dk_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dv_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

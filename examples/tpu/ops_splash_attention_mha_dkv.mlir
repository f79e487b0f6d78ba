// Splash attention backward, dk/dv kernel, MHA, causal mask computed in the
// kernel (jax.experimental.pallas.ops.tpu.splash_attention:
// _splash_attention_bwd_dkv / _flash_attention_dkv_kernel, not fused with
// dq: the first pallas_call of the public op's backward pass). Grid (kv
// block, head, q block) over 2 heads, q/kv sequence 256, head dim 128,
// 128 x 128 blocks; the q axis is the reduction axis.
//
// Per visible block, with kv along sublanes and q along lanes:
// p = exp(masked(k q^T) - logsumexp), dv += p do, dp = v do^T,
// ds = (dp - di) * p, dk += ds q, accumulated in f32 output blocks with a
// constant (0, 0) block and written at the last q block. logsumexp and di
// (rowsum(o * do)) come as (heads, 8, q_seq) arrays (the row repeated over
// 8 sublanes) of which the first row is used.
//
// The mask info (block_mask, data_next, for this kernel indexed
// [0, q block, kv block] and naming q blocks; one head of it, both heads
// share the mask) is scalar-prefetched: empty blocks are skipped, q, do,
// logsumexp, di and q_sequence follow data_next, and the causal mask compares
// the q positions (q_sequence, 8 sublanes x q) with iota + the kv block
// offset.
//
// block_kv_dkv_compute == block_kv_dkv, so splash's fori_loop(...,
// unroll=True) over compute blocks has one iteration (compute index 0): its
// body is written once, as JAX emits it.
// Mirrors `ops_splash_attention_mha_dkv` in
// scripts/jax/public/splash_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_splash_attention_mha_dkv.mlir.
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

  pallas.kernel @ops_splash_attention_mha_dkv grid(2, 2, 2) semantics(arbitrary, arbitrary, arbitrary)
      prefetch(%data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>)
      ins(%q: memref<2x256x128xf32> block [squeezed, 128, 128] map @q_map,
          %k: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(kv, h, qi) -> (h, kv, 0)>,
          %v: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(kv, h, qi) -> (h, kv, 0)>,
          %lse: memref<2x8x256xf32> block [squeezed, 8, 128] map @row_map,
          %do: memref<2x256x128xf32> block [squeezed, 128, 128] map @q_map,
          %di: memref<2x8x256xf32> block [squeezed, 8, 128] map @row_map,
          %q_seq: memref<8x256xi32> block [8, 128] map @q_seq_map)
      outs(%dk_sc: memref<128x128xf32> block [128, 128] map affine_map<(kv, h, qi) -> (0, 0)>,
           %dv_sc: memref<128x128xf32> block [128, 128] map affine_map<(kv, h, qi) -> (0, 0)>,
           %dk: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(kv, h, qi) -> (h, kv, 0)>,
           %dv: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(kv, h, qi) -> (h, kv, 0)>) {
    %kv = pallas.program_id 0
    %qi = pallas.program_id 2
    %c0i = arith.constant 0 : i32
    %zeros = arith.constant dense<0.0> : vector<128x128xf32>

    // One k/v head per q head: the accumulators start with each head's
    // first q block.
    %first = arith.cmpi eq, %qi, %c0i : i32
    scf.if %first {
      pallas.store %zeros, %dk_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dv_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    %c0 = arith.constant 0 : index
    %qq = arith.index_cast %qi : i32 to index
    %kk = arith.index_cast %kv : i32 to index
    %bm8 = pallas.load %block_mask[%c0, %qq, %kk] : memref<1x2x2xi8> -> i8
    %bm = arith.extsi %bm8 : i8 to i32
    %should_run = arith.cmpi sgt, %bm, %c0i : i32

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
    }

    // Last q block (grid width 2): write dk and dv, reset the accumulators.
    %c1i = arith.constant 1 : i32
    %last = arith.cmpi eq, %qi, %c1i : i32
    scf.if %last {
      %rk = pallas.load %dk_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      pallas.store %rk, %dk[] : vector<128x128xf32>, memref<128x128xf32>
      %rv = pallas.load %dv_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      pallas.store %rv, %dv[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dk_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %dv_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

// jax.experimental.pallas.ops.tpu.ragged_paged_attention.ragged_paged_attention
// (kernel `ragged_paged_attention_kernel`): attention of a batch of queries
// of several sequences, concatenated along the token dim (ragged: the
// cumulative query lengths cu_q_lens say where each sequence's tokens are),
// over a paged KV cache whose pages hold K and V interleaved per head
// ((8 pages, 16 tokens, 4 combined heads = K0 V0 K1 V1, 128) bf16, in HBM).
// q is (16 tokens, 4 q heads, 128) bf16: 2 kv heads of 2 q heads each. The
// grid is (heads block 1, q block 2) of 8 query tokens; a q block walks the
// sequences its tokens belong to (outer while loop) and, for each, the KV
// blocks of 2 pages (inner while loop, 32 tokens each).
//
// The page copies are double-buffered by hand: the very first grid step
// starts the copies of its first KV block; every KV block starts those of
// the next one (next KV block, else the next sequence, else the next heads
// block) into the other buffer slot, then waits for its own. The sequence
// and slot to start from persist across grid steps in seq_buf_idx (SMEM).
// K and V of a head are rows h*2 and h*2 + 1 of every token's 4 combined
// heads: the slot ref is reshaped to (128, 128) and bitcast to u32 (two bf16
// rows per word row), a stride-2 load takes the words of head h, and K is
// the low halves (<< 16), V the high halves (& 0xFFFF0000), each bitcast to
// f32 and rounded to bf16. Each kv head then runs one causal
// online-softmax step on its 2 q heads (a (16, 128) q tile, 2 rows per
// token); the running max m and sum l (scratch, (16, 128) per kv head) and
// the f32 accumulator are written only on the rows of this q block's tokens
// of the current sequence (masked stores). The output block is the
// accumulator rounded to bf16.
// Configuration: bf16 q and KV, 4 combined KV heads, num_kv_pages_per_block
// 2, num_queries_per_block 8, sm_scale 1, the default mask value
// -0.7 * f32 max, no sliding window, soft cap or KV scales.
// Mirrors `ops_ragged_paged_attention` in
// scripts/jax/public/paged_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_ragged_paged_attention.mlir.
!hbm_kv = memref<8x16x4x128xbf16, #pallas.memory_space<any>>
!hbm_heads = memref<8x16x4x128xbf16, strided<[8192, 512, 128, 1], offset: ?>, #pallas.memory_space<any>>
!hbm_page = memref<16x4x128xbf16, strided<[512, 128, 1], offset: ?>, #pallas.memory_space<any>>
!vmem_bufs = memref<2x2x16x4x128xbf16, #pallas.memory_space<vmem>>
!vmem_buf = memref<2x16x4x128xbf16, strided<[8192, 512, 128, 1], offset: ?>, #pallas.memory_space<vmem>>
!vmem_page = memref<16x4x128xbf16, strided<[512, 128, 1], offset: ?>, #pallas.memory_space<vmem>>
!sems = memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
!lm = memref<2x16x128xf32, #pallas.memory_space<vmem>>
!acc = memref<8x4x128xf32, #pallas.memory_space<vmem>>
!kv_rows = memref<128x128xbf16, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
!kv_words = memref<64x128xi32, #pallas.memory_space<vmem>>
module {
  pallas.kernel @ops_ragged_paged_attention grid(1, 2) semantics(arbitrary, arbitrary)
      prefetch(%kv_lens: memref<2xi32>, %page_indices: memref<2x4xi32>,
               %cu_q_lens: memref<3xi32>, %seq_buf_idx: memref<2xi32>,
               %num_seqs_ref: memref<1xi32>)
      ins(%q: memref<16x4x128xbf16> block [8, 4, 128] map affine_map<(hb, qb) -> (qb, hb, 0)>,
          %kv_pages: memref<8x16x4x128xbf16> block [8, 16, 4, 128] map affine_map<(hb, qb) -> (0, 0, 0, 0)> in any)
      outs(%o: memref<16x4x128xbf16> block [8, 4, 128] map affine_map<(hb, qb) -> (qb, hb, 0)>)
      scratch(%kv_bufs: !vmem_bufs, %sems: !sems, %l: !lm, %m: !lm, %acc: !acc) {
    %hb = pallas.program_id 0
    %qb = pallas.program_id 1
    %num_heads_blks = pallas.num_programs 0
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c8_i32 = arith.constant 8 : i32
    %c15_i32 = arith.constant 15 : i32
    %c16_i32 = arith.constant 16 : i32
    // KV tokens per KV block: 2 pages of 16.
    %c32_i32 = arith.constant 32 : i32
    %shift16 = arith.constant dense<16> : vector<32x128xi32>
    %high16 = arith.constant dense<-65536> : vector<32x128xi32>
    %zero_kv = arith.constant dense<0.0> : vector<32x128xf32>
    %sm_scale = arith.constant dense<1.0> : vector<16x32xf32>
    %two_16x32 = arith.constant dense<2> : vector<16x32xi32>
    %masked = arith.constant dense<-2.38197633E+38> : vector<16x32xf32>
    %zero_qk = arith.constant dense<0.0> : vector<16x32xf32>
    %ninf16 = arith.constant dense<0xFF800000> : vector<16xf32>
    %zero16 = arith.constant dense<0.0> : vector<16xf32>
    %two_lm = arith.constant dense<2> : vector<16x128xi32>
    %ninf_lm = arith.constant dense<0xFF800000> : vector<16x128xf32>
    %zero_lm = arith.constant dense<0.0> : vector<16x128xf32>
    %one_lm = arith.constant dense<1.0> : vector<16x128xf32>
    %zero_acc = arith.constant dense<0.0> : vector<8x2x128xf32>

    %num_seqs = pallas.load %num_seqs_ref[%c0] : memref<1xi32> -> i32
    %init_seq = pallas.load %seq_buf_idx[%c0] : memref<2xi32> -> i32
    %init_buf = pallas.load %seq_buf_idx[%c1] : memref<2xi32> -> i32
    %q_len_start = arith.muli %qb, %c8_i32 : i32
    %q_len_end = arith.addi %q_len_start, %c8_i32 : i32

    // The first grid step fetches the first KV block of its sequence.
    %step_sum = arith.addi %hb, %qb : i32
    %first_step = arith.cmpi eq, %step_sum, %c0_i32 : i32
    scf.if %first_step {
      %init_bufx = arith.index_cast %init_buf : i32 to index
      // Pages 2 * kv_blk and 2 * kv_blk + 1 of the sequence (an entry past its
      // pages falls back to entry 0) into the 2 pages of the slot, the 4
      // combined heads of the heads block, one semaphore per slot.
      %f_seqx = arith.index_cast %init_seq : i32 to index
      %f_kvl = pallas.load %kv_lens[%f_seqx] : memref<2xi32> -> i32
      %f_kvl_up = arith.addi %f_kvl, %c15_i32 : i32
      %f_pages = arith.divsi %f_kvl_up, %c16_i32 : i32
      %f_end = arith.minsi %c4_i32, %f_pages : i32
      %f_in0 = arith.cmpi slt, %c0_i32, %f_end : i32
      %f_p0 = arith.select %f_in0, %c0_i32, %c0_i32 : i32
      %f_second = arith.addi %c0_i32, %c1_i32 : i32
      %f_in1 = arith.cmpi slt, %f_second, %f_end : i32
      %f_p1 = arith.select %f_in1, %f_second, %c0_i32 : i32
      %f_p0x = arith.index_cast %f_p0 : i32 to index
      %f_p1x = arith.index_cast %f_p1 : i32 to index
      %f_pg0 = pallas.load %page_indices[%f_seqx, %f_p0x] : memref<2x4xi32> -> i32
      %f_pg1 = pallas.load %page_indices[%f_seqx, %f_p1x] : memref<2x4xi32> -> i32
      %f_g0 = arith.index_cast %f_pg0 : i32 to index
      %f_g1 = arith.index_cast %f_pg1 : i32 to index
      %f_hs = arith.muli %hb, %c4_i32 : i32
      %f_hsx = arith.index_cast %f_hs : i32 to index
      %f_heads = memref.subview %kv_pages[0, 0, %f_hsx, 0] [8, 16, 4, 128] [1, 1, 1, 1] : !hbm_kv to !hbm_heads
      %f_slot = memref.subview %kv_bufs[%init_bufx, 0, 0, 0, 0] [1, 2, 16, 4, 128] [1, 1, 1, 1, 1] : !vmem_bufs to !vmem_buf
      %f_src0 = memref.subview %f_heads[%f_g0, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !hbm_heads to !hbm_page
      %f_dst0 = memref.subview %f_slot[0, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !vmem_buf to !vmem_page
      pallas.dma_start %f_src0 -> %f_dst0, %sems[%init_bufx] : !hbm_page -> !vmem_page, !sems
      %f_src1 = memref.subview %f_heads[%f_g1, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !hbm_heads to !hbm_page
      %f_dst1 = memref.subview %f_slot[1, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !vmem_buf to !vmem_page
      pallas.dma_start %f_src1 -> %f_dst1, %sems[%init_bufx] : !hbm_page -> !vmem_page, !sems
    }

    // Sequences with tokens in this q block, from where the last one ended.
    %res:3 = scf.while (%d = %c0_i32, %s = %init_seq, %bf = %init_buf) : (i32, i32, i32) -> (i32, i32, i32) {
      %nsx = arith.index_cast %num_seqs : i32 to index
      %total_q = pallas.load %cu_q_lens[%nsx] : memref<3xi32> -> i32
      %has_q = arith.cmpi slt, %q_len_start, %total_q : i32
      %has_seq = arith.cmpi slt, %s, %num_seqs : i32
      %run = arith.andi %has_q, %has_seq : i1
      %not_done = arith.cmpi eq, %d, %c0_i32 : i32
      %go = arith.andi %not_done, %run : i1
      scf.condition(%go) %d, %s, %bf : i32, i32, i32
    } do {
    ^bb0(%done: i32, %seq: i32, %buf: i32):
      %seqx = arith.index_cast %seq : i32 to index
      %q_start = pallas.load %cu_q_lens[%seqx] : memref<3xi32> -> i32
      %seq1 = arith.addi %seq, %c1_i32 : i32
      %seq1x = arith.index_cast %seq1 : i32 to index
      %q_end = pallas.load %cu_q_lens[%seq1x] : memref<3xi32> -> i32
      %q_len = arith.subi %q_end, %q_start : i32
      %kv_len = pallas.load %kv_lens[%seqx] : memref<2xi32> -> i32

      // The KV blocks of this sequence.
      %kv:2 = scf.while (%kb = %c0_i32, %b = %buf) : (i32, i32) -> (i32, i32) {
        %kv_at = arith.muli %kb, %c32_i32 : i32
        %more_kv = arith.cmpi slt, %kv_at, %kv_len : i32
        scf.condition(%more_kv) %kb, %b : i32, i32
      } do {
      ^bb0(%kvb: i32, %cb: i32):
        // The block to prefetch: the next KV block of this sequence, else
        // block 0 of the next sequence (when this one ends in this q
        // block), wrapping to the next heads block after the last sequence.
        %kv_next = arith.addi %kvb, %c1_i32 : i32
        %kv_next_at = arith.muli %kv_next, %c32_i32 : i32
        %last_kv = arith.cmpi sge, %kv_next_at, %kv_len : i32
        %next_kv = arith.select %last_kv, %c0_i32, %kv_next : i32
        %ends_here = arith.cmpi sle, %q_end, %q_len_end : i32
        %seq_after = arith.select %ends_here, %seq1, %seq : i32
        %next_seq0 = arith.select %last_kv, %seq_after, %seq : i32
        %last_seq = arith.cmpi eq, %next_seq0, %num_seqs : i32
        %next_seq = arith.select %last_seq, %c0_i32, %next_seq0 : i32
        %hb1 = arith.addi %hb, %c1_i32 : i32
        %next_hb = arith.select %last_seq, %hb1, %hb : i32
        %slot0 = arith.cmpi eq, %cb, %c0_i32 : i32
        %next_buf = arith.select %slot0, %c1_i32, %c0_i32 : i32
        %has_next = arith.cmpi slt, %next_hb, %num_heads_blks : i32
        scf.if %has_next {
          %next_bufx = arith.index_cast %next_buf : i32 to index
          // Pages 2 * kv_blk and 2 * kv_blk + 1 of the sequence (an entry past its
          // pages falls back to entry 0) into the 2 pages of the slot, the 4
          // combined heads of the heads block, one semaphore per slot.
          %n_seqx = arith.index_cast %next_seq : i32 to index
          %n_kvl = pallas.load %kv_lens[%n_seqx] : memref<2xi32> -> i32
          %n_kvl_up = arith.addi %n_kvl, %c15_i32 : i32
          %n_pages = arith.divsi %n_kvl_up, %c16_i32 : i32
          %n_end = arith.minsi %c4_i32, %n_pages : i32
          %n_first = arith.muli %next_kv, %c2_i32 : i32
          %n_in0 = arith.cmpi slt, %n_first, %n_end : i32
          %n_p0 = arith.select %n_in0, %n_first, %c0_i32 : i32
          %n_second = arith.addi %n_first, %c1_i32 : i32
          %n_in1 = arith.cmpi slt, %n_second, %n_end : i32
          %n_p1 = arith.select %n_in1, %n_second, %c0_i32 : i32
          %n_p0x = arith.index_cast %n_p0 : i32 to index
          %n_p1x = arith.index_cast %n_p1 : i32 to index
          %n_pg0 = pallas.load %page_indices[%n_seqx, %n_p0x] : memref<2x4xi32> -> i32
          %n_pg1 = pallas.load %page_indices[%n_seqx, %n_p1x] : memref<2x4xi32> -> i32
          %n_g0 = arith.index_cast %n_pg0 : i32 to index
          %n_g1 = arith.index_cast %n_pg1 : i32 to index
          %n_hs = arith.muli %next_hb, %c4_i32 : i32
          %n_hsx = arith.index_cast %n_hs : i32 to index
          %n_heads = memref.subview %kv_pages[0, 0, %n_hsx, 0] [8, 16, 4, 128] [1, 1, 1, 1] : !hbm_kv to !hbm_heads
          %n_slot = memref.subview %kv_bufs[%next_bufx, 0, 0, 0, 0] [1, 2, 16, 4, 128] [1, 1, 1, 1, 1] : !vmem_bufs to !vmem_buf
          %n_src0 = memref.subview %n_heads[%n_g0, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !hbm_heads to !hbm_page
          %n_dst0 = memref.subview %n_slot[0, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !vmem_buf to !vmem_page
          pallas.dma_start %n_src0 -> %n_dst0, %sems[%next_bufx] : !hbm_page -> !vmem_page, !sems
          %n_src1 = memref.subview %n_heads[%n_g1, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !hbm_heads to !hbm_page
          %n_dst1 = memref.subview %n_slot[1, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !vmem_buf to !vmem_page
          pallas.dma_start %n_src1 -> %n_dst1, %sems[%next_bufx] : !hbm_page -> !vmem_page, !sems
        }

        // Wait for this block's pages.
        %cbx = arith.index_cast %cb : i32 to index
        // Pages 2 * kv_blk and 2 * kv_blk + 1 of the sequence (an entry past its
        // pages falls back to entry 0) into the 2 pages of the slot, the 4
        // combined heads of the heads block, one semaphore per slot.
        %w_seqx = arith.index_cast %seq : i32 to index
        %w_kvl = pallas.load %kv_lens[%w_seqx] : memref<2xi32> -> i32
        %w_kvl_up = arith.addi %w_kvl, %c15_i32 : i32
        %w_pages = arith.divsi %w_kvl_up, %c16_i32 : i32
        %w_end = arith.minsi %c4_i32, %w_pages : i32
        %w_first = arith.muli %kvb, %c2_i32 : i32
        %w_in0 = arith.cmpi slt, %w_first, %w_end : i32
        %w_p0 = arith.select %w_in0, %w_first, %c0_i32 : i32
        %w_second = arith.addi %w_first, %c1_i32 : i32
        %w_in1 = arith.cmpi slt, %w_second, %w_end : i32
        %w_p1 = arith.select %w_in1, %w_second, %c0_i32 : i32
        %w_p0x = arith.index_cast %w_p0 : i32 to index
        %w_p1x = arith.index_cast %w_p1 : i32 to index
        %w_pg0 = pallas.load %page_indices[%w_seqx, %w_p0x] : memref<2x4xi32> -> i32
        %w_pg1 = pallas.load %page_indices[%w_seqx, %w_p1x] : memref<2x4xi32> -> i32
        %w_g0 = arith.index_cast %w_pg0 : i32 to index
        %w_g1 = arith.index_cast %w_pg1 : i32 to index
        %w_hs = arith.muli %hb, %c4_i32 : i32
        %w_hsx = arith.index_cast %w_hs : i32 to index
        %w_heads = memref.subview %kv_pages[0, 0, %w_hsx, 0] [8, 16, 4, 128] [1, 1, 1, 1] : !hbm_kv to !hbm_heads
        %w_slot = memref.subview %kv_bufs[%cbx, 0, 0, 0, 0] [1, 2, 16, 4, 128] [1, 1, 1, 1, 1] : !vmem_bufs to !vmem_buf
        %w_src0 = memref.subview %w_heads[%w_g0, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !hbm_heads to !hbm_page
        %w_dst0 = memref.subview %w_slot[0, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_wait %w_src0 -> %w_dst0, %sems[%cbx] : !hbm_page -> !vmem_page, !sems
        %w_src1 = memref.subview %w_heads[%w_g1, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !hbm_heads to !hbm_page
        %w_dst1 = memref.subview %w_slot[1, 0, 0, 0] [1, 16, 4, 128] [1, 1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_wait %w_src1 -> %w_dst1, %sems[%cbx] : !hbm_page -> !vmem_page, !sems
        // The waited slot as (token, combined head) rows of head_dim.
        %kv_rows = pallas.ref_reshape %w_slot : !vmem_buf -> !kv_rows

        %kv_start = arith.muli %kvb, %c32_i32 : i32
        %kv_start_v = vector.broadcast %kv_start : i32 to vector<16x32xi32>
        %kv_first = arith.cmpi eq, %kvb, %c0_i32 : i32
        // Query token t of the block is token q_len_start + t of the batch,
        // position kv_len - q_len + (q_len_start + t - q_start) of its
        // sequence; it sees the KV tokens up to that position.
        %ctx = arith.subi %kv_len, %q_len : i32
        %ctx1 = arith.addi %ctx, %q_len_start : i32
        %row_base = arith.subi %ctx1, %q_start : i32
        %row_base_v = vector.broadcast %row_base : i32 to vector<16x32xi32>
        // This q block's tokens of the sequence: store_start..store_end.
        %rel_start = arith.subi %q_start, %q_len_start : i32
        %store_start = arith.maxsi %rel_start, %c0_i32 : i32
        %rel_end = arith.subi %q_end, %q_len_start : i32
        %store_end = arith.minsi %rel_end, %c8_i32 : i32
        %store_start_lm = vector.broadcast %store_start : i32 to vector<16x128xi32>
        %store_end_lm = vector.broadcast %store_end : i32 to vector<16x128xi32>
        %store_start_acc = vector.broadcast %store_start : i32 to vector<8x2x128xi32>
        %store_end_acc = vector.broadcast %store_end : i32 to vector<8x2x128xi32>

        // KV head 0 (q heads 0, 1).
        // Words h::2 of the u32 view: K and V of head h for every token.
        %h0_words = pallas.ref_bitcast %kv_rows : !kv_rows -> !kv_words
        %h0_kvw = pallas.load %h0_words[0:32:2, 0:128] : !kv_words -> vector<32x128xi32>
        %h0_kbits = arith.shli %h0_kvw, %shift16 : vector<32x128xi32>
        %h0_vbits = arith.andi %h0_kvw, %high16 : vector<32x128xi32>
        %h0_kf = pallas.bitcast %h0_kbits : vector<32x128xi32> -> vector<32x128xf32>
        %h0_kraw = arith.truncf %h0_kf : vector<32x128xf32> to vector<32x128xbf16>
        %h0_vf = pallas.bitcast %h0_vbits : vector<32x128xi32> -> vector<32x128xf32>
        %h0_vraw = arith.truncf %h0_vf : vector<32x128xf32> to vector<32x128xbf16>
        %h0_q3 = pallas.load %q[0:8, 0:2, 0:128] : memref<8x4x128xbf16> -> vector<8x2x128xbf16>
        %h0_q = vector.shape_cast %h0_q3 : vector<8x2x128xbf16> to vector<16x128xbf16>

        // Rows past the sequence's KV length are zeroed (they feed the
        // contraction and may hold NaNs).
        %h0_kvrow = pallas.iota dim 0 : vector<32x128xi32>
        %h0_kvleft = arith.subi %kv_len, %kv_start : i32
        %h0_kvleftv = vector.broadcast %h0_kvleft : i32 to vector<32x128xi32>
        %h0_kvmask = arith.cmpi slt, %h0_kvrow, %h0_kvleftv : vector<32x128xi32>
        %h0_k32 = arith.extf %h0_kraw : vector<32x128xbf16> to vector<32x128xf32>
        %h0_kz = arith.select %h0_kvmask, %h0_k32, %zero_kv : vector<32x128xi1>, vector<32x128xf32>
        %h0_k = arith.truncf %h0_kz : vector<32x128xf32> to vector<32x128xbf16>
        %h0_v32 = arith.extf %h0_vraw : vector<32x128xbf16> to vector<32x128xf32>
        %h0_vz = arith.select %h0_kvmask, %h0_v32, %zero_kv : vector<32x128xi1>, vector<32x128xf32>
        %h0_v = arith.truncf %h0_vz : vector<32x128xf32> to vector<32x128xbf16>
        %h0_qk0 = pallas.named_scope "nd,md->nm" -> vector<16x32xf32> {
          %p = pallas.dot %h0_q, %h0_k {transpose_rhs} : vector<16x128xbf16>, vector<32x128xbf16> -> vector<16x32xf32>
          pallas.yield %p : vector<16x32xf32>
        }
        %h0_qk1 = arith.mulf %h0_qk0, %sm_scale : vector<16x32xf32>

        // Causal mask: row r is query token r / 2 of the block (2 q heads per
        // kv head; the iota is non-negative, so divsi is the floor division).
        %h0_ri = pallas.iota dim 0 : vector<16x32xi32>
        %h0_rq = arith.divsi %h0_ri, %two_16x32 : vector<16x32xi32>
        %h0_row = arith.addi %row_base_v, %h0_rq : vector<16x32xi32>
        %h0_ci = pallas.iota dim 1 : vector<16x32xi32>
        %h0_col = arith.addi %kv_start_v, %h0_ci : vector<16x32xi32>
        %h0_causal = arith.cmpi slt, %h0_row, %h0_col : vector<16x32xi32>
        %h0_bias = arith.select %h0_causal, %masked, %zero_qk : vector<16x32xi1>, vector<16x32xf32>
        %h0_qk = arith.addf %h0_qk1, %h0_bias : vector<16x32xf32>
        %h0_mc = vector.multi_reduction <maximumf>, %h0_qk, %ninf16 [1] : vector<16x32xf32> to vector<16xf32>
        %h0_mcol = vector.shape_cast %h0_mc : vector<16xf32> to vector<16x1xf32>
        %h0_mb = vector.broadcast %h0_mcol : vector<16x1xf32> to vector<16x32xf32>
        %h0_sh = arith.subf %h0_qk, %h0_mb : vector<16x32xf32>
        %h0_s = math.exp %h0_sh : vector<16x32xf32>
        %h0_qkv = pallas.dot %h0_s, %h0_v : vector<16x32xf32>, vector<32x128xbf16> -> vector<16x128xf32>
        %h0_m_curr = vector.broadcast %h0_mcol : vector<16x1xf32> to vector<16x128xf32>
        %h0_rs = vector.multi_reduction <add>, %h0_s, %zero16 [1] : vector<16x32xf32> to vector<16xf32>
        %h0_rscol = vector.shape_cast %h0_rs : vector<16xf32> to vector<16x1xf32>
        %h0_l_curr = vector.broadcast %h0_rscol : vector<16x1xf32> to vector<16x128xf32>

        // Running max / sum / accumulator of this kv head; the first KV block
        // of a sequence starts them afresh instead of reading them.
        %h0_m_old = pallas.load %m[0, 0:16, 0:128] : !lm -> vector<16x128xf32>
        %h0_m_prev = arith.select %kv_first, %ninf_lm, %h0_m_old : vector<16x128xf32>
        %h0_l_old = pallas.load %l[0, 0:16, 0:128] : !lm -> vector<16x128xf32>
        %h0_l_prev = arith.select %kv_first, %zero_lm, %h0_l_old : vector<16x128xf32>
        %h0_m_next = arith.maximumf %h0_m_prev, %h0_m_curr : vector<16x128xf32>
        %h0_mrow = pallas.iota dim 0 : vector<16x128xi32>
        %h0_mtok = arith.divsi %h0_mrow, %two_lm : vector<16x128xi32>
        %h0_mge = arith.cmpi sge, %h0_mtok, %store_start_lm : vector<16x128xi32>
        %h0_mlt = arith.cmpi slt, %h0_mtok, %store_end_lm : vector<16x128xi32>
        %h0_m_mask = arith.andi %h0_mge, %h0_mlt : vector<16x128xi1>
        pallas.store %h0_m_next, %m[0, 0:16, 0:128] mask(%h0_m_mask : vector<16x128xi1>) : vector<16x128xf32>, !lm
        %h0_dp = arith.subf %h0_m_prev, %h0_m_next : vector<16x128xf32>
        %h0_alpha = math.exp %h0_dp : vector<16x128xf32>
        %h0_dc = arith.subf %h0_m_curr, %h0_m_next : vector<16x128xf32>
        %h0_beta = math.exp %h0_dc : vector<16x128xf32>
        %h0_l_alpha = arith.mulf %h0_alpha, %h0_l_prev : vector<16x128xf32>
        %h0_l_new = arith.mulf %h0_beta, %h0_l_curr : vector<16x128xf32>
        %h0_l_next = arith.addf %h0_l_alpha, %h0_l_new : vector<16x128xf32>
        %h0_l_zero = arith.cmpf oeq, %h0_l_next, %zero_lm : vector<16x128xf32>
        %h0_l_safe = arith.select %h0_l_zero, %one_lm, %h0_l_next : vector<16x128xi1>, vector<16x128xf32>
        %h0_lrow = pallas.iota dim 0 : vector<16x128xi32>
        %h0_ltok = arith.divsi %h0_lrow, %two_lm : vector<16x128xi32>
        %h0_lge = arith.cmpi sge, %h0_ltok, %store_start_lm : vector<16x128xi32>
        %h0_llt = arith.cmpi slt, %h0_ltok, %store_end_lm : vector<16x128xi32>
        %h0_l_mask = arith.andi %h0_lge, %h0_llt : vector<16x128xi1>
        pallas.store %h0_l_safe, %l[0, 0:16, 0:128] mask(%h0_l_mask : vector<16x128xi1>) : vector<16x128xf32>, !lm
        %h0_acc_old = pallas.load %acc[0:8, 0:2, 0:128] : !acc -> vector<8x2x128xf32>
        %h0_acc_prev = arith.select %kv_first, %zero_acc, %h0_acc_old : vector<8x2x128xf32>
        %h0_o_curr = vector.shape_cast %h0_acc_prev : vector<8x2x128xf32> to vector<16x128xf32>
        %h0_o_old = arith.mulf %h0_l_alpha, %h0_o_curr : vector<16x128xf32>
        %h0_o_new = arith.mulf %h0_beta, %h0_qkv : vector<16x128xf32>
        %h0_o_sum = arith.addf %h0_o_old, %h0_o_new : vector<16x128xf32>
        %h0_out = arith.divf %h0_o_sum, %h0_l_safe : vector<16x128xf32>
        %h0_out3 = vector.shape_cast %h0_out : vector<16x128xf32> to vector<8x2x128xf32>
        %h0_arow = pallas.iota dim 0 : vector<8x2x128xi32>
        %h0_age = arith.cmpi sge, %h0_arow, %store_start_acc : vector<8x2x128xi32>
        %h0_alt = arith.cmpi slt, %h0_arow, %store_end_acc : vector<8x2x128xi32>
        %h0_acc_mask = arith.andi %h0_age, %h0_alt : vector<8x2x128xi1>
        pallas.store %h0_out3, %acc[0:8, 0:2, 0:128] mask(%h0_acc_mask : vector<8x2x128xi1>) : vector<8x2x128xf32>, !acc

        // KV head 1 (q heads 2, 3).
        // Words h::2 of the u32 view: K and V of head h for every token.
        %h1_words = pallas.ref_bitcast %kv_rows : !kv_rows -> !kv_words
        %h1_kvw = pallas.load %h1_words[1:32:2, 0:128] : !kv_words -> vector<32x128xi32>
        %h1_kbits = arith.shli %h1_kvw, %shift16 : vector<32x128xi32>
        %h1_vbits = arith.andi %h1_kvw, %high16 : vector<32x128xi32>
        %h1_kf = pallas.bitcast %h1_kbits : vector<32x128xi32> -> vector<32x128xf32>
        %h1_kraw = arith.truncf %h1_kf : vector<32x128xf32> to vector<32x128xbf16>
        %h1_vf = pallas.bitcast %h1_vbits : vector<32x128xi32> -> vector<32x128xf32>
        %h1_vraw = arith.truncf %h1_vf : vector<32x128xf32> to vector<32x128xbf16>
        %h1_q3 = pallas.load %q[0:8, 2:2, 0:128] : memref<8x4x128xbf16> -> vector<8x2x128xbf16>
        %h1_q = vector.shape_cast %h1_q3 : vector<8x2x128xbf16> to vector<16x128xbf16>

        // Rows past the sequence's KV length are zeroed (they feed the
        // contraction and may hold NaNs).
        %h1_kvrow = pallas.iota dim 0 : vector<32x128xi32>
        %h1_kvleft = arith.subi %kv_len, %kv_start : i32
        %h1_kvleftv = vector.broadcast %h1_kvleft : i32 to vector<32x128xi32>
        %h1_kvmask = arith.cmpi slt, %h1_kvrow, %h1_kvleftv : vector<32x128xi32>
        %h1_k32 = arith.extf %h1_kraw : vector<32x128xbf16> to vector<32x128xf32>
        %h1_kz = arith.select %h1_kvmask, %h1_k32, %zero_kv : vector<32x128xi1>, vector<32x128xf32>
        %h1_k = arith.truncf %h1_kz : vector<32x128xf32> to vector<32x128xbf16>
        %h1_v32 = arith.extf %h1_vraw : vector<32x128xbf16> to vector<32x128xf32>
        %h1_vz = arith.select %h1_kvmask, %h1_v32, %zero_kv : vector<32x128xi1>, vector<32x128xf32>
        %h1_v = arith.truncf %h1_vz : vector<32x128xf32> to vector<32x128xbf16>
        %h1_qk0 = pallas.named_scope "nd,md->nm" -> vector<16x32xf32> {
          %p = pallas.dot %h1_q, %h1_k {transpose_rhs} : vector<16x128xbf16>, vector<32x128xbf16> -> vector<16x32xf32>
          pallas.yield %p : vector<16x32xf32>
        }
        %h1_qk1 = arith.mulf %h1_qk0, %sm_scale : vector<16x32xf32>

        // Causal mask: row r is query token r / 2 of the block (2 q heads per
        // kv head; the iota is non-negative, so divsi is the floor division).
        %h1_ri = pallas.iota dim 0 : vector<16x32xi32>
        %h1_rq = arith.divsi %h1_ri, %two_16x32 : vector<16x32xi32>
        %h1_row = arith.addi %row_base_v, %h1_rq : vector<16x32xi32>
        %h1_ci = pallas.iota dim 1 : vector<16x32xi32>
        %h1_col = arith.addi %kv_start_v, %h1_ci : vector<16x32xi32>
        %h1_causal = arith.cmpi slt, %h1_row, %h1_col : vector<16x32xi32>
        %h1_bias = arith.select %h1_causal, %masked, %zero_qk : vector<16x32xi1>, vector<16x32xf32>
        %h1_qk = arith.addf %h1_qk1, %h1_bias : vector<16x32xf32>
        %h1_mc = vector.multi_reduction <maximumf>, %h1_qk, %ninf16 [1] : vector<16x32xf32> to vector<16xf32>
        %h1_mcol = vector.shape_cast %h1_mc : vector<16xf32> to vector<16x1xf32>
        %h1_mb = vector.broadcast %h1_mcol : vector<16x1xf32> to vector<16x32xf32>
        %h1_sh = arith.subf %h1_qk, %h1_mb : vector<16x32xf32>
        %h1_s = math.exp %h1_sh : vector<16x32xf32>
        %h1_qkv = pallas.dot %h1_s, %h1_v : vector<16x32xf32>, vector<32x128xbf16> -> vector<16x128xf32>
        %h1_m_curr = vector.broadcast %h1_mcol : vector<16x1xf32> to vector<16x128xf32>
        %h1_rs = vector.multi_reduction <add>, %h1_s, %zero16 [1] : vector<16x32xf32> to vector<16xf32>
        %h1_rscol = vector.shape_cast %h1_rs : vector<16xf32> to vector<16x1xf32>
        %h1_l_curr = vector.broadcast %h1_rscol : vector<16x1xf32> to vector<16x128xf32>

        // Running max / sum / accumulator of this kv head; the first KV block
        // of a sequence starts them afresh instead of reading them.
        %h1_m_old = pallas.load %m[1, 0:16, 0:128] : !lm -> vector<16x128xf32>
        %h1_m_prev = arith.select %kv_first, %ninf_lm, %h1_m_old : vector<16x128xf32>
        %h1_l_old = pallas.load %l[1, 0:16, 0:128] : !lm -> vector<16x128xf32>
        %h1_l_prev = arith.select %kv_first, %zero_lm, %h1_l_old : vector<16x128xf32>
        %h1_m_next = arith.maximumf %h1_m_prev, %h1_m_curr : vector<16x128xf32>
        %h1_mrow = pallas.iota dim 0 : vector<16x128xi32>
        %h1_mtok = arith.divsi %h1_mrow, %two_lm : vector<16x128xi32>
        %h1_mge = arith.cmpi sge, %h1_mtok, %store_start_lm : vector<16x128xi32>
        %h1_mlt = arith.cmpi slt, %h1_mtok, %store_end_lm : vector<16x128xi32>
        %h1_m_mask = arith.andi %h1_mge, %h1_mlt : vector<16x128xi1>
        pallas.store %h1_m_next, %m[1, 0:16, 0:128] mask(%h1_m_mask : vector<16x128xi1>) : vector<16x128xf32>, !lm
        %h1_dp = arith.subf %h1_m_prev, %h1_m_next : vector<16x128xf32>
        %h1_alpha = math.exp %h1_dp : vector<16x128xf32>
        %h1_dc = arith.subf %h1_m_curr, %h1_m_next : vector<16x128xf32>
        %h1_beta = math.exp %h1_dc : vector<16x128xf32>
        %h1_l_alpha = arith.mulf %h1_alpha, %h1_l_prev : vector<16x128xf32>
        %h1_l_new = arith.mulf %h1_beta, %h1_l_curr : vector<16x128xf32>
        %h1_l_next = arith.addf %h1_l_alpha, %h1_l_new : vector<16x128xf32>
        %h1_l_zero = arith.cmpf oeq, %h1_l_next, %zero_lm : vector<16x128xf32>
        %h1_l_safe = arith.select %h1_l_zero, %one_lm, %h1_l_next : vector<16x128xi1>, vector<16x128xf32>
        %h1_lrow = pallas.iota dim 0 : vector<16x128xi32>
        %h1_ltok = arith.divsi %h1_lrow, %two_lm : vector<16x128xi32>
        %h1_lge = arith.cmpi sge, %h1_ltok, %store_start_lm : vector<16x128xi32>
        %h1_llt = arith.cmpi slt, %h1_ltok, %store_end_lm : vector<16x128xi32>
        %h1_l_mask = arith.andi %h1_lge, %h1_llt : vector<16x128xi1>
        pallas.store %h1_l_safe, %l[1, 0:16, 0:128] mask(%h1_l_mask : vector<16x128xi1>) : vector<16x128xf32>, !lm
        %h1_acc_old = pallas.load %acc[0:8, 2:2, 0:128] : !acc -> vector<8x2x128xf32>
        %h1_acc_prev = arith.select %kv_first, %zero_acc, %h1_acc_old : vector<8x2x128xf32>
        %h1_o_curr = vector.shape_cast %h1_acc_prev : vector<8x2x128xf32> to vector<16x128xf32>
        %h1_o_old = arith.mulf %h1_l_alpha, %h1_o_curr : vector<16x128xf32>
        %h1_o_new = arith.mulf %h1_beta, %h1_qkv : vector<16x128xf32>
        %h1_o_sum = arith.addf %h1_o_old, %h1_o_new : vector<16x128xf32>
        %h1_out = arith.divf %h1_o_sum, %h1_l_safe : vector<16x128xf32>
        %h1_out3 = vector.shape_cast %h1_out : vector<16x128xf32> to vector<8x2x128xf32>
        %h1_arow = pallas.iota dim 0 : vector<8x2x128xi32>
        %h1_age = arith.cmpi sge, %h1_arow, %store_start_acc : vector<8x2x128xi32>
        %h1_alt = arith.cmpi slt, %h1_arow, %store_end_acc : vector<8x2x128xi32>
        %h1_acc_mask = arith.andi %h1_age, %h1_alt : vector<8x2x128xi1>
        pallas.store %h1_out3, %acc[0:8, 2:2, 0:128] mask(%h1_acc_mask : vector<8x2x128xi1>) : vector<8x2x128xf32>, !acc
        scf.yield %kv_next, %next_buf : i32, i32
      }
      // Go on with the next sequence when this one ends in this q block;
      // stop when it goes on into the next q block.
      %ends = arith.cmpi sle, %q_end, %q_len_end : i32
      %nseq = arith.select %ends, %seq1, %seq : i32
      %inside = arith.cmpi slt, %q_end, %q_len_end : i32
      %ndone = arith.select %inside, %done, %c1_i32 : i32
      scf.yield %ndone, %nseq, %kv#1 : i32, i32, i32
    }
    // Where the next q block starts (back to sequence 0 after the last).
    %seq_valid = arith.cmpi slt, %res#1, %num_seqs : i32
    %seq_keep = arith.select %seq_valid, %res#1, %c0_i32 : i32
    pallas.store %seq_keep, %seq_buf_idx[%c0] : i32, memref<2xi32>
    pallas.store %res#2, %seq_buf_idx[%c1] : i32, memref<2xi32>
    %accv = pallas.load %acc[] : !acc -> vector<8x4x128xf32>
    %ov = arith.truncf %accv : vector<8x4x128xf32> to vector<8x4x128xbf16>
    pallas.store %ov, %o[] : vector<8x4x128xbf16>, memref<8x4x128xbf16>
  }
}

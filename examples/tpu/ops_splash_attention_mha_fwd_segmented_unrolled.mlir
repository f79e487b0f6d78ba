// Splash attention forward, MHA, causal mask computed in the kernel and
// segment ids, kv blocks split into compute steps
// (jax.experimental.pallas.ops.tpu.splash_attention: make_splash_mha with a
// CausalMask, called with SegmentIds; flash_attention_kernel with
// block_kv = 256, block_kv_compute = 128). Grid (head, q block, kv block)
// = (2, 4, 2) over 2 heads, q/kv sequence 512, head dim 128; q blocks of
// 128 rows, k and v blocks of 256 rows; online softmax with m, l and o
// accumulators that splash passes as outputs with a constant (0, 0) block.
//
// Scalar prefetch (one head of the mask info: both heads share the mask):
// block_mask says whether block (i, j) has anything visible, data_next which
// kv block to fetch for it (the k, v and kv segment id index maps read it).
// Each kv block is processed in two 128-column steps, splash's
// `fori_loop(0, 2, body, None, unroll=True)`: an scf.for marked
// {pallas.unroll}. Each step masks by the causal rule (q_sequence >= iota +
// kv offset) and by segment ids (q ids, 128 lanes wide, == the step's 128
// kv ids from the first sublane of the (8, 256) kv id block).
// Mirrors `ops_splash_attention_mha_fwd_segmented_unrolled` in
// scripts/jax/public/splash_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_splash_attention_mha_fwd_segmented_unrolled.mlir.
module {
  // k and v: block (head, data_next[0, i, j], 0).
  pallas.index_map @kv_map(%h: i32, %i: i32, %j: i32, %data_next: memref<1x4x2xi8>, %block_mask: memref<1x4x2xi8>) -> (i32, i32, i32) {
    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %n8 = pallas.load %data_next[%c0, %ii, %jj] : memref<1x4x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %h, %next, %z : i32, i32, i32
  }

  // kv segment ids: block (0, data_next[0, i, j]).
  pallas.index_map @kv_ids_map(%h: i32, %i: i32, %j: i32, %data_next: memref<1x4x2xi8>, %block_mask: memref<1x4x2xi8>) -> (i32, i32) {
    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %n8 = pallas.load %data_next[%c0, %ii, %jj] : memref<1x4x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %z, %next : i32, i32
  }

  pallas.kernel @ops_splash_attention_mha_fwd_segmented_unrolled grid(2, 4, 2) semantics(parallel, arbitrary, arbitrary)
      prefetch(%data_next: memref<1x4x2xi8>, %block_mask: memref<1x4x2xi8>)
      ins(%q: memref<2x512x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>,
          %k: memref<2x512x128xf32> block [squeezed, 256, 128] map @kv_map,
          %v: memref<2x512x128xf32> block [squeezed, 256, 128] map @kv_map,
          %q_ids: memref<512x128xi32> block [128, 128] map affine_map<(h, i, j) -> (i, 0)>,
          %kv_ids: memref<8x512xi32> block [8, 256] map @kv_ids_map,
          %q_seq: memref<512x128xi32> block [128, 128] map affine_map<(h, i, j) -> (i, 0)>)
      outs(%m_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %l_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %o_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %o: memref<2x512x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>) {
    %i = pallas.program_id 1
    %j = pallas.program_id 2
    %c0i = arith.constant 0 : i32
    %mask_value = arith.constant dense<-2.38197633E+38> : vector<128x128xf32>
    %zeros = arith.constant dense<0.0> : vector<128x128xf32>

    %first = arith.cmpi eq, %j, %c0i : i32
    scf.if %first {
      pallas.store %zeros, %o_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %mask_value, %m_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %l_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %bm8 = pallas.load %block_mask[%c0, %ii, %jj] : memref<1x4x2xi8> -> i8
    %bm = arith.extsi %bm8 : i8 to i32
    %should_run = arith.cmpi sgt, %bm, %c0i : i32
    %dn8 = pallas.load %data_next[%c0, %ii, %jj] : memref<1x4x2xi8> -> i8
    %kv_block = arith.extsi %dn8 : i8 to i32

    scf.if %should_run {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c128x = arith.constant 128 : index
      %c128 = arith.constant 128 : i32
      %c256 = arith.constant 256 : i32
      %kv_base = arith.muli %kv_block, %c256 : i32
      scf.for %step = %c0 to %c2 step %c1 {
        %col = arith.muli %step, %c128x : index
        %col_i = arith.index_cast %col : index to i32
        %m_prev = pallas.load %m_sc[] : memref<128x128xf32> -> vector<128x128xf32>
        %l_prev = pallas.load %l_sc[] : memref<128x128xf32> -> vector<128x128xf32>
        %qv = pallas.load %q[] : memref<128x128xf32> -> vector<128x128xf32>
        %kb = pallas.load %k[%col:128, 0:128] : memref<256x128xf32> -> vector<128x128xf32>
        %qk = pallas.dot %qv, %kb {transpose_rhs} : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>

        // Causal: q position >= kv position.
        %k_offset = arith.addi %kv_base, %col_i : i32
        %lane = pallas.iota dim 1 : vector<128x128xi32>
        %k_off_b = vector.broadcast %k_offset : i32 to vector<128x128xi32>
        %k_pos = arith.addi %k_off_b, %lane : vector<128x128xi32>
        %q_pos = pallas.load %q_seq[] : memref<128x128xi32> -> vector<128x128xi32>
        %causal = arith.cmpi sge, %q_pos, %k_pos : vector<128x128xi32>
        // Same segment.
        %kv_row = pallas.load %kv_ids[0:1, %col:128] : memref<8x256xi32> -> vector<1x128xi32>
        %q_id = pallas.load %q_ids[] : memref<128x128xi32> -> vector<128x128xi32>
        %kv_id = vector.broadcast %kv_row : vector<1x128xi32> to vector<128x128xi32>
        %same = arith.cmpi eq, %q_id, %kv_id : vector<128x128xi32>
        %visible = arith.andi %causal, %same : vector<128x128xi1>
        %logits = arith.select %visible, %qk, %mask_value : vector<128x128xi1>, vector<128x128xf32>

        %ninf = arith.constant dense<0xFF800000> : vector<128xf32>
        %m_row = vector.multi_reduction <maximumf>, %logits, %ninf [1] : vector<128x128xf32> to vector<128xf32>
        %m_col = vector.shape_cast %m_row : vector<128xf32> to vector<128x1xf32>
        %m_curr = vector.broadcast %m_col : vector<128x1xf32> to vector<128x128xf32>
        %m_next = arith.maximumf %m_prev, %m_curr : vector<128x128xf32>
        %shifted = arith.subf %logits, %m_next : vector<128x128xf32>
        %s_curr = math.exp %shifted : vector<128x128xf32>
        %z1 = arith.constant dense<0.0> : vector<128xf32>
        %l_row = vector.multi_reduction <add>, %s_curr, %z1 [1] : vector<128x128xf32> to vector<128xf32>
        %l_col = vector.shape_cast %l_row : vector<128xf32> to vector<128x1xf32>
        %l_curr = vector.broadcast %l_col : vector<128x1xf32> to vector<128x128xf32>
        %dm = arith.subf %m_prev, %m_next : vector<128x128xf32>
        %alpha = math.exp %dm : vector<128x128xf32>
        %al = arith.mulf %alpha, %l_prev : vector<128x128xf32>
        %l_next = arith.addf %l_curr, %al : vector<128x128xf32>
        pallas.store %m_next, %m_sc[] : vector<128x128xf32>, memref<128x128xf32>
        pallas.store %l_next, %l_sc[] : vector<128x128xf32>, memref<128x128xf32>

        %vb = pallas.load %v[%col:128, 0:128] : memref<256x128xf32> -> vector<128x128xf32>
        %o_curr = pallas.dot %s_curr, %vb : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
        %o_prev = pallas.load %o_sc[] : memref<128x128xf32> -> vector<128x128xf32>
        %o_scaled = arith.mulf %alpha, %o_prev : vector<128x128xf32>
        %o_next = arith.addf %o_scaled, %o_curr : vector<128x128xf32>
        pallas.store %o_next, %o_sc[] : vector<128x128xf32>, memref<128x128xf32>
      } {pallas.unroll}
    }

    // Last kv block (grid width 2): normalise, write the output block and
    // reset the accumulators.
    %c1i = arith.constant 1 : i32
    %last = arith.cmpi eq, %j, %c1i : i32
    scf.if %last {
      %l = pallas.load %l_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %one = arith.constant dense<1.0> : vector<128x128xf32>
      %l_inv = arith.divf %one, %l : vector<128x128xf32>
      %acc = pallas.load %o_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %out = arith.mulf %acc, %l_inv : vector<128x128xf32>
      pallas.store %out, %o[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %m_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %l_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %o_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

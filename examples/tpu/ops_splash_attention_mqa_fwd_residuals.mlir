// Splash attention forward, MQA, causal mask given as a NumPy array, with
// the logsumexp residual (jax.experimental.pallas.ops.tpu.splash_attention:
// make_splash_mqa(save_residuals=True) with a boolean (2, 256, 256) mask,
// flash_attention_kernel). Grid (head, q block, kv block) over 2 query heads
// sharing one k/v head, q/kv sequence 256, head dim 128, 128 x 128 blocks;
// online softmax with m, l and o accumulators that splash passes as outputs
// with a constant (0, 0) block.
//
// The mask is stored by blocks. Scalar prefetch (one head of it: both heads
// share the mask): block_mask[0, i, j] is 0 (nothing visible: skip the
// compute), 1 (partial) or 2 (all visible); data_next[0, i, j] the kv block
// to fetch; mask_next[0, i, j] which of the distinct partial blocks
// (partial_mask_blocks, bool, here only the lower triangle) to fetch. A
// block whose block_mask is not 1 ignores the partial block (mask | true).
//
// At the last kv block the output is normalised and logsumexp = log(l) + m
// is written, 128 lanes wide.
//
// block_kv_compute == block_kv, so splash's fori_loop(..., unroll=True) over
// compute blocks has one iteration (compute index 0): its body is written
// once, as JAX emits it.
// Mirrors `ops_splash_attention_mqa_fwd_residuals` in
// scripts/jax/public/splash_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_splash_attention_mqa_fwd_residuals.mlir.
module {
  // k and v (no head dim in MQA): block (data_next[0, i, j], 0).
  pallas.index_map @kv_map(%h: i32, %i: i32, %j: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>, %mask_next: memref<1x2x2xi8>) -> (i32, i32) {
    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %n8 = pallas.load %data_next[%c0, %ii, %jj] : memref<1x2x2xi8> -> i8
    %next = arith.extsi %n8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %next, %z : i32, i32
  }

  // The partial mask block: mask_next[0, i, j].
  pallas.index_map @mask_map(%h: i32, %i: i32, %j: i32, %data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>, %mask_next: memref<1x2x2xi8>) -> (i32, i32, i32) {
    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %m8 = pallas.load %mask_next[%c0, %ii, %jj] : memref<1x2x2xi8> -> i8
    %m = arith.extsi %m8 : i8 to i32
    %z = arith.constant 0 : i32
    pallas.yield %m, %z, %z : i32, i32, i32
  }

  pallas.kernel @ops_splash_attention_mqa_fwd_residuals grid(2, 2, 2) semantics(parallel, arbitrary, arbitrary)
      prefetch(%data_next: memref<1x2x2xi8>, %block_mask: memref<1x2x2xi8>, %mask_next: memref<1x2x2xi8>)
      ins(%q: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>,
          %k: memref<256x128xf32> block [128, 128] map @kv_map,
          %v: memref<256x128xf32> block [128, 128] map @kv_map,
          %partial: memref<1x128x128xi1> block [squeezed, 128, 128] map @mask_map)
      outs(%m_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %l_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %o_sc: memref<128x128xf32> block [128, 128] map affine_map<(h, i, j) -> (0, 0)>,
           %o: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>,
           %lse: memref<2x256x128xf32> block [squeezed, 128, 128] map affine_map<(h, i, j) -> (h, i, 0)>) {
    %i = pallas.program_id 1
    %j = pallas.program_id 2
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %mask_value = arith.constant dense<-2.38197633E+38> : vector<128x128xf32>
    %zeros = arith.constant dense<0.0> : vector<128x128xf32>

    %first = arith.cmpi eq, %j, %c0i : i32
    scf.if %first {
      pallas.store %zeros, %o_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %mask_value, %m_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %l_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    // _next_nonzero: run unless the block is empty; use the partial mask
    // block only where the block is partial.
    %c0 = arith.constant 0 : index
    %ii = arith.index_cast %i : i32 to index
    %jj = arith.index_cast %j : i32 to index
    %bm8 = pallas.load %block_mask[%c0, %ii, %jj] : memref<1x2x2xi8> -> i8
    %bm = arith.extsi %bm8 : i8 to i32
    %should_run = arith.cmpi sgt, %bm, %c0i : i32
    %should_not_mask = arith.cmpi ne, %bm, %c1i : i32

    scf.if %should_run {
      %m_prev = pallas.load %m_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %l_prev = pallas.load %l_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %qv = pallas.load %q[] : memref<128x128xf32> -> vector<128x128xf32>
      %kb = pallas.load %k[] : memref<128x128xf32> -> vector<128x128xf32>
      %qk = pallas.dot %qv, %kb {transpose_rhs} : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>

      %pm = pallas.load %partial[] : memref<128x128xi1> -> vector<128x128xi1>
      %all = vector.broadcast %should_not_mask : i1 to vector<128x128xi1>
      %visible = arith.ori %pm, %all : vector<128x128xi1>
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

      %vb = pallas.load %v[] : memref<128x128xf32> -> vector<128x128xf32>
      %o_curr = pallas.dot %s_curr, %vb : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
      %o_prev = pallas.load %o_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %o_scaled = arith.mulf %alpha, %o_prev : vector<128x128xf32>
      %o_next = arith.addf %o_scaled, %o_curr : vector<128x128xf32>
      pallas.store %o_next, %o_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }

    // Last kv block (grid width 2): normalise, write the output and the
    // logsumexp blocks, reset the accumulators.
    %last = arith.cmpi eq, %j, %c1i : i32
    scf.if %last {
      %l = pallas.load %l_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %one = arith.constant dense<1.0> : vector<128x128xf32>
      %l_inv = arith.divf %one, %l : vector<128x128xf32>
      %acc = pallas.load %o_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %out = arith.mulf %acc, %l_inv : vector<128x128xf32>
      pallas.store %out, %o[] : vector<128x128xf32>, memref<128x128xf32>
      %log_l = math.log %l : vector<128x128xf32>
      %m = pallas.load %m_sc[] : memref<128x128xf32> -> vector<128x128xf32>
      %logsumexp = arith.addf %log_l, %m : vector<128x128xf32>
      pallas.store %logsumexp, %lse[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %m_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %l_sc[] : vector<128x128xf32>, memref<128x128xf32>
      pallas.store %zeros, %o_sc[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

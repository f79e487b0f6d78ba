// jax.experimental.pallas.ops.tpu.flash_attention.flash_attention, forward,
// causal=True, no bias or segment ids: bf16 q/k/v [2, 2, 512, 128],
// sm_scale = 1/sqrt(128), BlockSizes(block_q=128, block_k_major=256,
// block_k=128, block_b=1).
//
// Grid (batch, head, q block, kv block); each step sees a 128-row q block
// and a 256-row kv block and walks the kv block in two 128-row steps (the
// kernel's `pl.loop(0, block_k_major, step=block_k, unroll=True)`, here an
// `scf.for` marked `pallas.unroll`). Each step is one online-softmax update
// of the m (row max), l (row sum) and acc scratch, all (1, 1, 128, 128) f32
// like the kernel's (block_b, 1, block_q, 128) buffers; the accumulator is
// kept normalised (rescaled by l_corr / l_next and 1 / l_next, where
// l_next == 0 counts as 1). The output is written at the last kv block.
//
// Causal: a (q block, kv block) pair runs only when the block's bottom-left
// corner is on or below the diagonal ((i + 1) * 128 - 1 > j * 256); the k
// and v index maps send skipped steps to kv block 0, the block the next q
// row starts with, so that nothing new is fetched for them. In a running
// block each step adds mask_value (-0.7 * f32 max) where the column id
// exceeds the row id.
// Mirrors `ops_flash_attention_fwd_causal` in scripts/jax/public/flash_attention.py;
// JAX's lowering of it is test/Reference/TPU/ops_flash_attention_fwd_causal.mlir.
module {
  // kv block j if the step runs, else 0.
  pallas.index_map @kv_map(%b: i32, %h: i32, %i: i32, %j: i32) -> (i32, i32, i32, i32) {
    %c0 = arith.constant 0 : i32
    %c256 = arith.constant 256 : i32
    %c128 = arith.constant 128 : i32
    %c1 = arith.constant 1 : i32
    %i1 = arith.addi %i, %c1 : i32
    %rows = arith.muli %i1, %c128 : i32
    %last_row = arith.subi %rows, %c1 : i32
    %first_col = arith.muli %j, %c256 : i32
    %runs = arith.cmpi sgt, %last_row, %first_col : i32
    %kv = arith.select %runs, %j, %c0 : i32
    pallas.yield %b, %h, %kv, %c0 : i32, i32, i32, i32
  }

  pallas.kernel @ops_flash_attention_fwd_causal grid(2, 2, 4, 2)
      semantics(parallel, parallel, parallel, arbitrary)
      ins(%q: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %k: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @kv_map,
          %v: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @kv_map)
      outs(%o: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>)
      scratch(%m_sc: memref<1x1x128x128xf32, #pallas.memory_space<vmem>>,
              %l_sc: memref<1x1x128x128xf32, #pallas.memory_space<vmem>>,
              %acc_sc: memref<1x1x128x128xf32, #pallas.memory_space<vmem>>) {
    %kv = pallas.program_id 3
    %c0_i32 = arith.constant 0 : i32
    %first = arith.cmpi eq, %kv, %c0_i32 : i32
    scf.if %first {
      %ninf = arith.constant dense<0xFF800000> : vector<128x128xf32>
      %zero = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %ninf, %m_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>
      pallas.store %zero, %l_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>
      pallas.store %zero, %acc_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>
    }

    // below_or_on_diag(i, 128, kv, 256)
    %qi = pallas.program_id 2
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %qi1 = arith.addi %qi, %c1_i32 : i32
    %q_end = arith.muli %qi1, %c128_i32 : i32
    %q_last = arith.subi %q_end, %c1_i32 : i32
    %kv_first = arith.muli %kv, %c256_i32 : i32
    %should_run = arith.cmpi sgt, %q_last, %kv_first : i32
    scf.if %should_run {
    scf.for %start_k = %c0_i32 to %c256_i32 step %c128_i32 : i32 {
      %m_prev = pallas.load %m_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %l_prev = pallas.load %l_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %qv = pallas.load %q[0, 0, 0:128, 0:128] : memref<1x1x128x128xbf16> -> vector<128x128xbf16>
      %sk = arith.index_cast %start_k : i32 to index
      %kb = pallas.load %k[0, 0, %sk:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
      %qk = pallas.dot %qv, %kb {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %scale = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %s0 = arith.mulf %qk, %scale : vector<128x128xf32>

      // Causal mask: row ids i * 128 + r, column ids kv * 256 + start_k + c.
      %rows = pallas.iota dim 0 : vector<128x128xi32>
      %q_off = arith.muli %qi, %c128_i32 : i32
      %q_off_v = vector.broadcast %q_off : i32 to vector<128x128xi32>
      %row_ids = arith.addi %rows, %q_off_v : vector<128x128xi32>
      %cols = pallas.iota dim 1 : vector<128x128xi32>
      %kv_off = arith.muli %kv, %c256_i32 : i32
      %col_off = arith.addi %kv_off, %start_k : i32
      %col_off_v = vector.broadcast %col_off : i32 to vector<128x128xi32>
      %col_ids = arith.addi %cols, %col_off_v : vector<128x128xi32>
      %visible = arith.cmpi sle, %col_ids, %row_ids : vector<128x128xi32>
      %no_bias = arith.constant dense<0.0> : vector<128x128xf32>
      %masked = arith.constant dense<-2.38197633E+38> : vector<128x128xf32>
      %bias = arith.select %visible, %no_bias, %masked : vector<128x128xi1>, vector<128x128xf32>
      %s = arith.addf %s0, %bias : vector<128x128xf32>

      // m_next = max(m_prev, row max of s); p = exp(s - m_next).
      %ninf_row = arith.constant dense<0xFF800000> : vector<128xf32>
      %row_max = vector.multi_reduction <maximumf>, %s, %ninf_row [1] : vector<128x128xf32> to vector<128xf32>
      %row_max_col = vector.shape_cast %row_max : vector<128xf32> to vector<128x1xf32>
      %m_curr = vector.broadcast %row_max_col : vector<128x1xf32> to vector<128x128xf32>
      %m_next = arith.maximumf %m_prev, %m_curr : vector<128x128xf32>
      %s_shift = arith.subf %s, %m_next : vector<128x128xf32>
      %p = math.exp %s_shift : vector<128x128xf32>
      %m_diff = arith.subf %m_prev, %m_next : vector<128x128xf32>
      %alpha = math.exp %m_diff : vector<128x128xf32>
      %l_corr = arith.mulf %alpha, %l_prev : vector<128x128xf32>
      %zero_row = arith.constant dense<0.0> : vector<128xf32>
      %row_sum = vector.multi_reduction <add>, %p, %zero_row [1] : vector<128x128xf32> to vector<128xf32>
      %row_sum_col = vector.shape_cast %row_sum : vector<128xf32> to vector<128x1xf32>
      %p_sum = vector.broadcast %row_sum_col : vector<128x1xf32> to vector<128x128xf32>
      %l_next = arith.addf %p_sum, %l_corr : vector<128x128xf32>
      pallas.store %l_next, %l_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>
      pallas.store %m_next, %m_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>

      // 1 / l_next, with 1 where l_next is 0 (rows that saw nothing yet).
      %zero = arith.constant dense<0.0> : vector<128x128xf32>
      %one = arith.constant dense<1.0> : vector<128x128xf32>
      %l_is_zero = arith.cmpf oeq, %l_next, %zero : vector<128x128xf32>
      %l_inv = arith.divf %one, %l_next : vector<128x128xf32>
      %l_inv_safe = arith.select %l_is_zero, %one, %l_inv : vector<128x128xi1>, vector<128x128xf32>

      // acc = acc * (l_corr / l_next) + (p @ v) / l_next.
      %acc0 = pallas.load %acc_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %rescale = arith.mulf %l_corr, %l_inv_safe : vector<128x128xf32>
      %acc1 = arith.mulf %acc0, %rescale : vector<128x128xf32>
      pallas.store %acc1, %acc_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>
      %vb = pallas.load %v[0, 0, %sk:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
      %pb = arith.truncf %p : vector<128x128xf32> to vector<128x128xbf16>
      %o_curr = pallas.dot %pb, %vb : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %acc2 = pallas.load %acc_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %o_scaled = arith.mulf %o_curr, %l_inv_safe : vector<128x128xf32>
      %acc3 = arith.addf %acc2, %o_scaled : vector<128x128xf32>
      pallas.store %acc3, %acc_sc[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32, #pallas.memory_space<vmem>>
    } {pallas.unroll}
    }

    // kv_seq_len // block_k_major - 1
    %last = arith.cmpi eq, %kv, %c1_i32 : i32
    scf.if %last {
      %acc = pallas.load %acc_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %out = arith.truncf %acc : vector<128x128xf32> to vector<128x128xbf16>
      pallas.store %out, %o[0, 0, 0:128, 0:128] : vector<128x128xbf16>, memref<1x1x128x128xbf16>
    }
  }
}

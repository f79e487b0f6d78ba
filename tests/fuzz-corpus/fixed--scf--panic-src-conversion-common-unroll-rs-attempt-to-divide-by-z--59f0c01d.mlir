// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: panic src/conversion/common/unroll.rs: attempt to divide by zero
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

  // (i, j) if the step runs, else the next q row's first block.
  pallas.index_map @ab_map(%b: i32, %h: i32, %i: i32, %j: i32) -> (i32, i32, i32, i32) {
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i32
    %c256 = arith.constant 256 : i32
    %c128 = arith.constant 128 : i32
    %c1 = arith.constant 1 : i32
    %i1 = arith.addi %i, %c1 : i32
    %rows = arith.muli %i1, %c128 : i32
    %last_row = arith.subi %rows, %c1 : i32
    %first_col = arith.muli %j, %c256 : i32
    %runs = arith.cmpi sgt, %last_row, %first_col : i32
    %last_q = arith.cmpi eq, %i, %c3 : i32
    %next_q = arith.select %last_q, %c0, %i1 : i32
    %qi = arith.select %runs, %i, %next_q : i32
    %kv = arith.select %runs, %j, %c0 : i32
    pallas.yield %b, %h, %qi, %kv : i32, i32, i32, i32
  }

  pallas.kernel @_ grid(2, 2, 4, 2)
      semantics(parallel, parallel, parallel, arbitrary)
      ins(%q: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %k: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @kv_map,
          %v: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @kv_map,
          %ab: memref<2x2x512x512xf32> block [1, 1, 128, 256] map @ab_map)
      outs(%o: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
           %l_out: memref<2x2x512x128xf32> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
           %m_out: memref<2x2x512x128xf32> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>)
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
    %c128_i32 = arith.constant 0 : i32
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
      %abv = pallas.load %ab[0, 0, 0:128, %sk:128] : memref<1x1x128x256xf32> -> vector<128x128xf32>
      %qk_ab = arith.addf %qk, %abv : vector<128x128xf32>
      %s0 = arith.mulf %qk_ab, %scale : vector<128x128xf32>

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
    } {pallas.unroll}
    }

    // kv_seq_len // block_k_major - 1
    %last = arith.cmpi eq, %kv, %c1_i32 : i32
    scf.if %last {
      %acc = pallas.load %acc_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %out = arith.truncf %acc : vector<128x128xf32> to vector<128x128xbf16>
      pallas.store %out, %o[0, 0, 0:128, 0:128] : vector<128x128xbf16>, memref<1x1x128x128xbf16>
      %l = pallas.load %l_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      pallas.store %l, %l_out[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32>
      %m = pallas.load %m_sc[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      pallas.store %m, %m_out[0, 0, 0:128, 0:128] : vector<128x128xf32>, memref<1x1x128x128xf32>
    }
  }
}

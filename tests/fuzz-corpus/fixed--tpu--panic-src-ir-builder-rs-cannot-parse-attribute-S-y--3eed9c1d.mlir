// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-tpu: panic src/ir/builder.rs: cannot parse attribute `"S"y"`
// test/Reference/TPU/ops_paged_attention_seq_grid.mlir.
!hbm_pages = memref<2x8x16x128xbf16, #pallas.memory_space<any>>
!hbm_head = memref<8x16x128xbf16, strided<[2048, 128, 1], offset: ?>, #pallas.memory_space<any>>
!hbm_page = memref<16x128xbf16, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
!vmem_bufs = memref<2x2x16x128xbf16, #pallas.memory_space<vmem>>
!vmem_buf = memref<2x16x128xbf16, strided<[2048, 128, 1], offset: ?>, #pallas.memory_space<vmem>>
!vmem_page = memref<16x128xbf16, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
!sems = memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
module {
  pallas.kernel @"x\"y" grid(1, 2, 2, 2)
      semantics(parallel, arbitrary, arbitrary, arbitrary)
      prefetch(%lengths: memref<2xi32>, %page_indices: memref<8xi32>,
               %buffer_index: memref<1xi32>, %init_flag: memref<1xi32>)
      ins(%q: memref<2x16x128xbf16> block [squeezed, 8, 128] map affine_map<(c, b, h, i) -> (b, h, 0)>,
          %k_pages: memref<2x8x16x128xbf16> block [2, 8, 16, 128] map affine_map<(c, b, h, i) -> (0, 0, 0, 0)> in any,
          %v_pages: memref<2x8x16x128xbf16> block [2, 8, 16, 128] map affine_map<(c, b, h, i) -> (0, 0, 0, 0)> in any)
      outs(%o: memref<2x16x128xbf16> block [squeezed, 8, 128] map affine_map<(c, b, h, i) -> (b, h, 0)>,
           %m: memref<2x16x1xf32> block [squeezed, 8, 128] map affine_map<(c, b, h, i) -> (b, h, 0)>,
           %l: memref<2x16x1xf32> block [squeezed, 8, 128] map affine_map<(c, b, h, i) -> (b, h, 0)>)
      scratch(%k_buf: !vmem_bufs, %v_buf: !vmem_bufs, %k_sems: !sems, %v_sems: !sems) {
    %b = pallas.program_id 1
    %h = pallas.program_id 2
    %i = pallas.program_id 3
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    // Tokens per compute block: pages_per_compute_block * page_size.
    %bk = arith.constant 32 : i32
    %bx = arith.index_cast %b : i32 to index
    %length = pallas.load %lengths[%bx] : memref<2xi32> -> i32
    %start = arith.muli %i, %bk : i32
    %active = arith.cmpi slt, %start, %length : i32
    scf.if %active {
      %first_step = pallas.load %init_flag[%c0] : memref<1xi32> -> i32
      pallas.store %c0_i32, %init_flag[%c0] : i32, memref<1xi32>
      %slot = pallas.load %buffer_index[%c0] : memref<1xi32> -> i32
      %sx = arith.index_cast %slot : i32 to index

      // The block after (b, h, i): the next block of this sequence, else
      // block 0 of the next kv head, else of the next sequence that is not
      // empty (nb = batch size when there is none).
      %ni0 = arith.addi %i, %c1_i32 : i32
      %next_start = arith.muli %ni0, %bk : i32
      %same_seq = arith.cmpi slt, %next_start, %length : i32
      %nb, %nh, %ni = scf.if %same_seq -> (i32, i32, i32) {
        scf.yield %b, %h, %ni0 : i32, i32, i32
      } else {
        %h1 = arith.addi %h, %c1_i32 : i32
        %more_heads = arith.cmpi slt, %h1, %c2_i32 : i32
        %r:3 = scf.if %more_heads -> (i32, i32, i32) {
          scf.yield %b, %h1, %c0_i32 : i32, i32, i32
        } else {
          %b1 = arith.addi %b, %c1_i32 : i32
          %more_seqs = arith.cmpi slt, %b1, %c2_i32 : i32
          %lo = arith.maxsi %b1, %c0_i32 : i32
          %clamped = arith.minsi %lo, %c1_i32 : i32
          %cx = arith.index_cast %clamped : i32 to index
          %len1 = pallas.load %lengths[%cx] : memref<2xi32> -> i32
          %empty1 = arith.cmpi eq, %len1, %c0_i32 : i32
          %skip = arith.andi %more_seqs, %empty1 : i1
          %nb1 = scf.if %skip -> (i32) {
            %b2 = arith.addi %b1, %c1_i32 : i32
            %found = scf.for %j = %b2 to %c2_i32 step %c1_i32 iter_args(%cand = %b2) -> (i32) : i32 {
              %jx = arith.index_cast %cand : i32 to index
              %len = pallas.load %lengths[%jx] : memref<2xi32> -> i32
              %empty = arith.cmpi eq, %len, %c0_i32 : i32
              %after = arith.addi %cand, %c1_i32 : i32
              %nxt = arith.select %empty, %after, %cand : i32
              scf.yield %nxt : i32
            }
            scf.yield %found : i32
          } else {
            scf.yield %b1 : i32
          }
          scf.yield %nb1, %c0_i32, %c0_i32 : i32, i32, i32
        }
        scf.yield %r#0, %r#1, %r#2 : i32, i32, i32
      }

      // The first active step fetches its own block.
      %is_first = arith.cmpi ne, %first_step, %c0_i32 : i32
      scf.if %is_first {
        %off0 = arith.muli %b, %c4_i32 : i32
        %off1 = arith.muli %i, %c2_i32 : i32
        %off = arith.addi %off0, %off1 : i32
        %p0x = arith.index_cast %off : i32 to index
        %off_1 = arith.addi %off, %c1_i32 : i32
        %p1x = arith.index_cast %off_1 : i32 to index
        %pg0 = pallas.load %page_indices[%p0x] : memref<8xi32> -> i32
        %pg1 = pallas.load %page_indices[%p1x] : memref<8xi32> -> i32
        %g0 = arith.index_cast %pg0 : i32 to index
        %g1 = arith.index_cast %pg1 : i32 to index
        %hx = arith.index_cast %h : i32 to index
        %k_head = memref.subview %k_pages[%hx, 0, 0, 0] [1, 8, 16, 128] [1, 1, 1, 1] : !hbm_pages to !hbm_head
        %k_slot = memref.subview %k_buf[%sx, 0, 0, 0] [1, 2, 16, 128] [1, 1, 1, 1] : !vmem_bufs to !vmem_buf
        %k_src0 = memref.subview %k_head[%g0, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %k_dst0 = memref.subview %k_slot[0, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %k_src0 -> %k_dst0, %k_sems[%sx] : !hbm_page -> !vmem_page, !sems
        %k_src1 = memref.subview %k_head[%g1, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %k_dst1 = memref.subview %k_slot[1, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %k_src1 -> %k_dst1, %k_sems[%sx] : !hbm_page -> !vmem_page, !sems
        %v_head = memref.subview %v_pages[%hx, 0, 0, 0] [1, 8, 16, 128] [1, 1, 1, 1] : !hbm_pages to !hbm_head
        %v_slot = memref.subview %v_buf[%sx, 0, 0, 0] [1, 2, 16, 128] [1, 1, 1, 1] : !vmem_bufs to !vmem_buf
        %v_src0 = memref.subview %v_head[%g0, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %v_dst0 = memref.subview %v_slot[0, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %v_src0 -> %v_dst0, %v_sems[%sx] : !hbm_page -> !vmem_page, !sems
        %v_src1 = memref.subview %v_head[%g1, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %v_dst1 = memref.subview %v_slot[1, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %v_src1 -> %v_dst1, %v_sems[%sx] : !hbm_page -> !vmem_page, !sems
      }

      // Block 0 of a (sequence, kv head) resets the running statistics.
      %block0 = arith.cmpi eq, %i, %c0_i32 : i32
      scf.if %block0 {
        %zero_bf16 = arith.constant dense<0.0> : vector<8x128xbf16>
        pallas.store %zero_bf16, %o[] : vector<8x128xbf16>, memref<8x128xbf16>
      }

      // Prefetch the next block into the other slot.
      %has_next = arith.cmpi slt, %nb, %c2_i32 : i32
      scf.if %has_next {
        %slot0 = arith.cmpi eq, %slot, %c0_i32 : i32
        %next_slot = arith.select %slot0, %c1_i32, %c0_i32 : i32
        %nsx = arith.index_cast %next_slot : i32 to index
        %off0 = arith.muli %nb, %c4_i32 : i32
        %off1 = arith.muli %ni, %c2_i32 : i32
        %off = arith.addi %off0, %off1 : i32
        %p0x = arith.index_cast %off : i32 to index
        %off_1 = arith.addi %off, %c1_i32 : i32
        %p1x = arith.index_cast %off_1 : i32 to index
        %pg0 = pallas.load %page_indices[%p0x] : memref<8xi32> -> i32
        %pg1 = pallas.load %page_indices[%p1x] : memref<8xi32> -> i32
        %g0 = arith.index_cast %pg0 : i32 to index
        %g1 = arith.index_cast %pg1 : i32 to index
        %nhx = arith.index_cast %nh : i32 to index
        %k_head = memref.subview %k_pages[%nhx, 0, 0, 0] [1, 8, 16, 128] [1, 1, 1, 1] : !hbm_pages to !hbm_head
        %k_slot = memref.subview %k_buf[%nsx, 0, 0, 0] [1, 2, 16, 128] [1, 1, 1, 1] : !vmem_bufs to !vmem_buf
        %k_src0 = memref.subview %k_head[%g0, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %k_dst0 = memref.subview %k_slot[0, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %k_src0 -> %k_dst0, %k_sems[%nsx] : !hbm_page -> !vmem_page, !sems
        %k_src1 = memref.subview %k_head[%g1, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %k_dst1 = memref.subview %k_slot[1, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %k_src1 -> %k_dst1, %k_sems[%nsx] : !hbm_page -> !vmem_page, !sems
        %v_head = memref.subview %v_pages[%nhx, 0, 0, 0] [1, 8, 16, 128] [1, 1, 1, 1] : !hbm_pages to !hbm_head
        %v_slot = memref.subview %v_buf[%nsx, 0, 0, 0] [1, 2, 16, 128] [1, 1, 1, 1] : !vmem_bufs to !vmem_buf
        %v_src0 = memref.subview %v_head[%g0, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %v_dst0 = memref.subview %v_slot[0, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %v_src0 -> %v_dst0, %v_sems[%nsx] : !hbm_page -> !vmem_page, !sems
        %v_src1 = memref.subview %v_head[%g1, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
        %v_dst1 = memref.subview %v_slot[1, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
        pallas.dma_start %v_src1 -> %v_dst1, %v_sems[%nsx] : !hbm_page -> !vmem_page, !sems
        pallas.store %next_slot, %buffer_index[%c0] : i32, memref<1xi32>
      }

      // This block's pages, as the copies waited for name them.
      %off0 = arith.muli %b, %c4_i32 : i32
      %off1 = arith.muli %i, %c2_i32 : i32
      %off = arith.addi %off0, %off1 : i32
      %p0x = arith.index_cast %off : i32 to index
      %off_1 = arith.addi %off, %c1_i32 : i32
      %p1x = arith.index_cast %off_1 : i32 to index
      %pg0 = pallas.load %page_indices[%p0x] : memref<8xi32> -> i32
      %pg1 = pallas.load %page_indices[%p1x] : memref<8xi32> -> i32
      %g0 = arith.index_cast %pg0 : i32 to index
      %g1 = arith.index_cast %pg1 : i32 to index
      %hx = arith.index_cast %h : i32 to index

      %q_bf16 = pallas.load %q[] : memref<8x128xbf16> -> vector<8x128xbf16>
      %qv = arith.extf %q_bf16 : vector<8x128xbf16> to vector<8x128xf32>

      %k_head = memref.subview %k_pages[%hx, 0, 0, 0] [1, 8, 16, 128] [1, 1, 1, 1] : !hbm_pages to !hbm_head
      %k_slot = memref.subview %k_buf[%sx, 0, 0, 0] [1, 2, 16, 128] [1, 1, 1, 1] : !vmem_bufs to !vmem_buf
      %k_src0 = memref.subview %k_head[%g0, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
      %k_dst0 = memref.subview %k_slot[0, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
      // The loaded pages go through f32 and back to bf16 (the kernel's
      // dequantize path without scales), then become one (32, 128) block.
      %k_pg = pallas.load %k_buf[%sx, 0:2, 0:16, 0:128] : !vmem_bufs -> vector<2x16x128xbf16>
      %k_f32 = arith.extf %k_pg : vector<2x16x128xbf16> to vector<2x16x128xf32>
      %k_bf16 = arith.truncf %k_f32 : vector<2x16x128xf32> to vector<2x16x128xbf16>
      %kv = vector.shape_cast %k_bf16 : vector<2x16x128xbf16> to vector<32x128xbf16>
      %qk0 = pallas.named_scope "gd,td->gt" -> vector<8x32xf32> {
        %p = pallas.dot %qv, %kv {transpose_rhs} : vector<8x128xf32>, vector<32x128xbf16> -> vector<8x32xf32>
        pallas.yield %p : vector<8x32xf32>
      }

      // Tokens past the length get the mask value added.
      %iota = pallas.iota dim 1 : vector<8x32xi32>
      %startv = vector.broadcast %start : i32 to vector<8x32xi32>
      %pos = arith.addi %startv, %iota : vector<8x32xi32>
      %lenv = vector.broadcast %length : i32 to vector<8x32xi32>
      %valid = arith.cmpi slt, %pos, %lenv : vector<8x32xi32>
      %zeros = arith.constant dense<0.0> : vector<8x32xf32>
      %masked = arith.constant dense<-2.38197633E+38> : vector<8x32xf32>
      %bias = arith.select %valid, %zeros, %masked : vector<8x32xi1>, vector<8x32xf32>
      %qk = arith.addf %qk0, %bias : vector<8x32xf32>

      %ninf8 = arith.constant dense<0xFF800000> : vector<8xf32>
      %m_curr = vector.multi_reduction <maximumf>, %qk, %ninf8 [1] : vector<8x32xf32> to vector<8xf32>
      %m_col = vector.shape_cast %m_curr : vector<8xf32> to vector<8x1xf32>
      %m_b32 = vector.broadcast %m_col : vector<8x1xf32> to vector<8x32xf32>
      %shifted = arith.subf %qk, %m_b32 : vector<8x32xf32>
      %s_curr = math.exp %shifted : vector<8x32xf32>
      %m_prev = pallas.load %m[] : memref<8x128xf32> -> vector<8x128xf32>
      %l_prev = pallas.load %l[] : memref<8x128xf32> -> vector<8x128xf32>
      %zero8 = arith.constant dense<0.0> : vector<8xf32>
      %rowsum = vector.multi_reduction <add>, %s_curr, %zero8 [1] : vector<8x32xf32> to vector<8xf32>
      %sum_col = vector.shape_cast %rowsum : vector<8xf32> to vector<8x1xf32>
      %l_curr = vector.broadcast %sum_col : vector<8x1xf32> to vector<8x128xf32>
      %max_col = vector.shape_cast %m_curr : vector<8xf32> to vector<8x1xf32>
      %m_currb = vector.broadcast %max_col : vector<8x1xf32> to vector<8x128xf32>
      %m_next = arith.maximumf %m_prev, %m_currb : vector<8x128xf32>
      %d_prev = arith.subf %m_prev, %m_next : vector<8x128xf32>
      %alpha = math.exp %d_prev : vector<8x128xf32>
      %d_curr = arith.subf %m_currb, %m_next : vector<8x128xf32>
      %beta = math.exp %d_curr : vector<8x128xf32>
      %l_old = arith.mulf %alpha, %l_prev : vector<8x128xf32>
      %l_new = arith.mulf %beta, %l_curr : vector<8x128xf32>
      %l_next = arith.addf %l_old, %l_new : vector<8x128xf32>
      pallas.store %m_next, %m[] : vector<8x128xf32>, memref<8x128xf32>
      pallas.store %l_next, %l[] : vector<8x128xf32>, memref<8x128xf32>

      %v_head = memref.subview %v_pages[%hx, 0, 0, 0] [1, 8, 16, 128] [1, 1, 1, 1] : !hbm_pages to !hbm_head
      %v_slot = memref.subview %v_buf[%sx, 0, 0, 0] [1, 2, 16, 128] [1, 1, 1, 1] : !vmem_bufs to !vmem_buf
      %v_src0 = memref.subview %v_head[%g0, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
      %v_dst0 = memref.subview %v_slot[0, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
      pallas.dma_wait %v_src0 -> %v_dst0, %v_sems[%sx] : !hbm_page -> !vmem_page, !sems
      %v_src1 = memref.subview %v_head[%g1, 0, 0] [1, 16, 128] [1, 1, 1] : !hbm_head to !hbm_page
      %v_dst1 = memref.subview %v_slot[1, 0, 0] [1, 16, 128] [1, 1, 1] : !vmem_buf to !vmem_page
      pallas.dma_wait %v_src1 -> %v_dst1, %v_sems[%sx] : !hbm_page -> !vmem_page, !sems
      %v_pg = pallas.load %v_buf[%sx, 0:2, 0:16, 0:128] : !vmem_bufs -> vector<2x16x128xbf16>
      %v_f32 = arith.extf %v_pg : vector<2x16x128xbf16> to vector<2x16x128xf32>
      %v_bf16 = arith.truncf %v_f32 : vector<2x16x128xf32> to vector<2x16x128xbf16>
      %vv = vector.shape_cast %v_bf16 : vector<2x16x128xbf16> to vector<32x128xbf16>
      %o_curr = pallas.named_scope "gt,td->gd" -> vector<8x128xf32> {
        %p = pallas.dot %s_curr, %vv : vector<8x32xf32>, vector<32x128xbf16> -> vector<8x128xf32>
        pallas.yield %p : vector<8x128xf32>
      }

      %o_scale = arith.mulf %l_prev, %alpha : vector<8x128xf32>
      %o_prev_bf16 = pallas.load %o[] : memref<8x128xbf16> -> vector<8x128xbf16>
      %o_prev = arith.extf %o_prev_bf16 : vector<8x128xbf16> to vector<8x128xf32>
      %o_old = arith.mulf %o_scale, %o_prev : vector<8x128xf32>
      %o_new = arith.mulf %beta, %o_curr : vector<8x128xf32>
      %o_sum = arith.addf %o_old, %o_new : vector<8x128xf32>
      %o_next = arith.divf %o_sum, %l_next : vector<8x128xf32>
      %o_out = arith.truncf %o_next : vector<8x128xf32> to vector<8x128xbf16>
      pallas.store %o_out, %o[] : vector<8x128xbf16>, memref<8x128xbf16>
    }
  }
}

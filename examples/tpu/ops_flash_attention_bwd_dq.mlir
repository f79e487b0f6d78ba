// jax.experimental.pallas.ops.tpu.flash_attention._flash_attention_bwd_dq:
// the backward pallas_call of flash_attention that computes dq and, since
// there is an attention bias, ds (the bias gradient).
// causal=True, with an f32 attention bias ab [2, 2, 512, 512], no segment
// ids: bf16 q/k/v/do [2, 2, 512, 128], the residuals l and m broadcast to
// 128 lanes (f32 [2, 2, 512, 128]) and di = rowsum(o * do) broadcast to
// block_k_major = 256 lanes (f32 [2, 2, 512, 256], of which the kernel reads
// (128, 128) blocks), sm_scale = 1/sqrt(128), block_q_major = 128,
// block_k_major = 256, block_k = 128.
//
// Grid (batch, head, q block i, kv block j): the kv blocks are the reduction
// axis, accumulated into a (128, 128) f32 dq scratch, zeroed at j == 0 and
// written out (and zeroed again) at the last kv block. Each step walks its
// 256 kv rows in two steps of 128 (the kernel's `lax.fori_loop(...,
// unroll=True)`, here an `scf.for` marked `pallas.unroll`): recompute the
// masked, scaled logits, p = exp(s - m) / l, ds = (do @ v^T - di) * p *
// sm_scale, store ds into the step's columns of the ds block, dq += ds @ k.
//
// Causal: a step runs only when the q block's last row reaches the kv
// block's first column ((i + 1) * 128 - 1 > j * 256); the k and v index maps
// send skipped steps to kv block 0, and a skipped step writes zeros to its
// ds block. The mask adds mask_value (-0.7 * f32 max) where the column id
// exceeds the row id.
// Mirrors `ops_flash_attention_bwd_dq` in scripts/jax/public/flash_attention.py;
// JAX's lowering of it is test/Reference/TPU/ops_flash_attention_bwd_dq.mlir.
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

  pallas.kernel @ops_flash_attention_bwd_dq grid(2, 2, 4, 2)
      semantics(parallel, parallel, parallel, arbitrary)
      ins(%q: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %k: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @kv_map,
          %v: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @kv_map,
          %ab: memref<2x2x512x512xf32> block [1, 1, 128, 256] map affine_map<(b, h, i, j) -> (b, h, i, j)>,
          %l: memref<2x2x512x128xf32> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %m: memref<2x2x512x128xf32> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %do: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %di: memref<2x2x512x256xf32> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>)
      outs(%dq: memref<2x2x512x128xbf16> block [1, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
           %ds: memref<2x2x512x512xf32> block [1, 1, 128, 256] map affine_map<(b, h, i, j) -> (b, h, i, j)>)
      scratch(%dq_sc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %q_blk = pallas.program_id 2
    %kv_blk = pallas.program_id 3
    %c0_i32 = arith.constant 0 : i32
    %first = arith.cmpi eq, %kv_blk, %c0_i32 : i32
    scf.if %first {
      %zero = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %zero, %dq_sc[0:128, 0:128] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }

    // below_or_on_diag(q_blk, 128, kv_blk, 256)
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %q_blk1 = arith.addi %q_blk, %c1_i32 : i32
    %q_end = arith.muli %q_blk1, %c128_i32 : i32
    %q_last = arith.subi %q_end, %c1_i32 : i32
    %kv_first = arith.muli %kv_blk, %c256_i32 : i32
    %should_run = arith.cmpi sgt, %q_last, %kv_first : i32
    %true = arith.constant true
    %false = arith.constant false
    %should_not_run = arith.select %should_run, %false, %true : i1
    scf.if %should_run {
      scf.for %start_k = %c0_i32 to %c256_i32 step %c128_i32 : i32 {
        %sk = arith.index_cast %start_k : i32 to index
        %qb = pallas.load %q[0, 0, 0:128, 0:128] : memref<1x1x128x128xbf16> -> vector<128x128xbf16>
        %kb = pallas.load %k[0, 0, %sk:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
        %vb = pallas.load %v[0, 0, %sk:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
        %lb = pallas.load %l[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32> -> vector<128x128xf32>
        %mb = pallas.load %m[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32> -> vector<128x128xf32>
        %dob = pallas.load %do[0, 0, 0:128, 0:128] : memref<1x1x128x128xbf16> -> vector<128x128xbf16>
        %dib = pallas.load %di[0, 0, 0:128, 0:128] : memref<1x1x128x128xf32> -> vector<128x128xf32>

        // The logits of this kv step, as in the forward.
        %qk = pallas.dot %qb, %kb {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
        %abv = pallas.load %ab[0, 0, 0:128, %sk:128] : memref<1x1x128x256xf32> -> vector<128x128xf32>
        %qk_ab = arith.addf %qk, %abv : vector<128x128xf32>
        %scale = arith.constant dense<0.0883883461> : vector<128x128xf32>
        %s0 = arith.mulf %qk_ab, %scale : vector<128x128xf32>
        %rows = pallas.iota dim 0 : vector<128x128xi32>
        %row_off = arith.muli %q_blk, %c128_i32 : i32
        %row_off_v = vector.broadcast %row_off : i32 to vector<128x128xi32>
        %row_ids = arith.addi %rows, %row_off_v : vector<128x128xi32>
        %cols = pallas.iota dim 1 : vector<128x128xi32>
        %kv_off = arith.muli %kv_blk, %c256_i32 : i32
        %col_off = arith.addi %kv_off, %start_k : i32
        %col_off_v = vector.broadcast %col_off : i32 to vector<128x128xi32>
        %col_ids = arith.addi %cols, %col_off_v : vector<128x128xi32>
        %visible = arith.cmpi sle, %col_ids, %row_ids : vector<128x128xi32>
        %no_bias = arith.constant dense<0.0> : vector<128x128xf32>
        %masked = arith.constant dense<-2.38197633E+38> : vector<128x128xf32>
        %bias = arith.select %visible, %no_bias, %masked : vector<128x128xi1>, vector<128x128xf32>
        %s = arith.addf %s0, %bias : vector<128x128xf32>

        // p = exp(s - m) * (1 / l): the forward's softmax, from the residuals.
        %s_shift = arith.subf %s, %mb : vector<128x128xf32>
        %e = math.exp %s_shift : vector<128x128xf32>
        %one = arith.constant dense<1.0> : vector<128x128xf32>
        %l_inv = arith.divf %one, %lb : vector<128x128xf32>
        %p = arith.mulf %e, %l_inv : vector<128x128xf32>

        // ds = (do @ v^T - di) * p * sm_scale, into the step's ds columns.
        %dp = pallas.dot %dob, %vb {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
        %dp_di = arith.subf %dp, %dib : vector<128x128xf32>
        %ds0 = arith.mulf %dp_di, %p : vector<128x128xf32>
        %dsv = arith.mulf %ds0, %scale : vector<128x128xf32>
        pallas.store %dsv, %ds[0, 0, 0:128, %sk:128] : vector<128x128xf32>, memref<1x1x128x256xf32>

        // dq += ds @ k
        %dq_old = pallas.load %dq_sc[0:128, 0:128] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
        %dsb = arith.truncf %dsv : vector<128x128xf32> to vector<128x128xbf16>
        %dq_step = pallas.dot %dsb, %kb : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
        %dq_new = arith.addf %dq_old, %dq_step : vector<128x128xf32>
        pallas.store %dq_new, %dq_sc[0:128, 0:128] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
      } {pallas.unroll}
    }
    scf.if %should_not_run {
      %zero = arith.constant dense<0.0> : vector<1x1x128x256xf32>
      pallas.store %zero, %ds[] : vector<1x1x128x256xf32>, memref<1x1x128x256xf32>
    }

    // kv_seq_len // block_k_major - 1
    %last = arith.cmpi eq, %kv_blk, %c1_i32 : i32
    scf.if %last {
      %dq_acc = pallas.load %dq_sc[0:128, 0:128] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %dq_out = arith.truncf %dq_acc : vector<128x128xf32> to vector<128x128xbf16>
      pallas.store %dq_out, %dq[0, 0, 0:128, 0:128] : vector<128x128xbf16>, memref<1x1x128x128xbf16>
      %zero = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %zero, %dq_sc[0:128, 0:128] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
  }
}

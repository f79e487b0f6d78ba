// jax.experimental.pallas.ops.tpu.flash_attention._flash_attention_bwd_dkv:
// the backward pallas_call of flash_attention that computes dk and dv.
// causal=True, with an f32 attention bias ab [2, 2, 512, 512], no segment
// ids: bf16 q/k/v/do [2, 2, 512, 128], the residuals l and m and
// di = rowsum(o * do) broadcast to 128 lanes (f32 [2, 2, 512, 128], as the
// wrapper passes them), sm_scale = 1/sqrt(128),
// block_q_major = 256, block_q = 128, block_k_major = 256, block_k = 128.
//
// Grid (batch, head, kv block j, q block i): the q blocks are the reduction
// axis (last, "arbitrary"), accumulated into dk/dv scratch of the kv block's
// 256 rows, zeroed at i == 0 and written out at the last q block. Each step
// walks its 256 q rows in two steps of 128 and, in each, its 256 kv rows in
// two steps of 128 (the kernel's nested `lax.fori_loop(..., unroll=True)`,
// here nested `scf.for`s marked `pallas.unroll`): recompute the masked,
// scaled logits, p = exp(s - m) / l, dv += p^T @ do, ds = (do @ v^T - di) * p
// * sm_scale, dk += ds^T @ q.
//
// Causal: a step runs only when the q block's last row reaches the kv
// block's first column ((i + 1) * 256 - 1 > j * 256); the q, do and di
// index maps send skipped steps to q block 0. The mask adds mask_value
// (-0.7 * f32 max) where the column id exceeds the row id.
// Mirrors `ops_flash_attention_bwd_dkv` in scripts/jax/public/flash_attention.py;
// JAX's lowering of it is test/Reference/TPU/ops_flash_attention_bwd_dkv.mlir.
module {
  // q block i if the step runs, else 0.
  pallas.index_map @qo_map(%b: i32, %h: i32, %j: i32, %i: i32) -> (i32, i32, i32, i32) {
    %c0 = arith.constant 0 : i32
    %c256 = arith.constant 256 : i32
    %c1 = arith.constant 1 : i32
    %i1 = arith.addi %i, %c1 : i32
    %rows = arith.muli %i1, %c256 : i32
    %last_row = arith.subi %rows, %c1 : i32
    %first_col = arith.muli %j, %c256 : i32
    %runs = arith.cmpi sgt, %last_row, %first_col : i32
    %qi = arith.select %runs, %i, %c0 : i32
    pallas.yield %b, %h, %qi, %c0 : i32, i32, i32, i32
  }

  pallas.kernel @ops_flash_attention_bwd_dkv grid(2, 2, 2, 2)
      semantics(parallel, parallel, parallel, arbitrary)
      ins(%q: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @qo_map,
          %k: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map affine_map<(b, h, j, i) -> (b, h, j, 0)>,
          %v: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map affine_map<(b, h, j, i) -> (b, h, j, 0)>,
          %ab: memref<2x2x512x512xf32> block [1, 1, 256, 256] map affine_map<(b, h, j, i) -> (b, h, i, j)>,
          %l: memref<2x2x512x128xf32> block [1, 1, 256, 128] map affine_map<(b, h, j, i) -> (b, h, i, 0)>,
          %m: memref<2x2x512x128xf32> block [1, 1, 256, 128] map affine_map<(b, h, j, i) -> (b, h, i, 0)>,
          %do: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map @qo_map,
          %di: memref<2x2x512x128xf32> block [1, 1, 256, 128] map @qo_map)
      outs(%dk: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map affine_map<(b, h, j, i) -> (b, h, j, 0)>,
           %dv: memref<2x2x512x128xbf16> block [1, 1, 256, 128] map affine_map<(b, h, j, i) -> (b, h, j, 0)>)
      scratch(%dk_sc: memref<256x128xf32, #pallas.memory_space<vmem>>,
              %dv_sc: memref<256x128xf32, #pallas.memory_space<vmem>>) {
    %kv_blk = pallas.program_id 2
    %q_blk = pallas.program_id 3
    %c0_i32 = arith.constant 0 : i32
    %first = arith.cmpi eq, %q_blk, %c0_i32 : i32
    scf.if %first {
      %zero = arith.constant dense<0.0> : vector<256x128xf32>
      pallas.store %zero, %dk_sc[0:256, 0:128] : vector<256x128xf32>, memref<256x128xf32, #pallas.memory_space<vmem>>
      pallas.store %zero, %dv_sc[0:256, 0:128] : vector<256x128xf32>, memref<256x128xf32, #pallas.memory_space<vmem>>
    }

    // below_or_on_diag(q_blk, 256, kv_blk, 256)
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %q_blk1 = arith.addi %q_blk, %c1_i32 : i32
    %q_end = arith.muli %q_blk1, %c256_i32 : i32
    %q_last = arith.subi %q_end, %c1_i32 : i32
    %kv_first = arith.muli %kv_blk, %c256_i32 : i32
    %should_run = arith.cmpi sgt, %q_last, %kv_first : i32
    scf.if %should_run {
      scf.for %start_q = %c0_i32 to %c256_i32 step %c128_i32 : i32 {
        scf.for %start_k = %c0_i32 to %c256_i32 step %c128_i32 : i32 {
          %sq = arith.index_cast %start_q : i32 to index
          %sk = arith.index_cast %start_k : i32 to index
          %kb = pallas.load %k[0, 0, %sk:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
          %vb = pallas.load %v[0, 0, %sk:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
          %qb = pallas.load %q[0, 0, %sq:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
          %lb = pallas.load %l[0, 0, %sq:128, 0:128] : memref<1x1x256x128xf32> -> vector<128x128xf32>
          %mb = pallas.load %m[0, 0, %sq:128, 0:128] : memref<1x1x256x128xf32> -> vector<128x128xf32>
          %dob = pallas.load %do[0, 0, %sq:128, 0:128] : memref<1x1x256x128xbf16> -> vector<128x128xbf16>
          %dib = pallas.load %di[0, 0, %sq:128, 0:128] : memref<1x1x256x128xf32> -> vector<128x128xf32>

          // The logits of this (q step, kv step) tile, as in the forward.
          %qk = pallas.dot %qb, %kb {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
          %abv = pallas.load %ab[0, 0, %sq:128, %sk:128] : memref<1x1x256x256xf32> -> vector<128x128xf32>
          %qk_ab = arith.addf %qk, %abv : vector<128x128xf32>
          %scale = arith.constant dense<0.0883883461> : vector<128x128xf32>
          %s0 = arith.mulf %qk_ab, %scale : vector<128x128xf32>
          %rows = pallas.iota dim 0 : vector<128x128xi32>
          %q_off = arith.muli %q_blk, %c256_i32 : i32
          %row_off = arith.addi %q_off, %start_q : i32
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

          // dv[start_k:] += p^T @ do
          %pt = vector.transpose %p, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
          %ptb = arith.truncf %pt : vector<128x128xf32> to vector<128x128xbf16>
          %dv_step = pallas.dot %ptb, %dob : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
          %dv_old = pallas.load %dv_sc[%sk:128, 0:128] : memref<256x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
          %dv_new = arith.addf %dv_old, %dv_step : vector<128x128xf32>
          pallas.store %dv_new, %dv_sc[%sk:128, 0:128] : vector<128x128xf32>, memref<256x128xf32, #pallas.memory_space<vmem>>

          // ds = (do @ v^T - di) * p * sm_scale; dk[start_k:] += ds^T @ q
          %dp = pallas.dot %dob, %vb {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
          %dp_di = arith.subf %dp, %dib : vector<128x128xf32>
          %ds0 = arith.mulf %dp_di, %p : vector<128x128xf32>
          %ds = arith.mulf %ds0, %scale : vector<128x128xf32>
          %dst = vector.transpose %ds, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
          %dstb = arith.truncf %dst : vector<128x128xf32> to vector<128x128xbf16>
          %dk_step = pallas.dot %dstb, %qb : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
          %dk_old = pallas.load %dk_sc[%sk:128, 0:128] : memref<256x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
          %dk_new = arith.addf %dk_old, %dk_step : vector<128x128xf32>
          pallas.store %dk_new, %dk_sc[%sk:128, 0:128] : vector<128x128xf32>, memref<256x128xf32, #pallas.memory_space<vmem>>
        } {pallas.unroll}
      } {pallas.unroll}
    }

    // q_seq_len // block_q_major - 1
    %last = arith.cmpi eq, %q_blk, %c1_i32 : i32
    scf.if %last {
      %dv_acc = pallas.load %dv_sc[0:256, 0:128] : memref<256x128xf32, #pallas.memory_space<vmem>> -> vector<256x128xf32>
      %dv_out = arith.truncf %dv_acc : vector<256x128xf32> to vector<256x128xbf16>
      pallas.store %dv_out, %dv[0, 0, 0:256, 0:128] : vector<256x128xbf16>, memref<1x1x256x128xbf16>
      %dk_acc = pallas.load %dk_sc[0:256, 0:128] : memref<256x128xf32, #pallas.memory_space<vmem>> -> vector<256x128xf32>
      %dk_out = arith.truncf %dk_acc : vector<256x128xf32> to vector<256x128xbf16>
      pallas.store %dk_out, %dk[0, 0, 0:256, 0:128] : vector<256x128xbf16>, memref<1x1x256x128xbf16>
    }
  }
}

// jax.experimental.pallas.ops.tpu.flash_attention.flash_attention, forward,
// with the kv block the whole kv sequence: causal=True, no bias or segment
// ids, bf16 q/k/v [2, 2, 512, 128], sm_scale = 1/sqrt(128),
// BlockSizes(block_q=128, block_k_major=512, block_k=512, block_b=2).
//
// With block_k == kv_seq_len the kernel is a plain (not online) softmax:
// no scratch, no kv loop, one grid step per (head, q block). Each block
// holds two batch rows (block_b = 2), and the body runs once per row (the
// kernel's Python loop over the block's batch rows, here an `scf.for`
// marked `pallas.unroll`): s = q @ k^T * sm_scale plus mask_value
// (-0.7 * f32 max) where the column id exceeds the row id, p = softmax(s)
// (exp(s - rowmax) / rowsum), o = p @ v.
//
// The k and v index maps are the causal ones (kv block 0 when the step is
// above the diagonal), even though with a single kv block they always give
// 0.
// Mirrors `ops_flash_attention_fwd_single_step` in
// scripts/jax/public/flash_attention.py; JAX's lowering of it is
// test/Reference/TPU/ops_flash_attention_fwd_single_step.mlir.
module {
  // kv block j if the step runs, else 0.
  pallas.index_map @kv_map(%b: i32, %h: i32, %i: i32, %j: i32) -> (i32, i32, i32, i32) {
    %c0 = arith.constant 0 : i32
    %c512 = arith.constant 512 : i32
    %c128 = arith.constant 128 : i32
    %c1 = arith.constant 1 : i32
    %i1 = arith.addi %i, %c1 : i32
    %rows = arith.muli %i1, %c128 : i32
    %last_row = arith.subi %rows, %c1 : i32
    %first_col = arith.muli %j, %c512 : i32
    %runs = arith.cmpi sgt, %last_row, %first_col : i32
    %kv = arith.select %runs, %j, %c0 : i32
    pallas.yield %b, %h, %kv, %c0 : i32, i32, i32, i32
  }

  pallas.kernel @ops_flash_attention_fwd_single_step grid(1, 2, 4, 1)
      semantics(parallel, parallel, parallel, arbitrary)
      ins(%q: memref<2x2x512x128xbf16> block [2, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>,
          %k: memref<2x2x512x128xbf16> block [2, 1, 512, 128] map @kv_map,
          %v: memref<2x2x512x128xbf16> block [2, 1, 512, 128] map @kv_map)
      outs(%o: memref<2x2x512x128xbf16> block [2, 1, 128, 128] map affine_map<(b, h, i, j) -> (b, h, i, 0)>) {
    %qi = pallas.program_id 2
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %bi = %c0 to %c2 step %c1 {
      %qv = pallas.load %q[%bi, 0, 0:128, 0:128] : memref<2x1x128x128xbf16> -> vector<128x128xbf16>
      %kv = pallas.load %k[%bi, 0, 0:512, 0:128] : memref<2x1x512x128xbf16> -> vector<512x128xbf16>
      %qk = pallas.dot %qv, %kv {transpose_rhs} : vector<128x128xbf16>, vector<512x128xbf16> -> vector<128x512xf32>
      %scale = arith.constant dense<0.0883883461> : vector<128x512xf32>
      %s0 = arith.mulf %qk, %scale : vector<128x512xf32>

      // Causal mask: row ids qi * 128 + r, column ids c (one kv block).
      %rows = pallas.iota dim 0 : vector<128x512xi32>
      %c128_i32 = arith.constant 128 : i32
      %q_off = arith.muli %qi, %c128_i32 : i32
      %q_off_v = vector.broadcast %q_off : i32 to vector<128x512xi32>
      %row_ids = arith.addi %rows, %q_off_v : vector<128x512xi32>
      %col_ids = pallas.iota dim 1 : vector<128x512xi32>
      %visible = arith.cmpi sle, %col_ids, %row_ids : vector<128x512xi32>
      %no_bias = arith.constant dense<0.0> : vector<128x512xf32>
      %masked = arith.constant dense<-2.38197633E+38> : vector<128x512xf32>
      %bias = arith.select %visible, %no_bias, %masked : vector<128x512xi1>, vector<128x512xf32>
      %s = arith.addf %s0, %bias : vector<128x512xf32>

      // p = exp(s - rowmax(s)) / rowsum
      %ninf_row = arith.constant dense<0xFF800000> : vector<128xf32>
      %row_max = vector.multi_reduction <maximumf>, %s, %ninf_row [1] : vector<128x512xf32> to vector<128xf32>
      %row_max_col = vector.shape_cast %row_max : vector<128xf32> to vector<128x1xf32>
      %m = vector.broadcast %row_max_col : vector<128x1xf32> to vector<128x512xf32>
      %s_shift = arith.subf %s, %m : vector<128x512xf32>
      %e = math.exp %s_shift : vector<128x512xf32>
      %zero_row = arith.constant dense<0.0> : vector<128xf32>
      %row_sum = vector.multi_reduction <add>, %e, %zero_row [1] : vector<128x512xf32> to vector<128xf32>
      %row_sum_col = vector.shape_cast %row_sum : vector<128xf32> to vector<128x1xf32>
      %l = vector.broadcast %row_sum_col : vector<128x1xf32> to vector<128x512xf32>
      %p = arith.divf %e, %l : vector<128x512xf32>

      %vv = pallas.load %v[%bi, 0, 0:512, 0:128] : memref<2x1x512x128xbf16> -> vector<512x128xbf16>
      %pb = arith.truncf %p : vector<128x512xf32> to vector<128x512xbf16>
      %pv = pallas.dot %pb, %vv : vector<128x512xbf16>, vector<512x128xbf16> -> vector<128x128xf32>
      %out = arith.truncf %pv : vector<128x128xf32> to vector<128x128xbf16>
      pallas.store %out, %o[%bi, 0, 0:128, 0:128] : vector<128x128xbf16>, memref<2x1x128x128xbf16>
    } {pallas.unroll}
  }
}

// Ragged paged attention's K/V read (`strided_load_kv` for bf16): each grid
// step DMAs one block of pages of combined K/V heads (2 pages x 8 tokens x
// 4 heads x 128, bf16) from HBM into a VMEM buffer, views it as 64 rows
// (pallas.ref_reshape), then as 32 rows of i32 words holding two bf16 rows
// each (pallas.ref_bitcast), and reads each K/V head pair with a strided
// slice b[h::2] (tpu.strided_load); K is the low half of each word, V the
// high half. They are stored through a reshape of the output block (whose
// leading block dim is squeezed) as f32.
// Mirrors `tpu_ref_reshape_bitcast` in scripts/jax/tpu_kernels.py; JAX's
// lowering of it is test/Reference/TPU/tpu_ref_reshape_bitcast.mlir.
#any = #pallas.memory_space<any>
#vmem = #pallas.memory_space<vmem>
#sem = #pallas.memory_space<semaphore>
module {
  pallas.kernel @tpu_ref_reshape_bitcast grid(2) semantics(arbitrary)
      ins(%kv: memref<2x2x8x4x128xbf16> block [2, 2, 8, 4, 128] map affine_map<(i) -> (0, 0, 0, 0, 0)> in any)
      outs(%o: memref<2x64x128xf32> block [squeezed, 64, 128] map affine_map<(i) -> (i, 0, 0)>)
      scratch(%buf: memref<2x8x4x128xbf16, #vmem>,
              %sem: memref<!pallas.dma_semaphore, #sem>) {
    // kv_hbm.at[program_id(0)] -> buf
    %i = pallas.program_id 0
    %ii = arith.index_cast %i : i32 to index
    %src = memref.subview %kv[%ii, 0, 0, 0, 0] [1, 2, 8, 4, 128] [1, 1, 1, 1, 1] : memref<2x2x8x4x128xbf16, #any> to memref<2x8x4x128xbf16, strided<[4096, 512, 128, 1], offset: ?>, #any>
    pallas.dma_start %src -> %buf, %sem[] : memref<2x8x4x128xbf16, strided<[4096, 512, 128, 1], offset: ?>, #any> -> memref<2x8x4x128xbf16, #vmem>, memref<!pallas.dma_semaphore, #sem>
    pallas.dma_wait %src -> %buf, %sem[] : memref<2x8x4x128xbf16, strided<[4096, 512, 128, 1], offset: ?>, #any> -> memref<2x8x4x128xbf16, #vmem>, memref<!pallas.dma_semaphore, #sem>
    // b_ref = buf.reshape(64, 128).bitcast(uint32)
    %rows = pallas.ref_reshape %buf : memref<2x8x4x128xbf16, #vmem> -> memref<64x128xbf16, #vmem>
    %b = pallas.ref_bitcast %rows : memref<64x128xbf16, #vmem> -> memref<32x128xi32, #vmem>
    // out = o_ref.reshape(2, 2, 16, 128)
    %out = pallas.ref_reshape %o : memref<64x128xf32> -> memref<2x2x16x128xf32>
    %sixteen = arith.constant dense<16> : vector<16x128xi32>
    %high = arith.constant dense<-65536> : vector<16x128xi32>
    // Head pair 0: b_ref[0::2, :]
    %w0 = pallas.load %b[0:16:2, 0:128] : memref<32x128xi32, #vmem> -> vector<16x128xi32>
    %k0 = arith.shli %w0, %sixteen : vector<16x128xi32>
    %kf0 = pallas.bitcast %k0 : vector<16x128xi32> -> vector<16x128xf32>
    %v0 = arith.andi %w0, %high : vector<16x128xi32>
    %vf0 = pallas.bitcast %v0 : vector<16x128xi32> -> vector<16x128xf32>
    pallas.store %kf0, %out[0, 0, 0:16, 0:128] : vector<16x128xf32>, memref<2x2x16x128xf32>
    pallas.store %vf0, %out[0, 1, 0:16, 0:128] : vector<16x128xf32>, memref<2x2x16x128xf32>
    // Head pair 1: b_ref[1::2, :]
    %w1 = pallas.load %b[1:16:2, 0:128] : memref<32x128xi32, #vmem> -> vector<16x128xi32>
    %k1 = arith.shli %w1, %sixteen : vector<16x128xi32>
    %kf1 = pallas.bitcast %k1 : vector<16x128xi32> -> vector<16x128xf32>
    %v1 = arith.andi %w1, %high : vector<16x128xi32>
    %vf1 = pallas.bitcast %v1 : vector<16x128xi32> -> vector<16x128xf32>
    pallas.store %kf1, %out[1, 0, 0:16, 0:128] : vector<16x128xf32>, memref<2x2x16x128xf32>
    pallas.store %vf1, %out[1, 1, 0:16, 0:128] : vector<16x128xf32>, memref<2x2x16x128xf32>
  }
}

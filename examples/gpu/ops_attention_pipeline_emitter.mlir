// jax.experimental.pallas.ops.gpu.attention_mgpu.attention_with_pipeline_emitter
// (FlashAttention-3 style forward, approximate math) on q, k, v of shape
// (batch 1, seq 256, heads 2, head_dim 64) f16, block_q 64, block_kv 64, 2
// concurrent steps. The grid is (heads, q_seq, batch) = (2, 2, 1) CTAs of 3
// warpgroups. Warpgroup 2 runs the producer of
// emit_pipeline_warp_specialized with manual consumed barriers (40
// registers): it streams the 4 K and V blocks of the kv head through a 2-slot
// ring, one `loaded` barrier per slot for both: the first 2 steps up front,
// then each step waits on the per-slot `k_consumed` (`v_consumed`) barrier
// before it refills the slot with K (V). Warpgroups 0
// and 1 (232 registers) each own 64 query rows: they load their Q block by
// TMA, then per KV step compute S = Q K^T with WGMMA (K read transposed) into
// a scoped accumulator, release K, update the running max and sum (exp2,
// scaled by log2 e) and the output accumulator, and accumulate P V with a
// WGMMA whose accumulator starts from the carried value and whose LHS is P in
// registers, then release V. The two compute warpgroups take turns through
// the schedule barrier. The result, divided by the row sums, is written
// through shared memory by TMA.
// Mirrors `ops_attention_pipeline_emitter` in scripts/jax/gpu_kernels.py;
// JAX's lowering of it is test/Reference/GPU/ops_attention_pipeline_emitter.mlir.
module {
  pallas.kernel @ops_attention_pipeline_emitter grid(2, 2, 1) names("heads", "q_seq", "batch")
      ins(%q: memref<1x256x2x64xf16> block [1, 256, 2, 64] map affine_map<(h, s, b) -> (0, 0, 0, 0)> in gmem,
          %k: memref<1x256x2x64xf16> block [1, 256, 2, 64] map affine_map<(h, s, b) -> (0, 0, 0, 0)> in gmem,
          %v: memref<1x256x2x64xf16> block [1, 256, 2, 64] map affine_map<(h, s, b) -> (0, 0, 0, 0)> in gmem)
      outs(%o: memref<1x256x2x64xf16> block [1, 256, 2, 64] map affine_map<(h, s, b) -> (0, 0, 0, 0)> in gmem)
      scratch(%qo_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
              %q_barriers: memref<2x!pallas.barrier, #pallas.memory_space<shared>>,
              %schedule: memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", approx_math = true,
                                                   num_threads = 3, thread_name = "wg"}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %b32 = pallas.axis_index "batch"
    %batch = arith.index_cast %b32 : i32 to index
    %wg32 = pallas.axis_index "wg"
    %wg = arith.index_cast %wg32 : i32 to index
    %qs32 = pallas.axis_index "q_seq"
    %q_seq = arith.index_cast %qs32 : i32 to index
    %h32 = pallas.axis_index "heads"
    %q_head = arith.index_cast %h32 : i32 to index
    // One kv head per q head.
    %kv_head = arith.divui %q_head, %c1 : index
    pallas.run_scoped {
    // The pipeline's allocations in JAX's order (its allocation dict
    // flattened by key: consumed barriers, input buffers, loaded barrier).
    ^bb0(%k_consumed: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>,
         %v_consumed: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>,
         %k_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
         %v_smem: memref<2x64x64xf16, #pallas.memory_space<shared>>,
         %loaded: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>):
      %is_producer = arith.cmpi eq, %wg, %c2 : index
      scf.if %is_producer {
        pallas.set_max_registers 40 decrease
        // The first 2 steps into slots 0 and 1 (the pipeline's prologue), then
        // each later step waits until its slot's K, then V, were consumed.
        %k_src_0 = memref.subview %k[%batch, 0, %kv_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %k_dst_0 = memref.subview %k_smem[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %k_src_0 -> %k_dst_0, %loaded[%c0] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        %v_src_0 = memref.subview %v[%batch, 0, %kv_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %v_dst_0 = memref.subview %v_smem[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %v_src_0 -> %v_dst_0, %loaded[%c0] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        %k_src_1 = memref.subview %k[%batch, 64, %kv_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %k_dst_1 = memref.subview %k_smem[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %k_src_1 -> %k_dst_1, %loaded[%c1] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        %v_src_1 = memref.subview %v[%batch, 64, %kv_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        %v_dst_1 = memref.subview %v_smem[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>
        pallas.copy_gmem_to_smem %v_src_1 -> %v_dst_1, %loaded[%c1] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: 4096>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        scf.for %i = %c2 to %c4 step %c1 {
          %slot = arith.remui %i, %c2 : index
          %row = arith.muli %i, %c64 : index
          pallas.barrier_wait %k_consumed[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %k_src_i = memref.subview %k[%batch, %row, %kv_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          %k_dst_i = memref.subview %k_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_gmem_to_smem %k_src_i -> %k_dst_i, %loaded[%slot] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          pallas.barrier_wait %v_consumed[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %v_src_i = memref.subview %v[%batch, %row, %kv_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
          %v_dst_i = memref.subview %v_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          pallas.copy_gmem_to_smem %v_src_i -> %v_dst_i, %loaded[%slot] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        }
        // Drain the ring before the kernel ends.
        pallas.barrier_wait %k_consumed[%c0] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        pallas.barrier_wait %v_consumed[%c0] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        pallas.barrier_wait %k_consumed[%c1] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        pallas.barrier_wait %v_consumed[%c1] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
      } else {
        pallas.set_max_registers 232 increase
        %q_pair = arith.muli %q_seq, %c128 : index
        %q_off = arith.muli %wg, %c64 : index
        %q_base = arith.addi %q_pair, %q_off : index
        %qo = memref.subview %qo_smem[%wg, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
        %q_src = memref.subview %q[%batch, %q_base, %q_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        pallas.copy_gmem_to_smem %q_src -> %qo, %q_barriers[%wg] : memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>> -> memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier, #pallas.memory_space<shared>>
        pallas.barrier_wait %q_barriers[%wg] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>
        %is_wg1 = arith.cmpi eq, %wg, %c1 : index
        scf.if %is_wg1 {
          pallas.barrier_arrive %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          pallas.barrier_wait %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        }
        %acc0 = arith.constant dense<0.0> : vector<64x64xf32>
        %m0 = arith.constant dense<0xFF800000> : vector<64xf32>
        %l0 = arith.constant dense<0.0> : vector<64xf32>
        %log2e = arith.constant dense<1.4426950408889634> : vector<64xf32>
        %log2e_tile = arith.constant dense<1.4426950408889634> : vector<64x64xf32>
        %zero_rows = arith.constant dense<0.0> : vector<64xf32>
        %ninf_rows = arith.constant dense<0xFF800000> : vector<64xf32>
        %acc, %m, %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc_i = %acc0, %m_i = %m0, %l_i = %l0)
            -> (vector<64x64xf32>, vector<64xf32>, vector<64xf32>) {
          %slot = arith.remui %i, %c2 : index
          pallas.barrier_wait %loaded[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %ks = memref.subview %k_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %vs = memref.subview %v_smem[%slot, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
          %qk = pallas.run_scoped -> vector<64x64xf32> {
          ^bb0(%s_acc: memref<64x64xf32, #pallas.memory_space<regs>>):
            pallas.wgmma %s_acc, %qo, %ks {transpose_rhs} : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
            pallas.barrier_arrive %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
            pallas.barrier_wait %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
            %s = pallas.load %s_acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
            pallas.yield %s : vector<64x64xf32>
          }
          pallas.barrier_arrive %k_consumed[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          // Softmax, with m kept scaled by log2 e.
          %row_max = vector.multi_reduction <maximumf>, %qk, %ninf_rows [1] : vector<64x64xf32> to vector<64xf32>
          %row_max2 = arith.mulf %row_max, %log2e : vector<64xf32>
          %m_ij = arith.maximumf %m_i, %row_max2 : vector<64xf32>
          %dm = arith.subf %m_i, %m_ij : vector<64xf32>
          %alpha = math.exp2 %dm : vector<64xf32>
          %qk2 = arith.mulf %qk, %log2e_tile : vector<64x64xf32>
          %m_col = vector.shape_cast %m_ij : vector<64xf32> to vector<64x1xf32>
          %m_b = vector.broadcast %m_col : vector<64x1xf32> to vector<64x64xf32>
          %shifted = arith.subf %qk2, %m_b : vector<64x64xf32>
          %p = math.exp2 %shifted : vector<64x64xf32>
          %alpha_col = vector.shape_cast %alpha : vector<64xf32> to vector<64x1xf32>
          %alpha_b = vector.broadcast %alpha_col : vector<64x1xf32> to vector<64x64xf32>
          %acc_scaled = arith.mulf %acc_i, %alpha_b : vector<64x64xf32>
          %l_scaled = arith.mulf %l_i, %alpha : vector<64xf32>
          %p16 = arith.truncf %p : vector<64x64xf32> to vector<64x64xf16>
          pallas.barrier_arrive %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          pallas.barrier_wait %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          %p_sum = vector.multi_reduction <add>, %p, %zero_rows [1] : vector<64x64xf32> to vector<64xf32>
          %l_next = arith.addf %l_scaled, %p_sum : vector<64xf32>
          // PV into an accumulator that starts from the scaled one (plgpu.ACC.init).
          %acc_next = pallas.run_scoped -> vector<64x64xf32> {
          ^bb0(%o_acc: memref<64x64xf32, #pallas.memory_space<regs>>):
            pallas.store %acc_scaled, %o_acc[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<regs>>
            pallas.wgmma %o_acc, %p16, %vs : memref<64x64xf32, #pallas.memory_space<regs>>, vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
            %r = pallas.load %o_acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
            pallas.yield %r : vector<64x64xf32>
          }
          pallas.barrier_arrive %v_consumed[%slot] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          scf.yield %acc_next, %m_ij, %l_next : vector<64x64xf32>, vector<64xf32>, vector<64xf32>
        }
        %is_wg0 = arith.cmpi eq, %wg, %c0 : index
        scf.if %is_wg0 {
          pallas.barrier_arrive %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
          pallas.barrier_wait %schedule[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
        }
        %l_col = vector.shape_cast %l : vector<64xf32> to vector<64x1xf32>
        %l_b = vector.broadcast %l_col : vector<64x1xf32> to vector<64x64xf32>
        %out = arith.divf %acc, %l_b : vector<64x64xf32>
        %out16 = arith.truncf %out : vector<64x64xf32> to vector<64x64xf16>
        pallas.store %out16, %qo[] : vector<64x64xf16>, memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>>
        pallas.commit_smem
        %o_dst = memref.subview %o[%batch, %q_base, %q_head, 0] [1, 64, 1, 64] [1, 1, 1, 1] : memref<1x256x2x64xf16, #pallas.memory_space<gmem>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        pallas.copy_smem_to_gmem %qo -> %o_dst : memref<64x64xf16, strided<[64, 1], offset: ?>, #pallas.memory_space<shared>> -> memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<gmem>>
        pallas.wait_smem_to_gmem 0
      }
      pallas.yield
    }
  }
}

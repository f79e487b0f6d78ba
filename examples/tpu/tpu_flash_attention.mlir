// Flash attention forward (online softmax), as in
// jax.experimental.pallas.ops.tpu.flash_attention: grid (batch, q block,
// kv block) with the batch dim squeezed; m and l scratch are 128 lanes wide,
// acc is the f32 output accumulator. Init at kv == 0, normalise with an
// approximate reciprocal at the last kv block. bf16 q/k/v/o.
// Mirrors `tpu_flash_attention` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_flash_attention.mlir.
module {
  pallas.kernel @tpu_flash_attention grid(2, 2, 2) semantics(parallel, parallel, arbitrary)
      ins(%q: memref<2x256x128xbf16> block [squeezed, 128, 128] map affine_map<(b, i, j) -> (b, i, 0)>,
          %k: memref<2x256x128xbf16> block [squeezed, 128, 128] map affine_map<(b, i, j) -> (b, j, 0)>,
          %v: memref<2x256x128xbf16> block [squeezed, 128, 128] map affine_map<(b, i, j) -> (b, j, 0)>)
      outs(%o: memref<2x256x128xbf16> block [squeezed, 128, 128] map affine_map<(b, i, j) -> (b, i, 0)>)
      scratch(%m_sc: memref<128x128xf32, #pallas.memory_space<vmem>>,
              %l_sc: memref<128x128xf32, #pallas.memory_space<vmem>>,
              %acc_sc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %kv = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %kv, %c0 : i32
    scf.if %first {
      %ninf = arith.constant dense<0xFF800000> : vector<128x128xf32>
      pallas.store %ninf, %m_sc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %l_sc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
      pallas.store %z, %acc_sc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    %qv = pallas.load %q[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %kb = pallas.load %k[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %s0 = pallas.dot %qv, %kb {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %scale = arith.constant dense<0.0883883461> : vector<128x128xf32>
    %s = arith.mulf %s0, %scale : vector<128x128xf32>
    %m_prev = pallas.load %m_sc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %l_prev = pallas.load %l_sc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %ninf1 = arith.constant dense<0xFF800000> : vector<128xf32>
    %mc = vector.multi_reduction <maximumf>, %s, %ninf1 [1] : vector<128x128xf32> to vector<128xf32>
    %mc2 = vector.shape_cast %mc : vector<128xf32> to vector<128x1xf32>
    %mcb = vector.broadcast %mc2 : vector<128x1xf32> to vector<128x128xf32>
    %m_next = arith.maximumf %m_prev, %mcb : vector<128x128xf32>
    %d1 = arith.subf %m_prev, %m_next : vector<128x128xf32>
    %alpha = math.exp %d1 : vector<128x128xf32>
    %d2 = arith.subf %s, %m_next : vector<128x128xf32>
    %p = math.exp %d2 : vector<128x128xf32>
    %al = arith.mulf %alpha, %l_prev : vector<128x128xf32>
    %z1 = arith.constant dense<0.0> : vector<128xf32>
    %ps = vector.multi_reduction <add>, %p, %z1 [1] : vector<128x128xf32> to vector<128xf32>
    %ps2 = vector.shape_cast %ps : vector<128xf32> to vector<128x1xf32>
    %psb = vector.broadcast %ps2 : vector<128x1xf32> to vector<128x128xf32>
    %l_next = arith.addf %al, %psb : vector<128x128xf32>
    pallas.store %l_next, %l_sc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    pallas.store %m_next, %m_sc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %pb = arith.truncf %p : vector<128x128xf32> to vector<128x128xbf16>
    %vb = pallas.load %v[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %pv = pallas.dot %pb, %vb : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %acc = pallas.load %acc_sc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %acc_s = arith.mulf %acc, %alpha : vector<128x128xf32>
    %acc_n = arith.addf %acc_s, %pv : vector<128x128xf32>
    pallas.store %acc_n, %acc_sc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %nkv = pallas.num_programs 2
    %c1 = arith.constant 1 : i32
    %last_kv = arith.subi %nkv, %c1 : i32
    %last = arith.cmpi eq, %kv, %last_kv : i32
    scf.if %last {
      %l = pallas.load %l_sc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %inv = pallas.reciprocal %l approx : vector<128x128xf32>
      %a = pallas.load %acc_sc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      %out = arith.mulf %a, %inv : vector<128x128xf32>
      %outb = arith.truncf %out : vector<128x128xf32> to vector<128x128xbf16>
      pallas.store %outb, %o[] : vector<128x128xbf16>, memref<128x128xbf16>
    }
  }
}

// bf16 x bf16 -> f32 blocked matmul over grid (i, j, k) with an f32
// accumulator scratch: zeroed at k == 0, written out at the last k.
// Mirrors `tpu_matmul_blocked` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_matmul_blocked.mlir.
module {
  pallas.kernel @tpu_matmul_blocked grid(2, 3, 4) semantics(parallel, parallel, arbitrary)
      ins(%x: memref<256x512xbf16> block [128, 128] map affine_map<(i, j, k) -> (i, k)>,
          %y: memref<512x384xbf16> block [128, 128] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<256x384xf32> block [128, 128] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %a = pallas.load %x[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %b = pallas.load %y[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %p = pallas.dot %a, %b : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %new = arith.addf %old, %p : vector<128x128xf32>
    pallas.store %new, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %nk = pallas.num_programs 2
    %c1 = arith.constant 1 : i32
    %last_k = arith.subi %nk, %c1 : i32
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      pallas.store %r, %o[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

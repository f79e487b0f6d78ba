// Oracle twin (scripts/jax/cpu_oracle.py, kernel `matmul_tile`): a bf16
// matmul with TPU-sized 128x128 blocks, C = A @ B over grid (i, j, k), f32
// accumulator zeroed at k = 0 and written out at the last k.
module {
  pallas.kernel @matmul_tile grid(2, 2, 2) semantics(parallel, parallel, arbitrary)
      ins(%a: memref<256x256xbf16> block [128, 128] map affine_map<(i, j, k) -> (i, k)>,
          %b: memref<256x256xbf16> block [128, 128] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<256x256xf32> block [128, 128] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %nk = pallas.num_programs 2
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    %x = pallas.load %a[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %y = pallas.load %b[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %p = pallas.dot %x, %y : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %new = arith.addf %old, %p : vector<128x128xf32>
    pallas.store %new, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %last_k = arith.subi %nk, %c1 : i32
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
      pallas.store %r, %o[] : vector<128x128xf32>, memref<128x128xf32>
    }
  }
}

// int8 x int8 -> int32 blocked matmul over grid (i, j, k) with an int32
// accumulator scratch (the quantized matmul pattern).
// Mirrors `tpu_int8_matmul` in scripts/jax/tpu_kernels.py; JAX's lowering of
// it is test/Reference/TPU/tpu_int8_matmul.mlir.
module {
  pallas.kernel @tpu_int8_matmul grid(2, 2, 2) semantics(parallel, parallel, arbitrary)
      ins(%x: memref<256x256xi8> block [128, 128] map affine_map<(i, j, k) -> (i, k)>,
          %y: memref<256x256xi8> block [128, 128] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<256x256xi32> block [128, 128] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<128x128xi32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0> : vector<128x128xi32>
      pallas.store %z, %acc[] : vector<128x128xi32>, memref<128x128xi32, #pallas.memory_space<vmem>>
    }
    %old = pallas.load %acc[] : memref<128x128xi32, #pallas.memory_space<vmem>> -> vector<128x128xi32>
    %a = pallas.load %x[] : memref<128x128xi8> -> vector<128x128xi8>
    %b = pallas.load %y[] : memref<128x128xi8> -> vector<128x128xi8>
    %p = pallas.dot %a, %b : vector<128x128xi8>, vector<128x128xi8> -> vector<128x128xi32>
    %new = arith.addi %old, %p : vector<128x128xi32>
    pallas.store %new, %acc[] : vector<128x128xi32>, memref<128x128xi32, #pallas.memory_space<vmem>>
    %nk = pallas.num_programs 2
    %c1 = arith.constant 1 : i32
    %last_k = arith.subi %nk, %c1 : i32
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      %r = pallas.load %acc[] : memref<128x128xi32, #pallas.memory_space<vmem>> -> vector<128x128xi32>
      pallas.store %r, %o[] : vector<128x128xi32>, memref<128x128xi32>
    }
  }
}

// Oracle twin (scripts/jax/cpu_oracle.py, kernel `matmul`): blocked f32
// matmul C = A @ B, 16x16 in 8x8 blocks over grid (i, j, k), with a VMEM
// accumulator zeroed at k = 0 and written out at the last k.
module {
  pallas.kernel @matmul grid(2, 2, 2) semantics(parallel, parallel, arbitrary)
      ins(%a: memref<16x16xf32> block [8, 8] map affine_map<(i, j, k) -> (i, k)>,
          %b: memref<16x16xf32> block [8, 8] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<16x16xf32> block [8, 8] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<8x8xf32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %nk = pallas.num_programs 2
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<8x8xf32>
      pallas.store %z, %acc[] : vector<8x8xf32>, memref<8x8xf32, #pallas.memory_space<vmem>>
    }
    %x = pallas.load %a[] : memref<8x8xf32> -> vector<8x8xf32>
    %y = pallas.load %b[] : memref<8x8xf32> -> vector<8x8xf32>
    %p = pallas.dot %x, %y : vector<8x8xf32>, vector<8x8xf32> -> vector<8x8xf32>
    %old = pallas.load %acc[] : memref<8x8xf32, #pallas.memory_space<vmem>> -> vector<8x8xf32>
    %new = arith.addf %old, %p : vector<8x8xf32>
    pallas.store %new, %acc[] : vector<8x8xf32>, memref<8x8xf32, #pallas.memory_space<vmem>>
    %last_k = arith.subi %nk, %c1 : i32
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      %r = pallas.load %acc[] : memref<8x8xf32, #pallas.memory_space<vmem>> -> vector<8x8xf32>
      pallas.store %r, %o[] : vector<8x8xf32>, memref<8x8xf32>
    }
  }
}

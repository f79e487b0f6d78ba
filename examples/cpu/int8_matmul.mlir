// Oracle twin (scripts/jax/cpu_oracle.py, kernel `int8_matmul`): int8 x
// int8 -> int32 matmul (16x64 by 64x16, int8 over their whole range) over
// a (2, 2, 2) grid of 8x8 output blocks and 32-deep k blocks, accumulating
// into the int32 output block across k (zeroed at k = 0).
module {
  pallas.kernel @qmm grid(2, 2, 2) semantics(parallel, parallel, arbitrary)
      ins(%a: memref<16x64xi8> block [8, 32] map affine_map<(i, j, k) -> (i, k)>,
          %b: memref<64x16xi8> block [32, 8] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<16x16xi32> block [8, 8] map affine_map<(i, j, k) -> (i, j)>) {
    %k = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0> : vector<8x8xi32>
      pallas.store %z, %o[] : vector<8x8xi32>, memref<8x8xi32>
    }
    %x = pallas.load %a[] : memref<8x32xi8> -> vector<8x32xi8>
    %y = pallas.load %b[] : memref<32x8xi8> -> vector<32x8xi8>
    %p = pallas.dot %x, %y : vector<8x32xi8>, vector<32x8xi8> -> vector<8x8xi32>
    %old = pallas.load %o[] : memref<8x8xi32> -> vector<8x8xi32>
    %new = arith.addi %old, %p : vector<8x8xi32>
    pallas.store %new, %o[] : vector<8x8xi32>, memref<8x8xi32>
  }
}

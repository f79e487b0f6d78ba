// Oracle twin (scripts/jax/cpu_oracle.py, kernel `two_outputs`): one f32
// input, two outputs of different types and block shapes: q = trunc(x * 8)
// as int32 (x in [-100, 100), in range) in 4x8 blocks and r = x * 8 - q in
// 4x8 blocks of an f32 array, plus a per-block int32 tag row t[i] = i.
module {
  pallas.kernel @split grid(4) semantics(parallel)
      ins(%x: memref<16x8xf32> block [4, 8] map affine_map<(i) -> (i, 0)>)
      outs(%q: memref<16x8xi32> block [4, 8] map affine_map<(i) -> (i, 0)>,
           %r: memref<16x8xf32> block [4, 8] map affine_map<(i) -> (i, 0)>,
           %t: memref<4x8xi32> block [1, 8] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<4x8xf32> -> vector<4x8xf32>
    %eight = arith.constant dense<8.0> : vector<4x8xf32>
    %s = arith.mulf %v, %eight : vector<4x8xf32>
    %qi = arith.fptosi %s : vector<4x8xf32> to vector<4x8xi32>
    %qf = arith.sitofp %qi : vector<4x8xi32> to vector<4x8xf32>
    %rem = arith.subf %s, %qf : vector<4x8xf32>
    pallas.store %qi, %q[] : vector<4x8xi32>, memref<4x8xi32>
    pallas.store %rem, %r[] : vector<4x8xf32>, memref<4x8xf32>
    %i = pallas.program_id 0
    %ib = vector.broadcast %i : i32 to vector<1x8xi32>
    pallas.store %ib, %t[] : vector<1x8xi32>, memref<1x8xi32>
  }
}

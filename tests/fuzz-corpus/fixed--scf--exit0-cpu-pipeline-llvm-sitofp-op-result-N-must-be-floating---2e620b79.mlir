// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-pipeline 'llvm.sitofp' op result #N must be floating point LLVM type or LLVM dialect-compatible vector of floating poin
module {
  pallas.kernel @split grid(4) semantics(parallel)
      ins(%x: memref<16x8xf8E5M2> block [4, 8] map affine_map<(i) -> (i, 0)>)
      outs(%q: memref<16x8xi32> block [4, 8] map affine_map<(i) -> (i, 0)>,
           %r: memref<16x8xf8E5M2> block [4, 8] map affine_map<(i) -> (i, 0)>,
           %t: memref<4x8xi32> block [1, 8] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<4x8xf8E5M2> -> vector<4x8xf8E5M2>
    %eight = arith.constant dense<8.0> : vector<4x8xf8E5M2>
    %s = arith.mulf %v, %eight : vector<4x8xf8E5M2>
    %qi = arith.fptosi %s : vector<4x8xf8E5M2> to vector<4x8xi32>
    %qf = arith.sitofp %qi : vector<4x8xi32> to vector<4x8xf8E5M2>
    %rem = arith.subf %s, %qf : vector<4x8xf8E5M2>
    pallas.store %rem, %r[] : vector<4x8xf8E5M2>, memref<4x8xf8E5M2>
  }
}

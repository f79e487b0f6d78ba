// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: panic src/dialect/pallas/verify/kernel.rs: attempt to add with overflow
module {
  pallas.kernel @split grid(4) semantics(parallel)
      outs(%q: memref<16x8xi32> block [4, 8] map affine_map<(i) -> (i, 0)>,
           %t: memref<4x8xi32> block [element(1, pad = [9223372036854775807, 4294967296]), 8] map affine_map<(i) -> (i, 0)>) {
  }
}

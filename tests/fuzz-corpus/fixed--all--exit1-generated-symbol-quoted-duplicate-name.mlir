// Fuzz reproducer of issue 12 (10 000-mutant campaign seed 20261124, mutant 6147 of test/Conversion/PallasToSCF/run_ref_bitcast.mlir, two symbol mutations; reduced by hand): a kernel and a function both named @"x\"y". Every pass reports "redefinition of symbol named 'x"y'", the user's error; the fuzzer took it for a generated symbol's because it looked for the two definitions under the bare name only.
module {
  pallas.kernel @"x\"y" grid(1)
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
    %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    pallas.store %v, %o[] : vector<8x128xf32>, memref<8x128xf32>
    pallas.return
  }
  func.func @"x\"y"() {
    return
  }
}

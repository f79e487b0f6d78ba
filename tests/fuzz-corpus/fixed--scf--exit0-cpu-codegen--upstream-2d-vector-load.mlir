// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen mlir-translate exit 1: Dialect `vector' not found for custom op 'vector.load'
// (seed 20261125, mutant 1126 of a 10 000-mutant run: the `upstream` case of
// test/Conversion/PallasToTPU/load_store.mlir, which fails the same way
// unmutated.) An upstream 2-D vector.load in a kernel went through the CPU
// pipeline untouched (the LLVM lowering takes 1-D ones only); the CPU
// reference now makes upstream vector.load/store in-bounds transfers.
pallas.kernel @upstream grid(1) semantics(arbitrary)
    prefetch(%s: memref<3xi32>)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %c0 = arith.constant 0 : index
  %n = memref.load %s[%c0] : memref<3xi32>
  %v = vector.load %x[%c0, %c0] : memref<8x128xf32>, vector<8x128xf32>
  vector.store %v, %o[%c0, %c0] : memref<8x128xf32>, vector<8x128xf32>
}

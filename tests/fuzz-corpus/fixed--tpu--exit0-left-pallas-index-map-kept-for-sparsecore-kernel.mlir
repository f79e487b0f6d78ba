// fuzz reproducer: convert-pallas-to-tpu (tpu): exit0-left-pallas pallas.index_map pallas.yield
// (seed 20261202, mutant 304 of test/Conversion/PallasToTPU/kernel.mlir).
// Not a pass bug: while a SparseCore kernel stays for its own pass, the
// TensorCore pass keeps every index map of the module (kernel.mlir checks
// it), and the fuzzer took a map no kept kernel names for an op the pass
// forgot. Its rule for the TPU pass now matches the pass's.
pallas.index_map @zero() -> (i32) {
  %c0 = arith.constant 0 : i32
  pallas.yield %c0 : i32
}
pallas.kernel @gridless
    ins(%x: memref<128xf32> block [128] map @zero)
    outs(%y: memref<128xf32> block [128] map @zero) {
  %v = pallas.load %x[0:128] : memref<128xf32> -> vector<128xf32>
  pallas.store %v, %y[0:128] : vector<128xf32>, memref<128xf32>
  pallas.return
}
pallas.kernel @sc_left grid(1, 16) names("core", "subcore")
    ins(%a: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
    outs(%b: memref<128xi32> block [128] map affine_map<(c, s) -> (0)> in hbm)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

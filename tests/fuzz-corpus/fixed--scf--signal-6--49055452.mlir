// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: signal 6
module {
  pallas.kernel @softmax grid(8) semantics(parallel)
      outs(%o: memref<8x16xf32> block [squeezed, 16] map affine_map<(i) -> (i, 0)>) attributes {compiler_params = {mosaic_tpu = {mesh_shape = "x"}}} {
  }
}

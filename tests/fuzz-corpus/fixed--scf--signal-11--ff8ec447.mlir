// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: signal 11
module {
  pallas.kernel @scale grid(?) semantics(parallel)
      outs(%o: memref<12x4xi32> block [2, 4] map affine_map<(i) -> (i, 0)>) attributes {compiler_params = {mosaic_tpu = {mesh_axes = [1]}}} {
  }
}

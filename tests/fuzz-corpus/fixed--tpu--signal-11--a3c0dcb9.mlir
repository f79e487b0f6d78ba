// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-tpu: signal 11
module{pallas.kernel@ops_example_double
      outs(%y:memref<8x128xf32>block [8, 128] map affine_map<() -> (0, 0)>) attributes {compiler_params = {mosaic_tpu = {mesh_axes = [1]}}} {
  }
}

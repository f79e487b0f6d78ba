// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-pipeline expected offsets to be non-negative, but got N
module {
  pallas.kernel @dots grid(1)
      outs(%o1: memref<2x2xf32> block [2, 2] map affine_map<(i) -> (0, 0)>,
           %o2: memref<3x3xi32> block [element(3, pad = [4611686018427387904, 4294967296]), 3] map affine_map<(i) -> (0, 0)>,
           %o3: memref<2x2xf32> block [2, 2] map affine_map<(i) -> (0, 0)>) {
  }
  func.func @main() {
    return
  }
}

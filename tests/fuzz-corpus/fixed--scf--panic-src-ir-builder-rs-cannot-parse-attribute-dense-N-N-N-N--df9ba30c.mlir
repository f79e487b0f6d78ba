// fuzz reproducer: convert-pallas-to-scf: panic src/ir/builder.rs: cannot parse attribute `dense<[N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N
module {
  pallas.kernel @blocks grid(1)
      outs(%o: memref<6x72xi4> block [6, 72] map affine_map<(i) -> (0, 0)>) {
    %b = pallas.iota dim 1 : vector<4x72xi4>
  }
  func.func @main() {
    return
  }
}
